"""The site as an app on a phone: installable, opens a match with no signal, keeps the
screen on. Each test is a new phone (a fresh browser context) at 390×844."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.playing import TEAMS, fill_hand, ledger_cells, save_hand, start_match
from tests.e2e.test_dice_browser import start_game

pytestmark = pytest.mark.e2e

NewPage = Callable[..., Page]
WORKER_READY_MS = 10_000

# A stand-in for navigator.wakeLock that records what the page asks of it, so the switch's
# requests and releases can be seen whether or not headless chromium grants a real lock.
RECORDING_WAKE_LOCK = """
(() => {
  const calls = [];
  window.wakeLockCalls = calls;
  Object.defineProperty(Navigator.prototype, "wakeLock", {
    configurable: true,
    get() {
      return {
        async request(type) {
          calls.push(`request ${type}`);
          const sentinel = new EventTarget();
          sentinel.released = false;
          sentinel.release = async () => {
            calls.push("release");
            sentinel.released = true;
            sentinel.dispatchEvent(new Event("release"));
          };
          return sentinel;
        },
      };
    },
  });
})();
"""
NO_WAKE_LOCK = "delete Navigator.prototype.wakeLock;"


def wait_until(page: Page, predicate: str, timeout_ms: int = WORKER_READY_MS) -> None:
    """Poll an async predicate (playwright's wait_for_function takes a pending promise for
    a true answer) until it answers true; fail after ``timeout_ms``."""
    deadline = time.monotonic() + timeout_ms / 1000
    while not page.evaluate(predicate):
        assert time.monotonic() < deadline, f"never true: {predicate}"
        page.wait_for_timeout(100)


def wait_for_worker(page: Page) -> None:
    """Wait until a service worker controls the page (it claims it as it activates)."""
    page.wait_for_function(
        "() => navigator.serviceWorker.controller !== null", timeout=WORKER_READY_MS
    )


def kept_copy(page: Page) -> str:
    """The worker's kept copy of the page's own URL, or '' if it keeps none."""
    return page.evaluate(
        """async () => {
            const cache = await caches.open("pages");
            const kept = await cache.match(location.href, { ignoreVary: true });
            return kept ? await kept.text() : "";
        }"""
    )


def test_the_manifest_names_the_app_and_its_icons_are_pngs(page: Page) -> None:
    page.goto("/")
    link = page.locator("link[rel='manifest']")
    expect(link).to_have_count(1)
    expect(page.locator("meta[name='theme-color']")).to_have_attribute("content", "#0172ad")

    answer = page.request.get(link.get_attribute("href"))
    assert answer.status == 200
    assert answer.headers["content-type"] == "application/manifest+json"
    manifest = json.loads(answer.text())
    assert manifest["name"] == "Scorekeeper"
    assert manifest["short_name"] == "Scorekeeper"
    assert manifest["start_url"] == "/"
    assert manifest["display"] == "standalone"
    assert manifest["theme_color"] and manifest["background_color"]
    sizes = {(icon["sizes"], icon.get("purpose", "any")) for icon in manifest["icons"]}
    assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= sizes
    for icon in manifest["icons"]:
        fetched = page.request.get(icon["src"])
        assert fetched.status == 200, icon
        assert fetched.headers["content-type"] == "image/png"
        assert fetched.body().startswith(b"\x89PNG\r\n\x1a\n")

    touch = page.request.get(page.locator("link[rel='apple-touch-icon']").get_attribute("href"))
    assert touch.status == 200
    assert touch.headers["content-type"] == "image/png"


def test_the_service_worker_registers_and_controls_the_page(page: Page) -> None:
    page.goto("/")
    wait_for_worker(page)

    scope = page.evaluate("navigator.serviceWorker.ready.then((r) => r.scope)")
    script = page.evaluate("navigator.serviceWorker.controller.scriptURL")
    assert scope == page.url  # the site's root: every page
    assert script.endswith("/sw.js")
    # The shell it keeps is the bundles this very page links to, by their digest names.
    shell = page.evaluate(
        """async () => {
            const names = await caches.keys();
            const shell = await caches.open(names.find((n) => n.startsWith("shell-")));
            return (await shell.keys()).map((r) => new URL(r.url).pathname);
        }"""
    )
    linked = page.evaluate(
        """[...document.querySelectorAll("link[rel=stylesheet], link[rel=icon], script[src]")]
             .map((e) => new URL(e.href || e.src).pathname)"""
    )
    assert sorted(shell) == sorted(linked)


def shell_paths(page: Page) -> list[str]:
    """The paths the worker's shell cache keeps."""
    return page.evaluate(
        """async () => {
            const names = await caches.keys();
            const shell = await caches.open(names.find((n) => n.startsWith("shell-")));
            return (await shell.keys()).map((r) => new URL(r.url).pathname);
        }"""
    )


def test_the_worker_keeps_the_icon_and_stylesheet_the_browser_has_not_got(page: Page) -> None:
    """A busy phone may still be fetching the icon when the worker installs (and chromium
    asks for an icon past the worker): the worker fetches what every page links itself.
    Here the page's own icon request fails, and routing turns the browser's cache off, so
    the cache holds none of the bundles when the worker installs (before: an empty shell)."""
    refused: list[str] = []

    def refuse_the_pages_icon(route) -> None:
        if route.request.service_worker is None and not refused:
            refused.append(route.request.url)
            route.abort()
        else:
            route.continue_()

    page.context.route("**/assets/icon.*.svg", refuse_the_pages_icon)
    page.goto("/")
    wait_for_worker(page)
    assert refused, "the page asked for no icon"
    icon = page.evaluate("new URL(document.querySelector('link[rel=icon]').href).pathname")
    # Installed and active once the worker controls the page; its shell is written by then.
    kept = shell_paths(page)
    deadline = time.monotonic() + 5
    while icon not in kept and time.monotonic() < deadline:
        page.wait_for_timeout(100)
        kept = shell_paths(page)
    assert any(path.endswith(".css") for path in kept), kept
    assert icon in kept, kept


