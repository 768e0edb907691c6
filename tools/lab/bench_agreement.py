"""How often the expert plays the advanced policy's card: how far a partner could be read as that policy.

    python tools/lab/bench_agreement.py --deals 200 --seed 1

Four experts play the first deal of seeded matches, the advanced level making every call (as in docs/bots.md, "How
close to perfect"). At every card decision with more than one legal card, the advanced policy is asked too, from the
same view. Prints, trick by trick and in all, the share of those decisions where both chose the same card. A reading
of the partner's cards that assumes it plays the advanced policy (the ``replay-P-all`` levels) must trust the policy
about that much. No clock guard: the figures do not depend on the machine's load.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))   # the repository: giretra_core and tools.lab

from giretra_core import Match, Phase, bots, seat_view  # noqa: E402
from giretra_core.views import SeatView  # noqa: E402


def position_rng(view: SeatView, salt: str) -> random.Random:
    """An RNG seeded by the position alone, so a run is reproducible whatever ran before."""
    return random.Random(repr((salt, int(view.seat), view.hand, view.trick, view.played, view.calls, view.cut)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    same = [0] * 8
    asked = [0] * 8
    for i in range(args.deals):
        match = Match.new(seed=args.seed * 1_000_003 + i)
        while match.current_phase != Phase.MATCH_OVER:
            seat = match.turn
            assert seat is not None   # the match is not over
            view = seat_view(match, seat)
            if view.phase != Phase.PLAY:
                action = bots.choose("advanced", view, position_rng(view, "call")).action
            else:
                action = bots.choose("expert", view, position_rng(view, "expert"), time_guard=False).action
                if len(view.legal) > 1:
                    trick = len(view.tricks)
                    asked[trick] += 1
                    same[trick] += action == bots.choose("advanced", view, position_rng(view, "advanced")).action
            before = match.deal_number
            match = match.apply(seat, action)
            if match.deal_number != before:
                break
    print(f"{args.deals} deals, seed {args.seed}: card decisions with a choice, and the share where the expert "
          "played the advanced policy's card")
    for trick in range(8):
        if asked[trick]:
            print(f"  trick {trick + 1}: {same[trick]:4d} of {asked[trick]:4d} = {same[trick] / asked[trick]:6.1%}")
    print(f"  all:     {sum(same):4d} of {sum(asked):4d} = {sum(same) / sum(asked):6.1%}")


if __name__ == "__main__":
    main()
