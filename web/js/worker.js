// The only module that touches Pyodide. It runs as a module Web Worker, so a thinking bot never blocks the page.
//
// Messages, page -> worker:
//   {type: 'boot', pyodideBase, wheelManifest}                 once, first
//   {type: 'call', id, name, request}                          request = a JSON string for giretra_core.jsonapi
// worker -> page:
//   {type: 'progress', stage}                                  stage: 'pyodide' | 'wheel'
//   {type: 'fetching'}                                         Pyodide's own downloads have been asked for
//   {type: 'ready', version, timings, boot}                    timings: ms from worker start, per stage;
//                                                              boot: 'snapshot' (this browser's own) or 'full'
//   {type: 'boot-error', stage, message, policy}               policy: a CSP directive that refused a load, or null
//   {type: 'result', id, response}                             response: the JSON string jsonapi returned
//   {type: 'crash', id, message}                               a Python exception: an engine bug
//
// Only strings cross into Python (no PyProxy lifetimes to manage, no dict -> Map surprises).

const t0 = performance.now();
const timings = {};
const mark = (name) => { timings[name] = Math.round(performance.now() - t0); };

let booted = null;     // Promise, settled when the engine is importable (or failed to load)
let dispatch = null;   // PyProxy of giretra_core.jsonapi.call, kept for the worker's lifetime
// The study's modules (the duplicate, the deal of the day, the puzzles: wheel.json's "study" zip) are not in the
// wheel: unpacked into site-packages when the engine answers a call with 'study_missing' (jsonapi.STUDY_MODULES),
// then the call is asked again, so that a first visit does not download them.
let study = null;          // {url, py} once booted, and {done}: the Promise of the zip unpacked
// A host's Content-Security-Policy that refuses Pyodide's scripts or its WebAssembly here: the error says only that a
// load failed; the violation names the directive, which the page says (the site's policy, not the connection).
let policy = null;
// (enforced only: a report-only policy blocks nothing, and the failure is then the network's)
self.addEventListener('securitypolicyviolation', (event) => {
  if (event.disposition === 'enforce') policy ??= event.effectiveDirective;
});

self.onmessage = (event) => {
  const msg = event.data;
  if (msg.type === 'boot') {
    booted = boot(msg).catch(async (err) => {
      // A task later: a refusal's violation event is queued, and may come after the error it caused. (The calls
      // waiting on the boot are answered after this message: the page hears the load error first.)
      await new Promise((resolve) => { setTimeout(resolve); });
      post({ type: 'boot-error', stage: err.stage || 'pyodide', message: String(err.message || err), policy });
      throw err;
    });
    booted.catch(() => {});   // reported above; calls waiting on it are answered below
  } else if (msg.type === 'call') {
    handleCall(msg);
  }
};

function post(msg) { self.postMessage(msg); }

function stageError(stage, message) {
  const err = new Error(message);
  err.stage = stage;
  return err;
}

