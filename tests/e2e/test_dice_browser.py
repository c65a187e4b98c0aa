"""The dice score sheets in a real browser, played like a kitchen table plays them (issue 5).

Players roll real dice and the phone keeps the card: each Yahtzee turn's dice go in by
tapping the face buttons or by typing them ("33356"), the card shows what every open box
would score, and a tap on a box scores it. Farkle turns go in as the kept dice of each
throw, as the turn's total, or as a farkle. The expected numbers follow RULES.md; each
turn's arithmetic is spelled out next to it.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Locator, Page, expect

from tests.e2e.playing import (
    SMALL_PHONE,
    expect_stayed_on_site,
    expect_totals,
)
from tests.e2e.playing import start_dice_game as start_game

pytestmark = pytest.mark.e2e

TAP_TARGET = 44  # px, the site's quality bar for anything a thumb taps
Screenshot = Callable[[Page, str], Path]

FORCED_TO_SIXES = "The joker rule says this Yahtzee must go in sixes, which is open."
FORCED_TO_LOWER = (
    "The joker rule says this Yahtzee must go in a lower box while one is open: three of a "
    "kind, four of a kind, full house, small straight, large straight or chance."
)


# ------------------------------------------------------------------ playing the site


# ------------------------------------------------------------------ Yahtzee


def expect_to_play(page: Page, name: str, boxes_left: int) -> None:
    """Whose turn it is, said three times: the facts line, the turn's heading, the scoreboard."""
    boxes = f"{boxes_left} box{'es' if boxes_left != 1 else ''} left"
    expect(page.locator(".match-facts")).to_contain_text(f"{name}'s turn · {boxes}")
    expect(page.locator("#turn-title")).to_have_text(f"{name}'s turn")
    expect(page.locator(".scoreboard .side.to-play .side-name")).to_have_text(name)


def dice_field(page: Page) -> Locator:
    return page.get_by_label("Dice", exact=True)


def expect_preview(page: Page, dice: str, typed: str | None = None) -> None:
    """The card now shows what each open box would score with these dice (as typed)."""
    expect(page.locator(".box-picker .hint")).to_contain_text(
        f"Tap a box to score {' '.join(dice)} in it"
    )
    expect(dice_field(page)).to_have_value(typed or dice)


def type_dice(page: Page, text: str) -> None:
    """Type the dice as a player would ("33356"); five dice show their scores at once."""
    dice_field(page).fill(text)
    expect_preview(page, re.sub(r"\D", "", text), typed=text)


def tap_dice(page: Page, dice: str) -> None:
    """Tap the face buttons one die at a time; the fifth shows what they score."""
    expect(dice_field(page)).to_have_value("")
    for count, face in enumerate(dice, start=1):
        page.get_by_role("button", name=f"Add a {face}", exact=True).click()
        if count < len(dice):
            expect(dice_field(page)).to_have_value(dice[:count])
    expect_preview(page, dice)


def box_button(page: Page, name: str) -> Locator:
    """A box of the card being played (``Score 25 in Full house``, ``Chance: not allowed``)."""
    return page.locator(".box-picker").get_by_role("button", name=name, exact=True)


def score_box(page: Page, where: str, points: int, bonus: int = 0) -> None:
    """Tap the box that scores these points (and bonus) with the dice entered."""
    extra = f" and a {bonus} bonus" if bonus else ""
    box_button(page, f"Score {points}{extra} in {where}").click()


def play(
    page: Page,
    name: str,
    dice: str,
    where: str,
    points: int,
    *,
    bonus: int = 0,
    tap: bool = False,
) -> None:
    """One whole turn of this player's: the dice (tapped or typed), then the box tapped."""
    expect(page.locator("#turn-title")).to_have_text(f"{name}'s turn")
    if tap:
        tap_dice(page, dice)
    else:
        type_dice(page, dice)
    score_box(page, where, points, bonus)


