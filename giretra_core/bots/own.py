"""A bot of one's own: a function with the levels' signature, named ``path/to/file.py:function`` or
``package.module:function``, for the arena and the match log (docs/bots.md, "Your own bot").

Offline only: the page's JSON seam takes the built-in levels alone, so a request can never make it
import a file.  Each decision is checked; whatever goes wrong in the bot is an :class:`OwnBotError`
naming the bot (and, for a crash, where in its code), never a :class:`GiretraError` that a caller
would take for bad input of its own.
"""

from __future__ import annotations

import contextlib
import copy
import dataclasses
import importlib
import importlib.util
import inspect
import random
import signal
import sys
import threading
import time
import traceback
from collections.abc import Iterator
from pathlib import Path

from ..deal import MAX_CUT, MIN_CUT, Cut, action_token, as_action
from ..errors import GiretraError
from ..negotiation import Call
from ..views import SeatView
from ..words import message
from . import BotFn
from .reasons import REASONS, Decision, explain

_LOADED: dict[str, BotFn] = {}
SIGNATURE = "(view, rng, budget_ms=250.0, time_guard=True)"


class OwnBotError(Exception):
    """A bot of one's own crashed, returned something else than a Decision, or chose an illegal action:
    its author's mistake, reported in one line (a crash keeps its traceback as ``__cause__``).

    *kind* and *params* say the same for a page that writes it in its reader's language (the bot lab: its catalogues'
    ``lab.bot.KIND``): ``raised`` {error}, ``exit`` {code}, ``notDecision`` {value}, ``badWhy`` {value}, ``notAction``
    {value}, ``illegal`` {action, legal}; ``None`` for another (a bot stuck past the hard limit: the page's own
    limit stops it first)."""

    def __init__(self, message: str, kind: str | None = None, params: dict[str, str] | None = None) -> None:
        super().__init__(message)
        self.kind = kind
        self.params = params or {}


def is_own(level: str) -> bool:
    """Whether *level* names a bot of one's own (no built-in level has a colon)."""
    return ":" in level


def recorded(level: str) -> str:
    """How the match record (and so ``view.players``) names a seat's bot: this package's levels as they are; a bot
    of one's own and the arena's offline levels as ``"human"``, since the record knows only the levels."""
    from . import LEVELS

    return level if level in LEVELS else "human"


