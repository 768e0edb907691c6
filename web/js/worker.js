// The only module that touches Pyodide. It runs as a module Web Worker, so a thinking bot never blocks the page.
//
// Messages, page -> worker:
//   {type: 'boot', pyodideBase, wheelManifest}                 once, first
//   {type: 'call', id, name, request}                          request = a JSON string for giretra_core.jsonapi
// worker -> page:
//   {type: 'progress', stage}                                  stage: 'pyodide' | 'micropip' | 'wheel'
//   {type: 'ready', version, timings}                          timings: ms from worker start, per stage
//   {type: 'boot-error', stage, message}
//   {type: 'result', id, response}                             response: the JSON string jsonapi returned
//   {type: 'crash', id, message}                               a Python exception: an engine bug
//
// Only strings cross into Python (no PyProxy lifetimes to manage, no dict -> Map surprises).

const t0 = performance.now();
const timings = {};
const mark = (name) => { timings[name] = Math.round(performance.now() - t0); };

let booted = null;     // Promise, settled when the engine is importable (or failed to load)
let dispatch = null;   // PyProxy of giretra_core.jsonapi.call, kept for the worker's lifetime

self.onmessage = (event) => {
  const msg = event.data;
  if (msg.type === 'boot') {
    booted = boot(msg).catch((err) => {
      post({ type: 'boot-error', stage: err.stage || 'pyodide', message: String(err.message || err) });
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
  // Start everything that does not need Python at once: the manifest (and through it the wheel, so micropip
  // later finds it in the HTTP cache) while the interpreter downloads and compiles.
  // micropip's wheel too, named in the lock file Pyodide is about to read (the request is shared via the cache).
  fetch(pyodideBase + 'pyodide-lock.json').then((res) => res.json())
    .then((lock) => fetch(pyodideBase + lock.packages.micropip.file_name)).catch(() => {});
  const manifest = fetch(wheelManifest, { cache: 'no-cache' }).then(async (res) => {
    if (!res.ok) throw stageError('wheel', `${wheelManifest}: HTTP ${res.status}`);
    const m = await res.json();
    const url = new URL(m.file, res.url).href;
    fetch(url).catch(() => {});   // warm-up only; micropip reports a real failure below
    return { ...m, url };
  });
  manifest.catch(() => {});   // awaited below

  post({ type: 'progress', stage: 'pyodide' });
  let loadPyodide;
  try {
    ({ loadPyodide } = await import(pyodideBase + 'pyodide.mjs'));
  } catch (err) {
    throw stageError('pyodide', `cannot load ${pyodideBase}pyodide.mjs: ${err.message}`);
  }
  let py;
  const stopWatching = watchConsoleForBootFailure();
  try {
    py = await Promise.race([
      loadPyodide({ indexURL: pyodideBase, stdout: () => {}, stderr: (line) => console.warn(line) }),
      stopWatching.failed,
    ]);
  } catch (err) {
    throw stageError('pyodide', `Pyodide did not start: ${err.message}`);
  } finally {
    stopWatching();
  }
  mark('pyodide');

  // loadPackage reports a failed download through errorCallback and resolves anyway: check the result.
  post({ type: 'progress', stage: 'micropip' });
  const loadErrors = [];
  await py.loadPackage('micropip', { messageCallback: () => {}, errorCallback: (m) => loadErrors.push(m) });
  if (!('micropip' in py.loadedPackages)) {
    throw stageError('micropip', `micropip did not load: ${loadErrors.join('; ') || 'unknown error'}`);
  }
  mark('micropip');

  post({ type: 'progress', stage: 'wheel' });
  const wheel = await manifest;
  const micropip = py.pyimport('micropip');
  try {
    await micropip.install(wheel.url);
  } catch (err) {
    throw stageError('wheel', `cannot install ${wheel.file}: ${lastLine(err.message)}`);
  } finally {
    micropip.destroy();
  }
  // Trust nothing: the module must import and be the version the manifest announced.
  let version;
  try {
    version = py.runPython('import giretra_core\ngiretra_core.__version__');
  } catch (err) {
    throw stageError('wheel', `giretra_core does not import: ${lastLine(err.message)}`);
  }
  if (version !== wheel.version) {
    throw stageError('wheel', `giretra_core ${version} loaded, but wheel.json announces ${wheel.version}`);
  }
  let jsonapi;
  try {
    jsonapi = py.pyimport('giretra_core.jsonapi');
  } catch (err) {
    throw stageError('wheel', `giretra_core.jsonapi does not import: ${lastLine(err.message)}`);
  }
  // jsonapi.call(name, request) is the engine's single entry point (unknown names come back as ok:false).
  // (Never destroy the module proxy: attribute proxies are borrowed from it.)
  dispatch = jsonapi.call;
  if (typeof dispatch !== 'function') throw stageError('wheel', 'giretra_core.jsonapi has no call()');
  mark('wheel');
  post({ type: 'ready', version, timings });
}

async function handleCall({ id, name, request }) {
  try {
    await booted;
  } catch (err) {
    post({ type: 'crash', id, message: `engine not loaded: ${err.message}` });
    return;
  }
  try {
    const response = dispatch(name, request);
    post({ type: 'result', id, response: String(response) });
  } catch (err) {
    post({ type: 'crash', id, message: String(err.message || err) });   // PythonError: message has the traceback
  }
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