def after_turn(page: Page, totals: tuple[int, int], next_name: str, boxes_left: int) -> None:
    """The turn is on the sheet: both totals, and the next player to roll."""
    expect_to_play(page, next_name, boxes_left)
    expect_totals(page, *totals)
    expect(dice_field(page)).to_have_value("")
    expect(page.locator(".box-picker .hint")).to_have_text(
        "Enter the dice to see what each box would score."
    )


def card_row(page: Page, player: int, row: str) -> Locator:
    """The cells of one row (``Upper bonus``, ``Total`` …) of a player's card under Final cards."""
    line = page.locator(f"#card-{player} tr").filter(
        has=page.locator("th", has_text=re.compile(rf"^{re.escape(row)}$"))
    )
    return line.locator("td")


def test_two_player_yahtzee_game_to_the_end(
    page: Page, requested: list[str], live_server: str, screenshot: Screenshot
) -> None:
    """26 turns: Yahtzee, two extra Yahtzees as jokers, a confirmed zero, one upper bonus."""
    game_url = start_game(page, ["Ann", "Bob"])
    expect(page.locator(".match-facts")).to_contain_text("Yahtzee · joker forced")
    expect_to_play(page, "Ann", 13)
    expect_totals(page, 0, 0)

    # Turn 1, Ann types 55555. Before a box is picked, the card shows every box's score
    # (RULES.md): fives 5 × 5 = 25, other upper boxes 0; three and four of a kind and
    # chance the sum, 25; five of a kind is no full house or straight when it is no joker
    # (0); Yahtzee 50. Ann takes the Yahtzee: 50.
    type_dice(page, "55555")
    for where, points in [
        ("Ones", 0),
        ("Twos", 0),
        ("Threes", 0),
        ("Fours", 0),
        ("Fives", 25),
        ("Sixes", 0),
        ("Three of a kind", 25),
        ("Four of a kind", 25),
        ("Full house", 0),
        ("Small straight", 0),
        ("Large straight", 0),
        ("Yahtzee", 50),
        ("Chance", 25),
    ]:
        expect(box_button(page, f"Score {points} in {where}")).to_be_enabled()
    expect(page.locator(".box-picker button.score")).to_have_count(13)
    score_box(page, "Yahtzee", 50)
    # Ann 50.
    after_turn(page, (50, 0), "Bob", 13)

    # Bob taps 1 1 2 3 4 in ones: 1 + 1 = 2. Bob 2.
    play(page, "Bob", "11234", "Ones", 2, tap=True)
    after_turn(page, (50, 2), "Ann", 12)

    # Turn 2, Ann taps 66666: an extra Yahtzee with 50 in the Yahtzee box, so +100. Under
    # `forced` the matching upper box, sixes, is open and must take it: 6 × 5 = 30.
    # Every other open box is disabled, pointing to the reason.
    tap_dice(page, "66666")
    expect(page.locator("ul.reasons li")).to_have_text([FORCED_TO_SIXES])
    for where in ["Ones", "Fives", "Three of a kind", "Full house", "Large straight", "Chance"]:
        forbidden = box_button(page, f"{where}: not allowed")
        expect(forbidden).to_be_disabled()
        expect(forbidden).to_have_accessible_description(FORCED_TO_SIXES)
    expect(page.locator(".box-picker button.score:enabled")).to_have_count(1)
    expect(box_button(page, "Score 30 and a 100 bonus in Sixes")).to_contain_text("+100")
    score_box(page, "Sixes", 30, bonus=100)
    # Ann 50 + 30 + 100 = 180.
    after_turn(page, (180, 2), "Bob", 12)

    # Bob types 22256 in twos: 2 × 3 = 6. Bob 2 + 6 = 8.
    play(page, "Bob", "22256", "Twos", 6)
    after_turn(page, (180, 8), "Ann", 11)

    # Ann types 11123 in ones: 1 × 3 = 3. Ann 183.
    play(page, "Ann", "11123", "Ones", 3)
    after_turn(page, (183, 8), "Bob", 11)

    # Bob types "3 3 3 5 6" (spaced) in threes: 3 × 3 = 9. Bob 17.
    play(page, "Bob", "3 3 3 5 6", "Threes", 9)
    after_turn(page, (183, 17), "Ann", 10)

    # Ann taps 22245 in twos: 2 × 3 = 6. Ann 189.
    play(page, "Ann", "22245", "Twos", 6, tap=True)
    after_turn(page, (189, 17), "Bob", 10)

    # Bob taps 44456 in fours: 4 × 3 = 12. Bob 29.
    play(page, "Bob", "44456", "Fours", 12, tap=True)
    after_turn(page, (189, 29), "Ann", 9)

    # Ann types 33315 in threes: 3 × 3 = 9. Ann 198.
    play(page, "Ann", "33315", "Threes", 9)
    after_turn(page, (198, 29), "Bob", 9)

    # Bob types 55512 in fives: 5 × 3 = 15. Bob 44.
    play(page, "Bob", "55512", "Fives", 15)
    after_turn(page, (198, 44), "Ann", 8)

    # Ann types 44412 in fours: 4 × 3 = 12. Ann 210; her upper boxes hold
    # 3 + 6 + 9 + 12 + 30 = 60, fives still open: 63 - 60 = 3 more for the bonus.
    play(page, "Ann", "44412", "Fours", 12)
    after_turn(page, (210, 44), "Bob", 8)
    expect(page.locator("#player-0 .bonus-progress")).to_have_text("3 more for the 35 bonus")

    # Bob taps 66612 in sixes: 6 × 3 = 18. Bob 62; his upper boxes are all filled with
    # 2 + 6 + 9 + 12 + 15 + 18 = 62, one short of 63: no bonus.
    play(page, "Bob", "66612", "Sixes", 18, tap=True)
    after_turn(page, (210, 62), "Ann", 7)
    expect(page.locator("#player-1 .bonus-progress")).to_have_text(
        "No 35 bonus: the upper boxes total 62 of 63"
    )
    expect(card_row(page, 1, "Upper bonus")).to_have_text(["0"])

    # Turn 7, Ann types 44444: another extra Yahtzee, +100. Fours is filled, so under
    # `forced` any open lower box takes it at full value, and the open upper box (fives)
    # may not. Ann puts it in large straight: 40 as a joker.
    type_dice(page, "44444")
    expect(page.locator("ul.reasons li")).to_have_text([FORCED_TO_LOWER])
    fives = box_button(page, "Fives: not allowed")
    expect(fives).to_be_disabled()
    expect(fives).to_have_accessible_description(FORCED_TO_LOWER)
    for where, points in [
        ("Three of a kind", 20),
        ("Four of a kind", 20),
        ("Full house", 25),
        ("Small straight", 30),
        ("Large straight", 40),
        ("Chance", 20),
    ]:
        expect(box_button(page, f"Score {points} and a 100 bonus in {where}")).to_be_enabled()
    score_box(page, "Large straight", 40, bonus=100)
    # Ann 210 + 40 + 100 = 350.
    after_turn(page, (350, 62), "Bob", 7)

    # Bob types 33366 in full house: 25. Bob 87.
    play(page, "Bob", "33366", "Full house", 25)
    after_turn(page, (350, 87), "Ann", 6)

    # Ann taps 55513 in fives: 5 × 3 = 15. Her upper boxes: 60 + 15 = 75 >= 63, so the
    # 35 bonus too. Ann 350 + 15 + 35 = 400.
    play(page, "Ann", "55513", "Fives", 15, tap=True)
    after_turn(page, (400, 87), "Bob", 6)
    expect(page.locator("#player-0 .bonus-progress")).to_have_text("35 bonus won (75 of 63)")
    expect(card_row(page, 0, "Upper subtotal")).to_have_text(["75"])
    expect(card_row(page, 0, "Upper bonus")).to_have_text(["35"])

    # Bob types 12345 in large straight: 40. Bob 127.
    play(page, "Bob", "12345", "Large straight", 40)
    after_turn(page, (400, 127), "Ann", 5)

    # Ann types 33345 in three of a kind: 3 + 3 + 3 + 4 + 5 = 18. Ann 418.
    play(page, "Ann", "33345", "Three of a kind", 18)
    after_turn(page, (418, 127), "Bob", 5)

    # Bob taps 23456 in small straight: 30. Bob 157.
    play(page, "Bob", "23456", "Small straight", 30, tap=True)
    after_turn(page, (418, 157), "Ann", 4)

    # Ann types 22224 in four of a kind: 2 × 4 + 4 = 12. Ann 430.
    play(page, "Ann", "22224", "Four of a kind", 12)
    after_turn(page, (430, 157), "Bob", 4)

    # Bob types 44441 and taps Yahtzee: no five of a kind, 0. A zero asks first; nothing
    # is saved until he says yes. He says no and takes four of a kind instead:
    # 4 × 4 + 1 = 17. Bob 174.
    type_dice(page, "44441")
    zero = box_button(page, "Score 0 in Yahtzee")
    expect(zero).to_have_class(re.compile(r"\bzero\b"))
    zero.click()
    confirm = page.locator("#confirm")
    expect(confirm).to_contain_text("4 4 4 4 1 scores 0 in Yahtzee. Score 0 there?")
    expect(confirm.get_by_role("button", name="Yes, score 0 in Yahtzee")).to_be_visible()
    expect_to_play(page, "Bob", 4)
    expect_totals(page, 430, 157)
    confirm.get_by_role("button", name="No, choose another box").click()
    expect(page.locator("#confirm")).to_have_count(0)
    expect_preview(page, "44441")
    score_box(page, "Four of a kind", 17)
    after_turn(page, (430, 174), "Ann", 3)

    # Ann taps 22333 in full house: 25. Ann 455.
    play(page, "Ann", "22333", "Full house", 25, tap=True)
    after_turn(page, (455, 174), "Bob", 3)

    # Bob types 66653 in three of a kind: 6 × 3 + 5 + 3 = 26. Bob 200.
    play(page, "Bob", "66653", "Three of a kind", 26)
    after_turn(page, (455, 200), "Ann", 2)

    # Ann types 12346 in small straight: 30. Ann 485.
    play(page, "Ann", "12346", "Small straight", 30)
    after_turn(page, (485, 200), "Bob", 2)

    # Bob taps 65432 in chance: 6 + 5 + 4 + 3 + 2 = 20. Bob 220.
    play(page, "Bob", "65432", "Chance", 20, tap=True)
    after_turn(page, (485, 220), "Ann", 1)

    # Ann types 66655 in chance: 6 × 3 + 5 × 2 = 28. Ann 513.
    play(page, "Ann", "66655", "Chance", 28)
    after_turn(page, (513, 220), "Bob", 1)

    # Bob's last box is Yahtzee; 12346 scores 0 there, and this time he confirms it.
    type_dice(page, "12346")
    expect(page.locator(".box-picker button.score")).to_have_count(1)
    score_box(page, "Yahtzee", 0)
    confirm = page.locator("#confirm")
    expect(confirm).to_contain_text("1 2 3 4 6 scores 0 in Yahtzee. Score 0 there?")
    expect_totals(page, 513, 220)
    confirm.get_by_role("button", name="Yes, score 0 in Yahtzee").click()

    # Final totals by hand (RULES.md):
    # Ann: upper 3 + 6 + 9 + 12 + 15 + 30 = 75 >= 63, bonus 35;
    #      lower 18 + 12 + 25 + 30 + 40 + 50 + 28 = 203; two extra Yahtzees 2 × 100 = 200;
    #      75 + 35 + 203 + 200 = 513.
    # Bob: upper 2 + 6 + 9 + 12 + 15 + 18 = 62 < 63, no bonus;
    #      lower 26 + 17 + 25 + 30 + 40 + 0 + 20 = 158; no Yahtzee bonus; 62 + 158 = 220.
    banner = page.locator("#winner")
    expect(banner).to_have_attribute("role", "status")
    expect(banner.get_by_role("heading")).to_have_text("Ann wins")
    expect(banner).to_contain_text("Final totals: Ann 513 · Bob 220.")
    expect_totals(page, 513, 220)
    expect(page.locator(".scoreboard .side.winner .side-name")).to_have_text("Ann")
    expect(page.locator(".scoreboard .side.to-play")).to_have_count(0)
    expect(page.locator(".match-facts")).not_to_contain_text("turn")
    expect(page.get_by_role("heading", name="Final cards")).to_be_visible()

    # The final cards, open, row by row.
    expect(page.locator("#player-0 summary")).to_have_text("Ann: 513")
    expect(page.locator("#player-1 summary")).to_have_text("Bob: 220")
    expect(card_row(page, 0, "Upper subtotal")).to_have_text(["75"])
    expect(card_row(page, 0, "Upper bonus")).to_have_text(["35"])
    expect(card_row(page, 0, "Yahtzee")).to_have_text(["50"])
    expect(card_row(page, 0, "Yahtzee bonus")).to_have_text(["200"])
    expect(card_row(page, 0, "Total")).to_have_text(["513"])
    expect(card_row(page, 1, "Upper subtotal")).to_have_text(["62"])
    expect(card_row(page, 1, "Upper bonus")).to_have_text(["0"])
    expect(card_row(page, 1, "Yahtzee")).to_have_text(["0"])
    expect(card_row(page, 1, "Yahtzee bonus")).to_have_text(["0"])
    expect(card_row(page, 1, "Total")).to_have_text(["220"])
    ann_turns = page.locator("#player-0 .turn-list li")
    expect(ann_turns).to_have_count(13)
    expect(ann_turns.nth(1)).to_contain_text("Turn 2: 6 6 6 6 6 in Sixes: 30 + 100 bonus (joker)")
    expect(ann_turns.nth(6)).to_contain_text(
        "Turn 7: 4 4 4 4 4 in Large straight: 40 + 100 bonus (joker)"
    )
    expect(page.locator("#player-1 .turn-list li")).to_have_count(13)
    screenshot(page, "yahtzee-final-cards")

    # No more dice: no dice field, no face buttons, no box to tap …
    expect(page.get_by_label("Dice", exact=True)).to_have_count(0)
    expect(page.get_by_role("button", name=re.compile(r"^Add a \d$"))).to_have_count(0)
    expect(page.locator(".box-picker")).to_have_count(0)
    expect(page.locator("button.score")).to_have_count(0)
    # … not even with dice in the address, and the server refuses a 27th turn.
    page.goto(f"{game_url}?dice=55555")
    expect(page.locator("#winner")).to_be_visible()
    expect(page.locator("button.score")).to_have_count(0)
    token = page.locator("#winner input[name='csrf_token']").input_value()
    refused = page.request.post(
        f"{game_url}/turns",
        form={"csrf_token": token, "dice": "55555", "slot": "chance", "number": "27"},
    )
    assert refused.status == 409, refused.status
    page.reload()
    expect_totals(page, 513, 220)
    expect(page.locator("#player-0 .turn-list li")).to_have_count(13)

    expect_stayed_on_site(requested, live_server)


