#!/usr/bin/env python3
"""The Pyodide line (issue 31, item 4): 0.29.5 (the project's pin) against 314.x, side by side, in one run.

    .venv/bin/python tools/bench_pyodide_line.py [--runs 5] [--new 314.0.7] [--dir /tmp/giretra-pyodide-line]

Both distributions come from npm (``npm pack pyodide@<version>`` into --dir, extracted there; the project's
package.json and web/vendor/ are not touched) and are served with this wheel (web/wheel.json) from --dir by
tools/serve.py's handler on 127.0.0.1. In headless Chromium, in a module worker, as web/js/worker.js boots:

* full — loadPyodide -> the wheel unpacked into site-packages (the page no longer uses micropip) -> import
  giretra_core.jsonapi -> one new_match call; then, in the same worker, the pure-Python workload below;
* snap — loadPyodide({_loadSnapshot}) from a memory snapshot of the same engine (made once per version before the
  runs with loadPyodide({_makeSnapshot: true}) + makeMemorySnapshot(), fetched over HTTP here where the page reads
  it from Cache Storage) -> one new_match call.

Cold = a fresh browser and profile per boot; warm = one browser per version, the page reloaded (HTTP cache warm). The
versions and kinds are interleaved round by round. Times are navigation -> the engine's first answer, read inside
the page. The workload is giretra_core.bench's policy play-outs (what the expert bot's search runs) and random deals
through the checked API, timed by time.perf_counter() inside Python; CPython runs the same code in the same rounds.

Also printed: each distribution's core files and the snapshot, raw / gzip -9 / brotli (quality --brotli-quality),
and whether one version's snapshot is refused by the other.
"""

from __future__ import annotations

import argparse
import gzip
import json
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

from playwright.sync_api import Browser, Page, Playwright, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from tools.browser import CHROMIUM, FLAGS  # noqa: E402
from tools.serve import WEB_DIR, Handler, serving  # noqa: E402

OLD = "0.29.5"
NEW = "314.0.7"
# The files loadPyodide fetches to boot (0.29: pyodide.asm.js, a classic script; 314: pyodide.asm.mjs, an ES module).
CORE = ("pyodide.mjs", "pyodide.asm.js", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
        "pyodide-lock.json")
POLICY_PLAYOUTS = 400
DEALS = 400
REPS = 6   # per boot; the minimum is kept (the first ones run while V8 still tiers the wasm up)

PAGE = """<!doctype html><meta charset="utf-8"><title>pyodide line</title><link rel="icon" href="data:,">
<script type="module">
const q = new URLSearchParams(location.search);
const worker = new Worker('worker.js?' + q, { type: 'module' });
worker.onmessage = ({ data }) => {
  if (data.error) { document.body.dataset.error = data.error; return; }
  if (data.work) { document.body.dataset.work = JSON.stringify(data.work); return; }
  document.body.dataset.info = JSON.stringify(data);
  document.body.dataset.done = Math.round(performance.now());
};
</script>"""

WORKER = """const q = new URLSearchParams(location.search);
const v = q.get('v'), mode = q.get('mode'), snapOf = q.get('snap') || v;
const base = new URL('./', location.href).href;
const indexURL = base + 'pyodide/' + v + '/';
try {
  const wheel = fetch(base + 'wheel.json').then((r) => r.json());
  const { loadPyodide } = await import(indexURL + 'pyodide.mjs');
  const opts = { indexURL, stdout: () => {}, stderr: () => {} };
  const info = { v };
  let py;
  if (mode === 'snap') {
    const snap = fetch(base + 'snap/' + snapOf + '.bin').then((r) => r.arrayBuffer());
    py = await loadPyodide({ ...opts, _loadSnapshot: snap });
  } else {
    const w = await wheel;
    const bytes = fetch(base + w.file).then((r) => r.arrayBuffer());
    py = await loadPyodide({ ...opts, _makeSnapshot: mode === 'make' });
    py.unpackArchive(await bytes, 'wheel',
      { extractDir: py.runPython('import sysconfig; sysconfig.get_path("purelib")') });
    py.runPython('import giretra_core, giretra_core.jsonapi');
    if (mode === 'make') {
      const t = performance.now();
      const snapshot = py.makeMemorySnapshot();
      info.makeMs = Math.round(performance.now() - t);
      await fetch(base + 'snap/' + v + '.bin', { method: 'PUT', body: snapshot });
    }
  }
  info.python = py.runPython('import sys; sys.version.split()[0]');
  const res = py.pyimport('giretra_core.jsonapi').new_match(JSON.stringify({ seed: 1 }));
  info.ok = JSON.parse(res).ok;
  postMessage(info);
  if (mode === 'full') {   // giretra_core.bench is not in the wheel: written beside the engine, after the boot
    const dir = py.runPython('import giretra_core, os; os.path.dirname(giretra_core.__file__)');
    for (const name of ['bench.py', 'playout.py']) {
      py.FS.writeFile(dir + '/' + name, await (await fetch(base + name)).text());
    }
    postMessage({ work: JSON.parse(py.runPython(WORKLOAD)) });
  }
} catch (err) {
  postMessage({ error: String(err && err.message || err) });
}
"""

