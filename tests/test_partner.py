"""The arena's partner-quality figure (giretra_core/partner.py): needless overtakes of a partner's sure trick, and
leads that leave the partner's suit unreturned."""

from __future__ import annotations

from giretra_core import arena
from giretra_core.cards import parse_card as c
from giretra_core.cards import parse_cards as p
from giretra_core.modes import Mode
from giretra_core.partner import blocked_cost, overtake_cost, partner_suit, unreturned_cost

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


def test_a_lead_that_leaves_the_partners_suit_is_counted_with_its_cost() -> None:
    hands = [p("9CAS"), p("8DAD"), p("JH10S"), p("7HAH")]   # Bottom led Spades; Top is to lead
    assert unreturned_cost(hands, Mode.NO_TRUMPS, 2, c("JH"), 3, (True, True)) == (True, 55)
    assert unreturned_cost(hands, Mode.NO_TRUMPS, 2, c("10S"), 3, (True, True)) is None     # returned
    assert unreturned_cost(hands, Mode.NO_TRUMPS, 2, c("JH"), -1, (True, True)) is None     # no partner's suit
    assert unreturned_cost(hands, Mode.NO_TRUMPS, 2, c("JH"), 1, (True, True)) is None      # none held to return
    hands = [p("9CAS"), p("8DAD"), p("AH10S"), p("7HKH")]   # the AH cashed first costs nothing
    assert unreturned_cost(hands, Mode.NO_TRUMPS, 2, c("AH"), 3, (True, True)) == (True, 0)


def test_a_higher_card_kept_under_the_partners_trick_is_counted_with_its_cost() -> None:
    hands = [p("KSQS8S"), p("AHKHQH"), p("10S7S9C7D"), p("7CACKCQC")]   # Bottom led AS, Left discarded: Top is to play
    trick = [c("AS"), c("7H")]
    assert blocked_cost(hands, Mode.NO_TRUMPS, 0, trick, c("7S"), (False, False)) == (True, 32)   # the 10S blocks
    assert blocked_cost(hands, Mode.NO_TRUMPS, 0, trick, c("10S"), (False, False)) is None   # the highest under the AS
    assert blocked_cost(hands, Mode.NO_TRUMPS, 0, trick, c("9C"), (False, False)) is None    # (not following: any card)
    assert blocked_cost(hands, Mode.NO_TRUMPS, 1, [c("7H"), c("AH")], c("KS"), (False, False)) is None   # Right led
    # In a Colour, the partner drawing trumps is not running a suit of its own.
    assert blocked_cost(hands, Mode.SPADES, 0, trick, c("7S"), (False, False)) is None
    # A higher card kept that blocks nothing costs nothing: Bottom's spades are not masters without the 10S.
    hands = [p("KS8H8S"), p("AHKHQH"), p("10S7S9C7D"), p("7CACKCQC")]
    assert blocked_cost(hands, Mode.NO_TRUMPS, 0, trick, c("7S"), (False, False)) == (True, 0)


def test_the_partners_suit_is_its_first_lead_but_a_colours_trumps() -> None:
    tricks = [(0, [c("JH"), c("7H"), c("8H"), c("9H")]), (0, [c("AS"), c("7S"), c("8S"), c("9S")]),
              (2, [c("AC"), c("7C"), c("8C"), c("9C")])]
    assert partner_suit(Mode.HEARTS, tricks, 2) == 3         # Bottom drew trumps, then led Spades
    assert partner_suit(Mode.NO_TRUMPS, tricks, 2) == 2      # in NoTrumps its Hearts are its suit
    assert partner_suit(Mode.NO_TRUMPS, tricks, 0) == 0      # Top's Clubs, for Bottom
    assert partner_suit(Mode.NO_TRUMPS, tricks, 1) == -1     # Left never led


def test_the_arena_prints_the_figure_when_asked_only() -> None:
    plain = arena.run("advanced", "random", seed=5, deals=6, bidder="advanced", jobs=1)
    assert "partner" not in plain["side_A"]   # type: ignore[operator]
    asked = arena.run("advanced", "random", seed=5, deals=6, bidder="advanced", jobs=1, partner=True)
    for key in ("side_A", "side_B"):
        figure = asked[key]["partner"]   # type: ignore[index]
        assert 0 <= figure["costly_overtakes"] <= figure["needless_overtakes"]
        assert figure["card_points_lost"] >= 0
        assert 0 <= figure["costly_kept_high"] <= figure["kept_high"] and figure["kept_high_card_points_lost"] >= 0
        assert figure["card_points_lost_per_deal"] == round(figure["card_points_lost"] / asked["deals_played"], 3)
        assert 0 <= figure["costly_unreturned_leads"] <= figure["unreturned_leads"]
        assert figure["unreturned_card_points_lost_per_deal"] == \
            round(figure["unreturned_card_points_lost"] / asked["deals_played"], 3)
    # The arena notes the overtakes it sees: the random side overtakes its partner needlessly here (seeded).
    assert asked["side_B"]["partner"]["needless_overtakes"] >= 1   # type: ignore[index]
    assert asked["side_B"]["partner"]["unreturned_leads"] >= 1   # type: ignore[index]
    # The figure changes no other: the same run, the same results.
    assert {k: v for k, v in asked.items() if k not in ("side_A", "side_B", "seconds")} == \
        {k: v for k, v in plain.items() if k not in ("side_A", "side_B", "seconds")}
