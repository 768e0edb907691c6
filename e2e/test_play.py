"""Playing cards: an illegal card says why and changes nothing; a trick by keyboard only; reload resumes."""

from __future__ import annotations

import re
from typing import Any

import pytest
from conftest import open_game, wait_ready
from gameplay import (
    HUMAN,
    api,
    drive,
    drive_from_any,
    fragment,
    hand,
    human_turns,
    legal_cards,
    play_one_step,
    saved_state,
    wait_my_turn,
)
from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from giretra_core import parse_match
from giretra_core.deal import Phase as DealPhase
from giretra_core.seats import Seat


def human_must_choose(view: dict[str, Any]) -> bool:
    """The human is to play and holds at least one card the rules forbid now."""
    cards = [a for a in view["legal"] if a["type"] == "card"]
    return view["phase"] == "play" and view["toAct"] == HUMAN and any(not a["legal"] for a in cards)


def human_leads(view: dict[str, Any]) -> bool:
    """The human is to lead a trick."""
    return view["phase"] == "play" and view["toAct"] == HUMAN and not view["trick"]["cards"]


def lead_a_card(page: Page, speed: str) -> None:
    """Open the game where the player leads (seed 5) at *speed*, and lead the first playable card."""
    state, _ = drive(api("new_match", seed=5)["state"], human_leads)
    open_game(page, query=f"speed={speed}", fragment=fragment(state))
    wait_my_turn(page, "play")
    page.locator(".gt-hand .is-legal").first.click()


def test_illegal_card_shows_the_engines_reason_and_changes_nothing(page: Page) -> None:
    state, view = drive(api("new_match", seed=11)["state"], human_must_choose)
    refused = next(a for a in view["legal"] if a["type"] == "card" and not a["legal"])
    open_game(page, fragment=fragment(state))
    wait_my_turn(page, "play")
    before_hand, before_trick = hand(page), page.locator(".gt-trick [data-card]").count()
    card = page.locator(f'.gt-hand [data-card="{refused["card"]}"]')
    expect(card).to_have_attribute("aria-disabled", "true")
    expect(card).not_to_have_class("is-legal")

    card.click(force=True)  # aria-disabled, not disabled: a tap must still say why

    expect(page.locator(".gt-status.is-reason .gt-status__text")).to_have_text(refused["reason"]["message"])
    expect(page.locator("#gt-live > p:last-child")).to_have_text(refused["reason"]["message"])   # the log's newest
    # "Why can't I play this?": the reason links to its rule on the rules page, and that section exists.
    rule = refused["reason"]["rule"]
    link = page.locator(".gt-status.is-reason a.gt-rule-link")
    expect(link).to_have_attribute("href", f"rules.html?lang=en#{rule}")  # the rules in the game's language
    expect(link).to_have_text("Read the rule ›")
    # The rule is named once: the engine's message says "(P-1, follow suit)" (the link said "Rule P-1" too).
    assert page.locator(".gt-status.is-reason").inner_text().count(rule) == 1
    assert hand(page) == before_hand
    # The negotiation is over: its calls fold under the contract as "The bids" (not "Bids so far").
    expect(page.locator(".gt-bids-details summary")).to_have_text("The bids")
    assert page.locator(".gt-trick [data-card]").count() == before_trick
    assert saved_state(page) == state
    expect(page.locator(".gt-table")).to_have_attribute("data-to-act", HUMAN)


def test_a_keyboard_player_sees_why_a_card_is_refused_before_pressing_it(page: Page) -> None:
    # From an accessibility review: the reason was in the card's title, which a mouse shows and the keyboard's focus
    # does not. It now shows above the hand while the card has the focus, as the calls' reasons do.
    state, view = drive(api("new_match", seed=11)["state"], human_must_choose)
    refused = next(a for a in view["legal"] if a["type"] == "card" and not a["legal"])
    open_game(page, fragment=fragment(state))
    wait_my_turn(page, "play")
    tips = page.locator(".gt-hand .gt-tip")
    expect(tips.locator("visible=true")).to_have_count(0)
    page.locator(".gt-hand .is-legal").first.focus()
    cards = page.locator(".gt-hand button.gt-card")
    for _ in range(cards.count()):
        if page.evaluate("document.activeElement.dataset.card") == refused["card"]:
            break
        page.keyboard.press("ArrowRight")
    card = page.locator(f'.gt-hand [data-card="{refused["card"]}"]')
    expect(card).to_be_focused()
    shown = tips.locator("visible=true")
    expect(shown).to_have_count(1)
    expect(shown).to_have_text(refused["reason"]["message"])
    expect(card).to_have_attribute("aria-describedby", shown.get_attribute("id") or "?")
    # Escape hides it where it covers the status line (an accessibility audit: WCAG 1.4.13); the card keeps the focus.
    page.keyboard.press("Escape")
    expect(tips.locator("visible=true")).to_have_count(0)
    expect(card).to_be_focused()
    assert saved_state(page) == state   # focusing played nothing


LIVE_LOG_JS = """
window.__said = [];
new MutationObserver(() => {
  const text = document.querySelector('#gt-live > p:last-child')?.textContent;   // the log's newest line
  if (text && text !== window.__said.at(-1)) window.__said.push(text);
}).observe(document, { subtree: true, childList: true, characterData: true });
"""


