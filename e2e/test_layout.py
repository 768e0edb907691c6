"""Any device: a 360×640 phone has no horizontal scroll in any phase or dialog; controls have names."""

from __future__ import annotations

import contextlib
import re
from typing import Any

import pytest
from conftest import open_game
from gameplay import (
    HUMAN,
    api,
    bots_until_human,
    drive,
    drive_from_any,
    fragment,
    human_turns,
    play_one_step,
    saved_state,
    wait_my_turn,
)
from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

PHONE = {"width": 360, "height": 640}
ARTIFACTS = __import__("pathlib").Path(__file__).parent / "artifacts"


def no_horizontal_scroll(page: Page, where: str) -> None:
    width = page.evaluate("Math.max(document.documentElement.scrollWidth, document.body.scrollWidth)")
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"phone-{where}.png"), full_page=True)
    assert width <= PHONE["width"], f"{where}: the page is {width}px wide on a {PHONE['width']}px screen"


SETTLED_JS = """(selectors) => new Promise((done) => {
  // The boxes once the page has stopped moving: the same in two frames 100 ms apart (a redraw after a move is
  // asynchronous; measured one locator at a time, an element could be replaced between two measurements).
  const measure = () => JSON.stringify([scrollY, Object.entries(selectors).map(([name, selector]) => {
    const r = document.querySelector(selector)?.getBoundingClientRect();
    return [name, r ? { top: r.top, bottom: r.bottom } : null];
  })]);
  let last = null;
  const step = () => {
    const now = measure();
    if (now === last) {
      const [y, boxes] = JSON.parse(now);
      done({ scrollY: y, ...Object.fromEntries(boxes) });
    } else {
      last = now;
      setTimeout(() => requestAnimationFrame(step), 100);
    }
  };
  requestAnimationFrame(step);
})"""


def settled_boxes(page: Page, selectors: dict[str, str]) -> dict[str, Any]:
    """The top and bottom of each element (and scrollY) once the layout no longer changes; every element must exist."""
    boxes: dict[str, Any] = page.evaluate(SETTLED_JS, selectors)
    missing = [name for name in selectors if boxes[name] is None]
    assert not missing, f"not on the page: {missing}"
    return boxes


@pytest.fixture(scope="module")   # (the module's tests share one context: see conftest.py)
def browser_context_args(browser_context_args: dict[str, object]) -> dict[str, object]:
    return {**browser_context_args, "viewport": PHONE, "has_touch": True, "is_mobile": True}


def test_phone_layout_has_no_horizontal_scroll(page: Page) -> None:
    open_game(page, fragment="seed=0")  # the human cuts first
    wait_my_turn(page, "cut")
    no_horizontal_scroll(page, "cut")
    page.locator('[data-action="c12"]').tap()
    wait_my_turn(page, "negotiation")
    no_horizontal_scroll(page, "negotiation")
    # Play on (first legal action each time) until eight cards are in the hand.
    for _ in range(400):
        if page.locator(".gt-hand [data-card]").count() == 8 and page.locator('.gt-table[data-phase="play"]').count():
            break
        play_one_step(page)
    no_horizontal_scroll(page, "play")
    for dialog in ("open-settings", "open-share", "open-score-sheet", "open-new-match"):
        page.locator(f'[data-action="{dialog}"]').click()
        expect(page.locator("#gt-dialog[open]")).to_be_visible()
        no_horizontal_scroll(page, dialog)
        page.keyboard.press("Escape")
        expect(page.locator("#gt-dialog[open]")).to_have_count(0)


def test_every_control_has_an_accessible_name(page: Page) -> None:
    open_game(page, fragment="seed=2")
    wait_my_turn(page, "negotiation")
    nameless = page.evaluate("""() => [...document.querySelectorAll('button, select, input')]
      .filter(e => e.getClientRects().length)
      .filter(e => !(e.getAttribute('aria-label') || e.textContent.trim() || e.labels?.length))
      .map(e => e.outerHTML.slice(0, 80))""")
    assert nameless == []
    # Cards say their name; suits are symbols and words, not colours only.
    first = page.locator(".gt-hand [data-card]").first
    code = first.get_attribute("data-card") or ""
    suit = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}[code[-1]]
    expect(first).to_have_attribute("aria-label", __import__("re").compile(suit))
    expect(first.locator(".gt-face__suit")).to_have_text({"C": "♣", "D": "♦", "H": "♥", "S": "♠"}[code[-1]])


def test_reduced_motion_turns_animations_off(page: Page) -> None:
    page.emulate_media(reduced_motion="reduce")
    open_game(page, fragment="seed=2")
    wait_my_turn(page, "negotiation")
    durations = page.evaluate("""() => [...document.querySelectorAll('.gt-card, .gt-seat, .gt-bid')]
      .map(e => getComputedStyle(e)).map(s => [s.animationName, s.transitionDuration])""")
    assert all(name == "none" and duration in ("0s", "") for name, duration in durations)


def test_the_bids_so_far_wrap_instead_of_being_cut_off(page: Page) -> None:
    # A long note ("contré automatiquement") in a 360 px column: it must wrap inside its row, not be clipped.
    state = "G1 giretra.com hrrr 4 T 0-0 150 * c12.C.H.NT.ok.ok"   # Left's NoTrumps, accepted by Top: doubled
    open_game(page, query="speed=0&lang=fr", fragment=fragment(state))
    wait_my_turn(page, "negotiation")
    auto = page.locator('.gt-bids-history li[data-seat="Top"] .gt-bids-history__auto')
    expect(auto).to_have_text("(contré automatiquement)")
    clipped = page.evaluate("""() => [...document.querySelectorAll('.gt-bids-history li')]
      .filter((li) => li.scrollWidth > li.clientWidth || li.getBoundingClientRect().right
                      > li.closest('.gt-bids-history').getBoundingClientRect().right + 0.5)
      .map((li) => li.textContent)""")
    no_horizontal_scroll(page, "bids-so-far")
    assert clipped == []


def test_a_narrow_table_breaks_no_seat_name_and_no_card_covers_the_trick_caption(page: Page) -> None:
    # 320 px, in Malagasy (the longest seat name, "Havanana"; the longest caption, "Fanangonana 1 amin'ny 8"),
    # with a card of Right's on the table beside the caption.
    page.set_viewport_size({"width": 320, "height": 640})
    state, _ = drive(api("new_match", seed=7)["state"],
                     lambda v: v["phase"] == "play" and v["toAct"] == "Bottom"
                     and any(c["seat"] == "Right" for c in v["trick"]["cards"]))
    open_game(page, query="speed=0&lang=mg", fragment=fragment(state))
    wait_my_turn(page, "play")
    expect(page.locator(".gt-seat--right .gt-seat__name")).to_have_text("Havanana")
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "phone-320-mg-play.png"), full_page=True)
    broken = page.evaluate("""() => [...document.querySelectorAll('.gt-seat__name')].filter((el) => {
        const range = document.createRange(); range.selectNodeContents(el);
        return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size > 1;
      }).map((el) => el.textContent)""")
    assert broken == [], f"seat names broken over two lines: {broken}"
    covered = page.evaluate("""() => {
        const caption = document.querySelector('.gt-trick__caption');
        const range = document.createRange(); range.selectNodeContents(caption);
        const text = range.getBoundingClientRect();
        return [...document.querySelectorAll('.gt-trick [data-card]')].map((c) => c.getBoundingClientRect())
          .filter((c) => c.left < text.right - 0.5 && text.left < c.right - 0.5
                         && c.top < text.bottom - 0.5 && text.top < c.bottom - 0.5).length;
      }""")
    assert covered == 0, "a card of the trick covers its caption"
    width = page.evaluate("Math.max(document.documentElement.scrollWidth, document.body.scrollWidth)")
    assert width <= 320


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_laptop_screen_shows_the_whole_hand_while_bidding_and_playing(page: Page, lang: str) -> None:
    # 1024×700: the hand, the calls and the score bar fit the screen without scrolling. Before, the calls took
    # two lines each and the hand was wholly below the fold while choosing a bid; the French bar took two lines.
    page.set_viewport_size({"width": 1024, "height": 700})
    # The human speaks fourth, after three calls (eight calls: the next test).
    state, view = drive_from_any(lambda v: v["phase"] == "negotiation" and v["toAct"] == "Bottom"
                                 and len(v["calls"]) == 3)
    open_game(page, query=f"speed=0&lang={lang}", fragment=fragment(state))
    page.locator(".gt-notice button").click()  # dismiss "You opened a shared deal."
    wait_my_turn(page, "negotiation")
    for phase in ("negotiation", "play"):
        if phase == "play":
            # From trick 2 on, when "Last trick" is offered: its own row below the trick once pushed the hand to
            # 718 px (the test, measuring trick 1 or 2 depending on a race, failed now and then).
            mine = f'.gt-table[data-phase="play"][data-to-act="{HUMAN}"]:not([data-pausing]) .gt-trick__peek'
            for _ in range(200):
                if page.locator(mine).count():
                    break
                play_one_step(page)
        wait_my_turn(page, phase)
        boxes = settled_boxes(page, {"hand": ".gt-hand", "title": ".gt-bar__title", "buttons": ".gt-bar__actions"})
        page.screenshot(path=str(ARTIFACTS / f"laptop-{lang}-{phase}.png"))
        assert boxes["hand"]["bottom"] <= 700, f"{phase}: the hand ends at {boxes['hand']['bottom']:.0f}px"
        assert boxes["buttons"]["top"] < boxes["title"]["bottom"], "the bar's buttons went down to a second line"
        assert boxes["scrollY"] == 0


def test_a_phone_shows_the_hand_below_the_calls(page: Page) -> None:
    # 390×844: while bidding, the learner's five cards were below the screen (the page 884 px tall, 849 px to the
    # hand's top after a refused call): 18 call buttons, most of them a Double or Redouble not possible now. A kind
    # of call with nothing possible takes one line, and "Why?" unfolds it, every disabled call with its reason.
    page.set_viewport_size({"width": 390, "height": 844})
    def legal(view: dict[str, Any], kind: str) -> set[bool]:
        return {a["legal"] for a in view["legal"] if a["type"] == kind}

    # The human speaks; one kind of call has nothing possible, another some calls possible and some not.
    state, view = drive(api("new_match", seed=4)["state"], lambda v: v["phase"] == "negotiation"
                        and v["toAct"] == "Bottom" and {False} in [legal(v, k) for k in ("double", "redouble")]
                        and {True, False} in [legal(v, k) for k in ("announce", "double")])
    folded = [kind for kind in ("announce", "double", "redouble") if legal(view, kind) == {False}]
    open_game(page, query="speed=0", fragment=fragment(state))
    page.locator(".gt-notice button").click()  # dismiss "You opened a shared deal."
    wait_my_turn(page, "negotiation")
    for kind in folded:
        row = page.locator(f".gt-calls__row--{kind}")
        expect(row.locator(".gt-bid")).to_have_count(6)
        expect(row.locator(".gt-bid").first).to_be_hidden()
        expect(row.locator(".gt-calls__none")).to_be_hidden()   # held upright, the whole row waits to be unfolded
    # A row shows its legal calls only on a phone (issue 34: the dock at most 45 % of the screen); one "Why not the
    # others?" unfolds every row, and a call refused there says why (red box) and the hand still shows whole.
    expect(page.locator(".gt-calls__row:not(.is-none) .gt-bid.is-illegal").first).to_be_hidden()
    expect(page.locator(".gt-calls__others:visible, .gt-calls__why:visible")).to_have_count(1)
    page.locator(".gt-calls__others--all").tap()
    expect(page.locator(".gt-calls__row:not(.is-none) .gt-bid.is-illegal").first).to_be_visible()   # drawn again
    page.locator(".gt-calls__row:not(.is-none) .gt-bid.is-illegal").first.tap(force=True)  # aria-disabled: says why
    expect(page.locator(".gt-status.is-reason")).to_be_visible()
    page.screenshot(path=str(ARTIFACTS / "phone-390-negotiation.png"))
    hand = page.locator(".gt-hand").bounding_box()
    assert hand is not None and hand["y"] + hand["height"] <= 844, f"the hand ends at {hand}"
    # Each call a thumb's target, 44 px tall (34 before: a phone player's complaint left open for sessions).
    heights = page.locator(".gt-calls .gt-bid").evaluate_all(
        "els => els.filter((e) => e.getClientRects().length).map((e) => e.getBoundingClientRect().height)")
    assert heights and min(heights) >= 44, heights
    for kind in folded:
        buttons = page.locator(f".gt-calls__row--{kind} .gt-bid")
        expect(buttons.first).to_be_visible()
        expect(buttons.first).to_have_attribute("aria-disabled", "true")
    expect(page.locator(".gt-calls__none").first).to_be_hidden()
    # ... and folds them again on request (it stayed unfolded for the rest of the turn, the hand pushed down).
    page.locator(".gt-calls__fold").tap()
    for kind in folded:
        expect(page.locator(f".gt-calls__row--{kind} .gt-bid").first).to_be_hidden()
    expect(page.locator(".gt-calls__others--all")).to_be_visible()
    expect(page.locator(".gt-calls__fold")).to_have_count(0)



