"""The arena's card-play duplicate (``--deals N --bidder advanced``) with a 95 % interval per mode: the arena prints
each mode's mean only (docs/bots.md, "AllTrumps and Eva")::

    python -m tools.lab.by_mode tools.lab.eva_split:eva_leads advanced --deals 1500 --seed 3701

Both legs of a pair play the same contract, so a pair's card-point difference belongs to one mode; the overall mean
and each mode's mean are the arena's for the same command.
"""

from __future__ import annotations

import argparse
import math
import statistics

from giretra_core import arena
from giretra_core.modes import Mode

from . import levels


def by_mode(level_a: str, level_b: str, seed: int, deals: int) -> dict[str, tuple[int, float, float, float]]:
    """Per mode (and "all"): pairs, the mean card points a deal A - B, and the 95 % interval's ends."""
    sides = {"A": arena.Side(level_a), "B": arena.Side(level_b)}
    diffs: dict[str, list[float]] = {"all": []}
    for i in range(deals):
        pair = arena.deal_pair_seed(seed, i)
        legs = [arena.play_leg(pair, (level_a, level_b), team, "giretra.com", 250.0, sides, 1, "advanced", False)
                for team in (0, 1)]
        diff = sum(leg.cp_a - leg.cp_b for leg in legs) / 2
        diffs["all"].append(diff)
        diffs.setdefault(Mode(legs[0].by_mode[0][0]).api_name, []).append(diff)
    out = {}
    for name, values in diffs.items():
        mean = statistics.fmean(values)
        half = 1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0
        out[name] = (len(values), mean, mean - half, mean + half)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m tools.lab.by_mode")
    parser.add_argument("a")
    parser.add_argument("b")
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    levels.register()
    for name, (n, mean, low, high) in by_mode(args.a, args.b, args.seed, args.deals).items():
        print(f"{name:15} {n:5} pairs  card points a deal A-B {mean:+.2f} [{low:+.2f}, {high:+.2f}]")


if __name__ == "__main__":
    main()
