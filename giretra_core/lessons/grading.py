"""Checking an answer: whether it is right, by the rules themselves (legal cards and calls with their reasons, trick
winners, contracts, the deal arithmetic), and the feedback that names the rule and explains a mistake."""

from __future__ import annotations

import re

from .. import shapes
from ..cards import card_name, split_cards
from ..deal import Cut
from ..errors import GiretraError, internal
from ..match import Match, progress
from ..modes import POINTS, STRENGTH, sort_key
from ..negotiation import parse_call
from ..notation import parse_match
from ..play import winning_index
from ..scoring import score_deal
from ..seats import SEAT_NAMES, TEAM_NAMES, Seat, parse_seat
from ..words import CATALOGUES, SEATS, TEAMS_SEEN, card_text, explain_step, message
from . import positions
from .board import contract_text, option_label, option_texts, said, task_board
from .content import JSON, RULES, Lesson, Task, task_of


def _also(names: list[str], lang: str) -> list[str]:
    """One line for what the learner left out ("7♥, 8♥, 9♥ were allowed too."): seven lines, one a card, before."""
    if not names:
        return []
    if len(names) == 1:
        return [said("also", lang).format(card=names[0])]
    return [said("also_many", lang).format(cards=", ".join(names))]

def check_answer(lesson_id: object, index: object, answer: object, lang: str) -> JSON:
    """Whether *answer* is right; the feedback names the rule and, when wrong, says why."""
    lesson, task = task_of(lesson_id, index)
    _check_shape(task.kind, answer)
    why = _not_an_answer(task, answer, lang)
    if why is not None:   # said, not greyed out: a Check that stayed disabled on 11.5 told the learner nothing
        return {"correct": False, "invalid": True, "rule": task.rule, "section": lesson.section, "feedback": [why],
                "answer": [], "refused": [], "last": index == len(lesson.tasks) - 1, "expected": None}
    with internal(f"lesson {lesson.id}, task {index}"):   # the answer is only compared: a refusal here is a bug
        return _check_answer(lesson, task, index, answer, lang)


def _check_shape(kind: str, answer: object) -> None:
    """An answer not in its task's form is the caller's bug, refused (a page sending null for a number got "Not
    quite.", a code review); an answer in form is right or wrong, whatever it says."""
    def whole(x: object) -> bool:
        return isinstance(x, int) and not isinstance(x, bool)

    if kind in ("select_cards", "select_calls"):
        ok, form = isinstance(answer, list) and all(isinstance(a, str) for a in answer), "a list of strings"
    elif kind in ("pick_card", "pick_seat", "pick_option"):
        ok, form = isinstance(answer, str), "a string"
    elif kind == "number":
        ok, form = whole(answer) or isinstance(answer, str), "a whole number (or the text typed, to be told why not)"
    else:
        assert kind == "score", kind
        ok = isinstance(answer, dict) and (
            (set(answer) == {"Team1", "Team2"} and all(whole(v) or isinstance(v, str) for v in answer.values()))
            or (set(answer) == {"instantWin"} and isinstance(answer["instantWin"], str)))
        form = '{"Team1": n, "Team2": n} or {"instantWin": "Team1" | "Team2"}'
    if not ok:
        raise GiretraError(f"the answer to a {kind} task must be {form}, not {str(answer)[:60]}", "bad_request")


_WHOLE = re.compile(r"\s*[+-]?\d+\s*")
_EXPONENT = re.compile(r"\s*[+-]?(\d+\.?\d*|\.\d+)[eE][+-]?\d+\s*")
_FRACTION = re.compile(r"\s*[+-]?(\d+[.,]\d*|[.,]\d+)\s*")


