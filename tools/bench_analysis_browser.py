#!/usr/bin/env python3
"""A whole deal's analysis (``analyse_deal``) inside the page's engine: Pyodide in a Web Worker, headless Chromium.

    .venv/bin/python tools/bench_analysis_browser.py [--seeds 1 2 3] [--json]

For each seed, the first deal of a seeded match between random bots (``python -m giretra_core.bench``'s sample
match) is analysed as the page would ask it: position by position (``first``, ``count=1``), seat after seat, in
the worker, each call timed around the worker round trip; then the same calls in CPython in this process. Prints,
per deal, the whole deal's time (the four seats) and the player's seat's (Bottom), with the slowest position. The
issue's target: a whole deal's analysis within 5 s in the page. Serves web/ as tools/bench_bots_browser.py does
(build it first: ``python3 tools/dev.py test --only unit`` or ``tools/build_site.py``).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from giretra_core import jsonapi  # noqa: E402
from giretra_core.bench import _sample_match  # noqa: E402
from giretra_core.bots.solver import forget_solvers  # noqa: E402
from giretra_core.notation import format_match  # noqa: E402
from tools.browser import CHROMIUM, FLAGS  # noqa: E402
from tools.serve import WEB_DIR, serving  # noqa: E402

SEATS = ("Bottom", "Left", "Top", "Right")

# Runs in the page: the engine as the page creates it, then analyse_deal asked one position at a time.
ANALYSE_JS = """async ({ states, seats }) => {
  const { createEngine } = await import('./js/engine.js');
  const engine = createEngine();
  await engine.ready;
  const out = [];
  for (const state of states) {
    const deal = {};
    for (const seat of seats) {
      const times = [];
      let total = 1;
      for (let first = 0; first < total; first++) {
        const t0 = performance.now();
        const a = await engine.call('analyse_deal', { state, seat, deal: 1, first, count: 1 });
        times.push(performance.now() - t0);
        total = a.total;
      }
      deal[seat] = times;
    }
    out.push(deal);
  }
  engine.destroy();
  return out;
}"""


def cpython_times(states: list[str]) -> list[dict[str, list[float]]]:
    out = []
    for state in states:
        forget_solvers()   # a fresh engine, as in the page's first analysis of the deal
        deal: dict[str, list[float]] = {}
        for seat in SEATS:
            times, total, first = [], 1, 0
            while first < total:
                t0 = time.perf_counter()
                answer = json.loads(jsonapi.analyse_deal(json.dumps(
                    {"state": state, "seat": seat, "deal": 1, "first": first, "count": 1})))
                times.append((time.perf_counter() - t0) * 1000)
                total = answer["value"]["total"]
                first += 1
            deal[seat] = times
        out.append(deal)
    return out


def summary(deals: list[dict[str, list[float]]]) -> list[dict[str, Any]]:
    return [{"all_seats_ms": round(sum(sum(t) for t in d.values())), "bottom_ms": round(sum(d["Bottom"])),
             "positions": sum(len(t) for t in d.values()), "slowest_ms": round(max(max(t) for t in d.values()))}
            for d in deals]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seeds", type=int, nargs="+", default=[1, 2, 3])
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    states = [format_match(_sample_match(seed)) for seed in args.seeds]
    with serving(WEB_DIR, quiet=True) as url, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        page = browser.new_page()
        page.goto(f"{url}/embed.html")   # any page of the site: the engine is created by the script above
        browser_times = page.evaluate(ANALYSE_JS, {"states": states, "seats": list(SEATS)})
        browser.close()
    native = cpython_times(states)
    result = {"seeds": args.seeds, "pyodide": summary(browser_times), "cpython": summary(native)}
    if args.json:
        print(json.dumps(result, indent=2))
        return
    print("analyse_deal of deal 1, position by position (times incl. the worker round trip in Pyodide)")
    for seed, p, c in zip(args.seeds, result["pyodide"], result["cpython"], strict=True):
        print(f"  seed {seed}: {p['positions']:2} positions | Pyodide all seats {p['all_seats_ms']:6} ms, Bottom "
              f"{p['bottom_ms']:6} ms, slowest {p['slowest_ms']:6} ms | CPython all seats {c['all_seats_ms']:6} ms, "
              f"Bottom {c['bottom_ms']:6} ms, slowest {c['slowest_ms']:6} ms")


if __name__ == "__main__":
    main()
