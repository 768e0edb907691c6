#!/usr/bin/env python3
"""One entry point for people and CI.

    python3 tools/dev.py run [--port 8000]    # vendor Pyodide, build the wheel, serve web/ on 127.0.0.1
    python3 tools/dev.py test [--only STEP]   # venv + lint + types + unit tests + browser tests
    python3 tools/dev.py test --busy 2 --repeat 3   # the same three times over, two CPU-bound loops beside it

``run`` needs only Python 3.11+ and npm: it uses the dev venv's Python when one exists (fast, no-isolation
wheel build) and otherwise the Python running this script (``pip wheel`` builds in isolation from PyPI; the pinned
brotli for the site's compressed copies is fetched into .build-tools).

``test`` creates or refreshes ``.venv`` (re-installing ``.[dev]`` only when pyproject.toml or the Python
version changed, so the second run starts at once), then runs, failing fast:
ruff check, mypy --strict giretra_core docs/examples tools, the page's JavaScript (``node --check`` of every
module, ESLint, ``node --test tests/js``), pytest (pyproject's testpaths), pytest e2e.
Its exit code is the first failure's; pytest's "no tests collected" (5) counts as a failure.
Browser tests use Debian's /usr/bin/chromium (or $GIRETRA_CHROMIUM), never a Playwright-downloaded browser.
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import os
import subprocess
import sys
import time
import tomllib
import venv
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VENV = ROOT / ".venv"
BUILD_TOOLS = ROOT / ".build-tools"   # run without the dev venv: the pinned brotli (ensure_brotli)
VENV_PY = VENV / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
STAMP = VENV / ".giretra-dev-stamp"
STEPS = ("lint", "types", "js", "unit", "e2e")
NODE_STAMP = ROOT / "node_modules" / ".giretra-dev-stamp"
JS_DIRS = ("web/js", "tests/js")


def say(msg: str) -> None:
    print(f"\n== {msg}", flush=True)


def call(cmd: list[str], allow_no_tests: bool = False) -> int:
    print("  $", " ".join(str(c) for c in cmd), flush=True)
    started = time.perf_counter()
    rc = subprocess.call(cmd, cwd=ROOT)
    print(f"  -> exit {rc} in {time.perf_counter() - started:.1f}s", flush=True)
    if rc == 5 and not allow_no_tests:
        print("  pytest collected no tests: counted as a failure")
    return rc


def must(cmd: list[str]) -> None:
    rc = call(cmd)
    if rc != 0:
        sys.exit(rc)


def ensure_venv() -> None:
    """Create .venv and install .[dev] into it, unless the stamp says it is current."""
    stamp = hashlib.sha256((ROOT / "pyproject.toml").read_bytes() + sys.version.encode()).hexdigest()
    if VENV_PY.exists() and STAMP.exists() and STAMP.read_text().strip() == stamp:
        print(f"dev: {VENV.name} is up to date")
        return
    say(f"creating/refreshing {VENV.name} (pip install -e '.[dev]')")
    if not VENV_PY.exists():
        venv.EnvBuilder(with_pip=True, clear=True).create(VENV)
    must([str(VENV_PY), "-m", "pip", "install", "--quiet", "--upgrade", "pip"])
    # Editable, so tests and mypy always see the working tree, never a stale installed copy; plus the
    # build-system requirements, so build_wheel.py can skip build isolation (seconds faster per build).
    requires = tomllib.loads((ROOT / "pyproject.toml").read_text())["build-system"]["requires"]
    must([str(VENV_PY), "-m", "pip", "install", "--quiet", "-e", ".[dev]", *requires])
    STAMP.write_text(stamp + "\n")


def ensure_node_modules() -> None:
    """ESLint and what it needs (package.json, pinned by package-lock.json), unless the stamp says they are current.
    Set-up only: nothing in node_modules/ is served or loaded by the page."""
    stamp = hashlib.sha256((ROOT / "package-lock.json").read_bytes()).hexdigest()
    if NODE_STAMP.exists() and NODE_STAMP.read_text().strip() == stamp:
        print("dev: node_modules is up to date")
        return
    say("installing the JavaScript tooling (npm ci)")
    must(["npm", "ci", "--ignore-scripts", "--no-audit", "--no-fund"])
    NODE_STAMP.write_text(stamp + "\n")


def js_checks() -> int:
    """Every module parsed by node (a syntax error fails here, not in a browser), ESLint, then the node unit tests."""
    files = sorted(str(p.relative_to(ROOT)) for d in JS_DIRS for p in (ROOT / d).rglob("*.js"))
    print(f"  $ node --check ({len(files)} files)", flush=True)
    for file in files:
        rc = subprocess.call(["node", "--check", file], cwd=ROOT)
        if rc != 0:
            print(f"  -> {file}: not valid JavaScript")
            return rc
    ensure_node_modules()
    eslint = str(ROOT / "node_modules" / ".bin" / "eslint")
    tests = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "tests" / "js").glob("*.test.js"))
    return call([eslint, *JS_DIRS, "eslint.config.js"]) or call(["node", "--test", *tests])


def prepare_web(python: str, for_tests: bool = False) -> None:
    """Pyodide from npm, the wheel, the site's copies. The tests' build leaves out the brotli copies of Pyodide's
    files (unless cached): the browser reads them as well through gzip, and brotli 11 of them is about 37 s of a
    fresh clone's set-up. ``run`` makes them (its first visit must be within the bytes budget)."""
    must([python, str(ROOT / "tools" / "setup_web.py")])
    must([python, str(ROOT / "build_wheel.py")])
    must([python, str(ROOT / "tools" / "build_site.py"), *(["--no-vendor-brotli"] if for_tests else [])])


