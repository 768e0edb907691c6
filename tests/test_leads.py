"""The advanced level's leads taken from Eva (docs/bots.md, "Eva's leads in the advanced level"): masters cashed at
once, strongest first and the partner's suit first; the partner's suit led with its strongest card.  The basic level
(no *eva_leads*) keeps the old leads."""

from __future__ import annotations

from functools import partial

from giretra_core.bots.cardplay import ADVANCED, BASIC, heuristic_card
from giretra_core.cards import FULL_DECK, card_name, mask_of, parse_card
from giretra_core.modes import Mode
from giretra_core.play import legal_cards

SEAT = 0   # Bottom leads; Right (1) and Left (3) are the opponents, Top (2) the partner


def _lead(hand: str, gone: str, mode: Mode, level: int = ADVANCED, eva_leads: bool = True, partner_suit: int = -1,
          avoid: int = 0, announcer_team: int = 0, voids: dict[int, str] | None = None,
          last_led: int = -1) -> tuple[str, str]:
    """The lead from *hand* (cards separated by spaces) with the cards *gone* played; *voids*: seat -> suits
    (letters) it is known not to hold."""
    held = mask_of(parse_card(c) for c in hand.split())
    out = FULL_DECK & ~held & ~mask_of(parse_card(c) for c in gone.split())
    may = [out] * 4
    may[SEAT] = held
    for seat, suits in (voids or {}).items():
        for letter in suits:
            may[seat] &= ~(0xFF << 8 * "CDHS".index(letter))
    card, key = heuristic_card(SEAT, held, held, [], SEAT, int(mode), out, may, announcer_team, level,
                               partner_suit, avoid, eva_leads, last_led)
    return card_name(card), key


def test_the_partners_suit_is_cashed_first() -> None:
    # AllTrumps: the 9♠ (14 points) and the A♥ (11) are both masters; the partner led hearts: the A♥ first.
    position = partial(_lead, hand="9S AH 7C 8D", gone="JS JH 9H 7H 8H 10H", mode=Mode.ALL_TRUMPS)
    assert position(partner_suit=2) == ("AH", "master")
    assert position() == ("9S", "master")
    assert position(level=BASIC, eva_leads=False, partner_suit=2) == ("9S", "master")


def test_the_suit_just_cashed_is_cashed_on() -> None:
    # AllTrumps: the 9♠ (14 points) before the A♥ (11), unless hearts is the suit this seat just cashed.
    position = partial(_lead, hand="9S AH 10H 8D", gone="JS JH 9H 7H 8H", mode=Mode.ALL_TRUMPS)
    assert position() == ("9S", "master")
    assert position(last_led=2) == ("AH", "master")


def test_a_suit_the_partner_asked_not_to_lead_is_cashed_last() -> None:
    position = partial(_lead, hand="9S AH 7C 8D", gone="JS JH 9H 7H 8H 10H", mode=Mode.ALL_TRUMPS)
    assert position(avoid=1 << 3) == ("AH", "master")


def test_a_master_nobody_can_follow_is_cashed_at_once() -> None:
    # NoTrumps: every other spade is gone; the old play kept the A♠ "for the end" and led low.
    position = partial(_lead, hand="AS 7C 8D 7H", gone="7S 8S 9S 10S JS QS KS", mode=Mode.NO_TRUMPS)
    assert position() == ("AS", "master")
    assert position(eva_leads=False)[0] != "AS"


def test_a_defender_cashes_the_master_trump_while_an_opponent_may_hold_trumps() -> None:
    # Hearts, the opponents (team 1) announced: our J♥ is the master trump.
    position = partial(_lead, hand="JH 7C 8D 7S", gone="", mode=Mode.HEARTS, announcer_team=1)
    assert position() == ("JH", "draw_trumps")
    assert position(eva_leads=False)[0] != "JH"
    # ... but not once both opponents are known to have none left.
    assert position(voids={1: "H", 3: "H"})[0] != "JH"


