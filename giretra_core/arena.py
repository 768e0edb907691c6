"""The arena: bots against bots in duplicate, so that the luck of the cards cancels out.

    python -m giretra_core.arena basic random --matches 200 --seed 1
    python -m giretra_core.arena expert advanced --deals 300 --seed 1 --bidder advanced
    python -m giretra_core.arena --validate expert --deals 50 --seed 1

Duplicate play: every match (or deal) is played twice from the same seed — the same first deck,
the same first dealer, the same cuts — once with A as Team1 (Bottom and Top) and B as Team2, then
with the teams swapped.  The cuts are drawn by the arena from the seed (a bot cannot see the deck,
so no cut is better than another).  Under the default rules the next deck is the previous deal's
tricks, so the two legs of a match share their first deal exactly and drift apart afterwards;
``--deals`` pairs are exact duplicates.

Reported: A's match win rate with a 95% confidence interval (the pair is the unit: both legs
won, split, both lost), match points per deal, per-mode contracts and success rates, sweeps,
doubles, the paired card-point difference per deal (``--deals``), and each bot's decision time
(p50, p95, max).  ``--bidder LEVEL`` (with ``--deals``) lets one level bid for all four seats, so
that both legs play the same contracts and the card-point difference measures the card play.

The oracle (every hand seen) may take part as ``oracle``: an offline level, the yardstick of
docs/bots.md.  Other offline levels are registered by the tool that runs the arena
(:func:`register_level`): the research levels of tools/lab (``sighted…``, ``replay…``, ``ismcts…``)
take part through ``python -m tools.lab.arena``, with the same arguments.

A bot of your own takes part as ``path/to/file.py:function`` or ``package.module:function``: a
function called like the levels, ``function(view, rng, budget_ms, time_guard)``, that returns a
:class:`~giretra_core.bots.Decision` (docs/bots.md, "Your own bot").  A bot served over the reference engine's
protocol takes part by its URL or its ``bot.meta.json`` (:mod:`giretra_core.remote`; docs/bots.md, "A bot of the
reference's").

``--jobs N`` (default: every core) plays the pairs in N processes; they are merged in the pairs' order, so every
figure but the times is that of ``--jobs 1``.
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import itertools
import json
import math
import os
import random
import shlex
import statistics
import subprocess
import sys
import time
import traceback
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from importlib import import_module
from pathlib import Path
from typing import NamedTuple, Protocol

from . import bots, remote
from .bots import own
from .bots.reasons import Decision
from .cards import Card
from .deal import MAX_CUT, MIN_CUT, Cut, Deal, action_token
from .errors import GiretraError, exit_code
from .match import Match
from .modes import Mode
from .negotiation import Call, CallKind
from .notation import format_match
from .partner import blocked_cost, overtake_cost, partner_suit, unreturned_cost
from .rules import PRESETS
from .scoring import DealScore
from .seats import Seat
from .views import seat_view

INSTANT_WIN_POINTS = 150  # a Colour sweep, counted as match points in per-deal figures


class LevelFn(Protocol):
    """An offline level's move: ``(match, seat, rng, budget_ms, level, time_guard) -> Decision``; it may read every
    hand of *match*, and *level* is the name it was given (its variant)."""

    def __call__(self, match: Match, seat: Seat, rng: random.Random, budget_ms: float, level: str,
                 time_guard: bool) -> Decision: ...


@dataclass(frozen=True)
class Level:
    """An offline level registered with :func:`register_level`: *pattern* names it in the help (e.g.
    ``sighted[-from-T]``), *parse* returns None for a name that is not one of its variants, *legend* explains the
    pattern's letters. *parse* and *choose* are module-level functions: ``--validate`` imports them again in a new
    process."""

    pattern: str
    parse: Callable[[str], object]
    choose: LevelFn
    legend: str = ""


_REGISTERED: dict[str, Level] = {}


def register_level(level: Level) -> None:
    """Let the arena play *level* (its names are checked after the ladder's, the oracle and bots of one's own).
    Registering a pattern again replaces it.

    :raises ValueError: if *parse* or *choose* cannot be imported by its name (a lambda, a local function, a
        function of ``__main__``)."""
    for fn in (level.parse, level.choose):
        if _load(_reference(fn)) is not fn:
            raise ValueError(f"{level.pattern}: {_reference(fn)} is not importable by that name (use a function at "
                             "the top of a module that is not __main__)")
    _REGISTERED[level.pattern] = level


def _reference(fn: object) -> str:
    return f"{getattr(fn, '__module__', '?')}:{getattr(fn, '__qualname__', '?')}"


def _load(reference: str) -> object:
    module, _, name = reference.partition(":")
    try:
        return getattr(import_module(module), name, None) if module != "__main__" else None
    except ImportError:
        return None


def _registered(name: str) -> Level | None:
    return next((level for level in _REGISTERED.values() if level.parse(name) is not None), None)


def level_names() -> list[str]:
    """Every kind of level the arena takes, as its help lists them."""
    return [*bots.LEVELS, "oracle", *_REGISTERED, "FILE.py:FUNCTION", "MODULE:FUNCTION", "http://HOST:PORT",
            "path/to/bot.meta.json"]


def _level(name: str) -> str:
    """An argparse type: a bot level, an offline level (the oracle, a registered level), or a bot of your own
    (``FILE.py:FUNCTION``, ``MODULE:FUNCTION``: loaded by :func:`main`, so that its import errors are not taken for a
    bad argument), or a bot served over the reference's protocol (a URL, or a ``bot.meta.json`` to launch)."""
    if remote.is_url(name):
        return name
    if remote.is_remote(name):
        if not Path(name).is_file():
            raise argparse.ArgumentTypeError(f"no bot meta file {name!r} (from {Path.cwd()})")
        return name
    if own.is_own(name) or name in bots.LEVELS or name == "oracle" or _registered(name) is not None:
        return name
    if name.endswith(".py"):
        raise argparse.ArgumentTypeError(f"a bot of your own is named with its function too: {name}:FUNCTION")
    legends = "".join(f", {level.legend}" for level in _REGISTERED.values() if level.legend)
    raise argparse.ArgumentTypeError(f"unknown level {name!r} (expected one of {', '.join(level_names())}{legends})")