WORKLOAD = f"""
import json, time
from giretra_core import bench
def _once():
    t = time.perf_counter()
    bench.bench_policy_playouts(1, {POLICY_PLAYOUTS})()
    bench.bench_deals(1, {DEALS}, "giretra.com")()
    return (time.perf_counter() - t) * 1000
json.dumps([_once() for _ in range({REPS})])
"""


WORK_REPS: list[list[int]] = []   # every boot's repetitions, for --json


class LineHandler(Handler):
    """--dir as it is, plus PUT /snap/<version>.bin (the worker hands its snapshot over for the next boots)."""

    def do_PUT(self) -> None:
        path = self.path.split("?", 1)[0]
        if not path.startswith("/snap/") or "/" in path[6:]:
            self.send_error(403)
            return
        body = self.rfile.read(int(self.headers["Content-Length"]))
        Path(self.directory, "snap", path[6:]).write_bytes(body)
        self.send_response(204)
        self.send_header("Content-Length", "0")
        self.end_headers()


def install(version: str, dest: Path) -> Path:
    """pyodide@<version> from npm, extracted into dest/pyodide/<version> (kept for the next run)."""
    out = dest / "pyodide" / version
    if (out / "pyodide.mjs").exists():
        return out
    npm = shutil.which("npm") or sys.exit("bench: npm not found")
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run([npm, "pack", f"pyodide@{version}", "--silent", "--pack-destination", tmp],
                       check=True, cwd=tmp, stdout=subprocess.DEVNULL)
        (tgz,) = Path(tmp).glob("pyodide-*.tgz")
        staging = Path(tmp, "x")
        with tarfile.open(tgz) as tar:
            tar.extractall(staging, filter="data")
        out.parent.mkdir(parents=True, exist_ok=True)
        shutil.move(str(staging / "package"), out)
    return out


def prepare(dest: Path, versions: tuple[str, ...]) -> None:
    manifest = json.loads((WEB_DIR / "wheel.json").read_text())
    wheel = WEB_DIR / manifest["file"]
    (dest / wheel.relative_to(WEB_DIR)).parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(wheel, dest / wheel.relative_to(WEB_DIR))
    (dest / "wheel.json").write_text(json.dumps(manifest))
    (dest / "index.html").write_text(PAGE)
    (dest / "worker.js").write_text(WORKER.replace("WORKLOAD", json.dumps(WORKLOAD)))
    for name in ("bench.py", "playout.py"):   # the workload's modules, not in the wheel
        shutil.copyfile(ROOT / "giretra_core" / name, dest / name)
    (dest / "snap").mkdir(exist_ok=True)
    for version in versions:
        install(version, dest)


def boot(page: Page, url: str, timeout: float = 120_000) -> tuple[float, dict[str, object]]:
    page.goto(url)
    page.wait_for_selector("body[data-done], body[data-error]", state="attached", timeout=timeout)
    error = page.get_attribute("body", "data-error")
    if error:
        raise RuntimeError(error)
    info = json.loads(page.get_attribute("body", "data-info") or "{}")
    return float(page.get_attribute("body", "data-done") or "nan"), info


