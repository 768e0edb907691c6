"""The advanced level with one of Eva's lead ideas switched off (docs/bots.md, "Eva's leads in the advanced level"):
``python -m tools.lab.arena tools.lab.advanced_old:choose tools.lab.leads_variants:no_ruff_check --deals 300
--bidder advanced --seed 3621 --jobs 1``.  Each switches one flag of :mod:`giretra_core.bots.cardplay` for its own
decisions only (the arena plays both sides in one process)."""

from __future__ import annotations

import random

from giretra_core.bots import advanced, cardplay
from giretra_core.bots.reasons import Decision
from giretra_core.views import SeatView


def _with(flag: str, value: bool, view: SeatView, rng: random.Random, budget_ms: float,
          time_guard: bool) -> Decision:
    kept = getattr(cardplay, flag)
    setattr(cardplay, flag, value)
    try:
        return advanced.choose(view, rng, budget_ms, time_guard)
    finally:
        setattr(cardplay, flag, kept)


def no_ruff_check(view: SeatView, rng: random.Random, budget_ms: float = 0.0, time_guard: bool = True) -> Decision:
    return _with("RUFF_CHECK", False, view, rng, budget_ms, time_guard)


def no_cash_trumps(view: SeatView, rng: random.Random, budget_ms: float = 0.0, time_guard: bool = True) -> Decision:
    return _with("CASH_TRUMPS", False, view, rng, budget_ms, time_guard)


def no_cash_unfollowed(view: SeatView, rng: random.Random, budget_ms: float = 0.0,
                       time_guard: bool = True) -> Decision:
    return _with("CASH_UNFOLLOWED", False, view, rng, budget_ms, time_guard)


def partner_suit_low(view: SeatView, rng: random.Random, budget_ms: float = 0.0,
                     time_guard: bool = True) -> Decision:
    return _with("PARTNER_SUIT_HIGH", False, view, rng, budget_ms, time_guard)


def no_keep_suit(view: SeatView, rng: random.Random, budget_ms: float = 0.0, time_guard: bool = True) -> Decision:
    return _with("KEEP_SUIT", False, view, rng, budget_ms, time_guard)


def no_void_suits(view: SeatView, rng: random.Random, budget_ms: float = 0.0, time_guard: bool = True) -> Decision:
    return _with("VOID_SUITS", False, view, rng, budget_ms, time_guard)
