"""The match's end screen and the player's local statistics (issue 34, item 9). A position one card from the end
of a match (both teams at 149 of 150: any points end it) is opened through the seam; no whole match is played."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from conftest import open_game
from gameplay import HUMAN, api, drive, fragment, table
from playwright.sync_api import Page, expect

# The player's last card of a deal started at 149-149 (the engine's own bots, as the page plays them, before it).
LAST_CARD, _ = drive(api("new_match", seed=1, scores={"Team1": 149, "Team2": 149})["state"],
                     lambda v: v["phase"] == "play" and v["toAct"] == HUMAN and len(v["hand"]) == 1)
# Another seed's, where the player's team wins (seed 1's loses, 149–253).
WON_LAST_CARD, _ = drive(api("new_match", seed=4, scores={"Team1": 149, "Team2": 149})["state"],
                         lambda v: v["phase"] == "play" and v["toAct"] == HUMAN and len(v["hand"]) == 1)
EARLIER = {"played": 3, "won": 1, "streak": -2, "bestStreak": 1, "byLevel": {"advanced": {"played": 3, "won": 1}}}


def stats(page: Page) -> Any:
    raw = page.evaluate("localStorage.getItem('giretra.stats')")
    return json.loads(raw) if raw else None


def test_the_match_end_screen_counts_the_match_and_plays_again(page: Page) -> None:
    page.goto("wheel.json")   # the statistics of earlier matches, planted before the game opens
    page.evaluate("s => localStorage.setItem('giretra.stats', JSON.stringify({ v: 1, stats: s }))", EARLIER)
    open_game(page, fragment=fragment(LAST_CARD))
    page.locator(".gt-hand [data-card]").click()
    dialog = page.locator("#gt-dialog[open]")
    expect(dialog.locator(".gt-summary__winner")).to_be_visible()
    winner = dialog.locator(".gt-summary__winner").get_attribute("data-winner")
    won = winner == "Team1"
    # The last deal's result leads to the match's: the winner, the final score, every deal, Play again.
    dialog.locator('[data-action="score-sheet"]').click()
    expect(dialog.locator(".gt-end__title")).to_have_attribute("data-winner", winner or "")
    expect(dialog.locator(".gt-end__title")).to_contain_text("wins the match")
    expect(dialog.locator(".gt-end__score")).to_contain_text("149")
    expect(dialog.locator(".gt-sheet__table tbody tr")).to_have_count(2)   # the start score, the one deal
    expect(dialog.locator(".gt-sheet__contract").first).to_contain_text("×")   # the contract with its multiplier
    # Counted once, on top of the earlier matches: played, won, the streak.
    expect(dialog.locator('[data-stat="played"]')).to_have_text("4")
    saved = stats(page)
    assert saved and saved["v"] == 1
    assert saved["stats"]["played"] == 4 and saved["stats"]["won"] == 1 + won
    assert saved["stats"]["streak"] == (1 if won else -3)
    # A reload at the end counts nothing more.
    page.reload()
    expect(page.locator("body[data-ready]")).to_be_attached()
    expect(table(page)).to_have_attribute("data-phase", "match_over")
    dialog.locator('[data-action="score-sheet"]').click()   # the last deal's result comes back first, as left
    expect(dialog.locator('[data-stat="played"]')).to_have_text("4")
    # The reset asks once more, then clears every count.
    dialog.locator('[data-action="reset-stats"]').click()
    expect(dialog.locator('[data-stat="played"]')).to_have_text("4")
    dialog.locator('[data-action="reset-stats-confirm"]').click()
    expect(dialog.locator('[data-stat="played"]')).to_have_count(0)
    assert stats(page)["stats"]["played"] == 0
    # Play again: a new match from 0-0.
    dialog.locator('[data-action="play-again"]').click()
    expect(page.locator("#gt-dialog[open]")).to_have_count(0)
    expect(table(page)).not_to_have_attribute("data-phase", "match_over")
    expect(page.locator(".gt-score__value").first).to_have_text("0")


def test_unreadable_statistics_are_said_and_start_again(page: Page) -> None:
    page.goto("wheel.json")
    page.evaluate("localStorage.setItem('giretra.stats', '{\"v\": 1, \"stats\": {\"played\": -4}}')")
    open_game(page)
    expect(page.locator('[data-notice="statsReset"]')).to_contain_text("could not be read")
    aside = json.loads(page.evaluate("localStorage.getItem('giretra.stats.setAside')"))
    assert aside["raw"] == '{"v": 1, "stats": {"played": -4}}' and aside["why"] == "bad counts"
    assert stats(page) == {"v": 1, "stats": {"played": 0, "won": 0, "streak": 0, "bestStreak": 0, "byLevel": {}}}
    page.locator('[data-action="open-settings"]').click()
    expect(page.locator("#gt-dialog[open] .gt-stats")).to_contain_text("No match finished yet")


# How many lines each heading of the open dialog's tables takes.
HEADING_LINES_JS = """() => [...document.querySelectorAll('#gt-dialog[open] thead th')].map((th) => {
  const range = document.createRange(); range.selectNodeContents(th);
  return [th.textContent, new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size];
})"""


def test_the_deals_result_and_the_match_end_take_a_wide_screens_room(page: Page) -> None:
    # docs/screenshots (match-end-1280x800-mg, deal-result-1280x800-mg): the dialog kept a phone's width (38rem) on a
    # desktop, and the sheet's Malagasy headings broke over three lines ("Tota- / lin'i / Izy ireo"), the contract
    # over four, with room to spare on the screen. No heading takes more than two lines there now.
    page.set_viewport_size({"width": 1280, "height": 800})
    open_game(page, query="speed=0&lang=mg", fragment=fragment(LAST_CARD))
    page.locator(".gt-notice__dismiss").click()
    page.locator(".gt-hand [data-card]").click()
    dialog = page.locator("#gt-dialog[open]")
    for step in ("result", "end"):
        if step == "end":
            dialog.locator('[data-action="score-sheet"]').click()
            expect(dialog.locator(".gt-end__title")).to_be_visible()
        else:
            expect(dialog.locator(".gt-summary__table")).to_be_visible()
        lines = page.evaluate(HEADING_LINES_JS)
        assert lines and max(n for _, n in lines) <= 2, f"{step}: {lines}"
        assert dialog.evaluate("d => d.getBoundingClientRect().width") > 38 * 16, step
    # The statistics' figures near their words (played through at 1280×800: "1" stood 530 px right of "Parties jouées")
    gaps = dialog.locator(".gt-stats__list dt").evaluate_all("""dts => dts.map((dt) =>
      dt.nextElementSibling.getBoundingClientRect().left - dt.getBoundingClientRect().left)""")
    assert gaps and max(gaps) <= 320, gaps
    # Where the statistics are kept, in Malagasy words: "amin'ity navigateur ity" was French (the fourth pass)
    expect(dialog.locator(".gt-stats")).to_contain_text("amin’ity mpitety ity")
    expect(dialog).not_to_contain_text("navigateur")


@pytest.mark.parametrize(("won", "lang", "word"), [
    (True, "en", "You win this one, 253–149"),
    (False, "en", "You lose this one, 149–253"),
    (False, "fr", "Vous perdez celle-ci, 149–253"),
    (True, "mg", "Mandresy ianareo amin’ity, 253–149"),
], ids=["won-en", "lost-en", "lost-fr", "won-mg"])
def test_a_won_and_a_lost_match_end_each_in_their_own_words_look_and_sound(page: Page, won: bool, lang: str,
                                                                          word: str) -> None:
    # The fourth run: a lost match's end was as plain as a won one's ("Team 2 (Left and Right) wins the match"), no
    # word for the player who lost. Now the result is said to the player, the lost one kindly with the way to the
    # lessons, a won one under the suits' gold band; "match won" sounds only when won, a lost match its quiet cue.
    open_game(page, query=f"speed=0&lang={lang}", fragment=fragment(WON_LAST_CARD if won else LAST_CARD))
    page.locator(".gt-notice__dismiss").click()   # "You opened a shared deal."
    page.locator(".gt-hand [data-card]").click()   # a gesture: the sounds may play from now on
    page.wait_for_function("(document.body.dataset.soundsLast ?? '').includes('match')")
    heard = page.evaluate("document.body.dataset.soundsLast").split()
    assert ("matchWon" in heard) == won and ("matchLost" in heard) != won, heard
    dialog = page.locator("#gt-dialog[open]")
    dialog.locator('[data-action="score-sheet"]').click()
    end = dialog.locator(".gt-sheet--over")
    expect(end).to_have_class(re.compile(r"\bgt-end--won\b" if won else r"\bgt-end--lost\b"))
    said = end.locator(".gt-end__word")
    expect(said).to_contain_text(word)
    expect(said).to_have_attribute("data-result", "won" if won else "lost")
    lessons = said.locator("a.gt-end__lessons")
    if won:
        expect(lessons).to_have_count(0)
    else:
        expect(lessons).to_have_attribute("href", re.compile(rf"rules\.html\?lang={lang}#overview$"))
    # The celebration (the suits' band over the title) for a won match only.
    band = end.locator(".gt-end__title").evaluate("t => getComputedStyle(t, '::before').content")
    assert (band not in ("none", "normal", "")) == won, band