def launch(pw: Playwright) -> Browser:
    return pw.chromium.launch(executable_path=CHROMIUM, args=FLAGS)


def cold(pw: Playwright, url: str, work: list[float] | None = None) -> tuple[float, dict[str, object]]:
    browser = launch(pw)
    try:
        page = browser.new_page()
        result = boot(page, url)
        if work is not None:
            page.wait_for_selector("body[data-work], body[data-error]", state="attached", timeout=300_000)
            if page.get_attribute("body", "data-error"):
                raise RuntimeError(page.get_attribute("body", "data-error"))
            reps = json.loads(page.get_attribute("body", "data-work") or "[]")
            work.append(min(reps))
            WORK_REPS.append([round(x) for x in reps])
        return result
    finally:
        browser.close()


def cpython_work(python: str) -> float | None:
    """The same workload in CPython *python* (the minimum, ms); None when that interpreter is missing."""
    if not Path(python).exists():
        return None
    code = WORKLOAD.strip().rsplit("\n", 1)
    code_text = code[0] + "\nprint(" + code[1] + ")"
    out = subprocess.run([python, "-c", code_text], cwd=ROOT, check=True, capture_output=True, text=True).stdout
    return float(min(json.loads(out)))


def sizes(path: Path, quality: int, cache: dict[str, list[int]]) -> tuple[int, int, int]:
    key = f"{path}:{path.stat().st_size}:{path.stat().st_mtime_ns}:{quality}"
    if key not in cache:
        import brotli  # type: ignore[import-not-found,import-untyped,unused-ignore]  # a dev dependency (build_site.py)

        data = path.read_bytes()
        cache[key] = [len(data), len(gzip.compress(data, 9)), len(brotli.compress(data, quality=quality))]
    raw, gz, br = cache[key]
    return raw, gz, br


