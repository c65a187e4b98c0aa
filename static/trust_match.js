// A match's part of the table's trust (trust.js): its live updates keep a hand being typed,
// and a hand kept on the phone is shown in the ledger as waiting, the form moved on to the
// hand after it.

const FOLLOWS_LEDGER = ["next-hand", "form-version"];

// The next hand's form on a match page (not the edit page: it has no live updates).
function nextHandForm() {
  return document.querySelector("#outcome form.hand-form");
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
  document.getElementById("next-hand").textContent = say("Hand %(number)s", { number: notice.dataset.nextHand });
  clearNotice(notice);
  form.requestSubmit(form.querySelector(".actions button[type=submit]"));
});

// Keep a posted form on the phone; a new hand's form is then ready for the hand after it,
// drawn as if this one had landed (its version one on, a new one-time token, the next
// dealer), and the kept hand is shown in the ledger as waiting.
async function keepHand(form, fields) {
  const heading = document.getElementById("next-hand");
  const nextHand = form.closest("#outcome") !== null && heading !== null;
  const title = document.querySelector("#match h1, #edit-turn h1");
  const label = nextHand ? heading.textContent.trim() : title ? title.textContent.trim() : say("A change");
  await keepEntry(form, label, fields, nextHand ? { hand: await keptHand(form, fields) } : {});
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

const KIND_WORDS = { throw_in: say("thrown in"), forfeit: say("forfeit") };
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
  if (hand.kind === "redeal") bid.textContent = say("Nines redeal");
  else if (hand.allPassed) bid.textContent = say("All passed: %(dealer)s stuck", { dealer });
  else if (hand.bidder) bid.textContent = say("%(bidder)s bid %(bid)s", { bidder: isolated(hand.bidder), bid: hand.bid });
  if (KIND_WORDS[hand.kind]) bid.textContent += `, ${KIND_WORDS[hand.kind]}`;
  if (hand.trump && hand.kind !== "redeal") bid.textContent += ` ${hand.trump}`;
  const badge = document.createElement("span");
  badge.className = "badge";
  badge.textContent = say("waiting to send");
  call.append(number, bid, badge);
  line.append(call);
  const names = Array.from(document.querySelectorAll("#scoreboard .side-name"), (e) => e.textContent.trim());
  hand.meld.forEach((meld, side) => {
    const cell = document.createElement("span");
    cell.className = "row-side";
    const name = document.createElement("span");
    name.className = "visually-hidden";
    name.textContent = `${isolated(names[side] || "")}: `;
    const typed = [say("meld %(points)s", { points: meld || "–" })];
    if (hand.kind === "save") typed.push(say("tricks %(points)s", { points: hand.tricks[side] || "–" }));
    cell.append(name, ...typed.map((text) => Object.assign(document.createElement("span"), { className: "row-points", textContent: text })));
    line.append(cell);
  });
  const note = document.createElement("p");
  note.className = "row-head";
  note.textContent = dealer
    ? say("Hand %(number)s · %(dealer)s dealt · points counted when back online", { number: hand.number, dealer })
    : say("Hand %(number)s · points counted when back online", { number: hand.number });
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
        list.setAttribute("aria-label", say("Hands waiting to be sent"));
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
      word.textContent = sayPlural("%(num)s waiting hand counted when back online", "%(num)s waiting hands counted when back online", kept.length);
    } else if (word) word.remove();
  }
  const form = nextHandForm();
  const heading = document.getElementById("next-hand");
  if (!form || !heading || !kept.length) return;
  const drawn = drawnAt(form, heading, deal);
  const up = nextAfter(kept, drawn, deal);
  if (up === drawn) return; // the page already stands after them (or another phone moved on)
  heading.textContent = say("Hand %(number)s", { number: up.number });
  form.elements.version.value = String(up.version);
  // A page drawn before the kept hands (the worker's copy, after a reload) holds the
  // one-time token the first of them was sent with: reused, the next hand would be taken
  // for that one and dropped.
  const used = kept.map((entry) => new Map(entry.fields).get("client_token"));
  if (used.includes(form.elements.client_token.value)) form.elements.client_token.value = newFormToken();
  const dealer = document.getElementById("next-dealer");
  if (dealer && deal && up.dealer !== null) dealer.textContent = say("%(player)s deals next", { player: isolated(deal.players[up.dealer]) });

}

const trustGame = {
  keep: keepHand,
  numbered,
  drawWaiting,
  typingForm: nextHandForm,
  beforeKeep() {},
};

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
