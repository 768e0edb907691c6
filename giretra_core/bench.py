"""Speed figures of the engine: ``python -m giretra_core.bench [--seed S] [--repeat N]``.

Prints medians over *repeat* runs (this machine is shared and noisy):

* fast-path random play-outs per second (8 tricks on bare masks);
* policy play-outs per second (every seat the advanced card play: what the expert's search simulates with);
* complete random deals per second through the public, checked API (cut, negotiation,
  8 tricks, score: ``Match.legal_actions`` + ``Match.apply``);
* the cost of one seat view (``seat_view``) and of one JSON round trip (``jsonapi.view``);
* the cost of replaying a notation string (``parse_match``) for a whole match;
* the exact solver (``bots.solver``) on whole deals: the median time and node count to value a deal from its first
  card with every hand known, over 24 seeded deals (each mode 4 times), and a whole deal's analysis
  (``analysis``: every card choice of the four seats valued) of a seeded match's first deal.

Everything is seeded, so two runs do the same work.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable

from . import analysis, jsonapi
from .bots.rollout import policy_playout
from .bots.solver import Solver, forget_solvers
from .cards import cards_of
from .deal import Cut, Deal, shuffled_deck
from .errors import exit_code
from .match import Match
from .notation import format_match, parse_match
from .play import legal_cards, winning_index
from .playout import random_playout
from .seats import Seat
from .views import seat_view


def _median_rate(run: Callable[[], int], repeat: int) -> tuple[float, list[float]]:
    rates = []
    for _ in range(repeat):
        start = time.perf_counter()
        count = run()
        rates.append(count / (time.perf_counter() - start))
    return statistics.median(rates), rates


def bench_playouts(seed: int, count: int) -> Callable[[], int]:
    setups = []
    for i in range(256):
        deal = Deal.new(shuffled_deck(seed, i), Seat(i % 4)).apply(Seat((i + 1) % 4), Cut(6 + i % 21))
        setups.append((deal.initial_hands(), i % 6, (i + 1) % 4))

    def run() -> int:
        rnd = random.Random(seed).random
        for n in range(count):
            hands, mode, leader = setups[n & 255]
            random_playout(hands, mode, leader, (), rnd)
        return count

    return run


def bench_policy_playouts(seed: int, count: int) -> Callable[[], int]:
    """The expert's play-outs (bots.rollout): the advanced card play for every seat, from the first card."""
    setups = []
    for i in range(256):
        deal = Deal.new(shuffled_deck(seed, i), Seat(i % 4)).apply(Seat((i + 1) % 4), Cut(6 + i % 21))
        setups.append((deal.initial_hands(), i % 6, (i + 1) % 4, i & 1))

    def run() -> int:
        for n in range(count):
            hands, mode, leader, announcers = setups[n & 255]
            policy_playout(hands, mode, leader, (), announcers)
        return count

    return run


def bench_plain_loop(seed: int, count: int) -> Callable[[], int]:
    """The yardstick: the same play-outs written plainly with play.legal_cards and rng.choice."""
    setups = []
    for i in range(256):
        deal = Deal.new(shuffled_deck(seed, i), Seat(i % 4)).apply(Seat((i + 1) % 4), Cut(6 + i % 21))
        setups.append((deal.initial_hands(), i % 6, (i + 1) % 4))

    def run() -> int:
        rng = random.Random(seed)
        for n in range(count):
            hands, mode, leader = setups[n & 255]
            held = list(hands)
            for _ in range(8):
                trick: list[int] = []
                for i in range(4):
                    seat = (leader + i) & 3
                    card = rng.choice(list(cards_of(legal_cards(held[seat], trick, mode))))
                    held[seat] &= ~(1 << card)
                    trick.append(card)
                leader = (leader + winning_index(trick, mode)) & 3
        return count

    return run


def bench_deals(seed: int, count: int, rules: str) -> Callable[[], int]:
    def run() -> int:
        rng = random.Random(seed)
        match = Match.new(seed, rules)
        deals = 0
        while deals < count:
            before = len(match.history)
            seat = match.turn
            assert seat is not None
            match = match.apply(seat, rng.choice(match.legal_actions()))
            if len(match.history) != before:
                deals += 1
            if match.is_over:
                match = Match.new(rng.randrange(2**32), rules)
        return deals

    return run


SOLVER_DEALS = 24   # each mode 4 times


