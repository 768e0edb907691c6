"""The fast play-out path agrees with the checked rules, card by card (play.legal_cards, Deal.apply)."""

from __future__ import annotations

import random

import pytest
from helpers import deal_in_play

from giretra_core.modes import Mode
from giretra_core.playout import random_playout
from giretra_core.rules import Rules


@pytest.mark.parametrize("mode", list(Mode))
@pytest.mark.parametrize("must_rise", [False, True])
def test_fast_playout_plays_only_legal_cards_and_scores_like_the_deal(mode: Mode, must_rise: bool) -> None:
    rules = Rules(notrumps_must_rise=must_rise)
    rng = random.Random(mode * 100 + must_rise)
    for seed in range(150):
        deal = deal_in_play(seed, mode, rules)
        # Start from a random point of the play, sometimes mid-trick.
        for _ in range(rng.randrange(0, 20)):
            assert deal.turn is not None
            deal = deal.apply(deal.turn, rng.choice(deal.legal_actions()))
        trace: list[int] = []
        points, tricks = random_playout(deal.hands, mode, deal.leader, deal.trick, rng.random,
                                        points=deal.points, notrumps_must_rise=must_rise, trace=trace)
        for card in trace:  # Deal.apply refuses any illegal card, so this replays only legal plays
            assert deal.turn is not None
            deal = deal.apply(deal.turn, card)
        assert deal.is_over and deal.score is not None
        assert points == deal.points
        assert sum(points) == mode.total_points
        played_before = 8 - (sum(h.bit_count() for h in deal.hands) // 4)
        assert sum(tricks) <= 8 and played_before == 8


def test_playout_of_a_finished_deal_adds_nothing() -> None:
    assert random_playout((0, 0, 0, 0), Mode.HEARTS, 0, (), random.Random(0).random, points=(100, 62)) == \
        ((100, 62), (0, 0))



@pytest.mark.parametrize("mode", list(Mode))
def test_fast_playout_can_choose_every_legal_card(mode: Mode) -> None:
    """The first card of a play-out ranges over exactly the legal set (P-1..P-6), not a subset."""
    rng = random.Random(7 + mode)
    for seed in range(60):
        deal = deal_in_play(seed, mode, Rules())
        for _ in range(rng.randrange(0, 28)):
            assert deal.turn is not None
            deal = deal.apply(deal.turn, rng.choice(deal.legal_actions()))
        firsts = set()
        for step in range(64):
            values = iter([step / 64])
            trace: list[int] = []
            random_playout(deal.hands, mode, deal.leader, deal.trick,
                           lambda values=values: next(values, rng.random()), trace=trace)
            firsts.add(trace[0])
        assert firsts == set(deal.legal_actions())
