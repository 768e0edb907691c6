#!/usr/bin/env python3
"""A corpus of seam requests and the engine's answers, to show that a refactoring changed no answer byte.

    python3 tools/seam_corpus.py                # check: every answer against tests/seam_corpus.txt
    python3 tools/seam_corpus.py --write        # record the answers of the current code (after a *wanted* change)
    python3 tools/seam_corpus.py --dump F.jsonl # every request with its whole answer, to diff two trees' answers

The requests cover every function of :mod:`giretra_core.jsonapi` in the three languages: a match played out with
views, legal actions, applied actions (refusals too) and take-backs, deal summaries, score sheets, reviews, deal
analyses, deal replays, bot actions at every level, share links, every lesson's tasks with right and wrong answers,
the score calculator, and malformed requests. The golden file keeps, for each request, the sha256 of its answer (the
answers themselves are megabytes); tests/test_seam_corpus.py runs the check. The expert's wall-clock guard is switched
off while recording and checking, so its answers depend on its work budget only, never on the machine's load.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from giretra_core import jsonapi  # noqa: E402
from giretra_core.bots import expert  # noqa: E402

GOLDEN = ROOT / "tests" / "seam_corpus.txt"
LANGS = ("en", "fr", "mg")
SEATS = ("Bottom", "Left", "Top", "Right")
Request = tuple[str, str]   # (function name, request JSON)


def _req(fn: str, **args: object) -> Request:
    return fn, json.dumps(args, ensure_ascii=False)


class Recorder:
    """Calls the seam and remembers each request with its answer."""

    def __init__(self) -> None:
        self.rows: list[tuple[str, str, str]] = []

    def __call__(self, fn: str, **args: object) -> dict[str, Any]:
        name, request = _req(fn, **args)
        return self.raw(name, request)

    def raw(self, fn: str, request: str) -> dict[str, Any]:
        answer = jsonapi.call(fn, request)
        self.rows.append((fn, request, answer))
        out: dict[str, Any] = json.loads(answer)
        return out


def _value(answer: dict[str, Any]) -> dict[str, Any]:
    assert answer["ok"], answer
    value = answer["value"]
    assert isinstance(value, dict)
    return value


def _malformed(rec: Recorder) -> None:
    for text in ('', 'nonsense', '[1, 2]', '{"lang": "fr", "seed": 1, "seed": 2}', '{"lang": "xx"}',
                 '{"lang": "fr", "bogus": 1}', '{"lang": "\\ud800"}', '[' * 40 + ']' * 40,
                 '{"seed": true}', '{"seed": -1, "lang": "mg"}', '{"rules": "nowhere"}',
                 '{"players": {"Bottom": "human", "B": "human"}}', '{"players": {"Left": "wizard"}}',
                 '{"players": []}', '{"deck": ["AS"]}', '{"deck": "AS"}', '{"scores": {"Team1": 1}}',
                 '{"target": 0}', '{"dealer": "North"}', '{"seat": "Up"}'):
        rec.raw("new_match", text)
    rec.raw("no_such_function", "{}")
    for fn in jsonapi.FUNCTIONS:
        rec.raw(fn, '{"lang": "fr", "seed": 5}' if fn == "new_match" else '{"lang": "fr"}')   # most miss a field


def _bots_for(seed: int) -> dict[str, str]:
    return {"Bottom": "human", "Left": "basic", "Top": "advanced", "Right": "random"} if seed % 2 else \
        {"Bottom": "basic", "Left": "random", "Top": "basic", "Right": "advanced"}


def _match(rec: Recorder, seed: int, deals: int) -> list[str]:
    """A match played by bots for *deals* deals, every position's seam answers recorded; returns its states."""
    lang = LANGS[seed % 3]
    start = _value(rec("new_match", seed=seed, players=_bots_for(seed), lang=lang))
    state = str(start["state"])
    states = [state]
    for step in range(400):
        view = _value(rec("view", state=state, seat="Bottom", lang=lang))
        if view["phase"] == "match_over" or view["dealNumber"] > deals:
            break
        to_act = str(view["toAct"])
        if step % 5 == 0:
            for other in LANGS:
                rec("legal", state=state, seat=to_act, lang=other)
            rec("legal", state=state, seat=SEATS[(SEATS.index(to_act) + 1) % 4], lang=lang)
            rec("view", state=state, seat=to_act, lang=LANGS[(step // 5) % 3])
            rec("take_back", state=state, seat=to_act, lang=lang)
        else:
            rec("legal", state=state, seat=to_act, lang=lang)
        for action in _value(rec("legal", state=state, seat=to_act, lang="en"))["actions"]:
            if not action["legal"] and step % 3 == 0:
                rec("apply", state=state, seat=to_act, action=action["action"], lang=LANGS[step % 3])
        level = ("random", "basic", "advanced")[step % 3]
        choice = _value(rec("bot_action", state=state, seat=to_act, level=level, seed=seed, lang=LANGS[step % 3]))
        applied = _value(rec("apply", state=state, seat=to_act, action=choice["action"], lang=lang))
        state = str(applied["state"])
        states.append(state)
    return states


def _after_deals(rec: Recorder, states: list[str]) -> None:
    final = states[-1]
    for lang in LANGS:
        rec("deal_summary", state=final, lang=lang)
        rec("deal_summary", state=final, deal=1, lang=lang)
        rec("score_sheet", state=final, lang=lang)
        rec("share_deal", state=final, lang=lang)
        rec("set_players", state=final, players={"Left": "expert", "B": "human"}, lang=lang)
    rec("deal_summary", state=states[0])
    rec("deal_summary", state=final, deal=99)
    rec("set_players", state=final, players=None)
    rec("set_players", state=final, players={"Top": "oracle"})
    link = _value(rec("share_deal", state=states[len(states) // 2]))["link"]
    rec("open_link", link=link, lang="fr")
    rec("open_link", link=str(link)[:-4] + "abcd", lang="mg")
    rec("open_link", link="not a link", lang="en")
    rec("match_info", state=states[0])
    rec("match_info", state=final, lang="fr")
    shared = _value(rec("share_deal", state=final))
    rec("match_info", state=shared["state"])   # from deal 2 on, the deck is given: no seed
    rec("match_info", state="G2 nowhere", lang="mg")
    for lang in LANGS:
        rec("review", state=final, seat="Bottom", deal=1, seed=3, budgetMs=8, first=0, count=3, lang=lang)
    rec("review", state=final, seat="Left", budgetMs=8, first=4, count=2)
    rec("review", state=final, seat="Left", budgetMs=8, first=60)
    rec("review", state=states[0], seat="Left")
    for lang in LANGS:
        rec("analyse_deal", state=final, seat="Top", deal=1, first=0, count=2, lang=lang)
    rec("analyse_deal", state=final, seat="Right", first=1, count=1)
    rec("analyse_deal", state=final, seat="Right", first=60)
    rec("analyse_deal", state=states[0], seat="Left")
    for lang in LANGS:
        rec("expert_deal", state=final, seat="Bottom", deal=1, level="advanced", lang=lang)
    rec("expert_deal", state=final, seat="Top", budgetMs=6, count=3)
    rec("expert_deal", state=final, seat="Left", deal=1, level="basic", moves=["ok", "zz"])
    rec("expert_deal", state=final, seat="Left", level="wizard")
    rec("expert_deal", state=states[0], seat="Left")
    for lang in LANGS:
        rec("daily_deal", date="2026-11-28", lang=lang)
        rec("puzzle", date="2026-11-28", number=2, played=["10C"], lang=lang)
    rec("daily_par", date="2026-11-28")
    for number in (1, 3):
        rec("puzzle", date="2027-01-01", number=number)
    rec("puzzle", date="2026-11-28", number=2, played=["7D"])
    for bad in ("2026-02-29", "2026-1-01", ""):
        rec("daily_deal", date=bad)
        rec("puzzle", date=bad)
    rec("puzzle", date="2026-11-28", number=4)
    for lang in LANGS:
        rec("replay_deal", state=final, deal=1, lang=lang)
    rec("replay_deal", state=final)
    rec("replay_deal", state=final, deal=0)
    rec("replay_deal", state=states[0])
    rec("share_deal", state=final, deal=1)
    rec("replay_link", state=final, deal=1)
    rec("replay_link", state=final)
    rec("replay_link", state=final, deal=0)
    rec("replay_link", state=states[0])
    rec("share_deal", state=final, deal=99)
    for n, state in enumerate(states[::9]):
        for level in ("random", "basic", "advanced", "expert"):
            rec("bot_action", state=state, seat="Bottom", level=level, seed=n, budgetMs=6, lang=LANGS[n % 3])
    rec("bot_action", state=states[3], seat="Top", level="wizard")
    rec("bot_action", state=states[3], seat="Top", budgetMs=-1)


def _notation(rec: Recorder, states: list[str]) -> None:
    state = states[min(40, len(states) - 1)]
    fields = state.split(" ")
    broken = [" ".join(fields[:-1] + ["c99"]), state[: len(state) // 2], "G1 nonsense", state + " zz",
              " ".join(fields[:-3] + fields[-1:])]
    for text in broken:
        for lang in LANGS:
            rec("view", state=text, seat="Bottom", lang=lang)


def _lessons(rec: Recorder) -> None:
    for lang in LANGS:
        catalogue = _value(rec("lessons", lang=lang))["lessons"]
    rec("lesson_task", lesson="no-such-lesson")
    rec("lesson_task", lesson="play-follow-suit", index=99)
    rec("check_answer", lesson="play-follow-suit", index=0, answer=None)
    for n, lesson in enumerate(catalogue):
        for index in range(lesson["tasks"]):
            for lang in LANGS:
                task = _value(rec("lesson_task", lesson=lesson["id"], index=index, lang=lang))
            for k, answer in enumerate(_answers(task)):
                rec("check_answer", lesson=lesson["id"], index=index, answer=answer, lang=LANGS[(n + k) % 3])
            right = _value(rec("check_answer", lesson=lesson["id"], index=index, answer=_answers(task)[0]))
            if right["expected"] is not None:
                for lang in LANGS:
                    rec("check_answer", lesson=lesson["id"], index=index, answer=right["expected"], lang=lang)


def _answers(task: dict[str, Any]) -> list[object]:
    kind = task["kind"]
    options = [o["value"] for o in task.get("options", [])]
    hand = list(task.get("board", {}).get("hand", []))
    if kind == "select_cards":
        return [hand[:1], hand, [], hand[-2:], ["ZZZ"]]
    if kind == "select_calls":
        return [options[:1], options, [], options[-2:]]
    if kind in ("pick_card", "pick_seat", "pick_option"):
        return [*(options or hand), "ZZZ"]
    if kind == "number":
        return [0, 6, 13, 26, 27, 162, -1]
    assert kind == "score", kind
    return [{"Team1": 0, "Team2": 0}, {"Team1": 16, "Team2": 0}, {"Team1": 8, "Team2": 8},
            {"instantWin": "Team1"}, {"instantWin": "Team2"}, {"Team1": 26, "Team2": 0}]


def _calculator(rec: Recorder) -> None:
    for lang in LANGS:
        for rules in ("giretra.com", "play.giretra.com", "nowhere"):
            rec("score", rules=rules, lang=lang)
    modes = ("ColourClubs", "ColourDiamonds", "ColourHearts", "ColourSpades", "NoTrumps", "AllTrumps")
    cases: list[dict[str, Any]] = []
    for mode in modes:
        for multiplier in (None, 1, 2, 3, 4):
            for points in ({"Team1": 90}, {"Team2": 81}, {"Team1": 82, "Team2": 80}, {"Team1": 130},
                           {"Team1": 131, "Team2": 127}, {"Team1": 129}, {"Team1": 258}, {"Team1": 3},
                           {"Team1": 1.5}, {"Team1": True}, {"Team1": 100, "Team2": 100}, None):
                cases.append({"mode": mode, "multiplier": multiplier, "cardPoints": points})
        for sweep in ("Team1", "Team2"):
            cases.append({"mode": mode, "sweep": sweep})
            cases.append({"mode": mode, "sweep": sweep, "cardPoints": {"Team1": 0}, "announcer": "Team2"})
    cases += [{"multiplier": 2}, {"mode": "Purple"}, {"mode": "ColourHearts", "announcer": "Team3"},
              {"mode": "ColourHearts", "cardPoints": {"Team3": 1}}, {"mode": "ColourHearts", "cardPoints": []}]
    for n, case in enumerate(cases):
        if case.get("cardPoints", 0) is None:
            del case["cardPoints"]
        case = {k: v for k, v in case.items() if v is not None}
        rec("score", **case, rules=("giretra.com", "play.giretra.com")[n % 2], lang=LANGS[n % 3])


def requests() -> Iterator[tuple[str, str, str]]:
    """Every (function, request, answer) of the corpus, in a fixed order."""
    rec = Recorder()
    guard = expert.GUARD
    expert.GUARD = float("inf")   # the work budget alone decides: the same answers on a loaded machine
    try:
        for lang in LANGS:
            rec("info", lang=lang)
        _malformed(rec)
        states = _match(rec, seed=7, deals=2)
        _after_deals(rec, states)
        _notation(rec, states)
        _match(rec, seed=12, deals=1)
        _lessons(rec)
        _calculator(rec)
    finally:
        expert.GUARD = guard
    yield from rec.rows


def digest(answer: str) -> str:
    return hashlib.sha256(answer.encode("utf-8")).hexdigest()[:20]


def lines() -> list[str]:
    return [f"{fn}\t{request}\t{digest(answer)}" for fn, request, answer in requests()]


def check() -> list[str]:
    """The differences between the golden file and the current answers (empty: identical), request by request: a
    request added or removed is named once, it does not shift every later one."""
    def keyed(rows: list[str]) -> dict[str, list[str]]:
        table: dict[str, list[str]] = {}
        for row in rows:
            request, _, digest = row.rpartition("\t")
            table.setdefault(request, []).append(digest)
        return table

    want, got = keyed(GOLDEN.read_text(encoding="utf-8").splitlines()), keyed(lines())
    problems = [f"answer changed: {request[:200]}" for request in want
                if request in got and want[request] != got[request]]
    problems += [f"request gone: {request[:200]}" for request in want if request not in got]
    problems += [f"request new (record it): {request[:200]}" for request in got if request not in want]
    return problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--write", action="store_true", help=f"record the current answers in {GOLDEN.name}")
    parser.add_argument("--dump", type=Path, help="write every request with its whole answer (JSON lines)")
    args = parser.parse_args(argv)
    if args.dump:
        with args.dump.open("w", encoding="utf-8") as out:
            for fn, request, answer in requests():
                out.write(json.dumps({"fn": fn, "request": request, "answer": answer}, ensure_ascii=False) + "\n")
        print(f"seam_corpus: wrote {args.dump}")
        return 0
    if args.write:
        rows = lines()
        GOLDEN.write_text("\n".join(rows) + "\n", encoding="utf-8")
        print(f"seam_corpus: recorded {len(rows)} answers in {GOLDEN.relative_to(ROOT)}")
        return 0
    problems = check()
    for line in problems[:20]:
        print(line)
    print(f"seam_corpus: {len(problems)} difference(s)" if problems else "seam_corpus: every answer identical")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
