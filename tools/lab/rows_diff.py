"""Two bench_keep.py runs on the same seeds and base, compared pair by pair: the second's new variant minus the first's.

    python tools/lab/bench_keep.py --pairs 300 --seeds 4101 --set - play_share=0.7 --rows a.jsonl
    python tools/lab/bench_keep.py --pairs 300 --seeds 4101 --set - exact_cards=5 --rows b.jsonl
    python tools/lab/rows_diff.py a.jsonl b.jsonl

The base variant seeds its sampling from the position alone, so its rows are the same in both runs (checked); the
pairs both runs reached are compared. Prints each new variant against the base and against each other, card points
and match points a deal, with 95 % intervals.
"""

from __future__ import annotations

import json
import math
import statistics
import sys


def load(path: str) -> dict[tuple[int, int], dict[str, list[float]]]:
    with open(path, encoding="utf-8") as f:
        return {(r["seed"], r["pair"]): r for r in map(json.loads, f) if r}


def ci(values: list[float]) -> str:
    mean = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else float("nan")
    return f"{mean:+.2f} [{mean - half:+.2f}, {mean + half:+.2f}]"


def main() -> None:
    a, b = load(sys.argv[1]), load(sys.argv[2])
    keys = sorted(a.keys() & b.keys())
    differ = sum(1 for k in keys if a[k]["base"] != b[k]["base"])
    print(f"{len(keys)} pairs in both; base rows that differ: {differ}")
    for j, unit in ((0, "card points"), (1, "match points")):
        print(f"{unit} a deal: A - base {ci([a[k]['new'][j] - a[k]['base'][j] for k in keys])}; "
              f"B - base {ci([b[k]['new'][j] - b[k]['base'][j] for k in keys])}; "
              f"B - A {ci([b[k]['new'][j] - a[k]['new'][j] for k in keys])}")


if __name__ == "__main__":
    main()
