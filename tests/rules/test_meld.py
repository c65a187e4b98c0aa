"""Pinochle meld (RULES.md, "Pinochle: meld"): every row of the meld table in every preset,
the classes a card may serve in, run extras, no-trump meld, best trump and nines redeal."""

from collections import Counter

import pytest

from scorekeeper.rules.cards import HEARTS, SPADES, parse_cards
from scorekeeper.rules.errors import RuleError
from scorekeeper.rules.pinochle import (
    PRESETS,
    get_preset,
    meld,
    meld_all,
    parse_trump,
    read_hand,
    with_rules,
)

PRESET_NAMES = ("partnership", "partnership-small", "double-deck", "three-handed", "two-handed")

# RULES.md's meld table, copied row by row: points for holding the meld 1, 2, (3, 4) times.
MELD_TABLE = {
    "run": {
        "partnership": (150, 1500),
        "partnership-small": (15, 150),
        "double-deck": (15, 150, 225, 300),
        "three-handed": (150, 1500),
        "two-handed": (150, 300),
    },
    "royal marriage": {
        "partnership": 40,
        "partnership-small": 4,
        "double-deck": 4,
        "three-handed": 40,
        "two-handed": 40,
    },
    "common marriage": {
        "partnership": 20,
        "partnership-small": 2,
        "double-deck": 2,
        "three-handed": 20,
        "two-handed": 20,
    },
    "dix": {
        "partnership": 10,
        "partnership-small": 1,
        "three-handed": 10,
        "two-handed": 10,
    },
    "pinochle": {
        "partnership": (40, 300),
        "partnership-small": (4, 30),
        "double-deck": (4, 30, 60, 90),
        "three-handed": (40, 300),
        "two-handed": (40, 80),
    },
    "aces around": {
        "partnership": (100, 1000),
        "partnership-small": (10, 100),
        "double-deck": (10, 100, 150, 200),
        "three-handed": (100, 1000),
        "two-handed": (100, 200),
    },
    "kings around": {
        "partnership": (80, 800),
        "partnership-small": (8, 80),
        "double-deck": (8, 80, 120, 160),
        "three-handed": (80, 800),
        "two-handed": (80, 160),
    },
    "queens around": {
        "partnership": (60, 600),
        "partnership-small": (6, 60),
        "double-deck": (6, 60, 90, 120),
        "three-handed": (60, 600),
        "two-handed": (60, 120),
    },
    "jacks around": {
        "partnership": (40, 400),
        "partnership-small": (4, 40),
        "double-deck": (4, 40, 60, 80),
        "three-handed": (40, 400),
        "two-handed": (40, 80),
    },
}

# The fewest cards that hold a meld once, with hearts as trump where trump matters.
MELD_CARDS = {
    "run": "AH 10H KH QH JH",
    "royal marriage": "KH QH",
    "common marriage": "KS QS",
    "dix": "9H",
    "pinochle": "QS JD",
    "aces around": "AS AH AD AC",
    "kings around": "KS KH KD KC",
    "queens around": "QS QH QD QC",
    "jacks around": "JS JH JD JC",
}
# Melds scored "each" repeat one meld; the others are scored by how many times they are held.
EACH = ("royal marriage", "common marriage", "dix")
TIMES = ("", "double ", "triple ", "quadruple ")


def _meld_table_cases():
    for name, by_preset in MELD_TABLE.items():
        for preset_name, points in by_preset.items():
            copies = PRESETS[preset_name].deck.copies
            for n in range(1, copies + 1):
                cards = " ".join([MELD_CARDS[name]] * n)
                if name in EACH:
                    expected = [(name, points)] * n
                else:
                    expected = [(TIMES[n - 1] + name, points[n - 1])]
                yield pytest.param(preset_name, cards, expected, id=f"{preset_name}-{name}-x{n}")


def _cards(text):
    return parse_cards(text)


def _total(text, trump, preset):
    return meld(_cards(text), trump, preset).total


