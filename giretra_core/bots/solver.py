"""The exact solver: alpha-beta over the rest of the deal with every hand known (double dummy).

:class:`Solver` returns the card points Team1 will take from now on (the last-trick bonus
included) if all four play perfectly: Team1 maximizes, Team2 minimizes.  A *sweep_bonus* is added
(subtracted) when Team1 (Team2) takes every trick of the deal, so that a Colour sweep — an instant
match win — outweighs any card points.  It works on the same masks and tables as the play-outs
(:data:`~giretra_core.modes.STRENGTH`, :data:`~giretra_core.modes.BEATERS`, ...), with:

* a transposition table at trick boundaries (the rest of a deal depends only on the hands, the
  leader and who has won a trick so far), storing lower and upper bounds, keyed by the hands as they are;
* null-window searches only: the value is bracketed by steps that grow, then halved (:func:`_converge`);
* bounds from what is left at each trick's start: no more than every point still to take, no less than none;
* move ordering (the table's best lead, then leads that cut off before, then likely winners first);
* one call per trick: a trick's four cards in nested loops (:meth:`Solver._trick`), the last two tricks in
  nested loops too (:meth:`Solver._last_two`), the last trick played straight (a question asked inside a trick
  goes card by card to the trick's end, :meth:`Solver._search`);
* equivalent cards pruned: zero-point cards of a suit with no other card between them are one move, and the
  trick's last card tries one card of a run of one power per side that takes the trick (:meth:`Solver._dominant`).

In pure Python a four-card ending solves in a few milliseconds, a whole deal in a few tenths of a second
(``python -m giretra_core.bench``: solver_full_deal_ms; docs/performance.md).

>>> from ..cards import parse_cards as p
>>> hands = [p("AS"), p("7S"), p("10S"), p("8S")]
>>> Solver(int(2)).solve(hands, 0, [], (True, True))
31
"""

from __future__ import annotations

import functools
import struct
from collections.abc import Callable, Sequence
from typing import ParamSpec, TypeVar

from ..cards import SUIT_MASKS, Card, Mask
from ..modes import BEATERS, LAST_TRICK_BONUS, PLAIN_STRENGTH, POINTS, STRENGTH, TRUMP_MASK, TRUMP_STRENGTH, Mode
from ..play import winning_index

INF = 1 << 20
_AT = int(Mode.ALL_TRUMPS)
_NT = int(Mode.NO_TRUMPS)

_P = ParamSpec("_P")
_R = TypeVar("_R")

# CPython (3.11 on, Pyodide's too) keeps frames in chunks of 16 KB, allocating a chunk when a call does not fit in
# the last one and freeing it when that call returns: a search whose calls go to and fro across a chunk's end pays
# an allocation and a free at each, which made a whole solve 1.3-2.5x slower at some depths of its caller. A frame
# bigger than a chunk always starts a chunk of its own, 32 KB with room after it for the whole search (a few KB).
_CHUNK_SLOTS = 16 * 1024 // struct.calcsize("P") + 50


def _in_a_chunk_of_its_own(method: Callable[_P, _R]) -> Callable[_P, _R]:
    """*method* called from a frame that starts a frame chunk of its own (its stack is made :data:`_CHUNK_SLOTS`
    long), so that the search it runs never crosses a chunk's end, whatever the caller's depth."""
    def run(*args: _P.args, **kwargs: _P.kwargs) -> _R:
        return method(*args, **kwargs)
    run.__code__ = run.__code__.replace(co_stacksize=_CHUNK_SLOTS)
    return functools.wraps(method)(run)


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


_ORDER = {trump_order: tuple(sorted(range(8), key=lambda r: -(TRUMP_STRENGTH if trump_order else PLAIN_STRENGTH)[r]))
          for trump_order in (False, True)}
_RUNS: dict[tuple[bool, int], tuple[tuple[int, ...], ...]] = {}


def _runs_of(trump_order: bool, mine: int, others: int) -> tuple[tuple[int, ...], ...]:
    """The runs of two or more of a suit's ranks in *mine* with none of *others* between them, each strongest first
    (8-bit patterns; kept once found)."""
    key = (trump_order, mine | others << 8)
    runs = _RUNS.get(key)
    if runs is None:
        found: list[tuple[int, ...]] = []
        run: list[int] = []
        for r in _ORDER[trump_order]:
            if others >> r & 1:
                if len(run) > 1:
                    found.append(tuple(run))
                run = []
            elif mine >> r & 1:
                run.append(r)
        if len(run) > 1:
            found.append(tuple(run))
        runs = _RUNS[key] = tuple(found)
    return runs


