"""The table's motion (web/js/view/motion.js): the cut, the deal, a card to the trick, the trick gathered, the contract.

No test waits on time: the table's host carries data-motion="<kinds>" while something moves, and a MutationObserver
installed before the page's scripts logs every value it takes (and the size of the packet the cut lifted), so that a
motion as short as the fast speed's is seen even on a busy machine. The card backs are checked here too.
"""

from __future__ import annotations

import re

from conftest import open_game
from gameplay import api, bots_until_human, drive, fragment, saved_state, wait_my_turn
from playwright.sync_api import Browser, Page, expect
from test_responsiveness import CATEGORIES, main_thread_tasks

# Logs each data-motion value and each cut packet's size (its data-k) in window.motionLog.
MOTION_LOG_JS = """
window.motionLog = [];
new MutationObserver((records) => {
  for (const r of records) {
    if (r.type === 'attributes') {
      const v = r.target.getAttribute('data-motion');
      if (v) for (const kind of v.split(' ')) if (window.motionLog.at(-1) !== kind) window.motionLog.push(kind);
    }
    for (const n of r.addedNodes ?? []) if (n.dataset?.k) window.motionLog.push(`k=${n.dataset.k}`);
  }
}).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-motion'] });
"""
PLAYERS = {"Bottom": "human", "Left": "advanced", "Top": "advanced", "Right": "advanced"}
MOVING = "#gt-table-host[data-motion]"
GHOSTS = "#gt-table-host .gt-motion > *"


def logged(page: Page) -> list[str]:
    return list(page.evaluate("window.motionLog"))


def wait_logged(page: Page, *kinds: str) -> None:
    page.wait_for_function("(kinds) => kinds.every((k) => window.motionLog.includes(k))", arg=list(kinds))


def open_with_log(page: Page, speed: str, seed: int) -> None:
    page.add_init_script(MOTION_LOG_JS)
    open_game(page, query=f"speed={speed}", fragment=f"seed={seed}")