@pytest.mark.parametrize(("preset_name", "cards", "expected"), list(_meld_table_cases()))
def test_a_hand_holding_one_meld_scores_that_row_of_the_meld_table(preset_name, cards, expected):
    result = meld(_cards(cards), HEARTS, get_preset(preset_name))
    assert [(m.name, m.points) for m in result.melds] == expected
    assert result.total == sum(points for _, points in expected)
    assert result.trump == "hearts"


def test_every_preset_has_each_row_of_the_meld_table():
    for preset_name in PRESET_NAMES:
        preset = get_preset(preset_name)
        assert preset.run == MELD_TABLE["run"][preset_name]
        assert preset.pinochle == MELD_TABLE["pinochle"][preset_name]
        assert preset.aces_around == MELD_TABLE["aces around"][preset_name]
        assert preset.kings_around == MELD_TABLE["kings around"][preset_name]
        assert preset.queens_around == MELD_TABLE["queens around"][preset_name]
        assert preset.jacks_around == MELD_TABLE["jacks around"][preset_name]
        assert preset.royal_marriage == MELD_TABLE["royal marriage"][preset_name]
        assert preset.common_marriage == MELD_TABLE["common marriage"][preset_name]


@pytest.mark.parametrize(
    ("preset_name", "cards", "trump", "total"),
    [
        ("double-deck", "AH 10H KH QH JH " * 3, "hearts", 225),
        ("double-deck", "AH 10H KH QH JH " * 4, "hearts", 300),
        ("double-deck", "QS JD " * 3, None, 60),
        ("double-deck", "QS JD " * 4, None, 90),
        ("double-deck", "AS AH AD AC " * 3, None, 150),
        ("double-deck", "AS AH AD AC " * 4, None, 200),
        ("double-deck", "KS KH KD KC " * 3, None, 120),
        ("double-deck", "KS KH KD KC " * 4, None, 160),
        ("double-deck", "QS QH QD QC " * 3, None, 90),
        ("double-deck", "QS QH QD QC " * 4, None, 120),
        ("double-deck", "JS JH JD JC " * 3, None, 60),
        ("double-deck", "JS JH JD JC " * 4, None, 80),
    ],
)
def test_double_deck_triple_and_quadruple_melds(preset_name, cards, trump, total):
    assert _total(cards, parse_trump(trump), get_preset(preset_name)) == total


@pytest.mark.parametrize("preset_name", PRESET_NAMES)
def test_a_dix_is_only_a_nine_of_trump(preset_name):
    preset = get_preset(preset_name)
    assert _total("9S 9D 9C", HEARTS, preset) == 0


def test_the_double_deck_has_no_dix():
    preset = get_preset("double-deck")
    assert preset.dix == 0
    assert _total("9H", HEARTS, preset) == 0


def test_the_double_deck_deals_no_nines():
    with pytest.raises(RuleError, match="^9♠ is not in this deck; take it out$"):
        read_hand(
            "9S " + "AH " * 4 + "KH " * 4 + "QH " * 4 + "JH " * 4 + "10H " * 3,
            PRESETS["double-deck"],
        )


@pytest.mark.parametrize("preset_name", PRESET_NAMES)
@pytest.mark.parametrize(
    ("cards", "trump"),
    [
        ("QS JD", None),
        ("QS JD", "spades"),
        ("QS JD", "diamonds"),
        ("AS AH AD AC", None),
        ("AS AH AD AC", "clubs"),
        ("JS JH JD JC", "hearts"),
    ],
)
def test_pinochles_and_arounds_do_not_depend_on_trump(preset_name, cards, trump):
    preset = get_preset(preset_name)
    assert _total(cards, parse_trump(trump), preset) == _total(cards, None, preset)


# -- a card serves in one meld of each class


def test_the_queen_of_spades_serves_a_pinochle_queens_around_and_a_marriage_at_once():
    result = meld(_cards("QS JD QH QD QC KS"), None, PRESETS["partnership"])
    assert [(m.name, m.points) for m in result.melds] == [
        ("pinochle", 40),
        ("queens around", 60),
        ("common marriage", 20),
    ]
    assert result.total == 120


def test_the_queen_of_spades_serves_a_pinochle_and_a_royal_marriage_in_spades():
    result = meld(_cards("QS JD QH QD QC KS"), SPADES, PRESETS["partnership"])
    assert sorted(m.name for m in result.melds) == [
        "pinochle",
        "queens around",
        "royal marriage",
    ]
    assert result.total == 40 + 60 + 40


