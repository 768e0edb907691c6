"""The opponents' hands read from their play: possible deals drawn in proportion to how well they explain the
opponents' earlier cards.

:mod:`.inference` samples deals that fit what a seat knows for certain (the cards seen, the voids and limits read
from the play) and leans toward what the bids say.  A player reads more than that from the cards an opponent chose:
the advanced level, for one, cashes its masters first and leads the second best of its longest suit, so a lead that
is not a master says it held none.  Here each earlier card an opponent played with a choice is put to the advanced
card policy, from that opponent's hand in a possible deal and what it knew then; a deal where the policy would have
played another card is a *miss*, and each miss makes the deal ``1 - trust`` times as likely.  With *trust* 1 and
opponents who play that policy, the deals drawn are their posterior; below 1 a player who is not the policy (a
person, an expert) does not empty the belief.

Rejecting deals one by one costs hundreds of tries a kept deal by the fifth trick (docs/bots.md), so the deals are
drawn by a Metropolis chain instead: two cards held by two other seats are swapped (a swap keeps every hand's size
and is proposed only where neither seat is barred from its new card), and the swap is kept with the probability the
target gives it — the bids' evidence as a product of weights per card and seat (:func:`.inference.evidence_bias`;
close to, not exactly, the spread of :func:`.inference.sample_world`, which places the cards one by one) times
``(1 - trust) ** misses``.  Only the two seats' earlier cards are replayed, and the replay stops at the first miss
that decides.  :attr:`Chain.work` counts the policy calls, which the expert charges to its budget.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence

from ..cards import FULL_DECK, Card, Mask
from ..play import legal_cards
from ..views import SeatView
from .advanced import signals_of
from .cardplay import ADVANCED, heuristic_card
from .inference import sample_world
from .knowledge import play_inference

# One earlier decision of a seat: (trick so far, leader, cards played before it, what each seat could not hold then,
# partner's suit, suits to avoid, the suit the trick's leader led to the trick just won if it led that one too (-1:
# none; the policy reads it only when leading, where it is the seat's own last lead), the cards that seat played
# from then on — its hand then is its hand now and these —, the card it played).
EarlierDecision = tuple[tuple[Card, ...], int, Mask, list[Mask], int, int, int, Mask, Card]


class EarlierCards:
    """The earlier card decisions of *seats*, seen from *view* (public information only); *leads_only*: their leads
    alone (a lab variant, tools/lab/replay.py)."""

    def __init__(self, view: SeatView, seats: Sequence[int], leads_only: bool = False) -> None:
        contract = view.contract
        assert contract is not None, "the play has a contract"
        self.mode = int(contract.mode)
        self.announcer_team = contract.announcer_team
        self.must_rise = view.rules.notrumps_must_rise
        self.calls = 0   # policy calls made: the work done
        calls = [(int(s), c) for s, c in view.calls]
        self.decisions: dict[int, list[EarlierDecision]] = {p: [] for p in seats}
        done: list[tuple[int, tuple[Card, ...]]] = []
        played = 0
        tricks = [(int(t.leader), tuple(t.cards)) for t in view.tricks] + [(int(view.leader), tuple(view.trick))]
        own = {p: _cards_played(tricks, p) for p in seats}
        for k, (leader, cards) in enumerate(tricks):
            for i, card in enumerate(cards):
                p = (leader + i) & 3
                if p in self.decisions and not (leads_only and i):
                    partial = cards[:i]
                    forbidden = play_inference(self.mode, done + [(leader, partial)], self.must_rise)
                    partner_suit, avoid = signals_of(p, self.mode, done, calls)
                    last_led = done[-1][1][0] >> 3 if done and done[-1][0] == leader else -1
                    self.decisions[p].append((partial, leader, played, forbidden, partner_suit, avoid, last_led,
                                              own[p] & ~played, card))
                played |= 1 << card
            if k < len(view.tricks):
                done.append((leader, cards))

    def misses(self, p: int, hand: Mask, stop_after: int = 99) -> int:
        """How many of *p*'s earlier decisions the advanced policy would have made otherwise, holding *hand* now
        (counting stops at *stop_after*)."""
        n = 0
        for trick, leader, before, forbidden, partner_suit, avoid, last_led, later, card in self.decisions[p]:
            then = hand | later
            legal = legal_cards(then, trick, self.mode, self.must_rise)
            if not legal & (legal - 1):
                continue   # no choice: nothing to read
            self.calls += 1
            out = FULL_DECK & ~then & ~before
            may = [then if q == p else out & ~forbidden[q] for q in range(4)]
            choice, _ = heuristic_card(p, then, legal, trick, leader, self.mode, out, may, self.announcer_team,
                                       ADVANCED, partner_suit, avoid, eva_leads=True, last_led=last_led)
            if choice != card:
                n += 1
                if n >= stop_after:
                    break
        return n


def _cards_played(tricks: Sequence[tuple[int, Sequence[Card]]], p: int) -> Mask:
    m = 0
    for leader, cards in tricks:
        for i, card in enumerate(cards):
            if (leader + i) & 3 == p:
                m |= 1 << card
    return m


class Chain:
    """A sampler for the expert's search (:data:`.expert.Sampler`): each call moves the chain *steps* swaps on
    and returns the deal it is at; the first call starts it from the best of a few deals of
    :func:`.inference.sample_world` and moves it ten times as far.

    *trust*: how far the opponents are taken to play the advanced policy, in (0, 1] (1: a deal with a miss is never
    kept once the chain has found one without).  *seats*: whose earlier cards are read (default the opponents)."""

    WORK_PER_CALL = 1.5   # work units (the expert's, about 6 microseconds of CPython each) of one policy call
    WORK_PER_STEP = 0.5
    STARTS = 8            # deals drawn to start from, the one with the fewest misses kept
    BURN_IN = 10          # the first call moves the chain this many times *steps*

    def __init__(self, view: SeatView, trust: float, steps: int, seats: Sequence[int] | None = None) -> None:
        if not 0.0 < trust <= 1.0 or steps < 1:
            raise ValueError(f"a chain needs a trust in (0, 1] and steps >= 1, not {trust}, {steps}")
        me = int(view.seat)
        self.earlier = EarlierCards(view, seats if seats is not None else [me ^ 1, me ^ 3])
        self.trust = trust
        self.steps = steps
        self.world: dict[int, Mask] = {}
        self.misses: dict[int, int] = {}
        self.where: dict[Card, int] = {}
        self.proposed = self.accepted = 0
        self._charged = 0.0

    @property
    def work(self) -> float:
        """The work units spent so far."""
        return self.earlier.calls * self.WORK_PER_CALL + self.proposed * self.WORK_PER_STEP

    def take_work(self) -> float:
        """The work units spent since the last call of this method."""
        now = self.work
        spent, self._charged = now - self._charged, now
        return spent

    def __call__(self, rng: random.Random, unseen: Mask, counts: Mapping[int, int], forbidden: Mapping[int, Mask],
                 bias: Mapping[int, Sequence[float]] | None = None) -> dict[int, Mask] | None:
        steps = self.steps
        if not self.world:
            if not self._start(rng, unseen, counts, forbidden, bias):
                return None
            steps *= self.BURN_IN
        cards = sorted(self.where)
        for _ in range(steps):
            self._step(rng, cards, forbidden, bias)
        return dict(self.world)

    def _start(self, rng: random.Random, unseen: Mask, counts: Mapping[int, int], forbidden: Mapping[int, Mask],
               bias: Mapping[int, Sequence[float]] | None) -> bool:
        best: tuple[dict[int, Mask], dict[int, int]] | None = None
        for _ in range(self.STARTS):
            world = sample_world(rng, unseen, counts, forbidden, bias)
            if world is None:
                return False
            misses = {p: self.earlier.misses(p, world[p]) for p in self.earlier.decisions}
            if best is None or sum(misses.values()) < sum(best[1].values()):
                best = (world, misses)
            if not sum(misses.values()):
                break
        assert best is not None
        self.world, self.misses = best
        self.where = {c: p for p, hand in self.world.items() for c in range(32) if hand >> c & 1}
        return True

    def _step(self, rng: random.Random, cards: list[Card], forbidden: Mapping[int, Mask],
              bias: Mapping[int, Sequence[float]] | None) -> None:
        """One Metropolis step: swap two cards of two seats, kept with probability min(1, target ratio)."""
        self.proposed += 1
        c, d = rng.choice(cards), rng.choice(cards)   # a symmetric proposal: any two cards, either order
        p, q = self.where[c], self.where[d]
        if p == q or forbidden.get(q, 0) >> c & 1 or forbidden.get(p, 0) >> d & 1:
            return
        ratio = 1.0
        if bias is not None:
            if p in bias:
                ratio *= bias[p][d] / bias[p][c]
            if q in bias:
                ratio *= bias[q][c] / bias[q][d]
        # Kept when u < ratio * (1 - trust) ** added, *added* the misses the swap adds: find the most it may add,
        # so that the replay stops at the first miss over it.
        u = rng.random()
        if u <= 0.0:
            allowed = 1 << 20   # u = 0: kept whatever it adds
        elif self.trust >= 1.0:
            allowed = 0 if u < ratio else -1
        else:
            allowed = math.floor(math.log(u / ratio) / math.log(1.0 - self.trust))
        limit = sum(self.misses.values()) + allowed
        spent = sum(n for s, n in self.misses.items() if s != p and s != q)
        if limit < spent:
            return
        hands = {p: self.world[p] & ~(1 << c) | 1 << d, q: self.world[q] & ~(1 << d) | 1 << c}
        new: dict[int, int] = {}
        for s, hand in hands.items():
            if s in self.misses:
                new[s] = self.earlier.misses(s, hand, stop_after=limit - spent + 1)
                spent += new[s]
                if spent > limit:
                    return
        self.accepted += 1
        self.world.update(hands)
        self.misses.update(new)
        self.where[c], self.where[d] = q, p
