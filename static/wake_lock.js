// Keep the screen on during a match or a dice game (Screen Wake Lock), so the score is
// still there when a player looks up. The page's switch turns it off; the choice is
// remembered on this phone. Where the browser has no wake lock, the switch stays hidden.
(() => {
  const CHOICE = "scorekeeper.keep-screen-on"; // localStorage: "on" (the default) or "off"
  let lock = null; // the WakeLockSentinel while the screen is held on
  let asking = null; // a request under way, so two events do not take two locks

  function wanted() {
    try {
      return localStorage.getItem(CHOICE) !== "off";
    } catch (error) {
      return true; // storage refused (private mode): keep the screen on
    }
  }

  function remember(on) {
    try {
      localStorage.setItem(CHOICE, on ? "on" : "off");
    } catch (error) {
      // Not remembered; the switch still works on this page.
    }
  }

  function switches() {
    return document.querySelectorAll("[data-keep-awake]");
  }

  // "held", "refused" or "off", on each switch's box; a refusal shows its note.
  function showState(state) {
    switches().forEach((box) => {
      box.dataset.keepAwakeState = state;
      box.querySelector("[data-keep-awake-refused]").hidden = state !== "refused";
    });
  }

  async function holdScreen() {
    if (lock || asking || !wanted() || document.visibilityState !== "visible") return;
    if (!switches().length) return; // not a match or game page
    asking = navigator.wakeLock.request("screen");
    try {
      lock = await asking;
      lock.addEventListener("release", () => {
        lock = null; // the browser lets go when the page is hidden
      });
      showState("held");
    } catch (error) {
      showState("refused"); // battery saver, or the browser would not allow it
    } finally {
      asking = null;
    }
  }

  async function letGo() {
    if (asking) await asking.catch(() => {});
    if (lock) {
      const held = lock;
      lock = null;
      await held.release();
    }
    showState("off");
  }

  function setUp(root) {
    root.querySelectorAll("[data-keep-awake]").forEach((box) => {
      box.querySelector("input").checked = wanted();
      box.hidden = false;
    });
  }

  if (!("wakeLock" in navigator)) return;
  document.addEventListener("DOMContentLoaded", () => {
    setUp(document);
    holdScreen();
  });
  document.addEventListener("htmx:load", (event) => setUp(event.detail.elt));
  document.addEventListener("change", (event) => {
    if (!event.target.closest("[data-keep-awake]")) return;
    remember(event.target.checked);
    if (event.target.checked) holdScreen();
    else letGo();
  });
  // A lock ends when the page is hidden (another app, the phone locked): take it again.
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") holdScreen();
  });
})();
