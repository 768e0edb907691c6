"""What each card was worth (giretra_core.analysis) and the exact solver under it, checked against a plain minimax.

The brute force below shares nothing with the solver but the rules' own functions (play.legal_cards,
play.winning_index, the points table, scoring.score_deal): no pruning, no table, no move ordering, no equivalent
cards merged; it plays every legal card and takes the best final result for the team to move, a sweep ranked above
any card points, then the card points.
"""

from __future__ import annotations

import random

import pytest

from giretra_core.analysis import analyse_position, choices
from giretra_core.bots.solver import Solver
from giretra_core.cards import cards_of
from giretra_core.match import Match
from giretra_core.modes import LAST_TRICK_BONUS, POINTS, Mode
from giretra_core.negotiation import ACCEPT, Call, CallKind
from giretra_core.play import legal_cards, winning_index
from giretra_core.scoring import score_deal
from giretra_core.seats import Seat

Result = tuple[int, int, tuple[int, int]]   # (Team1's card points, Team2's, tricks taken by Team1 and Team2)


def _rank(result: Result, team: int) -> tuple[int, int]:
    """How good *result* is for *team*: sweeping first, being swept last, then card points."""
    tricks = result[2]
    sweep = 1 if tricks[1 - team] == 0 else -1 if tricks[team] == 0 else 0
    return sweep, result[0] if team == 0 else result[1]


def _brute(hands: list[int], leader: int, trick: list[int], mode: int, must_rise: bool,
           taken: Result) -> Result:
    """The final result under perfect play from this position, by plain minimax."""
    seat = (leader + len(trick)) & 3
    results = [_brute_after(hands, leader, trick, mode, must_rise, taken, card)
               for card in cards_of(legal_cards(hands[seat], trick, mode, must_rise))]
    return max(results, key=lambda r: _rank(r, seat & 1))


def _brute_after(hands: list[int], leader: int, trick: list[int], mode: int, must_rise: bool, taken: Result,
                 card: int) -> Result:
    seat = (leader + len(trick)) & 3
    after = list(hands)
    after[seat] &= ~(1 << card)
    t = [*trick, card]
    if len(t) < 4:
        return _brute(after, leader, t, mode, must_rise, taken)
    winner = (leader + winning_index(t, mode)) & 3
    points = sum(POINTS[mode][c] for c in t) + (LAST_TRICK_BONUS if not any(after) else 0)
    team_points = [taken[0], taken[1]]
    tricks = [taken[2][0], taken[2][1]]
    team_points[winner & 1] += points
    tricks[winner & 1] += 1
    now: Result = (team_points[0], team_points[1], (tricks[0], tricks[1]))
    if not any(after):
        return now
    return _brute(after, winner, [], mode, must_rise, now)


def _solver_value(result: Result, before: int, sweep_bonus: int) -> int:
    """A final result as the solver counts it: Team1's card points from the position on, ± the sweep bonus."""
    v = result[0] - before
    if result[2][1] == 0:
        v += sweep_bonus
    elif result[2][0] == 0:
        v -= sweep_bonus
    return v


def _position(seed: int, mode: Mode, tricks_left: int, other_preset: bool, in_trick: int | None = None) -> Match:
    """A seeded match in deal 1's play, *mode* announced, random cards until *tricks_left* tricks are left, and
    *in_trick* (default: a random number of) cards of the next trick played."""
    rng = random.Random(seed)
    rules = "play.giretra.com" if other_preset else "giretra.com"
    m = Match.new(seed, rules)
    while m.deal.phase.value != "play":
        seat = m.turn
        assert seat is not None
        legal = m.legal_actions()
        announce = Call(CallKind.ANNOUNCE, mode)
        action = announce if announce in legal else ACCEPT if ACCEPT in legal else rng.choice(legal)
        m = m.apply(seat, action)
    in_trick = rng.randrange(4) if in_trick is None else in_trick
    while len(m.deal.tricks) < 8 - tricks_left or len(m.deal.trick) < in_trick:
        seat = m.turn
        assert seat is not None
        m = m.apply(seat, rng.choice(m.legal_actions()))
    return m


CASES = [(seed, mode, 2 + seed % 2) for mode in Mode for seed in range(8)]