# For a suit's first bit (0, 8, 16, 24) and an 8-bit pattern of it: its cards, lowest first.
_BYTE_CARDS = {shift: tuple(tuple(shift + r for r in range(8) if byte >> r & 1) for byte in range(256))
               for shift in (0, 8, 16, 24)}


def _cards2(mask: Mask) -> tuple[Card, ...]:
    """The cards of a mask of one or two cards."""
    low = mask & -mask
    if low == mask:
        return (low.bit_length() - 1,)
    return (low.bit_length() - 1, mask.bit_length() - 1)


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


_FOLLOW_KEYS: dict[int, list[list[int]]] = {}


def _follow_keys(mode: int) -> list[list[int]]:
    """The order of the cards that can follow in a trick, for each winning card *w* and whether the partner wins it
    (index ``w * 2 + partner_wins``): a sort key per card. The partner winning, the fewest points first and winners
    last; else the cheapest winner first, then the fewest points, lowest first."""
    keys = _FOLLOW_KEYS.get(mode)
    if keys is None:
        points, strength, beaters = POINTS[mode], STRENGTH[mode], BEATERS[mode]
        keys = []
        for win in range(32):
            for partner_wins in (False, True):
                row = []
                for c in range(32):
                    beats = c >> 3 == win >> 3 and beaters[win] >> c & 1 or (c >> 3 == mode and win >> 3 != mode)
                    if partner_wins:
                        row.append(-points[c] * 2 + (20 if beats else 0))
                    elif beats:
                        row.append(strength[c] - 100)
                    else:
                        row.append(points[c] * 2 + strength[c])
                keys.append(row)
        _FOLLOW_KEYS[mode] = keys
    return keys


def _converge(test: Callable[[int], int], guess: int) -> int:
    """The exact value from null-window tests (``test(b)`` is a fail-soft search with the window (b-1, b)).

    MTD(f) steps to the bound each test returns, often one point at a time on card points; here the step (4, then
    three times more each test: fewer nodes in all than 2 doubling, on 72 seeded deals) grows while the tests go one
    way, and the interval is halved once the value is bracketed."""
    lower, upper = -INF, INF
    b, step = guess, 4
    while True:
        g = test(b)
        if g < b:
            upper = g
        else:
            lower = g
        if lower >= upper:
            return g
        if upper == INF:
            b = max(lower + step, b + 1)
        elif lower == -INF:
            b = min(upper - step + 1, b - 1)
        else:
            b = (lower + upper + 1) // 2
        step *= 3