def ensure_brotli(python: str) -> None:
    """The pinned brotli (pyproject's dev extras) for the site's .br copies when *python* has none: ``run`` without
    the dev venv fetches it into .build-tools (build_site.py looks there), so a fresh machine's first visit is
    served with brotli as the tests build it (gzip alone is 5.7 MB, over the 5 MB budget). Without a network, the
    site is served gzip only, and build_site says so."""
    check = f"import sys; sys.path.append({str(BUILD_TOOLS)!r}); import brotli"
    if subprocess.call([python, "-c", check], stderr=subprocess.DEVNULL) == 0:
        return
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]["dev"]
    pin = next(x.split(";")[0].strip() for x in extras if x.startswith("brotli=="))
    say(f"fetching {pin} for the site's brotli copies (.build-tools)")
    call([python, "-m", "pip", "install", "--quiet", "--target", str(BUILD_TOOLS), pin])


def cmd_run(args: argparse.Namespace) -> None:
    python = str(VENV_PY) if VENV_PY.exists() else sys.executable
    ensure_brotli(python)
    prepare_web(python)
    sys.path.insert(0, str(ROOT))
    from tools import serve

    serve.serve(port=args.port, quiet=args.quiet)


@contextlib.contextmanager
def busy_loops(count: int) -> Iterator[None]:
    """*count* processes that only burn CPU, beside the tests: a suite must stay green on a loaded machine."""
    loops = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(count)]
    if loops:
        print(f"dev: {count} CPU-bound loop(s) running beside the tests (pids {[p.pid for p in loops]})")
    try:
        yield
    finally:
        for loop in loops:
            loop.kill()
            loop.wait()


def cmd_test(args: argparse.Namespace) -> None:
    with busy_loops(args.busy):
        for run in range(1, args.repeat + 1):
            if args.repeat > 1:
                say(f"run {run} of {args.repeat}")
            run_steps(args)


def run_steps(args: argparse.Namespace) -> None:
    steps = args.only or STEPS
    ensure_venv()
    py = str(VENV_PY)
    # Paths given after -- (e2e/test_play.py, e2e/x.py::test) replace the whole browser suite.
    given_paths = any(a.startswith("e2e") for a in args.pytest_args)
    if "e2e" in steps:
        prepare_web(py, for_tests=True)
    commands = {
        "lint": [py, "-m", "ruff", "check", "."],
        "types": [py, "-m", "mypy", "--strict", "giretra_core", "docs/examples", "tools"],
        # No path: pytest collects pyproject's testpaths (tests/, and whatever doctest paths the lead adds).
        "unit": [py, "-m", "pytest", "-q", "-n", "auto"],   # every core (pytest-xdist): 2.2 min -> ~1.2 on two
        # Two browsers side by side: a browser test waits on the page about half of its time, so two share the
        # machine's cores better than one (each process keeps its own shared contexts: e2e/conftest.py).
        "e2e": [py, "-m", "pytest", "-q", *([] if given_paths else ["e2e"]), "-n", "2", "--dist", "load",
                *args.pytest_args],
    }
    for step in STEPS:
        if step in steps:
            say(step)
            rc = js_checks() if step == "js" else call(commands[step])
            if rc != 0:
                sys.exit(rc)
    say("all green")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    run = sub.add_parser("run", help="build and serve the game on http://127.0.0.1:8000/")
    run.add_argument("--port", type=int, default=int(os.environ.get("PORT", "8000")))
    run.add_argument("--quiet", action="store_true", help="do not log requests")
    run.set_defaults(func=cmd_run)
    test = sub.add_parser("test", help="run every check, failing fast")
    test.add_argument("--only", action="append", choices=STEPS, help="run only this step (repeatable)")
    test.add_argument("--busy", type=int, default=0, metavar="N", help="run N CPU-bound loops beside the tests")
    test.add_argument("--repeat", type=int, default=1, metavar="K", help="run every step K times in a row")
    test.add_argument("pytest_args", nargs="*", help="extra arguments for pytest e2e (after --)")
    test.set_defaults(func=cmd_test)
    args = parser.parse_args(argv)
    args.func(args)


if __name__ == "__main__":
    main()
