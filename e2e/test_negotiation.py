"""The negotiation panel: every call shown, illegal ones with the engine's reason; double and redouble."""

from __future__ import annotations

from typing import Any

from conftest import open_game
from gameplay import HUMAN, api, drive, fragment, wait_my_turn
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
    # Accept until the negotiation is over; the announcers' redouble shows in the history.
    while page.locator('.gt-table[data-phase="negotiation"]').count():
        if page.locator(f'.gt-table[data-to-act="{HUMAN}"] .gt-calls [data-action="ok"].is-legal').count():
            page.locator('.gt-calls [data-action="ok"]').click()
        page.wait_for_timeout(30)
    expect(page.locator(".gt-table")).to_have_attribute("data-phase", "play")
    contract = page.locator(".gt-contract")
    expect(contract).to_have_attribute("data-multiplier", "4")
    expect(contract).to_contain_text("redoubled ×4")
    calls = page.locator(".gt-bids-history li")
    expect(calls.filter(has_text="Redouble")).to_have_count(1)
