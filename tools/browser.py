"""The browser the tests and the benchmarks drive: Debian's Chromium (Playwright cannot download one here), with the
flags a headless run on a shared machine needs."""

from __future__ import annotations

import os

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
