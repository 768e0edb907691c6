"""The play (giretra_core.play): one test per rule of RULES.md §2 P-, named after the rule it checks, and an
independent model of the legal cards."""

from __future__ import annotations

import random

import pytest
from helpers import (
    COLOURS,
    B,
    T,
    cards,
    legal,
)

from giretra_core import (
    Mode,
    parse_card,
    parse_match,
)
from giretra_core.cards import card_name, cards_of
from giretra_core.play import winning_index

# ================================================================================================================
# P — play
# ================================================================================================================


def test_p1_the_leader_may_play_any_card() -> None:
    assert legal("7C AH KS JD", "", "H") == cards("7C AH KS JD")


@pytest.mark.parametrize("mode", ["C", "D", "S", "NT", "AT"])
def test_p1_must_follow_suit(mode: str) -> None:
    assert legal("7H QH 9S AC", "8H", mode) <= cards("7H QH")


def test_p1_follow_suit_even_when_the_trick_is_ruffed() -> None:
    assert legal("8H 9S AC", "7H JS", "S") == cards("8H")  # no obligation to trump or overtrump


def test_p2_alltrumps_must_beat_the_highest_card_of_the_led_suit() -> None:
    assert legal("JH AH 7H 8S", "9H", "AT") == cards("JH")


def test_p2_alltrumps_must_beat_even_the_partners_card() -> None:
    assert legal("JH 10H", "7H 9H 8H", "AT") == cards("JH")  # partner (second) wins with 9H


def test_p2_alltrumps_unable_to_beat_plays_any_card_of_the_suit() -> None:
    assert legal("9H 7H 8S", "JH", "AT") == cards("9H 7H")


def test_p2_alltrumps_off_suit_cards_do_not_count_for_the_rise() -> None:
    assert legal("AH JH", "9H JS", "AT") == cards("JH")
    assert legal("AH 10H", "9H JS", "AT") == cards("AH 10H")


def test_p2_must_rise_on_a_trump_lead_in_colour_even_over_partner() -> None:
    assert legal("JS AS 8H", "9S 7S", "S") == cards("JS")  # partner led the 9


def test_p2_must_rise_over_the_highest_trump_after_a_discard() -> None:
    assert legal("AS KS", "10S 8H", "S") == cards("AS")


def test_p2_trump_lead_unable_to_beat_plays_any_trump() -> None:
    assert legal("9S 7S AH", "JS", "S") == cards("9S 7S")


def test_p2_no_obligation_to_beat_a_plain_suit_in_colour() -> None:
    assert legal("AH 7H", "10H", "S") == cards("AH 7H")


def test_p2_notrumps_never_obliges_to_beat() -> None:
    assert legal("AH 7H KS", "10H", "NT") == cards("AH 7H")
    assert legal("AH 7H KS", "10H", "NT", notrumps_must_rise=True) == cards("AH")  # the variant


def test_p3_must_trump_when_unable_to_follow() -> None:
    assert legal("7S 8D 9C", "AH", "S") == cards("7S")


def test_p3_must_trump_unless_partner_wins_with_plain_card() -> None:
    assert legal("7S 8D", "AH 7H", "S") == cards("7S 8D")  # partner led the winning ace
    assert legal("7S 8D", "7H AH 8H", "S") == cards("7S 8D")  # partner (second) wins with the ace


def test_p3_must_trump_when_partner_is_not_winning() -> None:
    assert legal("7S 8D", "7H AH", "S") == cards("7S")
    assert legal("7S 8D", "AH 7H 10H", "S") == cards("7S")  # partner (second) played the 7


def test_p3_without_trumps_any_card() -> None:
    assert legal("8D 9C", "AH", "S") == cards("8D 9C")


@pytest.mark.parametrize("mode", ["NT", "AT"])
def test_p3_no_trump_obligation_in_notrumps_or_alltrumps(mode: str) -> None:
    assert legal("7S 8D", "AH", mode) == cards("7S 8D")


def test_p4_partner_winning_exception_is_gone_once_a_trump_is_in_the_trick() -> None:
    assert legal("JS 7S 8D", "7H 9S 8H", "S") == cards("JS")  # partner ruffed with the 9: overtrump him
    assert legal("8S 8D", "AH 7S", "S") == cards("8S")  # partner's ace was ruffed


def test_p5_must_overtrump_an_opponent() -> None:
    assert legal("JS 10S 8D", "AH 9S", "S") == cards("JS")


def test_p5_must_overtrump_even_the_partner() -> None:
    assert legal("JS 7S 8D", "KH 9S 7H", "S") == cards("JS")


def test_p6_must_under_trump_when_unable_to_overtrump() -> None:
    assert legal("9S 7S 8D", "AH JS", "S") == cards("9S 7S")


def test_p6_must_under_trump_even_when_partner_wins_with_a_trump() -> None:
    assert legal("8S 7S 8D", "7H JS 8H", "S") == cards("8S 7S")


