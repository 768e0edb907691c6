"""Seats and teams.  Play, dealing, speaking and the deal all go clockwise (RULES §0.3).

>>> Seat.RIGHT.next is Seat.BOTTOM, Seat.LEFT.team, Seat.TOP.partner
(True, 1, <Seat.BOTTOM: 0>)
"""

from __future__ import annotations

import enum

from .errors import NotationError

SEAT_NAMES = ("Bottom", "Left", "Top", "Right")
SEAT_LETTERS = "BLTR"
TEAM_NAMES = ("Team1", "Team2")


class Seat(enum.IntEnum):
    BOTTOM = 0
    LEFT = 1
    TOP = 2
    RIGHT = 3

    @property
    def next(self) -> Seat:
        """The player to this seat's left (the next one clockwise)."""
        return Seat((self + 1) & 3)

    @property
    def previous(self) -> Seat:
        """The player to this seat's right."""
        return Seat((self + 3) & 3)

    @property
    def partner(self) -> Seat:
        """The seat across the table, in the same team."""
        return Seat((self + 2) & 3)

    @property
    def team(self) -> int:
        """0 = Team1 (Bottom + Top), 1 = Team2 (Left + Right)."""
        return self & 1

    @property
    def api_name(self) -> str:
        return SEAT_NAMES[self]

    @property
    def letter(self) -> str:
        return SEAT_LETTERS[self]


def as_seat(value: object) -> Seat:
    """A caller's seat: a :class:`Seat`, or its number 0 to 3.

    >>> as_seat(2)
    <Seat.TOP: 2>

    :raises TypeError: for anything else (a caller's bug, said clearly rather than as a missing attribute later).
    """
    if isinstance(value, Seat):
        return value
    if type(value) is int and 0 <= value <= 3:
        return Seat(value)
    raise TypeError(f"a seat is a Seat or a number 0 to 3, not {value!r}")


def parse_seat(text: str) -> Seat:
    """``"Bottom"`` or ``"B"`` -> :attr:`Seat.BOTTOM`.

    :raises NotationError: for anything else.
    """
    if isinstance(text, str):
        if text in SEAT_NAMES:
            return Seat(SEAT_NAMES.index(text))
        if len(text) == 1 and text in SEAT_LETTERS:
            return Seat(SEAT_LETTERS.index(text))
    raise NotationError(f"unknown seat: {text!r} (expected Bottom, Left, Top or Right)", "bad_seat", text=str(text))


def parse_team(text: str) -> int:
    if isinstance(text, str) and text in TEAM_NAMES:
        return TEAM_NAMES.index(text)
    raise NotationError(f"unknown team: {text!r} (expected Team1 or Team2)", "bad_team", text=str(text))
