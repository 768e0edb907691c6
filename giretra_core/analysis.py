"""What each card was worth: a finished deal played again with every hand known (double dummy).

At each position of the deal where a seat chose among two or more legal cards, the exact solver
(:mod:`giretra_core.bots.solver`) values every legal card: what the seat's team ends the deal with if all four play
perfectly from there, with all hands known: its card points (last-trick bonus included), whether a team swept, and
the deal's match points (:func:`giretra_core.scoring.score_deal`: contract made or failed, multiplier) of that line.
Perfect play here is each team taking as many card points as it can, a sweep ranked above any card points (the
solver's sweep bonus). For match points that is the same play wherever a team's match points never fall as its card
points rise: every Colour and NoTrumps deal, and AllTrumps but for one corner: there an exact 129–129 is a tie (0–0)
while 130–128 can still give the defenders a share after rounding (14–12, by the preset's rounding and doubling), so
their fewer card points are worth more match points; the match points shown are then those of the card-point play.

A double-dummy loss is not always a bad choice: the player did not see the other hands (the review,
:mod:`giretra_core.review`, gives the expert's choice from what the player could know).

>>> from .cards import card_name
>>> from .notation import parse_match
>>> full = parse_match("G2 giretra.com rrrr 7 L 0-0 150 * c16.S.NT.xNT.ok.ok.ok.JS.KS.7S.AS.10C.QC.JH.KC.10D.AD.QD.JD."
...                    "AC.KH.9C.8C.7C.9D.JC.9S.AH.QH.9H.8H.10H.7H.8S.7D.KD.QS.8D.10S 39")
>>> first = next(choices(full, Seat.BOTTOM, 1))
>>> p = analyse_position(first[0], Seat.BOTTOM, first[1])
>>> card_name(p.played), [(card_name(v.card), v.card_points, v.match_points, v.best) for v in p.values][:3]
('KC', [('9C', 83, 104, True), ('JC', 83, 104, True), ('KC', 81, 104, False)])
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from .bots.solver import Solver, solver_for
from .cards import Card, Mask, cards_of
from .deal import Phase
from .match import Match
from .modes import Mode
from .scoring import score_deal
from .seats import Seat

__all__ = ["CardValue", "Position", "SWEEP", "choices", "analyse_position"]

SWEEP = 1000   # the solver's sweep bonus: more than any card points, so a sweep ranks first


@dataclass(frozen=True, slots=True)
class CardValue:
    """One legal card with every hand known: the seat's team's result of the deal if all play perfectly after it."""

    card: Card
    card_points: int          # the team's card points at the end of the deal (last-trick bonus included)
    match_points: int         # the team's match points for the deal
    outcome: str              # as DealScore.outcome: made | failed | tie | split | sweep | instant_win
    sweep: int | None         # the team that takes every trick, if one does
    best: bool                # no legal card does better (a sweep first, then card points)


@dataclass(frozen=True, slots=True)
class Position:
    """A seat's choice of card in a finished deal, every legal card valued."""

    match: Match                     # just before the card
    seat: Seat
    played: Card
    values: tuple[CardValue, ...]    # every legal card, in card order

    @property
    def trick(self) -> int:
        return len(self.match.deal.tricks) + 1

    @property
    def played_value(self) -> CardValue:
        return next(v for v in self.values if v.card == self.played)


def choices(match: Match, who: Seat, number: int) -> Iterator[tuple[Match, Card]]:
    """*who*'s cards in deal *number* of *match* played where two or more were legal, each with the match just
    before it."""
    for n, m, turn, action in match.replay():
        if n > number:
            break
        if (n == number and turn == who and m.deal.phase is Phase.PLAY and isinstance(action, int)
                and len(m.legal_actions()) > 1):
            yield m, action


def _solver(m: Match) -> Solver:
    """One solver per deal, kept: each position of a deal is a part of the one before, so its table serves them all
    (the page asks the positions one at a time)."""
    deal = m.deal
    assert deal.contract is not None
    mode = int(deal.contract.mode)
    must_rise = m.rules.notrumps_must_rise
    return solver_for(("analysis", *deal.initial_hands()), mode, must_rise, SWEEP)


def analyse_position(m: Match, who: Seat, played: Card) -> Position:
    """Every legal card of *who* at *m* (its turn to play a card) valued with all hands known."""
    deal = m.deal
    contract = deal.contract
    assert contract is not None and deal.phase is Phase.PLAY and m.turn == who
    legal: Mask = 0
    for action in deal.legal_actions():
        assert isinstance(action, int)
        legal |= 1 << action
    won = (any(t.winner & 1 == 0 for t in deal.tricks), any(t.winner & 1 == 1 for t in deal.tricks))
    raw = _solver(m).move_values(deal.hands, int(deal.leader), deal.trick, won, list(cards_of(legal)))
    team = who & 1
    sign = 1 if team == 0 else -1
    top = max(sign * v for v in raw.values())
    values = tuple(_value(m, card, v, team, sign * v == top) for card, v in sorted(raw.items()))
    return Position(m, who, played, values)


def _value(m: Match, card: Card, v: int, team: int, best: bool) -> CardValue:
    """The solver's value *v* (Team1's card points from now on, ± the sweep bonus) as the deal's result for *team*."""
    deal = m.deal
    contract = deal.contract
    assert contract is not None
    sweep = 0 if v > SWEEP // 2 else 1 if v < -SWEEP // 2 else None
    rest = v - SWEEP if sweep == 0 else v + SWEEP if sweep == 1 else v
    total = Mode(contract.mode).total_points
    team1 = deal.points[0] + rest
    points = (team1, total - team1)
    score = score_deal(m.rules, contract.mode, contract.multiplier, contract.announcer_team, points, sweep,
                       automatic=contract.automatic)
    return CardValue(card, points[team], score.match_points[team], score.outcome, sweep, best)
