"""The JSON seam (giretra_core.jsonapi): every function, every kind of bad input, and a fuzz test.

The contract: one JSON object (a string) in, ``{"ok": true, "value": ...}`` or ``{"ok": false,
"error": {"code", "message"}}`` out; bad input never raises and, since the state is a string
the caller keeps, can never change anything.
"""

from __future__ import annotations

import base64
import json
import random
import re
import sys
import zlib
from pathlib import Path
from typing import Any

import pytest
from helpers import notation
from hypothesis import HealthCheck, Phase, example, given, settings
from hypothesis import strategies as st

from giretra_core import Match, bots, format_match, parse_match
from giretra_core import jsonapi as api
from giretra_core.cards import card_name, parse_card, split_cards
from giretra_core.deal import Cut, action_token, parse_action
from giretra_core.deal import Phase as DealPhase
from giretra_core.errors import RULE_OF
from giretra_core.modes import POINTS, STRENGTH
from giretra_core.rules import PRESETS
from giretra_core.seats import Seat
from giretra_core.views import seat_view
from giretra_core.words import TEAMS_SEEN

JSON = dict[str, Any]


def ask(function: str, **request: Any) -> JSON:
    """Call *function* through the dispatcher and decode the answer (which must be well formed)."""
    answer = api.call(function, json.dumps(request))
    return checked(answer)


def checked(answer: object) -> JSON:
    """*answer* is a JSON string of the documented shape."""
    assert isinstance(answer, str)
    answer.encode("utf-8")   # every answer is text any UTF-8 transport can carry
    out = json.loads(answer)
    assert isinstance(out, dict) and isinstance(out.get("ok"), bool), answer
    if out["ok"]:
        assert set(out) == {"ok", "value"}, answer
    else:
        assert set(out) == {"ok", "error"}, answer
        error = out["error"]
        assert isinstance(error, dict) and set(error) == {"code", "message", "rule"}, answer
        assert isinstance(error["code"], str) and error["code"], answer
        assert isinstance(error["message"], str) and error["message"], answer
    return out


def value(function: str, **request: Any) -> Any:
    out = ask(function, **request)
    assert out["ok"], out
    return out["value"]


def error(function: str, **request: Any) -> JSON:
    out = ask(function, **request)
    assert not out["ok"], out
    result: JSON = out["error"]
    return result


RANDOM_BOTS = ("random", "random", "random", "random")  # bot_action's default level stays cheap


def play(seed: int, deals: int, extra: int, preset: str = "giretra.com") -> str:
    """A seeded random match between random bots: *deals* finished deals, then *extra* more actions."""
    rng = random.Random(seed)
    match = Match.new(seed=seed, rules=preset, players=RANDOM_BOTS)
    while len(match.history) < deals and not match.is_over:
        match = match.apply(match.turn, rng.choice(match.legal_actions()))  # type: ignore[arg-type]
    for _ in range(extra):
        if match.is_over:
            break
        match = match.apply(match.turn, rng.choice(match.legal_actions()))  # type: ignore[arg-type]
    return format_match(match)


def _mid_match() -> str:
    for seed in range(100):
        state = play(seed, 1, 20)
        match = parse_match(state)
        if not match.is_over and match.deal.phase.value == "play" and match.history:
            return state
    raise AssertionError("no mid-match state found")


MID = _mid_match()  # deal 2, a few cards into the play
MID_TURN = parse_match(MID).turn.api_name  # type: ignore[union-attr]
NT_MADE_AUTO = ("G1 giretra.com rrrr 0 L 0-0 150 JS7DAC8HJHJCASKS8D7S9S8SAD10D7CAH9HJD9D7HQDKHQC8CQH10HKD9CQSKC10S10C "
                "c13.H.ok.NT.ok.ok.ok.7D.9D.8D.AD.9S.7C.AS.10S.9H.KH.QH.AH.10D.JD.QD.8S.KD.9C.7S.JS.8H.JH.7H.QC.QS.KS."
                "8C.10H.KC.10C.AC.JC")  # Bottom's NoTrumps, auto-doubled by Left's accept, made 93-37
ALLTRUMPS_KH = notation("R", {"B": "KH7C8C9C10CJCQCKC", "L": "AH7HASKSQSJS10S9S", "T": "JH9H10HQH8HAC8S7S",
                              "R": "ADKDQDJD10D9D8D7D"}, "AT ok ok ok KH", players="rrrr")  # Left holds AH 7H


# -- happy paths ---------------------------------------------------------------------------------------------------


def test_info_lists_version_presets_levels_languages() -> None:
    v = value("info")
    assert v["presets"] == ["giretra.com", "play.giretra.com"]
    assert "random" in v["botLevels"] and v["languages"] == ["en", "fr", "mg"]
    assert v["rules"]["giretra.com"]["opponent_accept_effect"] == "double"
    assert v["rules"]["play.giretra.com"]["cutter_seat"] == "dealer_right"
    assert isinstance(v["version"], str)


def test_new_match_returns_a_canonical_state_and_the_first_humans_view() -> None:
    v = value("new_match", seed=42, players={"Left": "human", "Bottom": "random"})
    match = parse_match(v["state"])
    assert format_match(match) == v["state"] and match.seed == 42
    assert v["view"]["seat"] == "Left" and v["view"]["phase"] == "cut"
    assert v["view"]["toAct"] == match.deal.cutter.api_name and v["view"]["hand"] == []


def test_new_match_options_dealer_deck_scores_target_preset_seat() -> None:
    deck = [card_name(c) for c in range(32)]
    v = value("new_match", seed=1, rules="play.giretra.com", dealer="Top", deck=deck,
              scores={"Team1": 40, "Team2": 100}, target=250, seat="Right")
    match = parse_match(v["state"])
    assert match.rules.name == "play.giretra.com" and match.deal.dealer.api_name == "Top"
    assert list(match.deal.deck) == list(range(32)) and match.scores == (40, 100) and match.target == 250
    assert v["view"]["seat"] == "Right" and v["view"]["cutter"] == "Left"  # dealer's right in this preset


def test_new_match_play_giretra_com_dealer_is_bottom() -> None:
    assert value("new_match", seed=5, rules="play.giretra.com")["view"]["dealer"] == "Bottom"


def test_new_match_without_seed_is_random_but_valid() -> None:
    state = value("new_match")["state"]
    assert format_match(parse_match(state)) == state


def test_view_shows_own_hand_and_public_history_only() -> None:
    match = parse_match(MID)
    for seat in ("Bottom", "Left", "Top", "Right"):
        v = value("view", state=MID, seat=seat)
        assert v["seat"] == seat and v["phase"] == "play" and v["dealNumber"] == 2
        assert len(v["hand"]) == v["handCounts"][seat]
        assert "hands" not in v
        assert v["lastDeal"]["dealNumber"] == 1
        assert (v["legal"] != []) == (seat == match.turn.api_name)  # type: ignore[union-attr]


def test_the_hand_keeps_its_order_through_the_negotiation_and_puts_trumps_first_in_the_play() -> None:
    # Sorted for the bid of the moment, the cards moved at every new bid while the player weighed them.
    for seed in range(6):
        m = Match.new(seed=seed, players=("advanced",) * 4)
        rng = random.Random(seed)
        orders = []
        while m.deal.phase is not DealPhase.PLAY:
            assert m.turn is not None
            if m.deal.phase is DealPhase.NEGOTIATION:
                orders.append(value("view", state=format_match(m), seat="Bottom")["hand"])
            m = m.apply(m.turn, rng.choice(m.legal_actions()))
        assert len(orders) > 1 and all(order == orders[0] for order in orders), (seed, orders)
        hand = value("view", state=format_match(m), seat="Bottom")["hand"]
        assert m.deal.contract is not None
        trump = "CDHS"[m.deal.contract.mode] if m.deal.contract.mode < 4 else None
        suits = [card[-1] for card in hand]
        if trump is not None and trump in suits:   # a Colour contract: its trumps lead the hand
            assert suits[:suits.count(trump)] == [trump] * suits.count(trump), (seed, hand)


def test_the_hand_in_each_order_a_player_may_choose() -> None:
    # The page's "hand order" setting: the engine orders the cards (a card's strength under the contract is a rule).
    for seed in range(8):
        m = Match.new(seed=seed, players=("advanced",) * 4)
        rng = random.Random(seed)
        while m.deal.phase is not DealPhase.PLAY:
            assert m.turn is not None
            m = m.apply(m.turn, rng.choice(m.legal_actions()))
        assert m.deal.contract is not None
        mode = m.deal.contract.mode
        state = format_match(m)
        hands = {order: value("view", state=state, seat="Bottom", order=order)["hand"]
                 for order in ("strongest", "weakest", "suits")}
        assert hands["strongest"] == value("view", state=state, seat="Bottom")["hand"]   # the default
        assert all(sorted(h) == sorted(hands["strongest"]) for h in hands.values())
        strength = {name: STRENGTH[mode][parse_card(name)] for name in hands["strongest"]}

        def runs(hand: list[str], strength: dict[str, int] = strength) -> list[list[int]]:   # each suit's, in order
            suits: dict[str, list[int]] = {}
            for card in hand:
                suits.setdefault(card[-1], []).append(strength[card])
            return list(suits.values())

        assert all(r == sorted(r, reverse=True) for r in runs(hands["strongest"]))
        assert all(r == sorted(r) for r in runs(hands["weakest"]))
        assert all(r == sorted(r, reverse=True) for r in runs(hands["suits"]))
        # The same suits, in the same order, in the first two; ♠ ♥ ♣ ♦ whatever the contract in the third.
        suit_order = [card[-1] for card in hands["strongest"]]
        assert [card[-1] for card in hands["weakest"]] == suit_order
        suits = [card[-1] for card in hands["suits"]]
        assert suits == sorted(suits, key="SHCD".index), (seed, hands)
        # A move's answer and a take-back's give the hand in the order asked too.
        seat = m.turn.api_name  # type: ignore[union-attr]
        card = value("view", state=state, seat=seat)["legal"][0]["action"]
        after = value("apply", state=state, seat=seat, action=card, order="weakest")
        assert after["view"]["hand"] == value("view", state=after["state"], seat=seat, order="weakest")["hand"]
        back = value("take_back", state=after["state"], seat=seat, order="suits")
        assert back["state"] == state
        assert back["view"]["hand"] == value("view", state=state, seat=seat, order="suits")["hand"]
        if seat == "Bottom":
            assert back["view"]["hand"] == hands["suits"]


def test_an_order_the_engine_does_not_know_is_refused() -> None:
    state = format_match(Match.new(seed=1))
    for order in ("biggest", "", None, 3):
        assert error("view", state=state, seat="Bottom", order=order)["code"] == "bad_request"
        assert error("new_match", seed=1, order=order)["code"] == "bad_request"


def test_view_at_match_end_reveals_the_hands() -> None:
    state = play(3, 50, 0)
    v = value("view", state=state, seat="Top")
    assert v["phase"] == "match_over" and v["winner"] in ("Team1", "Team2") and v["toAct"] is None
    assert sorted(sum(v["hands"].values(), [])) == sorted(card_name(c) for c in range(32))


def test_legal_for_the_seat_to_act_and_for_a_waiting_seat() -> None:
    match = parse_match(MID)
    turn = match.turn
    assert turn is not None
    v = value("legal", state=MID, seat=turn.api_name)
    assert v["toAct"] == turn.api_name
    assert {a["action"] for a in v["actions"] if a["legal"]} == {card_name(c) for c in match.legal_actions()}  # type: ignore[arg-type]
    assert all("reason" in a for a in v["actions"] if not a["legal"])
    waiting = turn.next
    w = value("legal", state=MID, seat=waiting.api_name)
    assert all(not a["legal"] and a["reason"]["code"] == "not_your_turn" for a in w["actions"])
    own = {card_name(c) for c in range(32) if match.deal.hands[waiting] >> c & 1}
    assert {a["action"] for a in w["actions"]} <= own


