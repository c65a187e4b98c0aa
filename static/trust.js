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
