"""The match (giretra_core.match): one test per rule of RULES.md §2 M-, named after the rule it checks."""

from __future__ import annotations

import pytest
from helpers import (
    DEFAULT,
    TEAM1,
    TEAM2,
    B,
    with_header,
)

from giretra_core import (
    Cut,
    IllegalActionError,
    Match,
    Mode,
    parse_match,
)
from giretra_core.match import progress
from giretra_core.scoring import score_deal

# ================================================================================================================
# M — match end
# ================================================================================================================

AT_SPLIT = ("G1 giretra.com hrrr 0 R 0-0 150 8DJD8C9CKSQSJH8S9D10S10HQDQCAC9HQH7DAH8HKCKD7CJC10DAD7S10C7HKH9SASJS "
            "c12.C.AT.ok.ok.ok.8C.9C.KC.JC.10D.JD.7D.KD.7S.KS.9S.JS.10H.9H.7H.JH.KH.10S.AC.AH.QS.8S.AS.AD.QD.8D.QH."
            "9D.8H.7C.QC.10C")  # AllTrumps by Team2, card points 121-137: 12-14
COLOUR_SWEEP = ("G1 giretra.com hrrr 0 R 0-0 150 KSKH8HJS10SQH10CQDACAS8D9H7S10H8S9SKDADJCKC7D9D8CJHJD7CQS9CAHQC7H10D "
                "c21.H.xH.xxH.ok.ok.ok.JH.10H.AH.7H.KH.QS.QH.10D.8C.7C.10C.KC.QC.AC.8H.JD.9D.7S.AD.QD.9C.JC.9H.JS."
                "8D.8S.KD.7D.9S.KS.AS.10S")  # Hearts redoubled, Team1 takes all 8 tricks


def test_m1_fixture_deals_score_as_described() -> None:
    split = parse_match(AT_SPLIT).history[0].score
    assert (split.mode, split.announcer_team, split.card_points, split.match_points) == \
        (Mode.ALL_TRUMPS, TEAM2, (121, 137), (12, 14))
    sweep = parse_match(COLOUR_SWEEP).history[0].score
    assert (sweep.mode, sweep.multiplier, sweep.sweep_team, sweep.instant_win) == (Mode.HEARTS, 4, TEAM1, TEAM1)


def test_m1_first_team_to_reach_the_target_wins_exactly_counts() -> None:
    match = parse_match(with_header(AT_SPLIT, scores=(100, 136)))
    assert (match.scores, match.target, match.winner) == ((112, 150), 150, TEAM2)
    match = parse_match(with_header(AT_SPLIT, scores=(100, 135)))
    assert (match.scores, match.winner) == ((112, 149), None)


def test_m1_equal_scores_above_the_target_raise_it_to_250() -> None:
    match = parse_match(with_header(AT_SPLIT, scores=(138, 136)))
    assert (match.scores, match.target, match.winner) == ((150, 150), 250, None)
    assert match.history[0].target_raised


def test_m1_both_teams_over_250_raise_it_to_350() -> None:
    match = parse_match(with_header(AT_SPLIT, scores=(240, 240), target=250))
    assert (match.scores, match.target, match.winner) == ((252, 254), 350, None)
    scores, target, winner, raised = progress(DEFAULT, (140, 149), 150, score_deal(
        DEFAULT, Mode.ALL_TRUMPS, 1, TEAM1, (150, 108), None))
    assert (scores, target, winner, raised) == ((155, 160), 250, None, True)


def test_m1_only_one_team_over_the_target_wins() -> None:
    match = parse_match(with_header(AT_SPLIT, scores=(137, 140)))
    assert (match.scores, match.target, match.winner) == ((149, 154), 150, TEAM2)


def test_m1_colour_sweep_ends_the_match_at_once_scores_unchanged() -> None:
    match = parse_match(with_header(COLOUR_SWEEP, scores=(0, 149)))
    assert match.is_over and match.winner == TEAM1
    assert match.scores == (0, 149) and match.target == 150
    assert match.legal_actions() == [] and match.turn is None
    with pytest.raises(IllegalActionError) as err:
        match.apply(B, Cut(10))
    assert err.value.code == "match_over"


def test_m1_colour_sweep_by_the_defenders_wins_for_them() -> None:
    s = score_deal(DEFAULT, Mode.SPADES, 1, TEAM1, (0, 162), TEAM2)
    assert progress(DEFAULT, (140, 0), 150, s) == ((140, 0), 150, TEAM2, False)


@pytest.mark.parametrize("preset", ["giretra.com", "play.giretra.com"])
def test_m1_target_150_step_100_in_both_presets(preset: str) -> None:
    match = Match.new(seed=1, rules=preset)
    assert (match.target, match.rules.match_target, match.rules.target_step) == (150, 150, 100)