def _winner(trick: str, mode: str) -> int:
    from helpers import MODE_BY_TOKEN

    return winning_index([parse_card(c) for c in trick.split()], MODE_BY_TOKEN[mode])


def test_p7_highest_trump_wins() -> None:
    assert _winner("AH 7S KH 10H", "S") == 1
    assert _winner("AH 7S 8S 10H", "S") == 2


def test_p7_without_trumps_the_highest_card_of_the_led_suit_wins() -> None:
    assert _winner("10H AH JS 9C", "D") == 1


def test_p7_alltrumps_an_off_suit_jack_never_wins() -> None:
    assert _winner("9H JS 7H 8H", "AT") == 0
    assert _winner("7C JS JH 9S", "NT") == 0


@pytest.mark.parametrize(("mode", "order"), [
    ("H", "JH 9H AH 10H KH QH 8H 7H"),
    ("AT", "JD 9D AD 10D KD QD 8D 7D"),
    ("NT", "AS 10S KS QS JS 9S 8S 7S"),
    ("H", "AS 10S KS QS JS 9S 8S 7S"),
])
def test_p7_card_order_trump_j9a10kq87_plain_a10kqj987(mode: str, order: str) -> None:
    ranked = order.split()
    for i, higher in enumerate(ranked):
        for lower in ranked[i + 1:]:
            assert _winner(f"{lower} {higher}", mode) == 1
            assert _winner(f"{higher} {lower}", mode) == 0


NT_MADE_AUTO = ("G1 giretra.com hrrr 0 L 0-0 150 JS7DAC8HJHJCASKS8D7S9S8SAD10D7CAH9HJD9D7HQDKHQC8CQH10HKD9CQSKC10S10C "
                "c13.H.ok.NT.ok.ok.ok.7D.9D.8D.AD.9S.7C.AS.10S.9H.KH.QH.AH.10D.JD.QD.8S.KD.9C.7S.JS.8H.JH.7H.QC.QS.KS."
                "8C.10H.KC.10C.AC.JC")


def test_p7_dealers_left_leads_the_first_trick_and_the_winner_leads_the_next() -> None:
    deal = parse_match(NT_MADE_AUTO).history[0].deal
    assert deal.negotiation is not None and deal.negotiation.bidder == B  # Bottom announced NoTrumps
    assert deal.tricks[0].leader == deal.dealer.next == T  # ...but Top (dealer's left) leads
    for before, after in zip(deal.tricks, deal.tricks[1:], strict=False):
        assert after.leader == before.winner


TRUMP_ORDER = ["7", "8", "Q", "K", "10", "A", "9", "J"]
PLAIN_ORDER = ["7", "8", "9", "J", "Q", "K", "10", "A"]


def model_legal(hand: list[int], trick: list[int], mode: Mode, must_rise_notrumps: bool = False) -> set[int]:
    """P-1 .. P-6 as written in RULES.md §2."""
    if not trick:
        return set(hand)
    trump = int(mode) if mode in COLOURS else None

    def strength(card: int) -> int:
        rank = card_name(card)[:-1]
        if mode is Mode.ALL_TRUMPS or card >> 3 == trump:
            return TRUMP_ORDER.index(rank)
        return PLAIN_ORDER.index(rank)

    led = trick[0] >> 3
    follow = [c for c in hand if c >> 3 == led]
    if follow:
        rise = mode is Mode.ALL_TRUMPS or led == trump or (must_rise_notrumps and mode is Mode.NO_TRUMPS)
        if rise:
            highest = max((c for c in trick if c >> 3 == led), key=strength)
            higher = [c for c in follow if strength(c) > strength(highest)]
            if higher:
                return set(higher)
        return set(follow)
    trumps = [c for c in hand if c >> 3 == trump]
    if not trumps:
        return set(hand)
    in_trick = [c for c in trick if c >> 3 == trump]
    if not in_trick:
        winner = max(range(len(trick)), key=lambda i: (trick[i] >> 3 == led, strength(trick[i])))
        partner_wins = winner == len(trick) - 2
        return set(hand) if partner_wins else set(trumps)
    top = max(in_trick, key=strength)
    over = [c for c in trumps if strength(c) > strength(top)]
    return set(over or trumps)


def test_p_legal_cards_agree_with_an_independent_model_of_the_rules() -> None:
    from giretra_core.cards import mask_of
    from giretra_core.play import legal_cards

    rng = random.Random(2024)
    for _ in range(30_000):
        deck = list(range(32))
        rng.shuffle(deck)
        k = rng.randrange(4)
        trick, hand = deck[:k], deck[k:k + rng.randint(1, 8)]
        mode = Mode(rng.randrange(6))
        must_rise = rng.random() < 0.2
        expected = model_legal(hand, trick, mode, must_rise)
        assert set(cards_of(legal_cards(mask_of(hand), trick, mode, must_rise))) == expected, (hand, trick, mode)
