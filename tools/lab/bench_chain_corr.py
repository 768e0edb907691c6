"""How alike are the successive deals of the expert's chain?  ``python tools/lab/bench_chain_corr.py --deals 6``

Plays seeded deals with four advanced bots (so recorded: the expert reads their cards). At every card decision with
five cards or more in hand and a choice, it runs the expert's search twice to its budget (no early stop), once with
the sampler alone and once with the chain (``ExpertSettings.read_play``). It then takes the differences, deal by
deal, between the two cards the search rates best, and their lag-1 correlation r. The expert widens its paired
error by sqrt((1 + r) / (1 - r)) for a chain's deals (``expert._paired``). Prints the median, p75 and p90 of r for
each sampler.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))   # the repository: giretra_core and tools.lab

from giretra_core import bots  # noqa: E402
from giretra_core.arena import _cut_for  # noqa: E402  (the arena's seeded cuts)
from giretra_core.bots import expert  # noqa: E402
from giretra_core.bots.expert import ExpertSettings  # noqa: E402
from giretra_core.bots.knowledge import play_knowledge  # noqa: E402
from giretra_core.match import Match  # noqa: E402
from giretra_core.views import seat_view  # noqa: E402


def lag1(d: list[float]) -> float:
    """The lag-1 correlation of *d* (0 if it never varies)."""
    mean = statistics.fmean(d)
    var = sum((x - mean) ** 2 for x in d)
    return 0.0 if var == 0 else sum((d[i] - mean) * (d[i + 1] - mean) for i in range(len(d) - 1)) / var


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=6)
    parser.add_argument("--seed", type=int, default=700)
    parser.add_argument("--budget", type=float, default=250.0)
    args = parser.parse_args()
    found: dict[str, list[float]] = {"the sampler": [], "the chain": []}
    for seed in range(args.seed, args.seed + args.deals):
        m = Match.new(seed=seed, players=("advanced",) * 4)
        m = m.apply(m.deal.cutter, _cut_for(seed, 0))
        rng = random.Random(seed)
        while not m.history:
            who = m.turn
            assert who is not None
            view = seat_view(m, who)
            if view.phase == "play" and view.hand.bit_count() > 4:
                know = play_knowledge(view, inference=True)
                moves = expert.root_moves(know)
                if len(moves) > 1:
                    for name, read in (("the sampler", 0.0), ("the chain", 1.0)):
                        values, _, _, history, _ = expert.search(view, know, moves, random.Random(1), args.budget,
                                                                 False, early_stop=False,
                                                                 settings=ExpertSettings(read_play=read))
                        first, second = sorted(range(len(moves)), key=lambda i: -values[i])[:2]
                        d = [x - y for x, y in zip(history[first], history[second], strict=True)]
                        if len(d) > 3:
                            found[name].append(lag1(d))
            m = m.apply(who, bots.choose("advanced", view, rng).action)
    for name, rs in found.items():
        rs.sort()
        print(f"{name}: {len(rs)} positions, lag-1 correlation median {statistics.median(rs):.3f}, "
              f"p75 {rs[3 * len(rs) // 4]:.3f}, p90 {rs[9 * len(rs) // 10]:.3f}")


if __name__ == "__main__":
    main()
