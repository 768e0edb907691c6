"""Level 1, random: uniform over the legal actions (cut, calls, cards)."""

from __future__ import annotations

import random

from ..errors import GiretraError
from ..views import SeatView
from .reasons import Decision, decide


def choose(view: SeatView, rng: random.Random, budget_ms: float = 0.0, time_guard: bool = True) -> Decision:
    """Uniform over the legal actions."""
    legal = view.legal
    if not legal:
        raise GiretraError(f"{view.seat.api_name} has nothing to do now", "not_your_turn")
    return decide(rng.choice(legal), "random")
