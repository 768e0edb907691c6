"""The browser the tests and the benchmarks drive: Debian's Chromium (Playwright cannot download one here), with the
flags a headless run on a shared machine needs."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from playwright.sync_api import Page

CHROMIUM = os.environ.get("GIRETRA_CHROMIUM", "/usr/bin/chromium")
FLAGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
    "--disable-component-update", "--disable-sync",
    # The address bar's popup is a WebUI page each new window starts in a renderer of its own (two per page opened,
    # seen with Target.getTargets), though a headless window never shows it: about 0.1 CPU-s per page opened.
    "--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup",
]

# The game page's first-visit welcome waits for the reader (the bots too): a benchmark that times the page's start
# opens it as a reader who has read the welcome, so that the time is the page's, not a person's.
WELCOME_READ_JS = "try { localStorage.setItem('giretra.welcome', JSON.stringify({ v: 1, at: 'bench' })); } catch {}"


# Playwright's wait_for_function takes any truthy value as the answer, and a Promise is truthy: given an async check
# (Cache Storage, a service worker's registration, an import) it returns at once without waiting. This wrapper makes
# the page poll the check's last settled answer instead; a check that throws fails the wait.
_ASYNC_POLL = """(() => {
  const check = (%s);
  let answer = false, running = false, failure = null;
  return () => {
    if (failure) throw failure;
    if (!running) {
      running = true;
      Promise.resolve().then(check).then((value) => { answer = Boolean(value); running = false; },
                                          (error) => { failure = error; });
    }
    return answer;
  };
})()"""


def wait_for_async(page: Page, check: str, *, timeout: float = 30_000, polling: int = 100) -> None:
    """Wait until *check*, the source of a JavaScript function that may be async (``async () => …``), gives a truthy
    value in *page*."""
    page.wait_for_function(_ASYNC_POLL % check, timeout=timeout, polling=polling)