def test_a_side_master_an_opponent_may_ruff_is_not_cashed() -> None:
    # Spades: Right showed no diamonds and may hold trumps: the A♦ is kept.
    position = partial(_lead, hand="AD 7C 8H 9H", gone="JS 9S", mode=Mode.SPADES, announcer_team=1, voids={1: "D"})
    assert position()[0] != "AD"


def test_the_partners_suit_is_led_with_its_strongest_card() -> None:
    # NoTrumps, no master in hand: the partner's clubs are led with the K♣, not the 7♣.
    position = partial(_lead, hand="KC 7C 8D 9H", gone="", mode=Mode.NO_TRUMPS, partner_suit=0)
    assert position() == ("KC", "lead_partner_suit")
    assert position(eva_leads=False) == ("7C", "lead_partner_suit")


def test_with_no_master_alltrumps_leads_the_second_best_of_the_longest_suit() -> None:
    # AllTrumps, the J♥ and 9♥ out: the 10♥ under the A♥ makes the opponents spend a J or 9 to beat it (they must
    # beat it if they can), so the A♥ is promoted; the old lead was the 8♣, which they win cheaply.
    position = partial(_lead, hand="AH 10H KH 7H 8C QD", gone="", mode=Mode.ALL_TRUMPS)
    assert position() == ("10H", "lead_long")
    assert position(eva_leads=False)[0] != "10H"
    # A suit the partner asked not to lead is passed over for the next longest (of two, the one with the higher top);
    # not being the longest, it is not called so.
    assert position(hand="AH 10H KH 7H 8C QC KD 8D", avoid=1 << 2) == ("8D", "lead_low")


def test_with_no_master_notrumps_leads_the_second_best_of_the_longest_suit() -> None:
    position = partial(_lead, hand="KS QS 8S 7C 9D", gone="", mode=Mode.NO_TRUMPS)
    assert position() == ("QS", "lead_long")
    assert position(eva_leads=False)[0] != "QS"


def test_a_lone_card_left_in_every_suit_is_not_called_the_second_best() -> None:
    card, key = _lead(hand="KS 8C 9D", gone="", mode=Mode.ALL_TRUMPS)
    assert key != "lead_long"


def _follow(hand: str, trick: str, gone: str, mode: Mode, eva_leads: bool = True) -> tuple[str, str]:
    """Bottom's card to *trick* (led by Top, the partner, then Right) from *hand*, the cards *gone* played before."""
    held = mask_of(parse_card(c) for c in hand.split())
    cards = [parse_card(c) for c in trick.split()]
    out = FULL_DECK & ~held & ~mask_of(cards) & ~mask_of(parse_card(c) for c in gone.split())
    may = [out] * 4
    may[SEAT] = held
    leader = (SEAT - len(cards)) & 3
    legal = legal_cards(held, cards, int(mode))
    card, key = heuristic_card(SEAT, held, legal, cards, leader, int(mode), out, may, 0, ADVANCED, -1, 0, eva_leads)
    return card_name(card), key


def test_alltrumps_keeps_its_masters_off_the_partners_sure_trick() -> None:
    # AllTrumps: the partner's 9♥ is master (the J♥ is gone), Right discarded; Bottom, last to play, has no heart.
    # Its J♦ 9♦ A♦ are masters that will each win a diamond trick of their own: the 8♦ goes on the partner's trick,
    # not the J♦'s 20 points (the old play's choice).
    position = partial(_follow, hand="8D 9D JD AD", trick="9H QS", gone="JH", mode=Mode.ALL_TRUMPS)
    assert position() == ("8D", "partner_wins_low")
    assert position(eva_leads=False) == ("JD", "partner_wins_add")
    # With a card of points that is no master, that card is added.
    assert _follow("8D 9D JD KC", "9H QS", "JH", Mode.ALL_TRUMPS) == ("KC", "partner_wins_add")
