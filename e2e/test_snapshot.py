"""The engine's memory snapshot: a later visit boots from this browser's own snapshot, and every way a snapshot can be
missing, stale, damaged, refused or impossible falls back to the normal boot, silently, with a game that plays."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from conftest import BOOT_TIMEOUT_MS, CHROMIUM, CHROMIUM_FLAGS, WEB_DIR, quiet_welcome, wait_for_async, wait_ready
from gameplay import play_one_step, saved_state, wait_my_turn
from playwright.sync_api import BrowserContext, Page, Playwright, expect

pytestmark = pytest.mark.fresh_context   # each test starts with an empty Cache Storage

CACHE = "giretra-engine-snapshot"
WHEEL_SHA = json.loads((WEB_DIR / "wheel.json").read_text())["sha256"]


def visit(page: Page) -> str:
    """Open the game (seed 1: the bots cut and call first); how its engine started, once it plays."""
    page.goto("about:blank")   # (the same address again with its fragment would not load the page anew)
    page.goto("?speed=0#seed=1")
    wait_ready(page)
    wait_my_turn(page, "negotiation")
    expect(page.locator(".gt-table")).to_be_visible()
    return str(page.locator("[data-engine-boot]").get_attribute("data-engine-boot"))


def snapshot_keys(page: Page) -> list[str]:
    return list(page.evaluate(f"async () => (await (await caches.open('{CACHE}')).keys()).map((r) => r.url)"))


def wait_snapshot_kept(page: Page, sha256: str = "") -> None:
    """The snapshot is stored once the engine has been idle a moment (not by the boot): wait for it (the one of the
    wheel *sha256*, if given: another build's stays in place until then)."""
    wait_for_async(page, f"""async () => {{
      const keys = await (await caches.open('{CACHE}')).keys();
      return keys.length === 1 && keys[0].url.endsWith('{sha256}');
    }}""", timeout=BOOT_TIMEOUT_MS)


def test_a_later_visit_boots_from_the_snapshot_the_first_one_made(page: Page) -> None:
    assert visit(page) == "full"
    wait_snapshot_kept(page)
    [key] = snapshot_keys(page)
    assert key.endswith(WHEEL_SHA) and "0.29.5" in key   # keyed by the Pyodide build and the wheel
    first_hand = page.locator(".gt-hand [data-card]").all_inner_texts()
    assert visit(page) == "snapshot"
    assert page.locator(".gt-hand [data-card]").all_inner_texts() == first_hand   # the same engine, the same deal
    before = saved_state(page)
    assert play_one_step(page) not in ("wait", "dialog")   # and it plays on: the engine took the player's call
    page.wait_for_function("s => JSON.parse(localStorage.getItem('giretra.match')).state !== s", arg=before)


def test_a_damaged_or_refused_snapshot_falls_back_to_the_normal_boot(page: Page) -> None:
    visit(page)
    wait_snapshot_kept(page)
    # body: its bytes changed, its sha256 not (caught while Pyodide loads); truncated and garbage: stored with a
    # matching sha256, so Pyodide itself is handed them and must refuse them. One after the other in one browser: each
    # fallback's boot makes the good snapshot the next damage starts from.
    for damage in ("body", "truncated", "garbage"):
        page.evaluate("""async ([cache, damage]) => {
          const store = await caches.open(cache);
          const [key] = await store.keys();
          const res = await store.match(key);
          let bytes = new Uint8Array(await res.arrayBuffer());
          let sha = res.headers.get('x-sha256');
          if (damage === 'body') bytes[bytes.length >> 1] ^= 0xff;
          else {
            bytes = damage === 'truncated' ? bytes.slice(0, 1 << 20) : new Uint8Array(1 << 20).fill(7);
            const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
            sha = Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
          }
          await store.put(key, new Response(bytes, { headers: { 'x-sha256': sha } }));
        }""", [CACHE, damage])
        assert visit(page) == "full", damage   # silently: the game plays
        wait_snapshot_kept(page)                # and a good snapshot is made again
    assert visit(page) == "snapshot"


def test_a_snapshot_of_another_build_is_never_booted(page: Page) -> None:
    visit(page)
    wait_snapshot_kept(page)
    # The same snapshot under another wheel's key: as after a new build, it is not the engine the page wants.
    page.evaluate("""async (cache) => {
      const store = await caches.open(cache);
      const [key] = await store.keys();
      const res = await store.match(key);
      await store.delete(key);
      await store.put(key.url.replace(/[0-9a-f]{64}$/, '0'.repeat(64)), res);
    }""", CACHE)
    assert visit(page) == "full"
    wait_snapshot_kept(page, WHEEL_SHA)
    [key] = snapshot_keys(page)   # the stale one is gone, the new build's is kept
    assert key.endswith(WHEEL_SHA)


@pytest.fixture
def insecure_context(playwright: Playwright, base_url: str) -> Iterator[BrowserContext]:
    """A host name that is not localhost, over http: an insecure origin, where browsers give no Cache Storage."""
    port = base_url.rsplit(":", 1)[1].rstrip("/")
    browser = playwright.chromium.launch(
        executable_path=CHROMIUM, args=[*CHROMIUM_FLAGS, "--host-resolver-rules=MAP giretra.test 127.0.0.1"])
    context = quiet_welcome(browser.new_context(base_url=f"http://giretra.test:{port}/"))
    yield context
    browser.close()


def test_without_cache_storage_the_engine_boots_normally(insecure_context: BrowserContext) -> None:
    page = insecure_context.new_page()
    assert visit(page) == "full"
    assert page.evaluate("typeof caches") == "undefined"
    assert visit(page) == "full"   # nothing kept, nothing broken
