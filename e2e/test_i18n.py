"""Languages: one catalogue per language with the same keys; switching changes every visible string."""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from typing import Any

from conftest import open_game
from gameplay import api, drive, fragment, wait_my_turn
from playwright.sync_api import Page, expect

VISIBLE_TEXT_JS = """() => {
  const out = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode;
    const text = node.textContent.trim();
    const el = node.parentElement;
    if (!text || !el || el.closest('.gt-sr, [hidden], script, style, option')) continue;
    const box = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    if (!box.width || !box.height || style.visibility === 'hidden' || style.display === 'none') continue;
    out.push(text);
  }
  return out;
}"""
NAMES_JS = """() => [...document.querySelectorAll('[aria-label]')]
  .filter(e => e.getClientRects().length && !e.closest('[hidden]')).map(e => e.getAttribute('aria-label'))"""
# The same in every language: the game's name and the languages' own names.
NEUTRAL = {"Giretra", "English", "Français", "Malagasy"}


def texts(page: Page) -> set[str]:
    return set(page.evaluate(VISIBLE_TEXT_JS)) | set(page.evaluate(NAMES_JS))


def wordy(strings: set[str]) -> set[str]:
    return {s for s in strings if re.search(r"[A-Za-zÀ-ÿ]{2,}", s) and s not in NEUTRAL}


def test_a_french_widget_loads_the_french_words_alone_and_a_switch_loads_the_new_ones(
        page: Page, requests_seen: list[str]) -> None:
    # An audit: a one-language widget loaded all three catalogues. Each is now loaded when a surface uses its language
    # (tests/js/i18n.test.js checks the catalogues' keys and the loader).
    def catalogues() -> list[str]:
        return [u.rsplit("/", 1)[1] for u in requests_seen if "/js/i18n/" in u]

    requests_seen.clear()
    page.goto("embed.html?mode=score&lang=fr")
    w = page.locator("giretra-game")
    expect(w.locator('[data-action="start-widget"]')).to_have_text("Ouvrir")
    w.locator('[data-action="start-widget"]').click()
    expect(w).to_have_attribute("data-state", "started", timeout=60_000)
    title = w.locator(".gt-calc__title")
    expect(title).to_have_text("Calculateur de points", timeout=60_000)   # (drawn once the engine answers)
    assert catalogues() == ["fr.js"]
    page.evaluate("document.getElementById('gt-embed').setAttribute('lang', 'mg')")
    expect(title).to_have_text("Fikajiana isa")
    assert catalogues() == ["fr.js", "mg.js"]


def texts_when(page: Page, ready: Callable[[set[str]], bool], timeout_s: float = 10.0) -> set[str]:
    """The visible strings once *ready* holds for them (the table redraws after the engine's answers
    in the new language arrive), or the last ones seen after *timeout_s*, for the assertion to show."""
    deadline = time.monotonic() + timeout_s
    now = texts(page)
    while not ready(now) and time.monotonic() < deadline:
        page.wait_for_timeout(100)
        now = texts(page)
    return now


def switch_language(page: Page, lang: str) -> None:
    page.locator('[data-action="open-settings"]').click()
    page.locator("#gt-lang").select_option(lang)
    expect(page.locator("html")).to_have_attribute("lang", lang)
    page.keyboard.press("Escape")
    expect(page.locator("#gt-dialog[open]")).to_have_count(0)


def test_closing_the_settings_after_a_language_change_gives_the_focus_back_to_settings(page: Page) -> None:
    # An accessibility audit: the language change redraws the bar, so the browser could not give the focus back to
    # the Settings button that opened the dialog, and it went to the game.
    open_game(page, fragment="seed=2")
    wait_my_turn(page, "negotiation")
    page.locator('[data-action="open-settings"]').focus()
    page.keyboard.press("Enter")
    page.locator("#gt-lang").select_option("fr")
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    page.keyboard.press("Escape")
    expect(page.locator("#gt-dialog[open]")).to_have_count(0)
    expect(page.locator('[data-action="open-settings"]')).to_be_focused()
    expect(page.locator('[data-action="open-settings"]')).to_have_text("Réglages")


