"""The research lab (tools/lab): its levels played by the arena through :func:`giretra_core.arena.register_level`,
never by the package alone; the ISMCTS level (its names, legal and reproducible play, the card it finds, what it
leaves to the expert); the sighted expert; the opponents' cards replayed through the advanced policy."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import SPADES, advance, advanced_positions, assert_solver_best, table

from giretra_core import Seat, arena, bots
from giretra_core.arena import _cut_for, run, validate
from giretra_core.arena import main as arena_main
from giretra_core.bots import expert
from giretra_core.bots.inference import sample_world
from giretra_core.bots.knowledge import PlayKnowledge, play_knowledge
from giretra_core.bots.posterior import EarlierCards
from giretra_core.cards import card_name
from giretra_core.match import Match
from giretra_core.modes import POINTS, Mode
from giretra_core.views import seat_view
from tools.lab import ismcts, levels, replay, sighted

LEVELS = ["ismcts", "ismcts-full"]
# NoTrumps by Bottom; Bottom leads the 10 of diamonds, Left and Top discard: Right, last, holds AD KD QD.
# Only the ace wins the trick (and leaves the king and queen masters); either other card gives the 10 away.
NOTRUMPS = {"B": "KCQCJC7D8D9D10DJD", "L": "7C7H8H9H10HJHQHKH", "T": "8CAH7S8S9S10SJSQS", "R": "AC10C9CADKDQDKSAS"}
ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def lab_levels(monkeypatch: pytest.MonkeyPatch) -> None:
    """The arena with the lab's levels, as ``python -m tools.lab.arena`` runs it; undone after each test."""
    monkeypatch.setattr(arena, "_REGISTERED", {})
    levels.register()


def _command(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True, check=False)


def test_the_lab_levels_play_through_the_labs_arena_only() -> None:
    # The package never imports the lab: its own arena does not know the lab's levels.
    alone = _command("giretra_core.arena", "sighted-from-8", "advanced", "--deals", "1")
    assert alone.returncode == 2 and "unknown level 'sighted-from-8'" in alone.stderr
    lab = _command("tools.lab.arena", "sighted-from-8", "advanced", "--deals", "1", "--budget", "20", "--bidder",
                   "advanced", "--no-time-guard", "--json", "--quiet")
    assert lab.returncode == 0, lab.stderr
    assert json.loads(lab.stdout)["deals_played"] == 2
    imported = _command("giretra_core.arena", "--help")
    assert "sighted" not in imported.stdout and "oracle" in imported.stdout


def test_a_level_must_be_importable_by_name() -> None:
    # --validate replays in a new process, which imports the level's functions again by their names.
    with pytest.raises(ValueError, match="not importable"):
        arena.register_level(arena.Level("mine", lambda name: name == "mine" or None, levels.play_ismcts))


def test_level_names() -> None:
    assert ismcts.parse("ismcts") == ismcts.Variant(False, ismcts.EXPLORATION)
    assert ismcts.parse("ismcts-full") == ismcts.Variant(True, ismcts.EXPLORATION)
    assert ismcts.parse("ismcts-full-c-0.25") == ismcts.Variant(True, 0.25)
    for bad in ("ismcts-", "ismcts-c-", "ismcts-c-x", "ismcts-c-0.25-full", "ismcts-half", "ismct", "expert"):
        assert ismcts.parse(bad) is None, bad
    with pytest.raises(SystemExit):
        arena_main(["ismcts-partial", "advanced", "--deals", "1"])


@pytest.mark.parametrize("level", LEVELS)
def test_plays_legal_reproducible_deals(level: str) -> None:
    # Every seat searches; an illegal card raises, two runs from one seed must agree.
    report = validate(level, 1, seed=5, budget_ms=40.0)
    assert report["ok"], report["failures"]


@pytest.mark.parametrize("level", LEVELS)
def test_arena_run_is_reproducible(level: str) -> None:
    def once() -> tuple[object, ...]:
        r = run(level, "advanced", seed=1, deals=1, bidder="advanced", budget_ms=40.0, time_guard=False)
        return r["deals_played"], r["card_points_per_deal_A_minus_B"], r["match_points_per_deal_A_minus_B"]

    first = once()
    assert first[0] == 2 and first == once()


@pytest.mark.parametrize("level", LEVELS)
def test_the_search_takes_the_trick_with_the_only_winning_card(level: str) -> None:
    view = seat_view(table("R", NOTRUMPS, "NT ok ok ok 10D 7H 7S"), Seat.RIGHT)
    know = play_knowledge(view)
    moves = expert.root_moves(know)
    assert sorted(card_name(c) for c in moves) == ["AD", "KD", "QD"]
    variant = ismcts.parse(level)
    assert variant is not None
    for seed in range(3):
        visits, iterations = ismcts.search(view, know, moves, random.Random(seed), 60.0, False, variant)
        assert sum(visits) == iterations > 50
        best = dict(zip((card_name(c) for c in moves), visits, strict=True))["AD"]
        assert best > iterations / 2, visits    # most of the search goes to the winning card
        d = ismcts.choose(view, random.Random(seed), 60.0, level, time_guard=False)
        assert (card_name(d.action), d.key) == ("AD", "search")