def _not_an_answer(task: Task, answer: object, lang: str) -> str | None:
    """Why a typed answer cannot be one, or None: a number or a score that is text (11.5, 1e2, "abc"), or points below
    0 (a cut's number is the engine's to refuse: it names the range)."""
    values = [answer] if task.kind == "number" else list(answer.values()) if task.kind == "score" and \
        isinstance(answer, dict) and "instantWin" not in answer else []
    points = task.kind == "score" or task.params.get("count") != "cut"
    for value in values:
        if isinstance(value, int):
            if points and value < 0:
                return said("invalid.negative", lang).format(value=value)
            continue
        assert isinstance(value, str)
        text = value.strip()[:24]   # said back: a bound on what a paste can fill the feedback with
        if _WHOLE.fullmatch(text):   # the page sends a whole number as one: text is for what it cannot read
            raise GiretraError(f"a whole number is sent as a number, not as the text {text!r}", "bad_request")
        if _EXPONENT.fullmatch(text):
            plain = float(text)   # 1e2 is 100, said so; 1e-2 is a fraction
            if plain.is_integer() and abs(plain) < 10 ** 6:
                return said("invalid.exponent", lang).format(value=text, plain=int(plain))
            return said("invalid.fraction" if abs(plain) < 1 else "invalid.text", lang).format(value=text)
        if _FRACTION.fullmatch(text):
            return said("invalid.fraction", lang).format(value=text)
        return said("invalid.text", lang).format(value=text or "“”")
    return None


def _check_answer(lesson: Lesson, task: Task, index: object, answer: object, lang: str) -> JSON:
    expected, feedback, shown = _expected(task, answer, lang)
    correct = _same(answer, expected)
    explain = [] if task.explain[lang] in feedback else [task.explain[lang]]   # the engine may have said it
    task_json = task_board(lesson, task, index, "en")
    # The right answer, machine-readable, for the page to mark on the board once the learner asks for it.
    right = _right_answer(task, task_json, expected)
    total = _sum(task, lang)   # the card-points lesson's working: "J♥ 20 + 9♥ 14 + A♠ 11 + 10♠ 10 = 55."
    if correct:
        feedback = [*feedback, *total]
        return {"correct": True, "rule": task.rule, "section": lesson.section,
                "feedback": [said("right", lang), *feedback, *explain], "answer": [], "refused": [],
                "last": index == len(lesson.tasks) - 1, "expected": right}
    # Wrong: what was wrong with the learner's own choice and the rule's gist now; the answer (with the worked score
    # or the new scores, which give it away) on request, so that "Try again" is more than copying it (a learner's
    # review). A wrong answer is always told the right one, when there is one: any cut from 6 to 26 is right.
    # The learner's choices that are wrong, marked ✗ on the board (a chosen call kept its ✓ beside "Not quite"): the
    # cards or calls the rules refuse in a select task, the choice itself in a one-choice task.
    # Only what the board offers is marked: a string that is none of its choices (a fuzz sent "ZZZ") names nothing.
    offered = {o["value"] for o in task_json["options"]} | set(task_json["board"].get("hand", []))
    chosen = {a for a in (answer if isinstance(answer, list) else [answer]) if isinstance(a, str) and a in offered}
    refused = sorted(chosen - expected if isinstance(expected, set) else chosen)
    if task.kind == "score" and isinstance(answer, dict) and answer.get("instantWin") in TEAM_NAMES:
        refused = [answer["instantWin"]]   # "Team 2 wins the match on the spot", wrong, kept its ✓ (a learner's audit)
    worked = feedback if task.kind in ("score", "pick_option") else []
    about = (_score_slip(task, answer, expected, lang) or _look_again(task, lang)) if task.kind == "score" \
        else [] if worked else feedback
    # The rule's gist stays in view; a score's explanation is its worked numbers ("131 → 13 and 127 → 13: a rounded
    # tie, 0–0"): with the answer.
    gist = explain if task.kind != "score" else []
    # The working of the right answer comes with it ("150 → 15, 108 → 11", "J♥ 20 + 9♥ 14 + … = 55"): it gives
    # the answer away, so it waits for "Show the answer" (learners' audits, tests/test_lessons.py).
    answer = [*worked, *total, *(explain if task.kind == "score" else []),
              *([said("answer", lang).format(answer=shown)] if shown else [])]
    return {"correct": False, "rule": task.rule, "section": lesson.section,
            "feedback": [said("wrong", lang), *about, *gist], "answer": answer, "refused": refused,
            "last": index == len(lesson.tasks) - 1, "expected": right}


