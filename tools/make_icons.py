#!/usr/bin/env python3
"""Draw web/icons/icon-192.png and icon-512.png from the hand-written web/icons/icon.svg, in headless Chromium.

    .venv/bin/python tools/make_icons.py

The PNGs are committed (the web app manifest names them; phones want PNG): run this after changing the SVG.
"""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
ICONS = ROOT / "web" / "icons"
CHROMIUM = "/usr/bin/chromium"
SIZES = (192, 512)


def main() -> None:
    svg = (ICONS / "icon.svg").read_text()
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
        try:
            for size in SIZES:
                page = browser.new_page(viewport={"width": size, "height": size})
                sized = svg.replace("<svg ", '<svg style="width:100%;height:100%;display:block" ', 1)
                page.set_content(f'<html><body style="margin:0"><div style="width:{size}px;height:{size}px">'
                                 f"{sized}</div></body></html>")
                page.screenshot(path=str(ICONS / f"icon-{size}.png"), omit_background=False)
                page.close()
                print(f"make_icons: web/icons/icon-{size}.png")
        finally:
            browser.close()


if __name__ == "__main__":
    main()
