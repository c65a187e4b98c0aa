"""Trust at a real table, for dice games: two phones on one Yahtzee game both have the same
turn on screen and one enters it first; the other is shown what was entered and chooses.
Farkle turns banked and Yahtzee turns entered with no network are kept on the phone and
land once each, in order.

This branch has no service worker: the phones go offline after the page has loaded.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Page, expect

from scorekeeper.rules import yahtzee
from tests.e2e.playing import expect_totals, start_dice_game, tap_and_answer, watch_connection

pytestmark = pytest.mark.e2e

SEEN = 5000
TURNS_POSTED = re.compile(r"/dice/[^/]+/turns$")
ANN_ENTERED = "Another phone entered Ann's turn 1: 3 3 3 5 5 in Full house (25)"
NewPage = Callable[..., Page]


def enter_dice(page: Page, dice: str) -> None:
    """Type five dice; the card then shows what each box would score."""
    page.get_by_label("Dice", exact=True).fill(dice)
    expect(page.locator(".box-picker .hint")).to_contain_text(
        f"Tap a box to score {' '.join(dice)}"
    )


def tap_box(page: Page, name: str) -> int:
    """Tap a box of the card being played; the status the site answered with."""
    box = page.locator(".box-picker").get_by_role("button", name=name, exact=True)
    return tap_and_answer(page, box, "/turns")


def two_phones_on_anns_turn(new_page: NewPage) -> tuple[Page, Page]:
    """Ann and Cat both have Ann's turn on screen; Ann enters 3 3 3 5 5 as a full house
    while Cat has typed 1 2 3 4 5."""
    ann = new_page()
    start_dice_game(ann, ["Ann", "Bob", "Cat"])
    cat = new_page()
    cat.goto(urlsplit(ann.url).path)
    enter_dice(cat, "12345")
    enter_dice(ann, "33355")
    assert tap_box(ann, "Score 25 in Full house") == 303
    expect(ann.locator("#turn-title")).to_have_text("Bob's turn")
    return ann, cat


@pytest.mark.parametrize(
    ("choice", "totals", "next_name"),
    [("Same turn (discard mine)", (25, 0, 0), "Bob"), ("Enter mine for Bob", (25, 40, 0), "Cat")],
    ids=["same-turn", "next-turn"],
)
def test_a_stale_yahtzee_turn_shows_what_was_entered_and_the_choice(
    new_page: NewPage, choice: str, totals: tuple[int, ...], next_name: str
) -> None:
    _, cat = two_phones_on_anns_turn(new_page)

    assert tap_box(cat, "Score 40 in Large straight") == 409

    expect(cat.locator("#turn-conflict")).to_contain_text(ANN_ENTERED)
    expect(cat.get_by_label("Dice", exact=True)).to_have_value("12345")
    chosen = cat.locator("#conflict-choice").get_by_role("button", name=choice)
    if "discard" in choice:
        chosen.click()
        cat.wait_for_load_state("load")
    else:
        assert tap_and_answer(cat, chosen, "/turns") == 303
    expect(cat.locator("#turn-title")).to_have_text(f"{next_name}'s turn")
    expect(cat.locator("#turn-conflict")).to_have_count(0)
    expect_totals(cat, *totals)
    expect(cat.locator("#player-0 .turn-list li")).to_have_count(1)
    cat.reload()
    expect_totals(cat, *totals)


def bank_offline(page: Page, total: int) -> None:
    page.get_by_label("Or the turn's total").fill(str(total))
    page.get_by_role("button", name="Bank the turn").click()


def test_farkle_turns_banked_offline_wait_then_land_once_and_in_order(new_page: NewPage) -> None:
    ann = new_page()
    start_dice_game(ann, ["Ann", "Bob"], game="farkle")
    status, posts = watch_connection(ann)

    ann.context.set_offline(True)
    expect(status).to_contain_text("Offline")
    bank_offline(ann, 600)
    expect(status).to_contain_text("waiting to send: 1 (Ann's turn)")
    expect(ann.locator("#turn-title")).to_have_text("Bob's turn")
    expect(ann.get_by_label("Or the turn's total")).to_have_value("")
    bank_offline(ann, 500)
    expect(status).to_contain_text("waiting to send: 2 (Ann's turn, Bob's turn)")
    expect(ann.locator("#turn-1")).to_have_count(0)
    assert [url for url in posts if TURNS_POSTED.search(urlsplit(url).path)] == []

    ann.context.set_offline(False)

    expect(status).to_have_text("Online", timeout=SEEN)
    expect(ann.locator("#turn-1")).to_contain_text("Ann banks 600", timeout=SEEN)
    expect(ann.locator("#turn-2")).to_contain_text("Bob banks 500")
    expect(ann.locator("#turn-3")).to_have_count(0)
    expect_totals(ann, 600, 500)
    assert len([url for url in posts if TURNS_POSTED.search(urlsplit(url).path)]) == 2
    ann.reload()
    expect(ann.locator("ol.farkle-turns > li")).to_have_count(2)
    expect(ann.locator("#turn-title")).to_have_text("Ann's turn")


def test_a_farkle_turn_kept_offline_comes_back_as_the_conflict_after_another_phones_turn(
    new_page: NewPage,
) -> None:
    ann = new_page()
    start_dice_game(ann, ["Ann", "Bob"], game="farkle")
    bob = new_page()
    bob.goto(urlsplit(ann.url).path)

    ann.context.set_offline(True)
    bank_offline(ann, 700)
    expect(ann.locator("#connection")).to_contain_text("waiting to send: 1 (Ann's turn)")
    bob.get_by_label("Or the turn's total").fill("600")
    assert tap_and_answer(bob, bob.get_by_role("button", name="Bank the turn"), "/turns") == 303

    ann.context.set_offline(False)

    conflict = ann.locator("#turn-conflict")
    expect(conflict).to_contain_text("Another phone entered turn 1: Ann banks 600", timeout=SEEN)
    expect(ann.get_by_label("Or the turn's total")).to_have_value("700")
    expect(ann.locator("#connection")).to_have_text("Online")
    keep = ann.locator("#conflict-choice").get_by_role("button", name="Enter mine for Bob")
    assert tap_and_answer(ann, keep, "/turns") == 303
    expect(ann.locator("#turn-2")).to_contain_text("Bob banks 700")
    expect_totals(ann, 600, 700)


def keep_yahtzee_turn(page: Page, dice: str, box: str) -> None:
    """With no network: type the dice, then tap the box to score them in when back online."""
    page.get_by_label("Dice", exact=True).fill(dice)
    label = f"Score these dice in {yahtzee.BOX_LABELS[box]} when back online"
    page.locator("#later-boxes").get_by_role("button", name=label, exact=True).click()


def scored(dice: str, box: str) -> int:
    """What the rules core scores these dice in this box (the first turn: no joker)."""
    return yahtzee.box_score([int(face) for face in dice], box)


def yahtzee_turns_posted(posts: list[str]) -> int:
    return len([url for url in posts if TURNS_POSTED.search(urlsplit(url).path)])


def test_yahtzee_turns_entered_offline_wait_then_land_once_and_in_order(
    new_page: NewPage,
) -> None:
    ann = new_page()
    start_dice_game(ann, ["Ann", "Bob"])
    status, posts = watch_connection(ann)

    ann.context.set_offline(True)
    expect(status).to_contain_text("Offline")
    ann.get_by_label("Dice", exact=True).fill("33355")
    later = ann.locator("#later-boxes button")
    expect(later).to_have_count(len(yahtzee.BOXES))  # every box of Ann's card is open
    expect(later.first).not_to_contain_text("0")  # no score: the server scores it
    keep_yahtzee_turn(ann, "33355", "full_house")
    expect(status).to_contain_text("waiting to send: 1 (Ann's turn)")
    expect(ann.locator("#turn-title")).to_have_text("Bob's turn")
    expect(ann.get_by_label("Dice", exact=True)).to_have_value("")
    keep_yahtzee_turn(ann, "23456", "large_straight")
    expect(status).to_contain_text("waiting to send: 2 (Ann's turn, Bob's turn)")
    expect(ann.locator("#turn-title")).to_have_text("Ann's turn")
    assert yahtzee_turns_posted(posts) == 0

    ann.context.set_offline(False)

    expect(status).to_have_text("Online", timeout=SEEN)
    full_house = scored("33355", "full_house")
    large_straight = scored("23456", "large_straight")
    expect_totals(ann, full_house, large_straight, timeout=SEEN)
    expect(ann.locator("#player-0 .turn-list li")).to_have_count(1)
    expect(ann.locator("#player-0 .turn-list li").first).to_contain_text(
        f"Turn 1: 3 3 3 5 5 in Full house: {full_house}"
    )
    expect(ann.locator("#player-1 .turn-list li")).to_have_count(1)
    expect(ann.locator("#player-1 .turn-list li").first).to_contain_text(
        f"Turn 1: 2 3 4 5 6 in Large straight: {large_straight}"
    )
    assert yahtzee_turns_posted(posts) == 2
    ann.reload()
    expect_totals(ann, full_house, large_straight)
    expect(ann.locator("#turn-title")).to_have_text("Ann's turn")
    expect(status).to_have_text("Online")


def test_a_yahtzee_turn_kept_offline_that_scores_0_lands_as_the_question_and_is_entered_once(
    new_page: NewPage,
) -> None:
    ann = new_page()
    start_dice_game(ann, ["Ann", "Bob"])
    status = ann.locator("#connection")
    posts: list[str] = []
    ann.on("request", lambda r: posts.append(r.url) if r.method == "POST" else None)

    ann.context.set_offline(True)
    keep_yahtzee_turn(ann, "12345", "yahtzee")
    keep_yahtzee_turn(ann, "66666", "sixes")
    expect(status).to_contain_text("waiting to send: 2 (Ann's turn, Bob's turn)")

    ann.context.set_offline(False)

    assert scored("12345", "yahtzee") == 0
    expect(ann.locator("#confirm")).to_contain_text("1 2 3 4 5 scores 0 in Yahtzee", timeout=SEEN)
    expect(status).to_contain_text("waiting to send: 1 (Bob's turn)")
    expect(ann.locator("#player-0 .turn-list li")).to_have_count(0)

    ann.get_by_role("button", name="Yes, score 0 in Yahtzee").click()

    sixes = scored("66666", "sixes")
    expect_totals(ann, 0, sixes, timeout=SEEN)
    expect(status).to_have_text("Online")
    expect(ann.locator("#player-0 .turn-list li")).to_have_count(1)
    expect(ann.locator("#player-0 .turn-list li").first).to_contain_text("in Yahtzee: 0")
    expect(ann.locator("#player-1 .turn-list li")).to_have_count(1)
    expect(ann.locator("#player-1 .turn-list li").first).to_contain_text(f"in Sixes: {sixes}")
    assert yahtzee_turns_posted(posts) == 3  # Ann's kept turn, her yes to 0, Bob's kept turn
    ann.reload()
    expect_totals(ann, 0, sixes)
    expect(ann.locator("#player-0 .turn-list li")).to_have_count(1)


def test_the_yes_to_a_zero_tapped_offline_is_kept_and_lands_once(new_page: NewPage) -> None:
    ann = new_page()
    start_dice_game(ann, ["Ann", "Bob"])
    status, posts = watch_connection(ann)
    enter_dice(ann, "12345")
    assert tap_box(ann, "Score 0 in Yahtzee") == 200
    expect(ann.locator("#confirm")).to_contain_text("1 2 3 4 5 scores 0 in Yahtzee")

    ann.context.set_offline(True)
    expect(status).to_contain_text("Offline")
    ann.get_by_role("button", name="Yes, score 0 in Yahtzee").click()

    expect(status).to_contain_text("waiting to send: 1 (Ann's turn)")
    expect(ann.locator("#confirm")).to_have_count(0)
    expect(ann.locator("#turn-title")).to_have_text("Bob's turn")
    expect(ann.locator(".match-facts")).to_contain_text("Bob's turn")
    expect(ann.locator(".match-facts")).not_to_contain_text("Ann's turn")
    expect(ann.locator(".match-facts")).not_to_contain_text("left")
    assert yahtzee_turns_posted(posts) == 1  # only the tap that asked the question

    ann.context.set_offline(False)

    expect(status).to_have_text("Online", timeout=SEEN)
    expect(ann.locator("#player-0 .turn-list li")).to_have_count(1, timeout=SEEN)
    expect(ann.locator("#player-0 .turn-list li").first).to_contain_text("in Yahtzee: 0")
    expect(ann.locator("#turn-title")).to_have_text("Bob's turn")
    assert yahtzee_turns_posted(posts) == 2
    ann.reload()
    expect(ann.locator("#player-0 .turn-list li")).to_have_count(1)


def test_triple_yahtzee_turns_kept_offline_land_in_the_column_chosen(new_page: NewPage) -> None:
    ann = new_page()
    start_dice_game(ann, ["Ann", "Bob"], game="triple")
    status, posts = watch_connection(ann)

    ann.context.set_offline(True)
    ann.get_by_label("Dice", exact=True).fill("33355")
    # Every box of each of the three columns is offered, named with its column.
    expect(ann.locator("#later-boxes button")).to_have_count(3 * len(yahtzee.BOXES))
    label = "Score these dice in Full house ×2 when back online"
    ann.locator("#later-boxes").get_by_role("button", name=label, exact=True).click()
    expect(status).to_contain_text("waiting to send: 1 (Ann's turn)")
    expect(ann.locator("#turn-title")).to_have_text("Bob's turn")

    ann.context.set_offline(False)

    full_house = scored("33355", "full_house")
    expect_totals(ann, 2 * full_house, 0, timeout=SEEN)
    expect(ann.locator("#player-0 .turn-list li").first).to_contain_text(
        f"Turn 1: 3 3 3 5 5 in Full house ×2: {full_house}"
    )
    assert yahtzee_turns_posted(posts) == 1


def test_a_preview_the_network_drops_offers_the_boxes_to_keep_the_turn_for(
    new_page: NewPage,
) -> None:
    """The phone thinks it is online, but the preview's request fails on the way."""
    ann = new_page()
    start_dice_game(ann, ["Ann", "Bob"])
    turns = re.compile(r".*/dice/[^/]+/turns$")
    for dropped in ("**/dice/*?dice=*", turns):
        ann.route(dropped, lambda route: route.abort("internetdisconnected"))

    ann.get_by_label("Dice", exact=True).fill("33355")

    later = ann.locator("#later-boxes")
    expect(later).to_contain_text("No network: choose Ann's box for 33355")
    later.get_by_role("button", name="Score these dice in Full house when back online").click()
    expect(ann.locator("#connection")).to_contain_text("waiting to send: 1 (Ann's turn)")
    expect(ann.locator("#turn-title")).to_have_text("Bob's turn")

    for dropped in ("**/dice/*?dice=*", turns):
        ann.unroute(dropped)
    ann.context.set_offline(True)
    ann.context.set_offline(False)  # the browser's "online" event sends what waits

    expect_totals(ann, scored("33355", "full_house"), 0, timeout=SEEN)
    expect(ann.locator("#player-0 .turn-list li")).to_have_count(1)