def _sum(task: Task, lang: str) -> list[str]:
    """A trick's card points added up, card by card, for a task that asks for them; else nothing."""
    if task.kind != "number" or task.params.get("count") != "trick_points":
        return []
    mode = positions.mode_of(task.params["mode"])
    cards = split_cards(task.params["cards"])
    terms = " + ".join(f"{card_text(c, lang)} {POINTS[mode][c]}" for c in cards)
    return [said("sum", lang).format(terms=terms, total=sum(POINTS[mode][c] for c in cards))]


def _right_answer(task: Task, task_json: JSON, expected: object) -> object:
    """The right answer in the form an answer takes: a select task's right cards or calls in the board's order, a
    one-choice task's option value, a number, a score ({"Team1", "Team2"} or {"instantWin"}); None for a cut (any
    from 6 to 26 is right: there is no one answer)."""
    if task.params.get("count") == "cut":
        return None
    if isinstance(expected, set):
        choices = (task_json["board"]["hand"] if task.kind == "select_cards"
                   else [o["value"] for o in task_json["options"]])
        return [value for value in choices if value in expected]
    return expected


# A wrong score that matches a usual slip says which one, without the numbers (they are the answer): a first try
# showed "Not quite." and the rule's link only, which told a learner nothing about what to change.

def _score_slip(task: Task, answer: object, expected: object, lang: str) -> list[str]:
    """The usual slip a wrong score (*expected* the right one) shows, if any: the teams swapped, the card points given
    as the score, the double left out; else which team's number is right."""
    mode, m, team, points, sweep = task.params["deal"]
    if not isinstance(answer, dict) or set(answer) != {"Team1", "Team2"} \
            or not all(type(v) is int for v in answer.values()):   # an instant win, or a malformed answer
        return []
    if not isinstance(expected, dict) or "instantWin" in expected:   # the deal ends the match: no numbers to compare
        return []
    given = (answer["Team1"], answer["Team2"])
    right = (expected["Team1"], expected["Team2"])
    if given == right[::-1]:
        return [said("slip.swapped", lang)]
    if given == tuple(points):
        return [said("slip.card_points", lang)]
    for was in (1, 2):   # undoubled, or doubled but not redoubled
        if was < m and given == score_deal(RULES, positions.mode_of(mode), was, team, points, sweep).match_points:
            return [said("slip.multiplier", lang).format(was=was, m=m)]
    hits = [given[i] == right[i] for i in (0, 1)]
    if hits[0] != hits[1]:
        names = CATALOGUES[lang].teams_short
        ok = hits.index(True)
        return [said("slip.one_team", lang).format(right=names[ok], wrong=names[1 - ok])]
    return []


# A wrong score with no usual slip in it says which step of the scoring to look at again, still without the numbers:
# 6 of 21 wrong scores in a learner's audit got "Not quite." alone (13–13 for a rounded tie, 26–0 past the AllTrumps
# cap, "Team 2 wins" for the defenders' sweep...). The step is the one that decides the deal (scoring.score_deal's
# steps), the first of these found; "stake_1" is not a step: the stake of a contract not doubled, where "and its
# multiplier" sent a learner to a ×1 (an audit).
LOOK_AGAIN = ("colour_sweep", "sweep", "alltrumps_below", "failed", "half_tie", "alltrumps_tie",
              "alltrumps_rounded_tie", "alltrumps_dominance", "alltrumps_clamp", "alltrumps_round", "stake", "stake_1")
