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

// A poll's answer is drawn only while the poller that asked is still on the page. What
// replaced it (this phone's own Save, turn or Undo answered, or a later poll's answer)
// drew the game at least at the version this poll asked since, and brought a poller of
// its own, which asks again within half a second. So an answer to a poll sent just before
// this phone's Save was answered is dropped: drawn, it would bring the saved hand back as
// "another phone's" over the next hand already being typed. The answer's events fire on
// the detached poller, which is why the listener is on it and not on the document.
const pollersWatched = new WeakSet();
document.addEventListener("htmx:beforeRequest", (event) => {
  const poller = event.detail.elt;
  if (poller.id !== "live" || pollersWatched.has(poller)) return;
  pollersWatched.add(poller);
  poller.addEventListener("htmx:beforeSwap", (answer) => {
    if (!poller.isConnected) answer.detail.shouldSwap = false;
  });
});

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
    // Generala's served tick goes with the dice it was ticked for.
    if (typed.elements.first_throw?.checked) url.searchParams.set("first_throw", "y");
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
// A 503's sentence while what waits cannot be stored, and the timer that sends it again.
let serverFault = null;
let retryTimer = null;

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

// What waits, in a few words: new hands by the numbers they will land as, a run of them
// as one ("Hands 1–3"), so the line stays the same height however many wait.
function waitingLabels(waiting) {
  const hands = numbered(waiting.filter((entry) => entry.hand));
  const labels = [];
  let run = null;
  waiting.forEach((entry) => {
    const number = entry.hand ? hands.shift().number : null;
    if (number !== null && run && number === run.last + 1) {
      run.last = number;
      return;
    }
    run = number === null ? null : { first: number, last: number };
    labels.push(run || entry.label);
  });
  return labels.map((label) => {
    if (typeof label === "string") return label;
    return label.first === label.last ? `Hand ${label.first}` : `Hands ${label.first}–${label.last}`;
  });
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
    parts.push(`waiting to send: ${waiting.length} (${waitingLabels(waiting).join(", ")})`);
    if (serverFault && navigator.onLine) parts.push(serverFault);
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
// drawn as if this one had landed (its version one on, a new one-time token, the next
// dealer), and the kept hand is shown in the ledger as waiting.
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
  if (nextHand) entry.hand = await keptHand(form, fields);
  await asPromise((await outbox("readwrite")).add(entry));
  if (nextHand) {
    clearTyped(form);
    form.elements.client_token.value = newFormToken();
    const preview = document.getElementById("preview");
    if (preview) preview.replaceChildren();
  }
  await drawWaiting();
  await showStatus();
  if (nextHand) {
    // Answered where the thumb is: the line saying what waits, the next hand's first control.
    // At the top when the whole hand then fits above the bar at the foot; else the score
    // bar at the top, which says what waits too.
    window.scrollTo({ top: 0 });
    const last = [...form.querySelectorAll("[id^=tricks-]")].pop();
    const foot = form.querySelector(".actions");
    if (last && foot && last.getBoundingClientRect().bottom > foot.getBoundingClientRect().top)
      window.scrollTo({ top: document.getElementById("scoreboard").getBoundingClientRect().top });
    const first = form.querySelector("input:not([type=hidden]):not([disabled]), select, textarea");
    if (first) first.focus({ preventScroll: true });
  }
}

// ---- Hands waiting to be sent, shown as the table typed them. The deal's order is the
// server's (the score bar's data: the players, who deals next, the kinds of hand after
// which the same dealer deals again); a waiting hand's made or set and the totals are
// not: they are counted when the hand lands.

// The deal as the score bar was drawn: the players, the next dealer, what keeps the deal.
function dealOrder() {
  const bar = document.getElementById("scoreboard");
  if (!bar || !bar.dataset.players) return null;
  return {
    players: JSON.parse(bar.dataset.players),
    next: Number(bar.dataset.nextDealer),
    stays: (bar.dataset.dealStays || "").split(" ").filter(Boolean),
  };
}

// The number in "Hand 3".
function handNumber(text) {
  return Number(String(text).replace(/\D/g, ""));
}

// The hand, version and dealer the page was drawn for (before any hand was kept on it).
function drawnAt(form, heading, deal) {
  if (form.dataset.drawnVersion === undefined) form.dataset.drawnVersion = form.elements.version.value;
  if (heading.dataset.drawnNumber === undefined) heading.dataset.drawnNumber = String(handNumber(heading.textContent));
  return {
    version: Number(form.dataset.drawnVersion),
    number: Number(heading.dataset.drawnNumber),
    dealer: deal ? deal.next : null,
  };
}