def test_with_no_pauses_every_card_of_a_trick_is_said(page: Page) -> None:
    # From an accessibility review: at "No pauses" the live region said 10 of a deal's 32 cards; each move's words
    # cancelled the last ones' before they were written. Words that come together are now said together.
    from giretra_core import parse_match

    state, view = drive(api("new_match", seed=5)["state"], human_leads)
    page.add_init_script(LIVE_LOG_JS)
    open_game(page, query="speed=0", fragment=fragment(state))
    wait_my_turn(page, "play")
    tricks_before = len(view["tricks"])
    page.locator(".gt-hand .is-legal").first.click()
    # The trick is over once the save says so (the table's turn may still be the last frame's, just after the click).
    for _ in range(400):
        tricks = parse_match(saved_state(page) or "").deal.tricks
        if len(tricks) > tricks_before:
            break
        page.wait_for_timeout(50)
    trick = tricks[tricks_before]
    wait_my_turn(page)
    page.wait_for_timeout(200)   # the last words' tick
    said = " ".join(page.evaluate("window.__said"))
    ranks = ["Seven", "Eight", "Nine", "Ten", "Jack", "Queen", "King", "Ace"]
    suits = ["clubs", "diamonds", "hearts", "spades"]
    for card in trick.cards:
        assert f"the {ranks[card & 7]} of {suits[card >> 3]}" in said, (card, said)
    assert "wins the trick" in said or "win the trick" in said, said


def test_the_player_is_you_in_every_line_about_their_seat(page: Page) -> None:
    # From a first-time player's audit: the seat's plate said "You" while the table's lines said "Bottom wins the trick
    # (+37)", and the bids, the tricks and the deal's dialog named the player "Bottom" too.
    def winning_card(state: str) -> str | None:
        """The player's card that wins the trick, last to play in it (None if not last, or none wins)."""
        v = api("view", state=state, seat=HUMAN)
        if v["phase"] != "play" or v["toAct"] != HUMAN or len(v["trick"]["cards"]) != 3:
            return None
        return next((a["action"] for a in v["legal"] if a["legal"] and api(
            "apply", state=state, seat=HUMAN, action=a["action"])["view"]["tricks"][-1]["winner"] == HUMAN), None)

    state, _ = drive(api("new_match", seed=5)["state"], lambda v: v["phase"] == "play")
    while (winning := winning_card(state)) is None:   # the bots play every seat, the player's too, until then
        seat = api("view", state=state, seat=HUMAN)["toAct"]
        state = api("apply", state=state, seat=seat,
                    action=api("bot_action", state=state, seat=seat, seed=0, level="random")["action"])["state"]
    open_game(page, query="speed=normal", fragment=fragment(state))
    wait_my_turn(page, "play")
    page.locator(f'.gt-hand [data-card="{winning}"]').click()
    expect(page.locator(".gt-status__text")).to_have_text(re.compile(r"^You win (the trick|trick 8) \(\+\d+"))
    # The bids, then the tricks so far, name the player "You" as the plate does; the other seats keep their place.
    page.locator(".gt-bids-details summary").click()
    expect(page.locator('.gt-bids-history [data-seat="Bottom"] .gt-bids-history__seat').first).to_have_text("You")
    expect(page.locator('.gt-bids-history [data-seat="Left"] .gt-bids-history__seat').first).to_have_text("Left")
    page.locator('.gt-bar [data-action="open-tricks"]').click()
    won = page.locator(".gt-history__won").last
    expect(won).to_have_text(re.compile(r"^You win, \d+ points"))
    expect(page.locator(".gt-history__list li").last.locator(".gt-history__seat")).to_contain_text(["You"])
    lines = page.evaluate("() => ['.gt-center', '.gt-status', '#gt-dialog'].map((s) => document.querySelector(s)"
                          ".innerText).join(' | ')")
    assert "Bottom" not in lines, lines
    expect(page.locator(".gt-seat--bottom .gt-seat__name")).to_have_text("Bottom")   # the place itself, on its plate


def test_the_trick_says_whose_each_card_is_and_who_holds_it(page: Page) -> None:
    # From an accessibility review: the trick's cards were named by card alone, in seat order, and the winning one
    # only by a yellow ring.
    state, view = drive(api("new_match", seed=5)["state"],
                        lambda v: v["phase"] == "play" and v["toAct"] == HUMAN and len(v["trick"]["cards"]) == 2)
    open_game(page, fragment=fragment(state))
    wait_my_turn(page, "play")
    names = {"Left": "Left", "Top": "Top", "Right": "Right", HUMAN: "You"}
    trick = page.locator(".gt-trick")
    expect(trick).to_have_attribute("aria-label", re.compile(
        rf"^Trick {len(view['tricks']) + 1} of 8\. {names[view['trick']['winning']]} is winning it\.$"))
    ranks = {"7": "Seven", "8": "Eight", "9": "Nine", "10": "Ten", "J": "Jack", "Q": "Queen", "K": "King", "A": "Ace"}
    suits = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
    labels = trick.locator("[data-card]").evaluate_all("els => els.map((e) => e.getAttribute('aria-label'))")
    assert sorted(labels) == sorted(f"{names[c['seat']]}: {ranks[c['card'][:-1]]} of {suits[c['card'][-1]]}"
                                    for c in view["trick"]["cards"])
    assert trick.locator(".gt-trick__caption").get_attribute("aria-hidden") == "true"   # said once, by the group


def test_a_trick_played_by_keyboard_only(page: Page) -> None:
    # The human leads a trick: Tab to the hand, arrows to a card, Enter; the bots answer.
    state, view = drive(api("new_match", seed=5)["state"], human_leads)
    open_game(page, query="speed=fast", fragment=fragment(state))  # pauses, to see the card land
    wait_my_turn(page, "play")
    tricks_before = len(view["tricks"])
    for _ in range(60):  # Tab until a card of the hand has the focus
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement?.closest('.gt-hand') !== null"):
            break
    else:
        raise AssertionError("Tab never reached the hand")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowLeft")
    focused = page.evaluate("document.activeElement.dataset.card")
    assert focused in legal_cards(page)  # leading: every card is playable
    page.keyboard.press("Enter")
    expect(page.locator(f'.gt-trick [data-card="{focused}"]')).to_be_visible()
    # The three bots answer, the trick completes, and the human leads or follows the next one.
    expect(page.locator(".gt-table:not([data-pausing])")).to_have_attribute("data-to-act", HUMAN, timeout=20_000)
    assert len(api("view", state=saved_state(page), seat=HUMAN)["tricks"]) == tricks_before + 1
    # The focus stayed in the game, on a card of the hand.
    assert page.evaluate("document.activeElement?.closest('.gt-hand') !== null")


