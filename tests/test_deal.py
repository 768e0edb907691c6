"""The deal (giretra_core.deal): one test per rule of RULES.md §2 D- (deck, cut, deal, dealer), named after the rule
it checks, and the reason codes of the cards and cuts Deal.apply refuses."""

from __future__ import annotations

import random

import pytest
from helpers import (
    DEFAULT,
    REFERENCE,
    B,
    L,
    R,
    T,
    play_random,
    table,
)

from giretra_core import (
    Cut,
    Deal,
    IllegalActionError,
    Match,
    NotationError,
    Seat,
    format_match,
    parse_call,
    parse_card,
    parse_match,
)
from giretra_core.cards import cards_of
from giretra_core.deal import standard_deck
from giretra_core.negotiation import Call, CallKind
from giretra_core.rules import Rules

# ================================================================================================================
# D — deck, cut, deal, dealer
# ================================================================================================================


def test_d1_deck_is_one_seeded_permutation_of_the_32_cards() -> None:
    decks = set()
    for seed in range(30):
        deck = Match.new(seed=seed).deal.deck
        assert sorted(deck) == list(range(32))
        assert Match.new(seed=seed).deal.deck == deck  # same seed, same deck
        decks.add(deck)
    assert len(decks) == 30


def test_d1_deck_is_never_shuffled_between_deals() -> None:
    checked = 0
    for seed in range(30):
        match = play_random(Match.new(seed=seed), random.Random(seed), 4)
        decks = [d.deck for d in match.deals()]
        for finished, following in zip(match.history, decks[1:], strict=False):
            assert following == finished.deal.plays  # only cut, never reshuffled
            checked += 1
    assert checked >= 30


def test_d1_play_giretra_com_reshuffles_every_deal_from_the_seed() -> None:
    match = play_random(Match.new(seed=5, rules="play.giretra.com"), random.Random(5), 1)
    again = play_random(Match.new(seed=5, rules="play.giretra.com"), random.Random(5), 1)
    assert not match.is_over
    assert sorted(match.deal.deck) == list(range(32))
    assert match.deal.deck != match.history[0].deal.plays
    assert match.deal.deck == again.deal.deck


@pytest.mark.parametrize("k", range(6, 27))
def test_d2_cut_puts_the_top_k_cards_under_the_rest(k: int) -> None:
    deck = Match.new(seed=3).deal.deck
    deal = Deal.new(deck, R).apply(B, Cut(k))
    assert deal.cut_deck == deck[k:] + deck[:k]


@pytest.mark.parametrize("k", [-1, 0, 1, 5, 27, 31, 32, 100])
def test_d2_cut_outside_6_to_26_is_refused(k: int) -> None:
    deal = Deal.new(standard_deck(), R)
    with pytest.raises(IllegalActionError) as err:
        deal.apply(B, Cut(k))
    assert err.value.code == "cut_out_of_range"
    assert deal.cut is None and deal.legal_actions() == [Cut(i) for i in range(6, 27)]


def test_d2_cutting_from_the_bottom_gives_the_same_21_decks_as_from_the_top() -> None:
    deck = standard_deck()
    from_top = {Deal.new(deck, R).apply(B, Cut(k)).cut_deck for k in range(6, 27)}
    from_bottom = {deck[-j:] + deck[:-j] for j in range(6, 27)}  # the bottom j cards come to the top
    assert from_top == from_bottom and len(from_top) == 21


@pytest.mark.parametrize("dealer", list(Seat))
def test_d2_cutter_is_the_dealers_left_in_giretra_com(dealer: Seat) -> None:
    deal = Deal.new(standard_deck(), dealer, DEFAULT)
    assert deal.cutter == dealer.next == deal.turn
    for other in Seat:
        if other != dealer.next:
            with pytest.raises(IllegalActionError) as err:
                deal.apply(other, Cut(10))
            assert err.value.code == "not_your_turn"


@pytest.mark.parametrize("dealer", list(Seat))
def test_d2_cutter_is_the_dealers_right_in_play_giretra_com(dealer: Seat) -> None:
    deal = Deal.new(standard_deck(), dealer, REFERENCE)
    assert deal.cutter == dealer.previous == deal.turn
    with pytest.raises(IllegalActionError) as err:
        deal.apply(dealer.next, Cut(10))
    assert err.value.code == "not_your_turn"
    after = deal.apply(dealer.previous, Cut(10))
    # The dealer's left still speaks first and receives the first cards (N-1, D-3).
    assert after.turn == dealer.next and after.first_player == dealer.next


