// Trust at a real table, for every game: live updates that never take what a player is
// typing, and saves kept on the phone when the network or the server fails, sent again
// when it is back. A game's own part (trust_match.js, trust_dice.js) comes after this file
// in its bundle and says, in ``trustGame``, how its page keeps a save and draws what
// waits. Without these scripts there are no live updates, and the same choice comes with
// the conflict page at Save.

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
  const hands = trustGame.numbered(waiting.filter((entry) => entry.hand));
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
    if (label.first === label.last) return say("Hand %(number)s", { number: label.first });
    return say("Hands %(first)s–%(last)s", label);
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
  const parts = [say(navigator.onLine ? "Online" : "Offline: saves are kept on this phone")];
  if (waiting.length) {
    parts.push(say("waiting to send: %(count)s (%(which)s)", { count: waiting.length, which: waitingLabels(waiting).join(", ") }));
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


// Keep a posted form on the phone, as the outbox's next entry: where it goes (not
// form.action: the form's buttons are named "action", and that name wins), the page it was
// saved on, what the status line calls it, the fields as posted, and what the game adds.
async function keepEntry(form, label, fields, more = {}) {
  const url = new URL(form.getAttribute("action"), location.href).href;
  await asPromise((await outbox("readwrite")).add({ url, page: location.pathname, label, fields, ...more }));
}

// Keep a posted form on the phone: the game's script (trustGame.keep) says what the page
// then shows.
async function keep(form, fields) {
  await trustGame.keep(form, fields);
}

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
    trustGame.beforeKeep(form);
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
const FAULT_WORDS = say("The server could not store this just now; it is kept on this phone and sent again.");

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
        const form = trustGame.typingForm();
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
  await trustGame.drawWaiting();
  await showStatus();
  if (landed === null) return;
  const typing = trustGame.typingForm();
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
  await trustGame.drawWaiting();
  showStatus();
  sendWaiting();
});
