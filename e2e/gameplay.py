"""Helpers for the browser tests: drive the page like a player, and make states with the engine itself.

States come from ``giretra_core.jsonapi`` on CPython, called exactly as the page calls it in the browser
(bots: ``bot_action`` with seed 0, then ``apply``), so a state built here is the state the page will reach.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Iterator
from typing import Any

from conftest import BOOT_TIMEOUT_MS
from playwright.sync_api import Page, expect

from giretra_core import jsonapi

HUMAN = "Bottom"


def api(name: str, **args: Any) -> Any:
    """Call the engine's JSON seam like the page does; raise on an error answer."""
    out = json.loads(getattr(jsonapi, name)(json.dumps(args)))
    if not out["ok"]:
        raise AssertionError(f"{name}({args}) -> {out['error']}")
    return out["value"]


def bots_until_human(state: str) -> tuple[str, dict[str, Any]]:
    """Let the bots move (as the page does) until the human must act or the match is over."""
    view = api("view", state=state, seat=HUMAN)
    while view["toAct"] and view["toAct"] != HUMAN and view["phase"] != "match_over":
        seat = view["toAct"]
        action = api("bot_action", state=state, seat=seat, seed=0)["action"]
        state = api("apply", state=state, seat=seat, action=action)["state"]
        view = api("view", state=state, seat=HUMAN)
    return state, view


def fragment(state: str) -> str:
    return state.replace(" ", "_")


def table(page: Page) -> Any:
    return page.locator(".gt-table")


def wait_my_turn(page: Page, phase: str | None = None, timeout: float = 20_000) -> None:
    """Wait until the human is to act (in *phase*) and no trick pause is running."""
    selector = f'.gt-table[data-to-act="{HUMAN}"]:not([data-pausing])'
    if phase:
        selector += f'[data-phase="{phase}"]'
    expect(page.locator(selector)).to_be_attached(timeout=timeout)


def hand(page: Page) -> list[str]:
    return [str(c) for c in page.locator(".gt-hand [data-card]").evaluate_all("els => els.map(e => e.dataset.card)")]


def wait_hand(page: Page, cards: list[str], timeout: float = 20_000) -> None:
    """Wait until the hand shown is *cards*. The page saves a match at once and draws it at the next frame: a test that
    waited on the save and read the table found the match before it (under load, the frame came late)."""
    try:
        page.wait_for_function("cards => JSON.stringify([...document.querySelectorAll('.gt-hand [data-card]')]"
                               ".map(e => e.dataset.card)) === JSON.stringify(cards)", arg=cards, timeout=timeout)
    except Exception:
        assert hand(page) == cards   # the same wait's failure, said with both hands
        raise


def legal_cards(page: Page) -> list[str]:
    return [str(c) for c in page.locator(".gt-hand .is-legal").evaluate_all("els => els.map(e => e.dataset.card)")]


def continue_summary(page: Page) -> bool:
    """Close the deal summary if it is open; True if it was."""
    button = page.locator('#gt-dialog[open] [data-action="continue"]')
    if button.count():
        button.click()
        expect(page.locator("#gt-dialog[open]")).to_have_count(0)
        return True
    return False


STEP_JS = """() => {
  const table = document.querySelector('.gt-table');
  if (table?.dataset.phase === 'match_over') return 'over';
  const cont = document.querySelector('#gt-dialog[open] [data-action="continue"]');
  if (cont) { cont.click(); return 'summary'; }
  if (document.querySelector('#gt-dialog[open]')) return 'dialog';
  if (!table) return 'wait';
  if (table.dataset.toAct !== 'Bottom' || table.dataset.pausing) return 'wait';
  const button = document.querySelector(table.dataset.phase === 'play' ? '.gt-hand .is-legal' : '.gt-panel .is-legal');
  if (!button) return 'wait';
  button.click();
  return button.dataset.action;
}"""


# What changes with every action of the human: the phase, the deal, the cards in hand and the calls made. A turn is
# over when it changed (the table may still say "Bottom to act" for a frame after the click, or again at once when the
# human won the trick and leads the next).
TURN_MARK_JS = """() => {
  const table = document.querySelector('.gt-table');
  const count = (selector) => document.querySelectorAll(selector).length;
  return JSON.stringify([table?.dataset.phase, table?.dataset.deal, count('.gt-me [data-card]'),
                         count('.gt-bids-history li')]);
}"""
HUMAN_TURN_JS = f"""() => document.querySelector('#gt-dialog[open]')
  || document.querySelector('.gt-table[data-to-act="{HUMAN}"]:not([data-pausing])')"""


