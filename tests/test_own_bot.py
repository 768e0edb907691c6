"""A bot of one's own in the arena (docs/bots.md, "Your own bot"): the example runs, and every way a bot
author gets it wrong is named in one line — a missing file or function, a wrong return value, an illegal
card, a bot that is not reproducible; the match log plays it too."""

from __future__ import annotations

import json
import random
import re
import textwrap
import time
from pathlib import Path

import pytest

from giretra_core import Match, parse_match, seat_view
from giretra_core.arena import main as arena_main
from giretra_core.arena import run, validate
from giretra_core.bots import own

EXAMPLE = f"{Path(__file__).resolve().parents[1] / 'docs' / 'examples' / 'greedy_bot.py'}:choose"


def test_the_example_bot_passes_validation_and_beats_random_in_the_arena() -> None:
    checked = validate(EXAMPLE, deals=10, seed=1)
    assert checked["ok"], checked["failures"]
    result = run(EXAMPLE, "random", seed=1, matches=20)
    side = result["side_A"]
    assert isinstance(side, dict) and side["level"] == EXAMPLE
    assert side["decision_time"]["play"]["n"] > 0 and side["decision_time"]["negotiation"]["n"] > 0
    # What docs/bots.md says of it (74 % over 400 matches); 40 seeded matches, so this result is fixed.
    assert float(str(result["win_rate_A"])) > 0.6


