// Scorekeeper's service worker. The server puts two lines in front of this file:
// self.SHELL = {version, assets: {"site.css": "/assets/site.<digest>.css", …}}, and
// self.OFFLINE = "No connection…": the one sentence it may have to say, in the language of
// the phone that fetched it.
//
// - It downloads nothing the phone has already: the bundles and the page it was installed
//   from are taken from the browser's own cache (only-if-cached), where the page's first
//   visit left them. A bundle the phone has not needed yet (another page's script) is kept
//   the first time it passes through the worker, and served from the phone from then on:
//   the names carry their content's digest, so they never go stale.
// - Pages are asked of the network first, always, once; the answer is kept as it passes,
//   and shown only when the network cannot be reached. A match page opened once then
//   opens again with no signal, as it last was.
// - Nothing else is touched: forms (POST), the JSON API, the phones' polls and htmx's
//   fragments go to the network as if there were no worker.

const SHELL_CACHE = `shell-${self.SHELL.version}`;
const PAGES_CACHE = "pages";
const KEPT_PAGES = 50;
const API_PREFIX = "/api/";
const EVERY_PAGE = /\.(css|svg)$/; // the bundles every page links, by their names

self.addEventListener("install", (event) => {
  event.waitUntil(keepShell().then(() => self.skipWaiting()));
});

// Today's bundles, from the browser's cache (the page that registered the worker fetched
// them a moment ago). A script the browser does not have is left for its first use, unless
// the last version's worker kept it: that phone uses it, and must have it with no signal.
// The stylesheet and the icon, which every page links, are fetched when the browser's
// cache has not got them yet (a busy phone may still be fetching the icon as the worker
// installs, and chromium asks for an icon past the worker, so it would never be kept).
async function keepShell() {
  const cache = await caches.open(SHELL_CACHE);
  const older = (await caches.keys()).filter((name) => name.startsWith("shell-") && name !== SHELL_CACHE);
  const hadBefore = new Set();
  for (const name of older) {
    for (const request of await (await caches.open(name)).keys()) hadBefore.add(bundleName(new URL(request.url)));
  }
  await Promise.all(
    Object.entries(self.SHELL.assets).map(async ([name, address]) => {
      const cached = await fromBrowserCache(address);
      if (cached) return cache.put(address, cached);
      if (hadBefore.has(name) || EVERY_PAGE.test(name)) return cache.add(address);
    }),
  );
}

// A response the browser's HTTP cache holds for this address, or null: never the network.
async function fromBrowserCache(address, credentials = "same-origin") {
  try {
    const response = await fetch(address, { cache: "only-if-cached", mode: "same-origin", credentials });
    return response.ok ? response : null;
  } catch (error) {
    return null;
  }
}

// The new worker takes over at once, drops the shells before the last version's, and keeps
// a copy of the pages already open (they loaded before there was a worker to keep them).
// The last version's shell stays: the pages kept under it name its bundles, which may be
// another page's bundles today (a match page's scripts were site.js before game.js).
self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      const old = names.filter((name) => name.startsWith("shell-") && name !== SHELL_CACHE);
      // Oldest first: keep the newest of them.
      await Promise.all(old.slice(0, -1).map((name) => caches.delete(name)));
      await self.clients.claim();
      const windows = await self.clients.matchAll({ type: "window" });
      await Promise.all(windows.map((client) => keepPageAt(client.url, true)));
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
    event.respondWith(keptBundle(event, url));
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

// ``fromCache``: a page that loaded before the worker was there, taken from the browser's
// cache (asked for without the cookies its answer set, as the page was); the network only
// when the browser kept no copy. Otherwise the page as it is now, from the network.
async function keepPageAt(address, fromCache = false) {
  const url = new URL(address);
  if (url.origin !== self.location.origin || url.pathname.startsWith(API_PREFIX)) return;
  try {
    let response = null;
    if (fromCache) response = (await fromBrowserCache(url, "omit")) || (await fromBrowserCache(url));
    // Said as the worker's own copy: the page's one-time note stays for the phone's own look.
    if (!response) response = await fetch(url, { credentials: "same-origin", headers: { "X-Kept-Copy": "1" } });
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
    return new Response(self.OFFLINE, { status: 503, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
}

// A bundle from the phone, kept as it first passes; a page kept before an upgrade names
// the last version's bundles, and with no network today's version of the same bundle serves it.
async function keptBundle(event, url) {
  const request = event.request;
  const kept = await caches.match(request, { ignoreVary: true });
  if (kept) return kept;
  try {
    const response = await fetch(request);
    const current = self.SHELL.assets[bundleName(url)] === url.pathname;
    if (current && response.ok) {
      const copy = response.clone();
      event.waitUntil(caches.open(SHELL_CACHE).then((cache) => cache.put(request, copy)));
    }
    return response;
  } catch (error) {
    const current = self.SHELL.assets[bundleName(url)];
    const today = current && (await caches.match(current, { ignoreVary: true }));
    if (today) return today;
    throw error;
  }
}
