const t0 = performance.now(); const T = {}; const m = (k) => T[k] = Math.round(performance.now() - t0);
self.onmessage = async ({data}) => {
  const base = '/vendor/pyodide/0.29.5/';
  const { loadPyodide } = await import(base + 'pyodide.mjs'); m('import');
  const wm = await (await fetch('/wheel.json', {cache: 'no-cache'})).json();
  const py = await loadPyodide({ indexURL: base }); m('pyodide');
  if (data.mode === 'micropip') {
    await py.loadPackage('micropip', {messageCallback: () => {}}); m('micropip');
    const mp = py.pyimport('micropip'); await mp.install(new URL(wm.file, location.origin + '/').href); m('install');
  } else {
    const buf = await (await fetch(new URL(wm.file, location.origin + '/').href)).arrayBuffer();
    py.unpackArchive(buf, 'wheel', { extractDir: '/lib/python3.13/site-packages' }); m('unpack');
  }
  py.runPython('import giretra_core.jsonapi'); m('import_engine');
  const r = py.pyimport('giretra_core.jsonapi').call('new_match', '{"seed": 1}'); m('first_call');
  self.postMessage(T);
};
