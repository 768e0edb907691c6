"""A bot of one's own: a function with the levels' signature, named ``path/to/file.py:function`` or
``package.module:function``, for the arena and the match log (docs/bots.md, "Your own bot").

Offline only: the page's JSON seam takes the built-in levels alone, so a request can never make it
import a file.  Each decision is checked, and a mistake is one line naming the bot, the seat and the
rule.
"""

from __future__ import annotations

import importlib
import importlib.util
import random
import sys
from pathlib import Path

from ..deal import action_token
from ..errors import GiretraError, IllegalActionError
from ..views import SeatView
from . import BotFn
from .reasons import Decision

_LOADED: dict[str, BotFn] = {}


class IllegalBotAction(IllegalActionError):
    """A bot of one's own chose an action the rules forbid here (its author's mistake, not this package's)."""


def is_own(level: str) -> bool:
    """Whether *level* names a bot of one's own (no built-in level has a colon)."""
    return ":" in level


def load(spec: str) -> BotFn:
    """The function named by *spec*.

    :raises GiretraError: if the file or module is not there or has no such function; an error
        raised by the bot's own module while it is imported is left as it is (the author's bug).
    """
    if spec in _LOADED:
        return _LOADED[spec]
    where, _, name = spec.rpartition(":")
    if not where or not name.isidentifier():
        raise GiretraError(f"a bot of your own is named FILE.py:FUNCTION or MODULE:FUNCTION, not {spec!r}",
                           "bad_level", text=spec)
    if where.endswith(".py"):
        path = Path(where)
        if not path.is_file():
            raise GiretraError(f"no bot file {where!r} (from {Path.cwd()})", "bad_level", text=spec)
        module_name = f"giretra_bot_{len(_LOADED)}_{path.stem}"
        found = importlib.util.spec_from_file_location(module_name, path)
        assert found is not None and found.loader is not None
        module = importlib.util.module_from_spec(found)
        sys.modules[module_name] = module  # dataclasses and pickling look their module up there
        found.loader.exec_module(module)
    else:
        try:
            module = importlib.import_module(where)
        except ModuleNotFoundError as err:
            if err.name is None or not (where == err.name or where.startswith(err.name + ".")):
                raise  # the bot's module itself imports something missing: its author's to see
            raise GiretraError(f"no module {where!r} to import (is it on the path? from {Path.cwd()})",
                               "bad_level", text=spec) from None
    fn = getattr(module, name, None)
    if not callable(fn):
        raise GiretraError(f"{where} has no function {name!r}", "bad_level", text=spec)
    bot: BotFn = fn
    _LOADED[spec] = bot
    return bot


def choose(spec: str, view: SeatView, rng: random.Random, budget_ms: float = 250.0,
           time_guard: bool = True) -> Decision:
    """The bot's decision, checked: a :class:`Decision` whose action is legal for *view*.

    :raises TypeError: if the bot returned something else than a Decision.
    :raises IllegalBotAction: if its action is not legal here (the message names the bot, the seat, the rule).
    """
    decision = load(spec)(view, rng, budget_ms, time_guard)
    if not isinstance(decision, Decision):
        raise TypeError(f"bot {spec} returned {decision!r}, not a giretra_core.bots.Decision(action, why)")
    reasons = dict(view.actions)
    if decision.action not in reasons or reasons[decision.action] is not None:
        why = reasons.get(decision.action)
        shown = action_token(decision.action) if why else repr(decision.action)
        raise IllegalBotAction(f"bot {spec} chose {shown} for {view.seat.api_name}, which is not legal "
                                 f"({why.code if why else 'not one of its actions'})")
    return decision
