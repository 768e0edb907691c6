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
