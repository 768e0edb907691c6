// The only module that talks to the engine worker: a small promise-based RPC client. (The game page's first worker is
// started by index.html's first script, which only sends it the same 'boot' message as below; this module takes it
// over: createEngine({early}).)
//
//   const engine = createEngine({ onProgress: (stage) => ... });   // stage: 'pyodide' | 'wheel' | 'ready'
//   engine.onProgress((stage) => ...);                              // more listeners (a late one hears the last stage)
//   await engine.ready;                                             // rejects with EngineLoadError
//   const { state, view } = await engine.call('new_match', { seed: 42, lang: 'fr' });
//
// call() resolves with the jsonapi response's "value"; it rejects with RulesError(code, message) when the engine
// refuses the request (ok: false) and with EngineCrash when Python raised (an engine bug, never swallowed).

/** Where the Pyodide runtime is served from: the site's own pinned copy, unless the page overrides it with
 *  <meta name="giretra-pyodide-base" content="https://cdn.jsdelivr.net/pyodide/v0.29.5/full/"> (a deployment
 *  option, see README). */
export const PYODIDE_VERSION = '0.29.5';

export class RulesError extends Error {
  constructor(code, message, rule = '') {
    super(message);
    this.name = 'RulesError';
    this.code = code;
    this.rule = rule;   // the rule id the refusal enforces ("P-1"), for a link to the rules page; '' if none
  }
}

export class EngineCrash extends Error {
  constructor(message) {
    super(message);
    this.name = 'EngineCrash';
  }
}

export class EngineLoadError extends Error {
  constructor(stage, message, policy = null) {
    super(message);
    this.name = 'EngineLoadError';
    this.stage = stage;   // 'pyodide' | 'wheel'
    this.policy = policy;   // the Content-Security-Policy directive that refused a load (the site's, not the network)
  }
}

// A host's Content-Security-Policy refusing the worker: the browser's error event says nothing of why; the violation,
// fired on the document, names the directive. (index.html's first script, which starts the worker earlier, keeps its
// own: early.policy.)
let policyHere = null;
if (typeof document !== 'undefined') {
  // (only the engine's own worker: a host page's other refusals, an image or an analytics script, are not ours)
  document.addEventListener('securitypolicyviolation', (event) => {
    if (event.disposition === 'enforce' && event.blockedURI.includes('/js/worker.js')) policyHere ??= event.effectiveDirective;
  });
}

function pyodideBase() {
  const meta = document.querySelector('meta[name="giretra-pyodide-base"]');
  // (resolved against the page, as index.html's first script does: a relative one means the same on a Retry)
  const base = meta?.content ? new URL(meta.content, document.baseURI).href
    : new URL(`../vendor/pyodide/${PYODIDE_VERSION}/`, import.meta.url).href;
  return base.endsWith('/') ? base : base + '/';
}

/** *early*: a worker index.html already started and sent 'boot' ({worker, messages, error}: what it heard meanwhile),
 *  taken over instead of starting one. */
export function createEngine({ onProgress: firstListener = null, early = null } = {}) {
  const worker = early?.worker
    ?? new Worker(new URL('./worker.js', import.meta.url), { type: 'module', name: 'giretra-engine' });
  const pending = new Map();   // id -> {resolve, reject}
  let nextId = 1;
  let readyResolve, readyReject;
  const ready = new Promise((resolve, reject) => { readyResolve = resolve; readyReject = reject; });
  ready.catch(() => {});   // the caller decides whether to look
  // Boot progress: every listener hears each stage; a late one first hears the stage reached so far.
  const listeners = new Set(firstListener ? [firstListener] : []);
  let lastStage = null;
  const onProgress = (stage) => {
    lastStage = stage;
    for (const fn of listeners) fn(stage);
  };

  // Settles once Pyodide's downloads are on the wire (or the boot ended either way): boot.js waits for it before a
  // first visit's page fetches its own modules, which would otherwise queue ahead of them.
  let fetchedResolve;
  const fetching = new Promise((resolve) => { fetchedResolve = resolve; });
  let failed = null;   // the EngineLoadError once the engine cannot answer any more
  const failAll = (err) => {
    failed ??= err;
    fetchedResolve();
    readyReject(err);
    for (const { reject } of pending.values()) reject(err);
    pending.clear();
  };

  const receive = (msg) => {
    switch (msg.type) {
      case 'progress':
        onProgress(msg.stage);
        break;
      case 'fetching':
        fetchedResolve();
        break;
      case 'ready':
        fetchedResolve();
        onProgress('ready');
        readyResolve({ version: msg.version, timings: msg.timings, boot: msg.boot });
        break;
      case 'boot-error':
        failAll(new EngineLoadError(msg.stage, msg.message, msg.policy ?? null));
        break;
      case 'result':
      case 'crash': {
        const call = pending.get(msg.id);
        if (!call) return;
        pending.delete(msg.id);
        if (msg.type === 'crash') {
          call.reject(new EngineCrash(msg.message));
          return;
        }
        let res;
        try {
          res = JSON.parse(msg.response);
        } catch {
          call.reject(new EngineCrash(`not JSON from ${call.name}: ${msg.response.slice(0, 200)}`));
          return;
        }
        if (res.ok) call.resolve(res.value);
        else call.reject(new RulesError(res.error?.code ?? 'error', res.error?.message ?? '', res.error?.rule ?? ''));
        break;
      }
    }
  };
  worker.onmessage = ({ data }) => receive(data);
  // A worker script that fails to load or throws at top level: nothing else will ever answer.
  // (a task later: the refusal's violation event is queued, and its order against the error event is not set)
  const workerFailed = (message) => setTimeout(() => {
    failAll(new EngineLoadError('pyodide', `engine worker failed: ${message || 'could not load js/worker.js'}`,
      early?.policy ?? policyHere));
  });
  worker.onerror = (event) => {
    event.preventDefault?.();
    workerFailed(event.message);
  };

  if (early) {
    for (const msg of early.messages) receive(msg);
    if (early.error !== undefined) workerFailed(early.error);
  } else {
    worker.postMessage({
      type: 'boot',
      pyodideBase: pyodideBase(),
      wheelManifest: new URL('../wheel.json', import.meta.url).href,
    });
  }

  return {
    ready,
    fetching,
    worker,
    /** Follow the boot's stages; returns a function that stops following. */
    onProgress(fn) {
      listeners.add(fn);
      if (lastStage) fn(lastStage);
      return () => listeners.delete(fn);
    },
    /** Call giretra_core.jsonapi.<name>(JSON.stringify(args)). Calls made before `ready` wait for it; calls made
     *  after the boot failed reject with its EngineLoadError (not a crash: the engine never ran). */
    call(name, args = {}) {
      if (failed) return Promise.reject(failed);
      const id = nextId++;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject, name });
        worker.postMessage({ type: 'call', id, name, request: JSON.stringify(args) });
      });
    },
    /** Stop the worker (used before a retry); pending calls reject. */
    destroy() {
      worker.terminate();
      failAll(new EngineLoadError('pyodide', 'engine stopped'));
    },
  };
}