@pytest.mark.parametrize(("seed", "mode", "tricks_left"), CASES)
def test_every_legal_card_is_valued_as_a_plain_minimax_values_it(seed: int, mode: Mode, tricks_left: int) -> None:
    m = _position(seed * 6 + mode, mode, tricks_left, seed % 4 > 1)
    deal = m.deal
    seat = m.turn
    assert seat is not None and deal.contract is not None and int(deal.contract.mode) == mode
    taken: Result = (deal.points[0], deal.points[1],
                     (sum(1 for t in deal.tricks if t.winner & 1 == 0), sum(1 for t in deal.tricks if t.winner & 1)))
    hands = list(deal.hands)
    trick = list(deal.trick)
    won = (taken[2][0] > 0, taken[2][1] > 0)
    # The solver itself, with and without a sweep bonus, and with the NoTrumps must-rise variant.
    for must_rise in (False, True) if mode == Mode.NO_TRUMPS else (False,):
        legal = list(cards_of(legal_cards(hands[seat], trick, mode, must_rise)))
        brute = {c: _brute_after(hands, int(deal.leader), trick, mode, must_rise, taken, c) for c in legal}
        for bonus in (0, 1000):
            values = Solver(mode, must_rise, bonus).move_values(hands, int(deal.leader), trick, won, legal)
            assert values == {c: _solver_value(r, taken[0], bonus) if bonus else r[0] - taken[0]
                              for c, r in brute.items()}
    must_rise = m.rules.notrumps_must_rise
    legal = list(cards_of(legal_cards(hands[seat], trick, mode, must_rise)))
    brute = {c: _brute_after(hands, int(deal.leader), trick, mode, must_rise, taken, c) for c in legal}
    # And the analysis: each card's final card points and match points for the seat's team, the best marked.
    team = seat & 1
    contract = deal.contract
    p = analyse_position(m, seat, legal[0])
    assert [v.card for v in p.values] == sorted(legal)
    top = max(_rank(r, team) for r in brute.values())
    for v in p.values:
        r = brute[v.card]
        sweep = 0 if r[2][1] == 0 else 1 if r[2][0] == 0 else None
        score = score_deal(m.rules, contract.mode, contract.multiplier, contract.announcer_team, (r[0], r[1]), sweep)
        assert (v.card_points, v.match_points, v.outcome, v.sweep) == (r[team], score.match_points[team],
                                                                       score.outcome, sweep)
        assert v.best == (_rank(r, team) == top)


@pytest.mark.parametrize("mode", list(Mode))
def test_four_trick_endings_agree_with_the_plain_minimax(mode: Mode) -> None:
    # The last card of the fifth trick, then three more: a plain minimax of four whole tricks takes seconds.
    for seed in range(2):
        m = _position(1000 + seed * 6 + mode, mode, 4, False, in_trick=3)
        deal = m.deal
        seat = m.turn
        assert seat is not None
        taken: Result = (deal.points[0], deal.points[1], (sum(1 for t in deal.tricks if t.winner & 1 == 0),
                                                          sum(1 for t in deal.tricks if t.winner & 1)))
        legal = list(cards_of(legal_cards(deal.hands[seat], deal.trick, mode)))
        won = (taken[2][0] > 0, taken[2][1] > 0)
        values = Solver(mode, False, 1000).move_values(deal.hands, int(deal.leader), deal.trick, won, legal)
        for c in legal:
            r = _brute_after(list(deal.hands), int(deal.leader), list(deal.trick), mode, False, taken, c)
            assert values[c] == _solver_value(r, taken[0], 1000)


def test_choices_are_the_seats_cards_played_among_two_or_more() -> None:
    m = Match.new(5, players=("random",) * 4)
    rng = random.Random(5)
    while not m.history:
        seat = m.turn
        assert seat is not None
        m = m.apply(seat, rng.choice(m.legal_actions()))
    for who in Seat:
        got = list(choices(m, who, 1))
        expected = [(before, action) for n, before, turn, action in m.replay()
                    if n == 1 and turn == who and isinstance(action, int) and before.deal.phase.value == "play"
                    and len(before.legal_actions()) > 1]
        assert [a for _, a in got] == [a for _, a in expected] and got
