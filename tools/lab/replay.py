"""The expert's search over deals that fit the earlier cards as the advanced policy plays them.  Offline.

An arena level (``replay[-P][-all][-leads][-tries-N][-keep]``), not offered in the page: it measures what the sharpest
inference from the play could be worth — the opponents' cards read as if they played exactly the
advanced policy, which is what they do in the arena (README.md, "Could a better belief").

A sampled deal gives each other seat its hand now; adding back the cards that seat played since
gives its hand at each of its earlier decisions.  :class:`~giretra_core.bots.posterior.EarlierCards` asks the
advanced card policy (from what that seat knew then) which card it would have played there, and :func:`misses`
counts the decisions where it would not have played the card it did.  A deal is then kept with probability
``(1 - trust) ** misses``: with *trust* 1 only deals where the policy explains every card survive (the exact
posterior if the players are that policy); below 1 a player who is not the policy does not empty the belief.

Rejection costs proposals (the expert's ``read_play`` draws the same target by a Metropolis chain instead,
:mod:`giretra_core.bots.posterior`): :func:`replay_sampler` tries at most *tries* deals per kept deal and
then keeps the last one tried, unfiltered (counted in *stats*): the belief is the exact posterior
only where that cap is not reached.  The level ``replay-P`` trusts the policy at P % (``replay`` =
100), ``-all`` reads the partner's cards too, ``-leads`` reads only their leads (a lead under Eva's rules says most,
and costs one policy call a lead), ``-tries-N`` sets the cap (default 40), and ``-keep`` keeps the
advanced policy's card unless the search's best beats it (the expert's keep rule, ``ExpertSettings.keep_se``;
without it the search is the expert's before that rule, as these instruments were first measured).

>>> parse("replay"), parse("replay-90-all"), parse("replay-tries-400-keep"), parse("replay-0"), parse("expert")
((1.0, False, 40, 0.0, False), (0.9, True, 40, 0.0, False), (1.0, False, 400, 1.0, False), None, None)
>>> parse("replay-leads-keep")
(1.0, False, 40, 1.0, True)
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping, Sequence

from giretra_core.bots import expert
from giretra_core.bots.expert import ExpertSettings
from giretra_core.bots.inference import sample_world
from giretra_core.bots.posterior import EarlierCards
from giretra_core.bots.reasons import Decision
from giretra_core.cards import Mask
from giretra_core.errors import GiretraError
from giretra_core.views import SeatView

_NAME = re.compile(r"replay(?:-(100|[1-9][0-9]?))?(-all)?(-leads)?(?:-tries-([1-9][0-9]{0,3}))?(-keep)?")
TRIES = 40   # deals tried per kept deal, by default


def misses(earlier: EarlierCards, world: Mapping[int, Mask], stop_after: int = 99) -> int:
    """How many earlier decisions of *earlier*'s seats the policy would have made otherwise in *world* (seat -> hand
    now), counting up to *stop_after*."""
    n = 0
    for p in earlier.decisions:
        n += earlier.misses(p, world[p], stop_after - n)
        if n >= stop_after:
            break
    return n


def parse(level: str) -> tuple[float, bool, int, float, bool] | None:
    """(the trust in the policy, whether the partner's cards are read too, the deals tried per kept one, the
    expert's keep_se, whether only the leads are read) for *level*, None if not a replay level."""
    found = _NAME.fullmatch(level)
    if found is None:
        return None
    keep = expert.SHIPPED.keep_se if found.group(5) else 0.0
    return (int(found.group(1) or 100) / 100, found.group(2) is not None, int(found.group(4) or TRIES), keep,
            found.group(3) is not None)


def choose(view: SeatView, rng: random.Random, budget_ms: float, level: str = "replay",
           time_guard: bool = True) -> Decision:
    """The replay level's action: the expert's, with :func:`replay_sampler`'s deals in the card play."""
    how = parse(level)
    if how is None:
        raise GiretraError(f"not a replay level: {level!r}", "bad_level", text=level)
    # keep_se 0 unless -keep: the expert these instruments were measured against (README.md), before its keep rule.
    trust, partner, tries, keep_se, leads_only = how
    if view.phase != "play" or view.turn != view.seat:
        return expert.choose(view, rng, budget_ms, time_guard, ExpertSettings(keep_se=keep_se))
    me = int(view.seat)
    seats = [me ^ 1, me ^ 2, me ^ 3] if partner else [me ^ 1, me ^ 3]
    sampler = replay_sampler(view, trust, tries, seats, leads_only=leads_only)
    return expert.play(view, rng, budget_ms, time_guard, ExpertSettings(keep_se=keep_se, sampler=sampler))


def replay_sampler(view: SeatView, trust: float = 1.0, tries: int = TRIES, seats: Sequence[int] | None = None,
                   stats: list[int] | None = None, leads_only: bool = False) -> expert.Sampler:
    """A sampler for the expert's search whose deals fit the earlier cards of *seats* (default: the
    opponents) as the advanced policy plays; *stats*, if given, counts [deals kept, deals returned
    unfiltered because *tries* ran out]."""
    me = int(view.seat)
    replay = EarlierCards(view, seats if seats is not None else [me ^ 1, me ^ 3], leads_only)

    def sample(rng: random.Random, unseen: Mask, counts: Mapping[int, int], forbidden: Mapping[int, Mask],
               bias: Mapping[int, Sequence[float]] | None) -> dict[int, Mask] | None:
        world = None
        for _ in range(tries):
            world = sample_world(rng, unseen, counts, forbidden, bias)
            if world is None:
                return None
            if trust >= 1.0:
                kept = misses(replay, world, stop_after=1) == 0
            else:
                kept = rng.random() < (1.0 - trust) ** misses(replay, world)
            if kept:
                if stats is not None:
                    stats[0] += 1
                return world
        if stats is not None:
            stats[1] += 1
        return world

    return sample

