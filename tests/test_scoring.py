"""Scoring (giretra_core.scoring): one test per rule of RULES.md §2 S-, named after the rule it checks, the §3
switch values no preset uses, whole deals end to end, and an independent model of the arithmetic."""

from __future__ import annotations

import random

import pytest
from helpers import (
    COLOURS,
    DEFAULT,
    REFERENCE,
    TEAM1,
    TEAM2,
    play_random,
)

from giretra_core import (
    Match,
    Mode,
    parse_card,
    parse_match,
)
from giretra_core.match import progress
from giretra_core.modes import PLAIN_POINTS, TRUMP_POINTS
from giretra_core.play import trick_points
from giretra_core.rules import Rules
from giretra_core.scoring import score_deal
from giretra_core.words import explain_step

# ================================================================================================================
# S — scoring
# ================================================================================================================


def test_s1_card_point_tables_sum_to_62_and_30() -> None:
    assert sum(TRUMP_POINTS) == 62 and sum(PLAIN_POINTS) == 30
    assert dict(zip(["7", "8", "9", "10", "J", "Q", "K", "A"], TRUMP_POINTS, strict=True)) == \
        {"7": 0, "8": 0, "9": 14, "10": 10, "J": 20, "Q": 3, "K": 4, "A": 11}
    assert dict(zip(["7", "8", "9", "10", "J", "Q", "K", "A"], PLAIN_POINTS, strict=True)) == \
        {"7": 0, "8": 0, "9": 0, "10": 10, "J": 2, "Q": 3, "K": 4, "A": 11}


@pytest.mark.parametrize(("mode", "total"), [(Mode.CLUBS, 162), (Mode.DIAMONDS, 162), (Mode.HEARTS, 162),
                                            (Mode.SPADES, 162), (Mode.NO_TRUMPS, 130), (Mode.ALL_TRUMPS, 258)])
def test_s1_deal_totals_with_the_last_trick_bonus(mode: Mode, total: int) -> None:
    assert mode.total_points == total
    assert trick_points(list(range(32)), mode) + 10 == total


def test_s1_last_trick_is_worth_ten_more_to_its_winners() -> None:
    for seed in range(20):
        match = play_random(Match.new(seed=seed), random.Random(seed), 1)
        deal = match.history[0].deal
        assert deal.contract is not None
        per_team = [sum(t.points for t in deal.tricks if t.winner & 1 == team) for team in (0, 1)]
        per_team[deal.tricks[-1].winner & 1] += 10
        assert tuple(per_team) == deal.points
        assert sum(deal.points) == deal.contract.mode.total_points


def score(mode: Mode, m: int, a: int, d: int, rules: Rules = DEFAULT, team: int = TEAM1,
          sweep: int | None = None) -> tuple[int, int]:
    """Match points (announcers, defenders) for announcer card points *a* and defender points *d*."""
    points = (a, d) if team == TEAM1 else (d, a)
    s = score_deal(rules, mode, m, team, points, sweep)
    assert s.instant_win is None
    return (s.match_points[0], s.match_points[1]) if team == TEAM1 else (s.match_points[1], s.match_points[0])


@pytest.mark.parametrize("team", [TEAM1, TEAM2])
@pytest.mark.parametrize("mode", [Mode.DIAMONDS, Mode.HEARTS, Mode.SPADES])
def test_s2_colour_announcers_need_82(mode: Mode, team: int) -> None:
    assert score(mode, 1, 82, 80, team=team) == (16, 0)
    assert score(mode, 1, 81, 81, team=team) == (0, 0)
    assert score(mode, 1, 80, 82, team=team) == (0, 16)
    assert score(mode, 2, 82, 80, team=team) == (32, 0)
    assert score(mode, 4, 61, 101, team=team) == (0, 64)


def test_s2_clubs_is_16_always_doubled_so_32() -> None:
    assert score(Mode.CLUBS, 2, 100, 62) == (32, 0)
    assert score(Mode.CLUBS, 2, 62, 100) == (0, 32)


