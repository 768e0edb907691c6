"""The exact solver: alpha-beta over the rest of the deal with every hand known (double dummy).

:class:`Solver` returns the card points Team1 will take from now on (the last-trick bonus
included) if all four play perfectly: Team1 maximizes, Team2 minimizes.  A *sweep_bonus* is added
(subtracted) when Team1 (Team2) takes every trick of the deal, so that a Colour sweep — an instant
match win — outweighs any card points.  It works on the same masks and tables as the play-outs
(:data:`~giretra_core.modes.STRENGTH`, :data:`~giretra_core.modes.BEATERS`, ...), with:

* a transposition table at trick boundaries (the rest of a deal depends only on the hands, the
  leader and who has won a trick so far), storing lower and upper bounds;
* move ordering (the table's best lead, then likely winners first);
* equivalent cards pruned: zero-point cards of a suit with no other card between them are one move.

In pure Python a four-card ending solves in a few milliseconds, a whole deal in seconds.

>>> from ..cards import parse_cards as p
>>> hands = [p("AS"), p("7S"), p("10S"), p("8S")]
>>> Solver(int(2)).solve(hands, 0, [], (True, True))
31
"""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import Card, Mask
from ..modes import BEATERS, LAST_TRICK_BONUS, POINTS, STRENGTH, Mode
from ..play import legal_cards, winning_index

INF = 1 << 20
_AT = int(Mode.ALL_TRUMPS)


def _keep_table() -> list[int]:
    """For 3-bit patterns (ranks 7 8 9) of my cards and of the others' cards: my cards worth trying."""
    table = [0] * 64
    for mine in range(8):
        for others in range(8):
            keep = 0
            run_open = False
            for r in range(3):
                if mine >> r & 1:
                    if not run_open:
                        keep |= 1 << r
                        run_open = True
                elif others >> r & 1:
                    run_open = False
            table[mine << 3 | others] = keep
    return table


_KEEP = _keep_table()


# Per mode and suit, the zero-point ranks that can form a run: 7 8 9 in plain order, 7 8 in trump order.
_ZERO_BITS = tuple(tuple(0b011 if mode in (_AT, s) else 0b111 for s in range(4)) for mode in range(6))


def prune_equivalent(legal: Mask, others: Mask, mode: int) -> Mask:
    """*legal* without the zero-point cards that are equivalent to a lower one kept (no card of
    *others* — everything not in this hand that can still fall in this trick or later — between them)."""
    zero_bits = _ZERO_BITS[mode]
    for s in range(4):
        zb = zero_bits[s]
        mine = (legal >> (8 * s)) & zb
        if mine & (mine - 1):
            keep = _KEEP[mine << 3 | ((others >> (8 * s)) & zb)]
            legal &= ~((mine & ~keep) << (8 * s))
    return legal


