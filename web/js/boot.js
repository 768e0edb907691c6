// Starts the engine as the page begins to load: index.html runs this module (async) before the UI's module
// graph has even arrived, so Pyodide's download and compilation overlap with everything else.

import { createEngine } from './engine.js';

let lastStage = null;
const listeners = new Set();

performance.mark('gt:engine-start');
export const engine = createEngine({
  onProgress(stage) {
    lastStage = stage;
    performance.mark(`gt:${stage}`);   // gt:pyodide, gt:micropip, gt:wheel, gt:ready (for the benchmark)
    for (const fn of listeners) fn(stage);
  },
});

/** Follow the boot's progress; a late listener first hears the stage reached so far. */
export function onProgress(fn) {
  listeners.add(fn);
  if (lastStage) fn(lastStage);
}
