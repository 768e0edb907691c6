#!/usr/bin/env python3
"""The exact solver against an earlier version of itself: the same values, and how much faster, in one run.

    .venv/bin/python tools/solver_compare.py [--base main] [--deals 50] [--seed 1] [--json]

The earlier solver is read from git (``giretra_core/bots/solver.py`` at *--base*) and loaded beside this tree's. Each
seeded whole deal (``python -m giretra_core.bench``'s deals: deal i of the seed, mode i % 6, sweep bonus on) is solved
from its first card by both, alternated deal by deal (which one goes first alternates too), each with a fresh table,
at a call depth of its own, timed in CPU time (``time.process_time``: the machine is shared). Any value that
differs is printed and the exit code is 1. Prints the median CPU time and node count of each, the ratio of the
medians and of the totals.

With ``--analysis 1 2 3`` it compares a deal's analysis instead (``python -m giretra_core.bench``'s: the first deal
of each seed's sample match, every card choice of the four seats, a fresh solver; the page's ``analyse_deal``): the
values of every card, the CPU time and the nodes of each solver.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from giretra_core import analysis  # noqa: E402
from giretra_core.bench import _sample_match  # noqa: E402
from giretra_core.bots import solver as new_solver  # noqa: E402
from giretra_core.deal import Cut, Deal, shuffled_deck  # noqa: E402
from giretra_core.seats import Seat  # noqa: E402


def old_solver(base: str) -> ModuleType:
    """giretra_core/bots/solver.py at *base*, loaded as a module of the package (its relative imports work)."""
    source = subprocess.run(["git", "show", f"{base}:giretra_core/bots/solver.py"], cwd=ROOT, check=True,
                            capture_output=True, text=True).stdout
    spec = importlib.util.spec_from_loader("giretra_core.bots._solver_base", loader=None)
    assert spec is not None
    module = importlib.util.module_from_spec(spec)
    module.__package__ = "giretra_core.bots"
    sys.modules[spec.name] = module
    exec(compile(source, f"{base}:solver.py", "exec"), module.__dict__)
    return module


def bench_deal(seed: int, i: int) -> tuple[list[int], int]:
    deal = Deal.new(shuffled_deck(seed, i), Seat(i % 4)).apply(Seat((i + 1) % 4), Cut(6 + i % 21))
    return list(deal.initial_hands()), (i + 1) % 4


def solve(module: ModuleType, mode: int, hands: list[int], leader: int, depth: int = 0) -> tuple[int, float, int]:
    """The value, CPU time (ms) and nodes of a solve started *depth* calls deeper than here."""
    if depth:
        return solve(module, mode, hands, leader, depth - 1)
    solver = module.Solver(mode, False, analysis.SWEEP)
    start = time.process_time()
    value = solver.solve(hands, leader, [], (False, False))
    return value, (time.process_time() - start) * 1e3, solver.nodes


def analyse(module: ModuleType, seed: int, depth: int) -> tuple[list[list[tuple[int, int, int]]], float, int]:
    """Every card choice of the four seats in *seed*'s sample deal valued with *module*'s solver, *depth* calls
    deeper than here: the values, the CPU time (ms), the nodes."""
    if depth:
        return analyse(module, seed, depth - 1)
    match = _sample_match(seed)
    module.forget_solvers()
    # The one name analysis.py takes its solvers from.
    analysis.solver_for = module.solver_for  # type: ignore[attr-defined]
    start = time.process_time()
    values = [[(v.card, v.card_points, v.match_points) for v in analysis.analyse_position(m, seat, card).values]
              for seat in Seat for m, card in analysis.choices(match, seat, 1)]
    ms = (time.process_time() - start) * 1e3
    nodes = sum(solver.nodes for solver in module._SOLVERS.values())
    analysis.solver_for = new_solver.solver_for  # type: ignore[attr-defined]
    return values, ms, nodes


def compare_analysis(old: ModuleType, seeds: list[int]) -> int:
    differ = 0
    for k, seed in enumerate(seeds):
        pair = [(old, "old"), (new_solver, "new")]
        if k % 2:
            pair.reverse()
        got = {name: analyse(module, seed, seed * 37 % 128) for module, name in pair}
        if got["old"][0] != got["new"][0]:
            differ += 1
        print(json.dumps({"seed": seed, "values_differ": got["old"][0] != got["new"][0], "positions":
                          len(got["new"][0]), "old_ms": round(got["old"][1]), "new_ms": round(got["new"][1]),
                          "old_nodes": got["old"][2], "new_nodes": got["new"][2]}), flush=True)
    return 1 if differ else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--base", default="main", help="the git revision of the earlier solver (default: main)")
    parser.add_argument("--deals", type=int, default=50)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--analysis", type=int, nargs="+", metavar="SEED", help="compare a deal's analysis instead")
    args = parser.parse_args(argv)
    old = old_solver(args.base)
    if args.analysis:
        return compare_analysis(old, args.analysis)
    rows = []
    differ = 0
    for i in range(args.deals):
        hands, leader = bench_deal(args.seed, i)
        pair = [(old, "old"), (new_solver, "new")]
        if i % 2:
            pair.reverse()
        # CPython keeps its frames in chunks of 16 KB: a search whose depth goes to and fro across a chunk's end
        # allocates and frees one at every call, which can slow it 1.5x. Where the ends fall depends on the
        # caller's depth, so each deal is solved at a depth of its own (the same for both).
        depth = i * 37 % 128
        got = {name: solve(module, i % 6, hands, leader, depth) for module, name in pair}
        if got["old"][0] != got["new"][0]:
            differ += 1
            print(f"deal {i}: old {got['old'][0]} new {got['new'][0]}", file=sys.stderr)
        rows.append((got["old"], got["new"]))
        if not args.json:
            print(f"deal {i:3d} mode {i % 6}: value {got['new'][0]:5d}  old {got['old'][1]:8.0f} ms {got['old'][2]:8d}"
                  f" nodes  new {got['new'][1]:8.0f} ms {got['new'][2]:8d} nodes", flush=True)
    old_ms = [o[1] for o, _ in rows]
    new_ms = [n[1] for _, n in rows]
    result = {
        "base": args.base, "deals": args.deals, "seed": args.seed, "values_differ": differ,
        "old_median_ms": round(statistics.median(old_ms)), "new_median_ms": round(statistics.median(new_ms)),
        "old_median_nodes": int(statistics.median(o[2] for o, _ in rows)),
        "new_median_nodes": int(statistics.median(n[2] for _, n in rows)),
        "median_ratio": round(statistics.median(old_ms) / statistics.median(new_ms), 2),
        "total_ratio": round(sum(old_ms) / sum(new_ms), 2),
    }
    print(json.dumps(result, indent=2 if not args.json else None))
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
