// Scorekeeper's helpers for every page: answers where the thumb is, busy buttons, share,
// the seats' names, a club round's clock and the service worker. A game's own helpers are
// in its bundle (hand_form.js, dice_form.js; assets.py). Every page works without them.

// The words a script writes, in the page's language: base.html carries their translations
// (script_words.py) on a page in another language than English; an English page carries
// none, and the script's own English is written. Placeholders are named: "Hand %(number)s".
const SCRIPT_WORDS = JSON.parse(document.getElementById("script-words")?.textContent || "{}");
const PLACEHOLDER = /%\((\w+)\)s/g;
const spoken = (english) => SCRIPT_WORDS[english] || english;
function say(english, values = {}) {
  return spoken(english).replace(PLACEHOLDER, (_, name) => String(values[name]));
}
// The form that follows a number (%(num)s), by the page language's plural rule.
function sayPlural(one, many, count, values = {}) {
  const forms = SCRIPT_WORDS[one];
  const singular = forms ? new Intl.PluralRules(document.documentElement.lang).select(count) === "one" : count === 1;
  const message = forms ? forms[singular ? 0 : 1] : singular ? one : many;
  const filled = { num: count, ...values };
  return message.replace(PLACEHOLDER, (_, name) => String(filled[name]));
}
// A sentence with an element among its values, as the pieces to append: the translation
// may put the element anywhere in the sentence.
function sayNodes(english, values) {
  return spoken(english).split(/(%\(\w+\)s)/).filter(Boolean).map((piece) => {
    const name = /^%\((\w+)\)s$/.exec(piece);
    return name ? values[name[1]] : piece;
  });
}

// What a game's helpers draw before the hidden helpers are shown (hand_form.js: the card taps).
const revealers = [];

// The bid steppers, card taps and die taps are hidden until this script runs, so a page
// without it shows none.
function revealHelpers(root) {
  revealers.forEach((reveal) => reveal(root));
  const hidden = ".steppers[hidden], .card-taps[hidden], .die-taps[hidden]";
  root.querySelectorAll(hidden).forEach((element) => {
    element.hidden = false;
  });
}
document.addEventListener("DOMContentLoaded", () => revealHelpers(document));
document.addEventListener("htmx:load", (event) => revealHelpers(event.detail.elt));
// htmx fires "load" only when the answer settles (20 ms later), and the screen is painted in
// between: revealed as soon as the answer is in the page, the taps under the thumb do not
// blink out and move the page.
document.addEventListener("htmx:afterSwap", () => revealHelpers(document));
document.addEventListener("htmx:oobAfterSwap", () => revealHelpers(document));

// Save answers at once: busy while the hand is on its way (the answer replaces the form).
document.addEventListener("htmx:beforeRequest", (event) => {
  const form = event.detail.elt;
  if (!form.matches || !form.matches("form.hand-form, form.farkle-turn, form.box-picker")) return;
  const button = event.detail.requestConfig.submitter || form.querySelector(".actions button[type=submit]");
  if (button) button.setAttribute("aria-busy", "true");
});
document.addEventListener("htmx:afterRequest", (event) => {
  const form = event.detail.elt;
  if (!form.querySelectorAll) return;
  form.querySelectorAll("[aria-busy=true]").forEach((button) => button.removeAttribute("aria-busy"));
});

// After a write is answered (an htmx swap, or the page a plain post led to): a refused
// Save's first wrong field is focused (autofocus) and shown with its message; otherwise
// the note saying what was done ("Hand 3 saved", with Undo; the winner under it) is put
// right under the score bar, with the next hand's first control under it, focused. Each is
// done once: a live update later leaves the thumb where it is.
function answerWhereTheThumbIs() {
  const wrong = document.querySelector(
    ':is([aria-invalid="true"], [role="alert"], [aria-invalid="true"] *)[autofocus]',
  );
  if (wrong && !wrong.dataset.pointed) {
    // In the middle of the screen, its message under it, clear of a bar at the foot.
    wrong.dataset.pointed = "1";
    wrong.focus({ preventScroll: true });
    wrong.scrollIntoView({ block: "center" });
    return;
  }
  const note = document.getElementById("note");
  if (!note || note.dataset.shown) return;
  note.dataset.shown = "1";
  const bar = document.querySelector(".scorebar");
  const under = bar ? bar.getBoundingClientRect().height : 0;
  window.scrollBy(0, note.getBoundingClientRect().top - under - 4);
  const first = document.querySelector(
    "#outcome form.hand-form :is(input, select, textarea):not([type=hidden], [hidden])",
  );
  if (first) first.focus({ preventScroll: true });
}
document.addEventListener("htmx:afterSettle", answerWhereTheThumbIs);
// A match or dice page opened at its top shows the next hand (or turn) under the score bar
// (the site's links are a swipe above), so the whole hand fits a small phone's screen.
function openAtTheHand() {
  const heading = document.querySelector("#next-hand, #turn-title");
  const bar = document.querySelector(".scorebar, #dice-scoreboard");
  if (!heading || !bar || location.hash || window.scrollY > 0) return;
  window.scrollBy(0, bar.getBoundingClientRect().top);
}
document.addEventListener("DOMContentLoaded", () => {
  openAtTheHand();
  answerWhereTheThumbIs();
});

