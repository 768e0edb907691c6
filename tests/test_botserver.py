"""This package's bots served over the reference engine's protocol (giretra_core.botserver): the arena playing it in
another process over HTTP, bodies written as the reference's client writes them, and refused requests."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from giretra_core import remote
from giretra_core.arena import main as arena_main
from giretra_core.rules import PRESETS


@pytest.fixture(scope="module")
def servers() -> Iterator[dict[str, str]]:
    """A botserver process per preset (the basic level: cheap), on free ports: preset -> its URL."""
    processes, urls = [], {}
    try:
        for rules in PRESETS:
            process = subprocess.Popen([sys.executable, "-m", "giretra_core.botserver", "basic", "--rules", rules,
                                        "--port", "0"], stdout=subprocess.PIPE, text=True)
            processes.append(process)
            assert process.stdout is not None
            line = process.stdout.readline()   # "... listening on http://127.0.0.1:PORT"
            assert "listening on http://" in line, line
            urls[rules] = line.rsplit(" ", 1)[-1].strip()
        yield urls
    finally:
        for process in processes:
            process.terminate()
            process.wait(timeout=10)


def call(url: str, method: str, path: str, body: object = None, raw: bytes | None = None) -> tuple[int, object]:
    client = remote.Client(url)
    if raw is not None:
        import urllib.request

        request = urllib.request.Request(client.base_url + path, data=raw, method=method)
        try:
            with urllib.request.urlopen(request, timeout=10) as response:
                return response.status, json.loads(response.read() or b"null")
        except urllib.error.HTTPError as err:
            return err.code, json.loads(err.read() or b"null")
    status, answer = client.call(method, path, body, 30)
    return status, json.loads(answer) if answer else None


@pytest.mark.parametrize("rules", list(PRESETS))
def test_the_arena_plays_the_botserver_over_http(rules: str, servers: dict[str, str],
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    assert arena_main([servers[rules], "random", "--deals", "2", "--rules", rules, "--json", "--quiet",
                       "--jobs", "1"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["ok"] and report["deals_played"] == 4


def test_a_launched_meta_runs_the_botserver(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # docs/bots.md's meta, with this Python: the botserver reads PORT and LAUNCHER_PID as the templates do.
    meta = json.loads((Path(__file__).parents[1] / "docs" / "examples" / "expert-bot" / "bot.meta.json").read_text())
    meta["launch"]["fileName"] = sys.executable
    meta["launch"]["arguments"] = meta["launch"]["arguments"].replace("expert", "basic")
    (tmp_path / "bot.meta.json").write_text(json.dumps(meta))
    assert arena_main([str(tmp_path / "bot.meta.json"), "random", "--deals", "1", "--rules", "play.giretra.com",
                       "--quiet", "--jobs", "1"]) == 0
    assert "A wins" in capsys.readouterr().out


# Bodies as the reference's RemoteBotClient writes them (docs/bot-api-reference.md's shapes): play.giretra.com, the
# first deal, Bottom deals, Left bids ColourHearts, this seat is Top.
MATCH_STATE = {"targetScore": 150, "team1MatchPoints": 0, "team2MatchPoints": 0, "currentDealer": "Bottom",
               "isComplete": False, "completedDeals": []}
HAND5 = [{"rank": "Seven", "suit": "Spades"}, {"rank": "Ace", "suit": "Hearts"}, {"rank": "Queen", "suit": "Clubs"},
         {"rank": "King", "suit": "Diamonds"}, {"rank": "Eight", "suit": "Clubs"}]
NEGOTIATION = {
    "hand": HAND5,
    "negotiationState": {
        "dealer": "Bottom", "currentPlayer": "Top", "currentBid": "ColourHearts", "currentBidder": "Left",
        "consecutiveAccepts": 0, "hasDoubleOccurred": False,
        "actions": [{"type": "Announcement", "player": "Left", "mode": "ColourHearts"}],
        "doubledModes": {}, "redoubledModes": [], "teamColourAnnouncements": {"Team2": "ColourHearts"}},
    "matchState": MATCH_STATE,
    "validActions": [{"type": "Announcement", "mode": "ColourSpades"}, {"type": "Announcement", "mode": "NoTrumps"},
                     {"type": "Announcement", "mode": "AllTrumps"}, {"type": "Accept"},
                     {"type": "Double", "targetMode": "ColourHearts"}]}
COMPLETED = {
    "negotiationState": {
        "dealer": "Bottom", "currentPlayer": "Bottom", "currentBid": "ColourHearts", "currentBidder": "Left",
        "consecutiveAccepts": 3, "hasDoubleOccurred": False,
        "actions": [{"type": "Announcement", "player": "Left", "mode": "ColourHearts"},
                    {"type": "Accept", "player": "Top"}, {"type": "Accept", "player": "Right"},
                    {"type": "Accept", "player": "Bottom"}],
        "doubledModes": {}, "redoubledModes": [], "teamColourAnnouncements": {"Team2": "ColourHearts"}},
    "matchState": MATCH_STATE}
CARD = {
    "hand": [*HAND5, {"rank": "Ten", "suit": "Diamonds"}, {"rank": "Nine", "suit": "Spades"},
             {"rank": "Seven", "suit": "Clubs"}],
    "handState": {"gameMode": "ColourHearts", "team1CardPoints": 0, "team2CardPoints": 0, "team1TricksWon": 0,
                  "team2TricksWon": 0,
                  "currentTrick": {"leader": "Left", "trickNumber": 1, "isComplete": False, "playedCards": [
                      {"player": "Left", "card": {"rank": "Queen", "suit": "Spades"}}]},
                  "completedTricks": []},
    "matchState": MATCH_STATE,
    "validPlays": [{"rank": "Seven", "suit": "Spades"}, {"rank": "Nine", "suit": "Spades"}]}


def test_the_botserver_answers_the_reference_clients_bodies(servers: dict[str, str]) -> None:
    url = servers["play.giretra.com"]
    assert call(url, "GET", "health") == (200, None)
    # The launcher's smoke test: no seed; then a seeded session for the match.
    status, smoke = call(url, "POST", "api/sessions", {"position": "Bottom", "matchId": "__smoke_test__"})
    assert status == 201 and isinstance(smoke, dict)
    assert call(url, "DELETE", f"api/sessions/{smoke['sessionId']}") == (204, None)
    assert call(url, "DELETE", f"api/sessions/{smoke['sessionId']}") == (204, None)   # idempotent
    status, made = call(url, "POST", "api/sessions", {"position": "Top", "matchId": "m-1", "seed": 42})
    assert status == 201 and isinstance(made, dict)
    session = f"api/sessions/{made['sessionId']}"
    assert call(url, "POST", f"{session}/notify/deal-started", {"matchState": MATCH_STATE}) == (200, None)
    status, cut = call(url, "POST", f"{session}/choose-cut", {"deckSize": 32, "matchState": MATCH_STATE})
    assert status == 200 and isinstance(cut, dict) and 6 <= cut["position"] <= 26 and cut["fromTop"] is True
    status, action = call(url, "POST", f"{session}/choose-negotiation-action", NEGOTIATION)
    assert status == 200 and action in NEGOTIATION["validActions"], action
    # Before the negotiation-completed event, a card cannot be chosen: the calls are not known.
    status, refused = call(url, "POST", f"{session}/choose-card", CARD)
    assert status == 422 and "negotiation-completed" in str(refused)
    assert call(url, "POST", f"{session}/notify/negotiation-completed", COMPLETED) == (200, None)
    status, card = call(url, "POST", f"{session}/choose-card", CARD)
    assert status == 200 and card in CARD["validPlays"], card
    assert call(url, "POST", f"{session}/notify/match-ended", {"matchState": MATCH_STATE}) == (200, None)


def test_the_botserver_refuses_bad_requests_clearly(servers: dict[str, str]) -> None:
    url = servers["play.giretra.com"]
    _, made = call(url, "POST", "api/sessions", {"position": "Top", "matchId": "m-2"})
    assert isinstance(made, dict)
    session = f"api/sessions/{made['sessionId']}"

    def refused(path: str, body: object = None, raw: bytes | None = None) -> tuple[int, str]:
        status, answer = call(url, "POST", path, body, raw)
        assert isinstance(answer, dict) and set(answer) == {"error"}, answer
        return status, answer["error"]

    assert refused(f"{session}/choose-card", raw=b"{not json") == (400, "the body is not JSON: Expecting property "
                                                                        "name enclosed in double quotes: line 1 "
                                                                        "column 2 (char 1)")
    assert refused("api/sessions/nobody/choose-card", CARD)[0] == 404
    assert refused("api/sessions", {"position": "Middle", "matchId": "x"})[0] == 400
    assert refused(f"{session}/choose-nothing", {})[0] == 404
    # Illegal states: a call out of turn, an action the rules refuse, validActions of another preset, a card twice.
    late = json.loads(json.dumps(NEGOTIATION))
    late["negotiationState"]["actions"].append({"type": "Accept", "player": "Right"})
    status, error = refused(f"{session}/choose-negotiation-action", late)
    assert status == 422 and "it is Top's turn" in error
    low = json.loads(json.dumps(NEGOTIATION))
    low["negotiationState"]["actions"].append({"type": "Announcement", "player": "Top", "mode": "ColourClubs"})
    status, error = refused(f"{session}/choose-negotiation-action", low)
    assert status == 422 and "is not legal under the play.giretra.com rules" in error
    other = json.loads(json.dumps(NEGOTIATION))
    other["validActions"] = other["validActions"][:3]
    status, error = refused(f"{session}/choose-negotiation-action", other)
    assert status == 422 and "validActions" in error and "--rules" in error
    assert call(url, "POST", f"{session}/notify/negotiation-completed", COMPLETED) == (200, None)
    twice = json.loads(json.dumps(CARD))
    twice["handState"]["currentTrick"]["playedCards"][0]["card"] = {"rank": "Seven", "suit": "Spades"}
    status, error = refused(f"{session}/choose-card", twice)
    assert status == 422 and "7S is twice in this deal" in error
    # Still serving.
    assert call(url, "GET", "health") == (200, None)
