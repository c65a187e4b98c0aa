# One pinochle hand (RULES.md, "Pinochle: scoring one hand"): the valid bids and their
# steps, checking a hand's bid, meld and trick points, the throw-in and what the bidder
# needs, the save rule, and the hand's outcome (redeal, forfeit, thrown in, moon, made,
# set, or played without bidding).

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from ..errors import RuleError
from ..sentences import said, said_joined
from .presets import Preset

__all__ = [
    "BidRun",
    "HandInput",
    "HandOutcome",
    "ThrowInVerdict",
    "bid_outlook",
    "bid_runs",
    "counted_meld",
    "is_valid_bid",
    "nearest_bids",
    "next_bid",
    "previous_bid",
    "score_hand",
    "throw_in_terms",
    "throw_in_verdict",
    "tricks_needed",
    "valid_bids",
    "validate_bid",
    "validate_meld",
    "validate_tricks",
]


@dataclass(frozen=True)
class HandInput:
    """What the table says about one hand: the bid, the meld and trick points per side."""

    meld: tuple[int, ...] = ()
    tricks: tuple[int, ...] | None = None
    bidder: int | None = None
    bid: int | None = None
    thrown_in: bool = False
    no_marriage: bool = False
    redeal: bool = False
    all_passed: bool = False
    dealer: int | None = None
    turned_nine: bool = False
    # Under save_with trick: for each side, did it take a trick (read for 0 trick points).
    took_trick: tuple[bool, ...] | None = None
    # The bidding side declared it would take every trick (the moon knob).
    moon: bool = False


@dataclass(frozen=True)
class HandOutcome:
    """What one hand scores: its result, each side's points and a sentence saying why."""

    result: str
    points: tuple[int, ...]
    sentence: str
    bidder: int | None = None
    bid: int | None = None
    counts: tuple[int, ...] = ()


@dataclass(frozen=True)
class ThrowInVerdict:
    """Whether the bidder may throw in, and the arithmetic that says so."""

    allowed: bool
    reason: str
    # Allowed whatever the bid and meld (throw_in "any-time"): a standing choice, not news
    # about this hand.
    always: bool = False


def _signed(points: int) -> str | int:
    """Points with their sign (``+120``, ``−330``, ``0``), said in the page's language."""
    if points < 0:
        # Translators: points lost, with a true minus sign: "−330".
        return said("−%(points)s", points=-points)
    # Translators: points won, with a plus sign: "+120".
    return said("+%(points)s", points=points) if points else 0


def _signed_text(points: int) -> str:
    """Points with their sign as plain text (``+120``, ``−330``, ``0``): how the other sides'
    points are given to a hand's sentence, which says them as they are (names and numbers
    only; one sentence a hand, not one more per side)."""
    return f"−{-points}" if points < 0 else f"+{points}" if points else "0"


def validate_bid(preset: Preset, bid: Any, all_passed: bool = False) -> int:
    """Check a bid against the preset's minimum and step (and the stuck bid when all passed)."""
    if not preset.bidding:
        raise RuleError(_no_bidding(preset), field="bid")
    if not isinstance(bid, int) or isinstance(bid, bool):
        raise RuleError(said("the bid must be a whole number"), field="bid")
    if all_passed:
        # The stuck bid is a house rule of its own and may sit under the minimum.
        if bid != preset.stuck_bid:
            reason = said(
                "when everyone passes the dealer is stuck at %(stuck)s, not %(bid)s",
                stuck=preset.stuck_bid,
                bid=bid,
            )
            raise RuleError(reason, field="bid")
        return bid
    if bid < preset.min_bid:
        reason = said(
            "bid %(bid)s is under the minimum of %(minimum)s; enter %(minimum)s or more",
            bid=bid,
            minimum=preset.min_bid,
        )
        raise RuleError(reason, field="bid")
    # One pair (every preset): a multiple of the step, as ever; several: the walk's bids.
    on_step = (
        bid % preset.bid_step == 0 if len(preset.bid_steps) == 1 else is_valid_bid(preset, bid)
    )
    if not on_step:
        lower, higher = nearest_bids(preset, bid)
        enter = (
            said("enter %(lower)s or %(higher)s", lower=lower, higher=higher)
            if lower is not None
            else said("enter %(higher)s", higher=higher)
        )
        if len(preset.bid_steps) == 1:
            # Translators: %(enter)s says which bids to enter ("enter 250 or 260").
            reason = said(
                "bid %(bid)s is not a multiple of %(step)s; %(enter)s",
                bid=bid,
                step=preset.bid_step,
                enter=enter,
            )
            raise RuleError(reason, field="bid")
        # Translators: %(enter)s says which bids to enter ("enter 250 or 260").
        reason = said("bid %(bid)s is not a valid bid; %(enter)s", bid=bid, enter=enter)
        raise RuleError(reason, field="bid")
    return bid


