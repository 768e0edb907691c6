"""The bot ladder: every level plays only legal actions, never crashes and is reproducible; a few tactical
positions per level; the pieces underneath (inference, sampling, the solver, the policy play-outs)."""

from __future__ import annotations

import json
import random

import pytest
from helpers import SPADES, advance, assert_solver_best, deal_in_play, table

from giretra_core import GiretraError, Seat, bots, jsonapi
from giretra_core.arena import main as arena_main
from giretra_core.arena import run, validate
from giretra_core.bots import expert, oracle
from giretra_core.bots.advanced import signal_state
from giretra_core.bots.cardplay import ADVANCED, heuristic_card
from giretra_core.bots.expert import ExpertSettings
from giretra_core.bots.inference import sample_world
from giretra_core.bots.knowledge import play_inference, play_knowledge
from giretra_core.bots.rollout import policy_playout
from giretra_core.bots.solver import Solver
from giretra_core.cards import card_name, cards_of, parse_card
from giretra_core.match import Match
from giretra_core.modes import POINTS, Mode
from giretra_core.negotiation import Call, CallKind
from giretra_core.notation import parse_match
from giretra_core.play import legal_cards, winning_index
from giretra_core.views import seat_view

LEVELS = ["random", "basic", "advanced", "expert"]

# Spades by Team1 (Bottom announces); Bottom leads trick 1 with AD, the master diamond.
# NoTrumps by Team1; after KC 7C 8C, Right (last) holds AC 10C 9C.
NOTRUMPS = {"B": "KCQCJC7D8D9D10DJD", "L": "7C7H8H9H10HJHQHKH", "T": "8CAH7S8S9S10SJSQS",
            "R": "AC10C9CADKDQDKSAS"}
# Bottom opens Hearts; Left holds JH 9H AH 8H among its five cards: the contract will fail.
WEAK_HEARTS = {"B": "KHQH10HAC10CKCQCJC", "L": "JH9HAH8H7S8S9S10S", "T": "7H7C8C9CAD10DKDQD",
               "R": "JDJS9D8D7DQSKSAS"}


def decide(level: str, match: Match, budget_ms: float = 60.0) -> bots.Decision:
    seat = match.turn
    assert seat is not None
    return bots.choose(level, seat_view(match, seat), random.Random(1), budget_ms, time_guard=False)


# -- every level: legal, no crash, reproducible ----------------------------------------------------------------------


@pytest.mark.parametrize("level", LEVELS)
def test_validate_plays_legal_reproducible_deals(level: str) -> None:
    deals = 2 if level == "expert" else 25
    report = validate(level, deals, seed=11, budget_ms=40.0)
    assert report["ok"], report["failures"]


def test_validate_under_the_reference_rules() -> None:
    assert validate("advanced", 10, seed=3, rules="play.giretra.com")["ok"]


@pytest.mark.parametrize("level", LEVELS)
def test_every_decision_has_a_known_reason(level: str) -> None:
    rng = random.Random(5)
    match = Match.new(5, players=["random"] * 4)
    while not match.history:
        seat = match.turn
        assert seat is not None
        decision = bots.choose(level, seat_view(match, seat), rng, 30.0, time_guard=False)
        assert decision.key in bots.REASONS and decision.why
        match = match.apply(seat, decision.action)


def test_unknown_level_and_wrong_turn_are_refused() -> None:
    match = Match.new(1)
    with pytest.raises(GiretraError, match="unknown bot level"):
        bots.choose("grandmaster", seat_view(match, Seat.BOTTOM), random.Random(0))
    idle = Seat((int(match.turn or 0) + 1) & 3)
    for level in LEVELS:
        with pytest.raises(GiretraError, match="nothing to do"):
            bots.choose(level, seat_view(match, idle), random.Random(0))


def test_levels_are_ordered_with_the_hint_last() -> None:
    assert list(bots.LEVELS) == LEVELS


# -- tactical positions ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("level", ["basic", "advanced"])
def test_a_defender_or_declarer_cashes_the_master_card(level: str) -> None:
    d = decide(level, table("R", SPADES, "S ok ok ok"))
    assert (card_name(d.action), d.key, d.why) == ("AD", "master", "master card: AD is the highest left in its suit")


@pytest.mark.parametrize("level", ["basic", "advanced", "expert"])
def test_partner_wins_add_points(level: str) -> None:
    # Top is void in diamonds and its partner's AD wins the trick: Top gives the king of clubs.
    d = decide(level, table("R", SPADES, "S ok ok ok AD 7D"))
    assert (card_name(d.action), d.key) == ("KC", "partner_wins_add")


