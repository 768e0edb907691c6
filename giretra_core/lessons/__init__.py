"""Interactive lessons: one per part of the rules, each a short series of tasks.

Every task is a scripted position — a match in the engine's notation, or the inputs of the
scoring and match rules — and a question about it.  The expected answer and the feedback are
computed here by the rules themselves (legal cards and calls with their reasons, trick winners,
contracts, the deal arithmetic), never stored as answers: a lesson cannot disagree with the game.

>>> [lesson["id"] for lesson in catalogue("en")][:3]
['cards-ranking', 'cards-points', 'deal-cut']
>>> task = lesson_task("play-follow-suit", 0, "en")
>>> task["kind"], task["board"]["trick"][0]
('select_cards', {'seat': 'Left', 'card': 'KD'})
>>> check_answer("play-follow-suit", 0, ["7D"], "en")["correct"]
False
"""


from __future__ import annotations

from .board import call_label, catalogue, lesson_task, option_label
from .content import FAMILIES, Lesson, Task, all_lessons
from .grading import check_answer
from .positions import scripted

__all__ = ["FAMILIES", "Lesson", "Task", "all_lessons", "call_label", "catalogue", "check_answer", "lesson_task",
           "option_label", "scripted"]
