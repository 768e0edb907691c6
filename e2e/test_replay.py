"""A finished deal replayed: stepped card by card and call by call (buttons, keys, the slider), every hand open as
it was, and what each of the player's chosen cards was worth with every hand known."""

from __future__ import annotations

import re

from conftest import BOOT_TIMEOUT_MS, open_game
from gameplay import HUMAN, api, drive, fragment, hand, saved_state, wait_my_turn
from playwright.sync_api import Locator, Page, expect

from giretra_core.notation import format_link, parse_match


def deals_result(page: Page, query: str = "speed=0") -> Locator:
    """The bots play every seat (random level) up to the player's last card of deal 1; the player plays it on the
    page and the deal's result opens: its dialog."""
    state, _ = drive(api("new_match", seed=4)["state"],
                     lambda v: v["phase"] == "play" and v["toAct"] == HUMAN and len(v["hand"]) == 1)
    open_game(page, query=query, fragment=fragment(state))
    wait_my_turn(page, "play")
    page.locator(".gt-hand .is-legal").click()
    dialog = page.locator("#gt-dialog[open]")
    expect(dialog.locator(".gt-summary")).to_be_visible(timeout=20_000)
    return dialog


def shown_hand(dialog: Locator, seat: str) -> list[str]:
    return dialog.locator(f'.gt-replay__hand[data-seat="{seat}"] .gt-inline-card [aria-hidden]').all_inner_texts()


def test_the_replay_steps_through_the_deal_with_every_hand_open(page: Page) -> None:
    dialog = deals_result(page)
    dialog.locator('[data-action="replay"]').click()
    replay = dialog.locator(".gt-replay[data-step]")
    expect(replay).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    steps = api("replay_deal", state=saved_state(page), deal=1)["steps"]
    expect(replay).to_have_attribute("data-steps", str(len(steps)))
    expect(replay).to_have_attribute("data-step", "0")
    expect(dialog.locator(".gt-replay__caption")).to_contain_text(f"Step 1 of {len(steps)}:")
    # The cut: five cards each, as the engine dealt them.
    for seat in ("Bottom", "Left", "Top", "Right"):
        assert len(shown_hand(dialog, seat)) == 5
    # The keys: the focus waits on "Next step"; → steps forward, End to the last, Home back, ← back.
    expect(dialog.locator('[data-action="replay-next"]')).to_be_focused()
    page.keyboard.press("ArrowRight")
    expect(replay).to_have_attribute("data-step", "1")
    expect(dialog.locator(".gt-replay__caption")).to_contain_text(steps[1]["action"]["text"])
    page.keyboard.press("End")
    expect(replay).to_have_attribute("data-step", str(len(steps) - 1))
    for seat in ("Bottom", "Left", "Top", "Right"):
        assert shown_hand(dialog, seat) == []
    last = steps[-1]
    expect(dialog.locator('.gt-replay__points [data-team="Team1"]')).to_contain_text(
        f"{last['cardPoints']['Team1']} card points, {last['tricksWon']['Team1']} trick"
        + ("" if last["tricksWon"]["Team1"] == 1 else "s"))
    page.keyboard.press("ArrowRight")   # nothing after the last step
    expect(replay).to_have_attribute("data-step", str(len(steps) - 1))
    page.keyboard.press("Home")
    expect(replay).to_have_attribute("data-step", "0")
    # The buttons: to the first card of trick 2, then its hands as the engine has them.
    k = next(i for i, s in enumerate(steps) if s["trick"] and s["trick"]["number"] == 2)
    dialog.locator('[data-action="replay-last"]').click()
    expect(replay).to_have_attribute("data-step", str(len(steps) - 1))
    dialog.locator('[data-action="replay-first"]').click()
    expect(replay).to_have_attribute("data-step", "0")
    dialog.locator(".gt-replay__slider").fill(str(k - 1))   # the slider
    expect(replay).to_have_attribute("data-step", str(k - 1))
    # Trick 1 whole: its winners have "1 trick", not "1 tricks".
    one = next(team for team, n in steps[k - 1]["tricksWon"].items() if n == 1)
    expect(dialog.locator(f'.gt-replay__points [data-team="{one}"]')).to_have_text(
        re.compile(rf": {steps[k - 1]['cardPoints'][one]} card points, 1 trick$"))
    dialog.locator('[data-action="replay-next"]').click()
    expect(replay).to_have_attribute("data-step", str(k))
    expect(dialog.locator(".gt-replay__trick")).to_have_attribute("data-trick", "2")
    for seat in ("Bottom", "Left", "Top", "Right"):
        assert len(shown_hand(dialog, seat)) == len(steps[k]["hands"][seat])
    for seat in ("Bottom", "Left", "Top", "Right"):   # trick 2's leader has just played its card
        assert len(shown_hand(dialog, seat)) == (6 if seat == steps[k]["seat"] else 7)
    dialog.locator('[data-action="replay-prev"]').click()
    expect(replay).to_have_attribute("data-step", str(k - 1))
    # A link to watch it: the iframe page, the deal as played (jsonapi.replay_link), opened by someone else.
    link = dialog.locator("#gt-replay-link")
    expect(link).to_have_value(re.compile(r"/embed\.html\?mode=replay&deal=1&lang=en&autostart=visible&link=d1\."))
    watcher = page.context.new_page()
    watcher.goto(link.input_value())
    watched = watcher.locator("giretra-game .gt-replay[data-step]")
    expect(watched).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    expect(watched).to_have_attribute("data-steps", str(len(steps)))
    watcher.close()
    # Back to the deal's result, and the deal goes on as before.
    dialog.locator('[data-action="replay-back"]').click()
    expect(dialog.locator(".gt-summary")).to_be_visible()
    dialog.locator('[data-action="continue"]').click()
    expect(page.locator("#gt-dialog[open]")).to_have_count(0)