@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_laptop_screen_shows_the_hand_after_a_long_negotiation(page: Page, lang: str) -> None:
    # 1024×700, the human's turn after eight calls: the bids so far and three kinds of call pushed the hand below
    # the fold. On a short screen a kind of call with nothing possible now takes one line (Why? unfolds it).
    page.set_viewport_size({"width": 1024, "height": 700})
    state, view = drive_from_any(lambda v: v["phase"] == "negotiation" and v["toAct"] == "Bottom"
                                 and len(v["calls"]) >= 8)
    open_game(page, query=f"speed=0&lang={lang}", fragment=fragment(state))
    page.locator(".gt-notice button").click()  # dismiss "You opened a shared deal."
    wait_my_turn(page, "negotiation")
    expect(page.locator(".gt-center .gt-bids-history li")).to_have_count(len(view["calls"]))
    page.screenshot(path=str(ARTIFACTS / f"laptop-{lang}-long-negotiation.png"))
    hand = page.locator(".gt-hand").bounding_box()
    assert hand is not None and hand["y"] + hand["height"] <= 700, f"the hand ends at {hand}"
    assert page.evaluate("scrollY") == 0



@pytest.mark.parametrize(("width", "height", "lang"), [(640, 360, "en"), (740, 360, "fr")])
def test_a_phone_held_sideways_shows_the_calls_the_hand_and_the_contract_together(
        page: Page, width: int, height: int, lang: str) -> None:
    # From a phone player's review: held sideways, the calls and the hand took 406 px of a 360 px screen (the
    # status above the top), and the contract that Accept lets stand was a scroll away. A short screen shows each
    # kind of call's legal calls only ("Why not the others?" unfolds the rest), the contract beside Accept, and the
    # player's seat beside the hand.
    def legal(view: dict[str, Any], kind: str) -> set[bool]:
        return {a["legal"] for a in view["legal"] if a["type"] == kind}

    state, view = drive(api("new_match", seed=4)["state"], lambda v: v["phase"] == "negotiation"
                        and v["toAct"] == "Bottom" and legal(v, "accept") == {True}
                        and {True, False} in [legal(v, k) for k in ("announce", "double")])
    page.set_viewport_size({"width": width, "height": height})
    open_game(page, query=f"speed=0&lang={lang}", fragment=fragment(state))
    wait_my_turn(page, "negotiation")   # ("You opened a shared deal." above, left as it is: dismissing it scrolls up)
    boxes = settled_boxes(page, {"status": ".gt-status", "hand": ".gt-hand"})
    page.screenshot(path=str(ARTIFACTS / f"sideways-{width}-{lang}-negotiation.png"))
    assert boxes["status"]["top"] >= -1 and boxes["hand"]["bottom"] <= height + 1, boxes   # (sub-pixel layout)
    allowed = [a for a in view["legal"] if a["legal"]]
    refused = [a for a in view["legal"] if not a["legal"]]
    for a in allowed:
        call = page.locator(f'.gt-calls .gt-bid[data-action="{a["action"]}"]')
        expect(call).to_be_in_viewport(ratio=1)
    expect(page.locator(".gt-calls .gt-bid.is-illegal:visible")).to_have_count(0)
    expect(page.locator(".gt-calls__contract")).to_have_text(page.locator(".gt-contract__text").inner_text())
    expect(page.locator(".gt-calls__contract")).to_be_in_viewport(ratio=1)
    # "Why not the others?" shows every call the rules refuse now, each saying why; then they fold again.
    page.locator(".gt-calls__others").first.tap()
    expect(page.locator(".gt-calls .gt-bid.is-illegal:visible")).to_have_count(len(refused))
    first = page.locator(".gt-calls .gt-bid.is-illegal").first
    expect(first).to_have_attribute("aria-disabled", "true")
    described = first.get_attribute("aria-describedby")
    reason = page.locator(f"#{described}")   # in the page's language: its rule is named as the engine names it
    expect(reason).to_contain_text(f'({refused[0]["reason"]["rule"]},')
    page.locator(".gt-calls__fold").tap()
    expect(page.locator(".gt-calls .gt-bid.is-illegal:visible")).to_have_count(0)
    expect(page.locator(".gt-calls__others").first).to_be_visible()


def test_why_unfolds_the_calls_of_one_turn_only(page: Page) -> None:
    # Once "Why?" had been pressed, every later call turn of the session showed every row again, and the hand went
    # back below the screen (1018 px on an 844 px phone).
    page.set_viewport_size({"width": 390, "height": 844})

    def folds(view: dict[str, Any]) -> bool:
        kinds = ("double", "redouble")
        return any({a["legal"] for a in view["legal"] if a["type"] == kind} == {False} for kind in kinds)

    def speaks_again(state: str) -> bool:   # the human accepts, the page's bots call, the human speaks again
        _, view = bots_until_human(api("apply", state=state, seat="Bottom", action="ok")["state"])
        return view["phase"] == "negotiation" and view["toAct"] == "Bottom" and folds(view)

    state, _ = drive(api("new_match", seed=13)["state"], lambda v: v["phase"] == "negotiation"
                     and v["toAct"] == "Bottom" and folds(v)
                     and any(a["action"] == "ok" and a["legal"] for a in v["legal"]))
    assert speaks_again(state)
    open_game(page, query="speed=0", fragment=fragment(state))
    page.locator(".gt-notice button").click()  # dismiss "You opened a shared deal."
    wait_my_turn(page, "negotiation")
    refused = page.locator(".gt-calls .gt-bid.is-illegal:visible")
    expect(refused).to_have_count(0)
    page.locator(".gt-calls__others--all").tap()   # (a phone held upright: one for every row)
    expect(refused.first).to_be_visible()
    calls = len(api("view", state=state, seat="Bottom")["calls"])
    page.locator('.gt-calls [data-action="ok"]').tap()
    expect(page.locator(".gt-center .gt-bids-history li")).not_to_have_count(calls)
    wait_my_turn(page, "negotiation")
    expect(refused).to_have_count(0)   # folded again
    expect(page.locator(".gt-calls__others--all")).to_be_visible()
    hand = page.locator(".gt-hand").bounding_box()
    assert hand is not None and hand["y"] + hand["height"] <= 844, hand


# Where the player looks at their turn: the hand whole on the screen, the trick's cards, the calls to make, and, on a
# phone held upright (the dock pinned), the calls so far not hidden (under the pinned dock, or off the screen). Held
# sideways, the calls to make and the hand fill the 375 px: the calls so far are above them, a scroll away.
TURN_JS = """() => {
  const whole = (el) => { const r = el.getBoundingClientRect();   // (within a pixel: sub-pixel layout)
    return r.top >= -1 && r.bottom <= innerHeight + 1; };
  const seen = (el) => { const r = el.getBoundingClientRect(), x = r.left + r.width / 2, y = r.top + r.height / 2;
    return y >= 0 && y <= innerHeight && el.contains(document.elementFromPoint(x, y)); };
  const pinned = getComputedStyle(document.querySelector('.gt-dock')).position === 'sticky';
  const where = '.gt-trick [data-card], .gt-calls .is-legal' + (pinned ? ', .gt-center > .gt-bids-history li' : '');
  // Calls so far taller than the room above the pinned dock (a long negotiation on a 320×568 phone): the first may
  // be a scroll up, above the screen, never the latest, nor any under the dock.
  const calls = [...document.querySelectorAll('.gt-center > .gt-bids-history li')];
  const tooTall = calls.length > 0 && calls.at(-1).getBoundingClientRect().bottom - calls[0].getBoundingClientRect().top
    > document.querySelector('.gt-dock').getBoundingClientRect().top;
  const scrolledPast = (el) => tooTall && calls.includes(el) && el.getBoundingClientRect().top < 0
    && calls.slice(calls.indexOf(el) + 1).some(seen) && calls.at(-1) !== el;
  // On a phone the calls scroll inside the pinned dock's panel (issue 34: the dock at most 45 % of the screen): a
  // call there is a scroll of the panel away, the panel itself in view.
  const inPanel = (el) => { const p = el.closest('.gt-panel');
    return p !== null && p.scrollHeight > p.clientHeight + 1 && seen(p); };
  return { hand: whole(document.querySelector('.gt-hand')), status: whole(document.querySelector('.gt-status')),
    hidden: [...document.querySelectorAll(where)].filter((el) => !seen(el) && !scrolledPast(el) && !inPanel(el))
      .map((el) => el.dataset.card ?? el.dataset.action ?? el.textContent) };
}"""


# How far the buttons' bar stops short of the body's scrolling box, below, left and right (its border excluded).
BAR_GAPS_JS = """d => {
  const body = d.querySelector('.gt-dialog__body');
  const box = body.getBoundingClientRect(), bar = body.querySelector('.gt-dialog__buttons').getBoundingClientRect();
  const left = box.left + body.clientLeft, top = box.top + body.clientTop;
  return { below: top + body.clientHeight - bar.bottom, left: bar.left - left,
           right: left + body.clientWidth - bar.right };
}"""


@pytest.mark.parametrize("size", [(360, 640), (320, 568), (667, 375)], ids=["360x640", "320x568", "landscape"])
def test_a_small_phone_shows_the_hand_and_the_trick_at_every_turn(page: Page, size: tuple[int, int]) -> None:
    # From a review on small phones: at 360×640 the hand was below the screen at nearly every turn (0–14 px of its
    # 53 px showing from trick 2 on), at 320×568 and held sideways it never showed, and scrolling once did not last
    # (the page's height changes from turn to turn). The game page pins the status, calls and hand to the bottom of
    # a phone's screen and brings the end of the table into view when the player's turn comes.
    width, height = size
    page.set_viewport_size({"width": width, "height": height})
    open_game(page, fragment="seed=11")
    turns: dict[str, int] = {}
    for phase in human_turns(page):
        seen = page.evaluate(TURN_JS)
        if not (seen["hand"] and seen["status"] and not seen["hidden"]):
            page.screenshot(path=str(ARTIFACTS / f"phone-{width}x{height}-turn.png"))
        assert seen == {"hand": True, "status": True, "hidden": []}, f"{phase}, turn {sum(turns.values()) + 1}: {seen}"
        turns[phase] = turns.get(phase, 0) + 1
        page.locator(".gt-hand .is-legal, .gt-panel .is-legal").first.tap()
    assert turns.get("cut", 0) + turns.get("negotiation", 0) >= 1 and turns.get("play") == 8, turns
    # The deal's result opens at its top (the title), its button in view: focusing the button used to scroll it.
    dialog = page.locator("#gt-dialog[open]")
    expect(dialog.locator('[data-action="continue"]')).to_be_focused()
    assert dialog.evaluate("d => d.querySelector('.gt-dialog__body').scrollTop") == 0
    for part in (".gt-dialog__title", '[data-action="continue"]'):
        box = dialog.locator(part).bounding_box()
        assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height, (part, box)
    # The buttons' bar reaches the body's foot and sides: the text scrolled under it showed again in a strip below
    # it, and a sliver of it at its left edge.
    gaps = dialog.evaluate(BAR_GAPS_JS)
    assert all(abs(gap) < 0.5 for gap in gaps.values()), gaps


def test_a_phone_shows_the_turn_again_after_a_dialog_and_after_turning_sideways(page: Page) -> None:
    # From a phone player's review: closing a dialog gave the focus back to its button in the bar and scrolled the
    # page up to it, and turning the phone sideways left the page where it was: either way the hand was below the
    # screen during the player's turn (y 464-537 of 390), with nothing saying to scroll.
    state, _ = drive(api("new_match", seed=11)["state"], lambda v: v["phase"] == "play" and v["toAct"] == HUMAN)
    for size in ({"width": 844, "height": 390}, PHONE):   # sideways (scrolled only) and upright (the dock pinned)
        page.set_viewport_size(size)
        open_game(page, fragment=fragment(state))
        wait_my_turn(page, "play")
        for opener in ("open-settings", "open-score-sheet"):
            page.locator(f'[data-action="{opener}"]').tap()
            expect(page.locator("#gt-dialog[open]")).to_have_count(1)
            page.locator(".gt-dialog__close").tap()
            expect(page.locator("#gt-dialog[open]")).to_have_count(0)
            # The whole turn in view once the page has restored it (the focus given back, then the turn's scroll: a
            # frame apart under load, when the hand was already whole and the trick not yet clear of the dock).
            with contextlib.suppress(PlaywrightTimeoutError):   # (what is wrong is said below)
                page.wait_for_function(f"(() => {{ const t = ({TURN_JS})(); return t.hand && t.status"
                                       " && t.hidden.length === 0; })()", timeout=10_000)
            assert page.evaluate(TURN_JS) == {"hand": True, "status": True, "hidden": []}, (size, opener)
    for width, height in ((640, 360), (844, 390), (360, 640)):
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_function(f"({TURN_JS})().hand")
        assert page.evaluate(TURN_JS)["hand"], (width, height)