def test_s2_play_giretra_com_clubs_base_32() -> None:
    assert score(Mode.CLUBS, 1, 100, 62, REFERENCE) == (32, 0)
    assert score(Mode.CLUBS, 2, 100, 62, REFERENCE) == (64, 0)
    assert score(Mode.CLUBS, 4, 62, 100, REFERENCE) == (0, 128)


@pytest.mark.parametrize("team", [TEAM1, TEAM2])
def test_s3_notrumps_announcers_need_66_worth_104_doubled(team: int) -> None:
    assert score(Mode.NO_TRUMPS, 2, 66, 64, team=team) == (104, 0)
    assert score(Mode.NO_TRUMPS, 2, 65, 65, team=team) == (0, 0)
    assert score(Mode.NO_TRUMPS, 2, 64, 66, team=team) == (0, 104)
    assert score(Mode.NO_TRUMPS, 1, 66, 64, team=team) == (52, 0)


def test_s3_notrumps_sweep_is_180_doubled() -> None:
    assert score(Mode.NO_TRUMPS, 2, 130, 0, sweep=TEAM1) == (180, 0)
    assert score(Mode.NO_TRUMPS, 2, 0, 130, sweep=TEAM2) == (0, 180)  # defenders' sweep


def test_s3_play_giretra_com_accepted_notrumps_is_52_sweep_90() -> None:
    assert score(Mode.NO_TRUMPS, 1, 80, 50, REFERENCE) == (52, 0)
    assert score(Mode.NO_TRUMPS, 1, 130, 0, REFERENCE, sweep=TEAM1) == (90, 0)
    assert score(Mode.NO_TRUMPS, 2, 80, 50, REFERENCE) == (104, 0)


def test_s3_fixed_52_90_variant() -> None:
    rules = Rules(name="fixed", notrumps_stake="fixed_52_90")
    assert score(Mode.NO_TRUMPS, 2, 80, 50, rules) == (52, 0)
    assert score(Mode.NO_TRUMPS, 2, 130, 0, rules, sweep=TEAM1) == (90, 0)


@pytest.mark.parametrize("team", [TEAM1, TEAM2])
@pytest.mark.parametrize(("a", "expected"), [
    (120, (0, 26)), (128, (0, 26)),   # below 129: the defenders take all
    (129, (0, 0)),                    # 129-129
    (130, (0, 0)), (131, (0, 0)), (133, (0, 0)),  # rounds to 13-13
    (134, (13, 12)),                  # total 25
    (150, (15, 11)),
    (194, (19, 6)),                   # total 25
    (195, (20, 6)), (199, (20, 6)),
    (205, (20, 6)), (240, (20, 6)), (258, (20, 6)),  # clamped to 20-6 (no 26-0)
])
def test_s4_alltrumps_split(a: int, expected: tuple[int, int], team: int) -> None:
    assert score(Mode.ALL_TRUMPS, 1, a, 258 - a, team=team) == expected


def test_s4_alltrumps_split_never_exceeds_26() -> None:
    for a in range(0, 259):
        mine, theirs = score(Mode.ALL_TRUMPS, 1, a, 258 - a)
        assert mine + theirs in (0, 25, 26)
        assert mine == 0 or 13 <= mine <= 20


@pytest.mark.parametrize(("m", "a", "expected"), [
    (2, 150, (30, 22)), (2, 131, (0, 0)), (2, 129, (0, 0)), (2, 120, (0, 52)), (2, 258, (40, 12)),
    (4, 150, (60, 44)), (4, 134, (52, 48)), (4, 100, (0, 104)),
])
def test_s4_alltrumps_split_times_multiplier(m: int, a: int, expected: tuple[int, int]) -> None:
    assert score(Mode.ALL_TRUMPS, m, a, 258 - a) == expected