def _count(text: str) -> int:
    """An argparse type: a number of pairs or deals, at least 1."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be a whole number, not {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be 1 or more, not {value}")
    return value


def _budget(text: str) -> float:
    """An argparse type: a thinking budget in milliseconds, above 0 and finite."""
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not 0 < value < math.inf:
        raise argparse.ArgumentTypeError(f"must be a number of milliseconds above 0, not {text}")
    return value


def _decide(level: str, match: Match, seat: Seat, rng: random.Random, budget_ms: float,
            time_guard: bool = True) -> Decision:
    if own.is_own(level):
        return own.choose(level, seat_view(match, seat), rng, budget_ms, time_guard)
    if level == "oracle":
        from .bots import oracle

        return oracle.choose(match, seat, rng, budget_ms)
    if level not in bots.LEVELS and (registered := _registered(level)) is not None:
        return registered.choose(match, seat, rng, budget_ms, level, time_guard)
    return bots.choose(level, seat_view(match, seat), rng, budget_ms, time_guard=time_guard)


def _cut_for(seed: int, deal_number: int) -> Cut:
    return Cut(random.Random(f"cut/{seed}/{deal_number}").randint(MIN_CUT, MAX_CUT))


@dataclass
class Side:
    """What one bot did over a run."""

    level: str
    times: dict[str, list[float]] = field(default_factory=lambda: {"play": [], "negotiation": []})
    contracts: dict[str, list[int]] = field(default_factory=dict)   # mode -> [taken, made, failed, tied]
    doubles: list[int] = field(default_factory=lambda: [0, 0])      # [doubles made, of which the contract failed]
    redoubles: list[int] = field(default_factory=lambda: [0, 0])    # [redoubles, of which made]
    sweeps: int = 0
    instant_wins: int = 0
    over_budget: int = 0
    # With partner=True (giretra_core.partner): needless overtakes of the partner's sure trick, those that lost card
    # points against the exact solver, and the card points they lost; then the same for leads that left the
    # partner's suit unreturned, then for higher cards kept under the partner's trick in its suit (blocks).
    partner: list[int] = field(default_factory=lambda: [0] * 9)


@dataclass
class LegResult:
    score_a: float            # 1 if A won the match (or, for a single deal, scored more), 0.5 if even, 0
    deals: int
    mp_a: int
    mp_b: int
    cp_a: int = 0
    cp_b: int = 0
    by_mode: list[tuple[int, int, int]] = field(default_factory=list)  # per deal: mode, A-B card and match points


def deal_pair_seed(seed: int, i: int) -> int:
    """The seed of the *i*-th duplicate pair of a run: both legs, and any tool replaying them, deal from it."""
    return random.Random(f"arena/{seed}/{i}").randrange(2**53)


Remotes = dict[str, tuple[str, tuple[str, ...] | None]]   # a remote level -> its URL and the events it asked for


def play_leg(seed: int, levels: tuple[str, str], a_team: int, rules: str, budget_ms: float, sides: dict[str, Side],
             max_deals: int | None = None, bidder: str | None = None, time_guard: bool = True,
             remotes: Remotes | None = None, partner: bool = False) -> LegResult:
    """One match (or its first *max_deals* deals) with bot A in team *a_team* and B in the other.

    *levels* is (A, B).  The cuts come from the seed; each seat's bot has its own seeded RNG.  A level in *remotes*
    is a bot served over the reference's protocol (:mod:`giretra_core.remote`): its seats get a session each.
    *partner*: count each side's needless overtakes of its partner's sure tricks (:mod:`giretra_core.partner`).
    """
    seat_level = [levels[0] if seat & 1 == a_team else levels[1] for seat in range(4)]
    side_of = [sides["A"] if seat & 1 == a_team else sides["B"] for seat in range(4)]
    rngs = [random.Random(f"{seed}/{seat}/{seat_level[seat]}") for seat in range(4)]
    match = Match.new(seed, rules, [own.recorded(level) for level in seat_level])
    clients: dict[Seat, remote.Client] = {}
    for remote_seat in Seat:
        found = (remotes or {}).get(seat_level[remote_seat])
        if found is not None:
            url, events = found
            clients[remote_seat] = remote.Client(url, None if events is None else frozenset(events))
    table = remote.Table.for_leg(clients, seed, a_team) if clients else None
    mp = [0, 0]
    cp = [0, 0]
    deals = 0
    by_mode: list[tuple[int, int, int]] = []

    def located(err: own.OwnBotError, where: Match) -> own.OwnBotError:
        """*err* with where it happened, and the match so far: its log shows the position."""
        return type(err)(f"{err} — in the leg with A as Team{a_team + 1}, deal {len(where.history) + 1}, "
                         f"{where_in_deal(where.deal)}, of the pair seeded {seed}; python -m giretra_core --replay "
                         f"{shlex.quote(format_match(where))} prints the match up to there", err.kind, err.params)

    try:
        while not match.is_over:
            seat = match.turn
            assert seat is not None
            deal = match.deal
            if deal.cut is None:
                if table is not None:
                    try:
                        table.start_deal(match)
                    except own.OwnBotError as err:
                        raise located(err, match) from err.__cause__
                match = match.apply(seat, _cut_for(seed, len(match.history)))
                continue
            negotiating = deal.contract is None
            # The bidder's calls are none of the sides' (even at the same level).
            by_bidder = negotiating and bidder is not None
            level = bidder if by_bidder and bidder is not None else seat_level[seat]
            start = time.perf_counter()
            try:
                if table is not None and seat in table.clients and not by_bidder:
                    decision = table.decide(match, seat)
                else:
                    decision = _decide(level, match, seat, rngs[seat], budget_ms, time_guard)
            except own.OwnBotError as err:
                raise located(err, match) from err.__cause__
            elapsed = (time.perf_counter() - start) * 1000
            if not by_bidder:
                side = side_of[seat]
                side.times["negotiation" if negotiating else "play"].append(elapsed)
                if elapsed > budget_ms + 50:
                    side.over_budget += 1
            if isinstance(decision.action, Call) and not by_bidder:
                call = decision.action
                if call.kind is CallKind.DOUBLE:
                    side_of[seat].doubles[0] += 1
                elif call.kind is CallKind.REDOUBLE:
                    side_of[seat].redoubles[0] += 1
            if partner and isinstance(decision.action, int) and deal.contract is not None:
                _note_partner(deal, decision.action, match.rules.notrumps_must_rise, side_of[seat])
            before = match
            match = match.apply(seat, decision.action)
            if table is not None:
                try:
                    table.observe(before, seat, decision.action, match)
                except own.OwnBotError as err:   # the events after that action: where is the action's place
                    raise located(err, before) from err.__cause__
            if len(match.history) > len(before.history):
                record = match.history[-1]
                deals += 1
                _tally(record.deal, record.score, side_of, calls_counted=bidder is None)
                deal_mp = list(record.score.match_points)
                if record.score.instant_win is not None:
                    deal_mp[record.score.instant_win] += INSTANT_WIN_POINTS
                for t in (0, 1):
                    mp[t] += deal_mp[t]
                    cp[t] += record.score.card_points[t]
                assert record.deal.contract is not None
                sign = 1 if a_team == 0 else -1
                by_mode.append((int(record.deal.contract.mode), sign * (record.score.card_points[0] -
                                                                        record.score.card_points[1]),
                                sign * (deal_mp[0] - deal_mp[1])))
                if max_deals is not None and deals >= max_deals:
                    break
        if table is not None:
            try:
                table.close(match)
            except own.OwnBotError as err:
                raise located(err, match) from err.__cause__
    finally:
        if table is not None:
            table.abandon()   # after a failure: the sessions destroyed all the same (a no-op once closed)
    a = a_team
    if match.winner is not None:
        score_a = 1.0 if match.winner == a else 0.0
    else:
        score_a = 1.0 if mp[a] > mp[1 - a] else 0.5 if mp[a] == mp[1 - a] else 0.0
    return LegResult(score_a, deals, mp[a], mp[1 - a], cp[a], cp[1 - a], by_mode)


def _note_partner(deal: Deal, card: Card, must_rise: bool, side: Side) -> None:
    assert deal.contract is not None
    won = [False, False]
    for t in deal.tricks:
        won[t.winner & 1] = True
    mode = int(deal.contract.mode)
    if deal.trick:
        found = overtake_cost(deal.hands, mode, int(deal.leader), deal.trick, card, (won[0], won[1]), must_rise)
        k = 0
        if found is None:
            found = blocked_cost(deal.hands, mode, int(deal.leader), deal.trick, card, (won[0], won[1]), must_rise)
            k = 6
    else:
        suit = partner_suit(mode, [(int(t.leader), t.cards) for t in deal.tricks], int(deal.leader))
        found = unreturned_cost(deal.hands, mode, int(deal.leader), card, suit, (won[0], won[1]), must_rise)
        k = 3
    if found is not None:
        side.partner[k] += 1
        side.partner[k + 1] += found[1] > 0
        side.partner[k + 2] += found[1]


def _tally(deal: Deal, score: DealScore, side_of: list[Side], calls_counted: bool = True) -> None:
    assert deal.contract is not None
    contract = deal.contract
    announcer = side_of[contract.announcer_team]  # seats 0 and 1 belong to teams 0 and 1
    row = announcer.contracts.setdefault(Mode(contract.mode).api_name, [0, 0, 0, 0])
    row[0] += 1
    made = score.match_points[contract.announcer_team] > score.match_points[1 - contract.announcer_team] or \
        score.instant_win == contract.announcer_team
    tied = score.outcome == "tie"
    row[1 if made else 3 if tied else 2] += 1
    defender = side_of[1 - contract.announcer_team]
    if contract.multiplier > 1 and not contract.automatic and calls_counted:
        # Count a double as "right" when the doubled contract did not make it.
        if not made:
            defender.doubles[1] += 1
        if contract.multiplier == 4 and made:
            announcer.redoubles[1] += 1
    if score.sweep_team is not None:
        side_of[score.sweep_team].sweeps += 1
    if score.instant_win is not None:
        side_of[score.instant_win].instant_wins += 1


def _percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))
    return ordered[index]


def _mean_ci(values: list[float]) -> tuple[float, float, float]:
    n = len(values)
    if n == 0:
        return 0.0, 0.0, 0.0
    mean = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / math.sqrt(n) if n > 1 else 0.0
    return mean, mean - half, mean + half


class _LegTask(NamedTuple):
    """One leg of a duplicate pair to play: what a worker process needs (picklable).  A pair's two legs are two
    tasks: the processes' last tasks end closer together (half a pair's time left idle on average, not a whole)."""

    pair_seed: int
    a_team: int
    levels: tuple[str, str]
    rules: str
    budget_ms: float
    max_deals: int | None
    bidder: str | None
    time_guard: bool
    remotes: Remotes
    partner: bool = False


def _play_leg(task: _LegTask) -> tuple[LegResult, dict[str, Side]]:
    """One leg of a pair, with the two sides' tallies of this leg alone (merged by :func:`run`, in the legs' order)."""
    sides = {"A": Side(task.levels[0]), "B": Side(task.levels[1])}
    leg = play_leg(task.pair_seed, task.levels, task.a_team, task.rules, task.budget_ms, sides, task.max_deals,
                   task.bidder, task.time_guard, task.remotes, task.partner)
    return leg, sides


class _CrashText(Exception):
    """A bot's crash in a worker process, as its traceback's text (a traceback does not cross processes)."""


@dataclass
class _Failed:
    """What a worker returns for a pair whose bot failed: the error's message and, for a crash, its traceback."""

    message: str
    crash: str | None
    kind: str | None = None
    params: dict[str, str] | None = None


