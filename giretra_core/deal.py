"""One deal: cut -> 5 cards each -> negotiation -> 3 more -> 8 tricks -> score (RULES D-2 .. D-5).

A :class:`Deal` is an immutable value.  :meth:`Deal.apply` is the one checked entry for a
seat's action (a cut, a call or a card) and raises :class:`IllegalActionError` with a
stable reason code; :meth:`Deal.apply_unchecked` skips the check (bots that already know
the action is legal).

>>> d = Deal.new(standard_deck(), Seat.RIGHT)
>>> d.phase, d.turn
(<Phase.CUT: 'cut'>, <Seat.BOTTOM: 0>)
>>> d = d.apply(Seat.BOTTOM, Cut(10))
>>> cards_text(d.hands[Seat.BOTTOM]), d.phase.value
('9D10DJDKHAH', 'negotiation')
"""

from __future__ import annotations

import enum
from collections.abc import Iterator, Sequence
from typing import NamedTuple

from .cards import Card, Mask, card_name, cards_of, cards_text, parse_card
from .errors import IllegalActionError, NotationError
from .modes import LAST_TRICK_BONUS, POINTS
from .negotiation import ALL_CALLS, Call, Contract, Negotiation, Reason, as_call, parse_call
from .play import illegal_reason, legal_cards, winning_index
from .rules import PRESETS, Rules
from .scoring import DealScore, score_deal
from .seats import Seat, as_seat

__all__ = ["Action", "Cut", "Deal", "Phase", "TrickRecord", "parse_action", "action_token", "standard_deck",
           "shuffled_deck", "cards_text"]

MIN_CUT, MAX_CUT = 6, 26


class Phase(enum.StrEnum):
    """A phase, as a deal (:attr:`Deal.phase`) and a seat's view (``SeatView.phase``) name it: each equal to its
    string (``Phase.PLAY == "play"``), the one the JSON seam sends.  A deal ends in ``OVER``; a view shows
    ``MATCH_OVER`` once the match is won, and never ``OVER`` (the match deals again at once)."""

    CUT = "cut"
    NEGOTIATION = "negotiation"
    PLAY = "play"
    OVER = "deal_over"
    MATCH_OVER = "match_over"


# Whose turn it is, by phase: the cutter (D-2), the next speaker (N-1), the next player (P-7).
TURN_RULE = {Phase.CUT: "D-2", Phase.NEGOTIATION: "N-1", Phase.PLAY: "P-7", Phase.OVER: ""}


class Cut(NamedTuple):
    """Cut *k* cards from the top: the top k go under the rest (D-2)."""

    k: int

    @property
    def token(self) -> str:
        return f"c{self.k}"


Action = Cut | Call | Card


def action_token(action: Action) -> str:
    """``Cut(10)`` -> ``'c10'``, a call -> its token, a card -> its name."""
    if isinstance(action, int):
        return card_name(action)
    return action.token


def as_action(value: object) -> Action:
    """A caller's action as the engine holds it: a :class:`Cut`, one of the calls, or a card number 0 to 31.

    :raises NotationError: for a number that is no card (``bad_card``);
    :raises TypeError: for a value of another kind (text: use :func:`parse_action`).
    """
    if type(value) is int:
        if not 0 <= value < 32:
            raise NotationError(f"{value} is not a card: cards are numbered 0 to 31", "bad_card", text=str(value))
        return value
    if type(value) is Cut:
        if type(value.k) is not int:
            raise TypeError(f"a cut is a whole number of cards, not {value.k!r}")
        return value
    if type(value) is Call:
        return as_call(value)
    raise TypeError(f"not an action: {value!r} (a Cut, a Call or a card number; parse text with parse_action)")


def parse_action(text: str) -> Action:
    """Parse an action token: ``c10`` (cut), ``H`` / ``ok`` / ``xNT`` / ``xxS`` (calls), ``10H`` (card).

    >>> parse_action("c10"), parse_action("ok").token, card_name(parse_action("JH"))
    (Cut(k=10), 'ok', 'JH')

    :raises NotationError: if *text* is not an action.
    """
    if not isinstance(text, str):
        raise NotationError(f"invalid action: {text!r}", "bad_action", text=str(text))
    # As the notation writes it: "c010" was taken for c10 here and refused in a state (a fuzz found).
    digits = text[1:]
    if text[:1] == "c" and digits.isascii() and digits.isdigit() and len(text) <= 4 and digits == str(int(digits)):
        return Cut(int(digits))
    try:
        return parse_call(text)
    except NotationError:
        pass
    try:
        return parse_card(text)
    except NotationError:
        raise NotationError(f"invalid action: {text!r} (expected a cut like 'c10', a call like 'H', 'ok', "
                            f"'xNT', or a card like '10H')", "bad_action", text=text) from None


