"""``python -m giretra_core``: a seeded match log, its JSON form, both presets, reproducibility."""

from __future__ import annotations

import json
import os
import random
import re
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest

import giretra_core
from giretra_core import Match, bots, format_match, parse_match, seat_view
from giretra_core.__main__ import main, play_match, reason_text
from giretra_core.bots import REASONS
from giretra_core.bots.reasons import Decision
from giretra_core.cards import card_name
from giretra_core.deal import Phase
from giretra_core.review import plan as review_plan
from giretra_core.seats import Seat
from giretra_core.shapes import hint_lines
from giretra_core.words import CATALOGUES

# Run the same package the tests import.
PACKAGE_ROOT = Path(giretra_core.__file__).resolve().parents[1]


@cache
def run(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(PACKAGE_ROOT), "PYTHONIOENCODING": "utf-8"}
    return subprocess.run([sys.executable, "-m", "giretra_core", *args], capture_output=True, text=True,
                          encoding="utf-8", env=env, cwd=PACKAGE_ROOT, timeout=120, check=False)


def test_seed_7_prints_a_full_match_log_ending_in_the_final_score() -> None:
    out = run("--seed", "7")
    assert out.returncode == 0, out.stderr
    lines = out.stdout.rstrip("\n").split("\n")
    assert lines[0].startswith("Giretra ") and "seed 7" in lines[0] and "giretra.com" in lines[0]
    final = re.fullmatch(r"Team (\d) \(.*\) wins (\d+)-(\d+) after (\d+) deals\.", lines[-2])
    assert final, lines[-2]
    assert lines[-1].startswith("Notation: G2 ")
    match = parse_match(lines[-1].removeprefix("Notation: "))
    assert match.is_over and match.winner == int(final.group(1)) - 1
    assert match.scores == (int(final.group(2)), int(final.group(3)))
    assert len(match.history) == int(final.group(4))
    assert sum(line.startswith("== Deal ") for line in lines) == len(match.history)
    assert sum(line.lstrip().startswith("Score: ") for line in lines) == len(match.history)


def test_json_output_parses_and_agrees_with_the_log() -> None:
    out = run("--seed", "7", "--json")
    assert out.returncode == 0, out.stderr
    summary = json.loads(out.stdout)
    match = parse_match(summary["notation"])
    assert format_match(match) == summary["notation"]
    assert summary["seed"] == 7 and summary["rules"] == "giretra.com"
    assert summary["scores"] == list(match.scores) and len(summary["deals"]) == len(match.history)
    assert summary["winner"] == f"Team{match.winner + 1}"  # type: ignore[operator]
    log = run("--seed", "7").stdout
    assert log.rstrip("\n").endswith("Notation: " + summary["notation"])
    for deal, record in zip(summary["deals"], match.history, strict=True):
        assert deal["matchPoints"] == list(record.score.match_points)
        assert deal["scoresAfter"] == list(record.scores_after)


def test_rules_play_giretra_com() -> None:
    out = run("--seed", "7", "--rules", "play.giretra.com", "--json")
    assert out.returncode == 0, out.stderr
    summary = json.loads(out.stdout)
    match = parse_match(summary["notation"])
    assert summary["rules"] == "play.giretra.com" and match.rules.name == "play.giretra.com"
    assert match.deals()[0].dealer.api_name == "Bottom" and match.is_over
    text = run("--seed", "7", "--rules", "play.giretra.com")
    assert text.returncode == 0 and "rules play.giretra.com" in text.stdout


@pytest.mark.parametrize("args", [("--seed", "7"), ("--seed", "123", "--json"),
                                  ("--seed", "7", "--rules", "play.giretra.com", "--lang", "fr")])
def test_same_seed_same_output(args: tuple[str, ...]) -> None:
    env = {**os.environ, "PYTHONPATH": str(PACKAGE_ROOT), "PYTHONHASHSEED": "random"}
    again = subprocess.run([sys.executable, "-m", "giretra_core", *args], capture_output=True, text=True,
                           encoding="utf-8", env=env, cwd=PACKAGE_ROOT, timeout=120, check=False)
    assert again.returncode == 0 and again.stdout == run(*args).stdout


def test_different_seeds_give_different_matches() -> None:
    assert run("--seed", "7").stdout != run("--seed", "8").stdout


