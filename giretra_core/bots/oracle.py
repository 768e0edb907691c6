"""The oracle: sees every hand.  Offline only (the arena's yardstick), never offered to players.

Play: the exact solver (:mod:`.solver`) on the real hands, every legal card valued, the best taken
(card points, a sweep first).  One solver per deal is kept, so its table serves every later
card of that deal.  Negotiation: each mode is played out on the real eight-card hands with the
policy (announcing and defending), and the same weighing of calls as the other levels is applied
to those exact outcomes.
"""

from __future__ import annotations

import random

from ..cards import card_name
from ..deal import Cut
from ..errors import GiretraError
from ..match import Match
from ..negotiation import Call
from ..seats import Seat
from ..views import seat_view
from .bidding import Outlook, call_decision, choose_call
from .reasons import Decision, decide
from .rollout import policy_playout
from .solver import solver_for

SWEEP = 1000


def choose(match: Match, seat: Seat, rng: random.Random, budget_ms: float = 0.0) -> Decision:
    """The oracle's action for *seat* in *match* (it reads every hand)."""
    deal = match.deal
    if match.turn != seat:
        raise GiretraError(f"{seat.api_name} has nothing to do now", "not_your_turn")
    if deal.cut is None:
        return decide(Cut(rng.randint(6, 26)), "cut")
    team = seat & 1
    if deal.contract is None:
        view = seat_view(match, seat)
        hands = deal.initial_hands()
        first = int(deal.first_player)
        ours, theirs = [], []
        for mode in range(6):
            ours.append(float(policy_playout(hands, mode, first, (), team)[0][team]))
            theirs.append(float(policy_playout(hands, mode, first, (), 1 - team)[0][team]))
        look = Outlook(ours, theirs, [6.0] * 6)
        contract = view.contract
        current = None if contract is None else (int(contract.mode), contract.announcer_team, contract.multiplier)
        legal = [a for a in view.legal if isinstance(a, Call)]
        choice = choose_call(match.rules, legal, look, int(seat), current,
                             (match.scores[team], match.scores[1 - team], match.target), forced=not view.calls)
        return call_decision(match.rules, choice, view.hand, look, current)
    mode = int(deal.contract.mode)
    initial = deal.initial_hands()
    solver = solver_for((*initial, int(deal.dealer)), mode, match.rules.notrumps_must_rise, SWEEP)
    won = [False, False]
    for t in deal.tricks:
        won[t.winner & 1] = True
    cards = [a for a in deal.legal_actions() if isinstance(a, int)]
    if len(cards) == 1:
        return decide(cards[0], "only_card", card=card_name(cards[0]))
    guess = deal.contract.mode.total_points * deal.hands[seat].bit_count() // 16  # half of what is left
    best, _ = solver.best_move(deal.hands, int(deal.leader), deal.trick, (won[0], won[1]), guess)
    return decide(best, "oracle", card=card_name(best))
