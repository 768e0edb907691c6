"""The "sighted" expert: the expert's own search, given the real hidden cards.  Offline only.

A measuring instrument for the arena, never a player: how much of the oracle's edge is the hidden
cards themselves, and from which trick on they matter.  ``sighted`` runs exactly the expert's
card search (:func:`giretra_core.bots.expert.play`) but every deal it considers is the real one; the negotiation
is the expert's.  Variants, by name (``sighted[-from-T][-partner|-honours][-blur-P][-keep]``):

* ``-from-T`` — the plain expert before trick T (1..8), sighted from trick T on;
* ``-partner`` — sees its partner's hand, and nothing else unless blurred;
* ``-honours`` — sees its partner's honours (the cards worth 10 or more: aces, tens, and the jacks and
  nines of trumps; the partner holds no other), as a perfect signalling convention would show them;
* ``-blur-P`` — a blurred sight: in every deal it considers, each other hidden card is where it
  really is with probability P % (1..99), and the rest are dealt at random (counts and voids
  respected) — a belief of a given quality, to see what a better inference would be worth.
  ``-blur-P1/P2/P3/P4/P5/P6/P7/P8`` gives one P per trick (0..100): a belief that sharpens as
  the deal goes on;
* ``-keep`` — with the expert's keep rule (``ExpertSettings.keep_se``); without it the search is the expert's
  before that rule, as these instruments were first measured.

If the sighted expert comes close to the oracle, the search is sound and what the expert lacks is
information; the trick from which sight pays says where that information is missing.

>>> parse("sighted-from-4")
Sight(first_trick=4, shown='', blur=(100, 100, 100, 100, 100, 100, 100, 100), keep_se=0.0)
>>> parse("sighted-honours-blur-0/10/20/30/40/50/60/70-keep")
Sight(first_trick=1, shown='honours', blur=(0, 10, 20, 30, 40, 50, 60, 70), keep_se=1.0)
>>> parse("sighted-partner").blur, parse("sighted-blur-50").blur[0], parse("expert")
((0, 0, 0, 0, 0, 0, 0, 0), 50, None)
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping, Sequence
from typing import NamedTuple

from giretra_core.bots import expert
from giretra_core.bots.expert import ExpertSettings
from giretra_core.bots.inference import sample_world
from giretra_core.bots.reasons import Decision
from giretra_core.cards import Mask
from giretra_core.errors import GiretraError
from giretra_core.match import Match
from giretra_core.modes import POINTS
from giretra_core.seats import Seat
from giretra_core.views import seat_view

_NAME = re.compile(r"sighted(?:-from-([1-8]))?(?:-(partner|honours))?"
                   r"(?:-blur-((?:[0-9]|[1-9][0-9]|100)(?:/(?:[0-9]|[1-9][0-9]|100)){7}|[1-9][0-9]?))?(-keep)?")
HONOUR_POINTS = 10   # an honour is worth this many card points or more


class Sight(NamedTuple):
    """What a sighted level sees."""

    first_trick: int            # the plain expert before this trick
    shown: str                  # always seen: "" (nothing more), "partner" (its hand) or "honours" (the partner's)
    blur: tuple[int, ...]       # per trick 1..8: % of the other hidden cards seen where they are
    keep_se: float = 0.0        # the expert's keep rule: 0 (off) unless -keep


def parse(level: str) -> Sight | None:
    """What the sighted level *level* sees, None for any other name."""
    found = _NAME.fullmatch(level)
    if found is None:
        return None
    shown = found.group(2) or ""
    blur: tuple[int, ...]
    if found.group(3) is None:
        blur = (0 if shown else 100,) * 8
    else:
        blur = tuple(int(p) for p in found.group(3).split("/")) * (1 if "/" in found.group(3) else 8)
    return Sight(int(found.group(1) or 1), shown, blur, expert.SHIPPED.keep_se if found.group(4) else 0.0)


def choose(match: Match, seat: Seat, rng: random.Random, budget_ms: float, level: str = "sighted",
           time_guard: bool = True) -> Decision:
    """The sighted expert's action for *seat* in *match* (it reads the hidden hands it is allowed to)."""
    sight = parse(level)
    if sight is None:
        raise GiretraError(f"not a sighted level: {level!r}", "bad_level", text=level)
    view = seat_view(match, seat)
    trick = len(match.deal.tricks) + 1
    # keep_se 0 unless -keep: the expert these instruments were measured against (README.md), before its keep rule.
    if view.phase != "play" or trick < sight.first_trick:
        return expert.choose(view, rng, budget_ms, time_guard, ExpertSettings(keep_se=sight.keep_se))
    sampler = real_deal(match, seat, sight.shown, sight.blur[trick - 1])
    return expert.play(view, rng, budget_ms, time_guard, ExpertSettings(keep_se=sight.keep_se, sampler=sampler))


def real_deal(match: Match, seat: Seat, shown: str = "", blur: int = 100) -> expert.Sampler:
    """A sampler for the expert's search that deals the real hidden cards: those of *shown* ("partner":
    its hand, "honours": the partner's honours) always, every other one with probability *blur* %;
    the rest are sampled as the expert does (the partner then holds no honour it was not shown)."""
    hands = match.deal.hands
    partner = int(seat) ^ 2
    contract = match.deal.contract
    honours = 0 if contract is None else sum(1 << c for c in range(32) if POINTS[contract.mode][c] >= HONOUR_POINTS)
    always = {p: 0 for p in range(4)}
    barred = 0   # what the partner cannot hold
    if shown == "partner":
        always[partner] = hands[partner]
    elif shown == "honours":
        always[partner] = hands[partner] & honours
        barred = honours & ~hands[partner]

    def real(rng: random.Random, unseen: Mask, counts: Mapping[int, int], forbidden: Mapping[int, Mask],
             bias: Mapping[int, Sequence[float]] | None) -> dict[int, Mask] | None:
        kept: dict[int, Mask] = {}
        free = 0
        for p in counts:
            m = hands[p] & unseen
            kept[p] = m & always[p]
            m &= ~always[p]
            while m:
                low = m & -m
                m ^= low
                if blur >= 100 or (blur > 0 and rng.random() * 100 < blur):
                    kept[p] |= low
                else:
                    free |= low
        if not free:
            return kept
        limits = dict(forbidden)
        if partner in limits:
            limits[partner] |= barred
        rest = sample_world(rng, free, {p: counts[p] - kept[p].bit_count() for p in counts}, limits, bias)
        assert rest is not None  # the real deal is one way to place them
        return {p: kept[p] | rest[p] for p in counts}

    return real
