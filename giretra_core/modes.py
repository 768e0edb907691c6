"""The six game modes, their ranking and card-point tables (RULES S-1, P-7)."""

from __future__ import annotations

import enum

from .cards import SUIT_MASKS, Card, Mask
from .errors import NotationError


class Mode(enum.IntEnum):
    """Ordered low -> high, so "announce higher" is ``new > current`` (RULES §0.3)."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3
    NO_TRUMPS = 4
    ALL_TRUMPS = 5

    @property
    def is_colour(self) -> bool:
        return self <= Mode.SPADES

    @property
    def trump_suit(self) -> int | None:
        """The trump suit of a Colour mode.  AllTrumps has no trump *suit* (RULES C-13)."""
        return int(self) if self <= Mode.SPADES else None

    @property
    def api_name(self) -> str:
        return MODE_NAMES[self]

    @property
    def token(self) -> str:
        return MODE_TOKENS[self]

    @property
    def total_points(self) -> int:
        """Card points in a deal, last-trick bonus included: 162 / 130 / 258."""
        return TOTAL_POINTS[self]


MODE_NAMES = ("ColourClubs", "ColourDiamonds", "ColourHearts", "ColourSpades", "NoTrumps", "AllTrumps")
MODE_TOKENS = ("C", "D", "H", "S", "NT", "AT")
_MODE_BY_TEXT = {**{n: Mode(i) for i, n in enumerate(MODE_NAMES)}, **{t: Mode(i) for i, t in enumerate(MODE_TOKENS)}}

LAST_TRICK_BONUS = 10

# RULES S-1 — points by rank index 7 8 9 10 J Q K A
TRUMP_POINTS = (0, 0, 14, 10, 20, 3, 4, 11)   # 62 a suit
PLAIN_POINTS = (0, 0, 0, 10, 2, 3, 4, 11)     # 30 a suit
# RULES P-7 — higher beats lower within a suit
TRUMP_STRENGTH = (0, 1, 6, 4, 7, 2, 3, 5)     # J 9 A 10 K Q 8 7
PLAIN_STRENGTH = (0, 1, 2, 6, 3, 4, 5, 7)     # A 10 K Q J 9 8 7


def _uses_trump_order(mode: int, suit: int) -> bool:
    return mode == Mode.ALL_TRUMPS or mode == suit


# Per mode, per card: points, strength within its suit, and the mask of same-suit cards that beat it.
POINTS: tuple[tuple[int, ...], ...] = tuple(
    tuple((TRUMP_POINTS if _uses_trump_order(m, c >> 3) else PLAIN_POINTS)[c & 7] for c in range(32))
    for m in range(6))
STRENGTH: tuple[tuple[int, ...], ...] = tuple(
    tuple((TRUMP_STRENGTH if _uses_trump_order(m, c >> 3) else PLAIN_STRENGTH)[c & 7] for c in range(32))
    for m in range(6))
BEATERS: tuple[tuple[Mask, ...], ...] = tuple(
    tuple(sum(1 << d for d in range(32) if d >> 3 == c >> 3 and STRENGTH[m][d] > STRENGTH[m][c]) for c in range(32))
    for m in range(6))
# The trump mask of each mode (empty for NoTrumps and AllTrumps: only the led suit wins there).
TRUMP_MASK: tuple[Mask, ...] = tuple(SUIT_MASKS[m] if m <= Mode.SPADES else 0 for m in range(6))
TOTAL_POINTS = tuple(sum(POINTS[m]) + LAST_TRICK_BONUS for m in range(6))


def parse_mode(text: str) -> Mode:
    """``"ColourHearts"`` or ``"H"`` -> :attr:`Mode.HEARTS`.

    :raises NotationError: for an unknown mode.
    """
    mode = _MODE_BY_TEXT.get(text) if isinstance(text, str) else None
    if mode is None:
        raise NotationError(f"unknown mode: {text!r} (expected one of {', '.join(MODE_NAMES)})",
                            "bad_mode", text=str(text))
    return mode


def card_points(mode: Mode, card: Card) -> int:
    return POINTS[mode][card]


# Suits shown black, red, black, red (♠ ♥ ♣ ♦) so that neighbours differ; the trump suit goes first.
_DISPLAY_ORDER = (2, 3, 1, 0)  # position of C, D, H, S

# A hand's orders (the page's setting; docs/api.md, view): strength is always the contract's (P-7).
HAND_ORDERS = ("strongest", "weakest", "suits")


def sort_key(mode: Mode | None, card: Card, order: str = "strongest") -> tuple[int, int, int]:
    """Sort a hand for *mode*: trumps first, then ♠ ♥ ♣ ♦, strongest card first within a suit ("weakest": weakest
    first; "suits": ♠ ♥ ♣ ♦ whatever the trumps).

    >>> from .cards import parse_cards, cards_of, card_name
    >>> [card_name(c) for c in sorted(cards_of(parse_cards("7HJHAH9DAC10S")), key=lambda c: sort_key(Mode.DIAMONDS, c))]
    ['9D', '10S', 'AH', 'JH', '7H', 'AC']
    """
    m = Mode.NO_TRUMPS if mode is None else mode
    suit = card >> 3
    strength = STRENGTH[m][card]
    if order == "suits":
        return (0, _DISPLAY_ORDER[suit], -strength)
    trumps_first = 0 if m == suit else 1
    return (trumps_first, _DISPLAY_ORDER[suit], strength if order == "weakest" else -strength)
