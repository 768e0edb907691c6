"""A whole match through the page, from the first cut to the match-end screen."""

from __future__ import annotations

import time

from conftest import open_game
from gameplay import play_one_step, table
from playwright.sync_api import Page, expect


def test_whole_match_to_the_end_screen(page: Page) -> None:
    open_game(page, fragment="seed=7")
    deadline = time.monotonic() + 240
    steps = summaries = 0
    while time.monotonic() < deadline:
        done = play_one_step(page)
        if done == "over":
            break
        steps += done not in ("wait", "summary")
        summaries += done == "summary"
    else:
        raise AssertionError(f"the match did not end in time ({steps} human actions, {summaries} deals)")

    # The end screen names the winner, shows the last deal's arithmetic and offers a new match.
    dialog = page.locator("#gt-dialog[open]")
    expect(dialog.locator(".gt-summary__winner")).to_contain_text("wins the match")
    expect(dialog.locator(".gt-summary__lines li").first).to_be_visible()
    winner = dialog.locator(".gt-summary__winner").get_attribute("data-winner")
    assert winner in ("Team1", "Team2")
    # The focus is on the score sheet, not on New match: "See the result" is pressed like "Next trick", and a second
    # Enter in that rhythm started a new match before the result was read (a keyboard player's review).
    expect(dialog.locator('[data-action="score-sheet"]')).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("#gt-dialog[open] .gt-sheet__table tbody tr")).to_have_count(summaries + 1)
    page.keyboard.press("Escape")  # back to the deal summary
    expect(page.locator("#gt-dialog[open] .gt-summary__winner")).to_be_visible()
    page.keyboard.press("Escape")
    expect(page.locator("#gt-dialog[open]")).to_have_count(0)
    expect(table(page)).to_have_attribute("data-phase", "match_over")
    expect(page.locator('.gt-over [data-action="new-match"]')).to_be_visible()
    # The winner is named once on the table: in the end panel, not again in the status line above it.
    expect(page.locator(".gt-over__text")).to_contain_text("wins the match")
    assert page.locator(".gt-table").get_by_text("wins the match").count() == 1
    # A finished deal is not taken back (its result is scored and its hands were shown): the end has no Undo.
    expect(page.locator('[data-action="take-back"]')).to_have_count(0)

    page.locator('.gt-over [data-action="new-match"]').click()
    expect(table(page)).not_to_have_attribute("data-phase", "match_over")
    expect(page.locator(".gt-score__value").first).to_have_text("0")
