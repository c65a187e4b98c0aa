// Scorekeeper's service worker. The server puts one line in front of this file:
// self.SHELL = {version, assets: {"site.css": "/assets/site.<digest>.css", …}}.
//
// - The bundles (the app shell) are kept when the worker installs, and served from the
//   phone from then on: their names carry their content's digest, so they never go stale.
// - Pages are asked of the network first, always; a copy of each page that loaded is kept,
//   and shown only when the network cannot be reached. A match page opened once then
//   opens again with no signal, as it last was.
// - Nothing else is touched: forms (POST), the JSON API, the phones' polls and htmx's
//   fragments go to the network as if there were no worker.

const SHELL_CACHE = `shell-${self.SHELL.version}`;
const PAGES_CACHE = "pages";
const KEPT_PAGES = 50;
const API_PREFIX = "/api/";

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(SHELL_CACHE)
      .then((cache) => cache.addAll(Object.values(self.SHELL.assets)))
      .then(() => self.skipWaiting()),
  );
});

// The new worker takes over at once, drops the last version's shell, and keeps a copy of
// the pages already open (they loaded before there was a worker to keep them).
self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      const old = names.filter((name) => name.startsWith("shell-") && name !== SHELL_CACHE);
      await Promise.all(old.map((name) => caches.delete(name)));
      await self.clients.claim();
      const windows = await self.clients.matchAll({ type: "window" });
      await Promise.all(windows.map((client) => keepPageAt(client.url)));
    })(),
  );
});

// A page that changed in place (htmx saved a hand) asks for its kept copy to be renewed.
self.addEventListener("message", (event) => {
  if (event.data && event.data.keep) event.waitUntil(keepPageAt(event.data.keep));
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname.startsWith(API_PREFIX)) return;
  if (request.mode === "navigate") {
    event.respondWith(networkFirst(event));
  } else if (isBundle(url)) {
    event.respondWith(keptBundle(request, url));
  }
});

function isBundle(url) {
  return Object.values(self.SHELL.assets).some(
    (current) => bundleName(new URL(current, self.location.origin)) === bundleName(url),
  );
}

// "/assets/site.3f9c2a1b7d4e.css" → "site.css"; the same for any version of the file.
function bundleName(url) {
  if (!url.pathname.startsWith("/assets/")) return null;
  const parts = url.pathname.slice("/assets/".length).split(".");
  return parts.length === 3 ? `${parts[0]}.${parts[2]}` : null;
}

// A page worth keeping: a whole HTML page that loaded, from this site, that may be stored.
function keepable(response) {
  const type = response.headers.get("Content-Type") || "";
  const caching = response.headers.get("Cache-Control") || "";
  return (
    response.ok &&
    response.type === "basic" &&
    type.startsWith("text/html") &&
    !caching.includes("no-store")
  );
}

async function keepPage(request, response) {
  const cache = await caches.open(PAGES_CACHE);
  await cache.put(request, response);
  const kept = await cache.keys();
  // Keys come back oldest first; a phone keeps the pages of its last few matches.
  await Promise.all(kept.slice(0, -KEPT_PAGES).map((old) => cache.delete(old)));
}

async function keepPageAt(address) {
  const url = new URL(address);
  if (url.origin !== self.location.origin || url.pathname.startsWith(API_PREFIX)) return;
  try {
    // Said as the worker's own copy: the page's one-time note stays for the phone's own look.
    const response = await fetch(url, { credentials: "same-origin", headers: { "X-Kept-Copy": "1" } });
    if (keepable(response)) await keepPage(url, response);
  } catch (error) {
    // No network as the worker started: that page is kept the next time it loads.
  }
}

async function networkFirst(event) {
  const request = event.request;
  try {
    const response = await fetch(request);
    if (keepable(response)) event.waitUntil(keepPage(request, response.clone()));
    return response;
  } catch (error) {
    const kept = await caches.match(request, { cacheName: PAGES_CACHE, ignoreVary: true });
    if (kept) return kept;
    return new Response(
      "No connection, and this page was not opened on this phone before. " +
        "Try again when there is a signal.",
      { status: 503, headers: { "Content-Type": "text/plain; charset=utf-8" } },
    );
  }
}

// A bundle from the phone; a page kept before an upgrade names the last version's
// bundles, and with no network today's version of the same bundle serves it.
async function keptBundle(request, url) {
  const kept = await caches.match(request, { ignoreVary: true });
  if (kept) return kept;
  try {
    return await fetch(request);
  } catch (error) {
    const current = self.SHELL.assets[bundleName(url)];
    const today = current && (await caches.match(current, { ignoreVary: true }));
    if (today) return today;
    throw error;
  }
}