// The hand after the kept ones this page does not show yet: each kept hand moved the
// match's version by one, the hand number by one, and the deal on unless its kind keeps it.
function nextAfter(kept, drawn, deal) {
  const ahead = kept.filter((entry) => !entry.rebase && entry.hand.version >= drawn.version);
  if (!ahead.length) return drawn;
  const last = ahead[ahead.length - 1].hand;
  let dealer = last.dealer;
  if (deal && dealer !== null && !deal.stays.includes(last.kind)) dealer = (dealer + 1) % deal.players.length;
  return { version: last.version + 1, number: last.number + 1, dealer };
}

// The new hands kept for this page, oldest first.
async function keptHands() {
  try {
    return (await waitingHere()).filter((entry) => entry.hand);
  } catch (error) {
    return []; // no IndexedDB: nothing kept
  }
}

// What the waiting row says of a kept hand, read from the form as it was posted.
async function keptHand(form, fields) {
  const posted = new Map(fields);
  const deal = dealOrder();
  const heading = document.getElementById("next-hand");
  const up = nextAfter(await keptHands(), drawnAt(form, heading, deal), deal);
  const trump = form.querySelector("input[name=trump]:checked");
  const sides = Array.from(form.querySelectorAll("#meld-group input"), (input) => input.name);
  const bidder = posted.get("bidder");
  return {
    number: handNumber(heading.textContent),
    version: Number(posted.get("version")),
    dealer: up.dealer,
    kind: posted.get("action") || "save",
    bidder: bidder !== undefined && deal ? deal.players[Number(bidder)] : null,
    bid: posted.get("bid") || "",
    allPassed: posted.has("all_passed"),
    trump: trump ? trump.closest("label").textContent.trim().split(/\s+/)[0] : "",
    meld: sides.map((name) => posted.get(name) || ""),
    tricks: sides.map((name) => posted.get(name.replace("meld", "tricks")) || ""),
  };
}

const KIND_WORDS = { throw_in: "thrown in", forfeit: "forfeit" };
// A name in a sentence drawn here, isolated as the server's plain text is (bidi.py): between
// FSI and PDI when it holds a right-to-left letter or a bidi control.
const MOVES = /[\u0590-\u08ff\u200f\u202a-\u202e\u2066-\u2069\ufb1d-\ufdff\ufe70-\ufefc\u{10800}-\u{10fff}\u{1e800}-\u{1efff}]/u;
const isolated = (name) => (MOVES.test(name) ? `\u2068${name}\u2069` : name);

// A ledger row for a kept hand: its call, each side's meld and tricks as typed.
function waitingRow(hand, deal) {
  const row = document.createElement("li");
  row.id = `waiting-hand-${hand.number}`;
  row.className = "result-waiting";
  const line = document.createElement("div");
  line.className = "waiting-row";
  const call = document.createElement("span");
  call.className = "row-call";
  const number = document.createElement("span");
  number.className = "row-number";
  number.textContent = String(hand.number);
  const bid = document.createElement("span");
  bid.className = "row-bid";
  const dealer = deal && hand.dealer !== null ? isolated(deal.players[hand.dealer]) : "";
  if (hand.kind === "redeal") bid.textContent = "Nines redeal";
  else if (hand.allPassed) bid.textContent = `All passed: ${dealer} stuck`;
  else if (hand.bidder) bid.textContent = `${isolated(hand.bidder)} bid ${hand.bid}`;
  if (KIND_WORDS[hand.kind]) bid.textContent += `, ${KIND_WORDS[hand.kind]}`;
  if (hand.trump && hand.kind !== "redeal") bid.textContent += ` ${hand.trump}`;
  const badge = document.createElement("span");
  badge.className = "badge";
  badge.textContent = "waiting to send";
  call.append(number, bid, badge);
  line.append(call);
  const names = Array.from(document.querySelectorAll("#scoreboard .side-name"), (e) => e.textContent.trim());
  hand.meld.forEach((meld, side) => {
    const cell = document.createElement("span");
    cell.className = "row-side";
    const name = document.createElement("span");
    name.className = "visually-hidden";
    name.textContent = `${isolated(names[side] || "")}: `;
    const typed = [`meld ${meld || "–"}`];
    if (hand.kind === "save") typed.push(`tricks ${hand.tricks[side] || "–"}`);
    cell.append(name, ...typed.map((text) => Object.assign(document.createElement("span"), { className: "row-points", textContent: text })));
    line.append(cell);
  });
  const note = document.createElement("p");
  note.className = "row-head";
  note.textContent = `Hand ${hand.number}${dealer ? ` · ${dealer} dealt` : ""} · points counted when back online`;
  row.append(line, note);
  return row;
}

