"""What exact solving costs the expert, by the cards in hand: from which trick on do N sampled deals, each solved
exactly, fit in a card's share of the budget?

    python tools/lab/bench_exact.py --positions 24 --worlds 8 --seed 1

Positions come from seeded matches of four advanced bots (the advanced level bidding), every card decision with two
moves or more; at each, the expert's own search (``expert.search``, exact from every hand size, no early stop, no
work limit) solves *worlds* sampled deals. Prints per cards in hand the CPU time of one sampled deal solved for every
root move (median, 90th percentile), the solver's nodes and microseconds a node, and how many deals fit in the play
share of the budget (``PLAY_SHARE`` x 250 ms) in CPython and in Pyodide (``--pyodide`` times slower), and the
work units the search counts a millisecond, for the exact solves and for the policy play-outs at the same positions
(one unit is meant to be ``UNIT_US`` microseconds: 1000 / UNIT_US units a millisecond).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))   # the repository: giretra_core and tools.lab

from giretra_core import bots  # noqa: E402
from giretra_core.bots import expert  # noqa: E402
from giretra_core.bots.expert import ExpertSettings  # noqa: E402
from giretra_core.bots.knowledge import play_knowledge  # noqa: E402
from giretra_core.bots.solver import Solver  # noqa: E402
from giretra_core.match import Match  # noqa: E402
from giretra_core.views import SeatView, seat_view  # noqa: E402

NODES = [0]   # the solver's nodes in all, counted by the wrapper below
_move_values = Solver.move_values


def _counted(self: Solver, *args: Any, **kwargs: Any) -> dict[int, int]:
    before = self.nodes
    out = _move_values(self, *args, **kwargs)
    NODES[0] += self.nodes - before
    return out


setattr(Solver, "move_values", _counted)   # noqa: B010 (the expert's own search, its nodes counted)


def positions(seed: int, per_size: int, sizes: range) -> dict[int, list[SeatView]]:
    """Up to *per_size* card decisions with two moves or more, by the cards in the hand of the player to move."""
    found: dict[int, list[SeatView]] = {k: [] for k in sizes}
    rng = random.Random(seed)
    n = 0
    while any(len(v) < per_size for v in found.values()) and n < 50 * per_size:
        match = Match.new(seed=seed * 100_000 + n)
        n += 1
        while match.deal_number == 1 and match.turn is not None:
            view = seat_view(match, match.turn)
            if view.phase == "play":
                k = view.hand.bit_count()
                if k in found and len(found[k]) < per_size and len(expert.root_moves(play_knowledge(view))) > 1:
                    found[k].append(view)
            match = match.apply(match.turn, bots.choose("advanced", view, rng).action)
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=24, help="positions per hand size")
    parser.add_argument("--worlds", type=int, default=8, help="sampled deals solved at each position")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--sizes", type=int, nargs="+", default=[7, 6, 5, 4, 3])
    parser.add_argument("--budget", type=float, default=250.0)
    parser.add_argument("--pyodide", type=float, default=1.7, help="Pyodide's slowdown against CPython")
    args = parser.parse_args()
    share_ms = args.budget * expert.PLAY_SHARE
    settings = ExpertSettings(exact_cards=8)
    found = positions(args.seed, args.positions, range(min(args.sizes), max(args.sizes) + 1))
    print(f"{args.positions} positions a size, {args.worlds} sampled deals each; a card's share of the budget: "
          f"{share_ms:.1f} ms; Pyodide {args.pyodide}x")
    print("cards in hand | ms a deal: median, p90 | nodes a deal, median | us a node | deals in the share: "
          f"CPython, Pyodide (median cost) | work units / ms, exact, play-outs (meant: {1000 / expert.UNIT_US:.0f})")
    for k in args.sizes:
        per_world, nodes, ratio, units_ms, roll_units_ms = [], [], [], [], []
        for view in found[k]:
            know = play_knowledge(view, inference=True)
            moves = expert.root_moves(know)
            before = NODES[0]
            start = time.process_time()
            _, worlds, exact, _, _ = expert.search(view, know, moves, random.Random(k), 1e9, False,
                                                   max_worlds=args.worlds, early_stop=False, settings=settings)
            spent = (time.process_time() - start) * 1000
            solver_nodes = NODES[0] - before
            assert exact and worlds
            units_ms.append(expert.exact_cost(solver_nodes, worlds) / spent)
            start = time.process_time()
            _, worlds_r, _, _, _ = expert.search(view, know, moves, random.Random(k), 1e9, False,
                                                 max_worlds=args.worlds * 4, early_stop=False,
                                                 settings=ExpertSettings(exact_cards=0))
            spent_r = (time.process_time() - start) * 1000
            roll_units_ms.append(worlds_r * expert.rollout_cost(know, len(moves)) / spent_r)
            per_world.append(spent / worlds)
            nodes.append(solver_nodes / worlds)
            if solver_nodes:
                ratio.append(spent * 1000 / solver_nodes)
        if not per_world:
            continue
        med = statistics.median(per_world)
        p90 = statistics.quantiles(per_world, n=10)[-1] if len(per_world) > 1 else med
        node_med = statistics.median(nodes)
        print(f"{k} | {med:.2f}, {p90:.2f} | {node_med:.0f} | {statistics.median(ratio):.2f} | "
              f"{share_ms / med:.0f}, {share_ms / (med * args.pyodide):.0f} | "
              f"{statistics.median(units_ms):.0f}, {statistics.median(roll_units_ms):.0f}", flush=True)


if __name__ == "__main__":
    main()