def test_a_notice_on_a_small_phone_is_its_words_and_a_close_button(page: Page) -> None:
    # From a phone player's review: "You opened a shared deal." took 105 px of a 320×568 screen (fr), its
    # "Fermer l'avis" button on a line of its own. The close button is a × beside the words, named for a screen
    # reader.
    page.set_viewport_size({"width": 320, "height": 568})
    state, _ = drive(api("new_match", seed=11)["state"], lambda v: v["phase"] == "play" and v["toAct"] == HUMAN)
    open_game(page, query="speed=0&lang=fr", fragment=fragment(state))
    notice = page.locator('[data-notice="shared"]')
    expect(notice).to_contain_text("Vous avez ouvert une donne partagée.")
    box = notice.bounding_box()
    assert box is not None and box["height"] <= 70, box
    close = notice.get_by_role("button", name="Fermer l’avis")
    expect(close).to_have_text("×")
    close.tap()
    expect(notice).to_have_count(0)


def test_the_trick_just_won_is_not_under_the_pinned_dock_with_a_notice_open(page: Page) -> None:
    # From a phone review: at 360×640, with the shared deal's notice open, the player's own card in the trick just
    # completed sat half under the pinned dock (the status "Bottom wins the trick" over it) during the pause.
    state, _ = drive(api("new_match", seed=11)["state"], lambda v: v["phase"] == "play" and v["toAct"] == HUMAN)
    open_game(page, query="speed=3", fragment=fragment(state))   # slow: a pause of 2.2 s after the trick
    expect(page.locator('[data-notice="shared"]')).to_be_visible()
    wait_my_turn(page, "play")
    page.locator(".gt-hand .is-legal").first.tap()
    expect(page.locator(".gt-trick__next")).to_be_visible()
    page.wait_for_function("document.querySelectorAll('.gt-trick [data-card]').length === 4")
    boxes = settled_boxes(page, {"dock": ".gt-dock", **{
        seat: f'.gt-trick__slot--{seat} [data-card]' for seat in ("top", "left", "right", "bottom")}})
    hidden = {seat: box for seat, box in boxes.items() if seat not in ("dock", "scrollY")
              and (box["top"] < 0 or box["bottom"] > boxes["dock"]["top"])}
    if hidden:
        page.screenshot(path=str(ARTIFACTS / "phone-trick-under-dock.png"))
    assert not hidden, (boxes["dock"], hidden)


# Trick 3 of deal 2, the human to play: the deal's eight calls under "The bids".
EIGHT_BIDS = ("G2 giretra.com heaa 7 L 0-0 150 * c7.H.NT.ok.ok.ok.8D.7D.JD.10D.9H.8H.10H.QH.AH.7H.QC.JH.7S.AS.8S.KS."
              "10C.AC.9S.JC.JS.KH.10S.QS.9D.KC.7C.QD.AD.KD.9C.8C/"
              "c21.D.ok.ok.NT.AT.ok.ok.ok.JD.9D.KD.8D.JH.9H.10H.QH.7D 56")


@pytest.mark.parametrize("size", [(1280, 800), (1024, 640)], ids=["1280x800", "1024x640"])
def test_the_bids_unfolded_on_a_laptop_show_whole_and_leave_the_trick_in_view(page: Page,
                                                                              size: tuple[int, int]) -> None:
    # From a player's review at 1280×800: with a notice open (a shared deal over a match in progress), unfolding "The
    # bids" pushed the trick wholly under the pinned hand, and the list, 6 px short, cut its last call in half.
    width, height = size
    page.set_viewport_size({"width": width, "height": height})
    open_game(page, fragment="seed=3")
    wait_my_turn(page)
    page.locator(".gt-hand .is-legal, .gt-panel .is-legal").first.click()   # a match of one's own in progress
    page.goto("?speed=0#" + EIGHT_BIDS.replace(" ", "_"))
    wait_my_turn(page, "play")
    expect(page.locator('[data-notice="shared"] [data-action="back-to-match"]')).to_be_visible()
    page.locator(".gt-bids-details > summary").click()
    calls = page.locator(".gt-bids-details .gt-bids-history li")
    expect(calls).to_have_count(8)
    boxes = settled_boxes(page, {"dock": ".gt-dock", "card": ".gt-trick [data-card]",
                                 "list": ".gt-bids-details .gt-bids-history",
                                 "last": ".gt-bids-details .gt-bids-history li:last-child"})
    page.screenshot(path=str(ARTIFACTS / f"laptop-bids-{width}x{height}.png"))
    assert boxes["card"]["bottom"] <= boxes["dock"]["top"] and boxes["card"]["top"] >= 0, boxes
    assert boxes["last"]["bottom"] <= boxes["list"]["bottom"] + 0.5, boxes   # the last call whole, not cut
    assert boxes["list"]["top"] >= 0, boxes   # and the list in view above it


@pytest.mark.parametrize("size", [(1280, 800), (1000, 800)], ids=["1280x800", "1000x800"])
def test_a_desktops_trick_is_the_tables_centre(page: Page, size: tuple[int, int]) -> None:
    # The fourth run: at 1280×800 the trick's cards were 60 px wide in a felt of about 1,100×330 px (7.5vh capped
    # them), a card player's "small". They are the hand's size there now, and the trick, the dock and the whole hand
    # still on the screen, unscrolled.
    width, height = size
    page.set_viewport_size({"width": width, "height": height})
    open_game(page, fragment=EIGHT_BIDS.replace(" ", "_"))
    page.locator(".gt-notice__dismiss").click()   # "You opened a shared deal."
    wait_my_turn(page, "play")
    boxes = settled_boxes(page, {"dock": ".gt-dock", "trick": ".gt-trick", "hand": ".gt-hand", "bar": ".gt-bar"})
    cards = page.locator(".gt-trick [data-card]").evaluate_all("cs => cs.map((c) => c.getBoundingClientRect().width)")
    hand = page.locator(".gt-hand [data-card]").first.evaluate("c => c.getBoundingClientRect().width")
    page.screenshot(path=str(ARTIFACTS / f"desktop-trick-{width}x{height}.png"))
    assert cards and min(cards) >= 76 and min(cards) >= hand - 1, (cards, hand)
    assert boxes["trick"]["bottom"] <= boxes["dock"]["top"] and boxes["hand"]["bottom"] <= height, boxes
    assert boxes["bar"]["top"] >= 0 and boxes["scrollY"] == 0, boxes
    page.set_viewport_size(PHONE)


# The empty felt's bands during the player's call: from the calls so far (or the contract) to what comes next.
REST_JS = """() => { const box = (s) => { const e = document.querySelector(s);
    if (!e || !e.getClientRects().length || getComputedStyle(e).display === 'none') return null;
    const r = e.getBoundingClientRect(); return { top: r.top, bottom: r.bottom }; };
  const above = box('.gt-center .gt-bids-history') ?? box('.gt-center .gt-contract');
  return { above, contract: box('.gt-center .gt-contract'), rest: box('.gt-rest__inner'), dock: box('.gt-dock'),
    scrollY }; }"""


