// "Share the result" on a finished game: the result card (a PNG) goes through the phone's
// share sheet, as a picture, where the browser shares files; anywhere else the button is a
// plain link that downloads it. The picture is fetched when the button appears, so a tap
// shares at once (a share sheet opens only straight from a tap).
(() => {
  const cards = new WeakMap(); // button → the PNG as a File, once fetched

  function canShareFiles() {
    return typeof navigator.canShare === "function" && typeof File === "function";
  }

  async function fetchCard(button) {
    try {
      const response = await fetch(button.href, { credentials: "same-origin" });
      if (!response.ok) return;
      const blob = await response.blob();
      const file = new File([blob], button.getAttribute("download") || "result.png", {
        type: "image/png",
      });
      if (navigator.canShare({ files: [file] })) cards.set(button, file);
    } catch (error) {
      // No picture to share: the button stays a download link.
    }
  }

  function prepare(root) {
    if (!canShareFiles()) return;
    root.querySelectorAll("[data-share-result]").forEach((button) => {
      if (!cards.has(button)) fetchCard(button);
    });
  }

  document.addEventListener("DOMContentLoaded", () => prepare(document));
  document.addEventListener("htmx:load", (event) => prepare(event.detail.elt));
  document.addEventListener("click", (event) => {
    const button = event.target.closest("[data-share-result]");
    const file = button && cards.get(button);
    if (!file) return; // the link downloads the picture
    event.preventDefault();
    const said = button.parentElement.querySelector(".share-result-said");
    navigator.share({ files: [file], title: button.dataset.shareTitle }).catch((error) => {
      if (error.name !== "AbortError" && said) said.textContent = say("Could not share from here: the picture is downloaded instead.");
      if (error.name !== "AbortError") location.assign(button.href);
    });
  });
})();
