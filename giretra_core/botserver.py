"""This package's bots served over the reference engine's protocol, as its external bots are (docs/bots.md, "The
expert as a bot of the reference's").

    python -m giretra_core.botserver expert --rules play.giretra.com --port 5061

It answers as the reference's templates do (``GET /health``; ``POST /api/sessions`` → 201 and a ``sessionId``;
``DELETE`` → 204, idempotent; ``choose-cut``, ``choose-negotiation-action``, ``choose-card`` → the choice;
``notify/*`` → 200 with no body), with the standard library's threaded HTTP server.  ``PORT`` is read from the
environment when ``--port`` is not given, and the server stops when the process ``LAUNCHER_PID`` names is gone, as
the templates do: a ``bot.meta.json`` launches it as any external bot.

Each decision rebuilds the position from its request: the match's scores, target and dealer, the seat's cards, the
negotiation's calls and the tricks' cards are replayed through this package's rules (the other seats' hidden cards
are placeholders: a bot is only shown its seat's view), so that a request that breaks the rules of the preset served
— a call out of turn, a card played twice, ``validActions`` or ``validPlays`` that are not the legal ones — is
answered 422 with what is wrong, never played on.  ``choose-card`` needs the deal's calls, which only the
``negotiation-completed`` event carries: the meta must ask for it.  Malformed JSON is a 400, an unknown session or
path a 404; a bug of this package a 500 with its traceback printed.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import signal
import sys
import threading
import time
import traceback
import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, TypeVar

from . import bots, protocol
from .cards import Card, card_name
from .deal import MAX_CUT, MIN_CUT, Action, Cut
from .errors import GiretraError
from .match import Match
from .negotiation import Call
from .protocol import JSON, ProtocolError
from .rules import PRESETS, Rules
from .seats import Seat
from .views import seat_view

DEFAULT_PORT = 5061   # the templates'
T = TypeVar("T")
PLACEHOLDER_CUT = Cut(MIN_CUT)   # the deal is rebuilt from its cards: any cut will do


class BadRequest(Exception):
    """A request this server refuses: its HTTP status and what is wrong."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


@dataclass
class Session:
    """One seat of one match: its RNG (seeded as asked) and what it has seen of each deal."""

    position: Seat
    rng: random.Random
    first_five: dict[tuple[int, str], list[Card]] = field(default_factory=dict)   # per deal: the hand it bid with
    calls: dict[tuple[int, str], list[object]] = field(default_factory=dict)      # per deal: the whole negotiation
    lock: threading.Lock = field(default_factory=threading.Lock)