def test_apply_plays_a_whole_match_with_events() -> None:
    state = value("new_match", seed=8)["state"]
    seen: set[str] = set()
    numbers: list[int] = []   # the tricks' numbers in this deal, from the events
    won = [0, 0]              # the card points each team took in this deal, from the events
    while True:
        match = parse_match(state)
        if match.is_over:
            break
        seat = match.turn.api_name  # type: ignore[union-attr]
        legal = [a["action"] for a in value("legal", state=state, seat=seat)["actions"] if a["legal"]]
        out = value("apply", state=state, seat=seat, action=random.Random(len(state)).choice(legal))
        assert out["view"]["seat"] == seat and out["event"]["seat"] == seat
        seen.update(out["event"])
        if "trickComplete" in out["event"]:
            trick = out["event"]["trickComplete"]
            numbers.append(trick["number"])
            won[trick["winner"] in ("Right", "Left")] += trick["points"] + trick["bonus"]
            assert trick["bonus"] == (10 if trick["number"] == 8 else 0)   # S-1: the last trick is worth 10 more
        if "dealOver" in out["event"]:
            summary = out["event"]["dealOver"]
            assert summary["lines"]
            assert numbers in ([], list(range(1, 9)))  # no tricks: a Colour sweep declared, or none at all
            if numbers:   # the tricks' points and the last one's bonus add up to the deal's card points
                assert won == [summary["cardPoints"]["Team1"], summary["cardPoints"]["Team2"]]
            numbers, won = [], [0, 0]
        state = out["state"]
    assert {"trickComplete", "contract", "dealOver", "matchOver"} <= seen
    # The match is over: its view keeps the last deal's tricks, the 8th with its 10 (the Tricks dialog shows them).
    final = value("view", state=state, seat="Bottom")
    assert [t["bonus"] for t in final["tricks"]] in ([], [0] * 7 + [10])
    if final["tricks"]:
        last = parse_match(state).history[-1].score
        taken = [sum(t["points"] + t["bonus"] for t in final["tricks"] if (t["winner"] in ("Left", "Right")) == team)
                 for team in (False, True)]
        assert taken == list(last.card_points)


def test_bot_action_is_legal_deterministic_and_not_applied() -> None:
    match = parse_match(MID)
    seat = match.turn.api_name  # type: ignore[union-attr]
    first = value("bot_action", state=MID, seat=seat, seed=3)
    assert first == value("bot_action", state=MID, seat=seat, seed=3)
    assert first["action"] in {card_name(c) for c in match.legal_actions()}  # type: ignore[arg-type]
    assert first["level"] == "random" and first["why"]


def test_random_bots_play_differently_in_different_matches() -> None:
    # A review: the randomness was keyed by the notation's length, which a page's seeds (16 digits) share, and the page
    # always asks with seed 0: random bots cut 22 and called NoTrumps in 300 matches of 300. Keyed by the position.
    cuts, calls = set(), set()
    for seed in range(10**15, 10**15 + 40):
        state = value("new_match", seed=seed, players={"Bottom": "human"})["state"]
        cutter = parse_match(state).turn
        assert cutter is not None
        if cutter.api_name == "Bottom":   # the person cuts in this match
            continue
        cut = value("bot_action", state=state, seat=cutter.api_name)["action"]
        cuts.add(cut)
        after = value("apply", state=state, seat=cutter.api_name, action=cut)["state"]
        speaker = parse_match(after).turn
        assert speaker is not None
        if speaker.api_name != "Bottom":
            calls.add(value("bot_action", state=after, seat=speaker.api_name)["action"])
    assert len(cuts) >= 10 and len(calls) >= 4, (cuts, calls)   # 21 cuts and 7 calls are legal


def test_deal_summary_spells_out_52_times_2_doubled_automatically_104() -> None:
    s = value("deal_summary", state=NT_MADE_AUTO)
    assert s["contract"]["mode"] == "NoTrumps" and s["contract"]["automatic"] is True
    assert s["contract"]["multiplier"] == 2 and s["outcome"] == "made"
    assert s["cardPoints"] == {"Team1": 93, "Team2": 37} and s["matchPoints"] == {"Team1": 104, "Team2": 0}
    assert any("52 × 2 (doubled automatically) = 104" in line for line in s["lines"]), s["lines"]
    fr = value("deal_summary", state=NT_MADE_AUTO, lang="fr")
    assert any("52 × 2 (contré automatiquement) = 104" in line for line in fr["lines"]), fr["lines"]
    assert value("deal_summary", state=NT_MADE_AUTO, deal=1) == s


def _two_deals() -> str:
    """A match two deals in, every seat a random bot (so the reviewed seat's choices often differ from the expert's)."""
    m = Match.new(seed=13, players=("random",) * 4)
    rng = random.Random(13)
    while len(m.history) < 2:
        assert m.turn is not None, "seed 13's match lasts more than one deal"
        m = m.apply(m.turn, rng.choice(m.legal_actions()))
    return format_match(m)


