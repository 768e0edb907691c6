"""Policy play-outs: finish a deal with every seat playing :func:`~.cardplay.heuristic_card`.

Like :func:`giretra_core.playout.random_playout`, but each seat plays the heuristic card
from what it may know (its hand, the cards gone, the voids shown so far), not a random one.
The search evaluates its moves with these play-outs before the exact solver takes over.
Given the deal's signals too (*signals*) and *eva_leads*, each seat plays exactly the advanced level's card: on
the real hands such a play-out plays the deal four advanced bots play (tests/test_bots.py); without the signals
it strays from it in about half the deals.  The expert's play-outs pass *eva_leads* (the advanced level's card
play as it is; ``ExpertSettings.advanced_play``), not the signals (``ExpertSettings.playout_signals``).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import SUIT_MASKS, Card, Mask
from ..modes import LAST_TRICK_BONUS, POINTS, TRUMP_MASK
from ..play import legal_cards, winning_index
from .advanced import SignalState, note_trick, signal_of
from .cardplay import ADVANCED, heuristic_card


def policy_playout(hands: Sequence[Mask], mode: int, leader: int, trick: Sequence[Card], announcer_team: int,
                   forbidden: Sequence[Mask] = (0, 0, 0, 0), points: tuple[int, int] = (0, 0),
                   tricks_won: tuple[int, int] = (0, 0), must_rise: bool = False,
                   level: int = ADVANCED, trace: list[Card] | None = None,
                   signals: SignalState | None = None,
                   eva_leads: bool = False) -> tuple[tuple[int, int], tuple[int, int]]:
    """Finish the deal; returns ((card points Team1, Team2), (tricks Team1, Team2)), totals so far included.

    *forbidden[p]* are the cards seat *p* is publicly known not to hold (voids shown so far);
    *trace*, if given, receives every card played; *signals*, the deal's signals so far
    (:func:`~.advanced.signal_state`), makes each seat read and follow them as the advanced level does
    (without it no seat does).
    """
    h = [hands[0], hands[1], hands[2], hands[3]]
    f = [forbidden[0], forbidden[1], forbidden[2], forbidden[3]]
    pts = POINTS[mode]
    trump = TRUMP_MASK[mode]
    p = [points[0], points[1]]
    won = [tricks_won[0], tricks_won[1]]
    cards = list(trick)
    state = (list(signals[0]), signals[1], list(signals[2])) if signals is not None else None   # a copy to update
    remaining = h[0] | h[1] | h[2] | h[3]
    if not remaining and len(cards) < 4:
        return (p[0], p[1]), (won[0], won[1])
    last_winner = leader
    last_led = -1   # the suit led to the trick just finished by the seat that leads now (unknown before the play-out)
    while remaining or cards:
        seat = (leader + len(cards)) & 3
        while len(cards) < 4:
            hand = h[seat]
            legal = legal_cards(hand, cards, mode, must_rise)
            if legal & (legal - 1):
                out = remaining & ~hand
                may = (out & ~f[0], out & ~f[1], out & ~f[2], out & ~f[3])
                partner_suit, avoid_suits = signal_of(seat, state) if state is not None else (-1, 0)
                card, _ = heuristic_card(seat, hand, legal, cards, leader, mode, out, may, announcer_team, level,
                                         partner_suit, avoid_suits, eva_leads, last_led if leader == seat else -1)
            else:
                card = legal.bit_length() - 1
            if cards and card >> 3 != cards[0] >> 3:
                f[seat] |= SUIT_MASKS[cards[0] >> 3]
                if trump and card >> 3 != mode:
                    win_i = winning_index(cards, mode)
                    if cards[win_i] >> 3 == mode or win_i != len(cards) - 2:
                        f[seat] |= trump
            if trace is not None:
                trace.append(card)
            h[seat] = hand & ~(1 << card)
            remaining &= ~(1 << card)
            cards.append(card)
            seat = (seat + 1) & 3
        if state is not None:
            note_trick(mode, leader, cards, state[0], state[2])
        winner = (leader + winning_index(cards, mode)) & 3
        last_led = cards[0] >> 3 if winner == leader else -1
        p[winner & 1] += pts[cards[0]] + pts[cards[1]] + pts[cards[2]] + pts[cards[3]]
        won[winner & 1] += 1
        leader = last_winner = winner
        cards = []
    p[last_winner & 1] += LAST_TRICK_BONUS
    return (p[0], p[1]), (won[0], won[1])

