"""giretra_core: every rule of Giretra, the Malagasy trick-taking game, with bots and scoring.

Pure Python, no dependencies.  One module per phase of the game::

    cards -> modes -> seats -> rules -> negotiation / play -> scoring -> deal -> match
          -> notation -> views -> bots -> review / shapes / lessons -> jsonapi (the only JSON / JavaScript seam)

with words (every sentence, in each language) beside the rules, which never import it (docs/architecture.md).

>>> m = Match.new(seed=7)
>>> m = m.apply(m.turn, Cut(12))
>>> m.deal.phase.value
'negotiation'
"""

from __future__ import annotations

__version__ = "0.1.0"

from . import words  # noqa: F401  (it words the rules' errors in English: errors.WORDING)
from .cards import Card, Mask, card_name, cards_text, parse_card, parse_cards
from .deal import Action, Cut, Deal, Phase, action_token, parse_action
from .errors import GiretraError, IllegalActionError, NotationError
from .match import Match
from .modes import Mode, parse_mode
from .negotiation import Call, CallKind, Contract, Negotiation, parse_call
from .notation import format_match, parse_match
from .rules import PRESETS, Rules, get_preset
from .scoring import DealScore, score_deal
from .seats import Seat, parse_seat
from .views import SeatView, seat_view

__all__ = [
    "__version__", "Action", "Call", "CallKind", "Card", "Contract", "Cut", "Deal", "DealScore", "GiretraError",
    "IllegalActionError", "Mask", "Match", "Mode", "Negotiation", "NotationError", "PRESETS", "Phase", "Rules",
    "Seat", "SeatView", "action_token", "card_name", "cards_text", "format_match", "get_preset", "parse_action",
    "parse_call", "parse_card", "parse_cards", "parse_match", "parse_mode", "parse_seat", "score_deal", "seat_view",
]