def test_review_puts_each_call_and_card_of_the_seat_beside_the_hint_it_would_have_had(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # The expert stops on its work limit only (no wall clock): the same position gives the same choice and line.
    # The limit (25 ms) is one at which one of Left's hints names another card than the one played, to test the
    # line without it (at 20 ms there was none once the exact solver's node counts, the work's measure, fell).
    choose = bots.choose
    monkeypatch.setattr(bots, "choose", lambda *args, **kw: choose(*args, **kw, time_guard=False))
    state = _two_deals()
    match = parse_match(state)
    renamed = 0
    for deal in (1, 2):
        review = value("review", state=state, seat="Left", deal=deal, budgetMs=25)
        assert review["deal"] == deal and review["seat"] == "Left" and review["level"] == "expert"
        # Replayed independently: the position before each of Left's actions in that deal (its cut left out).
        before = Match.new(seed=13, players=("random",) * 4)
        for record in match.history[:deal - 1]:
            for token in record.deal.action_tokens():
                assert before.turn is not None
                before = before.apply(before.turn, parse_action(token))
        positions = []
        for token in match.history[deal - 1].deal.action_tokens():
            assert before.turn is not None
            if before.turn.api_name == "Left" and not token.startswith("c"):
                positions.append((format_match(before), token, len(before.legal_actions())))
            before = before.apply(before.turn, parse_action(token))
        assert [m["played"]["action"] for m in review["moves"]] == [token for _, token, _ in positions]
        for move, (position, token, legal_count) in zip(review["moves"], positions, strict=True):
            hint = value("bot_action", state=position, seat="Left", level="expert", budgetMs=25)
            assert move["expert"]["action"] == hint["action"]
            # The hint's "better on average than Q♥" names the policy's card; beside another card played, the review
            # gives the line without it.
            usual = re.match(r"better on average than (\S+?):? ", hint["why"])
            if usual and usual[1] != move["played"]["text"]:
                renamed += 1
                assert move["why"] == re.sub(r"^better on average than \S+?(: | over)",
                                             lambda g: "" if g[1] == ": " else "best on average over", hint["why"])
            else:
                assert move["why"] == hint["why"]
            assert move["same"] == (hint["action"] == token) and move["forced"] == (legal_count == 1)
            assert move["phase"] == ("play" if "trick" in move else "negotiation")
        chosen = [m for m in review["moves"] if not m["forced"]]
        assert review["chosen"] == len(chosen) and review["same"] == sum(m["same"] for m in chosen)
        assert any(not m["same"] for m in review["moves"]), "a random seat should differ from the expert somewhere"
    assert renamed, "no hint named another card than the one played: the line without it is not tested"
    assert value("review", state=state, seat="Left", budgetMs=25)["deal"] == 2   # default: the last finished deal
    fr = value("review", state=state, seat="Left", deal=1, budgetMs=25, lang="fr")
    assert [m["expert"]["action"] for m in fr["moves"]] == [
        m["expert"]["action"] for m in value("review", state=state, seat="Left", deal=1, budgetMs=25)["moves"]]


@pytest.mark.parametrize(("rules", "deck_given"), [("play.giretra.com", False), ("giretra.com", True)])
def test_review_replays_a_match_shuffled_each_deal_or_started_from_a_given_deck(rules: str, deck_given: bool) -> None:
    # The reference server's preset shuffles every deal afresh (from the seed); a shared deal starts from its deck and
    # scores: the replay must reach the same deals, so each move reviewed is the seat's own action, in order.
    rng = random.Random(5)

    def play(m: Match, deals: int) -> Match:
        while len(m.history) < deals and m.turn is not None:
            m = m.apply(m.turn, rng.choice(m.legal_actions()))
        return m

    m = Match.new(seed=5, rules=rules, players=("random",) * 4)
    if deck_given:   # the second deal of a match, shared: its deck and the scores before it
        m = parse_match(value("share_deal", state=format_match(play(m, 1)))["state"])
        assert m.start_deck is not None and not m.history
    m = play(m, 2)
    deal = m.history[-1].deal
    own: list[str] = []
    replay = deal.__class__.new(deal.deck, deal.dealer, deal.rules)
    for token in deal.action_tokens():
        assert replay.turn is not None
        if replay.turn.api_name == "Top" and not token.startswith("c"):
            own.append(token)
        replay = replay.apply(replay.turn, parse_action(token))
    review = value("review", state=format_match(m), seat="Top", budgetMs=0)
    assert review["deal"] == len(m.history) and [x["played"]["action"] for x in review["moves"]] == own


def _interchangeable(position: Match, seat: Seat, a: str, b: str) -> bool:
    """Two zero-point cards of one suit with no card between them that another hand holds or that lies in the trick."""
    x, y = parse_card(a), parse_card(b)
    assert position.deal.contract is not None
    mode = position.deal.contract.mode
    if x >> 3 != y >> 3 or POINTS[mode][x] or POINTS[mode][y]:
        return False
    view = seat_view(position, seat)
    gone = view.hand | view.played & ~sum(1 << c for c in view.trick)   # the seat's own, and earlier tricks'
    low, high = sorted((STRENGTH[mode][x], STRENGTH[mode][y]))
    return not any(low < STRENGTH[mode][c] < high and not gone >> c & 1 for c in range(x & ~7, (x & ~7) + 8))


def test_review_counts_an_interchangeable_card_as_the_experts_choice(monkeypatch: pytest.MonkeyPatch) -> None:
    # 9♣ played where the expert plays 8♣, with no card of another hand between them: the same card to play, not a
    # choice of the player's that the expert would not have made.
    choose = bots.choose
    monkeypatch.setattr(bots, "choose", lambda *args, **kw: choose(*args, **kw, time_guard=False))
    state = _two_deals()
    review = value("review", state=state, seat="Top", deal=1, budgetMs=20)
    before = Match.new(seed=13, players=("random",) * 4)
    positions = []
    for token in parse_match(state).history[0].deal.action_tokens():
        assert before.turn is not None
        if before.turn is Seat.TOP and not token.startswith("c"):
            positions.append(before)
        before = before.apply(before.turn, parse_action(token))
    interchangeable = 0
    for move, position in zip(review["moves"], positions, strict=True):
        played, expert = move["played"]["action"], move["expert"]["action"]
        if played == expert or move["phase"] != "play":
            assert move["same"] == (played == expert)
        else:
            assert move["same"] == _interchangeable(position, Seat.TOP, played, expert), (played, expert)
            interchangeable += move["same"]
    assert interchangeable, "seed 13's Top plays 9♣ where the expert plays 8♣: the case should be here"


def test_a_refusal_of_the_packages_own_data_is_loud_not_the_callers_bad_input(monkeypatch: pytest.MonkeyPatch) -> None:
    # A robustness audit: lesson data cut short answered {"ok": false, "code": "bad_notation"} (the learner would read
    # a refusal of their own request), and so did a failure to read a match's own history in the review.
    from giretra_core.lessons import positions
    play_state = positions.play_state
    monkeypatch.setattr(positions, "play_state", lambda *args: play_state(*args)[:-3])
    with pytest.raises(AssertionError, match=r"lesson play-follow-suit, task 0: .*cut short"):
        api.call("lesson_task", json.dumps({"lesson": "play-follow-suit", "index": 0}))
    with pytest.raises(AssertionError, match=r"lesson play-follow-suit, task 0"):
        api.call("check_answer", json.dumps({"lesson": "play-follow-suit", "index": 0, "answer": []}))
    assert error("lesson_task", lesson="no-such-lesson", index=0)["code"] == "bad_lesson"   # still the caller's
    # (The review no longer reads its match's history back from tokens: it replays the actions themselves.)


def test_review_in_parts_gives_the_whole_review_move_by_move(monkeypatch: pytest.MonkeyPatch) -> None:
    # The page asks a review one move at a time (so that it can stop): the parts put together are the whole.
    choose = bots.choose
    monkeypatch.setattr(bots, "choose", lambda *args, **kw: choose(*args, **kw, time_guard=False))
    state = _two_deals()
    whole = value("review", state=state, seat="Right", deal=1, budgetMs=20)
    assert whole["first"] == 0 and whole["total"] == len(whole["moves"]) > 8
    parts = [value("review", state=state, seat="Right", deal=1, budgetMs=20, first=k, count=1)
             for k in range(whole["total"])]
    assert all(p["total"] == whole["total"] and p["first"] == k and len(p["moves"]) == 1 for k, p in enumerate(parts))
    assert [p["moves"][0] for p in parts] == whole["moves"]
    assert sum(p["chosen"] for p in parts) == whole["chosen"] and sum(p["same"] for p in parts) == whole["same"]
    tail = value("review", state=state, seat="Right", deal=1, budgetMs=20, first=whole["total"] - 3)
    assert tail["moves"] == whole["moves"][-3:]
    assert value("review", state=state, seat="Right", deal=1, first=whole["total"])["moves"] == []   # past the end
    n = whole["total"]
    assert error("review", state=state, seat="Right", deal=1, first=n + 1) == {
        "code": "bad_request", "rule": "", "message": f"first must be at most {n}: the seat made {n} moves in deal 1"}
    for bad in ({"first": -1}, {"count": 0}, {"count": 1.5}, {"first": True}):
        assert error("review", state=state, seat="Right", deal=1, **bad)["code"] == "bad_request", bad


def test_review_refuses_a_deal_not_finished_and_bad_fields() -> None:
    fresh = format_match(Match.new(seed=3))
    assert error("review", state=fresh, seat="Bottom") == {
        "code": "no_finished_deal", "message": "no deal has finished yet", "rule": ""}
    assert error("review", state=NT_MADE_AUTO, seat="Bottom", deal=2)["code"] == "bad_request"
    assert error("review", state=NT_MADE_AUTO, seat="Middle")["code"] == "bad_seat"
    assert error("review", state=NT_MADE_AUTO, seat="Bottom", budgetMs=-1)["code"] == "bad_request"
    assert error("review", state=NT_MADE_AUTO[:-5], seat="Bottom")["code"] == "bad_notation"


def test_analyse_deal_values_every_card_of_each_choice_and_gives_them_in_parts() -> None:
    whole = value("analyse_deal", state=NT_MADE_AUTO, seat="Left", lang="fr")
    match = parse_match(NT_MADE_AUTO)
    played = [a for n, m, turn, a in match.replay() if turn == Seat.LEFT and isinstance(a, int)
              and m.deal.phase is DealPhase.PLAY and len(m.legal_actions()) > 1]
    assert whole["team"] == "Team2" and whole["total"] == len(played) == len(whole["positions"]) > 0
    assert [p["played"]["card"] for p in whole["positions"]] == [card_name(c) for c in played]
    for p in whole["positions"]:
        assert len(p["cards"]) >= 2 and p["best"] == [c["card"] for c in p["cards"] if c["best"]]
        best = max(c["cardPoints"] for c in p["cards"] if c["sweep"] is None)
        assert all(c["cardPoints"] == best for c in p["cards"] if c["best"])
        mine = next(c for c in p["cards"] if c["card"] == p["played"]["card"])
        assert p["playedBest"] == mine["best"] and p["lost"]["cardPoints"] == best - mine["cardPoints"]
        assert p["cards"][0]["text"] and all(c["outcome"] in ("made", "failed", "tie") for c in p["cards"])
    # The last position: the card played is what the deal made (every hand then knows the rest).
    last = whole["positions"][-1]
    final = next(c for c in last["cards"] if c["card"] == last["played"]["card"])
    assert final["cardPoints"] == match.history[0].score.card_points[1]
    parts = [value("analyse_deal", state=NT_MADE_AUTO, seat="Left", deal=1, first=k, count=1, lang="fr")
             for k in range(whole["total"])]
    assert [p["positions"][0] for p in parts] == whole["positions"]
    assert value("analyse_deal", state=NT_MADE_AUTO, seat="Left", first=whole["total"])["positions"] == []


def test_analyse_deal_refuses_a_deal_not_finished_and_bad_fields() -> None:
    fresh = format_match(Match.new(seed=3))
    assert error("analyse_deal", state=fresh, seat="Bottom") == {
        "code": "no_finished_deal", "message": "no deal has finished yet", "rule": ""}
    assert error("analyse_deal", state=NT_MADE_AUTO, seat="Bottom", deal=2)["code"] == "bad_request"
    assert error("analyse_deal", state=NT_MADE_AUTO, seat="Middle")["code"] == "bad_seat"
    assert error("analyse_deal", state=NT_MADE_AUTO[:-5], seat="Bottom")["code"] == "bad_notation"
    for bad in ({"first": -1}, {"first": 99}, {"count": 0}, {"count": "2"}, {"deal": True}, {"first": 1.5}):
        assert error("analyse_deal", state=NT_MADE_AUTO, seat="Bottom", **bad)["code"] == "bad_request", bad
    assert error("analyse_deal", state=NT_MADE_AUTO, seat="Bottom", first=9)["message"].startswith("first must be")


def test_a_legal_double_says_the_contract_it_leaves_standing() -> None:
    # Doubling an earlier, lower bid makes it the contract (RULES N-9): the page shows where a double leads before the
    # player makes it (a first-time player's audit: "Double NoTrumps" turned partner's AllTrumps into the opponents'
    # NoTrumps ×2 without a word).
    changed = 0
    for seed in range(30):
        m = Match.new(seed=seed)
        rng = random.Random(seed)
        while m.turn is not None and m.deal.phase is not DealPhase.PLAY:
            state, seat = format_match(m), m.turn.api_name
            view, legal = value("view", state=state, seat=seat), value("legal", state=state, seat=seat)
            for actions in (view["legal"], legal["actions"]):
                for a in actions:
                    if a["type"] not in ("double", "redouble") or not a["legal"]:
                        assert "contract" not in a, a
                        continue
                    after = value("view", state=value("apply", state=state, seat=seat, action=a["action"])["state"],
                                  seat=seat)["contract"]
                    assert a["contract"] == after, (seed, a)
                    now = view["contract"]
                    changed += (now["mode"], now["announcerTeam"]) != (after["mode"], after["announcerTeam"])
            m = m.apply(m.turn, rng.choice(m.legal_actions()))
    assert changed, "no double that changes the contract's mode or team: the case the preview is for is not tested"


def test_view_marks_the_accept_that_doubled_automatically() -> None:
    last = value("view", state=NT_MADE_AUTO, seat="Bottom")["lastDeal"]
    assert last["contract"]["automatic"] is True
    negotiating = NT_MADE_AUTO.split(" c13.")[0] + " c13.H.ok.NT.ok"
    calls = value("view", state=negotiating, seat="Top")["calls"]
    assert [c.get("autoDouble") for c in calls] == [None, None, None, "NoTrumps"]


def test_score_sheet_lists_every_deal() -> None:
    state = play(3, 50, 0)
    match = parse_match(state)
    sheet = value("score_sheet", state=state)
    assert len(sheet["deals"]) == len(match.history)
    assert sheet["scores"] == {"Team1": match.scores[0], "Team2": match.scores[1]}
    assert sheet["winner"] == f"Team{match.winner + 1}"  # type: ignore[operator]
    assert sheet["deals"][-1]["scoresAfter"] == sheet["scores"]


def test_set_players_changes_only_the_players() -> None:
    out = value("set_players", state=MID, players={"Left": "human", "Top": "random"})
    fields, before = out["state"].split(" "), MID.split(" ")
    assert fields[2] == before[2][0] + "h" + "r" + before[2][3]
    assert fields[:2] + fields[3:] == before[:2] + before[3:]
    assert value("view", state=out["state"], seat="Left")["players"]["Left"] == "human"


@pytest.mark.parametrize("seed", [3, 8])
def test_take_back_returns_to_the_seats_last_choice_in_this_phase_of_the_deal(seed: int) -> None:
    # Made here action by action, not by the replay take_back uses: each seat's last choice (among two or more
    # actions) so far, with the state before it, its deal and phase. A cut is never one (re-cut, it would choose the
    # hand), a call no longer once the play has begun, nothing of a finished deal.
    rng = random.Random(seed)
    match = Match.new(seed=seed, players=RANDOM_BOTS)
    last: dict[Seat, tuple[str, str, int, DealPhase]] = {}
    seen = {"taken": 0, "forced_stepped_over": 0, "refused_after_the_negotiation": 0}
    while len(match.history) < 3 and match.turn is not None:
        state = format_match(match)
        where = (match.deal_number, match.deal.phase)
        for seat in Seat:
            mine = last.get(seat)
            expected = mine if mine is not None and mine[2:] == where else None
            view = value("view", state=state, seat=seat.api_name)
            assert view["canTakeBack"] == (expected is not None), (state, seat)
            if expected is None:
                assert error("take_back", state=state, seat=seat.api_name)["code"] == "nothing_to_take_back"
                seen["refused_after_the_negotiation"] += mine is not None and mine[3] is DealPhase.NEGOTIATION \
                    and where[1] is DealPhase.PLAY
            elif rng.random() < 0.15:   # (every seat at every position: too slow for what it adds)
                out = value("take_back", state=state, seat=seat.api_name, lang="fr")
                assert (out["state"], out["taken"]["action"]) == expected[:2]
                assert out["undone"] == len(parse_match(state).deal.actions()) - len(
                    parse_match(expected[0]).deal.actions())
                assert out["view"] == value("view", state=out["state"], seat=seat.api_name, lang="fr")
                assert out["view"]["toAct"] == seat.api_name   # their turn again, at the decision taken back
                seen["taken"] += 1
        legal = match.legal_actions()
        action = rng.choice(legal)
        if len(legal) > 1 and not isinstance(action, Cut):
            last[match.turn] = (state, action_token(action), match.deal_number, match.deal.phase)
        else:
            seen["forced_stepped_over"] += len(legal) == 1
        match = match.apply(match.turn, action)
    assert all(seen.values()), seen   # each case met at least once


def test_take_back_again_walks_back_through_the_seats_choices_of_the_play_only() -> None:
    match = parse_match(_two_deals())
    while match.deal.phase is not DealPhase.PLAY or len(match.deal.plays) < 24:
        match = match.apply(match.turn, match.legal_actions()[0])  # type: ignore[arg-type]
    state = format_match(match)
    played = [a for d, turn, a in match.deal.replay()
              if turn is Seat.RIGHT and d.phase is DealPhase.PLAY and len(d.legal_actions()) > 1]
    taken = []
    while value("view", state=state, seat="Right")["canTakeBack"]:
        out = value("take_back", state=state, seat="Right")
        state = out["state"]
        taken.append(out["taken"]["action"])
    assert taken == [action_token(a) for a in reversed(played)] and len(taken) >= 3
    match = parse_match(state)
    assert match.deal.phase is DealPhase.PLAY and len(match.history) == 2   # the calls stay made, deal 3 goes on
    assert error("take_back", state=state, seat="Right")["code"] == "nothing_to_take_back"


def test_nothing_to_take_back_once_the_match_is_over_and_bad_input() -> None:
    rng = random.Random(1)
    m = parse_match(value("new_match", seed=5, players={s.api_name: "random" for s in Seat})["state"])
    while m.turn is not None:
        m = m.apply(m.turn, rng.choice(m.legal_actions()))
    final = format_match(m)
    for seat in Seat:
        assert value("view", state=final, seat=seat.api_name)["canTakeBack"] is False
        assert error("take_back", state=final, seat=seat.api_name)["code"] == "nothing_to_take_back"
    assert error("take_back", state=MID, seat="Nobody")["code"] in {"bad_seat", "bad_request"}
    assert error("take_back", state=MID[:-4], seat="Top")["code"] == "bad_notation"
    assert error("take_back", state=MID)["code"] == "bad_request"


def test_share_deal_gives_the_same_hands() -> None:
    shared = value("share_deal", state=MID)["state"]
    match, copy = parse_match(MID), parse_match(shared)
    assert copy.deal.initial_hands() == match.deal.initial_hands()
    assert copy.scores == match.scores and not copy.history


def test_a_finished_deal_played_again_is_dealt_as_it_was() -> None:
    # "Play this deal again": every finished deal of a match of several deals, and the current one.
    rng = random.Random(7)
    match = Match.new(7, "giretra.com", ["human", "random", "random", "random"])
    while len(match.history) < 3:
        turn = match.turn
        assert turn is not None, "the match ended before its third deal: another seed"
        match = match.apply(turn, rng.choice(match.legal_actions()))
    state = format_match(match)
    for number, record in enumerate(match.history, 1):
        again = parse_match(value("share_deal", state=state, deal=number)["state"])
        assert again.deal.initial_hands() == record.deal.initial_hands()
        assert again.deal.dealer == record.deal.dealer and not again.history
        before = match.start_scores if number == 1 else match.history[number - 2].scores_after
        assert again.scores == before
        replay = [step["hands"] for step in value("replay_deal", state=state, deal=number)["steps"]]
        first_view = value("view", state=format_match(again), seat="Bottom")
        assert first_view["hand"] == replay[0]["Bottom"]   # the replay's first step: the hands as dealt
    assert value("share_deal", state=state, deal=4) == value("share_deal", state=state)
    assert error("share_deal", state=state, deal=5)["code"] == "bad_request"
    assert error("share_deal", state=state, deal=0)["code"] == "bad_request"


def test_a_replay_link_replays_the_deal_as_it_was_played_and_nothing_after_it() -> None:
    # "Copy a link to this replay": the deal of a match of several deals, played, its replay the same step by step;
    # the deal in progress (the player's hand of now) is not in the link.
    rng = random.Random(11)
    match = Match.new(11, "giretra.com", ["human", "random", "random", "random"])
    while len(match.history) < 2 or len(match.deal.actions()) < 3:
        turn = match.turn
        assert turn is not None, "the match ended before its third deal began: another seed"
        match = match.apply(turn, rng.choice(match.legal_actions()))
    state = format_match(match)
    for number in (1, 2):
        shared = value("replay_link", state=state, deal=number)
        assert shared["deal"] == 1 and shared["link"].startswith("d1.")
        opened = value("open_link", link=shared["link"])["state"]
        copy = parse_match(opened)
        assert len(copy.history) == 1
        assert copy.history[0].deal.actions() == match.history[number - 1].deal.actions()
        assert len(copy.deal.actions()) in (0, len(copy.history[0].deal.actions()))   # nothing of a deal after it
        replayed, original = value("replay_deal", state=opened, deal=1), value("replay_deal", state=state, deal=number)
        assert (replayed["dealNumber"], original["dealNumber"]) == (1, number)
        assert {**replayed, "dealNumber": number} == original   # step by step the same
    assert value("replay_link", state=state) == value("replay_link", state=state, deal=2)
    assert error("replay_link", state=state, deal=3)["code"] == "bad_request"   # in progress: not finished
    assert error("replay_link", state=format_match(Match.new(1, "giretra.com", ["human"] * 4)))["code"] == \
        "no_finished_deal"


def test_a_study_function_without_its_module_says_study_missing(monkeypatch: pytest.MonkeyPatch) -> None:
    # The page's wheel has no study modules (build_wheel.STUDY_MODULES): the answer tells its worker to unpack them
    # and ask again, so that JavaScript keeps no list of the functions that need them.
    import giretra_core
    for name in api.STUDY_MODULES:
        monkeypatch.delattr(giretra_core, name, raising=False)
        monkeypatch.setitem(sys.modules, f"giretra_core.{name}", None)
    day = {"date": "2026-12-01"}
    for fn, args in (("daily_deal", day), ("daily_par", day), ("puzzle", {**day, "number": 1}),
                     ("expert_deal", {"state": MID, "seat": "Bottom"})):
        assert error(fn, **args)["code"] == "study_missing", fn
    assert value("view", state=MID, seat="Bottom")["hand"]   # the rest of the engine is there


def _random_position(rng: random.Random, rules: str) -> Match:
    """A match of *rules* played at random to a random point before its end (any deal, any phase)."""
    match = Match.new(rng.randrange(2**53), rules, ["human", "random", "random", "random"])
    positions = []
    while not match.is_over:
        positions.append(match)
        turn = match.turn
        assert turn is not None
        match = match.apply(turn, rng.choice(match.legal_actions()))
    return rng.choice(positions)


@pytest.mark.parametrize("rules", sorted(PRESETS))
def test_a_share_links_token_opens_the_shared_match_and_hides_its_deck(rules: str) -> None:
    # An audit: from deal 2 a share link carried the deck and the cut in plain text (every 5-card hand of a
    # play.giretra.com deal could be read off it).
    rng = random.Random(rules)
    for _ in range(60):
        state = format_match(_random_position(rng, rules))
        shared = value("share_deal", state=state)
        assert shared["link"].startswith("d1.") and " " not in shared["link"]
        assert value("open_link", link=shared["link"], lang="fr") == {"state": shared["state"]}
        deck = shared["state"].split(" ")[7]
        cards = re.findall(r"10|[7-9JQKA]", deck)
        assert not re.search(r"(?:(?:10|[7-9JQKA])[CDHS]){3}", shared["link"]), shared["link"]   # no 3 cards in a row
        assert deck == "*" or len(cards) == 32


FORGED_LINKS = [
    "", "d1.", "d1.!!!!", "d1.AAAA", "d1.eNp", "d2.eNpzN1JIzyxKLSlK1EvOz1XIKCoqUjAxUghRMNA1UDA0NVDQUtBVMAAA444KFw",
    "d1." + base64.urlsafe_b64encode(zlib.compress(b"G" * 10**6)).decode(),     # inflates to a megabyte
    "d1." + base64.urlsafe_b64encode(zlib.compress("G2 \u00e9".encode())).decode(),   # not ASCII
    "d1." + base64.urlsafe_b64encode(zlib.compress(b"G2 x") + b"more").decode(),   # something after the stream
    "G2 giretra.com hrrr 42 T 0-0 150 * - 0",   # a plain notation is not a token (the page opens those itself)
]


@pytest.mark.parametrize("link", FORGED_LINKS)
def test_a_forged_or_damaged_token_is_refused_as_bad_link_in_the_page_language(link: str) -> None:
    assert error("open_link", link=link)["code"] == "bad_link"
    assert error("open_link", link=link, lang="fr")["message"] == "le lien est abîmé ou a été modifié"


def test_a_token_damaged_anywhere_is_refused_or_opens_the_same_match() -> None:
    shared = value("share_deal", state=MID)
    token = shared["link"]
    for at in range(3, len(token)):
        for char in "Aa0_-":
            damaged = token[:at] + char + token[at + 1:]
            out = ask("open_link", link=damaged)
            # (a changed last character may only change the padding bits base64 ignores: the same bytes)
            assert out["ok"] is False and out["error"]["code"] in ("bad_link", "bad_notation") or \
                out["value"]["state"] == shared["state"], damaged
        assert error("open_link", link=token[:at])["code"] == "bad_link"


def test_a_token_of_a_forged_notation_is_refused_as_the_notation_is() -> None:
    forged = "d1." + base64.urlsafe_b64encode(zlib.compress(b"G2 giretra.com hrrr 42 T 0-0 150 * c10.ok 2")).decode()
    refused = error("open_link", link=forged, lang="fr")
    assert refused["code"] == "bad_notation" and refused["message"].startswith("donne 1, action «\u202fok\u202f»")
    assert error("open_link", link=7)["code"] == "bad_request"


def test_call_dispatches_every_function_and_refuses_unknown_names() -> None:
    for name in api.FUNCTIONS:
        assert checked(api.call(name, "{}"))
    assert error("no_such_function")["code"] == "unknown_function"
    assert checked(api.call(None, "{}"))["error"]["code"] == "unknown_function"  # type: ignore[arg-type]


# -- errors ----------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("request_text", ["", "{", "{'state': 1}", "nan nan", "[1,", "\x00", '{"a": }'])
def test_malformed_json_is_bad_json(request_text: str) -> None:
    for name in api.FUNCTIONS:
        assert checked(api.call(name, request_text))["error"]["code"] == "bad_json"


@pytest.mark.parametrize("request_text", ["[]", "42", "null", '"view"', "true", "[{}]"])
def test_non_object_json_is_bad_request(request_text: str) -> None:
    for name in api.FUNCTIONS:
        assert checked(api.call(name, request_text))["error"]["code"] == "bad_request"


def test_a_request_must_be_a_string() -> None:
    for name, fn in api.FUNCTIONS.items():
        for request in (None, 42, b"{}", {"state": MID}):
            assert checked(fn(request))["error"]["code"] == "bad_request", name  # type: ignore[arg-type]


def test_unknown_and_missing_fields_are_bad_request() -> None:
    assert error("view", state=MID, seat="Bottom", colour="red")["code"] == "bad_request"
    assert error("view", state=MID)["code"] == "bad_request"
    assert error("apply", state=MID, seat="Bottom")["code"] == "bad_request"
    assert error("info", seed=1)["code"] == "bad_request"
    assert "seat" in error("view", state=MID)["message"]


@pytest.mark.parametrize(("function", "request_fields"), [
    ("view", {"state": 5, "seat": "Bottom"}),
    ("view", {"state": MID, "seat": 0}),
    ("view", {"state": [MID], "seat": "Bottom"}),
    ("apply", {"state": MID, "seat": "Bottom", "action": 7}),
    ("new_match", {"seed": "42"}),
    ("new_match", {"seed": 1.5}),
    ("new_match", {"seed": True}),
    ("new_match", {"seed": -1}),
    ("new_match", {"seed": 2**53}),
    ("new_match", {"players": ["human"]}),
    ("new_match", {"deck": "7C8C"}),
    ("new_match", {"scores": [0, 0]}),
    ("new_match", {"scores": {"Team1": "0", "Team2": 0}}),
    ("new_match", {"target": "150"}),
    ("bot_action", {"state": MID, "seat": MID_TURN, "budgetMs": "fast"}),
    ("bot_action", {"state": MID, "seat": MID_TURN, "budgetMs": float("inf")}),
    ("bot_action", {"state": MID, "seat": MID_TURN, "seed": None}),
    ("bot_action", {"state": MID, "seat": MID_TURN, "level": 3}),
    ("deal_summary", {"state": MID, "deal": "1"}),
    ("deal_summary", {"state": MID, "deal": 9}),
    ("set_players", {"state": MID, "players": "human"}),
    ("set_players", {"state": MID, "players": None}),   # required: a null changed nothing and said ok
])
def test_wrong_types_and_ranges_are_refused(function: str, request_fields: JSON) -> None:
    assert error(function, **request_fields)["code"] in ("bad_request", "bad_seed")


@pytest.mark.parametrize(("function", "request_fields", "code"), [
    ("apply", {"state": MID, "seat": "Bottom", "action": "11H"}, "bad_action"),
    ("apply", {"state": MID, "seat": "Bottom", "action": "xZZ"}, "bad_action"),
    ("apply", {"state": MID, "seat": "Bottom", "action": "pass"}, "bad_action"),
    ("new_match", {"seed": 1, "deck": ["ZZ"] * 32}, "bad_card"),
    ("new_match", {"seed": 1, "deck": ["7C"] * 32}, "bad_deck"),
    ("new_match", {"seed": 1, "deck": ["7C", "8C"]}, "bad_deck"),
    ("view", {"state": MID, "seat": "North"}, "bad_seat"),
    ("new_match", {"seed": 1, "dealer": "South"}, "bad_seat"),
    ("new_match", {"seed": 1, "players": {"North": "human"}}, "bad_seat"),
    ("new_match", {"seed": 1, "rules": "belote"}, "bad_rules"),
    ("view", {"state": MID, "seat": "Bottom", "lang": "de"}, "bad_lang"),
    ("info", {"lang": "xx"}, "bad_lang"),
    ("bot_action", {"state": MID, "seat": MID_TURN, "level": "grandmaster"}, "bad_level"),
    ("new_match", {"seed": 1, "players": {"Left": "grandmaster"}}, "bad_level"),
    ("set_players", {"state": MID, "players": {"Left": "grandmaster"}}, "bad_level"),
    ("new_match", {"seed": 1, "scores": {"Team1": 150, "Team2": 150}}, "bad_scores"),
    ("deal_summary", {"state": value("new_match", seed=1)["state"]}, "no_finished_deal"),
])
def test_unknown_names_are_refused_with_their_code(function: str, request_fields: JSON, code: str) -> None:
    assert error(function, **request_fields)["code"] == code


def test_wrong_turn_is_refused_in_the_seats_language() -> None:
    turn = parse_match(MID).turn
    assert turn is not None
    waiting = turn.next.api_name
    hand = value("view", state=MID, seat=waiting)["hand"]
    en = error("apply", state=MID, seat=waiting, action=hand[0])
    fr = error("apply", state=MID, seat=waiting, action=hand[0], lang="fr")
    assert en["code"] == fr["code"] == "not_your_turn"
    assert en["message"] == f"It is {turn.api_name}'s turn, not {waiting}'s."
    assert en["message"] != fr["message"] and "tour" in fr["message"]
    assert error("bot_action", state=MID, seat=waiting)["code"] == "not_your_turn"


def test_a_move_out_of_turn_names_the_rule_of_its_phase() -> None:
    # Whose turn it is comes from the cut (D-2), the order of speaking (N-1) or of play (P-7).
    start = value("new_match", seed=1)["state"]
    cutter = parse_match(start).turn
    assert cutter is not None
    speaking = value("apply", state=start, seat=cutter.api_name, action="c10")["state"]
    for state, action, rule in ((start, "c10", "D-2"), (speaking, "H", "N-1"), (MID, None, "P-7")):
        turn = parse_match(state).turn
        assert turn is not None
        waiting = turn.next.api_name
        refused = error("apply", state=state, seat=waiting,
                        action=action or value("view", state=state, seat=waiting)["hand"][0])
        assert (refused["code"], refused["rule"]) == ("not_your_turn", rule)
        assert error("bot_action", state=state, seat=waiting)["rule"] == rule
        reasons = {a["reason"]["rule"] for a in value("legal", state=state, seat=waiting)["actions"]}
        assert reasons == {rule}


def test_a_saved_game_with_an_illegal_move_says_which_rule_it_breaks() -> None:
    # A follow-suit breach written into the notation: refused as bad notation, with the rule and its words.
    forged = ALLTRUMPS_KH + ".AS"   # Left holds AH and 7H
    refused = error("view", state=forged, seat="Bottom")
    assert refused["code"] == "bad_notation"
    assert refused["rule"] == "P-1"
    assert "You must follow suit: play a heart (P-1, follow suit)." in refused["message"]


@pytest.mark.parametrize(("card", "code", "rule", "en", "fr"), [
    ("AS", "must_follow_suit", "P-1", "You must follow suit: play a heart (P-1, follow suit).",
     "Vous devez fournir\u00a0: jouez un cœur (P-1, fournir à la couleur)."),
    ("7H", "must_beat", "P-2", "You must beat the highest heart in the trick if you can (P-2, play higher).",
     "Vous devez monter sur le plus fort cœur du pli si vous le pouvez (P-2, monter)."),
    ("KD", "card_not_in_hand", "", "K♦ is not in your hand.", "R♦ n’est pas dans votre main."),
])
def test_illegal_action_code_rule_and_message_in_english_and_french(card: str, code: str, rule: str, en: str,
                                                                     fr: str) -> None:
    """A refusal names its rule id, so the page can link to that section of the rules page."""
    assert error("apply", state=ALLTRUMPS_KH, seat="Left", action=card) == {"code": code, "message": en, "rule": rule}
    assert error("apply", state=ALLTRUMPS_KH, seat="Left", action=card, lang="fr") == {
        "code": code, "message": fr, "rule": rule}
    legal = value("legal", state=ALLTRUMPS_KH, seat="Left", lang="fr")["actions"]
    if code != "card_not_in_hand":
        assert {"code": code, "message": fr, "rule": rule} in [a.get("reason") for a in legal]


def test_match_over_refuses_actions() -> None:
    state = play(3, 50, 0)
    assert error("apply", state=state, seat="Bottom", action="c10")["code"] == "match_over"
    assert value("legal", state=state, seat="Bottom") == {"toAct": None, "actions": []}
    assert error("share_deal", state=state)["code"] == "match_over"


def test_bot_action_after_the_match_is_refused_as_match_over() -> None:
    state = play(3, 50, 0)
    refused = error("bot_action", state=state, seat="Bottom")
    assert "None" not in refused["message"]  # was: "It is None's turn, not Bottom's."
    assert refused["code"] == "match_over"  # as apply answers for the same state


# -- truncated and forged states -------------------------------------------------------------------------------------


def test_every_prefix_of_a_real_state_is_refused() -> None:
    # Cut between two actions, a string was an earlier position of the same match (161 of 542 cuts of a real state
    # were read so by a fuzz): the action count at its end (G2) refuses every cut, with the message to say so.
    for end in range(len(MID)):
        out = ask("view", state=MID[:end], seat="Bottom")
        assert out["error"]["code"] == "bad_notation", (MID[:end], out)
    assert ask("view", state=MID, seat="Bottom")["ok"]
    history, count = MID.split(" ")[8:]
    cut = MID[:MID.rindex(".")] + " " + count   # the last action left out, the count kept: not an earlier state
    assert "cut short or altered" in ask("view", state=cut, seat="Bottom")["error"]["message"]


def test_a_refused_link_is_told_in_the_page_language() -> None:
    # A French player opening a broken link read "Ce lien ne contient pas de partie lisible : deal 1, action 'ok' by
    # Right: ok is not legal for Right: Nobody has announced yet…" (an audit): the place, the rule and a count that
    # does not match now come in the page's language; the rule's sentence is the one a refused click gets.
    illegal = "G2 giretra.com hrrr 42 T 0-0 150 * c10.ok 2"
    assert error("view", state=illegal, seat="Bottom")["message"] == (
        "deal 1, action 'ok' by Right: Nobody has announced yet: the first speaker must announce (N-1).")
    fr = error("view", state=illegal, seat="Bottom", lang="fr")
    assert fr == {"code": "bad_notation", "rule": "N-1", "message": "donne 1, action «\u202fok\u202f» de Est\u00a0: "
                  "Personne n’a encore annoncé\u00a0: le premier à parler doit annoncer (N-1)."}
    assert error("view", state=illegal, seat="Bottom", lang="mg")["message"].startswith("fizarana 1, hetsika “ok” "
                                                                                        "nataon’i Havanana: Mbola")
    garbled = error("view", state=illegal.replace(".ok", ".zz"), seat="Bottom", lang="fr")["message"]
    assert garbled == ("donne 1, action «\u202fzz\u202f» de Est\u00a0: "
                       "ce n’est ni une coupe, ni une annonce, ni une carte")
    history, count = MID.split(" ")[8:]
    cut = MID[:MID.rindex(".")] + " " + count
    held = len(history.replace("/", ".").split(".")) - 1
    assert error("view", state=cut, seat="Bottom", lang="fr")["message"] == (
        f"notation coupée ou modifiée\u00a0: elle annonce {count} actions et en contient {held}")
    for lang in ("fr", "mg"):   # no English word left in either
        for state in (illegal, cut):
            text = error("view", state=state, seat="Bottom", lang=lang)["message"]
            assert not {"deal", "by", "cut", "holds", "legal", "match"} & set(text.replace(":", " ").split()), text


def test_a_version_1_state_is_still_read() -> None:
    # Saves and links made before the action count: the same fields without it. Read, and written back as G2.
    legacy = "G1" + MID[2:MID.rindex(" ")]
    out = ask("view", state=legacy, seat="Bottom")
    assert out["ok"] and format_match(parse_match(legacy)) == MID
    assert ask("view", state=legacy + " 5", seat="Bottom")["error"]["code"] == "bad_notation"


def _explicit_deck(state: str) -> str:
    """The same match with its first deck written out instead of ``*``."""
    match = parse_match(state)
    fields = state.split(" ")
    fields[7] = "".join(card_name(c) for c in match.deals()[0].deck)
    return " ".join(fields)


def test_forged_deck_with_swapped_cards_is_refused() -> None:
    state = _explicit_deck(play(4, 0, 30))
    match = parse_match(state)
    assert not match.history and match.deal.plays
    first_card = match.deal.plays[0]
    leader_hand = match.deal.initial_hands()[match.deal.dealer.next]
    other = next(c for c in range(32) if not leader_hand >> c & 1)
    fields = state.split(" ")
    deck = [other if c == first_card else first_card if c == other else c for c in split_cards(fields[7])]
    fields[7] = "".join(card_name(c) for c in deck)
    out = error("view", state=" ".join(fields), seat="Bottom")
    assert out["code"] == "bad_notation" and "deal 1" in out["message"] and card_name(first_card) in out["message"]


@pytest.mark.parametrize("forge", ["duplicate", "short", "long"])
def test_forged_deck_with_duplicated_or_missing_cards_is_refused(forge: str) -> None:
    fields = _explicit_deck(play(4, 0, 10)).split(" ")
    deck = split_cards(fields[7])
    forged = {"duplicate": deck[:1] + deck[:31], "short": deck[:31], "long": deck + deck[:1]}[forge]
    fields[7] = "".join(card_name(c) for c in forged)
    assert error("view", state=" ".join(fields), seat="Bottom")["code"] == "bad_notation"


def test_forged_impossible_play_is_refused_with_its_position() -> None:
    match = parse_match(MID)
    fields = MID.split(" ")
    deals = fields[8].split("/")
    tokens = deals[1].split(".")
    first_card_at = next(i for i, t in enumerate(tokens) if t == card_name(match.deal.plays[0]))
    leader_cards = match.deal.initial_hands()[match.deal.dealer.next]  # the first leader (P-7)
    forged_card = next(card_name(c) for c in range(32) if not leader_cards >> c & 1)
    tokens[first_card_at] = forged_card  # a card the leader does not hold
    deals[1] = ".".join(tokens)
    fields[8] = "/".join(deals)
    out = error("view", state=" ".join(fields), seat="Bottom")
    assert out["code"] == "bad_notation"
    assert "deal 2" in out["message"] and repr(forged_card) in out["message"]


def test_forged_repeated_card_is_refused() -> None:
    fields = MID.split(" ")
    tokens = fields[8].split(".")
    fields[8] = ".".join(tokens[:-1] + [tokens[-2]])  # replay the previous card again
    assert error("view", state=" ".join(fields), seat="Bottom")["code"] == "bad_notation"


def test_forged_scores_are_refused_unless_they_are_a_valid_start() -> None:
    fields = MID.split(" ")
    for scores in ("150-150", "0-0-0", "00-0", "-5-0", "0", "1e2-0", "0x10-0"):
        forged = " ".join(fields[:5] + [scores] + fields[6:])
        assert error("view", state=forged, seat="Bottom")["code"] == "bad_notation", scores
    # Start scores are part of the header: a consistent change is another (valid) match whose
    # current scores are still derived from the deals played.
    other = " ".join(fields[:5] + ["10-20"] + fields[6:])
    before, after = parse_match(MID), parse_match(other)
    assert after.scores == (before.scores[0] + 10, before.scores[1] + 20)


def test_forged_start_scores_already_at_the_target_are_refused() -> None:
    # M-1: a team at or above the target has won; a match cannot go on from there.
    forged = "G1 giretra.com hrrr 1 R 200-0 150 * -"
    assert error("view", state=forged, seat="Bottom")["code"] == "bad_notation"


@pytest.mark.parametrize("field", ["seed", "target", "scores", "cut"])
def test_exotic_digits_in_numbers_are_refused_not_crashing(field: str) -> None:
    fields = ["G1", "giretra.com", "hrrr", "1", "R", "0-0", "150", "*", "-"]
    if field == "seed":
        fields[3] = "²"
    elif field == "target":
        fields[6] = "²"
    elif field == "scores":
        fields[5] = "²-0"
    else:
        fields[8] = "c²"
    out = checked(api.view(json.dumps({"state": " ".join(fields), "seat": "Bottom"})))
    assert out["error"]["code"] == "bad_notation"


def test_a_seed_with_thousands_of_digits_is_refused_not_crashing() -> None:
    state = f"G1 giretra.com hrrr {'9' * 5000} R 0-0 150 * -"
    assert checked(api.view(json.dumps({"state": state, "seat": "Bottom"})))["error"]["code"] == "bad_notation"


def test_deeply_nested_values_are_refused_not_crashing() -> None:
    for depth in (50, 500, 990, 5000):
        nested = "[" * depth + "]" * depth
        for name in api.FUNCTIONS:
            checked(api.call(name, '{"lang": ' + nested + "}"))
            checked(api.call(name, '{"state": ' + nested + ', "seat": "Bottom"}'))


# -- the score calculator (RULES S-2 … S-5) --------------------------------------------------------------------------


def score(**request: Any) -> JSON:
    result: JSON = value("score", **request)["result"]
    return result


def test_score_without_a_mode_lists_the_modes_with_their_totals_and_multipliers() -> None:
    v = value("score", lang="fr")
    assert v["result"] is None and v["rules"] == "giretra.com"
    assert [m["mode"] for m in v["modes"]] == ["ColourClubs", "ColourDiamonds", "ColourHearts", "ColourSpades",
                                              "NoTrumps", "AllTrumps"]
    by_mode = {m["mode"]: m for m in v["modes"]}
    assert [by_mode[m]["total"] for m in ("ColourHearts", "NoTrumps", "AllTrumps")] == [162, 130, 258]
    assert by_mode["NoTrumps"]["text"] == "Sans Atout" and by_mode["ColourHearts"]["text"] == "Cœur ♥"
    # N-5: NoTrumps and Clubs are always doubled; N-6: neither can be redoubled.
    assert by_mode["NoTrumps"]["multipliers"] == by_mode["ColourClubs"]["multipliers"] == [2]
    assert "(N-5)" in by_mode["NoTrumps"]["refused"]["1"] and "(N-6)" in by_mode["ColourClubs"]["refused"]["4"]
    assert by_mode["AllTrumps"]["multipliers"] == by_mode["ColourSpades"]["multipliers"] == [1, 2, 4]
    assert v["teams"] == {"Team1": "Équipe 1 (Sud–Nord)", "Team2": "Équipe 2 (Ouest–Est)"}
    # play.giretra.com: an opponent's Accept only locks (×1 possible), and Clubs can be redoubled.
    play = {m["mode"]: m["multipliers"] for m in value("score", rules="play.giretra.com")["modes"]}
    assert play["NoTrumps"] == [1, 2] and play["ColourClubs"] == [1, 2, 4]


@pytest.mark.parametrize(("request_fields", "points", "match_points", "rule"), [
    # S-2 Colour: 82 of 162 makes it, 81-81 is a tie, Clubs is always ×2.
    ({"mode": "ColourHearts", "cardPoints": {"Team1": 90}}, (90, 72), (16, 0), "S-2"),
    ({"mode": "ColourSpades", "cardPoints": {"Team1": 81, "Team2": 81}}, (81, 81), (0, 0), "S-2"),
    ({"mode": "ColourHearts", "cardPoints": {"Team1": 82}}, (82, 80), (16, 0), "S-2"),
    ({"mode": "ColourClubs", "announcer": "Team2", "cardPoints": {"Team2": 70}}, (92, 70), (32, 0), "S-2"),
    ({"mode": "ColourSpades", "multiplier": 4, "announcer": "Team2", "cardPoints": {"Team1": 67}}, (67, 95),
     (0, 64), "S-2"),
    ({"mode": "ColourDiamonds", "multiplier": 2, "cardPoints": {"Team1": 60}}, (60, 102), (0, 32), "S-2"),
    # S-3 NoTrumps: 52 × 2 (the automatic double) = 104; 65-65 is a tie.
    ({"mode": "NoTrumps", "cardPoints": {"Team1": 94}}, (94, 36), (104, 0), "S-3"),
    ({"mode": "NoTrumps", "announcer": "Team2", "cardPoints": {"Team1": 60, "Team2": 70}}, (60, 70), (0, 104),
     "S-3"),
    ({"mode": "NoTrumps", "cardPoints": {"Team1": 65}}, (65, 65), (0, 0), "S-3"),
    # S-4 AllTrumps: halves up, 131/127 and 129/129 are 0-0, below 129 the defenders take 26, at most 20-6.
    ({"mode": "AllTrumps", "cardPoints": {"Team1": 150}}, (150, 108), (15, 11), "S-4"),
    ({"mode": "AllTrumps", "cardPoints": {"Team1": 131}}, (131, 127), (0, 0), "S-4"),
    ({"mode": "AllTrumps", "cardPoints": {"Team1": 129, "Team2": 129}}, (129, 129), (0, 0), "S-4"),
    ({"mode": "AllTrumps", "cardPoints": {"Team1": 120}}, (120, 138), (0, 26), "S-4"),
    ({"mode": "AllTrumps", "cardPoints": {"Team1": 199}}, (199, 59), (20, 6), "S-4"),
    ({"mode": "AllTrumps", "cardPoints": {"Team1": 240}}, (240, 18), (20, 6), "S-4"),
    ({"mode": "AllTrumps", "cardPoints": {"Team1": 134}}, (134, 124), (13, 12), "S-4"),
    # S-4b doubled / redoubled AllTrumps: the split is multiplied.
    ({"mode": "AllTrumps", "multiplier": 2, "cardPoints": {"Team1": 150}}, (150, 108), (30, 22), "S-4b"),
    ({"mode": "AllTrumps", "multiplier": 2, "cardPoints": {"Team1": 131}}, (131, 127), (0, 0), "S-4b"),
    ({"mode": "AllTrumps", "multiplier": 2, "cardPoints": {"Team1": 120}}, (120, 138), (0, 52), "S-4b"),
    ({"mode": "AllTrumps", "multiplier": 4, "announcer": "Team2", "cardPoints": {"Team2": 199}}, (59, 199),
     (24, 80), "S-4b"),
    # S-5 sweeps: AllTrumps 35 × m, NoTrumps 90 × m (180 with the automatic double); the points are implied.
    ({"mode": "AllTrumps", "sweep": "Team1"}, (258, 0), (35, 0), "S-5"),
    ({"mode": "AllTrumps", "multiplier": 2, "sweep": "Team2"}, (0, 258), (0, 70), "S-5"),
    ({"mode": "NoTrumps", "announcer": "Team2", "sweep": "Team2"}, (0, 130), (0, 180), "S-5"),
    ({"mode": "NoTrumps", "sweep": "Team1", "cardPoints": {"Team1": 130, "Team2": 0}}, (130, 0), (180, 0), "S-5"),
])
def test_score_gives_the_rules_match_points(request_fields: JSON, points: tuple[int, int],
                                            match_points: tuple[int, int], rule: str) -> None:
    r = score(**request_fields)
    assert (r["cardPoints"]["Team1"], r["cardPoints"]["Team2"]) == points
    assert (r["matchPoints"]["Team1"], r["matchPoints"]["Team2"]) == match_points
    assert r["rule"] == rule and r["instantWin"] is None and r["lines"]


def test_score_colour_sweep_wins_the_match_on_the_spot_for_either_team() -> None:
    for announcer in ("Team1", "Team2"):
        for multiplier in (1, 2, 4):
            r = score(mode="ColourHearts", multiplier=multiplier, announcer=announcer, sweep="Team1")
            assert r["instantWin"] == "Team1" and r["outcome"] == "instant_win" and r["rule"] == "S-5"
            assert r["matchPoints"] == {"Team1": 0, "Team2": 0} and r["cardPoints"] == {"Team1": 162, "Team2": 0}
    assert score(mode="ColourClubs", sweep="Team2")["instantWin"] == "Team2"


def test_score_spells_out_the_arithmetic_in_the_requested_language() -> None:
    r = score(mode="NoTrumps", cardPoints={"Team1": 94})
    assert r["multiplier"] == 2 and r["automatic"] is True and r["outcome"] == "made"
    assert r["lines"][-1] == "52 × 2 (doubled automatically) = 104 to Team 1 (Bottom–Top)."
    fr = score(mode="NoTrumps", cardPoints={"Team1": 94}, lang="fr")
    assert fr["lines"][-1] == "Équipe 1 (Sud–Nord) marque 52 × 2 (contré automatiquement) = 104."
    assert fr["modeText"] == "Sans Atout"
    mg = score(mode="AllTrumps", multiplier=2, cardPoints={"Team1": 150}, lang="mg")
    assert mg["lines"][-1] == "15 × 2 (Contré) = 30 ho an’ny mpanambara, 11 × 2 (Contré) = 22 ho an’ny mpiaro."
    explicit = score(mode="AllTrumps", multiplier=2, cardPoints={"Team1": 199})
    assert explicit["automatic"] is False and "(doubled)" in explicit["lines"][-1]
    # The same deal through a real match gives the same lines (one source of the arithmetic).
    summary = value("deal_summary", state=NT_MADE_AUTO)
    again = score(mode="NoTrumps", announcer="Team1", cardPoints=summary["cardPoints"])
    assert again["lines"] == summary["lines"] and again["matchPoints"] == summary["matchPoints"]


def test_score_play_giretra_com_uses_its_own_switches() -> None:
    # R-HEAD variants: Clubs base 32 at ×1, NoTrumps 52 at ×1, AllTrumps 26-0 dominance, doubled winner takes all.
    assert score(rules="play.giretra.com", mode="ColourClubs", cardPoints={"Team1": 90})["matchPoints"]["Team1"] == 32
    assert score(rules="play.giretra.com", mode="NoTrumps", cardPoints={"Team1": 90})["matchPoints"]["Team1"] == 52
    assert score(rules="play.giretra.com", mode="AllTrumps", cardPoints={"Team1": 210})["matchPoints"] == {
        "Team1": 26, "Team2": 0}
    assert score(rules="play.giretra.com", mode="AllTrumps", multiplier=2, cardPoints={"Team1": 150})[
        "matchPoints"] == {"Team1": 52, "Team2": 0}


@pytest.mark.parametrize(("request_fields", "code", "words"), [
    ({"mode": "NoTrumps", "multiplier": 1, "cardPoints": {"Team1": 90}}, "multiplier_not_allowed", "(N-5)"),
    ({"mode": "ColourClubs", "multiplier": 1, "cardPoints": {"Team1": 90}}, "multiplier_not_allowed", "(N-5)"),
    ({"mode": "NoTrumps", "multiplier": 4, "cardPoints": {"Team1": 90}}, "multiplier_not_allowed", "(N-6)"),
    ({"mode": "ColourClubs", "multiplier": 4, "cardPoints": {"Team1": 90}}, "multiplier_not_allowed", "(N-6)"),
    ({"rules": "play.giretra.com", "mode": "NoTrumps", "multiplier": 4, "cardPoints": {"Team1": 90}},
     "multiplier_not_allowed", "(N-6)"),
    ({"mode": "ColourHearts", "multiplier": 3, "cardPoints": {"Team1": 90}}, "bad_request", "1, 2 or 4"),
    ({"mode": "ColourHearts", "multiplier": 8, "cardPoints": {"Team1": 90}}, "bad_request", "multiplier"),
    ({"mode": "ColourHearts", "multiplier": "2", "cardPoints": {"Team1": 90}}, "bad_request", "multiplier"),
    ({"mode": "ColourHearts", "multiplier": True, "cardPoints": {"Team1": 90}}, "bad_request", "multiplier"),
    ({"mode": "ColourHearts", "cardPoints": {"Team1": 90, "Team2": 90}}, "bad_card_points", "90 + 90 = 180 (S-1)"),
    ({"mode": "NoTrumps", "cardPoints": {"Team1": 162, "Team2": 0}}, "bad_card_points", "0 to 130"),
    ({"mode": "ColourHearts", "cardPoints": {"Team1": 163}}, "bad_card_points", "0 to 162"),
    ({"mode": "ColourHearts", "cardPoints": {"Team1": -1}}, "bad_card_points", "-1 is not"),
    ({"mode": "ColourHearts", "cardPoints": {"Team1": 90.5}}, "bad_card_points", "90.5 is not"),
    ({"mode": "ColourHearts", "cardPoints": {"Team1": "90"}}, "bad_card_points", '"90" is not'),
    ({"mode": "ColourHearts", "cardPoints": {"Team1": None}}, "bad_card_points", "null is not"),
    ({"mode": "ColourHearts", "cardPoints": {"Team1": 1}}, "bad_card_points", "total of 1 in Hearts ♥ (S-1)"),
    ({"mode": "ColourHearts", "cardPoints": {"Team2": 1}}, "bad_card_points", "(S-1)"),
    ({"mode": "ColourHearts", "cardPoints": {"Team1": 161}}, "bad_card_points", "(S-1)"),
    ({"mode": "AllTrumps", "cardPoints": {"Team1": 253}}, "bad_card_points", "(S-1)"),
    ({"mode": "AllTrumps", "cardPoints": {"Team1": 5}}, "bad_card_points", "(S-1)"),
    ({"mode": "NoTrumps", "cardPoints": {"Team1": 129}}, "bad_card_points", "(S-1)"),
    ({"mode": "ColourHearts"}, "bad_card_points", "at least one team"),
    ({"mode": "ColourHearts", "cardPoints": {}}, "bad_request", "cardPoints"),
    ({"mode": "ColourHearts", "cardPoints": {"Team3": 90}}, "bad_request", "cardPoints"),
    ({"mode": "ColourHearts", "cardPoints": [90, 72]}, "bad_request", "cardPoints"),
    ({"mode": "ColourHearts", "sweep": "Team1", "cardPoints": {"Team1": 90}}, "bad_card_points", "(S-5)"),
    ({"mode": "AllTrumps", "sweep": "Team2", "cardPoints": {"Team2": 258, "Team1": 10}}, "bad_card_points",
     "(S-1)"),
    ({"mode": "AllTrumps", "sweep": "Team2", "cardPoints": {"Team1": 258}}, "bad_card_points", "(S-5)"),
    ({"mode": "HEARTS", "cardPoints": {"Team1": 90}}, "bad_mode", "ColourHearts"),
    ({"mode": 2, "cardPoints": {"Team1": 90}}, "bad_request", "mode"),
    ({"mode": "ColourHearts", "announcer": "Bottom", "cardPoints": {"Team1": 90}}, "bad_team", "Team1 or Team2"),
    ({"mode": "ColourHearts", "sweep": "both"}, "bad_team", "Team1 or Team2"),
    ({"mode": "ColourHearts", "sweep": 1}, "bad_request", "sweep"),
    ({"rules": "belote", "mode": "ColourHearts", "cardPoints": {"Team1": 90}}, "bad_rules", "belote"),
    ({"cardPoints": {"Team1": 90}}, "bad_request", "mode is missing"),
    ({"mode": "ColourHearts", "cardPoints": {"Team1": 90}, "lang": "de"}, "bad_lang", "de"),
    ({"mode": "ColourHearts", "points": {"Team1": 90}}, "bad_request", "points"),
])
def test_score_refuses_bad_input_with_a_clear_message(request_fields: JSON, code: str, words: str) -> None:
    refused = error("score", **request_fields)
    assert refused["code"] == code and words in refused["message"], refused


def test_score_refusals_a_user_can_cause_are_in_their_language() -> None:
    fr = error("score", mode="NoTrumps", multiplier=1, cardPoints={"Team1": 90}, lang="fr")["message"]
    assert fr.startswith("Sans Atout est toujours contré") and fr.endswith("(N-5).")
    mg = error("score", mode="ColourHearts", cardPoints={"Team1": 90, "Team2": 90}, lang="mg")["message"]
    assert "90 + 90 = 180 (S-1)" in mg and "Amin’ny Cœur ♥" in mg
    assert "capot" in error("score", mode="ColourHearts", sweep="Team1", cardPoints={"Team1": 90},
                            lang="fr")["message"]


def test_score_accepts_every_possible_split_and_agrees_with_the_engine() -> None:
    from giretra_core.modes import Mode
    from giretra_core.rules import PRESETS
    from giretra_core.scoring import score_deal

    for mode in Mode:
        refused = 0
        for a in range(mode.total_points + 1):
            out = ask("score", mode=mode.api_name, announcer="Team2", cardPoints={"Team2": a})
            if not out["ok"]:
                assert out["error"]["code"] == "bad_card_points"
                refused += 1
                continue
            m = 2 if mode in (Mode.NO_TRUMPS, Mode.CLUBS) else 1
            expected = score_deal(PRESETS["giretra.com"], mode, m, 1, (mode.total_points - a, a), None)
            assert tuple(out["value"]["result"]["matchPoints"].values()) == expected.match_points
        assert refused == (6 if mode is Mode.ALL_TRUMPS else 2)  # 1 and total-1 (AllTrumps also 2, 5 and their twins)


# -- fuzz: random and garbled requests to every function -----------------------------------------------------------

FUNCTION_NAMES = sorted(api.FUNCTIONS)
BASE_REQUESTS: list[tuple[str, JSON]] = [
    ("info", {}),
    ("new_match", {"seed": 9, "players": {"Bottom": "human"}, "lang": "fr"}),
    ("view", {"state": MID, "seat": "Bottom"}),
    ("view", {"state": NT_MADE_AUTO, "seat": "Left", "lang": "mg"}),
    ("legal", {"state": MID, "seat": "Right"}),
    ("legal", {"state": ALLTRUMPS_KH, "seat": "Left"}),
    ("apply", {"state": ALLTRUMPS_KH, "seat": "Left", "action": "AH"}),
    ("apply", {"state": ALLTRUMPS_KH, "seat": "Left", "action": "7H"}),
    ("bot_action", {"state": MID, "seat": MID_TURN, "seed": 4}),
    ("bot_action", {"state": ALLTRUMPS_KH, "seat": "Left", "level": "random", "budgetMs": 0}),
    ("deal_summary", {"state": NT_MADE_AUTO}),
    ("review", {"state": NT_MADE_AUTO, "seat": "Bottom", "budgetMs": 0}),
    ("analyse_deal", {"state": NT_MADE_AUTO, "seat": "Top", "first": 2, "count": 1}),
    ("score_sheet", {"state": MID}),
    ("set_players", {"state": MID, "players": {"Top": "human"}}),
    ("share_deal", {"state": MID}),
    ("open_link", {"link": value("share_deal", state=MID)["link"], "lang": "mg"}),
    ("take_back", {"state": MID, "seat": "Top", "lang": "fr"}),
    ("score", {}),
    ("score", {"mode": "ColourHearts", "multiplier": 2, "announcer": "Team2", "cardPoints": {"Team1": 90},
               "lang": "fr"}),
    ("score", {"rules": "play.giretra.com", "mode": "AllTrumps", "cardPoints": {"Team1": 131, "Team2": 127}}),
    ("score", {"mode": "NoTrumps", "sweep": "Team1", "lang": "mg"}),
]
NOTATION_CHARS = "GB1LTR0-9 _.*/chrxoknNATSHDCJQK7810+²١\n"

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(min_value=-2**70, max_value=2**70)
    | st.floats(allow_nan=True, allow_infinity=True) | st.text(max_size=12),
    lambda children: st.lists(children, max_size=3) | st.dictionaries(st.text(max_size=6), children, max_size=3),
    max_leaves=8)


