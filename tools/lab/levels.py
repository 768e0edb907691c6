"""The lab's offline levels, as the arena plays them (:func:`giretra_core.arena.register_level`)."""

from __future__ import annotations

import random

from giretra_core import arena
from giretra_core.bots.reasons import Decision
from giretra_core.match import Match
from giretra_core.seats import Seat
from giretra_core.views import seat_view

from . import ismcts, replay, sighted


def play_replay(match: Match, seat: Seat, rng: random.Random, budget_ms: float, level: str,
                time_guard: bool) -> Decision:
    return replay.choose(seat_view(match, seat), rng, budget_ms, level, time_guard)


def play_ismcts(match: Match, seat: Seat, rng: random.Random, budget_ms: float, level: str,
                time_guard: bool) -> Decision:
    return ismcts.choose(seat_view(match, seat), rng, budget_ms, level, time_guard)


LEVELS = (
    arena.Level("sighted[-from-T][-partner|-honours][-blur-P][-keep]", sighted.parse, sighted.choose,
                "T = 1..8, P = 1..99 or eight values 0..100 joined by '/', one per trick"),
    arena.Level("replay[-P][-all][-leads][-tries-N][-keep]", replay.parse, play_replay, "N = 1..9999 deals tried"),
    arena.Level("ismcts[-full][-c-X]", ismcts.parse, play_ismcts, "X = the exploration constant"),
)


def register() -> None:
    """Let the arena play the lab's levels."""
    for level in LEVELS:
        arena.register_level(level)
