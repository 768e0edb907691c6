"""A first visit: the welcome (view/welcome.js), the seats named Partner / Opponent in words, and a match that starts
with calls made before the player's first turn says them.

Every other browser test marks the welcome as read before the page's scripts run (conftest.WELCOME_READ_JS); these
ask for a first visit through the tab's sessionStorage.
"""

from __future__ import annotations

import json

import pytest
from conftest import open_game
from gameplay import api, bots_until_human
from playwright.sync_api import Page, expect

WELCOME = "dialog#gt-dialog[open] .gt-welcome"
PLAYERS = {"Bottom": "human", "Left": "advanced", "Top": "advanced", "Right": "advanced"}


def first_visit(page: Page, query: str = "speed=0", fragment: str = "seed=4") -> Page:
    page.goto("wheel.json")   # a page of the site's origin, to reach its storage
    page.evaluate("sessionStorage.setItem('e2e.firstVisit', '1'); localStorage.removeItem('giretra.welcome')")
    return open_game(page, query=query, fragment=fragment)


def test_the_first_visit_is_welcomed_and_the_bots_wait_for_the_player(page: Page) -> None:
    first_visit(page)
    dialog = page.locator("dialog#gt-dialog")
    expect(page.locator(WELCOME)).to_be_visible()
    expect(dialog).to_have_accessible_name("Welcome to the Giretra table")
    text = page.locator(WELCOME).inner_text()
    for words in ("You sit at the bottom", "Top, is your partner", "Left and Right play against you"):
        assert words in text
    assert "150 points" in text
    expect(page.locator(".gt-welcome a")).to_have_attribute("href", f"{page.url.split('?')[0]}rules.html?lang=en")
    expect(page.locator("[data-action='welcome-play']")).to_be_focused()
    # Nothing was played behind it: Right still has the deck to cut.
    expect(page.locator(".gt-table")).to_have_attribute("data-phase", "cut")
    page.locator("[data-action='welcome-play']").click()
    expect(dialog).not_to_be_visible()
    page.locator(".gt-table.is-my-turn").wait_for()   # the bots cut and called once it was closed
    stored = json.loads(page.evaluate("localStorage.getItem('giretra.welcome')"))
    assert stored["v"] == 1
    page.reload()
    page.locator("body[data-ready]").wait_for(state="attached")
    expect(page.locator(".gt-table")).to_be_visible()
    expect(page.locator(WELCOME)).to_have_count(0)   # once only


def test_escape_closes_the_welcome_and_the_keyboard_goes_to_the_game(page: Page) -> None:
    first_visit(page)
    expect(page.locator(WELCOME)).to_be_visible()
    page.keyboard.press("Escape")
    expect(page.locator("dialog#gt-dialog")).not_to_be_visible()
    page.locator(".gt-table.is-my-turn").wait_for()
    assert page.evaluate("document.querySelector('#gt-table-host').contains(document.activeElement)")
    assert page.evaluate("localStorage.getItem('giretra.welcome')") is not None


def test_a_welcome_stored_by_another_version_is_shown_again(page: Page) -> None:
    page.goto("wheel.json")
    page.evaluate("sessionStorage.setItem('e2e.firstVisit', '1');"
                  "localStorage.setItem('giretra.welcome', JSON.stringify({ v: 0 }))")
    open_game(page, fragment="seed=4")
    expect(page.locator(WELCOME)).to_be_visible()


def test_a_player_back_to_a_match_saved_before_the_welcome_existed_is_not_welcomed(page: Page) -> None:
    # Their match comes back as it was; a welcome over it would greet as new someone who has played here.
    open_game(page, fragment="seed=4")
    page.locator(".gt-table.is-my-turn").wait_for()
    page.evaluate("sessionStorage.setItem('e2e.firstVisit', '1'); localStorage.removeItem('giretra.welcome')")
    page.reload()
    page.locator("body[data-ready]").wait_for(state="attached")
    page.locator(".gt-table.is-my-turn").wait_for()
    expect(page.locator(WELCOME)).to_have_count(0)


@pytest.mark.parametrize(("lang", "title", "partner"), [
    ("fr", "Bienvenue à la table de Giretra", "Nord, est votre partenaire"),
    ("mg", "Tongasoa eto amin’ny latabatra Giretra", "Ambony, no namanao"),
])
def test_the_welcome_speaks_the_pages_language(page: Page, lang: str, title: str, partner: str) -> None:
    first_visit(page, query=f"speed=0&lang={lang}")
    expect(page.locator(f"{WELCOME} h2")).to_have_text(title)
    expect(page.locator(WELCOME)).to_contain_text(partner)
    expect(page.locator(".gt-welcome a")).to_have_attribute("href", f"{page.url.split('?')[0]}rules.html?lang={lang}")


