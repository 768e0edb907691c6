"""Exceptions for bad input. Internal bugs are never wrapped in these: they stay loud."""

from __future__ import annotations


class GiretraError(Exception):
    """Bad input from a caller (a click, a saved game, a request). Carries a stable machine code.

    *code* is one of the reason codes of :mod:`giretra_core.reasons`; *params* fill the
    translated message (see :func:`giretra_core.reasons.message`).
    """

    code = "bad_input"

    def __init__(self, message: str, code: str | None = None, **params: object) -> None:
        super().__init__(message)
        if code is not None:
            self.code = code
        self.params = params


class NotationError(GiretraError, ValueError):
    """Text that is not a valid card, action, seat, mode or match notation."""

    code = "bad_notation"


class IllegalActionError(GiretraError, ValueError):
    """A well-formed action that the rules forbid in this state (the code says which rule)."""

    code = "illegal_action"