def test_replay_of_the_notation_prints_the_same_log() -> None:
    notation = json.loads(run("--seed", "7", "--json").stdout)["notation"]
    replay = run("--replay", notation)
    assert replay.returncode == 0, replay.stderr
    assert replay.stdout == run("--seed", "7").stdout


@pytest.mark.parametrize("args", [("--replay", "G1 nonsense"), ("--rules", "belote"), ("--seed", "x"),
                                  ("--bots", "grandmaster")])
def test_bad_arguments_fail_cleanly(args: tuple[str, ...]) -> None:
    out = run(*args)
    assert out.returncode == 2
    assert "Traceback" not in out.stderr and out.stderr.strip()


def _why_blocks(log: str) -> tuple[str, list[list[tuple[str, str, str, str | None]]]]:
    """The log without its "Why:" blocks, and each block's actions as (seat, action, line, its second line or None)."""
    kept: list[str] = []
    blocks: list[list[tuple[str, str, str, str | None]]] = []
    for line in log.split("\n"):
        if line == "   Why:":
            blocks.append([])
        elif blocks and line.startswith(" " * 20):   # a card's second line: the search's figures, under its plan
            seat, action, why, second = blocks[-1][-1]
            assert second is None, line
            blocks[-1][-1] = (seat, action, why, line.strip())
        elif blocks and line.startswith("     "):
            seat, action, why = re.fullmatch(r" {5}(\w+) +((?:\d\. )?\w+) +(.+)", line).groups()  # type: ignore[union-attr]
            blocks[-1].append((seat, action, why, None))
        else:
            kept.append(line)
    return "\n".join(kept), blocks


def _pattern(text: str) -> str:
    """A catalogue line as a regular expression: its fields, any card, mode, suit or count."""
    card = r"(?:10|[AKQJ987DRV])[♣♦♥♠]"
    out = re.escape(text).replace(r"\{mode\}", ".+").replace(r"\{suit\}", ".+").replace(r"\{led\}", ".+")
    out = re.sub(r"\\\{(card|usual|win|top|beater|kept|honour)\\\}", card, out)
    out = out.replace(r"\{cards\}", f"{card}(?: {card})*")
    return re.sub(r"\\\{\w+\\\}", r"\\d+", out)


def test_reasons_give_every_action_of_every_deal_with_its_bots_line() -> None:
    # For bot authors: the tools printed no reason; the hint's line is the only place a reason was seen.
    levels = "expert,advanced,basic,random"
    plain = run("--seed", "7", "--bots", levels)
    out = run("--seed", "7", "--bots", levels, "--reasons")
    assert out.returncode == 0, out.stderr
    log, blocks = _why_blocks(out.stdout)
    assert log == plain.stdout   # asking for the reasons changes nothing of the match
    match = parse_match(log.rstrip("\n").split("\n")[-1].removeprefix("Notation: "))
    assert len(blocks) == len(match.history) > 1
    # A bid's line may go on with what supports it (bidding.call_decision): one of the support clauses.
    support = "(?:" + "|".join(_pattern(text) for key, text in REASONS.items() if key.startswith("support_")) + ")?"
    templates = [_pattern(text) + support for key, text in REASONS.items() if not key.startswith("support_")]
    plans = [_pattern(text) for text in CATALOGUES["en"].card_plans.values()]
    for block, record in zip(blocks, match.history, strict=True):
        deal = record.deal
        # one line per action, in the notation's order, each named by the seat that made it
        assert [action.split(". ")[-1] for _, action, _, _ in block] == deal.action_tokens()
        cards = [(seat, action) for seat, action, _, _ in block if ". " in action]
        assert cards == [(Seat((trick.leader + j) & 3).api_name, f"{n}. {card_name(c)}")
                         for n, trick in enumerate(deal.tricks, 1) for j, c in enumerate(trick.cards)]
        for seat, action, why, second in block:
            if ". " in action:   # a card: its plan in a player's words, as the page's hint (below)
                assert any(re.fullmatch(t, why) for t in plans), (seat, action, why)
                if seat == "Right":
                    assert second == "random choice", (seat, action, second)
            else:
                assert any(re.fullmatch(t, why) for t in templates), (seat, action, why)
                assert second is None
                if seat == "Right" and not action.startswith("c"):
                    assert why == "random choice", (seat, action, why)
    # The JSON summary carries the bots' own lines, and another language translates them.
    summary = json.loads(run("--seed", "7", "--bots", levels, "--reasons", "--json").stdout)
    reasons: list[list[Decision]] = []
    assert format_match(play_match(7, "giretra.com", levels.split(","), reasons)) == summary["notation"]
    assert [deal["reasons"] for deal in summary["deals"]] == [[reason_text(d, "en") for d in b] for b in reasons]
    _, french = _why_blocks(run("--seed", "7", "--bots", levels, "--reasons", "--lang", "fr").stdout)
    assert {why for seat, action, why, _ in french[0] if seat == "Right" and ". " not in action
            and not action.startswith("c")} == {"choix au hasard"}
    refused = run("--replay", summary["notation"], "--reasons")
    assert refused.returncode == 2 and "a --replay has no bots to ask" in refused.stderr