@pytest.mark.parametrize(("a", "expected"), [
    (204, (26, 0)), (205, (26, 0)), (258, (26, 0)),   # the defenders' rounded share is below 6
    (195, (20, 6)), (199, (20, 6)), (150, (15, 11)), (131, (0, 0)), (120, (0, 26)),
])
def test_s4_play_giretra_com_dominance_26_0(a: int, expected: tuple[int, int]) -> None:
    assert score(Mode.ALL_TRUMPS, 1, a, 258 - a, REFERENCE) == expected


@pytest.mark.parametrize(("m", "a", "expected"), [
    (2, 150, (52, 0)), (2, 131, (52, 0)), (2, 129, (0, 0)), (2, 128, (0, 52)), (2, 240, (52, 0)),
    (4, 150, (104, 0)), (4, 100, (0, 104)),
])
def test_s4_play_giretra_com_doubled_alltrumps_winner_takes_all(m: int, a: int, expected: tuple[int, int]) -> None:
    assert score(Mode.ALL_TRUMPS, m, a, 258 - a, REFERENCE) == expected


@pytest.mark.parametrize("m", [1, 2, 4])
def test_s5_alltrumps_sweep_is_35_times_multiplier_for_either_team(m: int) -> None:
    assert score(Mode.ALL_TRUMPS, m, 258, 0, sweep=TEAM1) == (35 * m, 0)
    assert score(Mode.ALL_TRUMPS, m, 0, 258, sweep=TEAM2) == (0, 35 * m)  # the defenders sweep
    assert score(Mode.ALL_TRUMPS, m, 0, 258, REFERENCE, sweep=TEAM2) == (0, 35 * m)


@pytest.mark.parametrize("m", [1, 2, 4])
@pytest.mark.parametrize("mode", [Mode.CLUBS, Mode.DIAMONDS, Mode.HEARTS, Mode.SPADES])
def test_s5_colour_sweep_wins_the_match_on_the_spot(mode: Mode, m: int) -> None:
    for announcers in (TEAM1, TEAM2):
        for sweeper in (TEAM1, TEAM2):  # announcers or defenders
            points = (162, 0) if sweeper == TEAM1 else (0, 162)
            s = score_deal(DEFAULT, mode, m, announcers, points, sweeper)
            assert s.instant_win == sweeper and s.match_points == (0, 0)


def test_s5_a_sweep_replaces_normal_scoring() -> None:
    # 258 card points without all 8 tricks is a normal (clamped) AllTrumps split, not a sweep.
    assert score(Mode.ALL_TRUMPS, 1, 258, 0) == (20, 6)
    assert score(Mode.ALL_TRUMPS, 1, 258, 0, sweep=TEAM1) == (35, 0)


# -- §3 switch values that no preset uses (RULES.md lines 476, 478, 480) ------------------------------------------

CEIL = Rules(name="ceil", alltrumps_rounding="ceil")
TIE_TO_ANNOUNCER = Rules(name="tie", alltrumps_doubled="split_times_multiplier_tie_to_announcer")
SWEEP_25 = Rules(name="sweep25", colour_sweep="points_25")


