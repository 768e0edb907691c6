"""Teaching inside the game: the hint (the expert's choice and why), coach mode, the one-trick widget."""

from __future__ import annotations

import re
import time

from conftest import BOOT_TIMEOUT_MS, open_game
from gameplay import HUMAN, api, drive, fragment, play_one_step, table, wait_my_turn
from playwright.sync_api import Page, expect

from giretra_core.bots import REASONS
from giretra_core.words import en


def choose_level(page: Page, level: str) -> None:
    page.locator('[data-action="open-settings"]').click()
    for seat in ("Top", "Left", "Right"):
        page.locator(f"#gt-level-{seat}").select_option(level)
    page.keyboard.press("Escape")
    expect(page.locator("#gt-dialog[open]")).to_have_count(0)


def ask_hint(page: Page) -> str:
    """Press Hint; the advised card or call is marked, legal, and the reason is one of the bots' lines."""
    page.locator('[data-action="hint"]').click()
    status = page.locator(".gt-status.is-hint")
    expect(status).to_be_visible(timeout=30_000)
    hinted = page.locator(".is-hinted")
    expect(hinted).to_have_count(1)
    expect(hinted).to_have_class(re.compile(r"\bis-legal\b"))
    text = status.locator(".gt-status__text").inner_text()
    assert text.startswith("Hint: ")
    why = text.split(" — ", 1)[1].rstrip(".")
    # A call's line is the bot's reason; a card's, its plan in a player's words (bots/plan.py).
    lines = [*REASONS.values(), *en.card_plans.values()]
    assert any(why.startswith(line.split("{")[0]) for line in lines), why
    return str(hinted.get_attribute("data-action"))


def test_a_match_against_expert_bots_to_the_end_with_hints(page: Page) -> None:
    # To the end, not from 0-0: e2e/test_match.py plays a whole match; here the scores start near 150, so the
    # experts' deals that end it are played and hinted without the eight before them (48 s of the suite's CPU).
    scores = {"Team1": 110, "Team2": 110}
    open_game(page, fragment=fragment(api("new_match", seed=21, scores=scores)["state"]))
    expect(page.locator(".gt-score")).to_contain_text("110")
    choose_level(page, "expert")
    expect(page.locator(".gt-seat").filter(has_text="Expert bot")).to_have_count(3)
    hinted = {}
    deadline = time.monotonic() + 420
    while time.monotonic() < deadline:
        phase = table(page).get_attribute("data-phase")
        mine = table(page).get_attribute("data-to-act") == HUMAN and not table(page).get_attribute("data-pausing")
        if mine and phase in ("negotiation", "play") and phase not in hinted \
                and not page.locator("#gt-dialog[open]").count():
            hinted[phase] = ask_hint(page)
            # Following the hint plays exactly that action.
            page.locator(".is-hinted").click()
            continue
        if play_one_step(page) == "over":
            break
    else:
        raise AssertionError(f"the match against expert bots did not end in time (hints: {hinted})")
    assert set(hinted) == {"negotiation", "play"}
    expect(page.locator(".gt-summary__winner")).to_be_visible()


def test_a_keyboard_player_sees_the_focus_on_the_hinted_card(page: Page) -> None:
    # An accessibility audit: the hint's dashed outline was drawn in the focus ring's colour and won over the ring,
    # so a focused hinted card looked exactly like an unfocused one (WCAG 2.4.7).
    state, _ = drive(api("new_match", seed=5)["state"], lambda v: v["phase"] == "play" and v["toAct"] == HUMAN)
    open_game(page, fragment=fragment(state))
    wait_my_turn(page, "play")
    page.locator('[data-action="hint"]').focus()
    page.keyboard.press("Enter")
    hinted = page.locator(".gt-hand .is-hinted")
    expect(hinted).to_be_focused(timeout=30_000)   # the game puts the focus on the advised card
    outline = "e => { const s = getComputedStyle(e); return [s.outlineStyle, s.outlineColor]; }"
    focused = hinted.evaluate(outline)
    page.keyboard.press("ArrowRight")   # the focus moves along the hand
    expect(hinted).not_to_be_focused()
    unfocused = hinted.evaluate(outline)
    assert focused[0] == "solid" and unfocused[0] == "dashed", (focused, unfocused)
    assert focused[1] != unfocused[1], (focused, unfocused)


