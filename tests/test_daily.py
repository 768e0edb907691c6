"""The deal of the day and the day's puzzles (giretra_core.daily; jsonapi.daily_deal, daily_par, puzzle): the same for
everyone on a date, a clear error for a date that is not one, and each puzzle's one right card at each step checked
against a plain minimax that shares nothing with the solver but the rules' own functions."""

from __future__ import annotations

import functools
from typing import Any

import pytest
from helpers import seam_error as error
from helpers import seam_value as value

from giretra_core import daily
from giretra_core.bots.solver import Solver
from giretra_core.cards import card_name, cards_of, parse_card
from giretra_core.daily import PLAYERS, daily_seed, follow, puzzle
from giretra_core.deal import Deal, Phase
from giretra_core.match import Match
from giretra_core.modes import LAST_TRICK_BONUS, POINTS
from giretra_core.notation import parse_match
from giretra_core.play import legal_cards, winning_index
from giretra_core.seats import Seat


@functools.cache
def _brute(hands: tuple[int, ...], leader: int, trick: tuple[int, ...], mode: int, must_rise: bool) -> int:
    """Team1's card points from this position to the deal's end when each team takes as many as it can."""
    seat = (leader + len(trick)) & 3
    values = [_after(hands, leader, trick, mode, must_rise, card)
              for card in cards_of(legal_cards(hands[seat], list(trick), mode, must_rise))]
    return max(values) if seat & 1 == 0 else min(values)


def _after(hands: tuple[int, ...], leader: int, trick: tuple[int, ...], mode: int, must_rise: bool, card: int) -> int:
    seat = (leader + len(trick)) & 3
    after = list(hands)
    after[seat] &= ~(1 << card)
    t = (*trick, card)
    if len(t) < 4:
        return _brute(tuple(after), leader, t, mode, must_rise)
    winner = (leader + winning_index(list(t), mode)) & 3
    points = sum(POINTS[mode][c] for c in t) + (LAST_TRICK_BONUS if not any(after) else 0)
    mine = points if winner & 1 == 0 else 0
    return mine if not any(after) else mine + _brute(tuple(after), winner, (), mode, must_rise)


def _card_values(deal: Deal) -> dict[int, int]:
    assert deal.contract is not None and deal.turn is not None
    mode, rise = int(deal.contract.mode), deal.rules.notrumps_must_rise
    hands, trick = tuple(deal.hands), tuple(deal.trick)
    return {card: _after(hands, int(deal.leader), trick, mode, rise, card)
            for card in cards_of(legal_cards(deal.hands[deal.turn], list(trick), mode, rise))}


@pytest.mark.parametrize("date", ["2026-11-28", "2027-02-28", "2028-02-29"])
@pytest.mark.parametrize("number", [1, 2, 3])
def test_each_puzzle_has_one_right_card_at_each_step_by_a_plain_minimax(date: str, number: int) -> None:
    p = puzzle(date, number)
    assert 2 <= p.tricks <= 4 and len(p.start.tricks) == 8 - p.tricks and p.start.turn == Seat.BOTTOM
    assert p.goal == max(_card_values(p.start).values())
    deal, choices = p.start, 0
    for card in p.line:
        taken = deal.points[0] - p.start.points[0]   # Team1's card points in the puzzle's tricks already over
        values = {c: taken + v for c, v in _card_values(deal).items()}
        assert deal.turn is not None
        team_best = max(values.values()) if deal.turn & 1 == 0 else min(values.values())
        assert values[card] == team_best == p.goal   # every card of the line keeps the goal: each side plays its best
        if deal.turn == Seat.BOTTOM:
            assert [c for c, v in values.items() if v == p.goal] == [card]   # Bottom's one right card
            choices += len(values) > 1
        deal = deal.apply(deal.turn, card)
    assert deal.phase is not Phase.PLAY and deal.points[0] - p.start.points[0] == p.goal and choices >= 1


def test_the_day_decides_everything_and_a_date_that_is_not_one_is_refused() -> None:
    a, b = value("daily_deal", date="2026-11-28"), value("daily_deal", date="2026-11-28", lang="fr")
    assert a["state"] == b["state"] != value("daily_deal", date="2026-11-29")["state"]
    m = parse_match(a["state"])
    assert m.players == PLAYERS and m.seed == daily_seed("2026-11-28") and m.deal.phase is Phase.PLAY
    assert len(m.deal.tricks) == 0 and not m.deal.trick and a["view"]["phase"] == "play"
    assert value("puzzle", date="2026-11-28", number=2) == value("puzzle", date="2026-11-28", number=2)
    assert value("puzzle", date="2026-11-28")["hands"] != value("puzzle", date="2026-11-29")["hands"]
    for bad in ("2026-02-29", "2026-13-01", "2026-11-31", "2026-1-01", "1999-12-31", "2026-11-28T00:00", ""):
        for fn in ("daily_deal", "daily_par", "puzzle"):
            assert error(fn, date=bad) == {
                "code": "bad_date", "rule": "",
                "message": f"{bad!r} is not a date of the calendar (YYYY-MM-DD, from 2000-01-01 to 2999-12-31)"}
    assert error("daily_deal", date=20261128)["code"] == "bad_request"
    for bad_args in ({"number": 0}, {"number": 4}, {"played": "AS"}, {"played": [1]}, {"played": ["AS"] * 9}):
        assert error("puzzle", date="2026-11-28", **bad_args)["code"] == "bad_request", bad_args