def test_a_run_in_spades_shares_its_queen_with_a_pinochle():
    assert _total("AS 10S KS QS JS JD", SPADES, PRESETS["partnership"]) == 150 + 40


def test_a_king_serves_kings_around_and_a_marriage():
    assert _total("KS KH KD KC QD", None, PRESETS["partnership"]) == 80 + 20


@pytest.mark.parametrize(
    ("cards", "trump", "total", "why"),
    [
        ("KH QH QH", "hearts", 40, "one king marries one queen of trump"),
        ("KS QS QS", None, 20, "one king marries one queen"),
        ("KS KS QS", "hearts", 20, "one queen marries one king"),
        ("QS QS JD", None, 40, "one jack of diamonds makes one pinochle"),
        ("QS JD JD", None, 40, "one queen of spades makes one pinochle"),
        ("AS AS AH AD AC", None, 100, "one ace of hearts makes aces around once"),
    ],
)
def test_a_card_never_serves_twice_in_one_class(cards, trump, total, why):
    assert _total(cards, parse_trump(trump), PRESETS["partnership"]) == total, why


# -- run extras: flush and strict


RUN = "AH 10H KH QH JH"


@pytest.mark.parametrize(
    ("preset_name", "rules", "extras", "total"),
    [
        # partnership is flush by default: every extra marries a run card
        ("partnership", {}, "KH", 190),
        ("partnership", {}, "QH", 190),
        ("partnership", {}, "KH QH", 230),
        # every other preset is strict: extras only marry each other
        ("partnership-small", {}, "KH", 15),
        ("partnership-small", {}, "QH", 15),
        ("partnership-small", {}, "KH QH", 19),
        ("double-deck", {}, "KH", 15),
        ("double-deck", {}, "QH", 15),
        ("double-deck", {}, "KH QH", 19),
        ("three-handed", {}, "KH", 150),
        ("three-handed", {}, "QH", 150),
        ("three-handed", {}, "KH QH", 190),
        ("two-handed", {}, "KH", 150),
        ("two-handed", {}, "QH", 150),
        ("two-handed", {}, "KH QH", 190),
        # the knob switches either way
        ("partnership", {"run_extras": "strict"}, "KH", 150),
        ("partnership", {"run_extras": "strict"}, "QH", 150),
        ("partnership", {"run_extras": "strict"}, "KH QH", 190),
        ("three-handed", {"run_extras": "flush"}, "KH", 190),
        ("three-handed", {"run_extras": "flush"}, "QH", 190),
        ("three-handed", {"run_extras": "flush"}, "KH QH", 230),
        ("partnership-small", {"run_extras": "flush"}, "KH QH", 23),
        ("two-handed", {"run_extras": "flush"}, "QH", 190),
    ],
)
def test_run_extras_flush_marry_run_cards_strict_only_each_other(preset_name, rules, extras, total):
    preset = with_rules(get_preset(preset_name), rules)
    assert _total(f"{RUN} {extras}", HEARTS, preset) == total


@pytest.mark.parametrize(
    ("preset_name", "run_extras"),
    [
        ("partnership", "flush"),
        ("partnership-small", "strict"),
        ("double-deck", "strict"),
        ("three-handed", "strict"),
        ("two-handed", "strict"),
    ],
)
def test_only_partnership_scores_run_extras_flush_by_default(preset_name, run_extras):
    assert get_preset(preset_name).run_extras == run_extras


@pytest.mark.parametrize(
    ("extras", "flush", "strict"),
    [
        # once each: one extra king marries the run's queen, one extra queen the run's king
        ("KH KH", 15 + 4, 15),
        ("QH QH", 15 + 4, 15),
        ("KH QH", 15 + 4 + 4, 15 + 4),
        # the extras left over marry each other
        ("KH KH QH QH", 15 + 3 * 4, 15 + 2 * 4),
        ("KH KH KH QH", 15 + 2 * 4, 15 + 4),
        ("KH KH KH QH QH QH", 15 + 4 * 4, 15 + 3 * 4),
    ],
)
def test_flush_extras_marry_run_cards_once_each_and_leftovers_marry_each_other(
    extras, flush, strict
):
    double_deck = get_preset("double-deck")
    hand = f"{RUN} {extras}"
    assert _total(hand, HEARTS, with_rules(double_deck, {"run_extras": "flush"})) == flush
    assert _total(hand, HEARTS, double_deck) == strict


