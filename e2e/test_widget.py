"""The <giretra-game> widget on the rules page: lazy, one shared engine, clean removal, the iframe version."""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import quote

import pytest
from conftest import BOOT_TIMEOUT_MS
from playwright.sync_api import Page, Request, expect

BUDGET = 150 * 1024   # bytes transferred before the reader interacts, for all the widgets together


def widget(page: Page, selector: str) -> Any:
    return page.locator(f"giretra-game{selector}")


def start(page: Page, selector: str) -> Any:
    """Press the widget's Play button, as a reader does, and wait until its mode is drawn."""
    w = widget(page, selector)
    w.locator('[data-action="start-widget"]').click()
    expect(w).to_have_attribute("data-state", "started", timeout=BOOT_TIMEOUT_MS)
    return w


def transferred(requests: list[Request]) -> int:
    return sum(r.sizes()["responseBodySize"] + r.sizes()["responseHeadersSize"] for r in requests)


def test_the_rules_page_loads_at_most_150_kb_before_any_interaction(page: Page) -> None:
    done: list[Request] = []
    page.on("requestfinished", lambda request: done.append(request))
    page.goto("rules.html")
    page.wait_for_load_state("networkidle")
    page.wait_for_timeout(500)
    total = transferred(done)
    names = [r.url.rsplit("/", 1)[-1] for r in done]
    print(f"rules page before interaction: {total} bytes in {len(done)} requests: {names}")
    assert page.locator("giretra-game").count() >= 10
    assert total <= BUDGET, (total, names)
    # Nothing of the engine yet: no worker, no Pyodide, no wheel.
    assert not page.workers
    assert not [n for n in names if "pyodide" in n or n.endswith(".whl") or n == "wheel.json"]


def test_two_widgets_share_one_worker_and_one_pyodide(page: Page) -> None:
    wasm: list[str] = []
    page.on("request", lambda r: wasm.append(r.url) if r.url.endswith(".wasm") else None)
    page.goto("rules.html")
    first = start(page, '[lesson="play-follow-suit"]')
    expect(first.locator(".gt-lesson")).to_be_visible()
    second = start(page, '[mode="score"]')
    expect(second.locator(".gt-calc")).to_be_visible()
    third = start(page, '[lesson="cards-ranking"]')
    expect(third.locator(".gt-lesson")).to_be_visible()
    assert len(page.workers) == 1
    assert len(wasm) == 1, wasm
    status = page.evaluate("import('./js/widget.js').then((m) => m.engineStatus())")
    assert status == {"users": 3, "running": True}


def test_a_widget_removed_and_added_again_neither_leaks_nor_duplicates(page: Page) -> None:
    page.goto("rules.html")
    w = start(page, '[lesson="play-follow-suit"]')
    expect(w.locator(".gt-lesson")).to_be_visible()
    worker = page.workers[0]
    # A single-page site navigates away and back: the same element leaves the document and comes back.
    page.evaluate("""() => {
      const el = document.querySelector('giretra-game[lesson="play-follow-suit"]');
      const parent = el.parentNode, next = el.nextSibling;
      el.remove();
      parent.insertBefore(el, next);
    }""")
    expect(w).to_have_attribute("data-state", "started", timeout=BOOT_TIMEOUT_MS)
    expect(w.locator(".gt-lesson")).to_have_count(1)
    assert page.workers == [worker]
    assert page.evaluate("import('./js/widget.js').then((m) => m.engineStatus())") == {"users": 1, "running": True}
    # Every widget gone: the engine's worker ends once idle, nothing is left running.
    with worker.expect_event("close", timeout=30_000):
        page.evaluate("document.querySelectorAll('giretra-game').forEach((el) => el.remove())")
    assert not page.workers
    assert page.evaluate("import('./js/widget.js').then((m) => m.engineStatus())") == {"users": 0, "running": False}


HOST = """<!doctype html><html><body style="margin:0">
<p>A host page that cannot run the widget's script embeds the iframe.</p>
<iframe id="frame" src="embed.html?mode=lesson&lesson=cards-ranking&lang=fr" title="Giretra"
        style="width:100%;height:80px;border:0"></iframe>
<script>
  const frame = document.getElementById('frame');
  addEventListener('message', (event) => {
    if (event.source === frame.contentWindow && event.data?.type === 'giretra:height') {
      frame.style.height = event.data.height + 'px';
    }
  });
</script></body></html>"""