@pytest.mark.parametrize("preset", [DEFAULT, REFERENCE])
@pytest.mark.parametrize("dealer", list(Seat))
def test_d3_deal_three_then_two_from_the_dealers_left_then_three_after_negotiation(dealer: Seat,
                                                                                 preset: Rules) -> None:
    deal = Deal.new(standard_deck(), dealer, preset)
    deal = deal.apply(deal.cutter, Cut(6))
    top = deal.cut_deck
    expected5 = {}
    expected8 = {}
    for i in range(4):
        seat = Seat((dealer + 1 + i) & 3)
        five = top[3 * i:3 * i + 3] + top[12 + 2 * i:14 + 2 * i]
        expected5[seat] = set(five)
        expected8[seat] = set(five) | set(top[20 + 3 * i:23 + 3 * i])
    for seat in Seat:
        assert set(cards_of(deal.hands[seat])) == expected5[seat]
    assert 32 - sum(h.bit_count() for h in deal.hands) == 12  # nothing turned up, 12 left
    deal = deal.apply(deal.turn, parse_call("AT"))  # type: ignore[arg-type]
    for _ in range(3):
        assert deal.hands == tuple(sum(1 << c for c in expected5[s]) for s in Seat)  # 5 until it ends
        deal = deal.apply(deal.turn, parse_call("ok"))  # type: ignore[arg-type]
    for seat in Seat:
        assert set(cards_of(deal.hands[seat])) == expected8[seat]


def test_d4_first_dealer_is_drawn_from_the_seed() -> None:
    dealers = [Match.new(seed=s).deal.dealer for s in range(60)]
    assert set(dealers) == set(Seat)
    assert dealers == [Match.new(seed=s).deal.dealer for s in range(60)]


def test_d4_first_dealer_is_bottom_in_play_giretra_com_and_can_be_fixed() -> None:
    assert {Match.new(seed=s, rules="play.giretra.com").deal.dealer for s in range(20)} == {B}
    assert Match.new(seed=3, dealer=T).deal.dealer == T


@pytest.mark.parametrize("preset", ["giretra.com", "play.giretra.com"])
def test_d4_deal_passes_to_the_dealers_left_after_every_deal(preset: str) -> None:
    for seed in range(40):
        match = play_random(Match.new(seed=seed, rules=preset), random.Random(seed), 4)
        deals = match.deals()
        for before, after in zip(deals, deals[1:], strict=False):
            assert after.dealer == before.dealer.next
        last = match.deal
        if last.cut is not None and last.tricks:
            # The new dealer's left speaks and leads first.
            assert last.tricks[0].leader == last.dealer.next
            assert last.negotiation is not None and last.negotiation.calls[0][0] == last.dealer.next


def test_d5_next_deck_is_the_tricks_in_play_order() -> None:
    match = play_random(Match.new(seed=21), random.Random(21), 1)
    finished = match.history[0].deal
    stacked = tuple(c for t in finished.tricks for c in t.cards)
    assert finished.next_deck() == stacked == finished.plays
    assert sorted(stacked) == list(range(32))
    assert match.deal.deck == stacked


def test_d5_team_piles_variant_puts_the_last_trick_winners_pile_on_top() -> None:
    rules = Rules(name="team-piles", deck_reassembly="team_piles")
    for seed in range(10):
        match = play_random(Match.new(seed=seed, rules=rules), random.Random(seed), 1)
        finished = match.history[0].deal
        last_team = finished.tricks[-1].winner & 1
        pile = [c for t in finished.tricks if t.winner & 1 == last_team for c in t.cards]
        other = [c for t in finished.tricks if t.winner & 1 != last_team for c in t.cards]
        assert finished.next_deck() == tuple(pile + other)
        if not match.is_over:
            assert match.deal.deck == tuple(pile + other)


# -- illegal cards through Deal.apply: the reason codes -----------------------------------------------------------

COLOUR_HANDS = {  # Right deals, Bottom announces Hearts and leads AC; nobody else holds a club
    "B": "7C8C9C10CJCQCKCAC",
    "L": "9H10HADKDQDJD10D9D",
    "T": "JH7HASKSQSJS10S9S",
    "R": "8HAHKHQH8D7D8S7S",
}
ALLTRUMPS_HANDS = {  # Right deals, Bottom announces AllTrumps and leads KH
    "B": "KH7C8C9C10CJCQCKC",
    "L": "AH7HASKSQSJS10S9S",
    "T": "JH9H10HQH8HAC8S7S",
    "R": "ADKDQDJD10D9D8D7D",
}


def refuse_card(match: Match, seat: Seat, card: str) -> str:
    """The code of the refusal of *card* by *seat*; checks that the deal and the match are unchanged."""
    deal = match.deal
    before = (deal.hands, deal.plays, deal.trick, deal.turn, deal.points, deal.tricks, format_match(match))
    with pytest.raises(IllegalActionError) as err:
        deal.apply(seat, parse_card(card))
    with pytest.raises(IllegalActionError) as err2:
        match.apply(seat, parse_card(card))
    assert err.value.code == err2.value.code
    assert (deal.hands, deal.plays, deal.trick, deal.turn, deal.points, deal.tricks, format_match(match)) == before
    assert match.deal is deal
    return err.value.code


def test_illegal_card_must_follow_suit() -> None:
    m = table("R", ALLTRUMPS_HANDS, "AT ok ok ok KH")
    assert refuse_card(m, L, "AS") == "must_follow_suit"