ACTIONS = ".gt-hand .is-legal, .gt-calls .is-legal, .gt-cut .is-legal"
HUMANS_TURN_OR_DIALOG = f"""() => !!document.querySelector('#gt-dialog[open]')
    || !!document.querySelector('.gt-table[data-to-act="{HUMAN}"]:not([data-pausing])')"""


# Where the focus went, and the table's state at each move: said when the test fails (it failed once in a whole run,
# at the instant speed, with the focus on the table itself at turn 7, and never again in 50 runs alone; once more in
# CI at turn 9, the player's turn drawn and no focus event after it: table.js confirmFocus).
FOCUS_TRACE = """() => {
  window.focusTrace = [];
  const name = (el) => el
    ? `${el.tagName.toLowerCase()}#${el.id}.${el.className}`.slice(0, 50) + (el.dataset?.card ?? '') : '-';
  const table = () => { const t = document.querySelector('.gt-table');
    const motion = t?.parentNode?.dataset.motion ?? '';
    return t ? `${t.dataset.phase}/${t.dataset.toAct}/${t.dataset.pausing ?? ''}/${motion}` : '-'; };
  for (const kind of ['focusin', 'focusout']) document.addEventListener(kind, (e) => window.focusTrace.push(
    `${performance.now().toFixed(0)} ${kind} ${name(e.target)} (to ${name(e.relatedTarget)}) ${table()}`), true);
  // Each drawing of the table too, with where the focus is then and how many choices it offers
  const host = document.querySelector('#gt-table-host');
  new MutationObserver(() => window.focusTrace.push(`${performance.now().toFixed(0)} drawn ${table()} focus on `
    + `${name(document.activeElement)}, ${host.querySelectorAll('.is-legal').length} legal`))
    .observe(host, { childList: true });
}"""


# What the table shows now, said when the test fails: its state and the hand's buttons.
TABLE_NOW = """(() => { const t = document.querySelector('.gt-table');
  const hand = [...document.querySelectorAll('.gt-hand button')]
    .map((b) => b.dataset.card + '.' + b.className.split(' ').filter((c) => c.startsWith('is-')).join('.'));
  return `${t?.dataset.phase}/${t?.dataset.toAct}/${t?.dataset.pausing ?? ''}/${t?.parentNode?.dataset.motion ?? ''}`
    + ` my-turn=${t?.classList.contains('is-my-turn')} hand=${hand.join(' ')}`
    + ` calls=${document.querySelectorAll('.gt-calls .is-legal').length}`; })()"""


@pytest.mark.parametrize(("speed", "seed"), [("fast", 5), ("0", 23)])
def test_a_keyboard_player_plays_a_whole_deal_with_enter_alone(page: Page, speed: str, seed: int) -> None:
    # Tab once to the calls; from then on the focus waits in the game while the bots play and is on one of
    # the player's choices whenever it is their turn, so Enter alone bids, plays the deal and starts the next
    # one. (After a bid the focus stayed on the hand, about 11 Tabs from the calls at the next bid; after the
    # deal's summary it fell to the page's body, and with no pauses, where the next deal's first turn is a call,
    # it stayed on the table itself: Enter did nothing.)
    state, _ = drive(api("new_match", seed=seed)["state"],
                     lambda v: v["phase"] == "negotiation" and v["toAct"] == HUMAN)
    open_game(page, query=f"speed={speed}", fragment=fragment(state))
    wait_my_turn(page, "negotiation")
    page.evaluate(FOCUS_TRACE)
    for _ in range(60):
        page.keyboard.press("Tab")
        if page.evaluate(f"document.activeElement?.matches('{ACTIONS}')"):
            break
    else:
        raise AssertionError("Tab never reached the calls")
    turns = 0
    while True:
        page.wait_for_function(HUMANS_TURN_OR_DIALOG, timeout=30_000)
        if page.locator("#gt-dialog[open]").count():
            break
        # The focus comes with the turn's drawing, or at the next frame if the browser did not take it then (table.js
        # confirmFocus: seen once in CI, the focus left on the table at the instant speed)
        try:
            page.wait_for_function(f"document.activeElement?.matches('{ACTIONS}')", timeout=5_000)
        except PlaywrightTimeoutError:
            raise AssertionError(
                f"turn {turns + 1}: it is the player's turn but the focus is on "
                + page.evaluate("document.activeElement?.outerHTML.slice(0, 120)") + "; the table: "
                + page.evaluate(TABLE_NOW) + "; the focus's last moves:\n"
                + "\n".join(page.evaluate("window.focusTrace.slice(-40)"))) from None
        page.evaluate("document.activeElement.dataset.pressed = '1'")
        page.evaluate(f"window.focusTrace.push('Enter, turn {turns + 1}')")
        page.keyboard.press("Enter")
        turns += 1
        page.wait_for_function("!document.querySelector('[data-pressed]')")  # the table drew the move
    assert turns >= 9, turns  # at least one call and eight cards
    expect(page.locator('#gt-dialog[open] [data-action="continue"]')).to_be_focused()
    page.keyboard.press("Enter")  # the next deal
    expect(page.locator("#gt-dialog[open]")).to_have_count(0)
    # The dialog's close event (a task after it closes) gives the focus back to the game.
    page.wait_for_function("document.activeElement?.closest('#gt-table-host') !== null", timeout=2_000)
    wait_my_turn(page)
    assert page.evaluate(f"document.activeElement?.matches('{ACTIONS}')"), page.evaluate(
        "document.activeElement?.outerHTML.slice(0, 120)")


