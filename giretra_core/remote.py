"""A bot served over the reference engine's protocol, as a player of the arena (docs/bots.md, "A bot of the
reference's").

    python -m giretra_core.arena http://127.0.0.1:5061 basic --matches 20
    python -m giretra_core.arena path/to/random-python-bot/bot.meta.json basic --matches 20

This is the reference's client (``RemotePlayerAgent``, ``RemoteBotClient``, ``RemotePlayerAgentFactory``) in the
standard library: a session per seat, made at the seat's first call; ``choose-cut``, ``choose-negotiation-action``,
``choose-card`` with 30 s to answer; the ``notify/*`` events (the meta's ``notifications``, every one for a bare
URL) with 5 s each; ``notify/match-ended`` then ``DELETE`` at the end.  A ``bot.meta.json`` is launched as the
reference launches it: its ``init`` command, then its ``launch`` command in its folder with ``PORT`` and
``LAUNCHER_PID`` set, its ``healthEndpoint`` polled every 200 ms for ``startupTimeout`` seconds, a session made and
destroyed as a smoke test; it is stopped at the end.  The bodies are :mod:`giretra_core.protocol`'s.

Stricter than the reference in one way: a failed notification stops the run (the reference logs it and plays on),
so that a bot's mistake is never passed over.  Every failure is a :class:`RemoteBotError`, one line saying what was
sent and what came back (or that nothing did in time).
"""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import random
import shlex
import signal
import socket
import subprocess
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from . import protocol
from .bots.own import OwnBotError
from .bots.reasons import Decision
from .cards import Card
from .deal import Action, Cut
from .match import Match
from .negotiation import Call
from .protocol import ProtocolError
from .seats import SEAT_NAMES, Seat

DECISION_TIMEOUT = 30.0      # the reference's: RemoteBotClient's decision and notification timeouts
NOTIFICATION_TIMEOUT = 5.0
STARTUP_POLL = 0.2
_OUTPUT_KEPT = 16384         # the last characters of a launched bot's output shown in an error, as the reference


class RemoteBotError(OwnBotError):
    """A bot served over the protocol failed: no answer in time, an HTTP error, a body that is not the protocol's,
    an illegal answer, or a launch that did not come up.  (An :class:`OwnBotError`, so the arena reports it as it
    reports any bot's mistake: one line, with where in the match.)"""


def is_url(level: str) -> bool:
    return level.startswith(("http://", "https://"))


def is_remote(level: str) -> bool:
    """Whether *level* names a bot served over the protocol: a URL, or a ``bot.meta.json`` to launch."""
    return is_url(level) or level.endswith(".json")


