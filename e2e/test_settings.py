"""Starting a match with a seed and a rules preset; the bots' level and the speed are settings that persist."""

from __future__ import annotations

import json

from conftest import open_game, wait_ready
from gameplay import HUMAN, api, saved_state
from playwright.sync_api import Page, expect


def test_new_match_with_a_seed_and_a_preset(page: Page) -> None:
    open_game(page)
    page.locator('[data-action="open-new-match"]').click()
    page.locator("#gt-seed").fill("5")
    page.locator("#gt-rules").select_option("play.giretra.com")
    page.locator('[data-action="start-match"]').click()
    expect(page.locator("#gt-dialog[open]")).to_have_count(0)
    expect(page.locator(".gt-score__rules")).to_have_attribute("data-rules", "play.giretra.com")
    state = saved_state(page)
    assert state is not None
    fields = state.split(" ")
    assert fields[1] == "play.giretra.com" and fields[3] == "5"
    # The same seed and preset on the engine: the same first dealer (the page does not invent one).
    expected = api("new_match", seed=5, rules="play.giretra.com")["view"]
    assert api("view", state=state, seat=HUMAN)["dealNumber"] == 1
    expect(page.locator(f'.gt-seat[data-seat="{expected["dealer"]}"] .gt-chip--dealer')).to_be_attached()
    expect(page.locator(".gt-score__value")).to_have_text(["0", "0"])


def test_bot_level_and_speed_are_kept(page: Page) -> None:
    open_game(page, query="lang=en")
    page.locator('[data-action="open-settings"]').click()
    page.locator("#gt-level").select_option("basic")
    page.locator("#gt-speed").select_option("fast")
    page.keyboard.press("Escape")
    # The running match's bots change level at once (the engine rewrites the players in the state).
    expect(page.locator('.gt-seat[data-seat="Left"] .gt-seat__player')).to_have_text("Basic bot")
    state = saved_state(page)
    assert state is not None and state.split(" ")[2] == "hbbb"
    stored = json.loads(page.evaluate("localStorage.getItem('giretra.settings')"))
    assert stored["settings"]["level"] == "basic" and stored["settings"]["speed"] == "fast"
    page.goto("/")  # no ?speed=: the saved speed applies
    wait_ready(page)
    page.locator('[data-action="open-settings"]').click()
    expect(page.locator("#gt-speed")).to_have_value("fast")
    expect(page.locator("#gt-level")).to_have_value("basic")
