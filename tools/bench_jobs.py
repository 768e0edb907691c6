"""The arena's ``--jobs 2`` against ``--jobs 1`` (issue 37's target: at least 1.7x on a 2-core machine), measured as a
user runs it: whole ``python -m giretra_core.arena`` processes, the two alternated run by run, each one's wall time
and CPU (its processes' user + system), the medians and their ratio. It also checks that both give the same figures
(the report but its times), and exits 1 if they do not.

    python3 tools/bench_jobs.py                      # advanced basic --matches 40 --seed 1, 3 runs each
    python3 tools/bench_jobs.py --matches 200 --runs 5 --jobs 2

Only meaningful on a quiet machine: another process's work shows as this one's wall time (look at the load figures
it prints before and after).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TIMES = ("seconds", "decision_time", "over_budget")   # the keys that depend on the machine, left out of the check


def _figures(report: object) -> object:
    """The report without what depends on the machine's speed."""
    if isinstance(report, dict):
        return {k: _figures(v) for k, v in report.items() if not any(word in k for word in TIMES)}
    if isinstance(report, list):
        return [_figures(v) for v in report]
    return report


def _run(args: list[str], jobs: int) -> tuple[float, float, object]:
    """One whole arena process: (wall seconds, CPU seconds of it and its workers, its figures)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "giretra_core.arena", *args, "--jobs", str(jobs), "--quiet",
                           "--json"], cwd=ROOT, capture_output=True, text=True, check=True)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, _figures(json.loads(done.stdout))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--levels", nargs=2, default=["advanced", "basic"])
    parser.add_argument("--matches", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--jobs", type=int, default=2, help="the jobs compared with --jobs 1")
    args = parser.parse_args(argv)
    # Without the clock guard the searching levels stop on their work limits only: the same figures under any load.
    arena_args = [*args.levels, "--matches", str(args.matches), "--seed", str(args.seed), "--no-time-guard"]
    print(f"load before: {os.getloadavg()[0]:.2f}")
    walls: dict[int, list[float]] = {1: [], args.jobs: []}
    figures: dict[int, object] = {}
    for run in range(1, args.runs + 1):
        for jobs in (1, args.jobs):   # alternated, so that a change of the machine's load falls on both
            wall, cpu, figures[jobs] = _run(arena_args, jobs)
            walls[jobs].append(wall)
            print(f"run {run}  --jobs {jobs}  {wall:6.2f} s wall  {cpu:6.2f} s CPU")
    one, many = statistics.median(walls[1]), statistics.median(walls[args.jobs])
    print(f"load after: {os.getloadavg()[0]:.2f}")
    print(f"median wall: --jobs 1 {one:.2f} s, --jobs {args.jobs} {many:.2f} s: {one / many:.2f}x")
    if figures[1] != figures[args.jobs]:
        print("the figures differ between --jobs 1 and --jobs", args.jobs)
        return 1
    print("the same figures both ways")
    return 0


if __name__ == "__main__":
    sys.exit(main())
