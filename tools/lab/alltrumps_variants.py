"""The advanced level with one idea for AllTrumps (and NoTrumps) switched on, to measure it against the level as it
is (docs/bots.md, "AllTrumps against Eva"): ``python -m tools.lab.arena tools.lab.alltrumps_variants:long_lead_at
advanced --deals 300 --bidder advanced --seed S --jobs 1``.  Each sets one flag of
:mod:`giretra_core.bots.cardplay` for its own decisions only (the arena plays both sides in one process)."""

from __future__ import annotations

import random

from giretra_core.bots import advanced, cardplay
from giretra_core.bots.reasons import Decision
from giretra_core.views import SeatView


def _with(flags: dict[str, bool], view: SeatView, rng: random.Random, budget_ms: float,
          time_guard: bool) -> Decision:
    kept = {flag: getattr(cardplay, flag) for flag in flags}
    for flag, value in flags.items():
        setattr(cardplay, flag, value)
    try:
        return advanced.choose(view, rng, budget_ms, time_guard)
    finally:
        for flag, value in kept.items():
            setattr(cardplay, flag, value)


def long_lead_at(view: SeatView, rng: random.Random, budget_ms: float = 0.0, time_guard: bool = True) -> Decision:
    return _with({"LONG_LEAD_AT": True}, view, rng, budget_ms, time_guard)


def long_lead_nt(view: SeatView, rng: random.Random, budget_ms: float = 0.0, time_guard: bool = True) -> Decision:
    return _with({"LONG_LEAD_NT": True}, view, rng, budget_ms, time_guard)


def long_lead(view: SeatView, rng: random.Random, budget_ms: float = 0.0, time_guard: bool = True) -> Decision:
    return _with({"LONG_LEAD_AT": True, "LONG_LEAD_NT": True}, view, rng, budget_ms, time_guard)


def second_at(view: SeatView, rng: random.Random, budget_ms: float = 0.0, time_guard: bool = True) -> Decision:
    return _with({"SECOND_AT": True}, view, rng, budget_ms, time_guard)


def load_at(view: SeatView, rng: random.Random, budget_ms: float = 0.0, time_guard: bool = True) -> Decision:
    return _with({"LOAD_AT": True}, view, rng, budget_ms, time_guard)


def load_nt(view: SeatView, rng: random.Random, budget_ms: float = 0.0, time_guard: bool = True) -> Decision:
    return _with({"LOAD_NT": True}, view, rng, budget_ms, time_guard)


def all_on(view: SeatView, rng: random.Random, budget_ms: float = 0.0, time_guard: bool = True) -> Decision:
    return _with({"LONG_LEAD_AT": True, "LONG_LEAD_NT": True, "LOAD_AT": True}, view, rng, budget_ms, time_guard)


def long_low_at(view: SeatView, rng: random.Random, budget_ms: float = 0.0, time_guard: bool = True) -> Decision:
    """The lowest card of the longest suit, against the second best (the suit or the card?)."""
    return _with({"LONG_LEAD_AT": True, "LONG_LEAD_LOW": True}, view, rng, budget_ms, time_guard)
