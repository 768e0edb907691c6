"""Which part of Eva's card play (:mod:`.eva`) carries its edge over the advanced level: hybrids that play Eva's card
in one part only and the advanced level's elsewhere (docs/bots.md, "Eva, the reference's heuristic bot")::

    python -m tools.lab.arena advanced tools.lab.eva_split:eva_leads --deals 300 --bidder advanced --seed 3611 --jobs 1

``eva_leads``, ``eva_follows``: Eva's leads, or its cards after the lead.  ``lead_masters``, ``lead_partner``,
``lead_partner_suit``, ``lead_void``, ``lead_default``: only the leads of some of Eva's lead steps, told by the
reason key the port gives each step (masters and trumps cashed; the partner's suits and the opponents' voids, or
each alone; the default lead).  ``eva_second``, ``eva_third``, ``eva_fourth``: Eva's cards at one seat of the
trick only.  ``at_lead_default``, ``at_lead_void``, ``at_lead_partner``, ``at_third_load``: Eva's card in AllTrumps
only, for one step (its default lead, its lead into a void, its partner's suits; the third seat adding points to the
partner's trick).
"""

from __future__ import annotations

import random

from giretra_core.bots import advanced
from giretra_core.bots.reasons import Decision
from giretra_core.modes import Mode
from giretra_core.views import SeatView

from . import eva


def _hybrid(view: SeatView, rng: random.Random, budget_ms: float, time_guard: bool, leads: bool,
            keys: frozenset[str] | None = None) -> Decision:
    if view.phase == "play" and (not view.trick) == leads:
        decision = eva.choose(view, rng, budget_ms, time_guard)
        if keys is None or decision.key in keys:
            return decision
    return advanced.choose(view, rng, budget_ms, time_guard)


def eva_leads(view: SeatView, rng: random.Random, budget_ms: float = 250.0, time_guard: bool = True) -> Decision:
    return _hybrid(view, rng, budget_ms, time_guard, leads=True)


def eva_follows(view: SeatView, rng: random.Random, budget_ms: float = 250.0, time_guard: bool = True) -> Decision:
    return _hybrid(view, rng, budget_ms, time_guard, leads=False)


def lead_masters(view: SeatView, rng: random.Random, budget_ms: float = 250.0, time_guard: bool = True) -> Decision:
    return _hybrid(view, rng, budget_ms, time_guard, True, frozenset({"master", "draw_trumps"}))


def lead_partner(view: SeatView, rng: random.Random, budget_ms: float = 250.0, time_guard: bool = True) -> Decision:
    return _hybrid(view, rng, budget_ms, time_guard, True, frozenset({"lead_partner_suit", "lead_short"}))


def lead_default(view: SeatView, rng: random.Random, budget_ms: float = 250.0, time_guard: bool = True) -> Decision:
    return _hybrid(view, rng, budget_ms, time_guard, True, frozenset({"lead_low"}))


def lead_partner_suit(view: SeatView, rng: random.Random, budget_ms: float = 250.0,
                      time_guard: bool = True) -> Decision:
    return _hybrid(view, rng, budget_ms, time_guard, True, frozenset({"lead_partner_suit"}))


def lead_void(view: SeatView, rng: random.Random, budget_ms: float = 250.0, time_guard: bool = True) -> Decision:
    return _hybrid(view, rng, budget_ms, time_guard, True, frozenset({"lead_short"}))


def _seat(view: SeatView, rng: random.Random, budget_ms: float, time_guard: bool, played: int) -> Decision:
    if view.phase == "play" and len(view.trick) == played:
        return eva.choose(view, rng, budget_ms, time_guard)
    return advanced.choose(view, rng, budget_ms, time_guard)


def eva_second(view: SeatView, rng: random.Random, budget_ms: float = 250.0, time_guard: bool = True) -> Decision:
    return _seat(view, rng, budget_ms, time_guard, 1)


def eva_third(view: SeatView, rng: random.Random, budget_ms: float = 250.0, time_guard: bool = True) -> Decision:
    return _seat(view, rng, budget_ms, time_guard, 2)


def eva_fourth(view: SeatView, rng: random.Random, budget_ms: float = 250.0, time_guard: bool = True) -> Decision:
    return _seat(view, rng, budget_ms, time_guard, 3)


def _in_alltrumps(view: SeatView, rng: random.Random, budget_ms: float, time_guard: bool, played: int,
                  key: str) -> Decision:
    """Eva's card in AllTrumps only, at the seat that finds *played* cards in the trick, when Eva's step is *key*."""
    if view.phase == "play" and view.contract is not None and view.contract.mode == Mode.ALL_TRUMPS \
            and len(view.trick) == played:
        decision = eva.choose(view, rng, budget_ms, time_guard)
        if decision.key == key:
            return decision
    return advanced.choose(view, rng, budget_ms, time_guard)


def at_lead_default(view: SeatView, rng: random.Random, budget_ms: float = 250.0, time_guard: bool = True) -> Decision:
    return _in_alltrumps(view, rng, budget_ms, time_guard, 0, "lead_low")


def at_lead_void(view: SeatView, rng: random.Random, budget_ms: float = 250.0, time_guard: bool = True) -> Decision:
    return _in_alltrumps(view, rng, budget_ms, time_guard, 0, "lead_short")


def at_lead_partner(view: SeatView, rng: random.Random, budget_ms: float = 250.0, time_guard: bool = True) -> Decision:
    return _in_alltrumps(view, rng, budget_ms, time_guard, 0, "lead_partner_suit")


def at_third_load(view: SeatView, rng: random.Random, budget_ms: float = 250.0, time_guard: bool = True) -> Decision:
    return _in_alltrumps(view, rng, budget_ms, time_guard, 2, "partner_wins_add")
