"""The solo duplicate: a finished deal played again with the expert bot in a player's seat, everything else as it was.

The deal starts again from the match just after its cut (the same cards in every hand); the other seats are the same
bots, asked as the page asked them (their level, seed and budget, and the same randomness per position: it is keyed
by the match's notation, which is the original's until the expert's first different choice). So wherever the expert
plays as the player did, the bots answer as they did; the two results side by side say what the seat's choices
were worth with these cards and these partners.

A deal is a few seconds of the expert's search in the browser: :func:`play_on` goes a few actions at a time, from
the actions an earlier part gave, so the engine never holds one request for the whole deal.

>>> from .match import Match
>>> from .seats import Seat
>>> m = Match.new(seed=3, players=("advanced", "advanced", "advanced", "advanced"))
>>> while not m.history:
...     m = m.apply(m.turn, choose_for(m, m.turn, "advanced", 0, 0.0))
>>> part = play_on(deal_start(m, 1), 1, Seat.BOTTOM, "advanced", [], None, 0, 0.0)
>>> part.actions == tuple(m.history[0].deal.actions()[1:])   # the same bot in the seat: the same deal
True
>>> part.record is not None and part.record.score == m.history[0].score
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .deal import Action, Phase
from .errors import RequestError
from .match import DealRecord, Match
from .review import BOT_BUDGET_MS, HINT_LEVEL, choose
from .seats import Seat

MAX_DEAL_ACTIONS = 200  # more than a deal can hold after its cut: 32 cards and every call of a long negotiation


def deal_start(match: Match, number: int) -> Match:
    """*match* just after deal *number*'s cut, with its history and scores as they were then."""
    for n, m, turn, action in match.replay():
        if n == number:
            return m.apply_unchecked(turn, action)   # a deal's first action is its cut
    raise AssertionError(f"deal {number} is not in the match's replay")


def choose_for(match: Match, seat: Seat, level: str, seed: int, budget_ms: float) -> Action:
    """*seat*'s action at *match*, chosen by the bot of *level*, as bot_action chooses it."""
    return choose(match, seat, level, seed, budget_ms).action


@dataclass(frozen=True, slots=True)
class Part:
    """The duplicate so far: its actions since the cut, and the deal's record once it is over."""

    actions: tuple[Action, ...]
    record: DealRecord | None

    @property
    def done(self) -> bool:
        return self.record is not None


def play_on(start: Match, number: int, who: Seat, level: str, given: Sequence[Action], count: int | None,
            seed: int, budget_ms: float) -> Part:
    """Deal *number* from *start* (:func:`deal_start`): the *given* actions (an earlier part's) replayed, checked,
    then up to *count* more (None: to the deal's end), *level* choosing for *who* (its budget *budget_ms*) and each
    other seat's own bot choosing for it (:data:`BOT_BUDGET_MS`); a human seat other than *who* (none in the page)
    is played by the hint's level.

    :raises RequestError: for given actions that go past the deal's end.
    :raises IllegalActionError: for a given action that is not legal where it comes.
    """
    m = start
    for i, action in enumerate(given):
        if len(m.history) >= number:
            raise RequestError(f"moves holds {len(given)} actions but the deal ended after {i}")
        turn = m.turn
        assert turn is not None   # a match that is not over has a seat to act
        m = m.apply(turn, action)
    actions = list(given)
    while len(m.history) < number and (count is None or len(actions) < len(given) + count):
        turn = m.turn
        assert turn is not None and m.deal.phase is not Phase.CUT
        if turn == who:
            action = choose_for(m, turn, level, seed, budget_ms)
        else:
            bot = m.players[turn]
            action = choose_for(m, turn, HINT_LEVEL if bot == "human" else bot, seed, BOT_BUDGET_MS)
        m = m.apply(turn, action)
        actions.append(action)
    return Part(tuple(actions), m.history[number - 1] if len(m.history) >= number else None)
