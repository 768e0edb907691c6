"""Issue 34, items 6-8 in the page: a call says what it does before it is pressed, coach mode names each negotiation
restriction once for every mode, a bid's hint says what supports it, a card's hint says its plan before the search's
figures, and a lesson shows its working and says why an answer cannot be one."""

from __future__ import annotations

import re

import pytest
from conftest import open_game
from gameplay import HUMAN, api, fragment, wait_my_turn
from playwright.sync_api import Page, expect
from test_lessons import start_lesson

from giretra_core.words import CATALOGUES

# Right (the dealer's left) announced NoTrumps; it is Bottom's turn: Bottom is Right's opponent.
NT_BY_RIGHT = "G1 giretra.com hrrr 0 T 0-0 150 * c6.NT"
CLUBS_BY_RIGHT = "G1 giretra.com hrrr 0 T 0-0 150 * c6.C"
ACCEPT_DOUBLES = {"en": ("Accept", "doubles it, ×2"), "fr": ("Bonne", "le contre, ×2"),
                  "mg": ("Bonne", "manao Contré azy, ×2")}


@pytest.mark.parametrize("lang", ["en", "fr", "mg"])
@pytest.mark.parametrize("state", [NT_BY_RIGHT, CLUBS_BY_RIGHT])
def test_accept_on_an_opponents_notrumps_or_clubs_reads_as_doubling_it_before_the_press(
        page: Page, lang: str, state: str) -> None:
    assert api("view", state=state, seat=HUMAN)["toAct"] == HUMAN
    open_game(page, query=f"speed=0&lang={lang}", fragment=fragment(state))
    wait_my_turn(page, "negotiation")
    word, effect = ACCEPT_DOUBLES[lang]
    accept = page.locator('button.gt-bid[data-action="ok"]')
    expect(accept).to_have_text(f"{word} — {effect}")
    expect(accept).to_have_attribute("aria-label", f"{word} — {effect}")
    accept.click()   # and it does what it said: the contract is doubled ×2
    expect(page.locator(".gt-contract")).to_have_attribute("data-multiplier", "2")


def test_accept_on_a_colour_says_nothing_more_than_the_contract_it_lets_stand(page: Page) -> None:
    state = "G1 giretra.com hrrr 0 T 0-0 150 * c6.H"
    assert api("view", state=state, seat=HUMAN)["toAct"] == HUMAN
    open_game(page, fragment=fragment(state))
    wait_my_turn(page, "negotiation")
    expect(page.locator('button.gt-bid[data-action="ok"]')).to_have_text("Accept")
    expect(page.locator(".gt-bid__effect")).to_have_count(0)


def test_coach_mode_names_each_bidding_restriction_once_for_all_modes(page: Page) -> None:
    open_game(page, fragment=fragment(NT_BY_RIGHT))
    wait_my_turn(page, "negotiation")
    page.locator('[data-action="open-settings"]').click()
    page.locator("#gt-coach").check()
    page.keyboard.press("Escape")
    coach = page.locator(".gt-coach")
    expect(coach).to_be_visible()
    lines = coach.locator("li")
    restrictions = api("view", state=NT_BY_RIGHT, seat=HUMAN)["restrictions"]
    expect(lines).to_have_count(len(restrictions))
    higher = lines.filter(has_text="not higher than the current bid")
    expect(higher).to_have_count(1)   # once, not once per suit nor one example suit
    expect(higher).to_have_text(re.compile(
        r"^Clubs ♣, Diamonds ♦, Hearts ♥, Spades ♠ and NoTrumps: not higher than the current bid, NoTrumps"))
    expect(coach.locator('li[data-rule="N-6"]')).to_have_count(2)   # two restrictions of one rule, both said


def test_a_bidding_hint_says_what_in_the_hand_supports_it(page: Page) -> None:
    # The page's hint is the expert's; its line about a bid is the bidding module's (bidding.call_decision): what in
    # the hand supports it and the card points expected against those needed (the basic and advanced levels say it).
    state = "G1 giretra.com hrrr 0 R 0-0 150 * c6"   # Bottom speaks first
    assert api("view", state=state, seat=HUMAN)["toAct"] == HUMAN
    hint = api("bot_action", state=state, seat=HUMAN, seed=0, budgetMs=50)
    open_game(page, fragment=fragment(state))
    wait_my_turn(page, "negotiation")
    page.locator('[data-action="hint"]').click()
    status = page.locator(".gt-status.is-hint")
    expect(status).to_be_visible(timeout=30_000)
    expect(status).to_contain_text(re.compile(r"about \d+ card points expected, \d+ needed"))
    assert hint["key"].startswith("announce")