def load(spec: str) -> BotFn:
    """The function named by *spec*.  A file's folder goes first on the import path, as when a script
    is run, so the bot may import the modules beside it.

    :raises GiretraError: if the file or module is not there, has no such function, or the function
        cannot be called as ``function(view, rng, budget_ms, time_guard)``;
    :raises OwnBotError: if the bot's own module raises while it is imported (the author's bug: its
        traceback is the cause).
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
        folder = str(path.resolve().parent)
        if folder not in sys.path:
            sys.path.insert(0, folder)
        module_name = f"giretra_bot_{len(_LOADED)}_{path.stem}"
        found = importlib.util.spec_from_file_location(module_name, path)
        assert found is not None and found.loader is not None
        module = importlib.util.module_from_spec(found)
        sys.modules[module_name] = module  # dataclasses and pickling look their module up there
        try:
            found.loader.exec_module(module)
        except Exception as err:  # noqa: BLE001 — re-raised as the bot's, with its traceback as the cause
            del sys.modules[module_name]
            raise _not_imported(spec, err) from err
    else:
        try:
            module = importlib.import_module(where)
        except ModuleNotFoundError as err:
            if err.name is None or not (where == err.name or where.startswith(err.name + ".")):
                raise _not_imported(spec, err) from err   # the bot's module imports something missing
            hint = f"; a file is named {where}.py:{name}" if "/" in where or "\\" in where else ""
            raise GiretraError(f"no module {where!r} to import (is it on the path? from {Path.cwd()}){hint}",
                               "bad_level", text=spec) from None
        except Exception as err:  # noqa: BLE001 — as for a file
            raise _not_imported(spec, err) from err
    fn = getattr(module, name, None)
    if not callable(fn):
        raise GiretraError(f"{where} has no function {name!r}", "bad_level", text=spec)
    try:
        inspect.signature(fn).bind(None, None, 250.0, True)
    except TypeError:
        raise GiretraError(f"{spec} is called as {name}{SIGNATURE}; it is defined as {name}{inspect.signature(fn)}",
                           "bad_level", text=spec) from None
    except ValueError:
        pass  # no signature to read (a builtin): the first call will tell
    bot: BotFn = fn
    _LOADED[spec] = bot
    return bot


def _not_imported(spec: str, err: BaseException) -> OwnBotError:
    """The bot's own module raised while it was imported: its author's bug, named in one line."""
    return OwnBotError(f"bot {spec} could not be imported: {type(err).__name__}: {err} ({raised_at(err)})")


def raised_at(err: BaseException) -> str:
    """Where *err* was raised (``file:line in function``), and first the deepest line of the bot's own
    code on the way when that is elsewhere (the bot called this package, which refused)."""
    if isinstance(err, SyntaxError) and err.filename:   # raised by the compiler: the place is in the error
        return f"{err.filename}:{err.lineno}"
    frames = traceback.extract_tb(err.__traceback__)
    if not frames:
        return "?"
    package = str(Path(__file__).resolve().parents[1])
    theirs = [f for f in frames if not f.filename.startswith("<frozen ")
              and not str(Path(f.filename).resolve()).startswith(package)]

    def line(frame: traceback.FrameSummary) -> str:
        return f"{frame.filename}:{frame.lineno} in {frame.name}"

    if theirs and theirs[-1] is not frames[-1]:
        return f"{line(theirs[-1])}, raised at {line(frames[-1])}"
    return line(frames[-1])


def choose(spec: str, view: SeatView, rng: random.Random, budget_ms: float = 250.0,
           time_guard: bool = True) -> Decision:
    """The bot's decision, checked: a :class:`Decision` whose action is legal for *view*.

    :raises OwnBotError: if the bot raised, returned something else than a Decision, or chose an action
        that is not legal here (the message names the bot, the seat and the rule).
    """
    # The negotiation in the view is the match's own object ("read-only" in the docs): the bot gets a copy, so that a
    # bot that assigns to it (to try a call, say) changes nothing of the match.
    if view.negotiation is not None:
        view = dataclasses.replace(view, negotiation=copy.copy(view.negotiation))
    bot = load(spec)   # (its import is not part of the decision's time)
    try:
        with _hard_limit(spec, budget_ms):
            decision = bot(view, rng, budget_ms, time_guard)
    except _Stopped as err:
        raise OwnBotError(f"{err} at {raised_at(err).split(', raised at ')[0]}") from err
    except SystemExit as err:  # a stray exit() in the bot ended the arena without a word
        where = raised_at(err).split(", raised at ")[0]   # the bot's line, not exit()'s own frame
        raise OwnBotError(f"bot {spec} called exit() (SystemExit: {err.code!r}) ({where})", "exit",
                          {"code": repr(err.code)}) from err
    except Exception as err:  # noqa: BLE001 — re-raised as the bot's, with its traceback as the cause
        raise OwnBotError(f"bot {spec} raised {type(err).__name__}: {err} ({raised_at(err)})", "raised",
                          {"error": f"{type(err).__name__}: {err}"}) from err
    if not isinstance(decision, Decision):
        raise OwnBotError(f"bot {spec} returned {decision!r}, not a giretra_core.bots.Decision(action, why)",
                          "notDecision", {"value": repr(decision)})
    if not isinstance(decision.why, str):
        raise OwnBotError(f"bot {spec} gave {decision.why!r} as its reason: a short line of text, as the hint shows it",
                          "badWhy", {"value": repr(decision.why)})
    try:
        # As the engine holds it: True or 3.0 equal a card but are none, and Call(1, None) becomes Accept.
        action = as_action(decision.action)
    except (TypeError, GiretraError) as err:
        kind = type(decision.action)
        raise OwnBotError(f"bot {spec} chose {decision.action!r} (a {kind.__module__}.{kind.__qualname__}) for "
                          f"{view.seat.api_name}: {err}", "notAction", {"value": repr(decision.action)}) from None
    reasons = dict(view.actions)
    if action not in reasons or reasons[action] is not None:
        why = reasons.get(action)
        refusal = f"({why.code}): {message(why.code, 'en', why.params)}" if why else \
            f"({_not_an_action(action, view)})."
        raise OwnBotError(f"bot {spec} chose {action_token(action)} for {view.seat.api_name}, which is not legal "
                          f"{refusal} {_legal_text(view)}", "illegal",
                          {"action": action_token(action), "legal": _legal_tokens(view)})
    return as_written(decision._replace(action=action))


def as_written(decision: Decision) -> Decision:
    """*decision* with its reason to be shown as its bot wrote it: a key of the built-in lines (``bots.REASONS``) is
    kept only with ``why`` exactly that key's English line (a bot passing on a level's Decision, which the log then
    translates as the level's); any other ``why`` drops the key and its params, so that no template with missing
    fields (``master card: ? is ...``) replaces the bot's own words.

    >>> borrowed = Decision(3, "my own words", key="master")
    >>> as_written(borrowed).key, as_written(borrowed._replace(why=explain("master", card="AS"), params={"card": "AS"}))
    ('', Decision(action=3, why='master card: AS is the highest left in its suit', key='master', params={'card': 'AS'}))
    """
    if decision.key not in REASONS:
        return decision
    try:
        line = explain(decision.key, **(decision.params or {}))
    except (KeyError, IndexError, ValueError):   # a template field the params do not fill
        line = None
    return decision if line == decision.why else decision._replace(key="", params=None)


def _legal_tokens(view: SeatView) -> str:
    """The seat's legal actions, as the notation writes them (the cuts as a range)."""
    legal = view.legal
    if legal and all(isinstance(a, Cut) for a in legal):
        return f"Cut({MIN_CUT})–Cut({MAX_CUT})"
    return ", ".join(action_token(a) for a in legal)


