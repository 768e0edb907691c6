"""Fit the bidding model: ``python -m tools.lab.fit --deals 20000 --seed 1 [--context LEVEL]``
(and the win-chance model: ``--win-model MATCHES``).

Deals random hands, plays every mode out with the heuristic policy at all four seats (once with
each team as the announcer), and regresses the team's card points on the features of one
player's five first cards (:mod:`giretra_core.bots.features`), separately for the announcing and the defending
team.  With ``--context LEVEL`` the negotiation of each deal is played by that level and every
call it makes is a sample, its features extended by what the calls before it said
(:func:`~giretra_core.bots.features.context_features`).  Prints the weights and the residual spread that
:mod:`giretra_core.bots.bidding` holds as constants, so the model can be refitted whenever the play changes.
"""

from __future__ import annotations

import argparse
import json
import math
import random

from giretra_core.bots.features import features
from giretra_core.bots.rollout import policy_playout
from giretra_core.deal import shuffled_deck


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """Least squares by the normal equations (Gauss-Jordan with partial pivoting, a tiny ridge)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for i in range(n):
        m[i][i] += 1e-6
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[pivot] = m[pivot], m[col]
        div = m[col][col]
        m[col] = [v / div for v in m[col]]
        for r in range(n):
            if r != col and m[r][col]:
                factor = m[r][col]
                m[r] = [v - factor * w for v, w in zip(m[r], m[col], strict=True)]
    return [m[i][n] for i in range(n)]


class Regression:
    def __init__(self, size: int) -> None:
        self.xtx = [[0.0] * size for _ in range(size)]
        self.xty = [0.0] * size
        self.yy = 0.0
        self.n = 0

    def add(self, x: list[float], y: float) -> None:
        for i, xi in enumerate(x):
            if xi:
                row = self.xtx[i]
                for j, xj in enumerate(x):
                    row[j] += xi * xj
                self.xty[i] += xi * y
        self.yy += y * y
        self.n += 1

    def fit(self) -> tuple[list[float], float]:
        w = _solve(self.xtx, self.xty)
        size = len(w)
        # SSE = y'y - 2 w'X'y + w'X'X w
        sse = self.yy - 2 * sum(w[i] * self.xty[i] for i in range(size)) + \
            sum(w[i] * w[j] * self.xtx[i][j] for i in range(size) for j in range(size))
        return w, math.sqrt(max(0.0, sse) / max(1, self.n - size))


def simulate(deals: int, seed: int) -> dict[str, object]:
    rng = random.Random(seed)
    models = {(mode, role): Regression(len(features(mode, 0, False))) for mode in range(6) for role in (0, 1)}
    for n in range(deals):
        deck = shuffled_deck(seed, n)
        hands = [0, 0, 0, 0]
        for i, c in enumerate(deck):
            hands[i // 8] |= 1 << c
        first = rng.randrange(4)
        seen = []
        for s in range(4):
            cards = [c for c in range(32) if hands[s] >> c & 1]
            five = 0
            for c in rng.sample(cards, 5):
                five |= 1 << c
            seen.append(five)
        for mode in range(6):
            for announcer_team in (0, 1):
                (points, _) = policy_playout(hands, mode, first, (), announcer_team)
                for s in range(4):
                    role = 0 if s & 1 == announcer_team else 1
                    x = features(mode, seen[s], (first & 1) == (s & 1))
                    models[(mode, role)].add(x, points[s & 1])
    out: dict[str, object] = {}
    for (mode, role), reg in models.items():
        w, sigma = reg.fit()
        out[f"{mode}/{role}"] = {"weights": [round(v, 2) for v in w], "sigma": round(sigma, 2)}
    return out


def simulate_context(deals: int, seed: int, level: str) -> dict[str, object]:
    """Like :func:`simulate`, from the calls *level* actually makes, with the context features."""
    from giretra_core import bots
    from giretra_core.bots.features import context_features
    from giretra_core.deal import Cut
    from giretra_core.match import Match
    from giretra_core.negotiation import Call
    from giretra_core.views import seat_view

    models = {(family, role): Regression(len(features(family, 0, False)) + 12) for family in (0, 4, 5)
              for role in (0, 1)}
    for n in range(deals):
        match = Match.new(seed * 1_000_003 + n, "giretra.com", ["random"] * 4)
        match = match.apply(match.deal.cutter, Cut(6 + n % 21))
        rng = random.Random(n)
        decisions: list[tuple[int, int, list[tuple[int, Call]]]] = []
        while match.deal.contract is None:
            turn = match.turn
            assert turn is not None
            view = seat_view(match, turn)
            decisions.append((int(turn), view.hand, [(int(s), c) for s, c in view.calls]))
            match = match.apply(turn, bots.choose(level, view, rng).action)
        hands = match.deal.initial_hands()
        first = int(match.deal.first_player)
        outcome = {}
        for mode in range(6):
            for announcer_team in (0, 1):
                outcome[(mode, announcer_team)] = policy_playout(hands, mode, first, (), announcer_team)[0]
        for seat, hand, calls in decisions:
            we_lead = first & 1 == seat & 1
            for mode in range(6):
                x = features(mode, hand, we_lead) + context_features(mode, calls, seat)
                family = 0 if mode < 4 else mode
                for announcer_team in (0, 1):
                    role = 0 if announcer_team == seat & 1 else 1
                    models[(family, role)].add(x, outcome[(mode, announcer_team)][seat & 1])
    out: dict[str, object] = {}
    for (family, role), reg in models.items():
        w, sigma = reg.fit()
        out[f"{family}/{role}"] = {"weights": [round(v, 2) for v in w], "sigma": round(sigma, 2)}
    return out


def fit_win_model(matches: int, level: str = "advanced") -> dict[str, object]:
    """The spread of :func:`~giretra_core.bots.bidding.win_chance` that best predicts who wins, by maximum
    likelihood over the deal starts of *matches* matches between *level* bots (a grid of spreads)."""
    from giretra_core import bots
    from giretra_core.bots.bidding import phi
    from giretra_core.deal import Cut
    from giretra_core.match import Match
    from giretra_core.views import seat_view

    starts: list[tuple[int, int, int, int]] = []
    for n in range(matches):
        match = Match.new(n, "giretra.com", ["random"] * 4)
        rng = random.Random(n)
        seen: list[tuple[int, int, int]] = []
        while not match.is_over:
            turn = match.turn
            assert turn is not None
            if match.deal.cut is None:
                seen.append((match.scores[0], match.scores[1], match.target))
                match = match.apply(turn, Cut(6 + (n + len(seen)) % 21))
                continue
            match = match.apply(turn, bots.choose(level, seat_view(match, turn), rng).action)
        starts.extend((a, b, t, 1 if match.winner == 0 else 0) for a, b, t in seen)

    def log_likelihood(spread: float) -> float:
        total = 0.0
        for a, b, t, won in starts:
            need_us, need_them = t - a, t - b
            p = min(max(phi((need_them - need_us) / (spread * math.sqrt(need_us + need_them))), 1e-4), 1 - 1e-4)
            total += math.log(p if won else 1 - p)
        return total

    grid = [x / 2 for x in range(8, 29)]
    best = max(grid, key=log_likelihood)
    return {"deal_starts": len(starts), "spread": best, "log_likelihood": round(log_likelihood(best), 1)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.lab.fit", description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--context", metavar="LEVEL", help="fit the context model on the calls of LEVEL")
    parser.add_argument("--win-model", type=int, metavar="MATCHES", help="fit the win-chance spread on MATCHES matches")
    args = parser.parse_args(argv)
    if args.win_model:
        print(json.dumps(fit_win_model(args.win_model)))
    elif args.context:
        print(json.dumps(simulate_context(args.deals, args.seed, args.context), indent=1))
    else:
        print(json.dumps(simulate(args.deals, args.seed), indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
