// Offline and updates: registers the service worker (../sw.js) and says when a new build is ready.
// Loaded by index.html, rules.html and embed.html with one <script type="module">; a host page on the site's own
// origin and folder may load it too (docs/embedding.md). It does nothing where a service worker cannot or must not
// run: no navigator.serviceWorker (an insecure origin, a private mode that forbids it), a page on another origin
// than sw.js, or outside the folder sw.js serves — the page then loads from the network as before.
//
// When the browser has installed a newer build beside the one in use (docs/web.md, "Offline"), window receives the
// cancelable event 'giretra:update-ready' (detail: {activate}); unless a listener prevents its default, a top-level
// page shows a small notice "A new version is ready" with Reload and Later: the build changes only then, with the
// whole page (the game's match is saved at every move and comes back as it was), or on a later visit once every
// page of the old build is closed. Never in the middle of anything: the old build serves its pages to the end.

import { loadWords } from './i18n.js';

const SW_URL = new URL('../sw.js', import.meta.url);
const SCOPE = new URL('./', SW_URL);

export const offline = {
  /** 'unsupported' | 'foreign' | 'registering' | 'registered' | 'failed' */
  status: 'registering',
  registration: null,
};

function applicable() {
  if (!('serviceWorker' in navigator)) return 'unsupported';
  if (SW_URL.origin !== location.origin || !location.href.startsWith(SCOPE.href)) return 'foreign';
  return null;
}

/** Ask the waiting build to take over, then reload the page on it. */
function activate(waiting) {
  navigator.serviceWorker.addEventListener('controllerchange', () => location.reload(), { once: true });
  waiting.postMessage({ type: 'giretra:activate' });
}

function announce(registration) {
  const waiting = registration.waiting;
  if (!waiting || !navigator.serviceWorker.controller) return;   // the first install: nothing to replace
  const event = new CustomEvent('giretra:update-ready', { cancelable: true, detail: { activate: () => activate(waiting) } });
  if (window.dispatchEvent(event) && window.top === window) showNotice(waiting);
}

async function showNotice(waiting) {
  if (document.querySelector('.gt-update')) return;
  const t = await loadWords(document.documentElement.lang);
  const { lang } = t;
  const notice = document.createElement('div');
  notice.className = 'gt-update';
  notice.setAttribute('role', 'status');
  notice.lang = lang;
  // At the top, over the bar, not over the player's hand (pinned at the bottom on a phone); "Later" puts it away.
  notice.style.cssText = 'position:fixed;inset-inline:0;top:0.5rem;margin:auto;width:max-content;max-width:94vw;'
    + 'z-index:2147483647;display:flex;gap:0.75rem;align-items:center;padding:0.5rem 0.75rem;border-radius:0.5rem;'
    + 'font:inherit;background:var(--gt-dialog-bg,#fff);color:var(--gt-dialog-ink,#111);'
    + 'border:1px solid var(--gt-dialog-line,#888);box-shadow:0 2px 8px rgb(0 0 0 / 0.25)';
  const text = document.createElement('span');
  text.textContent = t('offline.updateReady');
  const button = document.createElement('button');
  button.type = 'button';
  button.dataset.action = 'reload-update';
  button.textContent = t('offline.reload');
  button.addEventListener('click', () => { button.disabled = true; activate(waiting); });
  const later = document.createElement('button');
  later.type = 'button';
  later.dataset.action = 'dismiss-update';
  later.textContent = t('offline.later');
  later.addEventListener('click', () => notice.remove());
  notice.append(text, button, later);
  document.body.append(notice);
}

async function register() {
  try {
    // updateViaCache 'none': an update check fetches sw.js *and* the list it imports (sw-precache.js) past the HTTP
    // cache. With the default ('imports'), the list was revalidated by Last-Modified, whose one-second grain took a
    // list rewritten within the same second for unchanged: the new build was never seen (the offline test's xfail).
    const registration = await navigator.serviceWorker.register(SW_URL, { scope: SCOPE.href, updateViaCache: 'none' });
    if (!registration) throw new Error('registration refused');   // (a test harness that blocks service workers)
    offline.registration = registration;
    offline.status = 'registered';
    const follow = (installing) => installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed') announce(registration);
    });
    announce(registration);              // a new build installed before this page registered
    follow(registration.installing);     // one installing now (its 'updatefound' came before this page listened)
    registration.addEventListener('updatefound', () => follow(registration.installing));
  } catch (err) {
    offline.status = 'failed';
    console.info(`giretra: no offline copy (${err.message})`);
  }
}

/** Resolves once the page has loaded and, on the game page, once its first hand is shown (boot.js's and game.js's
 *  performance marks; at most 30 s after the engine started): the service worker's first download then reuses what
 *  the page fetched instead of racing it for the same bytes, and takes nothing from the page's first hand. */
function pageSettled() {
  const loaded = document.readyState === 'complete'
    ? Promise.resolve() : new Promise((resolve) => window.addEventListener('load', resolve, { once: true }));
  const idle = () => new Promise((resolve) => (self.requestIdleCallback
    ? requestIdleCallback(resolve, { timeout: 5000 }) : setTimeout(resolve, 1000)));
  return loaded.then(() => new Promise((resolve) => {
    const marked = (name) => performance.getEntriesByName(name, 'mark').length > 0;
    if (!marked('gt:engine-start') || marked('gt:first-hand')) { resolve(); return; }
    const timer = setTimeout(done, 30000);   // a failed boot, a match resumed at its end: register anyway
    const observer = new PerformanceObserver(() => { if (marked('gt:first-hand')) done(); });
    function done() { clearTimeout(timer); observer.disconnect(); resolve(); }
    observer.observe({ type: 'mark' });
  })).then(idle);
}

const skip = applicable();
if (skip) {
  offline.status = skip;
} else {
  pageSettled().then(register);
}