def test_the_players_turn_takes_the_focus_even_if_the_browser_refuses_it_once(page: Page) -> None:
    # focus() does nothing, silently, on an element the browser cannot focus at that moment: once in CI the player's
    # turn was drawn with the focus left on the table, and a keyboard player's Enter did nothing. The table asks
    # again at the next frame. Here the browser's refusal is made to happen: the first focus() on a playable card
    # after the player's card does nothing.
    state, _ = drive(api("new_match", seed=5)["state"],
                     lambda v: v["phase"] == "play" and v["toAct"] == HUMAN and len(v["hand"]) >= 4)
    open_game(page, query="speed=0", fragment=fragment(state))
    wait_my_turn(page, "play")
    page.locator(".gt-hand .is-legal").first.focus()
    page.evaluate("""() => { const focus = HTMLElement.prototype.focus;
      HTMLElement.prototype.focus = function (...args) {
        if (!window.refuse || !this.matches('.gt-hand .is-legal')) return focus.apply(this, args);
        window.refuse = false;
        window.refused = true; }; }""")
    page.evaluate("window.refuse = true")
    page.keyboard.press("Enter")
    page.wait_for_function("window.refused === true")
    wait_my_turn(page, "play")
    page.wait_for_function("document.activeElement?.matches('.gt-hand .is-legal')", timeout=5_000)


def test_the_focus_survives_the_bars_redraws_and_a_dialogs(page: Page) -> None:
    # From a keyboard review: the focus fell to the page's body at the next bot move when it was on a bar button
    # (the bar is redrawn at every move), and in Settings when the language changed (the dialog is redrawn); the
    # bots played on while a dialog was open, unheard (a screen reader ignores what is outside a modal dialog).
    lead_a_card(page, speed="slow")
    settings = page.locator('[data-action="open-settings"]')
    settings.focus()
    expect(page.locator('.gt-table[data-to-act="Top"]')).to_be_attached(timeout=20_000)   # Left has moved: redrawn
    expect(settings).to_be_focused()
    page.keyboard.press("Enter")
    dialog = page.locator("#gt-dialog[open]")
    expect(dialog).to_have_attribute("aria-labelledby", "gt-dialog-title")
    expect(page.locator("#gt-dialog-title")).to_have_text("Settings")
    moves = saved_state(page)
    page.locator("#gt-lang").focus()
    page.keyboard.press("ArrowDown")   # English -> Français: the dialog is redrawn in French
    expect(page.locator("#gt-dialog-title")).to_have_text("Réglages")
    expect(page.locator("#gt-lang")).to_be_focused()
    page.keyboard.press("ArrowUp")     # ... and back, with the keyboard still there
    expect(page.locator("#gt-dialog-title")).to_have_text("Settings")
    page.wait_for_timeout(2500)        # two slow bot moves' time: nobody played while the dialog was open
    assert saved_state(page) == moves
    page.keyboard.press("Escape")
    expect(dialog).to_have_count(0)
    wait_my_turn(page, "play")         # the bots went on after it closed
    assert saved_state(page) != moves


def test_a_new_match_started_by_keyboard_takes_the_focus_to_the_game(page: Page) -> None:
    # "Start the match" gave the focus back to the bar's "New match" button (or to the page's body): about ten Tabs
    # from the game. It goes to the game, and to the player's first choice when their turn comes; a call turn
    # offers Accept first (one Enter on the first allowed call used to announce a contract).
    open_game(page, query="speed=fast")
    page.locator('[data-action="open-new-match"]').focus()
    page.keyboard.press("Enter")
    page.locator('[data-action="start-match"]').focus()
    before = saved_state(page)
    page.keyboard.press("Enter")
    expect(page.locator("#gt-dialog[open]")).to_have_count(0)
    page.wait_for_function("(before) => JSON.parse(localStorage.getItem('giretra.match') || 'null')?.state !== before",
                           arg=before)   # the new match is there
    wait_my_turn(page)
    focused = page.evaluate("(() => { const a = document.activeElement; return [a.dataset.action || a.tagName,"
                            " a.matches('.gt-calls .is-legal, .gt-cut .is-legal')]; })()")
    assert focused[1], focused
    if page.locator('.gt-calls [data-action="ok"].is-legal').count():
        assert focused[0] == "ok", focused


def test_a_hint_takes_the_focus_to_the_choice_it_names(page: Page) -> None:
    state, _ = drive(api("new_match", seed=5)["state"], lambda v: v["phase"] == "play" and v["toAct"] == HUMAN
                     and sum(a["type"] == "card" and a["legal"] for a in v["legal"]) > 1)
    open_game(page, fragment=fragment(state))
    wait_my_turn(page, "play")
    page.locator('[data-action="hint"]').focus()
    page.keyboard.press("Enter")
    hinted = page.locator(".gt-hand .is-hinted")
    expect(hinted).to_have_count(1)
    expect(hinted).to_be_focused()   # it stayed on the first playable card, the hinted one up to 6 Tabs away


def test_reload_mid_trick_resumes_the_same_state(page: Page) -> None:
    state, _ = drive(api("new_match", seed=3)["state"],
                     lambda v: v["phase"] == "play" and v["toAct"] == HUMAN and len(v["trick"]["cards"]) == 1)
    # Slow bots: the trick stays half-played for a while after the human's card.
    open_game(page, query="speed=slow", fragment=fragment(state))
    wait_my_turn(page, "play")
    card = legal_cards(page)[0]
    page.locator(f'.gt-hand [data-card="{card}"]').click()
    expect(page.locator(f'.gt-trick__slot--bottom [data-card="{card}"]')).to_be_visible()
    # A bot thinks: the status line says so, once (the seat repeated it on a line of its own).
    expect(page.locator(".gt-status.is-thinking")).to_contain_text("is thinking")
    assert page.locator(".gt-table").get_by_text("is thinking").count() == 1
    before = saved_state(page)
    assert before is not None and before != state
    trick_before = trick_cards(page)
    hand_before = hand(page)

    page.reload()  # mid-trick, while a bot is thinking
    wait_ready(page)

    assert page.url.endswith("?speed=slow")  # the shared fragment is gone: a reload resumes the save
    resumed_state = saved_state(page)
    # The same match, its moves the ones saved before (a bot may have played on since: on a loaded machine its pause
    # can end between the read above and the reload). The notation's last field counts the moves, so it is left out.
    assert resumed_state is not None and resumed_state.rsplit(" ", 1)[0].startswith(before.rsplit(" ", 1)[0])
    assert hand(page) == hand_before
    resumed = trick_cards(page)
    assert set(trick_before) <= set(resumed)  # the same trick (a bot may have played on since)