POINTS_LINE = "{team1} {a}, {team2} {b}"   # the same in every language

def _look_again(task: Task, lang: str) -> list[str]:
    """Which step of the scoring decides this deal, to look at again (:data:`LOOK_AGAIN`)."""
    mode, m, team, points, sweep = task.params["deal"]
    kinds = [kind for kind, _ in score_deal(RULES, positions.mode_of(mode), m, team, points, sweep).steps]
    key = next((k for k in LOOK_AGAIN if k in kinds), None)
    if key == "stake" and m == 1:
        key = "stake_1"
    return [said(f"look_again.{key}", lang)] if key else []



def _refusals(refused: list[tuple[str, str]], lang: str) -> list[str]:
    """One line per reason, naming the cards or calls it refuses, unless the reason names it already:
    "7♥, 8♥: You cannot overtrump…" (six identical lines before), "Hearts ♥ is not higher…" (was "Hearts ♥: Hearts ♥
    is not higher…")."""
    by_reason: dict[str, list[str]] = {}
    for name, reason in refused:
        by_reason.setdefault(reason, []).append(name)
    colon = said("colon", lang)
    return [reason if len(names) == 1 and reason.startswith(names[0]) else f"{', '.join(names)}{colon}{reason}"
            for reason, names in by_reason.items()]


def _same(answer: object, expected: object) -> bool:
    if isinstance(expected, set):
        return isinstance(answer, list) and all(isinstance(a, str) for a in answer) and set(answer) == expected \
            and len(answer) == len(expected)
    if isinstance(expected, dict):
        return isinstance(answer, dict) and answer == expected
    if isinstance(expected, int) and not isinstance(expected, bool):
        return isinstance(answer, int) and not isinstance(answer, bool) and answer == expected
    return answer == expected


_NO_CUT = object()   # the expected answer when the one given is no legal cut: equal to no answer at all