# Bottom bid Hearts and leads. The hint's line was the bot's ("draw trumps: J♥ is the master trump", or a figure of
# the search alone); the plan comes first, the search's figures after it.
LEAD_IN_HEARTS = "G1 giretra.com hrrr 0 R 0-0 150 * c6.H.ok.ok.ok"


def _line_of(templates: list[str]) -> re.Pattern[str]:
    """Any of the catalogue's *templates*, its placeholders filled by anything."""
    return re.compile("|".join(re.sub(r"\\{\w+\\}", ".+?", re.escape(t)) for t in templates))


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_card_hint_says_the_plan_first_and_the_figures_second(page: Page, lang: str) -> None:
    hint = api("bot_action", state=LEAD_IN_HEARTS, seat=HUMAN, seed=0, budgetMs=400, lang=lang)   # as the page asks
    assert hint["plan"] and hint["detail"], hint
    open_game(page, query=f"speed=0&lang={lang}", fragment=fragment(LEAD_IN_HEARTS))
    wait_my_turn(page, "play")
    page.locator('[data-action="hint"]').click()
    status = page.locator(".gt-status.is-hint")
    expect(status).to_be_visible(timeout=30_000)
    plan, figures = status.locator(".gt-status__text"), status.locator(".gt-status__detail")
    words = CATALOGUES[lang]
    # The plan in the page's language, one of the catalogue's lines; the figures (the deals the search looked at) apart.
    # (Not the CPython answer word for word: the page's engine may see another number of deals under load.)
    expect(plan).to_contain_text(_line_of(list(words.card_plans.values())))
    figure_lines = [words.card_plans["agree"], words.card_plans["agree_exact"],
                    *(words.bot_reasons[k] for k in ("search", "solved", "search_over", "solved_over"))]
    expect(figures).to_contain_text(_line_of(figure_lines))
    expect(figures).to_contain_text(re.compile(r"\d+"))
    expect(plan).not_to_contain_text(re.compile(r"\d+ (possible deals|donnes possibles)"))
    first, second = plan.bounding_box(), figures.bounding_box()
    assert first is not None and second is not None and second["y"] >= first["y"] + first["height"] - 1   # below it


@pytest.mark.parametrize(("typed", "why"), [
    ("-3", "-3 cannot be an answer: points are never below 0."),
    ("1e2", "1e2 cannot be an answer: write the number out in digits (100)."),
    ("11.5", "11.5 cannot be an answer: points are whole numbers, without a fraction."),
])
def test_an_answer_that_cannot_be_one_says_why(page: Page, typed: str, why: str) -> None:
    _, box = start_lesson(page, "cards-points")
    box.locator('[data-input="number"]').fill(typed)
    check = box.locator('[data-action="check"]')
    expect(check).to_be_enabled()   # not greyed out in silence
    check.click()
    expect(box.locator(".gt-lesson__verdict")).to_contain_text(why)
    expect(box.locator('[data-action="show-answer"]')).to_have_count(0)   # nothing was answered: try again
    box.locator('[data-action="retry"]').click()
    box.locator('[data-input="number"]').fill("55")
    box.locator('[data-action="check"]').click()
    expect(box).to_have_attribute("data-state", "right")


def test_the_card_points_lesson_shows_the_sum(page: Page) -> None:
    _, box = start_lesson(page, "cards-points")
    box.locator('[data-input="number"]').fill("55")
    box.locator('[data-action="check"]').click()
    expect(box.locator(".gt-lesson__feedback")).to_contain_text("J♥ 20 + 9♥ 14 + A♠ 11 + 10♠ 10 = 55.")


def test_a_wrong_score_shows_the_arithmetic_of_the_right_one(page: Page) -> None:
    _, box = start_lesson(page, "scoring-alltrumps")
    box.locator('[data-input="Team1"]').fill("16")
    box.locator('[data-input="Team2"]').fill("10")
    box.locator('[data-action="check"]').click()
    expect(box).to_have_attribute("data-state", "wrong")
    box.locator('[data-action="show-answer"]').click()
    expect(box.locator(".gt-lesson__lines--answer")).to_contain_text("150 → 15, 108 → 11")
