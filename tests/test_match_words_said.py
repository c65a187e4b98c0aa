"""The words Python makes about a match are said in the phone's language (issue 26): a
refused hand's reasons, another phone's news, Undo's note, a refused delete, the ledger's
spreadsheet, the result card and an error page. Drawn in the made-up language of
tests/test_every_word_marked.py (every message its English between ⟦ and ⟧, the players'
names Greek), none shows an English word outside the brackets."""

from __future__ import annotations

import html
import xml.etree.ElementTree as ET

import pytest
from werkzeug.datastructures import MultiDict
from wtforms import IntegerField, StringField
from wtforms.validators import Length, NumberRange

from scorekeeper.extensions import db
from scorekeeper.rules import Said, said
from scorekeeper.services import matches
from scorekeeper.validators import PlainForm
from scorekeeper.words import capitalised, wins
from tests.helpers.html import filled, form_to
from tests.helpers.play import hand_form, new_match, open_page, post_hand, save_hand
from tests.test_every_word_marked import PLAYERS, english_left, pseudo_site

NAMES = {f"player_names-{seat}": name for seat, name in enumerate(PLAYERS)}
NAMES.update({"side_names-0": "Ομάδα Α", "side_names-1": "Ομάδα Β"})
# Ομάδα Α bids 250 in spades and makes it.
MADE = {"bidder": "0", "bid": "250", "trump": "0", "meld-0": "100", "meld-1": "50"}
MADE.update({"tricks-0": "200", "tricks-1": "50"})


@pytest.fixture
def pseudo(make_site, tmp_path):
    return pseudo_site(make_site, tmp_path)


def phone_of(site):
    """A phone that chose the made-up language."""
    phone = site.test_client()
    phone.set_cookie("language", "de")
    return phone


def unsaid(response) -> list[str]:
    return english_left(response.get_data(as_text=True))


@pytest.mark.parametrize(
    "typed",
    [
        {"bidder": "0", "bid": "255"},  # a bid off the steps, and no trump
        {**MADE, "meld-0": "abc"},  # not a number
        {**MADE, "meld-1": "9999999"},  # past any score
        {**MADE, "tricks-0": "10", "tricks-1": "10"},  # tricks that do not add up
        {**MADE, "action": "fly"},  # a button no page draws
        {**MADE, "version": "x"},  # a form no page drew
    ],
)
def test_a_refused_hand_is_told_in_the_phones_language(pseudo, typed):
    phone = phone_of(pseudo)
    token = new_match(phone, typed=NAMES)

    refused = post_hand(phone, token, typed)

    assert refused.status_code == 422
    assert unsaid(refused) == []


def test_another_phones_save_is_told_in_the_phones_language(pseudo):
    first, second = phone_of(pseudo), phone_of(pseudo)
    token = new_match(first, typed=NAMES)
    typed = hand_form(second, token)
    save_hand(first, token, MADE)

    conflict = second.post(f"/matches/{token}/hands", data=filled(typed, MADE))
    news = second.get(f"/matches/{token}/live?since=0&form=0", headers={"HX-Request": "true"})

    assert conflict.status_code == 409
    assert unsaid(conflict) == []
    assert unsaid(news) == []


def test_undo_and_its_note_are_said_in_the_phones_language(pseudo):
    phone = phone_of(pseudo)
    token = new_match(phone, typed=NAMES)
    save_hand(phone, token, MADE)
    undo = form_to(open_page(phone, f"/matches/{token}"), f"/matches/{token}/undo", class_="undo")

    phone.post(undo.attrs["action"], data=filled(undo, {}))
    page = phone.get(f"/matches/{token}")

    assert "⟦Undone: ⟦save hand 1⟧.⟧" in page.get_data(as_text=True)
    assert unsaid(page) == []