def test_language_switch_changes_every_visible_string(page: Page) -> None:
    open_game(page, fragment="seed=2")
    wait_my_turn(page, "negotiation")  # the call panel, the bids, the hand, the seats, the score: all on screen
    page.wait_for_timeout(200)
    english = wordy(texts(page))
    assert {"New match", "Settings", "Left", "Announce"} <= english
    for lang in ("fr", "mg"):
        switch_language(page, lang)
        expect(page.locator(".gt-calls")).to_be_visible()
        now = texts_when(page, lambda now: not english & now)
        assert not [s for s in now if "⟦" in s], "untranslated keys on screen"
        assert not (english & now), f"still in English after switching to {lang}: {sorted(english & now)}"
        # The engine answers in the same language: its reasons and call names changed too.
        assert page.evaluate("async () => [...(await import('./js/i18n.js')).missing]") == []
    switch_language(page, "en")
    back = english - {"Your turn to speak."}
    assert wordy(texts_when(page, lambda now: wordy(now) >= back)) >= back


def test_a_language_chosen_in_the_game_sticks_to_the_address_and_the_rules_links(page: Page) -> None:
    # Opened in French by a link (?lang=fr): the "why" links open the rules in French, and switching to
    # Malagasy rewrites ?lang= so that a reload does not go back to French.
    state, view = drive(api("new_match", seed=11)["state"], lambda v: v["phase"] == "play" and v["toAct"] == "Bottom"
                        and any(a["type"] == "card" and not a["legal"] for a in v["legal"]))
    refused = next(a for a in view["legal"] if a["type"] == "card" and not a["legal"])
    open_game(page, query="speed=0&lang=fr", fragment=fragment(state))
    wait_my_turn(page, "play")
    page.locator(f'.gt-hand [data-card="{refused["card"]}"]').click(force=True)
    rule = refused["reason"]["rule"]
    expect(page.locator("a.gt-rule-link")).to_have_attribute("href", f"rules.html?lang=fr#{rule}")
    switch_language(page, "mg")
    assert "lang=mg" in page.url and "lang=fr" not in page.url
    page.reload()
    expect(page.locator("html")).to_have_attribute("lang", "mg")


def test_the_rules_page_opens_the_game_in_the_language_being_read(page: Page) -> None:
    # A French reader who never opened the game's settings tapped "← Giretra : jouer" and got an English game.
    page.goto("rules.html?lang=fr")
    page.locator(".rp-top a[data-game-link]").click()
    expect(page.locator("body[data-ready]")).to_be_attached(timeout=60_000)
    assert "lang=fr" in page.url
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    expect(page.locator('[data-action="open-new-match"]')).to_have_text("Nouvelle partie")
    # Switching the rules page's language changes where every link to the game goes.
    page.goto("rules.html?lang=fr")
    page.locator('select[data-action="rules-lang"]').select_option("mg")
    for href in page.locator("a[data-game-link]").evaluate_all("els => els.map(e => e.getAttribute('href'))"):
        assert href == "index.html?lang=mg", href


def test_the_rules_page_is_in_the_readers_language_from_its_first_paint(page: Page) -> None:
    # A reader's audit: on a slow line a French reader read the English page for 1.7 s, until the language module
    # ran after the parse. The script now runs in <head>, before any of the text exists: delayed here by 1.5 s, the
    # title is French the moment it is there, and the widgets start French without a lang of their own.
    def slowly(route: Any) -> None:
        time.sleep(1.5)
        route.continue_()

    page.route("**/js/rules-page.js", slowly)
    page.goto("rules.html?lang=fr", wait_until="commit")
    page.wait_for_selector("h1", state="attached")
    assert page.evaluate("document.documentElement.dataset.lang") == "fr"
    expect(page.locator("h1")).to_have_text("Règles de la Giretra", use_inner_text=True)
    page.wait_for_load_state("load")
    assert set(page.locator("giretra-game").evaluate_all("gs => gs.map((g) => g.language)")) == {"fr"}
    page.locator('select[data-action="rules-lang"]').select_option("mg")
    assert set(page.locator("giretra-game").evaluate_all("gs => gs.map((g) => g.language)")) == {"mg"}


