"""Where a level's card play loses to the oracle: every card decision valued against the real deal.

    python tools/lab/regret.py --deals 100 --seed 4401 [--level advanced|expert]

Four players of *level* play the first deal of seeded matches (the advanced level bidding, as in the arena's
``--bidder advanced``). At every card decision with a choice the solver values each legal card on the real hands; the
regret is the best card's value minus the played card's, for the player's team, in card points (a sweep counted at
its card points only). Double-dummy: the regret is what the card cost against every hand known, an upper bound on what
a player who sees only its own could have saved. Printed by the reason the level gave (the hint's key), by mode and by
trick: decisions, how many cost something, and the card points lost a deal.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))   # the repository: giretra_core and tools.lab

from giretra_core import arena, bots  # noqa: E402
from giretra_core.bots.solver import Solver  # noqa: E402
from giretra_core.match import Match  # noqa: E402
from giretra_core.modes import Mode  # noqa: E402
from giretra_core.views import seat_view  # noqa: E402

MODE_NAMES = {int(m): m.api_name for m in Mode}


def play_deal(seed: int, level: str, rows: list[tuple[str, int, int, int, int, bool]]) -> None:
    """The first deal of the match seeded *seed*; appends, per decision with a choice, (the level's reason, the mode,
    the trick, what its card lost, what the advanced policy's card would have lost, whether the two cards differ)."""
    match = Match.new(seed, "giretra.com", [level] * 4)
    rngs = [random.Random(f"{seed}/{seat}/{level}") for seat in range(4)]
    while not match.is_over and not match.history:
        seat = match.turn
        assert seat is not None
        deal = match.deal
        if deal.cut is None:
            match = match.apply(seat, arena._cut_for(seed, 0))
            continue
        if deal.contract is None:
            decision = bots.choose("advanced", seat_view(match, seat), rngs[seat], 250.0, time_guard=False)
            match = match.apply(seat, decision.action)
            continue
        decision = bots.choose(level, seat_view(match, seat), rngs[seat], 250.0, time_guard=False)
        legal = [a for a in deal.legal_actions() if isinstance(a, int)]
        if len(legal) > 1:
            mode = int(deal.contract.mode)
            won = [False, False]
            for t in deal.tricks:
                won[t.winner & 1] = True
            values = Solver(mode, match.rules.notrumps_must_rise, 0).move_values(
                deal.hands, int(deal.leader), deal.trick, (won[0], won[1]), legal)
            sign = 1 if int(seat) & 1 == 0 else -1
            best = max(sign * v for v in values.values())
            card, policy = decision.action, decision.action
            if level != "advanced":
                policy = bots.choose("advanced", seat_view(match, seat), random.Random(0), 0.0).action
            assert isinstance(card, int) and isinstance(policy, int)
            rows.append((decision.key, mode, len(deal.tricks) + 1, best - sign * values[card],
                         best - sign * values[policy], card != policy))
        match = match.apply(seat, decision.action)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--level", default="advanced")
    args = parser.parse_args()
    rows: list[tuple[str, int, int, int, int, bool]] = []
    for i in range(args.deals):
        play_deal(arena.deal_pair_seed(args.seed, i), args.level, rows)
    for title, key in (("reason", 0), ("mode", 1), ("trick", 2), ("reason and mode", 3)):
        groups: dict[object, list[int]] = defaultdict(list)
        for row in rows:
            groups[row[key] if key < 3 else f"{row[0]} {MODE_NAMES[row[1]]}"].append(row[3])
        print(f"\nby {title}: decisions, costly, card points lost a deal (of {args.deals} deals), mean when costly")
        for name, lost in sorted(groups.items(), key=lambda kv: -sum(kv[1]))[:12 if key == 3 else None]:
            costly = [x for x in lost if x > 0]
            label = MODE_NAMES.get(name, name) if key == 1 else name   # type: ignore[call-overload]
            print(f"  {label!s:30} {len(lost):6} {len(costly):6} {sum(lost) / args.deals:8.2f} "
                  f"{(sum(costly) / len(costly) if costly else 0):8.1f}")
    print(f"\nall: {len(rows)} decisions, {sum(r[3] > 0 for r in rows)} costly, "
          f"{sum(r[3] for r in rows) / args.deals:.2f} card points lost a deal")
    if args.level != "advanced":
        print("\nwhere the card is not the advanced policy's, by trick: decisions, card points lost a deal by the "
              "level's card, by the policy's")
        for trick in range(1, 8):
            apart = [r for r in rows if r[2] == trick and r[5]]
            print(f"  {trick}  {len(apart):5}  {sum(r[3] for r in apart) / args.deals:7.2f}  "
                  f"{sum(r[4] for r in apart) / args.deals:7.2f}")


if __name__ == "__main__":
    main()