class TrickRecord(NamedTuple):
    leader: Seat
    cards: tuple[Card, ...]   # in play order, the leader's first
    winner: Seat
    points: int               # card points of the four cards (the last-trick bonus is not included)


def standard_deck() -> tuple[Card, ...]:
    """Clubs, Diamonds, Hearts, Spades, each 7..A (a test fixture: a match starts from a shuffle)."""
    return tuple(range(32))


_MASK64 = (1 << 64) - 1


def _splitmix64(state: int) -> tuple[int, int]:
    state = (state + 0x9E3779B97F4A7C15) & _MASK64
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return state, z ^ (z >> 31)


def seeded_draws(seed: int, stream: int) -> list[int]:
    """64 pseudo-random 64-bit words from (*seed*, *stream*): SplitMix64, the same in any Python."""
    state = (seed * 0x100000001B3 + stream * 0xD6E8FEB86659FD93) & _MASK64
    out = []
    for _ in range(64):
        state, value = _splitmix64(state)
        out.append(value)
    return out


def shuffled_deck(seed: int, stream: int = 0) -> tuple[Card, ...]:
    """A seeded Fisher-Yates shuffle of the 32 cards (unbiased: rejection of the top range)."""
    deck = list(range(32))
    draws = iter(seeded_draws(seed, stream))
    for i in range(31, 0, -1):
        bound = i + 1
        limit = (1 << 64) - (1 << 64) % bound
        value = next(draws)
        while value >= limit:  # practically never: the chance is below 2**-58
            value = next(draws)
        j = value % bound
        deck[i], deck[j] = deck[j], deck[i]
    return tuple(deck)