def test_a_match_opened_once_opens_again_with_no_signal(page: Page) -> None:
    start_match(page)
    wait_for_worker(page)
    fill_hand(page, "Ann", 300, "hearts", dict(zip(TEAMS, (120, 60), strict=True)), {"Us": 190})
    save_hand(page, 1)
    # The worker renews its copy after the save; wait for the hand to be in it.
    wait_until(
        page,
        """async () => {
            const kept = await caches.match(location.href, { ignoreVary: true });
            return kept !== undefined && (await kept.text()).includes('id="hand-1"');
        }""",
    )
    match_url = page.url

    page.context.set_offline(True)
    assert page.evaluate("navigator.onLine") is False
    page.goto(match_url)

    expect(page.locator("#hand-1")).to_be_visible()
    expect(ledger_cells(page, 1, "Total")).to_have_text(["310", "120"])
    # Its script came from the phone too: only the script shows the bid's steppers.
    expect(page.locator(".steppers").first).to_be_visible()


def test_a_page_never_opened_says_so_with_no_signal(page: Page) -> None:
    page.goto("/")
    wait_for_worker(page)
    page.context.set_offline(True)

    answer = page.goto("/rules")

    assert answer is not None and answer.status == 503
    expect(page.locator("body")).to_contain_text("No connection")


def test_online_the_page_comes_from_the_site_not_the_kept_copy(page: Page) -> None:
    start_match(page)
    wait_for_worker(page)
    wait_until(
        page, "async () => (await caches.match(location.href, { ignoreVary: true })) !== undefined"
    )
    # Another phone saves a hand: this phone's kept copy does not have it yet.
    other = page.context.browser.new_context(base_url=page.url)
    try:
        other_page = other.new_page()
        other_page.goto(page.url)
        fill_hand(other_page, "Bob", 250, "spades", {"Us": 20, "Them": 100}, {"Them": 200})
        save_hand(other_page, 1)
    finally:
        other.close()
    assert 'id="hand-1"' not in kept_copy(page)

    answer = page.reload()

    # The page as it came (the live updates would add the hand later in any case).
    assert answer is not None and 'id="hand-1"' in answer.text()


def test_the_keep_awake_switch_holds_the_screen_and_remembers_being_turned_off(
    new_page: NewPage,
) -> None:
    page = new_page()
    page.context.add_init_script(RECORDING_WAKE_LOCK)
    start_match(page)
    switch = page.get_by_role("switch", name="Keep the screen on")

    expect(switch).to_be_visible()
    expect(switch).to_be_checked()
    page.wait_for_function("() => window.wakeLockCalls.length === 1")
    assert page.evaluate("window.wakeLockCalls") == ["request screen"]

    switch.uncheck()
    page.wait_for_function("() => window.wakeLockCalls.length === 2")
    assert page.evaluate("window.wakeLockCalls") == ["request screen", "release"]

    page.reload()
    expect(switch).not_to_be_checked()
    page.wait_for_timeout(300)  # time enough to ask for a lock, had it wanted one
    assert page.evaluate("window.wakeLockCalls") == []

    switch.check()
    page.wait_for_function("() => window.wakeLockCalls.length === 1")
    assert page.evaluate("localStorage.getItem('scorekeeper.keep-screen-on')") == "on"


def test_the_keep_awake_switch_is_on_the_dice_page_too(new_page: NewPage) -> None:
    page = new_page()
    page.context.add_init_script(RECORDING_WAKE_LOCK)
    start_game(page, ["Ann", "Bob"])

    expect(page.get_by_role("switch", name="Keep the screen on")).to_be_checked()
    page.wait_for_function("() => window.wakeLockCalls.length === 1")


def test_the_keep_awake_switch_is_hidden_where_the_browser_has_no_wake_lock(
    new_page: NewPage,
) -> None:
    page = new_page()
    page.context.add_init_script(NO_WAKE_LOCK)
    start_match(page)

    assert page.evaluate("'wakeLock' in navigator") is False
    expect(page.locator("[data-keep-awake]")).to_be_hidden()


def test_chromium_s_own_wake_lock_is_asked_for(page: Page) -> None:
    """The real API, untouched: headless chromium may grant the lock or refuse it; the page
    asks for it by itself and says which (a refusal shows a note under the switch)."""
    start_match(page)
    expect(page.get_by_role("switch", name="Keep the screen on")).to_be_checked()
    box = page.locator("[data-keep-awake]")
    expect(box).to_have_attribute("data-keep-awake-state", re.compile(r"^(held|refused)$"))
    state = box.get_attribute("data-keep-awake-state")
    asked_here = page.evaluate(
        """navigator.wakeLock.request("screen").then(
            (lock) => lock.release().then(() => "held"), () => "refused")"""
    )

    assert state == asked_here
    note = page.locator("[data-keep-awake-refused]")
    if state == "refused":
        expect(note).to_be_visible()
    else:
        expect(note).to_be_hidden()
        page.get_by_role("switch", name="Keep the screen on").uncheck()
        expect(box).to_have_attribute("data-keep-awake-state", "off")