class BotServer:
    """The sessions and the answers, without HTTP (:func:`serve` puts it behind a threaded HTTP server)."""

    def __init__(self, level: str, rules: Rules, budget_ms: float = 250.0) -> None:
        if level not in bots.LEVELS:
            raise ValueError(f"unknown level {level!r} (expected one of {', '.join(bots.LEVELS)})")
        self.level = level
        self.rules = rules
        self.budget_ms = budget_ms
        self.sessions: dict[str, Session] = {}
        self._lock = threading.Lock()

    # -- the routes --------------------------------------------------------------------------------------------------

    def handle(self, method: str, path: str, body: bytes) -> tuple[int, JSON | None]:
        """The status and JSON answer of one request.  :raises BadRequest: for a request refused."""
        parts = path.split("?", 1)[0].strip("/").split("/")
        if method == "GET" and parts == ["health"]:
            return 200, None
        if parts[:2] != ["api", "sessions"]:
            raise BadRequest(404, f"no such path: {method} {path}")
        if method == "POST" and len(parts) == 2:
            return 201, self.create(_json(body))
        if len(parts) < 3:
            raise BadRequest(404, f"no such path: {method} {path}")
        session_id = parts[2]
        if method == "DELETE" and len(parts) == 3:
            with self._lock:
                self.sessions.pop(session_id, None)
            return 204, None
        if method != "POST" or len(parts) not in (4, 5) or (len(parts) == 5 and parts[3] != "notify"):
            raise BadRequest(404, f"no such path: {method} {path}")
        with self._lock:
            session = self.sessions.get(session_id)
        if session is None:
            raise BadRequest(404, f"unknown session {session_id!r} (made by POST /api/sessions, ended by DELETE)")
        request = _json(body)
        with session.lock:   # one seat's requests in turn: its RNG is drawn in their order
            if len(parts) == 5:
                self.notify(session, parts[4], request)
                return 200, None
            endpoint = parts[3]
            if endpoint == "choose-cut":
                return 200, {"position": session.rng.randint(MIN_CUT, MAX_CUT), "fromTop": True}
            if endpoint == "choose-negotiation-action":
                return 200, self.choose_call(session, request)
            if endpoint == "choose-card":
                return 200, self.choose_card(session, request)
        raise BadRequest(404, f"no such path: {method} {path}")

    def create(self, request: JSON) -> JSON:
        position = _field(request, "position", str)
        try:
            seat = protocol.parse_seat(position, "position")
        except ProtocolError as err:
            raise BadRequest(400, str(err)) from None
        seed = request.get("seed")
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise BadRequest(400, f"seed must be an integer or absent, not {protocol._quote(seed)}")
        session_id = str(uuid.uuid4())
        with self._lock:
            self.sessions[session_id] = Session(seat, random.Random(seed))   # no seed: the system's randomness
        return {"sessionId": session_id}

    def notify(self, session: Session, event: str, request: JSON) -> None:
        if event not in protocol.NOTIFICATIONS:
            raise BadRequest(404, f"no such event {event!r} (expected one of {', '.join(protocol.NOTIFICATIONS)})")
        if event == "negotiation-completed":
            state = _field(request, "negotiationState", dict)
            session.calls[_deal_key(_field(request, "matchState", dict))] = _field(state, "actions", list)

    def choose_call(self, session: Session, request: JSON) -> JSON:
        match_state = _field(request, "matchState", dict)
        state = _field(request, "negotiationState", dict)
        hand = self._cards(_field(request, "hand", list), "hand")
        if len(hand) != 5:
            raise BadRequest(422, f"hand: a seat bids with 5 cards, not {len(hand)}")
        key = _deal_key(match_state)
        session.first_five[key] = hand
        match = self._rebuild(session, match_state, hand, [], _field(state, "actions", list), [])
        legal = match.deal.legal_actions()
        valid = [self._call(v, f"validActions[{i}]") for i, v in enumerate(_field(request, "validActions", list))]
        _same("validActions", valid, legal, lambda c: c.token if isinstance(c, Call) else str(c))
        decision = bots.choose(self.level, seat_view(match, session.position), session.rng, self.budget_ms)
        assert isinstance(decision.action, Call), decision
        return protocol.call_choice(decision.action)

    def choose_card(self, session: Session, request: JSON) -> JSON:
        match_state = _field(request, "matchState", dict)
        hand_state = _field(request, "handState", dict)
        hand = self._cards(_field(request, "hand", list), "hand")
        key = _deal_key(match_state)
        calls = session.calls.get(key)
        if calls is None:
            raise BadRequest(422, "this deal's calls are unknown: this server needs the negotiation-completed event "
                                  "(list it in the bot meta's notifications)")
        tricks = [*_field(hand_state, "completedTricks", list)]
        current = hand_state.get("currentTrick")
        if current is not None:
            tricks.append(current)
        plays = self._plays(tricks)
        match = self._rebuild(session, match_state, hand, plays, calls, session.first_five.get(key, []))
        deal = match.deal
        if deal.contract is None or deal.contract.mode != protocol.parse_mode(hand_state.get("gameMode"),
                                                                               "handState.gameMode"):
            raise BadRequest(422, "handState.gameMode is not the contract of this deal's calls")
        legal = [c for c in deal.legal_actions() if isinstance(c, int)]
        valid = self._cards(_field(request, "validPlays", list), "validPlays")
        _same("validPlays", valid, legal, card_name)
        decision = bots.choose(self.level, seat_view(match, session.position), session.rng, self.budget_ms)
        assert isinstance(decision.action, int), decision
        return protocol.card_json(decision.action)

    # -- the position, rebuilt ---------------------------------------------------------------------------------------

    def _rebuild(self, session: Session, match_state: JSON, hand: list[Card], plays: list[tuple[Seat, Card]],
                 calls: Sequence[object], first_five: list[Card]) -> Match:
        """The match as this seat sees it: its cards where the deal put them, the others' played cards in their
        hands, every other card a placeholder; then the cut, the calls and the cards, through this package's rules.

        :raises BadRequest: (422) for a position these rules do not allow."""
        me = session.position
        scores = (_field(match_state, "team1MatchPoints", int), _field(match_state, "team2MatchPoints", int))
        target = _field(match_state, "targetScore", int)
        try:
            dealer = protocol.parse_seat(match_state.get("currentDealer"), "matchState.currentDealer")
        except ProtocolError as err:
            raise BadRequest(400, str(err)) from None
        mine = [*hand, *(card for seat, card in plays if seat == me)]
        owners: dict[Card, Seat] = {}
        for seat, card in [*((me, c) for c in mine), *((s, c) for s, c in plays if s != me)]:
            if card in owners:
                raise BadRequest(422, f"{card_name(card)} is twice in this deal (the hand and the tricks)")
            owners[card] = seat
        first = first_five if len(first_five) == 5 and set(first_five) <= set(mine) else (mine if len(mine) == 5
                                                                                          else mine[:5])
        slots = _deal_slots(dealer.next)
        cut_deck: list[Card | None] = [None] * 32
        # This seat's first five cards in its first five places, then its last three; the others' played cards.
        places = {seat: [i for i, s in enumerate(slots) if s == seat] for seat in Seat}
        for card in first:
            cut_deck[places[me].pop(0)] = card
        for seat, card in [*((me, c) for c in mine if c not in first), *((s, c) for s, c in plays if s != me)]:
            if not places[seat]:
                raise BadRequest(422, f"{seat.api_name} holds more than 8 cards in this request")
            cut_deck[places[seat].pop(0)] = card
        fillers = iter(sorted(set(range(32)) - set(owners)))
        deck = [c if c is not None else next(fillers) for c in cut_deck]
        deck = deck[32 - PLACEHOLDER_CUT.k:] + deck[:32 - PLACEHOLDER_CUT.k]   # the deck before a cut of k
        players = ["human"] * 4
        players[me] = self.level
        try:
            match = Match.new(0, self.rules, players, dealer, deck, scores, target)
            assert match.turn is not None
            match = match.apply(match.turn, PLACEHOLDER_CUT)
        except GiretraError as err:
            raise BadRequest(422, f"matchState: {err}") from None
        for i, value in enumerate(calls):
            if not isinstance(value, dict):
                raise BadRequest(400, f"negotiationState.actions[{i}]: expected an object, not "
                                      f"{protocol._quote(value)}")
            seat = self._seat(value.get("player"), f"negotiationState.actions[{i}].player")
            call = self._call(value, f"negotiationState.actions[{i}]")
            match = self._apply(match, seat, call, f"negotiationState.actions[{i}] ({seat.api_name} {call.token})")
        for i, (seat, card) in enumerate(plays):
            where = f"card {i + 1} of the tricks ({seat.api_name} {card_name(card)})"
            if seat == me:
                match = self._apply(match, seat, card, where)
            elif match.turn != seat or match.deal.contract is None:
                raise BadRequest(422, f"{where}: it is not {seat.api_name}'s turn")
            else:   # a placeholder hand cannot be checked: the client's rules did
                match = match.apply_unchecked(seat, card)
        if match.turn != me:
            turn = "nobody" if match.turn is None else match.turn.api_name
            raise BadRequest(422, f"it is {turn}'s turn after this request's calls and cards, not "
                                  f"{me.api_name}'s (this session's position)")
        if set(hand) != set(protocol.dealt_order(match.deal, match.deal.hands[me])):
            raise BadRequest(422, "hand: not the cards this seat holds after the tricks played")
        return match

    def _apply(self, match: Match, seat: Seat, action: Call | Card, where: str) -> Match:
        if match.turn != seat:
            turn = "nobody" if match.turn is None else match.turn.api_name
            raise BadRequest(422, f"{where}: it is {turn}'s turn")
        reason = match.deal.validate(seat, action)
        if reason is not None:
            raise BadRequest(422, f"{where} is not legal under the {self.rules.name} rules: {reason.code} "
                                  f"{json.dumps(reason.params, default=str)}")
        return match.apply(seat, action)

    def _plays(self, tricks: list[object]) -> list[tuple[Seat, Card]]:
        plays = []
        for t, trick in enumerate(tricks):
            where = f"handState trick {t + 1}"
            if not isinstance(trick, dict) or not isinstance(trick.get("playedCards"), list):
                raise BadRequest(400, f"{where}: expected an object with playedCards")
            for i, played in enumerate(trick["playedCards"]):
                if not isinstance(played, dict):
                    raise BadRequest(400, f"{where}.playedCards[{i}]: expected an object")
                seat = self._seat(played.get("player"), f"{where}.playedCards[{i}].player")
                plays.append((seat, self._cards([played.get("card")], f"{where}.playedCards[{i}].card")[0]))
        return plays

    @staticmethod
    def _cards(values: list[object], where: str) -> list[Card]:
        try:
            return [protocol.parse_card_json(v, f"{where}[{i}]") for i, v in enumerate(values)]
        except ProtocolError as err:
            raise BadRequest(400, str(err)) from None

    @staticmethod
    def _call(value: object, where: str) -> Call:
        try:
            return protocol.parse_call(value, where)
        except ProtocolError as err:
            raise BadRequest(400, str(err)) from None

    @staticmethod
    def _seat(value: object, where: str) -> Seat:
        try:
            return protocol.parse_seat(value, where)
        except ProtocolError as err:
            raise BadRequest(400, str(err)) from None


