"""Every change to a pinochle match: starting one, adding, correcting and deleting hands,
undoing the last change, and a rematch. Each checks the rules through a replay, moves the
match's version and keeps the change for Undo, in one transaction."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import delete, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from ..models import Change, Hand, Match
from ..rules import Ledger, RuleError, get_preset, said, with_rules
from .club_tables import check_table_open
from .errors import AlreadyRecorded, Conflict, GameOver, NotFound
from .match_words import changed_since, latest_change
from .matches import (
    MatchState,
    find_match,
    load_match,
    match_preset,
    replay_entries,
)
from .writes import (
    MAX_VERSION,
    bump_version,
    checked_form_token,
    checked_version,
    claim_version,
    is_form_token,
)


def start_match(
    session: Session,
    *,
    game: str,
    house_rules: Mapping[str, Any],
    side_names: Sequence[str],
    player_names: Sequence[str],
    first_dealer: int,
    commit: bool = True,
) -> Match:
    """Store a new match (RuleError if a house rule or a name list does not fit the game).

    ``commit=False`` leaves the match in the caller's transaction (flushed, with its id),
    for a caller whose write spans the match and more (a group's game): one commit."""
    preset = with_rules(get_preset(game), house_rules)
    if len(side_names) != preset.sides or len(player_names) != preset.players:
        raise RuleError(
            said("%(game)s needs %(players)s players", game=preset.label, players=preset.players),
            "player_names",
        )
    if not 0 <= first_dealer < preset.players:
        raise RuleError(
            said("the first dealer must be one of the %(players)s players", players=preset.players)
        )
    match = Match(
        game=preset.name,
        house_rules=dict(house_rules),
        side_names=list(side_names),
        player_names=list(player_names),
        first_dealer=first_dealer,
    )
    session.add(match)
    if commit:
        session.commit()
    else:
        session.flush()
    return match


def rematch(session: Session, token: str) -> Match:
    """A new match with the same game, house rules and names; the next player deals first."""
    old = find_match(session, token)
    preset = match_preset(old)
    return start_match(
        session,
        game=old.game,
        house_rules=old.house_rules,
        side_names=old.side_names,
        player_names=old.player_names,
        first_dealer=(old.first_dealer + 1) % preset.players,
    )


def _already_recorded(session: Session, match_id: int, form_token: str) -> bool:
    """Was a hand with this form's one-time token saved already (a double tap)?"""
    found = session.execute(
        select(Hand.id).where(Hand.match_id == match_id, Hand.client_token == form_token)
    ).first()
    return found is not None


def _record(session: Session, match_id: int, kind: str, hand: Hand, before=None) -> None:
    """Keep a change so Undo can take it back."""
    session.add(
        Change(match_id=match_id, kind=kind, hand_id=hand.id, position=hand.position, before=before)
    )


def _conflict(session: Session, token: str, seen: int) -> Conflict:
    """Another phone changed the match after this form was drawn: say what it did."""
    session.rollback()
    session.expire_all()
    state = load_match(session, token)
    return Conflict(
        said(
            "While you were entering this hand, another phone changed the match "
            "(%(change)s). Yours was not saved: check it against the ledger and save again",
            change=latest_change(session, state),
        ),
        version=state.match.version,
        change=changed_since(session, state, seen),
    )


SAVED_ALREADY = said("That hand is saved already.")


def add_hand(
    session: Session, token: str, entries: Mapping[str, Any], *, version: Any, form_token: Any
) -> Hand:
    """Record the next hand.

    Saved once however often Save is tapped (the form's one-time token: AlreadyRecorded),
    and never on top of a hand another phone saved meanwhile (the version: Conflict).
    Raises NotFound, Refused, GameOver and RuleError (naming the hand) too.
    """
    state = load_match(session, token)
    # A double tap of the hand that won is answered as the first tap was, not as too late.
    if is_form_token(form_token) and _already_recorded(session, state.match.id, form_token):
        raise AlreadyRecorded(SAVED_ALREADY)
    if state.over:
        raise GameOver(said("This match is over; start a rematch to play on."))
    check_table_open(session, state.match, adding=True)
    form_token = checked_form_token(form_token)
    version = checked_version(version)
    replay_entries(state.match, state.preset, [h.entries() for h in state.hands] + [entries])
    if not claim_version(session, Match, state.match.id, version):
        session.rollback()
        if _already_recorded(session, state.match.id, form_token):
            raise AlreadyRecorded(SAVED_ALREADY)
        raise _conflict(session, token, version)
    position = (state.hands[-1].position + 1) if state.hands else 1
    hand = Hand(match_id=state.match.id, position=position, client_token=form_token, **entries)
    session.add(hand)
    try:
        session.flush()
        _record(session, state.match.id, "add", hand)
        session.commit()
    except IntegrityError:
        # The same form saved this hand a moment ago, through another process.
        session.rollback()
        raise AlreadyRecorded(SAVED_ALREADY) from None
    return hand


@dataclass(frozen=True)
class EarlierEnd:
    """A correction that makes the game end sooner: the hands it leaves after the new end."""

    last: int  # the number of the hand that now ends the game
    reason: str  # why it ends there, as the ledger says it ("Us reached 1500")
    numbers: tuple[int, ...]  # the numbers of the hands after the new end
    hand_ids: tuple[int, ...]  # the same hands, by their ids

    @property
    def removed(self) -> str:
        """The hands after the new end, in words: ``hand 9`` or ``hands 9–11``."""
        if len(self.numbers) == 1:
            return said("hand %(number)s", number=self.numbers[0])
        # Translators: a range of hands, "hands 9–11" (an en dash between the numbers).
        return said("hands %(first)s\u2013%(last)s", first=self.numbers[0], last=self.numbers[-1])

    @property
    def sentence(self) -> str:
        """What the correction does to the match, and the two ways forward."""
        if len(self.numbers) == 1:
            return said(
                "With this change the game ends after hand %(last)s (%(reason)s), so "
                "%(removed)s would come after the end. Save and remove %(removed)s, or change "
                "this hand",
                last=self.last,
                reason=self.reason,
                removed=self.removed,
            )
        return said(
            "With this change the game ends after hand %(last)s (%(reason)s), so "
            "%(removed)s would all come after the end. Save and remove %(removed)s, or change "
            "this hand",
            last=self.last,
            reason=self.reason,
            removed=self.removed,
        )


class EndsEarlier(RuleError):
    """A correction that would leave hands after the game's new end: nothing was saved.

    ``end`` says which hands, so the page can offer to remove them in the same step.
    """

    def __init__(self, end: EarlierEnd) -> None:
        super().__init__(end.sentence, field="hand")
        self.end = end


def correction_end(state: MatchState, index: int, entries: Mapping[str, Any]) -> EarlierEnd | None:
    """Replay the whole match with hand ``index`` corrected: None when every hand still
    plays, the hands after the game's new end when it now ends sooner, and a RuleError
    (naming its hand) when the corrected hand itself breaks a rule."""
    changed = [h.entries() for h in state.hands]
    changed[index] = dict(entries)
    try:
        replay_entries(state.match, state.preset, changed)
    except RuleError as error:
        # The hands before the correction are as they were, so the game cannot end before
        # it: a later hand that no longer plays is one the new end left behind.
        if error.hand is None or error.hand <= index + 1:
            raise
        ledger = replay_entries(state.match, state.preset, changed[: error.hand - 1])
        if ledger.winner is None:
            raise
        return _earlier_end(state, ledger)
    return None


def _earlier_end(state: MatchState, ledger: Ledger) -> EarlierEnd:
    """The hands after the game's new end (the ledger replayed up to that end)."""
    last = len(ledger.rows)
    after = state.hands[last:]
    return EarlierEnd(
        last=last,
        reason=ledger.win_reason or "",
        numbers=tuple(range(last + 1, len(state.hands) + 1)),
        hand_ids=tuple(h.id for h in after),
    )


def edit_hand(
    session: Session,
    token: str,
    hand_id: int,
    entries: Mapping[str, Any],
    *,
    hand_version: Any,
    remove_after_end: Collection[int] = (),
) -> tuple[MatchState, int]:
    """Correct a past hand; every total and the winner after it follow from the replay.

    Returns the match as it was and the hand's index. If another phone changed the same
    hand since this form was drawn, nothing is overwritten: Conflict, carrying the hand's
    version now stored, so saving again replaces theirs.

    A correction that makes the game end sooner leaves hands after the end: EndsEarlier,
    unless ``remove_after_end`` names exactly those hands (by id), the player having
    agreed to remove them. Then they go with the correction, as one change (one version,
    one Undo puts them all back).
    """
    state = load_match(session, token)
    index = state.hand_index(hand_id)
    hand = state.hands[index]
    seen = checked_version(hand_version)
    check_table_open(session, state.match, adding=False)
    end = correction_end(state, index, entries)
    if end is not None and set(remove_after_end) != set(end.hand_ids):
        # Nothing agreed, or other hands than the ones now after the end: ask (again).
        raise EndsEarlier(end)
    before = hand.entries()
    updated = session.execute(
        update(Hand)
        .where(Hand.id == hand.id, Hand.version == seen)
        .values(version=Hand.version + 1, **entries)
        .execution_options(synchronize_session=False)
    )
    if updated.rowcount != 1:
        raise _hand_conflict(session, token, hand_id)
    removed = [] if end is None else state.hands[end.last :]
    for gone in removed:
        # Each as it was read: a hand another phone changed meanwhile is not removed unseen.
        deleted = session.execute(
            delete(Hand)
            .where(Hand.id == gone.id, Hand.version == gone.version)
            .execution_options(synchronize_session=False)
        )
        if deleted.rowcount != 1:
            session.rollback()
            raise Conflict(
                said(
                    "Another phone changed hand %(number)s or a later one while you were "
                    "saving; nothing was saved. Check the ledger, then save again",
                    number=end.numbers[0],
                ),
                version=seen,
            )
    bump_version(session, Match, state.match.id)
    if removed:
        kept = {
            "hand": before,
            "removed": [{"position": h.position, "id": h.id, **h.entries()} for h in removed],
        }
        _record(session, state.match.id, "trim", hand, kept)
    else:
        _record(session, state.match.id, "edit", hand, before)
    session.commit()
    return state, index


def _hand_conflict(session: Session, token: str, hand_id: int) -> Conflict:
    """Another phone changed the hands while this correction was being saved."""
    session.rollback()
    session.expire_all()
    now = load_match(session, token)
    index = now.hand_index(hand_id)
    return Conflict(
        said(
            "Another phone changed hand %(number)s while you were editing it; it now reads: "
            "%(outcome)s. Your change was not saved: save again to replace theirs",
            number=index + 1,
            outcome=now.ledger.rows[index].outcome.sentence,
        ),
        version=now.hands[index].version,
    )


def delete_hand(session: Session, token: str, hand_id: int) -> None:
    """Delete a past hand, unless that would leave hands after the game was won (Conflict).

    A hand deleted already (a double tap, or another phone) is no error: it is gone.
    """
    state = load_match(session, token)
    if hand_id > MAX_VERSION:
        raise NotFound()
    if all(hand.id != hand_id for hand in state.hands) and session.get(Hand, hand_id) is None:
        return
    index = state.hand_index(hand_id)
    hand = state.hands[index]
    check_table_open(session, state.match, adding=False)
    remaining = [h.entries() for i, h in enumerate(state.hands) if i != index]
    try:
        replay_entries(state.match, state.preset, remaining)
    except RuleError as error:
        raise Conflict(_why_not_deleted(state, index, remaining, error)) from None
    _record(session, state.match.id, "delete", hand, hand.entries())
    bump_version(session, Match, state.match.id)
    session.delete(hand)
    session.commit()


def _why_not_deleted(
    state: MatchState, index: int, remaining: list[dict[str, Any]], error: RuleError
) -> str:
    """Why a hand cannot be deleted, and what to do instead, in the ledger's numbering."""
    number = index + 1
    ledger = None
    if error.hand is not None and error.hand > number:
        ledger = replay_entries(state.match, state.preset, remaining[: error.hand - 1])
    if ledger is None or ledger.winner is None:
        return said(
            "Hand %(number)s cannot be deleted: without it, %(broken)s. Correct it instead.",
            number=number,
            broken=str(error),
        )
    # The game now ends on a hand after the deleted one: it is numbered one more today.
    last = len(ledger.rows) + 1
    later = EarlierEnd(
        last, ledger.win_reason or "", tuple(range(last + 1, len(state.hands) + 1)), ()
    )
    return said(
        "Hand %(number)s cannot be deleted: without it the game would end with hand %(last)s "
        "(%(reason)s), and %(removed)s would come after the end. Correct hand %(number)s "
        "instead, or delete %(removed)s first.",
        number=number,
        last=last,
        reason=later.reason,
        removed=later.removed,
    )


def undo(session: Session, token: str, *, version: Any) -> bool:
    """Undo the last change to the match's hands: an added, edited or deleted hand.

    The form names the version it was drawn at, so a double-tapped Undo undoes once (the
    second finds the match moved on and undoes nothing: False).
    """
    match = find_match(session, token)
    seen = checked_version(version)
    check_table_open(session, match, adding=False)
    if not claim_version(session, Match, match.id, seen):
        session.rollback()
        return False
    change = session.scalars(
        select(Change).where(Change.match_id == match.id).order_by(Change.id.desc()).limit(1)
    ).first()
    if change is not None:
        _take_back(session, match, change)
    session.commit()
    return change is not None


def clear_hands(session: Session, match: Match) -> None:
    """Take every hand of a match back, and what Undo kept of them (a club night's round
    started again): the match is as new, at its next version."""
    session.execute(delete(Change).where(Change.match_id == match.id))
    session.execute(delete(Hand).where(Hand.match_id == match.id))
    session.expire(match, ["hands"])
    bump_version(session, Match, match.id)


def _take_back(session: Session, match: Match, change: Change) -> None:
    """Put the match's hands back as they were before ``change``, and forget it."""
    hand = session.get(Hand, change.hand_id) if change.hand_id else None
    if hand is not None and hand.match_id != match.id:
        hand = None
    if change.kind == "add" and hand is not None:
        session.delete(hand)
    elif change.kind == "edit" and hand is not None:
        for name, value in change.before.items():
            setattr(hand, name, value)
    elif change.kind == "delete":
        _restore(session, match, change.hand_id, change.position, change.before)
    elif change.kind == "trim":
        # A correction and the hands it removed after the game's new end: all come back.
        if hand is not None:
            for name, value in change.before["hand"].items():
                setattr(hand, name, value)
        for removed in change.before["removed"]:
            _restore(session, match, removed["id"], removed["position"], removed)
    session.delete(change)


def _restore(
    session: Session, match: Match, hand_id: int | None, position: int, entries: Mapping[str, Any]
) -> None:
    """Put a deleted hand back at its place in the match."""
    restored = Hand(
        match_id=match.id,
        position=position,
        **{name: entries[name] for name in Hand.ENTERED if name in entries},
    )
    session.add(restored)
    session.flush()
    # Older changes to the deleted hand now refer to its restored copy.
    session.execute(
        update(Change)
        .where(Change.match_id == match.id, Change.hand_id == hand_id)
        .values(hand_id=restored.id)
    )
