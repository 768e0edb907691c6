"""The offline ISMCTS level (:mod:`giretra_core.bots.ismcts`): its names, legal and reproducible play in the
arena, the card it finds, and what it leaves to the expert."""

from __future__ import annotations

import random

import pytest
from helpers import table

from giretra_core import Seat, bots
from giretra_core.arena import _cut_for, run, validate
from giretra_core.arena import main as arena_main
from giretra_core.bots import expert, ismcts
from giretra_core.bots.knowledge import play_knowledge
from giretra_core.cards import card_name
from giretra_core.match import Match
from giretra_core.views import seat_view

LEVELS = ["ismcts", "ismcts-full"]
# NoTrumps by Bottom; Bottom leads the 10 of diamonds, Left and Top discard: Right, last, holds AD KD QD.
# Only the ace wins the trick (and leaves the king and queen masters); either other card gives the 10 away.
NOTRUMPS = {"B": "KCQCJC7D8D9D10DJD", "L": "7C7H8H9H10HJHQHKH", "T": "8CAH7S8S9S10SJSQS", "R": "AC10C9CADKDQDKSAS"}
SPADES = {"B": "ADASKS7C8CQS9C10C", "L": "7DJDQD7H8H9H10HJH", "T": "KCQCJCAHKHQH7S8S", "R": "9DKDAC10D8D9S10SJS"}


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
    moves = expert._root_moves(know)
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