def _deal_slots(first: Seat) -> list[Seat]:
    """Whose hand each card of the cut deck goes to: 3 each, 2 each, then 3 each, from *first* (D-3)."""
    return [Seat((first + i) & 3) for size in (3, 2, 3) for i in range(4) for _ in range(size)]


def _deal_key(match_state: JSON) -> tuple[int, str]:
    deals = _field(match_state, "completedDeals", list)
    return len(deals), str(match_state.get("currentDealer"))


def _json(body: bytes) -> JSON:
    try:
        value = json.loads(body or b"null")
    except ValueError as err:
        raise BadRequest(400, f"the body is not JSON: {err}") from None
    if not isinstance(value, dict):
        raise BadRequest(400, f"the body must be a JSON object, not {protocol._quote(value)}")
    return value


def _field(obj: JSON, key: str, kind: type[T]) -> T:
    """*obj*[*key*], which must be of *kind*. :raises BadRequest: (400) otherwise."""
    value = obj.get(key)
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise BadRequest(400, f"{key}: expected {'an' if kind is int else 'a'} {_KIND_NAMES[kind]}, not "
                              f"{protocol._quote(value)}")
    return value


_KIND_NAMES = {int: "integer", str: "string", list: "list", dict: "object"}


def _same(name: str, given: Sequence[Action], legal: Sequence[Action], label: Callable[[Any], str]) -> None:
    if sorted(map(label, given)) != sorted(map(label, legal)):
        raise BadRequest(422, f"{name} ({' '.join(map(label, given))}) are not the legal ones under this server's "
                              f"rules ({' '.join(map(label, legal))}): is --rules the client's preset?")


