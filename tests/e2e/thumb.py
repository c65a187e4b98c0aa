"""A thumb on a touch screen: it taps only what is on screen, where it is drawn.

A locator's ``click()`` scrolls the control into view before it clicks, which hides
exactly what a player meets: a Save pushed below the fold, a confirmation drawn above the
screen. ``Thumb`` taps a control by touch at the centre of its box, and only when the whole
box is inside the viewport and the control is what ``document.elementFromPoint`` finds at
that centre (not under the sticky score bar, a pinned line or another control). A control
that is not is brought into view the least a swipe would (``scrollIntoView`` to the
nearest edge), and that swipe is counted in ``scrolls``. Tests assert the count.

The page's layout shifts are recorded from the first paint (``watch_layout_shifts``),
every one of them, those right after a tap included: a tap that moves the next target
away is exactly the shift a player notices.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from playwright.sync_api import Locator, Page, expect

# Both counted and shown with the scroll, so a failing count says which control it was.
_WHERE = """(element) => {
  const box = element.getBoundingClientRect();
  const x = box.left + box.width / 2, y = box.top + box.height / 2;
  const inside = box.width > 0 && box.height > 0 && box.top >= -0.5 && box.left >= -0.5
    && box.bottom <= innerHeight + 0.5 && box.right <= innerWidth + 0.5;
  // A label's text stands for its input; an input inside a label is the label's.
  const label = element.labels ? element.labels[0] : null;
  const ours = (hit) => hit !== null && (element.contains(hit)
    || (hit.tagName === "LABEL" && hit.contains(element)) || (label && label.contains(hit)));
  // The centre, and the middle of the top and bottom edges: a control half under a pinned
  // bar is not one a thumb can trust.
  const inset = Math.min(3, box.height / 4);
  const points = [[x, y], [x, box.top + inset], [x, box.bottom - inset]];
  const hits = inside ? points.map(([px, py]) => document.elementFromPoint(px, py)) : [];
  const reached = inside && hits.every(ours);
  const stranger = hits.find((hit) => !ours(hit));
  return {x, y, inside, reached, covered: inside && !reached,
          hit: stranger ? stranger.outerHTML.slice(0, 120) : null,
          top: box.top, bottom: box.bottom};
}"""


LAYOUT_SHIFTS = """(() => {
  window.__shifts = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      window.__shifts.push({value: entry.value, recent: entry.hadRecentInput,
        at: entry.startTime,
        within: (entry.sources || []).map((s) => s.node && s.node.nodeType === 1
          && s.node.closest("[id]") ? s.node.closest("[id]").id : null),
        sources: (entry.sources || []).map((s) => s.node && s.node.nodeType === 1
          ? s.node.outerHTML.slice(0, 80) : String(s.node && s.node.nodeName))});
    }
  }).observe({type: "layout-shift", buffered: true});
})();"""


def watch_layout_shifts(page: Page) -> None:
    """Record every layout shift of the pages this page opens from now on."""
    page.add_init_script(LAYOUT_SHIFTS)


def layout_shifts(page: Page, since: float = 0) -> list[dict]:
    """The layout shifts recorded on the current page after ``since`` (ms from its start)."""
    return page.evaluate("(since) => (window.__shifts || []).filter((s) => s.at > since)", since)


def page_time(page: Page) -> float:
    """The page's clock (performance.now()), to ask for the shifts after a moment."""
    return page.evaluate("performance.now()")


@dataclass
class Thumb:
    """Taps and types as a thumb does; counts the swipes it had to make to reach a control."""

    page: Page
    scrolls: int = 0
    taps: int = 0
    keys: int = 0
    swiped_to: list[str] = field(default_factory=list)

    def where(self, control: Locator) -> dict:
        """The control's centre, whether it is all on screen and whether a tap reaches it."""
        control.wait_for(state="visible")
        return control.evaluate(_WHERE)

    def reachable(self, control: Locator) -> bool:
        """Could the thumb tap this control where the screen is now?"""
        return self.where(control)["reached"]

    def reach(self, control: Locator) -> dict:
        """The control's centre, after the swipe a player would make when it is not reachable."""
        spot = self.where(control)
        if spot["reached"]:
            return spot
        self.scrolls += 1
        self.swiped_to.append(_describe(control, spot))
        # A swipe brings the control just onto the screen, clear of whatever covered it.
        control.evaluate("(element) => element.scrollIntoView({block: 'center'})")
        spot = self.where(control)
        if not spot["reached"]:
            raise AssertionError(f"no swipe reaches {_describe(control, spot)}")
        return spot

    def tap(self, control: Locator) -> None:
        """Tap the control by touch at its centre (swiping to it first if need be); on a
        page opened without touch, a mouse click at the same spot."""
        spot = self.reach(control)
        if self.page.evaluate("navigator.maxTouchPoints") > 0:
            self.page.touchscreen.tap(spot["x"], spot["y"])
        else:
            self.page.mouse.click(spot["x"], spot["y"])
        self.taps += 1

    def type(self, field: Locator, text: str) -> None:
        """Tap a field, clear it and type ``text`` on the phone's keyboard (a key a letter)."""
        self.tap(field)
        expect(field).to_be_focused()
        field.select_text()
        if field.input_value():
            self.page.keyboard.press("Backspace")
            self.keys += 1
        self.page.keyboard.type(text)
        self.keys += len(text)

    def press(self, key: str) -> None:
        """Press one key (Enter, Tab) on the keyboard."""
        self.page.keyboard.press(key)
        self.keys += 1

    def count(self) -> tuple[int, int, int]:
        """(taps, keys, scrolls) so far."""
        return self.taps, self.keys, self.scrolls

    def reset(self) -> None:
        """Start counting again (a new hand, a new turn)."""
        self.scrolls = self.taps = self.keys = 0
        self.swiped_to = []


def tap(page: Page, control: Locator) -> None:
    """One tap where the control is drawn, as a thumb would make it (a swipe first if it is
    off screen or covered): for the steps of play a test does not count."""
    Thumb(page).tap(control)


def in_view(page: Page, target: Locator) -> bool:
    """Is the whole element on screen and not under something pinned (its centre reached)?"""
    target.wait_for(state="visible")
    return target.evaluate(_WHERE)["reached"]


def _describe(control: Locator, spot: dict) -> str:
    name = control.evaluate(
        "(e) => (e.getAttribute('aria-label') || e.textContent || e.name || e.id || '')"
        ".trim().replace(/\\s+/g, ' ').slice(0, 40)"
    )
    where = "covered by " + str(spot["hit"]) if spot["covered"] else "off screen"
    return f"{name!r} at y {spot['top']:.0f}–{spot['bottom']:.0f} ({where})"
