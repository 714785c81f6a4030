{% autoescape off %}// Rikscore's table page, kept for offline use (tableside/views_offline.py).
// Network first, always: a page or file that answers is shown and kept; when
// the phone has no connection (or the hall's Wi-Fi hangs), the kept copy is
// shown. Only GETs of the table links and of the page's own files pass here;
// deals are sent by the page itself (static/js/tableside.js), never by this.
"use strict";
const VERSION = "{{ version }}";
const FILES = "rikscore-files-" + VERSION;
const PAGES = "rikscore-pages";
const ASSETS = {{ assets_json }};
const TABLE_PAGE = /^\/k\/[^/]+\/[^/]+\/$/;
const WAIT_MS = 4000;
const KEEP_PAGES = 12;

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(FILES).then((c) => c.addAll(ASSETS)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys().then((names) => Promise.all(
    names.filter((n) => n.startsWith("rikscore-files-") && n !== FILES).map((n) => caches.delete(n))
  )).then(() => self.clients.claim()));
});

function withTimeout(promise) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("timeout")), WAIT_MS);
    promise.then((r) => { clearTimeout(timer); resolve(r); },
                 (e) => { clearTimeout(timer); reject(e); });
  });
}

async function trim(cache) {
  const keys = await cache.keys();
  for (const old of keys.slice(0, Math.max(0, keys.length - KEEP_PAGES))) await cache.delete(old);
}

async function keep(name, key, response) {
  // The whole body first: a connection cut mid-way (the hall's Wi-Fi) must
  // throw here, before the kept copy is touched, never leave none.
  const body = await response.blob();
  const headers = new Headers(response.headers);
  headers.set("X-Kept-At", new Date().toISOString());  // the copy's age, shown
  headers.delete("Content-Length");  // the body is kept decoded (gzip is the wire's)
  headers.delete("Content-Encoding");
  const whole = new Response(body, {status: response.status,
                                    statusText: response.statusText,
                                    headers: headers});
  const cache = await caches.open(name);
  await cache.put(key, whole);  // replaces in one step, newest last
  if (name === PAGES) await trim(cache);
}

// A kept page says it is one, and how old (static/js/tableside.js shows
// it): a deal the server counted since may be missing from it.
async function marked(kept) {
  // a copy the page kept itself (its first visit) has the server's Date
  const at = kept.headers.get("X-Kept-At") || kept.headers.get("Date") || "";
  const html = (await kept.text()).replace(
    'id="tableside-status"', 'id="tableside-status" data-kept-at="' + at + '"');
  const headers = new Headers(kept.headers);
  headers.delete("Content-Length");  // the body is the decoded, marked page
  headers.delete("Content-Encoding");
  return new Response(html, {status: kept.status, headers: headers});
}

async function networkFirst(request, name, key) {
  try {
    const response = await withTimeout(fetch(request));
    if (response.ok && response.type === "basic") await keep(name, key, response.clone());
    return response;
  } catch (offline) {
    const kept = await caches.match(key, {ignoreSearch: name === PAGES});
    if (kept && name === PAGES) return marked(kept);
    if (kept) return kept;
    throw offline;
  }
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (TABLE_PAGE.test(url.pathname)) {
    event.respondWith(networkFirst(request, PAGES, url.origin + url.pathname));
  } else if (ASSETS.includes(url.pathname)) {
    event.respondWith(networkFirst(request, FILES, url.pathname));
  }
});
{% endautoescape %}
