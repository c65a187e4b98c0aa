"""A saved rule set used for a second match, in a real browser at a phone's size: match 1
starts with changed house rules saved as "Smith family", match 2 starts from the phone's
list with those rules, and changing the set later leaves match 2's rules as they were."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from tests.e2e.playing import PLAYERS, TEAMS, open_page


def type_names(page: Page) -> None:
    for number, team in enumerate(TEAMS, start=1):
        page.get_by_label(f"Team {number}", exact=True).fill(team)
    for number, player in enumerate(PLAYERS, start=1):
        page.get_by_label(re.compile(rf"^Player {number}\b")).fill(player)


def house_rules_of_the_match(page: Page):
    return page.locator("#match details.house-rules")


def test_a_saved_rule_set_starts_a_second_match_that_keeps_its_rules(page: Page) -> None:
    # Match 1: names typed, the house rules changed, then saved as "Smith family".
    page.goto("/matches/new")
    type_names(page)
    page.get_by_label("Game to", exact=True).fill("2000")
    page.locator("details.house-rules > summary").click()
    page.get_by_label("Min bid", exact=True).fill("300")
    name = page.get_by_label("Save these rules as", exact=True)
    name.fill("Smith family")
    # Enter in the name saves the rules (it does not start the match).
    name.press("Enter")
    expect(page.get_by_role("status")).to_contain_text("Saved as Smith family")
    expect(page).to_have_url(re.compile(r"/matches/new$"))
    # Nothing typed was lost: the names and the house rules are as typed.
    expect(page.get_by_label("Team 1", exact=True)).to_have_value("Us")
    expect(page.get_by_label(re.compile(r"^Player 4\b"))).to_have_value("Dan")
    expect(page.get_by_label("Game to", exact=True)).to_have_value("2000")
    expect(page.get_by_label("Min bid", exact=True)).to_have_value("300")
    expect(page.get_by_role("button", name="Use Smith family")).to_be_visible()
    open_page(page, page.get_by_role("button", name="Start the match"))
    expect(page.get_by_role("heading", name="Hand 1")).to_be_visible()
    expect(house_rules_of_the_match(page).locator("summary")).to_contain_text("2 changed")

    # Match 2: one tap on the phone's rule set fills in the game and the house rules.
    page.goto("/matches/new")
    open_page(page, page.get_by_role("button", name="Use Smith family"))
    expect(page.get_by_label("Game to", exact=True)).to_have_value("2000")
    expect(page.get_by_label("Min bid", exact=True)).to_have_value("300")
    type_names(page)
    open_page(page, page.get_by_role("button", name="Start the match"))
    expect(page.get_by_role("heading", name="Hand 1")).to_be_visible()
    match_2 = page.url
    rules = house_rules_of_the_match(page)
    rules.locator("summary").click()
    expect(rules).to_contain_text("Changed for this match: target 2000; min bid 300.")

    # The table changes its rule set later: match 2 keeps the rules it started with.
    page.goto("/matches/new")
    open_page(page, page.get_by_role("link", name="See, share or change Smith family"))
    expect(page.get_by_role("heading", name="Smith family")).to_be_visible()
    expect(page.locator("#set-target .knob-value")).to_have_text("2000")
    open_page(page, page.get_by_role("link", name="Rename or change these rules"))
    page.get_by_label("Name", exact=True).fill("Smiths")
    page.get_by_label("Game to", exact=True).fill("2500")
    open_page(page, page.get_by_role("button", name="Save the changes"))
    expect(page.get_by_role("heading", name="Smiths")).to_be_visible()
    expect(page.locator("#set-target .knob-value")).to_have_text("2500")

    page.goto(match_2)
    rules = house_rules_of_the_match(page)
    rules.locator("summary").click()
    expect(rules).to_contain_text("Changed for this match: target 2000; min bid 300.")
    page.goto("/matches/new")
    expect(page.get_by_role("button", name="Use Smiths")).to_be_visible()


def test_a_rule_set_without_a_name_is_refused_beside_the_field(page: Page) -> None:
    page.goto("/matches/new")
    type_names(page)
    page.locator("details.house-rules > summary").click()
    page.get_by_role("button", name="Save these rules").click()
    expect(page.locator("#rule_set_name-error")).to_have_text(
        "Type a name for these rules, such as Smith family."
    )
    expect(page.get_by_label("Save these rules as", exact=True)).to_have_attribute(
        "aria-invalid", "true"
    )
    expect(page.get_by_label(re.compile(r"^Player 1\b"))).to_have_value("Ann")
