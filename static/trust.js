// Trust at a real table. A live update never re-targets a hand form that holds typed
// input: the form keeps the version it was drawn at, and a notice says what another phone
// saved meanwhile, with the choice of what this phone's hand is. Without this script there
// are no live updates, and the same choice comes with the conflict page at Save.

const FOLLOWS_LEDGER = ["next-hand", "form-version"];

// The next hand's form on a match page (not the edit page: it has no live updates).
function nextHandForm() {
  return document.querySelector("#outcome form.hand-form");
}

// Has the player typed or tapped anything into the form?
function holdsInput(form) {
  return Array.from(form.elements).some((element) => {
    if (!element.name || ["hidden", "submit", "button"].includes(element.type)) return false;
    if (element.type === "radio" || element.type === "checkbox") return element.checked;
    return String(element.value).trim() !== "";
  });
}

// A fresh one-time form token, in the alphabet the site's own tokens use.
function newFormToken() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function clearNotice(notice) {
  notice.replaceChildren();
  notice.hidden = true;
}

// A poll asks about the version the held form was drawn at, so the notice counts every
// change since the player started typing.
document.addEventListener("htmx:configRequest", (event) => {
  if (event.detail.elt.id !== "live") return;
  const form = nextHandForm();
  if (form && holdsInput(form)) event.detail.parameters.form = form.elements.version.value;
});

document.addEventListener("htmx:oobBeforeSwap", (event) => {
  const target = event.detail.target;
  if (!target) return;
  const form = nextHandForm();
  const held = form !== null && holdsInput(form);
  if (FOLLOWS_LEDGER.includes(target.id) && held) event.detail.shouldSwap = false;
  if (target.id === "hand-notice" && !held) {
    event.detail.shouldSwap = false;
    clearNotice(target);
  }
});

// The notice has come: the preview is redrawn against the ledger as it now stands.
document.addEventListener("htmx:oobAfterSwap", (event) => {
  if (event.detail.target.id !== "hand-notice") return;
  const form = nextHandForm();
  if (form) form.dispatchEvent(new Event("change", { bubbles: true }));
});

// "Save mine as hand N": the typed hand goes in at the version now stored, as a new form.
document.addEventListener("click", (event) => {
  const button = event.target.closest("[data-save-mine]");
  if (!button) return;
  const notice = button.closest("#hand-notice");
  const form = nextHandForm();
  if (!notice || !form) return;
  form.elements.version.value = notice.dataset.version;
  form.elements.client_token.value = newFormToken();
  document.getElementById("next-hand").textContent = `Hand ${notice.dataset.nextHand}`;
  clearNotice(notice);
  form.requestSubmit(form.querySelector(".actions button[type=submit]"));
});

// "Save mine over theirs" on an edit page: the correction goes in over the other phone's,
// knowingly, at the hand's version now stored.
document.addEventListener("click", (event) => {
  const button = event.target.closest("[data-save-over-theirs]");
  if (!button) return;
  const notice = button.closest("#edit-notice");
  const form = document.querySelector("form.hand-form, form.turn-correction");
  if (!notice || !form) return;
  // A hand's correction names the hand's version; a dice turn's, the game's.
  if (form.elements.hand_version) form.elements.hand_version.value = notice.dataset.handVersion;
  else form.elements.version.value = notice.dataset.version;
  form.requestSubmit(form.querySelector(".actions button[type=submit]"));
});

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
  }
  htmx.ajax("GET", url.pathname + url.search, { target: "#dice-game", swap: "outerHTML" });
});

// ---- Offline saves. A hand (or an edit) saved with no network is kept on this phone, in
// IndexedDB: the form's fields as posted, with its version and one-time token, and where it
// goes. It is sent when the network returns (and on each page load), oldest first; the
// one-time token makes a resend harmless, and another phone's change meanwhile comes back
// as the conflict page, never as a hand saved in the wrong place.

const OUTBOX = "scorekeeper-outbox";
// The forms kept when saved offline: a hand (or its edit), a Farkle turn, a Yahtzee box tap
// (and the conflict choice's "Enter mine for …", and the yes to a box that scores 0), and a
// turn's correction.
const KEPT_FORMS =
  "form.hand-form, form.farkle-turn, form.box-picker, form.turn-choice, form.zero-confirm, form.turn-correction";
let sending = false;

