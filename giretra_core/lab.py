"""The bot lab's seam (web/lab.html): a bot's Python source in, checked and played in the arena, JSON out.

Like :mod:`giretra_core.jsonapi`, every function takes one JSON object (as a string) and returns
``{"ok": true, "value": ...}`` or ``{"ok": false, "error": {"code", "message", "line"}}`` (``line``: the line of the
bot's source the error is at, or null).  Not part of the game's wheel: the lab's worker installs this module and the
arena's (build_wheel.LAB_MODULES) beside it, so the game page loads none of it.

The bot is a function ``choose(view, rng)`` (the budget arguments of an own bot may be added) returning a
:class:`~giretra_core.bots.Decision`.  It is written to a file of its own and played as a bot of one's own
(:mod:`giretra_core.bots.own`), which checks each decision.  *notify*, when given, is called with ``"decide"`` before
each of the bot's decisions and ``"decided"`` after: the page stops the worker when a decision outlasts its limit
(a Python loop that does not end cannot be stopped from inside).  Arena progress is ``notify("pairs", done, total)``.
"""

from __future__ import annotations

import hashlib
import inspect
import json
import random
import re
import sys
import tempfile
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Any

from . import arena
from .bots import LEVELS, own
from .bots.own import OwnBotError
from .deal import action_token
from .errors import GiretraError
from .notation import format_match, parse_match
from .seats import parse_seat
from .views import seat_view

JSON = dict[str, Any]
Notify = Callable[..., object]
MAX_SOURCE = 100_000      # characters of a bot's source (a long bot is a few hundred lines)
MAX_DEALS = 1000          # duplicate deals of one arena run in the page
OPPONENTS = ("random", "basic", "advanced")
_FOLDER = Path(tempfile.gettempdir()) / "giretra_lab"
_notify: Notify | None = None


def _ok(value: object) -> str:
    return json.dumps({"ok": True, "value": value})


def _error(code: str, message: str, line: int | None = None) -> str:
    return json.dumps({"ok": False, "error": {"code": code, "message": message, "line": line}})


def _bot_error(err: OwnBotError, message: str, source: str) -> str:
    """The bot's mistake in the arena or at the table: its English *message*, and its kind and params for the page to
    say it in its reader's language (lab/controller.js)."""
    error: JSON = {"code": "bot_error", "message": _readable(message, source), "line": _line_of(err, source)}
    if err.kind is not None:
        error |= {"kind": err.kind, "params": {k: _readable(v, source) for k, v in err.params.items()}}
    return json.dumps({"ok": False, "error": error})


def _request(text: str) -> JSON:
    try:
        request = json.loads(text)
    except (TypeError, ValueError) as err:
        raise GiretraError(f"the request is not JSON: {err}", "bad_request") from None
    if not isinstance(request, dict):
        raise GiretraError("the request is a JSON object", "bad_request")
    return request


def _source(request: JSON) -> str:
    source = request.get("source")
    if not isinstance(source, str) or not source.strip():
        raise GiretraError("the bot's source is a non-empty string", "bad_request")
    if len(source) > MAX_SOURCE:
        raise GiretraError(f"the bot's source has {len(source)} characters, more than {MAX_SOURCE}", "bad_request")
    return source


def _module_name(source: str) -> str:
    return "labbot_" + hashlib.sha256(source.encode()).hexdigest()[:16]


def _spec(source: str) -> str:
    """The bot as the arena names a bot of one's own: an adapter file calling the author's ``choose(view, rng)``
    between two notifications (the author's file keeps their line numbers)."""
    name = _module_name(source)
    _FOLDER.mkdir(parents=True, exist_ok=True)
    bot = _FOLDER / f"{name}.py"
    if not bot.is_file():
        bot.write_text(source)
    adapter = _FOLDER / f"{name}_adapter.py"
    if not adapter.is_file():
        adapter.write_text(
            f"from giretra_core.lab import _decided, _deciding\nimport {name} as _bot\n"
            "from giretra_core.bots import Decision as _Decision\n\n"
            "def choose(view, rng, budget_ms=250.0, time_guard=True):\n"
            "    _deciding()\n"
            "    try:\n"
            "        decision = _bot.choose(view, rng)\n"
            "    finally:\n"
            "        _decided()\n"
            "    return decision if isinstance(decision, _Decision) else _Decision(decision, '')\n")
    return f"{adapter}:choose"


def _deciding() -> None:
    if _notify is not None:
        _notify("decide")


def _decided() -> None:
    if _notify is not None:
        _notify("decided")


def _line_of(err: BaseException, source: str) -> int | None:
    """The line of the bot's own source where *err* (or its cause) happened, deepest first."""
    name = _module_name(source)
    for cause in (err, err.__cause__, getattr(err.__cause__, "__cause__", None)):
        if cause is None:
            continue
        if isinstance(cause, SyntaxError) and cause.filename and name in cause.filename:
            return cause.lineno
        lines = [f.lineno for f in traceback.extract_tb(cause.__traceback__) if name + ".py" in f.filename]
        if lines:
            return lines[-1]
    return None


def _readable(message: str, source: str) -> str:
    """*message* with the bot's file named ``bot.py`` (not its temporary path) and the adapter unnamed."""
    name = _module_name(source)
    message = re.sub(rf"bot \S*{name}_adapter\.py:choose", "your bot", message)
    message = re.sub(rf"[^\s(]*{name}\.py", "bot.py", message)
    return re.sub(rf"[^\s(]*{name}_adapter\.py:\d+ in choose(, raised at )?", "", message)