def correcting_anns_full_house(new_page: NewPage) -> Page:
    """Ann scores 3 3 3 5 5 as a full house, then opens the page correcting that turn."""
    ann = new_page()
    start_dice_game(ann, ["Ann", "Bob"])
    enter_dice(ann, "33355")
    assert tap_box(ann, "Score 25 in Full house") == 303
    expect(ann.locator("#turn-title")).to_have_text("Bob's turn")  # the answer is drawn
    ann.locator("#player-0 > summary").click()
    ann.get_by_role("link", name="Correct Ann's turn 1").click()
    expect(ann.get_by_role("heading", name="Correct Ann's turn 1")).to_be_visible()
    return ann


def test_a_correction_saved_offline_waits_then_lands_once(new_page: NewPage) -> None:
    ann = correcting_anns_full_house(new_page)
    status, posts = watch_connection(ann)

    ann.context.set_offline(True)
    ann.get_by_label("Dice", exact=True).fill("44466")
    ann.get_by_role("button", name="Save the correction").click()

    expect(status).to_contain_text("waiting to send: 1 (Correct Ann's turn 1)")
    expect(ann.get_by_label("Dice", exact=True)).to_have_value("44466")  # nothing typed lost
    assert posts == []

    ann.context.set_offline(False)

    expect(ann.locator("#turn-title")).to_have_text("Bob's turn", timeout=SEEN)
    ann.locator("#player-0 > summary").click()
    expect(ann.locator("#player-0 .turn-list li")).to_contain_text("4 4 4 6 6 in Full house")
    assert len([url for url in posts if url.endswith("/edit")]) == 1
    expect(ann.locator("#connection")).to_have_text("Online")