// The kept hands as they will land: those kept behind a hand that came back follow the
// hand now on the form (once the player saves it) or the last hand in the ledger.
function numbered(kept) {
  const form = nextHandForm();
  const heading = document.getElementById("next-hand");
  let number = heading ? handNumber(heading.textContent) + (form && holdsInput(form) ? 1 : 0) : null;
  return kept.map((entry) => {
    if (!entry.rebase || number === null) return entry.hand;
    number += 1;
    return { ...entry.hand, number: number - 1 };
  });
}

// Draw what is kept on this phone into the page the server drew: the waiting rows atop
// the ledger, a word in the score bar that the totals do not count them yet, and the form
// moved on to the hand, version and dealer after them.
async function drawWaiting() {
  const kept = await keptHands();
  const deal = dealOrder();
  const section = document.getElementById("ledger-section");
  if (section) {
    let list = document.getElementById("waiting-hands");
    if (kept.length) {
      if (!list) {
        list = document.createElement("ol");
        list.id = "waiting-hands";
        list.className = "ledger waiting-hands";
        list.setAttribute("aria-label", "Hands waiting to be sent");
        const ledger = section.querySelector("ol.ledger");
        section.insertBefore(list, ledger);
      }
      list.replaceChildren(...numbered(kept).reverse().map((hand) => waitingRow(hand, deal)));
    } else if (list) list.remove();
    const none = document.getElementById("no-hands");
    if (none) none.hidden = kept.length > 0;
  }
  const bar = document.getElementById("scoreboard");
  if (bar) {
    let word = document.getElementById("waiting-totals");
    if (kept.length && !word) {
      word = document.createElement("p");
      word.id = "waiting-totals";
      word.className = "waiting-totals";
      bar.append(word);
    }
    if (word && kept.length) {
      // One short line: the bar stays on screen over the form.
      word.textContent = `${kept.length} waiting ${kept.length === 1 ? "hand" : "hands"} counted when back online`;
    } else if (word) word.remove();
  }
  const form = nextHandForm();
  const heading = document.getElementById("next-hand");
  if (!form || !heading || !kept.length) return;
  const drawn = drawnAt(form, heading, deal);
  const up = nextAfter(kept, drawn, deal);
  if (up === drawn) return; // the page already stands after them (or another phone moved on)
  heading.textContent = `Hand ${up.number}`;
  form.elements.version.value = String(up.version);
  // A page drawn before the kept hands (the worker's copy, after a reload) holds the
  // one-time token the first of them was sent with: reused, the next hand would be taken
  // for that one and dropped.
  const used = kept.map((entry) => new Map(entry.fields).get("client_token"));
  if (used.includes(form.elements.client_token.value)) form.elements.client_token.value = newFormToken();
  const dealer = document.getElementById("next-dealer");
  if (dealer && deal && up.dealer !== null) dealer.textContent = `${isolated(deal.players[up.dealer])} deals next`;

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
    if (form.matches("#dice-game form.box-picker")) copyTurnFacts(form);
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

// ---- A server that cannot store a save just now answers 503 (its disk is full, its
// database read-only or not answering) with a sentence saying why, and Retry-After: when to
// try again. The save is kept on this phone as if the network had failed, the sentence is
// shown with what waits, and everything kept is sent again when the server said to.
const FAULT_WORDS = "The server could not store this just now; it is kept on this phone and sent again.";

// Retry-After in seconds (a number, or an HTTP date), within a second and five minutes.
function retryAfterSeconds(header) {
  const seconds = header && /^\d+$/.test(header.trim()) ? Number(header) : (Date.parse(header || "") - Date.now()) / 1000;
  return Number.isFinite(seconds) ? Math.min(Math.max(seconds, 1), 300) : 5;
}

// The sentence of the site's error page (its heading's paragraph).
function faultSentence(html) {
  const said = new DOMParser().parseFromString(html || "", "text/html").querySelector("main h1 + p");
  return said && said.textContent.trim() ? said.textContent.trim() : FAULT_WORDS;
}

function sendAgainLater(retryAfter, html) {
  serverFault = faultSentence(html);
  sendAgainIn(retryAfterSeconds(retryAfter));
}

function sendAgainIn(seconds) {
  clearTimeout(retryTimer);
  retryTimer = setTimeout(() => {
    retryTimer = null;
    sendWaiting();
  }, seconds * 1000);
}

// The phone says it is online but a send failed on the way (the network just came back,
// chromium's "network changed"): nothing else would send again, so try again shortly.
const NETWORK_RETRY_SECONDS = 2;

// A form this queue keeps says so: the server's 503 then says it will be sent again.
document.addEventListener("htmx:configRequest", (event) => {
  const form = event.detail.elt;
  if (form.matches && form.matches(KEPT_FORMS)) event.detail.headers["X-Kept-On-Phone"] = "1";
});

document.addEventListener("htmx:responseError", (event) => {
  const form = event.detail.elt;
  const answer = event.detail.xhr;
  if (!answer || answer.status !== 503 || !form.matches) return;
  if (!form.matches(KEPT_FORMS)) {
    // Not kept here: the form stays as typed, and the line says why it was not saved.
    const line = statusLine();
    if (line) line.textContent = faultSentence(answer.responseText);
    return;
  }
  sendAgainLater(answer.getResponseHeader("Retry-After"), answer.responseText);
  const data = event.detail.requestConfig.formData;
  keep(form, Array.from(data.entries()).map(([name, value]) => [name, String(value)]));
});

// The hands kept behind one that came back wait for the player's choice; the version they
// were kept at is no longer theirs (they follow whatever the player saves).
async function rebaseAfter(returned) {
  const behind = (await waitingHere()).filter((entry) => entry.hand && entry.id > returned.id);
  const store = await outbox("readwrite");
  await Promise.all(behind.map((entry) => asPromise(store.put({ ...entry, rebase: true }))));
}

// Send what waits, oldest first, each once; stop at the first that cannot go.
async function sendWaiting() {
  if (sending || !navigator.onLine) return;
  sending = true;
  let landed = null;
  // The version the match stood at after this phone's own last kept hand landed.
  let after = null;
  try {
    for (const entry of await waitingHere()) {
      let version = entry.hand ? after : null;
      if (entry.hand && entry.rebase && after === null) {
        // Kept behind a hand that came back (another phone's change, a rule's refusal): it
        // goes once the player has settled that one, after whatever they chose.
        const form = nextHandForm();
        if (!form || holdsInput(form)) break;
        version = Number(form.dataset.drawnVersion ?? form.elements.version.value);
      }
      if (version !== null) {
        entry.fields = entry.fields.map(([name, value]) => [name, name === "version" ? String(version) : value]);
      }
      let response;
      try {
        response = await fetch(entry.url, {
          method: "POST",
          body: new URLSearchParams(entry.fields),
          headers: { "HX-Request": "true", "X-Kept-On-Phone": "1" },
          credentials: "same-origin",
        });
      } catch (error) {
        // Still no network: it stays kept, and goes again soon if the phone is online.
        if (navigator.onLine && retryTimer === null) sendAgainIn(NETWORK_RETRY_SECONDS);
        break;
      }
      if (response.status === 503) {
        // The server cannot store it yet: it stays kept, and goes again when it said.
        sendAgainLater(response.headers.get("Retry-After"), await response.text());
        break;
      }
      if (response.ok && response.redirected) {
        serverFault = null;
        await forget(entry.id);
        landed = response.url;
        // Each hand saved moves the match's version by one.
        if (entry.hand) after = Number(new Map(entry.fields).get("version")) + 1;
        continue;
      }
      if (response.ok || response.status === 409 || response.status === 422) {
        // Another phone changed the game meanwhile (or a rule refused it, or the page asks
        // first, as for a Yahtzee zero): the page shows it, typed as it was kept.
        await forget(entry.id);
        if (entry.hand) await rebaseAfter(entry);
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
  await drawWaiting();
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
  // Not while the server's Retry-After runs: another post answered (a preview) is not the
  // server saying it can store again.
  if (retryTimer === null && event.detail.successful && event.detail.requestConfig && event.detail.requestConfig.verb.toLowerCase() === "post") {
    sendWaiting();
  }
});

window.addEventListener("online", () => {
  showStatus();
  sendWaiting();
});
window.addEventListener("offline", showStatus);
document.addEventListener("DOMContentLoaded", async () => {
  await drawWaiting();
  showStatus();
  sendWaiting();
});
// The match drawn again (a save, a poll, a kept hand landing): the waiting rows and the
// form's next hand are drawn into it again.
document.addEventListener("htmx:afterSettle", (event) => {
  const target = event.detail.target;
  if (target && target.id === "match") drawWaiting();
});
document.addEventListener("htmx:oobAfterSwap", (event) => {
  const target = event.detail.target;
  if (target && ["scoreboard", "ledger-section"].includes(target.id)) drawWaiting();
});
