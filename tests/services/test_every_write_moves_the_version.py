"""The invariant the kept pages, the quick poll and the conflict checks rest on: every
write to a game's hands or turns moves its version, in the same transaction.

A kept page is keyed by the version and the quick poll answers "unchanged" by it, so a
write that left the version alone would show every phone a stale ledger, forever. Each
write service is listed here; a new one that is not fails the first test.
"""

from __future__ import annotations

import inspect

import pytest

from scorekeeper.extensions import db
from scorekeeper.rules import FarkleTurn
from scorekeeper.services import dice, dice_turns, hands, matches
from tests.helpers.stored import MADE, form_token, hand

# Services that start a new game (at version 0) or only read.
NOT_CHANGES = {
    "hands.start_match",
    "hands.rematch",
    "hands.correction_end",
    "dice_turns.start_dice_game",
    "dice_turns.play_again",
    "dice_turns.score_sheet_turn",
    "dice_turns.score_farkle_turn",
    "dice_turns.ready_for_turn",
}


def match_with_two_hands(session, new_match) -> tuple[str, list[int]]:
    token = new_match()
    ids = [
        hands.add_hand(session, token, MADE, version=v, form_token=form_token()).id
        for v in range(2)
    ]
    return token, ids


MATCH_WRITES = {
    "hands.add_hand": lambda s, t, ids, v: hands.add_hand(
        s, t, MADE, version=v, form_token=form_token()
    ),
    "hands.edit_hand": lambda s, t, ids, v: hands.edit_hand(
        s, t, ids[0], hand(bid=260), hand_version=0
    ),
    "hands.delete_hand": lambda s, t, ids, v: hands.delete_hand(s, t, ids[1]),
    "hands.undo": lambda s, t, ids, v: hands.undo(s, t, version=v),
    # A club night's round started again: every hand of the table taken back.
    "hands.clear_hands": lambda s, t, ids, v: (
        hands.clear_hands(s, matches.find_match(s, t)),
        s.commit(),
    ),
}
DICE_WRITES = {
    "dice_turns.add_sheet_turn": lambda s, t, ids, v: dice_turns.add_sheet_turn(
        s, t, "22222", "twos", None, version=v, form_token=form_token()
    ),
    "dice_turns.edit_sheet_turn": lambda s, t, ids, v: dice_turns.edit_sheet_turn(
        s, t, ids[0], "33333", "threes", None, version=v
    ),
    "dice_turns.undo_turn": lambda s, t, ids, v: dice_turns.undo_turn(s, t, version=v),
}
FARKLE_WRITES = {
    "dice_turns.add_farkle_turn": lambda s, t, ids, v: dice_turns.add_farkle_turn(
        s, t, FarkleTurn(("1",), None), version=v, form_token=form_token()
    ),
}


def test_every_write_service_is_checked_here():
    services = {
        f"{module.__name__.rsplit('.', 1)[1]}.{name}"
        for module in (hands, dice_turns)
        for name, function in inspect.getmembers(module, inspect.isfunction)
        if function.__module__ == module.__name__ and not name.startswith("_")
    }
    checked = set(MATCH_WRITES) | set(DICE_WRITES) | set(FARKLE_WRITES)
    assert services - NOT_CHANGES == checked


@pytest.mark.parametrize("write", MATCH_WRITES)
def test_a_match_write_moves_the_version_and_the_poll_sees_it(app, session, new_match, write):
    token, ids = match_with_two_hands(session, new_match)
    before = matches.match_version(session, token).version
    page_before = app.test_client().get(f"/matches/{token}").get_data()

    MATCH_WRITES[write](session, token, ids, before)

    session.expire_all()
    assert matches.match_version(session, token).version == before + 1
    poll = app.test_client().get(f"/matches/{token}/live?since={before}")
    assert poll.status_code == 200  # not the quick poll's "unchanged"
    assert app.test_client().get(f"/matches/{token}").get_data() != page_before


@pytest.mark.parametrize(
    ("write", "kind"),
    [*((write, "yahtzee") for write in DICE_WRITES), *((w, "farkle") for w in FARKLE_WRITES)],
)
def test_a_dice_write_moves_the_version(session, new_dice_game, write, kind):
    token = new_dice_game(kind)
    writes = {**DICE_WRITES, **FARKLE_WRITES}
    first_turn = "dice_turns.add_farkle_turn" if kind == "farkle" else "dice_turns.add_sheet_turn"
    writes[first_turn](session, token, [], 0)
    session.expire_all()
    state = dice.load_game(session, token)
    ids, before = [turn.id for turn in state.turns], state.game.version

    writes[write](session, token, ids, before)

    session.expire_all()
    assert dice.load_game(session, token).game.version == before + 1
    db.session.remove()
