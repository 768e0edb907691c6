"""Bots: pure functions of a seat view and a seeded RNG (STYLE §12).

Each level is a function ``choose(view, rng, budget_ms) -> Decision``.  A bot sees only its
:class:`~giretra_core.views.SeatView`, so it cannot cheat.  The ladder (random, basic,
advanced, expert) grows in the bots issue; ``random`` is uniform over the legal actions.

>>> import random
>>> from .match import Match
>>> from .views import seat_view
>>> m = Match.new(seed=3)
>>> d = choose("random", seat_view(m, m.turn), random.Random(0))
>>> d.action in m.legal_actions()
True
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import NamedTuple

from .deal import Action
from .errors import GiretraError
from .views import SeatView


class Decision(NamedTuple):
    action: Action
    why: str  # one short line: the bot's reason


BotFn = Callable[[SeatView, random.Random, float], Decision]


def random_bot(view: SeatView, rng: random.Random, budget_ms: float = 0.0) -> Decision:
    """Uniform over the legal actions (cut, calls, cards)."""
    legal = view.legal
    if not legal:
        raise GiretraError(f"{view.seat.api_name} has nothing to do now", "not_your_turn")
    return Decision(rng.choice(legal), "random choice")


LEVELS: dict[str, BotFn] = {
    "random": random_bot,
}


def choose(level: str, view: SeatView, rng: random.Random, budget_ms: float = 250.0) -> Decision:
    """The action the bot *level* takes for *view*.

    :raises GiretraError: for an unknown level, or a view where this seat has nothing to do.
    """
    bot = LEVELS.get(level)
    if bot is None:
        raise GiretraError(f"unknown bot level: {level!r} (expected one of {', '.join(LEVELS)})", "bad_level",
                           text=str(level))
    return bot(view, rng, budget_ms)
