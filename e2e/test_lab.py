"""The bot lab (web/lab.html): a template bot run in the duplicate mini-arena, a loop that never ends stopped within
the per-decision limit, an error shown with its line, a bot saved and reloaded, a shared link that opens the same
source. The lab runs the bot in its own worker (web/js/lab/worker.js), never the game's."""

from __future__ import annotations

import json
import re
import time

from conftest import BOOT_TIMEOUT_MS, wait_ready
from gameplay import play_one_step, saved_state
from playwright.sync_api import Locator, Page, expect

from giretra_core import Match, lab, seat_view
from giretra_core.deal import action_token
from giretra_core.notation import format_match, parse_match
from giretra_core.seats import Seat

ARENA_TIMEOUT_MS = 240_000   # 100 duplicate deals (200 deals) against basic in Pyodide on a loaded machine


def open_lab(page: Page, query: str = "lang=en") -> Page:
    page.goto(f"lab.html?{query}")
    expect(page.locator("body[data-lab-ready]")).to_be_attached(timeout=BOOT_TIMEOUT_MS)
    return page


def write(page: Page, source: str) -> None:
    page.locator("[data-lab=editor]").fill(source)


def test_greedy_template_runs_against_basic_over_100_duplicate_deals(page: Page) -> None:
    open_lab(page)
    page.locator("[data-lab=template]").select_option("greedy")
    page.locator("[data-lab=use-template]").click()
    expect(page.locator("[data-lab=editor]")).to_have_value(re.compile("partner wins so far"))
    page.locator("[data-lab=opponent]").select_option("basic")
    page.locator("[data-lab=deals]").select_option("100")
    page.locator("[data-lab=run]").click()
    expect(page.locator("[data-lab=progress]")).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    result = page.locator("[data-lab=result]")
    expect(result).to_be_visible(timeout=ARENA_TIMEOUT_MS)
    expect(result).to_contain_text("against Basic bot over 100 duplicate deals")
    expect(result).to_contain_text(re.compile(r"wins \d+\.\d % \(95 % interval \d+\.\d % to \d+\.\d %\)"))
    expect(page.locator("[data-lab=error]")).to_be_hidden()


def run_bot(page: Page, body: str, query: str = "lang=en") -> Locator:
    """The lab opened, a bot written (*body* after the Decision import: its choose is on line 4), a run of 20 deals
    started: the error line's locator."""
    open_lab(page, query)
    write(page, "from giretra_core.bots import Decision\n\n\n" + body)
    page.locator("[data-lab=deals]").select_option("20")
    page.locator("[data-lab=run]").click()
    return page.locator("[data-lab=error]")


def test_an_endless_loop_is_stopped_within_its_limit(page: Page) -> None:
    error = run_bot(page, "def choose(view, rng):\n    while True:\n        pass\n", "lang=en&limit=1000")
    # The worker boots, then the first decision loops: 1 s after it began, the page ends the worker.
    expect(error).to_contain_text("took more than 1000 ms: your bot was stopped", timeout=BOOT_TIMEOUT_MS)
    expect(page.locator("[data-lab=run]")).to_be_enabled()
    # A new worker answers the next run.
    page.locator("[data-lab=use-template]").click()
    page.locator("[data-lab=check]").click()
    expect(page.locator("[data-lab=notice]")).to_have_text("Your bot imports and has choose(view, rng).",
                                                           timeout=BOOT_TIMEOUT_MS)


def test_an_error_is_shown_with_its_line(page: Page) -> None:
    error = run_bot(page, "def choose(view, rng):\n    x = 1\n    return x / 0\n")
    expect(error).to_contain_text("Line 6:", timeout=BOOT_TIMEOUT_MS)
    expect(error).to_contain_text("Line 6: Your bot raised ZeroDivisionError: division by zero.")
    expect(page.locator(".lab-gutter__bad")).to_have_text("6")
    write(page, "def choose(view, rng)\n    return 1\n")
    page.locator("[data-lab=check]").click()
    expect(error).to_contain_text("Line 1: SyntaxError")


def test_the_arenas_sentences_about_a_bot_are_in_the_readers_language(page: Page) -> None:
    error = run_bot(page, "def choose(view, rng):\n    return Decision(5, 'x')\n", "lang=fr")
    expect(error).to_contain_text("Votre robot a choisi QC, qui n’est pas permis ici. Les actions permises\u00a0: "
                                  "C, D, H, S, NT, AT.", timeout=BOOT_TIMEOUT_MS)
    expect(error).not_to_contain_text("your bot")