// The page's region a write answers with: the dice game, or the match.
function pageRegion() {
  return document.getElementById("dice-game") ? "#dice-game" : "#match";
}

// The form a next turn is typed into on a dice page (Farkle's, or Yahtzee's box picker).
function diceTurnForm() {
  return document.querySelector("#dice-game form.farkle-turn, #dice-game form.box-picker");
}

function asPromise(request) {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

async function outbox(mode) {
  const opening = indexedDB.open(OUTBOX, 1);
  opening.onupgradeneeded = () => {
    opening.result.createObjectStore("entries", { keyPath: "id", autoIncrement: true });
  };
  const database = await asPromise(opening);
  return database.transaction("entries", mode).objectStore("entries");
}

// The entries kept for this page, oldest first.
async function waitingHere() {
  const all = await asPromise((await outbox("readonly")).getAll());
  return all.filter((entry) => entry.page === location.pathname);
}

async function forget(id) {
  await asPromise((await outbox("readwrite")).delete(id));
}

function statusLine() {
  let line = document.getElementById("connection");
  if (!line) {
    const main = document.querySelector("main");
    if (!main) return null;
    line = document.createElement("p");
    line.id = "connection";
    line.className = "connection";
    line.setAttribute("aria-live", "polite");
    main.prepend(line);
  }
  return line;
}

// Says plainly whether the phone is online, and what is waiting to be sent.
async function showStatus() {
  const line = statusLine();
  if (!line) return;
  let waiting = [];
  try {
    waiting = await waitingHere();
  } catch (error) {
    // No IndexedDB (a private window on some phones): nothing can be waiting.
  }
  const parts = [navigator.onLine ? "Online" : "Offline: saves are kept on this phone"];
  if (waiting.length) {
    parts.push(`waiting to send: ${waiting.length} (${waiting.map((e) => e.label).join(", ")})`);
  }
  line.textContent = parts.join(" · ");
  line.classList.toggle("offline", !navigator.onLine);
}

// Empty the typed fields of a form, leaving its hidden ones.
function clearTyped(form) {
  Array.from(form.elements).forEach((element) => {
    if (!element.name || ["hidden", "submit", "button"].includes(element.type)) return;
    if (element.type === "radio" || element.type === "checkbox") element.checked = false;
    else element.value = "";
  });
}

// Keep a posted form on the phone; a new hand's form is then ready for the hand after it,
// drawn as if this one had landed (its version one on, a new one-time token).
async function keep(form, fields) {
  if (form.closest("#dice-game")) {
    await keepDiceTurn(form, fields);
    return;
  }
  const heading = document.getElementById("next-hand");
  const nextHand = form.closest("#outcome") !== null && heading !== null;
  const title = document.querySelector("#match h1, #edit-turn h1");
  const label = nextHand ? heading.textContent.trim() : title ? title.textContent.trim() : "A change";
  // Not form.action: the form's buttons are named "action", and that name wins.
  const url = new URL(form.getAttribute("action"), location.href).href;
  const entry = { url, page: location.pathname, label, fields };
  await asPromise((await outbox("readwrite")).add(entry));
  if (nextHand) {
    clearTyped(form);
    form.elements.version.value = String(Number(form.elements.version.value) + 1);
    form.elements.client_token.value = newFormToken();
    heading.textContent = `Hand ${Number(label.replace(/\D/g, "")) + 1}`;
    const preview = document.getElementById("preview");
    if (preview) preview.replaceChildren();
  }
  await showStatus();
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
  return title ? title.textContent.replace(/'s turn$/, "").trim() : "";
}

// A turn's form, drawn as if the kept turn had landed: the next version and turn number,
// a new one-time token, the next player's name.
function advanceTurn(form, player) {
  form.elements.version.value = String(Number(form.elements.version.value) + 1);
  form.elements.number.value = String(Number(form.elements.number.value) + 1);
  form.elements.client_token.value = newFormToken();
  const title = document.getElementById("turn-title");
  const next = playerAfter(player);
  if (title && next) title.textContent = `${next}'s turn`;
  // The line of facts says whose turn it is too; the boxes left were the last player's.
  const facts = document.querySelector("#dice-game .match-facts strong");
  if (facts && next) facts.textContent = `${next}'s turn`;
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
  const label = title ? title.textContent.trim() : "A turn";
  const url = new URL(form.getAttribute("action"), location.href).href;
  const entry = { url, page: location.pathname, label, player, fields };
  await asPromise((await outbox("readwrite")).add(entry));
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
    kept.textContent = `${label}: kept on this phone, to be sent when the network is back.`;
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
  putAwayDrawnCard(picker);
  const later = document.createElement("div");
  later.id = "later-boxes";
  later.className = "later-boxes";
  const hint = document.createElement("p");
  hint.className = "hint";
  hint.textContent = `No network: choose ${player}'s box for ${dice}. It is scored when the turn is sent.`;
  later.append(hint);
  card.querySelectorAll("td[data-open-slot]").forEach((cell) => {
    if (taken.includes(cell.dataset.openSlot)) return;
    const button = document.createElement("button");
    button.type = "submit";
    button.name = "slot";
    button.value = cell.dataset.openSlot;
    button.className = "outline";
    button.textContent = `Score these dice in ${cell.dataset.openBox} when back online`;
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
  const typed = picker.querySelector("input[name=dice]");
  if (typed) typed.remove();
  const entryForm = document.querySelector("#dice-game form[data-dice-entry]");
  if (entryForm) entryForm.elements.dice.value = "";
  const later = document.getElementById("later-boxes");
  const hint = document.createElement("p");
  hint.className = "hint";
  hint.textContent = next ? `Enter ${next}'s dice.` : "Enter the next dice.";
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

function postedFields(form, submitter) {
  const data = submitter ? new FormData(form, submitter) : new FormData(form);
  return Array.from(data.entries()).map(([name, value]) => [name, String(value)]);
}

// Saved with no network: kept, not sent.
document.addEventListener(
  "submit",
  (event) => {
    const form = event.target;
    if (navigator.onLine || !form.matches(KEPT_FORMS)) return;
    event.preventDefault();
    event.stopPropagation();
    keep(form, postedFields(form, event.submitter));
  },
  true,
);

// Sent, but the network failed on the way: kept as it was posted.
document.addEventListener("htmx:sendError", (event) => {
  const form = event.detail.elt;
  if (!form.matches || !form.matches(KEPT_FORMS)) return;
  const data = event.detail.requestConfig.formData;
  keep(form, Array.from(data.entries()).map(([name, value]) => [name, String(value)]));
});

// Send what waits, oldest first, each once; stop at the first that cannot go.
async function sendWaiting() {
  if (sending || !navigator.onLine) return;
  sending = true;
  let landed = null;
  try {
    for (const entry of await waitingHere()) {
      let response;
      try {
        response = await fetch(entry.url, {
          method: "POST",
          body: new URLSearchParams(entry.fields),
          headers: { "HX-Request": "true" },
          credentials: "same-origin",
        });
      } catch (error) {
        break; // still no network: it stays kept
      }
      if (response.ok && response.redirected) {
        await forget(entry.id);
        landed = response.url;
        continue;
      }
      if (response.ok || response.status === 409 || response.status === 422) {
        // Another phone changed the game meanwhile (or a rule refused it, or the page asks
        // first, as for a Yahtzee zero): the page shows it, typed as it was kept.
        await forget(entry.id);
        htmx.swap(pageRegion(), await response.text(), { swapStyle: "outerHTML" });
        landed = null;
      }
      break;
    }
  } catch (error) {
    // IndexedDB unavailable: nothing was kept, nothing to send.
  } finally {
    sending = false;
  }
  await showStatus();
  if (landed === null) return;
  const typing = nextHandForm() || diceTurnForm();
  if (!typing) {
    location.assign(landed); // an edit page (or a kept Yahtzee turn): as after a save
  } else if (!holdsInput(typing)) {
    const here = typing.closest("#dice-game") ? location.pathname : location.pathname + location.search;
    htmx.ajax("GET", here, { target: pageRegion(), swap: "outerHTML" });
  }
}

// A post answered (the zero's "score 0?" said yes to, say): the network is there, so what
// waits behind it goes next.
document.addEventListener("htmx:afterRequest", (event) => {
  if (event.detail.successful && event.detail.requestConfig && event.detail.requestConfig.verb.toLowerCase() === "post") {
    sendWaiting();
  }
});

window.addEventListener("online", () => {
  showStatus();
  sendWaiting();
});
window.addEventListener("offline", showStatus);
document.addEventListener("DOMContentLoaded", () => {
  showStatus();
  sendWaiting();
});
