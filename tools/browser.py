"""The browser the tests and the benchmarks drive: Debian's Chromium (Playwright cannot download one here), with the
flags a headless run on a shared machine needs."""

from __future__ import annotations

import os

CHROMIUM = os.environ.get("GIRETRA_CHROMIUM", "/usr/bin/chromium")
FLAGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
    "--disable-component-update", "--disable-sync",
]
