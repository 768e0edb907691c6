"""Exceptions for bad input. Internal bugs are never wrapped in these: they stay loud."""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Callable, Iterator
from typing import TypeVar

# Every refusal a person can meet in play, by code, with the rule it enforces (RULES.md; "" for none): the one list of
# them. Its sentences, in each language, are in giretra_core.words (MESSAGES, the same keys).
RULE_OF = {
    "negotiation_complete": "N-8", "not_your_turn": "N-1", "announce_after_double": "N-2",
    "announce_locked": "N-5", "announce_after_accept": "N-2", "not_higher": "N-2",
    "colour_already_used_by_team": "N-2", "no_bid": "N-1", "target_not_announced": "N-4",
    "double_own_team": "N-4", "already_doubled": "N-4", "implicit_pass": "N-7",
    "redouble_not_allowed_for_mode": "N-6", "not_doubled": "N-6", "already_redoubled": "N-6",
    "redouble_not_announcer_team": "N-6", "must_follow_suit": "P-1", "must_beat": "P-2", "must_trump": "P-3",
    "must_overtrump": "P-5", "must_play_trump": "P-6", "cut_out_of_range": "D-2", "wrong_phase": "",
    "card_not_in_hand": "", "match_over": "M-1", "match_too_long": "",
}


def rule_of(code: str, params: dict[str, object] | None = None) -> str:
    """The rule a refusal enforces: its own when the same code serves several rules (a turn to cut, speak or
    play), else the code's."""
    return str((params or {}).get("rule") or RULE_OF.get(code, ""))


E = TypeVar("E", bound="GiretraError")


class GiretraError(Exception):
    """Bad input from a caller (a click, a saved game, a request). Carries a stable machine code.

    *code* is a stable machine code (the refusals' are in :data:`RULE_OF`); *params* fill the translated message
    (see :func:`giretra_core.words.message`).
    """

    code = "bad_input"

    def __init__(self, message: str, code: str | None = None, **params: object) -> None:
        super().__init__(message)
        if code is not None:
            self.code = code
        self.params = params
        self._worded = False

    @classmethod
    def worded(cls: type[E], prefix: str, code: str, **params: object) -> E:
        """An error whose text is *prefix* and then the English sentence of *code* with *params*, made when it is
        shown (:data:`WORDING`): the rules raise codes and never import their words."""
        err = cls(prefix, code, **params)
        err._worded = True
        return err

    def __str__(self) -> str:
        text = super().__str__()
        return text + WORDING(self) if self._worded else text


def _code_only(err: GiretraError) -> str:
    return err.code


# How an error raised by its code alone (GiretraError.worded) says it in English: giretra_core.words sets it when the
# package is imported (its __init__ imports words), so that the rules below it never import their words.
WORDING: Callable[[GiretraError], str] = _code_only


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
