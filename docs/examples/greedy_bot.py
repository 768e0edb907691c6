"""A bot of your own, in 57 lines: greedy, with no memory and no search.

Try it in the arena from the project's root (docs/bots.md, "Your own bot")::

    python -m giretra_core.arena --validate docs/examples/greedy_bot.py:choose --deals 50 --seed 1
    python -m giretra_core.arena docs/examples/greedy_bot.py:choose random --matches 50 --seed 1

A bot is a function of what its seat may see (a ``SeatView``) and a seeded ``random.Random``, so it
cannot cheat and the same seed gives the same match.  It returns one of ``view.legal`` with a short
line saying why; the arena rejects anything else.
"""

from __future__ import annotations

import random

from giretra_core import Action, Call, CallKind, Card, Mode, SeatView
from giretra_core.bots import Decision
from giretra_core.cards import JACK, NINE, SUIT_NAMES, cards_of
from giretra_core.modes import STRENGTH, card_points
from giretra_core.play import winning_index


def choose(view: SeatView, rng: random.Random, budget_ms: float = 250.0, time_guard: bool = True) -> Decision:
    legal = view.legal
    if view.phase == "cut":
        return Decision(rng.choice(legal), "any cut is as good as another")
    if view.phase == "negotiation":
        return _call(view, legal)
    assert view.contract is not None
    mode = view.contract.mode
    cards = [c for c in legal if isinstance(c, Card)]  # in the play every action is a card (an int)

    def value(card: Card) -> tuple[int, int]:  # points first, then strength in this mode
        return card_points(mode, card), STRENGTH[mode][card]

    if not view.trick:  # leading: any card "wins" the empty trick, so say what the lead really is
        return Decision(min(cards, key=value), "lead the cheapest card")
    if view.trick_winning == view.seat.partner:
        return Decision(max(cards, key=value), "partner wins so far: add points")
    winners = [c for c in cards if winning_index((*view.trick, c), mode) == len(view.trick)]
    if winners:
        return Decision(min(winners, key=value), "beat the trick's best card as cheaply as possible")
    return Decision(min(cards, key=value), "cannot win: throw the cheapest card")


def _call(view: SeatView, legal: list[Action]) -> Decision:
    """Announce the Colour of a suit where the hand holds the jack and the nine, else accept."""
    for suit in Mode.CLUBS, Mode.DIAMONDS, Mode.HEARTS, Mode.SPADES:
        announce = Call(CallKind.ANNOUNCE, suit)
        ranks = {c & 7 for c in cards_of(view.hand) if c >> 3 == suit}
        if {JACK, NINE} <= ranks and announce in legal:
            return Decision(announce, f"jack and nine of {SUIT_NAMES[suit]}")
    if Call(CallKind.ACCEPT) in legal:
        return Decision(Call(CallKind.ACCEPT), "too weak to announce")
    announces = [a for a in legal if isinstance(a, Call) and a.kind is CallKind.ANNOUNCE]
    return Decision(announces[0], "must announce: the cheapest mode")
