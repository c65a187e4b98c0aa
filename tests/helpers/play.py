"""Playing through the site as a phone does: every write reads its form from the page just
drawn and sends all of that form's fields (hidden ones too: csrf_token, version,
client_token, number …) with what the player typed.

Each step takes the phone (a Flask test client) first, so module-scoped fixtures can use
them; the ``play`` fixture binds them to the test's client (``play.save_hand(token, hand)``).
A test that means to send a request no page would draw posts it itself.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import partial
from urllib.parse import urlsplit

from tests.helpers.html import Element, alerts, filled, form_of, form_to, read


def match_url(token: str, rest: str = "") -> str:
    """A match's address: ``token`` is the edit link's token, never the row's number."""
    return f"/matches/{token}{rest}"


def dice_url(token: str, rest: str = "") -> str:
    """A dice game's address: its link token, never its row id."""
    return f"/dice/{token}{rest}"


def token_of(response) -> str:
    """Where a redirect goes: the token at the end of its address."""
    return urlsplit(response.headers["Location"]).path.rsplit("/", 1)[1]


def open_page(phone, url: str, headers=None) -> Element:
    """GET a page that must be there (200), read."""
    response = phone.get(url, headers=headers or {})
    assert response.status_code == 200, (url, response.status_code)
    return read(response)


def submit(phone, form: Element, typed: dict[str, object] | None = None, headers=None):
    """Send a form as drawn, with ``typed`` typed into it (see html.filled)."""
    return phone.post(form.attrs["action"], data=filled(form, typed), headers=headers or {})


def saved(response, where: str) -> None:
    """Assert a write went through: a 303 to ``where`` (else show the page's alerts)."""
    assert response.status_code == 303, (response.status_code, alerts(read(response)))
    assert urlsplit(response.headers["Location"]).path == where


# ------------------------------------------------------------------------------ pinochle


def start_match(phone, game="partnership", typed=None, headers=None):
    """Fill in the new-match form for ``game`` as a player would and send it; a player not
    typed in ``typed`` is called as the seat is ("Player 2"): the form refuses a blank."""
    form = form_to(open_page(phone, f"/matches/new?game={game}"), "/matches/new")
    seats = [name for name in filled(form) if name.startswith("player_names-")]
    named = {seat: f"Player {int(seat.rsplit('-', 1)[1]) + 1}" for seat in seats}
    return submit(phone, form, {**named, **(typed or {})}, headers)


def new_match(phone, game="partnership", typed=None) -> str:
    """Start a match; returns its edit token."""
    response = start_match(phone, game, typed)
    assert response.status_code == 303, alerts(read(response))
    return token_of(response)


def hand_form(phone, token: str) -> Element:
    """The next hand's form on the match page, as this phone draws it now."""
    return form_to(open_page(phone, match_url(token)), match_url(token, "/hands"))


def post_hand(phone, token: str, typed: dict[str, object], headers=None):
    """Type a hand into the match page's form and tap Save (or the action typed)."""
    return submit(phone, hand_form(phone, token), typed, headers)


def save_hand(phone, token: str, typed: dict[str, object]) -> None:
    """Enter a hand that the site must accept."""
    saved(post_hand(phone, token, typed), match_url(token))


def edit_form(phone, token: str, hand_id: int) -> Element:
    """A hand's edit form, as its edit page draws it now."""
    edit = match_url(token, f"/hands/{hand_id}/edit")
    return form_to(open_page(phone, edit), edit)


def edit_hand(phone, token: str, hand_id: int, typed: dict[str, object], headers=None):
    """Change a hand on its edit page and save it."""
    return submit(phone, edit_form(phone, token, hand_id), typed, headers)


def delete_hand(phone, token: str, hand_id: int, headers=None):
    """Tap Delete on a hand's edit page."""
    page = open_page(phone, match_url(token, f"/hands/{hand_id}/edit"))
    return submit(phone, form_to(page, match_url(token, f"/hands/{hand_id}/delete")), {}, headers)


