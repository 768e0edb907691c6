"""What five cards say about each mode: the features the bidding model weighs.

Colour features are taken relative to the trump suit; NoTrumps and AllTrumps treat the four
suits alike.  :mod:`.fit` regresses the team's card points on these features over simulated
deals; :mod:`.bidding` holds the fitted weights.

>>> from ..cards import parse_cards
>>> colour_features(2, parse_cards("JH9HAC10C7S"), True)[:4]
[1.0, 1.0, 1.0, 0.0]
"""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import SUIT_MASKS, Mask
from ..negotiation import Call, CallKind

SEVEN, EIGHT, NINE, TEN, JACK, QUEEN, KING, ACE = range(8)


def _has(mask: Mask, suit: int, rank: int) -> int:
    return mask >> (suit * 8 + rank) & 1


COLOUR_NAMES = ("bias", "trump J", "trump 9", "trump A", "trump 10", "trump K/Q", "trump 8/7", "trumps beyond 2",
                "side A", "side 10", "side 10 with A", "side K", "side voids", "we lead", "trump J+9")
NT_NAMES = ("bias", "A", "10", "10 with A", "K", "K with A or 10", "Q", "J", "longest beyond 2", "we lead",
            "A+10+K same suit")
AT_NAMES = ("bias", "J", "9", "9 with J", "A", "10", "K/Q", "we lead", "longest beyond 2", "two J or more",
            "A or 10 with J")


def colour_features(trump: int, hand: Mask, we_lead: bool) -> list[float]:
    t = trump
    trumps = hand & SUIT_MASKS[t]
    n_trumps = trumps.bit_count()
    side_a = side_10 = side_10a = side_k = voids = 0
    for s in range(4):
        if s == t:
            continue
        if not hand & SUIT_MASKS[s]:
            voids += 1
        a, ten = _has(hand, s, ACE), _has(hand, s, TEN)
        side_a += a
        side_10 += ten
        side_10a += a & ten
        side_k += _has(hand, s, KING)
    j, nine = _has(hand, t, JACK), _has(hand, t, NINE)
    return [1.0, float(j), float(nine), float(_has(hand, t, ACE)), float(_has(hand, t, TEN)),
            float(_has(hand, t, KING) + _has(hand, t, QUEEN)), float(_has(hand, t, EIGHT) + _has(hand, t, SEVEN)),
            float(max(0, n_trumps - 2)), float(side_a), float(side_10), float(side_10a), float(side_k),
            float(voids), float(we_lead), float(j & nine)]


def notrumps_features(hand: Mask, we_lead: bool) -> list[float]:
    aces = tens = tens_a = kings = kings_g = queens = jacks = longest = full = 0
    for s in range(4):
        a, ten, k = _has(hand, s, ACE), _has(hand, s, TEN), _has(hand, s, KING)
        aces += a
        tens += ten
        tens_a += a & ten
        kings += k
        kings_g += k & (a | ten)
        queens += _has(hand, s, QUEEN)
        jacks += _has(hand, s, JACK)
        longest = max(longest, (hand & SUIT_MASKS[s]).bit_count())
        full += a & ten & k
    return [1.0, float(aces), float(tens), float(tens_a), float(kings), float(kings_g), float(queens),
            float(jacks), float(max(0, longest - 2)), float(we_lead), float(full)]


def alltrumps_features(hand: Mask, we_lead: bool) -> list[float]:
    jacks = nines = nines_j = aces = tens = kq = longest = high_j = 0
    for s in range(4):
        j, nine = _has(hand, s, JACK), _has(hand, s, NINE)
        a, ten = _has(hand, s, ACE), _has(hand, s, TEN)
        jacks += j
        nines += nine
        nines_j += j & nine
        aces += a
        tens += ten
        high_j += j & (a | ten)
        kq += _has(hand, s, KING) + _has(hand, s, QUEEN)
        longest = max(longest, (hand & SUIT_MASKS[s]).bit_count())
    return [1.0, float(jacks), float(nines), float(nines_j), float(aces), float(tens), float(kq), float(we_lead),
            float(max(0, longest - 2)), float(jacks >= 2), float(high_j)]


# The cards behind the features that weigh most in each family (bidding.MODEL): a Colour's J, 9, A and 10 of trumps
# and the side aces; NoTrumps' aces and tens; AllTrumps' jacks and nines.  The hint names them (what supports a bid).
SUPPORT_COLOUR_TRUMPS = (JACK, NINE, ACE, TEN)


def supporting_cards(mode: int, hand: Mask) -> list[int]:
    """The cards of *hand* that carry most of *mode*'s estimate, strongest first.

    >>> from ..cards import card_name, parse_cards
    >>> [card_name(c) for c in supporting_cards(2, parse_cards("JH9HAC10C7S"))]
    ['JH', '9H', 'AC']
    """
    if mode < 4:
        wanted = [(mode, r) for r in SUPPORT_COLOUR_TRUMPS] + [(s, ACE) for s in range(4) if s != mode]
    else:
        ranks = (ACE, TEN) if mode == 4 else (JACK, NINE)
        wanted = [(s, r) for r in ranks for s in range(4)]
    return [s * 8 + r for s, r in wanted if _has(hand, s, r)]


def features(mode: int, hand: Mask, we_lead: bool) -> list[float]:
    if mode < 4:
        return colour_features(mode, hand, we_lead)
    if mode == 4:
        return notrumps_features(hand, we_lead)
    return alltrumps_features(hand, we_lead)


CONTEXT_NAMES = ("partner same", "partner other colour", "partner colour", "partner NT", "partner AT",
                 "opponent same", "opponent other colour", "opponent colour", "opponent NT", "opponent AT",
                 "partner doubled it", "opponent doubled it")


def context_features(mode: int, calls: Sequence[tuple[int, Call]], seat: int) -> list[float]:
    """What the other players' calls so far say about *mode*: counts of announcements by relation
    (the same mode, another Colour, a Colour when *mode* is not one, NoTrumps, AllTrumps), by the
    partner and by the opponents, and whether either side doubled *mode*."""
    x = [0.0] * 12
    for who, call in calls:
        if who == seat or call.mode is None:
            continue
        side = 0 if who & 1 == seat & 1 else 5
        other = int(call.mode)
        if call.kind is CallKind.ANNOUNCE:
            if other == mode:
                x[side] += 1
            elif other < 4:
                x[side + (1 if mode < 4 else 2)] += 1
            else:
                x[side + (3 if other == 4 else 4)] += 1
        elif call.kind is CallKind.DOUBLE and other == mode:
            x[10 if side == 0 else 11] += 1
    return x
