"""The solo duplicate (jsonapi.expert_deal, giretra_core.duplicate): a finished deal played again from its cut with
another bot in the player's seat, the other seats' own bots asked as the page asks them."""

from __future__ import annotations

import pytest
from helpers import seam_error as error
from helpers import seam_value as value

from giretra_core import bots
from giretra_core.deal import Phase, action_token, parse_action
from giretra_core.match import Match
from giretra_core.notation import format_match, parse_match
from giretra_core.review import choose
from giretra_core.seats import Seat

PLAYERS = ("human", "random", "basic", "advanced")   # each seat its own level: each must be asked as it was


@pytest.fixture(autouse=True)
def _no_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    # The expert's wall-clock guard off: its choices depend on its work budget only, never on the machine's load.
    real = bots.choose
    monkeypatch.setattr(bots, "choose", lambda *args, **kw: real(*args, **{**kw, "time_guard": False}))


def _played(deals: int, human_level: str = "advanced") -> str:
    """A match of PLAYERS after *deals* deals, the person at Bottom playing as *human_level* would (as the page asks
    bots: seed 0, the default budget)."""
    m = Match.new(seed=11, players=PLAYERS)
    while len(m.history) < deals:
        seat = m.turn
        assert seat is not None
        level = human_level if m.players[seat] == "human" else m.players[seat]
        m = m.apply(seat, choose(m, seat, level, 0, 250.0).action)
    return format_match(m)


def _after_cut(match: Match, number: int) -> list[str]:
    deal = match.history[number - 1].deal
    return [action_token(a) for a in deal.actions()[1:]]


@pytest.mark.parametrize("deal", [1, 2])
def test_the_same_bot_in_the_seat_plays_the_deal_again_action_for_action(deal: int) -> None:
    # The player played as the advanced bot would: that bot in the seat meets the same cards, the same bots and the
    # same randomness (the random bot's too), so it plays the same deal, with the same result.
    state = _played(2)
    match = parse_match(state)
    out = value("expert_deal", state=state, seat="Bottom", deal=deal, level="advanced")
    assert out["done"] and out["level"] == "advanced" and out["team"] == "Team1" and out["deal"] == deal
    assert out["moves"] == _after_cut(match, deal)
    assert out["expert"] == out["played"]
    assert out["played"]["matchPoints"] == {"Team1": match.history[deal - 1].score.match_points[0],
                                            "Team2": match.history[deal - 1].score.match_points[1]}


def test_the_expert_plays_the_seat_and_every_other_seat_its_own_bot(monkeypatch: pytest.MonkeyPatch) -> None:
    # The expert stops on its work limit only: its clock guard (4× the budget, 80 ms here) could cut one search of two
    # on a machine at load 20, and the replay below compares two searches of each position.
    choose = bots.choose
    monkeypatch.setattr(bots, "choose", lambda *args, **kw: choose(*args, **kw, time_guard=False))
    state = _played(1, human_level="random")   # a player who plays at random: the expert soon plays otherwise
    match = parse_match(state)
    out = value("expert_deal", state=state, seat="Bottom", budgetMs=20, lang="fr")
    assert out["done"] and out["level"] == "expert" and out["deal"] == 1
    # Replayed from the cut, each action is the one bot_action gives there: the expert's (the hint's budget) in the
    # seat, each other seat's own level (its default budget) elsewhere.
    m = next(m.apply_unchecked(t, a) for n, m, t, a in match.replay() if n == 1)
    assert m.deal.phase is Phase.NEGOTIATION
    for token in out["moves"]:
        seat = m.turn
        assert seat is not None
        asked = value("bot_action", state=format_match(m), seat=seat.api_name,
                      **({"level": "expert", "budgetMs": 20} if seat == Seat.BOTTOM else {}))
        assert token == asked["action"], (seat, len(m.deal.actions()))
        m = m.apply(seat, parse_action(token))
    assert len(m.history) == 1
    record = m.history[0]
    assert out["expert"]["matchPoints"] == {"Team1": record.score.match_points[0],
                                            "Team2": record.score.match_points[1]}
    assert sum(out["expert"]["cardPoints"].values()) in (162, 130, 258)   # a colour, NoTrumps, AllTrumps deal
    assert out["expert"]["contract"]["modeText"] and out["expert"]["outcome"] in (
        "made", "failed", "tie", "split", "sweep", "instant_win")
    assert out["moves"] != _after_cut(match, 1)   # a random player and the expert: not the same deal


def test_the_duplicate_in_parts_is_the_whole_one() -> None:
    state = _played(1)
    whole = value("expert_deal", state=state, seat="Right", level="basic")
    moves: list[str] = []
    while True:
        part = value("expert_deal", state=state, seat="Right", level="basic", moves=moves, count=5)
        assert part["moves"][:len(moves)] == moves and len(part["moves"]) <= len(moves) + 5
        moves = part["moves"]
        if part["done"]:
            break
        assert part["expert"] is None
    assert part == whole
    again = value("expert_deal", state=state, seat="Right", level="basic", moves=moves, count=5)
    assert again == whole   # asked once more when over: nothing more to play


def test_expert_deal_refuses_bad_requests_and_changes_nothing() -> None:
    fresh = format_match(Match.new(seed=3))
    assert error("expert_deal", state=fresh, seat="Bottom") == {
        "code": "no_finished_deal", "message": "no deal has finished yet", "rule": ""}
    state = _played(1)
    moves = value("expert_deal", state=state, seat="Bottom", level="advanced")["moves"]
    assert error("expert_deal", state=state, seat="Bottom", level="advanced", moves=[*moves, "ok"]) == {
        "code": "bad_request", "rule": "",
        "message": f"moves holds {len(moves) + 1} actions but the deal ended after {len(moves)}"}
    assert error("expert_deal", state=state, seat="Bottom", moves=["zz"])["code"] == "bad_action"
    assert error("expert_deal", state=state, seat="Bottom", moves=["c10"])["code"] == "wrong_phase"
    assert error("expert_deal", state=state, seat="Bottom", level="wizard")["code"] == "bad_level"
    assert error("expert_deal", state=state, seat="Middle")["code"] == "bad_seat"
    for bad in ({"deal": 2}, {"deal": 0}, {"count": 0}, {"count": 1.5}, {"moves": "ok"}, {"moves": [1]},
                {"moves": ["ok"] * 201}, {"budgetMs": -1}, {"seed": -1}, {"level": 3}):
        assert error("expert_deal", state=state, seat="Bottom", **bad)["code"] == "bad_request", bad
