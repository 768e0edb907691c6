"""The hint and the review: what the expert bot would choose at a seat's position, and a finished deal played again
beside it, move by move.

Both ask the bot as the hint does: the same level (:data:`HINT_LEVEL`), the same randomness per position
(:func:`position_rng`), from the seat's own view; so each of the review's choices is the hint the player would have
had at that moment.

>>> from .match import Match
>>> m = Match.new(seed=3, players=("human", "basic", "basic", "basic"))
>>> position_rng(m, 0).random() == position_rng(m, 0).random()
True
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass

from . import bots
from .bots.plan import Plan, card_plan
from .bots.reasons import Decision, decide
from .deal import Action, Phase, action_token
from .match import Match
from .notation import format_match
from .seats import Seat
from .views import seat_view

HINT_LEVEL = list(bots.LEVELS)[-1]   # the strongest level offered in play: a human seat's hint, and the review's
BOT_BUDGET_MS = 250.0   # a bot's thinking time when the page asks bot_action without one (its default)


def position_rng(match: Match, seed: int) -> random.Random:
    """A bot's randomness at this position: keyed by the position itself (its notation), so the same position asked
    twice gets the same answer, and another match another one. (Keyed by the notation's length, every match the page
    started drew the same numbers: its random bots cut 22 and called NoTrumps in 300 matches of 300.)"""
    return random.Random(f"{seed}:{format_match(match)}")   # a str seed is hashed by sha512: the same in Pyodide


def choose(match: Match, seat: Seat, level: str, seed: int, budget_ms: float) -> Decision:
    """The action the bot of *level* would take for *seat* now (the hint, or a bot's move): not applied."""
    return bots.choose(level, seat_view(match, seat), position_rng(match, seed), budget_ms)


def plan(match: Match, seat: Seat, decision: Decision) -> Plan | None:
    """What *decision*'s card does at *seat*'s position, in a player's words (the hint's first line); None for a
    call or a cut, whose line says it already (a bid names what in the hand supports it)."""
    if match.deal.phase is not Phase.PLAY or not isinstance(decision.action, int):
        return None
    return card_plan(seat_view(match, seat), decision.action, decision.key)


@dataclass(frozen=True, slots=True)
class Move:
    """One move of a seat in a review: the position before it, what the seat played and the expert's choice there."""

    match: Match
    played: Action
    expert: Decision
    same: bool     # the same action, or a card worth the same (7♦ for 8♦ with nothing between)
    forced: bool   # the only legal action: nobody's choice
    plan: Plan | None = None   # what the expert's card does there, in a player's words (the hint's first line)

    @property
    def trick(self) -> int | None:
        """The trick's number during the play, None during the negotiation."""
        return len(self.match.deal.tricks) + 1 if self.match.deal.phase is Phase.PLAY else None


def review_move(m: Match, who: Seat, action: Action, seed: int, budget_ms: float) -> Move:
    """*who*'s *action* at *m* beside the expert's choice at the same position (as the hint asks it)."""
    view = seat_view(m, who)
    decision = bots.choose(HINT_LEVEL, view, position_rng(m, seed), budget_ms)
    params = decision.params or {}
    if "usual" in params and params["usual"] != action_token(action):
        # The hint names the card a person would think of (the policy's); beside another card that the player
        # played, that comparison says nothing about the player's card: the line without it.
        plain = {k: v for k, v in params.items() if k != "usual"}
        decision = decide(decision.action, decision.key.removesuffix("_over"), **plain)
    same = decision.action == action
    if not same and isinstance(action, int) and isinstance(decision.action, int):   # two cards
        same = bots.expert.equivalent(view, action, decision.action)   # 7♦ for 8♦ with nothing between: the same
    return Move(m, action, decision, same, len(m.legal_actions()) == 1, plan(m, who, decision))


def seat_moves(match: Match, who: Seat, number: int) -> Iterator[tuple[Match, Action]]:
    """*who*'s moves in deal *number* of *match*, each with the match just before it; never the cut (any cut is as
    good before the deal). Replayed from the match's start: the bots also read the scores and the target."""
    for n, m, turn, action in match.replay():
        if n > number:
            break
        if n == number and turn == who and m.deal.phase is not Phase.CUT:
            yield m, action