# -- HTTP ------------------------------------------------------------------------------------------------------------

def make_server(bot: BotServer, host: str, port: int, quiet: bool = True) -> ThreadingHTTPServer:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"   # keep-alive, as the reference's HttpClient expects of a server

        def _answer(self, method: str) -> None:
            length = self.headers.get("Content-Length")
            try:
                body = self.rfile.read(int(length)) if length else b""
                status, out = bot.handle(method, self.path, body)
            except BadRequest as err:
                status, out = err.status, {"error": str(err)}
            except ValueError:
                status, out = 400, {"error": f"bad Content-Length: {length!r}"}
            except Exception as err:  # noqa: BLE001 — a bug of this package: loud here, a 500 for the client
                traceback.print_exc()
                status, out = 500, {"error": f"internal error: {type(err).__name__}: {err}"}
            data = b"" if out is None else json.dumps(out).encode()
            self.send_response(status)
            if out is not None:
                self.send_header("Content-Type", "application/json; charset=utf-8")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def do_GET(self) -> None:
            self._answer("GET")

        def do_POST(self) -> None:
            self._answer("POST")

        def do_DELETE(self) -> None:
            self._answer("DELETE")

        def log_message(self, format: str, *args: object) -> None:
            if not quiet:
                super().log_message(format, *args)

    server = ThreadingHTTPServer((host, port), Handler)
    server.daemon_threads = True
    return server


def _watch_launcher(pid: int) -> None:
    """As the templates: stop when the launcher is gone, so that no bot outlives it."""
    while True:
        time.sleep(2)
        try:
            os.kill(pid, 0)
        except OSError:
            print("Launcher process exited, shutting down.", flush=True)
            os.kill(os.getpid(), signal.SIGTERM)
            return


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m giretra_core.botserver", description=__doc__.split("\n")[0])
    parser.add_argument("level", choices=list(bots.LEVELS), help="the bot to serve")
    parser.add_argument("--rules", default="play.giretra.com", choices=list(PRESETS),
                        help="the preset the client plays (default play.giretra.com, the reference's)")
    parser.add_argument("--port", type=int, default=None,
                        help=f"the port (default: $PORT, else {DEFAULT_PORT}; 0 for any free one)")
    parser.add_argument("--host", default="127.0.0.1", help="the address to listen on (default 127.0.0.1)")
    parser.add_argument("--budget", type=float, default=250.0, help="thinking budget per decision, ms")
    parser.add_argument("--log", action="store_true", help="log every request on stderr")
    args = parser.parse_args(argv)
    port = args.port if args.port is not None else int(os.environ.get("PORT") or DEFAULT_PORT)
    server = make_server(BotServer(args.level, PRESETS[args.rules], args.budget), args.host, port, quiet=not args.log)
    launcher = os.environ.get("LAUNCHER_PID", "")
    if launcher.isdigit():
        threading.Thread(target=_watch_launcher, args=(int(launcher),), daemon=True).start()
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    print(f"giretra botserver: {args.level}, rules {args.rules}, listening on "
          f"http://{args.host}:{server.server_address[1]}", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