def test_the_arena_command_takes_a_file_or_a_module(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    assert arena_main([EXAMPLE, "basic", "--deals", "2", "--quiet"]) == 0
    assert "greedy_bot.py:choose (A) vs basic (B): 2 duplicate pairs" in capsys.readouterr().out
    (tmp_path / "mybots").mkdir()
    (tmp_path / "mybots" / "__init__.py").write_text("")
    (tmp_path / "mybots" / "first.py").write_text(textwrap.dedent("""
        from giretra_core.bots import Decision

        def choose(view, rng, budget_ms=250.0, time_guard=True):
            return Decision(view.legal[0], "the first legal action")
    """))
    monkeypatch.syspath_prepend(str(tmp_path))
    assert arena_main(["--validate", "mybots.first:choose", "--deals", "3", "--quiet"]) == 0
    assert "validate mybots.first:choose: 3 deals (1 match), seed 1: OK" in capsys.readouterr().out


CANNOT_BE_FOUND = [
    ("nothere.py:choose", "no bot file 'nothere.py'"),
    (f"{EXAMPLE[:-len(':choose')]}:chose", "has no function 'chose'"),
    (f"{EXAMPLE[:-len(':choose')]}:", "a bot of your own is named FILE.py:FUNCTION or MODULE:FUNCTION"),
    ("no_such_package.bots:choose", "no module 'no_such_package.bots' to import"),
    ("json:JSONDecodeError.msg", "a bot of your own is named"),
]


@pytest.mark.parametrize(("spec", "message"), CANNOT_BE_FOUND)
def test_a_bot_that_cannot_be_found_is_a_clear_usage_error(spec: str, message: str,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        arena_main(["--validate", spec, "--deals", "1"])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


@pytest.mark.parametrize(("spec", "message"), [*CANNOT_BE_FOUND, (f"{EXAMPLE[:-len(':choose')]}:_call",
                                                                  "is called as _call(view, rng, budget_ms=250.0")])
def test_with_json_a_bot_that_cannot_be_loaded_is_the_json_error_too(spec: str, message: str,
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
    # From a bot author's audit: a missing file, function or parameter gave an empty stdout and argparse's line, an
    # import-time crash the JSON object. Every loading error is the JSON object now, still with exit code 2.
    for argv in ([spec, "random", "--matches", "2", "--json"], ["--validate", spec, "--deals", "1", "--json"]):
        with pytest.raises(SystemExit) as stop:
            arena_main(argv)
        assert stop.value.code == 2
        out = capsys.readouterr()
        report = json.loads(out.out)
        assert report["ok"] is False and message in report["error"] and message in out.err, report


def test_an_import_error_inside_the_bot_shows_its_traceback_then_names_the_bot(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    from giretra_core.__main__ import main as log_main

    broken = tmp_path / "broken_bot.py"
    broken.write_text("import numpy_that_is_not_installed\n")
    (tmp_path / "modules").mkdir()   # the same mistake in a module on the path
    (tmp_path / "modules" / "missing_dependency_bot.py").write_text("import numpy_that_is_not_installed\n")
    monkeypatch.syspath_prepend(str(tmp_path / "modules"))
    for spec in (f"{broken}:choose", "missing_dependency_bot:choose"):
        assert arena_main(["--validate", spec, "--deals", "1"]) == 1
        err = capsys.readouterr().err
        assert err.startswith("Traceback") and "numpy_that_is_not_installed" in err
        assert err.rstrip().splitlines()[-1].startswith(
            f"error: bot {spec} could not be imported: ModuleNotFoundError: No module named "
            "'numpy_that_is_not_installed' (")
        assert ":1 in <module>)" in err.rstrip().splitlines()[-1]
    assert log_main(["--bots", f"{broken}:choose"]) == 1
    assert f"error: bot {broken}:choose could not be imported" in capsys.readouterr().err
    # A syntax error is placed in the bot's file, not in Python's import machinery.
    typo = tmp_path / "typo_bot.py"
    typo.write_text("def choose(view, rng, budget_ms=250.0, time_guard=True)\n    pass\n")
    assert arena_main(["--validate", f"{typo}:choose", "--deals", "1"]) == 1
    last = capsys.readouterr().err.rstrip().splitlines()[-1]
    assert last.startswith(f"error: bot {typo}:choose could not be imported: SyntaxError: ") and \
        last.endswith(f"({typo}:1)"), last


@pytest.mark.parametrize(("returned", "message"), [
    ("True if isinstance(view.legal[0], int) else view.legal[0]", "chose True (a builtins.bool) for "),
    ("3.0 if isinstance(view.legal[0], int) else view.legal[0]", "chose 3.0 (a builtins.float) for "),
    ("'QD' if isinstance(view.legal[0], int) else view.legal[0]", "chose 'QD' (a builtins.str) for "),
    ("40 if isinstance(view.legal[0], int) else view.legal[0]", "chose 40 (a builtins.int) for "),
])
def test_an_action_that_only_looks_like_one_is_named_as_the_bots_mistake(
        returned: str, message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # True == 1 and 3.0 == 3 are "in" the legal cards (in play: the cut and the calls are played as they are); the
    # engine would refuse them with an error of its own.
    bot = tmp_path / "lookalike.py"
    bot.write_text("from giretra_core.bots import Decision\n\n"
                   "def choose(view, rng, budget_ms=250.0, time_guard=True):\n"
                   f"    return Decision({returned}, 'looks like a card')\n")
    assert arena_main([f"{bot}:choose", "random", "--deals", "1", "--quiet"]) == 1
    err = capsys.readouterr().err
    assert f"error: bot {bot}:choose {message}" in err and "Traceback" not in err
    failures = validate(f"{bot}:choose", deals=1, seed=1)["failures"]
    assert isinstance(failures, list) and len(failures) == 1 and "crash" not in failures[0]
    assert f"bot {bot}:choose {message}" in failures[0]


def test_a_call_built_from_plain_numbers_plays_as_that_call(tmp_path: Path) -> None:
    bot = tmp_path / "plain_calls.py"
    bot.write_text(textwrap.dedent("""
        from giretra_core.bots import Decision
        from giretra_core.negotiation import Call

        def choose(view, rng, budget_ms=250.0, time_guard=True):
            action = view.legal[-1]
            if isinstance(action, Call):  # the kind and mode as plain ints: Call(1, None) is Accept
                action = Call(int(action.kind), None if action.mode is None else int(action.mode))
            return Decision(action, "the last legal action")
    """))
    checked = validate(f"{bot}:choose", deals=3, seed=1)
    assert checked["ok"], checked["failures"]


def test_a_bot_that_writes_to_the_negotiation_it_sees_changes_nothing_of_the_match(tmp_path: Path) -> None:
    # view.negotiation was the match's own object: a bot assigning to it (to try a call) changed the match's state.
    bot = tmp_path / "meddler.py"
    bot.write_text(textwrap.dedent("""
        from giretra_core.bots import Decision, choose as level

        def choose(view, rng, budget_ms=250.0, time_guard=True):
            decision = level("random", view, rng)
            if view.negotiation is not None:
                view.negotiation.calls = ()
                view.negotiation.turn = view.negotiation.turn.partner
                view.negotiation.accepts = 0
            return decision
    """))
    match = Match.new(seed=3)
    seen = []
    for _ in range(40):
        seat = match.turn
        if seat is None or match.deal.phase.value == "play":
            break
        before = match.deal.negotiation and (match.deal.negotiation.calls, match.deal.negotiation.turn)
        decision = own.choose(f"{bot}:choose", seat_view(match, seat), random.Random(1))
        after = match.deal.negotiation and (match.deal.negotiation.calls, match.deal.negotiation.turn)
        assert before == after
        seen.append(before)
        match = match.apply(seat, decision.action)
    assert match.deal.phase.value == "play" and len(seen) >= 4, seen
    assert validate(f"{bot}:choose", deals=3, seed=1)["ok"]


def test_the_bots_see_who_sits_where_as_the_record_names_them(tmp_path: Path) -> None:
    bot = tmp_path / "peek.py"
    bot.write_text(textwrap.dedent("""
        from giretra_core.bots import Decision

        SEEN = set()

        def choose(view, rng, budget_ms=250.0, time_guard=True):
            SEEN.add((int(view.seat), view.players))
            return Decision(view.legal[0], "the first legal action")
    """))
    spec = f"{bot}:choose"
    run(spec, "basic", seed=1, deals=1)
    from giretra_core.bots import own

    seen = own.load(spec).__globals__["SEEN"]
    # A as Team1 (Bottom, Top), then as Team2: a bot of one's own is recorded as "human", a level as itself.
    assert seen == {(0, ("human", "basic", "human", "basic")), (2, ("human", "basic", "human", "basic")),
                    (1, ("basic", "human", "basic", "human")), (3, ("basic", "human", "basic", "human"))}


@pytest.mark.parametrize(("argv", "message"), [
    (["random", "basic", "--matches", "0"], "argument --matches: must be 1 or more, not 0"),
    (["random", "basic", "--deals", "-3"], "argument --deals: must be 1 or more, not -3"),
    (["--validate", "random", "--deals", "0"], "argument --deals: must be 1 or more, not 0"),
    (["random", "basic", "--budget", "0"], "argument --budget: must be a number of milliseconds above 0, not 0"),
    (["random", "basic", "--budget", "inf"], "argument --budget: must be a number of milliseconds above 0"),
    (["random", "basic", "--deals", "ten"], "argument --deals: must be a whole number, not 'ten'"),
    (["random", "basic", "--budget", "fast"], "argument --budget: must be a number of milliseconds above 0, not fast"),
    (["--validate", "random", "basic"], "--validate BOT plays BOT at every seat"),
    (["--validate", "random", "--matches", "3"], "--validate BOT plays BOT at every seat"),
])
def test_a_count_or_budget_that_makes_no_sense_is_refused(argv: list[str], message: str,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        arena_main(argv)
    assert stop.value.code == 2 and message in capsys.readouterr().err


def test_the_report_says_what_it_counts(capsys: pytest.CaptureFixture[str]) -> None:
    assert arena_main(["random", "basic", "--deals", "1", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "deals (more match points; a tie counts 1/2)" in out and "(one pair: no interval)" in out
    assert "decisions over the budget + 50 ms: 0" in out and "{" not in out
    assert arena_main(["random", "basic", "--deals", "1", "--quiet", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)   # a script is told there is no interval, not a zero-width one
    assert report["win_rate_ci95"] is None and report["card_points_ci95"] is None
    assert arena_main(["random", "basic", "--matches", "3", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "/6 matches = " in out and "95% CI [" in out and "(one pair" not in out


def test_a_reader_that_stops_early_ends_the_command_quietly() -> None:
    import subprocess
    import sys

    log = subprocess.Popen([sys.executable, "-m", "giretra_core", "--seed", "7"], stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE)
    assert log.stdout is not None and log.stderr is not None
    log.stdout.close()  # as `| head` does once it has read enough: here, before the log is written
    err = log.stderr.read().decode()
    assert log.wait() == 1 and err == ""


BAD_BOTS = textwrap.dedent("""
    import random
    from giretra_core import bots
    from giretra_core.bots import Decision
    from giretra_core.negotiation import Call, CallKind

    def bare_tuple(view, rng, budget_ms=250.0, time_guard=True):
        return view.legal[0], "a tuple, not a Decision"

    def revoke(view, rng, budget_ms=250.0, time_guard=True):
        refused = [a for a, why in view.actions if why is not None and why.code == "must_follow_suit"]
        return Decision(refused[0] if refused else view.legal[0], "keeps its trumps")

    def unseeded(view, rng, budget_ms=250.0, time_guard=True):
        return Decision(random.choice(view.legal), "the global random, not the seeded rng")

    def typo(view, rng, budget_ms=250.0, time_guard=True):
        return bots.choose("Basic", view, rng)  # this package refuses the level

    def silent(view, rng, budget_ms=250.0, time_guard=True):
        return Decision(view.legal[0], "")

    def from_deal_two(view, rng, budget_ms=250.0, time_guard=True):
        if view.deal_number > 1 and view.last_score is not None:
            raise KeyError("scores")   # a bot that never met a second deal
        return Decision(view.legal[0], "the first legal action")

    def quits(view, rng, budget_ms=250.0, time_guard=True):
        exit()

    def never_answers(view, rng, budget_ms=250.0, time_guard=True):
        while view.phase == "play":   # a search whose loop never ends, and swallows every error on its way
            try:
                pass
            except Exception:
                pass
        return Decision(view.legal[0], "the first legal action")

    CUTS = []

    def fails_the_second_time(view, rng, budget_ms=250.0, time_guard=True):
        if view.phase == "cut":
            CUTS.append(1)
            if len(CUTS) == 2:   # the second run's first cut: state kept between calls
                raise RuntimeError("kept state")
        return Decision(view.legal[0], "the first legal action")

    def counts_its_reason(view, rng, budget_ms=250.0, time_guard=True):
        return Decision(view.legal[0], 42)

    def accepts_in_the_play(view, rng, budget_ms=250.0, time_guard=True):
        return Decision(Call(CallKind.ACCEPT) if view.phase == "play" else view.legal[0], "accepts")

    def doubles_without_a_mode(view, rng, budget_ms=250.0, time_guard=True):
        if view.phase == "negotiation" and view.contract is not None:
            return Decision(Call(CallKind.DOUBLE), "doubles")
        return Decision(view.legal[0], "the first legal action")

    def two_parameters(view, rng):
        return Decision(view.legal[0], "forgot budget_ms and time_guard")
""")


@pytest.fixture
def bad_bots(tmp_path: Path) -> str:
    path = tmp_path / "bad_bots.py"
    path.write_text(BAD_BOTS)
    return str(path)


def test_validation_names_each_mistake_of_a_bot(bad_bots: str, capsys: pytest.CaptureFixture[str]) -> None:
    tuple_failures = validate(f"{bad_bots}:bare_tuple", deals=2, seed=1)["failures"]
    assert isinstance(tuple_failures, list) and len(tuple_failures) == 2
    assert "returned (Cut(k=" in tuple_failures[0]
    assert "not a giretra_core.bots.Decision(action, why)" in tuple_failures[0]
    revoke_failures = validate(f"{bad_bots}:revoke", deals=4, seed=1)["failures"]
    assert isinstance(revoke_failures, list) and revoke_failures
    assert all(f"bot {bad_bots}:revoke chose" in line and "which is not legal (must_follow_suit)" in line
               for line in revoke_failures), revoke_failures
    # Each failing deal names the command that plays it again, which stops at the same card.
    first = revoke_failures[0]
    command = first[first.index("(python -m giretra_core ") + 1:first.index(" plays this match again")].split()
    from giretra_core.__main__ import main as log_main

    assert log_main(command[3:]) == 1   # the bot's mistake, as in the arena (2 is for usage errors)
    assert first[first.index("bot "):first.index(" (python -m")] in capsys.readouterr().err
    unseeded = validate(f"{bad_bots}:unseeded", deals=3, seed=1)["failures"]
    assert isinstance(unseeded, list) and unseeded
    assert all("two runs with the same seed differ at decision" in line and "draw every random choice from rng"
               in line for line in unseeded), unseeded
    # An error the bot's code raises is the bot's, with the line of its code, even when this package raised it.
    typo = validate(f"{bad_bots}:typo", deals=1, seed=1)["failures"]
    assert typo == [typo[0]] and f"bot {bad_bots}:typo raised GiretraError: unknown bot level: 'Basic'" in typo[0]
    line = next(n for n, text in enumerate(BAD_BOTS.splitlines(), 1) if '"Basic"' in text)
    assert f"({bad_bots}:{line} in typo, raised at " in typo[0] and "illegal action" not in typo[0]
    # A bot that gives no reason is told once a match, with the first action it left unexplained.
    silent = validate(f"{bad_bots}:silent", deals=6, seed=1)
    assert isinstance(silent["failures"], list) and len(silent["failures"]) == silent["matches"]
    assert all(" no reason given, first for " in line for line in silent["failures"]), silent


def test_a_bot_with_the_wrong_parameters_is_refused_before_it_plays(bad_bots: str,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        arena_main([f"{bad_bots}:two_parameters", "random", "--deals", "1"])
    assert ("is called as two_parameters(view, rng, budget_ms=250.0, time_guard=True); it is defined as "
            "two_parameters(view, rng)") in capsys.readouterr().err
    with pytest.raises(SystemExit):
        arena_main([bad_bots, "random", "--deals", "1"])  # the function's name forgotten
    assert f"a bot of your own is named with its function too: {bad_bots}:FUNCTION" in capsys.readouterr().err


def test_a_bot_file_imports_the_modules_beside_it(tmp_path: Path) -> None:
    (tmp_path / "pick.py").write_text("def first(legal):\n    return legal[0]\n")
    (tmp_path / "uses_pick.py").write_text(textwrap.dedent("""
        from pick import first
        from giretra_core.bots import Decision

        def choose(view, rng, budget_ms=250.0, time_guard=True):
            return Decision(first(view.legal), "the first legal action")
    """))
    assert validate(f"{tmp_path / 'uses_pick.py'}:choose", deals=1, seed=1)["ok"]


def test_an_illegal_card_in_an_arena_run_stops_it_with_one_line(bad_bots: str,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    assert arena_main([f"{bad_bots}:revoke", "random", "--deals", "3", "--quiet"]) == 1
    err = capsys.readouterr().err
    assert f"error: bot {bad_bots}:revoke chose" in err and "(must_follow_suit)" in err and "--validate" in err
    assert "— in the leg with A as Team1, deal 1, action " in err  # where, to find it again
    assert "Traceback" not in err
    # The action named is the one after the match the message gives: that match's deal has one action fewer, and
    # the bot's seat was to play a card of the trick named.
    where = re.search(r"deal 1, action (\d+) \(trick (\d), card (\d)\), of the pair seeded \d+; "
                      r"python -m giretra_core --replay '([^']+)'", err)
    assert where is not None, err
    number, trick, card, notation = int(where[1]), int(where[2]), int(where[3]), where[4]
    deal = parse_match(notation).deal
    assert len(deal.action_tokens()) == number - 1
    assert (len(deal.tricks) + 1, len(deal.trick) + 1) == (trick, card)


def test_the_match_log_plays_and_names_a_bot_of_ones_own(capsys: pytest.CaptureFixture[str]) -> None:
    from giretra_core.__main__ import main as log_main

    assert log_main(["--seed", "7", "--bots", f"{EXAMPLE},basic,{EXAMPLE},basic", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["players"] == [EXAMPLE, "basic", EXAMPLE, "basic"] and out["winner"] in ("Team1", "Team2")
    # The notation records the bot as an outside ("human") player, and replays to the same match.
    replayed = parse_match(out["notation"])
    assert replayed.players == ("human", "basic", "human", "basic") and list(replayed.scores) == out["scores"]
    assert log_main(["--bots", "nothere.py:choose"]) == 2
    assert "error: no bot file 'nothere.py'" in capsys.readouterr().err


def test_the_match_log_stops_on_an_illegal_card_with_one_line(bad_bots: str,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    from giretra_core.__main__ import main as log_main

    assert log_main(["--bots", f"{bad_bots}:revoke,random,random,random"]) == 1
    err = capsys.readouterr().err
    assert f"error: bot {bad_bots}:revoke chose" in err and "(must_follow_suit)" in err
    assert "Traceback" not in err
    # A crash shows its traceback, then the one line naming the bot (not "unknown bot level" alone).
    assert log_main(["--bots", f"{bad_bots}:typo,random,random,random"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("Traceback") and f"error: bot {bad_bots}:typo raised GiretraError" in err
    with pytest.raises(SystemExit):
        log_main(["--bots", f"{EXAMPLE},basic"])
    assert "--bots: one level, or four joined by commas (got 2)" in capsys.readouterr().err


def test_validation_plays_whole_matches(bad_bots: str) -> None:
    # From a bot author's audit: validation played only the first deal of each match, so a bot that breaks once
    # there are scores and a last deal passed.
    report = validate(f"{bad_bots}:from_deal_two", deals=4, seed=1)
    failures = report["failures"]
    assert isinstance(failures, list) and failures, report
    assert all(", deal 2, action 1 (the cut): " in line and "raised KeyError: 'scores'" in line
               for line in failures), failures
    assert validate("random", deals=12, seed=1)["matches"] < 12   # deals follow one another in a match


@pytest.mark.parametrize(("bot", "said"), [
    ("quits", "called exit() (SystemExit: None)"),   # a stray exit() ended the arena without a word
    ("counts_its_reason", "gave 42 as its reason: a short line of text"),
    ("accepts_in_the_play", "which is not legal (a call, in the play: the seat plays a card of its hand)"),
    ("doubles_without_a_mode", "a Double names its mode, e.g. Call(CallKind.DOUBLE, Mode.HEARTS)"),
])
def test_validation_names_the_slip(bad_bots: str, bot: str, said: str) -> None:
    failures = validate(f"{bad_bots}:{bot}", deals=1, seed=3)["failures"]
    assert isinstance(failures, list) and len(failures) == 1 and said in failures[0], failures


def test_a_bot_that_never_answers_is_stopped_and_named(bad_bots: str, monkeypatch: pytest.MonkeyPatch,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    # From a bot author's audit: a bot stuck in a loop hung the arena and --validate without a word. It is stopped
    # after own.HARD_LIMIT_S (30 s; here 0.3 s), and the message says where it was running.
    monkeypatch.setattr(own, "HARD_LIMIT_S", 0.3)
    failures = validate(f"{bad_bots}:never_answers", deals=1, seed=3, budget_ms=10)["failures"]
    assert isinstance(failures, list) and len(failures) == 1, failures
    assert ", deal 1, action " in failures[0] and " (trick 1, card 1): " in failures[0], failures   # its first card
    assert "was stopped after 0.3 s on one decision (asked to take 10 ms); it was running at " in failures[0]
    assert "bad_bots.py:" in failures[0] and "in never_answers" in failures[0]
    # The arena too: one line, and the bot's traceback shows the loop.
    assert arena_main([f"{bad_bots}:never_answers", "random", "--deals", "1", "--quiet", "--budget", "10"]) == 1
    err = capsys.readouterr().err
    assert "in never_answers" in err and "was stopped after 0.3 s" in err
    # A bot that answers in time is not stopped, and the timer is as it was after it.
    import signal

    before = signal.getitimer(signal.ITIMER_REAL), signal.getsignal(signal.SIGALRM)
    assert validate(EXAMPLE, deals=1, seed=3, budget_ms=10)["ok"]
    after = signal.getitimer(signal.ITIMER_REAL), signal.getsignal(signal.SIGALRM)
    assert after[1] is before[1] and (after[0] == before[0] == (0.0, 0.0) or after[0][0] <= before[0][0])
    # A timer of the caller's own (a test runner's timeout, say) runs on, with its handler, as if the limit had not
    # been there.
    def outer(signum: int, frame: object) -> None:
        raise AssertionError("the caller's timer fired")

    previous = signal.signal(signal.SIGALRM, outer)
    try:
        signal.setitimer(signal.ITIMER_REAL, 100.0)
        assert validate(EXAMPLE, deals=1, seed=3, budget_ms=10)["ok"]
        assert signal.getsignal(signal.SIGALRM) is outer and 90 < signal.getitimer(signal.ITIMER_REAL)[0] < 100
        # A caller's timer that comes before the limit turns the limit off: it is left alone.
        monkeypatch.setattr(own, "HARD_LIMIT_S", 3.0)
        start = time.monotonic()
        signal.setitimer(signal.ITIMER_REAL, 0.2)
        failures = validate(f"{bad_bots}:never_answers", deals=1, seed=3, budget_ms=10)["failures"]
        assert isinstance(failures, list) and len(failures) == 1, failures
        assert "raised AssertionError: the caller's timer fired" in failures[0], failures   # not "was stopped"
        assert time.monotonic() - start < 2.0   # at its 0.2 s, not after the limit's 3 s
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def test_an_engine_bug_is_not_blamed_on_the_bot(monkeypatch: pytest.MonkeyPatch) -> None:
    # The bot's action is checked legal first: the engine refusing it after that is this package's bug, raised.
    from giretra_core.errors import GiretraError
    from giretra_core.match import Match

    def broken(self: Match, seat: object, action: object) -> Match:
        raise GiretraError("internal invariant broken", "bad_action")

    monkeypatch.setattr(Match, "apply", broken)
    with pytest.raises(GiretraError, match="internal invariant broken"):
        validate(EXAMPLE, deals=1, seed=1)
    monkeypatch.undo()
    # The same for a crash while the bot's view is made (this package's code, around the bot's call).
    from giretra_core import arena

    def no_view(*args: object) -> object:
        raise ZeroDivisionError("seat_view broke")

    monkeypatch.setattr(arena, "seat_view", no_view)
    with pytest.raises(ZeroDivisionError, match="seat_view broke"):
        validate(EXAMPLE, deals=1, seed=1)


def test_a_bot_that_prints_leaves_the_json_whole(bad_bots: str, tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    talker = tmp_path / "talker.py"
    talker.write_text("from giretra_core.bots import Decision\n\ndef choose(view, rng, budget_ms=250.0, "
                      "time_guard=True):\n    print('thinking')\n    return Decision(view.legal[0], 'first')\n")
    assert arena_main([f"{talker}:choose", "random", "--deals", "1", "--quiet", "--json"]) == 0
    out = capsys.readouterr()
    assert json.loads(out.out)["ok"] is True and "thinking" in out.err
    # A bot that fails: the JSON says so, with the error.
    assert arena_main([f"{bad_bots}:counts_its_reason", "random", "--deals", "1", "--quiet", "--json"]) == 1
    report = json.loads(capsys.readouterr().out)
    assert report["ok"] is False and "gave 42 as its reason" in report["error"], report
    assert "python -m giretra_core --replay " in report["error"]


def test_the_progress_lines_keep_their_intervals_inside_0_and_100() -> None:
    # An audit saw "A wins 75.0% [26.0%, 124.0%]" on the way to a report that said [0, 100]-clamped figures.
    lines: list[str] = []
    run("basic", "advanced", seed=3, deals=6, progress=lines.append)   # won and lost pairs: wide intervals
    assert "(one pair: no interval)" in lines[0], lines
    bounds = [[float(x.rstrip("%")) for x in line.split("[")[1].split("]")[0].split(", ")] for line in lines[1:]]
    assert all(0 <= low <= high <= 100 for low, high in bounds), lines
    assert any(low == 0 or high == 100 for low, high in bounds), lines   # some were clamped: the test can fail


@pytest.mark.parametrize("bidder", ["advanced", "random"])   # "random": the sides' own level, told apart all the same
def test_with_a_bidder_the_doubles_are_not_credited_to_the_sides(bidder: str) -> None:
    # The bidder makes every call: a side that never spoke doubled nothing, and took no time to speak.
    report = run("random", "random", seed=2, deals=20, bidder=bidder)
    for side in ("side_A", "side_B"):
        side_report = report[side]
        assert isinstance(side_report, dict), side_report
        assert side_report["doubles"] == {"made": 0, "contract_failed": 0}, side_report
        assert side_report["redoubles"] == {"made": 0, "contract_made": 0}, side_report
        assert side_report["decision_time"]["negotiation"]["n"] == 0, side_report
    report = run("random", "random", seed=2, deals=20)
    doubled = [report[s]["doubles"]["made"] for s in ("side_A", "side_B")]  # type: ignore[index]
    assert sum(doubled) > 0, doubled   # random does double when it speaks: the test can fail


def test_a_failure_in_the_second_run_only_is_called_non_determinism(bad_bots: str) -> None:
    failures = validate(f"{bad_bots}:fails_the_second_time", deals=1, seed=1)["failures"]
    assert isinstance(failures, list) and len(failures) == 1, failures
    assert "raised RuntimeError: kept state" in failures[0], failures
    assert "on the second run only, the first passed" in failures[0], failures


def test_a_bot_module_that_prints_or_fails_while_imported_leaves_the_json_whole(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    noisy = tmp_path / "noisy.py"
    noisy.write_text("from giretra_core.bots import Decision\nprint('loading my bot')\n\ndef choose(view, rng, "
                     "budget_ms=250.0, time_guard=True):\n    return Decision(view.legal[0], 'first')\n")
    assert arena_main([f"{noisy}:choose", "random", "--deals", "1", "--quiet", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["ok"] is True
    broken = tmp_path / "broken_import.py"
    broken.write_text("raise ImportError('no numpy here')\n\ndef choose(view, rng, budget_ms=250.0, "
                      "time_guard=True):\n    pass\n")
    assert arena_main([f"{broken}:choose", "random", "--deals", "1", "--quiet", "--json"]) == 1
    report = json.loads(capsys.readouterr().out)
    assert report["ok"] is False and "could not be imported: ImportError: no numpy here" in report["error"], report


def test_a_call_without_its_mode_is_told_what_is_missing() -> None:
    from giretra_core.modes import Mode
    from giretra_core.negotiation import Call, CallKind, as_call

    for value, said in [(Call(CallKind.ANNOUNCE), ": an Announce names its mode, e.g. Call(CallKind.ANNOUNCE, "),
                        (Call(CallKind.REDOUBLE), ": a Redouble names its mode"),
                        (Call(CallKind.ACCEPT, Mode.HEARTS), ": an Accept names no mode"),
                        (Call(True, Mode.HEARTS), "not a call: Call(kind=True, mode=<Mode.HEARTS: 2>) (parse")]:  # type: ignore[arg-type]
        with pytest.raises(TypeError) as err:
            as_call(value)
        assert said in str(err.value), err.value


def test_the_match_log_with_json_sends_what_a_bot_prints_to_stderr(tmp_path: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    # From a bot author's audit: `python -m giretra_core --bots printer.py:choose --json` mixed the bot's prints
    # (importing and playing) into the JSON, as the arena no longer does.
    from giretra_core.__main__ import main as log_main

    talker = tmp_path / "printer.py"
    talker.write_text(textwrap.dedent("""
        import sys
        from giretra_core.bots import Decision
        print("loading printer bot")

        def choose(view, rng, budget_ms=250.0, time_guard=True):
            print("thinking")
            sys.stdout.write("raw write\\n")
            return Decision(view.legal[0], "first")
    """))
    assert log_main(["--seed", "7", "--bots", f"{talker}:choose", "--json", "--reasons"]) == 0
    out = capsys.readouterr()
    summary = json.loads(out.out)
    assert summary["ok"] is True and summary["deals"][0]["reasons"][0] == "first"
    assert "loading printer bot" in out.err and "thinking" in out.err and "raw write" in out.err
    assert log_main(["--seed", "7", "--bots", f"{talker}:choose"]) == 0   # without --json, as it always was
    assert "thinking" in capsys.readouterr().out


def test_the_match_log_of_a_failing_bot_prints_the_match_so_far_and_where(bad_bots: str,
                                                                          capsys: pytest.CaptureFixture[str]) -> None:
    # From a bot author's audit: the command --validate gives to play a failing match again printed only the error,
    # with exit code 2. It prints the log up to the mistake, where in the deal, the notation to replay; exit 1.
    from giretra_core.__main__ import main as log_main

    spec = f"{bad_bots}:revoke"
    assert log_main(["--seed", "1", "--bots", f"{spec},random,random,random", "--reasons"]) == 1
    out = capsys.readouterr()
    lines = out.out.rstrip("\n").split("\n")
    assert lines[0].startswith("Giretra ") and lines[-2].startswith("Match in progress: ")
    notation = lines[-1].removeprefix("Notation: ")
    deal = parse_match(notation).deal   # the match up to the bot's mistake
    assert deal.turn == 0 and deal.phase == "play"
    number, card = len(deal.tricks) + 1, len(deal.trick) + 1
    where = f"action {len(deal.action_tokens()) + 1} (trick {number}, card {card})"
    assert f"   Next: Bottom to play, {where}" in lines
    if deal.trick:   # the trick in progress, as far as it went
        assert any(line.startswith(f"   {number}. ") and line.endswith(", …") for line in lines), lines
    assert "   Why:" in lines   # the reasons of the actions so far, the unfinished deal's too
    err = out.err.rstrip().split("\n")[-1]
    assert err.startswith(f"error: bot {spec} chose ") and "(must_follow_suit)" in err
    assert f"— deal {len(parse_match(notation).history) + 1}, {where}; python -m giretra_core --replay " in err
    assert err.endswith(f"{notation}' prints the match up to there")
    # With --json: the JSON error object, with the notation of the match so far.
    assert log_main(["--seed", "1", "--bots", f"{spec},random,random,random", "--json"]) == 1
    report = json.loads(capsys.readouterr().out)
    assert report["ok"] is False and report["notation"] == notation and "(must_follow_suit)" in report["error"]


def test_an_illegal_action_is_told_with_the_rules_sentence_and_the_legal_actions(bad_bots: str) -> None:
    # From a bot author's audit: "which is not legal (must_beat)" gave the code alone.
    failures = validate(f"{bad_bots}:revoke", deals=1, seed=1)["failures"]
    assert isinstance(failures, list) and len(failures) == 1, failures
    said = re.search(r"which is not legal \(must_follow_suit\): You must follow suit: play an? (\w+) "
                     r"\(P-\d, follow suit\)\. The legal actions: ([0-9AKQJ10CDHS, ]+) \(python", failures[0])
    assert said is not None, failures[0]
    suit = {"club": "C", "diamond": "D", "heart": "H", "spade": "S"}[said[1]]
    assert all(card.endswith(suit) for card in said[2].split(", ")), failures[0]   # the cards of the led suit
    # A cut: its range, not 21 cuts.
    cuts = Path(bad_bots).with_name("cuts_a_card.py")
    cuts.write_text("from giretra_core.bots import Decision\n\ndef choose(view, rng, budget_ms=250.0, "
                    "time_guard=True):\n    return Decision(3, 'a card')\n")
    failures = validate(f"{cuts}:choose", deals=1, seed=1)["failures"]
    assert isinstance(failures, list) and "The legal actions: Cut(6) to Cut(26)" in failures[0], failures


KEYED = textwrap.dedent("""
    from giretra_core import bots
    from giretra_core.bots import Decision

    def borrows(view, rng, budget_ms=250.0, time_guard=True):
        return Decision(view.legal[0], "my own words", key="master")   # a built-in key, none of its params

    def passes_on(view, rng, budget_ms=250.0, time_guard=True):
        return bots.choose("basic", view, rng)   # a level's own Decision, key, params and line
""")


def test_a_bot_of_ones_own_is_printed_as_written_even_with_a_borrowed_key(tmp_path: Path,
                                                                          capsys: pytest.CaptureFixture[str]) -> None:
    # From a bot author's audit: Decision(card, "my own words", key="master") printed "master card: ? is the
    # highest left in its suit" in --reasons.
    from giretra_core.__main__ import main as log_main

    bot = tmp_path / "keyed.py"
    bot.write_text(KEYED)
    assert log_main(["--seed", "7", "--bots", f"{bot}:borrows", "--reasons"]) == 0
    out = capsys.readouterr().out
    assert "my own words" in out and "master card" not in out and "?" not in out
    match = Match.new(seed=7)
    decision = own.choose(f"{bot}:borrows", seat_view(match, match.turn), random.Random(1))  # type: ignore[arg-type]
    assert decision.why == "my own words" and decision.key == "" and decision.params is None
    # Passing on a level's Decision keeps its key: its line is the level's, translated as the level's.
    assert log_main(["--seed", "7", "--bots", f"{bot}:passes_on", "--reasons", "--lang", "fr"]) == 0
    passed_on = capsys.readouterr().out
    assert log_main(["--seed", "7", "--bots", "basic", "--reasons", "--lang", "fr"]) == 0
    level = capsys.readouterr().out
    # All but the players' names (and the notation's: the bot is recorded as "human").
    assert passed_on.split("\n")[2:-2] == level.split("\n")[2:-2] and "toutes les coupes se valent" in level


HASH_ORDER = textwrap.dedent("""
    from giretra_core.bots import Decision
    from giretra_core.deal import action_token

    def choose(view, rng, budget_ms=250.0, time_guard=True):
        first = next(iter({action_token(a) for a in view.legal}))   # a set of strings: its order is the hash's
        return Decision(next(a for a in view.legal if action_token(a) == first), "the set's first")
""")


def test_validation_catches_a_bot_that_follows_the_order_of_a_set_of_strings(tmp_path: Path) -> None:
    # From a bot author's audit: both runs were in one process, with one string hash seed, so such a bot passed.
    bot = tmp_path / "hash_order.py"
    bot.write_text(HASH_ORDER)
    report = validate(f"{bot}:choose", deals=2, seed=1)
    failures = report["failures"]
    # Where the two processes' orders first differ depends on this process's own hash seed (random under pytest's
    # workers): in the first deal the match stops there and the next match is played (and caught) too.
    assert isinstance(failures, list) and 1 <= len(failures) == report["matches"] <= 2, report
    for n, failure in enumerate(failures, 1):
        assert re.search(rf"^match {n} \(seed \d+\): a new Python process \(PYTHONHASHSEED=\d+\) plays it "
                         r"differently from decision \d+ \(\w+ \w+, then \w+ \w+\): does the bot follow the order "
                         r"of a set", failure), failures
        assert "sort them, or keep a list" in failure


def test_a_failure_in_the_new_process_only_is_named_so(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import os

    monkeypatch.setenv("GIRETRA_TEST_VALIDATING_PID", str(os.getpid()))
    bot = tmp_path / "elsewhere.py"
    bot.write_text(textwrap.dedent("""
        import os
        from giretra_core.bots import Decision

        def choose(view, rng, budget_ms=250.0, time_guard=True):
            if os.environ["GIRETRA_TEST_VALIDATING_PID"] != str(os.getpid()) and view.phase == "play":
                raise RuntimeError("another process")
            return Decision(view.legal[0], "the first legal action")
    """))
    failures = validate(f"{bot}:choose", deals=1, seed=1)["failures"]
    assert isinstance(failures, list) and len(failures) == 1, failures
    assert ", deal 1, action " in failures[0] and "raised RuntimeError: another process" in failures[0]
    assert "(only in a new Python process (PYTHONHASHSEED=" in failures[0], failures


def test_the_arena_counts_in_the_singular_and_says_what_was_played(bad_bots: str,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    # From a bot author's audit: "1 duplicate pairs", "(1 matches)", and a header of "3 deals (3 matches)" for a
    # validation where no deal was finished.
    assert arena_main(["random", "basic", "--deals", "1", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "1 duplicate pair (2 deals)" in out and "pairs" not in out and "\n  2 deals in " in out
    lines: list[str] = []
    validate("random", deals=1, seed=1, progress=lines.append)
    assert lines == ["1/1 deal (1 match), 0 failures"], lines
    assert arena_main(["--validate", f"{bad_bots}:revoke", "--deals", "2"]) == 1
    out, err = capsys.readouterr()
    assert f"validate {bad_bots}:revoke: 0 of 2 deals finished (2 matches), seed 1: FAILED" in out, out
    assert "2/2 deals (2 matches), 2 failures" in err
    assert validate(f"{bad_bots}:revoke", deals=2, seed=1)["deals_finished"] == 0
    assert arena_main(["--validate", "random", "--deals", "2", "--quiet"]) == 0
    assert "validate random: 2 deals (1 match), seed 1: OK" in capsys.readouterr().out


def test_the_example_bots_lines_are_true_and_the_docs_count_its_lines() -> None:
    # From a bot author's audit: leading, every card "wins" the empty trick, so the example led its cheapest card
    # saying "win as cheaply as possible".
    from giretra_core.__main__ import play_match
    from giretra_core.bots import Decision

    reasons: list[list[Decision]] = []
    match = play_match(7, "giretra.com", [EXAMPLE, "basic", EXAMPLE, "basic"], reasons)
    leads = 0
    for record, decisions in zip(match.history, reasons, strict=True):
        deal = record.deal
        plays = decisions[len(decisions) - len(deal.plays):]   # after the cut and the calls
        for n, decision in enumerate(plays):
            if n % 4 == 0 and deal.tricks[n // 4].leader % 2 == 0:   # a lead by the example (Bottom, Top)
                leads += 1
                assert decision.why in ("lead the cheapest card", "only legal card"), (record.deal, n, decision)
    assert leads > 5
    docs = (Path(__file__).resolve().parents[1] / "docs" / "bots.md").read_text(encoding="utf-8")
    counted = re.search(r"`docs/examples/greedy_bot.py` is one in (\d+) lines", docs)
    example = Path(EXAMPLE.rpartition(":")[0]).read_text(encoding="utf-8")
    assert counted is not None and int(counted[1]) == len(example.splitlines())
    assert f"A bot of your own, in {counted[1]} lines" in example


def test_the_view_phase_is_a_phase_equal_to_its_string() -> None:
    # From a bot author's audit: views exported Phase, but view.phase was a plain string, so view.phase == Phase.PLAY
    # was False; and Phase.OVER is "deal_over" where the view said "match_over".
    import giretra_core
    from giretra_core import jsonapi, seats, views
    from giretra_core.bots import BotFn
    from giretra_core.views import Phase

    assert views.Phase is giretra_core.Phase
    match = Match.new(seed=3)
    seen = set()
    while not match.is_over:
        view = seat_view(match, match.turn)   # type: ignore[arg-type]
        assert isinstance(view.phase, Phase) and view.phase == view.phase.value
        seen.add(view.phase)
        match = match.apply(match.turn, random.Random(len(seen)).choice(view.legal))  # type: ignore[arg-type]
    over = seat_view(match, seats.Seat.BOTTOM).phase
    assert over is Phase.MATCH_OVER and over == "match_over" and json.dumps(over) == '"match_over"'
    assert seen == {Phase.CUT, Phase.NEGOTIATION, Phase.PLAY} == {"cut", "negotiation", "play"}
    state = json.loads(jsonapi.new_match('{"seed": 3}'))["value"]["view"]
    assert state["phase"] == "cut" and type(state["phase"]) is str   # the JSON seam sends the same strings
    for documented in (views.SeatView, views.SeatView.legal, BotFn, seats.Seat.partner):
        assert (documented.__doc__ or "").strip(), documented


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_bots_mistake_keeps_its_kind_across_the_arenas_processes(tmp_path: Path, jobs: int) -> None:
    """The kind and params (what the lab page writes in its reader's words) survive a worker process and the leg's
    location added to the message."""
    bot = tmp_path / "divides.py"
    bot.write_text("def choose(view, rng, budget_ms=250.0, time_guard=True):\n    return 1 / 0\n")
    with pytest.raises(own.OwnBotError) as failed:
        run(f"{bot}:choose", "random", seed=1, deals=2, jobs=jobs)
    assert (failed.value.kind, failed.value.params) == ("raised", {"error": "ZeroDivisionError: division by zero"})
    assert "in the leg with A" in str(failed.value)