def call_until_the_play(page: Page) -> None:
    """The player's first legal call, then Accept at each turn until the play: each call taken by the engine (the
    saved match changes) and drawn (two frames later) before the next turn is looked for. Looked for at once, the
    turn just played still showed, and its Accept, pressed again, was waited for in vain."""
    call = page.locator(".gt-calls .is-legal").first
    while True:
        wait_my_turn(page)
        if page.locator(".gt-table[data-phase='play']").count():
            return
        before = saved_state(page)
        call.click()
        page.wait_for_function("s => JSON.parse(localStorage.getItem('giretra.match')).state !== s", arg=before)
        page.evaluate("new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
        call = page.locator(".gt-calls [data-action='ok'].is-legal")


def bot_cut(seed: int) -> int:
    """The number of cards the bot who cuts in match *seed* lifts (the engine's own choice)."""
    match = api("new_match", seed=seed, players=PLAYERS)
    cutter = match["view"]["toAct"]
    return int(api("bot_action", state=match["state"], seat=cutter, seed=0)["action"][1:])


def test_a_bots_cut_parts_the_deck_where_it_cut_then_the_deal_comes_in_packets(page: Page) -> None:
    open_with_log(page, "fast", 4)   # Top deals, Right cuts
    page.locator(".gt-table.is-my-turn").wait_for()
    wait_logged(page, "cut", "deal")
    assert f"k={bot_cut(4)}" in logged(page), logged(page)
    assert logged(page).index("cut") < logged(page).index("deal")
    expect(page.locator(MOVING)).to_have_count(0)
    expect(page.locator(GHOSTS)).to_have_count(0)   # every packet gone once dealt
    expect(page.locator(".gt-hand .gt-card")).to_have_count(5)


def test_the_players_own_cut_parts_the_deck_at_the_chosen_card(page: Page) -> None:
    open_with_log(page, "fast", 12)   # Right deals: the player cuts
    page.locator(".gt-cut [data-action='c9']").click()
    wait_logged(page, "cut", "deal", "k=9")
    expect(page.locator(".gt-hand .gt-card")).to_have_count(5)


def test_a_card_travels_to_the_trick_and_the_trick_is_gathered_after_the_contract_settled(page: Page) -> None:
    open_with_log(page, "fast", 4)
    call_until_the_play(page)
    wait_logged(page, "contract")
    page.locator(".gt-hand .is-legal").first.click()
    wait_logged(page, "card", "gather")
    expect(page.locator(GHOSTS)).to_have_count(0)


# Every animation the page makes is held (paused) the moment it is made, until the motion is first finished (the
# skip: a key or a tap on the table): a slow cut and deal wait where they start for the test to look at them. (Paused
# once seen moving, they could have ended already on a busy machine: once, under two busy loops, the cut's
# animations were gone when the test set their time.)
HOLD_MOTION_JS = """(() => {
  const { animate } = Element.prototype;
  const { finish } = Animation.prototype;
  let held = true;
  Element.prototype.animate = function (...args) {
    const made = animate.apply(this, args);
    if (held) made.pause();
    return made;
  };
  Animation.prototype.finish = function (...args) {
    held = false;
    return finish.apply(this, args);
  };
})()"""


def hold_motion(page: Page) -> None:
    """From the page's start, every animation held where it starts until a skip finishes them (call before opening)."""
    page.add_init_script(HOLD_MOTION_JS)


def hold_the_deal(page: Page) -> None:
    """The slow deal, held from its start (hold_motion): only a skip can end it now."""
    page.wait_for_function("document.querySelector('#gt-table-host')?.dataset.motion?.includes('deal')", polling="raf")
    expect(page.locator(MOVING)).to_have_attribute("data-motion", re.compile("deal"))


def assert_dealt_once(page: Page, seed: int) -> None:
    """The deal went on after the skip as without it: the player's five cards, and every call before theirs."""
    page.locator(".gt-table.is-my-turn").wait_for()
    expect(page.locator(".gt-hand .gt-card")).to_have_count(5)
    _, view = bots_until_human(api("new_match", seed=seed, players=PLAYERS)["state"])
    assert sorted(page.locator(".gt-hand [data-card]").evaluate_all("els => els.map((e) => e.dataset.card)")) \
        == sorted(view["hand"])
    expect(page.locator(".gt-center .gt-bids-history li")).to_have_count(len(view["calls"]))
    # Every card of the hand shows (none left at the deck's place or faded out by a motion cut short)
    assert page.locator(".gt-hand .gt-card").evaluate_all(
        "els => els.every((e) => getComputedStyle(e).opacity === '1' && !e.getAnimations().length)")


def test_a_key_ends_the_motion_at_once_and_loses_no_move(page: Page) -> None:
    hold_motion(page)
    open_with_log(page, "slow", 4)
    hold_the_deal(page)
    page.keyboard.press("x")
    expect(page.locator(MOVING)).to_have_count(0)
    expect(page.locator(GHOSTS)).to_have_count(0)
    assert_dealt_once(page, 4)


def test_a_tap_on_the_table_ends_the_motion_at_once(page: Page) -> None:
    hold_motion(page)
    open_with_log(page, "slow", 4)
    hold_the_deal(page)
    page.locator(".gt-center").click(position={"x": 5, "y": 5})
    expect(page.locator(MOVING)).to_have_count(0)
    assert_dealt_once(page, 4)


def test_nothing_moves_under_reduced_motion(page: Page) -> None:
    page.emulate_media(reduced_motion="reduce")
    open_with_log(page, "slow", 4)
    page.locator(".gt-table.is-my-turn").wait_for()
    assert logged(page) == []
    on_table = "document.getAnimations().filter((a) => a.effect?.target?.closest?.('.gt-table-host')).length"
    assert page.evaluate(on_table) == 0


def test_nothing_moves_at_the_instant_speed(page: Page) -> None:
    """The browser tests play at speed=0: their pace is not slowed by the motion."""
    open_with_log(page, "0", 4)
    page.locator(".gt-table.is-my-turn").wait_for()
    page.locator(".gt-calls .is-legal").first.click()
    page.locator(".gt-table.is-my-turn").wait_for()
    assert logged(page) == []


def test_the_deck_and_the_bots_hands_show_the_projects_card_back(page: Page) -> None:
    open_game(page, query="speed=0", fragment="seed=12")   # the player cuts: the deck waits in the middle
    back = page.locator(".gt-deck .gt-back").first
    expect(back).to_be_visible()
    image = back.evaluate("(e) => getComputedStyle(e).backgroundImage")
    assert "repeating-linear-gradient" in image and "radial-gradient" in image, image   # drawn in CSS, nothing fetched
    page.locator(".gt-cut .is-legal").first.click()
    page.locator(".gt-table[data-phase='negotiation']").wait_for()
    for seat in ("Left", "Top", "Right"):
        expect(page.locator(f".gt-seat[data-seat='{seat}'] .gt-seat__backs .gt-back")).to_have_count(5)


def test_no_long_task_while_the_table_moves(page: Page, browser: Browser) -> None:
    """The cut, the deal, the contract and a trick at the normal speed: no main-thread task uses 50 ms of CPU (the
    trace's thread time: a busy machine stretches a task's wall time, not its CPU time)."""
    open_with_log(page, "normal", 4)
    browser.start_tracing(page=page, categories=CATEGORIES)
    try:
        call_until_the_play(page)
        page.locator(".gt-hand .is-legal").first.click()
        wait_logged(page, "cut", "deal", "contract", "card", "gather")
    finally:
        tasks = main_thread_tasks(browser.stop_tracing())
    print(f"main-thread tasks over 50 ms while the table moved (wall, CPU): {tasks}")
    assert [t for t in tasks if t["cpu_ms"] >= 50] == [], tasks


def test_the_last_trick_of_a_deal_is_not_gathered_over_the_next_deal(page: Page) -> None:
    # The deal's last trick stays on the table for the pause; then the next deal comes, with the result. Its gather
    # was played after the pause, over the next deal's table (and its cut).
    state, _ = drive(api("new_match", seed=4, players=PLAYERS)["state"],
                     lambda v: v["phase"] == "play" and len(v["tricks"]) == 7 and len(v["trick"]["cards"]) == 3
                     and v["toAct"] == "Bottom")
    page.add_init_script(MOTION_LOG_JS)
    open_game(page, query="speed=fast", fragment=fragment(state))
    page.locator(".gt-hand .is-legal").click()
    expect(page.locator("#gt-dialog[open] .gt-summary")).to_be_visible()   # the result, over the next deal
    expect(page.locator(MOVING)).to_have_count(0)
    assert "card" in logged(page) and "gather" not in logged(page), logged(page)


# Each turn drawn (whose turn, in which phase) with the motion running when it was drawn.
TURNS_LOG_JS = """
window.turnsSeen = [];
new MutationObserver(() => {
  const table = document.querySelector('.gt-table');
  if (!table) return;
  const turn = `${table.dataset.toAct}|${table.dataset.phase}`;
  if (window.turnsSeen.at(-1)?.turn !== turn) {
    window.turnsSeen.push({ turn, motion: document.getElementById('gt-table-host')?.dataset.motion ?? '' });
  }
}).observe(document, { subtree: true, childList: true, attributes: true,
                        attributeFilter: ['data-to-act', 'data-phase'] });
"""


def test_a_bot_speaks_once_the_deal_has_reached_it(page: Page) -> None:
    """The bot's move waits for the motion of the move before it: the table draws at the next frame, and the bot's
    wait, asked before that frame, found nothing moving. At the normal speed Right spoke 600 ms after its cut, while
    the deal (about 1.6 s) was still travelling (docs/screenshots: the deal)."""
    page.add_init_script(TURNS_LOG_JS)
    open_game(page, query="speed=normal", fragment="seed=4")   # Top deals, Right cuts, then speaks first
    page.locator(".gt-table.is-my-turn").wait_for()
    seen = page.evaluate("window.turnsSeen")
    dealt = next(i for i, x in enumerate(seen) if x["turn"] == "Right|negotiation")
    assert "deal" in seen[dealt]["motion"], seen   # the cut's deal, drawn with Right's turn to speak
    assert seen[dealt + 1] == {"turn": "Bottom|negotiation", "motion": ""}, seen   # Right spoke once it was over


CALLS_SHOWN_JS = """() => [...document.querySelectorAll('.gt-calls .gt-bid.is-legal')]
  .filter((b) => b.checkVisibility({ visibilityProperty: true })).length"""
# A bot's count of cards as the player sees it: (its opacity, that of its seat's whole box included)
COUNT_SEEN_JS = """(seat) => parseFloat(getComputedStyle(
  document.querySelector(`.gt-seat[data-seat="${seat}"] .gt-seat__count`)).opacity)"""


def test_the_calls_wait_for_the_deal_and_the_bots_counts_for_their_packets(page: Page) -> None:
    # docs/screenshots (cut-*): while the cut and the deal still moved, the player's calls were drawn and live ("Your
    # turn to speak", the announcements lit) with no card in the hand yet, and each bot's seat said "cards: 5" while
    # its packets travelled. The calls come (and take the focus) once the deal is over or skipped.
    hold_motion(page)
    open_with_log(page, "slow", 12)   # Right deals: the player cuts, then speaks first
    page.locator(".gt-cut [data-action='c14']").press("Enter")
    hold_the_deal(page)
    expect(page.locator(".gt-table.is-my-turn[data-phase='negotiation']")).to_be_attached()
    assert page.evaluate(CALLS_SHOWN_JS) == 0, "the calls are drawn while the deal moves"
    expect(page.locator(".gt-status.is-turn")).to_be_hidden()
    assert not page.evaluate("document.activeElement.matches('.gt-bid')")
    for seat in ("Left", "Top", "Right"):
        assert page.evaluate(COUNT_SEEN_JS, seat) == 0, f"{seat}'s count shows before its packets"
    expect(page.locator(".gt-seat--bottom .gt-chip--turn")).to_be_hidden()   # "to speak", once dealt
    page.keyboard.press("x")   # a key skips the motion
    expect(page.locator(MOVING)).to_have_count(0)
    page.wait_for_function(f"({CALLS_SHOWN_JS})() > 0")
    expect(page.locator(".gt-status.is-turn")).to_be_visible()
    page.wait_for_function("document.activeElement.matches('.gt-calls .gt-bid.is-legal')")   # the keyboard's turn
    expect(page.locator(".gt-seat--bottom .gt-chip--turn")).to_be_visible()
    for seat in ("Left", "Top", "Right"):
        assert page.evaluate(COUNT_SEEN_JS, seat) == 1


# The contract box as the player sees it, and whether a ghost of the cut or the deal (a packet) lies over it.
UNDER_THE_DECK_JS = """() => {
  const box = document.querySelector('.gt-contract');
  if (!box || !box.checkVisibility({ visibilityProperty: true })) return [];
  const r = box.getBoundingClientRect();
  return [...document.querySelectorAll('.gt-motion > *')].map((g) => g.getBoundingClientRect())
    .filter((g) => g.left < r.right && g.right > r.left && g.top < r.bottom && g.bottom > r.top)
    .map((g) => [Math.round(g.left), Math.round(g.top)]);
}"""


def test_the_deck_parts_over_no_contract_box_on_a_phone(page: Page) -> None:
    # docs/screenshots (cut-360x640): the cut's deck is drawn where the deck was, which on the table drawn for the
    # negotiation is the "Contract so far" box: the deck covered it while it parted. The box comes with the deal's end.
    page.set_viewport_size({"width": 360, "height": 640})   # (the page is closed after the test: see conftest.py)
    hold_motion(page)
    open_with_log(page, "slow", 12)   # Right deals: the player cuts
    page.locator(".gt-cut [data-action='c14']").click()
    page.wait_for_function("document.querySelector('#gt-table-host')?.dataset.motion?.includes('cut')", polling="raf")
    expect(page.locator(".gt-table[data-phase='negotiation']")).to_be_attached()
    expect(page.locator(GHOSTS).first).to_be_attached()
    assert page.evaluate(UNDER_THE_DECK_JS) == [], "the deck parts over the contract box"
    page.keyboard.press("x")
    expect(page.locator(MOVING)).to_have_count(0)
    expect(page.locator(".gt-contract")).to_be_visible()


# Every animation of the page set (paused) to *ms* after the cut's end: the deal's packets then leaving one by one.
AFTER_THE_CUT_JS = """(ms) => {
  const all = document.getAnimations();
  const t = (a) => a.effect.getComputedTiming();
  const cutEnd = Math.max(...all.filter((a) => a.id === 'cut').map((a) => t(a).delay + t(a).activeDuration));
  for (const a of all) { a.pause(); a.currentTime = cutEnd + ms; }
}"""
DECK_SEEN_JS = """() => [...document.querySelectorAll('.gt-motion__deck')]
  .filter((d) => parseFloat(getComputedStyle(d).opacity) > 0.5).length"""


def test_the_deal_leaves_from_a_stack_at_the_decks_place(page: Page) -> None:
    # docs/screenshots (deal-*): once the cut was over no stack was left at the deck's place, only the packets,
    # coming from nowhere. The stack stays there until the last packet has left.
    hold_motion(page)
    open_with_log(page, "slow", 12)   # Right deals: the player cuts
    page.locator(".gt-cut [data-action='c14']").click()
    hold_the_deal(page)
    page.evaluate(AFTER_THE_CUT_JS, -100)   # the cut parting: its own packets, no stack under them
    assert page.evaluate(DECK_SEEN_JS) == 0
    page.evaluate(AFTER_THE_CUT_JS, 100)   # the first packets on their way
    assert page.evaluate(DECK_SEEN_JS) == 1, "no stack where the packets leave from"
    page.keyboard.press("x")
    expect(page.locator(MOVING)).to_have_count(0)
    expect(page.locator(GHOSTS)).to_have_count(0)


# Logs whether a bot was said thinking, in view, while the deal moved.
THINKING_IN_DEAL_JS = """
window.thoughtInDeal = 0;
new MutationObserver(() => {
  const host = document.getElementById('gt-table-host');
  const status = document.querySelector('.gt-status.is-thinking');
  if (host?.dataset.motion?.includes('deal') && status?.checkVisibility({ visibilityProperty: true })) {
    window.thoughtInDeal += 1;
  }
}).observe(document, { subtree: true, childList: true, attributes: true });
"""


def test_no_bot_is_said_thinking_while_the_deal_travels(page: Page) -> None:
    # docs/screenshots (deal-*): the status said "Right is thinking" while the packets were still on their way (the
    # bot's move waits for the deal's end; its thinking was drawn at once). Said once the deal is over.
    page.add_init_script(THINKING_IN_DEAL_JS)
    open_with_log(page, "normal", 4)   # Top deals, Right cuts, then speaks first
    page.locator(".gt-table.is-my-turn").wait_for()   # Right spoke
    assert "deal" in logged(page)
    assert page.evaluate("window.thoughtInDeal") == 0, "a bot said thinking while the deal travelled"


def test_a_played_card_travels_over_the_dock_not_under_it(page: Page) -> None:
    # A whole match looked at (2026-11-29): the card the player played rose from under the pinned dock, cut off at the
    # felt's edge, as if it came out from behind the player's own seat. Held at the start of its way, the card is on
    # top where it is drawn: over the dock, over the hand.
    state, view = drive(api("new_match", seed=11, players=PLAYERS)["state"],
                        lambda v: v["phase"] == "play" and v["toAct"] == "Bottom" and len(v["trick"]["cards"]) >= 1)
    page.set_viewport_size({"width": 1280, "height": 800})
    open_game(page, query="speed=normal", fragment=fragment(state))
    wait_my_turn(page, "play")
    page.evaluate("""() => { const { animate } = Element.prototype;   // every animation from now on, held at its start
      Element.prototype.animate = function (...args) {
        const a = animate.apply(this, args); a.pause(); return a; }; }""")
    card = page.locator(".gt-hand .is-legal").first
    code = card.get_attribute("data-card")
    card.click()
    expect(page.locator(MOVING)).to_have_attribute("data-motion", re.compile("card"))
    flying = page.locator(f'.gt-trick [data-card="{code}"]')
    on_top = flying.evaluate("""(el) => { const r = el.getBoundingClientRect(), x = r.left + r.width / 2;
      const dock = document.querySelector('.gt-dock').getBoundingClientRect();
      const y = Math.max(r.top + 4, dock.top + 4);   // a point of the card inside the dock's box
      const taps = getComputedStyle(el).pointerEvents;   // on its way it takes no tap meant for the hand
      el.style.setProperty('pointer-events', 'auto', 'important');   // (so that the hit test below finds it)
      return { inDock: r.bottom > dock.top, hit: el.contains(document.elementFromPoint(x, y)), taps }; }""")
    assert on_top["inDock"], "the held card is not where the dock is: the test no longer looks at what it means to"
    assert on_top["hit"], "the played card passes under the dock"
    assert on_top["taps"] == "none", on_top
