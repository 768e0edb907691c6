"""A bot served over the reference engine's protocol, in the arena (giretra_core.remote, giretra_core.protocol):
the reference's own Python template launched from a meta, the bodies the client sends, and every way a bot can fail
(never a hang, never a silent fallback)."""

from __future__ import annotations

import json
import re
import sys
import threading
import time
from collections.abc import Callable, Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from giretra_core import arena, protocol, remote
from giretra_core.arena import main as arena_main
from giretra_core.match import Match
from giretra_core.modes import Mode
from giretra_core.negotiation import ACCEPT, Call, CallKind, Negotiation
from giretra_core.rules import PRESETS
from giretra_core.seats import Seat

TEMPLATE = Path(__file__).parent / "fixtures" / "random-python-bot"
Answer = Callable[[str, dict[str, object]], tuple[int, object]]


def template_meta(folder: Path, port: int | None = None, notifications: list[str] | None = None) -> Path:
    """A bot.meta.json that launches the reference's template with this Python (which has aiohttp): the template's
    own meta makes a virtual environment from PyPI first."""
    launch: dict[str, object] = {"fileName": sys.executable, "arguments": str(TEMPLATE / "server.py"),
                                 "startupTimeout": 20, "healthEndpoint": "health"}
    if port is not None:
        launch["port"] = port
    meta = {"name": "random-python-bot", "notifications": notifications if notifications is not None else
            list(protocol.NOTIFICATIONS), "launch": launch}
    path = folder / "bot.meta.json"
    path.write_text(json.dumps(meta))
    return path


