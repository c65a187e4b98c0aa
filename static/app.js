// Scorekeeper's small helpers for the hand form. Every page works without them:
// the bid is a plain number field and a blank trick field is filled in by the server.

// The bid's − and + buttons move it to the next valid bid of the match's bid steps, never
// under the minimum. The server lists the valid bids as runs ("start:step:end", the last
// without an end; rules/pinochle/hands.py bid_runs), so a bid off the steps moves onto them.
function bidRuns(box) {
  return box.dataset.runs.split(",").map((run) => {
    const [start, step, end] = run.split(":");
    return { start: Number(start), step: Number(step), end: end === "" ? null : Number(end) };
  });
}

function nextBid(runs, bid) {
  for (const { start, step, end } of runs) {
    if (bid === null || bid < start) return start;
    const higher = start + (Math.floor((bid - start) / step) + 1) * step;
    if (end === null || higher < end) return higher;
  }
  return bid;
}

function previousBid(runs, bid) {
  for (const { start, step, end } of [...runs].reverse()) {
    if (bid <= start) continue;
    let lower = start + Math.floor((bid - start - 1) / step) * step;
    if (end !== null) lower = Math.min(lower, start + Math.floor((end - 1 - start) / step) * step);
    return lower;
  }
  return runs[0].start;
}

document.addEventListener("click", (event) => {
  const button = event.target.closest("[data-step-by]");
  if (!button) return;
  const box = button.closest("[data-stepper]");
  const input = box.querySelector("input");
  const runs = bidRuns(box);
  const current = input.value === "" ? null : Number(input.value);
  let next;
  if (current === null || !Number.isFinite(current)) next = runs[0].start;
  else if (Number(button.dataset.stepBy) > 0) next = nextBid(runs, current);
  else next = previousBid(runs, current);
  input.value = String(next);
  input.dispatchEvent(new Event("input", { bubbles: true }));
});

// Under "a trick saves meld", the "took a trick" box is asked only of a side with no
// trick points: a side with trick points took a trick.
function askTookTrick(root) {
  root.querySelectorAll("[data-took-trick-for]").forEach((box) => {
    const tricks = document.getElementById(box.dataset.tookTrickFor);
    box.hidden = Boolean(tricks && tricks.value !== "" && Number(tricks.value) > 0);
  });
}
document.addEventListener("input", (event) => {
  const form = event.target.closest("[data-trick-total]")?.closest("form");
  // After the other side's tricks are filled in (the listener below), then ask.
  if (form) queueMicrotask(() => askTookTrick(form));
});

// The trick points of all sides but one tell the last side's: fill it in. With two sides
// that is the other side; with three, the one left blank once two are typed.
document.addEventListener("input", (event) => {
  const group = event.target.closest("[data-trick-total]");
  if (!group) return;
  delete event.target.dataset.filledIn; // typed by the player now
  if (event.target.value === "") return;
  const inputs = Array.from(group.querySelectorAll("input"));
  const others = inputs.filter((input) => input !== event.target);
  let last;
  if (inputs.length === 2) {
    [last] = others;
  } else {
    const blank = others.filter((input) => input.value === "" || input.dataset.filledIn);
    if (blank.length !== 1) return;
    [last] = blank;
  }
  const typed = inputs.filter((input) => input !== last).reduce((sum, input) => sum + Number(input.value), 0);
  const rest = Number(group.dataset.trickTotal) - typed;
  if (Number.isInteger(rest) && rest >= 0) {
    last.value = String(rest);
    last.dataset.filledIn = "1";
  }
});

// "Count meld from cards": one grid (from a <template>) for the chosen player's box.
function fillCardTaps(taps) {
  const grid = taps.closest("[data-cards-for]");
  taps.replaceChildren(grid.closest("form").querySelector("template[data-card-taps]").content.cloneNode(true));
  chooseCardPlayer(grid, grid.dataset.cardsFor);
}

// The chosen player's box alone shown; each name says how many cards that player has in.
function chooseCardPlayer(grid, id) {
  grid.dataset.cardsFor = id;
  const whose = document.querySelector(`label[for="${id}"]`).textContent.trim();
  grid.querySelectorAll("button").forEach((button) => {
    const { cardsPlayer, cardName } = button.dataset;
    if (cardsPlayer) {
      button.setAttribute("aria-pressed", String(cardsPlayer === id));
      const cards = document.getElementById(cardsPlayer).value.match(/[^\s,;+]+/g);
      button.lastElementChild.textContent = cards ? cards.length : "";
    } else {
      button.setAttribute("aria-label", cardName ? `Add the ${cardName} to ${whose}` : `Take out the last card of ${whose}`);
    }
  });
  grid.closest("details").querySelectorAll("[data-cards-field]").forEach((box) => {
    box.hidden = box.dataset.cardsField !== id;
  });
}

