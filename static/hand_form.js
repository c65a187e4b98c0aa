// A pinochle hand's form at the table (a match page, a hand's edit page): the bid's
// steppers and common bids, the trick points filled in, meld counted from tapped cards.
// Every form works without it: the bid is a plain number field and a blank trick field
// is filled in by the server.

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
      const words = cardName ? say("Add the %(card)s to %(whose)s", { card: cardName, whose }) : say("Take out the last card of %(whose)s", { whose });
      button.setAttribute("aria-label", words);
    }
  });
  grid.closest("details").querySelectorAll("[data-cards-field]").forEach((box) => {
    box.hidden = box.dataset.cardsField !== id;
  });
}

// The card taps are drawn (from the form's <template>) before the helpers are shown.
revealers.push((root) => root.querySelectorAll("[data-cards-for] .card-taps[hidden]").forEach(fillCardTaps));
document.addEventListener("DOMContentLoaded", () => askTookTrick(document));
document.addEventListener("htmx:load", (event) => askTookTrick(event.detail.elt));

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

// A common bid, one tap: it goes into the bid field (and the preview follows).
document.addEventListener("click", (event) => {
  const chip = event.target.closest("[data-bid]");
  if (!chip) return;
  const input = chip.closest(".bid-row").querySelector("input[name=bid]");
  input.value = chip.dataset.bid;
  input.dispatchEvent(new Event("input", { bubbles: true }));
});