@pytest.mark.parametrize("lang", ["fr", "mg"])
def test_a_tall_phones_felt_holds_the_rest_of_the_deck_during_the_calls(page: Page, lang: str) -> None:
    # The fourth run: at 390×844 during the negotiation about 130 px of empty felt lay between the calls so far and
    # the status line (215 px after one call in French). The rest of the deck lies there now, face down with its
    # words, in the middle of the room the calls leave, whole or not at all; the contract and the calls stay in view.
    # The fifth run: before the first call (the player speaks first) it left 105 px of felt above it and as much
    # below; it takes the room there (152 px tall at 390×844 in French, 157 in Malagasy).
    for calls in (0, 1, 3):
        state, _ = drive_from_any(lambda v, n=calls: v["phase"] == "negotiation" and v["toAct"] == HUMAN
                                  and len(v["calls"]) == n)
        for width, height in ((390, 844), (360, 640)):
            page.set_viewport_size({"width": width, "height": height})
            open_game(page, query=f"speed=0&lang={lang}", fragment=fragment(state))
            page.locator(".gt-notice__dismiss").click()   # "You opened a shared deal."
            wait_my_turn(page, "negotiation")
            page.evaluate("new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
            at = page.evaluate(REST_JS)
            where = f"{width}x{height} {lang}, {calls} calls: {at}"
            if height < 700:   # a shorter phone has no felt to spare
                assert at["rest"] is None, where
                continue
            page.screenshot(path=str(ARTIFACTS / f"rest-{lang}-{calls}.png"))
            rest, above, dock = at["rest"], at["above"], at["dock"]
            assert rest is not None, where
            assert above["bottom"] <= rest["top"] and rest["bottom"] <= dock["top"], where
            assert max(rest["top"] - above["bottom"], dock["top"] - rest["bottom"]) <= 80, where
            assert at["contract"]["top"] >= 0 and at["scrollY"] == 0, where
    page.set_viewport_size(PHONE)


BRAND_JS = """() => { const s = document.querySelector('.gt-score'), b = s.querySelector('.gt-score__brand');
  const r = b.getBoundingClientRect(), box = s.getBoundingClientRect();
  const parts = [...s.children].filter((e) => e !== b).map((e) => e.getBoundingClientRect());
  return { shown: getComputedStyle(b).visibility === 'visible' && r.width > 0, text: b.textContent,
    inLine: r.top >= box.top - 0.5 && r.bottom <= box.bottom + 0.5 && r.right <= box.right + 0.5,
    clear: parts.every((p) => p.right <= r.left || p.left >= r.right),
    bar: document.querySelector('.gt-bar').getBoundingClientRect().height,
    rows: new Set([...document.querySelectorAll('.gt-bar__actions .gt-btn--bar')]
      .map((e) => Math.round(e.getBoundingClientRect().top))).size }; }"""


@pytest.mark.parametrize(("width", "lang", "shown"), [
    (390, "en", False), (412, "en", True), (430, "fr", True), (430, "mg", False),
], ids=["390-en", "412-en", "430-fr", "430-mg"])
def test_the_games_name_on_a_phones_bar_stays_or_stays_away_for_a_whole_match(page: Page, width: int, lang: str,
                                                                              shown: bool) -> None:
    # The fourth run: no game's name on a phone's bar (read only, by the h1 hidden there). The fifth put it on the
    # score's line where it fitted, and it came and went within a match (shown at 0–0 at 390 px, gone at three-digit
    # scores). It is shown where it fits beside the widest score a match shows (999–999, deal 99), so the same at a
    # match's start and at 149–138: from 412 px in English, 430 in French, not at 430 in Malagasy; never at 390.
    page.set_viewport_size({"width": width, "height": 844})
    late = api("new_match", seed=4, scores={"Team1": 149, "Team2": 138})["state"]
    for where in ("seed=4", fragment(late)):
        open_game(page, query=f"speed=0&lang={lang}", fragment=where)
        wait_my_turn(page, "negotiation")
        page.evaluate("new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
        if shown:
            expect(page.locator(".gt-app.has-brand-room .gt-score__brand")).to_be_visible()
        brand = page.evaluate(BRAND_JS)
        assert brand["shown"] == shown and brand["rows"] == 1 and brand["bar"] <= 92, (width, lang, where, brand)
        if shown:
            assert brand["text"] == "Giretra" and brand["inLine"] and brand["clear"], (lang, brand)
        expect(page.locator("h1.gt-bar__title")).to_have_text("Giretra")   # (read by a screen reader everywhere)
    page.set_viewport_size(PHONE)


def test_no_target_on_a_phone_is_under_24_px(page: Page) -> None:
    # WCAG 2.5.8 (targets of 24 × 24 px at least), from a phone player's review: the rules link in the bar and "The
    # bids" were 19.4 px tall, the rules page's contents links 20 and its rule numbers 18.3.
    page.set_viewport_size(PHONE)
    state, _ = drive(api("new_match", seed=11)["state"], lambda v: v["phase"] == "play" and v["toAct"] == HUMAN)
    open_game(page, query="speed=0&lang=fr", fragment=fragment(state))
    wait_my_turn(page, "play")
    small = """(selector) => [...document.querySelectorAll(selector)].filter((e) => e.getClientRects().length)
      .map((e) => e.getBoundingClientRect()).filter((r) => r.height < 24 || r.width < 24).length"""
    targets = "button, a, summary, select, input:not([type=checkbox])"
    assert page.evaluate(small, targets) == 0
    page.goto("rules.html?lang=mg")
    assert page.evaluate(small, ".rp-toc a, a.rid") == 0


def test_a_phones_seats_and_trick_stay_put_from_turn_to_turn(page: Page) -> None:
    # From a phone player's review: a bot's "to play" chip took a line of its own in its narrow seat box, so the
    # row of seats grew and shrank at every turn and the trick jumped by 20-33 px.
    page.set_viewport_size(PHONE)
    state, _ = drive(api("new_match", seed=5)["state"],
                     lambda v: v["phase"] == "play" and v["toAct"] == HUMAN and not v["trick"]["cards"])
    open_game(page, query="speed=slow", fragment=fragment(state))
    wait_my_turn(page, "play")
    boxes = """() => ['left', 'top', 'right'].map((s) => document.querySelector(`.gt-seat--${s}`).offsetHeight)
      .concat([Math.round(document.querySelector('.gt-trick').getBoundingClientRect().top + scrollY)])"""
    before = page.evaluate(boxes)
    page.locator(".gt-hand .is-legal").first.tap()
    for seat in ("left", "top", "right"):   # each bot in turn, while it thinks
        expect(page.locator(f".gt-seat--{seat}.is-turn")).to_have_count(1)
        expect(page.locator(f".gt-seat--{seat} .gt-chip--turn")).to_have_count(1)   # still there for screen readers
        assert page.evaluate(boxes) == before, seat


def test_new_match_on_a_phone_focuses_start_and_says_the_match_ends(page: Page) -> None:
    # The seed box took the focus, which opens a phone's number keyboard over the dialog. The focus was then put on
    # Cancel while a match was in progress, and Enter cancelled the dialog made to start one (a later audit): it is on
    # "Start the match", and the dialog says the match in progress ends (Escape keeps it).
    open_game(page, fragment="seed=11")
    before = saved_state(page)
    page.locator('[data-action="open-new-match"]').tap()
    dialog = page.locator("#gt-dialog[open]")
    expect(dialog.locator('[data-action="start-match"]')).to_be_focused()
    expect(dialog.locator(".gt-newmatch__ends")).to_have_text("This ends the match in progress.")
    page.keyboard.press("Enter")
    expect(page.locator("#gt-dialog[open]")).to_have_count(0)
    page.wait_for_function("(before) => JSON.parse(localStorage.getItem('giretra.match') || 'null')?.state !== before",
                           arg=before)   # a new match, not the one of seed 11


# The lines that a team's name takes from its word to its number ("Team 2"), in an element's text.
TEAM_NUMBER_LINES_IN = """(el) => {
  const name = /(Team|Équipe|Ekipa).\\d/;
  const text = [...el.childNodes].find((n) => n.nodeType === Node.TEXT_NODE && name.test(n.data));
  const found = name.exec(text.data), range = document.createRange();
  range.setStart(text, found.index);
  range.setEnd(text, found.index + found[0].length);
  return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
}"""
# The lines that the start of each team's name takes in the deal's result, up to its number ("Team 2").
TEAM_NUMBER_LINES = """s => [...s.querySelectorAll('tbody th')].map((th) => {
  const text = th.firstChild, range = document.createRange();
  range.setStart(text, 0);
  range.setEnd(text, /\\d/.exec(text.data).index + 1);
  return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
})"""


@pytest.mark.parametrize(("width", "lang"), [(320, "fr"), (320, "en"), (320, "mg"), (360, "mg")])
def test_a_deals_result_and_the_score_sheet_fit_a_small_phone(page: Page, width: int, lang: str) -> None:
    # 320 px in French: "Total Eux" was beyond the sheet's right edge (and at 360 px in English too). A player's
    # review in Malagasy at 360 px: the result's match points and score, and the sheet's "their total", were off
    # to the side; at 320 px the result did not fit in English either.
    page.set_viewport_size({"width": width, "height": 640})
    state, _ = drive(api("new_match", seed=7)["state"], lambda v: v["dealNumber"] == 3 and v["phase"] == "play"
                     and v["toAct"] == HUMAN and len(v["hand"]) == 1)
    open_game(page, query=f"speed=0&lang={lang}", fragment=fragment(state))
    page.locator(".gt-notice button").click()  # dismiss "You opened a shared deal."
    page.locator(".gt-hand .is-legal").tap()
    fits = "s => s.scrollWidth <= s.clientWidth || [s.scrollWidth, s.clientWidth]"
    result = page.locator("#gt-dialog[open] .gt-scroll")
    expect(result.locator("tbody tr")).to_have_count(2)
    assert result.evaluate(fits) is True, result.evaluate(fits)
    # Each team's word and number on one line ("Team / 2 (Left and Right)" broke between them: an audit).
    assert result.evaluate(TEAM_NUMBER_LINES) == [1, 1]
    page.locator('#gt-dialog[open] [data-action="continue"]').tap()
    expect(page.locator("#gt-dialog[open]")).to_have_count(0)
    # The next deal's bots move up to the player's call, whose turn scrolls the page (once, in a frame): a tap on
    # the bar while they moved landed where the bar had been, on the table (seen under load, 1 in 10).
    wait_my_turn(page)
    page.evaluate("new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
    page.locator('[data-action="open-score-sheet"]').tap()
    sheet = page.locator("#gt-dialog[open] .gt-scroll")
    expect(sheet.locator("tbody tr")).to_have_count(3)
    assert sheet.evaluate(fits) is True, sheet.evaluate(fits)


# The lines each cell of a dialog's table takes (the deal's result, the score sheet): its words' line boxes.
RESULT_LINES_JS = """(table) =>
  [...document.querySelectorAll(`#gt-dialog[open] ${table} tbody tr`)].map((tr) =>
  [...tr.children].filter((cell) => cell.getClientRects().length).map((cell) => {
    const tops = [], walk = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    for (let n = walk.nextNode(); n; n = walk.nextNode()) {
      if (!n.data.trim() || !n.parentElement.checkVisibility({ visibilityProperty: true })) continue;
      const range = document.createRange(); range.selectNodeContents(n);
      for (const r of range.getClientRects()) {
        if (r.width > 1 && !tops.some((top) => Math.abs(top - r.top) < 6)) tops.push(r.top);
      }
    }
    return tops.length;
  }))"""


@pytest.mark.parametrize("lang", ["en", "fr", "mg"])
def test_a_deals_result_reads_each_team_in_two_lines_on_a_phone(page: Page, lang: str) -> None:
    # docs/screenshots (deal-result-360x640-mg): "Ekipa 2 (Havia sy Havanana)" and its role took four lines, the card
    # points with "ao anatiny ny +10 farany" (incl. +10 last trick) four. A row reads in two lines: the team and its
    # role, the points and the last trick's +10; the seats are still read (the arithmetic's lines show them).
    for seed in (1, 7):   # the announcers Team 2, then Team 1, each with the last trick
        state, _ = drive(api("new_match", seed=seed)["state"], lambda v: v["dealNumber"] == 1 and v["phase"] == "play"
                         and v["toAct"] == HUMAN and len(v["hand"]) == 1)
        page.set_viewport_size(PHONE)
        open_game(page, query=f"speed=0&lang={lang}", fragment=fragment(state))
        page.locator(".gt-notice__dismiss").click()  # dismiss "You opened a shared deal."
        page.locator(".gt-hand .is-legal").tap()
        result = page.locator("#gt-dialog[open] .gt-summary__table")
        expect(result.locator("tbody tr")).to_have_count(2)
        expect(result.locator(".gt-note")).to_have_count(1)
        seats = page.evaluate("() => [...document.querySelectorAll('.gt-summary__seats')].every((s) =>"
                              " document.querySelector('#gt-dialog[open] .gt-summary__lines').textContent"
                              ".includes(s.textContent.trim()))")
        assert seats, "a team's seats, read in its row, are not shown in the arithmetic's lines"
        names = result.locator("tbody th").evaluate_all("hs => hs.map((h) => h.textContent)")
        assert all("(" in name for name in names), names   # the seats read with the team's name
        for width, height in ((360, 640), (390, 844), (320, 568)):
            page.set_viewport_size({"width": width, "height": height})
            page.evaluate("new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
            lines = page.evaluate(RESULT_LINES_JS, ".gt-summary__table")
            page.screenshot(path=str(ARTIFACTS / f"result-rows-{seed}-{width}-{lang}.png"))
            assert max(max(row) for row in lines) <= 2, f"seed {seed}, {width}x{height} {lang}: lines {lines}"
            fits = result.locator("xpath=..").evaluate("s => s.scrollWidth <= s.clientWidth")
            assert fits, f"seed {seed}, {width}x{height} {lang}: the result scrolls sideways"
    page.set_viewport_size(PHONE)


@pytest.mark.parametrize("lang", ["en", "fr", "mg"])
def test_a_teams_number_stays_on_the_line_of_its_word_at_every_phone_width(page: Page, lang: str) -> None:
    # An audit: a team's name read "… Team" at a line's end and "2 (Left and Right)" on the next.
    state, _ = drive(api("new_match", seed=3)["state"], lambda v: v["phase"] == "play" and v["toAct"] == HUMAN
                     and v["contract"]["announcerTeam"] == "Team2" and v["contract"]["multiplier"] > 1)
    page.set_viewport_size({"width": 360, "height": 640})
    open_game(page, query=f"speed=0&lang={lang}", fragment=fragment(state))
    text = page.locator(".gt-contract__text")
    expect(text).to_contain_text("2 (")
    broken = []
    for width in range(280, 481, 10):   # (a break came at every width of one language)
        page.set_viewport_size({"width": width, "height": 640})
        page.evaluate("() => new Promise(requestAnimationFrame)")
        if text.evaluate(TEAM_NUMBER_LINES_IN) != 1:
            broken.append(width)
    assert broken == [], f"the team's number on another line than its word at {broken} px"


def test_coach_mode_on_a_laptop_keeps_the_score_in_view_at_every_turn(page: Page) -> None:
    # With Coach on, 1024×700: the page was scrolled to its end at every turn (18–43 px, the bar with the score
    # hidden) and back at the bots' turns, the table jumping up and down. The coach's rules now sit under the trick
    # (not in the pinned dock), and a turn scrolls only as much as the hand and the trick need.
    page.set_viewport_size({"width": 1024, "height": 700})
    open_game(page, query="speed=0", fragment="seed=11")
    page.locator('[data-action="open-settings"]').click()
    page.locator("#gt-coach").check()
    page.keyboard.press("Escape")
    coached = 0
    for deals in (1, 2):
        for _ in human_turns(page):
            seen = page.evaluate(TURN_JS)
            coached += page.locator(".gt-coach").count()
            assert (seen, page.evaluate("scrollY")) == ({"hand": True, "status": True, "hidden": []}, 0)
            page.locator(".gt-hand .is-legal, .gt-panel .is-legal").first.click()
            # Playwright's click scrolls a card at the screen's very edge into view (12 px, under load, during its
            # hover lift): not the page's doing, undone, so that the next turn measures the page's own scrolling only.
            page.evaluate("scrollTo(0, 0)")
        if deals == 1:
            page.locator('#gt-dialog[open] [data-action="continue"]').click()
            expect(page.locator("#gt-dialog[open]")).to_have_count(0)
    assert coached >= 1, "the coach never spoke"


# The coach's box against the pinned dock: its bottom, the dock's top, and whether its rules scroll inside it.
COACH_JS = """() => { const c = document.querySelector('.gt-coach'); if (!c) return null;
  const dock = document.querySelector('.gt-dock').getBoundingClientRect(), r = c.getBoundingClientRect();
  return { under: r.bottom - dock.top, top: r.top, scrolls: c.scrollHeight > c.clientHeight + 1,
    focusable: c.tabIndex === 0, rules: c.querySelectorAll('li').length }; }"""


@pytest.mark.parametrize("lang", ["en", "fr", "mg"])
def test_coach_mode_on_a_laptop_ends_above_the_pinned_dock(page: Page, lang: str) -> None:
    # Issue 34 (docs/screenshots/defects.md): at 1000×800 in French the coach's rules ended 27 px under the pinned dock,
    # 150 px in a negotiation after a Double (four rules). Nothing of it is under the dock now, at 1000×800 and
    # 1280×800, and the bar's score stays in view: during the call the calls and the seat line take less room, and
    # the rules fit without scrolling inside the coach's box (the fourth pass: 122 px of them scrolled in Malagasy on
    # the first call): a row the table's width, in two columns.
    seen = 0
    for width in (1000, 1280):
        page.set_viewport_size({"width": width, "height": 800})
        open_game(page, query=f"speed=0&lang={lang}", fragment="seed=11")
        if width > 1000:   # "You opened a shared game; yours is kept": the first one's match, kept aside
            page.locator(".gt-notice__dismiss").click()
        page.locator('[data-action="open-settings"]').click()
        page.locator("#gt-coach").check()
        page.keyboard.press("Escape")
        for phase in human_turns(page):
            with contextlib.suppress(PlaywrightTimeoutError):   # (said below)
                page.wait_for_function(f"() => {{ const s = ({COACH_JS})(); return !s || s.under <= 1; }}",
                                       timeout=10_000)
            coach = page.evaluate(COACH_JS)
            if coach is not None:
                seen += 1
                if coach["under"] > 1:
                    page.screenshot(path=str(ARTIFACTS / f"coach-{width}-{lang}.png"))
                assert coach["under"] <= 1, f"{width}x800 {lang} {phase}: {coach}"
                assert coach["top"] >= 0 and not coach["scrolls"] and not coach["focusable"], \
                    f"{width}x800 {lang} {phase}: {coach}"
            assert page.evaluate("scrollY") <= 1, f"{width}x800 {lang} {phase}: the bar scrolled away"
            if phase == "play":   # the sixth pass: the trick as large as the coach leaves room for (60 px before)
                trick = page.locator(".gt-trick").evaluate("t => parseFloat(getComputedStyle(t).gridTemplateColumns)")
                assert trick >= 64, f"{width}x800 {lang}: the trick's cards {trick} px wide"
            page.locator(".gt-hand .is-legal, .gt-panel .is-legal").first.click()
            page.evaluate("scrollTo(0, 0)")   # (Playwright's own scroll for its click, as the test above)
    assert seen >= 4, "the coach hardly spoke"
    page.set_viewport_size(PHONE)


@pytest.mark.parametrize("lang", ["en", "mg"])
def test_coach_mode_on_a_laptop_with_a_notice_open_comes_above_the_pinned_dock(page: Page, lang: str) -> None:
    # Issue 34, fourth pass: with a notice open above the table (130 px: a shared link's "yours is kept", or a new
    # version ready) at 1000×800, the coach's rules were all under the pinned dock at the player's call. At each turn
    # of the deal's negotiation and its first card, the whole coach is now on the screen above the dock.
    page.set_viewport_size({"width": 1000, "height": 800})
    open_game(page, query=f"speed=0&lang={lang}", fragment="seed=11")
    page.locator('[data-action="open-settings"]').click()
    page.locator("#gt-coach").check()
    page.keyboard.press("Escape")
    open_game(page, query=f"speed=0&lang={lang}", fragment="seed=11")   # the first match kept aside: a notice
    expect(page.locator(".gt-notice")).to_be_visible()
    assert page.evaluate("document.querySelector('.gt-notice').getBoundingClientRect().height") > 100
    seen = 0
    for phase in human_turns(page):
        with contextlib.suppress(PlaywrightTimeoutError):   # (said below)
            page.wait_for_function(f"() => {{ const s = ({COACH_JS})(); return !s || s.under <= 1; }}", timeout=10_000)
        coach = page.evaluate(COACH_JS)
        if coach is not None:
            seen += 1
            assert coach["under"] <= 1 and coach["top"] >= 0 and not coach["scrolls"], f"{lang} {phase}: {coach}"
        if phase == "play":
            break
        page.locator(".gt-hand .is-legal, .gt-panel .is-legal").first.click()
    assert seen >= 2, "the coach hardly spoke"
    page.set_viewport_size(PHONE)


@pytest.mark.parametrize(("width", "lang", "shown"), [
    (360, "en", ["New", "Score", "Tricks", "Share", "Settings"]),
    (320, "fr", ["Nouvelle", "Marque", "Plis", "Partager", "Réglages"]),
])
def test_a_phones_bar_keeps_its_buttons_on_one_row(page: Page, width: int, lang: str, shown: list[str]) -> None:
    # The bar took 137 px of a 360×640 phone (167 px at 320): its five buttons on two rows. A phone shows their short
    # names; each keeps its whole name for a screen reader or a voice command (the short one is within it).
    page.set_viewport_size({"width": width, "height": 640})
    open_game(page, query=f"speed=0&lang={lang}", fragment="seed=11")
    buttons = page.locator(".gt-bar__actions .gt-btn--bar")
    expect(buttons).to_have_count(5)
    rows = buttons.evaluate_all("bs => new Set(bs.map((b) => Math.round(b.getBoundingClientRect().top))).size")
    assert rows == 1
    seen = buttons.evaluate_all("bs => bs.map((b) => b.dataset.short ?? b.textContent)")
    assert seen == shown
    for button, short in zip(buttons.all(), shown, strict=True):
        name = button.get_attribute("aria-label") or button.inner_text()
        assert short.lower() in name.lower()
    expect(page.get_by_role("button", name="New match" if lang == "en" else "Nouvelle partie")).to_be_visible()
    # (Measured in one step in the page: bounding_box() gave None once in a full run on a loaded machine, the bar
    # being drawn again between finding it and measuring it.)
    assert page.locator(".gt-bar").evaluate("bar => bar.getBoundingClientRect().height") < 125


# The middle of each line of text the bar's score shows (its teams, the target, the rules link; the target and the
# deal's number, one above the other, by the middle of their pair), in px from the top; and whether each is whole
# inside the bar.
SCORE_LINES_JS = """() => [...document.querySelectorAll('.gt-score > *')].filter((e) => e.checkVisibility()
    && e.getBoundingClientRect().width > 1).map((e) => {
  const r = e.getBoundingClientRect(), bar = document.querySelector('.gt-bar').getBoundingClientRect();
  return [Math.round(r.top + r.height / 2), r.left >= bar.left && r.right <= bar.right];
})"""


@pytest.mark.parametrize("width", [360, 390])
def test_a_phones_score_stays_on_one_line_in_every_language_with_the_deals_number(page: Page, width: int) -> None:
    # docs/screenshots (every phone picture): the bar's "target 150 · deal 1 · Rules" took a second line under the
    # teams' scores; then the deal's number was hidden, and a phone's player had no word of which deal it was (the
    # fourth pass). The teams, the target with the deal's number below it, and the rules link on one line at 360 and
    # 390 px in English, French and Malagasy, the five buttons on their row; the game's name is read (the page's).
    page.set_viewport_size({"width": width, "height": 640})
    for lang, deal in (("en", "deal 1"), ("fr", "donne 1"), ("mg", "fizarana 1")):
        open_game(page, query=f"speed=0&lang={lang}", fragment="seed=11")
        expect(page.locator(".gt-score__deal")).to_have_text(deal)
        shown = page.locator(".gt-score__deal").evaluate("e => e.getBoundingClientRect().width")
        assert shown > 20, f"{lang}: the deal's number is not shown ({shown} px wide)"   # (1 px: read, not shown)
        lines = page.evaluate(SCORE_LINES_JS)
        middles = [m for m, _ in lines]
        assert len(lines) >= 4 and max(middles) - min(middles) <= 4, f"{lang}: the score's lines at {lines}"
        assert all(whole for _, whole in lines), f"{lang}: past the bar's edge: {lines}"
        expect(page.locator(".gt-score__rules")).to_be_visible()
        expect(page.locator(".gt-score__target")).to_be_visible()
        expect(page.get_by_role("heading", name="Giretra")).to_be_attached()   # still the page's name, read
        rows = page.locator(".gt-bar__actions .gt-btn--bar").evaluate_all(
            "bs => new Set(bs.map((b) => Math.round(b.getBoundingClientRect().top))).size")
        assert rows == 1, f"{lang}: the bar's buttons on {rows} rows"
        wide = page.evaluate("Math.max(document.documentElement.scrollWidth, document.body.scrollWidth)")
        assert wide <= width, f"{lang}: the page is {wide} px wide on a {width} px screen"
    page.set_viewport_size(PHONE)


def test_a_tall_dialog_keeps_its_close_button_in_view_on_a_phone_held_sideways(page: Page) -> None:
    # Held sideways, Settings is taller than the screen: scrolled to its end, the × had scrolled away with the title.
    page.set_viewport_size({"width": 667, "height": 375})
    open_game(page, fragment="seed=11")
    # The page is ready with a bot's call sometimes still to come; the player's turn then scrolls the table into view,
    # and a tap aimed at the bar before it landed on the table (once, under load): the turn first, then the tap.
    wait_my_turn(page)
    page.locator('[data-action="open-settings"]').tap()
    dialog = page.locator("#gt-dialog[open]")
    try:
        expect(dialog).to_be_attached()
    except AssertionError:   # (seen once, not understood: what the page was doing is printed)
        print("SETTINGS_NOT_OPEN", page.evaluate("""() => ({ scrollY,
          active: document.activeElement?.outerHTML.slice(0, 120),
          table: { ...document.querySelector('.gt-table')?.dataset },
          dialog: document.querySelector('#gt-dialog')?.open,
          notices: [...document.querySelectorAll('.gt-notice')].map((n) => n.textContent) })"""))
        raise
    body = dialog.locator(".gt-dialog__body")
    assert body.evaluate("b => b.scrollHeight > innerHeight"), "Settings fits: the test needs a taller dialog"
    scroll_all = "d => { for (const el of [d, d.querySelector('.gt-dialog__body')]) el.scrollTop = el.scrollHeight; }"
    dialog.evaluate(scroll_all)
    page.evaluate("new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")   # laid out
    close = dialog.locator(".gt-dialog__close")
    box = close.bounding_box()
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 375, box
    on_top = page.evaluate("([x, y]) => !!document.elementFromPoint(x, y)?.closest('.gt-dialog__close')",
                           [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2])
    assert on_top, "something covers the close button"
    close.tap()
    expect(page.locator("#gt-dialog[open]")).to_have_count(0)


def test_forced_colours_still_show_the_playable_cards_the_trick_holder_and_the_turn(page: Page) -> None:
    # An accessibility audit: in forced colours (Windows high contrast) the rings drawn with box-shadow vanished, so
    # nothing showed which cards may be played, which card holds the trick or whose turn it is; the teams' stripes
    # were one colour. Outlines in system colours, and a double stripe for the opponents.
    state, _ = drive(api("new_match", seed=11)["state"],
                     lambda v: v["phase"] == "play" and v["toAct"] == HUMAN and len(v["trick"]["cards"]) >= 2)
    page.emulate_media(forced_colors="active")
    open_game(page, fragment=fragment(state))
    wait_my_turn(page, "play")
    style = "(el, p) => getComputedStyle(el)[p]"
    assert page.locator(".gt-hand .is-legal").first.evaluate(style, "outlineStyle") == "solid"
    assert page.locator(".gt-trick .is-winning").evaluate(style, "outlineStyle") == "solid"
    assert page.locator(".gt-seat--bottom").evaluate(style, "outlineStyle") == "solid"   # the player's turn
    assert page.locator(".gt-seat--left").evaluate(style, "borderLeftStyle") == "double"
    assert page.locator(".gt-seat--top").evaluate(style, "borderLeftStyle") == "solid"


# The phone's pinned dock, the contract and the trick, and the targets, measured in the page in one step.
DOCK_JS = """() => {
  const box = (sel) => { const el = document.querySelector(sel); if (!el || !el.getClientRects().length) return null;
    const r = el.getBoundingClientRect(); return { top: r.top, bottom: r.bottom }; };
  const visible = (sel) => [...document.querySelectorAll(sel)].filter((e) => e.getClientRects().length
    && getComputedStyle(e).visibility !== 'hidden');
  const dock = document.querySelector('.gt-dock').getBoundingClientRect();
  // a hand card's target: the part of it not covered by the next card (the slot), as tall as the card
  const slots = visible('.gt-hand__slot').map((s) => { const r = s.getBoundingClientRect();
    return Math.min(r.width, r.height); });
  // the trick: the cards played in it (the empty slot of the player's own card may be under the dock)
  const cards = visible('.gt-trick [data-card]').map((c) => c.getBoundingClientRect());
  const trick = cards.length
    ? { top: Math.min(...cards.map((r) => r.top)), bottom: Math.max(...cards.map((r) => r.bottom)) } : null;
  return { share: dock.height / innerHeight, dockTop: dock.top, height: innerHeight,
    contract: box('.gt-contract'), trick, trickButton: box('.gt-trick__middle .gt-btn'),
    small: [...visible('.gt-bar .gt-btn--bar'), ...visible('.gt-calls .gt-bid')]
      .filter((b) => b.getBoundingClientRect().height < 44).map((b) => b.dataset.action ?? b.textContent),
    slots: Math.min(...slots), body: parseFloat(getComputedStyle(document.body).fontSize) };
}"""


def dock_leaves_the_table_in_view(page: Page, where: str, parts: tuple[str, ...]) -> None:
    # The page brings the turn into view at its next frame, and again when something above the table or in the dock
    # changes: under load a measure taken at once found the trick's card 21 px under the dock, and the screenshot
    # just after showed it clear. Wait (at most 10 s) for the parts to be clear of the dock; a page that never
    # scrolls them out fails below, with the figures.
    clear = " && ".join(f"s.{part} && s.{part}.top >= 0 && s.{part}.bottom <= s.dockTop + 1" for part in parts)
    with contextlib.suppress(PlaywrightTimeoutError):   # (said by the assertion below)
        page.wait_for_function(f"() => {{ const s = ({DOCK_JS})(); return {clear}; }}", timeout=10_000)
    seen = page.evaluate(DOCK_JS)
    page.screenshot(path=str(ARTIFACTS / f"dock-{where}.png"))
    assert seen["share"] <= 0.45, f"{where}: the dock takes {seen['share']:.0%} of the screen"
    for part in parts:   # (the bid being answered while calling; the contract and the trick while playing)
        r = seen[part]
        assert r is not None and r["top"] >= 0 and r["bottom"] <= seen["dockTop"] + 1, f"{where}: {part} {r} {seen}"
    assert not seen["small"], f"{where}: targets under 44 px tall: {seen['small']}"
    assert seen["slots"] >= 44, f"{where}: a hand card's target is {seen['slots']} px"
    assert seen["body"] >= 14, f"{where}: body text {seen['body']} px"



def dock_positions() -> tuple[str, str]:
    """Seed 4 through the seam: the player answering a contract, then the player to follow a trick's first card."""
    answering, _ = drive(api("new_match", seed=4)["state"], lambda v: v["phase"] == "negotiation"
                         and v["toAct"] == "Bottom" and v.get("contract") is not None)
    playing, _ = drive(answering, lambda v: v["phase"] == "play" and v["toAct"] == "Bottom"
                       and len(v["trick"]["cards"]) >= 1)
    return answering, playing

@pytest.mark.parametrize("size", [(360, 640), (390, 844)], ids=["360x640", "390x844"])
def test_a_phones_dock_leaves_the_contract_and_the_trick_in_view_in_every_language(
        page: Page, size: tuple[int, int]) -> None:
    # Issue 34: at 360×640 the pinned dock (the calls, the reason, the hand) took 63–69 % of the screen and covered
    # the contract being answered (523 px of 640 in Malagasy; 666 px of 844 in French after "Pourquoi ?").
    width, height = size
    page.set_viewport_size({"width": width, "height": height})
    answering, playing = dock_positions()
    for lang in ("en", "fr", "mg"):
        where = f"{width}x{height}-{lang}"
        open_game(page, query=f"speed=0&lang={lang}", fragment=fragment(answering))
        page.locator(".gt-notice__dismiss").click()  # dismiss "You opened a shared deal."
        wait_my_turn(page, "negotiation")
        dock_leaves_the_table_in_view(page, f"{where}-call", ("contract",))
        # "Why not the others?" unfolds the refused calls; one pressed says why (aria-disabled), in the status.
        page.locator(".gt-calls__others:visible, .gt-calls__why:visible").first.tap()
        expect(page.locator(".gt-calls.is-all")).to_be_visible()   # drawn again, unfolded
        dock_leaves_the_table_in_view(page, f"{where}-why", ("contract",))
        page.locator(".gt-calls .gt-bid.is-illegal").first.tap(force=True)
        expect(page.locator(".gt-status.is-reason")).to_be_visible()
        dock_leaves_the_table_in_view(page, f"{where}-reason", ("contract",))
        open_game(page, query=f"speed=0&lang={lang}", fragment=fragment(playing))
        page.locator(".gt-notice__dismiss").click()
        wait_my_turn(page, "play")
        dock_leaves_the_table_in_view(page, f"{where}-card", ("contract", "trick"))
        # A card's hint is two lines now (the plan, then the search's figures: issue 34, item 7): still clear of both.
        page.locator('[data-action="hint"]').tap()
        expect(page.locator(".gt-status.is-hint .gt-status__detail")).to_be_visible(timeout=30_000)
        dock_leaves_the_table_in_view(page, f"{where}-hint", ("contract", "trick"))


# The legal calls a phone's player may make now, each whole in the calls' box (not scrolled out of it, not under its
# edge) and on the screen; the actions of those that are not.
CALLS_OUT_OF_VIEW_JS = """() => {
  const box = document.querySelector('.gt-dock > .gt-panel')?.getBoundingClientRect();
  return [...document.querySelectorAll('.gt-calls .gt-bid.is-legal')].filter((b) => {
    const r = b.getBoundingClientRect();
    return !box || !b.getClientRects().length || r.top < Math.max(box.top, 0) - 0.5
      || r.bottom > Math.min(box.bottom, innerHeight) + 0.5;
  }).map((b) => b.dataset.action);
}"""


def test_every_legal_call_and_the_contract_are_in_view_while_a_phones_player_calls(page: Page) -> None:
    # docs/screenshots (negotiation-360x640-en, -fr): the calls ran under the pinned dock, "Double NoTrumps" half
    # under the player's seat and the Redouble line out of view; the calls' box scrolled. Every legal call and the
    # contract being answered are in view, the dock at most 45 % of the screen: the seed-4 answer, and seven legal
    # calls (five announcements, an Accept that doubles, a Double) at seed 20 — the most a player has (the only set
    # of seven in the first 300 seeds' negotiations), also at 320×568, where it once needed a fourth line.
    answering, _ = dock_positions()
    seven, view = drive(api("new_match", seed=20)["state"], lambda v: v["phase"] == "negotiation"
                        and v["toAct"] == "Bottom" and sum(a["legal"] for a in v["legal"]) >= 7)
    assert any(a["type"] == "accept" and a.get("effect") for a in view["legal"]), "an Accept that doubles"
    for lang in ("en", "fr", "mg"):
        for name, state in (("answer", answering), ("seven", seven)):
            page.set_viewport_size(PHONE)
            open_game(page, query=f"speed=0&lang={lang}", fragment=fragment(state))
            page.locator(".gt-notice__dismiss").click()  # dismiss "You opened a shared deal."
            wait_my_turn(page, "negotiation")
            for width, height in ((360, 640), (390, 844), (320, 568)):
                where = f"{width}x{height}-{lang}-{name}"
                page.set_viewport_size({"width": width, "height": height})
                with contextlib.suppress(PlaywrightTimeoutError):   # (the page's turn scroll; said below)
                    page.wait_for_function(f"() => !({CALLS_OUT_OF_VIEW_JS})().length", timeout=10_000)
                dock_leaves_the_table_in_view(page, f"calls-{where}", ("contract",))
                assert page.evaluate(CALLS_OUT_OF_VIEW_JS) == [], f"{where}: legal calls out of view"


# The player's cut numbers out of view: under the dock's box edges (or scrolled out of it), or off the screen.
CUTS_OUT_OF_VIEW_JS = """() => {
  const box = document.querySelector('.gt-dock > .gt-panel')?.getBoundingClientRect();
  return [...document.querySelectorAll('.gt-cut .gt-bid')].filter((b) => {
    const r = b.getBoundingClientRect();
    return !box || !b.getClientRects().length || r.top < Math.max(box.top, 0) - 0.5
      || r.bottom > Math.min(box.bottom, innerHeight) + 0.5 || r.height < 44;
  }).map((b) => b.dataset.action);
}"""


def test_every_cut_is_in_view_on_a_phone_and_the_keys_still_choose(page: Page) -> None:
    # docs/screenshots (cut-choice-360x640-*): the cut's 21 numbers scrolled in the pinned dock ("▾ 7 more"). They sit
    # in three rows of seven, every one in view and a 44 px target, the dock at most 45 % of the screen; the group is
    # still named "Cut the deck" and the arrows still move among the numbers.
    for lang, title in (("en", "Cut the deck"), ("fr", "Coupez le paquet"), ("mg", "Tapaho ny karatra")):
        page.set_viewport_size(PHONE)
        open_game(page, query=f"speed=0&lang={lang}", fragment="seed=12")   # Right deals: the player cuts
        wait_my_turn(page, "cut")
        expect(page.locator(".gt-cut .gt-bid")).to_have_count(21)
        for width, height in ((360, 640), (320, 568), (390, 844)):
            where = f"cut-{width}x{height}-{lang}"
            page.set_viewport_size({"width": width, "height": height})
            with contextlib.suppress(PlaywrightTimeoutError):   # (the page's turn scroll; said below)
                page.wait_for_function(f"() => !({CUTS_OUT_OF_VIEW_JS})().length", timeout=10_000)
            page.screenshot(path=str(ARTIFACTS / f"dock-{where}.png"))
            assert page.evaluate(CUTS_OUT_OF_VIEW_JS) == [], f"{where}: cuts out of view"
            box = page.locator(".gt-dock > .gt-panel")
            assert box.evaluate("b => b.scrollHeight <= b.clientHeight + 1"), f"{where}: the dock's box scrolls"
            share = page.evaluate("document.querySelector('.gt-dock').getBoundingClientRect().height / innerHeight")
            assert share <= 0.45, f"{where}: the dock takes {share:.0%} of the screen"
            # the deck's words ("You cut the deck") clear of the dock too: half under its status line at 320×568
            caption = ("() => document.querySelector('.gt-center__note').getBoundingClientRect().bottom"
                       " <= document.querySelector('.gt-dock').getBoundingClientRect().top + 1")
            with contextlib.suppress(PlaywrightTimeoutError):
                page.wait_for_function(caption, timeout=10_000)
            assert page.evaluate(caption), f"{where}: the deck's words under the dock"
        group = page.get_by_role("group", name=title)
        expect(group.get_by_role("button")).to_have_count(21)
        group.locator('[data-action="c6"]').focus()
        page.keyboard.press("ArrowRight")
        expect(page.locator('.gt-cut [data-action="c7"]')).to_be_focused()
        page.keyboard.press("End")
        expect(page.locator('.gt-cut [data-action="c26"]')).to_be_focused()
    page.set_viewport_size(PHONE)


def test_the_tricks_last_trick_button_is_not_under_a_phones_status_line(page: Page) -> None:
    # docs/screenshots (play-360x640-mg): the page scrolled the trick's cards clear of the pinned dock, not its "Last
    # trick" button (two lines in Malagasy), whose lower edge stayed under the status line (two lines too).
    playing, _ = drive_from_any(lambda v: v["phase"] == "play" and v["toAct"] == HUMAN and len(v["tricks"]) == 3
                                and len(v["trick"]["cards"]) == 2)
    for lang in ("mg", "fr"):
        open_game(page, query=f"speed=0&lang={lang}", fragment=fragment(playing))
        page.locator(".gt-notice__dismiss").click()
        wait_my_turn(page, "play")
        expect(page.locator(".gt-trick__peek")).to_be_visible()
        dock_leaves_the_table_in_view(page, f"last-trick-{lang}", ("contract", "trick", "trickButton"))


def test_the_tricks_caption_and_its_button_each_take_one_line_in_malagasy_on_a_phone(page: Page) -> None:
    # docs/screenshots (play-360x640-mg, trick-end-360x640-mg): "Fanangonana 4 amin'ny 8" (Trick 4 of 8) and its
    # button "Fanangonana farany" (Last trick) each took two lines between the trick's cards.
    playing, _ = drive_from_any(lambda v: v["phase"] == "play" and v["toAct"] == HUMAN and len(v["tricks"]) == 3
                                and len(v["trick"]["cards"]) == 2)
    open_game(page, query="speed=0&lang=mg", fragment=fragment(playing))
    wait_my_turn(page, "play")
    expect(page.locator(".gt-trick__peek")).to_have_text("Fanangonana farany")
    assert page.evaluate(ONE_LINE_EACH_JS, ".gt-trick__caption, .gt-trick__peek") == [1, 1]
    no_horizontal_scroll(page, "trick-mg")


# Each checkbox of a dialog and its label: the label's first line beside the box (its top above the box's bottom).
CHECK_BESIDE_LABEL_JS = """() => [...document.querySelectorAll('#gt-dialog[open] .gt-field--check')].map((field) => {
  const box = field.querySelector('input').getBoundingClientRect();
  const label = field.querySelector('label').getBoundingClientRect();
  return { id: field.querySelector('input').id, beside: label.top < box.bottom && label.left >= box.right };
})"""


def test_a_long_checkbox_label_wraps_beside_its_box_on_a_phone(page: Page) -> None:
    # docs/screenshots (settings-360x640-en, -fr): "You vs the expert after each deal" was wider than the line's rest:
    # the checkbox stood alone on a line and its label started below it.
    for lang in ("en", "fr"):
        open_game(page, query=f"speed=0&lang={lang}", fragment="seed=11")
        page.locator('[data-action="open-settings"]').click()
        expect(page.locator("#gt-dialog[open] #gt-duplicate")).to_be_attached()
        checks = page.evaluate(CHECK_BESIDE_LABEL_JS)
        assert "gt-duplicate" in [c["id"] for c in checks]
        assert [c for c in checks if not c["beside"]] == [], f"{lang}: {checks}"


ONE_LINE_EACH_JS = """(selector) => [...document.querySelectorAll(selector)].map((el) => {
  const range = document.createRange(); range.selectNodeContents(el);
  return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
})"""


@pytest.mark.parametrize("width", [320, 360, 390])
def test_a_bots_role_is_never_cut_inside_its_word_on_a_phone(page: Page, width: int) -> None:
    # "Mpifanandrina" (Opponent, the longest role) read "Mpifanandrin / a" in its pill at 360 px (docs/screenshots).
    page.set_viewport_size({"width": width, "height": 640})
    open_game(page, query="speed=0&lang=mg", fragment="seed=4")
    wait_my_turn(page, "negotiation")
    expect(page.locator(".gt-seat--left .gt-seat__role")).to_have_text("Mpifanandrina")
    assert page.evaluate(ONE_LINE_EACH_JS, ".gt-seat__role") == [1, 1, 1]
    outside = page.evaluate("""() => [...document.querySelectorAll('.gt-seat__role')].filter((role) => {
        const seat = role.closest('.gt-seat').getBoundingClientRect(), r = role.getBoundingClientRect();
        return r.left < seat.left || r.right > seat.right - 1;   // (inside its right border)
      }).map((role) => role.closest('.gt-seat').dataset.seat)""")
    assert outside == [], f"a role's pill reaches past its seat: {outside}"


# Where a seat's words break inside a word: a new line begun after a letter, not after a space or a (soft) hyphen.
BROKEN_WORDS_JS = """() => [...document.querySelectorAll('.gt-seat__player')].flatMap((el) => {
  const text = el.firstChild, range = document.createRange(), broken = [];
  let top = null;
  for (let i = 0; i < text.data.length; i += 1) {
    range.setStart(text, i); range.setEnd(text, i + 1);
    const r = [...range.getClientRects()].at(-1);   // (after a soft hyphen's break: the hyphen's box, then its own)
    if (!r || r.width === 0) continue;
    if (top !== null && r.top > top + 2 && !/[\\s\\u00ad-]/.test(text.data[i - 1])) broken.push(text.data);
    top = r.top;
  }
  return broken;
})"""


def test_a_bots_level_is_never_cut_inside_its_word_on_a_small_phone(page: Page) -> None:
    # A match played through at 320×568 in Malagasy with random bots: "Milalao kisendrasendra" (Random bot) read
    # "kisendrasendr / a" in each seat.
    seven, _ = drive(api("new_match", seed=20)["state"], lambda v: v["phase"] == "negotiation"
                     and v["toAct"] == "Bottom" and sum(a["legal"] for a in v["legal"]) >= 7)
    page.set_viewport_size({"width": 320, "height": 568})
    open_game(page, query="speed=0&lang=mg", fragment=fragment(seven))
    wait_my_turn(page, "negotiation")
    expect(page.locator(".gt-seat--left .gt-seat__player")).to_contain_text("Milalao kisendra")
    assert page.evaluate(BROKEN_WORDS_JS) == []
    page.set_viewport_size(PHONE)


@pytest.mark.parametrize("lang", ["en", "fr", "mg"])
def test_the_match_ends_sheet_with_its_start_score_fits_a_small_phone(page: Page, lang: str) -> None:
    # A match begun from a score (a shared link) has a "Start" row. In Malagasy ("Fanombohana") its word widened the
    # deal's column, and at 360 px the sheet's "their total" was past the end screen's edge (docs/screenshots).
    state, _ = drive(api("new_match", seed=1, scores={"Team1": 149, "Team2": 149})["state"],
                     lambda v: v["phase"] == "play" and v["toAct"] == HUMAN and len(v["hand"]) == 1)
    open_game(page, query=f"speed=0&lang={lang}", fragment=fragment(state))
    page.locator(".gt-notice button").click()  # dismiss "You opened a shared deal."
    page.locator(".gt-hand .is-legal").tap()
    page.locator('#gt-dialog[open] [data-action="score-sheet"]').tap()
    expect(page.locator("#gt-dialog[open] .gt-end__title")).to_be_visible()
    sheet = page.locator("#gt-dialog[open] .gt-scroll:has(.gt-sheet__table)")
    expect(sheet.locator("tbody tr")).to_have_count(2)   # the start, the deal
    fits = "s => s.scrollWidth <= s.clientWidth || [s.scrollWidth, s.clientWidth]"
    assert sheet.evaluate(fits) is True, sheet.evaluate(fits)
    # The contract's team by the columns' names ("Tout A, Eux"): with its seats a deal's row took four or five lines
    # (played through at 390×844 in Malagasy); the whole name is the wide screen's.
    contract = sheet.locator("tbody .gt-sheet__contract")
    assert "(" not in contract.inner_text(), contract.inner_text()
    # At most two lines a row: the contract took three at 360 px in Malagasy and English (the fourth pass).
    rows = page.evaluate(RESULT_LINES_JS, ".gt-sheet__table")
    assert max(n for row in rows for n in row) <= 2, (rows, contract.inner_text())


# The last card of a match begun at 120-120, its deal "NoTrumps doubled automatically ×2, Us".
AUTO_DOUBLED_NOTRUMPS_LAST_CARD = (
    "G2 giretra.com hrrr 2 L 120-120 150 * c25.D.H.NT.ok.ok.ok.10H.KH.8H.JH.9C.AC.QC.10C.QS.8S.7C.KS.AS.10S.7S.8C"
    ".9D.8D.JD.QD.AD.AH.9H.10D.KD.KC.QH.7D.JC.9S.7H 38")


@pytest.mark.parametrize("lang", ["en", "fr", "mg"])
def test_an_auto_doubled_contract_takes_two_lines_at_most_in_a_phones_score_sheet(page: Page, lang: str) -> None:
    # The fourth run: "Sans Atout contré automatiquement ×2, Nous" took three lines at 390 px in French.
    view = api("view", state=AUTO_DOUBLED_NOTRUMPS_LAST_CARD, seat=HUMAN)
    assert view["contract"]["automatic"] and view["contract"]["mode"] == "NoTrumps", view["contract"]
    page.set_viewport_size({"width": 390, "height": 844})
    open_game(page, query=f"speed=0&lang={lang}", fragment=fragment(AUTO_DOUBLED_NOTRUMPS_LAST_CARD))
    page.locator(".gt-notice__dismiss").click()  # dismiss "You opened a shared deal."
    page.locator(".gt-hand .is-legal").tap()
    page.locator('#gt-dialog[open] [data-action="score-sheet"]').tap()
    contract = page.locator("#gt-dialog[open] .gt-sheet__table tbody .gt-sheet__contract")
    expect(contract).to_have_count(1)
    for width, height in ((390, 844), (360, 640)):
        page.set_viewport_size({"width": width, "height": height})
        page.evaluate("new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
        rows = page.evaluate(RESULT_LINES_JS, ".gt-sheet__table")
        assert max(n for row in rows for n in row) <= 2, (width, lang, rows, contract.inner_text())
        sheet = page.locator("#gt-dialog[open] .gt-scroll:has(.gt-sheet__table)")
        assert sheet.evaluate("s => s.scrollWidth <= s.clientWidth"), (width, lang)
    page.set_viewport_size(PHONE)


@pytest.mark.parametrize("size", [(360, 640), (390, 844)], ids=["360x640", "390x844"])
def test_every_card_size_keeps_a_phones_hand_targets_and_its_dock(page: Page, size: tuple[int, int]) -> None:
    # Issue 34 (settings): the card size. On a phone the hand stays overlapped, every card a 44 px target, and the
    # pinned dock at most 45 % of the screen with the contract and the trick in view (large is capped at 360 px).
    width, height = size
    page.set_viewport_size({"width": width, "height": height})
    answering, playing = dock_positions()
    widths = {}
    for card_size, lang in (("large", "mg"), ("large", "fr"), ("small", "en")):
        where = f"{width}x{height}-{card_size}-{lang}"
        open_game(page, query=f"speed=0&lang={lang}", fragment=fragment(answering))
        page.locator(".gt-notice__dismiss").click()
        page.locator('[data-action="open-settings"]').click()
        page.locator("#gt-card-size").select_option(card_size)
        page.keyboard.press("Escape")
        wait_my_turn(page, "negotiation")
        expect(page.locator(f'.gt-app[data-card-size="{card_size}"]')).to_have_count(1)
        dock_leaves_the_table_in_view(page, f"{where}-call", ("contract",))
        open_game(page, query=f"speed=0&lang={lang}", fragment=fragment(playing))
        page.locator(".gt-notice__dismiss").click()
        wait_my_turn(page, "play")
        dock_leaves_the_table_in_view(page, f"{where}-card", ("contract", "trick"))
        overlapped = page.evaluate("""() => { const slots = [...document.querySelectorAll('.gt-hand__slot')];
          const card = slots[0].querySelector('.gt-card--hand').getBoundingClientRect().width;
          return { card, slot: slots[0].getBoundingClientRect().width }; }""")
        widths[card_size] = overlapped["card"]
        assert overlapped["card"] >= 44, f"{where}: {overlapped}"
    # Large is larger where the phone has room for it (390 px), never smaller than normal's (51 px) at 360.
    assert widths["large"] > widths["small"] and widths["large"] >= (60 if width >= 390 else 51), widths


# What a phone's player taps besides the calls and the cards: each one's box, at least 44 px tall (the link also wide).
TARGETS_JS = """() => [...document.querySelectorAll(
    '.gt-calls__why, .gt-calls__others, .gt-calls__fold, .gt-status__btn, a.gt-score__rules')]
  .filter((e) => e.getClientRects().length && getComputedStyle(e).visibility !== 'hidden')
  .map((e) => { const r = e.getBoundingClientRect();
    return { kind: e.dataset.action ?? 'rules', name: e.textContent, width: r.width, height: r.height }; })"""


@pytest.mark.parametrize("size", [(360, 640), (390, 844)], ids=["360x640", "390x844"])
def test_why_hint_undo_and_the_rules_link_are_44_px_targets_on_a_phone(page: Page, size: tuple[int, int]) -> None:
    # Issue 34: the calls' "Why?" buttons were 26 px tall, Hint and Undo 36, the rules link 24.
    page.set_viewport_size({"width": size[0], "height": size[1]})
    answering, _ = drive(api("new_match", seed=4)["state"], lambda v: v["phase"] == "negotiation"
                         and v["toAct"] == "Bottom" and v.get("contract") is not None)
    for lang in ("en", "fr", "mg"):
        open_game(page, query=f"speed=0&lang={lang}", fragment=fragment(answering))
        page.locator(".gt-notice__dismiss").click()
        wait_my_turn(page, "negotiation")
        seen = page.evaluate(TARGETS_JS)
        page.locator(".gt-calls__others:visible, .gt-calls__why:visible").first.tap()
        expect(page.locator(".gt-calls.is-all")).to_be_visible()   # unfolded: "Fold" shows
        seen += page.evaluate(TARGETS_JS)
        kinds = {t["kind"] for t in seen}
        assert {"rules", "hint", "take-back", "show-all-calls", "fold-calls"} <= kinds, (lang, kinds)
        small = [t for t in seen if t["height"] < 44 or (t["kind"] == "rules" and t["width"] < 44)]
        assert not small, f"{lang}: targets under 44 px: {small}"


def test_a_calls_box_that_scrolls_on_a_phone_says_so(page: Page) -> None:
    # Issue 34: at 360×640 the calls box is about 90 px high and scrolled with no sign. Its cut edges fade and a count
    # says how many calls are below; for the eye only (aria-hidden), the calls and their keys unchanged. (The legal
    # calls alone fit: unfolded, every call with its reason does not.)
    answering, view = drive(api("new_match", seed=4)["state"], lambda v: v["phase"] == "negotiation"
                            and v["toAct"] == "Bottom" and v.get("contract") is not None)
    open_game(page, query="speed=0&lang=en", fragment=fragment(answering))
    page.locator(".gt-notice__dismiss").click()
    wait_my_turn(page, "negotiation")
    box = page.locator(".gt-dock > .gt-panel")
    assert box.evaluate("b => b.scrollHeight <= b.clientHeight + 1"), "the legal calls alone scroll"
    expect(box).not_to_have_class(re.compile(r"\bis-cut-below\b"))
    page.locator(".gt-calls__others--all").tap()
    expect(page.locator(".gt-calls.is-all")).to_be_visible()
    more = box.locator(".gt-panel__more")
    # The calls out of view, counted here from their boxes: the count says as many.
    hidden_js = """(box) => { const edge = box.getBoundingClientRect().bottom;
      return [...box.querySelectorAll('.gt-bid')]
        .filter((b) => b.getBoundingClientRect().bottom > edge + 0.5).length; }"""
    assert box.evaluate("b => b.scrollHeight > b.clientHeight + 1"), "the calls fit: nothing to sign"
    expect(box).to_have_class(re.compile(r"\bis-cut-below\b"))
    expect(box).not_to_have_class(re.compile(r"\bis-cut-above\b"))
    hidden = box.evaluate(hidden_js)
    assert hidden >= 1
    expect(more).to_be_visible()
    expect(more).to_have_text(f"▾ {hidden} more")
    expect(more).to_have_attribute("aria-hidden", "true")
    # Every call is still in the group for the keyboard and a screen reader, and the count is not one of its names.
    calls = page.get_by_role("group", name=re.compile("call", re.I)).get_by_role("button")
    assert calls.count() >= len([a for a in view["legal"] if a["legal"]])
    assert "more" not in " ".join(calls.all_inner_texts())
    # Scrolled to its end: the top edge fades, the count is gone.
    box.evaluate("b => b.scrollTo(0, b.scrollHeight)")
    expect(box).to_have_class(re.compile(r"\bis-cut-above\b"))
    expect(box).not_to_have_class(re.compile(r"\bis-cut-below\b"))
    expect(more).to_be_hidden()
    # A screen where the calls fit (a tablet: not pinned, nothing scrolls) shows no sign.
    page.set_viewport_size({"width": 1024, "height": 1000})
    page.wait_for_function("() => { const b = document.querySelector('.gt-dock > .gt-panel');"
                           " return b.scrollHeight <= b.clientHeight + 1"
                           " && !b.matches('.is-cut-below, .is-cut-above'); }")
    page.set_viewport_size(PHONE)


def test_a_language_changed_in_the_settings_leaves_the_turn_in_view_as_any_dialog_does(page: Page) -> None:
    # Issue 34: closing the settings after a language change gave the focus to Settings' twin in the bar (the old
    # button was redrawn), and the page scrolled to the top: the trick went under the pinned dock.
    page.set_viewport_size({"width": 320, "height": 568})
    playing, _ = drive(api("new_match", seed=4)["state"], lambda v: v["phase"] == "play" and v["toAct"] == "Bottom"
                       and len(v["trick"]["cards"]) >= 1)
    open_game(page, query="speed=0&lang=en", fragment=fragment(playing))
    page.locator(".gt-notice__dismiss").click()
    wait_my_turn(page, "play")
    clear = (f"() => {{ const s = ({DOCK_JS})();"
             " return s.trick && s.trick.top >= 0 && s.trick.bottom <= s.dockTop + 1; }")
    page.wait_for_function(clear)   # the page shows the turn: the trick above the pinned dock (it scrolls for it)
    assert page.evaluate("scrollY") > 0
    for lang in ("mg", "fr", "en"):
        label = page.locator("#gt-table-host").get_attribute("aria-label")
        page.locator('[data-action="open-settings"]').click()
        page.locator("#gt-lang").select_option(lang)
        expect(page.locator("html")).to_have_attribute("lang", lang)
        # (the table drawn in the new language behind the dialog, as a player sees it before closing)
        expect(page.locator("#gt-table-host")).not_to_have_attribute("aria-label", label or "")
        page.keyboard.press("Escape")
        expect(page.locator('[data-action="open-settings"]')).to_be_focused()
        try:
            page.wait_for_function(clear, timeout=10_000)
        except PlaywrightTimeoutError:
            page.screenshot(path=str(ARTIFACTS / f"lang-{lang}-trick-under-dock.png"))
            raise AssertionError(f"{lang}: the trick is not in view: {page.evaluate(DOCK_JS)}") from None
    page.set_viewport_size(PHONE)


# The felt during the play on a phone: the band between the bots' row and the contract, the trick's cards against the
# pinned dock, the page's scroll.
BAND_JS = """() => { const q = (s) => document.querySelector(s).getBoundingClientRect();
  const seats = Math.max(...[...document.querySelectorAll('.gt-seat--left, .gt-seat--top, .gt-seat--right')]
    .map((e) => e.getBoundingClientRect().bottom));
  const cards = [...document.querySelectorAll('.gt-trick [data-card]')].map((e) => e.getBoundingClientRect());
  return { band: q('.gt-contract').top - seats, cardsEnd: Math.max(...cards.map((r) => r.bottom)),
    dock: q('.gt-dock').top, cardWidth: cards[0].width, scrollY }; }"""


@pytest.mark.parametrize("lang", ["fr", "mg"])
def test_a_tall_phones_felt_goes_to_the_trick_during_the_play(page: Page, lang: str) -> None:
    # Issue 34, fourth pass: at 390×844 during the play about 100 px of empty felt lay between the bots and the
    # contract (83 px measured), as much below the trick, whose cards were 37 px wide. The trick's cards are larger
    # there now, the band under 50 px, the trick clear of the pinned dock without a scroll.
    state, _ = drive_from_any(lambda v: v["phase"] == "play" and v["toAct"] == HUMAN and len(v["tricks"]) == 3
                              and len(v["trick"]["cards"]) == 2)
    page.set_viewport_size({"width": 390, "height": 844})
    open_game(page, query=f"speed=0&lang={lang}", fragment=fragment(state))
    page.locator(".gt-notice__dismiss").click()
    wait_my_turn(page, "play")
    felt = page.evaluate(BAND_JS)
    # (under 56: the turn's words beside Hint and Undo took three lines of the dock in French, now two, and the line
    # given back shows here, 51 px)
    assert felt["band"] < 56 and felt["cardWidth"] >= 50, felt
    assert felt["cardsEnd"] <= felt["dock"] and felt["scrollY"] <= 1, felt
    page.set_viewport_size(PHONE)


# The lines of the turn's words in the pinned dock (beside Hint and Undo), at the player's card.
TURN_LINES_JS = """() => { const s = document.querySelector('.gt-status.is-turn .gt-status__text')
  ?? document.querySelector('.gt-status.is-turn');
  const lh = parseFloat(getComputedStyle(s).lineHeight) || 1.2 * parseFloat(getComputedStyle(s).fontSize);
  return Math.round(s.getBoundingClientRect().height / lh); }"""


@pytest.mark.parametrize("lang", ["en", "fr", "mg"])
@pytest.mark.parametrize("width", [360, 390])
def test_the_turns_words_take_two_lines_at_most_beside_hint_and_undo_on_a_phone(page: Page, lang: str,
                                                                                width: int) -> None:
    # Issue 34, fifth run: at 390 px in French "À vous : jouez une de vos cartes jouables." took three lines of the
    # pinned dock beside Hint and Undo, room taken from the trick above it.
    state, _ = drive_from_any(lambda v: v["phase"] == "play" and v["toAct"] == HUMAN and len(v["tricks"]) == 1)
    page.set_viewport_size({"width": width, "height": 844 if width == 390 else 640})
    open_game(page, query=f"speed=0&lang={lang}", fragment=fragment(state))
    wait_my_turn(page, "play")
    assert page.evaluate(TURN_LINES_JS) <= 2
    page.set_viewport_size(PHONE)


# The trick's gathering held still: each gathered card's box at a share of its course, and the caption's and its
# button's boxes where they are shown (their middle not faded out).
GATHER_HOLD_JS = """() => { window.gatherHeld = null;
  new MutationObserver(() => {
    const motion = document.getElementById('gt-table-host')?.dataset.motion ?? '';
    if (window.gatherHeld || !motion.includes('gather')) return;
    window.gatherHeld = document.getAnimations().filter((a) => a.id === 'gather');
    for (const a of window.gatherHeld) a.pause();
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-motion'] }); }"""
GATHER_COVERS_JS = """(share) => { const covered = [];
  const shown = [...document.querySelectorAll('.gt-trick__middle > *')]
    .filter((e) => getComputedStyle(e).visibility === 'visible' && getComputedStyle(e.parentElement).opacity !== '0')
    .map((e) => [e.textContent, e.getBoundingClientRect()]);
  for (const a of window.gatherHeld) {
    const t = a.effect.getComputedTiming(); a.currentTime = t.delay + t.activeDuration * share;
    const r = a.effect.target.getBoundingClientRect();
    for (const [text, b] of shown) {
      if (r.bottom > b.top + 1 && r.top < b.bottom - 1 && r.right > b.left + 1 && r.left < b.right - 1
          && getComputedStyle(a.effect.target).opacity > 0.2) covered.push([text, share]);
    }
  }
  return covered; }"""


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_tricks_caption_is_never_under_a_gathered_card_on_a_phone(page: Page, lang: str) -> None:
    # Issue 34, the fifth run: at 390×844 "Pli 2 sur 8" (the next trick's caption) lay under the cards of the trick
    # just won while they were gathered to the winner's side, and its "Last trick" button under them too
    # (docs/screenshots, trick-end-390x844). The caption and its button wait for the gathering's end.
    state, _ = drive_from_any(lambda v: v["phase"] == "play" and v["toAct"] == HUMAN and not v["tricks"]
                              and len(v["trick"]["cards"]) == 3)
    page.set_viewport_size({"width": 390, "height": 844})
    page.add_init_script(f"({GATHER_HOLD_JS})()")
    open_game(page, query=f"speed=normal&lang={lang}", fragment=fragment(state))
    page.locator(".gt-notice__dismiss").click()   # "You opened a shared deal."
    wait_my_turn(page, "play")
    expect(page.locator("#gt-table-host:not([data-motion])")).to_be_attached()
    page.locator(".gt-hand .is-legal").first.evaluate("(e) => e.click()")
    page.locator(".gt-trick__next").evaluate("(e) => e.click()")   # the trick won, its pause skipped
    page.wait_for_function("() => window.gatherHeld && window.gatherHeld.length === 4")
    shares = (0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7)
    covered = [hit for share in shares for hit in page.evaluate(GATHER_COVERS_JS, share)]
    assert covered == [], covered
    page.evaluate("for (const a of window.gatherHeld) a.finish()")
    expect(page.locator("#gt-table-host:not([data-motion])")).to_be_attached()
    expect(page.locator(".gt-trick__caption")).to_be_visible()   # shown again, trick 2's
    assert re.search("2", page.locator(".gt-trick__caption").inner_text())
    page.set_viewport_size(PHONE)


# What can be pressed and shows within 6 px of a dialog's close button, at each step of the body's scroll: the points
# of such a control's box next to the close button where the control itself is what a tap would reach.
CLOSE_CLEAR_JS = """async () => {
  const d = document.querySelector('#gt-dialog[open]'), body = d.querySelector('.gt-dialog__body');
  const close = d.querySelector('.gt-dialog__close'), found = [];
  const PRESSED = 'button, a[href], input, select, summary, [tabindex="0"]';
  const frame = () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  for (let y = 0; ; y += 12) {
    body.scrollTop = y;
    await frame();
    const c = close.getBoundingClientRect(), near = { l: c.left - 6, t: c.top - 6, r: c.right + 6, b: c.bottom + 6 };
    for (const el of body.querySelectorAll(PRESSED)) {
      const r = el.getBoundingClientRect();
      const l = Math.max(r.left, near.l), t = Math.max(r.top, near.t), rr = Math.min(r.right, near.r);
      const b = Math.min(r.bottom, near.b);
      if (rr - l < 2 || b - t < 2) continue;
      for (let i = 0; i <= 4; i++) for (let j = 0; j <= 4; j++) {
        const x = l + 1 + (rr - l - 2) * i / 4, yy = t + 1 + (b - t - 2) * j / 4;
        if (document.elementFromPoint(x, yy)?.closest(PRESSED) === el) {
          found.push([body.scrollTop, el.textContent.trim().slice(0, 20) || el.getAttribute('aria-label')]); i = j = 5;
        }
      }
    }
    if (body.scrollTop + body.clientHeight >= body.scrollHeight - 1) break;
  }
  body.scrollTop = 0;
  return found; }"""


def test_nothing_to_press_is_under_a_scrolled_dialogs_close_button(page: Page) -> None:
    # The fifth run: the replay's dialog on a phone, scrolled down, had its × over the right-hand button of the step
    # buttons' row (and a tap near the × could press either). The dialog's title now stays at the top of the
    # scrolled body, a band the × sits in, which what scrolls passes under; so for Settings held sideways.
    state, _ = drive(api("new_match", seed=4)["state"],
                     lambda v: v["phase"] == "play" and v["toAct"] == HUMAN and len(v["hand"]) == 1)
    open_game(page, fragment=fragment(state))
    wait_my_turn(page, "play")
    page.locator(".gt-hand .is-legal").click()
    dialog = page.locator("#gt-dialog[open]")
    dialog.locator('[data-action="replay"]').click()
    expect(dialog.locator(".gt-replay[data-step]")).to_be_visible(timeout=60_000)
    assert dialog.locator(".gt-dialog__body").evaluate("b => b.scrollHeight > b.clientHeight + 100")
    found = page.evaluate(CLOSE_CLEAR_JS)
    page.screenshot(path=str(ARTIFACTS / "dialog-close-replay.png"))
    assert found == [], f"the replay: {found}"
    dialog.locator(".gt-dialog__body").evaluate("b => { b.scrollTop = b.scrollHeight; }")
    dialog.locator(".gt-dialog__close").click()   # (a click on what is on top at its middle: the × itself)
    expect(dialog.locator(".gt-replay")).to_have_count(0)   # back to the deal's result
    dialog.locator('[data-action="continue"]').click()
    expect(page.locator("#gt-dialog[open]")).to_have_count(0)
    page.set_viewport_size({"width": 667, "height": 375})
    page.locator('[data-action="open-settings"]').click()
    expect(page.locator("#gt-dialog[open] .gt-dialog__title")).to_be_visible()
    assert page.evaluate(CLOSE_CLEAR_JS) == [], "Settings held sideways"
    page.set_viewport_size(PHONE)
