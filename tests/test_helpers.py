"""The tests' own helpers: the HTML reader sends what a browser sends, and the steps of
play send every field of the form the page drew."""

from __future__ import annotations

from flask import request

from tests.helpers.html import alerts, fields_of, filled, form_to, links, read

FORM = """<!doctype html>
<main>
  <form method="post" action="/somewhere">
    <input type="hidden" name="csrf_token" value="t0ken">
    <input type="hidden" name="added_later" value="7">
    <input name="bid" value="250"><input name="blank">
    <input type="radio" name="trump" value="0"><input type="radio" name="trump" value="2" checked>
    <input type="checkbox" name="all_passed" value="y">
    <input type="checkbox" name="turned_nine" value="y" checked>
    <input type="checkbox" name="plain" checked>
    <input name="off" value="x" disabled>
    <select name="game"><option value="a">A</option><option value="b" selected>B</option></select>
    <select name="first"><option>North</option><option>East</option></select>
    <textarea name="throws">
1 5
2 2</textarea>
    <button type="submit" name="action" value="save">Save</button>
    <p id="bid-error" role="alert">bid 255 is not a <b>multiple</b> of 10</p>
  </form>
  <form method="post" action="/elsewhere"></form>
  <p>Read <a href="/rules">the <em>rules</em></a>, <a href="/meld">meld</a>.</p>
</main>
"""


def test_a_form_sends_what_a_browser_sends_for_it_untouched():
    form = form_to(read(FORM), "/somewhere")

    assert fields_of(form) == {
        "csrf_token": "t0ken",
        "added_later": "7",
        "bid": "250",
        "blank": "",
        "trump": "2",
        "turned_nine": "y",
        "plain": "on",
        "game": "b",
        "first": "North",
        "throws": "1 5\n2 2",
    }


def test_typing_into_a_form_keeps_its_hidden_fields():
    form = form_to(read(FORM), "/somewhere")

    sent = filled(form, {"bid": 300, "all_passed": True, "turned_nine": False, "blank": None})

    assert sent["csrf_token"] == "t0ken" and sent["added_later"] == "7"
    assert (sent["bid"], sent["all_passed"]) == ("300", "y")
    assert "turned_nine" not in sent and "blank" not in sent


def test_a_page_is_read_for_its_alerts_links_and_text():
    page = read(FORM)

    assert alerts(page) == {"bid-error": "bid 255 is not a multiple of 10"}
    assert links(page) == ["/rules", "/meld"]
    assert page.all("p")[-1].text == "Read the rules, meld."


def test_the_steps_of_play_post_every_field_of_the_drawn_form(app, play):
    posted = []

    @app.before_request
    def note_the_form():
        if request.method == "POST":
            posted.append(request.form.to_dict())

    token = play.new_match()
    drawn = fields_of(play.hand_form(token))
    hand = {"bidder": 0, "bid": 250, "trump": 0, "meld-0": 100, "meld-1": 50}
    play.save_hand(token, {**hand, "tricks-0": 200, "tricks-1": 50, "action": "save"})

    sent = posted[-1]
    assert {"csrf_token", "version", "client_token", "hand_version"} <= set(drawn) <= set(sent)
    # The step draws the page again: the same session's CSRF token, signed anew (its
    # signature carries the second it was made), and the same version.
    session_token = sent["csrf_token"].split(".")[0]
    assert session_token == drawn["csrf_token"].split(".")[0]
    assert sent["version"] == drawn["version"]
    assert sent["client_token"]
    assert sent["bid"] == "250" and sent["action"] == "save"
