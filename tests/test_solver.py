"""The exact solver (giretra_core.bots.solver): the values it gives, whatever makes it fast.

Its speed-ups (the last two tricks in loops, the trick's last card trying one of a run of cards, the table) must
change no value: whole seeded deals keep the values the solver gave before them, and seeded endings of three
tricks, started at any card of a trick, agree with a plain minimax that shares nothing with the solver but the
rules' own functions (play.legal_cards, play.winning_index, the points table).
"""

from __future__ import annotations

import random

import pytest

from giretra_core.bots.solver import Solver
from giretra_core.cards import cards_of
from giretra_core.deal import Cut, Deal, shuffled_deck
from giretra_core.modes import LAST_TRICK_BONUS, POINTS, Mode
from giretra_core.play import legal_cards, winning_index
from giretra_core.seats import Seat

SWEEP = 1000

# Deal i of ``python -m giretra_core.bench`` (seed 1): mode i % 6, first card by seat (i + 1) % 4, sweep bonus
# 1000; Team1's points as the solver of commit a531ff5 (before the speed-ups of docs/performance.md) valued them.
RECORDED = {2: -1000, 6: 37, 8: 24, 9: 59, 10: 80, 13: 43, 15: 38, 23: 187}   # every mode


def _bench_deal(i: int) -> Deal:
    return Deal.new(shuffled_deck(1, i), Seat(i % 4)).apply(Seat((i + 1) % 4), Cut(6 + i % 21))


@pytest.mark.parametrize("i", sorted(RECORDED))
def test_whole_deals_keep_their_recorded_values(i: int) -> None:
    hands = _bench_deal(i).initial_hands()
    assert Solver(i % 6, False, SWEEP).solve(hands, (i + 1) % 4, [], (False, False)) == RECORDED[i]


def _minimax(hands: list[int], leader: int, trick: list[int], mode: int, must_rise: bool, flags: int,
             sweep: int) -> int:
    """Team1's points from here (the last-trick bonus included, ± *sweep* for a sweep), every legal card tried."""
    seat = (leader + len(trick)) & 3
    values = []
    for card in cards_of(legal_cards(hands[seat], trick, mode, must_rise)):
        after = list(hands)
        after[seat] &= ~(1 << card)
        values.append(_minimax_after(after, leader, [*trick, card], mode, must_rise, flags, sweep))
    return max(values) if seat & 1 == 0 else min(values)


def _ending(seed: int) -> tuple[int, list[int], int, list[int], tuple[bool, bool], bool, int]:
    """A seeded random position with three tricks (or fewer) left: mode, hands, leader, trick, tricks won by each
    team, the NoTrumps must-rise variant, the sweep bonus."""
    rng = random.Random(seed)
    mode = seed % 6
    must_rise = rng.random() < 0.3
    hands = list(_bench_deal(seed).initial_hands())
    leader = rng.randrange(4)
    won = [False, False]
    cards_left = rng.choice((9, 10, 11, 12))   # the cards each seat still holds are 3 at most once these are played
    trick: list[int] = []
    for _ in range(32 - cards_left):
        seat = (leader + len(trick)) & 3
        card = rng.choice(list(cards_of(legal_cards(hands[seat], trick, mode, must_rise))))
        hands[seat] &= ~(1 << card)
        trick.append(card)
        if len(trick) == 4:
            leader = (leader + winning_index(trick, mode)) & 3
            won[leader & 1] = True
            trick = []
    return mode, hands, leader, trick, (won[0], won[1]), must_rise, rng.choice((0, SWEEP))


@pytest.mark.parametrize("seed", range(60))
def test_three_trick_endings_agree_with_a_plain_minimax(seed: int) -> None:
    mode, hands, leader, trick, won, must_rise, sweep = _ending(seed)
    flags = (1 if won[0] else 0) | (2 if won[1] else 0)
    seat = (leader + len(trick)) & 3
    legal = list(cards_of(legal_cards(hands[seat], trick, mode, must_rise)))
    expected = {}
    for card in legal:
        after = list(hands)
        after[seat] &= ~(1 << card)
        expected[card] = _minimax_after(after, leader, [*trick, card], mode, must_rise, flags, sweep)
    best = max(expected.values()) if seat & 1 == 0 else min(expected.values())
    assert Solver(Mode(mode), must_rise, sweep).solve(hands, leader, trick, won) == best
    assert Solver(Mode(mode), must_rise, sweep).move_values(hands, leader, trick, won, legal) == expected
    card, value = Solver(Mode(mode), must_rise, sweep).best_move(hands, leader, trick, won)
    assert value == best and expected[card] == best


def _minimax_after(hands: list[int], leader: int, trick: list[int], mode: int, must_rise: bool, flags: int,
                   sweep: int) -> int:
    """:func:`_minimax` once the card ending *trick* is played (the hands already without it)."""
    if len(trick) < 4:
        return _minimax(hands, leader, trick, mode, must_rise, flags, sweep)
    winner = (leader + winning_index(trick, mode)) & 3
    won = sum(POINTS[mode][c] for c in trick)
    now_flags = flags | 1 << (winner & 1)
    if any(hands):
        rest = _minimax(hands, winner, [], mode, must_rise, now_flags, sweep)
    else:
        won += LAST_TRICK_BONUS
        rest = sweep if now_flags == 1 else -sweep if now_flags == 2 else 0
    return (won if winner & 1 == 0 else 0) + rest
