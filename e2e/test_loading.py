"""Start-up: progress while Pyodide and the wheel load; a failed load says so and offers a retry."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import BOOT_TIMEOUT_MS, wait_ready
from playwright.sync_api import Page, Route, expect

from tools.setup_web import PYODIDE_VERSION

pytestmark = pytest.mark.fresh_context   # a first visit each: no engine snapshot to boot from


def test_progress_is_shown_while_loading(page: Page) -> None:
    page.goto("?speed=0")
    expect(page.locator(".gt-loading .gt-loading__stages li.is-current")).to_be_visible()
    expect(page.locator(".gt-loading progress")).to_be_visible()
    wait_ready(page)
    expect(page.locator(".gt-loading")).to_be_hidden()
    expect(page.locator(".gt-table")).to_be_visible()


def test_blocked_wheel_shows_the_failure_and_retry_recovers(page: Page) -> None:
    blocked: list[str] = []

    def block(route: Route) -> None:
        blocked.append(route.request.url)
        route.abort()

    page.route("**/wheels/**", block)
    page.goto("?speed=0")
    failure = page.locator(".gt-loading.is-failed")
    expect(failure).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    assert blocked, "the wheel was never requested"
    expect(failure).to_contain_text("The game could not load.")
    expect(failure.locator('li[data-stage="wheel"]')).to_have_class("is-failed")
    expect(failure.locator(".gt-loading__detail")).to_contain_text(".whl")
    expect(page.locator("body[data-ready]")).to_have_count(0)

    page.unroute("**/wheels/**")
    failure.locator('[data-action="retry"]').click()
    wait_ready(page)
    expect(page.locator(".gt-table")).to_be_visible()


@pytest.mark.parametrize(("policy", "directive"), [
    ("worker-src 'none'", "worker-src"),   # the page's worker refused: said on the page's own document
    # no 'wasm-unsafe-eval' (docs/embedding.md gives a host's policy): Pyodide's WebAssembly refused in the worker
    ("default-src 'self'; script-src 'self'; worker-src 'self'; connect-src 'self'", "script-src"),
])
def test_a_hosts_security_policy_that_refuses_the_engine_is_named_not_the_connection(
        page: Page, policy: str, directive: str) -> None:
    # A host whose Content-Security-Policy refuses the worker or WebAssembly: the page said "Check your connection,
    # then try again" (a review), and trying again cannot help. It names the site's policy and its directive.
    def with_policy(route: Route) -> None:
        response = route.fetch()
        route.fulfill(response=response, headers={**response.headers, "content-security-policy": policy})

    page.context.route("**/*", with_policy)
    page.goto("?speed=0&lang=en")
    failure = page.locator(".gt-loading.is-failed")
    expect(failure).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    said = failure.locator(".gt-loading__error")
    expect(said).to_contain_text(f"security policy (Content-Security-Policy, {directive})")
    expect(said).not_to_contain_text("connection")
    expect(failure.locator('[data-action="retry"]')).to_have_count(0)
    expect(page.locator("body[data-ready]")).to_have_count(0)


def test_a_report_only_policy_is_not_blamed_for_a_network_failure(page: Page) -> None:
    # A report-only policy blocks nothing but fires the same violation events (a review): the wheel that then fails
    # to download is the network's failure, said as such, with its Try again.
    policy = "default-src 'self'; script-src 'self'; worker-src 'none'; connect-src 'self'"

    def report_only(route: Route) -> None:
        if "/wheels/" in route.request.url:
            route.abort()
            return
        response = route.fetch()
        route.fulfill(response=response,
                      headers={**response.headers, "content-security-policy-report-only": policy})

    page.context.route("**/*", report_only)
    page.goto("?speed=0&lang=en")
    failure = page.locator(".gt-loading.is-failed")
    expect(failure).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    expect(failure.locator('li[data-stage="wheel"]')).to_have_class("is-failed")
    expect(failure.locator(".gt-loading__error")).to_contain_text("Check your connection")
    expect(failure.locator('[data-action="retry"]')).to_be_visible()


def test_a_first_visit_asks_for_pyodide_before_the_pages_own_modules(page: Page) -> None:
    # A first visit's critical path is Pyodide's download and compilation: index.html starts the engine's worker
    # before any script of the page has arrived, and boot.js asks for the table's forty modules only once Pyodide's
    # own downloads are on the wire (on the browser's six connections to the site they came first, and Pyodide's
    # wasm arrived 0.1-0.2 s later than on a bare page: docs/performance.md).
    page.goto("?speed=0")
    wait_ready(page)
    engines = [w for w in page.workers if w.url.endswith("/js/worker.js")]
    assert len(engines) == 1, [w.url for w in page.workers]   # index.html's worker, taken over, not a second one
    started = """(pattern) => {
      const hit = performance.getEntriesByType('resource').find((r) => r.name.endsWith(pattern));
      return hit ? performance.timeOrigin + hit.startTime : null;
    }"""
    wasm = engines[0].evaluate(started, "/pyodide.asm.wasm")
    main = page.evaluate(started, "/js/main.js")
    assert wasm is not None and main is not None, (wasm, main)
    assert wasm < main, f"main.js was asked for {wasm - main:.0f} ms before Pyodide's wasm"


def test_pyodide_from_another_base_named_by_the_meta_on_the_first_boot_and_on_a_retry(page: Page) -> None:
    # docs/web.md's deployment option (a CDN): index.html's first script reads the meta, and engine.js reads it on a
    # Retry; a relative value means the same to both. Here "cdn/" is this server answering from vendor/, routed.
    from conftest import WEB_DIR
    vendor = WEB_DIR / "vendor" / "pyodide" / PYODIDE_VERSION
    types = {".wasm": "application/wasm", ".mjs": "text/javascript", ".js": "text/javascript",
             ".json": "application/json", ".zip": "application/zip"}

    def cdn(route: Route) -> None:
        name = route.request.url.split("/cdn/", 1)[1].split("?", 1)[0]
        route.fulfill(path=vendor / name, content_type=types[Path(name).suffix])

    def with_meta(route: Route) -> None:
        body = route.fetch().text()
        meta = '<meta name="giretra-pyodide-base" content="cdn/">'
        route.fulfill(body=body.replace("<title>", meta + "<title>", 1), content_type="text/html")

    page.route(lambda url: "/cdn/" in url and "/js/cdn/" not in url, cdn)   # (resolved against js/: not found)
    page.route(lambda url: url.split("?", 1)[0].endswith(("/", "/index.html")), with_meta)
    page.route("**/wheels/**", lambda route: route.abort())
    page.goto("?speed=0")
    failure = page.locator(".gt-loading.is-failed")
    expect(failure).to_be_visible(timeout=BOOT_TIMEOUT_MS)   # (the wheel refused: Pyodide itself had loaded)

    def asked() -> list[list[str]]:
        return [w.evaluate("performance.getEntriesByType('resource').map((r) => r.name)") for w in page.workers
                if w.url.endswith("/js/worker.js")]

    first = asked()   # index.html's worker
    page.unroute("**/wheels/**")
    failure.locator('[data-action="retry"]').click()
    wait_ready(page)
    for names in (*first, *asked()):   # and engine.js's, on the Retry
        assert any(n.endswith("/cdn/pyodide.asm.wasm") for n in names), names
        assert not any("/vendor/pyodide/" in n for n in names), names
    assert len(first) == 1


@pytest.mark.parametrize(("missing", "stage"), [
    ("**/js/worker.js", "pyodide"),             # index.html's worker, failed before engine.js takes it over
    ("**/pyodide.asm.wasm", "pyodide"),         # Pyodide itself only logs this one: the worker listens
    ("**/python_stdlib.zip", "pyodide"),
    ("**/wheel.json", "wheel"),
    ("**/wheels/**/*.whl", "wheel"),
])
def test_each_failed_download_is_reported_at_its_stage(page: Page, missing: str, stage: str) -> None:
    page.route(missing, lambda route: route.fulfill(status=404, body="gone"))
    page.goto("?speed=0")
    failure = page.locator(".gt-loading.is-failed")
    expect(failure).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    expect(failure.locator(f'li[data-stage="{stage}"]')).to_have_class("is-failed")
    expect(failure.locator('[data-action="retry"]')).to_be_visible()



def test_a_failed_boot_says_its_stage_in_malagasy_words(page: Page) -> None:
    # The fifth pass: the Malagasy stage said "navigateur", a French word; "mpitety" as the end screen and the lab say.
    page.route("**/js/worker.js", lambda route: route.fulfill(status=404, body="gone"))
    page.goto("?speed=0&lang=mg")
    failure = page.locator(".gt-loading.is-failed")
    expect(failure).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    expect(failure.locator('li[data-stage="pyodide"]')).to_have_text("Manomboka an’i Python ao amin’ny mpitety")
    expect(failure).not_to_contain_text("navigateur")


def test_a_call_after_a_failed_boot_gets_the_load_error_not_a_crash(page: Page) -> None:
    # A widget may ask the engine something after its boot has already failed (a fast failure, such as a
    # Content-Security-Policy refusing WebAssembly): the reader must see "could not start", not "a bug".
    page.route("**/wheel.json", lambda route: route.fulfill(status=404, body="gone"))
    page.goto("?speed=0")
    expect(page.locator(".gt-loading.is-failed")).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    outcome = page.evaluate("""async () => {
      const { createEngine } = await import('./js/engine.js');
      const engine = createEngine();
      const boot = await engine.ready.then(() => 'ready', (err) => err.name);
      const call = await engine.call('info', {}).then(() => 'answered', (err) => err.name + ': ' + err.message);
      engine.destroy();
      return { boot, call };
    }""")
    assert outcome["boot"] == "EngineLoadError"
    assert outcome["call"].startswith("EngineLoadError: ") and "wheel.json" in outcome["call"], outcome


def test_a_request_nested_too_deep_is_refused_and_the_engine_lives_on(page: Page) -> None:
    # A fuzz of the seam: JSON nested 3000 deep killed Pyodide in the worker ("fatal error… Maximum call stack size
    # exceeded") where CPython refused it; every later call of the page failed. It is refused before parsing now.
    page.goto("?speed=0")
    expect(page.locator("body[data-ready]")).to_be_attached(timeout=BOOT_TIMEOUT_MS)
    outcome = page.evaluate("""async () => {
      const { createEngine } = await import('./js/engine.js');
      const engine = createEngine();
      let deep = [];
      for (let i = 0; i < 5000; i += 1) deep = [deep];
      const refused = await engine.call('view', { state: 'x', seat: deep })
        .then(() => 'answered', (err) => `${err.name} ${err.code}`);
      const after = await engine.call('info', {}).then((v) => typeof v.version, (err) => err.name);
      engine.destroy();
      return { refused, after };
    }""")
    assert outcome == {"refused": "RulesError bad_json", "after": "string"}, outcome