class Client:
    """The HTTP side of one bot server (``RemoteBotClient``): every call with its timeout and checked status."""

    def __init__(self, base_url: str, notifications: frozenset[str] | None = None,
                 decision_timeout: float | None = None, notification_timeout: float | None = None):
        self.base_url = base_url.rstrip("/") + "/"
        self.notifications = notifications   # None: every event, as the reference without a meta
        self.decision_timeout = DECISION_TIMEOUT if decision_timeout is None else decision_timeout
        self.notification_timeout = NOTIFICATION_TIMEOUT if notification_timeout is None else notification_timeout

    def wants(self, event: str) -> bool:
        return self.notifications is None or event in self.notifications

    def call(self, method: str, path: str, body: object | None, timeout: float) -> tuple[int, bytes]:
        """*method* on *path* with *body* as JSON (Content-Length, never chunked: the reference does the same for
        simple servers); the status and body.

        :raises RemoteBotError: for no connection or no answer within *timeout*."""
        data = None if body is None else json.dumps(body, separators=(",", ":")).encode()
        request = urllib.request.Request(self.base_url + path, data=data, method=method)
        if data is not None:
            request.add_header("Content-Type", "application/json; charset=utf-8")
        # A bot on this machine is never reached through a proxy the environment may name.
        opener = _DIRECT if urllib.parse.urlsplit(self.base_url).hostname in _LOOPBACK else _DEFAULT
        try:
            with opener.open(request, timeout=timeout) as response:
                return int(response.status), bytes(response.read())
        except urllib.error.HTTPError as err:
            return int(err.code), bytes(err.read() or b"")
        except TimeoutError:
            raise RemoteBotError(f"{method} {self.base_url}{path}: no answer within {timeout:g} s") from None
        except (urllib.error.URLError, ConnectionError, http.client.HTTPException, OSError) as err:
            reason = getattr(err, "reason", err)
            if isinstance(reason, TimeoutError):
                raise RemoteBotError(f"{method} {self.base_url}{path}: no answer within {timeout:g} s") from None
            raise RemoteBotError(f"{method} {self.base_url}{path} failed: {reason}") from None

    def decision(self, path: str, body: object) -> object:
        """A decision's answer, as JSON. :raises RemoteBotError: for an error status or a body that is no JSON."""
        status, answer = self.call("POST", path, body, self.decision_timeout)
        if not 200 <= status < 300:
            raise RemoteBotError(f"POST {self.base_url}{path} answered {status}{_excerpt(answer)}")
        try:
            return json.loads(answer)
        except ValueError:
            raise RemoteBotError(f"POST {self.base_url}{path} answered {status} with a body that is not JSON"
                                 f"{_excerpt(answer)}") from None

    def notify(self, session: str, event: str, body: object) -> None:
        path = f"api/sessions/{session}/notify/{event}"
        status, answer = self.call("POST", path, body, self.notification_timeout)
        if not 200 <= status < 300:
            raise RemoteBotError(f"POST {self.base_url}{path} answered {status}{_excerpt(answer)}")

    def create_session(self, position: Seat, match_id: str, seed: int | None) -> str:
        body: dict[str, object] = {"position": SEAT_NAMES[position], "matchId": match_id}
        if seed is not None:   # null is left out, as the reference writes it
            body["seed"] = seed
        answer = self.decision("api/sessions", body)
        session = answer.get("sessionId") if isinstance(answer, dict) else None
        if not isinstance(session, str) or not session:
            raise RemoteBotError(f"POST {self.base_url}api/sessions: no sessionId in the answer "
                                 f"{protocol._quote(answer)}")
        return session

    def delete_session(self, session: str) -> None:
        """Best effort, as the reference: a failure here is not the match's."""
        with contextlib.suppress(RemoteBotError):
            self.call("DELETE", f"api/sessions/{session}", None, self.notification_timeout)


_LOOPBACK = ("localhost", "127.0.0.1", "::1")
_DIRECT = urllib.request.build_opener(urllib.request.ProxyHandler({}))
_DEFAULT = urllib.request.build_opener()


def _excerpt(body: bytes) -> str:
    text = body.decode("utf-8", "replace").strip()
    return f": {text[:300]}{'…' if len(text) > 300 else ''}" if text else " (empty body)"