class Deal:
    """The state of one deal.  Treat it as immutable: every transition returns a new Deal."""

    __slots__ = ("rules", "dealer", "deck", "cut", "hands", "negotiation", "contract", "plays", "trick",
                 "leader", "tricks", "points", "score", "turn")

    rules: Rules
    dealer: Seat
    deck: tuple[Card, ...]           # the deck before the cut, index 0 = top
    cut: int | None
    hands: tuple[Mask, Mask, Mask, Mask]
    negotiation: Negotiation | None
    contract: Contract | None
    plays: tuple[Card, ...]          # every card played this deal, in order
    trick: tuple[Card, ...]          # the current, unfinished trick
    leader: Seat                     # who led the current trick
    tricks: tuple[TrickRecord, ...]
    points: tuple[int, int]          # card points per team so far (last-trick bonus included at the end)
    score: DealScore | None
    turn: Seat | None

    @classmethod
    def new(cls, deck: Sequence[Card], dealer: Seat, rules: Rules = PRESETS["giretra.com"]) -> Deal:
        """A deal about to be cut.  *deck* must hold the 32 cards once each."""
        if len(deck) != 32 or len(set(deck)) != 32 or not all(isinstance(c, int) and 0 <= c < 32 for c in deck):
            raise NotationError("a deck must hold each of the 32 cards exactly once", "bad_deck")
        d = cls.__new__(cls)
        d.rules = rules
        d.dealer = dealer
        d.deck = tuple(deck)
        d.cut = None
        d.hands = (0, 0, 0, 0)
        d.negotiation = None
        d.contract = None
        d.plays = ()
        d.trick = ()
        d.leader = dealer.next
        d.tricks = ()
        d.points = (0, 0)
        d.score = None
        d.turn = d.cutter
        return d

    def _copy(self) -> Deal:
        d = Deal.__new__(Deal)
        d.rules, d.dealer, d.deck, d.cut, d.hands = self.rules, self.dealer, self.deck, self.cut, self.hands
        d.negotiation, d.contract, d.plays, d.trick = self.negotiation, self.contract, self.plays, self.trick
        d.leader, d.tricks, d.points, d.score, d.turn = self.leader, self.tricks, self.points, self.score, self.turn
        return d

    # -- questions -------------------------------------------------------------------------------------------------

    @property
    def cutter(self) -> Seat:
        """The player to the dealer's left (D-2; the reference server: to the right)."""
        return self.dealer.next if self.rules.cutter_seat == "dealer_left" else self.dealer.previous

    @property
    def first_player(self) -> Seat:
        """The dealer's left speaks first and leads the first trick (N-1, P-7)."""
        return self.dealer.next

    @property
    def phase(self) -> Phase:
        if self.cut is None:
            return Phase.CUT
        if self.contract is None:
            return Phase.NEGOTIATION
        if self.score is None:
            return Phase.PLAY
        return Phase.OVER

    @property
    def is_over(self) -> bool:
        return self.score is not None

    @property
    def cut_deck(self) -> tuple[Card, ...]:
        assert self.cut is not None
        return self.deck[self.cut:] + self.deck[:self.cut]

    def initial_hands(self) -> tuple[Mask, Mask, Mask, Mask]:
        """Each seat's 8 cards as dealt (after the cut)."""
        assert self.cut is not None
        return _deal_cards(self.cut_deck, self.first_player, 8)

    def legal_actions(self) -> list[Action]:
        """Every legal action of the player to act (empty when the deal is over)."""
        phase = self.phase
        if phase is Phase.CUT:
            return [Cut(k) for k in range(MIN_CUT, MAX_CUT + 1)]
        if phase is Phase.NEGOTIATION:
            assert self.negotiation is not None
            return list(self.negotiation.legal_calls())
        if phase is Phase.PLAY:
            assert self.turn is not None and self.contract is not None
            mask = legal_cards(self.hands[self.turn], self.trick, self.contract.mode, self.rules.notrumps_must_rise)
            return list(cards_of(mask))
        return []

    def every_action(self) -> list[tuple[Action, Reason | None]]:
        """For the player to act: every action of this phase with None (legal) or the reason it is not.

        Cut: 6..26; negotiation: all 19 calls; play: every card of the hand.
        """
        phase = self.phase
        turn = self.turn
        if turn is None:
            return []
        if phase is Phase.CUT:
            return [(Cut(k), None) for k in range(MIN_CUT, MAX_CUT + 1)]
        if phase is Phase.NEGOTIATION:
            assert self.negotiation is not None
            return [(c, self.negotiation.reason(turn, c)) for c in ALL_CALLS]
        return [(c, self._reason(turn, c)) for c in cards_of(self.hands[turn])]

    def validate(self, seat: Seat, action: Action) -> Reason | None:
        """Why *seat* may not take *action* now, or None if it may.

        :raises TypeError, NotationError: if *seat* or *action* is not one (see :func:`as_action`).
        """
        return self._reason(as_seat(seat), as_action(action))

    def _reason(self, seat: Seat, action: Action) -> Reason | None:
        phase = self.phase
        if isinstance(action, Cut):
            if phase is not Phase.CUT:
                return Reason("wrong_phase", {"phase": phase.value, "action": "cut"})
            if seat != self.turn:
                return Reason("not_your_turn", {"seat": seat, "turn": self.turn, "rule": TURN_RULE[phase]})
            if not MIN_CUT <= action.k <= MAX_CUT:
                return Reason("cut_out_of_range", {"k": action.k, "min": MIN_CUT, "max": MAX_CUT})
            return None
        if isinstance(action, Call):
            if self.negotiation is None:
                return Reason("wrong_phase", {"phase": phase.value, "action": "call"})
            return self.negotiation.reason(seat, action)
        if phase is not Phase.PLAY:
            return Reason("wrong_phase", {"phase": phase.value, "action": "card"})
        if seat != self.turn:
            return Reason("not_your_turn", {"seat": seat, "turn": self.turn, "rule": TURN_RULE[phase]})
        hand = self.hands[seat]
        if not hand >> action & 1:
            return Reason("card_not_in_hand", {"card": action})
        assert self.contract is not None
        code = illegal_reason(hand, self.trick, self.contract.mode, action, self.rules.notrumps_must_rise)
        if code is None:
            return None
        params: dict[str, object] = {"card": action, "led": self.trick[0] >> 3, "mode": self.contract.mode}
        return Reason(code, params)

    # -- transitions -----------------------------------------------------------------------------------------------

    def apply(self, seat: Seat, action: Action) -> Deal:
        """The deal after *seat* takes *action*.

        :raises IllegalActionError: with the rule's reason code; *self* is unchanged.
        :raises TypeError, NotationError: if *seat* or *action* is not one (see :func:`as_action`).
        """
        seat, action = as_seat(seat), as_action(action)
        reason = self._reason(seat, action)
        if reason is not None:
            raise IllegalActionError.worded(f"{action_token(action)} is not legal for {seat.api_name}: ", reason.code,
                                            **reason.params)
        return self.apply_unchecked(seat, action)

    def apply_unchecked(self, seat: Seat, action: Action) -> Deal:
        d = self._copy()
        if isinstance(action, Cut):
            d.cut = action.k
            d.hands = _deal_cards(d.cut_deck, d.first_player, 5)
            d.negotiation = Negotiation.start(d.first_player, d.rules)
            d.turn = d.first_player
            return d
        if isinstance(action, Call):
            assert self.negotiation is not None
            n = self.negotiation.apply_unchecked(seat, action)
            d.negotiation = n
            d.turn = n.turn
            if n.complete:
                d.contract = n.contract()
                d.hands = self.initial_hands()  # the dealer finishes the deal: 3 more each (D-3)
                d.turn = d.leader = self.first_player
            return d
        return self._play(d, seat, action)

    def _play(self, d: Deal, seat: Seat, card: Card) -> Deal:
        contract = self.contract
        assert contract is not None
        hands = list(self.hands)
        hands[seat] &= ~(1 << card)
        d.hands = (hands[0], hands[1], hands[2], hands[3])
        d.plays = self.plays + (card,)
        trick = self.trick + (card,)
        if len(trick) < 4:
            d.trick = trick
            d.turn = seat.next
            return d
        mode = contract.mode
        winner = Seat((self.leader + winning_index(trick, mode)) & 3)
        points = POINTS[mode]
        won = points[trick[0]] + points[trick[1]] + points[trick[2]] + points[trick[3]]
        d.tricks = self.tricks + (TrickRecord(self.leader, trick, winner, won),)
        team_points = list(self.points)
        team_points[winner & 1] += won
        d.trick = ()
        d.leader = d.turn = winner
        if len(d.tricks) == 8:
            team_points[winner & 1] += LAST_TRICK_BONUS  # S-1: the last trick is worth 10 more, always
            d.points = (team_points[0], team_points[1])
            d.turn = None
            counts = [0, 0]
            for t in d.tricks:
                counts[t.winner & 1] += 1
            sweep = 0 if counts[0] == 8 else 1 if counts[1] == 8 else None
            d.score = score_deal(self.rules, mode, contract.multiplier, contract.announcer_team, d.points, sweep,
                                 automatic=contract.automatic)
        else:
            d.points = (team_points[0], team_points[1])
        return d

    # -- after the deal ---------------------------------------------------------------------------------------------

    def next_deck(self) -> tuple[Card, ...]:
        """The 32 cards gathered for the next deal, top first (D-5, switch ``deck_reassembly``)."""
        assert self.is_over
        if self.rules.deck_reassembly == "trick_order":
            return self.plays
        last_team = self.tricks[-1].winner & 1
        piles: tuple[Card, ...] = ()
        for team in (last_team, 1 - last_team):
            for t in self.tricks:
                if t.winner & 1 == team:
                    piles += t.cards
        return piles

    def actions(self) -> list[Action]:
        """This deal's actions in order: the cut, the calls, the cards."""
        out: list[Action] = []
        if self.cut is not None:
            out.append(Cut(self.cut))
        if self.negotiation is not None:
            out.extend(call for _, call in self.negotiation.calls)
        out.extend(self.plays)
        return out

    def replay(self) -> Iterator[tuple[Deal, Seat, Action]]:
        """This deal's actions in order, each with the deal just before it and who took it (unchecked: every action
        was checked when it was taken)."""
        d = Deal.new(self.deck, self.dealer, self.rules)
        for action in self.actions():
            turn = d.turn
            assert turn is not None   # the deal replays as it was played
            yield d, turn, action
            d = d.apply_unchecked(turn, action)

    def action_tokens(self) -> list[str]:
        """This deal's actions in order, as notation tokens."""
        return [action_token(a) for a in self.actions()]


def _deal_cards(cut_deck: Sequence[Card], first: Seat, count: int) -> tuple[Mask, Mask, Mask, Mask]:
    """Deal 3 each then 2 each (then, for 8 cards, 3 each after the negotiation), from the top (D-3)."""
    hands = [0, 0, 0, 0]
    pos = 0
    for size in (3, 2, 3)[: (2 if count == 5 else 3)]:
        for i in range(4):
            seat = (first + i) & 3
            for c in cut_deck[pos:pos + size]:
                hands[seat] |= 1 << c
            pos += size
    return (hands[0], hands[1], hands[2], hands[3])