@pytest.mark.parametrize("level", ["basic", "advanced"])
def test_last_hand_wins_cheaply(level: str) -> None:
    d = decide(level, table("R", NOTRUMPS, "NT ok ok ok KC 7C 8C"))
    assert (card_name(d.action), d.key) == ("10C", "win_cheap")


def test_the_expert_wins_the_trick_last() -> None:
    # The 10 and the ace of clubs are worth the same here (the other becomes master): either is right.
    d = decide("expert", table("R", NOTRUMPS, "NT ok ok ok KC 7C 8C"))
    assert card_name(d.action) in ("10C", "AC")


# Three hints a helper's audit found to be blunders (a 600-deal search and the double-dummy solve of the real deal
# both disagree), all in NoTrumps: the search overrode the policy's sound card by less than its own noise. Each row:
# the position, the RNG that gave the blunder, the card kept now, the card the search preferred within the noise.
_AUDIT = ("G1 giretra.com eeee 51 L 0-0 150 * c12.S.NT.AT.ok.ok.xAT.ok.ok.ok.QD.10D.JD.7D.8S.QS.AS.10S.JS.KS.9S.7C"
          ".9D.QC.9C.8D.7S.10C.10H.QH.8H.JH.7H.KH.JC.8C.9H.KD.AC.KC.AD.AH/c23.C.NT.ok.ok.ok.9D.8D.AD.JD.10S.9S.8S")
NOISE = [
    (_AUDIT, "51:55", "AS", "7S"),   # last to play ducked a 10-point trick holding the master ace
    (_AUDIT + ".7S.10C.KS.JC", "51:59", "AC", "9C"),   # the same, next trick
    ("G1 giretra.com eeee 50 T 0-0 150 * c10.NT.AT.xAT.ok.ok.ok.7D.AD.JD.8D.8S.10S.9S.KS.KD.8C.10D.9D.7S.QS.AS.JS"
     ".QD.7H.9H.QH.JH.8H.AH.KH.10C.KC.9C.JC.10H.AC.QC.7C/c12.NT.AT.xAT.xNT.ok.ok.ok.KC.JC.AC.7C.KS.8H.7S.8S.9H.KH",
     "50:57", "7D", "10C"),   # threw a ten on a lost trick with a seven in hand
]


@pytest.mark.parametrize(("state", "seed", "kept", "noise"), NOISE)
def test_the_expert_keeps_the_policys_card_when_the_search_leads_by_noise(state: str, seed: str, kept: str,
                                                                          noise: str) -> None:
    match = parse_match(state)
    assert match.turn is not None
    view = seat_view(match, match.turn)
    # The blunder as the audit found it: no keep rule, the play-outs and the work of the time (the advanced play
    # before issue 36, a card's share of the budget 0.35, 160 sampled deals at most).
    before = expert.choose(view, random.Random(seed), 400.0, time_guard=False,
                           settings=ExpertSettings(keep_se=0.0, advanced_play=False, play_share=0.35, max_worlds=160,
                                                  read_play=0.0))
    now = expert.choose(view, random.Random(seed), 400.0, time_guard=False)
    assert (card_name(before.action), before.key, (before.params or {})["usual"]) == (noise, "search_over", kept)
    assert card_name(now.action) == kept and now.key not in ("search", "solved", "search_over", "solved_over"), now


@pytest.mark.parametrize("level", ["basic", "advanced", "expert"])
def test_a_weak_contract_is_doubled(level: str) -> None:
    d = decide(level, table("R", WEAK_HEARTS, "H"))
    assert d.action == Call(CallKind.DOUBLE, Mode.HEARTS) and d.why == "they will likely fail"


@pytest.mark.parametrize("level", ["basic", "advanced", "expert"])
def test_the_opener_announces(level: str) -> None:
    d = decide(level, table("R", WEAK_HEARTS, ""))
    assert isinstance(d.action, Call) and d.action.kind is CallKind.ANNOUNCE


def test_the_oracle_plays_the_solver_card() -> None:
    match = advance(table("R", SPADES, "S ok ok ok"), 17)  # four tricks and a card
    seat = match.turn
    assert seat is not None
    d = oracle.choose(match, seat, random.Random(0))
    assert_solver_best(match, d.action)