def test_the_replay_shows_what_each_of_the_players_cards_was_worth(page: Page) -> None:
    dialog = deals_result(page)
    dialog.locator('[data-action="replay"]').click()
    replay = dialog.locator(".gt-replay[data-step]")
    expect(replay).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    analysis = api("analyse_deal", state=saved_state(page), seat=HUMAN, deal=1)
    assert analysis["total"] >= 2
    expect(dialog.locator(".gt-replay__progress")).to_contain_text(
        f"Each of your {analysis['total']} choices of card has been worked out", timeout=60_000)
    worst = max(analysis["positions"], key=lambda p: p["lost"]["cardPoints"])
    # PageDown goes from one of the player's chosen cards to the next: to the one analysed as costing the most.
    dialog.locator('[data-action="replay-next"]').focus()
    worth = dialog.locator(".gt-replay__worth[data-played]")
    for position in analysis["positions"]:
        page.keyboard.press("PageDown")
        expect(worth).to_have_attribute("data-played", position["played"]["card"])
        if position is worst:
            break
    expect(dialog.locator(".gt-replay__worth-title")).to_have_text(
        f"Trick {worst['trick']}: what each card was worth to your team over the deal, every hand known")
    # Whose points, and of what, is the title's (a bare "Card points" under "what each card was worth" read as the
    # trick's points).
    expect(dialog.locator(".gt-replay__values thead th")).to_have_text(["Card", "Card points", "Match points"])
    rows = dialog.locator(".gt-replay__values tbody tr")
    expect(rows).to_have_count(len(worst["cards"]))
    for row, card in zip(rows.all(), worst["cards"], strict=True):
        expect(row).to_have_attribute("data-card", card["card"])
        expect(row.locator("td").first).to_have_text(str(card["cardPoints"]))
        expect(row.locator("td").last).to_have_text(str(card["matchPoints"]))
        expect(row.locator(".gt-replay__best")).to_have_count(1 if card["best"] else 0)
    verdict = dialog.locator(".gt-replay__verdict")
    if worst["playedBest"]:
        expect(verdict).to_have_text("Your card was one of the best, even with every hand known.")
    else:
        expect(verdict).to_contain_text(f"gave your team {worst['lost']['cardPoints']} more card points")
    expect(dialog.locator(".gt-replay__worth .gt-note")).to_contain_text("You could not see the other hands")


# Every text the replay's expert line shows, recorded as the page draws it (a state that lasts a round trip).
RECORD_EXPERT_LINES_JS = """() => {
  window.expertLines = [];
  new MutationObserver(() => {
    for (const line of document.querySelectorAll('#gt-dialog .gt-replay__expert')) {
      window.expertLines.push(line.textContent);
    }
  }).observe(document.querySelector('#gt-dialog'), { childList: true, subtree: true, characterData: true });
}"""


