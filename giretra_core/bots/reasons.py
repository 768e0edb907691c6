"""Why a bot chose: stable keys with one short English line each (the UI's hint shows it).

A :class:`Decision` carries the key, its parameters and the English text, so the text can be
translated later from the key alone.

>>> explain("master", card="AS")
'master card: AS is the highest left in its suit'
"""

from __future__ import annotations

from typing import NamedTuple

from ..deal import Action
from ..words import en

# The English line of each key (its words in every language are in giretra_core.words: BOT_REASONS).
REASONS: dict[str, str] = en.bot_reasons


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
