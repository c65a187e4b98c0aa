// The service worker (static/sw.js, served at the root) keeps the site's files and the
// pages opened on this phone, so a match opened once opens again with no signal.
(() => {
  const meta = document.querySelector('meta[name="service-worker"]');
  if (!meta || !("serviceWorker" in navigator)) return;
  // After the page has loaded: the worker's downloads never slow the first view.
  window.addEventListener("load", () => {
    navigator.serviceWorker.register(meta.content).catch(() => {
      // No worker (private mode, an old browser): the site works as it did without one.
    });
  });

  // The kept copy of a page is the page as it loaded; once htmx has saved something on it,
  // or as the phone is put away, ask the worker to keep the page as it is now.
  function keepThisPage() {
    const worker = navigator.serviceWorker.controller;
    if (worker) worker.postMessage({ keep: window.location.href });
  }
  document.addEventListener("htmx:afterRequest", (event) => {
    const verb = event.detail.requestConfig && event.detail.requestConfig.verb;
    // A preview changes nothing: only a write renews the copy.
    const path = (event.detail.requestConfig && event.detail.requestConfig.path) || "";
    if (event.detail.successful && verb && verb !== "get" && !path.endsWith("/preview")) keepThisPage();
  });
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") keepThisPage();
  });
})();
