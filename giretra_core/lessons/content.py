"""The lessons' content: which lessons there are, in which order, and each task's kind, rule and scripted inputs
(``content.json`` beside this module, data only); their words (titles, questions, explanations) are in each
language's catalogue (giretra_core/words, ``lessons``: ``<lesson>.title``, ``<lesson>.<task>.prompt``,
``<lesson>.<task>.explain``).

A new lesson is an entry in content.json and its words in each catalogue (tests/test_lessons.py checks every task).
"""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import GiretraError
from ..rules import PRESETS
from ..words import CATALOGUES

Text = dict[str, str]  # one string per language: en, fr, mg
JSON = dict[str, Any]
RULES = PRESETS["giretra.com"]


@dataclass(frozen=True)
class Task:
    """One question.  *kind* says how the learner answers; *rule* names the rule it teaches."""

    kind: str                      # select_cards | select_calls | pick_card | pick_seat | number | pick_option | score
    rule: str
    prompt: Text
    explain: Text                  # the rule in one or two sentences, shown after an answer
    params: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Lesson:
    id: str
    family: str                    # cards | deal | negotiation | play | scoring | match
    section: str                   # the rules-page section it belongs to
    title: Text
    tasks: tuple[Task, ...]


FAMILIES = ("cards", "deal", "negotiation", "play", "scoring", "match")


def _words(key: str) -> Text:
    """The words of *key* in every language (one string per language)."""
    return {lang: catalogue.lessons[key] for lang, catalogue in CATALOGUES.items()}


def _tuples(value: Any) -> Any:
    """A JSON value with its lists as tuples (a deal's inputs, start scores): as the tasks were written."""
    if isinstance(value, list):
        return tuple(_tuples(v) for v in value)
    if isinstance(value, dict):
        return {k: _tuples(v) for k, v in value.items()}
    return value


# Read when the module is imported, never later: the page's worker boots from a memory snapshot of the engine once
# imported, which holds what was read but not the files of site-packages (a lesson read on its first request failed).
_CONTENT = json.loads((Path(__file__).parent / "content.json").read_text(encoding="utf-8"))


@functools.lru_cache(maxsize=1)
def all_lessons() -> tuple[Lesson, ...]:
    """Every lesson, in the order of the rules (cards, deal, negotiation, play, scoring, match)."""
    lessons = (Lesson(x["id"], x["family"], x["section"], _words(f"{x['id']}.title"), tuple(
        Task(t["kind"], t["rule"], _words(f"{x['id']}.{i}.prompt"), _words(f"{x['id']}.{i}.explain"),
             _tuples(t["params"])) for i, t in enumerate(x["tasks"]))) for x in _CONTENT)
    return tuple(sorted(lessons, key=lambda x: FAMILIES.index(x.family)))


def lesson_by_id(lesson_id: object) -> Lesson:
    for lesson in all_lessons():
        if lesson.id == lesson_id:
            return lesson
    raise GiretraError(f"unknown lesson: {lesson_id!r}", "bad_lesson")


def task_of(lesson_id: object, index: object) -> tuple[Lesson, Task]:
    """A lesson and one of its tasks, by the lesson's id and the task's index (a request's)."""
    lesson = lesson_by_id(lesson_id)
    if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(lesson.tasks):
        raise GiretraError(f"lesson {lesson.id!r} has tasks 0..{len(lesson.tasks) - 1}, not {index!r}", "bad_task")
    return lesson, lesson.tasks[index]


# -- what the learner sees ------------------------------------------------------------------------------------------


