"""Properties of the pinochle core that hold for every hand, checked with hypothesis."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.rules.cards import ALL_CARDS
from scorekeeper.rules.errors import RuleError
from scorekeeper.rules.pinochle import (
    PRESETS,
    HandInput,
    counted_meld,
    meld,
    meld_all,
    replay_match,
    score_hand,
    validate_tricks,
    with_rules,
)

presets = st.sampled_from(sorted(PRESETS.values(), key=lambda preset: preset.name))
trumps = st.sampled_from([None, 0, 1, 2, 3])


@st.composite
def dealt_hands(draw, preset=None, size=None):
    """A preset and a hand dealt from its deck: never more copies than the deck holds."""
    preset = preset or draw(presets)
    deck = [card for card in ALL_CARDS if card.rank in preset.deck.ranks] * preset.deck.copies
    size = size if size is not None else draw(st.integers(0, max(preset.hand_sizes)))
    hand = draw(st.permutations(deck))[:size]
    return preset, hand


@given(dealt_hands(), st.randoms())
def test_card_order_never_changes_a_meld(dealt, rng):
    preset, hand = dealt
    shuffled = list(hand)
    rng.shuffle(shuffled)
    assert meld_all(shuffled, preset) == meld_all(hand, preset)


@given(dealt_hands(), trumps, st.data())
def test_adding_a_card_never_lowers_a_meld(dealt, trump, data):
    preset, hand = dealt
    deck = [card for card in ALL_CARDS if card.rank in preset.deck.ranks]
    addable = [card for card in deck if hand.count(card) < preset.deck.copies]
    card = data.draw(st.sampled_from(addable))
    assert meld([*hand, card], trump, preset).total >= meld(hand, trump, preset).total


@given(dealt_hands(), trumps)
def test_a_melds_total_is_the_sum_of_its_melds_and_uses_only_held_cards(dealt, trump):
    preset, hand = dealt
    result = meld(hand, trump, preset)
    assert result.total == sum(m.points for m in result.melds)
    codes = [card.code for card in hand]
    for m in result.melds:
        for code in set(m.cards):
            assert m.cards.count(code) <= codes.count(code)


@given(dealt_hands())
def test_best_trump_is_every_suit_with_the_highest_meld(dealt):
    preset, hand = dealt
    hand_meld = meld_all(hand, preset)
    best = max(result.total for result in hand_meld.by_trump.values())
    assert hand_meld.best_trump == tuple(
        suit for suit, result in hand_meld.by_trump.items() if result.total == best
    )


@st.composite
def bid_hands(draw, preset):
    """A hand that follows the preset's rules: a legal bid, meld and trick points."""
    sides = preset.sides
    meld = tuple(draw(st.integers(0, 60)) * preset.meld_unit for _ in range(sides))
    if not preset.bidding:
        first = draw(st.integers(0, preset.trick_total // preset.trick_unit)) * preset.trick_unit
        return HandInput(meld=meld, tricks=(first, preset.trick_total - first))
    bidder = draw(st.integers(0, sides - 1))
    bid = preset.min_bid + draw(st.integers(0, 40)) * preset.bid_step
    cuts = sorted(
        draw(st.integers(0, preset.trick_total // preset.trick_unit)) for _ in range(sides - 1)
    )
    edges = [0, *cuts, preset.trick_total // preset.trick_unit]
    tricks = tuple((edges[i + 1] - edges[i]) * preset.trick_unit for i in range(sides))
    thrown_in = draw(st.booleans()) and preset.throw_in != "never"
    return HandInput(bidder=bidder, bid=bid, meld=meld, tricks=tricks, thrown_in=thrown_in)


@st.composite
def matches(draw):
    """A preset with an unreachable target and up to 30 hands scored by it."""
    preset = with_rules(draw(presets), {"target": 1_000_000})
    hands = []
    for _ in range(draw(st.integers(0, 30))):
        hand = draw(bid_hands(preset))
        try:
            score_hand(preset, hand)
        except RuleError:
            continue  # e.g. a throw-in the bid and meld do not allow
        hands.append(hand)
    return preset, hands


@given(matches())
def test_replay_of_n_hands_equals_n_single_steps(match):
    preset, hands = match
    ledger = replay_match(preset, hands)
    totals = [0] * preset.sides
    for row, hand in zip(ledger.rows, hands, strict=True):
        outcome = score_hand(preset, hand)
        totals = [t + p for t, p in zip(totals, outcome.points, strict=True)]
        assert row.outcome == outcome
        assert row.totals == tuple(totals)
    assert ledger.totals == tuple(totals)
    assert ledger.winner is None


@given(presets, st.lists(st.integers(-100, 400), min_size=1, max_size=4))
def test_valid_trick_points_always_add_up_to_the_presets_total(preset, tricks):
    names = [f"side {i}" for i in range(len(tricks))]
    try:
        validate_tricks(preset, tricks, names)
    except RuleError:
        return
    assert sum(tricks) == preset.trick_total
    assert len(tricks) == preset.sides


@given(presets.flatmap(lambda preset: st.tuples(st.just(preset), bid_hands(preset))))
def test_a_made_hand_with_every_side_saved_scores_meld_plus_all_trick_points(case):
    preset, hand = case
    try:
        outcome = score_hand(preset, hand)
    except RuleError:
        return
    if outcome.result in ("made", "played") and all(hand.tricks):
        meld_counted = sum(counted_meld(preset, m) for m in hand.meld)
        assert sum(outcome.points) - meld_counted == preset.trick_total
    if outcome.result == "set":
        assert outcome.points[hand.bidder] == -hand.bid * preset.set_penalty
