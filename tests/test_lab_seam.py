"""The bot lab's seam (giretra_core.lab, called by web/js/lab/worker.js): a bot's source checked and played in the
duplicate arena, its mistakes reported with their line, bad requests refused with a clear error."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import pytest

from giretra_core import arena, lab

ROOT = Path(__file__).resolve().parent.parent
RANDOM_BOT = ("from giretra_core.bots import Decision\n\n\ndef choose(view, rng):\n"
              "    return Decision(rng.choice(view.legal), 'any')\n")


def templates() -> dict[str, str]:
    """The page's templates (web/js/lab/templates.js), as node reads them."""
    script = ("import(process.argv[1]).then((m) => process.stdout.write(JSON.stringify(m.TEMPLATES)))")
    out = subprocess.run(["node", "-e", script, str(ROOT / "web/js/lab/templates.js")], check=True,
                         capture_output=True, text=True).stdout
    return json.loads(out)  # type: ignore[no-any-return]


def call(name: str, request: object, notify: object = None) -> dict[str, object]:
    return json.loads(lab.call(name, json.dumps(request), notify))  # type: ignore[arg-type,no-any-return]


@pytest.mark.parametrize("name", ["random", "greedy", "inference"])
def test_each_template_plays_legal_duplicate_deals(name: str) -> None:
    source = templates()[name]
    assert call("check", {"source": source}) == {"ok": True, "value": {"function": "choose"}}
    out = call("play", {"source": source, "opponent": "random", "deals": 4, "seed": 3})
    assert out["ok"], out
    value = out["value"]
    assert isinstance(value, dict)
    assert value["pairs"] == 4 and value["deals_played"] == 8 and value["B"] == "random"


