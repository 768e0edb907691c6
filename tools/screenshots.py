#!/usr/bin/env python3
"""Screenshots of every phase of the game page, at three screen sizes, in the three languages (issue 34).

    python3 tools/screenshots.py [--out docs/screenshots] [--only PHASE ...] [--lang L ...] [--size WxH ...]

Builds nothing: web/ must be built and current (``python3 tools/dev.py run`` or ``test`` builds it; the script
refuses a wheel older than giretra_core's sources). Serves web/ with tools/serve.py on a free 127.0.0.1 port and
drives Debian's Chromium (tools/browser.py) with Playwright. Each phase is reached the same way every run: a seeded
new match (``#seed=4``: Top deals, Right cuts, the bots call before the player), or a position made here through the
engine's seam (``giretra_core.jsonapi``: the bots' moves at seed 0, as e2e/gameplay.py's ``drive()`` makes them)
and opened as a link. Nothing waits on time: each shot waits on the page's own marks (``body[data-ready]``, the
table's ``data-phase``, ``data-to-act``, ``data-pausing``, its host's ``data-motion``, the dialog open).

The moving phases (the cut, the deal, the trick gathered) are caught moving: the page plays at the normal speed, and
the moment the table's host says that motion runs (``data-motion``), every animation of the page is paused and set
to the same point of its course (a fixed share of the motion's planned length), so that the picture shows the same
frame on every run and on every machine, however loaded.

Writes ``<phase>-<width>x<height>-<lang>.jpg`` (JPEG from Chromium, at a device pixel ratio of 1) and README.md,
an index of every picture in the folder, with the commit the pictures were made at. Run it after a visual change,
look at the pictures, and commit them with the change.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
import tomllib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
VENV_PY = ROOT / ".venv" / "bin" / "python"

try:
    from playwright.sync_api import Browser, BrowserContext, Page, expect, sync_playwright
except ImportError:   # run by the system's python3: Playwright lives in the dev venv
    if VENV_PY.exists() and Path(sys.executable).resolve() != VENV_PY.resolve():
        os.execv(str(VENV_PY), [str(VENV_PY), *sys.argv])
    sys.exit("screenshots: Playwright is missing: python3 tools/dev.py test --only lint creates .venv with it")

sys.path.insert(0, str(ROOT))
from tools.browser import CHROMIUM, FLAGS, WELCOME_READ_JS  # noqa: E402
from tools.serve import WEB_DIR, serving  # noqa: E402

OUT = ROOT / "docs" / "screenshots"
SIZES = ((1280, 800), (390, 844), (360, 640))
LANGS = ("en", "fr", "mg")
HUMAN = "Bottom"
PLAYERS = {"Bottom": "human", "Left": "advanced", "Top": "advanced", "Right": "advanced"}
QUALITY = 75       # JPEG: 90 pictures in about 4.5 MB, the cards and the words still sharp
TIMEOUT = 60_000   # a cold Pyodide boot on a loaded machine
MOTION_AT = {"cut": 0.5, "deal": 0.55, "gather": 0.2}   # the point of each motion's course the picture shows

# Installed before the page's scripts: when the table's host first says that the motion window.freezeAt.kind runs,
# every animation of the page is paused at the same point: the share window.freezeAt.at of that motion's planned
# course, from its first animation's start to its last one's end (the deal's packets leave one after another, after
# the cut), within the task that started them, before a frame is drawn; one already over by then is finished (a
# paused animation set past its end kept its ghost in some runs, not in others). A spinner is paused at rest.
# From then on the page's timers run nothing, those set before included (the bot's pause, the motion's own time-out):
# the bots' next move waits for the motion's end and for its pause, so nothing changes the table before the picture
# is taken. window.frozen says it is done.
FREEZE_JS = """
window.freezeAt = null;
window.frozen = false;
const setTimeoutAsItWas = window.setTimeout.bind(window);
window.setTimeout = (fn, ms, ...args) => setTimeoutAsItWas(() => { if (!window.frozen) fn(...args); }, ms);
new MutationObserver(() => {
  const want = window.freezeAt;
  const motion = document.getElementById('gt-table-host')?.dataset.motion ?? '';
  if (!want || window.frozen || !motion.split(' ').includes(want.kind)) return;
  const all = document.getAnimations();
  const timing = (a) => a.effect.getComputedTiming();
  const mine = all.filter((a) => a.id === want.kind);   // (view/motion.js names each animation by its kind)
  const from = Math.min(...mine.map((a) => timing(a).delay));
  const to = Math.max(...mine.map((a) => timing(a).delay + timing(a).activeDuration));
  const at = from + (to - from) * want.at;
  for (const a of all) {
    const end = timing(a).delay + timing(a).activeDuration;
    if (!Number.isFinite(end)) { a.pause(); a.currentTime = 0; }   // a spinner, at rest
    else if (at >= end) a.finish();   // over by then (the cut, when the deal is caught): ended, its ghost gone
    else { a.pause(); a.currentTime = at; }
  }
  window.frozen = true;
}).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-motion'] });
"""
SETTLED = "#gt-table-host:not([data-motion])"
# Where the bots' loop comes to rest: a bot to act (and no dialog holding it) shows it thinking; otherwise no seat
# does. (With the welcome open, "Right is thinking" became "Waiting for Right" a moment later: two pictures.)
BOTS_AT_REST_JS = """() => {
  const table = document.querySelector('.gt-table');
  const botToAct = table && !['', 'Bottom'].includes(table.dataset.toAct ?? '') && table.dataset.phase !== 'match_over'
    && !document.querySelector('#gt-dialog[open]');
  return Boolean(document.querySelector('.gt-seat.is-thinking')) === Boolean(botToAct);
}"""
# A spinner (the thinking dots) at rest: the same dots in every picture.
SPINNERS_AT_REST_JS = """() => { for (const a of document.getAnimations()) {
  if (!Number.isFinite(a.effect.getComputedTiming().activeDuration)) { a.pause(); a.currentTime = 0; }
} }"""


def seam(name: str, **args: Any) -> Any:
    """The engine's JSON seam, called as the page calls it; an error answer stops the script (a bug here)."""
    from giretra_core import jsonapi

    out = json.loads(getattr(jsonapi, name)(json.dumps(args)))
    if not out["ok"]:
        raise RuntimeError(f"{name}({args}) -> {out['error']}")
    return out["value"]


