"""Turning card points into match points (RULES S-2 .. S-5), with the arithmetic kept as steps.

:func:`score_deal` is a pure function of the contract, the card points per team (last-trick
bonus included) and the sweeping team.  Each :class:`DealScore` carries ``steps``: the
arithmetic a learner can redo, as ``(key, params)`` pairs that :mod:`giretra_core.i18n`
turns into sentences ("52 × 2 (doubled automatically) = 104").

>>> s = score_deal(PRESETS["giretra.com"], Mode.NO_TRUMPS, 2, 0, (94, 36), None, automatic=True)
>>> s.match_points
(104, 0)
"""

from __future__ import annotations

from dataclasses import dataclass

from .modes import Mode
from .rules import PRESETS, Rules

__all__ = ["DealScore", "Step", "score_deal", "PRESETS"]

Step = tuple[str, dict[str, object]]


@dataclass(frozen=True, slots=True)
class DealScore:
    mode: Mode
    multiplier: int
    announcer_team: int
    card_points: tuple[int, int]
    sweep_team: int | None
    match_points: tuple[int, int]
    instant_win: int | None          # a Colour sweep wins the match on the spot (S-5)
    outcome: str                     # made | failed | tie | split | sweep | instant_win
    steps: tuple[Step, ...]


def _half_up(x: int) -> int:
    return (x + 5) // 10


def _ceil(x: int) -> int:
    return (x + 9) // 10


def score_deal(rules: Rules, mode: Mode, multiplier: int, announcer_team: int, card_points: tuple[int, int],
               sweep_team: int | None, automatic: bool = False) -> DealScore:
    """Match points of one deal.  *card_points* are per team (Team1, Team2), bonus included.

    *automatic* only changes the wording of the multiplier step (doubled automatically, N-5).
    """
    a = card_points[announcer_team]
    d = card_points[1 - announcer_team]
    m = multiplier
    why = "redouble" if m == 4 else ("auto" if automatic else "double") if m == 2 else None
    steps: list[Step] = [("card_points", {"announcer_team": announcer_team, "a": a, "d": d, "total": a + d})]
    points = [0, 0]

    def award(team: int, base: int, mult: int, outcome: str) -> DealScore:
        total = base * mult
        points[team] = total
        steps.append(("stake", {"team": team, "base": base, "multiplier": mult, "why": why if mult > 1 else None,
                                "total": total}))
        return _result(outcome)

    def _result(outcome: str, instant: int | None = None) -> DealScore:
        return DealScore(mode, m, announcer_team, card_points, sweep_team, (points[0], points[1]), instant,
                         outcome, tuple(steps))

    # S-5: a sweep replaces the normal scoring.
    if sweep_team is not None:
        if mode.is_colour:
            if rules.colour_sweep == "instant_win":
                steps.append(("colour_sweep", {"team": sweep_team}))
                return _result("instant_win", sweep_team)
            steps.append(("sweep", {"team": sweep_team}))
            return award(sweep_team, 25, m, "sweep")
        steps.append(("sweep", {"team": sweep_team}))
        if mode is Mode.NO_TRUMPS:
            if rules.notrumps_stake == "fixed_52_90":
                return award(sweep_team, 90, 1, "sweep")
            return award(sweep_team, 90, m, "sweep")
        return award(sweep_team, 35, m, "sweep")

    if mode.is_colour or mode is Mode.NO_TRUMPS:
        # Colour: 82 of 162; NoTrumps: 66 of 130.  An exact half is 0-0 (S-2, S-3, RULES C-7).
        if mode is Mode.NO_TRUMPS:
            need, base, mult = 66, 52, (1 if rules.notrumps_stake == "fixed_52_90" else m)
        else:
            need, base, mult = 82, (rules.clubs_base_points if mode is Mode.CLUBS else 16), m
        if a == d:
            steps.append(("half_tie", {"a": a, "d": d}))
            return _result("tie")
        if a >= need:
            steps.append(("made", {"a": a, "need": need}))
            return award(announcer_team, base, mult, "made")
        steps.append(("failed", {"a": a, "need": need}))
        return award(1 - announcer_team, base, mult, "failed")

    # S-4 AllTrumps.
    if a < 129:
        steps.append(("alltrumps_below", {"a": a, "need": 129}))
        return award(1 - announcer_team, 26, m, "failed")
    if a == d:
        steps.append(("alltrumps_tie", {"a": a, "d": d}))
        return _result("tie")
    if m > 1 and rules.alltrumps_doubled == "winner_takes_all":
        steps.append(("alltrumps_winner_takes_all", {"a": a}))
        return award(announcer_team, 26, m, "made")
    rnd = _half_up if rules.alltrumps_rounding == "half_up" else _ceil
    share_a, share_d = rnd(a), rnd(d)
    steps.append(("alltrumps_round", {"a": a, "d": d, "A": share_a, "D": share_d,
                                      "rounding": rules.alltrumps_rounding}))
    if rules.alltrumps_rounding == "ceil" and share_a + share_d > 26:
        # Rounding both sides up can make 27: the defenders' share is cut so that the total never exceeds 26
        # (the vectors' if_rounded_up_ceil note).  Half-up never totals more than 26.
        steps.append(("alltrumps_total_cap", {"A": share_a, "D": 26 - share_a, "was": share_d}))
        share_d = 26 - share_a
    if share_a == share_d:
        if m > 1 and rules.alltrumps_doubled == "split_times_multiplier_tie_to_announcer":
            share_a, share_d = share_a + 1, share_d - 1
            steps.append(("alltrumps_tie_to_announcer", {"A": share_a, "D": share_d}))
        else:
            steps.append(("alltrumps_rounded_tie", {"A": share_a, "D": share_d}))
            return _result("tie")
    if rules.alltrumps_lopsided == "dominance_26_0" and share_d < 6:
        share_a, share_d = 26, 0
        steps.append(("alltrumps_dominance", {"A": 26, "D": 0}))
    elif share_a > 20 or share_d < 6:
        share_a, share_d = min(share_a, 20), max(share_d, 6)
        steps.append(("alltrumps_clamp", {"A": share_a, "D": share_d}))
    points[announcer_team] = share_a * m
    points[1 - announcer_team] = share_d * m
    steps.append(("split", {"announcer_team": announcer_team, "A": share_a, "D": share_d, "multiplier": m,
                            "why": why, "totalA": share_a * m, "totalD": share_d * m}))
    return _result("split")

