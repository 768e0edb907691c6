"""The negotiation panel: every call shown, illegal ones with the engine's reason; double and redouble."""

from __future__ import annotations

import re
from typing import Any

from conftest import open_game
from gameplay import HUMAN, api, drive, fragment, saved_state, wait_my_turn
from playwright.sync_api import Page, expect

REDOUBLABLE = ("ColourDiamonds", "ColourHearts", "ColourSpades", "AllTrumps")


def can_double(view: dict[str, Any]) -> bool:
    return view["phase"] == "negotiation" and view["toAct"] == HUMAN and any(
        a["type"] == "double" and a["legal"] and a["mode"] in REDOUBLABLE for a in view["legal"])


def doubled_then_redoubled() -> tuple[str, str]:
    """A state where the human can double and, if he does and then accepts, the announcers redouble.

    The bots are replayed exactly as the page runs them (random level, seed 0), so the search is exact.
    """
    for seed in range(300):
        try:
            state, view = drive(api("new_match", seed=seed)["state"], can_double, limit=40)
        except AssertionError:
            continue
        for double in (a["action"] for a in view["legal"] if a["type"] == "double" and a["legal"]
                       and a["mode"] in REDOUBLABLE):
            after = api("apply", state=state, seat=HUMAN, action=double)["state"]
            for _ in range(30):
                v = api("view", state=after, seat=HUMAN)
                if v["phase"] != "negotiation":
                    break
                seat = v["toAct"]
                act = "ok" if seat == HUMAN else api("bot_action", state=after, seat=seat, seed=0)["action"]
                if act == "x" + double:
                    return state, double
                after = api("apply", state=after, seat=seat, action=act)["state"]
    raise AssertionError("no seed below 300 gives a double answered by a redouble")


def test_every_call_is_shown_and_illegal_ones_say_why(page: Page) -> None:
    # A tall screen: every call shows. (On a phone or a screen 720 px tall or less, a kind of call with nothing
    # possible folds to one line until "Why?" is pressed: test_layout.)
    page.set_viewport_size({"width": 1280, "height": 900})
    state, view = drive(api("new_match", seed=2)["state"],
                        lambda v: v["phase"] == "negotiation" and v["toAct"] == HUMAN and v["calls"])
    open_game(page, fragment=fragment(state))
    wait_my_turn(page, "negotiation")
    expect(page.locator(".gt-calls__why:visible")).to_have_count(0)
    buttons = page.locator(".gt-calls .gt-bid[data-action]")   # the calls (not "Why?")
    expect(buttons).to_have_count(len(view["legal"]))
    for action in view["legal"]:
        button = page.locator(f'.gt-calls [data-action="{action["action"]}"]')
        # Named in full for a screen reader: "Announce Clubs ♣" beside "Double Clubs ♣" (it was "Clubs ♣").
        prefix = "Announce " if action["type"] == "announce" else ""
        expect(button).to_have_attribute("aria-label", prefix + action["text"])
        if action["legal"]:
            expect(button).to_have_class("gt-bid gt-bid--" + action["type"] + " is-legal")
        else:
            expect(button).to_have_attribute("aria-disabled", "true")
            tip = page.locator("#" + (button.get_attribute("aria-describedby") or "missing"))
            expect(tip).to_have_text(action["reason"]["message"])
    # The reason shows on focus too (keyboard users), and a tap says it out loud and changes nothing.
    illegal = next(a for a in view["legal"] if not a["legal"])
    button = page.locator(f'.gt-calls [data-action="{illegal["action"]}"]')
    button.focus()
    expect(page.locator("#" + (button.get_attribute("aria-describedby") or "missing"))).to_be_visible()
    button.click(force=True)
    expect(page.locator(".gt-status.is-reason .gt-status__text")).to_have_text(illegal["reason"]["message"])
    expect(page.locator(".gt-status.is-reason a.gt-rule-link")).to_have_attribute(
        "href", f'rules.html?lang=en#{illegal["reason"]["rule"]}')
    expect(page.locator(".gt-bids-history li")).to_have_count(len(view["calls"]))