@pytest.mark.parametrize(
    ("extras", "total"),
    [
        ("", 150),
        ("KH", 150),
        ("QH", 150),
        ("KH QH", 154),
    ],
)
def test_a_double_run_ignores_flush(extras, total):
    preset = with_rules(get_preset("double-deck"), {"run_extras": "flush"})
    assert _total(f"{RUN} {RUN} {extras}", HEARTS, preset) == total


def test_a_royal_marriage_without_a_run_is_the_same_flush_or_strict():
    flush = PRESETS["partnership"]
    strict = with_rules(flush, {"run_extras": "strict"})
    assert _total("KH QH AH 10H", HEARTS, flush) == _total("KH QH AH 10H", HEARTS, strict) == 40


# -- the worked examples


@pytest.mark.parametrize(
    ("cards", "trump", "total"),
    [
        ("AH 10H KH QH JH KH", "hearts", 190),  # run with an extra king
        ("AH 10H KH QH JH KH QH", "hearts", 230),  # run with an extra king and queen
        ("QS JD QS JD", None, 300),  # double pinochle
        ("AS AH AD AC QS JD", None, 140),  # aces around with a pinochle
    ],
)
def test_the_worked_examples_in_the_rules(cards, trump, total):
    assert _total(cards, parse_trump(trump), PRESETS["partnership"]) == total


# -- no trump


@pytest.mark.parametrize("preset_name", PRESET_NAMES)
def test_with_no_trump_there_are_no_runs_no_dix_and_every_marriage_is_common(preset_name):
    preset = get_preset(preset_name)
    result = meld(_cards("AH 10H KH QH JH"), None, preset)
    assert result.trump is None
    assert [(m.name, m.points) for m in result.melds] == [
        ("common marriage", MELD_TABLE["common marriage"][preset_name])
    ]


def test_with_no_trump_nines_score_nothing():
    assert _total("9S 9H 9D 9C 9H", None, PRESETS["partnership"]) == 0


def test_with_no_trump_a_pinochle_and_arounds_still_count():
    assert _total("AS AH AD AC QS JD KS", None, PRESETS["partnership"]) == 100 + 40 + 20


def test_meld_all_no_trump_is_the_meld_with_no_trump():
    cards = _cards("AH 10H KH QH JH 9H KS QS QS JD")
    assert meld_all(cards, PRESETS["partnership"]).no_trump == meld(
        cards, None, PRESETS["partnership"]
    )


# -- best trump


def test_best_trump_is_the_suit_whose_meld_is_highest():
    hand = meld_all(_cards("AH 10H KH QH JH KS QS 9C 9D AS 10S JS"), PRESETS["partnership"])
    assert {suit: result.total for suit, result in hand.by_trump.items()} == {
        "spades": 150 + 20,
        "hearts": 150 + 20,
        "diamonds": 40 + 10,
        "clubs": 40 + 10,
    }
    assert set(hand.best_trump) == {"spades", "hearts"}


def test_a_single_best_trump_is_listed_alone():
    hand = meld_all(_cards("AH 10H KH QH JH 9H KS QS AS AD 10C JC"), PRESETS["partnership"])
    assert hand.best_trump == ("hearts",)
    assert hand.by_trump["hearts"].total == 150 + 10 + 20


def test_best_trump_ties_list_all_four_when_trump_changes_nothing():
    hand = meld_all(_cards("QS JD AS AH AD AC"), PRESETS["partnership"])
    assert set(hand.best_trump) == {"spades", "hearts", "diamonds", "clubs"}
    assert len(hand.best_trump) == 4


