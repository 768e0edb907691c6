"""The "sighted" expert: the expert's own search, given the real hidden cards.  Offline only.

A measuring instrument for the arena, never a player: how much of the oracle's edge is the hidden
cards themselves, and from which trick on they matter.  ``sighted`` runs exactly the expert's
card search (:func:`.expert.play`) but every deal it considers is the real one; the negotiation
is the expert's.  Variants, by name:

* ``sighted-from-T`` — the plain expert before trick T (1..8), sighted from trick T on;
* ``sighted-partner`` — sees its partner's hand only; the opponents' cards are sampled as usual.

If the sighted expert comes close to the oracle, the search is sound and what the expert lacks is
information; the trick from which sight pays says where that information is missing.

>>> parse("sighted-from-4"), parse("sighted-partner"), parse("expert")
((4, False), (1, True), None)
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping, Sequence

from ..cards import Mask
from ..errors import GiretraError
from ..match import Match
from ..seats import Seat
from ..views import seat_view
from . import expert
from .inference import sample_world
from .reasons import Decision

_NAME = re.compile(r"sighted(?:-from-([1-8])|-(partner))?")


def parse(level: str) -> tuple[int, bool] | None:
    """(first sighted trick, partner only) for a sighted level's name, None for any other name."""
    found = _NAME.fullmatch(level)
    if found is None:
        return None
    return int(found.group(1) or 1), found.group(2) is not None


def choose(match: Match, seat: Seat, rng: random.Random, budget_ms: float, level: str = "sighted",
           time_guard: bool = True) -> Decision:
    """The sighted expert's action for *seat* in *match* (it reads the hidden hands it is allowed to)."""
    spec = parse(level)
    if spec is None:
        raise GiretraError(f"not a sighted level: {level!r}", "bad_level", text=level)
    first_trick, partner_only = spec
    view = seat_view(match, seat)
    deal = match.deal
    if view.phase != "play" or len(deal.tricks) + 1 < first_trick:
        return expert.choose(view, rng, budget_ms, time_guard)
    return expert.play(view, rng, budget_ms, time_guard, sampler=real_deal(match, seat, partner_only))


def real_deal(match: Match, seat: Seat, partner_only: bool = False) -> expert.Sampler:
    """A sampler for the expert's search that deals the real hidden cards (only the partner's with
    *partner_only*: the opponents' are then sampled as the expert does)."""
    hands = match.deal.hands
    shown = {int(seat) ^ 2} if partner_only else {0, 1, 2, 3}

    def real(rng: random.Random, unseen: Mask, counts: Mapping[int, int], forbidden: Mapping[int, Mask],
             bias: Mapping[int, Sequence[float]] | None) -> dict[int, Mask] | None:
        known = [p for p in counts if p in shown]
        rest = [p for p in counts if p not in shown]
        if not rest:
            return {p: hands[p] for p in counts}
        held = 0
        for p in known:
            held |= hands[p]
        world = sample_world(rng, unseen & ~held, {p: counts[p] for p in rest}, {p: forbidden[p] for p in rest},
                             bias)
        return None if world is None else world | {p: hands[p] for p in known}

    return real