def mb(n: float) -> str:
    return f"{n / 1e6:6.2f} MB"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--new", default=NEW, help=f"the other version (default {NEW})")
    parser.add_argument("--dir", type=Path, default=Path(tempfile.gettempdir()) / "giretra-pyodide-line")
    parser.add_argument("--brotli-quality", type=int, default=9, help="11 is the build's, and slow (default 9)")
    parser.add_argument("--no-warm", action="store_true", help="cold boots only")
    parser.add_argument("--json", action="store_true", help="print the raw figures as JSON too")
    args = parser.parse_args(argv)
    if not (WEB_DIR / "wheel.json").exists():
        sys.exit("bench: web/wheel.json missing; run python3 tools/dev.py build (or setup_web.py + build_wheel.py)")
    versions = (OLD, args.new)
    args.dir.mkdir(parents=True, exist_ok=True)
    prepare(args.dir, versions)
    pythons = {"CPython " + sys.version.split()[0]: sys.executable}
    for found in sorted(Path.home().glob(".pyenv/versions/3.1[3-9]*/bin/python3")):
        pythons["CPython " + found.parent.parent.name] = str(found)

    res: dict[str, list[float]] = {}
    info: dict[str, dict[str, object]] = {}
    with serving(args.dir, quiet=True, handler=LineHandler) as base, sync_playwright() as pw:
        def url(v: str, mode: str, snap: str = "") -> str:
            return f"{base}index.html?v={v}&mode={mode}" + (f"&snap={snap}" if snap else "")

        for v in versions:   # each version's snapshot, made once in a fresh browser
            _, info[f"make {v}"] = cold(pw, url(v, "make"))
        for v, other in (versions, versions[::-1]):
            try:
                browser = launch(pw)
                try:
                    boot_ms, _ = boot(browser.new_page(), url(v, "snap", other), timeout=30_000)
                finally:
                    browser.close()
                info[f"cross {v}<-{other}"] = {"refused": False, "ms": boot_ms}
            except Exception as err:  # noqa: BLE001  (refused, or hung: either way not usable)
                info[f"cross {v}<-{other}"] = {"refused": True, "error": str(err).splitlines()[0][:160]}

        warm_pages: dict[str, tuple[Browser, Page]] = {}
        if not args.no_warm:
            for v in versions:
                for mode in ("full", "snap"):
                    browser = launch(pw)
                    page = browser.new_page()
                    boot(page, url(v, mode))   # fills the HTTP and code caches
                    warm_pages[f"{mode} warm {v}"] = (browser, page)
        try:
            for r in range(args.runs):
                order = versions if r % 2 == 0 else versions[::-1]
                for v in order:
                    work = res.setdefault(f"work {v}", [])
                    res.setdefault(f"full cold {v}", []).append(cold(pw, url(v, "full"), work)[0])
                    res.setdefault(f"snap cold {v}", []).append(cold(pw, url(v, "snap"))[0])
                    for mode in ("full", "snap") if warm_pages else ():
                        browser, page = warm_pages[f"{mode} warm {v}"]
                        page.goto("about:blank")
                        res.setdefault(f"{mode} warm {v}", []).append(boot(page, url(v, mode))[0])
                for name, python in pythons.items():
                    ms = cpython_work(python)
                    if ms is not None:
                        res.setdefault(f"work {name}", []).append(ms)
        finally:
            for browser, _ in warm_pages.values():
                browser.close()

    med = {name: statistics.median(xs) for name, xs in res.items()}
    print(f"Pyodide {OLD} against {args.new}, median of {args.runs} interleaved runs, Chromium {CHROMIUM}:")
    for v in versions:
        made = info[f"make {v}"]
        print(f"  {v}: Python {made.get('python')}, makeMemorySnapshot {made.get('makeMs')} ms")
    print("  navigation -> first engine answer (ms)       " + "".join(f"{v:>12}" for v in versions) + "   new/old")
    kinds = ["full cold", "snap cold"] + ([] if args.no_warm else ["full warm", "snap warm"])
    for kind in kinds:
        a, b = med[f"{kind} {OLD}"], med[f"{kind} {args.new}"]
        print(f"    {kind:42}{a:12.0f}{b:12.0f}   {b / a:6.3f}")
    print(f"  workload ({POLICY_PLAYOUTS} policy play-outs + {DEALS} random deals, min of {REPS} per boot, ms):")
    cpy = [name for name in med if name.startswith("work CPython")]
    for name in [f"work {v}" for v in versions] + cpy:
        vs = "".join(f"  {med[name] / med[c]:.2f}x {c[5:]}" for c in cpy) if name not in cpy else ""
        print(f"    {name[5:]:24}{med[name]:8.0f}{vs}")
    print(f"    {args.new}/{OLD}: {med[f'work {args.new}'] / med[f'work {OLD}']:.3f}")
    cache_file = args.dir / "sizes.json"
    cache: dict[str, list[int]] = json.loads(cache_file.read_text()) if cache_file.exists() else {}
    print(f"  bytes: raw / gzip -9 / brotli q{args.brotli_quality}")
    totals: dict[str, tuple[int, int, int]] = {}
    for v in versions:
        total = [0, 0, 0]
        for name in CORE:
            path = args.dir / "pyodide" / v / name
            if path.exists():
                s = sizes(path, args.brotli_quality, cache)
                total = [t + x for t, x in zip(total, s, strict=True)]
                print(f"    {v:9} {name:20} {mb(s[0])} {mb(s[1])} {mb(s[2])}")
        totals[v] = (total[0], total[1], total[2])
        print(f"    {v:9} {'core files, total':20} {mb(total[0])} {mb(total[1])} {mb(total[2])}")
        snap = sizes(args.dir / "snap" / f"{v}.bin", args.brotli_quality, cache)
        print(f"    {v:9} {'engine snapshot':20} {mb(snap[0])} {mb(snap[1])} {mb(snap[2])}")
    cache_file.write_text(json.dumps(cache))
    print(f"    core files brotli {args.new}/{OLD}: {totals[args.new][2] / totals[OLD][2]:.3f}")
    for name, value in info.items():
        if name.startswith("cross"):
            print(f"  snapshot {name[6:]}: {json.dumps(value)}")
    if args.json:
        print(json.dumps({"times": res, "info": info, "workload_reps": WORK_REPS}))


if __name__ == "__main__":
    main()
