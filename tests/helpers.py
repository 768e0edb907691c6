"""Builders shared by the tests: a whole table state from one line.

``table("R", HANDS, "H ok ok ok AC")`` is the match in which Right deals the given hands and
these actions follow the cut; it is built through the match notation, so every action is
checked by the engine on the way.
"""

from __future__ import annotations

import json
import random
from typing import Any

from giretra_core import (
    Match,
    Mode,
    Negotiation,
    Seat,
    bots,
    format_match,
    jsonapi,
    parse_call,
    parse_match,
    parse_seat,
    seat_view,
)
from giretra_core.arena import _cut_for
from giretra_core.bots import oracle
from giretra_core.bots.solver import Solver
from giretra_core.cards import card_name, cards_of, parse_cards, split_cards
from giretra_core.deal import Cut, Deal, shuffled_deck
from giretra_core.negotiation import ACCEPT, Call, CallKind
from giretra_core.play import legal_cards
from giretra_core.rules import PRESETS, Rules

DEFAULT = PRESETS["giretra.com"]
REFERENCE = PRESETS["play.giretra.com"]
MODE_BY_TOKEN = {m.token: m for m in Mode}


def deck_for(dealer: str, hands: dict[str, str], cut: int = 6) -> str:
    """The deck, top first, from which a cut of *cut* deals each seat exactly *hands*.

    Each hand is 8 cards in the order they are dealt: three, two (the five seen while
    negotiating), then the last three (D-3).
    """
    first = parse_seat(dealer).next
    cards = {parse_seat(seat): split_cards(text) for seat, text in hands.items()}
    assert all(len(c) == 8 for c in cards.values()), "eight cards a hand"
    assert sorted(c for cs in cards.values() for c in cs) == list(range(32)), "every card exactly once"
    cut_deck: list[int] = []
    for start, size in ((0, 3), (3, 2), (5, 3)):
        for i in range(4):
            cut_deck += cards[Seat((first + i) & 3)][start:start + size]
    deck = cut_deck[32 - cut:] + cut_deck[:32 - cut]
    return "".join(card_name(c) for c in deck)


def notation(dealer: str, hands: dict[str, str], actions: str = "", preset: str = "giretra.com", cut: int = 6,
             scores: tuple[int, int] = (0, 0), target: int = 150, players: str = "hhhh") -> str:
    """The match notation of *hands* dealt by *dealer*, cut, then *actions* (space separated)."""
    tokens = [f"c{cut}", *actions.split()]
    return (f"G1 {preset} {players} 0 {dealer} {scores[0]}-{scores[1]} {target} {deck_for(dealer, hands, cut)} "
            + ".".join(tokens))


def table(dealer: str, hands: dict[str, str], actions: str = "", preset: str = "giretra.com", cut: int = 6,
          scores: tuple[int, int] = (0, 0), target: int = 150) -> Match:
    """The match after *actions*; see :func:`notation`."""
    return parse_match(notation(dealer, hands, actions, preset, cut, scores, target))


def with_header(state: str, scores: tuple[int, int] | None = None, target: int | None = None,
                preset: str | None = None) -> str:
    """*state* with other start scores, target or rules preset (the history is kept)."""
    fields = state.split(" ")
    if preset is not None:
        fields[1] = preset
    if scores is not None:
        fields[5] = f"{scores[0]}-{scores[1]}"
    if target is not None:
        fields[6] = str(target)
    return " ".join(fields)


def negotiate(first: str, calls: str, rules: Rules = DEFAULT) -> Negotiation:
    """The negotiation after *calls* (space separated tokens, in turn from *first*), each one checked."""
    n = Negotiation.start(parse_seat(first), rules)
    for token in calls.split():
        n = n.apply(n.turn, parse_call(token))
    return n


def legal(hand: str, trick: str, mode: str, notrumps_must_rise: bool = False) -> set[str]:
    """The legal cards of *hand* on *trick* (cards in play order) in *mode* (a mode token)."""
    trick_cards = split_cards(trick.replace(" ", ""))
    mask = legal_cards(parse_cards(hand.replace(" ", "")), trick_cards, MODE_BY_TOKEN[mode], notrumps_must_rise)
    return {card_name(c) for c in cards_of(mask)}