@dataclass
class Table:
    """The remote seats of one match (``RemotePlayerAgent`` each): their sessions and the events they are sent.

    *clients* maps each remote seat to its server; *seeds* what each session is seeded with."""

    clients: dict[Seat, Client]
    match_id: str
    seeds: dict[Seat, int]
    sessions: dict[Seat, str] = field(default_factory=dict)

    @classmethod
    def for_leg(cls, clients: dict[Seat, Client], seed: int, a_team: int) -> Table:
        rng = random.Random(f"remote/{seed}/{a_team}")
        match_id = str(uuid.UUID(int=rng.getrandbits(128), version=4))
        # A C# int: the reference's seed is an int? (the factory's seed plus one per agent).
        return cls(clients, match_id, {seat: rng.randrange(2**31) for seat in clients})

    def _session(self, seat: Seat) -> str:
        if seat not in self.sessions:
            self.sessions[seat] = self.clients[seat].create_session(seat, self.match_id, self.seeds[seat])
        return self.sessions[seat]

    def _notify(self, event: str, body: dict[str, object], creating: bool = False) -> None:
        """*event* to each remote seat that asked for it, in seat order (the reference's), once its session exists
        (deal-started makes it)."""
        for seat in sorted(self.clients):
            client = self.clients[seat]
            if client.wants(event) and (creating or seat in self.sessions):
                client.notify(self._session(seat), event, body)

    def start_deal(self, match: Match) -> None:
        """Before the cut: ``notify/deal-started``, then ``choose-cut`` if the cutter is remote.  The bot's cut is
        checked (6 to 26 cards, from the top or the bottom), and the arena plays its own seeded cut all the same, as
        for every bot: a cut cannot make a deal better for one side, and the two legs of a pair must have the
        same."""
        state = protocol.match_state(match)
        self._notify("deal-started", {"matchState": state}, creating=True)
        cutter = match.deal.cutter
        if cutter in self.clients:
            answer = self._decide(cutter, "choose-cut", {"deckSize": protocol.DECK_SIZE, "matchState": state})
            try:
                protocol.parse_cut(answer)
            except ProtocolError as err:
                raise self._wrong(cutter, "choose-cut", err) from None

    def decide(self, match: Match, seat: Seat) -> Decision:
        """The remote seat's call or card, checked against the valid ones it was sent."""
        deal = match.deal
        state = protocol.match_state(match)
        hand = protocol.hand_json(deal, deal.hands[seat])
        if deal.contract is None:
            assert deal.negotiation is not None
            legal_calls = deal.negotiation.legal_calls()
            answer = self._decide(seat, "choose-negotiation-action", {
                "hand": hand, "negotiationState": protocol.negotiation_state(deal.negotiation, deal.dealer),
                "matchState": state, "validActions": [protocol.call_choice(c) for c in legal_calls]})
            try:
                call = protocol.parse_call_choice(answer, legal_calls)
            except ProtocolError as err:
                raise self._wrong(seat, "choose-negotiation-action", err) from None
            return Decision(call, f"{call.token} (the bot's answer)", "remote")
        legal = protocol.valid_plays(deal, seat)
        answer = self._decide(seat, "choose-card", {
            "hand": hand, "handState": protocol.hand_state(deal), "matchState": state,
            "validPlays": [protocol.card_json(c) for c in legal]})
        try:
            card = protocol.parse_card_choice(answer, legal)
        except ProtocolError as err:
            raise self._wrong(seat, "choose-card", err) from None
        return Decision(card, "the bot's answer", "remote")

    def _decide(self, seat: Seat, endpoint: str, body: dict[str, object]) -> object:
        return self.clients[seat].decision(f"api/sessions/{self._session(seat)}/{endpoint}", body)

    def _wrong(self, seat: Seat, endpoint: str, err: ProtocolError) -> RemoteBotError:
        return RemoteBotError(f"the bot at {self.clients[seat].base_url} ({SEAT_NAMES[seat]}) answered {endpoint} "
                              f"wrongly: {err}")

    def observe(self, before: Match, seat: Seat, action: Action, after: Match) -> None:
        """The events that follow *seat*'s *action*, as the reference's game manager sends them."""
        if isinstance(action, Cut):
            return
        ended = len(after.history) > len(before.history)
        deal = after.history[-1].deal if ended else after.deal
        state = protocol.match_state(after)
        if isinstance(action, Call):
            if deal.contract is not None:
                assert deal.negotiation is not None
                self._notify("negotiation-completed", {
                    "negotiationState": protocol.negotiation_state(deal.negotiation, deal.dealer),
                    "matchState": state})
            return
        card: Card = action
        hand = protocol.hand_state(deal)
        self._notify("card-played", {"player": SEAT_NAMES[seat], "card": protocol.card_json(card),
                                     "handState": hand, "matchState": state})
        if len(deal.tricks) > len(before.deal.tricks):
            trick = deal.tricks[-1]
            self._notify("trick-completed", {
                "completedTrick": protocol.trick_json(trick.leader, len(deal.tricks), trick.cards, True),
                "winner": SEAT_NAMES[trick.winner], "handState": hand, "matchState": state})
        if ended:
            self._notify("deal-ended", {"result": protocol.deal_result(after.history[-1].score),
                                        "handState": hand, "matchState": state})

    def close(self, match: Match) -> None:
        """``notify/match-ended`` if the match was played to its end, then every session destroyed."""
        try:
            if match.is_over:
                self._notify("match-ended", {"matchState": protocol.match_state(match)})
        finally:
            self.abandon()

    def abandon(self) -> None:
        """Every session destroyed, best effort (a match stopped by a failure, or after :meth:`close`: none left)."""
        for seat, session in sorted(self.sessions.items()):
            self.clients[seat].delete_session(session)
        self.sessions.clear()