def drive(state: str, stop: Callable[[dict[str, Any]], bool]) -> str:
    """Every seat played by the random bot at seed 0 (e2e/gameplay.py's drive()) until ``stop`` holds for the
    player's view: the same position on every run."""
    for _ in range(400):
        view = seam("view", state=state, seat=HUMAN)
        if stop(view):
            return state
        if view["phase"] == "match_over" or not view["toAct"]:
            break
        seat = view["toAct"]
        action = seam("bot_action", state=state, seat=seat, seed=0, level="random")["action"]
        state = seam("apply", state=state, seat=seat, action=action)["state"]
    raise LookupError("the position asked for is never reached")


def my_card(tricks: int, on_table: int, scores: dict[str, int] | None = None, lost: bool = False) -> str:
    """A link to the player's turn to play with *tricks* tricks done and *on_table* cards on the trick: the first
    match from seed 1 up that reaches it (*lost*: and whose match the opponents win once the player's card is in)."""
    for seed in range(1, 100):
        start = seam("new_match", seed=seed, players=PLAYERS, **({"scores": scores} if scores else {}))["state"]
        try:
            state = drive(start, lambda v: v["phase"] == "play" and v["toAct"] == HUMAN
                          and len(v["tricks"]) == tricks and len(v["trick"]["cards"]) == on_table)
            if lost:
                card = seam("view", state=state, seat=HUMAN)["hand"][0]
                after = seam("apply", state=state, seat=HUMAN, action=card)["state"]
                over = drive(after, lambda v: v["phase"] == "match_over")
                if seam("view", state=over, seat=HUMAN)["winner"] != "Team2":
                    continue
        except LookupError:
            continue
        return state.replace(" ", "_")
    raise LookupError(f"no match of seeds 1..99 reaches the player's turn after {tricks} tricks, {on_table} cards")


@dataclass
class Shot:
    page: Page
    lang: str

    def open(self, fragment: str, welcome_read: bool = True) -> None:
        if welcome_read:
            self.page.add_init_script(WELCOME_READ_JS)
        self.page.add_init_script(FREEZE_JS)
        self.page.goto(f"?speed=normal&lang={self.lang}#{fragment}")
        expect(self.page.locator("body[data-ready]")).to_be_attached(timeout=TIMEOUT)
        # A link says "You opened a shared deal": true, but not what the phase's picture is about.
        dismiss = self.page.locator("[data-action='dismiss-notice']")
        if dismiss.count():
            self.press("[data-action='dismiss-notice']")
            expect(dismiss).to_have_count(0)

    def my_turn(self, phase: str) -> None:
        """The player's turn in *phase*, nothing moving, no trick on show."""
        expect(self.page.locator(f'.gt-table[data-phase="{phase}"][data-to-act="{HUMAN}"]:not([data-pausing])')
               ).to_be_attached(timeout=TIMEOUT)
        expect(self.page.locator(SETTLED)).to_be_attached(timeout=TIMEOUT)

    def freeze(self, kind: str) -> None:
        """Catch the next *kind* motion at MOTION_AT[kind] of its course (FREEZE_JS)."""
        self.page.evaluate("([kind, at]) => { window.freezeAt = { kind, at }; }", [kind, MOTION_AT[kind]])

    def frozen(self) -> None:
        self.page.wait_for_function("window.frozen", timeout=TIMEOUT)
        # Two frames on: the animations finished at the freeze (the cut's, when the deal is caught) have sent their
        # "finish", and their ghosts are gone.
        self.page.evaluate("new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")

    def press(self, selector: str) -> None:
        """A click by the element itself: no mouse left hovering over the table in the picture."""
        self.page.locator(selector).first.evaluate("(e) => e.click()")


