"""The lessons on the rules page, one per family, done like a learner: a wrong answer first (the feedback names
the rule, links to it, and lets you retry), then the right one, to the end; progress survives a reload.

The right answer is asked from the CPython engine (the same lessons module the page runs in Pyodide); the test
only clicks and types what a reader would."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from conftest import BOOT_TIMEOUT_MS
from playwright.sync_api import Locator, Page, expect

from giretra_core import lessons
from giretra_core.lessons import content, grading

FAMILIES = {   # one lesson per family of the rules, covering every kind of task
    "cards": "cards-ranking",          # pick_card
    "deal": "deal-cut",                # pick_seat, number
    "negotiation": "negotiation-accept-double",   # select_calls
    "play": "play-overtrump",          # select_cards
    "scoring": "scoring-alltrumps",    # score
    "match": "match-target",           # pick_option
}


def right_answer(lesson_id: str, index: int) -> Any:
    task = content.task_of(lesson_id, index)[1]
    if task.params.get("count") == "cut":
        return 12   # any cut from 6 to 26 is right
    expected, _, _ = grading._expected(task, None, "en")
    return sorted(expected) if isinstance(expected, set) else expected


def answer(box: Locator, kind: str, value: Any) -> None:
    """Give *value* through the controls of a task of *kind*, as a reader would."""
    if kind in ("select_cards", "select_calls"):
        for item in value:
            box.locator(f'.gt-lesson__answer [data-answer="{item}"]').click()
    elif kind in ("pick_card", "pick_seat", "pick_option"):
        box.locator(f'.gt-lesson__answer [data-answer="{value}"]').click()
    elif kind == "number":
        box.locator('[data-input="number"]').fill(str(value))
    elif kind == "score":
        if "instantWin" in value:
            box.locator(f'.gt-lesson__answer [data-answer="{value["instantWin"]}"]').click()
        else:
            box.locator('[data-input="Team1"]').fill(str(value["Team1"]))
            box.locator('[data-input="Team2"]').fill(str(value["Team2"]))
    box.locator('[data-action="check"]').click()


def wrong_answer(box: Locator, kind: str, right: Any) -> Any:
    if kind in ("select_cards", "select_calls"):
        offered = box.locator(".gt-lesson__answer [data-answer]").evaluate_all("els => els.map(e => e.dataset.answer)")
        extra = [o for o in offered if o not in right]
        return right + extra[:1] if extra else right[:-1]
    if kind in ("pick_card", "pick_seat", "pick_option"):
        offered = box.locator(".gt-lesson__answer [data-answer]").evaluate_all("els => els.map(e => e.dataset.answer)")
        return next(o for o in offered if o != right)
    if kind == "number":
        return 3 if right == 12 else right + 1   # 3 cards: not a legal cut
    if kind == "score":
        return {"Team1": 1, "Team2": 1}
    raise AssertionError(kind)


def test_a_lesson_of_each_family_is_done_like_a_learner(page: Page) -> None:
    # One after the other on one rules page, as a reader goes down it (the widgets share one engine).
    page.goto("rules.html?lang=en")
    for lesson_id in FAMILIES.values():
        learn(page, lesson_id)


def learn(page: Page, lesson_id: str) -> None:
    """Do the lesson like a learner: a wrong answer first, the answer shown, then every task to the end."""
    lesson = next(x for x in lessons.all_lessons() if x.id == lesson_id)
    w, box = start_lesson(page, lesson_id, goto=False)
    shown = False   # the first task's answer was shown: found after that, it does not count

    for index, task in enumerate(lesson.tasks):
        expect(box).to_have_attribute("data-task", str(index))
        expect(box).to_have_attribute("data-state", "asking")
        right = right_answer(lesson_id, index)
        if index == 0:
            # Wrong first: the feedback says "Not quite", names the rule with a link to its section, and a
            # retry clears the choices (a score keeps its numbers).
            given = wrong_answer(box, task.kind, right)
            answer(box, task.kind, given)
            expect(box).to_have_attribute("data-state", "wrong")
            feedback = box.locator(".gt-lesson__feedback")
            expect(feedback).to_contain_text("Not quite.")
            verdict = lessons.check_answer(lesson_id, index, given, "en")
            # A chosen card or call the rules refuse shows ✗, not the ✓ of a choice (a learner's review).
            for value in verdict["refused"]:
                chosen = box.locator(f'.gt-lesson__answer [data-answer="{value}"]')
                expect(chosen).to_have_class(re.compile("is-refused"))
            assert (box.locator(".gt-lesson__answer .is-refused").count() == len(verdict["refused"])
                    and (task.kind not in ("pick_card", "pick_seat", "pick_option") or verdict["refused"] == [given]))
            # ... and a screen reader hears it, from a status region that stays put (the feedback box is drawn anew
            # at each render, already filled: such a region is often not read; from an accessibility review).
            said = w.locator(".gt-lesson__said[role=status]")
            expect(said).to_have_count(1)
            expect(said).to_contain_text("Not quite.")
            if feedback.locator("li").count():
                expect(said).to_contain_text(feedback.locator("li").first.inner_text())
            assert feedback.get_attribute("role") is None and feedback.get_attribute("aria-live") is None
            # The right answer on request, not at once: "Try again" was copying it (a learner's review).
            if verdict["answer"]:
                expect(feedback).not_to_contain_text(verdict["answer"][-1])
                box.locator('[data-action="show-answer"]').click()
                for line in verdict["answer"]:
                    expect(feedback.locator(".gt-lesson__lines--answer")).to_contain_text(line)
                expect(said).to_contain_text(verdict["answer"][-1])
                expect(box.locator('[data-action="show-answer"]')).to_have_count(0)
                shown = True
            else:   # a cut: any from 6 to 26 is right, there is no one answer to show
                expect(box.locator('[data-action="show-answer"]')).to_have_count(0)
            link = feedback.locator(f'a[data-rule="{task.rule}"]')
            expect(link).to_have_attribute("href", f"#{task.rule}")   # on the rules page itself
            assert page.locator(f'[id="{task.rule}"]').count() == 1   # ... and that section exists
            box.locator('[data-action="retry"]').click()
            expect(box).to_have_attribute("data-state", "asking")
            if task.kind == "score":   # the numbers stay, to mend the wrong one (both were emptied)
                expect(box.locator('[data-input="Team1"]')).to_have_value(str(given["Team1"]))
            else:
                expect(box.locator(".gt-lesson__answer .is-pressed")).to_have_count(0)
        answer(box, task.kind, right)
        last = index == len(lesson.tasks) - 1
        expect(box).to_have_attribute("data-state", "complete" if last else "right")
        expect(box.locator(".gt-lesson__feedback")).to_contain_text("Correct.")
        expect(w.locator(".gt-lesson__said")).to_contain_text("Correct.")
        expect(box.locator(".gt-lesson__seen")).to_have_count(1 if index == 0 and shown else 0)
        if index == 0 and not last:
            box.locator('[data-action="next"]').click()   # the verdict is not left under the next task
            expect(box).to_have_attribute("data-task", "1")
            expect(w.locator(".gt-lesson__said")).to_have_text("")
            continue
        if not last:
            box.locator('[data-action="next"]').click()
    if shown:
        # The first task was answered after its answer was shown: the lesson is not done until it is found unaided.
        expect(box).to_have_attribute("data-done", "false")
        saved = json.loads(page.evaluate("localStorage.getItem('giretra.lessons')"))
        assert sorted(saved["done"][lesson_id]) == list(range(1, len(lesson.tasks)))
        box.locator('[data-action="restart"]').click()
        expect(box).to_have_attribute("data-task", "0")
        answer(box, lesson.tasks[0].kind, right_answer(lesson_id, 0))
        expect(box).to_have_attribute("data-state", "complete" if len(lesson.tasks) == 1 else "right")
    expect(box).to_have_attribute("data-done", "true")

    # Progress is kept in this browser.
    saved = json.loads(page.evaluate("localStorage.getItem('giretra.lessons')"))
    assert sorted(saved["done"][lesson_id]) == list(range(len(lesson.tasks)))


ACTIVE_JS = """() => {
  // The focused element, through the widget's shadow root.
  let el = document.activeElement;
  while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
  return el === document.body ? 'body' : `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}`;
}"""


@pytest.mark.parametrize(("selector", "focused"), [
    ('giretra-game[lesson="play-must-beat"]', "p.gt-lesson__prompt"),
    ('giretra-game[mode="score"]', "select.gt-calc__input"),
])
def test_a_keyboard_reader_who_presses_play_lands_in_the_widget(page: Page, selector: str, focused: str) -> None:
    # From a learner's review: Enter on a lesson's Play left the focus on the page's body (the button is replaced by
    # the loading line), so a keyboard or screen-reader learner had to find the lesson again.
    page.goto("rules.html?lang=en")
    play = page.locator(selector).locator('[data-action="start-widget"]')
    # Its words loaded first: until then the button keeps its room hidden, and a hidden button takes no focus (under
    # load the focus stayed on the body and Enter started nothing: the test's haste, not the page's).
    expect(play).to_be_visible()
    play.focus()
    page.keyboard.press("Enter")
    # And it stays in the widget while the engine starts (a lesson's fell to the body for those seconds: an audit).
    seen = []
    while not (now := page.evaluate(ACTIVE_JS)).startswith(focused):
        seen.append(now)
        assert len(seen) < BOOT_TIMEOUT_MS / 50, seen[-5:]
        page.wait_for_timeout(50)
    assert "body" not in seen, sorted(set(seen))
    page.keyboard.press("Tab")   # and the next Tab goes on inside the same widget, to an answer or a field
    assert page.evaluate(f"""() => document.activeElement === document.querySelector('{selector}')
      && !!document.activeElement.shadowRoot.activeElement?.matches('button, input, select')""")


@pytest.mark.parametrize("mode", ["match", "trick"])
def test_a_keyboard_reader_who_starts_a_game_widget_lands_on_its_table(page: Page, mode: str) -> None:
    # From an accessibility review: the game widgets' tables are hidden until their first match, so the focus the
    # widget handed over fell on the page's body and stayed there. Now it waits on the loading line, then the table.
    page.goto("rules.html?lang=en")
    widget = page.locator(f'giretra-game[mode="{mode}"]').first
    # Where the focus is, every 20 ms from the press of Enter on: it must never fall on the page's body.
    page.evaluate(f"""() => {{
      const w = document.querySelector('giretra-game[mode="{mode}"]');
      window.__where = [];
      setInterval(() => {{
        const el = document.activeElement === w ? w.shadowRoot.activeElement : document.activeElement;
        const where = el ? el.className || el.tagName : 'nothing';
        if (where !== window.__where.at(-1)) window.__where.push(where);
      }}, 20);
    }}""")
    play = widget.locator('[data-action="start-widget"]')
    expect(play).to_be_visible()   # its words loaded (until then it keeps its room, hidden: no focus to take)
    play.focus()
    page.keyboard.press("Enter")
    inside = f"""(where) => {{
      const w = document.querySelector('giretra-game[mode="{mode}"]');
      const el = w.shadowRoot?.activeElement;
      return document.activeElement === w && !!el && !!el.closest(where);
    }}"""
    page.wait_for_function(inside, arg=".gt-table-host", timeout=BOOT_TIMEOUT_MS)
    page.wait_for_timeout(100)   # the last sample
    where = page.evaluate("window.__where")
    pressed = next(i for i, el in enumerate(where) if el != "BODY")   # (on the body until Play was focused)
    assert "gt-loading-host" in where and "BODY" not in where[pressed:], where
    # The next Tab goes on inside the game, from the table where the focus waits. Once the player's turn has brought
    # it to the cut, it stays there: the cut is one Tab stop (the arrows move within it), so Tab would leave the game.
    if not page.evaluate(inside, ".gt-cut"):
        page.keyboard.press("Tab")
    assert page.evaluate(inside, ".gt-app")
    # The widget is a part of the rules page, not a page of its own: no second h1, main or navigation landmark.
    expect(page.locator("h1")).to_have_count(1)
    expect(page.get_by_role("main")).to_have_count(1)
    expect(page.get_by_role("navigation")).to_have_count(1)   # the page's contents


@pytest.mark.fresh_context   # the engine's first start, the longest one
def test_a_reader_who_goes_on_while_a_game_widget_loads_keeps_the_focus_where_they_went(page: Page) -> None:
    # From a review: the engine may take seconds to load; a reader who pressed Play and then tabbed on through the
    # page must not be pulled back into the widget when its match is drawn.
    page.goto("rules.html?lang=en")
    widget = page.locator('giretra-game[mode="match"]').first
    play = widget.locator('[data-action="start-widget"]')
    # A first visit: the button is hidden (keeping its room) until the page's words arrive, and a hidden button
    # takes no focus: the Enter then went to the page's body and nothing started (a fresh clone's run).
    expect(play).to_be_visible()
    play.focus()
    page.keyboard.press("Enter")
    page.keyboard.press("Shift+Tab")   # out of the widget, back up the page
    went = page.evaluate("document.activeElement.outerHTML.slice(0, 80)")
    expect(widget).to_have_attribute("data-state", "started", timeout=BOOT_TIMEOUT_MS)
    page.wait_for_function("""() => document.querySelector('giretra-game[mode="match"]')
      .shadowRoot.querySelector('.gt-table-host:not([hidden])')""", timeout=BOOT_TIMEOUT_MS)
    page.wait_for_timeout(300)
    assert page.evaluate("document.activeElement.outerHTML.slice(0, 80)") == went


def test_a_lessons_headings_sit_under_the_rule_they_follow(page: Page) -> None:
    # From an accessibility review: a lesson's title was an h2 under a rule's h3 on the rules page, so a screen
    # reader's list of headings put every lesson beside the page's sections instead of under its rule.
    page.goto("rules.html?lang=en")
    levels = {}
    for selector, title in (('[lesson="play-follow-suit"]', ".gt-lesson__title"),
                            ('[mode="score"]', ".gt-calc__title")):
        w = page.locator(f"giretra-game{selector}")
        w.scroll_into_view_if_needed()
        w.locator('[data-action="start-widget"]').click()
        heading = w.locator(title)
        expect(heading).to_be_visible(timeout=BOOT_TIMEOUT_MS)
        before = w.evaluate("""(el) => {
          const all = [...document.querySelectorAll('h1, h2, h3, h4, h5, h6')]
            .filter((hd) => hd.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING);
          return Number(all.at(-1).tagName[1]);
        }""")
        levels[selector] = int(heading.evaluate("(e) => e.tagName[1]"))
        assert levels[selector] == before + 1, (selector, before, levels[selector])
    labels = page.locator('giretra-game[lesson="play-follow-suit"] .gt-lesson__label')
    # The calculator's result, under its title.
    calc = page.locator('giretra-game[mode="score"]')
    calc.locator('[data-input="Team1"]').fill("100")
    result = calc.locator(".gt-calc__result-title")
    expect(result).to_be_visible()
    calc_level = levels['[mode="score"]']
    assert result.evaluate("(e) => e.tagName") == f"H{calc_level + 1}"
    lesson_level = levels['[lesson="play-follow-suit"]']
    below = f"H{lesson_level + 1}"
    assert set(labels.evaluate_all("els => els.map((e) => e.tagName)")) == {below, "LEGEND"}


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_pressed_card_clears_the_label_above_it_on_a_phone(page: Page, lang: str) -> None:
    # From a learner's review at 360 px: a selected card rose, with its ring, over "Your hand: select…" (the "q" of
    # the French "qui convient" was cut). The row's room for it was set to 0 by a more specific rule.
    page.set_viewport_size({"width": 360, "height": 640})
    page.goto(f"rules.html?lang={lang}")
    w = page.locator('giretra-game[lesson="play-must-beat"]')
    w.scroll_into_view_if_needed()
    w.locator('[data-action="start-widget"]').click()
    cards = w.locator(".gt-lesson__cards--choice .gt-lesson__card")
    expect(cards.first).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    for i in range(cards.count()):
        cards.nth(i).click()
    page.wait_for_timeout(400)   # the rise's transition
    label = w.locator("legend.gt-lesson__label").bounding_box()
    boxes = [box for i in range(cards.count()) if (box := cards.nth(i).bounding_box())]
    tops = [box["y"] for box in boxes]
    assert label is not None and min(tops) - 3 >= label["y"] + label["height"], (label, tops)   # 3 px: the ring
    # Touched, not looked at: 44 px wide at least (eight in a row were 34 px: a learner's review), in rows of four
    # that a pressed card, risen with its ring, does not reach.
    assert min(box["width"] for box in boxes) >= 44, boxes
    rows = sorted({round(box["y"]) for box in boxes})
    assert len(rows) == 2, rows
    first, second = ([b for b in boxes if round(b["y"]) == row] for row in rows)
    assert min(b["y"] for b in second) - 3 >= max(b["y"] + b["height"] for b in first) + 3, (first, second)


def start_lesson(page: Page, lesson_id: str, lang: str = "en", goto: bool = True) -> tuple[Locator, Locator]:
    if goto:
        page.goto(f"rules.html?lang={lang}")
    w = page.locator(f'giretra-game[lesson="{lesson_id}"]')
    w.scroll_into_view_if_needed()
    w.locator('[data-action="start-widget"]').click()
    box = w.locator(".gt-lesson")
    expect(box).to_have_attribute("data-state", "asking", timeout=BOOT_TIMEOUT_MS)
    return w, box


def marked_choices(expected: Any) -> list[str]:
    """The board's choices that make up *expected* (check_answer's right answer): none for a number or a score."""
    if isinstance(expected, list):
        return expected
    if isinstance(expected, str):
        return [expected]
    return [expected["instantWin"]] if isinstance(expected, dict) and "instantWin" in expected else []


def show_the_answer(w: Locator, box: Locator, lesson_id: str, index: int) -> list[str]:
    """A wrong answer, then "Show the answer": the right choices are marked, perceivably and for a screen reader."""
    kind = content.task_of(lesson_id, index)[1].kind
    given = wrong_answer(box, kind, right_answer(lesson_id, index))
    answer(box, kind, given)
    expect(box).to_have_attribute("data-state", "wrong")
    expect(box.locator(".gt-lesson__answer .is-answer")).to_have_count(0)   # not before it is asked for
    verdict = lessons.check_answer(lesson_id, index, given, "en")
    box.locator('[data-action="show-answer"]').click()
    right = marked_choices(verdict["expected"])
    marks = box.locator(".gt-lesson__answer .is-answer")
    expect(marks).to_have_count(len(right))   # none for a number or a score's numbers: the lines say it
    lines = box.locator(".gt-lesson__lines--answer")
    expect(lines).to_contain_text(verdict["answer"][-1])   # "The answer: J♥."
    lines_id = lines.get_attribute("id")
    assert lines_id
    for value in right:
        mark = box.locator(f'.gt-lesson__answer [data-answer="{value}"]')
        expect(mark).to_have_class(re.compile(r"\bis-answer\b"))
        # Not by colour alone: a ✓ badge; and a screen reader, on the card or call, hears "The answer: …".
        assert "✓" in mark.evaluate("(e) => getComputedStyle(e, '::after').content"), value
        expect(mark).to_have_attribute("aria-describedby", lines_id)
        assert mark.is_visible()
    expect(w.locator(".gt-lesson__said")).to_contain_text(verdict["answer"][-1])   # said as it is shown
    return right


def test_a_shown_answer_is_marked_on_the_board_and_the_lesson_goes_on(page: Page) -> None:
    # From a usability audit: a wrong card, "Show the answer": "The answer: J♥" was said, but J♥ was not marked among
    # the cards and "Try again" was the only way on (re-select, re-check, then "Next task"): a dead end.
    lesson_id = "cards-ranking"
    w, box = start_lesson(page, lesson_id)
    show_the_answer(w, box, lesson_id, 0)
    expect(box.locator('[data-action="retry"]')).to_be_visible()
    following = box.locator('[data-action="next"]')
    expect(following).to_be_visible()
    expect(following).to_be_focused()   # the learner has the answer: on to the next task
    following.click()
    expect(box).to_have_attribute("data-task", "1")
    expect(box).to_have_attribute("data-state", "asking")
    expect(box.locator(".is-answer, .is-refused, .is-pressed")).to_have_count(0)
    expect(w.locator(".gt-lesson__said")).to_have_text("")
    # A task whose answer was shown, then left, is not solved: the lesson's progress does not count it.
    saved = page.evaluate("localStorage.getItem('giretra.lessons')")
    assert saved is None or 0 not in json.loads(saved)["done"].get(lesson_id, [])
    # The next task is answered as usual, and counts.
    answer(box, content.task_of(lesson_id, 1)[1].kind, right_answer(lesson_id, 1))
    expect(box).to_have_attribute("data-state", "right")
    assert json.loads(page.evaluate("localStorage.getItem('giretra.lessons')"))["done"][lesson_id] == [1]


@pytest.mark.parametrize(("lesson_id", "index"), [
    ("negotiation-accept-double", 0),   # select_calls: three calls to mark
    ("play-follow-suit", 0),            # select_cards: two cards of the hand
    ("deal-cut", 0),                    # pick_seat
    ("match-target", 0),                # pick_option
    ("scoring-doubles-sweeps", 3),      # a score that ends the match: its instant win (after three scores: no marks)
])
def test_a_shown_answer_marks_every_kind_of_choice(page: Page, lesson_id: str, index: int) -> None:
    w, box = start_lesson(page, lesson_id)
    for skipped in range(index):
        show_the_answer(w, box, lesson_id, skipped)
        box.locator('[data-action="next"]').click()
        expect(box).to_have_attribute("data-task", str(skipped + 1))
    assert show_the_answer(w, box, lesson_id, index)   # choices on the board, marked
    box.locator('[data-action="next"]').click()
    expect(box).to_have_attribute("data-task", str(index + 1))


def test_a_shown_answer_on_the_last_task_leaves_a_way_on(page: Page) -> None:
    # The last task has no next one: "Try again", or the lesson from its start; "Lesson complete!" is not said of a
    # lesson with a task left unsolved.
    lesson_id = "cards-ranking"
    w, box = start_lesson(page, lesson_id)
    count = len(next(x for x in lessons.all_lessons() if x.id == lesson_id).tasks)
    for index in range(count - 1):   # every task skipped, its answer shown
        show_the_answer(w, box, lesson_id, index)
        box.locator('[data-action="next"]').click()
        expect(box).to_have_attribute("data-task", str(index + 1))
    show_the_answer(w, box, lesson_id, count - 1)
    expect(box.locator('[data-action="next"]')).to_have_count(0)
    expect(box.locator('[data-action="retry"]')).to_be_focused()
    expect(box.locator('[data-action="restart"]')).to_be_visible()
    box.locator('[data-action="retry"]').click()
    answer(box, "pick_card", right_answer(lesson_id, count - 1))
    expect(box).to_have_attribute("data-state", "complete")
    feedback = box.locator(".gt-lesson__feedback")
    expect(feedback).not_to_contain_text("Lesson complete!")
    # Right, but copied from the answer just shown: said so, and not counted (it counted as solved before).
    expect(feedback.locator(".gt-lesson__seen")).to_have_text(re.compile(r"^The answer was shown: this task counts"))
    expect(feedback).to_contain_text(f"0 of {count} tasks done")
    saved = page.evaluate("localStorage.getItem('giretra.lessons')")
    assert saved is None or json.loads(saved)["done"].get(lesson_id, []) == []
    expect(box).to_have_attribute("data-done", "false")
    # "The lesson will come back to it" (a learner's audit: only "Start the lesson again" was offered): the first
    # task left unsolved is the way on.
    resume = box.locator('[data-action="resume"]')
    expect(resume).to_have_text("Back to task 1, not yet solved")
    expect(resume).to_have_class(re.compile(r"gt-btn--primary"))
    box.locator('[data-action="restart"]').click()
    expect(box).to_have_attribute("data-task", "0")
    answer(box, "pick_card", right_answer(lesson_id, 0))   # found on one's own this time: it counts
    expect(box).to_have_attribute("data-state", "right")
    expect(box.locator(".gt-lesson__seen")).to_have_count(0)
    assert json.loads(page.evaluate("localStorage.getItem('giretra.lessons')"))["done"][lesson_id] == [0]


def test_a_lesson_of_the_page_resumes_where_it_was_left_and_marks_a_wrong_instant_win(page: Page) -> None:
    # A learner's audit: a lesson of the rules page opened at its first task on every visit, whatever was solved;
    # and "Team 2 wins the match on the spot", wrong, kept its ✓ beside "Not quite.", greyed out at half opacity.
    lesson_id = "scoring-doubles-sweeps"
    page.goto("rules.html?lang=en")
    solved = "(id) => localStorage.setItem('giretra.lessons', JSON.stringify({ v: 1, done: { [id]: [0, 1, 2] } }))"
    page.evaluate(solved, lesson_id)
    _, box = start_lesson(page, lesson_id)
    expect(box).to_have_attribute("data-task", "3")   # the first task not yet solved
    answer(box, "score", {"instantWin": "Team2"})   # Team 1 (the defenders) swept a Colour contract
    expect(box).to_have_attribute("data-state", "wrong")
    chosen = box.locator('.gt-lesson__answer [data-answer="Team2"]')
    expect(chosen).to_have_class(re.compile(r"\bis-refused\b"))
    assert chosen.evaluate("(b) => getComputedStyle(b, '::before').content") == '"✗ "'
    assert chosen.evaluate("(b) => getComputedStyle(b).opacity") == "1"
    # Why, without the answer: the step of the scoring to look at again.
    expect(box.locator(".gt-lesson__lines").first).to_contain_text(
        "Look again at what a sweep does in a Colour contract")
    # A rule's id stays whole at a line's end ("(N-" / "2, …)"): the sentences' ids are kept on one line.
    _, box2 = start_lesson(page, "negotiation-announce")
    wrong = wrong_answer(box2, "select_calls", right_answer("negotiation-announce", 0))
    answer(box2, "select_calls", wrong)
    expect(box2).to_have_attribute("data-state", "wrong")
    ids = box2.locator(".gt-lesson__lines").first.locator(".gt-nowrap")
    expect(ids.first).to_have_text(re.compile(r"^[A-Z]-\d+$"))
    assert ids.first.evaluate("(s) => getComputedStyle(s).whiteSpace") == "nowrap"


@pytest.mark.parametrize(("lang", "partner", "you"), [("en", "Top (partner)", "Bottom (you)"),
                                                       ("fr", "Nord (partenaire)", "Sud (vous)")])
def test_a_lessons_board_names_the_learner_and_the_partner_as_its_tasks_do(
        page: Page, lang: str, partner: str, you: str) -> None:
    # From a learner's audit: the task said "your partner" and "you", the board "Top" and "Bottom".
    _, box = start_lesson(page, "negotiation-accept-double", lang)
    expect(box.locator('.gt-lesson__call[data-seat="Top"] .gt-lesson__call-seat')).to_have_text(partner)
    expect(box.locator(".gt-lesson__to-act")).to_contain_text(you)
    expect(box.locator('.gt-lesson__call[data-seat="Left"] .gt-lesson__call-seat')).to_have_text(
        "Left" if lang == "en" else "Ouest")
