"""What the learner sees: the lessons' list, and a task's board (its scripted position), question and choices."""

from __future__ import annotations

from .. import shapes
from ..cards import card_name, cards_of, split_cards
from ..errors import internal
from ..modes import Mode
from ..negotiation import Call, CallKind, parse_call
from ..notation import parse_match
from ..seats import SEAT_NAMES, Seat, parse_seat
from ..words import CALLS, CATALOGUES, SEATS, TEAMS_SEEN, mode_name
from . import positions
from .content import JSON, RULES, Lesson, Task, all_lessons, task_of


def catalogue(lang: str) -> list[JSON]:
    return [{"id": x.id, "family": x.family, "section": x.section, "title": x.title[lang], "tasks": len(x.tasks),
             "rules": sorted({t.rule for t in x.tasks})} for x in all_lessons()]



def lesson_task(lesson_id: object, index: object, lang: str) -> JSON:
    """The board and the question of one task (what the widget draws)."""
    lesson, task = task_of(lesson_id, index)
    with internal(f"lesson {lesson.id}, task {index}"):   # past the request's own fields, all is built-in data
        return task_board(lesson, task, index, lang)


def task_board(lesson: Lesson, task: Task, index: object, lang: str) -> JSON:
    p = task.params
    board: JSON = {}
    options: list[JSON] = []
    if task.kind == "select_cards":
        state = positions.play_state(p["mode"], p["trick"], p["hand"])
        match = parse_match(state)
        mode = positions.mode_of(p["mode"])
        board = {"state": state, **shapes.mode(mode, lang),
                 "trick": shapes.played(positions.trick(p["trick"])),
                 "hand": positions.cards_json(list(cards_of(match.deal.hands[Seat.BOTTOM])), mode), "seat": "Bottom"}
    elif task.kind == "select_calls":
        state = positions.negotiation_state(p["dealer"], p["calls"])
        match = parse_match(state)
        negotiation = match.deal.negotiation
        assert negotiation is not None
        board = {"state": state, "seat": SEAT_NAMES[negotiation.turn],
                 "calls": [{"seat": SEAT_NAMES[s], "action": c.token, "text": call_label(c, lang)}
                           for s, c in negotiation.calls],
                 "hand": positions.cards_json(list(cards_of(match.deal.hands[negotiation.turn])), None)}
        options = [{"value": t, "text": option_label(parse_call(t), lang)} for t in p["options"].split()]
    elif task.kind == "pick_card":
        mode = positions.mode_of(p["mode"])
        board = {**shapes.mode(mode, lang)}
        # In the lesson's own order, never by strength: sorted, the answer was always the first card.
        options = [{"value": c, "text": c} for c in (card_name(c) for c in split_cards(p["cards"]))]
    elif task.kind == "pick_seat":
        if p["ask"] == "winner":
            mode = positions.mode_of(p["mode"])
            board = {**shapes.mode(mode, lang),
                     "trick": shapes.played(positions.trick(p["trick"]))}
        else:
            board = {"dealer": SEAT_NAMES[parse_seat(p["dealer"])]}
        options = [{"value": s, "text": SEATS[lang][i]} for i, s in enumerate(SEAT_NAMES)]
    elif task.kind == "number":
        if "mode" in p:
            board = shapes.mode(positions.mode_of(p["mode"]), lang)
        if "cards" in p:
            board["cards"] = [card_name(c) for c in split_cards(p["cards"])]
        if "dealer" in p:
            board["dealer"] = SEAT_NAMES[parse_seat(p["dealer"])]
    elif task.kind == "pick_option":
        if p["ask"] == "contract":
            state = positions.negotiation_state(p["dealer"], p["calls"])
            match = parse_match(state)
            negotiation = match.deal.negotiation
            assert negotiation is not None
            board = {"state": state, "calls": [{"seat": SEAT_NAMES[s], "action": c.token,
                                                "text": call_label(c, lang)} for s, c in negotiation.calls]}
        else:
            mode, m, team, points, sweep = p["deal"]
            board = {"scores": {"Team1": p["scores"][0], "Team2": p["scores"][1]}, "target": p["target"]}
        options = [{"value": key, "text": text} for key, text in option_texts(task, lang)]
    elif task.kind == "score":
        mode, m, team, points, sweep = p["deal"]
        board = shapes.deal_inputs(positions.mode_of(mode), m, team, points, sweep, lang)
    return {"lesson": lesson.id, "index": index, "count": len(lesson.tasks), "title": lesson.title[lang],
            "kind": task.kind, "rule": task.rule, "section": lesson.section, "prompt": task.prompt[lang],
            "board": board, "options": options}


def said(key: str, lang: str) -> str:
    """A phrase of the lessons' own (a choice's words, feedback) in *lang*: giretra_core/words, ``lesson_feedback``."""
    return CATALOGUES[lang].lesson_feedback[key]


def call_label(call: Call, lang: str) -> str:
    if call.kind is CallKind.ANNOUNCE:
        assert call.mode is not None
        return mode_name(call.mode, lang)
    word = CALLS[lang][call.kind.api_name]
    return word if call.mode is None else f"{word} {mode_name(call.mode, lang)}"


# The game's calls panel's words for its rows (web/js/i18n: bids.announce, bids.double, bids.redouble): a choice to
# make is named by its verb, "Contrer Cœur ♥" beside "Annoncer Pique ♠" (it was "Contré Cœur ♥", a learner's audit).

def option_label(call: Call, lang: str) -> str:
    """A call as a choice to make: "Announce Spades ♠" (a bare "Spades ♠" read as a suit among Doubles), "Contrer
    Cœur ♥"."""
    if call.kind is CallKind.ANNOUNCE:
        return f"{said('announce', lang)} {call_label(call, lang)}"
    if call.kind in (CallKind.DOUBLE, CallKind.REDOUBLE) and call.mode is not None:
        return f"{said('verb.' + call.kind.api_name, lang)} {mode_name(call.mode, lang)}"
    return call_label(call, lang)


def option_texts(task: Task, lang: str) -> list[tuple[str, str]]:
    p = task.params
    if p["ask"] == "contract":
        out = []
        modes = {m for m in (parse_call(t).mode for t in p["calls"].split()) if m is not None}
        for mode in sorted(modes):
            for m in (1, 2, 4):
                out.append((f"{mode.token}x{m}", contract_text(mode, m, lang)))
        return out
    target = p["target"]
    team1, team2 = TEAMS_SEEN[lang]   # the learner sits at Bottom
    return [("Team1", said("wins", lang).format(team=team1)), ("Team2", said("wins", lang).format(team=team2)),
            ("continue", said("continue", lang).format(target=target)),
            ("raised", said("raised", lang).format(target=target + RULES.target_step))]



def contract_text(mode: Mode, m: int, lang: str) -> str:
    suffix = {1: " ×1", 2: " ×2", 4: " ×4"}[m]   # ×1 too: the options read alike
    return mode_name(mode, lang) + suffix


# -- checking an answer ---------------------------------------------------------------------------------------------

