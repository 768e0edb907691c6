"""You vs the expert (the solo duplicate): after a deal, the expert bot plays it again in the player's seat with the
same cards and the same bots, and the deal's result shows both results side by side; with the option on, after each
deal, with the match's total."""

from __future__ import annotations

from conftest import BOOT_TIMEOUT_MS
from gameplay import HUMAN, api, saved_state
from playwright.sync_api import Locator, Page, expect
from test_replay import deals_result

from giretra_core.deal import parse_action
from giretra_core.notation import format_match, parse_match

EXPERT_TIMEOUT_MS = 180_000   # a whole deal of the expert's search in Pyodide, on a busy machine


def check_duplicate(dialog: Locator, state: str, deal: int) -> int:
    """The duplicate shown for deal *deal* is the engine's: its moves replayed by the seam give the results shown, and
    every other seat's move is what its bot chooses there (the same bots and seeds); returns the difference shown."""
    section = dialog.locator('.gt-duplicate[data-duplicate="done"]')
    expect(section).to_be_visible(timeout=EXPERT_TIMEOUT_MS)
    moves = str(section.get_attribute("data-moves")).split(" ")
    answer = api("expert_deal", state=state, seat=HUMAN, deal=deal, moves=moves)   # nothing left to play: checked
    assert answer["done"] and answer["moves"] == moves
    m = parse_match(state)
    m = next(m.apply_unchecked(t, a) for n, m, t, a in m.replay() if n == deal)   # just after the deal's cut
    for token in moves:
        seat = m.turn
        assert seat is not None
        if seat.api_name != HUMAN:
            assert api("bot_action", state=format_match(m), seat=seat.api_name, seed=0)["action"] == token
        m = m.apply(seat, parse_action(token))
    rows = section.locator("tbody tr")
    played, expert = answer["played"], answer["expert"]
    expect(rows.nth(1).locator("td")).to_have_text([str(played["cardPoints"]["Team1"]),
                                                    str(expert["cardPoints"]["Team1"])])
    expect(rows.nth(2).locator("td")).to_have_text([
        f"{r['matchPoints']['Team1']} – {r['matchPoints']['Team2']}" for r in (played, expert)])
    lead = [r["matchPoints"]["Team1"] - r["matchPoints"]["Team2"] for r in (played, expert)]
    diff = lead[0] - lead[1]
    expect(section).to_have_attribute("data-diff", str(diff))
    shown = f"+{diff}" if diff > 0 else f"−{-diff}" if diff < 0 else "0"
    expect(section.locator(".gt-duplicate__diff")).to_have_text(f"You vs the expert: {shown}")
    return diff


def test_the_expert_plays_the_deal_again_in_the_players_seat_side_by_side(page: Page) -> None:
    dialog = deals_result(page)
    expect(dialog.locator(".gt-duplicate")).to_have_count(0)   # asked, not started on its own (the option is off)
    dialog.locator('[data-action="duplicate"]').click()
    expect(dialog.locator('.gt-duplicate[data-duplicate="playing"]')).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    state = saved_state(page)
    assert state is not None
    check_duplicate(dialog, state, 1)
    expect(dialog.locator(".gt-duplicate__total")).to_have_count(0)   # one deal compared: no total yet
    # Played with the player's cards: the left column is the deal's own result.
    summary = api("deal_summary", state=state, deal=1)
    expect(dialog.locator(".gt-duplicate tbody tr").nth(1).locator("td").first).to_have_text(
        str(summary["cardPoints"]["Team1"]))
    dialog.locator('[data-action="continue"]').click()
    expect(page.locator("#gt-dialog[open]")).to_have_count(0)


def test_with_the_option_on_each_deal_is_compared_and_the_match_totalled(page: Page) -> None:
    dialog = deals_result(page)
    dialog.locator('[data-action="continue"]').click()
    page.locator('[data-action="open-settings"]').first.click()
    page.locator("#gt-duplicate").check()
    page.locator('#gt-dialog[open] [data-action="close-dialog"]').click()
    expect(page.locator("#gt-dialog[open]")).to_have_count(0)
    # Deal 2, played on the page to its end (the first legal call or card each time): its result compares at once.
    for _ in range(200):
        if page.locator("#gt-dialog[open] .gt-summary").count():
            break
        page.locator(f'.gt-table[data-to-act="{HUMAN}"]:not([data-pausing]), #gt-dialog[open]').first.wait_for(
            timeout=20_000)
        page.evaluate("""() => {
          const table = document.querySelector('.gt-table');
          if (document.querySelector('#gt-dialog[open]') || table.dataset.toAct !== 'Bottom') return;
          const legal = table.dataset.phase === 'play' ? '.gt-hand .is-legal' : '.gt-panel .is-legal';
          document.querySelector(legal)?.click();
        }""")
    expect(dialog.locator('.gt-summary[data-deal="2"]')).to_be_visible()
    state = saved_state(page)
    assert state is not None
    second = check_duplicate(dialog, state, 2)
    # Deal 1 from the score sheet: compared too (the option), and then the match's total over both.
    dialog.locator('[data-action="continue"]').click()
    page.locator('[data-action="open-score-sheet"]').first.click()
    page.locator('#gt-dialog[open] [data-focus="deal:1"]').click()
    first = check_duplicate(dialog, state, 1)
    total = dialog.locator(".gt-duplicate__total")
    expect(total).to_have_attribute("data-total", str(first + second))
    expect(total).to_contain_text("Over the 2 deals compared in this match:")
    # Back on the score sheet: the same comparison, deal by deal, beside the match's deals.
    dialog.locator('[data-action="back-to-sheet"]').click()
    line = dialog.locator(".gt-sheet .gt-sheet__duplicate")
    expect(line).to_have_attribute("data-total", str(first + second))
    sign = lambda n: f"+{n}" if n > 0 else f"−{-n}" if n < 0 else "0"   # noqa: E731  (as the page writes it)
    expect(line).to_have_text(f"You vs the expert, same cards: deal 1 {sign(first)} · deal 2 {sign(second)}; "
                              f"in all {sign(first + second)}")


def test_a_failed_download_of_the_experts_game_is_said_and_its_button_asks_again(page: Page) -> None:
    page.route("**/study-*.zip", lambda route: route.abort())
    dialog = deals_result(page)
    dialog.locator('[data-action="duplicate"]').click()
    expect(dialog.locator(".gt-duplicate__failed[role=alert]")).to_contain_text("could not be downloaded",
                                                                               timeout=BOOT_TIMEOUT_MS)
    expect(page.locator('[data-notice="crash"]')).to_have_count(0)
    page.unroute("**/study-*.zip")
    dialog.locator('[data-action="duplicate"]').click()
    expect(dialog.locator('.gt-duplicate[data-duplicate="playing"], .gt-duplicate[data-duplicate="done"]')
           ).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    expect(dialog.locator(".gt-duplicate__failed")).to_have_count(0)