async function boot({ pyodideBase, wheelManifest }) {
  // The manifest names the engine's build (its sha256 keys the snapshot, its file is the wheel): fetched while
  // Pyodide's module loads.
  const manifest = fetch(wheelManifest, { cache: 'no-cache' }).then(async (res) => {
    if (!res.ok) throw stageError('wheel', `${wheelManifest}: HTTP ${res.status}`);
    return { ...await res.json(), base: res.url };
  });
  manifest.catch(() => {});   // awaited below
  // Whether this browser keeps an engine snapshot at all: a first visit keeps none, and starts Pyodide without
  // waiting for the manifest (its answer came after pyodide.mjs's and held Pyodide's downloads back 0.05 s).
  const anyKept = snapshots.any();

  post({ type: 'progress', stage: 'pyodide' });
  let loadPyodide;
  try {
    ({ loadPyodide } = await import(pyodideBase + 'pyodide.mjs'));
  } catch (err) {
    throw stageError('pyodide', `cannot load ${pyodideBase}pyodide.mjs: ${err.message}`);
  }
  const options = { indexURL: pyodideBase, stdout: () => {}, stderr: (line) => console.warn(line) };
  if (await anyKept) {
    const wheel = await manifest;
    // A later visit: the engine as it was once imported, from this browser's own snapshot (half a second, not two).
    // Its 21 MB are read and checked while Pyodide's script loads (loadPyodide awaits them only before it builds
    // the interpreter): read first, they held the boot back by a tenth of a second.
    const kept = await snapshots.find(snapshotKey(pyodideBase, wheel));
    if (kept) {
      try {
        const py = await startPyodide(loadPyodide, { ...options, _loadSnapshot: snapshots.bytes(kept) });
        const version = checkEngine(py, wheel);
        mark('snapshot');
        ready(py, version, wheel, 'snapshot');
        return;
      } catch (err) {
        // Damaged, refused (another build), or a bug of the private API: the normal boot, as if there were none.
        console.warn(`engine snapshot not used (${err.message}): booting normally`);
        await snapshots.drop();
      }
    }
  }
  // The wheel downloads while the interpreter downloads and compiles (only the full boot needs it).
  const bytes = manifest.then((wheel) => fetch(new URL(wheel.file, wheel.base)).then(async (res) => {
    if (!res.ok) throw stageError('wheel', `cannot install ${wheel.file}: HTTP ${res.status}`);
    return res.arrayBuffer();
  }));
  bytes.catch(() => {});   // awaited below
  // (a missing wheel.json is said as soon as it is known, not once Pyodide has booted for nothing)
  const py = await Promise.race([startPyodide(loadPyodide, { ...options, _makeSnapshot: snapshots.cache !== null }),
    manifest.then(() => new Promise(() => {}))]);
  mark('pyodide');
  const wheel = await manifest;

  // The wheel is unpacked into site-packages as it is: it has no dependency to resolve, so no package manager is
  // needed (micropip took half a second more, and the JavaScript references it keeps make a snapshot impossible).
  post({ type: 'progress', stage: 'wheel' });
  try {
    py.unpackArchive(await bytes, 'wheel', { extractDir: py.runPython('import sysconfig; sysconfig.get_path("purelib")') });
  } catch (err) {
    throw err.stage ? err : stageError('wheel', `cannot install ${wheel.file}: ${lastLine(err.message)}`);
  }
  const version = checkEngine(py, wheel);
  mark('wheel');
  // Before any Python object is lent to JavaScript (a snapshot cannot hold one): made now, stored once idle (below).
  if (snapshots.cache) {
    try {
      snapshots.keepLater(snapshotKey(pyodideBase, wheel), py.makeMemorySnapshot());
      mark('made');
    } catch (err) {
      console.warn(`engine snapshot not made: ${err.message}`);
    }
  }
  ready(py, version, wheel, 'full');
}

async function startPyodide(loadPyodide, options) {
  const stopWatching = watchConsoleForBootFailure();
  try {
    const started = loadPyodide(options);
    // loadPyodide asks for its files within its first microtasks: by the next task they are on the wire, and a first
    // visit's page may fetch its own modules without queueing ahead of them (boot.js).
    setTimeout(() => post({ type: 'fetching' }), 0);
    return await Promise.race([started, stopWatching.failed]);
  } catch (err) {
    throw stageError('pyodide', `Pyodide did not start: ${err.message}`);
  } finally {
    stopWatching();
  }
}

/** The engine imports and is the version the manifest announced (trust nothing: Pyodide does not always throw). */
function checkEngine(py, wheel) {
  let version;
  try {
    version = py.runPython('import giretra_core, giretra_core.jsonapi\ngiretra_core.__version__');
  } catch (err) {
    throw stageError('wheel', `giretra_core does not import: ${lastLine(err.message)}`);
  }
  if (version !== wheel.version) {
    throw stageError('wheel', `giretra_core ${version} loaded, but wheel.json announces ${wheel.version}`);
  }
  return version;
}

