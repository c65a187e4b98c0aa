"""The core's sentences read right whatever the sides are called: a team called "Us" or
"Them" (a pronoun), a player called "Ann". No possessive after a name ("Us's meld") and no
verb that agrees with one name and not another ("Them needs", "Us has"); a refusal says
what to do. The rule facts in each sentence are the same as before (issue 14, item 8)."""

from __future__ import annotations

import re

import pytest

from scorekeeper.rules import (
    HandInput,
    RuleError,
    bid_outlook,
    game_winner,
    get_preset,
    score_hand,
    throw_in_terms,
    validate_bid,
    validate_meld,
    validate_tricks,
    with_rules,
)

MINUS = "\u2212"
PRONOUNS = ("Us", "Them")
# A name followed by what only fits some names: a possessive, or a verb in the present
# tense that agrees with "Ann" but not with "Us" or "Them".
BROKEN = re.compile(r"\b(Us|Them)('s|\s+(needs|makes|has|scores|forfeits|is)\b)")


def refused(call) -> str:
    with pytest.raises(RuleError) as error:
        call()
    return error.value.reason


def sentences_about_us_and_them() -> list[str]:
    """Every sentence the core says about a side by name, for sides called Us and Them."""
    partnership = get_preset("partnership")
    double_deck = get_preset("double-deck")
    two_handed = get_preset("two-handed")
    said = [
        bid_outlook(partnership, 300, 160, "Them"),
        bid_outlook(partnership, 250, 300, "Us"),
        bid_outlook(partnership, 600, 100, "Them"),
        throw_in_terms(partnership, 330, 0, PRONOUNS),
        refused(lambda: validate_tricks(partnership, (95, 155), PRONOUNS)),
        refused(lambda: validate_tricks(partnership, (-10, 260), PRONOUNS)),
        refused(lambda: validate_meld(partnership, (55, 0), PRONOUNS)),
        refused(lambda: validate_meld(partnership, (-20, 0), PRONOUNS)),
        score_hand(
            double_deck, HandInput(meld=(30, 40), bidder=0, bid=55, no_marriage=True), PRONOUNS
        ).sentence,
        score_hand(double_deck, HandInput(meld=(15, 40), bidder=0, bid=50), PRONOUNS).sentence,
        score_hand(
            partnership, HandInput(meld=(100, 60), tricks=(250, 0), bidder=0, bid=300), PRONOUNS
        ).sentence,
        score_hand(two_handed, HandInput(meld=(40, 60), tricks=(130, 120)), PRONOUNS).sentence,
        game_winner(two_handed, (1100, 1200), None, PRONOUNS)[1],
    ]
    return said


@pytest.mark.parametrize("sentence", sentences_about_us_and_them())
def test_no_sentence_breaks_grammar_for_a_side_called_us_or_them(sentence):
    assert BROKEN.search(sentence) is None, sentence
    # A side is people: "its meld" fits neither "Us" nor "Ann".
    assert " its " not in sentence, sentence


def test_what_the_bidder_needs_reads_for_any_name():
    partnership = get_preset("partnership")

    assert bid_outlook(partnership, 300, 160, "Them") == (
        "Them: 140 more needed from tricks to make 300"
    )
    assert bid_outlook(partnership, 250, 300, "Us") == (
        "Us: meld alone makes 250, once a trick is taken"
    )


def test_trick_points_and_meld_name_the_side_without_a_possessive():
    partnership = get_preset("partnership")

    assert refused(lambda: validate_tricks(partnership, (95, 155), PRONOUNS)) == (
        "trick points for Us (95) are not a multiple of 10; enter 90 or 100"
    )
    assert refused(lambda: validate_meld(partnership, (55, 0), PRONOUNS)) == (
        "meld for Us (55) is not a multiple of 10; check the meld, or count it from the cards"
    )


def test_a_forfeit_says_why_once_in_the_past_tense():
    double_deck = get_preset("double-deck")
    hand = HandInput(meld=(15, 40), bidder=0, bid=50)

    outcome = score_hand(double_deck, hand, PRONOUNS)

    assert outcome.sentence == "Us forfeited 50: meld 15 is under the minimum of 20; Them +40"
    assert outcome.points == (-50, 40)


def test_a_two_handed_hand_reads_like_the_others():
    outcome = score_hand(get_preset("two-handed"), HandInput(meld=(40, 60), tricks=(130, 120)))

    assert outcome.sentence == "Player 1 +170, Player 2 +180"


def test_the_higher_total_wins_in_words_that_fit_any_name():
    winner, reason = game_winner(get_preset("two-handed"), (1100, 1200), None, PRONOUNS)

    assert (winner, reason) == (1, "both players passed 1000; Them finished ahead")


@pytest.mark.parametrize(
    ("call", "what_to_do"),
    [
        (lambda p: validate_bid(p, 255), "; enter 250 or 260"),
        (lambda p: validate_bid(p, 240), "; enter 250 or more"),
        (lambda p: validate_tricks(p, (100, 140), PRONOUNS), "; correct them to add up to 250"),
        (lambda p: score_hand(p, HandInput(meld=(0, 0), tricks=(130, 120))), "Choose the bidder"),
        (lambda p: score_hand(p, HandInput(meld=(0, 0), bidder=0)), "Enter it"),
        (lambda p: score_hand(p, HandInput(meld=(0, 0), bidder=0, bid=250)), "; enter them"),
        (
            lambda p: score_hand(p, HandInput(meld=(60, 0), bidder=0, bid=300, thrown_in=True)),
            "; save it as a played hand",
        ),
    ],
)
def test_a_refused_hand_says_what_to_do(call, what_to_do):
    preset = with_rules(get_preset("partnership"), {})

    assert refused(lambda: call(preset)).endswith(what_to_do)
