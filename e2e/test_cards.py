"""The cards as drawn (issue 34, items 1 and 3): faces, the overlapped hand's tap targets on a 360 px phone, the card
that led the trick, the four-colour deck setting, and the sounds (counted: a browser test hears nothing)."""

from __future__ import annotations

import json

import pytest
from conftest import open_game
from gameplay import HUMAN, drive_from_any, fragment, wait_my_turn
from playwright.sync_api import Page, expect

# The player to play a card with all eight in hand, one or more cards already in the trick.
TO_FOLLOW, _FOLLOW = drive_from_any(lambda v: v["phase"] == "play" and v["toAct"] == HUMAN and len(v["hand"]) == 8
                                    and len(v["trick"]["cards"]) >= 1)
LEADER = _FOLLOW["trick"]["cards"][0]["seat"]
# Left to play the first card of the deal: the bots move as soon as the page opens.
BOTS_FIRST, _ = drive_from_any(lambda v: v["phase"] == "play" and v["toAct"] == "Left" and not v["tricks"]
                               and not v["trick"]["cards"])


@pytest.fixture(scope="module")   # (the module's tests share one context: see conftest.py)
def browser_context_args(browser_context_args: dict[str, object]) -> dict[str, object]:
    return {**browser_context_args, "viewport": {"width": 360, "height": 640}, "has_touch": True, "is_mobile": True}


# For each card of the hand: its box, and which card is on top at the middle of the strip it shows.
STRIPS_JS = """() => {
  const cards = [...document.querySelectorAll('.gt-hand button.gt-card')];
  return cards.map((card, i) => {
    const r = card.getBoundingClientRect();
    const right = i + 1 < cards.length ? cards[i + 1].getBoundingClientRect().left : r.right;
    const hit = document.elementFromPoint((r.left + right) / 2, r.top + r.height * 0.6)?.closest('[data-card]');
    return { card: card.dataset.card, left: r.left, right, width: r.width, height: r.height, hit: hit?.dataset.card };
  });
}"""


def test_a_phone_hand_overlaps_and_each_card_keeps_a_thumb_wide_target(page: Page) -> None:
    open_game(page, fragment=fragment(TO_FOLLOW))
    wait_my_turn(page, "play")
    strips = page.evaluate(STRIPS_JS)
    assert len(strips) == 8
    for s in strips:
        assert s["right"] - s["left"] >= 44, s   # the part of the card left in view: a 44 px target
        assert s["hit"] == s["card"], s          # and it is that card's, not its neighbour's
        assert s["left"] >= 0 and s["left"] + s["width"] <= 360, s   # on the screen
    assert strips[0]["width"] > strips[1]["left"] - strips[0]["left"]   # overlapped: larger than their slots
    # Each face: its corner index and its drawing; a number card's pips, a court card's figure.
    for s in strips:
        card = page.locator(f'.gt-hand [data-card="{s["card"]}"]')
        expect(card.locator(".gt-face__index")).to_be_visible()
        rank = s["card"][:-1]
        art = card.locator("svg.gt-face__art")
        if rank.isdigit():
            expect(art.locator("path")).to_have_count(int(rank))
        elif rank in "JQK":
            expect(art.locator("circle")).to_have_count(1)   # the figure's face
    # The card that led the trick is marked, and it alone.
    led = page.locator(".gt-trick .gt-card.is-led")
    expect(led).to_have_count(1)
    assert led.get_attribute("data-seat") == LEADER


def test_the_four_colour_deck_is_a_setting_that_is_kept(page: Page) -> None:
    open_game(page, fragment=fragment(TO_FOLLOW))
    wait_my_turn(page, "play")
    colour = """s => { const el = document.querySelector(`.gt-hand .gt-suit--${s}`)
      ?? document.querySelector(`.gt-trick .gt-suit--${s}`); return el ? getComputedStyle(el).color : null; }"""
    suits = [s for s in "CD" if page.evaluate(colour, s)]
    assert suits, "no club or diamond on the table"
    before = {s: page.evaluate(colour, s) for s in suits}
    page.locator('[data-action="open-settings"]').click()
    page.locator("#gt-four-colour").check()
    page.keyboard.press("Escape")
    four = {"C": "rgb(19, 113, 59)", "D": "rgb(20, 88, 196)"}
    for s in suits:
        assert page.evaluate(colour, s) == four[s] != before[s]
    stored = json.loads(page.evaluate("localStorage.getItem('giretra.settings')"))
    assert stored["settings"]["fourColour"] is True
    page.reload()
    wait_my_turn(page, "play")
    assert page.evaluate(colour, suits[0]) == four[suits[0]]


def test_sounds_wait_for_the_first_gesture_and_the_mute(page: Page) -> None:
    open_game(page, fragment=fragment(BOTS_FIRST))
    wait_my_turn(page, "play")   # the bots played their cards: silently, the player has not touched the page
    assert page.evaluate("document.body.dataset.sounds") is None
    page.locator(".gt-hand .is-legal").first.click()
    page.wait_for_function("Number(document.body.dataset.sounds) >= 1")
    wait_my_turn(page, "play")
    page.locator('[data-action="open-settings"]').click()
    page.locator("#gt-sound").uncheck()
    page.keyboard.press("Escape")
    heard = page.evaluate("document.body.dataset.sounds")
    page.locator(".gt-hand .is-legal").first.click()
    wait_my_turn(page, "play")
    assert page.evaluate("document.body.dataset.sounds") == heard
    assert json.loads(page.evaluate("localStorage.getItem('giretra.settings')"))["settings"]["sound"] is False