function ready(py, version, wheel, from) {
  // jsonapi.call(name, request) is the engine's single entry point (unknown names come back as ok:false).
  // (Never destroy the module proxy: attribute proxies are borrowed from it.)
  study = { url: wheel.study ? new URL(wheel.study, wheel.base) : null, py };
  dispatch = py.pyimport('giretra_core.jsonapi').call;
  if (typeof dispatch !== 'function') throw stageError('wheel', 'giretra_core.jsonapi has no call()');
  post({ type: 'ready', version, timings, boot: from });
}

// -- the engine's memory snapshot -----------------------------------------------------------------------------------
// Pyodide's private snapshot API (0.29): the interpreter's memory with the engine imported, made by this browser after
// its first normal boot and kept in Cache Storage. Keyed by the Pyodide build and the wheel's sha256, so a new build
// never boots an old engine; stored with its own sha256, so a damaged copy is never loaded. Anything unexpected (no
// Cache Storage on an insecure origin, no entry, a damaged or refused one) means the normal boot.

const SNAPSHOT_CACHE = 'giretra-engine-snapshot';
// A first visit's snapshot is stored once the engine has had no call for SNAPSHOT_IDLE_MS (at the latest
// SNAPSHOT_LATEST_MS after it was made), not as the engine answers the page's first calls: its sha256 runs on this
// thread (a trace: 0.1 s of DoDigest, then the 21 MB copied to Cache Storage) and held back the first answers, i.e.
// the first hand, on the very visit that has no snapshot to gain from (issue 31's cold visit; docs/performance.md).
// Short: a pause of the bots (0.6 s at the normal speed) or the player's first turn is enough, and a page closed soon
// after its first hand has mostly kept it.
const SNAPSHOT_IDLE_MS = 200;
const SNAPSHOT_LATEST_MS = 10000;

function snapshotKey(pyodideBase, wheel) {
  return new URL(`engine-snapshot/${encodeURIComponent(pyodideBase)}/${wheel.sha256}`, self.location.href).href;
}

const snapshots = {
  cache: typeof caches === 'undefined' ? null : caches,
  later: null,   // {key, bytes, latest, timer}: made by this boot, not stored yet

  /** False when this browser surely keeps no snapshot (a first visit): then the boot need not look for one. */
  async any() {
    if (!this.cache) return false;
    try {
      return await this.cache.has(SNAPSHOT_CACHE);
    } catch {
      return true;   // not sure: find() looks, and says why it cannot
    }
  },

  /** The kept snapshot's entry (its headers: the body is read by bytes()), or null. */
  async find(key) {
    if (!this.cache) return null;
    try {
      return await (await this.cache.open(SNAPSHOT_CACHE)).match(key) ?? null;
    } catch (err) {
      console.warn(`engine snapshot unreadable (${err.message}): booting normally`);
      await this.drop();
      return null;
    }
  },

  /** The entry's bytes, once their sha256 is the one stored with them (a Promise: it rejects on a damaged copy). */
  bytes(res) {
    const checked = res.arrayBuffer().then(async (buffer) => {
      const bytes = new Uint8Array(buffer);
      if (await sha256(bytes) !== res.headers.get('x-sha256')) throw new Error('its sha256 differs');
      return bytes;
    });
    checked.catch(() => {});   // handled where loadPyodide awaits it (or never awaited: Pyodide failed before)
    return checked;
  },

  /** Store *bytes* under *key* once the engine is idle; called again (no arguments) at each call, the wait starts over. */
  keepLater(key, bytes) {
    if (key) this.later = { key, bytes, latest: performance.now() + SNAPSHOT_LATEST_MS, timer: null };
    const later = this.later;
    if (!later) return;
    clearTimeout(later.timer);
    later.timer = setTimeout(() => {
      this.later = null;
      this.write(later.key, later.bytes);
    }, Math.min(SNAPSHOT_IDLE_MS, Math.max(0, later.latest - performance.now())));
  },

  async write(key, bytes) {
    try {
      const headers = { 'content-type': 'application/octet-stream', 'x-sha256': await sha256(bytes) };
      await this.drop();   // one snapshot at most: an older build's is of no use
      await (await this.cache.open(SNAPSHOT_CACHE)).put(key, new Response(bytes, { headers }));
    } catch (err) {
      console.warn(`engine snapshot not kept: ${err.message}`);   // a full disk: the next visit boots normally
    }
  },

  async drop() {
    try {
      await this.cache?.delete(SNAPSHOT_CACHE);
    } catch { /* nothing to drop */ }
  },
};