# ------------------------------------------------------------------ Triple Yahtzee


def test_triple_yahtzee_column_two_counts_double(page: Page, screenshot: Screenshot) -> None:
    """A Yahtzee in column ×2 counts 100 in the grand total; sixes in column ×1 count once."""
    start_game(page, ["Ann", "Bob"], game="triple")
    expect(page.locator(".match-facts")).to_contain_text("Triple Yahtzee · joker forced")
    # Three columns of 13 boxes: 39.
    expect_to_play(page, "Ann", 39)
    expect(page.locator("#card-0-turn thead th")).to_have_text(["Box", "×1", "×2", "×3"])

    # Ann types 55555: each column would take the Yahtzee for 50.
    type_dice(page, "55555")
    for column in (1, 2, 3):
        expect(box_button(page, f"Score 50 in Yahtzee ×{column}")).to_be_enabled()
    # Column 2 counts twice: 50 × 2 = 100.
    score_box(page, "Yahtzee ×2", 50)
    expect_to_play(page, "Bob", 39)
    expect_totals(page, 100, 0)
    expect(card_row(page, 0, "Column total")).to_have_text(["0", "50", "0"])
    expect(card_row(page, 0, "Counts as")).to_have_text(["0", "100", "0"])
    expect(card_row(page, 0, "Total")).to_have_text(["100"])
    expect(page.locator("#player-0 summary")).to_have_text("Ann: 100")
    expect(page.locator("#player-0 .turn-list li")).to_contain_text(
        ["Turn 1: 5 5 5 5 5 in Yahtzee ×2: 50"]
    )

    # Bob taps 66612 into sixes of column 1: 6 × 3 = 18, counted once.
    play(page, "Bob", "66612", "Sixes ×1", 18, tap=True)
    expect_to_play(page, "Ann", 38)
    expect_totals(page, 100, 18)
    expect(card_row(page, 1, "Counts as")).to_have_text(["18", "0", "0"])
    screenshot(page, "triple-yahtzee-column-2")


