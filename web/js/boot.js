// Starts the engine as the page begins to load: index.html runs this module (async) before the UI's module
// graph has even arrived, so Pyodide's download and compilation overlap with everything else.

import { createEngine } from './engine.js';

performance.mark('gt:engine-start');
// gt:pyodide, gt:wheel, gt:ready marks (for the start-up benchmark)
export const engine = createEngine({ onProgress: (stage) => performance.mark(`gt:${stage}`) });