def test_a_refused_delete_is_said_in_the_phones_language(pseudo):
    phone = phone_of(pseudo)
    token = new_match(phone, typed=NAMES)
    # Ομάδα Α reaches 1500 on hand 3 once hand 2 is gone, leaving hand 4 after the end.
    for meld, bid in ((1300, 250), (100, 400), (150, 250)):
        hand = {**MADE, "bid": str(bid), "meld-0": str(meld), "meld-1": "0"}
        save_hand(phone, token, {**hand, "tricks-0": "150", "tricks-1": "100"})
    hand = {**MADE, "bidder": "1", "meld-0": "0", "meld-1": "200"}
    save_hand(phone, token, {**hand, "tricks-0": "100", "tricks-1": "150"})
    with pseudo.app_context():
        second = matches.load_match(db.session, token).hands[1].id
    edit = f"/matches/{token}/hands/{second}/edit"
    delete = form_to(open_page(phone, edit), f"/matches/{token}/hands/{second}/delete")

    refused = phone.post(delete.attrs["action"], data=filled(delete, {}))

    assert refused.status_code == 409
    assert unsaid(refused) == []


def test_the_ledgers_spreadsheet_has_its_headings_in_the_phones_language(pseudo):
    phone = phone_of(pseudo)
    token = new_match(phone, typed=NAMES)
    save_hand(phone, token, MADE)

    sheet = phone.get(f"/matches/{token}/ledger.csv").get_data(as_text=True)

    assert sheet.splitlines()[0].startswith("\ufeff⟦Hand⟧,⟦Dealer⟧,⟦Bidder⟧,⟦Bid⟧")
    assert "250" in sheet.splitlines()[1]  # numbers stay digits a spreadsheet reads
    assert english_left(f"<p>{html.escape(sheet)}</p>") == []


def test_the_result_card_is_drawn_in_the_phones_language(pseudo):
    phone = phone_of(pseudo)
    token = new_match(phone, typed={**NAMES, "rule-target": "250"})
    save_hand(phone, token, MADE)
    with pseudo.app_context():
        view = matches.match_version(db.session, token).view_token

    card = ET.fromstring(phone.get(f"/matches/watch/{view}/card.svg").data)
    texts = [text.text for text in card.iter("{http://www.w3.org/2000/svg}text")]

    # The game's name is cut before its explanation, "(four players, two teams)", as the
    # phone's language writes it: here inside the made-up language's brackets.
    game, *others = texts
    assert game.startswith("⟦Pinochle · ⟦Partnership")
    assert "⟦Ομάδα Α wins⟧" in others
    assert english_left(f"<p>{html.escape(' '.join(others))}</p>") == []


def test_an_error_page_is_said_in_the_phones_language(pseudo):
    phone = phone_of(pseudo)

    missing = phone.get("/matches/watch/" + "a" * 24)
    refused = phone.post("/matches/watch/" + "a" * 24)

    assert missing.status_code == 404 and refused.status_code == 403
    assert unsaid(missing) == [] and unsaid(refused) == []


# ---- The sentences themselves: English as before, still said once filled in.


class Sample(PlainForm):
    count = IntegerField("Count", validators=[NumberRange(min=1, max=9)])
    name = StringField("Name", validators=[Length(max=3)])


def test_wtforms_messages_filled_in_by_wtforms_stay_said():
    form = Sample(MultiDict({"count": "12", "name": "Annabel"}))
    form.validate()

    (count,), (name,) = form.errors["count"], form.errors["name"]

    assert count == "Enter a number from 1 to 9." and isinstance(count, Said)
    assert count.message == "Enter a number from %(min)s to %(max)s."
    assert name == "Too long: use at most 3 characters." and isinstance(name, Said)
    assert name.plural == "Too long: use at most %(max)s characters."


def test_a_capitalised_sentence_keeps_its_message():
    sentence = said("bid %(bid)s is not a multiple of %(step)s", bid=255, step=10)

    made = capitalised(sentence)

    assert made == "Bid 255 is not a multiple of 10." and isinstance(made, Said)
    assert capitalised("which suit was trump?") == "Which suit was trump?"


def test_a_side_named_by_two_players_wins_in_the_plural():
    assert (wins("Bob & Dan"), wins("Us")) == ("Bob & Dan win", "Us wins")
    assert wins("Us").message == "%(side)s wins"