def welcome(s: Shot) -> None:
    s.open("seed=4", welcome_read=False)
    expect(s.page.locator("#gt-dialog[open] .gt-welcome")).to_be_visible()


def cut_choice(s: Shot) -> None:
    s.open("seed=12")   # Right deals: the player cuts
    s.my_turn("cut")


def cut(s: Shot) -> None:
    s.open("seed=12")
    s.my_turn("cut")
    s.freeze("cut")
    s.press(".gt-cut [data-action='c14']")
    s.frozen()


def deal(s: Shot) -> None:
    s.open("seed=4")   # Right cuts, Top deals
    s.freeze("deal")
    s.frozen()


def negotiation(s: Shot) -> None:
    s.open("seed=4")
    s.my_turn("negotiation")


def play(s: Shot) -> None:
    s.open(my_card(tricks=3, on_table=2))
    s.my_turn("play")


def trick_end(s: Shot) -> None:
    s.open(my_card(tricks=4, on_table=3))
    s.my_turn("play")
    s.freeze("gather")
    s.press(".gt-hand .is-legal")
    s.frozen()


def deal_result(s: Shot) -> None:
    s.open(my_card(tricks=7, on_table=3))
    s.my_turn("play")
    s.press(".gt-hand .is-legal")
    expect(s.page.locator("#gt-dialog[open] .gt-summary")).to_be_visible(timeout=TIMEOUT)
    expect(s.page.locator(SETTLED)).to_be_attached()


def match_end(s: Shot, lost: bool = False) -> None:
    # Both teams at 149 of 150: the deal's last card ends the match (as e2e/test_match_end.py).
    s.open(my_card(tricks=7, on_table=0, scores={"Team1": 149, "Team2": 149}, lost=lost))
    s.my_turn("play")
    s.press(".gt-hand .is-legal")
    s.press("#gt-dialog[open] [data-action='score-sheet']")
    expect(s.page.locator("#gt-dialog[open] .gt-end__title")).to_be_visible(timeout=TIMEOUT)
    expect(s.page.locator(SETTLED)).to_be_attached()


def settings(s: Shot) -> None:
    s.open("seed=4")
    s.my_turn("negotiation")
    s.press("[data-action='open-settings']")
    expect(s.page.locator("#gt-dialog[open] .gt-settings")).to_be_visible()


PHASES: dict[str, Callable[[Shot], None]] = {
    "cut-choice": cut_choice, "cut": cut, "deal": deal, "negotiation": negotiation, "play": play,
    "trick-end": trick_end, "deal-result": deal_result, "match-end": match_end,
    "match-lost": lambda s: match_end(s, lost=True), "welcome": welcome,
    "settings": settings,
}


def check_built() -> None:
    """web/ built (the files e2e/conftest.py checks) and its wheel made from the sources as they are now."""
    built = ("wheel.json", "index.html", "vendor/pyodide", "sw-precache.js")
    missing = [p for p in built if not (WEB_DIR / p).exists()]
    if missing:
        sys.exit(f"screenshots: web/ is not built ({', '.join(missing)} missing): run python3 tools/dev.py run")
    import build_wheel

    packages = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"]
    source = build_wheel.source_digest(ROOT, sorted({p.split(".")[0] for p in packages}))
    if json.loads((WEB_DIR / "wheel.json").read_text()).get("source") != source:
        sys.exit("screenshots: web/'s wheel is older than giretra_core: run python3 build_wheel.py")


def made_at() -> str:
    """The commit the pictures are made at, and whether the tree differed from it (the pictures aside)."""
    head = subprocess.run(["git", "rev-parse", "HEAD"], cwd=ROOT, capture_output=True, text=True).stdout.strip()
    changed = subprocess.run(["git", "status", "--porcelain", "--", ".", ":!docs/screenshots"], cwd=ROOT,
                             capture_output=True, text=True).stdout.strip()
    return f"`{head[:12]}`" + (" with uncommitted changes" if changed else "")