# ---- Live: a phone is told before it saves.

ANN_BANKED = "Another phone entered turn 1: Ann banks 600"


def farkle_for_ann_bob_and_cat(new_page: NewPage) -> tuple[Page, Page]:
    """Ann and Cat both have a Farkle game's first turn (Ann's) on screen."""
    ann = new_page()
    start_dice_game(ann, ["Ann", "Bob", "Cat"], game="farkle")
    cat = new_page()
    cat.goto(urlsplit(ann.url).path)
    expect(cat.locator("#turn-title")).to_have_text("Ann's turn")
    return ann, cat


def bank_total(page: Page, total: int) -> None:
    page.get_by_label("Or the turn's total").fill(str(total))
    bank = page.get_by_role("button", name="Bank the turn")
    assert tap_and_answer(page, bank, "/turns") == 303


def test_a_phone_with_nothing_typed_follows_the_game(new_page: NewPage) -> None:
    ann, cat = farkle_for_ann_bob_and_cat(new_page)

    bank_total(ann, 600)

    expect(cat.locator("#turn-title")).to_have_text("Bob's turn", timeout=SEEN)
    expect_totals(cat, 600, 0, 0)
    expect(cat.locator("ol.farkle-turns > li")).to_have_count(1)
    expect(cat.locator("#turn-notice")).to_be_hidden()


