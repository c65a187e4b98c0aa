"""The table display and the result card (issue 16): the view link drawn huge on a tablet
in the middle of the table follows the phone that enters the hands, without a reload; a
won match's "Share the result" gives its card as a picture.

Hand 1 as in test_several_phones: Ann (Us) bids 300 in hearts, meld Us 120 / Them 60, Us
take 190 of 250 trick points: Us 120 + 190 = 310, Them 60 + 60 = 120. Ann dealt the first
hand, so Bob deals next.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from PIL import Image
from playwright.sync_api import Page, expect

from scorekeeper.extensions import db
from scorekeeper.result_card import HEIGHT, WIDTH
from scorekeeper.services import hands, matches
from tests.e2e.playing import fill_hand, save_hand, start_match
from tests.helpers.stored import form_token, hand, stored_match

pytestmark = pytest.mark.e2e

SEEN = 5000  # ms: the display polls every 2 s
TABLET = {"width": 1280, "height": 800}


def test_the_display_follows_a_hand_saved_on_a_phone(new_page: Callable[..., Page]) -> None:
    phone = new_page()
    start_match(phone)
    phone.locator("#share > summary").click()
    link = phone.get_by_role("button", name="Table display")
    display_url = link.get_attribute("href")
    assert display_url and display_url.startswith("/matches/watch/")

    tablet = new_page(viewport=TABLET, is_mobile=False)
    tablet.goto(display_url)
    expect(tablet.locator("#display-total-0")).to_have_text("0")
    expect(tablet.locator(".display-next")).to_have_text("Ann deals next")
    expect(tablet.locator(".display-last")).to_have_text("No hands yet.")
    # Read from two metres: the totals are huge, the two sides side by side.
    size = tablet.locator("#display-total-0").evaluate(
        "e => parseFloat(getComputedStyle(e).fontSize)"
    )
    assert size >= 96
    us, them = (tablet.locator(f"#display-total-{side}").bounding_box() for side in (0, 1))
    assert us["y"] == them["y"] and us["x"] < them["x"]
    tablet.evaluate("window.notReloaded = true")

    fill_hand(phone, "Ann", 300, "hearts", {"Us": 120, "Them": 60}, {"Us": 190})
    save_hand(phone, 1)

    expect(tablet.locator("#display-total-0")).to_have_text("310", timeout=SEEN)
    expect(tablet.locator("#display-total-1")).to_have_text("120")
    expect(tablet.locator(".display-next")).to_have_text("Bob deals next")
    expect(tablet.locator(".display-last")).to_contain_text("Hand 1: ")
    assert tablet.evaluate("window.notReloaded") is True

    # Turned to portrait, the sides stand one above the other.
    tablet.set_viewport_size({"width": TABLET["height"], "height": TABLET["width"]})
    us, them = (tablet.locator(f"#display-total-{side}").bounding_box() for side in (0, 1))
    assert us["y"] < them["y"] and us["x"] == them["x"]


def test_share_the_result_gives_the_card_as_a_picture(live_site, new_page) -> None:
    # A match to 250 won on its first hand (Us 260, Them 130). Where the browser cannot
    # share files (headless chromium here), the button downloads the card.
    token = stored_match(live_site, target=250)
    with live_site.app_context():
        version = matches.match_version(db.session, token).version
        hands.add_hand(db.session, token, hand(), version=version, form_token=form_token())
        db.session.commit()
    page = new_page()
    page.goto(f"/matches/{token}")
    button = page.get_by_role("button", name="Share the result")
    expect(button).to_be_visible()
    with page.expect_download() as download:
        button.click()
    with Image.open(download.value.path()) as picture:
        assert picture.format == "PNG" and picture.size == (WIDTH, HEIGHT)
    assert download.value.suggested_filename == "pinochle-result.png"
