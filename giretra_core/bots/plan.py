"""A card's plan in a player's words: what the card does in its position, said as a card player says it ("win the
trick: your A♥ is the highest card left in Hearts ♥"), the first line of a card hint.

A bot's own line is why *it* chose (for the expert, often only a figure: "better on average than Q♥ over 160
possible deals"); the plan says what the card does, from the facts of the position that a player at the table can
see: the cards played, who is winning the trick, who plays after, what is in the hand. Every line is true of its
position from the rules alone (tests/test_hints.py checks each one against the cards played and the trick), never
from the bot's guesses about hidden hands. Where two lines are true, the bot's own reason picks the one it meant.
The search's figures stay apart, as the hint's second line (:func:`figures`).

>>> from ..match import Match
>>> from ..notation import parse_match
>>> from ..views import seat_view
>>> m = parse_match("G1 giretra.com hrrr 0 R 0-0 150 * c6.H.ok.ok.ok")   # Bottom bid Hearts and leads
>>> card_plan(seat_view(m, m.turn), 31)    # the A♠: nobody has played a spade yet
Plan(key='cash_top', params={'card': 'AS', 'suit': '3'})
"""

from __future__ import annotations

from typing import NamedTuple

from ..cards import SUIT_MASKS, Card, Mask, card_name, cards_of
from ..modes import POINTS, STRENGTH, Mode
from ..negotiation import CallKind
from ..play import winning_index
from ..views import SeatView
from .reasons import Decision


class Plan(NamedTuple):
    """A plan's key (its line under ``card_plans`` in each catalogue) and its parameters: cards by name ("AH"),
    suits by number (0 clubs .. 3 spades), counts as text."""

    key: str
    params: dict[str, str]


SEARCH_KEYS = frozenset({"search", "solved", "search_over", "solved_over"})


def card_plan(view: SeatView, card: Card, key: str = "") -> Plan:
    """The plan of playing *card* now at *view*'s seat; *key*, the bot's own reason, picks among true lines."""
    assert view.contract is not None
    mode = int(view.contract.mode)
    legal = [c for c in view.legal if isinstance(c, int)]
    if len(legal) <= 1:
        return Plan("only", {"card": card_name(card)})
    if not view.trick:
        return _lead(view, mode, card, key)
    return _follow(view, mode, card, legal)


def figures(decision: Decision) -> tuple[str, dict[str, str]] | None:
    """The hint's second line, the search's figures: its own line when the search chose the card, the deals it
    looked at when it kept the card a person would think of; None when nothing was searched (one legal card, a
    bot that does not search)."""
    params = decision.params or {}
    if decision.key in SEARCH_KEYS:
        return decision.key, params
    if "searched" in params:
        return ("agree_exact" if params["searched"] == "solved" else "agree"), {"worlds": params["worlds"]}
    return None


# -- the facts a player at the table sees --------------------------------------------------------------------------


def _higher_out(view: SeatView, mode: int, card: Card) -> tuple[list[Card], list[Card]]:
    """The cards of *card*'s suit stronger than it and not yet played: (in other hands, in the seat's own hand)."""
    strength = STRENGTH[mode]
    higher = [c for c in cards_of(SUIT_MASKS[card >> 3]) if strength[c] > strength[card] and not view.played >> c & 1]
    return [c for c in higher if not view.hand >> c & 1], [c for c in higher if view.hand >> c & 1]


def _unplayed_elsewhere(view: SeatView, suit: int) -> Mask:
    """The cards of *suit* in the other three hands."""
    return SUIT_MASKS[suit] & ~view.played & ~view.hand


def _trump(mode: int) -> int:
    """The trump suit of a Colour mode, -1 in NoTrumps and AllTrumps (no suit is trump over the others)."""
    return mode if mode <= Mode.SPADES else -1


def _ours(view: SeatView) -> bool:
    assert view.contract is not None
    return view.contract.announcer_team == view.seat.team


def _partner_suit(view: SeatView) -> tuple[str, int] | None:
    """The suit the partner showed: the first suit it led this deal (``partner_led``), else a Colour it announced
    (``partner_bid``)."""
    partner = view.seat.partner
    for trick in view.tricks:
        if trick.leader == partner:
            return "partner_led", trick.cards[0] >> 3
    for who, call in view.calls:
        if who == partner and call.kind is CallKind.ANNOUNCE and call.mode is not None and call.mode <= Mode.SPADES:
            return "partner_bid", int(call.mode)
    return None


# -- leading -------------------------------------------------------------------------------------------------------