@pytest.mark.parametrize("rules", list(PRESETS))
def test_the_reference_template_plays_in_the_arena_launched_from_a_meta(
        rules: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    port = remote.free_port()
    # Under the reference's preset with every event; under the other as the template's own meta: none.
    meta = template_meta(tmp_path, port, None if rules == "play.giretra.com" else [])
    assert arena_main([str(meta), "random", "--deals", "2", "--rules", rules, "--json", "--quiet", "--jobs", "1"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["ok"] and report["A"] == str(meta) and report["deals_played"] == 4
    assert report["side_A"]["decision_time"]["play"]["n"] == 64   # its two seats, 8 cards each, in four deals
    # Stopped afterwards: nothing answers on its port.
    with pytest.raises(remote.RemoteBotError, match="failed"):
        remote.Client(f"http://localhost:{port}").call("GET", "health", None, 2.0)


def test_a_bots_launch_is_said_before_its_first_pair(tmp_path: Path) -> None:
    # A first launch's init can install packages for a minute (the reference's own metas: a venv and pip), and the
    # arena printed nothing until the first pair was played.
    meta = template_meta(tmp_path, None, [])
    lines: list[str] = []
    arena.run(str(meta), "random", seed=1, deals=1, rules="play.giretra.com", progress=lines.append)
    assert lines[0] == (f"{meta}: starting the bot as its meta says (its init command, if any, then its launch; the "
                        "first init may install packages)")
    assert re.fullmatch(rf"{re.escape(str(meta))}: answering at http://localhost:\d+/", lines[1])
    assert lines[2].startswith("1/1 pairs")


class FakeBot:
    """A bot server in this process that records every request and answers with *answer* (path, body)."""

    def __init__(self, answer: Answer) -> None:
        self.requests: list[tuple[str, str, object]] = []
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def _reply(self, method: str) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                body = json.loads(self.rfile.read(length)) if length else None
                outer.requests.append((method, self.path, body))
                status, out = answer(self.path, body if isinstance(body, dict) else {})
                data = b"" if out is None else json.dumps(out).encode()
                self.send_response(status)
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def do_POST(self) -> None:
                self._reply("POST")

            def do_DELETE(self) -> None:
                self._reply("DELETE")

            def do_GET(self) -> None:
                self._reply("GET")

            def log_message(self, *args: object) -> None:
                pass

        class Server(ThreadingHTTPServer):
            def handle_error(self, request: object, client_address: object) -> None:
                pass   # a slow answer's client gone (a broken pipe): the client's error is what is tested

        self.server = Server(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"

    def __enter__(self) -> FakeBot:
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.shutdown()
        self.server.server_close()


def first_choice(path: str, body: dict[str, object]) -> tuple[int, object]:
    """A well-behaved bot: Accept when it may, else the first valid action; the first valid card."""
    if path == "/api/sessions":
        return 201, {"sessionId": f"s{time.perf_counter_ns()}"}
    if path.endswith("/choose-cut"):
        return 200, {"position": 26, "fromTop": False}
    if path.endswith("/choose-negotiation-action"):
        valid = body["validActions"]
        assert isinstance(valid, list)
        return 200, next((a for a in valid if a["type"] == "Accept"), valid[0])
    if path.endswith("/choose-card"):
        valid = body["validPlays"]
        assert isinstance(valid, list)
        return 200, valid[0]
    return (204 if path.startswith("/api/sessions/") and "/" not in path[14:] else 200), None


def nulls(value: object, where: str = "") -> Iterator[str]:
    if value is None:
        yield where
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from nulls(item, f"{where}.{key}")
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from nulls(item, f"{where}[{i}]")


def test_the_client_sends_the_reference_clients_bodies(capsys: pytest.CaptureFixture[str]) -> None:
    with FakeBot(first_choice) as bot:
        assert arena_main([bot.url, "random", "--matches", "1", "--rules", "play.giretra.com", "--jobs", "1",
                           "--quiet", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["ok"]
    requests = bot.requests
    sessions = [body for method, path, body in requests if path == "/api/sessions"]
    # One session per seat and leg, made at the seat's first call: its position, the match's id, an int seed.
    assert len(sessions) == 4 and all(isinstance(s, dict) and set(s) == {"position", "matchId", "seed"}
                                      for s in sessions)
    assert all(isinstance(s, dict) and isinstance(s["seed"], int) and 0 <= s["seed"] < 2**31 for s in sessions)
    assert sum(1 for method, _, _ in requests if method == "DELETE") == 4
    assert not [where for _, _, body in requests if body is not None for where in nulls(body)]   # nulls left out
    by_kind: dict[str, list[dict[str, object]]] = {}
    for _, path, body in requests:
        if isinstance(body, dict):
            by_kind.setdefault(path.rsplit("/", 1)[-1], []).append(body)
    assert {k: set(v[0]) for k, v in by_kind.items() if k != "sessions"} == {
        "deal-started": {"matchState"},
        "choose-cut": {"deckSize", "matchState"},
        "choose-negotiation-action": {"hand", "negotiationState", "matchState", "validActions"},
        "negotiation-completed": {"negotiationState", "matchState"},
        "choose-card": {"hand", "handState", "matchState", "validPlays"},
        "card-played": {"player", "card", "handState", "matchState"},
        "trick-completed": {"completedTrick", "winner", "handState", "matchState"},
        "deal-ended": {"result", "handState", "matchState"},
        "match-ended": {"matchState"},
    }
    first = next(b for b in by_kind["choose-negotiation-action"] if not b["negotiationState"]["actions"])  # type: ignore[index]
    assert list(first["negotiationState"]) == [   # type: ignore[call-overload]
        "dealer", "currentPlayer", "consecutiveAccepts", "hasDoubleOccurred", "actions", "doubledModes",
        "redoubledModes", "teamColourAnnouncements"]   # no bid yet: currentBid and currentBidder left out
    assert len(first["hand"]) == 5 and list(first["matchState"]) == [   # type: ignore[arg-type]
        "targetScore", "team1MatchPoints", "team2MatchPoints", "currentDealer", "isComplete", "completedDeals"]
    assert by_kind["deal-started"][0]["matchState"] == {   # the first deal: the reference's first dealer is Bottom
        "targetScore": 150, "team1MatchPoints": 0, "team2MatchPoints": 0, "currentDealer": "Bottom",
        "isComplete": False, "completedDeals": []}
    card = by_kind["choose-card"][0]
    assert len(card["hand"]) == 8 and card["handState"]["currentTrick"]["trickNumber"] == 1  # type: ignore[index]
    assert set(card["handState"]) == {  # type: ignore[arg-type]
        "gameMode", "team1CardPoints", "team2CardPoints", "team1TricksWon", "team2TricksWon", "currentTrick",
        "completedTricks"}
    ended = by_kind["deal-ended"][0]
    assert "currentTrick" not in ended["handState"]  # type: ignore[operator]
    assert len(ended["handState"]["completedTricks"]) == 8  # type: ignore[index, arg-type]
    assert ended["result"]["multiplier"] in ("Normal", "Doubled", "Redoubled")  # type: ignore[index]
    last = by_kind["match-ended"][-1]["matchState"]
    assert last["isComplete"] is True and last["winner"] in ("Team1", "Team2")  # type: ignore[index]
    # Per deal, for one session: deal-started, then the negotiation's end, 32 cards, 8 tricks, the deal's end.
    session = next(path.split("/")[3] for _, path, _ in requests if "/notify/deal-started" in path)
    events = [path.rsplit("/", 1)[-1] for _, path, _ in requests if f"/{session}/notify/" in path]
    deal = events[:events.index("deal-ended") + 1]
    assert [deal.count(e) for e in ("deal-started", "negotiation-completed", "card-played", "trick-completed")] == \
        [1, 1, 32, 8]
    assert events[-1] == "match-ended"


def test_a_meta_without_notifications_gets_none(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with FakeBot(first_choice) as bot:
        client = remote.Client(bot.url, frozenset())
        table = remote.Table.for_leg({Seat.LEFT: client}, 1, 0)


        match = Match.new(1, "play.giretra.com")
        table.start_deal(match)
        assert [p for _, p, _ in bot.requests] == []   # no session yet: the cutter is Right, no event asked for
        table.close(match)


def bad_bot(kind: str) -> Answer:
    def answer(path: str, body: dict[str, object]) -> tuple[int, object]:
        if path.endswith("/choose-card"):
            if kind == "illegal":
                valid = body["validPlays"]
                assert isinstance(valid, list)
                deck = [{"rank": r, "suit": s} for s in protocol.SUIT_NAMES for r in protocol.RANK_NAMES]
                return 200, next(c for c in deck if c not in valid)
            if kind == "crash":
                return 500, {"error": "IndexError: list index out of range"}
            if kind == "slow":
                time.sleep(1.0)
            if kind == "text":
                return 200, "Ace of hearts"
        if kind == "notify" and "/notify/" in path:
            return 404, None
        return first_choice(path, body)
    return answer


@pytest.mark.parametrize(("kind", "said"), [
    ("illegal", "answered choose-card wrongly: "),
    ("crash", "/choose-card answered 500: {\"error\": \"IndexError: list index out of range\"}"),
    ("slow", "/choose-card: no answer within 0.5 s"),
    ("text", "answered choose-card wrongly: the answer: expected an object like"),
    ("notify", "/notify/deal-started answered 404 (empty body)"),
])
def test_a_failing_bot_stops_the_run_with_one_clear_line(kind: str, said: str, monkeypatch: pytest.MonkeyPatch,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(remote, "DECISION_TIMEOUT", 0.5)
    with FakeBot(bad_bot(kind)) as bot:
        started = time.monotonic()
        assert arena_main([bot.url, "random", "--deals", "1", "--jobs", "1", "--quiet"]) == 1
        assert time.monotonic() - started < 20
    err = capsys.readouterr().err
    assert said in err and "— in the leg with A as Team1, deal 1, action" in err, err
    assert "Traceback" not in err and "--validate" not in err
    if kind == "illegal":
        assert "is not one of the valid plays" in err
    # Every session made was destroyed all the same.
    made = sum(1 for _, path, _ in bot.requests if path == "/api/sessions")
    assert made and sum(1 for method, _, _ in bot.requests if method == "DELETE") == made


def test_nothing_listening_or_a_meta_that_does_not_start(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    port = remote.free_port()
    assert arena_main([f"http://127.0.0.1:{port}", "random", "--deals", "1", "--jobs", "1", "--quiet"]) == 1
    assert f"POST http://127.0.0.1:{port}/api/sessions failed: [Errno 111] Connection refused" in \
        capsys.readouterr().err
    (tmp_path / "bot.meta.json").write_text(json.dumps({"launch": {
        "fileName": sys.executable, "arguments": "-c \"import sys; print('no aiohttp here'); sys.exit(3)\""}}))
    assert arena_main([str(tmp_path / "bot.meta.json"), "random", "--deals", "1", "--quiet"]) == 1
    err = capsys.readouterr().err
    assert "the bot exited prematurely with code 3." in err and "--- stdout ---\nno aiohttp here" in err
    (tmp_path / "bot.meta.json").write_text(json.dumps({"name": "x"}))
    assert arena_main([str(tmp_path / "bot.meta.json"), "random", "--deals", "1", "--quiet"]) == 1
    assert "no 'launch' section" in capsys.readouterr().err


# -- the translation ---------------------------------------------------------------------------------------------------

def test_negotiation_state_as_the_reference_writes_it() -> None:
    # Left announces NoTrumps, Top (an opponent) accepts: the default preset doubles it by that Accept (N-5), the
    # reference's only locks it.
    for rules, doubled in (("giretra.com", {"NoTrumps": 1}), ("play.giretra.com", {})):
        n = Negotiation.start(Seat.LEFT, PRESETS[rules])
        n = n.apply(Seat.LEFT, Call(CallKind.ANNOUNCE, Mode.NO_TRUMPS)).apply(Seat.TOP, ACCEPT)
        assert protocol.negotiation_state(n, Seat.BOTTOM) == {
            "dealer": "Bottom", "currentPlayer": "Right", "currentBid": "NoTrumps", "currentBidder": "Left",
            "consecutiveAccepts": 1, "hasDoubleOccurred": True,
            "actions": [{"type": "Announcement", "player": "Left", "mode": "NoTrumps"},
                        {"type": "Accept", "player": "Top"}],
            "doubledModes": doubled, "redoubledModes": [], "teamColourAnnouncements": {}}
    n = Negotiation.start(Seat.LEFT, PRESETS["play.giretra.com"])
    for seat, call in ((Seat.LEFT, Call(CallKind.ANNOUNCE, Mode.HEARTS)),
                       (Seat.TOP, Call(CallKind.DOUBLE, Mode.HEARTS)),
                       (Seat.RIGHT, Call(CallKind.REDOUBLE, Mode.HEARTS)),
                       (Seat.BOTTOM, ACCEPT), (Seat.LEFT, ACCEPT), (Seat.TOP, ACCEPT)):
        n = n.apply(seat, call)
    state = protocol.negotiation_state(n, Seat.BOTTOM)
    assert n.complete and state["currentPlayer"] == "Top"   # once complete, the last speaker's turn stays
    assert (state["doubledModes"], state["redoubledModes"], state["teamColourAnnouncements"]) == \
        ({"ColourHearts": 1}, ["ColourHearts"], {"Team2": "ColourHearts"})
    assert state["actions"][1] == {"type": "Double", "player": "Top", "targetMode": "ColourHearts"}  # type: ignore[index]


def test_answers_are_read_as_the_reference_reads_them() -> None:
    legal = [Call(CallKind.ANNOUNCE, Mode.ALL_TRUMPS), ACCEPT]
    assert protocol.parse_call_choice({"type": "accept", "player": "ignored"}, legal) == ACCEPT
    with pytest.raises(protocol.ProtocolError, match="not one of the valid actions"):
        protocol.parse_call_choice({"type": "Announcement", "mode": "NoTrumps"}, legal)
    with pytest.raises(protocol.ProtocolError, match="unknown action type"):
        protocol.parse_call_choice({"type": "ReRedouble", "targetMode": "ColourClubs"}, legal)
    # From the bottom: 6 cards from the bottom is 26 from the top.
    assert protocol.parse_cut({"position": 6, "fromTop": False}).k == 26
    assert protocol.parse_cut({"position": 10, "fromTop": True}).k == 10
    for bad in ({"position": 5, "fromTop": True}, {"fromTop": True}, {"position": 10, "fromTop": "yes"}, [10]):
        with pytest.raises(protocol.ProtocolError):
            protocol.parse_cut(bad)


def test_a_remote_bot_plays_as_a_or_b_only(capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (["--validate", "http://127.0.0.1:9"], ["basic", "random", "--deals", "1", "--bidder",
                                                        "http://127.0.0.1:9"]):
        with pytest.raises(SystemExit) as exited:
            arena_main(argv)
        assert exited.value.code == 2
        assert "a bot served over the protocol plays as A or B" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        arena_main(["no/such/bot.meta.json", "random"])
    assert "no bot meta file 'no/such/bot.meta.json'" in capsys.readouterr().err