def test_a_reader_deep_in_the_rules_is_one_tap_from_the_contents(page: Page) -> None:
    # A reader's audit: at 390 px the page is 13,600 px tall, and the contents, the language and the game were 16
    # screens up. A "↑ Contents" button shows once the contents are out of view, and takes the reader there.
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto("rules.html?lang=en")
    up = page.locator("a.rp-up")
    expect(up).to_be_hidden()
    # Deep in the rules, at a place where no widget passes under the button (it steps aside for one: the next test).
    # (Not S-3 since the scoring rules have their worked examples as replays beside them.)
    page.locator("#P-6").scroll_into_view_if_needed()
    expect(page.locator("html")).not_to_have_attribute("data-up-covers", "")
    expect(up).to_be_visible()
    box = up.bounding_box()
    assert box is not None and box["height"] >= 44
    up.click()
    expect(page.locator("#toc-title")).to_be_in_viewport()
    expect(up).to_be_hidden()


def test_the_contents_button_steps_aside_for_a_widget_and_its_dialog(page: Page) -> None:
    # An audit at 360 px: "↑ Contents" covered a lesson's "Show the answer", and stayed bright over a widget's dialog.
    page.set_viewport_size({"width": 360, "height": 640})
    page.goto("rules.html?lang=en")
    up = page.locator("a.rp-up")
    lesson = page.locator('giretra-game[lesson="cards-ranking"]')
    place = "([sel, y]) => { const r = document.querySelector(sel).getBoundingClientRect(); scrollBy(0, r.top - y); }"
    page.evaluate(place, ['giretra-game[lesson="cards-ranking"]', 640 + 150])   # just below the screen: text above
    expect(up).to_be_visible()
    page.evaluate(place, ['giretra-game[lesson="cards-ranking"]', 640 - 30])    # its top under the button
    expect(up).to_be_hidden()
    box = lesson.bounding_box()   # (the button stands 0.75 rem above the screen's foot, 2.75 rem high)
    assert box is not None and 640 - 12 - 44 < box["y"] < 640 - 12, "the widget's top must be where the button is"
    # A match's New match dialog: the page under it is dimmed, and the button with it.
    match = page.locator('giretra-game[mode="match"]')
    match.scroll_into_view_if_needed()
    match.locator('[data-action="start-widget"]').click()
    expect(match).to_have_attribute("data-state", "started", timeout=60_000)
    # Measured from the match, not by a fixed scroll: a started match grows, and the browser's scroll anchoring
    # moves the page by what it grew (a lesson widget 1,500 px up sometimes stood in the strip, and rightly hid it).
    match_below = ['giretra-game[mode="match"]', 640 + 150]   # its section's text in the strip, no widget
    page.evaluate(place, match_below)
    expect(up).to_be_visible()
    match.scroll_into_view_if_needed()
    match.locator('[data-action="open-new-match"]').click()
    expect(match.locator("#gt-dialog[open]")).to_have_count(1)
    expect(match).to_have_attribute("data-dialog", "")
    page.evaluate(place, match_below)   # the match out of the button's strip, the contents far above
    expect(up).to_be_hidden()
    page.keyboard.press("Escape")
    expect(match).not_to_have_attribute("data-dialog", "")
    # Closing the dialog may bring the match back into view (focus returns to the table, to a card on the player's
    # turn), and over the strip the button rightly stays aside: placed below again, it is back.
    page.evaluate(place, match_below)
    expect(up).to_be_visible()


def test_each_language_is_named_in_its_own_language(page: Page) -> None:
    # From an accessibility review: "Français" was read with the English voice (no lang on the option).
    open_game(page)
    page.locator('[data-action="open-settings"]').click()
    options = page.locator("#gt-lang option")
    expect(options).to_have_count(3)   # drawn (evaluate_all does not wait: [] under two busy loops)
    assert options.evaluate_all("os => os.map((o) => [o.value, o.lang])") == [["en", "en"], ["fr", "fr"], ["mg", "mg"]]
