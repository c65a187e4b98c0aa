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

  // The kept copy of a page is the page as it loaded. Once htmx has saved something on it,
  // ask the worker to keep the page as it is now; once a live update has changed it, do
  // so as the phone is put away. A page that did not change costs no second download.
  let changed = false;
  function keepThisPage() {
    const worker = navigator.serviceWorker.controller;
    if (worker) worker.postMessage({ keep: window.location.href });
  }
  document.addEventListener("htmx:afterRequest", (event) => {
    const config = event.detail.requestConfig || {};
    // A preview changes nothing: only a write renews the copy.
    if (!event.detail.successful || (config.path || "").endsWith("/preview")) return;
    if (config.verb && config.verb !== "get") keepThisPage();
    else if (event.detail.xhr && event.detail.xhr.status === 200) changed = true;
  });
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState !== "hidden" || !changed) return;
    changed = false;
    keepThisPage();
  });
})();
