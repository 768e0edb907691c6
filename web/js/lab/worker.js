// The bot lab's worker: Pyodide with the game's wheel and the lab's modules (wheel.json's "lab" zip), apart from
// the game's engine. It runs the author's code, so the page (lab/engine.js) ends it when a decision outlasts its
// limit: a Python loop that does not end cannot be stopped from inside. It has no access to the page (a worker).
//
// page -> worker: {type: 'boot', pyodideBase, wheelManifest}, then {type: 'call', id, name, request}
// worker -> page: {type: 'ready'} | {type: 'boot-error', message}
//                 {type: 'decide'} / {type: 'decided'}         around each of the bot's decisions
//                 {type: 'pairs', done, total}                  arena progress
//                 {type: 'result', id, response} | {type: 'crash', id, message}

let booted = null;
let call = null;

self.onmessage = ({ data: msg }) => {
  if (msg.type === 'boot') {
    booted = boot(msg);
    booted.then(() => self.postMessage({ type: 'ready' }),
      (err) => self.postMessage({ type: 'boot-error', message: String(err.message || err) }));
  } else if (msg.type === 'call') {
    handle(msg);
  }
};

async function fetchBytes(url) {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
  return res.arrayBuffer();
}

async function boot({ pyodideBase, wheelManifest }) {
  const res = await fetch(wheelManifest, { cache: 'no-cache' });
  if (!res.ok) throw new Error(`${wheelManifest}: HTTP ${res.status}`);
  const manifest = await res.json();
  if (!manifest.lab) throw new Error('wheel.json names no lab modules: rebuild with build_wheel.py');
  const [wheel, lab] = [fetchBytes(new URL(manifest.file, res.url)), fetchBytes(new URL(manifest.lab, res.url))];
  const { loadPyodide } = await import(pyodideBase + 'pyodide.mjs');
  const py = await loadPyodide({ indexURL: pyodideBase, stdout: () => {}, stderr: (line) => console.warn(line) });
  const site = py.runPython('import sysconfig; sysconfig.get_path("purelib")');
  py.unpackArchive(await wheel, 'wheel', { extractDir: site });
  py.unpackArchive(await lab, 'zip', { extractDir: site });
  call = py.pyimport('giretra_core.lab').call;
}

const notify = (kind, done, total) => {
  if (kind === 'pairs') self.postMessage({ type: 'pairs', done, total });
  else self.postMessage({ type: kind });
};

async function handle({ id, name, request }) {
  try {
    await booted;
    self.postMessage({ type: 'result', id, response: String(call(name, request, notify)) });
  } catch (err) {
    self.postMessage({ type: 'crash', id, message: String(err.message || err) });
  }
}