def test_the_iframe_version_resizes_its_host(page: Page) -> None:
    # The host page is the test's own (served by interception); the iframe's page is the site's embed.html.
    page.route("**/host-test.html", lambda route: route.fulfill(body=HOST, content_type="text/html"))
    page.set_viewport_size({"width": 360, "height": 700})
    page.goto("host-test.html")
    frame = page.frame_locator("#frame")
    play = frame.locator('[data-action="start-widget"]')
    expect(play).to_have_text("Jouer")   # lang=fr from the URL
    iframe = page.locator("#frame")
    small = iframe.bounding_box()["height"]
    play.click()
    expect(frame.locator(".gt-lesson")).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    # The lesson is taller than the placeholder: the host's iframe follows the content's height.
    page.wait_for_function(f"document.getElementById('frame').offsetHeight > {small + 100}", timeout=10_000)
    content = page.frames[1].evaluate("Math.ceil(document.documentElement.getBoundingClientRect().height)")
    assert abs(iframe.bounding_box()["height"] - content) <= 1
    assert page.frames[1].evaluate("document.documentElement.scrollWidth <= innerWidth")


def test_switching_the_language_switches_the_page_and_every_widget(page: Page) -> None:
    page.goto("rules.html?lang=en")
    lesson = start(page, '[lesson="play-follow-suit"]')
    expect(lesson.locator(".gt-lesson")).to_contain_text("Follow suit")
    idle = widget(page, '[lesson="cards-ranking"]')
    expect(idle.locator('[data-action="start-widget"]')).to_have_text("Play")
    for lang, title, play, lesson_title in (("fr", "Règles de la Giretra", "Jouer", "Fournir"),
                                            ("mg", "Fitsipiky ny Giretra", "Hilalao", "Manaraka loko"),
                                            ("en", "Rules of Giretra", "Play", "Follow suit")):
        page.locator('[data-action="rules-lang"]').select_option(lang)
        expect(page).to_have_title(title)
        assert page.evaluate("document.documentElement.lang") == lang
        expect(idle.locator('[data-action="start-widget"]')).to_have_text(play)
        expect(lesson).to_have_attribute("lang", lang)
        expect(lesson.locator(".gt-lesson")).to_contain_text(lesson_title)   # the engine's words
        # Every visible text block of the page is in the chosen language: the others are hidden.
        other = page.evaluate("""(lang) => [...document.querySelectorAll('body [lang]')]
            .filter((el) => el.lang !== lang && el.tagName !== 'GIRETRA-GAME' && el.checkVisibility())
            .map((el) => el.outerHTML.slice(0, 80))""", lang)
        assert other == [], other
    # The engine answers in the language too: the lesson's prompt is the engine's French.
    page.locator('[data-action="rules-lang"]').select_option("fr")
    expect(lesson.locator(".gt-lesson")).to_contain_text("Sélectionnez")


AUTOSTART_HOST = """<!doctype html><html lang="en"><body style="margin:0">
<script type="module" src="js/widget.js"></script>
<div style="height:3000px">A long page.</div>
<giretra-game id="far" mode="score" autostart="visible"></giretra-game>
</body></html>"""


def test_autostart_visible_waits_until_the_widget_scrolls_into_view(page: Page) -> None:
    page.route("**/autostart-test.html",
               lambda route: route.fulfill(body=AUTOSTART_HOST, content_type="text/html"))
    page.goto("autostart-test.html")
    far = page.locator("#far")
    expect(far).to_have_attribute("data-state", "idle")
    page.wait_for_timeout(1000)
    assert not page.workers   # nothing loads while it is off screen
    far.scroll_into_view_if_needed()
    expect(far.locator(".gt-calc")).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    assert len(page.workers) == 1


def test_a_widget_whose_engine_failed_to_load_retries(page: Page) -> None:
    blocked = {"on": True}

    def wheel(route: Any) -> None:
        if blocked["on"]:
            route.abort()
        else:
            route.continue_()

    page.route("**/wheel.json", wheel)
    page.goto("rules.html")
    w = widget(page, '[lesson="play-follow-suit"]')
    w.locator('[data-action="start-widget"]').click()
    retry = w.locator('[data-action="reload"]')
    expect(retry).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    expect(w.locator(".gt-lesson__error")).to_be_visible()
    blocked["on"] = False
    retry.click()
    expect(w.locator(".gt-lesson")).to_have_attribute("data-state", "asking", timeout=BOOT_TIMEOUT_MS)
    assert len(page.workers) == 1   # the failed worker was ended, not left beside the new one