# ------------------------------------------------------------------ Farkle


def farkle_preview(page: Page) -> Locator:
    return page.locator("#farkle-preview")


def kept_dice(page: Page) -> Locator:
    return page.get_by_label("Kept dice, one throw per line")


def turn_total(page: Page) -> Locator:
    return page.get_by_label("Or the turn's total")


def keep(page: Page, dice: str) -> None:
    """Tap the kept dice of one throw on the face buttons."""
    for face in dice:
        page.get_by_role("button", name=f"Keep a {face}", exact=True).click()


def bank(page: Page, number: int) -> None:
    """Tap Bank the turn and wait for the turn to appear among the turns."""
    page.get_by_role("button", name="Bank the turn").click()
    expect(page.locator(f"#turn-{number}")).to_be_visible()


def expect_farkle_turn(page: Page, name: str, on_board: bool = True) -> None:
    """Whose Farkle turn it is, on the facts line, the turn's heading and the scoreboard
    (which says whether they are on the board)."""
    expect(page.locator(".match-facts")).to_contain_text(f"{name}'s turn")
    expect(page.locator("#turn-title")).to_have_text(f"{name}'s turn")
    expect(page.locator(".scoreboard .side.to-play .side-name")).to_have_text(name)
    note = expect(page.locator(".scoreboard .side.to-play"))
    if on_board:
        note.not_to_contain_text("not on the board")
    else:
        note.to_contain_text("not on the board")


