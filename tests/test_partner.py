"""The arena's partner-quality figure (giretra_core/partner.py): needless overtakes of a partner's sure trick."""

from __future__ import annotations

from giretra_core import arena
from giretra_core.cards import parse_card as c
from giretra_core.cards import parse_cards as p
from giretra_core.modes import Mode
from giretra_core.partner import overtake_cost

KS_7S = [c("KS"), c("7S")]   # Bottom led KS, Right followed: Top, Bottom's partner, is to play


def test_an_overtake_that_gives_a_trick_away_is_counted_with_its_cost() -> None:
    hands = [p("AD"), p("8D"), p("10S8S"), p("9SQS")]
    assert overtake_cost(hands, Mode.NO_TRUMPS, 0, KS_7S, c("10S"), (False, False)) == (True, 24)
    assert overtake_cost(hands, Mode.NO_TRUMPS, 0, KS_7S, c("8S"), (False, False)) is None   # not an overtake


def test_a_trick_the_last_opponent_can_still_take_is_not_sure() -> None:
    hands = [p("AD"), p("8D"), p("10S8S"), p("AS9S")]   # Left's AS beats the partner's KS
    assert overtake_cost(hands, Mode.NO_TRUMPS, 0, KS_7S, c("10S"), (False, False)) is None


def test_an_overtake_the_rules_force_is_not_counted() -> None:
    # In AllTrumps a player must beat the trick's best card if he can, his partner's too (P-2).
    hands = [p("AD"), p("8D"), p("10S8S"), p("KSAH")]   # Top's 8S may not go under Bottom's QS
    assert overtake_cost(hands, Mode.ALL_TRUMPS, 0, [c("QS"), c("7S")], c("10S"), (False, False)) is None
    hands = [p("AD"), p("8D"), p("10S8S"), p("9SQS")]   # one card beats the partner's KS, one does not: a choice
    assert overtake_cost(hands, Mode.NO_TRUMPS, 0, KS_7S, c("10S"), (False, False)) is not None


def test_the_arena_prints_the_figure_when_asked_only() -> None:
    plain = arena.run("advanced", "random", seed=5, deals=6, bidder="advanced", jobs=1)
    assert "partner" not in plain["side_A"]   # type: ignore[operator]
    asked = arena.run("advanced", "random", seed=5, deals=6, bidder="advanced", jobs=1, partner=True)
    for key in ("side_A", "side_B"):
        figure = asked[key]["partner"]   # type: ignore[index]
        assert 0 <= figure["costly_overtakes"] <= figure["needless_overtakes"]
        assert figure["card_points_lost"] >= 0
        assert figure["card_points_lost_per_deal"] == round(figure["card_points_lost"] / asked["deals_played"], 3)
    # The arena notes the overtakes it sees: the random side overtakes its partner needlessly here (seeded).
    assert asked["side_B"]["partner"]["needless_overtakes"] >= 1   # type: ignore[index]
    # The figure changes no other: the same run, the same results.
    assert {k: v for k, v in asked.items() if k not in ("side_A", "side_B", "seconds")} == \
        {k: v for k, v in plain.items() if k not in ("side_A", "side_B", "seconds")}