def test_meld_all_gives_the_meld_under_each_trump():
    cards = _cards("AH 10H KH QH JH 9H KS QS AS AD 10C JC")
    preset = PRESETS["partnership"]
    hand = meld_all(cards, preset)
    assert hand.card_count == 12
    for suit in ("spades", "hearts", "diamonds", "clubs"):
        assert hand.by_trump[suit] == meld(cards, parse_trump(suit), preset)


def test_marriage_in_lists_the_suits_holding_a_king_and_queen():
    hand = meld_all(_cards("KH QH KS QC KD QD"), PRESETS["double-deck"])
    assert set(hand.marriage_in) == {"hearts", "diamonds"}


# -- each meld's cards


@pytest.mark.parametrize(
    ("cards", "trump", "name", "meld_cards"),
    [
        ("AH 10H KH QH JH", "hearts", "run", "AH 10H KH QH JH"),
        ("KH QH", "hearts", "royal marriage", "KH QH"),
        ("KS QS", "hearts", "common marriage", "KS QS"),
        ("9H", "hearts", "dix", "9H"),
        ("QS JD", None, "pinochle", "QS JD"),
        ("QS JD QS JD", None, "double pinochle", "QS JD QS JD"),
        ("AS AH AD AC", None, "aces around", "AS AH AD AC"),
        ("KS KH KD KC", None, "kings around", "KS KH KD KC"),
        ("QS QH QD QC", None, "queens around", "QS QH QD QC"),
        ("JS JH JD JC", None, "jacks around", "JS JH JD JC"),
        ("AS AH AD AC AS AH AD AC", None, "double aces around", "AS AH AD AC AS AH AD AC"),
        ("AH 10H KH QH JH " * 2, "hearts", "double run", "AH 10H KH QH JH " * 2),
    ],
)
def test_each_meld_lists_the_cards_it_uses(cards, trump, name, meld_cards):
    (found,) = meld(_cards(cards), parse_trump(trump), PRESETS["partnership"]).melds
    assert found.name == name
    assert Counter(found.cards) == Counter(meld_cards.split())


def test_a_run_with_an_extra_king_lists_the_run_and_a_royal_marriage():
    result = meld(_cards("AH 10H KH QH JH KH"), HEARTS, PRESETS["partnership"])
    assert [(m.name, Counter(m.cards)) for m in result.melds] == [
        ("run", Counter(["AH", "10H", "KH", "QH", "JH"])),
        ("royal marriage", Counter(["KH", "QH"])),
    ]


# -- nines redeal


NO_MELD_FILLER = "AS AH 10S 10H 10D JS JH"


@pytest.mark.parametrize(
    ("preset_name", "cards", "may_redeal"),
    [
        ("partnership-small", "9S 9S 9H 9H 9D " + NO_MELD_FILLER, True),
        ("partnership-small", "9S 9S 9H 9H 9D 9C AS AH 10S 10H 10D JS", True),
        ("partnership-small", "9S 9S 9H 9H AC " + NO_MELD_FILLER, False),
        ("partnership-small", "9S 9S 9H 9H 9D AS AH 10S 10H 10D KC QC", False),
        ("partnership-small", "9S 9S 9H 9H 9D AS AH 10S 10H QS JD JH", False),
        ("partnership", "9S 9S 9H 9H 9D " + NO_MELD_FILLER, False),
        ("three-handed", "9S 9S 9H 9H 9D 9C 9C 9D " + NO_MELD_FILLER, False),
        ("two-handed", "9S 9S 9H 9H 9D " + NO_MELD_FILLER, False),
    ],
)
def test_five_nines_and_no_meld_without_trump_may_call_a_redeal_where_it_is_on(
    preset_name, cards, may_redeal
):
    hand = meld_all(_cards(cards), get_preset(preset_name))
    assert hand.nines_redeal is may_redeal


def test_nines_redeal_counts_the_nines():
    hand = meld_all(_cards("9S 9S 9H 9H 9D " + NO_MELD_FILLER), PRESETS["partnership-small"])
    assert hand.nines == 5
    assert hand.no_trump.total == 0


def test_a_house_rule_turns_the_nines_redeal_on():
    preset = with_rules(PRESETS["partnership"], {"nines_redeal": True})
    assert meld_all(_cards("9S 9S 9H 9H 9D " + NO_MELD_FILLER), preset).nines_redeal is True


