"""The deal of the day and the day's puzzles: the same for everyone on a date, from the date alone (no server).

* :func:`daily_deal`: the date's deal, its cut and its negotiation made by the advanced bots for all four seats, so
  that everyone plays the cards of the same contract from the first card; its *par* is what the exact solver gives
  the player's team (Team1: Bottom and Top) if all four play perfectly with every hand known.
* :func:`puzzle`: an ending of the last 2 to 4 tricks, every hand shown: "take *goal* card points of the last *n*
  tricks". The player plays Bottom; the three others play the solver's best card (the partner for the player's team,
  the opponents against it; the lowest card of equal ones). The engine keeps a puzzle only if, on that line, exactly
  one card reaches the goal at each of Bottom's turns (checked by the solver), and Bottom has a choice at the first.

>>> daily_seed("2026-11-28") == daily_seed("2026-11-28") != daily_seed("2026-11-29")
True
>>> daily_seed("2026-02-30")
Traceback (most recent call last):
...
giretra_core.errors.GiretraError: '2026-02-30' is not a date of the calendar (YYYY-MM-DD, from 2000-01-01 to 2999-12-31)
"""

from __future__ import annotations

import datetime
import hashlib
import re
from collections.abc import Sequence
from dataclasses import dataclass

from .bots.solver import Solver, solver_for
from .cards import Card
from .deal import Deal, Phase
from .errors import GiretraError, RequestError
from .match import MAX_SEED, Match
from .modes import Mode
from .review import choose
from .scoring import DealScore, score_deal
from .seats import Seat

PLAYERS = ("human", "advanced", "advanced", "advanced")
_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")
MAX_TRIES = 200   # candidate endings tried for a puzzle (a few usually suffice)


def _check_date(date: str) -> str:
    try:
        ok = bool(_DATE.fullmatch(date)) and 2000 <= datetime.date.fromisoformat(date).year <= 2999
    except ValueError:
        ok = False
    if not ok:
        raise GiretraError(f"{date!r} is not a date of the calendar (YYYY-MM-DD, from 2000-01-01 to 2999-12-31)",
                           "bad_date", text=date)
    return date


def daily_seed(date: str, what: str = "deal") -> int:
    """The seed of *date*'s *what*: a hash of both (sha256: the same in every browser and every Python)."""
    digest = hashlib.sha256(f"giretra {what} {_check_date(date)}".encode()).digest()
    return int.from_bytes(digest[:8], "big") % (MAX_SEED + 1)


def _bots_until_play(m: Match) -> Match:
    """The advanced bots cut and bid for all four seats until the play starts (a deal nobody took is dealt again)."""
    while m.deal.phase is not Phase.PLAY:
        seat = m.turn
        assert seat is not None
        m = m.apply(seat, choose(m, seat, "advanced", 0, 0.0).action)
    return m


def _solver(deal: Deal, what: str, sweep_bonus: int) -> Solver:
    contract = deal.contract
    assert contract is not None
    return solver_for((what, *deal.initial_hands()), int(contract.mode), deal.rules.notrumps_must_rise, sweep_bonus)


def _legal(deal: Deal) -> list[Card]:
    out = []
    for action in deal.legal_actions():
        assert isinstance(action, int)
        out.append(action)
    return out


def _values(deal: Deal, solver: Solver) -> dict[Card, int]:
    """Each legal card of the seat to play: Team1's card points from now on if all play perfectly after it (plus the
    solver's sweep bonus for a sweep)."""
    won = (any(t.winner & 1 == 0 for t in deal.tricks), any(t.winner & 1 == 1 for t in deal.tricks))
    return solver.move_values(deal.hands, int(deal.leader), deal.trick, won, _legal(deal))


SWEEP = 1000   # as analysis.SWEEP: a sweep ranks above any card points


def daily_deal(date: str) -> Match:
    """*date*'s deal at its first card: dealt from the date's seed, cut and bid by the advanced bots."""
    return _bots_until_play(Match.new(daily_seed(date), players=PLAYERS))