// Share: the phone's share sheet where it has one, else copy the link.
function revealShare(root) {
  root.querySelectorAll("[data-share-url][hidden]").forEach((button) => {
    if (!navigator.share && button.dataset.copy) button.textContent = button.dataset.copy;
    button.hidden = false;
  });
}
document.addEventListener("DOMContentLoaded", () => revealShare(document));
document.addEventListener("htmx:load", (event) => revealShare(event.detail.elt));
document.addEventListener("click", async (event) => {
  const button = event.target.closest("[data-share-url]");
  if (!button) return;
  const url = new URL(button.dataset.shareUrl, location.href).href;
  const said = button.closest(".share-panel").querySelector(".share-said");
  try {
    if (navigator.share) {
      await navigator.share({ title: button.dataset.shareTitle, url });
      return;
    }
    await navigator.clipboard.writeText(url);
    said.textContent = say("Link copied: paste it into a message.");
  } catch (error) {
    if (error.name !== "AbortError") said.textContent = say("Could not share from here: press and hold the link below to copy it.");
  }
});

// Saved rule sets: Enter in a field that names its own button ("Save these rules as")
// presses that button, not the form's first one (which starts the match).
document.addEventListener("keydown", (event) => {
  const target = event.target.closest && event.target.closest("[data-enter-presses]");
  if (event.key !== "Enter" || !target) return;
  event.preventDefault();
  document.getElementById(target.dataset.enterPresses)?.click();
});

// "Who deals first" names each seat as its name is typed (the server does on a redraw).
document.addEventListener("input", (event) => {
  const seat = /^(.+)-(\d+)$/.exec(event.target.id || "");
  if (!seat) return;
  const choices = document.querySelector(`select[data-names-from="${CSS.escape(seat[1])}"]`);
  const choice = choices && choices.querySelector(`option[value="${seat[2]}"]`);
  if (choice) choice.textContent = event.target.value.trim() || event.target.placeholder;
});
// A game switch keeps the name boxes (hx-preserve): the refitted dealer list says them again.
document.addEventListener("htmx:afterSwap", ({ target }) => {
  for (const box of target.querySelectorAll("input[hx-preserve]")) {
    if (box.value) box.dispatchEvent(new Event("input", { bubbles: true }));
  }
});
// A group's seats (a roster player, or a new name): the dealer list follows them too.
document.addEventListener("input", (event) => {
  const seat = /^(player|new)_(\d+)$/.exec(event.target.id || "");
  const dealers = seat && event.target.form && event.target.form.querySelector("select[data-seat-names]");
  const choice = dealers && dealers.querySelector(`option[value="${seat[2]}"]`);
  if (!choice) return;
  if (!choice.dataset.seat) choice.dataset.seat = choice.textContent;
  const picked = document.getElementById(`player_${seat[2]}`);
  const typed = document.getElementById(`new_${seat[2]}`);
  const roster = picked && picked.value ? picked.selectedOptions[0].textContent : "";
  choice.textContent = (typed && typed.value.trim()) || roster || choice.dataset.seat;
});

// A club night's timed round: when time is up in this phone's own time, and the minutes
// left, kept up to date (the page as drawn says the time in UTC: a kept page is the same
// for every phone, so the minutes are counted here).
function showRoundClocks() {
  for (const clock of document.querySelectorAll("time[data-round-ends]")) {
    const end = Date.parse(clock.dateTime);
    clock.textContent = new Date(end).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
    const left = Math.ceil((end - Date.now()) / 60000);
    const said = clock.nextElementSibling;
    if (said && said.classList.contains("time-left")) {
      said.textContent = left > 0 ? ` (${left} min left)` : " (time is up: finish the hand in progress)";
    }
  }
}
document.addEventListener("DOMContentLoaded", showRoundClocks);
document.addEventListener("htmx:afterSettle", showRoundClocks);
setInterval(showRoundClocks, 15000);