def test_the_figures_are_the_arenas_and_progress_and_decisions_are_told() -> None:
    told: list[tuple[object, ...]] = []
    out = call("play", {"source": RANDOM_BOT, "opponent": "basic", "deals": 5, "seed": 7}, lambda *a: told.append(a))
    assert out["ok"]
    value = out["value"]
    assert isinstance(value, dict)
    spec = lab._spec(RANDOM_BOT)
    same = arena.run(spec, "basic", 7, deals=5)
    for key in ("win_rate_A", "win_rate_ci95", "card_points_per_deal_A_minus_B", "card_points_ci95"):
        assert value[key] == same[key]
    assert [a for a in told if a[0] == "pairs"] == [("pairs", i, 5) for i in range(1, 6)]
    decisions = [a[0] for a in told if a[0] != "pairs"]
    assert decisions and decisions == ["decide", "decided"] * (len(decisions) // 2)


def test_an_exception_names_its_line() -> None:
    source = "def choose(view, rng):\n    x = 1\n    return x / 0\n"
    out = call("play", {"source": source, "deals": 1})
    assert out["ok"] is False
    error = out["error"]
    assert isinstance(error, dict)
    assert error["code"] == "bot_error" and error["line"] == 3
    assert "ZeroDivisionError" in str(error["message"]) and "bot.py:3" in str(error["message"])
    assert "/tmp" not in str(error["message"]) and "adapter" not in str(error["message"])


@pytest.mark.parametrize(("source", "line", "words"), [
    ("def choose(view, rng)\n    return 1\n", 1, "SyntaxError"),
    ("import nothing_of_the_kind\n", 1, "ModuleNotFoundError"),
    ("def decide(view, rng):\n    return 1\n", None, "no function choose"),
    ("def choose(view):\n    return 1\n", 1, "choose(view, rng)"),
])
def test_a_bot_that_cannot_play_is_refused_with_its_line(source: str, line: int | None, words: str) -> None:
    out = call("check", {"source": source})
    assert out["ok"] is False
    error = out["error"]
    assert isinstance(error, dict)
    assert error["line"] == line and words in str(error["message"])


def test_an_illegal_action_is_refused() -> None:
    out = call("play", {"source": "def choose(view, rng):\n    return 99\n", "deals": 1})
    error = out["error"]
    assert isinstance(error, dict)
    assert error["code"] == "bot_error" and re.search(r"your bot chose 99 .* not a card", str(error["message"]))


DECISION = "from giretra_core.bots import Decision\n\n\ndef choose(view, rng):\n"


@pytest.mark.parametrize(("body", "kind", "params"), [
    ("    return 1 / 0\n", "raised", {"error": "ZeroDivisionError: division by zero"}),
    ("    exit(2)\n", "exit", {"code": "2"}),
    ("    return Decision(view.legal[0], 5)\n", "badWhy", {"value": "5"}),
    ("    return Decision('nope', 'x')\n", "notAction", {"value": "'nope'"}),
    ("    return Decision(5, 'x')\n", "illegal", {"action": "QC", "legal": "C, D, H, S, NT, AT"}),   # (a card, bidding)
])
def test_a_bots_mistake_in_the_arena_comes_with_its_kind_for_the_pages_words(body: str, kind: str,
                                                                             params: dict[str, str]) -> None:
    """The page says it in its reader's language (lab.bot.KIND in web/js/i18n); the message stays for the CLI."""
    error = call("play", {"source": DECISION + body, "deals": 1, "seed": 1})["error"]
    assert isinstance(error, dict) and error["code"] == "bot_error"
    assert (error["kind"], error["params"]) == (kind, params), error
    assert str(error["message"]).startswith("your bot ")


@pytest.mark.parametrize("request_", [
    {"source": ""}, {"source": 3}, {"source": RANDOM_BOT, "opponent": "oracle"},
    {"source": RANDOM_BOT, "deals": 0}, {"source": RANDOM_BOT, "deals": 1001}, {"source": RANDOM_BOT, "deals": 2.0},
    {"source": RANDOM_BOT, "seed": -1}, {"source": "x" * (lab.MAX_SOURCE + 1)},
])
def test_bad_requests_are_refused(request_: dict[str, object]) -> None:
    out = call("play", request_)
    assert out["ok"] is False
    error = out["error"]
    assert isinstance(error, dict) and error["code"] == "bad_request" and error["line"] is None


def test_not_json_and_unknown_names_are_refused() -> None:
    assert json.loads(lab.call("play", "{"))["error"]["code"] == "bad_request"
    assert json.loads(lab.call("play", "[]"))["error"]["code"] == "bad_request"
    assert json.loads(lab.call("nothing", "{}"))["error"]["code"] == "unknown_function"


def test_decide_answers_a_game_position_as_bot_action_does() -> None:
    from giretra_core import jsonapi

    started = json.loads(jsonapi.new_match(json.dumps({"seed": 3, "players": {"Bottom": "human"}})))["value"]
    state, seat = started["state"], started["view"]["toAct"]
    out = call("decide", {"source": templates()["greedy"], "state": state, "seat": seat})
    assert out["ok"], out
    value = out["value"]
    assert isinstance(value, dict) and value["why"] == "any cut is as good as another"
    applied = json.loads(jsonapi.apply(json.dumps({"state": state, "seat": seat, "action": value["action"]})))
    assert applied["ok"], applied
    assert call("decide", {"source": templates()["greedy"], "state": state, "seat": seat}) == out   # reproducible
    other = "Top" if seat != "Top" else "Left"
    refused = call("decide", {"source": RANDOM_BOT, "state": state, "seat": other})["error"]
    assert isinstance(refused, dict) and refused["code"] == "not_your_turn"
    bad = call("decide", {"source": RANDOM_BOT, "state": "junk", "seat": seat})["error"]
    assert isinstance(bad, dict) and bad["code"] == "bad_notation"
    crash = call("decide", {"source": "def choose(view, rng):\n    return 1/0\n", "state": state, "seat": seat})
    assert crash["error"] == {"code": "bot_error", "line": 2,
                              "message": "your bot raised ZeroDivisionError: division by zero (bot.py:2 in choose)",
                              "kind": "raised", "params": {"error": "ZeroDivisionError: division by zero"}}