# -- launching a bot.meta.json ---------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Meta:
    """What this client reads of a ``bot.meta.json`` (``BotMetadata``: property names in any case)."""

    path: Path
    name: str
    notifications: frozenset[str] | None
    init: tuple[str, str, float] | None          # command, arguments, timeout (s)
    file_name: str
    arguments: str
    port: int | None
    startup_timeout: float
    health_endpoint: str
    environment: dict[str, str]


def _get(obj: dict[str, object], key: str) -> object:
    return next((v for k, v in obj.items() if k.lower() == key.lower()), None)


def read_meta(path: str | Path) -> Meta:
    """:raises RemoteBotError: for a meta that cannot be read or lacks what a launch needs."""
    path = Path(path)
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as err:
        raise RemoteBotError(f"{path}: cannot read the bot's meta: {err}") from None

    def fail(what: str) -> RemoteBotError:
        return RemoteBotError(f"{path}: {what}")

    if not isinstance(raw, dict):
        raise fail("the meta is not a JSON object")
    launch = _get(raw, "launch")
    if not isinstance(launch, dict):
        raise fail("no 'launch' section")
    file_name = _get(launch, "fileName")
    if not isinstance(file_name, str) or not file_name:
        raise fail("launch.fileName is required")
    notifications = _get(raw, "notifications")
    if notifications is not None and not (isinstance(notifications, list)
                                          and all(isinstance(n, str) for n in notifications)):
        raise fail("notifications must be a list of event names")
    init = _get(raw, "init")
    init_spec = None
    if init is not None:
        command = _get(init, "command") if isinstance(init, dict) else None
        if not isinstance(init, dict) or not isinstance(command, str):
            raise fail("init.command is required in an 'init' section")
        init_spec = (command, str(_get(init, "arguments") or ""), float(_number(_get(init, "timeout"), 120, fail)))
    env = _get(launch, "environmentVariables") or {}
    if not isinstance(env, dict):
        raise fail("launch.environmentVariables must be an object")
    port = _get(launch, "port")
    name = _get(raw, "agentName") or _get(raw, "name") or path.parent.name
    return Meta(path, str(name), None if notifications is None else frozenset(n.lower() for n in notifications),
                init_spec, file_name, str(_get(launch, "arguments") or ""),
                None if port is None else int(_number(port, 0, fail)),
                float(_number(_get(launch, "startupTimeout"), 30, fail)),
                str(_get(launch, "healthEndpoint") or "health"), {str(k): str(v) for k, v in env.items()})


def _number(value: object, default: float, fail: Callable[[str], RemoteBotError]) -> float:
    if value is None:
        return default
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise fail(f"expected a number, not {protocol._quote(value)}")
    return value