@pytest.mark.parametrize("level", LEVELS)
def test_the_chosen_card_is_legal(level: str) -> None:
    m = Match.new(seed=21)
    m = m.apply(m.deal.cutter, _cut_for(21, 0))
    rng = random.Random(21)
    searched = 0
    while not m.history:
        seat = m.turn
        assert seat is not None
        view = seat_view(m, seat)
        if view.phase == "play":
            d = ismcts.choose(view, random.Random(searched), 30.0, level, time_guard=False)
            assert d.action in m.legal_actions()
            searched += d.key == "search"
        m = m.apply(seat, bots.choose("advanced", view, rng).action)
    assert searched > 5


def test_the_ending_and_the_bidding_are_the_experts() -> None:
    match = table("R", SPADES, "S ok ok ok")
    rng = random.Random(1)
    for _ in range(16):    # four tricks: four cards left each
        seat = match.turn
        assert seat is not None
        match = match.apply(seat, bots.choose("advanced", seat_view(match, seat), rng).action)
    for m in (match, table("R", SPADES, "")):
        seat = m.turn
        assert seat is not None
        view = seat_view(m, seat)
        d = ismcts.choose(view, random.Random(4), 60.0, "ismcts", time_guard=False)
        assert d == expert.choose(view, random.Random(4), 60.0, time_guard=False) and d.key != "search"


# -- the sighted expert ----------------------------------------------------------------------------------------


def test_the_sighted_expert_plays_the_solver_card_on_the_real_hands() -> None:
    match = advance(table("R", SPADES, "S ok ok ok"), 17)  # four tricks and a card: the search solves exactly
    seat = match.turn
    assert seat is not None
    d = sighted.choose(match, seat, random.Random(0), 60.0, "sighted", time_guard=False)
    assert_solver_best(match, d.action)


def _sampling_position() -> tuple[Match, Seat, PlayKnowledge, dict[int, int], dict[int, int]]:
    """A Spades deal after one trick, seen by the player to move: what a sampler is given there."""
    match = advance(table("R", SPADES, "S ok ok ok"), 4)
    seat = match.turn
    assert seat is not None
    know = play_knowledge(seat_view(match, seat))
    counts = {p: know.counts[p] for p in range(4) if p != seat}
    forbidden = {p: know.forbidden[p] for p in counts}
    return match, seat, know, counts, forbidden


def test_the_partner_sighted_expert_sees_its_partner_only() -> None:
    match, seat, know, counts, forbidden = _sampling_position()
    real = sighted.real_deal(match, seat, "partner", blur=0)
    seen: list[dict[int, int]] = []
    for i in range(20):
        world = real(random.Random(i), know.out, counts, forbidden, None)
        assert world is not None
        seen.append(world)
    partner = int(seat) ^ 2
    assert all(w[partner] == match.deal.hands[partner] for w in seen)
    opponents = [int(seat) ^ 1, int(seat) ^ 3]
    assert len({tuple(w[p] for p in opponents) for w in seen}) > 1  # the opponents' cards are still sampled
    full = sighted.real_deal(match, seat)(random.Random(0), know.out, counts, forbidden, None)
    assert full == {p: match.deal.hands[p] for p in counts}
    right = 0
    blurred = sighted.real_deal(match, seat, blur=50)  # half the cards seen, the rest sampled
    for i in range(40):
        world = blurred(random.Random(i), know.out, counts, forbidden, None)
        assert world is not None and all(world[p].bit_count() == counts[p] for p in counts)
        assert all(not world[p] & forbidden[p] for p in counts)
        right += sum((world[p] & match.deal.hands[p]).bit_count() for p in counts)
    share = right / (40 * know.out.bit_count())
    assert 0.55 < share < 0.85  # half the cards kept, a third of the others right by chance


def test_the_honours_sighted_expert_sees_its_partners_honours_only() -> None:
    match, seat, know, counts, forbidden = _sampling_position()
    partner = int(seat) ^ 2
    honours = sum(1 << c for c in range(32) if POINTS[Mode.SPADES][c] >= 10)   # A, 10 everywhere; JS, 9S
    real = sighted.real_deal(match, seat, "honours", blur=0)
    held = match.deal.hands[partner]
    worlds = [real(random.Random(i), know.out, counts, forbidden, None) for i in range(30)]
    assert held & honours and held & ~honours   # the test means something: the partner holds both kinds
    for w in worlds:
        assert w is not None and all(w[p].bit_count() == counts[p] and not w[p] & forbidden[p] for p in counts)
        assert w[partner] & honours == held & honours     # exactly its honours, no other
    assert len({w[partner] for w in worlds if w is not None}) > 1   # the rest of its hand is still sampled