def trick_cards(page: Page) -> list[str]:
    """The current trick's cards in seat order Bottom, Left, Top, Right."""
    return [str(c) for c in page.locator(".gt-trick__slot .gt-card").evaluate_all(
        "els => els.map(e => e.dataset.seat + ':' + e.dataset.card)")]


def test_the_last_trick_of_a_deal_says_who_won_it_once(page: Page) -> None:
    # The human plays the last card of the deal; during the pause the trick keeps its number, and the status
    # alone names its winner.
    state, view = drive(api("new_match", seed=2)["state"], lambda v: v["phase"] == "play" and v["toAct"] == HUMAN
                        and len(v["tricks"]) == 7 and len(v["trick"]["cards"]) == 3)
    card = next(a["card"] for a in view["legal"] if a["type"] == "card" and a["legal"])
    won = api("apply", state=state, seat=HUMAN, action=card)["event"]["trickComplete"]
    open_game(page, query="speed=slow", fragment=fragment(state))
    wait_my_turn(page, "play")
    bar = page.locator(".gt-bar").inner_text()
    page.locator(f'.gt-hand [data-card="{card}"]').click()
    expect(page.locator(".gt-table[data-pausing]")).to_be_attached()
    expect(page.locator(".gt-trick__caption")).to_have_text("Trick 8 of 8")
    # Its points with the 10 the last trick adds (S-1), which the deal's summary counts: they were left out.
    expect(page.locator(".gt-status__text")).to_have_text(
        f"{won['winner']} wins trick 8 (+{won['points']}, and +10 for the last trick)")
    assert won["bonus"] == 10
    assert page.locator(".gt-table").get_by_text("wins trick 8").count() == 1
    # Until the result is shown, the table stays on this deal: its score and number, its contract, nobody to
    # play (it jumped to the next deal's score and dealer, and named the next cutter "to play").
    assert page.locator(".gt-bar").inner_text() == bar
    expect(page.locator(".gt-table")).to_have_attribute("data-phase", "play")
    expect(page.locator(".gt-contract")).to_be_visible()
    expect(page.locator(".gt-chip--turn")).to_have_count(0)
    expect(page.locator(".gt-trick__next")).to_have_text("See the result")  # no trick follows
    page.locator(".gt-trick__next").click()
    expect(page.locator("#gt-dialog[open] .gt-summary__lines")).to_be_visible()
    # For a screen reader the result dialog is named by its title and described by the engine's arithmetic.
    expect(page.locator("#gt-dialog")).to_have_attribute("aria-describedby", "gt-dialog-lines")
    expect(page.locator("#gt-dialog-lines")).to_contain_text("Card points")
    expect(page.locator("#gt-dialog-title")).to_have_text(f"Deal {view['dealNumber']}: the result")
    # Behind it the bar names the same deal until the player moves on (it said the next deal's number).
    expect(page.locator(".gt-score__deal")).to_have_text(f"deal {view['dealNumber']}")
    page.locator('#gt-dialog[open] [data-action="continue"]').click()
    expect(page.locator(".gt-score__deal")).to_have_text(f"deal {view['dealNumber'] + 1}")


def human_accept_ends_the_bids_and_leads(view: dict[str, Any], state: str) -> bool:
    if view["phase"] != "negotiation" or view["toAct"] != HUMAN:
        return False
    if not any(a.get("action") == "ok" and a["legal"] for a in view["legal"]):
        return False
    after = api("apply", state=state, seat=HUMAN, action="ok")["view"]
    return bool(after["phase"] == "play" and after["toAct"] == HUMAN)


def test_the_cards_dealt_after_the_bids_drop_in_once(page: Page) -> None:
    # The human's Accept ends the negotiation and the human leads trick 1: the three cards dealt then drop
    # into the hand once; a redraw (here the hint) must not start their animation again (they greyed out and
    # fell in anew at every click until a card was played).
    found = (_first_state(api("new_match", seed=seed)["state"], human_accept_ends_the_bids_and_leads)
             for seed in range(1, 40))
    state = next((s for s in found if s), "")
    assert state, "no seed where the human's Accept ends the negotiation and the human leads"
    open_game(page, query="speed=fast", fragment=fragment(state))
    wait_my_turn(page, "negotiation")
    page.locator('.gt-calls [data-action="ok"]').click()
    expect(page.locator(".gt-hand .gt-card.is-new")).to_have_count(3)
    # A screen reader hears them once, by name (the player had to walk the hand to find them).
    names = page.locator(".gt-hand .gt-card.is-new").evaluate_all("els => els.map((e) => e.getAttribute('aria-label'))")
    expect(page.locator("#gt-live")).to_contain_text("Your new cards: ")
    # The player's own call is said as the screen names the seat: "You", not "Bottom".
    expect(page.locator("#gt-live")).to_contain_text("You: ")
    expect(page.locator("#gt-live")).not_to_contain_text("Bottom")
    for name in names:
        expect(page.locator("#gt-live")).to_contain_text(name.split(" — ")[0])   # "Nine of spades — playable"
    wait_my_turn(page, "play")
    page.wait_for_timeout(1000)  # the animation (2 x 220 ms) is long over
    page.locator('[data-action="hint"]').click()
    expect(page.locator(".gt-hand .is-hinted")).to_have_count(1)
    running = page.evaluate("""() => [...document.querySelectorAll('.gt-hand .gt-card')]
        .flatMap((card) => card.getAnimations()).filter((a) => a.animationName === 'gt-deal-in').length""")
    assert running == 0, f"{running} cards of the hand are dropping in again"