def _play_leg_in_worker(task: _LegTask) -> tuple[LegResult, dict[str, Side]] | _Failed:
    try:
        return _play_leg(task)
    except own.OwnBotError as err:
        cause = err.__cause__
        return _Failed(str(err), "".join(traceback.format_exception(cause)) if cause is not None else None,
                       err.kind, err.params)


def _raise_failed(result: tuple[LegResult, dict[str, Side]] | _Failed) -> tuple[LegResult, dict[str, Side]]:
    if isinstance(result, _Failed):
        crash = _CrashText(result.crash) if result.crash else None
        raise own.OwnBotError(result.message, result.kind, result.params) from crash
    return result


def _merge_side(into: Side, part: Side) -> None:
    for kind, values in part.times.items():
        into.times[kind].extend(values)
    for mode, row in part.contracts.items():
        total = into.contracts.setdefault(mode, [0, 0, 0, 0])
        for k, value in enumerate(row):
            total[k] += value
    for k in (0, 1):
        into.doubles[k] += part.doubles[k]
        into.redoubles[k] += part.redoubles[k]
    into.sweeps += part.sweeps
    into.instant_wins += part.instant_wins
    into.over_budget += part.over_budget
    for k in range(9):
        into.partner[k] += part.partner[k]


def default_jobs() -> int:
    """``--jobs`` when not given: every core this process may use."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


@contextlib.contextmanager
def _leg_results(tasks: list[_LegTask], jobs: int) -> Iterator[Iterator[tuple[LegResult, dict[str, Side]]]]:
    """Each task's result, in the tasks' order: here for one job (or one pair), else from *jobs* processes.

    The workers learn this process's import path and registered levels (a ``spawn`` start method has neither); a bot
    of one's own is loaded again by its name.  An error in a worker is raised here, at its leg's turn."""
    jobs = max(1, min(jobs, len(tasks) // 2))   # a single pair stays in this process, as it did
    if jobs == 1:
        yield (_play_leg(task) for task in tasks)
        return
    from concurrent.futures import ProcessPoolExecutor

    registered = [[lv.pattern, _reference(lv.parse), _reference(lv.choose), lv.legend] for lv in _REGISTERED.values()]
    # One leg at a time keeps the processes busy to the end and the progress regular; thousands of tiny legs
    # (single deals of the fast levels) go a few at a time, so that handing them over stays cheap.
    chunk = max(1, len(tasks) // (jobs * 64))
    with ProcessPoolExecutor(max_workers=jobs, initializer=_worker_start, initargs=(sys.path, registered)) as pool:
        try:
            yield (_raise_failed(result) for result in pool.map(_play_leg_in_worker, tasks, chunksize=chunk))
        except BaseException:
            pool.shutdown(wait=False, cancel_futures=True)   # an error (or ^C) stops the legs not yet begun
            raise


def _worker_start(path: list[str], registered: list[list[str]]) -> None:
    """A worker process of :func:`_leg_results`: the parent's import path and registered levels."""
    sys.path[:] = path
    for pattern, parse, choose, legend in registered:
        if pattern not in _REGISTERED:
            register_level(Level(pattern, _load(parse), _load(choose), legend))  # type: ignore[arg-type]


