"""Level 2, basic: bids from a strength estimate of its five cards, plays by counting the cards played.

Negotiation: the expected card points of each mode from the five cards (:mod:`.bidding`), turned
into expected match points; it announces the best mode when that beats letting the current
contract stand, doubles a contract it expects to fail, redoubles one it is sure of, and takes the
one-Colour-per-team rule and the automatic double of NoTrumps and Clubs into account (they are
in the legal calls and in the multiplier).  Play: :func:`~.cardplay.heuristic_card` with only the
cards seen (no inference about the other hands).

>>> import random
>>> from ..match import Match
>>> from ..views import seat_view
>>> m = Match.new(seed=5)
>>> m = m.apply(m.turn, choose(seat_view(m, m.turn), random.Random(1)).action)
>>> choose(seat_view(m, m.turn), random.Random(1)).key in ("announce", "announce_forced")
True
"""

from __future__ import annotations

import random

from ..cards import card_name
from ..deal import Cut
from ..errors import GiretraError
from ..play import legal_cards
from ..views import SeatView
from .bidding import call_decision, choose_call, outlook
from .cardplay import ADVANCED, BASIC, heuristic_card
from .knowledge import PlayKnowledge, play_knowledge
from .reasons import Decision, decide

# The advanced level doubles more readily (measured in the arena: any contract it gives even odds or
# worse) and values a new bid as the opponents may double it.
BASIC_DOUBLE, ADVANCED_DOUBLE = 0.32, 0.55
# The basic level bids NoTrumps (104 points either way) only on a hand that makes it three times in four.
BASIC_MIN_MADE = {4: 0.75}
# ... and plays safe: a call is weighed by the expected utility R (1 - exp(-x / R)) of its match points x, with a
# risk tolerance R of one match (150).  Measured against random (4,000 pairs): 95.2 % of matches won instead of
# 94.0 %, because the 104 points of an opponent's NoTrumps weigh more than the mean says (the basic level now
# overcalls AllTrumps on a hand that can make it rather than let a NoTrumps be auto-doubled).
BASIC_RISK = 150.0


def cut(view: SeatView, rng: random.Random) -> Decision:
    """No cut is better than another for a player who cannot see the deck."""
    return decide(Cut(rng.randint(6, 26)), "cut")


def bid(view: SeatView, level: int, scores: tuple[int, int, int] | None = None) -> Decision:
    """The call of the heuristic levels (see :mod:`.bidding`)."""
    seat = int(view.seat)
    legal = [a for a in view.legal if not isinstance(a, (int, Cut))]
    first = int(view.dealer.next)
    look = outlook(view.hand, first & 1 == seat & 1, view.calls, seat, context=level >= ADVANCED)
    contract = view.contract
    current = None if contract is None else (int(contract.mode), contract.announcer_team, contract.multiplier)
    advanced = level >= ADVANCED
    choice = choose_call(view.rules, legal, look, seat, current, scores, forced=not view.calls,
                         double_margin=ADVANCED_DOUBLE if advanced else BASIC_DOUBLE, double_risk=advanced,
                         min_made=None if advanced else BASIC_MIN_MADE, risk=0.0 if advanced else BASIC_RISK)
    return call_decision(view.rules, choice, view.hand, look, current)


def play_card(view: SeatView, level: int, know: PlayKnowledge | None = None, partner_suit: int = -1,
              avoid_suits: int = 0) -> Decision:
    k = know if know is not None else play_knowledge(view, inference=level >= ADVANCED)
    legal = legal_cards(k.hand, k.trick, k.mode, k.notrumps_must_rise)
    may = [k.may_hold(p) for p in range(4)]
    card, key = heuristic_card(k.seat, k.hand, legal, k.trick, k.leader, k.mode, k.out, may,
                               k.announcer_team, level, partner_suit, avoid_suits, eva_leads=level >= ADVANCED,
                               last_led=last_led(view))
    return decide(card, key, card=card_name(card))


def last_led(view: SeatView) -> int:
    """The suit this seat led to the trick just finished, -1 if another seat led it (a lead now means it won)."""
    if not view.tricks or view.tricks[-1].leader != view.seat:
        return -1
    return view.tricks[-1].cards[0] >> 3


def choose(view: SeatView, rng: random.Random, budget_ms: float = 0.0, time_guard: bool = True) -> Decision:
    """The basic level's action for *view*."""
    if view.turn != view.seat or not view.actions:
        raise GiretraError(f"{view.seat.api_name} has nothing to do now", "not_your_turn")
    if view.phase == "cut":
        return cut(view, rng)
    if view.phase == "negotiation":
        return bid(view, BASIC)
    return play_card(view, BASIC)