def test_the_experts_choices_asked_in_the_replay_are_said_coming_and_the_keys_still_step(page: Page) -> None:
    dialog = deals_result(page)
    dialog.locator('[data-action="replay"]').click()
    replay = dialog.locator(".gt-replay[data-step]")
    expect(replay).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    expect(dialog.locator(".gt-replay__progress")).to_contain_text("has been worked out", timeout=60_000)
    dialog.locator('[data-action="replay-next"]').focus()
    page.keyboard.press("PageDown")   # the player's first choice of card
    expect(dialog.locator(".gt-replay__worth[data-played]")).to_be_visible()
    step = int(str(replay.get_attribute("data-step")))
    page.evaluate(RECORD_EXPERT_LINES_JS)
    dialog.locator('[data-action="replay-review"]').click()
    # The button is drawn away: the focus goes back to the steps, not to the dialog's close button.
    expect(dialog.locator('[data-action="replay-next"]')).to_be_focused()
    expect(dialog.locator(".gt-replay__expert")).to_contain_text("Expert:", timeout=60_000)
    # While the expert replayed the deal, the replay said so (before: nothing where the button had been).
    assert any("The expert bot is replaying your deal" in line for line in page.evaluate("window.expertLines"))
    page.keyboard.press("ArrowRight")
    expect(replay).to_have_attribute("data-step", str(step + 1))


def test_the_replay_in_french_on_a_phone(page: Page) -> None:
    page.set_viewport_size({"width": 360, "height": 640})
    dialog = deals_result(page, query="speed=0&lang=fr")
    dialog.locator('[data-action="replay"]').click()
    replay = dialog.locator(".gt-replay[data-step]")
    expect(replay).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    expect(dialog.locator(".gt-dialog__title")).to_have_text("Revoir la donne 1")
    dialog.locator('[data-action="replay-next"]').click()
    expect(dialog.locator(".gt-replay__caption")).to_contain_text("Étape 2 sur")
    # The first call, written as French writes it: a no-break space before each colon (the seat's was an ordinary
    # one, hard-coded, so the colon could start a line on a phone).
    calls = dialog.locator(".gt-replay__trick-title")
    expect(calls).to_contain_text("Annonces")
    said = str(calls.text_content())
    assert re.fullmatch(r"Annonces\u00a0: \S+\u00a0: .+", said), said
    # The player's own cards, where the values are, a tap away: a phone has no PageUp / PageDown (the only way there).
    dialog.get_by_role("button", name="Votre choix suivant").click()
    expect(dialog.locator(".gt-replay__caption strong")).to_have_text("Vous")
    expect(dialog.locator(".gt-replay__caption .gt-inline-card")).to_have_count(1)
    # Nothing wider than the phone's screen.
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    # Read in one task of the page: the analysis still coming redraws the dialog, and a box asked of a button found a
    # moment before was that of a button drawn away (None: red once under two busy loops).
    right = page.evaluate(
        "document.querySelector('#gt-dialog[open] [data-action=\"replay-last\"]').getBoundingClientRect().right")
    assert 0 < right <= 360, right


# Where the values of a choice sit in the dialog, read in one task of the page (the analysis redraws it).
VALUES_IN_VIEW = """(() => { const d = document.querySelector('#gt-dialog[open]');
  const r = (s) => d.querySelector(s).getBoundingClientRect();
  return { scrolled: d.querySelector('.gt-dialog__body').scrollTop, values: r('.gt-replay__values').bottom,
           back: r('.gt-dialog__buttons').top, choices: r('.gt-replay__choices').top,
           close: r('.gt-dialog__close').bottom }; })()"""


def test_a_phones_replay_brings_a_choices_values_into_view_and_keeps_them_there(page: Page) -> None:
    # On a phone the values lay under the board, below the dialog's fold: "Your next choice" changed the caption and
    # nothing else in view; and every answer of the analysis (about one a second) drew the dialog again at its top.
    page.set_viewport_size({"width": 390, "height": 844})
    dialog = deals_result(page, query="speed=0&lang=fr")
    dialog.locator('[data-action="replay"]').click()
    expect(dialog.locator(".gt-replay[data-step]")).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    dialog.get_by_role("button", name="Votre choix suivant").click()
    expect(dialog.locator(".gt-replay__values")).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    shown = page.evaluate(VALUES_IN_VIEW)
    assert shown["scrolled"] > 0, shown
    assert shown["values"] <= shown["back"], shown     # the whole table above the pinned Back button
    assert shown["choices"] >= shown["close"], shown   # the choices' buttons whole, under the close button
    # The rest of the deal's analysis comes (a redraw for each choice): the values stay where they were.
    expect(dialog.locator(".gt-replay__progress").first).to_contain_text("sont calculés", timeout=BOOT_TIMEOUT_MS)
    assert page.evaluate(VALUES_IN_VIEW) == shown