// The bid steppers, card taps and die taps are hidden until this script runs, so a page
// without it shows none.
function revealHelpers(root) {
  root.querySelectorAll("[data-cards-for] .card-taps[hidden]").forEach(fillCardTaps);
  const hidden = ".steppers[hidden], .card-taps[hidden], .die-taps[hidden]";
  root.querySelectorAll(hidden).forEach((element) => {
    element.hidden = false;
  });
}
document.addEventListener("DOMContentLoaded", () => {
  revealHelpers(document);
  askTookTrick(document);
});
document.addEventListener("htmx:load", (event) => {
  revealHelpers(event.detail.elt);
  askTookTrick(event.detail.elt);
});
// htmx fires "load" only when the answer settles (20 ms later), and the screen is painted in
// between: revealed as soon as the answer is in the page, the taps under the thumb do not
// blink out and move the page.
document.addEventListener("htmx:afterSwap", () => revealHelpers(document));
document.addEventListener("htmx:oobAfterSwap", () => revealHelpers(document));

// In "count meld from cards", a tapped card is added to the chosen player's cards (⌫ takes
// the last one out), a tapped name chooses whose cards the grid adds to; the preview then
// counts the meld.
document.addEventListener("click", (event) => {
  const player = event.target.closest("[data-cards-player]");
  if (player) {
    chooseCardPlayer(player.closest("[data-cards-for]"), player.dataset.cardsPlayer);
    return;
  }
  const button = event.target.closest("[data-card], [data-card-undo]");
  if (!button) return;
  const box = button.closest("[data-cards-for]");
  const input = document.getElementById(box.dataset.cardsFor);
  const cards = input.value.split(/[\s,;+]+/).filter(Boolean);
  if (button.dataset.card) cards.push(button.dataset.card);
  else cards.pop();
  input.value = cards.join(" ");
  input.dispatchEvent(new Event("input", { bubbles: true }));
  chooseCardPlayer(box, box.dataset.cardsFor); // the names' counts
});

// When the preview has counted a side's meld from cards, put it in that side's meld field.
document.addEventListener("htmx:afterSwap", (event) => {
  event.detail.target.querySelectorAll("output[data-side-meld]").forEach((output) => {
    const field = document.getElementById(`meld-${output.dataset.sideMeld}`);
    if (field) field.value = output.textContent.trim();
  });
});

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
  let said = "· scoring…";
  if (pinned.dataset.dice) {
    // Yahtzee: so many dice a turn; the last one shows what they score.
    const size = Number(pinned.dataset.dice);
    const count = field.value.replace(/[\s,;+]/g, "").length;
    shown = diceWords(field.value);
    if (count < size) said = `· ${size - count} more ${size - count === 1 ? "die" : "dice"}`;
    else if (count > size) said = `· more than ${size} dice`;
    else if (!navigator.onLine) said = "· no network: tap a box on the card";
  } else {
    // Farkle: the kept dice of each throw, one a line, or the turn's total.
    shown = field.value.split("\n").map(diceWords).filter(Boolean).join(" · ");
    const total = field.form.elements.total;
    if (!shown && total && total.value.trim()) shown = `Total ${total.value.trim()}`;
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

// The meld calculator's typed hand: mark the box invalid while an error is showing.
document.addEventListener("htmx:afterSettle", () => {
  const box = document.getElementById("hand");
  const slot = document.getElementById("hand-error-slot");
  if (!box || !slot) return;
  if (slot.querySelector("[role=alert]")) box.setAttribute("aria-invalid", "true");
  else box.removeAttribute("aria-invalid");
});

// ---- The score sheet at the table.

// A common bid, one tap: it goes into the bid field (and the preview follows).
document.addEventListener("click", (event) => {
  const chip = event.target.closest("[data-bid]");
  if (!chip) return;
  const input = chip.closest(".bid-row").querySelector("input[name=bid]");
  input.value = chip.dataset.bid;
  input.dispatchEvent(new Event("input", { bubbles: true }));
});

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
    if (!navigator.share) button.textContent = button.textContent.replace(/^Share/, "Copy");
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
    said.textContent = "Link copied: paste it into a message.";
  } catch (error) {
    if (error.name !== "AbortError") said.textContent = "Could not share from here: press and hold the link below to copy it.";
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
