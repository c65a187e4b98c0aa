// A dice game's part of the table's trust (trust.js): its live updates keep a turn being
// typed, and a turn kept on the phone moves the page on to the next player's.

// ---- Dice games live. Every two seconds a dice page asks whether the game changed. With
// nothing typed, the page follows the game; with a turn being typed, the form stays as it
// was drawn (its turn and version) and a notice says what another phone entered, with the
// choice: the same turn (discard mine), or keep mine as the turn of whoever plays now.

// Has the player typed this turn's dice (Yahtzee) or throws or total (Farkle)?
function diceTurnHeld() {
  const typed = document.querySelector("#dice-game form[data-dice-entry], #dice-game form.farkle-turn");
  return typed !== null && holdsInput(typed);
}

// Every poll names the turn the form was drawn for, so a notice counts every turn entered
// since the player started typing.
document.addEventListener("htmx:configRequest", (event) => {
  const poller = event.detail.elt;
  if (poller.id !== "live" || !poller.closest("#dice-game")) return;
  const form = diceTurnForm();
  if (!form) return;
  event.detail.parameters.form = form.elements.version.value;
  event.detail.parameters.number = form.elements.number.value;
});

document.addEventListener("htmx:oobBeforeSwap", (event) => {
  const target = event.detail.target;
  if (!target || !document.getElementById("dice-game")) return;
  const held = diceTurnHeld();
  if (target.id === "dice-game" && held) event.detail.shouldSwap = false;
  if (target.id === "turn-notice" && !held) event.detail.shouldSwap = false;
});

// "Keep mine as Cat's turn": the page is drawn again for whoever plays now, the typed
// dice or throws kept, and previewed against the game as it now stands.
document.addEventListener("click", (event) => {
  const button = event.target.closest("[data-keep-turn]");
  if (!button) return;
  const url = new URL(location.pathname, location.href);
  const typed = document.querySelector("#dice-game form[data-dice-entry], #dice-game form.farkle-turn");
  if (typed) {
    ["dice", "throws", "total"].forEach((name) => {
      const field = typed.elements[name];
      if (field && field.value.trim()) url.searchParams.set(name, field.value.trim());
    });
    // Generala's served tick goes with the dice it was ticked for.
    if (typed.elements.first_throw?.checked) url.searchParams.set("first_throw", "y");
  }
  htmx.ajax("GET", url.pathname + url.search, { target: "#dice-game", swap: "outerHTML" });
});

// The form a next turn is typed into on a dice page (Farkle's, or Yahtzee's box picker).
function diceTurnForm() {
  return document.querySelector("#dice-game form.farkle-turn, #dice-game form.box-picker");
}

// The player after this one, by the scoreboard's order (the server has the last word: a
// kept turn that does not fit comes back as the conflict page).
function playerAfter(name) {
  const names = Array.from(document.querySelectorAll("#dice-game .side-name"), (e) => e.textContent.trim());
  const at = names.indexOf(name);
  return at < 0 ? null : names[(at + 1) % names.length];
}

// Whose turn the page shows.
function turnPlayer() {
  const title = document.getElementById("turn-title");
  return title ? title.dataset.player || "" : "";
}

// A turn's form, drawn as if the kept turn had landed: the next version and turn number,
// a new one-time token, the next player's name.
function advanceTurn(form, player) {
  form.elements.version.value = String(Number(form.elements.version.value) + 1);
  form.elements.number.value = String(Number(form.elements.number.value) + 1);
  form.elements.client_token.value = newFormToken();
  const title = document.getElementById("turn-title");
  const next = playerAfter(player);
  if (title && next) {
    title.textContent = say("%(player)s's turn", { player: next });
    title.dataset.player = next;
  }
  // The line of facts says whose turn it is too; the boxes left were the last player's.
  const facts = document.querySelector("#dice-game .match-facts strong");
  if (facts && next) facts.textContent = say("%(player)s's turn", { player: next });
  document.querySelectorAll("#dice-game .match-facts .boxes-left").forEach((part) => part.remove());
  const conflict = document.getElementById("conflict-choice");
  if (conflict) conflict.remove();
  return next;
}

// Keep a dice turn; the form is then ready for the next player's turn, drawn as if this one
// had landed.
async function keepDiceTurn(form, fields) {
  const title = document.getElementById("turn-title");
  const player = turnPlayer();
  const label = title ? title.textContent.trim() : say("A turn");
  await keepEntry(form, label, fields, { player });
  // The note and its Undo are of the site's last turn, not this one.
  document.getElementById("dice-note")?.remove();
  if (form.matches("form.farkle-turn")) {
    clearTyped(form);
    advanceTurn(form, player);
    const preview = document.getElementById("farkle-preview");
    if (preview) preview.replaceChildren();
  } else if (form.matches("form.box-picker, form.zero-confirm")) {
    // A box tapped (or the yes to its 0): the card's form moves on to the next player.
    const picker = document.querySelector("#dice-game form.box-picker");
    const next = advanceTurn(picker, player);
    laterBoxesDone(picker, next);
  } else {
    const section = form.closest("section.turn");
    const kept = document.createElement("p");
    kept.id = "turn-kept";
    kept.className = "hand-notice";
    kept.textContent = say("%(turn)s: kept on this phone, to be sent when the network is back.", { turn: label });
    (section || form).replaceChildren(kept);
  }
  await showStatus();
}

// ---- A Yahtzee turn with no network. The dice cannot be previewed, so the player's open
// boxes, as the page drew them, become buttons that keep the turn for later, posted as a
// tap on the card would post it. No score is shown: the server scores the turn when it
// lands (and asks first, as ever, about a box that would score 0).