def test_the_expert_solves_endings_exactly() -> None:
    match = advance(table("R", SPADES, "S ok ok ok"), 16)  # four cards left each
    d = decide("expert", match)
    assert d.action in match.legal_actions() and d.key in (*bots.REASONS,)


def test_the_expert_is_reproducible_with_the_same_seed() -> None:
    match = table("R", SPADES, "S ok ok ok AD")
    view = seat_view(match, Seat.LEFT)
    first = expert.choose(view, random.Random(9), 80.0, time_guard=False)
    again = expert.choose(view, random.Random(9), 80.0, time_guard=False)
    assert first == again


def test_the_hint_is_the_experts_choice_with_its_reason() -> None:
    state = "G1 giretra.com rrrh 42 T 0-0 150 * c10"  # Right, a person, speaks first: the hint
    out = json.loads(jsonapi.bot_action(json.dumps({"state": state, "seat": "Right", "seed": 3, "budgetMs": 40})))
    assert out["ok"] and out["value"]["level"] == "expert" and out["value"]["why"]


# -- the pieces ------------------------------------------------------------------------------------------------------




@pytest.mark.parametrize("mode", list(Mode))
def test_inference_never_excludes_a_card_the_player_holds(mode: Mode) -> None:
    rng = random.Random(mode)
    for seed in range(40):
        deal = deal_in_play(seed, mode)
        while not deal.is_over:
            tricks = [(int(t.leader), t.cards) for t in deal.tricks] + [(int(deal.leader), deal.trick)]
            forbidden = play_inference(mode, tricks)
            for seat in range(4):
                assert not forbidden[seat] & deal.hands[seat]
            assert deal.turn is not None
            deal = deal.apply(deal.turn, rng.choice(deal.legal_actions()))


def test_sampled_worlds_respect_counts_and_voids() -> None:
    rng = random.Random(2)
    for _ in range(300):
        cards = rng.sample(range(32), 15)
        unseen = sum(1 << c for c in cards)
        counts = {1: 5, 2: 5, 3: 5}
        forbidden = {1: sum(1 << c for c in cards[:4]), 2: sum(1 << c for c in cards[4:6]), 3: 0}
        world = sample_world(rng, unseen, counts, forbidden)
        assert world is not None
        assert world[1] | world[2] | world[3] == unseen
        assert all(world[s].bit_count() == counts[s] and not world[s] & forbidden[s] for s in counts)


def _brute(hands: list[int], leader: int, trick: list[int], mode: int) -> int:
    if not trick and not any(hands):
        return 0
    seat = (leader + len(trick)) & 3
    values = []
    for card in cards_of(legal_cards(hands[seat], trick, mode)):
        after = list(hands)
        after[seat] &= ~(1 << card)
        t = [*trick, card]
        if len(t) == 4:
            winner = (leader + winning_index(t, mode)) & 3
            points = sum(POINTS[mode][c] for c in t) + (10 if not any(after) else 0)
            values.append((points if winner & 1 == 0 else 0) + _brute(after, winner, [], mode))
        else:
            values.append(_brute(after, leader, t, mode))
    return max(values) if seat & 1 == 0 else min(values)


def test_the_solver_agrees_with_brute_force() -> None:
    rng = random.Random(4)
    for _ in range(60):
        mode = rng.randrange(6)
        n = rng.choice([1, 2, 3])
        deck = rng.sample(range(32), 4 * n)
        hands = [sum(1 << c for c in deck[s * n:(s + 1) * n]) for s in range(4)]
        leader = rng.randrange(4)
        assert Solver(mode).solve(hands, leader, [], (True, True)) == _brute(hands, leader, [], mode)
        card, value = Solver(mode).best_move(hands, leader, [], (True, True))
        assert value == _brute(hands, leader, [], mode)


@pytest.mark.parametrize("mode", list(Mode))
def test_policy_playouts_play_legal_cards_and_score_like_the_deal(mode: Mode) -> None:
    rng = random.Random(10 + mode)
    for seed in range(30):
        deal = deal_in_play(seed, mode)
        for _ in range(rng.randrange(0, 20)):
            assert deal.turn is not None
            deal = deal.apply(deal.turn, rng.choice(deal.legal_actions()))
        trace: list[int] = []
        assert deal.contract is not None
        points, _ = policy_playout(deal.hands, mode, deal.leader, deal.trick, deal.contract.announcer_team,
                                   points=deal.points, trace=trace)
        for card in trace:
            assert deal.turn is not None
            deal = deal.apply(deal.turn, card)
        assert deal.is_over and points == deal.points