def _host(stack: contextlib.ExitStack, levels: tuple[str, ...],
          progress: Callable[[str], None] | None = None) -> Remotes:
    """The bots served over the protocol among *levels*: a URL as it is (every event sent), a ``bot.meta.json``
    launched for the whole run (its events) and stopped when *stack* closes; *progress* is told of each launch (a
    first launch's init can install packages for a minute, with nothing else to show)."""
    remotes: Remotes = {}
    for level in levels:
        if level in remotes:
            continue
        if remote.is_url(level):
            remotes[level] = (level, None)
        elif remote.is_remote(level):
            if progress is not None:
                progress(f"{level}: starting the bot as its meta says (its init command, if any, then its launch; "
                         "the first init may install packages)")
            client = stack.enter_context(remote.launched(level))
            if progress is not None:
                progress(f"{level}: answering at {client.base_url}")
            events = None if client.notifications is None else tuple(sorted(client.notifications))
            remotes[level] = (client.base_url, events)
    return remotes


def run(level_a: str, level_b: str, seed: int, matches: int | None = None, deals: int | None = None,
        rules: str = "giretra.com", budget_ms: float = 250.0, bidder: str | None = None,
        progress: Callable[[str], None] | None = None, time_guard: bool = True, jobs: int = 1,
        pair_done: Callable[[int, int], None] | None = None, partner: bool = False) -> dict[str, object]:
    """Play the duplicate pairs and return every figure as a dict (what ``--json`` prints).

    *time_guard* off: the searching bots stop on their work limits only, so the figures do not
    depend on the machine's load (decision times still do).  *jobs* above 1 plays the pairs in that many
    processes; the pairs are merged in their order, so every figure but the times is that of ``jobs=1``.
    *pair_done* is told ``(pairs played, pairs)`` after each pair (the bot lab's progress bar).  *partner* adds each
    side's partner-quality figure (:mod:`giretra_core.partner`) as ``side_X.partner``."""
    sides = {"A": Side(level_a), "B": Side(level_b)}
    pairs = matches if matches is not None else deals
    assert pairs is not None
    max_deals = None if matches is not None else 1
    pair_scores: list[float] = []
    mp_diffs: list[float] = []
    cp_diffs: list[float] = []
    total_deals = 0
    wins = 0.0
    per_mode: dict[int, list[float]] = {}
    started = time.perf_counter()
    with contextlib.ExitStack() as hosting:
        remotes = _host(hosting, (level_a, level_b), progress)
        tasks = [_LegTask(deal_pair_seed(seed, i), team, (level_a, level_b), rules, budget_ms, max_deals, bidder,
                          time_guard, remotes, partner) for i in range(pairs) for team in (0, 1)]
        results = hosting.enter_context(_leg_results(tasks, jobs))
        for i in range(pairs):
            legs = []
            for leg, leg_sides in itertools.islice(results, 2):   # the pair's legs, A as Team1 then as Team2
                legs.append(leg)
                for key, side in leg_sides.items():
                    _merge_side(sides[key], side)
            won = sum(leg.score_a for leg in legs)
            wins += won
            pair_scores.append(won / 2)
            for leg in legs:
                for mode, cp_diff, mp_diff in leg.by_mode:
                    row = per_mode.setdefault(mode, [0, 0.0, 0.0])
                    row[0] += 1
                    row[1] += cp_diff
                    row[2] += mp_diff
            n_deals = sum(leg.deals for leg in legs)
            total_deals += n_deals
            mp_diffs.append(sum(leg.mp_a - leg.mp_b for leg in legs) / max(1, n_deals))
            cp_diffs.append(sum(leg.cp_a - leg.cp_b for leg in legs) / max(1, n_deals))
            if pair_done is not None:
                pair_done(i + 1, pairs)
            if progress is not None and (i + 1) % max(1, pairs // 20) == 0:
                rate, low, high = _mean_ci(pair_scores)
                # As the report: one pair has no interval.
                ci = f"[{max(0.0, low):.1%}, {min(1.0, high):.1%}]" if i else "(one pair: no interval)"
                progress(f"{i + 1}/{pairs} pairs  A wins {rate:.1%} {ci}  "
                         f"cp/deal {statistics.fmean(cp_diffs):+.1f}  {time.perf_counter() - started:.0f}s")
    rate, low, high = _mean_ci(pair_scores)
    mp_mean, mp_low, mp_high = _mean_ci(mp_diffs)
    cp_mean, cp_low, cp_high = _mean_ci(cp_diffs)

    def interval(low: float, high: float, digits: int) -> list[float] | None:
        return None if pairs == 1 else [round(low, digits), round(high, digits)]   # one pair: none

    result: dict[str, object] = {
        "ok": True,   # as a failed run's {"ok": false, "error": ...}
        "A": level_a, "B": level_b, "seed": seed, "rules": rules, "budget_ms": budget_ms, "time_guard": time_guard,
        "mode": "matches" if matches is not None else "deals", "pairs": pairs, "games": 2 * pairs,
        "bidder": bidder, "deals_played": total_deals,
        "win_rate_A": round(rate, 4), "win_rate_ci95": interval(max(0.0, low), min(1.0, high), 4),
        "wins_A": wins,
        "match_points_per_deal_A_minus_B": round(mp_mean, 2), "match_points_ci95": interval(mp_low, mp_high, 2),
        "card_points_per_deal_A_minus_B": round(cp_mean, 2), "card_points_ci95": interval(cp_low, cp_high, 2),
        "seconds": round(time.perf_counter() - started, 1),
        "per_mode_A_minus_B": {Mode(m).api_name: {"deals": int(r[0]), "card_points": round(r[1] / r[0], 2),
                                                  "match_points": round(r[2] / r[0], 2)}
                               for m, r in sorted(per_mode.items())},
    }
    for key, side in sides.items():
        result[f"side_{key}"] = _side_json(side)
        if partner:
            needless, costly, lost, unreturned, costly_leads, lost_leads, kept, costly_kept, lost_kept = side.partner
            result[f"side_{key}"]["partner"] = {   # type: ignore[index]
                "needless_overtakes": needless, "costly_overtakes": costly, "card_points_lost": lost,
                "card_points_lost_per_deal": round(lost / max(1, total_deals), 3),
                "unreturned_leads": unreturned, "costly_unreturned_leads": costly_leads,
                "unreturned_card_points_lost": lost_leads,
                "unreturned_card_points_lost_per_deal": round(lost_leads / max(1, total_deals), 3),
                "kept_high": kept, "costly_kept_high": costly_kept, "kept_high_card_points_lost": lost_kept,
                "kept_high_card_points_lost_per_deal": round(lost_kept / max(1, total_deals), 3)}
    return result


def _side_json(side: Side) -> dict[str, object]:
    times = {}
    for kind, values in side.times.items():
        times[kind] = {"n": len(values), "p50_ms": round(_percentile(values, 0.5), 2),
                       "p95_ms": round(_percentile(values, 0.95), 2), "max_ms": round(max(values, default=0), 2),
                       "mean_ms": round(statistics.fmean(values), 2) if values else 0.0}
    every = side.times["play"] + side.times["negotiation"]
    times["all"] = {"n": len(every), "p50_ms": round(_percentile(every, 0.5), 2),
                    "p95_ms": round(_percentile(every, 0.95), 2), "max_ms": round(max(every, default=0), 2),
                    "mean_ms": round(statistics.fmean(every), 2) if every else 0.0}
    contracts = {mode: {"taken": r[0], "made": r[1], "failed": r[2], "tied": r[3],
                        "success_rate": round(r[1] / r[0], 3) if r[0] else None}
                 for mode, r in sorted(side.contracts.items(), key=lambda kv: Mode[_ENUM[kv[0]]])}
    return {"level": side.level, "decision_time": times, "contracts": contracts,
            "doubles": {"made": side.doubles[0], "contract_failed": side.doubles[1]},
            "redoubles": {"made": side.redoubles[0], "contract_made": side.redoubles[1]},
            "sweeps": side.sweeps, "instant_wins": side.instant_wins,
            "decisions_over_budget_plus_50ms": side.over_budget}


_ENUM = {m.api_name: m.name for m in Mode}


def validate(level: str, deals: int, seed: int, rules: str = "giretra.com", budget_ms: float = 250.0,
             progress: Callable[[str], None] | None = None) -> dict[str, object]:
    """Play *deals* deals with *level* at every seat, as whole matches one after another (so the bot also meets a
    second deal, the scores and the last deal's result), each match twice; any illegal action, crash or difference
    between the two runs is a failure.  The second run proves determinism, so the bot runs without its time guard
    (work limits only).  A bot of one's own plays the matches whose two runs agreed a third time, in a new Python
    process with another string hash seed (:func:`_replay_elsewhere`): the order of a set of strings changes from
    one process to the next, and a bot that follows it is not reproducible either.  What breaks in this package,
    not in the bot, is raised, never reported as the bot's."""
    failures: list[str] = []
    times: list[float] = []
    played = matches = finished = 0
    agreed: list[tuple[int, int, int, _Run]] = []   # match number, seed, deals asked, first run: two runs agreed
    while played < deals:
        match_seed = random.Random(f"validate/{seed}/{matches}").randrange(2**53)
        matches += 1
        runs = []
        for run_number in range(2):
            attempt = _validate_run(level, match_seed, rules, budget_ms, deals - played,
                                    times if run_number == 0 else [])
            runs.append(attempt)
            if attempt.failure is not None:
                again = (f"python -m giretra_core --seed {match_seed} --bots {shlex.quote(level)} --rules {rules} "
                         "plays this match again")
                if run_number == 1:   # the first run passed: the bot is not reproducible, which is the failure
                    again = (f"on the second run only, the first passed: draw every random choice from rng, keep no "
                             f"state between calls; {again}, maybe without the failure")
                failures.append(f"match {matches} (seed {match_seed}), deal {attempt.deals}, {attempt.where}: "
                                f"{attempt.failure} "
                                f"({again})")
                break
        first = runs[0]
        asked = deals - played
        before, played = played, played + first.deals
        finished += first.deals - (first.failure is not None)   # a failure stops its deal
        if first.unexplained is not None:
            failures.append(f"match {matches} (seed {match_seed}): no reason given, first for {first.unexplained}")
        if len(runs) == 2 and runs[1].failure is None:   # the first passed
            if runs[0].tokens != runs[1].tokens:
                one, two, step = _first_difference(runs[0].tokens, runs[1].tokens)
                failures.append(f"match {matches} (seed {match_seed}): two runs with the same seed differ at decision "
                                f"{step} ({one}, then {two}): draw every random choice from rng, keep no state "
                                "between calls")
            else:
                agreed.append((matches, match_seed, asked, first))
        step = max(1, deals // 10)
        if progress is not None and (played // step > before // step or played >= deals):   # about ten lines
            progress(f"{played}/{_plural(deals, 'deal')} ({_plural(matches, 'match')}), "
                     f"{_plural(len(failures), 'failure')}")
    if agreed and own.is_own(level):
        hash_seed = _other_hash_seed()
        elsewhere = f"a new Python process (PYTHONHASHSEED={hash_seed})"
        if progress is not None:
            progress(f"playing {_plural(len(agreed), 'match')} again in {elsewhere}")
        replayed = _replay_elsewhere(level, rules, budget_ms, [(s, n) for _, s, n, _ in agreed], hash_seed)
        for (number, match_seed, _, first), other in zip(agreed, replayed, strict=True):
            if other.failure is not None:
                failures.append(f"match {number} (seed {match_seed}), deal {other.deals}, {other.where}: "
                                f"{other.failure} (only in {elsewhere}: the two runs in this one passed)"
                                f"{_HASH_ORDER}")
            elif other.tokens != first.tokens:
                one, two, step = _first_difference(first.tokens, other.tokens)
                failures.append(f"match {number} (seed {match_seed}): {elsewhere} plays it differently from "
                                f"decision {step} ({one}, then {two}){_HASH_ORDER}")
    return {"level": level, "deals": deals, "deals_finished": finished, "matches": matches, "seed": seed,
            "rules": rules, "failures": failures,
            "ok": not failures, "decision_ms_p50": round(_percentile(times, 0.5), 2),
            "decision_ms_p95": round(_percentile(times, 0.95), 2), "decision_ms_max": round(max(times, default=0), 2),
            "decisions_over_budget_plus_50ms": sum(t > budget_ms + 50 for t in times)}


_HASH_ORDER = (": does the bot follow the order of a set (or a dict built from one) of strings? Their order changes "
               "with the process's hash seed: sort them, or keep a list")


def _plural(n: int, word: str) -> str:
    """``"1 deal"``, ``"3 deals"``, ``"2 matches"``."""
    return f"{n} {word}" if n == 1 else f"{n} {word}{'es' if word.endswith(('ch', 's')) else 's'}"


def _first_difference(one: list[str], two: list[str]) -> tuple[str, str, int]:
    """Where two runs' decisions first differ: each one's decision there ("the end" past its last) and its number
    (from 1)."""
    step = next((k for k, (a, b) in enumerate(zip(one, two, strict=False)) if a != b), min(len(one), len(two)))
    return (one[step] if step < len(one) else "the end"), (two[step] if step < len(two) else "the end"), step + 1


def _other_hash_seed() -> int:
    """A string hash seed that is not this process's: PYTHONHASHSEED + 1 if it is set, else 1 (this process's is
    then drawn at random, or 0 for "random" being off)."""
    mine = os.environ.get("PYTHONHASHSEED", "")
    return (int(mine) + 1) % 4_294_967_296 if mine.isdigit() else 1


_REPLAY_MARK = "\x00giretra-validate\x00"   # what the bot prints may come first


def _replay_elsewhere(level: str, rules: str, budget_ms: float, matches: list[tuple[int, int]],
                      hash_seed: int) -> list[_Run]:
    """Each of *matches* (seed, deals) played again as :func:`validate` plays it, all in one new Python process
    whose string hash seed is *hash_seed*: one process start for the whole validation.

    :raises RuntimeError: if that process fails (this package's bug, not the bot's: its mistakes are in the runs)."""
    package_root = str(Path(__file__).resolve().parents[1])
    env = {**os.environ, "PYTHONHASHSEED": str(hash_seed),
           "PYTHONPATH": os.pathsep.join(p for p in (package_root, os.environ.get("PYTHONPATH")) if p)}
    registered = [[lv.pattern, _reference(lv.parse), _reference(lv.choose), lv.legend] for lv in _REGISTERED.values()]
    request = json.dumps({"level": level, "rules": rules, "budget_ms": budget_ms, "matches": matches,
                          "path": sys.path, "registered": registered})
    done = subprocess.run([sys.executable, "-c", "from giretra_core.arena import _replay_here; _replay_here()"],
                          input=request, capture_output=True, text=True, encoding="utf-8", env=env, check=False)
    if done.returncode != 0 or _REPLAY_MARK not in done.stdout:
        raise RuntimeError(f"validate: the new Python process replaying {level} failed (exit {done.returncode}):\n"
                           f"{done.stderr[-4000:]}")
    return [_Run(**run) for run in json.loads(done.stdout.rpartition(_REPLAY_MARK)[2])]


def _replay_here() -> None:
    """The new process of :func:`_replay_elsewhere`: the request on stdin, the runs on stdout after a mark."""
    request = json.loads(sys.stdin.read())
    sys.path[:0] = request["path"]   # as the validating process finds the bot's modules
    for pattern, parse, choose, legend in request["registered"]:   # the levels the validating process knows
        register_level(Level(pattern, _load(parse), _load(choose), legend))  # type: ignore[arg-type]
    with contextlib.redirect_stdout(sys.stderr):   # what the bot prints
        runs = [dataclasses.asdict(_validate_run(request["level"], seed, request["rules"], request["budget_ms"],
                                                 deals, [])) for seed, deals in request["matches"]]
    sys.stdout.write(_REPLAY_MARK + json.dumps(runs) + "\n")


@dataclass
class _Run:
    """One run of a validated match: its decisions, the deals it reached, and what went wrong."""

    tokens: list[str] = field(default_factory=list)   # "Bottom 10H", decision by decision
    deals: int = 0                                     # deals finished, or the number of the deal that failed
    where: str = ""                                    # the failed action's place in its deal (where_in_deal)
    failure: str | None = None
    unexplained: str | None = None                     # the first decision without a reason


def where_in_deal(deal: Deal) -> str:
    """The next action's place in *deal*, as its log counts them: "action 14 (trick 2, card 3)"."""
    number = len(deal.action_tokens()) + 1
    if deal.cut is None:
        return f"action {number} (the cut)"
    if deal.contract is None:
        assert deal.negotiation is not None
        return f"action {number} (call {len(deal.negotiation.calls) + 1})"
    return f"action {number} (trick {len(deal.tricks) + 1}, card {len(deal.trick) + 1})"


def _validate_run(level: str, match_seed: int, rules: str, budget_ms: float, max_deals: int,
                  times: list[float]) -> _Run:
    run = _Run()
    # The seats' streams as `python -m giretra_core --seed` draws them, so that its log replays a failure exactly.
    rngs = [random.Random(f"{match_seed}/{s}") for s in range(4)]
    match = Match.new(match_seed, rules, [own.recorded(level)] * 4)
    while not match.is_over and len(match.history) < max_deals:
        seat = match.turn
        assert seat is not None
        start = time.perf_counter()
        try:
            decision = _decide(level, match, seat, rngs[seat], budget_ms, time_guard=False)
        except own.OwnBotError as err:   # a bot of one's own: each of its mistakes is one of these
            run.failure = str(err)
        except Exception as err:  # noqa: BLE001 — a built-in level crashing is what we are looking for
            if own.is_own(level):
                raise   # not the bot's mistake: a bug of this package stays loud
            run.failure = f"crash: {type(err).__name__}: {err} ({own.raised_at(err)})"
        else:
            times.append((time.perf_counter() - start) * 1000)
            run.tokens.append(f"{seat.api_name} {action_token(decision.action)}")
            if not decision.why and run.unexplained is None:
                run.unexplained = run.tokens[-1]
            reason = match.deal.validate(seat, decision.action)   # a bot of one's own: checked already
            if reason is not None:
                run.failure = f"illegal action {action_token(decision.action)} for {seat.api_name}: {reason}"
        if run.failure is not None:
            run.deals = len(match.history) + 1
            run.where = where_in_deal(match.deal)
            return run
        match = match.apply(seat, decision.action)   # checked legal above: a refusal now is the engine's bug
    run.deals = len(match.history)
    return run


def _print_report(r: dict[str, object]) -> None:
    ci = r["win_rate_ci95"] or [0.0, 0.0]
    assert isinstance(ci, list)
    pairs, games = int(str(r["pairs"])), int(str(r["games"]))
    played = _plural(games, "match" if r["mode"] == "matches" else "deal")
    print(f"{r['A']} (A) vs {r['B']} (B): {_plural(pairs, 'duplicate pair')} ({played}), seed {r['seed']}, "
          f"rules {r['rules']}, budget {r['budget_ms']} ms" + (f", bidder {r['bidder']}" if r["bidder"] else ""))
    # The pair is the unit of the intervals: one pair gives none.
    one = r["win_rate_ci95"] is None

    def interval(low: float, high: float, percent: bool = False) -> str:
        return "(one pair: no interval)" if one else \
            f"95% CI [{low:.1%}, {high:.1%}]" if percent else f"95% CI [{low:+}, {high:+}]"

    won = "matches" if r["mode"] == "matches" else "deals (more match points; a tie counts 1/2)"
    print(f"  A wins {r['wins_A']:g}/{r['games']} {won} = {float(str(r['win_rate_A'])):.1%}  "
          + interval(ci[0], ci[1], percent=True))
    mp_ci, cp_ci = r["match_points_ci95"] or [0.0, 0.0], r["card_points_ci95"] or [0.0, 0.0]
    assert isinstance(mp_ci, list) and isinstance(cp_ci, list)
    print(f"  match points per deal, A - B: {r['match_points_per_deal_A_minus_B']:+}  {interval(*mp_ci)}")
    print(f"  card points per deal, A - B:  {r['card_points_per_deal_A_minus_B']:+}  {interval(*cp_ci)}")
    print(f"  {_plural(int(str(r['deals_played'])), 'deal')} in {r['seconds']} s")
    per_mode = r["per_mode_A_minus_B"]
    assert isinstance(per_mode, dict)
    for mode, row in per_mode.items():
        deals = "deal " if row["deals"] == 1 else "deals"
        print(f"    {mode:15} {row['deals']:5} {deals}  card points A-B {row['card_points']:+7.2f}  "
              f"match points A-B {row['match_points']:+7.2f}")
    for key in ("A", "B"):
        side = r[f"side_{key}"]
        assert isinstance(side, dict)
        print(f"  {key} = {side['level']}")
        for kind, t in side["decision_time"].items():
            if t["n"]:
                print(f"    time {kind:12} n={t['n']:6}  p50 {t['p50_ms']:7.2f}  p95 {t['p95_ms']:7.2f}  "
                      f"max {t['max_ms']:7.2f}  mean {t['mean_ms']:7.2f} ms")
        print(f"    decisions over the budget + 50 ms: {side['decisions_over_budget_plus_50ms']}")
        if r["bidder"]:
            print(f"    (the contracts below were bid by {r['bidder']}, for every seat)")
        for mode, c in side["contracts"].items():
            print(f"    {mode:15} taken {c['taken']:5}  made {c['made']:5}  failed {c['failed']:5}  "
                  f"tied {c['tied']:3}  success {c['success_rate']}")
        if "partner" in side:
            pq = side["partner"]
            print(f"    partner quality: {pq['needless_overtakes']} needless overtakes of the partner's sure trick, "
                  f"{pq['costly_overtakes']} of them costly; card points lost against the solver "
                  f"{pq['card_points_lost']} ({pq['card_points_lost_per_deal']} a deal)")
            print(f"    partner quality: {pq['unreturned_leads']} leads left the partner's suit unreturned, "
                  f"{pq['costly_unreturned_leads']} of them costly; card points lost against the solver "
                  f"{pq['unreturned_card_points_lost']} ({pq['unreturned_card_points_lost_per_deal']} a deal)")
            print(f"    partner quality: {pq['kept_high']} higher cards kept under the partner's trick in its suit "
                  f"(blocks), {pq['costly_kept_high']} of them costly; card points lost against the solver "
                  f"{pq['kept_high_card_points_lost']} ({pq['kept_high_card_points_lost_per_deal']} a deal)")
        doubles, redoubles = side["doubles"], side["redoubles"]
        print(f"    doubles {doubles['made']} (the doubled contract failed {doubles['contract_failed']})  "
              f"redoubles {redoubles['made']} (the contract made {redoubles['contract_made']})  "
              f"sweeps {side['sweeps']}  instant wins {side['instant_wins']}")


def main(argv: list[str] | None = None, prog: str = "python -m giretra_core.arena") -> int:
    parser = argparse.ArgumentParser(prog=prog, description=__doc__.split("\n")[0])
    parser.add_argument("a", nargs="?", type=_level, help=f"bot A: {', '.join(level_names())}")
    parser.add_argument("b", nargs="?", type=_level, help="bot B")
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--matches", type=_count, help="duplicate match pairs (default 100)")
    group.add_argument("--deals", type=_count, help="duplicate single-deal pairs")
    parser.add_argument("--seed", type=int, default=1, help="the seed of every deck, cut and bot (default 1)")
    parser.add_argument("--rules", default="giretra.com", choices=list(PRESETS))
    parser.add_argument("--budget", type=_budget, default=250.0,
                        help="thinking budget per decision, ms (default 250): asked of the bots, measured, "
                             "not enforced")
    parser.add_argument("--bidder", type=_level, help="with --deals: this level bids for every seat")
    parser.add_argument("--validate", metavar="BOT", type=_level,
                        help="play --deals N (default 50) deals with BOT at every seat, as whole matches, each twice; "
                             "fail on any illegal action, crash or non-determinism (always without the time guard)")
    parser.add_argument("--no-time-guard", action="store_true",
                        help="searching bots stop on their work limit only: results independent of the machine's load")
    parser.add_argument("--jobs", type=_count, default=None,
                        help=f"processes to play the pairs in (default: every core, here {default_jobs()}); the "
                             "figures are those of --jobs 1, only the times differ")
    parser.add_argument("--partner", action="store_true",
                        help="the partner-quality figure: needless overtakes of the partner's sure trick, leads that "
                             "leave the partner's suit unreturned, higher cards kept under the partner's trick in its "
                             "suit (blocks), and the card points they lose against the exact solver, per side")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--quiet", action="store_true", help="no progress lines on stderr")
    args = parser.parse_args(argv)
    if args.validate and (args.a or args.matches or args.bidder):
        parser.error("--validate BOT plays BOT at every seat, --deals N deals: no other bot, --matches or --bidder")
    # With --json, stdout is the one JSON object: what a bot prints, importing or playing, goes to stderr (a print()
    # broke the JSON), and a bot's failure is one too.
    def bots_print() -> contextlib.AbstractContextManager[object]:
        return contextlib.redirect_stdout(sys.stderr) if args.json else contextlib.nullcontext()

    def failed(err: own.OwnBotError, more: str = "") -> int:
        if args.json:
            print(json.dumps({"ok": False, "error": str(err)}))
        return _bot_failed(err, more)

    if any(level and remote.is_remote(level) for level in (args.bidder, args.validate)):
        parser.error("--bidder and --validate take this package's levels and bots of one's own; a bot served over the "
                     "protocol plays as A or B")
    for level in (args.a, args.b, args.bidder, args.validate):
        if level and own.is_own(level) and not remote.is_remote(level):
            try:
                with bots_print():
                    own.load(level)
            except GiretraError as err:  # not there: a one-line answer (argparse's usage would bury it)
                if args.json:   # stdout is the one JSON object, whatever the mistake
                    print(json.dumps({"ok": False, "error": str(err)}))
                parser.exit(2, f"{parser.prog}: error: {err}\n")
            except own.OwnBotError as err:  # its module raised: where, in the bot's code
                return failed(err)

    def progress(line: str) -> None:
        if not args.quiet:
            print(line, file=sys.stderr, flush=True)

    if args.validate:
        with bots_print():
            out = validate(args.validate, args.deals or 50, args.seed, args.rules, args.budget, progress)
        if args.json:
            print(json.dumps(out))
        else:
            status = "OK" if out["ok"] else "FAILED"
            asked, done = int(str(out["deals"])), int(str(out["deals_finished"]))
            # What was played: a failure stops its match, so fewer deals may have been finished than asked.
            deals = _plural(asked, "deal") if done == asked else f"{done} of {_plural(asked, 'deal')} finished"
            how_many = _plural(int(str(out["matches"])), "match")
            print(f"validate {args.validate}: {deals} ({how_many}), seed {args.seed}: "
                  f"{status}; decision time p50 {out['decision_ms_p50']} ms, p95 {out['decision_ms_p95']} ms, max "
                  f"{out['decision_ms_max']} ms; over the budget + 50 ms: {out['decisions_over_budget_plus_50ms']}")
            failures = out["failures"]
            assert isinstance(failures, list)
            for line in failures:
                print("  " + line)
        return 0 if out["ok"] else 1
    if not args.a or not args.b:
        parser.error("two bot levels are needed (or --validate BOT)")
    if args.bidder and not args.deals:
        parser.error("--bidder goes with --deals")
    matches = args.matches if args.matches or args.deals else 100
    try:
        with bots_print():
            result = run(args.a, args.b, args.seed, matches if not args.deals else None, args.deals, args.rules,
                         args.budget, args.bidder, progress, time_guard=not args.no_time_guard,
                         jobs=args.jobs or default_jobs(), partner=args.partner)
    except remote.RemoteBotError as err:   # a bot served over the protocol: what was sent and what came back
        return failed(err)
    except own.OwnBotError as err:  # a level of this package breaking a rule stays a full traceback
        return failed(err, "\n(--validate BOT plays many deals and lists every failure, match by match)")
    if args.json:
        print(json.dumps(result))
    else:
        _print_report(result)
    return 0


def _bot_failed(err: own.OwnBotError, more: str = "") -> int:
    if isinstance(err.__cause__, _CrashText):   # a crash in a worker process: its traceback as it printed it
        print(str(err.__cause__), end="", file=sys.stderr)
    elif err.__cause__ is not None:
        traceback.print_exception(err.__cause__)  # a crash: where, in the bot's code
    print(f"error: {err}{more}", file=sys.stderr)
    return 1


if __name__ == "__main__":
    raise SystemExit(exit_code(main))