class Solver:
    """Double-dummy search for one mode.  Reuse one solver for positions of the same deal (shared table)."""

    def __init__(self, mode: int, must_rise: bool = False, sweep_bonus: int = 0) -> None:
        self.mode = mode
        self.must_rise = must_rise  # NoTrumps must-rise variant (AllTrumps always rises: play.legal_cards)
        self.sweep_bonus = sweep_bonus
        self.table: dict[int, tuple[int, int, int]] = {}
        self.nodes = 0

    def solve(self, hands: Sequence[Mask], leader: int, trick: Sequence[Card], won: tuple[bool, bool],
              alpha: int = -INF, beta: int = INF) -> int:
        """Team1's card points from now on under perfect play (plus or minus the sweep bonus).

        *won* says whether Team1 / Team2 has already taken a trick in this deal.
        """
        h = [hands[0], hands[1], hands[2], hands[3]]
        flags = (1 if won[0] else 0) | (2 if won[1] else 0)
        return self._search(h, leader, list(trick), flags, alpha, beta)

    def move_values(self, hands: Sequence[Mask], leader: int, trick: Sequence[Card], won: tuple[bool, bool],
                    moves: Sequence[Card] | None = None) -> dict[Card, int]:
        """The exact value (Team1's points from now on) of each of *moves* (default: every legal card,
        equivalent ones once) of the player to move."""
        h = [hands[0], hands[1], hands[2], hands[3]]
        flags = (1 if won[0] else 0) | (2 if won[1] else 0)
        cards = list(trick)
        seat = (leader + len(cards)) & 3
        out: dict[Card, int] = {}
        for card in (moves if moves is not None else self._ordered(h, seat, cards, leader)):
            out[card] = self._after(h, seat, card, leader, cards, flags, -INF, INF)
        return out

    def best_move(self, hands: Sequence[Mask], leader: int, trick: Sequence[Card], won: tuple[bool, bool],
                  guess: int = 0) -> tuple[Card, int]:
        """The best card of the player to move and its exact value (Team1's points from now on).

        The first card is valued by MTD(f) — null-window searches from *guess* — and each other card
        is only tested against the best so far (a null window), which is far cheaper than valuing all.
        """
        h = [hands[0], hands[1], hands[2], hands[3]]
        flags = (1 if won[0] else 0) | (2 if won[1] else 0)
        cards = list(trick)
        seat = (leader + len(cards)) & 3
        maximize = seat & 1 == 0
        moves = self._ordered(h, seat, cards, leader)
        best_card = moves[0]
        best = self._mtdf(h, seat, best_card, leader, cards, flags, guess)
        for card in moves[1:]:
            if maximize:
                if self._after(h, seat, card, leader, cards, flags, best, best + 1) > best:
                    best_card, best = card, self._mtdf(h, seat, card, leader, cards, flags, best + 1)
            elif self._after(h, seat, card, leader, cards, flags, best - 1, best) < best:
                best_card, best = card, self._mtdf(h, seat, card, leader, cards, flags, best - 1)
        return best_card, best

    def _mtdf(self, h: list[Mask], seat: int, card: Card, leader: int, trick: list[Card], flags: int,
              guess: int) -> int:
        g, lower, upper = guess, -INF, INF
        while lower < upper:
            beta = g + 1 if g == lower else g
            g = self._after(h, seat, card, leader, trick, flags, beta - 1, beta)
            if g < beta:
                upper = g
            else:
                lower = g
        return g

    # -- search ----------------------------------------------------------------------------------------------------

    def _legal(self, hand: Mask, trick: list[Card]) -> Mask:
        return legal_cards(hand, trick, self.mode, self.must_rise)

    def _ordered(self, h: list[Mask], seat: int, trick: list[Card], leader: int, first: int = -1) -> list[Card]:
        """Legal cards, equivalent ones pruned, likely best first."""
        mode = self.mode
        hand = h[seat]
        legal = self._legal(hand, trick)
        others = (h[0] | h[1] | h[2] | h[3]) & ~hand
        for c in trick:
            others |= 1 << c
        legal = prune_equivalent(legal, others, mode)
        cards = []
        m = legal
        while m:
            low = m & -m
            cards.append(low.bit_length() - 1)
            m ^= low
        if len(cards) == 1:
            return cards
        strength = STRENGTH[mode]
        points = POINTS[mode]
        if not trick:
            cards.sort(key=lambda c: -(strength[c] * 4 + points[c]))
        else:
            win_i = winning_index(trick, mode)
            win = trick[win_i]
            partner_wins = win_i == len(trick) - 2
            beaters = BEATERS[mode][win]

            def key(c: Card) -> int:
                beats = c >> 3 == win >> 3 and beaters >> c & 1 or (c >> 3 == mode and win >> 3 != mode)
                if partner_wins:
                    return -points[c] * 2 + (20 if beats else 0)
                if beats:
                    return strength[c] - 100
                return points[c] * 2 + strength[c]

            cards.sort(key=key)
        if first >= 0 and first in cards:
            cards.remove(first)
            cards.insert(0, first)
        return cards

    def _search(self, h: list[Mask], leader: int, trick: list[Card], flags: int, alpha: int, beta: int) -> int:
        self.nodes += 1
        n_in = len(trick)
        key = 0
        best_first = -1
        if n_in == 0:
            if not (h[0] | h[1] | h[2] | h[3]):
                return 0
            key = h[0] | h[1] << 32 | h[2] << 64 | h[3] << 96 | leader << 128 | flags << 130
            entry = self.table.get(key)
            if entry is not None:
                lower, upper, best_first = entry
                if lower >= beta:
                    return lower
                if upper <= alpha:
                    return upper
                if lower == upper:
                    return lower
                if lower > alpha:
                    alpha = lower
                if upper < beta:
                    beta = upper
        seat = (leader + n_in) & 3
        maximize = seat & 1 == 0
        a0, b0 = alpha, beta
        best = -INF if maximize else INF
        best_card = -1
        for card in self._ordered(h, seat, trick, leader, best_first):
            value = self._after(h, seat, card, leader, trick, flags, alpha, beta)
            if maximize:
                if value > best:
                    best, best_card = value, card
                    if value > alpha:
                        alpha = value
            else:
                if value < best:
                    best, best_card = value, card
                    if value < beta:
                        beta = value
            if alpha >= beta:
                break
        if n_in == 0:
            lower, upper = -INF, INF
            entry = self.table.get(key)
            if entry is not None:
                lower, upper = entry[0], entry[1]
            if best <= a0:
                upper = min(upper, best)
            elif best >= b0:
                lower = max(lower, best)
            else:
                lower = upper = best
            self.table[key] = (lower, upper, best_card)
        return best

    def _after(self, h: list[Mask], seat: int, card: Card, leader: int, trick: list[Card], flags: int,
               alpha: int, beta: int) -> int:
        """Value of the position after *seat* plays *card*."""
        hand = h[seat]
        h[seat] = hand & ~(1 << card)
        trick.append(card)
        try:
            if len(trick) < 4:
                return self._search(h, leader, trick, flags, alpha, beta)
            mode = self.mode
            strength = STRENGTH[mode]
            win_i, win = 0, trick[0]
            for i in range(1, 4):
                c = trick[i]
                if c >> 3 == win >> 3:
                    if strength[c] > strength[win]:
                        win_i, win = i, c
                elif c >> 3 == mode:
                    win_i, win = i, c
            winner = (leader + win_i) & 3
            points = POINTS[mode]
            won = points[trick[0]] + points[trick[1]] + points[trick[2]] + points[trick[3]]
            team = winner & 1
            new_flags = flags | (1 << team)
            done = not (h[0] | h[1] | h[2] | h[3])
            if done:
                won += LAST_TRICK_BONUS
            gain = won if team == 0 else 0
            if done:
                if new_flags == 1:
                    gain += self.sweep_bonus
                elif new_flags == 2:
                    gain -= self.sweep_bonus
                return gain
            saved = trick[:]
            trick.clear()
            try:
                return gain + self._search(h, winner, trick, new_flags, alpha - gain, beta - gain)
            finally:
                trick.extend(saved)
        finally:
            trick.pop()
            h[seat] = hand
