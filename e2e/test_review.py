"""A finished deal reviewed: the player's calls and cards against the expert bot's at the same moments."""

from __future__ import annotations

import re

from conftest import BOOT_TIMEOUT_MS, open_game
from gameplay import HUMAN, api, drive, drive_from_any, fragment, saved_state, wait_my_turn
from playwright.sync_api import Locator, Page, expect


def first_deals_result(page: Page) -> Locator:
    """The bots play the player's seat too (random level) up to its last card, so the deal has choices the expert makes
    otherwise; the player plays that card on the page and the deal's result opens: its dialog."""
    state, _ = drive(api("new_match", seed=4)["state"],
                     lambda v: v["phase"] == "play" and v["toAct"] == HUMAN and len(v["hand"]) == 1)
    open_game(page, query="speed=0", fragment=fragment(state))
    wait_my_turn(page, "play")
    page.locator(".gt-hand .is-legal").click()
    dialog = page.locator("#gt-dialog[open]")
    expect(dialog.locator(".gt-summary")).to_be_visible(timeout=20_000)
    return dialog


def test_the_deals_result_compares_the_players_choices_with_the_expert_bots(page: Page) -> None:
    dialog = first_deals_result(page)
    ask = dialog.locator('[data-action="review"]')
    ask.focus()
    page.keyboard.press("Enter")
    expect(dialog.locator(".gt-review__title")).to_have_text("Your choices and the expert bot’s",
                                                             timeout=BOOT_TIMEOUT_MS)
    expect(dialog.locator(".gt-review__title")).to_be_focused()   # the keyboard's place follows, not lost
    # The player's own choices as the engine replays them (the expert's answers depend on its clock, in the page's
    # engine as here, so only what the player did is compared; tests/test_jsonapi.py checks each answer is the hint).
    review = api("review", state=saved_state(page), seat=HUMAN, deal=1, budgetMs=0)
    chosen = [m for m in review["moves"] if not m["forced"]]
    count = dialog.locator(".gt-review__count")
    expect(count).to_contain_text(re.compile(rf"^Same choice as the expert bot: \d+ of {len(chosen)}\."))
    same = int(re.search(r"bot: (\d+) of", count.inner_text()).group(1))   # type: ignore[union-attr]
    assert 0 <= same <= len(chosen)
    rows = dialog.locator(".gt-review__moves li")
    expect(rows).to_have_count(len(chosen) - same)
    played = {m.get("trick"): m["played"]["text"] for m in chosen}   # one choice per trick; "Bids": the last call
    for row in rows.all():
        where = row.locator(".gt-review__where").inner_text()
        trick = int(where.split()[1]) if where.startswith("Trick ") else None
        assert where == "Bids" or trick in played, where
        expect(row.locator(".gt-review__why")).to_have_text(re.compile(r"^ — \w"))
        cards = row.locator(".gt-inline-card [aria-hidden]")
        if trick:
            expect(cards).to_have_count(2)
            expect(cards.first).to_have_text(played[trick])
            assert cards.last.inner_text() != played[trick]
    # The deal goes on as before.
    dialog.locator('[data-action="continue"]').click()
    expect(page.locator("#gt-dialog[open]")).to_have_count(0)



# Every engine request the page sends, by name: the review is asked one move at a time, so that it can stop. Its
# third request is held back until the test lets it go (window.__release): the review is surely under way when the
# dialog closes, however slow the machine (under load, all 11 moves were once asked before the click landed).
CALLS_JS = """
window.__calls = [];
window.__held = [];
const post = Worker.prototype.postMessage;
Worker.prototype.postMessage = function (msg, ...rest) {
  if (msg && msg.type === 'call') {
    window.__calls.push(msg.name);
    if (msg.name === 'review' && window.__calls.filter((name) => name === 'review').length === 3) {
      window.__held.push(() => post.call(this, msg, ...rest));
      return undefined;
    }
  }
  return post.call(this, msg, ...rest);
};
window.__release = () => { for (const send of window.__held.splice(0)) send(); };
"""
REVIEWS_ASKED = "window.__calls.filter((name) => name === 'review').length"


def test_next_deal_during_a_review_stops_it_and_the_next_deal_begins(page: Page) -> None:
    page.add_init_script(CALLS_JS)
    dialog = first_deals_result(page)
    total = api("review", state=saved_state(page), seat=HUMAN, deal=1, first=0, count=1, budgetMs=0)["total"]
    assert total > 3, total   # (a deal of fewer choices could not show a review stopped half-way)
    dialog.locator('[data-action="review"]').click()
    # The waiting line counts the moves replayed so far.
    expect(dialog.locator(".gt-review")).to_have_text(
        re.compile(rf"^The expert bot is replaying your deal… \d+ of {total}$"), timeout=BOOT_TIMEOUT_MS)
    page.wait_for_function(f"{REVIEWS_ASKED} === 3")   # the third is held: the review waits for it
    dialog.locator('[data-action="continue"]').click()
    expect(page.locator("#gt-dialog[open]")).to_have_count(0)
    page.evaluate("window.__release()")   # its answer now comes to a closed review
    # The next deal begins (its cut), and no part of the closed review is asked any more.
    expect(page.locator(".gt-table")).to_have_attribute("data-deal", "2", timeout=20_000)
    page.wait_for_timeout(1500)
    assert page.evaluate(REVIEWS_ASKED) == 3


def test_an_earlier_deals_result_opens_again_from_the_score_sheet(page: Page) -> None:
    # From a first-time player's audit: closing a deal's result (× or Escape) lost its arithmetic, the hands as dealt
    # and the review for good. The score sheet's deal numbers open them again.
    state, _ = drive_from_any(lambda v: v["dealNumber"] == 3 and v["toAct"] == HUMAN)
    open_game(page, fragment=fragment(state))
    wait_my_turn(page)
    page.locator('[data-action="open-score-sheet"]').click()
    dialog = page.locator("#gt-dialog[open]")
    expect(dialog.locator('[data-action="deal-result"]')).to_have_count(2)
    dialog.locator('[data-action="deal-result"]').first.click()
    summary = api("deal_summary", state=state, deal=1)
    expect(dialog.locator(".gt-dialog__title")).to_have_text("Deal 1: the result")
    expect(dialog.locator(".gt-summary__lines li")).to_have_text(summary["lines"])
    expect(dialog.locator('[data-action="continue"]')).to_have_count(0)   # not "Next deal": this deal is over
    back = dialog.locator('[data-action="back-to-sheet"]')
    expect(back).to_be_focused()
    # The review of that deal, as after it.
    dialog.locator('[data-action="review"]').click()
    expect(dialog.locator(".gt-review__title")).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    chosen = [m for m in api("review", state=state, seat=HUMAN, deal=1, budgetMs=0)["moves"] if not m["forced"]]
    expect(dialog.locator(".gt-review__count")).to_contain_text(f" of {len(chosen)}.")
    back.click()
    expect(dialog.locator(".gt-dialog__title")).to_have_text("Score sheet")
    expect(dialog.locator('[data-action="deal-result"]').first).to_be_focused()
    page.keyboard.press("Escape")
    expect(page.locator("#gt-dialog[open]")).to_have_count(0)
    # The game goes on where it was.
    expect(page.locator(".gt-table")).to_have_attribute("data-deal", "3")
    expect(page.locator(".gt-table.is-my-turn")).to_have_count(1)
