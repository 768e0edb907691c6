#!/usr/bin/env python3
"""Where a cold first visit's time goes: one traced cold visit each of the bare boot and the game, CPU per thread.

    .venv/bin/python tools/trace_startup.py [--runs 1] [--pages bare,resume,new] [--keep DIR]

The same pages as tools/bench_startup.py (the bare Pyodide boot, the game resumed at the human's first call, a new
match of seed 1), each in a fresh browser, traced with Chrome's tracing from navigation to its marker. Prints the
time to the marker and the CPU time (thread time of every task) of each thread until then, the biggest first: the
engine's worker, V8's background threads (the wasm compilation and tier-up), the page's main thread, the compositor
and the browser. On this 2-core machine the worker and V8's threads keep both cores busy while Pyodide boots, so any
CPU the page spends beside them (its modules, its loading screen, its first table) is taken from the boot: the
totals say more than the wall times on a shared machine. Then the main thread's tasks over 50 ms (wall, and CPU) and
the worker's tasks of the boot's last part (from the 'wheel' stage to the first hand): what the first answers waited
for. --keep DIR keeps the traces (chrome://tracing,
ui.perfetto.dev).
"""

from __future__ import annotations

import argparse
import collections
import json
import sys
import tempfile
from pathlib import Path
from typing import Any

from playwright.sync_api import Playwright, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from tools.bench_startup import BenchHandler, first_hand_state  # noqa: E402
from tools.browser import CHROMIUM, FLAGS, WELCOME_READ_JS  # noqa: E402
from tools.serve import WEB_DIR, serving  # noqa: E402

CATEGORIES = ["devtools.timeline", "v8", "v8.wasm", "toplevel", "disabled-by-default-devtools.timeline",
              "blink.user_timing", "loading"]
# A thread's tasks (the outermost of them counted: a worker's RunTask holds a ThreadControllerImpl::RunTask)
TASKS = {"ThreadControllerImpl::RunTask", "ThreadPool_RunTask", "RunTask"}


def traced_visit(pw: Playwright, url: str, marker: str, path: Path) -> float:
    browser = pw.chromium.launch(executable_path=CHROMIUM, args=FLAGS)   # a fresh profile: a first visit
    try:
        page = browser.new_page()
        page.add_init_script(WELCOME_READ_JS)
        browser.start_tracing(page=page, path=str(path), categories=CATEGORIES)
        page.goto(url)
        page.wait_for_selector(f"body[data-{marker}]", state="attached", timeout=120_000)
        at = float(page.get_attribute("body", f"data-{marker}") or "nan")
        browser.stop_tracing()
        return at
    finally:
        browser.close()


def cpu_by_thread(path: Path, until_ms: float) -> tuple[dict[str, float], list[str]]:
    """CPU ms per thread name from navigation to *until_ms*; the main thread's tasks over 50 ms and the worker's over
    10 ms after the 'wheel' mark."""
    data = json.loads(path.read_text())
    events: list[dict[str, Any]] = data["traceEvents"] if isinstance(data, dict) else data
    threads = {(e["pid"], e["tid"]): str(e["args"]["name"]).rstrip("0123456789/") for e in events
               if e.get("ph") == "M" and e.get("name") == "thread_name"}
    nav = min(e["ts"] for e in events if e.get("name") == "navigationStart")
    marks = {e["name"]: (e["ts"] - nav) / 1000 for e in events if str(e.get("name", "")).startswith("gt:")}
    cpu: collections.Counter[str] = collections.Counter()
    late = []
    ends: dict[tuple[int, int], float] = {}   # per thread, where the last task counted ends
    tasks = sorted((e for e in events if e.get("ph") == "X" and e.get("name") in TASKS), key=lambda e: e["ts"])
    for e in tasks:
        where = (e["pid"], e["tid"])
        if e["ts"] < ends.get(where, 0):
            continue   # inside a task already counted
        ends[where] = e["ts"] + e.get("dur", 0)
        start = (e["ts"] - nav) / 1000
        if not 0 <= start <= until_ms:
            continue
        name = threads.get((e["pid"], e["tid"]), str(e["tid"]))
        cpu[name] += e.get("tdur", e.get("dur", 0)) / 1000
        if name == "CrRendererMain" and e["dur"] > 50_000:   # issue 31: no main-thread task over 50 ms added
            late.append(f"main thread: a task at {start:.0f} ms, {e['dur'] / 1000:.0f} ms "
                        f"(CPU {e.get('tdur', 0) / 1000:.0f} ms)")
        if name.startswith("DedicatedWorker") and start >= marks.get("gt:wheel", until_ms) and e["dur"] >= 10_000:
            inner = sorted((k for k in events if k.get("ph") == "X" and k.get("tid") == e["tid"]
                            and k.get("pid") == e["pid"] and k.get("name") not in TASKS
                            and e["ts"] <= k["ts"] and k["ts"] + k.get("dur", 0) <= e["ts"] + e["dur"]
                            and k.get("dur", 0) >= 5_000), key=lambda k: -k["dur"])
            what = ", ".join(f"{k['name']} {k['dur'] / 1000:.0f}" for k in inner[:3])
            late.append(f"worker, after 'wheel': a task at {start:.0f} ms, {e['dur'] / 1000:.0f} ms: {what}")
    return dict(cpu), late


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--pages", default="bare,resume,new")
    parser.add_argument("--web", type=Path, default=WEB_DIR)
    parser.add_argument("--keep", type=Path, help="keep the traces in this folder")
    args = parser.parse_args(argv)
    folder = args.keep or Path(tempfile.mkdtemp(prefix="trace_startup-"))
    folder.mkdir(parents=True, exist_ok=True)
    with serving(args.web, quiet=True, handler=BenchHandler) as base, sync_playwright() as pw:
        pages = {
            "bare": (base + "__bench__/bare.html", "done"),
            "resume": (base + "index.html?speed=0#" + first_hand_state(1).replace(" ", "_"), "first-hand"),
            "new": (base + "index.html?speed=0#seed=1", "first-hand"),
        }
        for run in range(args.runs):
            for name in args.pages.split(","):
                url, marker = pages[name]
                path = folder / f"{name}-{run}.json"
                at = traced_visit(pw, url, marker, path)
                cpu, late = cpu_by_thread(path, at)
                print(f"{name} (run {run + 1}): {at:.0f} ms to the marker, CPU {sum(cpu.values()):.0f} ms:")
                for thread, ms in sorted(cpu.items(), key=lambda kv: -kv[1])[:8]:
                    print(f"  {ms:6.0f} ms  {thread}")
                for line in late:
                    print(f"  {line}")
    if not args.keep:
        for path in folder.iterdir():
            path.unlink()
        folder.rmdir()


if __name__ == "__main__":
    main()