def expect_ledger(page: Page, number: int, badge: str, sentence: str, totals: str) -> None:
    """One turn among the turns: its points badge, its sentence, the totals after it."""
    row = page.locator(f"#turn-{number}")
    expect(row.locator(".badge")).to_have_text(badge)
    expect(row.locator(".row-sentence")).to_have_text(sentence)
    expect(row.locator(".row-totals")).to_have_text(totals)


def test_farkle_game_with_final_round(
    page: Page, requested: list[str], live_server: str, screenshot: Screenshot
) -> None:
    """Game to 2000 (a house rule): kept dice, a total, a farkle, the opening score, final round."""
    start_game(page, ["Ann", "Bob"], game="farkle", house_rules={"Game to": "2000"})
    expect(page.locator(".match-facts")).to_contain_text(
        "Farkle · game to 2000 · opening score 500"
    )
    expect(page.locator("#dice-game details.house-rules summary")).to_have_text(
        "House rules (1 changed)"
    )
    expect_totals(page, 0, 0)
    expect(page.locator(".scoreboard .side-note", has_text="not on the board")).to_have_count(2)
    expect_farkle_turn(page, "Ann", on_board=False)

    # Turn 1, Ann taps her kept dice. Throw 1 keeps 1 1 1 1 5; its best split is three 1s
    # 1000 + single 1 100 + single 5 50 = 1150 (better than four of a kind 1000 + 50).
    keep(page, "11115")
    expect(kept_dice(page)).to_have_value("11115")
    expect(farkle_preview(page)).to_contain_text(
        "Throw 1: 1 1 1 1 5 = three of a kind 1000 + single 1 100 + single 5 50: 1150"
    )
    expect(farkle_preview(page)).to_contain_text("Ann banks 1150.")
    # One die left to roll; throw 2 keeps a 5: 50. 1150 + 50 = 1200 >= 500 opening: on the
    # board with 1200.
    page.get_by_role("button", name="Next throw").click()
    keep(page, "5")
    expect(kept_dice(page)).to_have_value("11115\n5")
    expect(farkle_preview(page)).to_contain_text("Throw 2: 5 = single 5 50: 50")
    expect(farkle_preview(page)).to_contain_text("Ann banks 1200.")
    bank(page, 1)
    expect_ledger(page, 1, "+1200", "Ann banks 1200.", "Ann 1200 · Bob 0")
    expect(page.locator("#turn-1 .throws li")).to_have_text(
        [
            "1 1 1 1 5: three of a kind 1000, single 1 100, single 5 50",
            "5: single 5 50",
        ]
    )
    expect_totals(page, 1200, 0)
    expect_farkle_turn(page, "Bob", on_board=False)

    # Turn 2, Bob types his turn's total, 300: under the opening score of 500, it counts 0.
    turn_total(page).fill("300")
    expect(farkle_preview(page)).to_contain_text("Bob needs 500 to get on the board; 300 counts 0.")
    bank(page, 2)
    expect_ledger(
        page, 2, "0", "Bob needs 500 to get on the board; 300 counts 0.", "Ann 1200 · Bob 0"
    )
    expect_totals(page, 1200, 0)
    expect_farkle_turn(page, "Ann")

    # Turn 3, Ann farkles: 0.
    page.get_by_role("button", name="Farkle: no scoring dice, the turn scores 0").click()
    expect(page.locator("#turn-3")).to_be_visible()
    expect_ledger(page, 3, "0", "Ann farkled.", "Ann 1200 · Bob 0")
    expect(page.locator(".scoreboard .side").first).to_contain_text("1 farkle in a row")
    expect_farkle_turn(page, "Bob", on_board=False)

    # Turn 4, Bob types kept dice. 1 2: the 2 does not score. The preview says so, and
    # banking it anyway saves nothing and shows the reason by the field.
    kept_dice(page).fill("1 2")
    expect(farkle_preview(page)).to_contain_text(
        "Throw 1 (1 2): the 2 does not score; keep only scoring dice."
    )
    page.get_by_role("button", name="Bank the turn").click()
    expect(page.locator("#throws-error")).to_have_text(
        re.compile(r"throw 1: the 2 does not score; keep only scoring dice", re.I)
    )
    expect(page.locator("#turn-4")).to_have_count(0)
    expect_totals(page, 1200, 0)
    # The refused turn's form was just swapped in: let htmx finish wiring it before typing.
    expect(page.locator(".htmx-request, .htmx-swapping, .htmx-settling")).to_have_count(0)
    # Corrected: throw 1 keeps 2 2 3 3 4 4, three pairs 1500, all six dice (hot dice);
    # throw 2 rolls all six again and keeps a 5: 50. 1500 + 50 = 1550 >= 500: on the board.
    kept_dice(page).fill("2 2 3 3 4 4\n5")
    expect(farkle_preview(page)).to_contain_text(
        "Throw 1: 2 2 3 3 4 4 = three pairs 1500: 1500 · hot dice: roll all six again"
    )
    expect(farkle_preview(page)).to_contain_text("Throw 2: 5 = single 5 50: 50")
    expect(farkle_preview(page)).to_contain_text("Bob banks 1550.")
    bank(page, 4)
    expect_ledger(page, 4, "+1550", "Bob banks 1550.", "Ann 1200 · Bob 1550")
    expect_totals(page, 1200, 1550)
    expect(page.locator(".scoreboard .side-note", has_text="not on the board")).to_have_count(0)
    expect_farkle_turn(page, "Ann")

    # Turn 5, Ann banks a total of 900: 1200 + 900 = 2100 >= 2000. Bob gets one more turn.
    turn_total(page).fill("900")
    expect(farkle_preview(page)).to_contain_text(
        "Ann banks 900 and reaches 2000: everyone else has one more turn."
    )
    bank(page, 5)
    expect_totals(page, 2100, 1550)
    final_round = page.locator("#final-round")
    expect(final_round).to_contain_text("Ann reached 2000: everyone else gets one more turn.")
    expect(final_round).to_contain_text("Still to play: Bob.")
    expect(page.locator("#winner")).to_have_count(0)
    expect_farkle_turn(page, "Bob")
    screenshot(page, "farkle-final-round")

    # Turn 6, Bob's last turn: he taps 1 1 1, three 1s 1000. 1550 + 1000 = 2550 > 2100:
    # Bob passes Ann in the final round and wins.
    keep(page, "111")
    expect(farkle_preview(page)).to_contain_text("Throw 1: 1 1 1 = three of a kind 1000: 1000")
    expect(farkle_preview(page)).to_contain_text("Bob banks 1000.")
    bank(page, 6)
    expect_ledger(page, 6, "+1000", "Bob banks 1000.", "Ann 2100 · Bob 2550")
    expect_totals(page, 2100, 2550)
    banner = page.locator("#winner")
    expect(banner.get_by_role("heading")).to_have_text("Bob wins")
    expect(banner).to_contain_text("Final totals: Ann 2100 · Bob 2550.")
    expect(page.locator(".scoreboard .side.winner .side-name")).to_have_text("Bob")
    expect(page.locator("#final-round")).to_have_count(0)
    expect(page.locator("form.farkle-turn")).to_have_count(0)
    expect(page.get_by_role("button", name="Bank the turn")).to_have_count(0)
    screenshot(page, "farkle-won")

    expect_stayed_on_site(requested, live_server)