@pytest.mark.parametrize(
    ("choice", "totals", "turns"),
    [("Same turn (discard mine)", (600, 0, 0), 1), ("Keep mine as Bob's turn", (600, 1000, 0), 2)],
    ids=["same-turn", "next-turn"],
)
def test_a_phone_typing_a_farkle_turn_is_told_before_it_banks(
    new_page: NewPage, choice: str, totals: tuple[int, ...], turns: int
) -> None:
    ann, cat = farkle_for_ann_bob_and_cat(new_page)
    cat.get_by_label("Kept dice, one throw per line").fill("5 5 5 5")

    bank_total(ann, 600)

    notice = cat.locator("#turn-notice")
    expect(notice).to_contain_text(ANN_BANKED, timeout=SEEN)
    expect(notice).to_contain_text("Is the turn you are entering the same one?")
    # Nothing typed is lost, and the form is still the one drawn for Ann's turn.
    expect(cat.get_by_label("Kept dice, one throw per line")).to_have_value("5 5 5 5")
    expect(cat.locator("#turn-title")).to_have_text("Ann's turn")
    expect_totals(cat, 600, 0, 0)  # the score itself follows the game

    notice.get_by_role("button", name=choice).click()

    expect(cat.locator("#turn-title")).to_have_text("Bob's turn")
    expect(cat.locator("#turn-notice")).to_be_hidden()
    if turns == 2:
        # Drawn again for Bob with the throws kept, and previewed against the game as it is.
        expect(cat.get_by_label("Kept dice, one throw per line")).to_have_value("5 5 5 5")
        expect(cat.locator("#farkle-preview")).to_contain_text("Bob banks 1000")
        bank = cat.get_by_role("button", name="Bank the turn")
        assert tap_and_answer(cat, bank, "/turns") == 303
    else:
        expect(cat.get_by_label("Kept dice, one throw per line")).to_have_value("")
    expect_totals(cat, *totals)
    expect(cat.locator("ol.farkle-turns > li")).to_have_count(turns)


