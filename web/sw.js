// The service worker: the site offline after one visit, one build at a time (docs/web.md, "Offline").
//
// sw-precache.js (written by tools/build_site.py) sets self.GIRETRA_PRECACHE = {version, files: {path: sha256}}:
// every file of the site the pages, the widgets and the engine worker load — the pages, js/, css/, the icons,
// Pyodide's five runtime files, wheel.json and the wheel. A new build changes that file, so the browser installs a
// new service worker beside the old one (it compares imported scripts byte for byte).
//
// * install: each file is fetched and checked against its sha256, into the cache of this version
//   ('giretra-site-<version>'); one that differs (the server already holds a newer build, or a damaged copy) fails
//   the install, and this version is never used: a version's cache holds one build, whole.
// * fetch: a GET for one of those files is answered from this version's cache only (the query string ignored, the
//   site's folder itself = index.html); anything else (another site, a host's own pages) goes to the network untouched.
// * activate: after the pages of the old version are closed (or when a page asks, from its "new version" notice:
//   {type: 'giretra:activate'}), the other versions' caches are deleted. The engine's memory snapshot
//   ('giretra-engine-snapshot', keyed by the wheel's sha256) is the engine worker's own, left alone.
'use strict';

importScripts('sw-precache.js');

const { version: VERSION, files: FILES } = self.GIRETRA_PRECACHE;
const PREFIX = 'giretra-site-';
const CACHE = PREFIX + VERSION;
const SCOPE = new URL(self.registration.scope);
// Content-addressed folders (a version or a hash in the path): the HTTP cache may answer for them (a first visit's
// download is reused); every other file is fetched from the server.
const IMMUTABLE = /^(vendor|wheels)\//;

async function hex(buffer) {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', buffer));
  return Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
}

async function precache() {
  const cache = await caches.open(CACHE);
  const have = new Set((await cache.keys()).map((request) => request.url));
  // A few at a time: the connection is shared with a page that may still be loading.
  const todo = Object.entries(FILES).filter(([path]) => !have.has(new URL(path, SCOPE).href));
  let stop = false;   // one failure: the others stop at their next file
  const worker = async () => {
    for (let item = todo.shift(); item && !stop; item = todo.shift()) {
      const [path, sha256] = item;
      const url = new URL(path, SCOPE);
      // The rest bypasses the HTTP cache: a revalidation by Last-Modified (one-second steps) can take a file changed
      // within the same second for unchanged, and the sha256 check would then fail the whole install.
      const res = await fetch(url, { cache: IMMUTABLE.test(path) ? 'default' : 'reload', credentials: 'same-origin' });
      if (!res.ok) { stop = true; throw new Error(`${path}: HTTP ${res.status}`); }
      const body = await res.arrayBuffer();
      const got = await hex(body);
      if (got !== sha256) stop = true;
      if (got !== sha256) throw new Error(`${path}: sha256 ${got.slice(0, 12)}, this build has ${sha256.slice(0, 12)}`);
      const headers = { 'content-type': res.headers.get('content-type') || 'application/octet-stream', 'x-sha256': got };
      await cache.put(url, new Response(body, { headers }));
    }
  };
  // Every download settled before the verdict: a failed install deletes its cache, and no late put may refill it.
  const failed = (await Promise.allSettled([worker(), worker(), worker()])).find((r) => r.status === 'rejected');
  if (failed) throw failed.reason;
}

self.addEventListener('install', (event) => {
  event.waitUntil(precache().catch(async (err) => {
    await caches.delete(CACHE);   // half a build is no build
    throw err;
  }));
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
    }
  })());
});

self.addEventListener('message', (event) => {
  if (event.data?.type === 'giretra:activate') self.skipWaiting();
});

/** The precached file a request asks for, or null. */
function precachedPath(request) {
  if (request.method !== 'GET') return null;
  const url = new URL(request.url);
  if (url.origin !== SCOPE.origin || !url.pathname.startsWith(SCOPE.pathname)) return null;
  let path = decodeURIComponent(url.pathname.slice(SCOPE.pathname.length));
  if (path === '' || path.endsWith('/')) path += 'index.html';
  return Object.hasOwn(FILES, path) ? path : null;
}

self.addEventListener('fetch', (event) => {
  const path = precachedPath(event.request);
  if (path === null) return;   // not ours: the network, as without a service worker
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const cached = await cache.match(new URL(path, SCOPE).href);
    // Missing only if the cache was cleared under us (storage pressure): the network, as a page without us would.
    return cached || fetch(event.request);
  })());
});