# ------------------------------------------------------------------ a small phone


def phone_problems(page: Page, moment: str) -> list[str]:
    """Sideways scroll past 360px, and visible buttons shorter than 44px."""
    problems = []
    width = page.evaluate("document.documentElement.scrollWidth")
    if width > SMALL_PHONE["width"]:
        problems.append(f"{moment}: scrolls sideways, {width}px > {SMALL_PHONE['width']}px")
    for button in page.locator("button, [role='button'], input[type='submit']").all():
        if not button.is_visible():
            continue
        box = button.bounding_box()
        assert box is not None
        if box["height"] < TAP_TARGET:
            name = button.get_attribute("aria-label") or " ".join(button.inner_text().split())
            problems.append(f"{moment}: button {name!r} is {box['height']:.0f}px tall")
    return problems


def test_yahtzee_page_fits_a_small_phone(
    new_page: Callable[..., Page], requested: list[str], live_server: str, screenshot: Screenshot
) -> None:
    """At 360×640: no sideways scroll and 44px buttons, dice entered, joker, zero confirm."""
    page = new_page(viewport=SMALL_PHONE)
    start_game(page, ["Annabelle", "Bartholomew"])
    problems = phone_problems(page, "new game")

    # Annabelle taps 55555: every box a button. Yahtzee, 50.
    tap_dice(page, "55555")
    problems += phone_problems(page, "dice entered")
    score_box(page, "Yahtzee", 50)
    expect_to_play(page, "Bartholomew", 13)
    play(page, "Bartholomew", "11234", "Ones", 2)
    expect_to_play(page, "Annabelle", 12)

    # 66666: an extra Yahtzee forced into sixes, every other box disabled with the reason.
    tap_dice(page, "66666")
    expect(page.locator("ul.reasons li")).to_have_text([FORCED_TO_SIXES])
    problems += phone_problems(page, "joker")
    screenshot(page, "yahtzee-phone-360-joker")
    score_box(page, "Sixes", 30, bonus=100)
    expect_to_play(page, "Bartholomew", 12)

    # 12346 in Yahtzee: 0, so the confirm step.
    type_dice(page, "12346")
    score_box(page, "Yahtzee", 0)
    expect(page.locator("#confirm")).to_be_visible()
    problems += phone_problems(page, "zero confirm")
    screenshot(page, "yahtzee-phone-360-confirm")

    # Every card opened.
    for summary in page.locator("details.player-card > summary").all():
        summary.click()
    problems += phone_problems(page, "cards open")

    assert not problems, "fails the phone quality bar:\n" + "\n".join(problems)
    expect_stayed_on_site(requested, live_server)
