"""Playing a trick: which cards are legal, why a card is not, who wins (RULES P-1 .. P-7, S-1).

These functions need only the mode, the cards already in the trick (in play order, the
leader's first) and the hand: no history beyond the current trick (RULES §5).

>>> from .cards import parse_cards, cards_text, parse_card
>>> cards_text(legal_cards(parse_cards("AH7H9S"), [parse_card("KH")], Mode.ALL_TRUMPS))
'AH'
>>> illegal_reason(parse_cards("AH7H9S"), [parse_card("KH")], Mode.ALL_TRUMPS, parse_card("9S"))
'must_follow_suit'
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import SUIT_MASKS, Card, Mask
from .modes import BEATERS, POINTS, STRENGTH, TRUMP_MASK, Mode


def winning_index(trick: Sequence[Card], mode: int) -> int:
    """Position in *trick* of the card winning it so far (P-7).

    In a Colour mode the highest trump wins, else the highest card of the led suit; in
    NoTrumps and AllTrumps only the led suit can win (RULES C-13).
    """
    strength = STRENGTH[mode]
    best = 0
    best_card = trick[0]
    for i in range(1, len(trick)):
        card = trick[i]
        if card >> 3 == best_card >> 3:
            if strength[card] > strength[best_card]:
                best, best_card = i, card
        elif card >> 3 == mode:  # a trump over a plain card (only possible in a Colour mode)
            best, best_card = i, card
    return best


def legal_cards(hand: Mask, trick: Sequence[Card], mode: int, notrumps_must_rise: bool = False) -> Mask:
    """The cards of *hand* that may be played to *trick* (a mask).

    Follow suit if you can (P-1); in AllTrumps, and on a trump lead in a Colour mode, beat
    the highest card of the led suit if you can (P-2).  Void in a Colour mode: trump if you
    can, unless your partner wins with a plain card (P-3, P-4); over a trump, overtrump if you
    can — even your partner — else play any trump (P-5, P-6).  Otherwise any card.
    """
    if not trick:
        return hand
    led = trick[0] >> 3
    follow = hand & SUIT_MASKS[led]
    win = winning_index(trick, mode)
    win_card = trick[win]
    if follow:
        if mode == Mode.ALL_TRUMPS or mode == led or (notrumps_must_rise and mode == Mode.NO_TRUMPS):
            higher = follow & BEATERS[mode][win_card]
            if higher:
                return higher
        return follow
    trumps = hand & TRUMP_MASK[mode]
    if not trumps:
        return hand
    if win_card >> 3 != mode:
        # No trump in the trick yet: the partner (two cards back) winning with a plain card frees us.
        if win == len(trick) - 2:
            return hand
        return trumps
    return trumps & BEATERS[mode][win_card] or trumps


def illegal_reason(hand: Mask, trick: Sequence[Card], mode: int, card: Card,
                   notrumps_must_rise: bool = False) -> str | None:
    """The reason code if *card* (held in *hand*) may not be played to *trick*, else None.

    Codes: ``must_follow_suit``, ``must_beat``, ``must_trump``, ``must_overtrump``,
    ``must_play_trump`` (cannot overtrump: any trump).  Seat, turn and possession are
    checked by the caller (:mod:`giretra_core.deal`).
    """
    legal = legal_cards(hand, trick, mode, notrumps_must_rise)
    if legal >> card & 1:
        return None
    led = trick[0] >> 3
    if hand & SUIT_MASKS[led]:
        return "must_beat" if card >> 3 == led else "must_follow_suit"
    win_card = trick[winning_index(trick, mode)]
    if win_card >> 3 != mode:
        return "must_trump"
    if hand & TRUMP_MASK[mode] & BEATERS[mode][win_card]:
        return "must_overtrump"
    return "must_play_trump"


def trick_points(trick: Sequence[Card], mode: int) -> int:
    """Card points of the cards in *trick* (S-1; the last-trick bonus is added by the deal)."""
    points = POINTS[mode]
    return sum(points[c] for c in trick)
