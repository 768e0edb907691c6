"""Why a bot chose: stable keys with one short English line each (the UI's hint shows it).

A :class:`Decision` carries the key, its parameters and the English text, so the text can be
translated later from the key alone.

>>> explain("master", card="AS")
'master card: AS is the highest left in its suit'
"""

from __future__ import annotations

from typing import NamedTuple

from ..deal import Action

REASONS: dict[str, str] = {
    # the cut and the random level
    "cut": "any cut is as good as another",
    "random": "random choice",
    "only_card": "only legal card",
    # leading
    "master": "master card: {card} is the highest left in its suit",
    "draw_trumps": "draw trumps: {card} is the master trump",
    "push_trumps": "push trumps to draw the opponents'",
    "lead_partner_suit": "lead partner’s suit",
    "lead_short": "lead from a short suit to ruff later",
    "lead_low": "lead a small card, keep the honours",
    "lead_exit": "give the lead away cheaply",
    "lead_keep": "lead {card}: the other suits are worth more kept",
    "lead_winner": "no opponent can beat {card}",
    # following
    "partner_wins_add": "partner wins: add points",
    "our_trick_add": "our trick: add points over partner’s card",
    "partner_wins_low": "partner wins: play low",
    "partner_may_lose": "partner may be beaten: play low",
    "win_cheap": "last to play: win cheaply",
    "win_master": "win with a master card",
    "win_trump": "trump to win the trick",
    "win_points": "win: the trick is worth it",
    "second_low": "second hand low",
    "duck": "cannot win for sure: play low",
    "throw_cheap": "cannot win: throw the cheapest card",
    "throw_spare": "cannot win: throw the card least needed later",
    # search
    "search": "best on average over {worlds} possible deals",
    "solved": "exact play in each of {worlds} possible deals",
    "search_over": "better on average than {usual} over {worlds} possible deals",
    "solved_over": "better on average than {usual}: exact play in each of {worlds} possible deals",
    "equivalent": "these cards are worth the same here",
    "oracle": "perfect play with every hand seen",
    # negotiation
    "announce": "strong enough for {mode}",
    "announce_forced": "must announce: {mode} is the least bad",
    "announce_risk": "worth the risk: {mode}",
    "announce_block": "a sacrifice: {mode} loses less than letting them play",
    "raise_partner": "support partner with {mode}",
    "accept_weak": "too weak to announce",
    "accept_partner": "keep our team’s contract",
    "accept_let_fail": "let them play: they are likely to fail",
    "accept_no_bid": "no higher announcement possible",
    "double": "they will likely fail",
    "double_even": "they may well fail",
    "redouble": "sure to make it",
}


def explain(key: str, **params: object) -> str:
    """The English line of *key* with its parameters filled in."""
    return REASONS[key].format(**params)


class Decision(NamedTuple):
    """A bot's choice: the action and one short line saying why (``key`` is the stable id)."""

    action: Action
    why: str
    key: str = ""
    params: dict[str, str] | None = None


def decide(action: Action, key: str, **params: str) -> Decision:
    return Decision(action, explain(key, **params), key, params or None)
