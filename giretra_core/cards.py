"""Cards are ints, sets of cards are 32-bit masks.

``card = suit * 8 + rank`` with suits C D H S (the order of the Colour modes, low to
high) and ranks 7 8 9 10 J Q K A (RULES §0.3).  Each suit is one byte of a mask, so
"does this hand hold the led suit" is a single ``&``.

>>> parse_card("10H"), card_name(parse_card("JS"))
(19, 'JS')
>>> cards_text(parse_cards("AS7C10H"))
'7C10HAS'
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from .errors import NotationError

Card = int
Mask = int

SUITS = "CDHS"
RANKS = ("7", "8", "9", "10", "J", "Q", "K", "A")
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
SUIT_SYMBOLS = ("♣", "♦", "♥", "♠")
SEVEN, EIGHT, NINE, TEN, JACK, QUEEN, KING, ACE = range(8)

SUIT_MASKS: tuple[Mask, ...] = tuple(0xFF << (8 * s) for s in range(4))
FULL_DECK: Mask = (1 << 32) - 1
ALL_CARDS: tuple[Card, ...] = tuple(range(32))

_NAMES: tuple[str, ...] = tuple(RANKS[c & 7] + SUITS[c >> 3] for c in range(32))
_BY_NAME: dict[str, Card] = {name: c for c, name in enumerate(_NAMES)}
_BY_NAME.update({"T" + SUITS[c >> 3]: c for c in range(32) if c & 7 == TEN})


def suit_of(card: Card) -> int:
    return card >> 3


def rank_of(card: Card) -> int:
    return card & 7


def card_name(card: Card) -> str:
    """``19`` -> ``'10H'``."""
    return _NAMES[card]


def parse_card(text: str) -> Card:
    """``"JH"`` -> jack of hearts.  ``"10H"`` and ``"TH"`` are both the ten of hearts.

    :raises NotationError: if *text* is not a card.
    """
    card = _BY_NAME.get(text.upper()) if isinstance(text, str) else None
    if card is None:
        raise NotationError(f"invalid card: {text!r} (expected rank 7 8 9 10 J Q K A + suit C D H S, e.g. 'JH')",
                            "bad_card", text=str(text))
    return card


def parse_cards(text: str) -> Mask:
    """Parse concatenated cards (``"7C10HAS"``) into a mask; duplicates are an error."""
    mask = 0
    for card in split_cards(text):
        if mask >> card & 1:
            raise NotationError(f"duplicate card {card_name(card)!r} in {text!r}", "bad_card", text=text)
        mask |= 1 << card
    return mask


def split_cards(text: str) -> list[Card]:
    """Split concatenated card names into cards, in order."""
    out: list[Card] = []
    i = 0
    while i < len(text):
        width = 3 if text.startswith("10", i) else 2
        out.append(parse_card(text[i:i + width]))
        i += width
    return out


def mask_of(cards: Iterable[Card]) -> Mask:
    mask = 0
    for c in cards:
        mask |= 1 << c
    return mask


def cards_of(mask: Mask) -> Iterator[Card]:
    """The cards of *mask*, lowest first (suit C D H S, then rank 7..A)."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def cards_text(mask: Mask) -> str:
    return "".join(_NAMES[c] for c in cards_of(mask))


def card_label(card: Card) -> str:
    """Human-readable with the suit symbol: ``'10♥'``."""
    return RANKS[card & 7] + SUIT_SYMBOLS[card >> 3]