def test_a_bot_saved_is_there_after_a_reload(page: Page) -> None:
    open_lab(page)
    source = "# my saved bot\nfrom giretra_core.bots import Decision\n\n\ndef choose(view, rng):\n" \
             "    return Decision(view.legal[0], 'first')\n"
    write(page, source)
    page.locator("[data-lab=save]").click()
    expect(page.locator("[data-lab=notice]")).to_have_text("Saved in this browser.")
    open_lab(page)
    expect(page.locator("[data-lab=editor]")).to_have_value(source)
    expect(page.locator("[data-lab=notice]")).to_have_text("Your saved bot is back.")


def test_a_shared_link_opens_the_same_source(page: Page, browser_context_args: dict[str, object]) -> None:
    open_lab(page)
    source = "# shared bot, é ü ✓\nfrom giretra_core.bots import Decision\n\n\ndef choose(view, rng):\n" \
             "    return Decision(view.legal[-1], 'last')\n"
    write(page, source)
    page.locator("[data-lab=share]").click()
    link = page.locator("[data-lab=share-link] a")
    expect(link).to_have_attribute("href", re.compile(r"lab\.html\?lang=en#bot=[A-Za-z0-9_-]+$"))
    href = link.get_attribute("href")
    assert href is not None
    other = page.context.new_page()   # same context, so clear what was saved: the link alone must carry the bot
    other.goto(href)
    expect(other.locator("body[data-lab-ready]")).to_be_attached(timeout=BOOT_TIMEOUT_MS)
    expect(other.locator("[data-lab=editor]")).to_have_value(source)
    other.close()


def test_the_game_links_to_the_lab_and_loads_nothing_of_it(page: Page, requests_seen: list[str]) -> None:
    page.goto("?speed=0")
    expect(page.locator("body[data-ready]")).to_be_attached(timeout=BOOT_TIMEOUT_MS)
    page.locator('[data-action="open-settings"]').click()
    link = page.locator("a.gt-lab-link")
    expect(link).to_have_text("Write your own bot in the bot lab")
    assert not [url for url in requests_seen if "/lab" in url], requests_seen
    link.click()
    expect(page.locator("body[data-lab-ready]")).to_be_attached(timeout=BOOT_TIMEOUT_MS)
    expect(page.locator("h1")).to_have_text("Bot lab")


def test_the_lab_speaks_the_readers_language_down_to_its_tab_title(page: Page) -> None:
    open_lab(page, "lang=fr")
    expect(page).to_have_title("Labo des robots")
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    open_lab(page, "lang=mg")
    expect(page).to_have_title("Laboratoara robo")


def test_the_lab_says_what_a_bot_can_read_in_its_view_in_the_page(page: Page) -> None:
    # A reader of the page has no repository: "docs/bots.md lists what the view holds" pointed where they cannot go.
    open_lab(page, "lang=fr")
    help_ = page.locator("[data-lab=view-help]")
    help_.locator("summary").click()
    expect(help_.locator("summary")).to_have_text("Ce que votre robot peut lire dans view")
    expect(help_.locator("dd").first).to_be_visible()
    assert "⟦" not in help_.inner_text()
    # Every field it names is one of the seat view's, the view a lab bot is given.
    names = {n.strip() for text in help_.locator("dt code").all_inner_texts() for n in text.split(",")}
    view = seat_view(Match.new(seed=1), Seat.BOTTOM)
    assert len(names) >= 15 and all(hasattr(view, name) for name in names), names
    expect(page.locator("main > p").first).not_to_contain_text("docs/bots.md")


LAST_LEGAL = ("from giretra_core.bots import Decision\n\n\n"
              "def choose(view, rng):\n    return Decision(view.legal[-1], 'the last legal action')\n")