def shown(path: Path) -> str:
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)


def name(phase: str, size: tuple[int, int], lang: str) -> str:
    return f"{phase}-{size[0]}x{size[1]}-{lang}.jpg"


def write_index(out: Path, commit: str, browser: str) -> None:
    """README.md: a table of every picture in *out*, a phase a row, a size and a language a column."""
    head = "| phase | " + " | ".join(f"{w}×{h} {lang}" for w, h in SIZES for lang in LANGS) + " |"
    rows = [head, "|---" * (1 + len(SIZES) * len(LANGS)) + "|"]
    for phase in PHASES:
        cells = [f"[{lang}]({name(phase, size, lang)})" if (out / name(phase, size, lang)).exists() else "—"
                 for size in SIZES for lang in LANGS]
        rows.append(f"| {phase} | " + " | ".join(cells) + " |")
    (out / "README.md").write_text(
        "# Screenshots of the game page\n\n"
        f"Made by `python3 tools/screenshots.py` at commit {commit}, in {browser}, at a device pixel ratio of 1.\n"
        "Each phase is reached the same way every run (a seeded match, or a position made through the engine's seam);\n"
        "the cut, the deal and the trick's gathering are caught moving, at the same point of their course.\n"
        "Made again after a visual change (docs/web.md, \"Screenshots\").\n\n" + "\n".join(rows) + "\n")


def take(browser: Browser, base: str, out: Path, phases: list[str], sizes: list[tuple[int, int]],
         langs: list[str]) -> list[str]:
    failed = []
    for size in sizes:
        phone = size[0] < 600
        context: BrowserContext = browser.new_context(
            base_url=base, viewport={"width": size[0], "height": size[1]}, device_scale_factor=1,
            is_mobile=phone, has_touch=phone, service_workers="block", locale="en-GB", timezone_id="UTC")
        try:
            for lang in langs:
                for phase in phases:
                    page = context.new_page()
                    page.on("pageerror", lambda err: print(f"  pageerror: {err}"))
                    # Each shot starts from an empty localStorage (no saved match, settings or welcome read); the
                    # engine's snapshot in Cache Storage is kept, so only the first boot is a full one.
                    cdp = context.new_cdp_session(page)
                    cdp.send("Storage.clearDataForOrigin", {"origin": base.rstrip("/"),
                                                            "storageTypes": "local_storage"})
                    cdp.detach()
                    started = time.perf_counter()
                    file = out / name(phase, size, lang)
                    try:
                        PHASES[phase](Shot(page, lang))
                        page.wait_for_function(BOTS_AT_REST_JS, timeout=TIMEOUT)
                        page.evaluate(SPINNERS_AT_REST_JS)
                        page.screenshot(path=file, type="jpeg", quality=QUALITY, animations="allow", caret="hide")
                        print(f"{shown(file)}  {file.stat().st_size:>7,} B  "
                              f"{time.perf_counter() - started:.1f}s", flush=True)
                    except Exception as err:  # noqa: BLE001 — said, and the run goes on to the next picture
                        failed.append(file.name)
                        print(f"{file.name}: FAILED: {err}", flush=True)
                    finally:
                        page.close()
        finally:
            context.close()
    return failed


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT, help="folder of the pictures (default: docs/screenshots)")
    parser.add_argument("--only", nargs="+", choices=list(PHASES), metavar="PHASE",
                        help=f"only these phases ({', '.join(PHASES)})")
    parser.add_argument("--lang", nargs="+", choices=LANGS, help="only these languages")
    parser.add_argument("--size", nargs="+", choices=[f"{w}x{h}" for w, h in SIZES], help="only these sizes")
    args = parser.parse_args(argv)
    check_built()
    if not Path(CHROMIUM).exists():
        sys.exit(f"screenshots: {CHROMIUM} not found: apt-get install -y chromium (or set GIRETRA_CHROMIUM)")
    out: Path = args.out.resolve()
    out.mkdir(parents=True, exist_ok=True)
    sizes = [s for s in SIZES if not args.size or f"{s[0]}x{s[1]}" in args.size]
    commit = made_at()
    with serving(WEB_DIR, quiet=True) as base, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        try:
            failed = take(browser, base, out, args.only or list(PHASES), sizes, args.lang or list(LANGS))
            version = f"Chromium {browser.version}"
        finally:
            browser.close()
    write_index(out, commit, version)
    total = sum(p.stat().st_size for p in out.glob("*.jpg"))
    print(f"{len(list(out.glob('*.jpg')))} pictures in {shown(out)}: {total:,} B")
    if failed:
        sys.exit(f"screenshots: {len(failed)} failed: {', '.join(failed)}")


if __name__ == "__main__":
    main()