def human_turns(page: Page, limit: int = 2000) -> Iterator[str]:
    """The phase at each of the human's turns until a dialog (the deal's result) opens; the caller acts at each, and
    the next turn is looked for only once that action has changed the table (waits on state, never on time)."""
    for _ in range(limit):
        page.wait_for_function(HUMAN_TURN_JS, timeout=BOOT_TIMEOUT_MS)
        if page.locator("#gt-dialog[open]").count():
            return
        mark = page.evaluate(TURN_MARK_JS)
        yield str(page.locator(".gt-table").get_attribute("data-phase"))
        page.wait_for_function(f"(mark) => document.querySelector('#gt-dialog[open]') || ({TURN_MARK_JS})() !== mark",
                               arg=mark, timeout=BOOT_TIMEOUT_MS)
    raise AssertionError(f"more than {limit} turns")


def play_one_step(page: Page) -> str:
    """Take the human's first legal action (or close the deal summary); return what was done.

    One evaluate per step: the table is re-rendered whole after every move, so a locator found in one
    round trip may be gone in the next.
    """
    done: str = page.evaluate(STEP_JS)
    if done in ("wait", "dialog"):
        page.wait_for_timeout(15)
    return done


def drive(state: str, stop: Any, limit: int = 400) -> tuple[str, dict[str, Any]]:
    """Play every seat with the bots (seed 0, like the page) until ``stop(view)`` holds for the human's view."""
    for _ in range(limit):
        view = api("view", state=state, seat=HUMAN)
        if stop(view):
            return state, view
        if view["phase"] == "match_over" or not view["toAct"]:
            break
        seat = view["toAct"]
        action = api("bot_action", state=state, seat=seat, seed=0, level="random")["action"]
        state = api("apply", state=state, seat=seat, action=action)["state"]
    raise AssertionError("no such state reached")


def drive_from_any(stop: Any, seeds: range = range(1, 200), limit: int = 400) -> tuple[str, dict[str, Any]]:
    """The first match of *seeds* (the bots played as the page plays them) that reaches ``stop(view)``: a test needs
    a kind of position, not one seed's (the bots' moves change with their randomness and their level's code)."""
    for seed in seeds:
        try:
            return drive(api("new_match", seed=seed)["state"], stop, limit)
        except AssertionError:
            continue
    raise AssertionError(f"no match of seeds {seeds.start}..{seeds.stop - 1} reaches that state")


def saved_state(page: Page) -> str | None:
    raw = page.evaluate("localStorage.getItem('giretra.match')")
    return json.loads(raw)["state"] if raw else None


@functools.lru_cache(maxsize=8)
def _near_the_limit(players: str, seed: int, limit: int) -> Any:
    """A match of random play (target a million) played on until its notation is within 60 characters of *limit*, or
    None if it ended first; kept, for both of longest_match's cases start from it (the play is most of the cost)."""
    import random

    from giretra_core import format_match, parse_match

    match, rng = parse_match(f"G2 giretra.com {players} {seed} B 0-0 1000000 * - 0"), random.Random(seed)
    steps = check = 0
    while match.turn is not None:
        match = match.apply_unchecked(match.turn, rng.choice(list(match.legal_actions())))
        steps += 1
        if steps >= check:   # (writing the notation is most of the cost: measured only as often as it must be)
            length = len(format_match(match))
            if length > limit - 60:
                return match if length <= limit - 20 else None   # (the last steps need room to be chosen)
            check = steps + max(1, (limit - 60 - length) // 8)   # an action writes fewer than 8 characters
    return None


def longest_match(players: str = "hrrr", bot_next: bool = True, limit: int = 20_000) -> str:
    """A legal match as long as the notation holds (target a million, random play), at a position where the next action
    would pass the limit, with a bot to take it (or the human, a card to play). The audit's case: the page waited for
    ever."""
    from giretra_core import format_match

    def whose(match: Any) -> bool:   # (Seat.BOTTOM is 0; the player's case: a card to play)
        return bool(match.turn != 0) if bot_next else match.turn == 0 and match.deal.phase == "play"

    def last_steps(match: Any) -> Any:
        """Depth first over the last actions before the limit: a position within it, whose turn it is, that every
        action passes (random play alone reached the limit on the player's card at one seed in about thirty)."""
        if match.turn is None:
            return None
        after = (match.apply_unchecked(match.turn, a) for a in match.legal_actions())
        nexts = [(len(format_match(n)), n) for n in after]
        if whose(match) and all(length > limit for length, _ in nexts):
            return match
        for length, n in nexts:
            if length <= limit and (found := last_steps(n)) is not None:
                return found
        return None

    for seed in range(20):
        near = _near_the_limit(players, seed, limit)
        if near is not None and (found := last_steps(near)) is not None:
            return str(format_match(found))
    raise AssertionError("no seed gave such a match")