def _legal_text(view: SeatView) -> str:
    return "The legal actions: " + _legal_tokens(view).replace("–", " to ")


# A bot that never answers (a loop that does not end) would hang the arena and --validate without a word. Budgets are
# asked of the bots, not enforced; this limit only stops a bot that is stuck, far beyond any budget.
HARD_LIMIT_S = 30.0


class _Stopped(BaseException):
    """Raised inside a stuck bot: a BaseException, so that the bot's own ``except Exception`` does not swallow it."""


@contextlib.contextmanager
def _hard_limit(spec: str, budget_ms: float) -> Iterator[None]:
    """Stop the bot (raise :class:`_Stopped` where it is) after ``max(HARD_LIMIT_S, 10 × budget)`` seconds.

    It needs a POSIX timer signal and the main thread; elsewhere (Windows, a thread) the bot is not stopped."""
    limit = max(HARD_LIMIT_S, 10 * budget_ms / 1000)
    if not hasattr(signal, "setitimer") or threading.current_thread() is not threading.main_thread():
        yield
        return

    def stop(signum: int, frame: object) -> None:
        raise _Stopped(f"bot {spec} was stopped after {limit:g} s on one decision (asked to take {budget_ms:g} ms); "
                       "it was running")   # ... at the bot's line

    pending, _ = signal.getitimer(signal.ITIMER_REAL)
    # The caller's own timer comes first (a test runner's timeout, say), or its handler was not set from Python and
    # could not be put back: leave them alone, without a limit.
    if 0 < pending <= limit or signal.getsignal(signal.SIGALRM) is None:
        yield
        return
    previous = signal.signal(signal.SIGALRM, stop)
    start = time.monotonic()
    _, every = signal.setitimer(signal.ITIMER_REAL, limit)
    try:
        yield
    finally:
        while True:   # the timer may fire during this clean-up (once: it is not repeated): clean up all the same
            try:
                signal.setitimer(signal.ITIMER_REAL, 0)
                signal.signal(signal.SIGALRM, previous)
                if pending:   # the caller's later timer, running on as if ours had not been there
                    signal.setitimer(signal.ITIMER_REAL, max(pending - (time.monotonic() - start), 1e-6), every)
                break
            except _Stopped:
                continue


def _not_an_action(action: object, view: SeatView) -> str:
    """Why *action* is none of the seat's actions now: of another phase, or a card the seat does not hold."""
    if isinstance(action, int) and view.phase == "play":
        return "not in its hand"
    kind = "a cut" if isinstance(action, Cut) else "a call" if isinstance(action, Call) else "a card"
    return f"{kind}, in the {view.phase}: {_EXPECTED.get(view.phase, 'nothing to do')}"


_EXPECTED = {"cut": "the cutter cuts, Cut(k) with k from 6 to 26", "negotiation": "the seat makes a Call",
             "play": "the seat plays a card of its hand"}