def undo(phone, token: str, headers=None):
    """Tap Undo on the match page."""
    # The ledger's Undo (the note of this phone's last save offers the same, once).
    form = form_to(open_page(phone, match_url(token)), match_url(token, "/undo"), class_="undo")
    return submit(phone, form, {}, headers)


# ---------------------------------------------------------------------------------- dice


def start_dice_game(
    phone, kind="yahtzee", names: Iterable[str] = ("Ann", "Bob"), rules=None, headers=None
):
    """Fill in the new-game form (names in order, house rules by name) and send it."""
    form = form_to(open_page(phone, f"/dice/new?kind={kind}"), "/dice/new")
    typed: dict[str, object] = {f"player_names-{seat}": name for seat, name in enumerate(names)}
    typed.update({f"rule-{name}": value for name, value in (rules or {}).items()})
    return submit(phone, form, typed, headers)


def new_dice_game(phone, kind="yahtzee", names=("Ann", "Bob"), rules=None) -> str:
    """Start a dice game; returns its link token."""
    response = start_dice_game(phone, kind, names, rules)
    assert response.status_code == 303, alerts(read(response))
    return token_of(response)


def tap_box(phone, token: str, dice: str, slot: str, confirm=None, headers=None):
    """Enter the dice on a Yahtzee sheet and tap a box (``confirm``: the zero's yes).

    The box picker is read from the sheet as drawn before the dice are entered, so dice
    the site would refuse can be sent too.
    """
    form = form_to(
        open_page(phone, dice_url(token)), dice_url(token, "/turns"), class_="box-picker"
    )
    typed = {"dice": dice, "slot": slot}
    if confirm:
        typed["confirm"] = confirm
    return submit(phone, form, typed, headers)


def score(phone, token: str, dice: str, slot: str) -> None:
    """Score the dice in a box, saying yes when the page asks to confirm a zero."""
    response = tap_box(phone, token, dice, slot)
    if response.status_code == 200:
        yes = read(response).by_id("confirm").one("button", type="submit")
        assert yes.attrs["value"] == slot
        response = submit(phone, form_of(yes), {"slot": yes.attrs["value"]})
    saved(response, dice_url(token))


def farkle_turn(phone, token: str, throws=(), total=None, action="bank", headers=None):
    """Type a Farkle turn's throws (one line each) and total, and tap Bank (or Farkle)."""
    form = form_to(open_page(phone, dice_url(token)), dice_url(token, "/turns"))
    typed = {"throws": "\n".join(throws), "total": "" if total is None else total}
    typed["action"] = action
    return submit(phone, form, typed, headers)


def bank(phone, token: str, throws=(), total=None, action="bank") -> None:
    """Enter a Farkle turn that the site must accept."""
    saved(farkle_turn(phone, token, throws, total, action), dice_url(token))


def correct_turn(phone, token: str, turn_id: int, typed: dict[str, object], headers=None):
    """Change a past turn on its correction page and save it."""
    edit = dice_url(token, f"/turns/{turn_id}/edit")
    return submit(phone, form_to(open_page(phone, edit), edit), typed, headers)


def undo_turn(phone, token: str, headers=None):
    """Tap Undo on a dice game's page."""
    form = form_to(open_page(phone, dice_url(token)), dice_url(token, "/undo"))
    return submit(phone, form, {}, headers)


STEPS = (
    open_page,
    submit,
    start_match,
    new_match,
    hand_form,
    post_hand,
    save_hand,
    edit_form,
    edit_hand,
    delete_hand,
    undo,
    start_dice_game,
    new_dice_game,
    tap_box,
    score,
    farkle_turn,
    bank,
    correct_turn,
    undo_turn,
)


class Play:
    """Every step above, bound to one phone: ``Play(client).new_match()``."""

    def __init__(self, phone) -> None:
        self.phone = phone
        for step in STEPS:
            setattr(self, step.__name__, partial(step, phone))
