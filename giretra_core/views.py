"""What one seat may know: :func:`seat_view`.  Bots and the UI read views only.

A view holds the seat's own hand, the public history of the current deal (cutter and cut,
every call, every card played and who won each trick), the contract, the scores and the
target, whose turn it is and — for the player to act — every action with its legality.
Other players' cards appear only once played, or when the deal is over.

Earlier deals appear only as results (the score sheet).  Under the default rules the deck is
never shuffled, so the previous deal's tricks *in order* plus the cut would give away every
hand of the next deal; a bot must not have a memory that no player at a real table has.

>>> from .match import Match
>>> v = seat_view(Match.new(seed=1), Seat.BOTTOM)
>>> v.phase, v.phase == Phase.CUT == "cut", v.hand, v.turn is not None
(<Phase.CUT: 'cut'>, True, 0, True)
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import Card, Mask
from .deal import Action, Phase, TrickRecord
from .match import Match
from .negotiation import Call, Contract, Negotiation, Reason
from .play import winning_index
from .rules import Rules
from .scoring import DealScore
from .seats import Seat


@dataclass(frozen=True, slots=True)
class SeatView:
    """What *seat* may know of the match now (docs/bots.md, "Your own bot", lists the fields): the only thing a
    bot is given.  ``phase`` is a :class:`Phase`, equal to its string: ``view.phase == Phase.PLAY == "play"``."""

    seat: Seat
    rules: Rules
    players: tuple[str, str, str, str]
    phase: Phase                            # CUT | NEGOTIATION | PLAY | MATCH_OVER ("cut", ... "match_over")
    deal_number: int
    dealer: Seat
    cutter: Seat
    turn: Seat | None
    scores: tuple[int, int]
    target: int
    winner: int | None
    hand: Mask                              # own cards now (5 during the negotiation, then 8 down to 0)
    hand_counts: tuple[int, int, int, int]
    cut: int | None
    calls: tuple[tuple[Seat, Call], ...]
    negotiation: Negotiation | None         # public: derived from the calls only
    contract: Contract | None               # provisional during the negotiation, final after
    trick: tuple[Card, ...]                 # the current trick, leader's card first
    leader: Seat
    trick_winning: Seat | None              # who wins the current trick so far
    tricks: tuple[TrickRecord, ...]         # finished tricks of this deal
    card_points: tuple[int, int]            # per team so far (bonus included once the deal is over)
    played: Mask                            # every card played this deal
    actions: tuple[tuple[Action, Reason | None], ...]   # the player to act only: every action, legal or why not
    hands: tuple[Mask, Mask, Mask, Mask] | None         # every hand as dealt, only once the deal is over
    last_score: DealScore | None            # the previous deal's result (at match end: this deal's)

    @property
    def legal(self) -> list[Action]:
        """The legal actions of the seat's turn, in :attr:`actions`' order (none when it is not its turn)."""
        return [a for a, reason in self.actions if reason is None]


def seat_view(match: Match, seat: Seat) -> SeatView:
    deal = match.deal
    over = deal.is_over
    negotiation = deal.negotiation
    contract = deal.contract or (negotiation.contract() if negotiation else None)
    trick = deal.trick
    played = 0
    for c in deal.plays:
        played |= 1 << c
    trick_winning = None
    if trick and contract is not None:
        trick_winning = Seat((deal.leader + winning_index(trick, contract.mode)) & 3)
    turn = match.turn
    actions: tuple[tuple[Action, Reason | None], ...] = ()
    if turn is not None and turn == seat:
        actions = tuple(deal.every_action())
    return SeatView(
        seat=seat,
        rules=match.rules,
        players=match.players,
        phase=Phase(match.current_phase),
        deal_number=len(match.history) + (0 if over else 1),
        dealer=deal.dealer,
        cutter=deal.cutter,
        turn=turn,
        scores=match.scores,
        target=match.target,
        winner=match.winner,
        hand=deal.hands[seat],
        hand_counts=(deal.hands[0].bit_count(), deal.hands[1].bit_count(), deal.hands[2].bit_count(),
                     deal.hands[3].bit_count()),
        cut=deal.cut,
        calls=negotiation.calls if negotiation else (),
        negotiation=negotiation,
        contract=contract,
        trick=trick,
        leader=deal.leader,
        trick_winning=trick_winning,
        tricks=deal.tricks,
        card_points=deal.points,
        played=played,
        actions=actions,
        hands=deal.initial_hands() if over else None,
        last_score=match.history[-1].score if match.history else None,
    )


__all__ = ["SeatView", "seat_view", "Phase"]
