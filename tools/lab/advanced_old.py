"""The advanced level with its card play as before issue 36 (:mod:`.cardplay_old`), as a bot of one's own:
``python -m giretra_core.arena advanced tools.lab.advanced_old:choose --deals N --bidder advanced``."""

from __future__ import annotations

import random

from giretra_core.bots import advanced
from giretra_core.bots.basic import cut
from giretra_core.bots.cardplay import ADVANCED
from giretra_core.bots.knowledge import play_knowledge
from giretra_core.bots.reasons import Decision, decide
from giretra_core.cards import card_name
from giretra_core.play import legal_cards
from giretra_core.views import SeatView

from .cardplay_old import heuristic_card


def choose(view: SeatView, rng: random.Random, budget_ms: float = 250.0, time_guard: bool = True) -> Decision:
    if view.phase != "play":
        return advanced.choose(view, rng, budget_ms, time_guard) if view.phase != "cut" else cut(view, rng)
    k = play_knowledge(view, inference=True)
    partner_suit, avoid = advanced.signals(view)
    legal = legal_cards(k.hand, k.trick, k.mode, k.notrumps_must_rise)
    may = [k.may_hold(p) for p in range(4)]
    card, key = heuristic_card(k.seat, k.hand, legal, k.trick, k.leader, k.mode, k.out, may,
                               k.announcer_team, ADVANCED, partner_suit, avoid)
    return decide(card, key, card=card_name(card))
