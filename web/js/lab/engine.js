// The bot lab's engine: its own worker (lab/worker.js), never the game's, with a per-decision time limit. When a
// decision of the author's bot outlasts the limit the worker is ended (the only way to stop a Python loop) and the
// call rejects with TimeLimitError; the next call starts a new worker. A call resolves with the seam's whole answer
// ({ok, value} or {ok: false, error: {code, message, line}}).

import { PYODIDE_VERSION } from '../engine.js';

export class TimeLimitError extends Error {
  constructor(limitMs) {
    super(`a decision took more than ${limitMs} ms: the bot was stopped`);
    this.name = 'TimeLimitError';
    this.limitMs = limitMs;
  }
}

export class LabCrash extends Error {
  constructor(message) {
    super(message);
    this.name = 'LabCrash';
  }
}

/** The lab's engine did not start (Pyodide, the wheel or the lab's modules not downloaded): the next call tries again. */
export class LabLoadError extends Error {
  constructor(message) {
    super(message);
    this.name = 'LabLoadError';
  }
}

export const DEFAULT_LIMIT_MS = 2000;

function pyodideBase() {
  return new URL(`../../vendor/pyodide/${PYODIDE_VERSION}/`, import.meta.url).href;
}

export function createLabEngine({ limitMs = DEFAULT_LIMIT_MS, onPairs = () => {} } = {}) {
  let worker = null;
  let ready = null;
  let current = null;   // {resolve, reject} of the one call under way
  let timer = null;
  let nextId = 1;

  const end = (err) => {
    clearTimeout(timer);
    timer = null;
    worker?.terminate();
    worker = null;
    ready = null;
    const pending = current;
    current = null;
    pending?.reject(err);
  };

  const start = () => {
    worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module', name: 'giretra-lab' });
    ready = new Promise((resolve, reject) => {
      worker.onmessage = ({ data: msg }) => {
        switch (msg.type) {
          case 'ready': resolve(); break;
          case 'boot-error': {   // this worker will never answer: the next call starts another
            const err = new LabLoadError(msg.message);
            worker?.terminate();
            worker = null;
            reject(err);
            break;
          }
          case 'decide':
            clearTimeout(timer);
            timer = setTimeout(() => end(new TimeLimitError(limitMs)), limitMs);
            break;
          case 'decided': clearTimeout(timer); timer = null; break;
          case 'pairs': onPairs(msg.done, msg.total); break;
          case 'result': clearTimeout(timer); current?.resolve(JSON.parse(msg.response)); current = null; break;
          case 'crash': clearTimeout(timer); current?.reject(new LabCrash(msg.message)); current = null; break;
          default: break;
        }
      };
    });
    ready.catch(() => {});
    worker.postMessage({ type: 'boot', pyodideBase: pyodideBase(),
      wheelManifest: new URL('../../wheel.json', import.meta.url).href });
  };

  return {
    /** Start the worker ahead of the first call (the page does on load). */
    warm() { if (!worker) start(); return ready; },
    async call(name, request) {
      if (current) throw new LabCrash('the lab is busy with another call');
      if (!worker) start();
      const booting = ready;
      await booting;
      return new Promise((resolve, reject) => {
        current = { resolve, reject };
        worker.postMessage({ type: 'call', id: nextId++, name, request: JSON.stringify(request) });
      });
    },
    /** Stop whatever runs (the Stop button): the call rejects with a LabCrash('stopped'). */
    stop() { if (worker) end(new LabCrash('stopped')); },
  };
}
