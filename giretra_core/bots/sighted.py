"""The "sighted" expert: the expert's own search, given the real hidden cards.  Offline only.

A measuring instrument for the arena, never a player: how much of the oracle's edge is the hidden
cards themselves, and from which trick on they matter.  ``sighted`` runs exactly the expert's
card search (:func:`.expert.play`) but every deal it considers is the real one; the negotiation
is the expert's.  Variants, by name:

* ``sighted-from-T`` — the plain expert before trick T (1..8), sighted from trick T on;
* ``sighted-partner`` — sees its partner's hand only; the opponents' cards are sampled as usual;
* ``sighted-blur-P`` — a blurred sight: in every deal it considers, each hidden card is where it
  really is with probability P % (1..99), and the others are dealt at random (counts and voids
  respected) — a belief of a given quality, to see what a better inference would be worth.

If the sighted expert comes close to the oracle, the search is sound and what the expert lacks is
information; the trick from which sight pays says where that information is missing.

>>> parse("sighted-from-4"), parse("sighted-partner"), parse("sighted-blur-50"), parse("expert")
((4, False, 0), (1, True, 0), (1, False, 50), None)
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

_NAME = re.compile(r"sighted(?:-from-([1-8])|-(partner)|-blur-([1-9][0-9]?))?")


def parse(level: str) -> tuple[int, bool, int] | None:
    """(first sighted trick, partner only, blur: % of cards shown or 0 for all) for a sighted level's
    name, None for any other name."""
    found = _NAME.fullmatch(level)
    if found is None:
        return None
    return int(found.group(1) or 1), found.group(2) is not None, int(found.group(3) or 0)


def choose(match: Match, seat: Seat, rng: random.Random, budget_ms: float, level: str = "sighted",
           time_guard: bool = True) -> Decision:
    """The sighted expert's action for *seat* in *match* (it reads the hidden hands it is allowed to)."""
    spec = parse(level)
    if spec is None:
        raise GiretraError(f"not a sighted level: {level!r}", "bad_level", text=level)
    first_trick, partner_only, blur = spec
    view = seat_view(match, seat)
    deal = match.deal
    if view.phase != "play" or len(deal.tricks) + 1 < first_trick:
        return expert.choose(view, rng, budget_ms, time_guard)
    return expert.play(view, rng, budget_ms, time_guard, sampler=real_deal(match, seat, partner_only, blur))


def real_deal(match: Match, seat: Seat, partner_only: bool = False, blur: int = 0) -> expert.Sampler:
    """A sampler for the expert's search that deals the real hidden cards (only the partner's with
    *partner_only*: the opponents' are then sampled as the expert does; with *blur*, each card only
    with that probability in %, the others dealt at random)."""
    hands = match.deal.hands
    shown = {int(seat) ^ 2} if partner_only else {0, 1, 2, 3}

    def real(rng: random.Random, unseen: Mask, counts: Mapping[int, int], forbidden: Mapping[int, Mask],
             bias: Mapping[int, Sequence[float]] | None) -> dict[int, Mask] | None:
        if blur:
            return _blurred(rng, unseen, counts, forbidden, bias)
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

    def _blurred(rng: random.Random, unseen: Mask, counts: Mapping[int, int], forbidden: Mapping[int, Mask],
                 bias: Mapping[int, Sequence[float]] | None) -> dict[int, Mask] | None:
        kept = dict.fromkeys(counts, 0)
        free = 0
        for p in counts:
            m = hands[p] & unseen
            while m:
                low = m & -m
                m ^= low
                if rng.random() * 100 < blur:
                    kept[p] |= low
                else:
                    free |= low
        rest = sample_world(rng, free, {p: counts[p] - kept[p].bit_count() for p in counts}, forbidden, bias)
        assert rest is not None  # the real deal is one way to place them
        return {p: kept[p] | rest[p] for p in counts}

    return real
