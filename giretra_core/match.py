"""A match: deals until a team reaches the target (RULES M-1, D-1, D-4, D-5).

The deck is shuffled once, from the seed, when the match starts; after each deal the next
deck is the previous deal's tricks stacked in play order, then cut (D-5).  The dealer
passes to the left after every deal (D-4).

>>> m = Match.new(seed=7)
>>> m.deal.phase.value, m.scores, m.target
('cut', (0, 0), 150)
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import NamedTuple

from .cards import Card
from .deal import Action, Cut, Deal, Phase, seeded_draws, shuffled_deck
from .errors import IllegalActionError, NotationError
from .rules import DEFAULT_PRESET, Rules, get_preset
from .scoring import DealScore
from .seats import SEAT_LETTERS, Seat

# Who sits at each seat: a person or a bot level.  One letter each in the notation.
PLAYER_KINDS = {"h": "human", "r": "random", "b": "basic", "a": "advanced", "e": "expert"}
PLAYER_LETTERS = {v: k for k, v in PLAYER_KINDS.items()}
MAX_SEED = 2**53 - 1  # a seed survives a round trip through JavaScript numbers
# The largest target a match may start with: what a page can show; a notation's 16 digits are more (JS loses them).
MAX_TARGET = 10**6


class DealRecord(NamedTuple):
    """A finished deal and the match after it (one line of the score sheet)."""

    deal: Deal
    score: DealScore
    scores_after: tuple[int, int]
    target_after: int
    target_raised: bool


def progress(rules: Rules, scores: tuple[int, int], target: int,
             score: DealScore) -> tuple[tuple[int, int], int, int | None, bool]:
    """M-1 after one deal: (scores, target, winner or None, whether the target was raised).

    Add the points; while both teams reach the target it moves up by 100; then a team at or
    above the target wins.  A Colour sweep wins at once and leaves the scores as they were.

    >>> from .scoring import score_deal
    >>> from .modes import Mode
    >>> rules = Rules()
    >>> progress(rules, (140, 140), 150, score_deal(rules, Mode.ALL_TRUMPS, 1, 0, (150, 108), None))
    ((155, 151), 250, None, True)
    """
    if score.instant_win is not None:
        return scores, target, score.instant_win, False
    scores = (scores[0] + score.match_points[0], scores[1] + score.match_points[1])
    raised = False
    while scores[0] >= target and scores[1] >= target:
        target += rules.target_step
        raised = True
    winner = 0 if scores[0] >= target else 1 if scores[1] >= target else None
    return scores, target, winner, raised


def _check_players(players: Sequence[str]) -> None:
    if len(players) != 4 or any(p not in PLAYER_LETTERS for p in players):
        raise NotationError(f"invalid players: {players!r} (four of {', '.join(PLAYER_LETTERS)})",
                            "bad_players", text=str(players))


class Match:
    """The state of a match.  Treat it as immutable: :meth:`apply` returns a new Match."""

    __slots__ = ("rules", "players", "seed", "start_dealer", "start_scores", "start_target", "start_deck",
                 "history", "deal", "scores", "target", "winner")

    rules: Rules
    players: tuple[str, str, str, str]
    seed: int
    start_dealer: Seat
    start_scores: tuple[int, int]
    start_target: int
    start_deck: tuple[Card, ...] | None   # None: the deck is the seed's shuffle
    history: tuple[DealRecord, ...]
    deal: Deal                            # the current deal (the last one once the match is over)
    scores: tuple[int, int]
    target: int
    winner: int | None

    @classmethod
    def new(cls, seed: int = 0, rules: Rules | str = DEFAULT_PRESET,
            players: Sequence[str] = ("human", "random", "random", "random"), dealer: Seat | None = None,
            deck: Sequence[Card] | None = None, scores: tuple[int, int] = (0, 0),
            target: int | None = None) -> Match:
        """Start a match.  The seed fixes the deck and, unless given, the first dealer (D-1, D-4).

        :raises NotationError: for a bad seed, preset, player kind, deck or score.
        """
        if isinstance(rules, str):
            rules = get_preset(rules)
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
            raise NotationError(f"invalid seed: {seed!r} (expected an integer 0..{MAX_SEED})", "bad_seed",
                                text=str(seed))
        _check_players(players)
        if target is None:
            target = rules.match_target
        if (len(scores) != 2 or any(isinstance(s, bool) or not isinstance(s, int) or s < 0 for s in scores)
                or isinstance(target, bool) or not isinstance(target, int) or not 0 < target <= MAX_TARGET
                or scores[0] >= target or scores[1] >= target):  # a team at the target has already won
            raise NotationError(f"invalid start scores/target: {scores!r} / {target!r}", "bad_scores")
        if dealer is None:
            if rules.first_dealer == "random":
                dealer = Seat(seeded_draws(seed, 0)[0] % 4)
            else:
                dealer = Seat(SEAT_LETTERS.index(rules.first_dealer))
        m = cls.__new__(cls)
        m.rules = rules
        m.players = (players[0], players[1], players[2], players[3])
        m.seed = seed
        m.start_dealer = dealer
        m.start_scores = (scores[0], scores[1])
        m.start_target = target
        m.start_deck = None if deck is None else tuple(deck)
        m.history = ()
        m.deal = Deal.new(shuffled_deck(seed, 1) if deck is None else deck, dealer, rules)
        m.scores = m.start_scores
        m.target = target
        m.winner = None
        return m

    def _copy(self) -> Match:
        m = Match.__new__(Match)
        for name in Match.__slots__:
            setattr(m, name, getattr(self, name))
        return m

    def with_players(self, players: Sequence[str]) -> Match:
        """The same match with other players at the seats (another bot level, a person); the game is unchanged.

        :raises NotationError: for a player kind that is not one.
        """
        _check_players(players)
        m = self._copy()
        m.players = (players[0], players[1], players[2], players[3])
        return m

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    @property
    def turn(self) -> Seat | None:
        """Who acts now (None once the match is over)."""
        return None if self.winner is not None else self.deal.turn

    @property
    def deal_number(self) -> int:
        return len(self.history) + (0 if self.deal.is_over else 1)

    def legal_actions(self) -> list[Action]:
        return [] if self.winner is not None else self.deal.legal_actions()

    def apply(self, seat: Seat, action: Action) -> Match:
        """The match after *seat* takes *action*.

        :raises IllegalActionError: if the match is over or the action is illegal; *self* is unchanged.
        """
        if self.winner is not None:
            raise IllegalActionError("the match is over", "match_over")
        return self._after(self.deal.apply(seat, action))

    def apply_unchecked(self, seat: Seat, action: Action) -> Match:
        return self._after(self.deal.apply_unchecked(seat, action))

    def _after(self, deal: Deal) -> Match:
        m = self._copy()
        m.deal = deal
        score = deal.score
        if score is None:
            return m
        scores, target, m.winner, raised = progress(self.rules, self.scores, self.target, score)
        m.scores, m.target = scores, target
        m.history = self.history + (DealRecord(deal, score, scores, target, raised),)
        if m.winner is None:
            m.deal = Deal.new(self._next_deck(deal), deal.dealer.next, self.rules)
        return m

    def _next_deck(self, finished: Deal) -> tuple[Card, ...]:
        """The deck is never shuffled between deals by default (D-1, D-5)."""
        if self.rules.deck_between_deals == "reassemble":
            return finished.next_deck()
        return shuffled_deck(self.seed, len(self.history) + 2)

    @property
    def current_phase(self) -> str:
        return "match_over" if self.winner is not None else self.deal.phase.value

    def start(self) -> Match:
        """This match as it began, before its first action."""
        return Match.new(self.seed, self.rules, self.players, self.start_dealer, self.start_deck, self.start_scores,
                         self.start_target)

    def current_deal(self) -> Match:
        """A new match that starts with the current deal: the same deck, dealer, cut, scores and target, so that
        whoever plays it gets exactly the same hands (a shared deal).

        :raises IllegalActionError: ``match_over`` once the match is over: there is no deal to share.
        """
        deal = self.deal
        if self.winner is not None:
            raise IllegalActionError("the match is over: there is no deal to share", "match_over")
        if self.history:
            start = Match.new(self.seed, self.rules, self.players, deal.dealer, deal.deck, self.scores, self.target)
        else:
            start = self.start()
        if deal.cut is not None:
            start = start.apply(deal.cutter, Cut(deal.cut))
        return start

    def deal_again(self, number: int) -> Match:
        """A new match that starts with deal *number* (a finished one, or the current) as it was dealt: its deck,
        dealer and cut, and the scores and target it began with (``current_deal`` at that moment): played again, the
        same hands.

        :raises IllegalActionError: ``match_over`` for the current deal once the match is over.
        """
        assert 1 <= number <= len(self.history) + 1
        if number == len(self.history) + 1:
            return self.current_deal()
        for n, m, turn, action in self.replay():
            if n == number:
                assert isinstance(action, Cut)   # a deal's first action is its cut
                return m.apply_unchecked(turn, action).current_deal()
        raise AssertionError(f"deal {number} is in the history but not in its replay")

    def replay(self) -> Iterator[tuple[int, Match, Seat, Action]]:
        """Every action since the start, in order: (its deal's number, the match just before it, who took it, it).

        Replayed unchecked: every action was checked when the match was made or parsed.
        """
        m = self.start()
        for number, deal in enumerate(self.deals(), 1):
            for action in deal.actions():
                turn = m.turn
                assert turn is not None   # the history replays as it was played
                yield number, m, turn, action
                m = m.apply_unchecked(turn, action)

    def choices(self, seat: Seat) -> Iterator[tuple[Match, Action]]:
        """What a take-back may return to, in order: each of *seat*'s choices (an action among two or more) in the
        current phase of the current deal, with the match just before it.

        Never a cut: the deck is never shuffled, so a cut taken back and made again would choose the hand. Never a call
        once the play has begun (the last three cards have been seen), nor anything in a finished deal (scored, its
        hands shown). A forced action is stepped over: taken back alone, it would be played again as it was.
        """
        phase = self.deal.phase
        if self.winner is not None or phase not in (Phase.NEGOTIATION, Phase.PLAY):
            return
        for deal, turn, action in self.deal.replay():
            if turn == seat and deal.phase is phase and len(deal.legal_actions()) > 1:
                m = self._copy()   # the same deal, earlier: the scores, the target and the history are the same
                m.deal = deal
                yield m, action

    def deals(self) -> list[Deal]:
        """Every deal of the match, finished ones first, the current one last (if not over)."""
        out = [r.deal for r in self.history]
        if self.winner is None:
            out.append(self.deal)
        return out