def _first_state(state: str, stop: Any) -> str | None:
    """Like gameplay.drive (every seat a bot), but *stop* also sees the state; None if never."""
    for _ in range(60):
        view = api("view", state=state, seat=HUMAN)
        if stop(view, state):
            return state
        if view["phase"] not in ("cut", "negotiation") or not view["toAct"]:
            return None
        seat = view["toAct"]
        action = api("bot_action", state=state, seat=seat, seed=0, level="random")["action"]
        state = api("apply", state=state, seat=seat, action=action)["state"]
    return None


def test_a_double_tap_on_next_trick_does_not_open_the_last_trick(page: Page) -> None:
    # "Last trick" takes the place of "Next trick" when the pause ends: a double tap on Next (or a tap just as the
    # pause ended by itself) opened the last trick and hid the new one while the bots played into it.
    # The fourth card of a trick that a bot wins whatever the human plays: the bots play on after the pause.
    state = api("new_match", seed=5)["state"]
    for _ in range(400):
        view = api("view", state=state, seat=HUMAN)
        if view["phase"] == "play" and view["toAct"] == HUMAN and len(view["trick"]["cards"]) == 3:
            legal = [a["card"] for a in api("legal", state=state, seat=HUMAN)["actions"] if a["legal"]]
            winners = {api("apply", state=state, seat=HUMAN, action=card)["event"]["trickComplete"]["winner"]
                       for card in legal}
            if HUMAN not in winners:
                break
        action = api("bot_action", state=state, seat=view["toAct"], seed=0, level="random")["action"]
        state = api("apply", state=state, seat=view["toAct"], action=action)["state"]
    open_game(page, query="speed=slow", fragment=fragment(state))
    wait_my_turn(page, "play")
    page.locator(".gt-hand .is-legal").first.click()   # the fourth card: the trick's pause begins
    box = page.locator(".gt-trick__next").bounding_box()
    assert box is not None
    # The double tap inside the page, so that a loaded machine cannot space its taps out (Playwright's two clicks were
    # once hundreds of ms apart): a tap on Next trick, then a second one made just after it (an event's timeStamp is
    # when it was made) and handled on whatever the redraw put under the same finger, as a busy phone handles it. (The
    # second tap made after the redraw took 732 ms on a loaded CI machine: the page then took it for a new tap.)
    # The busy phone made here: once the next trick is saved (the pause over), the page is held 600 ms before it
    # draws, as a loaded machine held it.
    taps = page.evaluate("""async ({ x, y }) => {
      const under = () => document.elementFromPoint(x, y);
      const saved = () => localStorage.getItem('giretra.match');
      const before = saved();
      let held = false;
      const first = under();
      first.click();
      const second = new MouseEvent('click', { bubbles: true, cancelable: true, view: window });   // made now
      await new Promise((drawn) => {
        const look = () => {
          if (!held && saved() !== before) {
            held = true;
            for (const until = performance.now() + 600; performance.now() < until;);
          }
          return under()?.closest('.gt-trick__peek') ? drawn() : requestAnimationFrame(look);
        };
        look();
      });
      const target = under();
      target.dispatchEvent(second);
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      return { first: first.className, second: target.className,
               peeked: document.querySelectorAll('.gt-trick.is-peek').length };
    }""", {"x": box["x"] + box["width"] / 2, "y": box["y"] + box["height"] / 2})
    assert "gt-trick__next" in taps["first"] and "gt-trick__peek" in taps["second"], taps
    assert taps["peeked"] == 0, "the second tap of a double tap on Next trick opened the last trick"
    # A deliberate tap still opens it: once the bots have played on to the player's turn (nothing closes it then).
    wait_my_turn(page, "play")
    page.locator(".gt-trick__peek").click()
    expect(page.locator(".gt-trick.is-peek")).to_have_count(1)


def test_last_trick_opens_at_once_when_there_is_no_pause(page: Page) -> None:
    # With no pauses there is no "Next trick" to tap twice: the guard against a double tap ignored "Last trick"
    # for 600 ms after every trick, so a quick tap at the player's turn did nothing.
    state, _ = drive(api("new_match", seed=5)["state"],
                     lambda v: v["phase"] == "play" and v["toAct"] == HUMAN and len(v["tricks"]) == 1)
    open_game(page, query="speed=0", fragment=fragment(state))
    wait_my_turn(page, "play")
    page.locator(".gt-hand .is-legal").first.click()   # the bots finish the trick and play on, at once
    wait_my_turn(page, "play")
    page.locator(".gt-trick__peek").click()
    expect(page.locator(".gt-trick.is-peek")).to_have_count(1)


SEAT_SIZES_JS = """() => Object.fromEntries([...document.querySelectorAll('.gt-seat')].map((s) => {
  const r = s.getBoundingClientRect();
  return [s.dataset.seat, [Math.round(r.width * 2) / 2, Math.round(r.height * 2) / 2]];
}))"""


def test_the_seats_keep_their_size_while_the_tricks_are_won(page: Page) -> None:
    # From a player's review: the seat at the top widened when its first trick was won ("tricks: 1" appeared), and
    # the table shifted under the player's eyes mid-deal. A seat's size is now set when the play begins.
    open_game(page, fragment="seed=11")
    sizes: dict[str, set[tuple[float, float]]] = {}
    turns = 0
    for phase in human_turns(page):
        if phase == "play":
            turns += 1
            for seat, size in page.evaluate(SEAT_SIZES_JS).items():
                sizes.setdefault(seat, set()).add(tuple(size))
        page.locator(".gt-hand .is-legal, .gt-panel .is-legal").first.click()
    assert turns == 8
    changed = {seat: sorted(seen) for seat, seen in sizes.items() if len(seen) > 1}
    assert not changed, f"seats whose box changed size during the play (width, height): {changed}"


