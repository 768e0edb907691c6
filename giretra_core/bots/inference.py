"""Possible deals: sample the hidden hands consistent with everything a seat knows.

A sampled *world* gives each other seat exactly as many cards as it holds, never a card it
cannot hold (the voids and limits read from the play, :mod:`.knowledge`), and leans toward what
the bidding says (:func:`evidence_bias`): an announced Colour's jack and nine, the aces behind a
NoTrumps bid, the jacks behind AllTrumps are more likely in the announcer's hand.

>>> import random
>>> hands = sample_world(random.Random(1), 0b1111 << 4, {1: 2, 2: 1, 3: 1}, {1: 0, 2: 0, 3: 0b1111 << 4})
>>> hands is None  # Right may hold none of the four cards: impossible
True
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from ..cards import Card, Mask
from ..negotiation import Call, CallKind

SEVEN, EIGHT, NINE, TEN, JACK, QUEEN, KING, ACE = range(8)


def evidence_bias(calls: Sequence[tuple[int, Call]], seat: int) -> dict[int, list[float]]:
    """Per other seat, a weight per card (1.0 = no evidence) from the announcements and doubles."""
    bias: dict[int, list[float]] = {}
    first = True
    for who, call in calls:
        if who == seat or call.mode is None or call.kind is CallKind.ACCEPT:
            first = False
            continue
        weights = bias.setdefault(int(who), [1.0] * 32)
        strength = 1.6 if first else 2.4
        mode = int(call.mode)
        if call.kind is CallKind.ANNOUNCE:
            if mode < 4:
                for rank, f in ((JACK, 1.0), (NINE, 0.8), (ACE, 0.45), (TEN, 0.35), (KING, 0.25), (QUEEN, 0.25),
                                (EIGHT, 0.2), (SEVEN, 0.2)):
                    weights[mode * 8 + rank] *= 1 + (strength - 1) * f
            elif mode == 4:
                for s in range(4):
                    weights[s * 8 + ACE] *= strength
                    weights[s * 8 + TEN] *= 1 + (strength - 1) * 0.5
            else:
                for s in range(4):
                    weights[s * 8 + JACK] *= strength
                    weights[s * 8 + NINE] *= 1 + (strength - 1) * 0.6
        elif call.kind is CallKind.DOUBLE and mode < 4:
            for rank in (JACK, NINE, ACE, TEN):
                weights[mode * 8 + rank] *= 2.0
        first = False
    return bias


def sample_world(rng: random.Random, unseen: Mask, counts: Mapping[int, int], forbidden: Mapping[int, Mask],
                 bias: Mapping[int, Sequence[float]] | None = None) -> dict[int, Mask] | None:
    """Deal the *unseen* cards to the seats of *counts* (seat -> number of cards), or None if impossible.

    A seat never gets a card of its *forbidden* mask.  Cards are placed in random order, each to a
    seat drawn in proportion to its free places (times the *bias* weight of the card), among the
    seats that leave the rest placeable: Hall's condition is checked on every subset of seats, so
    the fill never gets stuck.
    """
    seats = [s for s in counts if counts[s] > 0]
    cards: list[Card] = []
    m = unseen
    while m:
        low = m & -m
        cards.append(low.bit_length() - 1)
        m ^= low
    if sum(counts[s] for s in seats) != len(cards):
        return None
    n = len(seats)
    full = (1 << n) - 1
    kind = {}
    of_kind = [0] * (full + 1)   # cards by the set of seats (bit i = seats[i]) that may hold them
    for c in cards:
        k = 0
        for i, s in enumerate(seats):
            if not forbidden.get(s, 0) >> c & 1:
                k |= 1 << i
        if not k:
            return None
        kind[c] = k
        of_kind[k] += 1
    free = [counts[s] for s in seats]
    subsets = range(1, full + 1)
    inside = [[k for k in range(1, full + 1) if k & ~sub == 0] for sub in range(full + 1)]
    room_of = [[i for i in range(n) if sub >> i & 1] for sub in range(full + 1)]

    def feasible() -> bool:
        for sub in subsets:
            need = 0
            for k in inside[sub]:
                need += of_kind[k]
            room = 0
            for i in room_of[sub]:
                room += free[i]
            if need > room:
                return False
        return True

    if not feasible():
        return None
    rng.shuffle(cards)
    hands = [0] * n
    for c in cards:
        k = kind[c]
        of_kind[k] -= 1
        options: list[tuple[int, float]] = []
        total = 0.0
        for i in room_of[k]:
            if free[i] <= 0:
                continue
            free[i] -= 1
            if feasible():
                w = (free[i] + 1) * (bias[seats[i]][c] if bias is not None and seats[i] in bias else 1.0)
                options.append((i, w))
                total += w
            free[i] += 1
        if not options:
            return None  # cannot happen: the rest was feasible before this card
        x = rng.random() * total
        choice = options[-1][0]
        for i, w in options:
            if x < w:
                choice = i
                break
            x -= w
        free[choice] -= 1
        hands[choice] |= 1 << c
    return {s: hands[i] for i, s in enumerate(seats)} | {s: 0 for s in counts if counts[s] <= 0}