def _no_bidding(preset: Preset) -> str:
    # Translators: %(game)s is a game's code name (two-handed).
    return said("%(game)s has no bidding", game=preset.name)


class BidRun(NamedTuple):
    """A run of valid bids: start, start + step, … up to (not including) end (None: no end)."""

    start: int
    step: int
    end: int | None


def bid_runs(preset: Preset) -> tuple[BidRun, ...]:
    """The valid bids as runs of equal steps, lowest first.

    One pair (the default, ``min_bid:bid_step``) keeps the rule every match was scored by
    before bid_steps existed: the multiples of the step from the minimum bid up (the same
    as RULES.md's walk whenever the minimum is a multiple of its step, as in every preset).
    Several pairs follow RULES.md: each next bid is the last plus the step of its range.
    """
    steps = preset.bid_steps
    if len(steps) == 1:
        step = steps[0][1]
        return (BidRun(-(-preset.min_bid // step) * step, step, None),)
    runs = []
    current = steps[0][0]
    for index, (_, step) in enumerate(steps):
        end = steps[index + 1][0] if index + 1 < len(steps) else None
        if end is not None and current >= end:
            continue  # a step of an earlier range jumped over this one
        runs.append(BidRun(current, step, end))
        if end is not None:
            current += -(-(end - current) // step) * step
    return tuple(runs)


def is_valid_bid(preset: Preset, bid: int) -> bool:
    """Is this a bid the match's bid steps allow (at or over the minimum, on a step)?"""
    return any(
        run.start <= bid
        and (run.end is None or bid < run.end)
        and (bid - run.start) % run.step == 0
        for run in bid_runs(preset)
    )


def next_bid(preset: Preset, bid: int | None) -> int:
    """The lowest valid bid above ``bid`` (the first valid bid for None): the stepper's +."""
    for run in bid_runs(preset):
        if bid is None or bid < run.start:
            return run.start
        higher = run.start + ((bid - run.start) // run.step + 1) * run.step
        if run.end is None or higher < run.end:
            return higher
    raise AssertionError("the last run of bids has no end")


def previous_bid(preset: Preset, bid: int) -> int | None:
    """The highest valid bid under ``bid``, or None under the first: the stepper's −."""
    for run in reversed(bid_runs(preset)):
        if bid <= run.start:
            continue
        lower = run.start + (bid - run.start - 1) // run.step * run.step
        if run.end is not None:
            lower = min(lower, run.start + (run.end - 1 - run.start) // run.step * run.step)
        return lower
    return None


def nearest_bids(preset: Preset, bid: int) -> tuple[int | None, int]:
    """The valid bids either side of an invalid one (below: None under the first bid)."""
    return previous_bid(preset, bid), next_bid(preset, bid)


def valid_bids(preset: Preset, count: int, start: int | None = None) -> list[int]:
    """``count`` valid bids in order, from the first at or over ``start`` (or the lowest)."""
    bid = next_bid(preset, None if start is None else start - 1)
    bids = [bid]
    while len(bids) < count:
        bid = next_bid(preset, bid)
        bids.append(bid)
    return bids


def validate_tricks(preset: Preset, tricks: Sequence[Any], names: Sequence[str]) -> None:
    """Check trick points: one reachable amount per side, adding up to the preset's total."""
    if len(tricks) != preset.sides:
        reason = said(
            "trick points need one number per side (%(sides)s), not %(count)s",
            sides=preset.sides,
            count=len(tricks),
        )
        raise RuleError(reason, field="tricks")
    for side, points in enumerate(tricks):
        if not isinstance(points, int) or isinstance(points, bool) or points < 0:
            reason = said(
                "trick points for %(side)s must be a whole number, 0 or more", side=names[side]
            )
            raise RuleError(reason, field="tricks")
        if points % preset.trick_unit:
            lower = points - points % preset.trick_unit
            reason = said(
                "trick points for %(side)s (%(points)s) are not a multiple of %(unit)s; "
                "enter %(lower)s or %(higher)s",
                side=names[side],
                points=points,
                unit=preset.trick_unit,
                lower=lower,
                higher=lower + preset.trick_unit,
            )
            raise RuleError(reason, field="tricks")
    if sum(tricks) != preset.trick_total:
        # Translators: %(sum)s is the sum as typed ("100 + 140").
        reason = said(
            "trick points %(sum)s = %(total)s, but a hand has %(expected)s; correct them to "
            "add up to %(expected)s",
            sum=" + ".join(str(points) for points in tricks),
            total=sum(tricks),
            expected=preset.trick_total,
        )
        raise RuleError(reason, field="tricks")


def validate_meld(preset: Preset, melds: Sequence[Any], names: Sequence[str]) -> None:
    """Check melds: one whole number per side, in the preset's unit."""
    if len(melds) != preset.sides:
        reason = said(
            "meld needs one number per side (%(sides)s), not %(count)s",
            sides=preset.sides,
            count=len(melds),
        )
        raise RuleError(reason, field="meld")
    unit = preset.meld_unit
    for side, points in enumerate(melds):
        if not isinstance(points, int) or isinstance(points, bool) or points < 0:
            reason = said("meld for %(side)s must be a whole number, 0 or more", side=names[side])
            raise RuleError(reason, field="meld")
        if points % unit:
            reason = said(
                "meld for %(side)s (%(points)s) is not a multiple of %(unit)s; check the meld, "
                "or count it from the cards",
                side=names[side],
                points=points,
                unit=unit,
            )
            raise RuleError(reason, field="meld")


def counted_meld(preset: Preset, points: int) -> int:
    """Meld as it counts toward the score: nothing when under the preset's meld minimum."""
    return points if points >= preset.meld_minimum else 0


def throw_in_verdict(preset: Preset, bid: int, bidder_meld: int) -> ThrowInVerdict:
    """May a bidder with this bid and meld throw in? With the reason in words."""
    if not preset.bidding or preset.throw_in == "never":
        # Translators: %(game)s is a game's code name (two-handed).
        return ThrowInVerdict(False, said("no throw-in in %(game)s", game=preset.name))
    if preset.throw_in == "any-time":
        return ThrowInVerdict(True, _ANY_TIME, always=True)
    if bidder_meld < preset.meld_minimum:
        reason = said(
            "no throw-in: meld %(meld)s is under the minimum of %(minimum)s, so the bid is forfeit",
            meld=bidder_meld,
            minimum=preset.meld_minimum,
        )
        return ThrowInVerdict(False, reason)
    short = bid - bidder_meld
    if short > preset.trick_total:
        reason = said(
            "throw-in allowed: bid %(bid)s − meld %(meld)s = %(short)s is more than the "
            "%(total)s trick points there are",
            bid=bid,
            meld=bidder_meld,
            short=short,
            total=preset.trick_total,
        )
        return ThrowInVerdict(True, reason)
    reason = said(
        "no throw-in: bid %(bid)s − meld %(meld)s = %(short)s is not more than the "
        "%(total)s trick points there are",
        bid=bid,
        meld=bidder_meld,
        short=short,
        total=preset.trick_total,
    )
    return ThrowInVerdict(False, reason)


_ANY_TIME = said("throw-in allowed: the bidder may throw in any time before play")


def throw_in_terms(preset: Preset, bid: int, bidder: int, names: Sequence[str]) -> str:
    """What a throw-in would cost, in words: ``Team A scores −330; the others their meld``."""
    penalty = _set_penalty(preset, bid)
    if preset.throw_in_others == "meld":
        # Translators: %(points)s is signed: "Team A −330; the others score their meld".
        return said(
            "%(side)s %(points)s; the others score their meld",
            side=names[bidder],
            points=_signed(penalty),
        )
    # Translators: %(points)s is signed: "Team A −330; the others score nothing".
    return said(
        "%(side)s %(points)s; the others score nothing", side=names[bidder], points=_signed(penalty)
    )


def bid_outlook(preset: Preset, bid: int, bidder_meld: int, name: str) -> str:
    """What the bidding side needs from the tricks, in words, before the hand is played."""
    needed = tricks_needed(preset, bid, bidder_meld)
    if needed == 0:
        if preset.save_rule == "both":
            return said(
                "%(side)s: meld alone makes %(bid)s, once a trick is taken", side=name, bid=bid
            )
        return said("%(side)s: meld alone makes %(bid)s", side=name, bid=bid)
    if needed > preset.trick_total:
        return said(
            "%(side)s: %(needed)s more needed from tricks to make %(bid)s, more than the "
            "%(total)s there are",
            side=name,
            needed=needed,
            bid=bid,
            total=preset.trick_total,
        )
    return said(
        "%(side)s: %(needed)s more needed from tricks to make %(bid)s",
        side=name,
        needed=needed,
        bid=bid,
    )


def tricks_needed(preset: Preset, bid: int, bidder_meld: int) -> int:
    """Trick points the bidding side needs to make its bid (0 when meld alone makes it)."""
    return max(bid - counted_meld(preset, bidder_meld), 0)


def _took_tricks(preset: Preset, hand: HandInput) -> tuple[bool, ...]:
    """Which sides took a trick: those with trick points, and (under save_with trick) those
    the hand says took a trick without any."""
    tricks = hand.tricks or (0,) * preset.sides
    took = hand.took_trick or (False,) * preset.sides
    return tuple(points > 0 or took[side] for side, points in enumerate(tricks))


def _under_save_rule(preset: Preset, side: int, bidder: int | None) -> bool:
    """Must this side take tricks to keep its meld?"""
    if preset.save_rule == "none":
        return False
    return not (preset.save_rule == "non-bidders" and side == bidder)


def _saved(preset: Preset, side: int, bidder: int | None, hand: HandInput) -> bool:
    """Does a side keep its meld? Under the save rule it must take enough trick points
    (save_with points: at least save_minimum) or any trick at all (save_with trick)."""
    if not _under_save_rule(preset, side, bidder):
        return True
    points = hand.tricks[side]
    if preset.save_with == "trick":
        return _took_tricks(preset, hand)[side]
    return points > 0 and points >= preset.save_minimum


def _save_note(
    preset: Preset, side: int, bidder: int, hand: HandInput, saved: bool, name: str
) -> str | None:
    """Why the save rule decided this side's hand, when it did (None: nothing to say)."""
    meld, points = hand.meld[side], hand.tricks[side]
    if (saved and points) or not _under_save_rule(preset, side, bidder):
        return None
    if saved and points == 0 and meld:
        kept = counted_meld(preset, meld)
        return said(
            "%(side)s took a trick with no counters, so their %(meld)s meld counts",
            side=name,
            meld=kept,
        )
    if saved or not (meld or points):
        return None
    if points == 0:
        if preset.save_with == "trick":
            return said("%(side)s took no trick, so their meld does not count", side=name)
        return said("%(side)s took no tricks, so their meld does not count", side=name)
    return said(
        "%(side)s took %(points)s trick points, under the %(minimum)s that save meld, so they "
        "score nothing",
        side=name,
        points=points,
        minimum=preset.save_minimum,
    )


def _check_knobs_in_hand(preset: Preset, hand: HandInput) -> None:
    """A hand may use a house rule only when the match plays it; took_trick must fit."""
    if hand.moon and not preset.moon:
        reason = said(
            "the moon is off in this match (moon 0); turn it on in the house rules or record "
            "the hand without it"
        )
        raise RuleError(reason, field="moon")
    if hand.took_trick is None:
        return
    if preset.save_with != "trick":
        reason = said(
            "took_trick is read only when save_with is trick; this match saves meld with "
            "trick points, so leave it out"
        )
        raise RuleError(reason, field="took_trick")
    if len(hand.took_trick) != preset.sides or not all(
        isinstance(took, bool) for took in hand.took_trick
    ):
        reason = said("took_trick needs one true or false per side (%(sides)s)", sides=preset.sides)
        raise RuleError(reason, field="took_trick")


def score_hand(
    preset: Preset,
    hand: HandInput,
    names: Sequence[str] | None = None,
    dealer: int | None = None,
) -> HandOutcome:
    """Score one hand by the preset's rules; a RuleError says what makes it impossible.

    ``dealer`` (a player) is who dealt when the hand does not say: the stuck bidder when
    everyone passed, and the one a turned-up nine scores for.
    """
    names = tuple(names or preset.side_names)
    dealer = _dealer(preset, hand, dealer)
    # The checks run in the order the table meets them, so a hand wrong in several ways
    # is told about the first: a redeal before the meld, the meld before the bid, the bid
    # before the tricks.
    if hand.redeal:
        return _score_redeal(preset)
    validate_meld(preset, hand.meld, names)
    _check_knobs_in_hand(preset, hand)
    if not preset.bidding:
        return _score_unbid(preset, hand, names, dealer)
    bidder, bid = _bidder_and_bid(preset, hand, dealer)
    forfeit = _forfeit_reason(preset, hand, bidder)
    if forfeit:
        return _score_forfeit(preset, hand, names, bidder, bid, forfeit)
    if hand.thrown_in:
        return _score_thrown_in(preset, hand, names, bidder, bid)
    played = _play(preset, hand, names, bidder)
    if hand.moon:
        return _score_moon(preset, hand, names, bidder, bid, played)
    if played.counts[bidder] >= bid:
        return _score_made(names, bidder, bid, played)
    return _score_set(preset, names, bidder, bid, played)


def _dealer(preset: Preset, hand: HandInput, dealer: int | None) -> int | None:
    """Who dealt: the hand's own dealer over the one the match passes in, checked."""
    if hand.dealer is not None:
        dealer = hand.dealer
    if dealer is not None and not (
        isinstance(dealer, int) and not isinstance(dealer, bool) and 0 <= dealer < preset.players
    ):
        reason = said("the dealer must be a player from 0 to %(last)s", last=preset.players - 1)
        raise RuleError(reason, "dealer")
    return dealer


def _score_redeal(preset: Preset) -> HandOutcome:
    """A nines redeal: nothing scores and the same dealer deals again."""
    if not preset.nines_redeal:
        # Translators: %(game)s is a game's code name (partnership).
        raise RuleError(said("%(game)s has no nines redeal", game=preset.name), field="redeal")
    return HandOutcome("redeal", (0,) * preset.sides, _REDEAL)


_REDEAL = said("Nines redeal: the same dealer deals again and nothing is scored")


def _bidder_and_bid(preset: Preset, hand: HandInput, dealer: int | None) -> tuple[int, int]:
    """The bidding side and its bid, checked; when everyone passed, the dealer's side is
    stuck with the stuck bid."""
    bidder, bid = hand.bidder, hand.bid
    if hand.all_passed and bidder is None:
        if dealer is None:
            reason = said("when everyone passes the dealer takes the bid; who dealt?")
            raise RuleError(reason, "bidder")
        bidder = preset.side_of(dealer)
        bid = preset.stuck_bid if bid is None else bid
    if bidder is None:
        raise RuleError(said("who took the bid? Choose the bidder"), field="bidder")
    if bid is None:
        raise RuleError(said("what was the bid? Enter it"), field="bid")
    if not isinstance(bidder, int) or isinstance(bidder, bool) or not 0 <= bidder < preset.sides:
        reason = said("the bidder must be a side from 0 to %(last)s", last=preset.sides - 1)
        raise RuleError(reason, "bidder")
    return bidder, validate_bid(preset, bid, hand.all_passed)


def _forfeit_reason(preset: Preset, hand: HandInput, bidder: int) -> str | None:
    """Why the bidder forfeits before play (no marriage in trump, meld under the minimum),
    or None when it does not."""
    if hand.no_marriage:
        if not preset.trump_needs_marriage:
            # Translators: %(game)s is a game's code name (partnership).
            reason = said("%(game)s does not need a marriage in trump", game=preset.name)
            raise RuleError(reason, "no_marriage")
        return _NO_MARRIAGE
    if hand.meld[bidder] < preset.meld_minimum:
        return said(
            "meld %(meld)s is under the minimum of %(minimum)s",
            meld=hand.meld[bidder],
            minimum=preset.meld_minimum,
        )
    return None


# Translators: why a bidder forfeits: "Us forfeited 300: no marriage in trump; …".
_NO_MARRIAGE = said("no marriage in trump")


def _score_forfeit(
    preset: Preset, hand: HandInput, names: Sequence[str], bidder: int, bid: int, reason: str
) -> HandOutcome:
    """A forfeit: the bidder loses the bid and every other side scores its counted meld."""
    points = [counted_meld(preset, m) for m in hand.meld]
    points[bidder] = _set_penalty(preset, bid)
    # Translators: %(reason)s says why ("no marriage in trump"); %(others)s lists the
    # other sides' points ("Them +120").
    sentence = said(
        "%(side)s forfeited %(bid)s: %(reason)s; %(others)s",
        side=names[bidder],
        bid=bid,
        reason=reason,
        others=_others_text(names, bidder, points),
    )
    return HandOutcome("forfeit", tuple(points), sentence, bidder, bid)


def _score_thrown_in(
    preset: Preset, hand: HandInput, names: Sequence[str], bidder: int, bid: int
) -> HandOutcome:
    """A throw-in, where the preset allows it: the bidder loses the bid and the other sides
    score their meld (or nothing, by throw_in_others)."""
    if hand.moon:
        reason = said("a bidder who shot the moon plays the hand; it cannot throw in")
        raise RuleError(reason, field="moon")
    verdict = throw_in_verdict(preset, bid, hand.meld[bidder])
    if not verdict.allowed:
        # Translators: %(reason)s says why not ("no throw-in: bid 300 − meld 100 = 200 is…").
        reason = said("%(reason)s; save it as a played hand", reason=verdict.reason)
        raise RuleError(reason, field="thrown_in")
    points = [counted_meld(preset, m) if preset.throw_in_others == "meld" else 0 for m in hand.meld]
    penalty = points[bidder] = _set_penalty(preset, bid)
    # Translators: %(points)s is signed ("−300"); %(others)s lists the other sides'
    # points ("Them +120").
    sentence = said(
        "%(side)s threw in at %(bid)s: %(points)s; %(others)s",
        side=names[bidder],
        bid=bid,
        points=_signed(penalty),
        others=_others_text(names, bidder, points),
    )
    return HandOutcome("thrown-in", tuple(points), sentence, bidder, bid)


class _Played(NamedTuple):
    """A bid hand that was played: each side's count (meld plus trick points, nothing for
    a side the save rule did not save) and what the save rule decided, in words."""

    counts: tuple[int, ...]
    notes: tuple[str, ...]


def _play(preset: Preset, hand: HandInput, names: Sequence[str], bidder: int) -> _Played:
    """Check a played hand's trick points and count each side under the save rule."""
    if hand.tricks is None:
        raise RuleError(_NO_TRICKS, "tricks")
    validate_tricks(preset, hand.tricks, names)
    saved = [_saved(preset, side, bidder, hand) for side in range(preset.sides)]
    counts = tuple(
        counted_meld(preset, hand.meld[side]) + hand.tricks[side] if saved[side] else 0
        for side in range(preset.sides)
    )
    notes = tuple(
        note
        for side in range(preset.sides)
        # A saved side with trick points (the common case) has nothing to say.
        if not (saved[side] and hand.tricks[side])
        and (note := _save_note(preset, side, bidder, hand, saved[side], names[side])) is not None
    )
    return _Played(counts, notes)


def _score_moon(
    preset: Preset, hand: HandInput, names: Sequence[str], bidder: int, bid: int, played: _Played
) -> HandOutcome:
    """Shooting the moon: the bidder scores the moon for every trick, else loses it."""
    took = _took_tricks(preset, hand)
    others_took = any(took[side] for side in range(preset.sides) if side != bidder)
    who = names[bidder]
    if hand.tricks[bidder] == preset.trick_total and not others_took:
        points, others = _points_and_others(names, bidder, preset.moon, played)
        # Translators: %(others)s lists the other sides' points ("Them +120").
        main = said(
            "%(side)s shot the moon and took every trick: +%(points)s; %(others)s",
            side=who,
            points=preset.moon,
            others=others,
        )
        return _played_outcome("made", main, points, bidder, bid, played)
    points, others = _points_and_others(names, bidder, -preset.moon, played)
    # Translators: %(points)s is signed ("−500"); %(others)s lists the other sides' points
    # ("Them +120").
    main = said(
        "%(side)s shot the moon but did not take every trick: %(points)s; %(others)s",
        side=who,
        points=_signed(-preset.moon),
        others=others,
    )
    return _played_outcome("set", main, points, bidder, bid, played)


def _score_made(names: Sequence[str], bidder: int, bid: int, played: _Played) -> HandOutcome:
    """The bidder made its bid: it scores its count, like every other side."""
    count = played.counts[bidder]
    points, others = _points_and_others(names, bidder, count, played)
    # Translators: %(others)s lists the other sides' points ("Them +120").
    main = said(
        "%(side)s made %(bid)s with %(count)s; %(others)s",
        side=names[bidder],
        bid=bid,
        count=count,
        others=others,
    )
    return _played_outcome("made", main, points, bidder, bid, played)


def _score_set(
    preset: Preset, names: Sequence[str], bidder: int, bid: int, played: _Played
) -> HandOutcome:
    """The bidder went set: it scores the set penalty; the other sides their count."""
    penalty = _set_penalty(preset, bid)
    points, others = _points_and_others(names, bidder, penalty, played)
    # The sign is in the sentence (not a sentence of its own): a set is made on many hands.
    if penalty < 0:
        # Translators: %(points)s is the points lost; %(others)s lists the other sides'
        # points ("Them +120").
        main = said(
            "%(side)s went set: bid %(bid)s, had %(count)s, scores −%(points)s; %(others)s",
            side=names[bidder],
            bid=bid,
            count=played.counts[bidder],
            points=-penalty,
            others=others,
        )
    else:
        # Translators: %(points)s is signed (a house rule without a set penalty: "0").
        main = said(
            "%(side)s went set: bid %(bid)s, had %(count)s, scores %(points)s; %(others)s",
            side=names[bidder],
            bid=bid,
            count=played.counts[bidder],
            points=_signed(penalty),
            others=others,
        )
    return _played_outcome("set", main, points, bidder, bid, played)


def _points_and_others(
    names: Sequence[str], bidder: int, bidder_points: int, played: _Played
) -> tuple[list[int], str]:
    """A played hand's points (the bidder's, the others' counts), and the others' in words."""
    points = list(played.counts)
    points[bidder] = bidder_points
    return points, _others_text(names, bidder, points)


def _played_outcome(
    result: str, main: str, points: list[int], bidder: int, bid: int, played: _Played
) -> HandOutcome:
    """A played hand's outcome: its points, and its sentence with the save rule's notes."""
    sentence = said_joined([main, *played.notes], "; ") if played.notes else main
    return HandOutcome(result, tuple(points), sentence, bidder, bid, played.counts)


def _set_penalty(preset: Preset, bid: int) -> int:
    """What a bidder scores for going set, forfeiting or throwing in."""
    return -bid * preset.set_penalty


def _others_text(names: Sequence[str], bidder: int, points: Sequence[int]) -> str:
    """Every side but the bidder's with its points: ``Team B +120``."""
    return ", ".join(
        f"{names[side]} {_signed_text(points[side])}"
        for side in range(len(points))
        if side != bidder
    )


def _score_unbid(
    preset: Preset, hand: HandInput, names: Sequence[str], dealer: int | None
) -> HandOutcome:
    """A hand without bidding (two-handed): every side scores meld plus trick points."""
    if hand.bidder is not None or hand.bid is not None or hand.all_passed:
        raise RuleError(_no_bidding(preset), field="bid")
    if hand.thrown_in or hand.no_marriage:
        # Translators: %(game)s is a game's code name (two-handed).
        reason = said("%(game)s has no bidder to throw in or forfeit", game=preset.name)
        raise RuleError(reason, "thrown_in")
    if hand.moon:
        # Translators: %(game)s is a game's code name (two-handed).
        reason = said("%(game)s has no bidder to shoot the moon", game=preset.name)
        raise RuleError(reason, field="moon")
    if hand.tricks is None:
        raise RuleError(_NO_TRICKS, "tricks")
    validate_tricks(preset, hand.tricks, names)
    points = [counted_meld(preset, m) + t for m, t in zip(hand.meld, hand.tricks, strict=True)]
    notes = []
    if hand.turned_nine:
        if dealer is None:
            raise RuleError(said("a turned-up nine needs the dealer"), field="turned_nine")
        side = preset.side_of(dealer)
        points[side] += preset.dealer_nine
        notes.append(
            said(
                "%(side)s turned up a nine: +%(points)s",
                side=names[side],
                points=preset.dealer_nine,
            )
        )
    # Names and numbers only (said as they are), and the notes, each a sentence.
    sides = ", ".join(f"{names[s]} {_signed_text(points[s])}" for s in range(preset.sides))
    sentence = said_joined([sides, *notes], "; ") if notes else sides
    return HandOutcome("played", tuple(points), sentence, counts=tuple(points))


_NO_TRICKS = said("a played hand needs each side's trick points; enter them")