def test_coach_mode_names_the_rules_that_constrain_the_choice(page: Page) -> None:
    def constrained(view: dict) -> bool:
        cards = [a for a in view["legal"] if a["type"] == "card"]
        return view["phase"] == "play" and view["toAct"] == HUMAN and any(not a["legal"] for a in cards)

    state, view = drive(api("new_match", seed=11)["state"], constrained)
    rules = {a["reason"]["rule"]: a["reason"]["message"] for a in view["legal"] if not a["legal"]}
    open_game(page, fragment=fragment(state))
    wait_my_turn(page, "play")
    expect(page.locator(".gt-coach")).to_have_count(0)   # off by default
    page.locator('[data-action="open-settings"]').click()
    page.locator("#gt-coach").check()
    page.keyboard.press("Escape")
    coach = page.locator(".gt-coach")
    expect(coach).to_be_visible()
    for rule, message in rules.items():
        item = coach.locator(f'li[data-rule="{rule}"]')
        expect(item).to_contain_text(message)
        expect(item.locator("a.gt-rule-link")).to_have_attribute("href", f"rules.html?lang=en#{rule}")
    # The choice persists with the other settings.
    page.reload()
    expect(page.locator("body[data-ready]")).to_be_attached(timeout=BOOT_TIMEOUT_MS)
    expect(page.locator(".gt-coach")).to_be_visible()


def test_the_one_trick_widget_stops_after_each_trick(page: Page) -> None:
    page.goto("rules.html")
    w = page.locator('giretra-game[mode="trick"]')
    w.locator('[data-action="start-widget"]').click()
    expect(w).to_have_attribute("data-ready", "1", timeout=BOOT_TIMEOUT_MS)
    # The bots cut and bid for everyone; the reader plays the cards.
    legal = w.locator(".gt-hand .is-legal")
    expect(legal.first).to_be_visible(timeout=30_000)
    assert w.locator(".gt-table").get_attribute("data-phase") == "play"
    # One deal's tricks: the bar keeps the trick history and the settings, not the match's score and menu.
    expect(w.locator(".gt-bar button")).to_have_count(2)
    expect(w.locator('.gt-bar [data-action="open-settings"]')).to_be_visible()
    expect(w.locator('.gt-bar [data-action="open-tricks"]')).to_be_visible()
    expect(w.locator(".gt-bar .gt-score")).to_have_count(0)
    legal.first.click()
    nxt = w.locator('[data-action="next-trick"]')
    expect(nxt).to_be_visible(timeout=30_000)
    expect(w.locator(".gt-trick [data-card]")).to_have_count(4)   # the finished trick stays on the table
    expect(w.locator(".gt-seat__meta").filter(has_text=re.compile("tricks: 1"))).to_have_count(1)
    page.wait_for_timeout(1500)
    expect(w.locator(".gt-trick [data-card]")).to_have_count(4)   # ... and nobody plays on
    # Said once, with one way on: the status names the winner, the trick its number, one "Next trick" button,
    # no last-trick toggle (it would do nothing here), and the contract stays in place.
    expect(w.locator(".gt-status__text")).to_have_text(re.compile(r"(wins|You win) the trick \(\+\d+\)"))
    expect(w.locator(".gt-trick__caption")).to_have_text("Trick 1 of 8")
    expect(w.locator("button", has_text="Next trick")).to_have_count(1)
    expect(w.locator(".gt-trick__peek, .gt-trick__next")).to_have_count(0)
    expect(w.locator(".gt-contract")).to_be_visible()
    nxt.click()
    expect(w.locator(".gt-hand .is-legal").first).to_be_visible(timeout=30_000)


WATCH_JS = """(host) => {
  // Record every frame in which the table, before the play, offers the reader a turn that is not theirs.
  window.__falseTurns = [];
  const root = host.shadowRoot;
  new MutationObserver(() => {
    const table = root.querySelector('.gt-table');
    if (!table || table.dataset.phase === 'play') return;
    const offered = root.querySelector('.gt-status.is-turn, .gt-calls, .gt-cut, [data-action="hint"]');
    if (offered) window.__falseTurns.push(table.dataset.phase + ': ' + (offered.textContent || offered.className));
  }).observe(root, { subtree: true, childList: true, attributes: true });
}"""


def test_the_one_trick_widget_never_offers_the_reader_the_bots_cut_and_bids(page: Page) -> None:
    # The bots cut and bid for the reader. When the reader's seat was to cut or speak, the table said "Your turn:
    # cut the deck." / "Your turn to speak." with live calls and a Hint button for a moment, then a bot acted.
    page.goto("rules.html?lang=en")
    w = page.locator('giretra-game[mode="trick"]')
    w.locator('[data-action="start-widget"]').click()
    w.element_handle().evaluate(WATCH_JS)
    expect(w.locator(".gt-hand .is-legal").first).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    # The reader's seat did cut or speak (its calls are in the bids), and nothing offered them those turns.
    expect(w.locator('.gt-bids-details [data-seat="Bottom"]').first).to_contain_text("You")
    assert page.evaluate("window.__falseTurns") == []
