"""Browser tests: web/ served on a free 127.0.0.1 port, Debian's Chromium driven by pytest-playwright.

The tests share one browser context per set of context arguments (desktop, phone) in each test process, as one
player's browser would: its HTTP cache and the engine's memory snapshot (Cache Storage) carry from test to test. The
first test to use a context boots Python once and waits until the snapshot is kept, so every later test boots from it
(about 0.5 s, where a full boot takes about 2 s). What a test could see of another is cleared before it: every page
closed (and with it its sessionStorage), cookies and localStorage emptied (localStorage through the DevTools protocol:
a page opened only to clear it cost a renderer start, about 0.6 CPU-s a test). A test that needs a context of its own
(empty caches: a first visit, a failed download) is marked ``fresh_context``. The ``page`` fixture records every
request, including the engine worker's, and fails the test if one leaves 127.0.0.1.

Service workers are blocked in every context (``service_workers="block"``): a test's routes see every request, and no
test is answered from a cache another test filled. e2e/test_offline.py makes contexts of its own that allow them.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Request, expect

from tools.browser import CHROMIUM, wait_for_async
from tools.browser import FLAGS as CHROMIUM_FLAGS
from tools.serve import serving

ROOT = Path(__file__).resolve().parent.parent
WEB_DIR = ROOT / "web"

BOOT_TIMEOUT_MS = 60_000  # Pyodide's cold start is ~3 s here; a loaded CI machine can be much slower
LOCAL_SCHEMES = {"data", "blob", "about"}

expect.set_options(timeout=20_000)  # generous: CI machines are often loaded


@pytest.fixture(scope="session")
def base_url() -> Iterator[str]:
    """web/ on a free port; pytest-playwright resolves ``page.goto("?speed=0")`` against it."""
    built = ("wheel.json", "index.html", "vendor/pyodide", "sw-precache.js")
    missing = [p for p in built if not (WEB_DIR / p).exists()]
    if missing:
        pytest.fail(f"web/ is not built ({', '.join(missing)} missing): run python3 tools/dev.py test")
    with serving(WEB_DIR, quiet=True) as url:
        yield url


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, object]) -> dict[str, object]:
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} not found: apt-get install -y chromium (or set GIRETRA_CHROMIUM)")
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_FLAGS}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    # No service worker but in test_offline.py (its own contexts): a request it answered from its cache would never
    # reach a test's route (a blocked .wasm) nor the request log.
    return {**browser_context_args, "service_workers": "block"}


@pytest.fixture(scope="session")
def context_pool(browser: Browser) -> Iterator[dict[str, BrowserContext]]:
    """One shared context per set of context arguments (the desktop one, the phone one), for the whole session."""
    pool: dict[str, BrowserContext] = {}
    yield pool
    for shared in pool.values():
        shared.close()


# The game page's welcome (view/welcome.js) opens on a first visit, and every test starts with an empty localStorage:
# marked as read before any page script runs, unless the tab asked for a first visit (e2e/test_welcome.py sets
# sessionStorage "e2e.firstVisit" first).
WELCOME_READ_JS = """(() => {
  try {
    if (!sessionStorage.getItem('e2e.firstVisit') && !localStorage.getItem('giretra.welcome')) {
      localStorage.setItem('giretra.welcome', JSON.stringify({ v: 1, at: 'e2e' }));
    }
  } catch { /* an opaque origin (about:blank): no storage */ }
})()"""


def quiet_welcome(context: BrowserContext) -> BrowserContext:
    """*context* with the welcome marked as read on each page before its scripts (see WELCOME_READ_JS)."""
    context.add_init_script(WELCOME_READ_JS)
    return context


@pytest.fixture(scope="module")
def module_context(context_pool: dict[str, BrowserContext], browser: Browser,
                   browser_context_args: dict[str, Any]) -> BrowserContext:
    key = json.dumps(browser_context_args, sort_keys=True, default=str)
    if key not in context_pool:
        context_pool[key] = quiet_welcome(browser.new_context(**browser_context_args))
    return context_pool[key]


# The worker stores its snapshot after the engine answered, in the background (a 21 MB digest and Cache Storage
# write): a page closed before that, as a short test's is, leaves the next visit to boot in full again.
SNAPSHOT_KEPT_JS = """async () => await caches.has('giretra-engine-snapshot')
    && (await (await caches.open('giretra-engine-snapshot')).keys()).length > 0"""
_warm: set[int] = set()


def warm(context: BrowserContext) -> None:
    """Boot the engine once in a shared context and wait until its snapshot is kept: every later visit boots from it."""
    if id(context) in _warm:
        return
    page = context.new_page()
    page.goto("?speed=0")
    wait_ready(page)
    wait_for_async(page, SNAPSHOT_KEPT_JS, timeout=BOOT_TIMEOUT_MS)
    page.close()
    _warm.add(id(context))


@pytest.fixture
def context(request: pytest.FixtureRequest, module_context: BrowserContext,
            new_context: Callable[..., BrowserContext]) -> Iterator[BrowserContext]:
    """The shared context, emptied of what the previous test left (or a context of the test's own): its pages closed,
    its cookies, and its localStorage (by the page fixture when the test takes one)."""
    if request.node.get_closest_marker("fresh_context"):
        yield quiet_welcome(new_context())
        return
    # Emptied by the page fixture through its page's DevTools session, or, for a test that opens its own pages, here.
    emptied(module_context, storage="page" not in request.fixturenames)
    if "page" in request.fixturenames:
        _stale_storage.add(id(module_context))
    yield module_context
    for page in module_context.pages:
        page.close()


def emptied(shared: BrowserContext, storage: bool = True) -> BrowserContext:
    """*shared*, warmed, with what the previous test left gone: its pages (and with their tabs, their sessionStorage),
    its cookies and, if *storage*, its localStorage (one page of the origin empties it); its caches kept."""
    warm(shared)
    for old in shared.pages:
        old.close()
    shared.clear_cookies()
    if storage:
        blank = shared.new_page()
        blank.goto("wheel.json")
        blank.evaluate("localStorage.clear()")
        blank.close()
    return shared


@pytest.fixture
def other_browser(context_pool: dict[str, BrowserContext], browser: Browser,
                  browser_context_args: dict[str, Any]) -> Iterator[BrowserContext]:
    """Someone else's browser (a link sent to a friend, the deal of the day elsewhere): a second shared context, with
    its own storage, emptied before each test that takes it. Its engine snapshot is kept: a new context per test
    booted the engine cold and registered the service worker, about 8 s each, to check what storage alone decides."""
    key = "other " + json.dumps(browser_context_args, sort_keys=True, default=str)
    if key not in context_pool:
        context_pool[key] = quiet_welcome(browser.new_context(**browser_context_args))
    other = emptied(context_pool[key])
    yield other
    for page in other.pages:
        page.close()


@pytest.fixture
def requests_seen(context: BrowserContext) -> Iterator[list[str]]:
    """Every URL the context requested (pages and workers); the test fails if one is not local."""
    seen: list[str] = []

    def record(request: Request) -> None:
        seen.append(request.url)

    context.on("request", record)
    yield seen
    context.remove_listener("request", record)
    foreign = [u for u in seen if urlsplit(u).scheme not in LOCAL_SCHEMES and urlsplit(u).hostname != "127.0.0.1"]
    assert not foreign, f"requests left 127.0.0.1: {foreign}"


_stale_storage: set[int] = set()


def clear_storage(page: Page, origin: str) -> None:
    """Empty the origin's localStorage for *page*'s context, keeping its caches (the engine's snapshot). Through the
    DevTools protocol: opening a page of the origin to call localStorage.clear() cost a renderer start per test."""
    session = page.context.new_cdp_session(page)
    session.send("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": "local_storage"})
    session.detach()


@pytest.fixture
def page(page: Page, requests_seen: list[str], base_url: str) -> Page:
    """pytest-playwright's page, with the request check; page errors are printed for the failure report."""
    if id(page.context) in _stale_storage:
        clear_storage(page, base_url.rstrip("/"))
        _stale_storage.discard(id(page.context))
    page.on("pageerror", lambda err: print(f"pageerror: {err}"))
    page.on("console", lambda msg: print(f"console.{msg.type}: {msg.text}") if msg.type in ("error", "warning")
            else None)
    return page


def wait_ready(page: Page, timeout: float = BOOT_TIMEOUT_MS) -> None:
    """Wait once for ``body[data-ready]``, which main.js sets when the engine answered and the table is drawn."""
    expect(page.locator("body[data-ready]")).to_be_attached(timeout=timeout)


def open_game(page: Page, query: str = "speed=0", fragment: str = "") -> Page:
    """Open the game with *query* (``speed=0`` removes pauses) and an optional URL fragment; wait until ready."""
    page.goto(f"?{query}" + (f"#{fragment}" if fragment else ""))
    wait_ready(page)
    return page