def _lead(view: SeatView, mode: int, card: Card, key: str) -> Plan:
    suit = card >> 3
    trump = _trump(mode)
    name = card_name(card)
    others, mine = _higher_out(view, mode, card)
    if suit == trump and _ours(view):
        left = (_unplayed_elsewhere(view, trump)).bit_count()
        if left:
            return Plan("draw_trumps_one" if left == 1 else "draw_trumps", {"n": str(left)})
    # A lone card of a side suit, a trump kept: void after it, the seat may trump that suit.
    short = suit != trump and trump >= 0 and (view.hand & SUIT_MASKS[suit]).bit_count() == 1 \
        and bool(view.hand & SUIT_MASKS[trump])
    partner = _partner_suit(view)
    partners = partner is not None and partner[1] == suit and suit != trump
    if key == "lead_short" and short:
        return Plan("short", {"card": name, "suit": str(suit)})
    if key == "lead_partner_suit" and partners:
        assert partner is not None
        return Plan(partner[0], {"suit": str(suit)})
    if not _unplayed_elsewhere(view, suit):
        return Plan("alone", {"card": name, "suit": str(suit)})
    if not others:
        return Plan("cash" if mine else "cash_top", {"card": name, "suit": str(suit)})
    if partners:
        assert partner is not None
        return Plan(partner[0], {"suit": str(suit)})
    if short:
        return Plan("short", {"card": name, "suit": str(suit)})
    points = POINTS[mode][card]
    if not points:
        return Plan("low", {"card": name})
    # A king led into one ace drives it out; a queen below four cards of the suit is an exit, of few points.
    if len(others) > 1 and points < 10:
        return Plan("exit", {"card": name, "points": str(points)})
    top = max(others, key=STRENGTH[mode].__getitem__)
    return Plan("drive", {"card": name, "top": card_name(top)})


# -- following -----------------------------------------------------------------------------------------------------


def _follow(view: SeatView, mode: int, card: Card, legal: list[Card]) -> Plan:
    trick = view.trick
    pos = len(trick)
    points = POINTS[mode]
    name = card_name(card)
    least = min(points[c] for c in legal)
    win = trick[winning_index(trick, mode)]
    led = trick[0] >> 3
    trump = _trump(mode)
    suit = card >> 3
    rest = view.hand & ~(1 << card)
    if view.trick_winning == view.seat.partner:
        opponent_after = pos < 3   # the partner led (pos 2): the next seat, an opponent, plays after
        # Void, the partner's trick frees the seat from trumping (P-4): its lone card of a side suit goes, a trump
        # stays for when that suit comes back. (Under an opponent's card a void seat with a trump must trump, P-3.)
        if suit != led and suit != trump and trump >= 0 and points[card] == least \
                and not rest & SUIT_MASKS[suit] and rest & SUIT_MASKS[trump]:
            return Plan("void", {"card": name, "suit": str(suit)})
        if points[card] and (points[card] > least or not opponent_after):
            return Plan("partner_add", {"card": name})
        if opponent_after:   # the card of fewest points: none ("play low"), or fewer than any other
            return Plan("partner_least" if points[card] else "partner_low_wait", {"card": name})
        most = max(legal, key=lambda c: (points[c], STRENGTH[mode][c]))
        if points[most] == 0:
            return Plan("partner_nothing", {"card": name})
        return Plan("partner_keep", {"card": name, "kept": card_name(most)})
    beats = winning_index((*trick, card), mode) == pos
    if beats:
        if card >> 3 == _trump(mode) and led != card >> 3:
            return Plan("trump", {"card": name, "led": str(led)})
        if pos == 3:
            return Plan("win_last", {"card": name, "win": card_name(win)})
        others, mine = _higher_out(view, mode, card)
        if not others:
            return Plan("win_sure" if mine else "win_top", {"card": name, "suit": str(card >> 3)})
        return Plan("win_try", {"card": name, "win": card_name(win)})
    beaters = [c for c in legal if winning_index((*trick, c), mode) == pos]
    if beaters:
        if pos == 1 and points[card] == least:
            return Plan("second_low", {"card": name})
        beater = max(beaters, key=lambda c: (points[c], STRENGTH[mode][c]))
        return Plan("duck", {"card": name, "beater": card_name(beater)})
    if points[card] == least:
        return Plan("cheap", {"card": name})
    kept = min(legal, key=lambda c: (points[c], STRENGTH[mode][c]))
    guarded = [c for c in cards_of(rest & SUIT_MASKS[kept >> 3])
               if c != kept and points[c] >= 4 and STRENGTH[mode][c] > STRENGTH[mode][kept]]
    if guarded:
        honour = max(guarded, key=STRENGTH[mode].__getitem__)
        return Plan("guard", {"card": name, "kept": card_name(kept), "honour": card_name(honour)})
    return Plan("keep", {"card": name, "kept": card_name(kept)})
