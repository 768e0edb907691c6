#!/usr/bin/env python3
"""The bots' decision time inside the page's engine: Pyodide in a Web Worker, headless Chromium.

    .venv/bin/python tools/bench_bots_browser.py [--level expert] [--against LEVEL] [--deals 4] [--seed 1]
        [--budget 250] [--json]

Serves web/ (tools/serve.py's handler, a free 127.0.0.1 port), opens a blank page of the site, creates the
engine exactly as the page does (js/engine.js -> js/worker.js -> Pyodide + micropip + the wheel), then plays
seeded deals with every seat at --level (with --against, Left and Right at that level instead, and only the
--level seats timed: the expert reads advanced bots' cards, docs/bots.md) through the seam: bot_action (timed
around the worker round trip, as the page waits for it) then apply. Prints p50 / p95 / max per phase and
overall, and the same run's CPython figures for the ratio. The issue's budget: expert p95 about 250 ms in
Pyodide (150 ms in CPython).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from giretra_core import jsonapi  # noqa: E402
from tools.browser import CHROMIUM, FLAGS  # noqa: E402
from tools.serve import WEB_DIR, serving  # noqa: E402

# Runs in the page: the same calls as the game's bot loop (web/js/game/controller.js), timed with performance.now().
PLAY_JS = """async ({ seed, level, against, deals, budget }) => {
  const { createEngine } = await import('./js/engine.js');
  const engine = createEngine();
  await engine.ready;
  const players = { Bottom: level, Left: against, Top: level, Right: against };
  let { state } = await engine.call('new_match', { seed, players });
  const times = [];
  for (;;) {
    const view = await engine.call('view', { state, seat: 'Bottom' });
    if (view.phase === 'match_over' || view.dealNumber > deals) break;
    const seat = view.toAct;
    const t0 = performance.now();
    const d = await engine.call('bot_action', { state, seat, seed: 0, budgetMs: budget });
    if (players[seat] === level) times.push({ phase: view.phase, ms: performance.now() - t0 });
    state = (await engine.call('apply', { state, seat, action: d.action })).state;
  }
  engine.destroy();
  return times;
}"""


def cpython_times(seed: int, level: str, against: str, deals: int, budget: float) -> list[dict[str, Any]]:
    def ask(name: str, **args: Any) -> Any:
        return json.loads(getattr(jsonapi, name)(json.dumps(args)))["value"]

    players = {"Bottom": level, "Left": against, "Top": level, "Right": against}
    state = ask("new_match", seed=seed, players=players)["state"]
    times: list[dict[str, Any]] = []
    while True:
        view = ask("view", state=state, seat="Bottom")
        if view["phase"] == "match_over" or view["dealNumber"] > deals:
            return times
        seat = view["toAct"]
        t0 = time.perf_counter()
        d = ask("bot_action", state=state, seat=seat, seed=0, budgetMs=budget)
        if players[seat] == level:
            times.append({"phase": view["phase"], "ms": (time.perf_counter() - t0) * 1000})
        state = ask("apply", state=state, seat=seat, action=d["action"])["state"]


def summary(times: list[dict[str, Any]]) -> dict[str, dict[str, float]]:
    out = {}
    for phase in ("cut", "negotiation", "play", "all"):
        ms = sorted(t["ms"] for t in times if phase in ("all", t["phase"]))
        if ms:
            out[phase] = {"n": len(ms), "p50": statistics.median(ms), "p95": ms[min(len(ms) - 1, int(len(ms) * 0.95))],
                          "max": ms[-1]}
    return out


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--level", default="expert")
    parser.add_argument("--against", default="", help="the level of Left and Right (default: --level)")
    parser.add_argument("--deals", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--budget", type=float, default=250.0)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    against = args.against or args.level
    with serving(WEB_DIR, quiet=True) as url, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        page = browser.new_page()
        page.goto(f"{url}/embed.html")   # any page of the site: the engine is created by the script below
        browser_times = page.evaluate(PLAY_JS, {"seed": args.seed, "level": args.level, "against": against,
                                                "deals": args.deals, "budget": args.budget})
        browser.close()
    native = cpython_times(args.seed, args.level, against, args.deals, args.budget)
    result = {"level": args.level, "against": against, "seed": args.seed, "deals": args.deals, "budgetMs": args.budget,
              "pyodide": summary(browser_times), "cpython": summary(native)}
    if args.json:
        print(json.dumps(result, indent=2))
        return
    print(f"{args.level} bots (against {against}), seed {args.seed}, {args.deals} deals, budget {args.budget:g} ms "
          f"(decision time incl. the worker round trip)")
    for phase, p in result["pyodide"].items():
        c = result["cpython"].get(phase)
        ratio = f"  p50 ratio {p['p50'] / c['p50']:.2f}" if c and c["p50"] else ""
        print(f"  {phase:12} Pyodide n={p['n']:4} p50 {p['p50']:6.1f}  p95 {p['p95']:6.1f}  max {p['max']:6.1f} ms"
              + (f" | CPython p50 {c['p50']:6.1f}  p95 {c['p95']:6.1f}  max {c['max']:6.1f} ms{ratio}" if c else ""))


if __name__ == "__main__":
    main()
