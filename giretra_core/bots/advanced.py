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
    return signal_of(seat, signal_state(mode, tricks, calls))


# Every seat's signals at once, kept up to date trick by trick (the expert's play-outs play the advanced policy):
# per seat, the suit its partner led first (-1: none yet), the Colour its partner announced first (-1), and the
# suits it should not lead (a 4-bit set).
SignalState = tuple[list[int], list[int], list[int]]


def signal_state(mode: int, tricks: Sequence[tuple[int, Sequence[Card]]],
                 calls: Sequence[tuple[int, Call]]) -> SignalState:
    led_first, announced, avoid = [-1] * 4, [-1] * 4, [0] * 4
    for leader, cards in tricks:
        note_trick(mode, leader, cards, led_first, avoid)
    for who, call in calls:
        if call.kind is CallKind.ANNOUNCE and call.mode is not None and call.mode < 4 and call.mode != mode:
            if announced[who ^ 2] < 0:
                announced[who ^ 2] = int(call.mode)
            avoid[(who + 1) & 3] |= 1 << int(call.mode)   # an opponent's Colour is not led into
            avoid[(who + 3) & 3] |= 1 << int(call.mode)
    return led_first, announced, avoid


def note_trick(mode: int, leader: int, cards: Sequence[Card], led_first: list[int], avoid: list[int]) -> None:
    """What a finished trick signals: the suit a seat led first (to its partner), a partner's discards."""
    led = cards[0] >> 3
    if led != mode and led_first[leader ^ 2] < 0:
        led_first[leader ^ 2] = led
    for i in range(1, len(cards)):
        suit = cards[i] >> 3
        if suit != led and suit != mode:
            avoid[((leader + i) & 3) ^ 2] |= 1 << suit   # the partner's discard: not that suit


def signal_of(seat: int, state: SignalState) -> tuple[int, int]:
    """(the partner's suit to return or -1, the suits not to lead) for *seat*: a suit led beats a suit announced."""
    led_first, announced, avoid = state
    partner_suit = led_first[seat] if led_first[seat] >= 0 else announced[seat]
    if partner_suit >= 0 and avoid[seat] >> partner_suit & 1:
        partner_suit = -1
    return partner_suit, avoid[seat]


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