@st.composite
def garbled_state(draw: st.DrawFn, state: str) -> str:
    """*state* with a few characters deleted, inserted or replaced."""
    text = list(state)
    for _ in range(draw(st.integers(1, 3))):
        op = draw(st.sampled_from(["delete", "insert", "replace", "truncate", "digit"]))
        at = draw(st.integers(0, max(0, len(text) - 1)))
        char = draw(st.sampled_from(NOTATION_CHARS) | st.characters())
        digits = [i for i, c in enumerate(text) if c.isdigit()]
        if op == "digit" and digits:  # another digit, or a character that str.isdigit() also accepts
            text[draw(st.sampled_from(digits))] = draw(st.sampled_from("0123456789²³١٩"))
        elif op == "delete" and text:
            del text[at]
        elif op == "insert":
            text.insert(at, char)
        elif op == "replace" and text:
            text[at] = char
        elif op == "truncate":
            text = text[:at]
    return "".join(text)


@st.composite
def garbage_request(draw: st.DrawFn) -> tuple[str, str]:
    """(function name, request text): raw text, random JSON, or a mutated real request."""
    kind = draw(st.sampled_from(["text", "json", "mutated", "mutated", "mutated", "state"]))
    name = draw(st.sampled_from(FUNCTION_NAMES))
    if kind == "text":
        return name, draw(st.text(max_size=40))
    if kind == "json":
        return name, json.dumps(draw(json_values))
    base_name, base = draw(st.sampled_from(BASE_REQUESTS))
    request = dict(base)
    name = draw(st.sampled_from([base_name, name]))
    if kind == "state" and "state" in request:
        request["state"] = draw(garbled_state(request["state"]))
        return name, json.dumps(request)
    op = draw(st.sampled_from(["replace_field", "delete_field", "add_field", "garble_text"]))
    if op == "replace_field" and request:
        field = draw(st.sampled_from(sorted(request)))
        request[field] = draw(json_values | st.sampled_from(["", "Bottom", "AH", "c10", "ok", "xNT", "fr", "Team2",
                                                              "NoTrumps", 4, 81, {"Team2": 129}]))
    elif op == "delete_field" and request:
        del request[draw(st.sampled_from(sorted(request)))]
    elif op == "add_field":
        request[draw(st.sampled_from(["seat", "action", "lang", "seed", "level", "deal", "players",
                                      "budgetMs", "target", "x", "mode", "multiplier", "announcer",
                                      "cardPoints", "sweep", "rules"]))] = draw(json_values)
    text = json.dumps(request, ensure_ascii=draw(st.booleans()))
    if op == "garble_text":
        text = draw(garbled_state(text))
    return name, text


