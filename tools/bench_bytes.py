#!/usr/bin/env python3
"""Bytes over the wire: the game's first visit until the first hand is playable, and a repeat visit, in Chromium.

    .venv/bin/python tools/bench_bytes.py [--seed 1] [--json]

web/ is served by tools/serve.py's handler on a free 127.0.0.1 port, three ways in the same run: identity (no
precompressed copy served), gzip only (what a site without the optional brotli copies serves) and brotli + gzip (the
project's server with every copy tools/build_site.py writes; once with service workers blocked, once not).
For each, a fresh browser (an empty profile) opens
``index.html?speed=0#seed=<seed>`` and the figure is taken when main.js sets ``body[data-first-hand]``:

* browser: the sum over the page's and its engine worker's requests of response headers + encoded body, as
  Chromium's network stack counted them (Playwright's ``request.sizes()``, i.e. CDP's ``encodedDataLength``);
* server: the bytes the server wrote (status lines, headers and bodies), as a check.

Then the repeat visit, in the same browser once its service worker is active and the engine's snapshot is kept:
about:blank, the page again, first hand; the bytes the server sent for Pyodide (vendor/), the wheel and anything
else. The issue's targets: first visit <= 5 MB, repeat visit 0 bytes of Pyodide, the wheel or the snapshot.
"""

from __future__ import annotations

import argparse
import io
import json
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, Request, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from tools.browser import CHROMIUM, FLAGS  # noqa: E402
from tools.serve import ENCODINGS, WEB_DIR, Handler, serving  # noqa: E402

TARGET = 5_000_000
VARIANTS = {"identity": (), "gzip": tuple(e for e in ENCODINGS if e[0] == "gzip"), "br+gzip": ENCODINGS}