# -- meld unit


@pytest.mark.parametrize(
    ("preset_name", "unit"),
    [
        ("partnership", 10),
        ("partnership-small", 1),
        ("double-deck", 1),
        ("three-handed", 10),
        ("two-handed", 10),
    ],
)
def test_meld_comes_in_the_presets_unit(preset_name, unit):
    assert get_preset(preset_name).meld_unit == unit


# -- reading a hand for a preset


@pytest.mark.parametrize(
    ("preset_name", "size"),
    [
        ("partnership", 12),
        ("partnership-small", 12),
        ("double-deck", 20),
        ("three-handed", 15),
        ("three-handed", 18),
        ("two-handed", 12),
    ],
)
def test_a_full_hand_has_the_presets_size(preset_name, size):
    preset = get_preset(preset_name)
    cards = [card.code for card in preset.deck.cards][:size]
    assert len(read_hand(" ".join(cards), preset)) == size


@pytest.mark.parametrize(
    ("preset_name", "size", "sentence"),
    [
        ("partnership", 11, "a partnership hand has 12 cards, not 11; add the one missing"),
        ("partnership", 13, "a partnership hand has 12 cards, not 13; take one out"),
        (
            "partnership-small",
            10,
            "a partnership-small hand has 12 cards, not 10; add the two missing",
        ),
        ("double-deck", 12, "a double-deck hand has 20 cards, not 12; add the eight missing"),
        (
            "three-handed",
            12,
            "a three-handed hand has 15 or 18 cards, not 12; add the three missing",
        ),
        ("three-handed", 16, "a three-handed hand has 15 or 18 cards, not 16; take one out"),
        ("two-handed", 15, "a two-handed hand has 12 cards, not 15; take three out"),
    ],
)
def test_a_hand_of_the_wrong_size_is_refused(preset_name, size, sentence):
    preset = get_preset(preset_name)
    cards = [card.code for card in preset.deck.cards * 2][:size]
    with pytest.raises(RuleError) as error:
        read_hand(cards, preset)
    assert str(error.value) == sentence


@pytest.mark.parametrize("preset_name", PRESET_NAMES)
def test_a_partial_hand_may_have_fewer_cards(preset_name):
    assert read_hand("AS 10S", get_preset(preset_name), partial=True) == _cards("AS 10S")
    assert read_hand("", get_preset(preset_name), partial=True) == []


@pytest.mark.parametrize(
    ("preset_name", "size", "sentence"),
    [
        ("partnership", 13, "a hand has at most 12 cards, not 13; take one out"),
        ("double-deck", 21, "a hand has at most 20 cards, not 21; take one out"),
        ("three-handed", 19, "a hand has at most 18 cards, not 19; take one out"),
    ],
)
def test_a_partial_hand_may_not_have_more_cards(preset_name, size, sentence):
    preset = get_preset(preset_name)
    cards = [card.code for card in preset.deck.cards * 2][:size]
    with pytest.raises(RuleError) as error:
        read_hand(cards, preset, partial=True)
    assert str(error.value) == sentence


def test_read_hand_refuses_a_third_copy_in_a_single_deck():
    with pytest.raises(RuleError, match="^three A♠ but the deck has two; take one out$"):
        read_hand("AS AS AS", PRESETS["partnership"], partial=True)


@pytest.mark.parametrize(
    ("text", "index"),
    [
        ("spades", 0),
        ("hearts", 1),
        ("Hearts", 1),
        ("H", 1),
        ("h", 1),
        ("♥", 1),
        ("diamonds", 2),
        ("D", 2),
        ("♦", 2),
        ("clubs", 3),
        ("C", 3),
        ("♣", 3),
        ("S", 0),
        ("♠", 0),
        (None, None),
        ("", None),
    ],
)
def test_trump_is_named_by_suit_name_letter_or_symbol(text, index):
    assert parse_trump(text) == index


def test_a_trump_that_is_no_suit_is_refused():
    with pytest.raises(RuleError) as error:
        parse_trump("notrump")
    assert str(error.value) == '"notrump" is not a suit; trump is spades, hearts, diamonds or clubs'
