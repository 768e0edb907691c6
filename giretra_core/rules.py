"""The rules object: every switch of RULES §3 in one immutable value, and the two presets.

>>> PRESETS["giretra.com"].opponent_accept_effect, PRESETS["play.giretra.com"].opponent_accept_effect
('double', 'lock')
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Literal

from .errors import NotationError
from .modes import Mode

DEFAULT_PRESET = "giretra.com"
# N-5: the modes whose bid an opponent's first Accept doubles (or, in a preset where it does not, only locks).
ACCEPT_DOUBLED_MODES = frozenset({Mode.NO_TRUMPS, Mode.CLUBS})


@dataclass(frozen=True, slots=True)
class Rules:
    """One value per switch of RULES §3.  The defaults are RULES.md's Decisions."""

    name: str = DEFAULT_PRESET
    cutter_seat: Literal["dealer_left", "dealer_right"] = "dealer_left"
    deck_between_deals: Literal["reassemble", "fresh_shuffle"] = "reassemble"
    deck_reassembly: Literal["trick_order", "team_piles"] = "trick_order"
    # "random" = drawn from the match seed; otherwise the letter of a fixed seat (B, L, T, R).
    first_dealer: str = "random"
    accept_blocks_announcing: Literal["rest_of_deal", "until_next_announcement"] = "rest_of_deal"
    implicit_pass: Literal["latest_announce_or_accept", "first_announce_or_accept",
                           "first_announce_only", "none"] = "latest_announce_or_accept"
    opponent_accept_effect: Literal["double", "lock"] = "double"
    redoublable_modes: frozenset[Mode] = frozenset({Mode.ALL_TRUMPS, Mode.DIAMONDS, Mode.HEARTS, Mode.SPADES})
    notrumps_stake: Literal["base_52_times_multiplier", "fixed_52_90"] = "base_52_times_multiplier"
    clubs_base_points: int = 16
    alltrumps_rounding: Literal["half_up", "ceil"] = "half_up"
    alltrumps_lopsided: Literal["clamp_20_6", "dominance_26_0"] = "clamp_20_6"
    alltrumps_doubled: Literal["split_times_multiplier", "winner_takes_all",
                               "split_times_multiplier_tie_to_announcer"] = "split_times_multiplier"
    notrumps_must_rise: bool = False
    colour_sweep: Literal["instant_win", "points_25"] = "instant_win"
    match_target: int = 150
    target_step: int = 100

    def accept_doubles(self, mode: Mode | int) -> bool:
        """Whether an opponent's first Accept of a *mode* bid counts as its Double (N-5)."""
        return mode in ACCEPT_DOUBLED_MODES and self.opponent_accept_effect == "double"

    def describe(self) -> dict[str, object]:
        """Every switch and its value, for the JSON seam and the docs."""
        out: dict[str, object] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            if isinstance(value, frozenset):
                value = sorted(Mode(m).api_name for m in value)
            out[f.name] = value
        return out


PRESETS: dict[str, Rules] = {
    "giretra.com": Rules(),
    # RULES §3, third column: the public reference server (giretra/giretra at HEAD).
    "play.giretra.com": Rules(
        name="play.giretra.com",
        cutter_seat="dealer_right",
        deck_between_deals="fresh_shuffle",
        first_dealer="B",
        accept_blocks_announcing="until_next_announcement",
        implicit_pass="first_announce_or_accept",
        opponent_accept_effect="lock",
        redoublable_modes=frozenset({Mode.ALL_TRUMPS, Mode.CLUBS, Mode.DIAMONDS, Mode.HEARTS, Mode.SPADES}),
        notrumps_stake="base_52_times_multiplier",
        clubs_base_points=32,
        alltrumps_rounding="half_up",
        alltrumps_lopsided="dominance_26_0",
        alltrumps_doubled="winner_takes_all",
        notrumps_must_rise=False,
        colour_sweep="instant_win",
    ),
}


def get_preset(name: str) -> Rules:
    """:raises NotationError: for an unknown preset name."""
    rules = PRESETS.get(name) if isinstance(name, str) else None
    if rules is None:
        raise NotationError(f"unknown rules preset: {name!r} (expected one of {', '.join(PRESETS)})",
                            "bad_rules", text=str(name))
    return rules
