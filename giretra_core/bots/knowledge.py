"""What a seat knows during the play, as masks: its hand, the cards gone, and what each other seat can still hold.

:func:`play_knowledge` reads a :class:`~giretra_core.views.SeatView` only.  The inference is the
rules read backwards (RULES P-1 .. P-6): a player who did not follow is void in the led suit; one
who did not trump when he had to has no trump left; one who did not overtrump (or, in AllTrumps
and on a trump lead, did not beat the winning card) holds no card that beats it.

>>> from ..cards import parse_card as c
>>> from ..modes import Mode
>>> f = play_inference(Mode.HEARTS, [(0, [c("AS"), c("7S"), c("KS"), c("8C")])])
>>> bool(f[3] & SUIT_MASKS[3]), bool(f[3] & SUIT_MASKS[2])   # Right discarded on spades: void in spades and trumps
(True, True)
>>> f[2]   # Top followed suit: nothing learnt
0
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..cards import FULL_DECK, SUIT_MASKS, Card, Mask
from ..modes import BEATERS, TRUMP_MASK, Mode
from ..views import SeatView

_AT = int(Mode.ALL_TRUMPS)
_NT = int(Mode.NO_TRUMPS)


def play_inference(mode: int, tricks: Iterable[tuple[int, Sequence[Card]]],
                   notrumps_must_rise: bool = False) -> list[Mask]:
    """Per seat, the cards it cannot hold (from now on), read from the tricks played so far.

    *tricks* are (leader, cards in play order), the current unfinished trick included.
    """
    forbidden = [0, 0, 0, 0]
    trump_mask = TRUMP_MASK[mode]
    beaters = BEATERS[mode]
    for leader, cards in tricks:
        if not cards:
            continue
        led = cards[0] >> 3
        rise = mode == _AT or led == mode or (notrumps_must_rise and mode == _NT)
        win_i, win = 0, cards[0]
        for i in range(1, len(cards)):
            card = cards[i]
            p = (leader + i) & 3
            suit = card >> 3
            if suit == led:
                if rise and win >> 3 == led and not beaters[win] >> card & 1:
                    forbidden[p] |= beaters[win]          # could not beat the winning card (P-2)
            else:
                forbidden[p] |= SUIT_MASKS[led]           # could not follow (P-1)
                if trump_mask:
                    if suit != mode:
                        if win >> 3 == mode or win_i != i - 2:
                            forbidden[p] |= trump_mask    # had to trump and did not (P-3, P-5)
                    elif win >> 3 == mode and not beaters[win] >> card & 1:
                        forbidden[p] |= beaters[win] & trump_mask  # could not overtrump (P-5)
            if suit == win >> 3:
                if beaters[win] >> card & 1:
                    win_i, win = i, card
            elif suit == mode:
                win_i, win = i, card
    return forbidden


@dataclass(slots=True)
class PlayKnowledge:
    """The play phase seen from one seat (masks of cards; seats are ints 0..3)."""

    seat: int
    mode: int
    announcer_team: int
    multiplier: int
    hand: Mask
    trick: list[Card]
    leader: int
    played: Mask              # every card played this deal, the current trick included
    out: Mask                 # the cards the three other players hold between them
    counts: tuple[int, int, int, int]
    forbidden: list[Mask]     # per seat: cards the table knows it cannot hold (the play read backwards)
    points: tuple[int, int]   # card points per team so far
    tricks_won: tuple[int, int]
    notrumps_must_rise: bool

    def may_hold(self, p: int) -> Mask:
        """Cards seat *p* may hold."""
        if p == self.seat:
            return self.hand
        return self.out & ~self.forbidden[p]


def play_knowledge(view: SeatView, inference: bool = True) -> PlayKnowledge:
    """The play phase as seen by *view*'s seat; with *inference* off, only cards seen count.

    :raises ValueError: before the negotiation has a contract (a bot of one's own may call it early).
    """
    contract = view.contract
    if contract is None:
        raise ValueError(f"play_knowledge is for the play: no contract yet (phase {view.phase!r})")
    mode = int(contract.mode)
    seat = int(view.seat)
    tricks: list[tuple[int, Sequence[Card]]] = [(int(t.leader), t.cards) for t in view.tricks]
    tricks.append((int(view.leader), view.trick))
    must_rise = view.rules.notrumps_must_rise
    forbidden = play_inference(mode, tricks, must_rise) if inference else [0, 0, 0, 0]
    won = [0, 0]
    for t in view.tricks:
        won[t.winner & 1] += 1
    c = view.hand_counts
    return PlayKnowledge(
        seat=seat, mode=mode, announcer_team=contract.announcer_team, multiplier=contract.multiplier,
        hand=view.hand, trick=list(view.trick), leader=int(view.leader), played=view.played,
        out=FULL_DECK & ~view.hand & ~view.played, counts=(c[0], c[1], c[2], c[3]), forbidden=forbidden,
        points=view.card_points, tricks_won=(won[0], won[1]), notrumps_must_rise=must_rise)