def test_sighted_level_names() -> None:
    assert sighted.parse("sighted") == (1, "", (100,) * 8, 0.0)
    assert sighted.parse("sighted-from-8") == (8, "", (100,) * 8, 0.0)
    assert sighted.parse("sighted-blur-5") == (1, "", (5,) * 8, 0.0)
    assert sighted.parse("sighted-partner-blur-0/0/0/0/10/20/40/100") == (1, "partner", (0, 0, 0, 0, 10, 20, 40, 100),
                                                                          0.0)
    assert sighted.parse("sighted-honours-keep") == (1, "honours", (0,) * 8, expert.SHIPPED.keep_se)
    for bad in ("sighted-from-9", "sighted-all", "sighted-blur-0", "sighted-blur-100", "sighted-blur-1/2/3",
                "sighted-blur-1/2/3/4/5/6/7/101", "sighted-honours-partner", "sighted-blur-5-from-2",
                "sighted-keep-from-2"):
        assert sighted.parse(bad) is None, bad
    deals = run("sighted-from-6", "advanced", seed=1, deals=1, bidder="advanced")
    assert deals["deals_played"] == 2
    with pytest.raises(SystemExit):
        arena_main(["sighted-from-0", "advanced", "--deals", "1"])


# -- the opponents' cards replayed through the advanced policy -----------------------------------------------


def test_the_replay_explains_the_real_deal_and_rejects_others() -> None:
    positions = advanced_positions(range(40, 44))
    rejected = 0
    for match, seat in positions:
        view = seat_view(match, seat)
        others = [p for p in range(4) if p != seat]
        real = {p: match.deal.hands[p] for p in others}
        assert replay.misses(EarlierCards(view, others), real) == 0   # advanced players: every card explained
        know = play_knowledge(view)
        counts = {p: know.counts[p] for p in others}
        world = sample_world(random.Random(len(view.tricks)), know.out, counts, {p: know.forbidden[p] for p in others})
        assert world is not None
        rejected += replay.misses(EarlierCards(view, others), world) > 0
    assert len(positions) == 4 * 32 and rejected > len(positions) // 3   # the test means something


def test_the_replay_sampler_keeps_only_deals_the_policy_explains() -> None:
    match, seat = advanced_positions(range(41, 42))[4 * 5]    # trick 6's leader
    view = seat_view(match, seat)
    know = play_knowledge(view)
    opponents = [int(seat) ^ 1, int(seat) ^ 3]
    counts = {p: know.counts[p] for p in range(4) if p != seat}
    forbidden = {p: know.forbidden[p] for p in counts}
    check = EarlierCards(view, opponents)
    stats = [0, 0]
    sampler = replay.replay_sampler(view, tries=500, stats=stats)
    right = {"plain": 0, "replay": 0}
    for i in range(30):
        plain = sample_world(random.Random(i), know.out, counts, forbidden)
        kept = sampler(random.Random(i), know.out, counts, forbidden, None)
        assert plain is not None and kept is not None
        assert all(kept[p].bit_count() == counts[p] and not kept[p] & forbidden[p] for p in counts)
        assert replay.misses(check, kept) == 0
        for name, w in (("plain", plain), ("replay", kept)):
            right[name] += sum((w[p] & match.deal.hands[p]).bit_count() for p in counts)
    assert right["replay"] > right["plain"]
    assert stats == [30, 0]
    # With a cap of 1 deal tried, most deals come back unfiltered, and are counted so.
    capped = replay.replay_sampler(view, tries=1, stats=stats)
    for i in range(30):
        capped(random.Random(i), know.out, counts, forbidden, None)
    assert stats[0] + stats[1] == 60 and stats[1] > 15


def test_replay_level_names() -> None:
    assert replay.parse("replay") == (1.0, False, replay.TRIES, 0.0, False)
    assert replay.parse("replay-80-all-tries-200") == (0.8, True, 200, 0.0, False)
    assert replay.parse("replay-leads-keep") == (1.0, False, replay.TRIES, expert.SHIPPED.keep_se, True)
    assert replay.parse("replay-tries-400-keep") == (1.0, False, 400, expert.SHIPPED.keep_se, False)
    for bad in ("replay-0", "replay-101", "replay-all-80", "replay-", "replays", "replay-tries-0",
                "replay-tries-40-all", "replay-keep-all"):
        assert replay.parse(bad) is None, bad
    deals = run("replay-90-all", "advanced", seed=1, deals=1, bidder="advanced")
    assert deals["deals_played"] == 2
    with pytest.raises(SystemExit):
        arena_main(["replay-0", "advanced", "--deals", "1"])


def test_the_regret_of_a_card_is_what_it_loses_on_the_real_deal() -> None:
    """tools/lab/regret.py: no card costs less than nothing on the real deal; the advanced level's own card is the
    policy's card, so its two regrets agree; random play loses to the real deal and is not the policy's."""
    from tools.lab import regret

    rows: list[tuple[str, int, int, int, int, bool]] = []
    regret.play_deal(arena.deal_pair_seed(4401, 0), "advanced", rows)
    assert rows and all(r[3] >= 0 and r[3] == r[4] and not r[5] for r in rows)
    assert {r[2] for r in rows} <= set(range(1, 8))        # the eighth trick never offers a choice
    random_rows: list[tuple[str, int, int, int, int, bool]] = []
    for seed in range(3):
        regret.play_deal(arena.deal_pair_seed(4401, seed), "random", random_rows)
    assert any(r[5] for r in random_rows) and any(r[3] > 0 for r in random_rows)