def _load(source: str) -> str:
    """Import the bot (once per source) and check its ``choose``; its spec for the arena."""
    name = _module_name(source)
    spec = _spec(source)
    if name not in sys.modules:
        if str(_FOLDER) not in sys.path:
            sys.path.insert(0, str(_FOLDER))
        try:
            module = __import__(name)
        except SyntaxError as err:
            sys.modules.pop(name, None)
            raise _BotError(f"SyntaxError: {err.msg}", err.lineno) from None
        except Exception as err:  # noqa: BLE001 — the author's bug, with its line
            sys.modules.pop(name, None)
            raise _BotError(f"{type(err).__name__}: {err}", _line_of(err, source)) from None
    else:
        module = sys.modules[name]
    fn = getattr(module, "choose", None)
    if not callable(fn):
        raise _BotError("the bot has no function choose(view, rng)", None)
    try:
        inspect.signature(fn).bind(None, None)
    except TypeError:
        raise _BotError(f"choose is called as choose(view, rng); it is defined as choose{inspect.signature(fn)}",
                        fn.__code__.co_firstlineno if hasattr(fn, "__code__") else None) from None
    return spec


class _BotError(Exception):
    def __init__(self, message: str, line: int | None) -> None:
        super().__init__(message)
        self.line = line


def check(request: str) -> str:
    """``{"source"}``: the bot imports and has a ``choose(view, rng)``; value ``{"function": "choose"}``."""
    try:
        _load(_source(_request(request)))
    except GiretraError as err:
        return _error(err.code, str(err))
    except _BotError as err:
        return _error("bot_error", str(err), err.line)
    return _ok({"function": "choose"})


def play(request: str, notify: Notify | None = None) -> str:
    """``{"source", "opponent", "deals", "seed"}``: the bot against a level (random, basic, advanced) over *deals*
    duplicate deals (``arena.run(..., deals=...)``); value: the arena's figures (win rate and card points per deal,
    each with its 95 % interval).  *notify* gets ``"pairs", done, total`` after each pair."""
    global _notify
    try:
        req = _request(request)
        source = _source(req)
        opponent = req.get("opponent", "basic")
        if opponent not in OPPONENTS:
            raise GiretraError(f"the opponent is one of {', '.join(OPPONENTS)}, not {opponent!r}", "bad_request")
        deals, seed = req.get("deals", 100), req.get("seed", 1)
        if type(deals) is not int or not 1 <= deals <= MAX_DEALS:
            raise GiretraError(f"deals is a whole number from 1 to {MAX_DEALS}, not {deals!r}", "bad_request")
        if type(seed) is not int or not 0 <= seed < 2**31:
            raise GiretraError(f"seed is a whole number from 0 to 2**31-1, not {seed!r}", "bad_request")
        spec = _load(source)
    except GiretraError as err:
        return _error(err.code, str(err))
    except _BotError as err:
        return _error("bot_error", str(err), err.line)
    assert opponent in LEVELS
    _notify = notify
    try:
        def progress(done: int, total: int) -> None:
            if notify is not None:
                notify("pairs", done, total)

        result = arena.run(spec, opponent, seed, deals=deals, pair_done=progress)
    except OwnBotError as err:
        return _bot_error(err, str(err).split(" — in the leg")[0], source)
    finally:
        _notify = None
    result["A"] = "your bot"
    return _ok(result)


def decide(request: str, notify: Notify | None = None) -> str:
    """``{"source", "state", "seat", "seed"?}``: the bot's decision for *seat* in the match *state* (the game's
    notation), checked as the arena checks it, not applied: ``{"action", "why"}`` as ``jsonapi.bot_action`` gives it.
    For a match against the lab's bot (or with it as partner): the game's engine never runs the author's code."""
    global _notify
    try:
        req = _request(request)
        source = _source(req)
        state, seat_name, seed = req.get("state"), req.get("seat"), req.get("seed", 0)
        if not isinstance(state, str):
            raise GiretraError("state is the match's notation, a string", "bad_request")
        if not isinstance(seat_name, str):
            raise GiretraError("seat is a seat's name (Bottom, Left, Top, Right)", "bad_request")
        if type(seed) is not int or not 0 <= seed < 2**53:
            raise GiretraError(f"seed is a whole number from 0 to 2**53-1, not {seed!r}", "bad_request")
        match = parse_match(state)
        seat = parse_seat(seat_name)
        if match.turn != seat:
            raise GiretraError(f"it is not {seat.api_name}'s turn", "not_your_turn")
        spec = _load(source)
    except GiretraError as err:
        return _error(err.code, str(err))
    except _BotError as err:
        return _error("bot_error", str(err), err.line)
    _notify = notify
    try:
        rng = random.Random(f"lab/{seed}/{format_match(match)}")   # the same position, the same randomness
        decision = own.choose(spec, seat_view(match, seat), rng)
    except OwnBotError as err:
        return _bot_error(err, str(err), source)
    finally:
        _notify = None
    return _ok({"action": action_token(decision.action), "why": decision.why})


FUNCTIONS: dict[str, Callable[..., str]] = {"check": check, "play": play, "decide": decide}


def call(name: str, request: str, notify: Notify | None = None) -> str:
    """The lab worker's one entry point: an unknown *name* is an error object."""
    fn = FUNCTIONS.get(name)
    if fn is None:
        return _error("unknown_function", f"no lab function {name!r}; there are {', '.join(FUNCTIONS)}")
    return fn(request, notify) if fn in (play, decide) else fn(request)