def test_policy_playouts_reading_the_signals_play_the_advanced_levels_deal() -> None:
    # The play-outs model the other players as the advanced level: from the first card, on the real hands, a play-out
    # that reads the signals (the calls', then each trick's) plays exactly the deal four advanced bots play; one that
    # does not strays from it in about half the deals (99 of 200 played alike when this was measured).
    alike = {False: 0, True: 0}
    for seed in range(40):
        match = Match.new(seed=seed)
        rng = random.Random(seed)
        while match.current_phase != "play":
            match = match.apply(match.turn, bots.choose("advanced", seat_view(match, match.turn), rng).action)
        view = seat_view(match, match.turn)
        assert view.contract is not None
        mode, hands = int(view.contract.mode), list(match.deal.hands)
        played: list[int] = []
        while match.deal_number == 1 and match.current_phase == "play":
            card = bots.choose("advanced", seat_view(match, match.turn), rng).action
            assert isinstance(card, int)
            played.append(card)
            match = match.apply(match.turn, card)
        for reads in (False, True):
            trace: list[int] = []
            signals = signal_state(mode, [], [(int(s), c) for s, c in view.calls]) if reads else None
            policy_playout(hands, mode, int(view.leader), (), view.contract.announcer_team,
                           must_rise=view.rules.notrumps_must_rise, trace=trace, signals=signals, eva_leads=True)
            alike[reads] += trace == played
    assert alike[True] == 40 and alike[False] < 35, alike


def test_the_experts_policy_card_is_the_advanced_levels_card() -> None:
    # The card the expert keeps within its noise, names in its hint and plays out for every seat is the advanced
    # level's as it is: it once called the card play without the advanced level's leads (the play before issue 36),
    # and differed from the advanced level's card (or its line) in 56 of these 512 positions.
    differ = {True: 0, False: 0}
    for seed in range(16):
        match = Match.new(seed=300 + seed)
        rng = random.Random(seed)
        while match.deal_number == 1 and match.turn is not None:
            view = seat_view(match, match.turn)
            decision = bots.choose("advanced", view, rng)
            if view.phase == "play":
                know = play_knowledge(view, inference=True)
                for current in (True, False):
                    card, key = expert.policy_card(view, know, current)
                    differ[current] += (card, key) != (decision.action, decision.key)
            match = match.apply(match.turn, decision.action)
    assert differ[True] == 0 and differ[False] > 0, differ


def test_heuristic_keeps_a_master_ten_under_partners_ace() -> None:
    # Partner's AD wins; Top holds 10D 8D: the 10 is now master, so Top keeps it and plays the 8.
    hand = sum(1 << parse_card(c) for c in ("10D", "8D", "KC"))
    trick = [parse_card("AD"), parse_card("7D")]
    out = ((1 << 32) - 1) & ~hand & ~sum(1 << c for c in trick)
    card, key = heuristic_card(2, hand, legal_cards(hand, trick, Mode.SPADES), trick, 0, Mode.SPADES, out,
                               [out] * 4, 0, ADVANCED)
    assert (card_name(card), key) == ("8D", "partner_wins_low")


def test_arena_reports_win_rates_and_decision_times() -> None:
    result = run("basic", "random", seed=1, matches=2)
    assert result["games"] == 4 and 0 <= float(str(result["win_rate_A"])) <= 1
    side = result["side_A"]
    assert isinstance(side, dict) and side["decision_time"]["play"]["n"] > 0
    deals = run("advanced", "basic", seed=1, deals=3, bidder="basic")
    assert deals["mode"] == "deals" and deals["deals_played"] == 6


def test_arena_without_the_clock_guard_is_reproducible() -> None:
    runs = [run("expert", "advanced", seed=2, deals=1, bidder="advanced", budget_ms=30.0, time_guard=False)
            for _ in range(2)]
    assert runs[0]["time_guard"] is False
    keys = ("card_points_per_deal_A_minus_B", "match_points_per_deal_A_minus_B", "per_mode_A_minus_B")
    assert [runs[0][k] for k in keys] == [runs[1][k] for k in keys]


def _without_times(report: dict[str, object]) -> dict[str, object]:
    """A report's figures but the clock's: the seconds, decision times and decisions over budget."""
    out = {k: v for k, v in report.items() if k != "seconds"}
    for key in ("side_A", "side_B"):
        side = report[key]
        assert isinstance(side, dict)
        out[key] = {k: v for k, v in side.items() if k not in ("decision_time", "decisions_over_budget_plus_50ms")}
    return out


