"""The negotiation: how many card points five cards promise in each mode, and what that is worth.

:func:`estimate` gives the expected card points of the seat's team (mean and spread) if a mode is
played, from the five cards seen (weights fitted by :mod:`.fit` over simulated deals).  The
advanced level reads the bids so far as well (the context model).  :func:`contract_value`
turns a mean and spread into the expected match points of the contract (through
:func:`~giretra_core.scoring.score_deal`, so every rules preset is respected), and
:func:`choose_call` weighs every legal call.

>>> from ..cards import parse_cards
>>> mean, spread = estimate(2, parse_cards("JH9HAH10HAS"), True, announcing=True)
>>> mean > 100
True
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from dataclasses import dataclass

from ..cards import Mask, card_name
from ..modes import TOTAL_POINTS, Mode
from ..negotiation import ACCEPT, Call, CallKind
from ..rules import Rules
from ..scoring import score_deal
from .features import context_features, features, supporting_cards
from .reasons import Decision, decide

# Fitted by ``python -m tools.lab.fit --deals 20000 --seed 1`` (the four Colour modes averaged,
# they are symmetric).  Keys: (family, role) with family 0 = Colour, 4 = NoTrumps, 5 = AllTrumps and
# role 0 = the team announces, 1 = the team defends.  Values: weights of :mod:`.features`, residual spread.
MODEL: dict[tuple[int, int], tuple[tuple[float, ...], float]] = {
    (0, 0): ((60.17, 25.58, 15.59, 10.78, 8.95, 6.75, 6.17, 4.79, 8.40, 2.71, -0.73, 0.53, 2.00, 0.60, 2.48), 33.6),
    (0, 1): ((59.49, 26.28, 16.28, 11.04, 9.23, 7.04, 6.51, 3.79, 8.46, 2.65, -0.62, 0.54, 1.89, 0.61, -0.42), 33.6),
    (4, 0): ((52.61, 12.13, 5.42, 1.29, 1.47, 0.68, 0.53, -0.19, 0.61, -0.25, -3.36), 28.3),
    (4, 1): ((52.61, 12.13, 5.42, 1.29, 1.47, 0.68, 0.53, -0.19, 0.61, -0.25, -3.36), 28.3),
    (5, 0): ((111.58, 21.07, 9.05, 4.16, 2.44, 0.99, -0.43, -7.35, 1.18, 0.05, -0.65), 47.5),
    (5, 1): ((111.58, 21.07, 9.05, 4.16, 2.44, 0.99, -0.43, -7.35, 1.18, 0.05, -0.65), 47.5),
}


# The same with the context features of :func:`~.features.context_features` appended, fitted on the calls
# the advanced level makes (``python -m tools.lab.fit --deals 20000 --seed 2 --context advanced``):
# what the partner's and the opponents' announcements and doubles say, measured rather than guessed.
MODEL_CONTEXT: dict[tuple[int, int], tuple[tuple[float, ...], float]] = {
    (0, 0): ((59.77, 25.56, 15.55, 10.20, 8.74, 6.81, 6.02, 4.81, 8.18, 2.53, -0.63, 0.38, 1.69, 1.87, 3.50, 16.18,
              -8.20, 0.00, 2.89, -1.99, -10.72, 6.15, 0.00, -1.82, 1.86, 42.73, -33.97), 32.8),
    (0, 1): ((59.48, 26.08, 15.95, 10.27, 8.77, 6.89, 6.16, 3.84, 8.16, 2.47, -0.63, 0.38, 1.82, 1.72, 0.88, 15.89,
              -8.01, 0.00, 2.80, -1.90, -11.18, 6.04, 0.00, -1.95, 1.99, 45.61, -31.21), 32.8),
    (4, 0): ((52.11, 11.27, 5.00, 0.93, 1.15, 0.80, 0.39, -0.04, 0.57, 2.14, -2.63, 5.35, 0.00, -4.55, 0.00, -7.60,
              -3.42, 0.00, 3.50, 0.00, 6.58, 29.47, -26.18), 27.4),
    (4, 1): ((52.11, 11.27, 5.00, 0.93, 1.15, 0.80, 0.39, -0.04, 0.57, 2.14, -2.63, 5.35, 0.00, -4.55, 0.00, -7.60,
              -3.42, 0.00, 3.50, 0.00, 6.58, 29.47, -26.18), 27.4),
    (5, 0): ((109.88, 21.83, 9.56, 4.32, 3.81, 1.39, 0.11, -7.74, 0.56, -1.52, -1.36, 11.31, 0.00, 3.57, 1.18, 0.00,
              -9.05, 0.00, -2.10, -0.12, 0.00, 38.20, -25.40), 47.2),
    (5, 1): ((109.88, 21.83, 9.56, 4.32, 3.81, 1.39, 0.11, -7.74, 0.56, -1.52, -1.36, 11.31, 0.00, 3.57, 1.18, 0.00,
              -9.05, 0.00, -2.10, -0.12, 0.00, 38.20, -25.40), 47.2),
}


def estimate(mode: int, hand: int, we_lead: bool, announcing: bool,
             calls: Sequence[tuple[int, Call]] | None = None, seat: int = 0) -> tuple[float, float]:
    """Expected card points of the seat's team in *mode* (bonus included) and the spread, from *hand*.

    With *calls* (the negotiation so far, seen from *seat*) the context model is used.
    """
    key = (0 if mode < 4 else mode, 0 if announcing else 1)
    x = features(mode, hand, we_lead)
    if calls is None:
        weights, sigma = MODEL[key]
    else:
        weights, sigma = MODEL_CONTEXT[key]
        x += context_features(mode, calls, seat)
    return sum(w * v for w, v in zip(weights, x, strict=True)), sigma


def phi(z: float) -> float:
    """The standard normal distribution function (the win-chance model's, and tools/lab/fit.py's)."""
    return 0.5 * math.erfc(-z / math.sqrt(2))


# Fitted by maximum likelihood on 38,084 deal starts of 6,000 matches between the advanced bots of the
# time.  Refitting on today's (``python -m tools.lab.fit --win-model 6000``) gives 9.5: the arena
# cannot tell the two apart (advanced vs basic 65.2 % with 9.5, 66.3 % with 7.0, 1,000 pairs each).
WIN_SPREAD = 7.0


def win_chance(ours: int, theirs: int, target: int) -> float:
    """The chance to win the match from these scores: a race, Phi((what they need - what we need) / spread).

    >>> win_chance(0, 0, 150), round(win_chance(134, 0, 150), 2)
    (0.5, 0.93)
    """
    while ours >= target and theirs >= target:
        target += 100
    if ours >= target:
        return 1.0
    if theirs >= target:
        return 0.0
    need_us, need_them = target - ours, target - theirs
    return phi((need_them - need_us) / (WIN_SPREAD * math.sqrt(need_us + need_them)))


Situation = tuple[int, int, int]  # (announcing team's score, the other team's score, target)


@functools.lru_cache(maxsize=8192)
def contract_value(rules: Rules, mode: int, multiplier: int, mean: int, sigma: int,
                  situation: Situation | None = None, risk: float = 0.0,
                  defending: bool = False) -> tuple[float, float]:
    """(value of the contract for the announcing team, probability that it makes it).

    The announcing team's card points are taken as normal(mean, sigma), rounded to the card point.
    The value is the expected match points, ours minus theirs; with a *situation* (scores and target)
    it is the expected change of the announcing team's chance to win the match, in percent.  With a
    *risk* tolerance R (match points) it is the expected utility R (1 - exp(-x / R)) of the match
    points x, ours minus theirs, of the announcing team — or, if *defending*, minus that of the
    defenders (so that the caller's usual negation gives the defenders' utility).
    """
    outcomes = _outcomes(rules, mode, multiplier, situation, risk, defending)
    ev = 0.0
    made = 0.0
    previous = 0.0  # everything below 0 counts as 0, everything above the total as the total
    last = len(outcomes) - 1
    for a, (term, won) in enumerate(outcomes):
        upper = phi((a + 0.5 - mean) / sigma) if a < last else 1.0
        p = upper - previous
        previous = upper
        if p < 1e-7:
            continue
        # The same products in the same order as when the term was worked out here: the same value to the last bit.
        if risk:
            if defending:
                ev -= p * risk * term
            else:
                ev += p * risk * term
        elif situation is None:
            ev += p * term
        else:
            ev += p * 100 * term
        if won:
            made += p
    return ev, made


# 128 situations, about 2 MB (512 held about 8 MB in the page's engine): an arena run's hits fell by 14 %,
# its CPU time within the noise; the page plays one match, whose deal needs a few dozen.
@functools.lru_cache(maxsize=128)
def _outcomes(rules: Rules, mode: int, multiplier: int, situation: Situation | None, risk: float,
              defending: bool) -> tuple[tuple[float, bool], ...]:
    """For each card-point total of the announcers, 0 to all: its term of :func:`contract_value` (before the chance
    and the factors it is multiplied by) and whether the contract is made.  It does not depend on the estimate's mean
    and spread, which the bids ask about by the thousand: worked out once per situation, not once per estimate (84 %
    of an arena run's time went to this, and each of ``--jobs``' processes paid it again for its own estimates)."""
    total = TOTAL_POINTS[mode]
    m = Mode(mode)
    automatic = rules.accept_doubles(mode) and multiplier == 2
    out = []
    for a in range(total + 1):
        ours_mp, theirs_mp = score_deal(rules, m, multiplier, 0, (a, total - a), None,
                                        automatic=automatic).match_points
        x = ours_mp - theirs_mp
        if risk:
            term: float = (1.0 - math.exp(x / risk)) if defending else (1.0 - math.exp(-x / risk))
        elif situation is None:
            term = x
        else:
            ours, theirs, target = situation
            term = win_chance(ours + ours_mp, theirs + theirs_mp, target) - win_chance(ours, theirs, target)
        out.append((term, ours_mp > theirs_mp))
    return tuple(out)


def auto_multiplier(rules: Rules, mode: int) -> int:
    """The multiplier a NoTrumps or Clubs bid gets when an opponent accepts it (RULES N-5)."""
    return 2 if rules.accept_doubles(mode) else 1


@dataclass
class Outlook:
    """Per mode: expected card points of our team if we announce / if they announce."""

    ours: list[float]
    theirs: list[float]     # our points as defenders
    spread: list[float]


def outlook(hand: int, we_lead: bool, calls: Sequence[tuple[int, Call]], seat: int, context: bool) -> Outlook:
    """Both estimates for every mode; with *context*, read in the light of the calls so far."""
    ours, theirs, spread = [], [], []
    seen = calls if context else None
    for mode in range(6):
        mean_a, sigma = estimate(mode, hand, we_lead, True, seen, seat)
        mean_d, _ = estimate(mode, hand, we_lead, False, seen, seat)
        ours.append(mean_a)
        theirs.append(mean_d)
        spread.append(sigma)
    return Outlook(ours, theirs, spread)


@dataclass
class CallChoice:
    call: Call
    value: float
    key: str
    about: int | None = None   # an Accept instead of a bid: the mode likeliest made among the legal bids


def choose_call(rules: Rules, legal: Sequence[Call], outlook: Outlook, seat: int, current: tuple[int, int, int] | None,
                scores: tuple[int, int, int] | None = None, double_margin: float = 0.32,
                redouble_margin: float = 0.78, forced: bool = False, double_risk: bool = False,
                min_made: dict[int, float] | None = None, risk: float = 0.0) -> CallChoice:
    """Weigh every legal call and return the best one.

    *current* is the contract as it stands: (mode, announcer team, multiplier), None before any bid.
    With *scores* (ours, theirs, target) calls are weighed by the chance to win the match (the
    advanced level); without, by match points (the basic level).  With *double_risk* a new bid is
    valued as the opponents may see it: the weaker it is, the likelier they double it.  *min_made*
    gives per mode the chance of making it below which that mode is not announced (unless the
    opener has nothing else).  A *risk* tolerance (match points; the basic level) weighs calls by a
    concave utility of the match points instead of their mean: a sure small gain beats a gamble
    with the same mean.
    """
    team = seat & 1
    min_made = min_made or {}

    def value_for(mode: int, ann_team: int, mult: int) -> tuple[float, float]:
        if ann_team == team:
            mean, sigma = outlook.ours[mode], outlook.spread[mode]
            ev, made = contract_value(rules, mode, mult, round(mean), round(sigma), scores, risk)
            return ev, made
        mean, sigma = outlook.theirs[mode], outlook.spread[mode]
        total = TOTAL_POINTS[mode]
        situation = None if scores is None else (scores[1], scores[0], scores[2])
        ev, made = contract_value(rules, mode, mult, round(total - mean), round(sigma), situation, risk, True)
        return -ev, made

    best: CallChoice | None = None
    shunned: CallChoice | None = None  # the best bid that is below its minimum chance
    # The bid likeliest made, for an Accept's line: "too weak" only when even that one is likelier failed than made.
    chances = [(value_for(c.mode, team, auto_multiplier(rules, c.mode))[1], int(c.mode)) for c in legal
               if c.kind is CallKind.ANNOUNCE and c.mode is not None]
    likeliest = max(chances, default=None)
    for call in legal:
        kind, mode = call.kind, call.mode
        key = ""
        if kind is CallKind.ANNOUNCE:
            assert mode is not None
            mult = auto_multiplier(rules, mode)
            value, made = value_for(mode, team, mult)
            if double_risk and mult == 1:
                doubled = min(1.0, max(0.0, (0.55 - made) / 0.35))
                if doubled > 0:
                    value = (1 - doubled) * value + doubled * value_for(mode, team, 2)[0]
            # The line must be true of the hand: "strong enough" only when it is likelier made than not.
            key = "announce" if made >= 0.5 else "announce_forced" if forced else "announce_risk"
            if current is not None and current[1] != team:
                # "a sacrifice" only when likelier failed than made: the hint said "a sacrifice … 142 expected, 134
                # needed" (a match against expert bots), the bid's value below nothing though it will likely be made
                key = "announce_block" if value < 0 and made < 0.5 else key
            elif current is not None and current[1] == team and kind is CallKind.ANNOUNCE:
                key = "raise_partner" if value > 0 else key
            value -= 1.0  # a new bid gives the others a new chance to double
            if made < min_made.get(mode, 0.0):
                shunned = CallChoice(call, value, key) if shunned is None or value > shunned.value else shunned
                continue
        elif kind is CallKind.ACCEPT:
            assert current is not None
            cur_mode, ann_team, mult = current
            if ann_team != team and mult == 1:
                mult = auto_multiplier(rules, cur_mode)
            value, made = value_for(cur_mode, ann_team, mult)
            if ann_team == team:
                key = "accept_partner"
            elif made < 0.5:
                key = "accept_let_fail"
            elif likeliest is None:  # they are likely to make it, and no call of ours is better
                key = "accept_no_bid"
            else:
                key = "accept_weak" if likeliest[0] < 0.5 else "accept_not_worth"
        elif kind is CallKind.DOUBLE:
            assert mode is not None
            value, made = value_for(mode, 1 - team, 2)
            if made > double_margin:
                continue
            key = "double" if made < 0.5 else "double_even"
        else:
            assert mode is not None
            value, made = value_for(mode, team, 4)
            if made < redouble_margin:
                continue
            key = "redouble"
        if best is None or value > best.value:
            best = CallChoice(call, value, key, likeliest[1] if kind is CallKind.ACCEPT and likeliest else None)
    if best is None:
        # The opener must announce: the least bad bid, even below its minimum chance.
        return shunned if shunned is not None else CallChoice(ACCEPT, 0.0, "accept_weak")
    return best


@functools.lru_cache(maxsize=64)
def points_to_make(rules: Rules, mode: int, multiplier: int) -> int:
    """The fewest card points with which the announcers score more than the defenders: the rule's 82 of 162 and 66 of
    130, but 134 of 258 in AllTrumps undoubled (129 to 133 round to a tie, S-4) — what "made" means in
    :func:`contract_value`, so that the line's "needed" agrees with the chance the bot weighed.

    >>> from ..rules import PRESETS
    >>> [points_to_make(PRESETS["giretra.com"], m, 1) for m in (0, 4, 5)]
    [82, 66, 134]
    """
    total = TOTAL_POINTS[mode]
    for a in range(total + 1):
        score = score_deal(rules, Mode(mode), multiplier, 0, (a, total - a), None)
        if score.match_points[0] > score.match_points[1]:
            return a
    raise AssertionError(f"{Mode(mode)} cannot be made")


# What the line adds after its reason, by key: the bid's own support (ours), the opponents' contract (theirs).
OURS = frozenset({"announce", "announce_forced", "announce_risk", "announce_block", "raise_partner", "redouble"})
THEIRS = frozenset({"double", "double_even", "accept_let_fail", "accept_no_bid"})


def call_decision(rules: Rules, choice: CallChoice, hand: Mask, look: Outlook,
                  current: tuple[int, int, int] | None) -> Decision:
    """*choice* as a bot's decision, its line saying what supports it, from what :func:`choose_call` weighed: the
    cards behind the mode's estimate (:func:`~.features.supporting_cards`), the card points *look* expects and the
    card points the contract needs to be made (:func:`points_to_make`): "likely made — J♣ 9♣ A♠; about 95
    card points expected, 82 needed".
    An opponents' contract is told from their side: what they need and what they should take."""
    call, key = choice.call, choice.key
    params = {"mode": call.mode.api_name if call.mode is not None else ""}
    about: int | None = None
    if key in OURS:
        about = call.mode
        expected = look.ours[about] if about is not None else 0.0
    elif key in THEIRS:
        about = call.mode if call.mode is not None else None if current is None else current[0]
        expected = TOTAL_POINTS[about] - look.theirs[about] if about is not None else 0.0
    elif key in ("accept_weak", "accept_not_worth") and choice.about is not None:   # the bid likeliest made
        about = choice.about
        expected = look.ours[about]
    if about is None:
        return decide(call, key, **params)
    # The multiplier the bot valued the contract at: a Redouble's ×4, a Double's ×2, an opponent's NoTrumps or Clubs
    # doubled by the Accept, else the contract's or a new bid's own.
    if key == "redouble":
        mult = 4
    elif call.kind is CallKind.DOUBLE:
        mult = 2
    elif key in THEIRS and current is not None:
        mult = max(current[2], auto_multiplier(rules, about))
    else:
        mult = auto_multiplier(rules, about)
    cards = " ".join(card_name(c) for c in supporting_cards(about, hand)) if key not in THEIRS else ""
    support = "support_theirs" if key in THEIRS else "support_best" if key.startswith("accept") \
        else "support_ours" if cards else "support_ours_none"
    return decide(call, key, **params, support=support, about=Mode(about).api_name, cards=cards,
                  expected=str(round(expected)), need=str(points_to_make(rules, about, mult)))