def test_the_replay_says_whose_cards_changed_the_teams_best_between_two_choices(page: Page) -> None:
    # A card's value fell (or rose) from one of the player's choices to the next with no word of why: every hand
    # known, only the other players' cards in between change it, the partner's lowering it, the opponents' raising
    # it. Each is named with what it did, and the figures add up, as a player checking them would find.
    dialog = deals_result(page)
    dialog.locator('[data-action="replay"]').click()
    expect(dialog.locator(".gt-replay[data-step]")).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    # every player's cards worked out (the player's, then the partner's and the opponents')
    expect(dialog.locator(".gt-replay__progress").first).to_contain_text("has been worked out", timeout=BOOT_TIMEOUT_MS)
    changes = []
    next_choice = dialog.get_by_role("button", name="Your next choice")
    while next_choice.get_attribute("aria-disabled") == "false":
        step = dialog.locator(".gt-replay").get_attribute("data-step")
        next_choice.click()
        expect(dialog.locator(".gt-replay")).not_to_have_attribute("data-step", str(step))
        line = dialog.locator(".gt-replay__change")
        if line.count():
            changes.append(str(line.text_content()))
    assert changes, "no change of the team's best between two choices in this deal"
    for said in changes:
        went = re.search(r"went from (\d+) to (\d+) card points", said)
        assert went, said
        by = [int(x.replace("−", "-")) for x in re.findall(r"in trick \d \(([+−]\d+)\)", said)]
        assert by and int(went[1]) + sum(by) == int(went[2]), said
    assert any("Top’s" in said and "(−" in said for said in changes), changes   # the partner's card, lowering it
    # At the partner's card itself: what it did.
    dialog.locator(".gt-replay__slider").fill(str(0))
    for _ in range(60):
        if dialog.locator('.gt-replay__verdict[data-other][data-best="false"]').count() and "Top" in str(
                dialog.locator(".gt-replay__caption strong").text_content()):
            break
        dialog.locator('[data-action="replay-next"]').click()
    expect(dialog.locator(".gt-replay__verdict[data-other]")).to_contain_text("a better card of Top’s gave your team")


def test_play_this_deal_again_deals_the_same_hands(page: Page) -> None:
    dialog = deals_result(page)
    played = saved_state(page)
    assert played is not None
    dealt = api("deal_summary", state=played, deal=1)["hands"][HUMAN]
    again = api("share_deal", state=played, deal=1)["state"]
    dialog.locator('[data-action="play-again"]').click()
    expect(page.locator(".gt-notice", has_text="You are playing the deal again")).to_be_visible(timeout=20_000)
    wait_my_turn(page)
    now = saved_state(page)
    assert now is not None
    assert api("match_info", state=now)["id"] == api("match_info", state=again)["id"]   # the deal's own match
    shown = hand(page)
    assert shown and set(shown) <= set(dealt)   # the player's cards as dealt in deal 1 (5 or 8 of them by now)
    assert shown == api("view", state=now, seat=HUMAN)["hand"]


def test_the_replay_widget_steps_through_a_deal_from_its_link(page: Page) -> None:
    # The iframe page (embed.html) is one <giretra-game mode="replay">, as the rules page's worked examples are.
    finished = api("new_match", seed=7, players={"Bottom": "random"})["state"]
    finished, _ = drive(finished, lambda v: v["dealNumber"] == 2)
    whole = format_link(parse_match(finished))
    steps = api("replay_deal", state=finished, deal=1, lang="fr")["steps"]
    page.goto(f"embed.html?mode=replay&link={whole}&deal=1&lang=fr&autostart=visible")
    w = page.locator("giretra-game")
    replay = w.locator(".gt-replay[data-step]")
    expect(replay).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    expect(replay).to_have_attribute("data-steps", str(len(steps)))
    expect(w.locator(".gt-dialog__title")).to_have_text("Revoir la donne 1")
    w.locator('[data-action="replay-next"]').click()   # started by itself (autostart): the focus is the reader's
    expect(replay).to_have_attribute("data-step", "1")
    page.keyboard.press("End")
    expect(replay).to_have_attribute("data-step", str(len(steps) - 1))
    expect(w.locator('.gt-replay__hand[data-seat="Bottom"] .gt-replay__seat')).to_have_text("Sud")   # no "You"
    w.locator('[data-action="replay-prev"]').click()
    expect(replay).to_have_attribute("data-step", str(len(steps) - 2))
    expect(w.locator(".gt-replay__caption")).to_contain_text(f"Étape {len(steps) - 1} sur {len(steps)}")


