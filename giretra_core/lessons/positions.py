"""The lessons' scripted positions: a match in the engine's notation where the seats hold the cards a task needs and
the given actions follow (found by trying seeds, so a lesson always shows the same table).

>>> parse_match(play_state("SPADES", "L:KD T:8D R:9D", "7D10D9SJSAC8H7H10S")).turn is Seat.BOTTOM
True
"""

from __future__ import annotations

import functools
import random

from ..cards import card_name, split_cards
from ..errors import GiretraError
from ..modes import Mode, parse_mode, sort_key
from ..notation import MAGIC, parse_match
from ..seats import Seat, parse_seat
from .content import JSON


@functools.cache
def scripted(dealer: str, holds: tuple[tuple[str, str], ...], actions: str) -> str:
    """The notation of a match where each seat holds at least the given cards and *actions* follow.

    *holds* pairs a seat letter with the cards it must hold (the first five it is dealt come
    first); the other cards are dealt out in a seeded order, trying seeds until every action of
    *actions* (space separated, after a cut of 6) is legal.  Deterministic, so a lesson always
    shows the same table.
    """
    required = {parse_seat(s): split_cards(c) for s, c in holds}
    taken = {c for cs in required.values() for c in cs}
    rest = [c for c in range(32) if c not in taken]
    first = parse_seat(dealer).next
    for seed in range(500):
        order = rest[:]
        random.Random(seed).shuffle(order)
        hands = {seat: list(required.get(seat, [])) for seat in Seat}
        for seat in Seat:
            while len(hands[seat]) < 8:
                hands[seat].append(order.pop())
        cut_deck: list[int] = []
        for start, size in ((0, 3), (3, 2), (5, 3)):
            for i in range(4):
                cut_deck += hands[Seat((first + i) & 3)][start:start + size]
        deck = cut_deck[26:] + cut_deck[:26]
        tokens = ["c6", *actions.split()]
        text = (f"{MAGIC} giretra.com hrrr 0 {dealer} 0-0 150 {''.join(card_name(c) for c in deck)} "
                f"{'.'.join(tokens)} {len(tokens)}")
        try:
            parse_match(text)
        except GiretraError:
            continue
        return text
    raise AssertionError(f"no deal fits the scripted position {holds!r} / {actions!r}")


# -- tasks ----------------------------------------------------------------------------------------------------------



def play_position(mode: str, trick: str, hand: str, others: str = "") -> JSON:
    """Bottom to play *hand* to *trick* (a string like 'L:KH T:9H') in the Colour/NT/AT *mode*."""
    plays = [(p.split(":")[0], p.split(":")[1]) for p in trick.split()]
    leader = parse_seat(plays[0][0]) if plays else Seat.BOTTOM
    dealer = leader.previous  # the leader of trick 1 is the dealer's left
    holds: dict[str, str] = {"B": hand}
    for seat, card in plays:
        holds[seat] = holds.get(seat, "") + card
    for part in others.split():
        seat, cards = part.split(":")
        holds[seat] = holds.get(seat, "") + cards
    announce = Mode[mode] if mode in Mode.__members__ else parse_mode(mode)
    # The dealer's left announces; everybody accepts (an opponent's accept doubles NT/Clubs: fine here).
    actions = [announce.token, "ok", "ok", "ok"] + [card for _, card in plays]
    state = scripted(dealer.letter, tuple(sorted(holds.items())), " ".join(actions))
    assert parse_match(state).turn is Seat.BOTTOM, state
    return {"state": state}


def negotiation_position(dealer: str, calls: str) -> JSON:
    state = scripted(dealer, (), calls)
    return {"state": state}




def mode_of(name: str) -> Mode:
    return Mode[name]


def trick(text: str) -> list[tuple[Seat, int]]:
    return [(parse_seat(p.split(":")[0]), split_cards(p.split(":")[1])[0]) for p in text.split()]


def cards_json(cards: list[int], mode: Mode | None) -> list[str]:
    return [card_name(c) for c in sorted(cards, key=lambda c: sort_key(mode, c))]


@functools.cache
def play_state(mode: str, trick: str, hand: str) -> str:
    return str(play_position(mode, trick, hand)["state"])


@functools.cache
def negotiation_state(dealer: str, calls: str) -> str:
    return str(negotiation_position(dealer, calls)["state"])