def test_a_match_with_the_labs_bot_as_partner_plays_its_choices(page: Page) -> None:
    open_lab(page)
    write(page, LAST_LEGAL)
    page.locator("[data-lab=play-partner]").click()
    expect(page).to_have_url(re.compile(r"index\.html\?labbot=Top$"))
    wait_ready(page)
    expect(page.locator('.gt-seat[data-seat="Top"] .gt-seat__player')).to_have_text("Your lab bot")
    expect(page.locator('.gt-seat[data-seat="Left"] .gt-seat__player')).not_to_have_text("Your lab bot")
    # Played on until the partner has played cards: each of its moves is the lab bot's own choice there. (Its first
    # move waits for the lab's own worker to boot.)
    deadline = time.monotonic() + 180
    while time.monotonic() < deadline:
        state = str(saved_state(page))
        if sum(1 for _, _, seat, action in parse_match(state).replay()
               if seat.api_name == "Top" and isinstance(action, int)) >= 2:
            break
        play_one_step(page)
    else:
        raise AssertionError(f"the partner never played two cards: {state}")
    tops = [(before, action) for _, before, seat, action in parse_match(state).replay() if seat.api_name == "Top"]
    assert tops
    for before, action in tops:
        answer = json.loads(lab.decide(json.dumps({"source": LAST_LEGAL, "state": format_match(before),
                                                   "seat": "Top", "seed": 0})))
        assert answer["ok"] and answer["value"]["action"] == action_token(action), (answer, action)
    expect(page.locator('[data-notice="labBot"]')).to_have_count(0)


def test_a_lab_bot_that_fails_in_a_match_is_said_with_its_line_and_the_match_goes_on(page: Page) -> None:
    open_lab(page)
    write(page, "from giretra_core.bots import Decision\n\n\ndef choose(view, rng):\n    return 1 / 0\n")
    page.locator("[data-lab=play-against]").click()
    wait_ready(page)
    notice = page.locator('[data-notice="labBot"]')
    deadline = time.monotonic() + 180
    while time.monotonic() < deadline:   # until Left's first turn (the player may have to cut or call first)
        if notice.count():
            break
        play_one_step(page)
    expect(notice).to_contain_text("Your lab bot at Left stopped: Line 5:")
    expect(page.locator('.gt-seat[data-seat="Left"] .gt-seat__player')).not_to_have_text("Your lab bot")
    saved = str(saved_state(page))
    play_one_step(page)   # the engine's bot plays Left's seat: the match goes on
    page.wait_for_function("s => JSON.parse(localStorage.getItem('giretra.match')).state !== s", arg=saved)


def test_a_lab_seat_asked_with_no_bot_saved_is_said_with_a_link_to_the_lab(page: Page) -> None:
    page.goto("index.html?labbot=Top&lang=en")
    wait_ready(page)
    notice = page.locator('[data-notice="labBotNone"]')
    expect(notice).to_contain_text("No bot is saved in the bot lab: the engine’s bot plays Top.")
    expect(notice.get_by_role("link", name="Open the bot lab")).to_have_attribute("href", "lab.html")
    expect(page.locator('.gt-seat[data-seat="Top"] .gt-seat__player')).not_to_have_text("Your lab bot")
    notice.get_by_role("link", name="Open the bot lab").click()
    expect(page.locator("body[data-lab-ready]")).to_be_attached(timeout=BOOT_TIMEOUT_MS)


def test_a_lab_seat_whose_saved_bot_is_unreadable_is_said_in_the_readers_language(page: Page) -> None:
    page.goto("lab.html?lang=fr")
    page.evaluate("localStorage.setItem('giretra-lab-v1', '{\"version\": 2, \"source\": \"x\"}')")
    page.goto("index.html?labbot=Left&lang=fr")
    wait_ready(page)
    notice = page.locator('[data-notice="labBotUnreadable"]')
    expect(notice).to_contain_text("Le robot enregistré dans le labo n’a pas pu être lu")
    expect(notice.get_by_role("link", name="Ouvrir le labo")).to_have_attribute("href", "lab.html")
    expect(page.locator('.gt-seat[data-seat="Left"] .gt-seat__player')).not_to_have_text("Votre robot du labo")
    # The saved entry is left as it is (the lab says why it cannot open it).
    assert page.evaluate("localStorage.getItem('giretra-lab-v1')") == '{"version": 2, "source": "x"}'


def test_a_lab_whose_engine_did_not_load_says_so_in_the_readers_words_and_tries_again(page: Page) -> None:
    # The lab's modules blocked (offline before the lab was ever opened): the error was the worker's English sentence,
    # and the failed worker was kept, so pressing again never booted another.
    page.route("**/lab-*.zip", lambda route: route.abort())
    open_lab(page, "lang=fr")
    page.locator("[data-lab=check]").click()
    error = page.locator("[data-lab=error]")
    expect(error).to_contain_text("Le moteur du labo n’a pas pu être chargé", timeout=BOOT_TIMEOUT_MS)
    page.unroute("**/lab-*.zip")
    page.locator("[data-lab=check]").click()
    expect(page.locator("[data-lab=notice]")).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    expect(error).to_be_hidden()