@pytest.mark.parametrize("lang", ["en", "fr", "mg"])
def test_reasons_give_each_card_the_pages_hint_its_plan_first_and_the_search_second(lang: str) -> None:
    # Issue 34: the page's card hint says the plan in a player's words, then the search's figures; the command line
    # printed only the bot's line (often a figure alone: "better on average than 8♠ over 160 possible deals").
    levels = ["expert", "advanced", "basic", "random"]
    _, blocks = _why_blocks(run("--seed", "7", "--bots", ",".join(levels), "--reasons", "--lang", lang).stdout)
    reasons: list[list[Decision]] = []
    match = play_match(7, "giretra.com", levels, reasons)
    decisions = [d for deal in reasons for d in deal]
    printed = [(why, second) for block in blocks for _, _, why, second in block]
    searched = 0
    for (_, m, seat, _), decision, (why, second) in zip(match.replay(), decisions, printed, strict=True):
        if m.deal.phase is not Phase.PLAY:
            assert (why, second) == (reason_text(decision, lang), None)
            continue
        lines = hint_lines(review_plan(m, seat, decision), decision, lang)   # the page's two lines (shapes.py)
        assert why == lines["plan"]
        if lines["detail"] is not None:   # the search's figures, second
            searched += 1
            assert second == lines["detail"]
        elif decision.key == "random":
            assert second == reason_text(decision, lang)
        else:
            assert second is None
    assert searched >= 10
    if lang == "fr":   # seed 7's first trick, Bottom (the expert), as the page says it
        first = blocks[0][[a for _, a, _, _ in blocks[0]].index("1. JC")]
        assert first[2:] == ("le partenaire est maître du pli\u00a0: charger avec V♣",
                             "aucune carte n’a fait nettement mieux sur 275 donnes possibles")


def test_the_log_of_an_unfinished_match_ends_with_the_trick_in_progress_and_whose_turn(
        capsys: pytest.CaptureFixture[str]) -> None:
    # From a bot author's audit: the replay of a match that stopped (where a failing bot stopped) left out the trick
    # in progress.
    match = Match.new(seed=5)
    assert main(["--replay", format_match(match)]) == 0
    lines = capsys.readouterr().out.split("\n")
    assert lines[3:5] == ["== Deal 1 — dealer Left", "   Next: Top to cut, action 1 (the cut)"], lines
    while len(match.deal.trick) < 2 or len(match.deal.tricks) < 1:
        match = match.apply(match.turn, bots.choose("random", seat_view(match, match.turn),  # type: ignore[arg-type]
                                                    random.Random(len(match.deal.action_tokens()))).action)
    deal = match.deal
    assert main(["--replay", format_match(match)]) == 0
    lines = capsys.readouterr().out.split("\n")
    leader = Seat(deal.leader)
    trick = f"   2. {leader.api_name} {card_name(deal.trick[0])}, {leader.next.api_name} {card_name(deal.trick[1])}, …"
    turn = f"   Next: {leader.next.next.api_name} to play, action {len(deal.action_tokens()) + 1} (trick 2, card 3)"
    assert lines[lines.index(trick) + 1] == turn, lines
    assert lines[lines.index(trick) - 1].startswith("   1. ") and lines[-3].startswith("Match in progress: ")
    match = Match.new(seed=5)
    while not (match.deal.negotiation and match.deal.negotiation.calls):   # a negotiation in progress
        match = match.apply(match.turn, bots.choose("random", seat_view(match, match.turn),  # type: ignore[arg-type]
                                                    random.Random(1)).action)
    assert main(["--replay", format_match(match)]) == 0
    out = capsys.readouterr().out
    assert re.search(r"\n   Next: \w+ to speak, action \d+ \(call \d+\)\n", out), out