def free_port() -> int:
    """A free port on the loopback (``PortAllocator``: bind to port 0, read it, let it go)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@contextlib.contextmanager
def launched(meta_path: str | Path) -> Iterator[Client]:
    """The bot of *meta_path* running, as a client of it; stopped (its whole process group) on leaving.

    :raises RemoteBotError: if its init command fails or times out, it exits, or it is not healthy in time."""
    meta = read_meta(meta_path)
    folder = meta.path.resolve().parent
    if meta.init is not None:
        command, arguments, timeout = meta.init
        try:
            done = subprocess.run([command, *shlex.split(arguments)], cwd=folder, capture_output=True, text=True,
                                  timeout=timeout, check=False)
        except subprocess.TimeoutExpired:
            raise RemoteBotError(f"{meta.path}: init command '{command} {arguments}' timed out after "
                                 f"{timeout:g}s") from None
        except OSError as err:
            raise RemoteBotError(f"{meta.path}: init command '{command} {arguments}' could not start: {err}") from None
        if done.returncode != 0:
            raise RemoteBotError(f"{meta.path}: init command '{command} {arguments}' failed with exit code "
                                 f"{done.returncode}.{_output(done.stdout, done.stderr)}")
    port = meta.port or free_port()
    base_url = f"http://localhost:{port}"
    extra = dict(meta.environment)
    extra.setdefault("PORT", str(port))            # the meta's own values win, as the reference's TryAdd
    extra.setdefault("LAUNCHER_PID", str(os.getpid()))
    env = {**os.environ, **extra}
    file_name = meta.file_name
    if not os.path.isabs(file_name) and ("/" in file_name or "\\" in file_name):
        file_name = str(folder / file_name)   # as the reference: a path is the bot folder's, a bare name PATH's
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as errors:
        try:
            process = subprocess.Popen([file_name, *shlex.split(meta.arguments)], cwd=folder, env=env, stdout=out,
                                       stderr=errors, stdin=subprocess.DEVNULL, start_new_session=True)
        except OSError as error:
            raise RemoteBotError(f"{meta.path}: failed to start the bot: {file_name}: {error}") from None
        try:
            client = Client(base_url, meta.notifications)
            _wait_healthy(meta, client, process, out, errors)
            yield client
        finally:
            _stop(process)


def _wait_healthy(meta: Meta, client: Client, process: subprocess.Popen[bytes], out: object, err: object) -> None:
    deadline = time.monotonic() + meta.startup_timeout
    health = meta.health_endpoint.lstrip("/")
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RemoteBotError(f"{meta.path}: the bot exited prematurely with code {process.returncode}."
                                 f"{_captured(out, err)}")
        try:
            status, _ = client.call("GET", health, None, max(0.2, min(2.0, deadline - time.monotonic())))
        except RemoteBotError:
            status = 0
        if 200 <= status < 300:
            # The reference's smoke test: a session made and destroyed, to see that POST works too.
            status, answer = client.call("POST", "api/sessions", {"position": "Bottom", "matchId": "__smoke_test__"},
                                         client.decision_timeout)
            if not 200 <= status < 300:
                raise RemoteBotError(f"{meta.path}: the bot is healthy, but POST /api/sessions answered {status}"
                                     f"{_excerpt(answer)}")
            with contextlib.suppress(ValueError, AttributeError, TypeError):
                client.delete_session(json.loads(answer)["sessionId"])
            return
        time.sleep(STARTUP_POLL)
    raise RemoteBotError(f"{meta.path}: the bot did not become healthy within {meta.startup_timeout:g}s "
                         f"({client.base_url}{health}).{_captured(out, err)}")


def _stop(process: subprocess.Popen[bytes]) -> None:
    """The bot and what it started (``Kill(entireProcessTree)``): its process group, then a wait."""
    if process.poll() is None:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(process.pid, signal.SIGKILL)
        with contextlib.suppress(subprocess.TimeoutExpired):
            process.wait(timeout=3)


def _captured(out: object, err: object) -> str:
    texts = []
    for stream in (out, err):
        assert hasattr(stream, "seek") and hasattr(stream, "read")
        stream.seek(0)
        texts.append(stream.read().decode("utf-8", "replace"))
    return _output(*texts)


def _output(stdout: str, stderr: str) -> str:
    parts = []
    for name, text in (("stdout", stdout), ("stderr", stderr)):
        text = text.rstrip()[-_OUTPUT_KEPT:]
        if text:
            parts.append(f"\n--- {name} ---\n{text}")
    return "".join(parts)
