"""The expert's decision times in CPU time, for a machine too busy for the arena's wall-clock figures.

    python tools/lab/bench_times.py --deals 12 --seed 1 [--set exact_cards=5] [--against advanced]

Plays the first deal of *deals* seeded matches with the expert at every seat (as the page's table of experts: its
calls, then its cards; no clock guard), and times each decision with ``time.process_time()``: the CPU this process
spent, which other processes on the machine do not inflate as they do the wall clock (caches and memory shared with
them still can). Prints p50 / p95 / max for the calls and the cards, and the cards by the cards in hand.
With --against LEVEL, Left and Right are bots of that level (not timed): the expert reads advanced bots' earlier
cards (``ExpertSettings.read_play``), so its time against them is its time with the reading.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))   # the repository: giretra_core and tools.lab

from giretra_core import bots  # noqa: E402
from giretra_core.bots import expert  # noqa: E402
from giretra_core.bots.expert import ExpertSettings  # noqa: E402
from giretra_core.match import Match  # noqa: E402
from giretra_core.views import seat_view  # noqa: E402
from tools.lab.bench_keep import parse_set  # noqa: E402


def _line(name: str, ms: list[float]) -> str:
    if not ms:
        return f"{name}: none"
    ordered = sorted(ms)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return f"{name}: n={len(ms)} p50 {statistics.median(ms):.1f} p95 {p95:.1f} max {ordered[-1]:.1f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=12)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--budget", type=float, default=250.0)
    parser.add_argument("--set", default="-", help="ExpertSettings fields, field=value[,field=value]")
    parser.add_argument("--against", default="", help="the level of Left and Right (default: the expert)")
    args = parser.parse_args()
    settings = ExpertSettings(**parse_set(args.set))   # type: ignore[arg-type]
    calls: list[float] = []
    cards: dict[int, list[float]] = {}
    for i in range(args.deals):
        players = ["expert", args.against or "expert"] * 2
        match = Match.new(seed=args.seed * 1000 + i, players=players)
        rng = random.Random(i)
        while match.deal_number == 1 and match.turn is not None:
            seat = match.turn
            view = seat_view(match, seat)
            if players[int(seat)] != "expert":
                match = match.apply(seat, bots.choose(players[int(seat)], view, rng).action)
                continue
            start = time.process_time()
            decision = expert.choose(view, rng, args.budget, False, settings)
            ms = (time.process_time() - start) * 1000
            if view.phase == "play":
                cards.setdefault(view.hand.bit_count(), []).append(ms)
            elif view.phase == "negotiation":
                calls.append(ms)
            match = match.apply(seat, decision.action)
    print(f"expert {args.set} (against {args.against or 'expert'}), {args.deals} deals from seed {args.seed}, "
          f"budget {args.budget:g} ms, CPU time:")
    print("  " + _line("calls", calls))
    print("  " + _line("cards", [ms for v in cards.values() for ms in v]))
    for k in sorted(cards, reverse=True):
        print("    " + _line(f"{k} cards in hand", cards[k]))


if __name__ == "__main__":
    main()
