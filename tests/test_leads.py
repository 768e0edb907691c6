"""The advanced level's leads taken from Eva (docs/bots.md, "Eva's leads in the advanced level"): masters cashed at
once, strongest first and the partner's suit first; the partner's suit led with its strongest card.  The basic level
and the search's play-outs (no *eva_leads*) keep the old leads."""

from __future__ import annotations

from functools import partial

from giretra_core.bots.cardplay import ADVANCED, BASIC, heuristic_card
from giretra_core.cards import FULL_DECK, card_name, mask_of, parse_card
from giretra_core.modes import Mode

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