def test_arena_on_two_processes_reports_the_figures_of_one(capsys: pytest.CaptureFixture[str]) -> None:
    # Whole matches, so that contracts, doubles and sweeps of several deals are merged across the processes.
    one = run("advanced", "basic", seed=3, matches=3, jobs=1)
    progress: list[str] = []
    two = run("advanced", "basic", seed=3, matches=3, jobs=2, progress=progress.append)
    assert json.dumps(_without_times(one)) == json.dumps(_without_times(two))
    # The pairs' tallies are summed, not kept from one pair: every deal played has one contract, taken by a side.
    taken = sum(row["taken"] for key in ("side_A", "side_B")
                for row in two[key]["contracts"].values())  # type: ignore[index, attr-defined]
    assert taken == two["deals_played"] > 6
    assert len(progress) == 3 and progress[-1].startswith("3/3 pairs")   # in pair order, as they come in
    assert two["side_A"]["decision_time"]["all"]["n"] == one["side_A"]["decision_time"]["all"]["n"]  # type: ignore[index]
    # The command line: --jobs, and the same JSON.
    assert arena_main(["random", "basic", "--deals", "3", "--jobs", "2", "--json", "--quiet"]) == 0
    cli = json.loads(capsys.readouterr().out)
    assert _without_times(cli) == _without_times(run("random", "basic", seed=1, deals=3))


def test_contract_value_follows_the_scoring() -> None:
    from giretra_core.bots.bidding import contract_value
    from giretra_core.rules import PRESETS

    rules = PRESETS["giretra.com"]
    assert contract_value(rules, Mode.HEARTS, 1, 150, 1) == pytest.approx((16.0, 1.0))
    assert contract_value(rules, Mode.NO_TRUMPS, 2, 20, 1) == pytest.approx((-104.0, 0.0))
    ev, made = contract_value(rules, Mode.ALL_TRUMPS, 1, 200, 1)   # 200 / 58 -> 20-6
    assert (ev, made) == pytest.approx((14.0, 1.0))
    # The reference preset: an opponent's accept of NoTrumps only locks (x1).
    assert contract_value(PRESETS["play.giretra.com"], Mode.NO_TRUMPS, 1, 100, 1)[0] == pytest.approx(52.0)


def test_the_basic_level_weighs_calls_by_a_cautious_utility() -> None:
    from giretra_core.bots.bidding import contract_value
    from giretra_core.rules import PRESETS

    rules = PRESETS["giretra.com"]
    # A NoTrumps the opponents make one time in five: worth +62 match points on average to the defenders,
    # much less to a cautious player (risk tolerance 150), since losing 104 weighs more than winning 104.
    mean = contract_value(rules, Mode.NO_TRUMPS, 2, 130 - 80, 18)
    safe = contract_value(rules, Mode.NO_TRUMPS, 2, 130 - 80, 18, None, 150.0, True)
    assert mean[1] == pytest.approx(safe[1]) and 0.15 < mean[1] < 0.25
    assert -mean[0] > 55 and 0 < -safe[0] < 0.6 * -mean[0]


def test_the_experts_answer_does_not_depend_on_machine_load(monkeypatch: pytest.MonkeyPatch) -> None:
    """An audit: with three busy processes, 3 of 50 identical requests got another card (JH idle, 9C busy). On a
    machine where this decision takes three times its budget, the answer is the guard-free search's. The clocks are
    simulated, never read: a test that read the real one failed under real load on top of the simulated one."""
    request = json.dumps({"state": "G2 giretra.com raba 1002 R 0-0 150 * c14.D.xD.xxD.ok.ok.ok.8D.AD.KD.JD 11",
                          "seat": "Right", "level": "expert", "seed": 0})
    reads = 0

    def stopped() -> float:   # a clock that never moves: the guard never stops the search
        nonlocal reads
        reads += 1
        return 0.0

    monkeypatch.setattr(expert.time, "perf_counter", stopped)
    unguarded = json.loads(jsonapi.bot_action(request))["value"]["action"]
    now, step = 0.0, 3 * 0.250 / reads   # the same reads, spread over three times the 250 ms budget

    def slow() -> float:
        nonlocal now
        now += step
        return now

    monkeypatch.setattr(expert.time, "perf_counter", slow)
    # (JH before the play-outs played the advanced level's card play as it is, QH before the search's work doubled:
    # another search, another answer.)
    assert json.loads(jsonapi.bot_action(request))["value"]["action"] == unguarded == "KC"
