"""Exceptions for bad input. Internal bugs are never wrapped in these: they stay loud."""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Callable, Iterator


class GiretraError(Exception):
    """Bad input from a caller (a click, a saved game, a request). Carries a stable machine code.

    *code* is a stable machine code (the refusals' are in :data:`giretra_core.i18n.RULE_OF`); *params* fill the
    translated message (see :func:`giretra_core.i18n.message`).
    """

    code = "bad_input"

    def __init__(self, message: str, code: str | None = None, **params: object) -> None:
        super().__init__(message)
        if code is not None:
            self.code = code
        self.params = params


class RequestError(GiretraError):
    """A request to the seam that is not in its form (a missing field, a string for a number)."""

    code = "bad_request"


class NotationError(GiretraError, ValueError):
    """Text that is not a valid card, action, seat, mode or match notation."""

    code = "bad_notation"


class IllegalActionError(GiretraError, ValueError):
    """A well-formed action that the rules forbid in this state (the code says which rule)."""

    code = "illegal_action"


@contextlib.contextmanager
def internal(what: str) -> Iterator[None]:
    """Reading this package's own data (a lesson's position, a match's history): a refusal there is this package's bug,
    not the caller's bad input, so it is raised as an AssertionError (loud) rather than answered as a refusal."""
    try:
        yield
    except GiretraError as err:
        raise AssertionError(f"{what}: {err}") from err


def exit_code(main: Callable[[], int]) -> int:
    """Run a command line's *main*; when its reader goes away (``... | head``), end quietly as other tools do,
    not with a BrokenPipeError traceback (the recipe of Python's "Note on SIGPIPE")."""
    try:
        code = main()
        sys.stdout.flush()
        return code
    except BrokenPipeError:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # no second error at exit's flush
        return 1