FOCUS_LOG_JS = """
window.__focus = [];
document.addEventListener('focusin', (e) => {
  const t = e.target;
  window.__focus.push({ to: t.dataset?.card || t.id || t.className, toAct:
    document.querySelector('.gt-table')?.dataset.toAct ?? null });
});
"""


def test_the_focus_waits_on_the_table_while_the_bots_play_and_is_not_moved_at_each_move(page: Page) -> None:
    # An accessibility audit: after the player's card the focus sat on another card of the hand, and every bot move
    # redrew the hand and focused that card's new copy: a screen reader read "Seven of spades" out again at each move.
    # It waits on the table itself (named, and kept by the redraws) until the player's turn comes.
    state, _ = drive(api("new_match", seed=5)["state"], human_leads)
    page.add_init_script(FOCUS_LOG_JS)
    open_game(page, query="speed=fast", fragment=fragment(state))
    wait_my_turn(page, "play")
    page.locator(".gt-hand .is-legal").first.focus()
    page.evaluate("window.__focus = []")
    page.keyboard.press("Enter")
    expect(page.locator(f'.gt-table:not([data-to-act="{HUMAN}"])')).to_be_attached()   # the card went down
    expect(page.locator(".gt-table:not([data-pausing])")).to_have_attribute("data-to-act", HUMAN, timeout=20_000)
    page.wait_for_timeout(300)
    moves = page.evaluate("window.__focus")
    # While the bots play: the table, and "Next trick" during the pause after the trick; never a card of the hand.
    waiting = [m["to"] for m in moves if m["toAct"] != HUMAN]
    assert set(waiting) <= {"gt-table-host", "gt-btn gt-trick__next"} and len(waiting) <= 3, moves
    expect(page.locator("#gt-table-host")).to_have_attribute("aria-label", "Game table")
    assert page.evaluate("document.activeElement.matches('.gt-hand .is-legal, .gt-trick__next')"), moves


def test_a_card_pressed_while_the_bots_play_says_wait_in_the_players_words(page: Page) -> None:
    # An audit: Enter on a card before one's turn said "It is Left's turn, not Bottom's." with a rule to read.
    lead_a_card(page, speed="slow")
    waiting = page.locator('.gt-table[data-to-act="Left"]')
    expect(waiting).to_be_attached()
    # Every line the screen reader's log is given from now on, kept as it comes: the bots play on meanwhile, and under
    # load their moves had already followed the answer as the log's last line when the test read it.
    page.evaluate("""() => { window.saidLines = [];
      new MutationObserver((changes) => { for (const c of changes) for (const n of c.addedNodes)
        window.saidLines.push(n.textContent); }).observe(document.querySelector('#gt-live'), { childList: true }); }""")
    page.locator(".gt-hand [data-card]").first.click(force=True)
    status = page.locator(".gt-status__text")
    expect(status).to_have_text(re.compile(r"^Not your turn yet: waiting for (Left|Top|Right)\.$"))
    expect(page.locator(".gt-status a.gt-rule-link")).to_have_count(0)
    page.wait_for_function("window.saidLines.some((line) => line.startsWith('Not your turn yet'))")


def test_the_moves_are_a_log_a_screen_reader_reads_in_turn(page: Page) -> None:
    # An audit: each move replaced the live region's text, cutting the one before off when the moves came faster
    # than speech. Each is a new line of a log (role=log), the last 12 kept; a new match where the player cuts first
    # says so.
    seed = next(s for s in range(1, 60) if api("new_match", seed=s, players={"Bottom": "human"})["view"]["toAct"]
                == HUMAN)
    open_game(page, query="speed=0", fragment=f"seed={seed}")
    page.locator('[data-action="open-new-match"]').click()
    page.locator("#gt-seed").fill(str(seed))
    page.locator('#gt-dialog [data-action="start-match"]').click()
    live = page.locator("#gt-live")
    expect(live).to_have_attribute("role", "log")
    expect(live.locator("p").last).to_have_text("A new match starts. Your turn: cut the deck.")
    # Every line the log ever holds, recorded as it is added: how many moves pass between two reads of the test
    # depends on the machine's load (what comes within one tick is said together), so reading only the kept lines
    # could find the player's first lines already let go.
    page.evaluate("""() => {
      const live = document.querySelector('#gt-live');
      window.gtLog = { lines: [], most: live.childElementCount };
      new MutationObserver((records) => {
        for (const r of records) for (const p of r.addedNodes) window.gtLog.lines.push(p.textContent);
        window.gtLog.most = Math.max(window.gtLog.most, live.childElementCount);
      }).observe(live, { childList: true });
    }""")
    page.locator(".gt-cut .is-legal").first.click()
    # The player's own moves start lines of their own ("You cut …", "You: …", "You play …"), the bots' follow. Counted
    # in the log, not in clicks: on a fast machine a click while the engine answered the last one is dropped (busy).
    for _ in range(2000):
        said = page.evaluate("() => window.gtLog.lines")
        if sum(line.startswith("You") for line in said) >= 3:
            break
        play_one_step(page)
    assert any(line.startswith("You cut ") for line in said), said   # the player's moves start lines of their own
    assert any(line.startswith("You: ") for line in said), said
    # What the log keeps now, and what was said, read together (the bots may still be moving).
    log = page.evaluate("() => ({ kept: [...document.querySelectorAll('#gt-live > p')].map((p) => p.textContent),"
                        " said: window.gtLog.lines, most: window.gtLog.most })")
    kept, said = log["kept"], log["said"]
    assert 4 <= len(kept) <= 12, kept   # one line a move, the oldest let go
    assert kept[-min(len(kept), len(said)):] == said[-min(len(kept), len(said)):], log   # the newest lines kept
    assert log["most"] <= 12, log   # never more than 12 lines kept