// The boxes of this player's turn already kept on this phone: not offered again.
async function keptSlots(player) {
  try {
    const waiting = await waitingHere();
    return waiting.filter((entry) => entry.player === player).map((entry) => new Map(entry.fields).get("slot"));
  } catch (error) {
    return [];
  }
}

// The card drawn for a player on this page (the turn's card or the one under Every card).
function cardOf(player) {
  const cards = document.querySelectorAll("#dice-game table.yahtzee-card[data-player-name]");
  return Array.from(cards).find((card) => card.dataset.playerName === player) || null;
}

// What the turn says besides its dice (Generala's served, Maxi Yatzy's throws used), as the
// dice form holds it now: posted with the box, as the server's own hidden fields would be.
// (Offline, a tick on Served cannot ask the server to draw them.)
function copyTurnFacts(picker) {
  const entryForm = document.querySelector("#dice-game form[data-dice-entry]");
  if (!picker || !entryForm) return;
  picker.querySelectorAll(":scope > input[name=first_throw], :scope > input[name=throws]").forEach((fact) => fact.remove());
  const { first_throw: served, throws } = entryForm.elements;
  const facts = [];
  if (served && served.checked) facts.push(["first_throw", "y"]);
  if (throws && throws.value.trim()) facts.push(["throws", throws.value.trim()]);
  facts.forEach(([name, value]) => {
    const fact = document.createElement("input");
    fact.type = "hidden";
    fact.name = name;
    fact.value = value;
    picker.append(fact);
  });
}

// The box picker's own card, hint and previews are put away: they are of the dice and the
// player the server last drew.
function putAwayDrawnCard(picker) {
  picker.querySelectorAll(":scope > .hint, :scope > .reasons, :scope > table.yahtzee-card, #slot-error, #best-boxes").forEach((element) => {
    element.hidden = true;
  });
  const confirm = document.getElementById("confirm");
  if (confirm) confirm.remove();
}

async function offerLaterBoxes(entryForm) {
  const picker = document.querySelector("#dice-game form.box-picker");
  const dice = entryForm.elements.dice.value.trim();
  if (!picker || !dice) return;
  const player = turnPlayer();
  const card = cardOf(player);
  if (!card) return;
  const taken = await keptSlots(player);
  let typed = picker.querySelector("input[name=dice]");
  if (!typed) {
    typed = document.createElement("input");
    typed.type = "hidden";
    typed.name = "dice";
    picker.append(typed);
  }
  typed.value = dice;
  copyTurnFacts(picker);
  putAwayDrawnCard(picker);
  const later = document.createElement("div");
  later.id = "later-boxes";
  later.className = "later-boxes";
  const hint = document.createElement("p");
  hint.className = "hint";
  hint.textContent = say("No network: choose %(player)s's box for %(dice)s. It is scored when the turn is sent.", { player, dice });
  later.append(hint);
  card.querySelectorAll("td[data-open-slot]").forEach((cell) => {
    if (taken.includes(cell.dataset.openSlot)) return;
    const button = document.createElement("button");
    button.type = "submit";
    button.name = "slot";
    button.value = cell.dataset.openSlot;
    button.className = "outline";
    button.textContent = say("Score these dice in %(box)s when back online", { box: cell.dataset.openBox });
    later.append(button);
  });
  const shown = document.getElementById("later-boxes");
  if (shown) shown.replaceWith(later);
  else picker.prepend(later);
}

// A Yahtzee turn was kept: the dice and the boxes offered go, and the next player's dice
// can be entered.
function laterBoxesDone(picker, next) {
  putAwayDrawnCard(picker);
  picker.querySelectorAll(":scope > input[name=dice], :scope > input[name=first_throw], :scope > input[name=throws]").forEach((kept) => kept.remove());
  // The next player's turn starts as the server draws one: not served, no throws said.
  const entryForm = document.querySelector("#dice-game form[data-dice-entry]");
  if (entryForm) {
    entryForm.elements.dice.value = "";
    if (entryForm.elements.first_throw) entryForm.elements.first_throw.checked = false;
    if (entryForm.elements.throws) entryForm.elements.throws.value = "";
  }
  const later = document.getElementById("later-boxes");
  const hint = document.createElement("p");
  hint.className = "hint";
  hint.textContent = next ? say("Enter %(player)s's dice.", { player: next }) : say("Enter the next dice.");
  if (later) later.replaceChildren(hint);
  else {
    const box = document.createElement("div");
    box.id = "later-boxes";
    box.className = "later-boxes";
    box.append(hint);
    picker.prepend(box);
  }
}

// Dice entered with no network (or the preview could not reach the site).
document.addEventListener(
  "submit",
  (event) => {
    const form = event.target;
    if (navigator.onLine || !form.matches("#dice-game form[data-dice-entry]")) return;
    event.preventDefault();
    event.stopPropagation();
    offerLaterBoxes(form);
  },
  true,
);
document.addEventListener("htmx:sendError", (event) => {
  const form = event.detail.elt;
  if (form.matches && form.matches("#dice-game form[data-dice-entry]")) offerLaterBoxes(form);
});

// A turn's correction (its edit page) is kept as it is; a turn on the game's page moves the
// page on to the next player's.
async function keepTurn(form, fields) {
  if (form.closest("#dice-game")) {
    await keepDiceTurn(form, fields);
    return;
  }
  const title = document.querySelector("#edit-turn h1");
  await keepEntry(form, title ? title.textContent.trim() : say("A change"), fields);
  await showStatus();
}

const trustGame = {
  keep: keepTurn,
  numbered: () => [], // no hands: a turn waits under its own label
  async drawWaiting() {},
  typingForm: diceTurnForm,
  // A box tapped offline takes the turn's facts (served, throws) from the dice form.
  beforeKeep(form) {
    if (form.matches("#dice-game form.box-picker")) copyTurnFacts(form);
  },
};
