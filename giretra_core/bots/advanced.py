"""Level 3, advanced: the basic level plus inference, seat position, signals and score-aware bidding.

* Inference (:mod:`.knowledge`): who is void in a suit or out of trumps, read from failures to
  follow, to trump, to overtrump or to rise; the heuristic then knows which master cards are safe
  from a ruff and which of the partner's winning cards will hold.
* What the bidding says: the estimates read the calls so far (:func:`~.features.context_features`,
  weights fitted on real negotiations), so a partner's bid raises the team's expectations in related
  modes and an opponent's lowers them; an opponent's Colour is not led into.
* Seat position: second hand low, last hand wins as cheaply as it can, the third hand secures a
  trick its partner may lose.
* Signals: the suit the partner led first is returned; a suit the partner discarded from is not led.
* Score-aware bidding: calls are weighed by the change of the chance to win the match, so near the
  target a safe small contract beats a risky big one, and far behind a gamble is worth it.

>>> import random
>>> from ..match import Match
>>> from ..views import seat_view
>>> m = Match.new(seed=5)
>>> choose(seat_view(m, m.turn), random.Random(1)).key
'cut'
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..cards import Card
from ..errors import GiretraError
from ..negotiation import Call, CallKind
from ..views import SeatView
from .basic import bid, cut, play_card
from .cardplay import ADVANCED
from .knowledge import play_knowledge
from .reasons import Decision


def signals(view: SeatView) -> tuple[int, int]:
    """(the partner's suit to return or -1, a 4-bit set of suits not to lead) from the public history."""
    contract = view.contract
    assert contract is not None
    return signals_of(int(view.seat), int(contract.mode), [(int(t.leader), t.cards) for t in view.tricks],
                      [(int(s), c) for s, c in view.calls])


def signals_of(seat: int, mode: int, tricks: Sequence[tuple[int, Sequence[Card]]],
               calls: Sequence[tuple[int, Call]]) -> tuple[int, int]:
    """:func:`signals` for *seat* from the finished *tricks* (leader, cards) and the *calls*."""
    partner = seat ^ 2
    partner_suit = -1
    avoid = 0
    for leader, cards in tricks:
        led = cards[0] >> 3
        if leader == partner and partner_suit < 0 and led != mode:
            partner_suit = led
        for i, card in enumerate(cards[1:], 1):
            who = (leader + i) & 3
            if who == partner and card >> 3 != led and card >> 3 != mode:
                avoid |= 1 << (card >> 3)  # the partner's discard: not that suit
    for who, call in calls:
        if call.kind is CallKind.ANNOUNCE and call.mode is not None and call.mode < 4 and call.mode != mode:
            if who == partner and partner_suit < 0:
                partner_suit = int(call.mode)
            elif who & 1 != seat & 1:
                avoid |= 1 << int(call.mode)
    if partner_suit >= 0 and avoid >> partner_suit & 1:
        partner_suit = -1
    return partner_suit, avoid


def choose(view: SeatView, rng: random.Random, budget_ms: float = 0.0, time_guard: bool = True) -> Decision:
    """The advanced level's action for *view*."""
    if view.turn != view.seat or not view.actions:
        raise GiretraError(f"{view.seat.api_name} has nothing to do now", "not_your_turn")
    if view.phase == "cut":
        return cut(view, rng)
    team = view.seat & 1
    if view.phase == "negotiation":
        return bid(view, ADVANCED, (view.scores[team], view.scores[1 - team], view.target))
    know = play_knowledge(view, inference=True)
    partner_suit, avoid = signals(view)
    return play_card(view, ADVANCED, know, partner_suit, avoid)