def ceil10(x: int) -> int:
    return -(-x // 10)


# RULES §3 line 476 `alltrumps_rounding: ceil` ("divided by 10 and rounded up", S-4 steps 1, 2, 4-6 unchanged) with
# the defenders' share cut so that the total never exceeds 26 (vectors/scoring.json, format note if_rounded_up_ceil).
@pytest.mark.parametrize("team", [TEAM1, TEAM2])
@pytest.mark.parametrize(("m", "a", "expected"), [
    (1, 120, (0, 26)),                      # step 1: below 129, the defenders take all
    (1, 129, (0, 0)),                       # step 2: 129-129
    (1, 130, (0, 0)),                       # 13 + 13: a rounded tie (step 4)
    (1, 131, (14, 12)), (1, 132, (14, 12)), (1, 134, (14, 12)),  # 14 + 13 = 27: the defenders are cut to 12
    (1, 150, (15, 11)),                     # 15 + 11 = 26: nothing to cut
    (1, 152, (16, 10)),                     # 16 + 11 = 27 (RULES §2.1's own example)
    (1, 194, (20, 6)),                      # 20 + 7 = 27 -> 20-6
    (1, 205, (20, 6)),                      # 21 + 6 = 27 -> 21-5, then the 20-6 clamp (step 5)
    (2, 131, (28, 24)), (4, 150, (60, 44)),  # step 6: x m (S-4b)
])
def test_s4_ceil_variant_rounds_up_and_cuts_the_defenders_share_to_keep_26(
        m: int, a: int, expected: tuple[int, int], team: int) -> None:
    assert score(Mode.ALL_TRUMPS, m, a, 258 - a, CEIL, team) == expected


def test_s4_ceil_variant_never_exceeds_26_and_the_announcers_keep_their_rounded_up_share() -> None:
    for a in range(129, 259):
        mine, theirs = score(Mode.ALL_TRUMPS, 1, a, 258 - a, CEIL)
        assert mine + theirs <= 26, a
        assert (mine, theirs) == (0, 0) or mine == min(ceil10(a), 20), a


@pytest.mark.parametrize("lang", ["en", "fr", "mg"])
def test_s4_ceil_variant_explanation_says_what_was_computed(lang: str) -> None:
    # RULES §3 line 476: 131/127 rounds up to 14 and 13 (27), the defenders' 13 is cut to 12: 14-12.  Every line must
    # show the true rounding (127 -> 13, not 12) and then the cut, in each language the scoring lines exist in.
    s = score_deal(CEIL, Mode.ALL_TRUMPS, 1, TEAM1, (131, 127), None)
    assert s.match_points == (14, 12)
    lines = [explain_step(k, p, lang) for k, p in s.steps]
    expected = {
        "en": ["Each side divided by 10, rounded up: 131 → 14, 127 → 13.",
               "The split totals at most 26, so the defenders’ share is cut from 13 to 12: 14–12.",
               "14 to the announcers, 12 to the defenders."],
        "fr": ["Chaque camp divisé par 10, arrondi au-dessus\u00a0: 131 → 14, 127 → 13.",
               "Le partage fait au plus 26 en tout, donc la part de la défense passe de 13 à 12\u00a0: 14–12.",
               "14 pour l’attaque, 12 pour la défense."],
    }
    if lang in expected:
        assert lines[1:] == expected[lang]
    else:
        assert "131 → 14, 127 → 13" in lines[1] and "13" in lines[2] and lines[2].endswith("14–12.")
    assert not any("?" in line or "{" in line for line in lines)
    # Every split: the rounding step shows the rounded-up values; a cut, when there is one, starts from them.
    for a in range(129, 259):
        steps = dict(score_deal(CEIL, Mode.ALL_TRUMPS, 1, TEAM1, (a, 258 - a), None).steps)
        if "alltrumps_round" in steps:
            assert (steps["alltrumps_round"]["A"], steps["alltrumps_round"]["D"]) == (ceil10(a), ceil10(258 - a))
            cut = ceil10(a) + ceil10(258 - a) > 26
            assert ("alltrumps_total_cap" in steps) == cut, a
            if cut:
                assert steps["alltrumps_total_cap"] == {"A": ceil10(a), "D": 26 - ceil10(a), "was": ceil10(258 - a)}
    assert not any(k == "alltrumps_total_cap" for a in range(259)
                   for k, _ in score_deal(DEFAULT, Mode.ALL_TRUMPS, 1, TEAM1, (a, 258 - a), None).steps)


# RULES §3 line 478 `alltrumps_doubled: split_times_multiplier_tie_to_announcer` and S-4b (Reference, line 379): a
# rounded 13-13 tie, when doubled, becomes 14-12 before the multiplier; everything else is S-4b's split x m.
@pytest.mark.parametrize("team", [TEAM1, TEAM2])
@pytest.mark.parametrize(("m", "a", "expected"), [
    (1, 131, (0, 0)),                                        # not doubled: the rounded tie stays 0-0 (S-4 step 4)
    (2, 130, (28, 24)), (2, 131, (28, 24)), (2, 133, (28, 24)), (4, 131, (56, 48)),  # 13-13 -> 14-12, x m
    (2, 129, (0, 0)),                                        # an exact 129-129 is no rounded tie: still 0-0
    (2, 150, (30, 22)), (4, 199, (80, 24)), (2, 120, (0, 52)),  # no tie: as S-4b
])
def test_s4b_tie_to_announcer_variant_gives_a_doubled_rounded_tie_to_the_announcers(
        m: int, a: int, expected: tuple[int, int], team: int) -> None:
    assert score(Mode.ALL_TRUMPS, m, a, 258 - a, TIE_TO_ANNOUNCER, team) == expected


def test_s4b_tie_to_announcer_variant_explains_the_tie_break() -> None:
    s = score_deal(TIE_TO_ANNOUNCER, Mode.ALL_TRUMPS, 2, TEAM1, (131, 127), None)
    assert [explain_step(k, p) for k, p in s.steps][2:] == [
        "A doubled tie goes to the announcers: 14–12.",
        "14 × 2 (doubled) = 28 to the announcers, 12 × 2 (doubled) = 24 to the defenders."]


# RULES §3 line 480 `colour_sweep: points_25` and S-5 (Reference, line 393): the benchmarks replace the Colour sweep's
# instant win by 25 x m points to the sweeping team, announcers or defenders; the match goes on (M-1).
@pytest.mark.parametrize("m", [1, 2, 4])
@pytest.mark.parametrize("mode", [Mode.CLUBS, Mode.DIAMONDS, Mode.HEARTS, Mode.SPADES])
def test_s5_points_25_variant_scores_a_colour_sweep_25_times_m(mode: Mode, m: int) -> None:
    for announcers in (TEAM1, TEAM2):
        for sweeper in (TEAM1, TEAM2):
            points = (162, 0) if sweeper == TEAM1 else (0, 162)
            s = score_deal(SWEEP_25, mode, m, announcers, points, sweeper)
            assert s.instant_win is None and s.outcome == "sweep"
            assert s.match_points == ((25 * m, 0) if sweeper == TEAM1 else (0, 25 * m))
            assert progress(SWEEP_25, (0, 0), 150, s) == (s.match_points, 150, None, False)  # no instant win
    assert score(Mode.ALL_TRUMPS, 2, 258, 0, SWEEP_25, sweep=TEAM1) == (70, 0)  # other sweeps unchanged
    assert score(Mode.NO_TRUMPS, 2, 130, 0, SWEEP_25, sweep=TEAM1) == (180, 0)


def test_s1_alltrumps_every_suit_uses_trump_values_colour_only_the_trump_suit() -> None:
    jacks_and_nines = [parse_card(c) for c in ("JC", "9C", "JH", "9H")]
    assert trick_points(jacks_and_nines, Mode.ALL_TRUMPS) == 68
    assert trick_points(jacks_and_nines, Mode.HEARTS) == 2 + 0 + 20 + 14
    assert trick_points(jacks_and_nines, Mode.NO_TRUMPS) == 4


# Whole deals (one line each), checked end to end: the deal's card points, sweep and score.
SCORED_DEALS = {
    "clubs auto-doubled, failed: 16 x 2 to the defenders": (
        "G1 giretra.com hrrr 0 T 0-0 150 KH8C9CQH7D7SQS7H10HJD8SJSKD10SJH8DJC9H8HASAHQC9SAD7C9D10DQDKS10CKCAC "
        "c11.C.ok.ok.ok.KD.8D.QD.JD.8C.JC.9H.QC.9D.8H.10H.AD.KH.JH.7H.AH.KC.AC.9C.QS.QH.KS.10C.7C.9S.10S.10D.AS.7S."
        "8S.JS.7D", (Mode.CLUBS, 2, TEAM2), (89, 73), None, (32, 0)),
    "colour 81-81 redoubled: nobody scores": (
        "G1 giretra.com hrrr 0 T 0-0 150 9H10D10SQDJSQSACJDJC7HAHAD7DKC10H9DASKH9S8HKSQC8SJHQH9C7SKD10C8C7C8D "
        "c12.D.S.xS.ok.ok.xxS.ok.ok.ok.KC.JS.AC.7C.KD.JD.AD.10D.7H.10H.KH.8H.9C.QS.8C.QC.AS.9S.8S.10S.JC.AH.9H.7S."
        "9D.KS.8D.7D.10C.JH.QH.QD", (Mode.SPADES, 4, TEAM1), (81, 81), None, (0, 0)),
    "notrumps auto-doubled swept by the announcers: 90 x 2": (
        "G1 giretra.com hrrr 0 B 0-0 150 QD7C8H10C7HKS7D10SQSQHAC9H9D8DADJCJH8S7S10DJDAH10H8C9CKDASQCKC9SJSKH "
        "c20.NT.ok.ok.ok.QS.KD.KS.9S.JC.JS.AC.9C.10H.9H.JH.KH.QH.8H.7H.10S.AH.10C.KC.10D.7C.8C.QC.8S.AD.7D.JD.9D."
        "AS.7S.QD.8D", (Mode.NO_TRUMPS, 2, TEAM2), (0, 130), TEAM2, (0, 180)),
    "alltrumps doubled 224-34: clamped 20-6, x 2": (
        "G1 giretra.com hrrr 0 R 0-0 150 10HKH7CAHASKCKS7H8HKD10S10D8D9DJSJCQCADJD7SQS7D9S10CQH9H8C8S9CJHACQD "
        "c10.H.S.ok.AT.ok.ok.xAT.ok.ok.ok.10H.AH.AS.JH.7D.8D.9D.JD.KC.9C.10C.JC.KH.8C.7H.10S.9H.QC.8H.AC.7C.AD.7S."
        "9S.JS.KS.QS.10D.QH.8S.KD.QD", (Mode.ALL_TRUMPS, 2, TEAM2), (34, 224), None, (12, 40)),
    "alltrumps redoubled swept by the defenders: 35 x 4 to them": (
        "G1 giretra.com hrrr 0 B 0-0 150 7HACKCQDJHAD7S10SASQH7DJDQSKSJS9D8SJC8H9HAH8D9S9CQCKH8CKD10D7C10C10H "
        "c24.D.S.AT.ok.ok.xAT.xxAT.ok.ok.ok.KS.10S.AS.9S.9C.QC.JC.10C.7C.10H.AC.8C.KC.AD.10D.9H.7D.KH.KD.QH.9D.AH."
        "JD.QS.8D.JH.7S.8H.QD.JS.8S.7H", (Mode.ALL_TRUMPS, 4, TEAM2), (258, 0), TEAM1, (140, 0)),
    "play.giretra.com notrumps accepted at x1, failed: 52": (
        "G1 play.giretra.com hrrr 0 B 0-0 150 JS7DAC8HJHJCASKS8D7S9S8SAD10D7CAH9HJD9D7HQDKHQC8CQH10HKD9CQSKC10S10C "
        "c13.H.ok.NT.ok.ok.ok.7D.9D.8D.AD.9S.7C.AS.10S.9H.KH.QH.AH.10D.JD.QD.8S.KD.9C.7S.JS.8H.JH.7H.QC.QS.KS.8C."
        "10H.KC.10C.AC.JC", (Mode.NO_TRUMPS, 1, TEAM2), (37, 93), None, (0, 52)),
    "play.giretra.com clubs accepted at x1, failed: 32": (
        "G1 play.giretra.com hrrr 0 B 0-0 150 10HJSKC10D7H10C8H9DJDAC9S9HKSQS7D9CAH8S8CADJHASQDJC7C7S10SKDQCQHKH8D "
        "c13.C.ok.ok.ok.7D.KD.AD.8D.KH.9H.QS.8H.JH.10H.KC.7H.JS.8S.AS.9S.AC.JC.9C.10C.QD.10D.8C.9D.QC.JD.7C.10S.AH."
        "QH.KS.7S", (Mode.CLUBS, 1, TEAM2), (111, 51), None, (32, 0)),
    "play.giretra.com notrumps swept at x1: 90": (
        "G1 play.giretra.com hrrr 0 B 0-0 150 QD7C8H10C7HKS7D10SQSQHAC9H9D8DADJCJH8S7S10DJDAH10H8C9CKDASQCKC9SJSKH "
        "c20.NT.ok.ok.ok.QS.KD.KS.9S.JC.JS.AC.9C.10H.9H.JH.KH.QH.8H.7H.10S.AH.10C.KC.10D.7C.8C.QC.8S.AD.7D.JD.9D."
        "AS.7S.QD.8D", (Mode.NO_TRUMPS, 1, TEAM2), (0, 130), TEAM2, (0, 90)),
}


@pytest.mark.parametrize("name", list(SCORED_DEALS))
def test_s_whole_deals_score_as_the_rules_say(name: str) -> None:
    state, (mode, multiplier, announcers), card_points, sweep, match_points = SCORED_DEALS[name]
    record = parse_match(state).history[0]
    assert record.deal.contract is not None
    assert (record.deal.contract.mode, record.deal.contract.multiplier, record.deal.contract.announcer_team) == \
        (mode, multiplier, announcers)
    assert record.deal.points == card_points and sum(card_points) == mode.total_points
    assert record.score.sweep_team == sweep
    won = [sum(1 for t in record.deal.tricks if t.winner & 1 == team) for team in (TEAM1, TEAM2)]
    assert (sweep is not None) == (8 in won)
    assert record.score.match_points == match_points and record.scores_after == match_points


def model_score(rules: Rules, mode: Mode, m: int, a: int, d: int) -> tuple[int, int]:
    """S-2 .. S-4 (no sweep) as written in RULES.md, with the play.giretra.com switches."""
    if mode in COLOURS:
        base = rules.clubs_base_points if mode is Mode.CLUBS else 16
        return (0, 0) if a == d else (base * m, 0) if a >= 82 else (0, base * m)
    if mode is Mode.NO_TRUMPS:
        return (0, 0) if a == d else (52 * m, 0) if a >= 65 else (0, 52 * m)
    if a < 129:
        return 0, 26 * m
    if a == d:
        return 0, 0
    if m > 1 and rules.alltrumps_doubled == "winner_takes_all":
        return 26 * m, 0
    big, small = (a + 5) // 10, (d + 5) // 10
    if big == small:
        return 0, 0
    if rules.alltrumps_lopsided == "dominance_26_0" and small < 6:
        return 26 * m, 0
    return min(big, 20) * m, max(small, 6) * m


@pytest.mark.parametrize("rules", [DEFAULT, REFERENCE], ids=["giretra.com", "play.giretra.com"])
@pytest.mark.parametrize("mode", list(Mode))
def test_s_scoring_agrees_with_an_independent_model_for_every_split(rules: Rules, mode: Mode) -> None:
    total = mode.total_points
    for m in (1, 2, 4):
        for team in (TEAM1, TEAM2):
            for a in range(total + 1):
                assert score(mode, m, a, total - a, rules, team) == model_score(rules, mode, m, a, total - a), \
                    (mode, m, team, a)