def test_illegal_card_must_beat() -> None:
    m = table("R", ALLTRUMPS_HANDS, "AT ok ok ok KH")
    assert refuse_card(m, L, "7H") == "must_beat"
    assert m.apply(L, parse_card("AH")).deal.trick == (parse_card("KH"), parse_card("AH"))


def test_illegal_card_must_trump() -> None:
    m = table("R", COLOUR_HANDS, "H ok ok ok AC")
    assert refuse_card(m, L, "AD") == "must_trump"


def test_illegal_card_must_overtrump() -> None:
    m = table("R", COLOUR_HANDS, "H ok ok ok AC 9H")
    assert refuse_card(m, T, "7H") == "must_overtrump"
    assert refuse_card(m, T, "AS") == "must_overtrump"


def test_illegal_card_must_play_trump() -> None:
    m = table("R", COLOUR_HANDS, "H ok ok ok AC 9H JH")
    assert refuse_card(m, R, "8S") == "must_play_trump"
    assert m.apply(R, parse_card("8H")).deal.tricks[0].winner == T


def test_illegal_card_not_in_hand() -> None:
    m = table("R", COLOUR_HANDS, "H ok ok ok AC")
    assert refuse_card(m, L, "7C") == "card_not_in_hand"
    assert refuse_card(m, L, "AC") == "card_not_in_hand"  # already played


def test_illegal_card_not_your_turn() -> None:
    m = table("R", COLOUR_HANDS, "H ok ok ok AC")
    assert refuse_card(m, T, "JH") == "not_your_turn"
    assert refuse_card(m, B, "KC") == "not_your_turn"


def test_illegal_card_wrong_phase() -> None:
    cut_phase = parse_match(_uncut())
    assert refuse_card(cut_phase, B, "7C") == "wrong_phase"
    negotiating = table("R", COLOUR_HANDS, "H ok")
    assert refuse_card(negotiating, T, "JH") == "wrong_phase"


# The Python API's callers (bot authors, scripts) get a clear error for a value that is no seat or no action, and
# nothing changes: before, a card number 40 crashed while its refusal was being written, an int seat failed on a
# missing attribute, and True was played as a card.
@pytest.mark.parametrize(("seat", "action", "error", "says"), [
    (L, 40, NotationError, "40 is not a card"),
    (L, -1, NotationError, "-1 is not a card"),
    (L, True, TypeError, "not an action: True"),
    (L, "JH", TypeError, "parse_action"),
    (L, 12.0, TypeError, "not an action"),
    (L, Cut("10"), TypeError, "a cut is a whole number"),  # type: ignore[arg-type]
    ("Left", parse_card("AD"), TypeError, "a seat is a Seat or a number 0 to 3"),
    (4, parse_card("AD"), TypeError, "a seat is a Seat"),
    (False, parse_card("AD"), TypeError, "a seat is a Seat"),
])
def test_a_value_that_is_no_seat_or_no_action_is_refused_clearly(seat: object, action: object,
                                                                  error: type[Exception], says: str) -> None:
    m = table("R", COLOUR_HANDS, "H ok ok ok AC")
    before = format_match(m)
    for target in (m, m.deal):
        with pytest.raises(error, match=says):
            target.apply(seat, action)  # type: ignore[arg-type]
    with pytest.raises(error, match=says):
        m.deal.validate(seat, action)  # type: ignore[arg-type]
    assert format_match(m) == before


def test_a_seat_may_be_given_by_its_number_and_a_call_by_its_parts() -> None:
    m = table("R", COLOUR_HANDS)
    hearts = parse_call("H")
    assert hearts.mode is not None
    by_numbers = m.apply(int(m.turn), Call(int(CallKind.ANNOUNCE), int(hearts.mode)))  # type: ignore[arg-type]
    assert format_match(by_numbers) == format_match(m.apply(m.turn, hearts))
    assert by_numbers.deal.negotiation is not None
    assert by_numbers.deal.negotiation.calls[-1][1].kind is CallKind.ANNOUNCE
    with pytest.raises(IllegalActionError) as err:
        by_numbers.apply(int(by_numbers.turn), Call(int(CallKind.ANNOUNCE), int(hearts.mode)))  # type: ignore[arg-type]
    assert err.value.code == "not_higher"
    with pytest.raises(TypeError, match="not a call"):
        m.apply(m.turn, Call(CallKind.ACCEPT, hearts.mode))  # an Accept names no mode


def _uncut() -> str:
    text = format_match(table("R", COLOUR_HANDS))
    return text.rsplit(" ", 2)[0] + " - 0"   # the history and its action count: nothing yet


def test_wrong_phase_for_cuts_and_calls() -> None:
    uncut = parse_match(_uncut())
    with pytest.raises(IllegalActionError) as err:
        uncut.apply(B, parse_call("H"))
    assert err.value.code == "wrong_phase"
    playing = table("R", COLOUR_HANDS, "H ok ok ok")
    with pytest.raises(IllegalActionError) as err:
        playing.apply(B, Cut(10))
    assert err.value.code == "wrong_phase"
    with pytest.raises(IllegalActionError) as err:
        playing.apply(B, parse_call("AT"))
    assert err.value.code == "negotiation_complete"