def cards(text: str) -> set[str]:
    return set(text.split())


def state_of(match: Match) -> str:
    return format_match(match)


def deal_in_play(seed: int, mode: Mode, rules: Rules = DEFAULT) -> Deal:
    """A seeded deal in its play phase: the dealer's left announced *mode*, everybody accepted."""
    dealer = Seat(seed % 4)
    deal = Deal.new(shuffled_deck(seed), dealer, rules).apply(dealer.next, Cut(6 + seed % 21))
    deal = deal.apply(dealer.next, Call(CallKind.ANNOUNCE, mode))
    while deal.contract is None:
        assert deal.turn is not None
        deal = deal.apply(deal.turn, ACCEPT)
    return deal


SPADES = {"B": "ADASKS7C8CQS9C10C", "L": "7DJDQD7H8H9H10HJH", "T": "KCQCJCAHKHQH7S8S", "R": "9DKDAC10D8D9S10SJS"}


def advance(match: Match, actions: int) -> Match:
    """*match* after *actions* more actions of the advanced level."""
    for _ in range(actions):
        seat = match.turn
        assert seat is not None
        match = match.apply(seat, bots.choose("advanced", seat_view(match, seat), random.Random(1), 60.0,
                                              time_guard=False).action)
    return match


def assert_solver_best(match: Match, card: object) -> None:
    """*card* is one of the best for the player to move in *match*'s Spades deal, by the exact solver."""
    seat = match.turn
    assert seat is not None
    won = (any(t.winner & 1 == 0 for t in match.deal.tricks), any(t.winner & 1 == 1 for t in match.deal.tricks))
    values = Solver(Mode.SPADES, sweep_bonus=oracle.SWEEP).move_values(match.deal.hands, int(match.deal.leader),
                                                                       match.deal.trick, won)
    sign = 1 if seat & 1 == 0 else -1
    assert card in values and sign * values[card] == max(sign * v for v in values.values())


# -- shared by the rules tests (test_deal, test_negotiation, test_play, test_scoring, test_match) ---------------------

B, L, T, R = Seat.BOTTOM, Seat.LEFT, Seat.TOP, Seat.RIGHT
TEAM1, TEAM2 = 0, 1
COLOURS = (Mode.CLUBS, Mode.DIAMONDS, Mode.HEARTS, Mode.SPADES)


def refusal(n: Negotiation, token: str, seat: Seat | None = None) -> str | None:
    """The reason code for *token* by *seat* (default: the player to act), or None if legal."""
    reason = n.validate(n.turn if seat is None else seat, parse_call(token))
    return None if reason is None else reason.code


def contract(n: Negotiation) -> tuple[Mode, int, int]:
    c = n.contract()
    assert c is not None
    return c.mode, c.announcer_team, c.multiplier


def play_random(match: Match, rng: random.Random, deals: int) -> Match:
    """Random legal actions until *deals* deals are finished (or the match is over)."""
    while len(match.history) < deals and not match.is_over:
        assert match.turn is not None
        match = match.apply(match.turn, rng.choice(match.legal_actions()))
    return match


def seam_value(function: str, **request: Any) -> Any:
    """The value the seam answers to *function* with *request* (which must be accepted)."""
    out = json.loads(jsonapi.call(function, json.dumps(request)))
    assert out["ok"], out
    return out["value"]


def seam_error(function: str, **request: Any) -> Any:
    """The error the seam answers to *function* with *request* (which must be refused)."""
    out = json.loads(jsonapi.call(function, json.dumps(request)))
    assert not out["ok"], out
    return out["error"]


def advanced_positions(seeds: range) -> list[tuple[Match, Seat]]:
    """Every card decision of four advanced players (so recorded) in the deals of *seeds*, cut as the arena cuts."""
    found = []
    for seed in seeds:
        m = Match.new(seed=seed, players=("advanced",) * 4)
        m = m.apply(m.deal.cutter, _cut_for(seed, 0))
        rng = random.Random(seed)
        while not m.history:
            who = m.turn
            assert who is not None
            view = seat_view(m, who)
            if view.phase == "play":
                found.append((m, who))
            m = m.apply(who, bots.choose("advanced", view, rng).action)
    return found