def test_human_doubles_and_the_announcers_redouble(page: Page) -> None:
    state, double = doubled_then_redoubled()
    open_game(page, fragment=fragment(state))
    wait_my_turn(page, "negotiation")
    page.locator(f'.gt-calls [data-action="{double}"]').click()
    mine = page.locator('.gt-bids-history li[data-seat="Bottom"]').filter(has_text="Double")
    expect(mine).to_have_count(1)
    # Accept until the negotiation is over; the announcers' redouble shows in the history. Each Accept waits for the
    # engine to take it (the saved match changes) and for the table to be drawn: looked for at once, the turn just
    # answered still showed, and its Accept, pressed again as the play began, was waited for in vain (under load).
    my_accept = f'.gt-table[data-to-act="{HUMAN}"][data-phase="negotiation"] .gt-calls [data-action="ok"].is-legal'
    while True:
        page.locator(f'{my_accept}, .gt-table[data-phase="play"]').first.wait_for()
        if page.locator('.gt-table[data-phase="play"]').count():
            break
        before = saved_state(page)
        page.locator(my_accept).click()
        page.wait_for_function("s => JSON.parse(localStorage.getItem('giretra.match')).state !== s", arg=before)
        page.evaluate("new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
    expect(page.locator(".gt-table")).to_have_attribute("data-phase", "play")
    contract = page.locator(".gt-contract")
    expect(contract).to_have_attribute("data-multiplier", "4")
    expect(contract).to_contain_text("redoubled ×4")
    # The bid the player doubled, redoubled by its announcers, Left or Right (Top may redouble a bid of its own too).
    calls = page.locator('.gt-bids-history li:not([data-seat="Bottom"]):not([data-seat="Top"])')
    expect(calls.filter(has_text="Redouble")).to_have_count(1)


FOCUSED_JS = "(() => { const a = document.activeElement; return a.dataset.action ?? a.className; })()"


def test_the_calls_and_the_hand_are_one_tab_stop_each_and_arrows_move_within(page: Page) -> None:
    # From an accessibility review: the calls panel was 19 Tab stops (every call, the refused ones included, so that
    # a keyboard can reach a refused call's reason) and the hand 8 more. Each is now one stop, the arrows move within
    # it, the refused calls included.
    state, view = drive(api("new_match", seed=4)["state"], lambda v: v["phase"] == "negotiation"
                        and v["toAct"] == HUMAN and any(not a["legal"] for a in v["legal"]))
    open_game(page, fragment=fragment(state))
    wait_my_turn(page, "negotiation")
    stops = """(group) => [...document.querySelectorAll(group)].filter((b) => b.tabIndex >= 0).length"""
    assert page.evaluate(stops, ".gt-calls .gt-bid") == 1
    assert page.evaluate(stops, ".gt-hand button") == 1
    for _ in range(40):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.matches('.gt-calls .gt-bid')"):
            break
    else:
        raise AssertionError("Tab never reached the calls")
    legal = [a for a in view["legal"] if a["legal"]]
    first = page.evaluate(FOCUSED_JS)
    assert first == next((a for a in legal if a["type"] == "accept"), legal[0])["action"], first
    # Arrows go round every call shown, in the panel's order, the refused ones included (their reason shows); a
    # folded row's calls are skipped.
    drawn = page.locator(".gt-calls .gt-bid").evaluate_all(
        "els => els.filter((e) => e.getClientRects().length).map((e) => e.dataset.action)")
    page.keyboard.press("Home")
    seen = [page.evaluate(FOCUSED_JS)]
    for _ in range(len(drawn) - 1):
        page.keyboard.press("ArrowRight")
        seen.append(page.evaluate(FOCUSED_JS))
    assert seen == drawn, (seen, drawn)
    # Up and Down go to the row above or below (Down on the first announce went to the next announce, not Accept).
    row_of = "document.activeElement.closest('.gt-calls__row').className"
    page.keyboard.press("Home")
    assert "gt-calls__row--announce" in page.evaluate(row_of)
    page.keyboard.press("ArrowDown")
    assert "gt-calls__row--accept" in page.evaluate(row_of), page.evaluate(FOCUSED_JS)
    page.keyboard.press("ArrowUp")
    assert page.evaluate(FOCUSED_JS) == drawn[0]   # the nearest call above Accept, at the row's start
    page.keyboard.press("ArrowUp")
    assert page.evaluate(FOCUSED_JS) == drawn[0]   # the top row: Up stays
    refused = next(a for a in view["legal"] if not a["legal"] and a["action"] in drawn)
    for _ in drawn:
        if page.evaluate(FOCUSED_JS) == refused["action"]:
            break
        page.keyboard.press("ArrowLeft")
    tip = page.locator(f'.gt-bid[data-action="{refused["action"]}"] + .gt-tip')
    expect(tip).to_be_visible()
    expect(tip).to_have_text(refused["reason"]["message"])
    # The focused call is the panel's Tab stop now; Tab leaves the calls.
    assert page.evaluate(stops, ".gt-calls .gt-bid") == 1
    page.keyboard.press("Tab")
    assert not page.evaluate("document.activeElement.matches('.gt-bid')")
    # "Why?" on a folded row (a short screen: 1280×720) hides itself as it unfolds the row: the focus goes to the
    # row's first refused call, whose reason shows (it fell to the page's body).
    why = page.locator(".gt-calls__why").first
    row = why.evaluate("(b) => b.closest('.gt-calls__row').className")
    why.focus()
    page.keyboard.press("Enter")
    page.wait_for_function("document.activeElement.matches('.gt-bid.is-illegal')")
    assert page.evaluate("document.activeElement.closest('.gt-calls__row').className") == row
    expect(page.locator(".gt-bid.is-illegal:focus + .gt-tip")).to_be_visible()


def test_a_refused_calls_reason_shows_on_hover_once_the_pointer_moves(page: Page) -> None:
    # From a first-time player's audit: the mouse rests where the last call was clicked; when the calls came back
    # under it on a refused call, that call's reason covered the row below (Accept) before the player moved at all.
    state, view = drive(api("new_match", seed=4)["state"], lambda v: v["phase"] == "negotiation"
                        and v["toAct"] == HUMAN and any(not a["legal"] for a in v["legal"]))
    open_game(page, fragment=fragment(state))
    wait_my_turn(page, "negotiation")
    refused = next(a for a in view["legal"] if not a["legal"]
                   and page.locator(f'.gt-bid[data-action="{a["action"]}"]').is_visible())
    call = page.locator(f'.gt-bid[data-action="{refused["action"]}"]')
    tip = page.locator(f'.gt-bid[data-action="{refused["action"]}"] + .gt-tip')
    call.hover()
    expect(tip).to_be_visible()
    expect(tip).to_have_text(refused["reason"]["message"])
    # The panel drawn anew (the hint asked from the keyboard) under the pointer that has not moved: no reason shown.
    page.locator('[data-action="hint"]').focus()
    page.keyboard.press("Enter")
    expect(page.locator(".gt-calls .is-hinted")).to_have_count(1)
    assert call.evaluate("(b) => b.matches(':hover')"), "the pointer should still be over the refused call"
    expect(tip).to_be_hidden()
    box = call.bounding_box()
    assert box is not None
    page.mouse.move(box["x"] + box["width"] / 2 + 2, box["y"] + box["height"] / 2)
    expect(tip).to_be_visible()


def test_the_first_tab_stop_skips_the_bar_to_the_players_action(page: Page) -> None:
    # From a first-time player's audit: after loading, seven Tabs led through the bar to the first thing to do.
    open_game(page, fragment="seed=0")   # the player cuts the first deal
    wait_my_turn(page, "cut")
    skip = page.locator(".gt-skip")
    expect(skip).not_to_be_in_viewport()   # out of sight until the keyboard reaches it
    page.keyboard.press("Tab")
    expect(skip).to_be_focused()
    expect(skip).to_have_text("Skip to the table")
    expect(skip).to_be_in_viewport(ratio=1)
    page.keyboard.press("Enter")
    expect(page.locator('.gt-cut [data-action="c6"]')).to_be_focused()


def test_the_cut_is_one_tab_stop_and_the_arrows_choose_how_many_cards(page: Page) -> None:
    # From a first-time player's audit: the cut was 21 Tab stops, and the arrows did nothing there.
    open_game(page, fragment="seed=0")   # the player cuts the first deal
    wait_my_turn(page, "cut")
    stops = """() => [...document.querySelectorAll('.gt-cut button')].filter((b) => b.tabIndex >= 0).length"""
    assert page.evaluate(stops) == 1
    for _ in range(40):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.matches('.gt-cut button')"):
            break
    expect(page.locator('.gt-cut [data-action="c6"]')).to_be_focused()   # Tab enters the cut on its first number
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    expect(page.locator('.gt-cut [data-action="c8"]')).to_be_focused()
    page.keyboard.press("End")
    expect(page.locator('.gt-cut [data-action="c26"]')).to_be_focused()
    page.keyboard.press("ArrowLeft")
    assert page.evaluate(stops) == 1
    page.keyboard.press("Enter")
    expect(page.locator(".gt-table")).not_to_have_attribute("data-phase", "cut")
    assert api("view", state=saved_state(page), seat=HUMAN)["cut"] == 25


def _double_that_moves_the_contract(view: dict[str, Any]) -> dict[str, Any] | None:
    now = view["contract"]
    return next((a for a in view["legal"] if a["type"] == "double" and a["legal"] and now
                 and (a["contract"]["mode"], a["contract"]["announcerTeam"]) != (now["mode"], now["announcerTeam"])),
                None)


def test_a_double_says_the_contract_it_leaves_standing(page: Page) -> None:
    # From a first-time player's audit: "Double NoTrumps" turned partner's AllTrumps into the opponents' NoTrumps ×2
    # (RULES N-9: the doubled bid announced first is the contract), and nothing said so before the click.
    state, view = next(found for seed in range(60) for found in [_try(seed)] if found)
    double = _double_that_moves_the_contract(view)
    assert double is not None
    open_game(page, fragment=fragment(state))
    wait_my_turn(page, "negotiation")
    after = double["contract"]
    team = {"Team1": "Team 1 (you and Top)", "Team2": "Team 2 (Left and Right)"}[after["announcerTeam"]]
    expected = f"The contract becomes: {after['modeText']} doubled ×2, {team}"
    button = page.locator(f'.gt-bid[data-action="{double["action"]}"]')
    tip = page.locator(f'.gt-bid[data-action="{double["action"]}"] + .gt-tip')
    expect(tip).to_be_hidden()
    button.hover()
    expect(tip).to_be_visible()
    expect(tip).to_have_text(expected)
    assert button.get_attribute("aria-describedby") == tip.get_attribute("id")
    button.click()
    # The contract is the one announced; the announcers may redouble it at once (the page's bots are seeded).
    # (the page keeps a team's number with its word: a no-break space, which a regular expression sees as such)
    mode, team = re.escape(after["modeText"]), re.escape(team).replace(r"\ ", r"\s")
    expect(page.locator(".gt-contract__text")).to_have_text(re.compile(rf"^{mode} (doubled ×2|redoubled ×4), {team}$"))


def _try(seed: int) -> tuple[str, dict[str, Any]] | None:
    try:
        return drive(api("new_match", seed=seed)["state"], lambda v: v["phase"] == "negotiation"
                     and v["toAct"] == HUMAN and _double_that_moves_the_contract(v) is not None, limit=40)
    except AssertionError:
        return None