def bench_solver(seed: int) -> tuple[float, int]:
    """The median time (ms) and node count of an exact solve of a whole deal from its first card (sweep bonus on, as
    the analysis and the oracle solve), each of :data:`SOLVER_DEALS` seeded deals solved once with a fresh table."""
    times, nodes = [], []
    for i in range(SOLVER_DEALS):
        deal = Deal.new(shuffled_deck(seed, i), Seat(i % 4)).apply(Seat((i + 1) % 4), Cut(6 + i % 21))
        solver = Solver(i % 6, False, analysis.SWEEP)
        start = time.perf_counter()
        solver.solve(deal.initial_hands(), (i + 1) % 4, (), (False, False))
        times.append((time.perf_counter() - start) * 1e3)
        nodes.append(solver.nodes)
    return statistics.median(times), int(statistics.median(nodes))


def bench_analysis(seed: int) -> tuple[float, int]:
    """The time (ms) to analyse every card choice of the four seats in the first deal of a seeded match between
    random bots (a fresh solver: the page's first analysis of a deal), and how many choices there were."""
    match = _sample_match(seed)
    forget_solvers()
    start = time.perf_counter()
    count = 0
    for seat in Seat:
        for m, card in analysis.choices(match, seat, 1):
            analysis.analyse_position(m, seat, card)
            count += 1
    return (time.perf_counter() - start) * 1e3, count


def _sample_match(seed: int) -> Match:
    rng = random.Random(seed)
    match = Match.new(seed)
    while not match.is_over:
        seat = match.turn
        assert seat is not None
        match = match.apply(seat, rng.choice(match.legal_actions()))
    return match


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m giretra_core.bench", description=__doc__.split("\n")[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    results: dict[str, object] = {"python": sys.version.split()[0], "machine": platform.machine(),
                                  "seed": args.seed, "repeat": args.repeat}

    rate, runs = _median_rate(bench_playouts(args.seed, 20_000), args.repeat)
    results["playouts_per_s"] = round(rate)
    plain, _ = _median_rate(bench_plain_loop(args.seed, 5_000), args.repeat)
    results["plain_loop_playouts_per_s"] = round(plain)
    results["fast_path_speedup"] = round(rate / plain, 2)
    policy, _ = _median_rate(bench_policy_playouts(args.seed, 2_000), args.repeat)
    results["policy_playouts_per_s"] = round(policy)
    for preset in ("giretra.com", "play.giretra.com"):
        rate, runs = _median_rate(bench_deals(args.seed, 1_000, preset), args.repeat)
        results[f"checked_deals_per_s[{preset}]"] = round(rate)

    match = _sample_match(args.seed)
    mid = Match.new(args.seed)
    rng = random.Random(args.seed)
    while len(mid.history) < 2:
        seat = mid.turn
        assert seat is not None
        mid = mid.apply(seat, rng.choice(mid.legal_actions()))
    for _ in range(17):
        seat = mid.turn
        assert seat is not None
        mid = mid.apply(seat, rng.choice(mid.legal_actions()))
    seat = mid.turn
    assert seat is not None
    per_view, _ = _median_rate(lambda: _repeat(lambda: seat_view(mid, seat), 2_000), args.repeat)
    results["seat_view_us"] = round(1e6 / per_view, 1)
    state = format_match(mid)
    request = json.dumps({"state": state, "seat": seat.api_name})
    jsonapi.view(request)  # warm the parse cache, as the page does
    per_json, _ = _median_rate(lambda: _repeat(lambda: jsonapi.view(request), 500), args.repeat)
    results["jsonapi_view_us(cached state)"] = round(1e6 / per_json, 1)
    full = format_match(match)
    per_parse, _ = _median_rate(lambda: _repeat(lambda: parse_match(full), 20), args.repeat)
    results[f"parse_match_ms({len(match.history)} deals, {len(full)} chars)"] = round(1e3 / per_parse, 2)

    solver_ms, solver_nodes = bench_solver(args.seed)
    results["solver_full_deal_ms"] = round(solver_ms)
    results["solver_full_deal_nodes"] = solver_nodes
    analysis_ms, choices = bench_analysis(args.seed)
    results[f"analyse_deal_ms(4 seats, {choices} choices)"] = round(analysis_ms)

    if args.json:
        print(json.dumps(results))
    else:
        for key, value in results.items():
            print(f"{key:48} {value}")
    return 0


def _repeat(fn: Callable[[], object], n: int) -> int:
    for _ in range(n):
        fn()
    return n


if __name__ == "__main__":
    raise SystemExit(exit_code(main))
