"""Bots: pure functions of a seat view and a seeded RNG (STYLE §12).

Each level is a function ``(view, rng, budget_ms, time_guard) -> Decision``.  A bot sees only its
:class:`~giretra_core.views.SeatView`, so it cannot cheat; the same view and the same RNG
state give the same decision.  The ladder, weakest first (the last one is the hint):

* ``random``   — uniform over the legal actions;
* ``basic``    — a strength estimate of the five cards per mode for the negotiation; plays
  master cards, adds points when the partner wins, wins cheaply or throws the cheapest card;
* ``advanced`` — adds inference (voids, what the bids say), seat position, partner signals
  and score-aware bidding;
* ``expert``   — determinized search: samples the hidden hands from everything the seat
  knows (against advanced bots, also what their earlier cards say, read through the policy they
  play: :mod:`.posterior`), plays every legal card out in each sampled deal (policy play-outs, then an exact
  solver for the ending), within a time budget.

The oracle (:mod:`.oracle`) sees every hand; it is the arena's yardstick and is never offered
to players, so it is not in :data:`LEVELS`.

>>> import random
>>> from ..match import Match
>>> from ..views import seat_view
>>> m = Match.new(seed=3)
>>> d = choose("random", seat_view(m, m.turn), random.Random(0))
>>> d.action in m.legal_actions(), d.why
(True, 'random choice')
"""

from __future__ import annotations

import random
from typing import Protocol

from ..errors import GiretraError
from ..views import SeatView
from . import advanced, basic, expert, random_bot
from .reasons import REASONS, Decision, explain

__all__ = ["Decision", "LEVELS", "REASONS", "BotFn", "choose", "explain"]


class BotFn(Protocol):
    """A bot: ``(view, rng, budget_ms, time_guard) -> Decision``, a legal action of *view* with its reason, drawing
    every random choice from *rng* (docs/bots.md, "Your own bot")."""

    def __call__(self, view: SeatView, rng: random.Random, budget_ms: float = ...,
                 time_guard: bool = ...) -> Decision: ...


LEVELS: dict[str, BotFn] = {
    "random": random_bot.choose,
    "basic": basic.choose,
    "advanced": advanced.choose,
    "expert": expert.choose,
}


def choose(level: str, view: SeatView, rng: random.Random, budget_ms: float = 250.0, *,
           time_guard: bool = True) -> Decision:
    """The action the bot *level* takes for *view*.

    *budget_ms* bounds the thinking time of the searching level; *time_guard* off makes it
    stop on its work limit only (fully reproducible even on a loaded machine).

    :raises GiretraError: for an unknown level, or a view where this seat has nothing to do.
    """
    bot = LEVELS.get(level)
    if bot is None:
        raise GiretraError(f"unknown bot level: {level!r} (expected one of {', '.join(LEVELS)})", "bad_level",
                           text=str(level))
    return bot(view, rng, budget_ms, time_guard)