def test_a_puzzle_followed_card_by_card_solved_and_failed() -> None:
    p = puzzle("2026-11-28", 1)
    mine = [c for i, c in enumerate(p.line) if _turns(p)[i] == Seat.BOTTOM]
    start = value("puzzle", date="2026-11-28", number=1)
    assert start["toAct"] == "Bottom" and start["played"] == [] and start["goal"] == p.goal
    assert sum(len(h) for h in start["hands"].values()) + len(start["trick"]) == 4 * p.tricks
    bottom_at = [i for i, seat in enumerate(_turns(p)) if seat == Seat.BOTTOM]
    for k in range(1, len(mine)):   # each right card: the others answer up to Bottom's next turn
        now = value("puzzle", date="2026-11-28", number=1, played=[card_name(c) for c in mine[:k]])
        assert now["wrong"] is None and now["toAct"] == "Bottom" and not now["solved"]
        assert now["played"] == [card_name(c) for c in p.line[:bottom_at[k]]]
    done = value("puzzle", date="2026-11-28", number=1, played=[card_name(c) for c in mine])
    assert done["solved"] and done["toAct"] is None and done["taken"] == p.goal
    assert done["played"] == [card_name(c) for c in p.line]
    # A legal card that misses the goal: the puzzle fails there, with the right card named.
    deal = follow(p, [])[0]
    values = _card_values(deal)
    wrong = next(c for c, v in values.items() if v != p.goal)
    failed = value("puzzle", date="2026-11-28", number=1, played=[card_name(wrong)])
    assert failed["wrong"] == {"card": card_name(wrong), "right": card_name(mine[0])}
    assert not failed["solved"] and failed["toAct"] is None
    assert error("puzzle", date="2026-11-28", number=1, played=[card_name(wrong), card_name(mine[0])])["code"] \
        == "bad_request"
    assert error("puzzle", date="2026-11-28", number=1, played=[card_name(c) for c in mine] + ["7S"])["code"] \
        == "bad_request"
    not_mine = next(c for c in cards_of(deal.hands[Seat.TOP]))
    assert error("puzzle", date="2026-11-28", number=1, played=[card_name(not_mine)])["code"] == "card_not_in_hand"
    assert parse_card(done["played"][0]) == p.line[0]


def _turns(p: Any) -> list[Seat]:
    deal, out = p.start, []
    for card in p.line:
        out.append(deal.turn)
        deal = deal.apply(deal.turn, card)
    return out


def test_the_daily_par_is_the_perfect_play_of_the_whole_deal() -> None:
    # A small check of the par's arithmetic: Team1's and Team2's card points make the mode's total.
    par = value("daily_par", date="2026-11-28")
    assert par["contract"]["announcerTeam"] in ("Team1", "Team2")
    assert sum(par["cardPoints"].values()) in (162, 130, 258)
    assert par == value("daily_par", date="2026-11-28")
    m: Match = parse_match(value("daily_deal", date="2026-11-28")["state"])
    assert par["contract"]["mode"] == value("daily_deal", date="2026-11-28")["view"]["contract"]["mode"]
    assert m.deal.contract is not None


@pytest.mark.parametrize("date", ["2026-12-01", "2026-12-12"])
def test_the_par_is_the_best_of_the_leaders_cards_each_valued_apart(date: str) -> None:
    # The par is one search of the deal's value; valuing each of the leader's first cards apart (as it once did, at
    # 1.5-6.7x the cost) and taking the leader's team's best must give the same card points.
    deal = daily.daily_deal(date).deal
    assert deal.contract is not None
    solver = Solver(int(deal.contract.mode), deal.rules.notrumps_must_rise, daily.SWEEP)
    each = solver.move_values(deal.hands, int(deal.leader), deal.trick, (False, False))
    best = max(each.values()) if int(deal.leader) & 1 == 0 else min(each.values())
    assert -daily.SWEEP // 2 < best < daily.SWEEP // 2, "a sweep: pick a date whose par is card points"
    assert value("daily_par", date=date)["cardPoints"]["Team1"] == deal.points[0] + best