def test_a_match_widget_on_a_page_of_its_own_does_not_welcome(page: Page) -> None:
    """embed.html (a match widget in someone's iframe): the host page says what it shows; no welcome there."""
    page.goto("wheel.json")
    page.evaluate("sessionStorage.setItem('e2e.firstVisit', '1'); localStorage.removeItem('giretra.welcome')")
    page.goto("embed.html?mode=match&seed=4&autostart=visible")
    widget = page.locator("giretra-game")
    expect(widget.locator(".gt-table")).to_be_visible(timeout=60_000)
    expect(widget.locator("dialog[open]")).to_have_count(0)
    assert page.evaluate("localStorage.getItem('giretra.welcome')") is None


@pytest.mark.parametrize(("lang", "partner", "opponent"), [
    ("en", "Partner", "Opponent"), ("fr", "Partenaire", "Adversaire"), ("mg", "Namanao", "Mpifanandrina"),
])
def test_the_seats_say_who_is_the_partner_and_who_the_opponents_in_words(
        page: Page, lang: str, partner: str, opponent: str) -> None:
    open_game(page, query=f"speed=0&lang={lang}", fragment="seed=4")
    expect(page.locator(".gt-seat[data-seat='Top'] .gt-seat__role")).to_have_text(partner)
    expect(page.locator(".gt-seat[data-seat='Left'] .gt-seat__role")).to_have_text(opponent)
    expect(page.locator(".gt-seat[data-seat='Right'] .gt-seat__role")).to_have_text(opponent)
    expect(page.locator(".gt-seat[data-seat='Bottom'] .gt-seat__role")).to_have_count(0)   # "You"


@pytest.mark.parametrize(("lang", "before", "turn"), [
    ("en", "Before your turn:", "Your turn to speak."),
    ("fr", "Avant votre tour\u00a0:", "À vous de parler."),
    ("mg", "Talohan’ny anjaranao:", None),
])
def test_a_new_match_that_starts_after_the_bots_called_says_their_calls_once(page: Page, lang: str, before: str,
                                                                            turn: str | None) -> None:
    # Issue 34: a new match never starts the player in the middle of the calls without a word of what came before.
    # The sixth pass: that word heads the calls' list, which says each call once ("Before your turn: Left announced
    # Clubs ♣" above a list that said "Left  Clubs ♣" again).
    _, view = bots_until_human(api("new_match", seed=4, players=PLAYERS)["state"])
    assert view["phase"] == "negotiation" and view["calls"]   # the bots spoke before the player's first turn
    open_game(page, query=f"lang={lang}", fragment="seed=4")
    page.locator(".gt-table.is-my-turn").wait_for()
    expect(page.locator(".gt-center .gt-before")).to_have_text(before)
    if turn:
        expect(page.locator(".gt-status__text")).to_have_text(turn)
    history = page.locator(".gt-center .gt-bids-history li")
    expect(history).to_have_count(len(view["calls"]))
    assert page.locator(".gt-center .gt-before + .gt-bids-history").count() == 1   # the list right under its word
    # Once the player has spoken, the line has said its part
    page.locator(".gt-calls .is-legal").first.click()
    page.locator(".gt-table.is-my-turn").wait_for()
    expect(page.locator(".gt-before")).to_have_count(0)


# Whether a seat was ever drawn thinking, from the page's first drawing on.
THOUGHT_LOG_JS = """
window.thought = [];
new MutationObserver(() => {
  const seat = document.querySelector('.gt-seat.is-thinking')?.dataset.seat;
  if (seat && window.thought.at(-1) !== seat) window.thought.push(seat);
}).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['class'] });
"""


def test_no_bot_thinks_behind_the_welcome(page: Page) -> None:
    # docs/screenshots (welcome-*): behind the welcome the status line first said "Right is thinking", then "Waiting
    # for Right": the bot's move was computed, then dropped for the dialog. The bots wait from the first drawing.
    page.add_init_script(THOUGHT_LOG_JS)
    first_visit(page, query="speed=normal")   # Top deals, Right cuts
    expect(page.locator(WELCOME)).to_be_visible()
    expect(page.locator(".gt-status__text")).to_have_text("Waiting for Right.")
    assert page.evaluate("window.thought") == [], "a bot thought behind the welcome"
    page.locator("[data-action='welcome-play']").click()
    page.locator(".gt-table.is-my-turn").wait_for()   # the bots cut and called once it was closed
    assert page.evaluate("window.thought")[:1] == ["Right"]
