"""Turning card points into match points (RULES S-2 .. S-5), with the arithmetic kept as steps.

:func:`score_deal` is a pure function of the contract, the card points per team (last-trick
bonus included) and the sweeping team.  Each :class:`DealScore` carries ``steps``: the
arithmetic a learner can redo, as ``(key, params)`` pairs that :mod:`giretra_core.words`
turns into sentences ("52 × 2 (doubled automatically) = 104").

>>> s = score_deal(PRESETS["giretra.com"], Mode.NO_TRUMPS, 2, 0, (94, 36), None, automatic=True)
>>> s.match_points
(104, 0)
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from .errors import GiretraError
from .modes import LAST_TRICK_BONUS, POINTS, Mode
from .rules import PRESETS, Rules

__all__ = ["DealScore", "Step", "score_deal", "PRESETS", "ScoreInputError", "possible_points", "multipliers",
           "card_points", "multiplier", "calculate", "Calculation"]

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


def points_needed(mode: Mode) -> int:
    """The card points the announcers need to make *mode* (S-2, S-3, S-4): 82 of 162, 66 of 130, 129 of 258.

    >>> points_needed(Mode.CLUBS), points_needed(Mode.NO_TRUMPS), points_needed(Mode.ALL_TRUMPS)
    (82, 66, 129)
    """
    return 129 if mode is Mode.ALL_TRUMPS else 66 if mode is Mode.NO_TRUMPS else 82


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
        need = points_needed(mode)
        if mode is Mode.NO_TRUMPS:
            base, mult = 52, (1 if rules.notrumps_stake == "fixed_52_90" else m)
        else:
            base, mult = (rules.clubs_base_points if mode is Mode.CLUBS else 16), m
        if a == d:
            steps.append(("half_tie", {"a": a, "d": d}))
            return _result("tie")
        if a >= need:
            steps.append(("made", {"a": a, "need": need}))
            return award(announcer_team, base, mult, "made")
        steps.append(("failed", {"a": a, "need": need}))
        return award(1 - announcer_team, base, mult, "failed")

    # S-4 AllTrumps.
    if a < points_needed(mode):
        steps.append(("alltrumps_below", {"a": a, "need": points_needed(mode)}))
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



# -- the score calculator: a deal's inputs as a person types them, checked against the rules ---------------------------

# The rule each refusal of the calculator names (its sentence is worded by giretra_core.words: SCORE_MESSAGES).
SCORE_RULE_OF = {"auto_doubled": "N-5", "not_redoublable": "N-6", "points_impossible": "S-1", "points_sum": "S-1",
                 "points_sweep": "S-5"}


class ScoreInputError(GiretraError):
    """A deal the rules cannot give (card points no deal has, a multiplier the mode never has): *key* names the
    sentence, *params* fill it (a mode as a :class:`Mode`, a team as 0 or 1)."""

    code = "bad_card_points"

    def __init__(self, key: str, code: str | None = None, **params: object) -> None:
        super().__init__(key, code, rule=SCORE_RULE_OF.get(key, ""), **params)
        self.key = key


@functools.cache
def possible_points(mode: Mode) -> frozenset[int]:
    """Every card-point total one team can have in *mode*: the points of some of the 32 cards, +10 or not (S-1)."""
    sums = {0}
    for points in POINTS[mode]:
        sums |= {s + points for s in sums}
    return frozenset(sums | {s + LAST_TRICK_BONUS for s in sums})


def multipliers(rules: Rules, mode: Mode) -> tuple[list[int], dict[int, str]]:
    """The multipliers a *mode* contract can have under *rules*, and why the others cannot happen (a key of
    :data:`SCORE_RULE_OF` for each)."""
    allowed: list[int] = []
    refused: dict[int, str] = {}
    if rules.accept_doubles(mode):
        refused[1] = "auto_doubled"
    else:
        allowed.append(1)
    allowed.append(2)
    if mode in rules.redoublable_modes:
        allowed.append(4)
    else:
        refused[4] = "not_redoublable"
    return allowed, refused


def card_points(mode: Mode, sweep: int | None, given: dict[int, object] | None) -> tuple[int, int]:
    """Both teams' card points from *given* (team -> points, one team or both, in the order given; None for a
    sweep), checked against S-1/S-5.

    :raises ScoreInputError: for points that no deal of *mode* gives.
    """
    total = mode.total_points
    swept = None if sweep is None else (total, 0) if sweep == 0 else (0, total)
    if given is None:
        if swept is None:
            raise ScoreInputError("points_missing")
        return swept
    checked: dict[int, int] = {}
    for team, v in given.items():
        if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= total:
            raise ScoreInputError("points_type", total=total, mode=mode, value=v)
        if v not in possible_points(mode):
            raise ScoreInputError("points_impossible", value=v, mode=mode)
        checked[team] = v
    a = checked[0] if 0 in checked else total - checked[1]
    d = checked[1] if 1 in checked else total - a
    if a + d != total:
        raise ScoreInputError("points_sum", mode=mode, total=total, a=a, d=d, sum=a + d)
    if sweep is not None and (a, d) != swept:
        raise ScoreInputError("points_sweep", team=sweep, total=total)
    return a, d


@dataclass(frozen=True, slots=True)
class Calculation:
    """The score calculator's answer: the multiplier it used, whether it is the automatic double, the score and the
    rule that scores it."""

    multiplier: int
    automatic: bool
    score: DealScore
    rule: str


def multiplier(rules: Rules, mode: Mode, given: int | None) -> int:
    """The multiplier of a *mode* contract: *given*, checked, or the lowest the mode can have (×2 for the modes an
    opponent's Accept doubles, N-5).

    :raises ScoreInputError: for a multiplier the mode never has.
    """
    allowed, refused = multipliers(rules, mode)
    m = allowed[0] if given is None else given
    if m not in allowed:
        raise ScoreInputError(refused[m], "multiplier_not_allowed", mode=mode)
    return m


def calculate(rules: Rules, mode: Mode, m: int, announcer_team: int, sweep: int | None,
              given: dict[int, object] | None) -> Calculation:
    """One deal scored from what a person typed: the multiplier *m* (see :func:`multiplier`) and the card points
    *given* (see :func:`card_points`).

    :raises ScoreInputError: for card points the rules cannot give.
    """
    allowed, _ = multipliers(rules, mode)
    points = card_points(mode, sweep, given)
    automatic = m == 2 and 1 not in allowed  # this contract is ×2 only through the automatic double (N-5)
    score = score_deal(rules, mode, m, announcer_team, points, sweep, automatic=automatic)
    rule = ("S-5" if sweep is not None else "S-2" if mode.is_colour else "S-3"
            if mode is Mode.NO_TRUMPS else "S-4" if m == 1 else "S-4b")
    return Calculation(m, automatic, score, rule)