def test_the_replay_widget_says_when_its_link_is_bad(page: Page) -> None:
    page.goto("embed.html?mode=replay&link=d1.nonsense&autostart=visible")
    expect(page.locator("giretra-game .gt-widget__status[role=alert]")).to_contain_text(
        "This deal cannot be replayed:", timeout=BOOT_TIMEOUT_MS)


def test_closing_the_replay_during_its_analysis_stops_it_and_the_game_goes_on(page: Page) -> None:
    # A deal's first position is a whole solve (seconds on a phone) that no request can interrupt: in the game's
    # engine, the next deal's bots waited behind it after the player had closed the replay. The analysis now has an
    # engine (a worker) of its own, stopped when the replay closes.
    dialog = deals_result(page)
    with page.expect_worker() as started:
        dialog.locator('[data-action="replay"]').click()
    analyst = started.value
    expect(dialog.locator(".gt-replay[data-step]")).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    expect(dialog.locator(".gt-replay__progress")).to_contain_text("Working out what each of your cards was worth")
    with analyst.expect_event("close"):
        dialog.locator(".gt-dialog__close").click()
    assert len(page.workers) == 1, "only the game's engine is left"
    # Back at the deal's result: the next deal begins and the bots move up to the player's first call.
    expect(dialog.locator(".gt-summary")).to_be_visible()
    dialog.locator('[data-action="continue"]').click()
    wait_my_turn(page)
    expect(page.locator(".gt-table")).to_have_attribute("data-deal", "2")


def test_the_rules_pages_worked_examples_are_replays_of_whole_deals(page: Page) -> None:
    # Beside the scoring rules, a whole deal of each kind to step through (what each caption says is checked against
    # the engine in tests/test_jsonapi.py); here the AllTrumps sweep, played to its end, on a phone.
    page.set_viewport_size({"width": 360, "height": 640})
    page.goto("rules.html?lang=en")
    widgets = page.locator('giretra-game[mode="replay"]')
    expect(widgets).to_have_count(3)
    w = widgets.last
    expect(w.locator('[data-action="start-widget"]')).to_have_accessible_name(
        re.compile("^Open Watch a whole deal: AllTrumps, the announcers take every trick"))
    w.scroll_into_view_if_needed()
    w.locator('[data-action="start-widget"]').click()
    replay = w.locator(".gt-replay[data-step]")
    expect(replay).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    # The example keeps its caption as its title, under the section's heading (each was an h2 "Deal 1: the replay",
    # in an h3's section), and its keys offer no player's choices, of which it has none.
    title = w.locator(".gt-dialog__title")
    expect(title).to_have_accessible_name("Watch a whole deal: AllTrumps, the announcers take every trick (a sweep)")
    section = w.evaluate("e => [...document.querySelectorAll('h1, h2, h3, h4, h5')].filter((h) =>"
                         " h.compareDocumentPosition(e) & Node.DOCUMENT_POSITION_FOLLOWING).at(-1).tagName")
    assert title.evaluate("e => e.tagName") == f"H{int(section[1]) + 1}", section
    expect(w.locator(".gt-replay > .gt-note")).to_have_text("Keys: ← → a step, Home and End the start and the end.")
    w.locator('[data-action="replay-next"]').focus()
    page.keyboard.press("End")
    expect(w.locator(".gt-replay__points")).to_contain_text("258")
    # The last trick says the 10 its winner's team gets with it, which the points below add (it said "+N" alone).
    expect(w.locator(".gt-replay__trick-title")).to_contain_text("and +10 for the last trick")
    # PageDown is the page's again: it scrolls (the replay took it for a player's next choice and did nothing).
    top = page.evaluate("scrollY")
    page.keyboard.press("PageDown")
    page.wait_for_function("(top) => scrollY > top", arg=top)
    expect(replay).to_have_attribute("data-step", str(int(str(replay.get_attribute("data-steps"))) - 1))
    # Team 1 by its seats (the reader watches: no "you"), and nothing past the widget's edge (it took the game dialog's
    # width, 100vw − 1rem, wider than the page's column: the hands and the last step button were cut off).
    expect(w.locator(".gt-replay__contract")).to_contain_text("Team 1 (Bottom and Top)")
    box = w.locator(".gt-replay-widget").bounding_box()
    parts = [w.locator(sel).bounding_box() for sel in ('[data-action="replay-last"]', ".gt-replay__hand--right")]
    assert box and box["x"] + box["width"] <= 360
    assert all(p and p["x"] + p["width"] <= box["x"] + box["width"] for p in parts), (box, parts)
