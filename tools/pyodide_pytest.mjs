// The engine's unit tests under a Pyodide's own Python, in Node (docs/performance.md, "The Pyodide line"):
//   node tools/pyodide_pytest.mjs <pyodide dir> <site-packages with pytest> [pytest args...]
// e.g. node tools/pyodide_pytest.mjs /tmp/giretra-pyodide-line/pyodide/314.0.7 /tmp/sp -q tests --ignore=...
// <site-packages>: pure-Python copies of pytest, _pytest, pluggy, iniconfig, packaging, pygments (from .venv).
// The repository is mounted at /repo (NODEFS) and is the working directory; plugins are not autoloaded.
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const [indexDir, sitePackages, ...args] = process.argv.slice(2);
const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { loadPyodide } = await import(path.resolve(indexDir, 'pyodide.mjs'));
const py = await loadPyodide({ indexURL: path.resolve(indexDir) + '/' });
for (const [root, at] of [[repo, '/repo'], [path.resolve(sitePackages), '/sp']]) {
  py.FS.mkdirTree(at);
  py.FS.mount(py.FS.filesystems.NODEFS, { root }, at);
}
py.globals.set('ARGS', py.toPy(args));
const rc = py.runPython(`
import os, sys
os.environ["PYTEST_DISABLE_PLUGIN_AUTOLOAD"] = "1"
sys.path[:0] = ["/repo", "/sp"]
os.chdir("/repo")
print(sys.version)
import pytest
int(pytest.main(list(ARGS)))
`);
process.exit(rc);
