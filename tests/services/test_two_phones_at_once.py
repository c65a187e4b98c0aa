"""Two phones (or a double tap) writing at the same moment: exactly one write lands.

Each phone is a thread with a session of its own; a barrier lets them go together, so
both read the same version before either writes. Run on SQLite and, under `make test`,
on PostgreSQL.
"""

from __future__ import annotations

import threading
from collections.abc import Callable

from sqlalchemy import func, select

from scorekeeper.extensions import db
from scorekeeper.models import DiceTurn, Hand
from scorekeeper.rules import FarkleTurn
from scorekeeper.services import dice, dice_turns, hands
from scorekeeper.services.errors import AlreadyRecorded, Conflict
from tests.helpers.stored import MADE, form_token

PHONES = 8
ROUNDS = 5


def race(app, write: Callable[[int], object]) -> list[object]:
    """Run ``write(phone)`` on every phone at once; what each returned or raised."""
    barrier = threading.Barrier(PHONES)
    outcomes: list[object] = [None] * PHONES

    def phone(number: int) -> None:
        with app.app_context():
            barrier.wait()
            try:
                outcomes[number] = write(number)
            except (Conflict, AlreadyRecorded) as refused:
                outcomes[number] = refused
            finally:
                db.session.remove()

    threads = [threading.Thread(target=phone, args=(n,)) for n in range(PHONES)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return outcomes


def count(app, model) -> int:
    with app.app_context():
        return db.session.scalar(select(func.count()).select_from(model))


def test_phones_sending_the_same_dice_turn_at_once_store_it_once(app, session, new_dice_game):
    token = new_dice_game("farkle", ("Ann", "Bob"))
    session.remove()
    for round_number in range(ROUNDS):
        version = round_number

        def send(phone: int, version=version) -> object:
            return dice_turns.add_farkle_turn(
                db.session,
                token,
                FarkleTurn(("5",), None),
                version=version,
                form_token=form_token(),
            )

        outcomes = race(app, send)
        stored = [o for o in outcomes if isinstance(o, DiceTurn)]
        assert len(stored) == 1, outcomes
        assert count(app, DiceTurn) == round_number + 1
    with app.app_context():
        positions = [turn.position for turn in dice.load_game(db.session, token).turns]
    assert positions == list(range(1, ROUNDS + 1))


def test_a_double_tap_of_one_dice_form_stores_one_turn(app, session, new_dice_game):
    token = new_dice_game("farkle", ("Ann", "Bob"))
    session.remove()
    tapped = form_token()

    def send(phone: int) -> object:
        return dice_turns.add_farkle_turn(
            db.session, token, FarkleTurn(("5",), None), version=0, form_token=tapped
        )

    outcomes = race(app, send)

    assert count(app, DiceTurn) == 1
    assert sum(isinstance(o, DiceTurn) for o in outcomes) == 1


def test_phones_tapping_undo_at_once_take_back_one_turn(app, session, new_dice_game):
    token = new_dice_game("farkle", ("Ann", "Bob"))
    for version in range(3):
        dice_turns.add_farkle_turn(
            session,
            token,
            FarkleTurn(("5",), None),
            version=version,
            form_token=form_token(),
        )
    session.remove()

    outcomes = race(app, lambda phone: dice_turns.undo_turn(db.session, token, version=3))

    assert outcomes.count(True) == 1
    assert count(app, DiceTurn) == 2


def test_phones_tapping_undo_at_once_take_back_one_hand(app, session, new_match):
    token = new_match()
    for version in range(3):
        hands.add_hand(session, token, MADE, version=version, form_token=form_token())
    session.remove()

    outcomes = race(app, lambda phone: hands.undo(db.session, token, version=3))

    assert outcomes.count(True) == 1
    assert count(app, Hand) == 2
