// A dice turn at the table (Yahtzee and its cousins, Farkle): the die taps, the dice
// scored as soon as a turn's are in, the pinned line, the folded views kept open. Every
// form works without it: the dice are typed.

// Dice: a tapped face goes into the dice field (⌫ takes the last one out, "Next throw"
// starts Farkle's next line).
document.addEventListener("click", (event) => {
  const button = event.target.closest("[data-die], [data-die-undo], [data-next-throw]");
  if (!button) return;
  const input = document.getElementById(button.closest("[data-taps-for]").dataset.tapsFor);
  let text = input.value;
  if (button.dataset.die) {
    // Typed with spaces ("3 3 5"), keep the spaces; typed as digits ("335"), keep those.
    const line = text.slice(text.lastIndexOf("\n") + 1);
    if (/\S\s+\S/.test(line) && !/\s$/.test(line)) text += " ";
    text += button.dataset.die;
  } else if (button.hasAttribute("data-next-throw")) {
    if (text.trim() && !text.endsWith("\n")) text += "\n";
  } else {
    text = text.replace(/\S\s*$/, "");
  }
  input.value = text;
  input.dispatchEvent(new Event("input", { bubbles: true }));
});

// A turn's dice entered (five, or Maxi Yatzy's six, as the form says): show at once what they score.
document.addEventListener("input", (event) => {
  const form = event.target.closest("[data-dice-entry]");
  const size = form ? Number(form.dataset.diceEntry) || 5 : 0;
  if (form && event.target.value.replace(/[\s,;+]/g, "").length === size) form.requestSubmit();
});

// A dice turn's answer: entered or undone, its note on top (next field focused); else its alert.
document.addEventListener("htmx:afterSettle", ({ detail: { requestConfig: asked, xhr } }) => {
  const region = document.getElementById("dice-game");
  if (!region || !asked?.elt.matches("[data-turn-answer]")) return;
  const note = region.querySelector("#dice-note");
  if (!xhr.responseURL.endsWith(asked.path)) {
    document.getElementById(note?.dataset.nextField)?.focus({ preventScroll: true });
    (note || region).scrollIntoView();
  } else if (!document.activeElement.hasAttribute("autofocus")) {
    region.querySelector("[role=alert]:not([hidden])")?.scrollIntoView({ block: "center" });
  }
});

// The pinned line of a dice turn (templates/dice/_pinned.html): the dice as typed, at once;
// what they score is the server's to say (the card drawn again, or Farkle's preview), so
// until it answers the line says "scoring…".
function diceWords(text) {
  return Array.from(text.replace(/[\s,;+]/g, "")).join(" ");
}
function drawDicePinned(pinned, field) {
  let shown = "";
  let said = say("· scoring…");
  if (pinned.dataset.dice) {
    // Yahtzee: so many dice a turn; the last one shows what they score.
    const size = Number(pinned.dataset.dice);
    const count = field.value.replace(/[\s,;+]/g, "").length;
    shown = diceWords(field.value);
    if (count < size) said = sayPlural("· %(num)s more die", "· %(num)s more dice", size - count);
    else if (count > size) said = say("· more than %(size)s dice", { size });
    else if (!navigator.onLine) said = say("· no network: tap a box on the card");
  } else {
    // Farkle: the kept dice of each throw, one a line, or the turn's total.
    shown = field.value.split("\n").map(diceWords).filter(Boolean).join(" · ");
    const total = field.form.elements.total;
    if (!shown && total && total.value.trim()) shown = say("Total %(total)s", { total: total.value.trim() });
  }
  pinned.hidden = !shown;
  const dice = document.createElement("strong");
  dice.dataset.pinnedDice = "";
  dice.textContent = shown;
  const score = document.createElement("span");
  score.dataset.pinnedScore = "";
  score.textContent = said;
  pinned.replaceChildren(dice, " ", score);
}
function dicePinned() {
  const pinned = document.getElementById("dice-pinned");
  const field = pinned && document.getElementById(pinned.dataset.pinnedFor);
  return field ? { pinned, field } : null;
}
document.addEventListener("input", (event) => {
  const found = dicePinned();
  if (!found || !event.target.form || event.target.form !== found.field.form) return;
  drawDicePinned(found.pinned, found.field);
});
// An answer for dice typed before the last tap (the next one is on its way) is not shown
// as the score of the dice on screen.
document.addEventListener("htmx:afterSettle", () => {
  const found = dicePinned();
  if (!found || found.pinned.hidden) return;
  const said = found.pinned.querySelector("[data-pinned-dice]");
  const typed = found.field.value.split("\n").map(diceWords).filter(Boolean).join(" · ");
  if (!found.pinned.dataset.dice && said && typed && said.textContent.trim() !== typed) {
    drawDicePinned(found.pinned, found.field);
  }
});

// A folded view opened on a dice page (all cards side by side) stays open when the page
// is drawn again for a turn or another phone's change.
let openViews = [];
function keepOpenViews() {
  openViews = Array.from(document.querySelectorAll("#dice-game details.side-by-side[open]"), (view) => view.id);
}
function reopenViews() {
  openViews.forEach((id) => {
    const view = document.getElementById(id);
    if (view) view.open = true;
  });
}
document.addEventListener("htmx:beforeSwap", keepOpenViews);
document.addEventListener("htmx:oobBeforeSwap", keepOpenViews);
document.addEventListener("htmx:afterSwap", reopenViews);
document.addEventListener("htmx:oobAfterSwap", reopenViews);
