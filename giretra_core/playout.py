"""Random play-outs on bare masks, with no checks and no objects: the engine's speed yardstick.

:func:`random_playout` finishes a deal from any point of the play phase with uniformly random
legal cards and returns the card points per team.  It inlines the rules of
:func:`giretra_core.play.legal_cards` (the tests check both agree card by card) to show how fast
the rules can run in pure Python (``python -m giretra_core.bench``); a Monte Carlo bot of one's own
may use it.  The built-in bots do not: the expert's search plays its play-outs with the advanced
card play (:func:`giretra_core.bots.rollout.policy_playout`), which asks ``play.legal_cards``.

>>> from .deal import Deal, shuffled_deck
>>> from .seats import Seat
>>> import random
>>> hands = Deal.new(shuffled_deck(1), Seat.RIGHT).apply(Seat.BOTTOM, __import__("giretra_core").Cut(6)).initial_hands()
>>> pts, tricks = random_playout(hands, 2, 0, (), random.Random(1).random)
>>> sum(pts)
162
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .cards import SUIT_MASKS, Card, Mask
from .modes import BEATERS, LAST_TRICK_BONUS, POINTS, STRENGTH, TRUMP_MASK, Mode

_ALL_TRUMPS = int(Mode.ALL_TRUMPS)
_NO_TRUMPS = int(Mode.NO_TRUMPS)


def random_playout(hands: Sequence[Mask], mode: int, leader: int, trick: Sequence[Card],
                   random: Callable[[], float], points: tuple[int, int] = (0, 0),
                   notrumps_must_rise: bool = False,
                   trace: list[Card] | None = None) -> tuple[tuple[int, int], tuple[int, int]]:
    """Finish the deal at random.  Returns ((card points Team1, Team2), (tricks Team1, Team2)) for the
    rest of the deal, *points* added, the last-trick bonus included.

    *hands* are the cards still held; *trick* the cards already in the current trick, led by *leader*.
    *trace*, if given, receives every card played (the tests compare it with the checked rules).
    """
    strength = STRENGTH[mode]
    pts = POINTS[mode]
    beaters = BEATERS[mode]
    trump_mask = TRUMP_MASK[mode]
    suits = SUIT_MASKS
    rise_always = mode == _ALL_TRUMPS or (notrumps_must_rise and mode == _NO_TRUMPS)
    h0, h1, h2, h3 = hands
    h = [h0, h1, h2, h3]
    p = [points[0], points[1]]
    won = [0, 0]
    cards = list(trick)
    remaining = (h0 | h1 | h2 | h3).bit_count() + len(cards)
    if not remaining:
        return (p[0], p[1]), (0, 0)
    last_winner = leader
    while remaining:
        n_in = len(cards)
        seat = (leader + n_in) & 3
        if n_in:
            led_card = cards[0]
            led = led_card >> 3
            win_i = 0
            win_card = led_card
            for i in range(1, n_in):
                c = cards[i]
                if c >> 3 == win_card >> 3:
                    if strength[c] > strength[win_card]:
                        win_i, win_card = i, c
                elif c >> 3 == mode:
                    win_i, win_card = i, c
        while n_in < 4:
            hand = h[seat]
            if n_in == 0:
                legal = hand
            else:
                follow = hand & suits[led]
                if follow:
                    # Must rise in AllTrumps and on a trump lead (P-2).
                    legal = (follow & beaters[win_card] or follow) if rise_always or led == mode else follow
                else:
                    trumps = hand & trump_mask
                    if not trumps:
                        legal = hand
                    elif win_card >> 3 != mode:
                        legal = hand if win_i == n_in - 2 else trumps
                    else:
                        legal = trumps & beaters[win_card] or trumps
            # Uniform choice among the legal cards: drop k lowest bits, take the next one.
            k = int(random() * legal.bit_count())
            while k:
                legal &= legal - 1
                k -= 1
            card = (legal & -legal).bit_length() - 1
            h[seat] = hand & ~(1 << card)
            if trace is not None:
                trace.append(card)
            if n_in == 0:
                led_card = win_card = card
                led = card >> 3
                win_i = 0
            elif card >> 3 == win_card >> 3:
                if strength[card] > strength[win_card]:
                    win_i, win_card = n_in, card
            elif card >> 3 == mode:
                win_i, win_card = n_in, card
            cards.append(card)
            n_in += 1
            seat = (seat + 1) & 3
        winner = (leader + win_i) & 3
        team = winner & 1
        p[team] += pts[cards[0]] + pts[cards[1]] + pts[cards[2]] + pts[cards[3]]
        won[team] += 1
        remaining -= 4
        leader = last_winner = winner
        cards = []
    p[last_winner & 1] += LAST_TRICK_BONUS
    return (p[0], p[1]), (won[0], won[1])
