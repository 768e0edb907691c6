#!/usr/bin/env python3
"""A lesson widget's start on the rules page, repeat visit: Play -> the first task ready, in headless Chromium.

    .venv/bin/python tools/bench_lesson.py [--runs 7] [--lesson cards-ranking] [--json]

Serves web/ with tools/serve.py's handler (compressed copies, cache headers) on 127.0.0.1. One browser profile:
a first visit of rules.html presses the lesson's Play and waits until its first task is asked and the engine's memory
snapshot is kept in Cache Storage (the HTTP cache, V8's code cache and the service worker are then warm too). Each
run is then a repeat visit: about:blank -> rules.html, the page loaded (the load event, the widget defined and its
Play button labelled), then the Play button clicked from inside the page, timed with performance.now() from just
before the click to the mutation that sets the lesson's `.gt-lesson[data-state="asking"]` (a MutationObserver on the
widget's shadow root: no polling from Playwright). Also printed: how the engine booted each time ('snapshot' or
'full', from the worker's 'ready' message) and the first visit's time for comparison. The issue's
target: <= 1.0 s on a quiet machine.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from tools.browser import CHROMIUM, FLAGS, wait_for_async  # noqa: E402
from tools.serve import WEB_DIR, Handler, serving  # noqa: E402

SNAPSHOT_CACHE = "giretra-engine-snapshot"   # web/js/worker.js

# The engine's 'ready' message says how it booted ('snapshot' | 'full'): read by a listener on the page's workers.
WATCH_BOOT = """(() => {
  const Base = self.Worker;
  self.Worker = class extends Base {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', ({ data }) => {
        if (data && data.type === 'ready') self.__engineBoot = data.boot;
      });
    }
  };
})();"""

# Resolves with {ms, boot}: ms from the click to the first task asked.
PRESS_PLAY = """async (lesson) => {
  await customElements.whenDefined('giretra-game');
  const w = document.querySelector(`giretra-game[mode="lesson"][lesson="${lesson}"]`);
  if (!w) throw new Error(`no lesson widget ${lesson} on the page`);
  const root = w.shadowRoot;
  // The button is labelled once the widget's words are loaded (hidden until then): a reader presses it then.
  await new Promise((resolve) => {
    const ready = () => { const b = root.querySelector('.gt-widget__play');
                          return b && b.style.visibility !== 'hidden' ? b : null; };
    if (ready()) { resolve(); return; }
    const obs = new MutationObserver(() => { if (ready()) { obs.disconnect(); resolve(); } });
    obs.observe(root, { subtree: true, childList: true, attributes: true, characterData: true });
  });
  const asking = () => root.querySelector('.gt-lesson[data-state="asking"]');
  return await new Promise((resolve) => {
    let t0 = 0;
    const done = () => {
      const ms = performance.now() - t0;
      resolve({ ms, boot: self.__engineBoot || null });
    };
    const obs = new MutationObserver(() => { if (asking()) { obs.disconnect(); done(); } });
    obs.observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-state'] });
    t0 = performance.now();
    root.querySelector('.gt-widget__play').click();
  });
}"""


def visit(page: Page, url: str, lesson: str) -> dict[str, object]:
    page.goto("about:blank")
    page.goto(url, wait_until="load")
    result = page.evaluate(PRESS_PLAY, lesson)
    return dict(result)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--lesson", default="cards-ranking", help="the lesson widget pressed (default cards-ranking)")
    parser.add_argument("--json", action="store_true", help="print the raw times as JSON too")
    args = parser.parse_args(argv)
    if not (WEB_DIR / "wheel.json").exists():
        sys.exit("bench: web/wheel.json missing; run python3 tools/dev.py run once (or setup_web.py + build_wheel.py)")
    with serving(WEB_DIR, quiet=True, handler=Handler) as base, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        try:
            page = browser.new_page()
            page.add_init_script(WATCH_BOOT)
            url = base + "rules.html"
            first = visit(page, url, args.lesson)
            wait_for_async(page, f"async () => (await (await caches.open('{SNAPSHOT_CACHE}')).keys()).length === 1",
                           timeout=120_000)
            runs = [visit(page, url, args.lesson) for _ in range(args.runs)]
        finally:
            browser.close()
    times = [float(str(r["ms"])) for r in runs]
    boots = sorted({str(r["boot"]) for r in runs})
    print(f"Lesson widget {args.lesson!r} on rules.html, repeat visit, Play -> first task asked "
          f"(Chromium {CHROMIUM}):")
    print(f"  median of {args.runs}: {statistics.median(times):.0f} ms   (min {min(times):.0f}, max {max(times):.0f}; "
          f"engine boot: {', '.join(boots)})   target <= 1000 ms on a quiet machine")
    first_ms = float(str(first["ms"]))
    print(f"  the first visit (normal boot, empty caches): {first_ms:.0f} ms (engine boot: {first['boot']})")
    if args.json:
        print(json.dumps({"first": first, "runs": runs}))


if __name__ == "__main__":
    main()
