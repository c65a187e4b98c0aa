// The meld calculator on a phone: every tap counts, whatever the network. The page keeps
// the hand (the text box is its one copy) and draws each tap at once; the server counts the
// meld, one request at a time, always for the latest hand, so an older answer never
// replaces a newer one. The address is replaced, not pushed: Back leaves in one press.
// Without this script every tap is a plain link and the form a plain GET.

(() => {
  const TYPING_PAUSE_MS = 400; // typed cards are counted once the thumb rests
  const RETRY_MS = [1000, 2000, 4000]; // a lost answer is asked for again, and when back online

  let shown = null; // the address whose meld the page shows
  let asking = null; // the address whose meld is on its way
  let tapped = false; // the last change came from the grid: the answer rewrites the box
  let typingTimer = 0;
  let retryTimer = 0;
  let failures = 0;

  const calculator = () => document.querySelector("[data-meld-calculator]");
  const box = () => document.getElementById("hand");

  // The address of the hand, trump and game the form holds now, as the server writes it.
  function addressOf({ game, hand, trump }) {
    const form = calculator().querySelector("form");
    const url = new URL(form.getAttribute("action"), window.location.href);
    const query = new URLSearchParams();
    query.set("game", game);
    if (hand) query.set("hand", hand);
    if (trump) query.set("trump", trump);
    url.search = query.toString();
    return url.pathname + url.search;
  }

  function formState() {
    return {
      game: document.getElementById("meld-game").value,
      hand: box().value.trim(),
      trump: document.getElementById("trump").value,
    };
  }

  const wanted = () => addressOf(formState());

  function gridCells() {
    return Array.from(calculator().querySelectorAll("[data-meld-card]"));
  }

  // Cards in the grid's order (suit by suit, in meld order): the order the server writes.
  function sortHand(codes) {
    const order = new Map(gridCells().map((cell, index) => [cell.dataset.meldCard, index]));
    return [...codes].sort((a, b) => order.get(a) - order.get(b));
  }

  function handFromGrid() {
    return gridCells().flatMap((cell) => Array(Number(cell.dataset.held)).fill(cell.dataset.meldCard));
  }

  // The hand as card codes, when the page knows it without asking: the box holds only
  // codes of this deck, or the grid on screen was drawn for the box as it is. Otherwise
  // (cards typed in another notation, not counted yet) null.
  function knownHand() {
    const codes = new Set(gridCells().map((cell) => cell.dataset.meldCard));
    const tokens = box().value.split(/[\s,;+]+/).filter(Boolean);
    if (tokens.every((token) => codes.has(token))) return tokens;
    const hasError = document.querySelector("#hand-error-slot [role=alert]");
    if (shown === wanted() && !hasError) return handFromGrid();
    return null;
  }

  function link(href, attributes, children) {
    const element = document.createElement("a");
    element.href = href;
    for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
    element.append(...children);
    return element;
  }

  // Which grid control has the focus (a card and add/take out), to give it back after a redraw.
  function focusedControl() {
    const active = document.activeElement;
    const cell = active && active.closest ? active.closest("[data-meld-card]") : null;
    if (!cell) return null;
    return { card: cell.dataset.meldCard, remove: active.classList.contains("remove") };
  }

  function refocus(control) {
    if (!control) return;
    const cell = calculator().querySelector(`[data-meld-card="${control.card}"]`);
    if (!cell) return;
    const first = cell.querySelector(control.remove ? "a.remove" : "a.card-button");
    const target = first || cell.querySelector("a");
    // Never scrolled to: the page stays where the thumb left it.
    if (target) target.focus({ preventScroll: true });
  }

  // One grid card as the server draws it: add link (or a disabled card), take-out link or
  // the empty strip that keeps its place.
  function drawCell(cell, hand, held, addable) {
    const { meldCard: code, cardName: name, symbol, suit } = cell.dataset;
    const state = formState();
    const label = say("%(card)s, %(held)s in hand", { card: name, held });
    const children = [];
    if (addable) {
      const add = sortHand([...hand, code]).join(" ");
      children.push(
        link(
          addressOf({ ...state, hand: add }),
          { "data-meld-tap": "add", class: `card-button suit-${suit}`, "aria-label": say("Add the %(card)s", { card: label }) },
          [symbol],
        ),
      );
    } else {
      const card = document.createElement("span");
      card.className = `card-button suit-${suit} disabled`;
      card.setAttribute("aria-label", say("%(card)s; no more can be added", { card: label }));
      card.textContent = symbol;
      children.push(card);
    }
    if (held) {
      const rest = [...hand];
      rest.splice(rest.lastIndexOf(code), 1);
      const count = document.createElement("span");
      count.className = "count";
      count.textContent = String(held);
      children.push(
        link(
          addressOf({ ...state, hand: sortHand(rest).join(" ") }),
          { "data-meld-tap": "remove", class: "remove", "aria-label": say("Take out one %(card)s (%(held)s in hand)", { card: name, held }) },
          [count, " \u2212"],
        ),
      );
    } else {
      children.push(document.createElement("span"));
    }
    cell.dataset.held = String(held);
    cell.classList.toggle("held", held > 0);
    cell.replaceChildren(...children);
  }

  // The grid and "n of 12 cards" for a hand, drawn here without asking the server.
  function drawHand(hand) {
    const control = focusedControl();
    const grid = calculator().querySelector(".tap-grid");
    const most = Number(grid.dataset.handMax);
    const copies = Number(grid.dataset.copies);
    const counts = new Map();
    for (const code of hand) counts.set(code, (counts.get(code) || 0) + 1);
    for (const cell of gridCells()) {
      const held = counts.get(cell.dataset.meldCard) || 0;
      drawCell(cell, hand, held, hand.length < most && held < copies);
    }
    const line = calculator().querySelector(".card-count");
    const strong = document.createElement("strong");
    const said = document.createElement("span");
    const full = line.dataset.sizes.split(" ").map(Number).includes(hand.length);
    if (hand.length > most) {
      // As the server says it: more cards than a hand holds are not counted.
      strong.textContent = sayPlural("%(num)s card read", "%(num)s cards read", hand.length);
      said.append(...sayNodes("%(cards)s: not counted until the cards are fixed.", { cards: strong }));
    } else {
      strong.textContent = say("%(count)s of %(sizes)s cards", { count: hand.length, sizes: line.dataset.sizesText });
      const partial = hand.length && !full;
      said.append(...sayNodes(partial ? "%(cards)s: a partial hand, counted as it is." : "%(cards)s.", { cards: strong }));
    }
    const parts = [said];
    if (hand.length) {
      const clear = addressOf({ ...formState(), hand: "", trump: "" });
      parts.push(" ", link(clear, { "data-meld-link": "", class: "clear-hand" }, [say("Clear")]));
    }
    line.replaceChildren(...parts);
    drawPinned(hand);
    refocus(control);
  }

  // The pinned line at once: the count is known here, the meld is the server's to say.
  function drawPinned(hand) {
    const pinned = document.getElementById("meld-pinned");
    if (!pinned) return;
    pinned.hidden = hand.length === 0;
    const count = document.createElement("strong");
    count.dataset.pinnedCount = "";
    count.textContent = sayPlural("%(num)s card", "%(num)s cards", hand.length);
    const score = document.createElement("span");
    score.dataset.pinnedScore = "";
    score.textContent = say("· counting…");
    pinned.replaceChildren(count, " ", score);
  }

  // The meld on screen is for another hand than the one shown above it: say so.
  function markCounting() {
    const results = document.getElementById("meld-results");
    if (shown === wanted()) results.removeAttribute("aria-busy");
    else results.setAttribute("aria-busy", "true");
  }

  // Put the server's count on the page: the grid, the meld and the error, never the box
  // being typed in (its caret stays); after a tap, the box as the server writes the hand.
  function showAnswer(html, address) {
    const answer = document.createElement("template");
    answer.innerHTML = html;
    const results = answer.content.querySelector("#meld-results");
    const fresh = results && results.querySelector(":scope > [data-meld-keep]");
    const kept = document.querySelector("#meld-results > [data-meld-keep]");
    const answerBox = fresh && fresh.querySelector("#hand");
    if (!answerBox || !kept) {
      window.location.assign(address); // not the calculator's answer: load the page itself
      return;
    }
    const control = focusedControl();
    // All but the typed hand's block (the caret stays) is the answer's.
    while (kept.previousSibling) kept.previousSibling.remove();
    while (kept.nextSibling) kept.nextSibling.remove();
    while (results.firstChild !== fresh) kept.before(results.firstChild);
    while (fresh.nextSibling) kept.parentNode.append(fresh.nextSibling);
    kept.querySelector("#hand-error-slot").replaceWith(fresh.querySelector("#hand-error-slot"));
    if (tapped) box().value = answerBox.value;
    if (answerBox.hasAttribute("aria-invalid")) box().setAttribute("aria-invalid", "true");
    else box().removeAttribute("aria-invalid");
    // The same hand, perhaps written the server's way ("S14" is "AS"): that is what is shown.
    shown = wanted();
    window.history.replaceState(window.history.state, "", shown);
    refocus(control);
    markCounting();
  }

  async function send(address) {
    asking = address;
    let html = null;
    try {
      const response = await fetch(address, { headers: { "HX-Request": "true" } });
      if (response.ok) html = await response.text();
    } catch {
      html = null; // no network: asked again below
    }
    asking = null;
    if (!calculator()) return;
    if (html === null) {
      clearTimeout(retryTimer);
      retryTimer = setTimeout(ask, RETRY_MS[Math.min(failures, RETRY_MS.length - 1)]);
      failures += 1;
      return;
    }
    failures = 0;
    // An answer for an older hand is dropped: the latest one is asked for instead.
    if (address === wanted()) showAnswer(html, address);
    else ask();
  }

  // The form changed: note it in the address (replaced, not pushed) and ask for its meld,
  // unless a request is on its way (its answer asks again if the hand moved on).
  function ask() {
    clearTimeout(typingTimer);
    clearTimeout(retryTimer);
    if (!calculator()) return;
    const address = wanted();
    window.history.replaceState(window.history.state, "", address);
    markCounting();
    if (address !== shown && asking === null) send(address);
  }

  function tap(control) {
    const code = control.closest("[data-meld-card]").dataset.meldCard;
    let hand = knownHand();
    if (control.dataset.meldTap === "add") {
      if (hand === null) {
        // Typed cards not read yet: add the card to the text, the server reads both.
        box().value = `${box().value.trim()} ${code}`.trim();
      } else {
        hand.push(code);
      }
    } else {
      if (hand === null) hand = handFromGrid(); // take out of the hand the grid shows
      const at = hand.lastIndexOf(code);
      if (at < 0) return;
      hand.splice(at, 1);
    }
    if (hand !== null) {
      box().value = sortHand(hand).join(" ");
      drawHand(hand);
    }
    tapped = true;
    ask();
  }

  // A link that sets the whole form (Clear, a trump of the table): follow it in place.
  function follow(control) {
    const query = new URL(control.href).searchParams;
    const game = query.get("game");
    if (game) document.getElementById("meld-game").value = game;
    box().value = query.get("hand") || "";
    document.getElementById("trump").value = query.get("trump") || "";
    const hand = knownHand();
    if (hand !== null) drawHand(hand);
    tapped = true;
    ask();
  }

  document.addEventListener("click", (event) => {
    if (!calculator() || event.defaultPrevented) return;
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const control = event.target.closest("[data-meld-calculator] [data-meld-tap], [data-meld-calculator] [data-meld-link]");
    if (!control) return;
    event.preventDefault();
    if (control.hasAttribute("data-meld-tap")) tap(control);
    else follow(control);
  });

  document.addEventListener("input", (event) => {
    if (event.target.id !== "hand" || !event.target.closest("[data-meld-calculator]")) return;
    tapped = false;
    clearTimeout(typingTimer);
    typingTimer = setTimeout(ask, TYPING_PAUSE_MS);
    markCounting();
  });

  document.addEventListener("change", (event) => {
    if (event.target.tagName !== "SELECT" || !event.target.closest("[data-meld-calculator]")) return;
    ask();
  });

  document.addEventListener("submit", (event) => {
    if (!event.target.closest("[data-meld-calculator]")) return;
    event.preventDefault();
    ask();
  });

  window.addEventListener("online", () => {
    if (calculator()) ask();
  });

  document.addEventListener("DOMContentLoaded", () => {
    if (calculator()) shown = wanted();
  });
})();

// The meld calculator's typed hand: mark the box invalid while an error is showing.
document.addEventListener("htmx:afterSettle", () => {
  const box = document.getElementById("hand");
  const slot = document.getElementById("hand-error-slot");
  if (!box || !slot) return;
  if (slot.querySelector("[role=alert]")) box.setAttribute("aria-invalid", "true");
  else box.removeAttribute("aria-invalid");
});