def test_undo_takes_back_the_players_card_and_the_bots_answers_then_each_card_before_never_the_calls(
        page: Page) -> None:
    state, _ = drive(api("new_match", seed=5)["state"], lambda v: human_leads(v) and len(v["tricks"]) >= 5)
    open_game(page, fragment=fragment(state))
    wait_my_turn(page, "play")
    hand_before = hand(page)
    undo = page.locator('[data-action="take-back"]')
    expect(undo).to_have_text("Undo")
    card = legal_cards(page)[0]
    page.locator(f'.gt-hand [data-card="{card}"]').click()
    expect(page.locator(f'.gt-hand [data-card="{card}"]')).to_have_count(0)
    wait_my_turn(page)   # the three bots have answered (and the trick is won), and it is the player's turn again
    after_card = saved_state(page)
    assert after_card != state

    undo.focus()
    page.keyboard.press("Enter")

    expect(page.locator(f'.gt-hand [data-card="{card}"]')).to_have_count(1)
    expect(page.locator(".gt-trick [data-card]")).to_have_count(0)   # the trick the card led is undone with it
    assert hand(page) == hand_before
    assert saved_state(page) == state   # the very position before the card, saved so
    expect(page.locator("#gt-live > p:last-child")).to_have_text(re.compile(
        r"^Taken back: .+, and the \d+ moves after it\. Your turn: play one of your playable cards\.$"))
    expect(undo).to_be_focused()   # a keyboard player can take back once more

    # A double press (a double click, a double tap) takes back one card, not two.
    page.wait_for_timeout(500)   # (this first press must not itself be the second half of the Enter's double press)
    before = saved_state(page)
    # Inside the page, the second press once the first is answered and drawn (the engine answers within 60 ms; the
    # button stays put): Playwright's clicks, each a round trip, came more than 400 ms apart on a loaded machine.
    gap = page.evaluate("""async (before) => {
      const press = () => document.querySelector('[data-action="take-back"]').click();
      const saved = () => JSON.parse(localStorage.getItem('giretra.match')).state;
      press();
      const at = performance.now();
      await new Promise((answered) => {
        const look = () => (saved() !== before ? answered() : requestAnimationFrame(look));
        look();
      });
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      const gap = performance.now() - at;
      press();
      return gap;
    }""", before)
    assert gap < 400, f"the first press took {gap:.0f} ms to be answered and drawn: no double press"
    page.wait_for_timeout(600)   # (what the second press would have asked has come)
    assert api("take_back", state=before, seat=HUMAN)["state"] == saved_state(page)

    # Again and again, each card of the player's before (a forced one stepped over), and no further than the play.
    undo.focus()
    for _ in range(8):
        if undo.get_attribute("aria-disabled") == "true":
            break
        before = saved_state(page)
        cards = len(hand(page))
        page.wait_for_timeout(450)   # (a press within 400 ms of the last answer is the second half of a double press)
        page.keyboard.press("Enter")
        page.wait_for_function("s => JSON.parse(localStorage.getItem('giretra.match')).state !== s", arg=before)
        # Drawn, not only saved: the table said "your turn" before the take-back too, so the next Enter could reach the
        # old frame's button, which a press on an out-of-date frame does nothing with (red once at load 20).
        page.wait_for_function("n => document.querySelectorAll('.gt-hand [data-card]').length > n", arg=cards)
        wait_my_turn(page, "play")
    first = saved_state(page)
    assert first is not None
    view = api("view", state=first, seat=HUMAN)
    assert view["canTakeBack"] is False and view["phase"] == "play"   # the calls before stand
    # Every card the player played before this position was forced (the only one they could play): stepped over.
    match = parse_match(first)
    assert all(len(d.legal_actions()) == 1 for d, seat, _ in match.deal.replay()
               if seat is Seat.BOTTOM and d.phase is DealPhase.PLAY)
    expect(undo).to_be_focused()   # still there, disabled: one more Enter makes no call nor card, and says why
    page.wait_for_timeout(450)
    page.keyboard.press("Enter")
    expect(page.locator(".gt-status.is-reason .gt-status__text")).to_have_text(
        "Nothing left to take back in this phase of the deal.")   # short: a 320 px phone shows it whole
    assert saved_state(page) == first


def test_undo_during_the_bidding_takes_back_a_call_never_the_cut(page: Page) -> None:
    state, _ = drive(api("new_match", seed=5)["state"], lambda v: v["phase"] == "negotiation" and v["toAct"] == HUMAN
                     and sum(c["seat"] == HUMAN for c in v["calls"]) == 1)
    open_game(page, fragment=fragment(state))
    wait_my_turn(page, "negotiation")
    undo = page.locator('[data-action="take-back"]')
    expect(undo).not_to_have_attribute("aria-disabled", "true")
    undo.click()
    page.wait_for_function("s => JSON.parse(localStorage.getItem('giretra.match')).state !== s", arg=state)
    wait_my_turn(page, "negotiation")
    first = saved_state(page)
    assert first is not None and not [c for c in api("view", state=first, seat=HUMAN)["calls"] if c["seat"] == HUMAN]
    expect(undo).to_have_attribute("aria-disabled", "true")   # the player's first call: the cut before it stays
    # Not at the player's cut (never taken back), even in the second deal, where the calls and cards before are theirs.
    cut, _ = drive_from_any(lambda v: v["phase"] == "cut" and v["toAct"] == HUMAN and v["dealNumber"] == 2)
    open_game(page, fragment=fragment(cut))
    wait_my_turn(page, "cut")
    expect(page.locator('[data-action="hint"]')).to_be_visible()
    expect(undo).to_have_count(0)