# Reproducible (derandomize), no example database, no patch files on failure (no explain phase).
FUZZ = settings(max_examples=3000, derandomize=True, deadline=None, database=None,
                phases=[Phase.explicit, Phase.generate, Phase.shrink],
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@FUZZ
@given(garbage_request())
@example(("view", json.dumps({"state": "G1 giretra.com rrrr ² R 0-0 150 * -", "seat": "Bottom"})))
@example(("apply", json.dumps({"state": "G1 giretra.com rrrr 1 R 0-0 150 * -", "seat": "Left", "action": "c²"})))
def test_fuzz_every_answer_is_well_formed_json_and_nothing_escapes(request: tuple[str, str]) -> None:
    name, text = request
    checked(api.call(name, text))


@settings(FUZZ, max_examples=800)
@given(garbage_request(), st.sampled_from(BASE_REQUESTS))
def test_fuzz_a_garbage_request_changes_nothing(request: tuple[str, str], base: tuple[str, JSON]) -> None:
    base_name, base_request = base
    before = api.call(base_name, json.dumps(base_request))
    checked(api.call(*request))
    after = api.call(base_name, json.dumps(base_request))
    assert checked(before) == checked(after)
    assert before == after


def _with_surrogates(request: JSON) -> list[JSON]:
    """*request* with a lone surrogate in each of its strings in turn (values, nested ones, and keys)."""
    out: list[JSON] = []
    for key, val in request.items():
        for bad in ("\ud800", "\udfff", f"{val}\udc00" if isinstance(val, str) else "x\udbff"):
            if isinstance(val, str) or key != "state":
                out.append({**request, key: bad})
        if isinstance(val, dict):
            for inner in val:
                out.append({**request, key: {**val, inner: "\ud800"}})
                out.append({**request, key: {f"{inner}\ud800": val[inner]}})
    return [*out, {**request, "\ud800": 1}]


SURROGATE_BASES = [*BASE_REQUESTS, ("check_answer", {"lesson": "play-follow-suit", "index": 0, "answer": "x"}),
                   ("lesson_task", {"lesson": "play-follow-suit", "lang": "fr"}), ("lessons", {"lang": "mg"})]


@pytest.mark.parametrize(("function", "request_fields"), SURROGATE_BASES)
def test_a_lone_surrogate_in_any_string_is_refused_and_every_answer_is_utf8(function: str,
                                                                          request_fields: JSON) -> None:
    # An audit: check_answer echoed "\ud800" into its message, which no UTF-8 transport can carry.
    for request in _with_surrogates(request_fields):
        answer = api.call(function, json.dumps(request))
        answer.encode("utf-8")
        assert checked(answer)["error"]["code"] == "bad_request", (function, request)


def test_every_rule_the_engine_cites_has_its_anchor_on_the_rules_page() -> None:
    # The calculator linked doubled AllTrumps to rules.html#S-4b, which the page did not have (a learner's review).
    page = (Path(__file__).parent.parent / "web" / "rules.html").read_text(encoding="utf-8")
    anchors = set(re.findall(r'\bid="([A-Z]-\d+[a-z]?)"', page))
    cited = {rule for rule in RULE_OF.values() if rule}
    for mode in ("ColourHearts", "ColourClubs", "NoTrumps", "AllTrumps"):
        for m in (1, 2, 4):
            out = json.loads(api.score(json.dumps({"mode": mode, "multiplier": m, "cardPoints": {"Team1": 90}})))
            cited.add(out["value"]["result"]["rule"] if out["ok"] else out["error"]["rule"])
    assert {"S-2", "S-3", "S-4", "S-4b", "N-5", "N-6"} <= cited
    assert cited - anchors == set()


def test_every_seam_function_has_its_section_in_the_api_reference() -> None:
    # A code review: a draft contract (docs/seam-contract.md, now gone) had drifted from the code; docs/api.md is the
    # reference, and a function added to the seam must get its section there.
    doc = (Path(__file__).parent.parent / "docs" / "api.md").read_text(encoding="utf-8")
    headed = {name for line in re.findall(r"^## (.+)$", doc, re.M) for name in re.findall(r"`(\w+)`", line)}
    assert set(api.FUNCTIONS) <= headed, set(api.FUNCTIONS) - headed


def test_every_rule_the_rules_page_names_in_its_text_is_a_link_to_it() -> None:
    # A reader's audit: 36 rule ids in the page's prose ("(N-7)", "P-5 and P-6 apply") were plain text, a phone
    # reader's long scroll away from the rule they name.
    page = (Path(__file__).parent.parent / "web" / "rules.html").read_text(encoding="utf-8")
    anchors = set(re.findall(r'\bid="([A-Z]-\d+[a-z]?)"', page))
    plain, inside_link = [], 0
    for piece in re.findall(r"<[^>]+>|[^<]+", page):
        if piece.startswith("<"):
            inside_link += 1 if re.match(r"<a[\s>]", piece) else -1 if piece.startswith("</a") else 0
        elif not inside_link:
            plain += re.findall(r"(?<![\w-])[DNPSM]-\d+[a-z]?(?![\w-])", piece)
    assert plain == []
    linked = set(re.findall(r'<a href="#([DNPSM]-\d+[a-z]?)"', page))
    assert len(linked) >= 10 and linked <= anchors


# The rules page's worked examples as replays (issue 35): the lesson each follows, and what its caption says happens.
WORKED_EXAMPLES = {
    "scoring-colour": {"mode": "ColourHearts", "multiplier": 2, "announcers": 66, "need": 82},
    "scoring-notrumps": {"mode": "NoTrumps", "multiplier": 2, "announcers": 26, "need": 66},
    "scoring-alltrumps": {"mode": "AllTrumps", "multiplier": 1, "announcers": 258, "sweep": True},
}


def test_the_rules_pages_worked_examples_replay_the_deals_their_captions_describe() -> None:
    page = (Path(__file__).parent.parent / "web" / "rules.html").read_text(encoding="utf-8")
    found = re.findall(r'lesson="([\w-]+)".*\n<giretra-game mode="replay" deal="(\d+)" link="([^"]+)">'
                       r'<span lang="en">([^<]+)</span><span lang="fr">[^<]+</span><span lang="mg">[^<]+</span>', page)
    assert {lesson for lesson, *_ in found} == set(WORKED_EXAMPLES)
    for lesson, deal, link, caption in found:
        want = WORKED_EXAMPLES[lesson]
        out = json.loads(api.open_link(json.dumps({"link": link})))
        assert out["ok"], (lesson, out)
        replay = json.loads(api.replay_deal(json.dumps({"state": out["value"]["state"], "deal": int(deal)})))["value"]
        contract, last = replay["contract"], replay["steps"][-1]
        team = contract["announcerTeam"]
        assert (contract["mode"], contract["multiplier"]) == (want["mode"], want["multiplier"]), lesson
        assert last["cardPoints"][team] == want["announcers"], lesson
        # the last trick's 10 (S-1), which the card points add, is the step's to say (the replay said "+17" alone)
        bonuses = [s["trick"]["bonus"] for s in replay["steps"] if s["trick"] and s["trick"]["complete"]]
        assert bonuses == [0] * 7 + [10], lesson
        if "need" in want:
            assert f"take {want['announcers']} of the {want['need']} they need" in caption
            assert want["announcers"] < want["need"]
        if want.get("sweep"):
            assert last["tricksWon"][team] == 8 and "every trick" in caption


@pytest.mark.parametrize("depth", [32, 3000, 100_000])
def test_json_nested_too_deep_is_refused_before_it_is_parsed(depth: int) -> None:
    # In Pyodide, 3000 levels overflowed the WebAssembly stack (a fatal error for the engine) before Python's
    # RecursionError; the depth is refused first, in CPython too. A bracket inside a string is no nesting.
    # (The request's own object is one level: arrays *depth* deep inside it make depth + 1.)
    out = json.loads(api.view('{"state": "x", "seat": ' + "[" * depth + "]" * depth + "}"))
    assert out["error"]["code"] == "bad_json" and "nested more than 32 deep" in out["error"]["message"]
    assert json.loads(api.view('{"state": "x", "seat": "' + "[" * depth + '"}'))["error"]["code"] == "bad_notation"
    shallow = json.loads(api.view('{"state": "x", "seat": ' + "[" * 31 + "]" * 31 + "}"))   # 32 deep: parsed
    assert shallow["error"]["code"] == "bad_notation"   # parsed: it is the state that is wrong


def test_a_key_given_twice_is_refused() -> None:
    # json.loads keeps the last of two equal keys: {"Bottom": "human", "Bottom": "random"} seated a bot, silently.
    out = json.loads(api.new_match('{"players": {"Bottom": "human", "Bottom": "random"}}'))
    assert out["error"]["code"] == "bad_json" and "'Bottom'" in out["error"]["message"], out
    assert json.loads(api.new_match('{"seed": 1, "seed": 2}'))["error"]["code"] == "bad_json"


@pytest.mark.parametrize("function", ["new_match", "set_players"])
def test_a_seat_named_twice_in_players_is_refused(function: str) -> None:
    # A fuzz: {"B": "human", "Bottom": "random"} let the last one win, without a word.
    args: dict[str, Any] = {"players": {"B": "human", "Bottom": "random"}}
    if function == "set_players":
        args["state"] = ask("new_match", seed=1)["value"]["state"]
    error = ask(function, **args)["error"]
    assert error["code"] == "bad_request" and "Bottom twice" in error["message"], error


def test_an_error_quotes_a_huge_bad_value_in_part() -> None:
    # A fuzz: a 100 kB seat name came back whole in the message. It is cut in the middle: the reason's end stays.
    error = ask("new_match", players={"B" * 100_000: "human"})["error"]
    assert error["code"] == "bad_seat" and len(error["message"]) <= api.MAX_MESSAGE + 3
    assert error["message"].startswith("unknown seat: 'BBB") and error["message"].endswith("Top or Right)")


def test_a_deals_result_names_the_teams_as_the_table_around_it_does() -> None:
    # A learner's review: the table said "Team 1 (you and Top)" and the result's lines "Team 1 (Bottom–Top)". With
    # a person at Bottom the lines use the page's own words (web/js/i18n: team.Team1); a table of bots keeps the seats.
    people = NT_MADE_AUTO.replace(" rrrr ", " hrrr ", 1)
    assert ask("deal_summary", state=people)["value"]["lines"][-1].endswith("to Team 1 (you and Top).")
    assert ask("deal_summary", state=NT_MADE_AUTO)["value"]["lines"][-1].endswith("to Team 1 (Bottom–Top).")
    for lang in ("en", "fr", "mg"):
        page = (Path(__file__).parent.parent / "web" / "js" / "i18n" / f"{lang}.js").read_text(encoding="utf-8")
        words = dict(re.findall(r"'team\.(Team[12])': '([^']*)'", page))
        assert (words["Team1"], words["Team2"]) == TEAMS_SEEN[lang]


# -- every state the seam returns reads back (an audit: a 20,003-character state every later call refused) ---------


def _longest_readable_match() -> Match:
    """A legal match as long as the notation holds: target a million, random bots, played until one more action would
    pass the limit. Built with the Match API (the seam would take minutes); a Colour sweep ends a match at once, so
    the seeds are tried in turn until one lasts."""
    for seed in range(100):
        start = value("new_match", seed=seed, players={"Bottom": "random"}, target=1_000_000)["state"]
        match, rng = parse_match(start), random.Random(seed)
        length = steps = 0
        while match.turn is not None:
            after = match.apply_unchecked(match.turn, rng.choice(list(match.legal_actions())))
            steps += 1
            # Written every 16 actions (under 100 characters) while far from the limit: 20 kB at every action took 20 s.
            if length > MAX_NOTATION - 300 or steps % 16 == 0:
                length = len(format_match(after))
                if length > MAX_NOTATION:
                    return match
            match = after
    raise AssertionError("every seed's match ended in a sweep")


MAX_NOTATION = 20_000


def test_no_state_the_seam_returns_is_one_it_refuses_to_read() -> None:
    match = _longest_readable_match()
    state = format_match(match)
    assert 19_900 < len(state) <= MAX_NOTATION and len(match.history) > 100
    view = value("view", state=state, seat="Bottom")   # read back, as a save or a link would be
    seat = view["toAct"]
    action = value("bot_action", state=state, seat=seat, level="random")["action"]
    out = ask("apply", state=state, seat=seat, action=action)
    # Refused, not a state of 20,003 characters that every later call refuses: the page says the match cannot go on.
    assert not out["ok"] and out["error"]["code"] == "match_too_long", out
    assert "new match" in out["error"]["message"]
    assert "nouvelle partie" in ask("apply", state=state, seat=seat, action=action, lang="fr")["error"]["message"]
    assert value("view", state=state, seat="Bottom") == view   # nothing changed: the same match, still readable
    for other in list(match.legal_actions())[:3]:   # whatever the action, never an unreadable state
        answer = ask("apply", state=state, seat=seat, action=action_token(other))
        assert not answer["ok"] or len(answer["value"]["state"]) <= MAX_NOTATION


def test_match_info_names_a_match_by_what_stays_and_its_seed_only_when_the_seed_deals_it() -> None:
    # The page compares matches and makes seed links from this, never from the notation's fields (issue 32).
    start = value("new_match", seed=42, rules="play.giretra.com", players={"Bottom": "human"})["state"]
    seat = value("view", state=start, seat="Bottom")["toAct"]
    action = value("bot_action", state=start, seat=seat)["action"]
    later = value("apply", state=start, seat=seat, action=action)["state"]
    info = value("match_info", state=start)
    assert info == {"id": value("match_info", state=later)["id"], "rules": "play.giretra.com", "seed": 42}
    relevelled = value("set_players", state=later, players={"Left": "expert"})["state"]
    assert value("match_info", state=relevelled)["id"] == info["id"]   # the players are not the match
    assert value("match_info", state=value("new_match", seed=43)["state"])["id"] != info["id"]
    assert value("match_info", state=value("share_deal", state=later)["state"])["seed"] == 42   # deal 1: the seed's
    while value("view", state=later, seat="Bottom")["dealNumber"] == 1:
        seat = value("view", state=later, seat="Bottom")["toAct"]
        action = value("bot_action", state=later, seat=seat)["action"]
        later = value("apply", state=later, seat=seat, action=action)["state"]
    shared = value("share_deal", state=later)["state"]
    assert value("match_info", state=shared)["seed"] is None   # a given deck: a seed link would deal another


# -- what a call does, and the negotiation's refusals once each (issue 34, item 6) ---------------------------------

@pytest.mark.parametrize(("lang", "text"), [("en", "doubles it, ×2"), ("fr", "le contre, ×2"),
                                            ("mg", "manao Contré azy, ×2")])
def test_an_opponents_accept_of_notrumps_says_it_doubles_before_it_is_made(lang: str, text: str) -> None:
    state = "G1 giretra.com hrrr 0 R 0-0 150 * c6.NT"
    for source in (value("legal", state=state, seat="Left", lang=lang)["actions"],
                   value("view", state=state, seat="Left", lang=lang)["legal"]):
        accept = next(a for a in source if a["action"] == "ok")
        assert accept["effect"] == {"code": "accept_doubles", "mode": "NoTrumps", "multiplier": 2, "text": text}
        assert all("effect" in a for a in source if a["legal"]) and not any("effect" in a for a in source
                                                                             if not a["legal"])
    after = value("apply", state=state, seat="Left", action="ok")["view"]["contract"]
    assert (after["mode"], after["multiplier"], after["automatic"]) == ("NoTrumps", 2, True)   # as it said


def test_coach_restrictions_name_every_mode_once() -> None:
    view = value("view", state="G1 giretra.com hrrr 0 R 0-0 150 * c6.NT", seat="Left")
    lines = {r["code"]: r for r in view["restrictions"]}
    assert lines["not_higher"]["text"] == ("Clubs ♣, Diamonds ♦, Hearts ♥, Spades ♠ and NoTrumps: not higher than "
                                           "the current bid, NoTrumps (N-2, announce higher).")
    assert lines["not_higher"]["actions"] == ["C", "D", "H", "S", "NT"] and lines["not_higher"]["rule"] == "N-2"
    refused = {a["action"] for a in view["legal"] if not a["legal"]}
    assert refused == {t for r in view["restrictions"] for t in r["actions"]}   # every refused call, once
    for lang in ("fr", "mg"):
        texts = [r["text"] for r in value("view", state="G1 giretra.com hrrr 0 R 0-0 150 * c6.NT", seat="Left",
                                          lang=lang)["restrictions"]]
        assert len(texts) == len(lines) and all("{" not in t and "Clubs" not in t for t in texts), texts
    waiting = value("view", state="G1 giretra.com hrrr 0 R 0-0 150 * c6.NT", seat="Top")
    assert waiting["restrictions"] == []   # not its turn: nothing to coach
