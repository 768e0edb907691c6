// Starts the engine as the page begins to load: index.html runs this module (async) before anything else of the
// page, so Pyodide's download and compilation overlap with everything else. Then it loads the page itself.

import { createEngine } from './engine.js';

// index.html's first script started the worker (window.giretraEngine) and marked gt:engine-start, so that Pyodide's
// downloads begin with the page's first bytes rather than once this module and engine.js have arrived: taken over
// here. gt:pyodide, gt:wheel, gt:ready marks for the start-up benchmark (index.html marks the stages it heard first).
const marked = (name) => performance.getEntriesByName(name, 'mark').length > 0;
if (!marked('gt:engine-start')) performance.mark('gt:engine-start');
export const engine = createEngine({ onProgress: (stage) => { if (!marked(`gt:${stage}`)) performance.mark(`gt:${stage}`); },
  early: window.giretraEngine ?? null });

// The page's own modules (main.js: the table, about forty files) come next. On a first visit everything
// comes from the network at once, and the forty would take the browser's six connections to the site ahead of the
// worker's script and Pyodide's runtime, the boot's critical path (measured: Pyodide's wasm arrived 0.1-0.2 s later
// than on a bare page): so they are asked for once Pyodide's downloads are on the wire, about a tenth of a second
// in. A later visit, served by the service worker (no queue, and a saved table to draw at once), does not wait.
const firstVisit = !navigator.serviceWorker?.controller;
const wireBusy = firstVisit
  ? Promise.race([engine.fetching, new Promise((resolve) => { setTimeout(resolve, 1000); })])   // (a stuck worker)
  : Promise.resolve();
// (An async module may run before the page is parsed: main.js draws into #gt-game.)
const parsed = document.readyState === 'loading'
  ? new Promise((resolve) => { document.addEventListener('DOMContentLoaded', resolve, { once: true }); })
  : Promise.resolve();
Promise.all([wireBusy, parsed]).then(() => import('./main.js'));