class Counter:
    """The bytes written per request path, by every handler thread."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.sent: list[tuple[str, int]] = []

    def add(self, path: str, count: int) -> None:
        with self.lock:
            self.sent.append((path, count))

    def take(self) -> list[tuple[str, int]]:
        with self.lock:
            sent, self.sent = self.sent, []
        return sent


class CountingWriter:
    def __init__(self, raw: io.BufferedIOBase, handler: CountingHandler) -> None:
        self.raw, self.handler = raw, handler

    def write(self, data: bytes) -> int:
        self.handler.counter.add(getattr(self.handler, "path", "?").split("?", 1)[0], len(data))
        return self.raw.write(data)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.raw, name)


class CountingHandler(Handler):
    counter = Counter()

    def setup(self) -> None:
        super().setup()
        self.wfile = CountingWriter(self.wfile, self)  # type: ignore[assignment]


@contextmanager
def site(web: Path, encodings: tuple[tuple[str, str], ...]) -> Iterator[str]:
    handler = type("Variant", (CountingHandler,), {"encodings": encodings})
    with serving(web, quiet=True, handler=handler) as base:
        yield base


def first_hand(page: Page, url: str) -> None:
    """Open *url* and play as a new reader until the first hand is playable: on a first visit the welcome opens and
    the bots wait for its Play (its bytes are the page's; the reader's pause is not counted here, only bytes)."""
    page.goto(url)
    page.wait_for_selector("body[data-first-hand], body[data-error], [data-action='welcome-play']", timeout=180_000)
    welcome = page.locator("[data-action='welcome-play']")
    if welcome.count() and welcome.is_visible():
        welcome.click()
    page.wait_for_selector("body[data-first-hand], body[data-error]", state="attached", timeout=180_000)


def browser_bytes(requests: list[Request]) -> int:
    total = 0
    for request in requests:
        response = request.response() if request.failure is None else None
        if response is None or response.from_service_worker or request.service_worker is not None:
            continue   # answered by the service worker, or the service worker's own download (counted apart)
        try:
            sizes = request.sizes()
        except Exception:   # a request still in flight: its bytes are not all counted yet
            continue
        total += sizes["responseHeadersSize"] + sizes["responseBodySize"]
    return total


def by_kind(sent: list[tuple[str, int]]) -> dict[str, int]:
    kinds = {"pyodide": 0, "wheel": 0, "other": 0}
    for path, count in sent:
        kind = "pyodide" if path.startswith("/vendor/") else "wheel" if path.startswith("/wheels/") else "other"
        kinds[kind] += count
    return kinds


def measure(web: Path, seed: int, name: str, encodings: tuple[tuple[str, str], ...], repeat: bool,
            service_workers: str = "allow") -> dict[str, Any]:
    with site(web, encodings) as base, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        try:
            context = browser.new_context(service_workers=service_workers)  # type: ignore[arg-type]
            requests: list[Request] = []
            context.on("request", lambda request: requests.append(request))
            page = context.new_page()
            CountingHandler.counter.take()
            url = base + f"index.html?speed=0#seed={seed}"
            first_hand(page, url)
            sent = CountingHandler.counter.take()
            result: dict[str, Any] = {
                "variant": name, "browser": browser_bytes(requests), "server": sum(n for _, n in sent),
                "requests": len(requests), "server_kinds": by_kind(sent),
            }
            if repeat:
                # The service worker active and the snapshot kept (both come after the first hand), then again.
                page.evaluate("""async () => {
                  if (navigator.serviceWorker) await navigator.serviceWorker.ready;
                  for (let i = 0; i < 600; i++) {
                    const keys = await (await caches.open('giretra-engine-snapshot')).keys();
                    if (keys.length) return;
                    await new Promise((r) => setTimeout(r, 100));
                  }
                }""")
                # Chromium controls new pages a moment after the activation: open the light embed.html until it is.
                for _ in range(100):
                    page.goto(base + "embed.html")
                    if page.evaluate("Boolean(navigator.serviceWorker.controller)"):
                        break
                    page.wait_for_timeout(200)
                page.goto("about:blank")
                install = CountingHandler.counter.take()   # the service worker's download, after the first hand
                requests.clear()
                first_hand(page, url)
                sent = CountingHandler.counter.take()
                result["install"] = {"server": sum(n for _, n in install), "server_kinds": by_kind(install)}
                result["repeat"] = {"server_kinds": by_kind(sent), "server": sum(n for _, n in sent),
                                    "paths": sorted({p for p, _ in sent}),
                                    "boot": page.get_attribute("[data-engine-boot]", "data-engine-boot")}
            return result
        finally:
            browser.close()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="print the raw figures as JSON too")
    parser.add_argument("--web", type=Path, default=WEB_DIR, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if not (args.web / "wheel.json").exists():
        sys.exit("bench: web/ is not built; run python3 tools/dev.py run (or setup_web, build_wheel, build_site)")
    results = [measure(args.web, args.seed, name, enc, repeat=False) for name, enc in VARIANTS.items()
               if name != "br+gzip"]
    # The same without a service worker (as before this work, or where none can run), then with it and its repeat.
    results.append(measure(args.web, args.seed, "br+gzip, no service worker", ENCODINGS, False, "block"))
    results.append(measure(args.web, args.seed, "br+gzip", ENCODINGS, repeat=True))
    print(f"First visit, navigation -> first hand playable, bytes received (Chromium {CHROMIUM}):")
    for r in results:
        verdict = "ok" if r["browser"] <= TARGET else "OVER the 5 MB target"
        print(f"  {r['variant']:28} browser {r['browser']:>10,}   server {r['server']:>10,}   "
              f"({r['requests']} requests)  {verdict}")
    install = results[-1]["install"]
    print(f"After the first hand, until the service worker serves (its install and a few light pages opened to see it "
          f"control them): {install['server']:,} bytes — pyodide {install['server_kinds']['pyodide']:,}, "
          f"wheel {install['server_kinds']['wheel']:,}")
    repeat = results[-1]["repeat"]
    kinds = repeat["server_kinds"]
    print(f"Repeat visit (br+gzip, engine boot: {repeat['boot']}): server sent {repeat['server']:,} bytes — "
          f"pyodide {kinds['pyodide']:,}, wheel {kinds['wheel']:,}, other {kinds['other']:,} "
          f"({', '.join(repeat['paths']) or 'nothing'})")
    if args.json:
        print(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