class Solver:
    """Double-dummy search for one mode.  Reuse one solver for positions of the same deal (shared table)."""

    def __init__(self, mode: int, must_rise: bool = False, sweep_bonus: int = 0) -> None:
        self.mode = mode
        self.must_rise = must_rise  # NoTrumps must-rise variant (AllTrumps always rises: play.legal_cards)
        self.sweep_bonus = sweep_bonus
        self.table: dict[int, tuple[int, int, int]] = {}
        self.nodes = 0
        self._rise = mode == _AT or (must_rise and mode == _NT)
        self._points = POINTS[mode]
        self._strength = STRENGTH[mode]
        self._beaters = BEATERS[mode]
        self._trumps = TRUMP_MASK[mode]
        self._history = [0] * 32   # leads that cut off before, by card: tried first
        self._zero_bits = tuple((8 * s, zb) for s, zb in enumerate(_ZERO_BITS[mode]))
        self._lead_key = tuple(-(self._strength[c] * 4 + self._points[c]) for c in range(32))
        self._follow_keys = _follow_keys(mode)
        self._trump_order = tuple(mode in (_AT, s) for s in range(4))

    # -- the public questions ----------------------------------------------------------------------------------------

    @_in_a_chunk_of_its_own
    def solve(self, hands: Sequence[Mask], leader: int, trick: Sequence[Card], won: tuple[bool, bool],
              alpha: int = -INF, beta: int = INF) -> int:
        """Team1's card points from now on under perfect play (plus or minus the sweep bonus).

        *won* says whether Team1 / Team2 has already taken a trick in this deal.  Without a window the value is
        found by MTD(f): null-window searches, which prune far more than one wide search.
        """
        h, cards, flags, rem = self._start(hands, trick, won)
        if not rem:
            return 0
        if alpha > -INF or beta < INF:
            return self._search_trick(h, leader, cards, flags, rem, alpha, beta)
        return _converge(lambda b: self._search_trick(h, leader, cards, flags, rem, b - 1, b), self._guess(rem))

    @_in_a_chunk_of_its_own
    def move_values(self, hands: Sequence[Mask], leader: int, trick: Sequence[Card], won: tuple[bool, bool],
                    moves: Sequence[Card] | None = None) -> dict[Card, int]:
        """The exact value (Team1's points from now on) of each of *moves* (default: every legal card,
        equivalent ones once) of the player to move."""
        h, cards, flags, rem = self._start(hands, trick, won)
        seat = (leader + len(cards)) & 3
        out: dict[Card, int] = {}
        guess = self._guess(rem)
        for card in (moves if moves is not None else self._ordered(h, seat, cards, leader, -1)):
            guess = out[card] = self._mtdf(h, leader, cards, flags, rem, card, guess)
        return out

    @_in_a_chunk_of_its_own
    def best_move(self, hands: Sequence[Mask], leader: int, trick: Sequence[Card], won: tuple[bool, bool],
                  guess: int | None = None) -> tuple[Card, int]:
        """The best card of the player to move and its exact value (Team1's points from now on).

        The first card is valued by MTD(f) — null-window searches from *guess* — and each other card
        is only tested against the best so far (a null window), which is far cheaper than valuing all.
        """
        h, cards, flags, rem = self._start(hands, trick, won)
        seat = (leader + len(cards)) & 3
        maximize = seat & 1 == 0
        moves = self._ordered(h, seat, cards, leader, -1)
        best_card = moves[0]
        best = self._mtdf(h, leader, cards, flags, rem, best_card, self._guess(rem) if guess is None else guess)
        for card in moves[1:]:
            if maximize:
                if self._play(h, leader, cards, flags, rem, card, best, best + 1) > best:
                    best_card, best = card, self._mtdf(h, leader, cards, flags, rem, card, best + 1)
            elif self._play(h, leader, cards, flags, rem, card, best - 1, best) < best:
                best_card, best = card, self._mtdf(h, leader, cards, flags, rem, card, best - 1)
        return best_card, best

    # -- search ------------------------------------------------------------------------------------------------------

    def _start(self, hands: Sequence[Mask], trick: Sequence[Card], won: tuple[bool, bool]) -> tuple[
            list[Mask], list[Card], int, int]:
        h = [hands[0], hands[1], hands[2], hands[3]]
        cards = list(trick)
        flags = (1 if won[0] else 0) | (2 if won[1] else 0)
        left = h[0] | h[1] | h[2] | h[3]
        rem = self._mask_points(left) + sum(self._points[c] for c in cards) + (LAST_TRICK_BONUS if left else 0)
        return h, cards, flags, rem

    def _mask_points(self, mask: Mask) -> int:
        points = self._points
        total = 0
        while mask:
            low = mask & -mask
            total += points[low.bit_length() - 1]
            mask ^= low
        return total

    def _guess(self, rem: int) -> int:
        return rem // 2

    def _mtdf(self, h: list[Mask], leader: int, trick: list[Card], flags: int, rem: int, card: Card,
              guess: int) -> int:
        return _converge(lambda b: self._play(h, leader, trick, flags, rem, card, b - 1, b), guess)

    def _play(self, h: list[Mask], leader: int, trick: list[Card], flags: int, rem: int, card: Card,
              alpha: int, beta: int) -> int:
        """Value of the position after the player to move plays *card* (any window)."""
        seat = (leader + len(trick)) & 3
        hand = h[seat]
        h[seat] = hand & ~(1 << card)
        try:
            return self._search_trick(h, leader, [*trick, card], flags, rem, alpha, beta)
        finally:
            h[seat] = hand

    def _search_trick(self, h: list[Mask], leader: int, trick: list[Card], flags: int, rem: int, alpha: int,
                      beta: int) -> int:
        """:meth:`_search` from a trick given as its cards (a whole trick is taken first: the public questions
        start anywhere)."""
        n_in = len(trick)
        if n_in == 4:
            win_i = winning_index(trick, self.mode)
            winner = (leader + win_i) & 3
            won = sum(self._points[c] for c in trick)
            team = winner & 1
            new_flags = flags | (1 << team)
            gain = won if team == 0 else 0
            if not (h[0] | h[1] | h[2] | h[3]):
                gain += LAST_TRICK_BONUS if team == 0 else 0
                if new_flags == 1:
                    gain += self.sweep_bonus
                elif new_flags == 2:
                    gain -= self.sweep_bonus
                return gain
            return gain + self._trick(h, winner, new_flags, rem - won, alpha - gain, beta - gain)
        if not n_in:
            return self._trick(h, leader, flags, rem, alpha, beta)
        win_i = winning_index(trick, self.mode)
        mask = 0
        for c in trick:
            mask |= 1 << c
        return self._search(h, leader, n_in, trick[0] >> 3, trick[win_i], win_i, sum(self._points[c] for c in trick),
                            mask, flags, rem, alpha, beta)

    def _ordered(self, h: list[Mask], seat: int, trick: list[Card], leader: int, first: int) -> list[Card]:
        """Legal cards, equivalent ones pruned, likely best first."""
        mode = self.mode
        hand = h[seat]
        others = (h[0] | h[1] | h[2] | h[3]) & ~hand
        for c in trick:
            others |= 1 << c
        if not trick:
            return self._sorted(prune_equivalent(hand, others, mode), 0, 0, first)
        win_i = winning_index(trick, mode)
        legal = self._legal(hand, trick[0] >> 3, trick[win_i], win_i, len(trick))
        return self._sorted(prune_equivalent(legal, others, mode), len(trick), trick[win_i] * 2 + (
            win_i == len(trick) - 2), first)

    def _legal(self, hand: Mask, led: int, win_card: Card, win_i: int, n_in: int) -> Mask:
        # play.legal_cards inlined (the tests check they agree): follow, rise, trump, overtrump.
        follow = hand & SUIT_MASKS[led]
        if follow:
            if self._rise or led == self.mode:
                return follow & self._beaters[win_card] or follow
            return follow
        trumps = hand & self._trumps
        if not trumps:
            return hand
        if win_card >> 3 != self.mode:
            return hand if win_i == n_in - 2 else trumps
        return trumps & self._beaters[win_card] or trumps

    def _sorted(self, legal: Mask, n_in: int, follow: int, first: int) -> list[Card]:
        """The cards of *legal*, likely best first: a lead by strength and the history count, a card in a trick
        by the key of :func:`_follow_keys` (*follow*: the winning card × 2 + whether the partner wins it)."""
        cards = []
        m = legal
        while m:
            low = m & -m
            cards.append(low.bit_length() - 1)
            m ^= low
        if len(cards) == 1:
            return cards
        if not n_in:
            history = self._history
            lead_key = self._lead_key
            cards.sort(key=lambda c: lead_key[c] - history[c])
        else:
            cards.sort(key=self._follow_keys[follow].__getitem__)
        if first >= 0 and first in cards:
            cards.remove(first)
            cards.insert(0, first)
        return cards

    def _search(self, h: list[Mask], leader: int, n_in: int, led: int, win: Card, win_i: int, tpts: int,
                tmask: Mask, flags: int, rem: int, alpha: int, beta: int) -> int:
        """Team1's points from inside a trick (the public questions start anywhere): *n_in* cards, 1 to 3, are in
        the trick (*tmask*; the first of suit *led*, *win* the winning card, played *win_i*-th, *tpts* their
        points); *rem* points are still to take (the cards held and in the trick, the last-trick bonus); *flags*
        says which team has taken a trick (bit 0 Team1, bit 1 Team2). One call per card to the trick's end, then
        :meth:`_trick` for each trick after it."""
        self.nodes += 1
        seat = (leader + n_in) & 3
        hand = h[seat]
        mode = self.mode
        legal = self._legal(hand, led, win, win_i, n_in)
        if legal & (legal - 1):
            others = (h[0] | h[1] | h[2] | h[3]) & ~hand
            moves = self._follow(legal, others | tmask, led, self._follow_keys[win * 2 + (win_i == n_in - 2)])
            if n_in == 3 and len(moves) > 1:
                moves = self._dominant(moves, others, win, win_i == 1)
        else:
            moves = [legal.bit_length() - 1]
        maximize = seat & 1 == 0
        best = -INF if maximize else INF
        strength = self._strength
        points = self._points
        for card in moves:
            h[seat] = hand & ~(1 << card)
            w, wi = win, win_i
            if card >> 3 == w >> 3:
                if strength[card] > strength[w]:
                    w, wi = card, n_in
            elif card >> 3 == mode:
                w, wi = card, n_in
            if n_in < 3:
                value = self._search(h, leader, n_in + 1, led, w, wi, tpts + points[card], tmask | 1 << card,
                                     flags, rem, alpha, beta)
            else:
                winner = (leader + wi) & 3
                won = tpts + points[card]
                team = winner & 1
                gain = won if team == 0 else 0
                new_flags = flags | (1 << team)
                if h[0] | h[1] | h[2] | h[3]:
                    value = gain + self._trick(h, winner, new_flags, rem - won, alpha - gain, beta - gain)
                else:   # the deal's last card (a solve started inside the last trick)
                    value = gain + (LAST_TRICK_BONUS if team == 0 else 0)
                    if new_flags == 1:
                        value += self.sweep_bonus
                    elif new_flags == 2:
                        value -= self.sweep_bonus
            if maximize:
                if value > best:
                    best = value
                    if value > alpha:
                        alpha = value
            elif value < best:
                best = value
                if value < beta:
                    beta = value
            if alpha >= beta:
                break
        h[seat] = hand
        return best

    def _trick(self, h: list[Mask], leader: int, flags: int, rem: int, alpha: int, beta: int) -> int:
        """:meth:`_search` at a trick's start, the whole trick in four nested loops (one call per trick, not per
        card): the table, the bounds from what is left, then each lead, each answer, each third and fourth card."""
        sweep = self.sweep_bonus
        hi = rem + sweep if not flags & 2 else rem
        if hi <= alpha:
            return hi
        lo = -sweep if not flags & 1 else 0
        if lo >= beta:
            return lo
        hand0 = h[leader]
        if hand0.bit_count() == 1:
            self.nodes += 1
            return self._last_trick(h, leader, flags)
        key = h[0] | h[1] << 32 | h[2] << 64 | h[3] << 96 | leader << 128 | (flags << 130 if sweep else 0)
        entry = self.table.get(key)
        best_first = -1
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
        if hand0.bit_count() == 2:   # the last two tricks: no calls, no table below
            self.nodes += 1
            best = self._last_two(h, leader, flags, alpha, beta)
            self._store(key, best, alpha, beta, -1)
            return best
        mode = self.mode
        strength = self._strength
        points = self._points
        beaters = self._beaters
        trumps = self._trumps
        rise = self._rise
        follow_keys = self._follow_keys
        follow = self._follow
        search = self._trick
        s1, s2, s3 = (leader + 1) & 3, (leader + 2) & 3, (leader + 3) & 3
        hand1, hand2, hand3 = h[s1], h[s2], h[s3]
        left = hand0 | hand1 | hand2 | hand3
        max0 = leader & 1 == 0
        # The leads: zero-point cards with no other card between them are one; the table's best, then by the
        # history count and strength.
        moves0: list[Card] = []
        for shift, zb in self._zero_bits:
            byte = (hand0 >> shift) & 0xFF
            if byte:
                mine = byte & zb
                if mine & (mine - 1):
                    byte &= ~(mine & ~_KEEP[mine << 3 | ((left & ~hand0) >> shift) & zb])
                moves0 += _BYTE_CARDS[shift][byte]
        if len(moves0) > 1:
            history = self._history
            lead_key = self._lead_key
            moves0.sort(key=lambda c: lead_key[c] - history[c])
            if best_first >= 0 and best_first in moves0:
                moves0.remove(best_first)
                moves0.insert(0, best_first)
        nodes = 1
        a0, b0 = alpha, beta
        best0 = -INF if max0 else INF
        best_card = -1
        for c0 in moves0:
            nodes += 1
            h[leader] = hand0 ^ 1 << c0
            led = c0 >> 3
            suit = SUIT_MASKS[led]
            # The second card (the other team): follow (rising where the mode says), else trump, else any.
            legal = hand1 & suit
            if legal:
                if rise or led == mode:
                    legal = legal & beaters[c0] or legal
            else:
                legal = hand1 & trumps
                if not legal:
                    legal = hand1
                elif c0 >> 3 == mode:
                    legal = legal & beaters[c0] or legal
            if legal & (legal - 1):
                moves1 = follow(legal, left & ~hand1, led, follow_keys[c0 * 2])
            else:
                moves1 = [legal.bit_length() - 1]
            a1, b1 = a0, b0
            best1 = INF if max0 else -INF
            for c1 in moves1:
                nodes += 1
                h[s1] = hand1 ^ 1 << c1
                if c1 >> 3 == led:
                    w1, wi1 = (c1, 1) if strength[c1] > strength[c0] else (c0, 0)
                elif c1 >> 3 == mode:
                    w1, wi1 = c1, 1
                else:
                    w1, wi1 = c0, 0
                # The third card (the leader's partner).
                legal = hand2 & suit
                if legal:
                    if rise or led == mode:
                        legal = legal & beaters[w1] or legal
                else:
                    legal = hand2 & trumps
                    if not legal:
                        legal = hand2
                    elif w1 >> 3 != mode:
                        if wi1 == 0:
                            legal = hand2
                    else:
                        legal = legal & beaters[w1] or legal
                if legal & (legal - 1):
                    moves2 = follow(legal, left & ~hand2, led, follow_keys[w1 * 2 + (wi1 == 0)])
                else:
                    moves2 = [legal.bit_length() - 1]
                a2, b2 = a1, b1
                best2 = -INF if max0 else INF
                pts1 = points[c0] + points[c1]
                for c2 in moves2:
                    nodes += 1
                    h[s2] = hand2 ^ 1 << c2
                    w2, wi2 = w1, wi1
                    if c2 >> 3 == w1 >> 3:
                        if strength[c2] > strength[w1]:
                            w2, wi2 = c2, 2
                    elif c2 >> 3 == mode:
                        w2, wi2 = c2, 2
                    # The fourth card: one card of a run of one power per side taking the trick.
                    legal = hand3 & suit
                    if legal:
                        if rise or led == mode:
                            legal = legal & beaters[w2] or legal
                    else:
                        legal = hand3 & trumps
                        if not legal:
                            legal = hand3
                        elif w2 >> 3 != mode:
                            if wi2 == 1:
                                legal = hand3
                        else:
                            legal = legal & beaters[w2] or legal
                    if legal & (legal - 1):
                        moves3 = follow(legal, left & ~hand3, led, follow_keys[w2 * 2 + (wi2 == 1)])
                        if len(moves3) > 1:
                            moves3 = self._dominant(moves3, left & ~hand3 & ~(1 << c0 | 1 << c1 | 1 << c2), w2,
                                                    wi2 == 1)
                    else:
                        moves3 = [legal.bit_length() - 1]
                    a3, b3 = a2, b2
                    best3 = INF if max0 else -INF
                    pts2 = pts1 + points[c2]
                    for c3 in moves3:
                        h[s3] = hand3 ^ 1 << c3
                        wi3 = wi2
                        if c3 >> 3 == w2 >> 3:
                            if strength[c3] > strength[w2]:
                                wi3 = 3
                        elif c3 >> 3 == mode:
                            wi3 = 3
                        winner = (leader + wi3) & 3
                        won = pts2 + points[c3]
                        if winner & 1:
                            value = search(h, winner, flags | 2, rem - won, a3, b3)
                        else:
                            value = won + search(h, winner, flags | 1, rem - won, a3 - won, b3 - won)
                        if max0:   # the fourth seat minimizes when the leader's team maximizes
                            if value < best3:
                                best3 = value
                                if value < b3:
                                    b3 = value
                        elif value > best3:
                            best3 = value
                            if value > a3:
                                a3 = value
                        if a3 >= b3:
                            break
                    if max0:
                        if best3 > best2:
                            best2 = best3
                            if best3 > a2:
                                a2 = best3
                    elif best3 < best2:
                        best2 = best3
                        if best3 < b2:
                            b2 = best3
                    if a2 >= b2:
                        break
                if max0:
                    if best2 < best1:
                        best1 = best2
                        if best2 < b1:
                            b1 = best2
                elif best2 > best1:
                    best1 = best2
                    if best2 > a1:
                        a1 = best2
                if a1 >= b1:
                    break
            if max0:
                if best1 > best0:
                    best0, best_card = best1, c0
                    if best1 > a0:
                        a0 = best1
            elif best1 < best0:
                best0, best_card = best1, c0
                if best1 < b0:
                    b0 = best1
            if a0 >= b0:
                self._history[c0] += 1
                break
        h[leader], h[s1], h[s2], h[s3] = hand0, hand1, hand2, hand3
        self.nodes += nodes
        self._store(key, best0, alpha, beta, best_card)
        return best0

    def _follow(self, legal: Mask, others: Mask, led: int, keys: list[int]) -> list[Card]:
        """The cards of *legal* (two or more) that follow in a trick, the zero-point ones with none of *others*
        between them once, ordered by *keys* (a row of :func:`_follow_keys`)."""
        moves: list[Card] = []
        for shift, zb in self._zero_bits:
            byte = (legal >> shift) & 0xFF
            if byte:
                mine = byte & zb
                if mine & (mine - 1):
                    byte &= ~(mine & ~_KEEP[mine << 3 | ((others >> shift) & zb)])
                moves += _BYTE_CARDS[shift][byte]
        if len(moves) > 1:
            moves.sort(key=keys.__getitem__)
        return moves

    def _dominant(self, moves: list[Card], outside: Mask, win: Card, partner_wins: bool) -> list[Card]:
        """The last card of a trick: of cards of a suit with no other player's card between them (the same power in
        every trick to come) that give this trick to the same side, only the one with the most points when it goes
        to the player's side, the fewest when it goes to the other side. Swapping two such cards between this trick
        and a later one changes no trick's winner, only where their points go: to this trick's side now, to whoever
        wins that later trick then."""
        mode = self.mode
        strength = self._strength
        points = self._points
        win_suit = win >> 3
        legal = 0
        for c in moves:
            legal |= 1 << c
        drop = 0
        for suit in range(4):
            shift = 8 * suit
            byte = (legal >> shift) & 0xFF
            if not byte & (byte - 1):
                continue
            for ranks in _runs_of(self._trump_order[suit], byte, (outside >> shift) & 0xFF):
                run = [shift + r for r in ranks]
                # Those that beat the trick's winner take it for the player's side; the others leave it where it is.
                if suit == win_suit:
                    threshold = strength[win]
                    groups = [[c for c in run if strength[c] > threshold], [c for c in run if strength[c] < threshold]]
                elif suit == mode:
                    groups = [run, []]
                else:
                    groups = [[], run]
                for side, group in enumerate(groups):
                    if len(group) > 1:
                        mine = side == 0 or partner_wins
                        keep = (max if mine else min)(group, key=points.__getitem__)
                        for c in group:
                            if c != keep:
                                drop |= 1 << c
        if not drop:
            return moves
        return [c for c in moves if not drop >> c & 1]

    def _store(self, key: int, best: int, alpha: int, beta: int, best_card: Card) -> None:
        """Keep what a search of the window (*alpha*, *beta*) found: a bound, or the value inside it."""
        lower, upper = -INF, INF
        entry = self.table.get(key)
        if entry is not None:
            lower, upper = entry[0], entry[1]
        if best <= alpha:
            upper = min(upper, best)
        elif best >= beta:
            lower = max(lower, best)
        else:
            lower = upper = best
        self.table[key] = (lower, upper, best_card)

    def _last_two(self, h: list[Mask], leader: int, flags: int, alpha: int, beta: int) -> int:
        """:meth:`_search` of the last two tricks (two cards in each hand; fail-soft, any window), the second trick
        forced: four nested loops instead of a call per card."""
        mode = self.mode
        strength = self._strength
        points = self._points
        legal_of = self._legal
        sweep = self.sweep_bonus
        s1, s2, s3 = (leader + 1) & 3, (leader + 2) & 3, (leader + 3) & 3
        h0, h1, h2, h3 = h[leader], h[s1], h[s2], h[s3]
        max0, max1 = leader & 1 == 0, s1 & 1 == 0
        nodes = 0
        best0 = -INF if max0 else INF
        a0, b0 = alpha, beta
        for c0 in _cards2(h0):
            led = c0 >> 3
            best1 = -INF if max1 else INF
            a1, b1 = a0, b0
            for c1 in _cards2(legal_of(h1, led, c0, 0, 1)):
                if c1 >> 3 == led:
                    w1, wi1 = (c1, 1) if strength[c1] > strength[c0] else (c0, 0)
                elif c1 >> 3 == mode:
                    w1, wi1 = c1, 1
                else:
                    w1, wi1 = c0, 0
                best2 = -INF if max0 else INF
                a2, b2 = a1, b1
                for c2 in _cards2(legal_of(h2, led, w1, wi1, 2)):
                    w2, wi2 = w1, wi1
                    if c2 >> 3 == w2 >> 3:
                        if strength[c2] > strength[w2]:
                            w2, wi2 = c2, 2
                    elif c2 >> 3 == mode:
                        w2, wi2 = c2, 2
                    best3 = -INF if max1 else INF
                    a3, b3 = a2, b2
                    for c3 in _cards2(legal_of(h3, led, w2, wi2, 3)):
                        nodes += 1
                        wi3 = wi2
                        if c3 >> 3 == w2 >> 3:
                            if strength[c3] > strength[w2]:
                                wi3 = 3
                        elif c3 >> 3 == mode:
                            wi3 = 3
                        # The last trick, every card forced, led by this trick's winner.
                        first = (leader + wi3) & 3
                        rest = [h0 ^ 1 << c0, h1 ^ 1 << c1, h2 ^ 1 << c2, h3 ^ 1 << c3]
                        k = (first - leader) & 3
                        win = rest[k].bit_length() - 1
                        wi = 0
                        for i in range(1, 4):
                            c = rest[(k + i) & 3].bit_length() - 1
                            if c >> 3 == win >> 3:
                                if strength[c] > strength[win]:
                                    win, wi = c, i
                            elif c >> 3 == mode:
                                win, wi = c, i
                        last = (first + wi) & 3
                        value = 0
                        if not first & 1:
                            value += points[c0] + points[c1] + points[c2] + points[c3]
                        if not last & 1:
                            value += LAST_TRICK_BONUS
                            for m in rest:
                                value += points[m.bit_length() - 1]
                        f = flags | 1 << (first & 1) | 1 << (last & 1)
                        if f == 1:
                            value += sweep
                        elif f == 2:
                            value -= sweep
                        if max1:
                            if value > best3:
                                best3 = value
                                if value > a3:
                                    a3 = value
                        elif value < best3:
                            best3 = value
                            if value < b3:
                                b3 = value
                        if a3 >= b3:
                            break
                    if max0:
                        if best3 > best2:
                            best2 = best3
                            if best3 > a2:
                                a2 = best3
                    elif best3 < best2:
                        best2 = best3
                        if best3 < b2:
                            b2 = best3
                    if a2 >= b2:
                        break
                if max1:
                    if best2 > best1:
                        best1 = best2
                        if best2 > a1:
                            a1 = best2
                elif best2 < best1:
                    best1 = best2
                    if best2 < b1:
                        b1 = best2
                if a1 >= b1:
                    break
            if max0:
                if best1 > best0:
                    best0 = best1
                    if best1 > a0:
                        a0 = best1
            elif best1 < best0:
                best0 = best1
                if best1 < b0:
                    b0 = best1
            if a0 >= b0:
                break
        self.nodes += nodes * 2
        return best0

    def _last_trick(self, h: list[Mask], leader: int, flags: int) -> int:
        """The last trick: every card forced."""
        self.nodes += 3
        mode = self.mode
        strength = self._strength
        trick = [h[(leader + i) & 3].bit_length() - 1 for i in range(4)]
        win_i, win = 0, trick[0]
        for i in range(1, 4):
            c = trick[i]
            if c >> 3 == win >> 3:
                if strength[c] > strength[win]:
                    win_i, win = i, c
            elif c >> 3 == mode:
                win_i, win = i, c
        points = self._points
        won = points[trick[0]] + points[trick[1]] + points[trick[2]] + points[trick[3]] + LAST_TRICK_BONUS
        team = ((leader + win_i) & 3) & 1
        new_flags = flags | (1 << team)
        gain = won if team == 0 else 0
        if new_flags == 1:
            gain += self.sweep_bonus
        elif new_flags == 2:
            gain -= self.sweep_bonus
        return gain


_SOLVERS: dict[tuple[object, ...], Solver] = {}


def solver_for(deal_key: tuple[object, ...], mode: int, must_rise: bool, sweep_bonus: int, keep: int = 4) -> Solver:
    """The solver of one deal (*deal_key*: its hands and whatever else tells it apart), made once and reused: its
    table carries from position to position of that deal. The *keep* most recent deals' solvers are kept."""
    key = (*deal_key, mode, must_rise, sweep_bonus)
    solver = _SOLVERS.get(key)
    if solver is None:
        while len(_SOLVERS) >= keep:
            _SOLVERS.pop(next(iter(_SOLVERS)))
        solver = _SOLVERS[key] = Solver(mode, must_rise, sweep_bonus)
    return solver


def forget_solvers() -> None:
    """Drop the kept solvers (a benchmark's fresh start, as a page's first analysis of a deal)."""
    _SOLVERS.clear()