def par(date: str) -> DealScore:
    """*date*'s deal's result if all four play perfectly from its first card, every hand known: seconds of the exact
    solver on a whole deal (docs/performance.md), so the page asks it once the deal is over."""
    m = daily_deal(date)
    deal = m.deal
    # One search of the deal's value, not a value for each of the leader's cards (that was 1.5-6.7x the nodes: 16 s
    # for 2026-12-09 in CPython against 4 s, the same value on every date measured).
    v = _solver(deal, "daily", SWEEP).solve(deal.hands, int(deal.leader), deal.trick, (False, False))   # Team1's
    sweep = 0 if v > SWEEP // 2 else 1 if v < -SWEEP // 2 else None
    rest = v - SWEEP if sweep == 0 else v + SWEEP if sweep == 1 else v
    contract = deal.contract
    assert contract is not None
    team1 = deal.points[0] + rest
    points = (team1, Mode(contract.mode).total_points - team1)
    return score_deal(m.rules, contract.mode, contract.multiplier, contract.announcer_team, points, sweep,
                      automatic=contract.automatic)


@dataclass(frozen=True, slots=True)
class Puzzle:
    date: str
    number: int
    start: Deal               # Bottom to play, *tricks* tricks left (the one under way included)
    tricks: int
    goal: int                 # the card points the player's team takes from the start, with perfect play
    line: tuple[Card, ...]    # the solution: every card from the start, Bottom's the only right ones


def _reply(deal: Deal, solver: Solver) -> Card:
    """The solver's card for the seat to play: the best for its team, the lowest of equal ones."""
    raw = _values(deal, solver)
    assert deal.turn is not None
    best = max(raw.values()) if deal.turn & 1 == 0 else min(raw.values())
    return min(card for card, v in raw.items() if v == best)


def _line(start: Deal, solver: Solver) -> tuple[int, tuple[Card, ...]] | None:
    """The goal and the solution from *start* if exactly one card is right at each of Bottom's turns, else None."""
    deal, goal = start, max(_values(start, solver).values())
    line: list[Card] = []
    while deal.phase is Phase.PLAY:
        if deal.turn == Seat.BOTTOM:
            raw = _values(deal, solver)
            best = max(raw.values())
            right = [card for card, v in raw.items() if v == best]
            if len(right) != 1 or (not line and len(raw) < 2):
                return None
            card = right[0]
        else:
            card = _reply(deal, solver)
        assert deal.turn is not None
        deal = deal.apply(deal.turn, card)
        line.append(card)
    return goal, tuple(line)


def puzzle(date: str, number: int) -> Puzzle:
    """*date*'s puzzle *number*: the first candidate ending (seeded by both) with one right card at each step."""
    for k in range(MAX_TRIES):
        seed = daily_seed(date, f"puzzle {number} {k}")
        tricks = 2 + seed % 3
        m = _bots_until_play(Match.new(seed, players=PLAYERS))
        while len(m.deal.tricks) < 8 - tricks or m.turn != Seat.BOTTOM:
            assert m.turn is not None
            m = m.apply(m.turn, choose(m, m.turn, "advanced", 0, 0.0).action)
        found = _line(m.deal, _solver(m.deal, f"puzzle {seed}", 0))
        if found is not None:
            return Puzzle(date, number, m.deal, tricks, *found)
    raise AssertionError(f"no puzzle for {date} #{number} in {MAX_TRIES} endings")


def follow(p: Puzzle, played: Sequence[Card]) -> tuple[Deal, tuple[Card, ...], Card | None]:
    """The puzzle after Bottom's cards *played*: the deal, every card since the start, and the right card where
    Bottom's last card was wrong (None: every card so far right). Each other seat's card is the solution's.

    :raises IllegalActionError: for a card Bottom may not play there.
    :raises RequestError: for more cards than Bottom has turns, or a card after a wrong one.
    """
    deal, mine = p.start, list(played)
    out: list[Card] = []
    for card in p.line:
        if deal.turn == Seat.BOTTOM:
            if not mine:
                break
            given = mine.pop(0)
            deal = deal.apply(Seat.BOTTOM, given)
            out.append(given)
            if given != card:
                if mine:
                    raise RequestError("played goes on after a wrong card: the puzzle ended there")
                return deal, tuple(out), card
            continue
        assert deal.turn is not None
        deal = deal.apply(deal.turn, card)
        out.append(card)
    if mine:
        raise RequestError(f"played holds {len(played)} cards, more than Bottom plays in this puzzle")
    return deal, tuple(out), None


__all__ = ["Puzzle", "daily_deal", "daily_seed", "follow", "par", "puzzle"]
