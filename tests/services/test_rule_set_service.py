"""Saved rule sets in the service layer: a set is saved only with a name and rules the core
accepts, each device keeps its own list, and a match copies the set's rules when it starts."""

from __future__ import annotations

import pytest

from scorekeeper.models import RuleSet
from scorekeeper.rules import KNOBS, PRESETS, RuleError
from scorekeeper.services import hands, matches, rule_sets
from scorekeeper.services.errors import NotFound

ANN_PHONE = "phone-of-ann-0123456789"
BOB_PHONE = "phone-of-bob-0123456789"


def save(session, name="Smith family", game="partnership", device=ANN_PHONE, **house_rules):
    return rule_sets.save_rule_set(
        session, name=name, game=game, house_rules=house_rules, device=device
    )


def test_a_saved_set_keeps_its_game_and_rules_and_opens_by_its_token(session):
    saved = save(session, name="  Smith family ", target=2000, run=[150, 1000])

    found = rule_sets.find_rule_set(session, saved.token)
    assert (found.name, found.game) == ("Smith family", "partnership")
    assert found.house_rules == {"target": 2000, "run": [150, 1000]}
    preset = rule_sets.preset_of(found)
    assert (preset.target, preset.run, preset.min_bid) == (2000, (150, 1000), 250)


@pytest.mark.parametrize(
    ("name", "said"),
    [
        ("", "Type a name for these rules, such as Smith family."),
        (None, "Type a name for these rules, such as Smith family."),
        ("x" * 41, "Keep the name to 40 characters or fewer (this one has 41)."),
    ],
)
def test_a_set_needs_a_name(session, name, said):
    with pytest.raises(RuleError) as refused:
        save(session, name=name)
    assert (refused.value.field, refused.value.reason) == ("name", said)
    assert session.query(RuleSet).count() == 0


@pytest.mark.parametrize(
    ("game", "house_rules", "field"),
    [
        ("partnership", {"bid_step": 0}, "bid_step"),
        ("partnership", {"save_rule": "everyone"}, "save_rule"),
        ("partnership", {"run": [150]}, "run"),
        ("partnership", {"colour": "red"}, "colour"),
        ("euchre", {}, None),
    ],
)
def test_rules_the_core_refuses_are_never_saved(session, game, house_rules, field):
    with pytest.raises(RuleError) as refused:
        save(session, game=game, **house_rules)
    assert refused.value.field == field
    assert session.query(RuleSet).count() == 0


def test_every_knob_of_every_preset_is_stored_and_read_back_as_it_was(session):
    for preset in PRESETS.values():
        # Every knob, as JSON holds it: whatever knobs the presets grow, a set keeps them.
        every_knob = {
            name: list(getattr(preset, name))
            if isinstance(getattr(preset, name), tuple)
            else getattr(preset, name)
            for name in KNOBS
        }
        token = save(session, game=preset.name, **every_knob).token
        session.expire_all()
        assert rule_sets.preset_of(rule_sets.find_rule_set(session, token)) == preset


def test_each_device_lists_the_sets_it_saved_or_kept(session):
    smiths = save(session, name="Smith family")
    cousins = save(session, name="Cousins", game="double-deck", device=BOB_PHONE)

    assert rule_sets.device_rule_sets(session, ANN_PHONE) == [smiths]
    assert rule_sets.device_rule_sets(session, BOB_PHONE) == [cousins]
    assert rule_sets.device_rule_sets(session, None) == []

    rule_sets.keep_on_device(session, BOB_PHONE, smiths)
    rule_sets.keep_on_device(session, BOB_PHONE, smiths)  # a double tap lists it once
    assert rule_sets.device_rule_sets(session, BOB_PHONE) == [cousins, smiths]
    assert rule_sets.kept_on_device(session, BOB_PHONE, smiths)
    assert not rule_sets.kept_on_device(session, ANN_PHONE, cousins)


def test_an_edit_renames_and_replaces_the_rules_but_keeps_the_game(session):
    saved = save(session, target=2000, min_bid=300)

    rule_sets.edit_rule_set(
        session, saved.token, name="Smiths", house_rules={"target": 2500}, version=0
    )

    found = rule_sets.find_rule_set(session, saved.token)
    assert (found.name, found.game, found.house_rules) == (
        "Smiths",
        "partnership",
        {"target": 2500},
    )


def test_a_refused_edit_changes_nothing(session):
    saved = save(session, target=2000)

    with pytest.raises(RuleError):
        rule_sets.edit_rule_set(
            session, saved.token, name="Smiths", house_rules={"target": 0}, version=0
        )
    with pytest.raises(RuleError):
        rule_sets.edit_rule_set(
            session, saved.token, name="", house_rules={"target": 2500}, version=0
        )

    session.expire_all()
    found = rule_sets.find_rule_set(session, saved.token)
    assert (found.name, found.house_rules) == ("Smith family", {"target": 2000})


def test_a_match_keeps_the_rules_it_started_with_when_its_set_changes(session):
    saved = save(session, target=2000)
    preset = rule_sets.chosen_preset(session, saved.token)
    match = hands.start_match(
        session,
        game=preset.name,
        house_rules={"target": preset.target},
        side_names=["Us", "Them"],
        player_names=["Ann", "Bob", "Cat", "Dan"],
        first_dealer=0,
    )

    rule_sets.edit_rule_set(
        session, saved.token, name="Smith family", house_rules={"target": 900}, version=0
    )

    assert matches.load_match(session, match.edit_token).preset.target == 2000


def test_an_unknown_or_malformed_token_is_not_found(session):
    for token in ("A" * 24, "not a token", "x" * 200):
        with pytest.raises(NotFound):
            rule_sets.find_rule_set(session, token)
        assert rule_sets.chosen_preset(session, token) is None
    assert rule_sets.chosen_preset(session, None) is None
