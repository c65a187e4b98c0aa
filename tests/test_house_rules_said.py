"""The house-rules form's words are said (issue 26): a refusal beside a knob keeps the
core's sentence with the form's labels in place of the knobs' names."""

from __future__ import annotations

import pytest

from scorekeeper.house_rules import knob_words, pinochle_knob_label
from scorekeeper.match_setup import house_rules_form
from scorekeeper.rules import KNOBS, PRESETS, RuleError, Said, with_rules


@pytest.mark.parametrize(
    ("game", "rules"),
    [
        ("partnership", {"target": 0}),
        ("partnership", {"bid_steps": "250:10", "min_bid": 300}),
        ("two-handed", {"moon": 50}),
        ("partnership", {"save_minimum": 0}),
        ("partnership", {"trick_unit": 3}),
        ("partnership", {"run": [1]}),
    ],
)
def test_a_said_reason_reads_as_before_and_keeps_its_message(game, rules):
    form = house_rules_form(PRESETS["partnership"])
    with pytest.raises(RuleError) as refused:
        with_rules(PRESETS[game], rules)
    reason = refused.value.reason

    words = knob_words(reason, form)

    assert words == knob_words(str.__str__(reason), form)
    assert isinstance(words, Said)
    # The sentence capitalised (words.capitalised): the core's message with the labels.
    labelled = words.values["sentence"].words
    assert labelled.message == reason.message
    quoted = [value for value in labelled.values.values() if isinstance(value, Said)]
    labels = [value.values["label"] for value in quoted if value.message == '"%(label)s"']
    assert labels and all(f'"{label}"' in words for label in labels)


def test_every_pinochle_knob_has_a_label_that_is_said():
    assert all(isinstance(pinochle_knob_label(name), Said) for name in KNOBS)


def test_a_knob_with_named_settings_offers_each_with_its_words():
    field = house_rules_form(PRESETS["partnership"]).save_rule

    assert [(choice.value, choice.label) for choice in field.choices] == [
        ("both", "both"),
        ("non-bidders", "non-bidders"),
        ("none", "none"),
    ]
    assert all(isinstance(choice.label, Said) for choice in field.choices)
