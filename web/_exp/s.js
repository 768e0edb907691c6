const t0 = performance.now(); const T = {}; const m = (k) => T[k] = Math.round(performance.now() - t0);
self.onmessage = async ({data}) => { try { await run(data); } catch (e) { self.postMessage({err: String(e.stack || e)}); } };
async function run(data) {
  const base = '/vendor/pyodide/0.29.5/';
  const { loadPyodide } = await import(base + 'pyodide.mjs'); m('import');
  const wm = await (await fetch('/wheel.json', {cache: 'no-cache'})).json();
  let py;
  if (data.mode === 'make') {
    py = await loadPyodide({ indexURL: base, _makeSnapshot: true }); m('pyodide');
    await py.loadPackage('micropip', {messageCallback: () => {}}); m('micropip');
    const mp = py.pyimport('micropip'); await mp.install(new URL(wm.file, location.origin + '/').href); mp.destroy(); m('install');
    py.runPython('import giretra_core.jsonapi'); m('import_engine');
    const snap = py.makeMemorySnapshot(); m('snap');
    const cache = await caches.open('exp'); await cache.put('/snap', new Response(snap)); m('stored');
    T.size = snap.byteLength;
  } else {
    const cache = await caches.open('exp'); const r = await cache.match('/snap');
    const snap = await r.arrayBuffer(); m('read');
    py = await loadPyodide({ indexURL: base, _loadSnapshot: snap }); m('pyodide');
  }
  const out = py.runPython('import giretra_core.jsonapi as j; j.call("new_match", \'{"seed": 1}\')'); m('first_call');
  T.ok = out.slice(0, 40);
  self.postMessage(T);
}