def test_a_phone_with_yahtzee_dice_typed_keeps_them_for_the_next_player(new_page: NewPage) -> None:
    _, cat = two_phones_on_anns_turn(new_page)

    notice = cat.locator("#turn-notice")
    expect(notice).to_contain_text(ANN_ENTERED, timeout=SEEN)
    expect(cat.get_by_label("Dice", exact=True)).to_have_value("12345")
    notice.get_by_role("button", name="Keep mine as Bob's turn").click()

    expect(cat.locator("#turn-title")).to_have_text("Bob's turn")
    expect(cat.get_by_label("Dice", exact=True)).to_have_value("12345")
    assert tap_box(cat, "Score 40 in Large straight") == 303
    expect_totals(cat, 25, 40, 0)
    expect(cat.locator("#turn-title")).to_have_text("Cat's turn")


def test_a_correction_page_is_told_before_save_and_can_save_over_theirs(
    new_page: NewPage,
) -> None:
    ann = correcting_anns_full_house(new_page)
    cat = new_page()
    cat.goto(ann.url)
    cat.get_by_label("Dice", exact=True).fill("44466")

    ann.get_by_label("Dice", exact=True).fill("22233")
    save = ann.get_by_role("button", name="Save the correction")
    assert tap_and_answer(ann, save, "/edit") == 303

    notice = cat.locator("#edit-notice")
    expect(notice).to_contain_text(
        "Another phone changed this game (this turn is now Ann's turn 1: 2 2 2 3 3", timeout=SEEN
    )
    expect(cat.get_by_label("Dice", exact=True)).to_have_value("44466")
    save_mine = notice.get_by_role("button", name="Save mine over theirs")
    assert tap_and_answer(cat, save_mine, "/edit") == 303

    expect(cat.locator("#turn-title")).to_have_text("Bob's turn")
    cat.locator("#player-0 > summary").click()
    expect(cat.locator("#player-0 .turn-list li")).to_contain_text("4 4 4 6 6 in Full house")