async function sha256(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
}

async function handleCall(msg) {
  snapshots.keepLater();   // a call now: the snapshot waits until the engine is idle again
  try {
    await answerCall(msg);
  } finally {
    snapshots.keepLater();
  }
}

async function answerCall({ id, name, request }) {
  try {
    await booted;
  } catch (err) {
    post({ type: 'crash', id, message: `engine not loaded: ${err.message}` });
    return;
  }
  let response = answer(id, name, request);
  if (response !== null && studyMissing(response)) {
    try {
      await studyUnpacked();
    } catch (err) {
      // A download that failed (offline before the study was ever opened, a server error): the engine is fine and
      // the next call tries again, so a refusal the page words itself, not an engine bug.
      const error = { code: 'study_unavailable', message: `the study's modules could not be loaded: ${err.message}` };
      post({ type: 'result', id, response: JSON.stringify({ ok: false, error }) });
      return;
    }
    response = answer(id, name, request);
  }
  if (response !== null) post({ type: 'result', id, response });
}

/** jsonapi's answer to the call, or null once a Python exception (an engine bug) has been posted as a crash. */
function answer(id, name, request) {
  try {
    return String(dispatch(name, request));
  } catch (err) {
    post({ type: 'crash', id, message: String(err.message || err) });   // PythonError: message has the traceback
    return null;
  }
}

/** The engine's refusal for want of the study's modules (cheap to rule out: every refusal starts so). */
function studyMissing(response) {
  return response.startsWith('{"ok": false') && JSON.parse(response).error?.code === 'study_missing';
}

// Pyodide 0.29 reports a failed interpreter download or a missing standard library only on the console, and
// then never settles loadPyodide(). Listen to the console while it boots and turn those lines into an error.
const BOOT_FAILURES = /wasm instantiation failed|installing the standard library/i;

function watchConsoleForBootFailure() {
  const original = { warn: console.warn, error: console.error };
  let reject;
  let lines = null;
  const failed = new Promise((_, rej) => { reject = rej; });
  failed.catch(() => {});
  for (const level of ['warn', 'error']) {
    console[level] = (...args) => {
      original[level].apply(console, args);
      const text = args.map((a) => (a instanceof Error ? `${a.name}: ${a.message}` : String(a))).join(' ');
      if (lines) {
        lines.push(text);   // the details Pyodide prints right after the headline
      } else if (BOOT_FAILURES.test(text)) {
        lines = [text];
        setTimeout(() => reject(new Error(lines.join(' — '))), 0);
      }
    };
  }
  const stop = () => Object.assign(console, original);
  stop.failed = failed;
  return stop;
}

function lastLine(text) {
  const lines = String(text).trim().split('\n');
  return lines[lines.length - 1];
}

/** The study's zip, fetched and unpacked once (a failed download is tried again at the next call). */
function studyUnpacked() {
  if (!study.done) {
    if (!study.url) throw new Error('wheel.json names no study modules: rebuild with build_wheel.py');
    const { py, url } = study;
    study.done = fetch(url).then(async (res) => {
      if (!res.ok) throw new Error(`cannot load ${url}: HTTP ${res.status}`);
      py.unpackArchive(await res.arrayBuffer(), 'zip', {
        extractDir: py.runPython('import sysconfig; sysconfig.get_path("purelib")') });
      py.runPython('import importlib; importlib.invalidate_caches()');   // the new files, seen by the next import
    });
    study.done.catch(() => { study.done = null; });
  }
  return study.done;
}