# docs/embedding.md §3: what a host's Content-Security-Policy must allow.
DOCUMENTED_CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; connect-src 'self'"
HOST_PAGE = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>host</title>
<script type="module" src="js/widget.js"></script></head><body>
<giretra-game mode="lesson" lesson="play-follow-suit">Try: follow suit</giretra-game>
</body></html>"""


def _serve_with_csp(page: Page, policy: str) -> list[str]:
    """Every response (the host page, the widget's scripts, the worker's) carries *policy*; returns the
    CSP violations the console reports."""
    violations: list[str] = []
    page.on("console", lambda m: violations.append(m.text) if "Content Security Policy" in m.text else None)
    page.add_init_script("document.addEventListener('securitypolicyviolation', (e) => "
                         "console.error(`Content Security Policy: ${e.violatedDirective} ${e.blockedURI}`))")

    def with_policy(route: Any) -> None:
        if route.request.url.endswith("/csp-host.html"):
            route.fulfill(body=HOST_PAGE, content_type="text/html; charset=utf-8",
                          headers={"Content-Security-Policy": policy})
            return
        response = route.fetch()
        route.fulfill(response=response, headers={**response.headers, "content-security-policy": policy})

    page.route("**/*", with_policy)
    page.goto("csp-host.html")
    return violations


def test_the_widget_runs_under_the_documented_content_security_policy(page: Page) -> None:
    violations = _serve_with_csp(page, DOCUMENTED_CSP)
    # The placeholder is styled (not blocked as an inline style): the Play button is the yellow pill.
    play = widget(page, '[lesson="play-follow-suit"]').locator(".gt-widget__play")
    expect(play).to_have_css("background-color", "rgb(255, 213, 74)")
    w = start(page, '[lesson="play-follow-suit"]')
    expect(w.locator(".gt-lesson")).to_be_visible()
    # The lesson answers a move: the engine (Pyodide and the wheel) runs under the policy.
    w.locator(".gt-lesson__answer [data-answer]").first.click()
    check = w.locator('[data-action="check"]')
    if check.count():
        check.click()
    expect(w.locator(".gt-lesson__feedback")).to_contain_text(re.compile(r"Right\.|Not quite\."))
    page.unroute_all(behavior="ignoreErrors")
    assert not violations, violations


def test_without_wasm_unsafe_eval_the_widget_says_the_engine_could_not_start(page: Page) -> None:
    # The control: the policy line is needed as written (Pyodide compiles WebAssembly), and a host that
    # leaves it out gets a reader-facing error naming the cause: the site's policy and its directive, and no Try
    # again, which cannot help (it was offered, with the browser's words, before the page named the policy).
    _serve_with_csp(page, DOCUMENTED_CSP.replace(" 'wasm-unsafe-eval'", ""))
    w = start(page, '[lesson="play-follow-suit"]')
    alert = w.locator('[role="alert"]')
    expect(alert).to_contain_text("The engine could not start", timeout=BOOT_TIMEOUT_MS)
    expect(alert).to_contain_text("security policy (Content-Security-Policy, script-src)")
    expect(alert.get_by_role("button", name="Try again")).to_have_count(0)
    page.unroute_all(behavior="ignoreErrors")


def test_without_wasm_unsafe_eval_the_replay_widget_names_the_policy(page: Page) -> None:
    # The replay widget (a rules page's worked example, here in its iframe form) says the same as a lesson: the
    # site's policy refused the engine. Before, it gave the browser's words only.
    _serve_with_csp(page, DOCUMENTED_CSP.replace(" 'wasm-unsafe-eval'", ""))
    page.goto("embed.html?mode=replay&link=d1.nonsense&autostart=visible")
    alert = widget(page, '[mode="replay"]').locator('[role="alert"]')
    expect(alert).to_contain_text("This deal cannot be replayed", timeout=BOOT_TIMEOUT_MS)
    expect(alert).to_contain_text("security policy (Content-Security-Policy, script-src)")
    page.unroute_all(behavior="ignoreErrors")


def test_a_widget_moved_into_another_document_keeps_its_styled_placeholder(page: Page) -> None:
    # A host may move the element into a same-origin frame (a preview pane, a dialog in an iframe). A
    # constructed style sheet serves only the document it was made for, so that document needs its own.
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto("rules.html")
    expect(widget(page, '[lesson="play-follow-suit"]').locator(".gt-widget__play")).to_be_visible()
    background = page.evaluate("""() => new Promise((resolve) => {
      const frame = document.createElement('iframe');
      frame.addEventListener('load', () => {
        const el = document.querySelector('giretra-game[lesson="play-follow-suit"]');
        frame.contentDocument.body.append(el);
        const play = el.shadowRoot.querySelector('.gt-widget__play');
        resolve(play && frame.contentWindow.getComputedStyle(play).backgroundColor);
      });
      document.body.append(frame);
    })""")
    assert not errors, errors
    assert background == "rgb(255, 213, 74)"


@pytest.mark.parametrize("width", [360, 1280])
def test_the_calculators_choices_are_never_cut_off(page: Page, width: int) -> None:
    # A native select cannot wrap its text: every option must fit its box, in every language.
    page.set_viewport_size({"width": width, "height": 900})
    page.goto("rules.html?lang=en")
    calc = start(page, '[mode="score"]')
    expect(calc.locator('.gt-calc [data-input="sweep"] option')).to_have_count(3, timeout=BOOT_TIMEOUT_MS)  # booted
    for lang in ("en", "fr", "mg"):
        page.locator('[data-action="rules-lang"]').select_option(lang)
        expect(calc).to_have_attribute("lang", lang)
        expect(calc.locator(".gt-calc__title")).not_to_have_text("Score calculator" if lang != "en" else "")
        cut = calc.locator(".gt-calc select").evaluate_all("""(selects) => {
          const ctx = document.createElement('canvas').getContext('2d');
          return selects.flatMap((s) => {
            const style = getComputedStyle(s);
            ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
            const room = s.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20;  // arrow
            return [...s.options].filter((o) => ctx.measureText(o.text).width > room).map((o) => o.text);
          });
        }""")
        assert cut == [], f"{lang} at {width} px: {cut}"


def test_the_calculators_rule_is_a_link_to_its_section_on_the_rules_page(page: Page) -> None:
    # From a learner's review: on the rules page the calculator named "Rule S-4b" in plain text, where the lessons
    # beside it link their rule, and no reader can see an "S-4b" (the id of the doubled AllTrumps table in S-4).
    page.goto("rules.html?lang=en")
    calc = start(page, '[mode="score"]')
    expect(calc.locator('[data-input="sweep"] option')).to_have_count(3, timeout=BOOT_TIMEOUT_MS)  # booted
    calc.locator('[data-input="mode"]').select_option("AllTrumps")
    calc.locator('[data-input="multiplier"]').select_option("2")
    calc.locator('[data-input="Team1"]').fill("131")
    link = calc.locator("a.gt-calc__rule")
    expect(link).to_have_attribute("href", "#S-4b")
    expect(link).to_have_text("Rule S-4")
    assert link.get_attribute("target") is None   # stays on the page
    link.click()
    expect(page.locator("#S-4b")).to_be_in_viewport()


def test_the_arrow_keys_move_along_the_hand_inside_a_widget(page: Page) -> None:
    # The hand's arrows looked for the focused card in document.activeElement, which inside a widget's shadow root is
    # the widget itself: on the rules page they did nothing.
    page.goto("rules.html?lang=en")
    w = start(page, '[mode="trick"]')
    expect(w.locator(".gt-hand .is-legal").first).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    cards = w.locator(".gt-hand button").evaluate_all("els => els.map((e) => e.dataset.card)")
    focused = "el => el.shadowRoot.activeElement?.dataset.card"
    w.locator(".gt-hand button").first.focus()
    page.keyboard.press("ArrowRight")
    assert w.evaluate(focused) == cards[1]
    page.keyboard.press("End")
    assert w.evaluate(focused) == cards[-1]
    assert w.locator(".gt-hand button").evaluate_all("els => els.filter((e) => e.tabIndex >= 0).length") == 1
    # No take-back in the one-trick widget: its bots cut and bid for the reader, and would make the same calls again.
    expect(w.locator('[data-action="hint"]')).to_be_visible()
    expect(w.locator('[data-action="take-back"]')).to_have_count(0)


def test_widgets_in_two_languages_keep_each_its_own(page: Page) -> None:
    # A French lesson beside an English one (docs/embedding.md's own example): after the English one started, the
    # French one's buttons and labels turned English on its next redraw while the engine's words stayed French.
    page.goto("rules.html?lang=en")
    page.evaluate("""() => {
      for (const lang of ['fr', 'en']) {
        const el = document.createElement('giretra-game');
        Object.entries({ mode: 'lesson', lesson: 'cards-ranking', lang, id: 'two-' + lang })
          .forEach(([name, value]) => el.setAttribute(name, value));
        document.body.prepend(el);
      }
    }""")
    fr, en = widget(page, "#two-fr"), widget(page, "#two-en")
    for w in (fr, en):
        w.locator('[data-action="start-widget"]').click()
        expect(w.locator(".gt-lesson")).to_have_attribute("data-state", "asking", timeout=BOOT_TIMEOUT_MS)
    # Answer in the French one (a wrong card: feedback, Retry), then in the English one, then French again.
    # (The first card offered is not the strongest: lessons.py.)
    for w, check, wrong, other in ((fr, "Vérifier", "Pas tout à fait.", "Not quite."),
                                   (en, "Check", "Not quite.", "Pas tout à fait."),
                                   (fr, "Vérifier", "Pas tout à fait.", "Not quite.")):
        w.locator(".gt-lesson__answer [data-answer]").first.click()
        expect(w.locator('[data-action="check"]')).to_have_text(check)
        w.locator('[data-action="check"]').click()
        feedback = w.locator(".gt-lesson__feedback")
        expect(feedback).to_contain_text(wrong)
        expect(feedback).not_to_contain_text(other)
        w.locator('[data-action="retry"]').click()
    expect(fr.locator('[data-action="check"]')).to_have_text("Vérifier")
    expect(en.locator('[data-action="check"]')).to_have_text("Check")


def test_a_theme_set_on_the_pages_root_reaches_a_started_widget(page: Page) -> None:
    # The page sets --gt-felt on :root. Before Play the placeholder followed it; after Play the widget went back to
    # the theme's own green (theme.css's :host rule beat the page's inherited value).
    page.goto("rules.html?lang=en")
    page.evaluate("document.documentElement.style.setProperty('--gt-felt', 'rgb(120, 0, 0)')")
    w = start(page, '[lesson="play-follow-suit"]')
    expect(w.locator(".gt-lesson")).to_be_visible()
    felt = w.locator(".gt-widget__body").evaluate("(el) => getComputedStyle(el).getPropertyValue('--gt-felt').trim()")
    assert felt == "rgb(120, 0, 0)", felt
    # What the page does not set keeps the theme's value.
    legal = w.locator(".gt-widget__body").evaluate("(el) => getComputedStyle(el).getPropertyValue('--gt-legal').trim()")
    assert legal == "#ffd54a", legal


def test_a_match_in_a_narrow_column_of_a_wide_page_fits_its_column(page: Page) -> None:
    # A 360 px column in a 1280 px window: the cards were sized from the window and the eighth ran out of the widget.
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto("rules.html?lang=en")
    page.evaluate("""() => {
      const el = document.createElement('giretra-game');
      el.setAttribute('mode', 'match'); el.setAttribute('seed', '7'); el.id = 'narrow';
      el.style.maxWidth = '360px';
      document.body.prepend(el);
    }""")
    w = start(page, "#narrow")
    expect(w.locator(".gt-hand [data-card]")).to_have_count(5, timeout=30_000)   # dealt: five cards to bid on
    box = w.bounding_box()
    cards = w.locator(".gt-hand [data-card]").evaluate_all(
        "els => els.map((e) => { const r = e.getBoundingClientRect(); return [r.left, r.right]; })")
    assert box is not None
    assert all(box["x"] <= left and right <= box["x"] + box["width"] for left, right in cards), (box, cards)


EMBED_CASES = [("mode=trick&seed=7", "Play a trick"), ("mode=score", "Score calculator"),
               ("mode=lesson&lesson=cards-ranking", "Try it")]


@pytest.mark.parametrize(("query", "caption"), EMBED_CASES)
def test_the_iframe_page_shows_the_caption_of_its_mode(page: Page, query: str, caption: str) -> None:
    # embed.html set the widget's attributes after the element had drawn its placeholder: every mode showed
    # "Play a match of Giretra", and a trick or match frame took 36 rem before anyone pressed Play.
    page.goto(f"embed.html?{query}")
    w = widget(page, "")
    expect(w.locator(".gt-widget__caption")).to_have_text(caption)
    height = page.evaluate("Math.ceil(document.documentElement.getBoundingClientRect().height)")
    assert height < 160, height


def test_the_iframe_page_takes_a_caption_as_plain_text_and_no_other(page: Page) -> None:
    # An audit: an iframe's caption could not be set (the element's text is the caption; embed.html's element had
    # none). caption= sets it, as text: markup stays text, and a caption that is no line of text is refused.
    warnings: list[str] = []
    page.on("console", lambda msg: warnings.append(msg.text) if msg.type == "warning" else None)
    page.goto("embed.html?mode=lesson&lesson=cards-ranking&lang=fr&caption=" + quote("Essayez : <b>l’ordre</b>"))
    w = widget(page, "")
    expect(w.locator('[data-action="start-widget"]')).to_have_accessible_name("Jouer Essayez : <b>l’ordre</b>")
    assert w.evaluate("g => [g.textContent, g.children.length]") == ["Essayez : <b>l’ordre</b>", 0]   # text, no <b>
    assert not [m for m in warnings if "caption" in m]
    for bad in ("x" * 121, "two%0Alines", "%20%20"):
        page.goto(f"embed.html?mode=lesson&lesson=cards-ranking&caption={bad}")
        expect(w.locator(".gt-widget__caption")).to_have_text("Try it")
        assert w.evaluate("g => g.textContent") == ""
    assert len([m for m in warnings if "caption=" in m]) == 3, warnings


@pytest.mark.fresh_context   # a first start: a later one, from the engine's snapshot, may be too quick to follow
@pytest.mark.parametrize(("selector", "title", "ready"), [
    ('[lesson="cards-ranking"]', "Loading the lesson…", ".gt-lesson__prompt"),
    ('[mode="score"]', "Loading the calculator…", ".gt-calc__form select"),
])
def test_a_widget_shows_the_engines_first_start_stage_by_stage(page: Page, selector: str, title: str,
                                                              ready: str) -> None:
    # From a first-time player's audit: the rules page's first widget said "Loading the lesson…" and nothing else for
    # the 4-5 s of the engine's start; the game shows it stage by stage, with a bar.
    page.goto("rules.html?lang=en")
    w = widget(page, selector).first
    w.locator('[data-action="start-widget"]').click()
    expect(w.locator(".gt-loading__title")).to_have_text(title)
    expect(w.locator(".gt-loading__stages li")).to_have_text(
        ["Starting Python in your browser", "Installing the Giretra engine"])
    expect(w.locator(".gt-loading__bar")).to_be_visible()
    expect(w.locator(ready).first).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    expect(w.locator(".gt-loading")).to_have_count(0)


def test_a_lessons_rule_link_opens_the_rules_in_the_lessons_language(page: Page) -> None:
    # A reader's audit: an embedded French lesson linked "rules.html#P-1", and a reader whose browser prefers English
    # landed on the English rules (the game's own links carried the language).
    page.goto("embed.html?mode=lesson&lesson=play-follow-suit&lang=fr&autostart=visible")
    box = widget(page, "").locator(".gt-lesson")
    expect(box).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    box.locator(".gt-lesson__answer [data-answer]").first.click()
    box.locator('[data-action="check"]').click()
    link = box.locator(".gt-lesson__rule a")
    expect(link).to_have_attribute("href", re.compile(r"rules\.html\?lang=fr#[DNPSM]-\d"))
    expect(link).to_have_attribute("target", "_blank")


def test_the_iframe_page_starts_when_visible_if_asked(page: Page) -> None:
    page.goto("embed.html?mode=lesson&lesson=cards-ranking&autostart=visible")
    expect(widget(page, "").locator(".gt-lesson")).to_be_visible(timeout=BOOT_TIMEOUT_MS)


def test_a_lesson_switched_to_another_language_while_its_first_task_loads_shows_it_in_that_one(page: Page) -> None:
    # The task asked in English came back after the switch to French and stayed English (the widget's own labels
    # were French) until the next task.
    page.goto("rules.html?lang=en")
    w = widget(page, '[lesson="cards-ranking"]')
    w.locator('[data-action="start-widget"]').click()
    expect(w).to_have_attribute("data-state", "started", timeout=BOOT_TIMEOUT_MS)
    page.locator('[data-action="rules-lang"]').select_option("fr")
    expect(w.locator(".gt-lesson__prompt")).to_have_text("Cœur est atout. Quel est le cœur le plus fort\u202f?",
                                                         timeout=BOOT_TIMEOUT_MS)
    expect(w.locator('[data-action="check"]')).to_have_text("Vérifier")


@pytest.mark.parametrize("root", ["10px", "24px"])
def test_a_host_pages_own_root_font_size_does_not_resize_the_widget(page: Page, root: str) -> None:
    # Many sites set html { font-size: 62.5% } (1 rem = 10 px; Bootstrap 3 writes 10px). The widget's styles are
    # in rem, and a rem is the host's root size: a match shrank to 720 px wide in a 1152 px column, its cards from
    # 74 to 46 px, its text to 10 px. It now keeps the size it has on a page that leaves its root alone.
    page.set_viewport_size({"width": 1280, "height": 800})

    def measure(html_style: str) -> dict[str, float]:
        host = (f'<!doctype html><html lang="en" style="{html_style}"><head><meta charset="utf-8"><title>host</title>'
                '<script type="module" src="js/widget.js"></script></head>'
                '<body><giretra-game mode="match" seed="7" id="sized"></giretra-game></body></html>')
        page.route("**/sized-host.html", lambda route: route.fulfill(body=host, content_type="text/html"))
        page.goto("sized-host.html")
        w = start(page, "#sized")
        expect(w.locator(".gt-hand [data-card]")).to_have_count(5, timeout=30_000)
        expect(w.locator(".gt-calls button").first).to_be_visible(timeout=30_000)   # the bids, or the cut
        page.unroute("**/sized-host.html")
        return w.evaluate("""(el) => {
          const box = (s) => el.shadowRoot.querySelector(s).getBoundingClientRect();
          return { width: box('.gt-app').width, card: box('.gt-hand [data-card]').width,
                   button: box('.gt-btn--bar').height, call: box('.gt-calls button').height,
                   text: parseFloat(getComputedStyle(el.shadowRoot.querySelector('.gt-status')).fontSize) };
        }""")

    default, hosted = measure(""), measure(f"font-size: {root}")
    assert default["text"] == 16, default   # the browser's default size: the widget follows the reader's choice
    assert hosted == pytest.approx(default, abs=1), (default, hosted)


def test_an_attribute_the_widget_cannot_use_is_named_in_the_console(page: Page) -> None:
    # A fuzz of embed.html: ?mode=xyz played a match and seed=abc a random deal, without a word to the host's
    # author. They still do (an HTML attribute falls back to its default), and the console says why.
    warnings: list[str] = []
    page.on("console", lambda m: warnings.append(m.text) if m.type == "warning" else None)
    page.goto("embed.html?mode=xyz&seed=abc&autostart=visible")
    expect(widget(page, "").locator(".gt-table")).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    assert any('mode="xyz"' in w and "a match is played" in w for w in warnings), warnings
    assert any('seed="abc" is not a seed' in w and "random" in w for w in warnings), warnings


def test_a_widget_with_rules_it_does_not_know_plays_the_published_rules(page: Page) -> None:
    # A robustness audit: rules="bogus" said why in a notice, then stayed on its loading screen for good.
    page.goto("embed.html?mode=match&rules=bogus&seed=3&autostart=visible")
    w = widget(page, "")
    expect(w.locator(".gt-table")).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    notice = w.locator('[data-notice="badRules"]')
    expect(notice).to_contain_text("unknown rules preset: 'bogus'")
    expect(notice).to_contain_text("the match follows the published rules")
    expect(w.locator(".gt-loading")).to_be_hidden()
    expect(w.locator('[data-action="open-new-match"]')).to_be_enabled()


CONTRAST_JS = """(el) => {
  // WCAG's contrast ratio of the element's outline against the page's white.
  const lum = (rgb) => {
    const [r, g, b] = rgb.match(/\\d+/g).slice(0, 3).map((v) => {
      const c = Number(v) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const style = getComputedStyle(el);
  return [style.outlineStyle, (1.05) / (lum(style.outlineColor) + 0.05)];
}"""


def test_the_rules_page_serves_a_keyboard_and_a_screen_reader(page: Page) -> None:
    # From an accessibility review of rules.html.
    page.goto("rules.html?lang=fr")
    # The first Tab stop skips the header and the contents, to the rules.
    page.keyboard.press("Tab")
    skip = page.locator("a.rp-skip")
    expect(skip).to_be_focused()
    expect(skip).to_be_visible()
    assert skip.inner_text() == "Aller aux règles"   # the other languages' words are hidden
    # A focused link's ring shows on the white page (it was the header's light blue: 1.7:1).
    link = page.locator('.rp-toc a[href="#cards"]')
    link.focus()
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Tab")
    expect(link).to_be_focused()
    style, ratio = link.evaluate(CONTRAST_JS)
    assert style == "solid" and ratio >= 3, ratio
    # Each Play is named by its widget's caption, in the page's language: not twenty "Play"s in a list of buttons.
    expect(page.get_by_role("button", name="Jouer", exact=True)).to_have_count(0)
    expect(page.get_by_role("button", name="Jouer À vous\u00a0: l’ordre des cartes", exact=True)).to_have_count(1)
    skip.focus()
    page.keyboard.press("Enter")
    expect(page).to_have_url(re.compile(r"#overview$"))


@pytest.mark.parametrize("lang", ["en", "fr", "mg"])
def test_the_rules_tables_fit_the_smallest_phone(page: Page, lang: str) -> None:
    # From a phone player's review: at 320 px the Malagasy scoring table was 327 px wide in a 288 px column, its
    # fourth column cut mid-word behind a scrollbar a phone does not show.
    page.set_viewport_size({"width": 320, "height": 568})
    page.goto(f"rules.html?lang={lang}")
    widths = page.evaluate("""() => [...document.querySelectorAll('.tw')].filter((e) => e.getClientRects().length)
      .map((e) => [e.scrollWidth, e.clientWidth])""")
    assert widths and all(scroll <= client for scroll, client in widths), widths


# -- attacks from an audit (issue 33): what a host page, or anyone writing embed.html's address, may give --------------

RULES_HREF_HOST = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>host</title>
<script type="module" src="js/widget.js"></script></head><body>
<giretra-game mode="score" id="js" rules-href="javascript:alert(document.domain)"></giretra-game>
<giretra-game mode="score" id="other" rules-href="https://evil.example/rules.html"></giretra-game>
<giretra-game mode="score" id="schemeless" rules-href="//evil.example/rules.html"></giretra-game>
<giretra-game mode="score" id="relative" rules-href="my-rules.html"></giretra-game>
<giretra-game mode="score" id="absolute" rules-href="ABSOLUTE/site-rules.html"></giretra-game>
</body></html>"""


def test_rules_href_takes_only_a_page_of_the_site(page: Page, base_url: str) -> None:
    host = RULES_HREF_HOST.replace("ABSOLUTE/", base_url)
    page.route("**/rules-href-host.html", lambda route: route.fulfill(body=host, content_type="text/html"))
    warnings: list[str] = []
    page.on("console", lambda m: warnings.append(m.text) if "rules-href" in m.text else None)
    page.goto("rules-href-host.html")
    expect(page.locator("giretra-game")).to_have_count(5)
    page.evaluate("document.querySelectorAll('giretra-game').forEach((el) => el.start())")
    expected = {"js": "rules.html", "other": "rules.html", "schemeless": "rules.html", "relative": "my-rules.html",
                "absolute": "site-rules.html"}
    for name, target in expected.items():
        link = page.locator(f"giretra-game#{name} a.gt-calc__rule")
        expect(link).to_have_attribute("href", re.compile(rf"^{re.escape(base_url + target)}\?lang=en#S-2$"),
                                       timeout=BOOT_TIMEOUT_MS)
    assert len(warnings) == 3, warnings   # each refused value is named to the host's author


def test_the_iframe_page_refuses_a_javascript_rules_href(page: Page, base_url: str) -> None:
    page.goto("embed.html?mode=score&autostart=visible&rules-href=javascript:alert(1)")
    link = widget(page, "").locator("a.gt-calc__rule")
    expect(link).to_have_attribute("href", f"{base_url}rules.html?lang=en#S-2", timeout=BOOT_TIMEOUT_MS)


LANG_HOST = """<!doctype html><html><body>
<iframe id="frame" src="embed.html?mode=score&lang=fr" title="Giretra" style="width:100%;border:0"></iframe>
</body></html>"""


def test_the_iframe_page_ignores_a_language_that_is_not_one_of_its_own(page: Page) -> None:
    # An audit: {lang: {toString: 1}} threw in the frame's message handler; ['mg'] was taken as "mg", 'de' as English.
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    page.add_init_script("""addEventListener('error', (e) => { (window.gtErrors ??= []).push(e.message); });
      addEventListener('message', () => { window.gtSeen = (window.gtSeen ?? 0) + 1; });""")
    page.route("**/lang-host.html", lambda route: route.fulfill(body=LANG_HOST, content_type="text/html"))
    page.goto("lang-host.html")
    frame = page.frame_locator("#frame")
    play = frame.locator('[data-action="start-widget"]')
    expect(play).to_have_text("Ouvrir")
    bad = "[{toString: 1}, ['mg'], 'de', null, 7, {}]"
    page.evaluate(f"""() => {{
      const frame = document.getElementById('frame').contentWindow;
      for (const lang of {bad}) frame.postMessage({{ type: 'giretra:lang', lang }}, '*');
    }}""")
    embed = page.frames[1]
    embed.wait_for_function("window.gtSeen >= 6")   # each message has reached the page's own handler too
    assert embed.evaluate("[document.documentElement.lang, window.gtErrors ?? []]") == ["fr", []]
    expect(frame.locator("giretra-game")).to_have_attribute("lang", "fr")
    expect(play).to_have_text("Ouvrir")
    page.evaluate("document.getElementById('frame').contentWindow.postMessage({type: 'giretra:lang', lang: 'mg'}, '*')")
    expect(play).to_have_text("Sokafy")
    assert embed.evaluate("document.documentElement.lang") == "mg"
    assert not errors, errors


# Every surface of a widget, where its answer shows that the engine works: the calculator's result, a lesson's task,
# a table drawn (data-ready); and the button that starts the engine again.
RULES_SURFACES = [
    ('[mode="score"]', "retry", " .gt-calc__result[data-team1]"),
    ('[lesson="play-follow-suit"]', "reload", ' .gt-lesson[data-state="asking"]'),
    ('[mode="trick"]', "retry", "[data-ready]"),
    ('[mode="match"]', "retry", "[data-ready]"),
]


def test_every_surface_of_the_rules_page_says_the_engine_did_not_load_and_each_retry_works_on_one_engine(
        page: Page) -> None:
    # An audit: with the WebAssembly blocked, the calculator said "The engine hit a bug" with a stack trace and no
    # button, and stayed so once the network was back. And the second widget's Retry stopped the engine the first
    # one's had just started, and failed the first widget again. The rules page's four surfaces, on one page.
    page.route("**/*.wasm", lambda route: route.abort())
    page.goto("rules.html?lang=en")
    for selector, _, _ in RULES_SURFACES:
        widget(page, selector).locator('[data-action="start-widget"]').click()
    for selector, action, _ in RULES_SURFACES:
        alert = widget(page, selector).locator('[role="alert"]')
        expect(alert).to_contain_text("could not", timeout=BOOT_TIMEOUT_MS)
        expect(alert.locator(f'[data-action="{action}"]')).to_be_visible()
        expect(widget(page, selector)).not_to_contain_text("bug")
    page.unroute("**/*.wasm")
    for selector, action, _ in RULES_SURFACES:   # one after the other, each before the last one's engine is up
        widget(page, selector).locator(f'[role="alert"] [data-action="{action}"]').click()
    for selector, _, ready in RULES_SURFACES:
        expect(page.locator(f"giretra-game{selector}{ready}")).to_be_attached(timeout=BOOT_TIMEOUT_MS)
    expect(page.locator('giretra-game [role="alert"]')).to_have_count(0)
    assert len(page.workers) == 1   # the failed worker was ended, not left beside the new one


@pytest.mark.parametrize("mode", ["score", "trick"])
def test_the_iframe_page_says_the_engine_did_not_load_and_its_retry_works(page: Page, mode: str) -> None:
    page.route("**/*.wasm", lambda route: route.abort())
    page.goto(f"embed.html?mode={mode}&lang=en")
    w = widget(page, "")
    w.locator('[data-action="start-widget"]').click()
    alert = w.locator('[role="alert"]')
    expect(alert).to_contain_text("could not", timeout=BOOT_TIMEOUT_MS)
    expect(w).not_to_contain_text("bug")
    page.unroute("**/*.wasm")
    alert.locator('[data-action="retry"]').click()
    ready = " .gt-calc__result[data-team1]" if mode == "score" else "[data-ready]"
    expect(page.locator(f"giretra-game{ready}")).to_be_attached(timeout=BOOT_TIMEOUT_MS)
    expect(w.locator('[role="alert"]')).to_have_count(0)
    assert len(page.workers) == 1
