"""Offline by construction: every request of the page and of its engine worker stays on 127.0.0.1."""

from __future__ import annotations

import pytest
from conftest import open_game
from gameplay import continue_summary, play_one_step
from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError


@pytest.mark.fresh_context   # a first visit: the engine is fetched and booted in full
def test_no_request_leaves_the_local_server(page: Page, requests_seen: list[str]) -> None:
    open_game(page, fragment="seed=4")
    for _ in range(150):  # into the play: bots, engine calls, renders
        play_one_step(page)
    for dialog in ("open-settings", "open-share", "open-score-sheet"):
        for _attempt in range(10):
            while continue_summary(page):  # a deal may end meanwhile: its summary comes first (modal)
                pass
            try:
                page.locator(f'[data-action="{dialog}"]').click(timeout=3_000)
                break
            except PlaywrightTimeoutError:  # a summary opened between the check and the click
                continue
        expect(page.locator("#gt-dialog[open]")).to_be_visible()
        page.keyboard.press("Escape")
    # The recording covers the worker too: Pyodide, its standard library and the wheel were fetched from it.
    for needle in ("/vendor/pyodide/0.29.5/pyodide.asm.wasm", "/vendor/pyodide/0.29.5/python_stdlib.zip", "/wheels/"):
        assert any(needle in url for url in requests_seen), f"{needle} not seen in {requests_seen}"
    foreign = [u for u in requests_seen if not u.startswith("http://127.0.0.1:")]
    assert foreign == []  # (the fixture checks this again for every test)