def _expected(task: Task, answer: object, lang: str) -> tuple[object, list[str], str | None]:
    """(expected answer, feedback lines about this answer, the answer to show if wrong)."""
    p = task.params
    kind = task.kind
    if kind == "select_cards":
        match = parse_match(positions.play_state(p["mode"], p["trick"], p["hand"]))
        acts = match.deal.every_action()
        legal = {card_name(a) for a, r in acts if r is None and isinstance(a, int)}
        chosen = {a for a in answer if isinstance(a, str)} if isinstance(answer, list) else set()
        refused: list[tuple[str, str]] = []
        for a, reason in acts:
            assert isinstance(a, int)
            if card_name(a) in chosen and reason is not None:
                refused.append((card_text(a, lang), message(reason.code, lang, reason.params)))
        trumps = positions.mode_of(p["mode"])
        ordered = sorted((c for c in range(32) if card_name(c) in legal), key=lambda c: sort_key(trumps, c))
        also = [card_text(c, lang) for c in ordered if card_name(c) not in chosen]   # in the answer's order
        lines = _refusals(refused, lang) + _also(also if chosen & legal else [], lang)   # "too": one chosen was allowed
        return legal, lines, ", ".join(card_text(c, lang) for c in ordered)
    if kind == "select_calls":
        match = parse_match(positions.negotiation_state(p["dealer"], p["calls"]))
        negotiation = match.deal.negotiation
        assert negotiation is not None
        legal = set()
        refused, also = [], []
        chosen = {a for a in answer if isinstance(a, str)} if isinstance(answer, list) else set()
        for token in p["options"].split():
            reason = negotiation.validate(negotiation.turn, parse_call(token))
            if reason is None:
                legal.add(token)
            text = option_label(parse_call(token), lang)
            if token in chosen and reason is not None:
                refused.append((text, message(reason.code, lang, reason.params)))
            elif token not in chosen and reason is None:
                also.append(text)
        lines = _refusals(refused, lang) + _also(also if chosen & legal else [], lang)   # "too": one chosen was allowed
        shown = ", ".join(option_label(parse_call(t), lang) for t in p["options"].split() if t in legal)
        return legal, lines, shown
    if kind == "pick_card":
        mode = positions.mode_of(p["mode"])
        cards = split_cards(p["cards"])
        best = max(cards, key=lambda c: STRENGTH[mode][c])
        return card_name(best), [], card_text(best, lang)
    if kind == "pick_seat":
        if p["ask"] == "winner":
            mode = positions.mode_of(p["mode"])
            trick = positions.trick(p["trick"])
            seat = trick[winning_index([c for _, c in trick], mode)][0]
        else:
            seat = Match.new(0, dealer=parse_seat(p["dealer"])).deal.cutter
        return SEAT_NAMES[seat], [], SEATS[lang][seat]
    if kind == "number":
        count = p["count"]
        if count == "trick_points":
            value = sum(POINTS[positions.mode_of(p["mode"])][c] for c in split_cards(p["cards"]))
        elif count == "total":
            value = positions.mode_of(p["mode"]).total_points
        elif count == "hand_during_negotiation":
            match = Match.new(0, dealer=parse_seat(p["dealer"]))
            value = match.apply(match.deal.cutter, Cut(6)).deal.hands[Seat.BOTTOM].bit_count()
        else:  # a cut: any legal cut is right; the engine says why another is not
            if isinstance(answer, bool) or not isinstance(answer, int):
                return _NO_CUT, [], None   # not a number: wrong, and no engine line about a cut never given
            match = Match.new(0, dealer=parse_seat(p["dealer"]))
            reason = match.deal.validate(match.deal.cutter, Cut(answer))
            if reason is None:
                return answer, [], None
            return _NO_CUT, [message(reason.code, lang, reason.params)], None
        return value, [], str(value)
    if kind == "pick_option":
        if p["ask"] == "contract":
            match = parse_match(positions.negotiation_state(p["dealer"], p["calls"]))
            negotiation = match.deal.negotiation
            assert negotiation is not None
            contract = negotiation.contract()
            assert contract is not None and negotiation.complete
            return (f"{contract.mode.token}x{contract.multiplier}", [],
                    contract_text(contract.mode, contract.multiplier, lang))
        mode, m, team, points, sweep = p["deal"]
        score = score_deal(RULES, positions.mode_of(mode), m, team, points, sweep)
        scores, target, winner, raised = progress(RULES, p["scores"], p["target"], score)
        key = TEAM_NAMES[winner] if winner is not None else "raised" if raised else "continue"
        texts = dict(option_texts(task, lang))
        # The new scores: a learner who missed that the other team reached the target too sees it here.
        team1, team2 = TEAMS_SEEN[lang]
        lines = [] if score.instant_win is not None else [said("scores", lang).format(
            team1=team1, team2=team2, a=p["scores"][0], b=p["scores"][1], da=score.match_points[0],
            db=score.match_points[1], na=scores[0], nb=scores[1])]
        return key, lines, texts[key]
    if kind == "score":
        mode, m, team, points, sweep = p["deal"]
        the_mode = positions.mode_of(mode)
        score = score_deal(RULES, the_mode, m, team, points, sweep, automatic=RULES.accept_doubles(the_mode))
        lines = [explain_step(k, v, lang, TEAMS_SEEN) for k, v in score.steps]   # the learner sits at Bottom
        if score.instant_win is not None:
            return (shapes.instant_win(score.instant_win), lines,
                    said("wins", lang).format(team=TEAMS_SEEN[lang][score.instant_win]))
        a, b = score.match_points
        team1, team2 = TEAMS_SEEN[lang]
        return {"Team1": a, "Team2": b}, lines, POINTS_LINE.format(team1=team1, team2=team2, a=a, b=b)
    raise AssertionError(f"unknown task kind {kind!r}")

