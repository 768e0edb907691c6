"""Eva, the reference engine's best heuristic bot, as a sparring partner: its card play ported faithfully.

A port of the card play ("play" phase) of ``DeterministicPlayerAgent`` ("Eva") from the reference engine
github.com/giretra/giretra, file src/Giretra.Core/Players/Agents/DeterministicPlayerAgent.cs (with the helpers of
src/Giretra.Core/Players/PlayerAgentHelper.cs and src/Giretra.Core/Play/CardComparer.cs), commit
0f1bc7e882bb44dee0f0a2b30c0f71651b07fb32, licensed under the Apache License 2.0 (its text, from the same commit:
tests/fixtures/random-python-bot/LICENSE).  Changes: C# to Python on this project's types; the agent's memory is
rebuilt from the view at each call (below); ties are broken in this project's card order.

Outside the play phase it is the advanced level (the bidding is not ported):
``python -m tools.lab.arena advanced tools.lab.eva:choose --deals 300 --bidder advanced --seed 3611 --jobs 1``.

Eva keeps state between calls (cards seen, voids, partner signals), fed by the engine's events: card played, trick
completed, negotiation completed.  A bot here keeps none (the arena's ``--validate`` checks it), so :func:`replay`
feeds the same events from the view's history to a fresh :class:`Eva`, in the engine's order, its quirks included:
the fourth card of a trick is seen when the trick is already over (GameManager passes the next, empty trick), so
Eva's ``_knownVoids`` may wrongly mark its player void in trumps and a partner's 10 or ace played last may mark
its suit "disliked".  Eva's ``_lastLeadSuit`` is set by its own leads: the replay runs Eva's lead again at each of
this seat's past leads.  It is not reset between deals in C#; here it starts empty each deal (a view has no
earlier deal's tricks).  C# breaks ties by the order of the hand the engine passes; here by ``cards_of`` (suit C D
H S, rank 7..A): only exact ties of every sort key differ.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from giretra_core.bots import advanced
from giretra_core.bots.basic import cut
from giretra_core.bots.reasons import Decision, decide
from giretra_core.cards import ALL_CARDS, SUIT_MASKS, Card, card_name, cards_of, mask_of
from giretra_core.modes import POINTS, STRENGTH, Mode
from giretra_core.negotiation import CallKind
from giretra_core.play import legal_cards
from giretra_core.seats import Seat
from giretra_core.views import SeatView

Played = tuple[Seat, Card]   # C#'s PlayedCard: who played which card


def strength(card: Card, mode: Mode) -> int:
    """Card.GetStrength: 1..8 within a suit (this project's STRENGTH is 0..7, the same order)."""
    return STRENGTH[mode][card] + 1


def points(card: Card, mode: Mode) -> int:
    """Card.GetPointValue."""
    return POINTS[mode][card]


def suit(card: Card) -> int:
    return card >> 3


def compare(one: Card, two: Card, lead: int, mode: Mode) -> int:
    """CardComparer.Compare: > 0 if *one* beats *two* in a trick led in *lead*."""
    trump = mode.trump_suit
    one_trump = trump is not None and suit(one) == trump
    two_trump = trump is not None and suit(two) == trump
    if one_trump and not two_trump:
        return 1
    if two_trump and not one_trump:
        return -1
    if not one_trump and not two_trump:
        if suit(one) == lead and suit(two) != lead:
            return 1
        if suit(two) == lead and suit(one) != lead:
            return -1
    if suit(one) == suit(two):
        return strength(one, mode) - strength(two, mode)
    return 0


def beats(challenger: Card, current: Card, lead: int, mode: Mode) -> bool:
    return compare(challenger, current, lead, mode) > 0


def is_master(card: Card, mode: Mode, hand: Sequence[Card], played: set[Card]) -> bool:
    """PlayerAgentHelper.IsMasterCard: every stronger card of its suit is played or in *hand*."""
    for other in ALL_CARDS:
        if suit(other) != suit(card) or other == card or other in played or other in hand:
            continue
        if strength(other, mode) > strength(card, mode):
            return False
    return True


def is_master_exclude_trump(card: Card, mode: Mode, hand: Sequence[Card], played: set[Card]) -> bool:
    """PlayerAgentHelper.IsMasterCardExcludeTrump: as if every trump were played (so every trump is "master")."""
    trump = mode.trump_suit
    if trump is None:
        return is_master(card, mode, hand, played)
    return is_master(card, mode, hand, played | set(cards_of(SUIT_MASKS[trump])))


def protectable_suits(hand: Sequence[Card], mode: Mode, played: set[Card]) -> set[int]:
    """PlayerAgentHelper.GetProtectableSuits: suits whose top card is guarded by exactly enough small cards
    (as many cards held as stronger cards out, plus one)."""
    out = [c for c in ALL_CARDS if c not in played and c not in hand]
    result: set[int] = set()
    for s in _suits_in_order(hand):
        cards = [c for c in hand if suit(c) == s]
        top = max(cards, key=lambda c: strength(c, mode))
        stronger = sum(1 for c in out if suit(c) == s and strength(c, mode) > strength(top, mode))
        if stronger + 1 == len(cards):
            result.add(s)
    return result


def current_winner(trick: Sequence[Played], mode: Mode) -> Played | None:
    """PlayerAgentHelper.DetermineCurrentWinner."""
    if not trick:
        return None
    lead = suit(trick[0][1])
    best = trick[0]
    for played in trick[1:]:
        if beats(played[1], best[1], lead, mode):
            best = played
    return best


def minimum_winning_card(valid: Sequence[Card], winner: Card, lead: int, mode: Mode) -> Card | None:
    """PlayerAgentHelper.FindMinimumWinningCard: the weakest card that beats *winner* (the first of equals)."""
    best: Card | None = None
    for card in valid:
        if beats(card, winner, lead, mode) and (best is None or strength(card, mode) < strength(best, mode)):
            best = card
    return best


def _suits_in_order(cards: Sequence[Card]) -> list[int]:
    """The suits of *cards* in order of first appearance (LINQ GroupBy's order)."""
    return list(dict.fromkeys(suit(c) for c in cards))


def _groups(cards: Sequence[Card]) -> list[list[Card]]:
    return [[c for c in cards if suit(c) == s] for s in _suits_in_order(cards)]


class Eva:
    """DeterministicPlayerAgent's per-deal memory and its card play, for one seat."""

    def __init__(self, seat: Seat, mode: Mode, announcer_team: int) -> None:
        self.seat = seat
        self.team = seat.team
        self.mode = mode
        self.announcer_team = announcer_team
        self.played: set[Card] = set()
        self.known_voids: dict[Seat, set[int]] = {s: set() for s in Seat}
        self.opponent_voids: dict[Seat, set[int]] = {s: set() for s in Seat}
        self.opponent_no_trump: set[Seat] = set()
        self.partner_preferred: set[int] = set()
        self.partner_disliked: set[int] = set()
        self.partner_priority: set[int] = set()
        self.trick_leader: Seat | None = None
        self.trick_lead_suit: int | None = None
        self.trick_winner: Seat | None = None
        self.last_lead_suit: int | None = None
        self.completed: list[tuple[Played, ...]] = []
        self.hand: list[Card] = []   # the hand of the decision being made (SyncRemainingCards)

    # ---- observation (OnNegotiationCompletedAsync, OnCardPlayedAsync, OnTrickCompletedAsync) ----

    def on_negotiation_completed(self, view: SeatView) -> None:
        trump = self.mode.trump_suit
        for who, call in view.calls:
            if who == self.seat.partner and call.kind is CallKind.ANNOUNCE and call.mode is not None \
                    and call.mode.is_colour and call.mode.trump_suit != trump:
                self.partner_preferred.add(int(call.mode))

    def on_card_played(self, player: Seat, card: Card, trick: Sequence[Played] | None) -> None:
        """*trick* is handState.CurrentTrick after the card: the next trick (empty) after a fourth card, None
        after the deal's last card."""
        self.played.add(card)
        if trick is None:
            return
        if len(trick) == 1:
            self.trick_leader, self.trick_lead_suit, self.trick_winner = player, suit(card), player
            return
        winner = current_winner(trick, self.mode)
        self.trick_winner = winner[0] if winner else None
        self._infer_voids_from_play(player, card, trick)
        if player == self.seat.partner and player != self.trick_leader:
            self._observe_partner_play(card)

    def _infer_voids_from_play(self, player: Seat, card: Card, trick: Sequence[Played]) -> None:
        if player == self.trick_leader or self.trick_lead_suit is None:
            return
        lead = self.trick_lead_suit
        if suit(card) == lead:
            return
        self.known_voids[player].add(lead)
        trump = self.mode.trump_suit
        if trump is None or suit(card) == trump:
            return
        if self._teammate_winning_with_non_trump(player, trick, trump):
            return
        self.known_voids[player].add(trump)

    def _teammate_winning_with_non_trump(self, player: Seat, trick: Sequence[Played], trump: int) -> bool:
        if len(trick) < 2:
            return False
        if self.trick_winner is None or self.trick_winner.team != player.team:
            return False
        winner = current_winner(trick, self.mode)
        return winner is not None and suit(winner[1]) != trump

    def _observe_partner_play(self, card: Card) -> None:
        if points(card, self.mode) < 8:
            return
        if self.trick_winner is not None and self.trick_winner.team == self.team:
            return
        self.partner_disliked.add(suit(card))
        self.partner_preferred.discard(suit(card))

    def on_trick_completed(self, trick: tuple[Played, ...]) -> None:
        self.completed.append(trick)
        self._infer_opponent_voids(trick)
        self._analyze_partner_behavior(trick)
        self._infer_priority_suits_from_opponent_voids()
        self.trick_leader = self.trick_lead_suit = self.trick_winner = None

    def _infer_opponent_voids(self, trick: tuple[Played, ...]) -> None:
        lead = suit(trick[0][1])
        trump = self.mode.trump_suit
        for i in range(1, len(trick)):
            player, card = trick[i]
            if player.team == self.team or suit(card) == lead:
                continue
            self.opponent_voids[player].add(lead)
            if trump is None or suit(card) == trump:
                continue
            winner = trick[0]
            for j in range(1, i):
                if beats(trick[j][1], winner[1], lead, self.mode):
                    winner = trick[j]
            if winner[0].team == player.team and suit(winner[1]) != trump:
                continue
            self.opponent_no_trump.add(player)

    def _partner_card(self, trick: tuple[Played, ...]) -> Card:
        return next(card for player, card in trick if player == self.seat.partner)

    def _analyze_partner_behavior(self, trick: tuple[Played, ...]) -> None:
        mode = self.mode
        winner = current_winner(trick, mode)
        if trick[0][0] == self.seat and winner is not None and winner[0] == self.seat:
            partner_card = self._partner_card(trick)
            if suit(partner_card) != suit(trick[0][1]) and is_master(partner_card, mode, [], self.played):
                self.partner_priority.add(suit(partner_card))
        for done in self.completed:   # suits the partner led and lost: still preferred
            if done[0][0] == self.seat.partner:
                won = current_winner(done, mode)
                if won is not None and won[1] != self._partner_card(done):
                    self.partner_preferred.add(suit(done[0][1]))
        self._analyze_teammate_cannot_follow()

    def _analyze_teammate_cannot_follow(self) -> None:
        mode = self.mode
        tricks = [t for t in self.completed
                  if t[0][0] == self.seat and current_winner(t, mode) == t[0]
                  and suit(t[0][1]) != suit(self._partner_card(t))]
        if not tricks:
            return
        cards = [self._partner_card(t) for t in tricks]
        for group in _groups(cards):
            s = suit(group[0])
            if len(group) > 1:
                if strength(group[0], mode) < strength(group[1], mode):   # rising: the suit partner wants
                    self.partner_priority.add(s)
                    self.partner_preferred.add(s)
                    self.partner_disliked.discard(s)
                else:
                    self.partner_disliked.add(s)
                    self.partner_priority.discard(s)
            elif strength(group[0], mode) >= 10:   # as in C#: never true (strengths are 1..8)
                self.partner_disliked.add(s)
                self.partner_priority.discard(s)
        if not mode.is_colour and len(cards) >= 2 and not self.partner_priority \
                and not self.partner_disliked and not self.partner_preferred:
            partner_suits = {suit(c) for c in cards}
            played_suits = {suit(c) for c in self.played}
            for s in range(4):
                if s not in partner_suits and s not in played_suits:
                    self.partner_preferred.add(s)

    def _infer_priority_suits_from_opponent_voids(self) -> None:
        for s in range(4):
            if s == self.mode.trump_suit:
                continue
            if s in self.known_voids[self.seat.next] and s in self.known_voids[self.seat.partner.next]:
                self.partner_priority.add(s)

    # ---- queries ----

    def remaining(self) -> list[Card]:
        """_remainingCards after SyncRemainingCards: neither played nor in our hand."""
        return [c for c in ALL_CARDS if c not in self.played and c not in self.hand]

    def all_opponents_void_in(self, s: int) -> bool:
        return s in self.opponent_voids[self.seat.next] and s in self.opponent_voids[self.seat.partner.next]

    def all_opponents_out_of_trump(self) -> bool:
        return self.seat.next in self.opponent_no_trump and self.seat.partner.next in self.opponent_no_trump

    def maximum_winning_card_master(self, valid: list[Card], winner: Card, lead: int) -> Card | None:
        """FindMaximumWinningCardMaster: the strongest winner if master, else the cheapest winner worth < 10."""
        mode = self.mode
        winning = sorted((c for c in valid if beats(c, winner, lead, mode)), key=lambda c: -strength(c, mode))
        if winning and is_master(winning[0], mode, valid, self.played):
            return winning[0]
        cheap = minimum_winning_card(valid, winner, lead, mode)
        if cheap is not None and points(cheap, mode) < 10:
            return cheap
        return None

    # ---- leads (ChooseLeadCard) ----

    def lead(self, hand: list[Card], valid: list[Card], trick_number: int, our_points: int) -> tuple[Card, str]:
        self.hand = hand
        mode = self.mode
        trump = mode.trump_suit
        if trick_number == 8:
            return self.last_trick_lead(valid, our_points)
        by_strength = lambda c: -strength(c, mode)   # noqa: E731
        if self.partner_priority and trump is None:
            priority = sorted((c for c in valid if suit(c) in self.partner_priority), key=by_strength)
            if priority:
                return priority[0], "lead_partner_suit"
        masters = [c for c in hand if is_master(c, mode, hand, self.played) and c in valid]
        if masters and not self.hold_back_masters(masters, trick_number):
            preferred = sorted((c for c in masters if suit(c) not in self.partner_disliked),
                               key=lambda c: (-(suit(c) in self.partner_priority or suit(c) in self.partner_preferred),
                                              -(suit(c) == self.last_lead_suit), -strength(c, mode)))
            if mode.is_colour and self.all_opponents_out_of_trump():
                preferred = [c for c in preferred if suit(c) != trump]
                if preferred:
                    self.last_lead_suit = suit(preferred[0])
                    return preferred[0], "master"
            else:
                if preferred:
                    self.last_lead_suit = suit(preferred[0])
                    return preferred[0], ("draw_trumps" if suit(preferred[0]) == trump else "master")
                return sorted(masters, key=lambda c: -points(c, mode))[0], "master"
        self.last_lead_suit = None
        if self.partner_priority:
            priority = sorted((c for c in valid if suit(c) in self.partner_priority), key=by_strength)
            if priority:
                return priority[0], "lead_partner_suit"
        if trump is not None:
            exhaust = self.trump_exhaustion_lead(hand, valid, trump)
            if exhaust is not None:
                return exhaust, "draw_trumps"
        if self.partner_preferred:
            liked = [c for c in valid if (suit(c) in self.partner_preferred or suit(c) in self.partner_priority)
                     and (trump is None or suit(c) != trump)]
            if liked:
                return sorted(liked, key=by_strength)[0], "lead_partner_suit"
        if not mode.is_colour:
            into_void = self.lead_into_opponent_void(valid)
            if into_void is not None:
                return into_void, "lead_short"
        return self.default_lead(valid, trump), "lead_low"

    def hold_back_masters(self, masters: list[Card], trick_number: int) -> bool:
        """ShouldHoldBackMasters: early in NoTrumps, keep masters spread over three suits or more."""
        if trick_number > 3 or self.mode != Mode.NO_TRUMPS:
            return False
        suit_count = len({suit(c) for c in masters})
        ratio = len(masters) / (8.0 - (trick_number - 1))
        return suit_count >= 3 and ratio < 0.4

    def trump_exhaustion_lead(self, hand: list[Card], valid: list[Card], trump: int) -> Card | None:
        """TryTrumpExhaustionLead: the master trump when we hold more trumps than are left outside."""
        mine = [c for c in valid if suit(c) == trump]
        if not mine:
            return None
        theirs = sum(1 for c in self.remaining() if suit(c) == trump)
        if len(mine) <= theirs or theirs <= 0:
            return None
        strongest = sorted(mine, key=lambda c: -strength(c, self.mode))[0]
        return strongest if is_master(strongest, self.mode, hand, self.played) else None

    def lead_into_opponent_void(self, valid: list[Card]) -> Card | None:
        """TryLeadIntoOpponentVoid (NoTrumps, AllTrumps): the second best of the shortest such suit."""
        void_suits = {s for opponent in (self.seat.next, self.seat.previous) for s in range(4)
                      if s in self.known_voids[opponent]}
        candidates = [c for c in valid if suit(c) in void_suits]
        if not candidates:
            return None
        best = sorted(_groups(candidates), key=len)[0]
        ordered = sorted(best, key=lambda c: -strength(c, self.mode))
        return ordered[1] if len(ordered) > 1 else ordered[0]

    def default_lead(self, valid: list[Card], trump: int | None) -> Card:
        """ChooseDefaultLead: the second best of the longest side suit the partner does not dislike."""
        mode = self.mode
        liked = [c for c in valid if suit(c) not in self.partner_disliked]
        consider = liked if liked else list(valid)
        side = [c for c in consider if suit(c) != trump] if trump is not None else consider
        if side:
            longest = sorted(_groups(side), key=lambda g: (-len(g), -max(strength(c, mode) for c in g)))[0]
            candidates = sorted(longest, key=lambda c: -strength(c, mode))
            return candidates[1] if len(candidates) > 1 else candidates[0]
        return self.least_valuable(valid, valid)

    def last_trick_lead(self, valid: list[Card], our_points: int) -> tuple[Card, str]:
        """ChooseLastTrickLead."""
        mode = self.mode
        threshold = 82 if mode.is_colour else 65 if mode == Mode.NO_TRUMPS else 129   # GetWinThreshold
        if self.announcer_team == self.team and our_points >= threshold:
            return self.least_valuable(valid, valid), "lead_exit"
        return sorted(valid, key=lambda c: -strength(c, mode))[0], "lead_winner"

    # ---- following (ChooseFollowCard) ----

    def follow(self, hand: list[Card], valid: list[Card], trick: list[Played]) -> tuple[Card, str]:
        self.hand = hand
        mode = self.mode
        winner = current_winner(trick, mode)
        assert winner is not None
        who, winning = winner
        teammate_winning = who.team == self.team
        lead = suit(trick[0][1])
        trump = mode.trump_suit
        following = any(suit(c) == lead for c in valid)
        trumping = not following and trump is not None and any(suit(c) == trump for c in valid)
        if not following and not trumping:
            if is_master(winning, mode, [], self.played):
                if teammate_winning:
                    return self.most_valuable_useless(valid, hand, lead), "partner_wins_add"
                return self.least_valuable(valid, hand), "throw_cheap"
            return self.least_valuable(valid, hand), "throw_spare"
        if trumping:
            return self.smart_trump(valid, trick, teammate_winning, winning)
        if len(trick) == 1:
            return self.second_seat(hand, valid, trick, winning)
        if len(trick) == 2:
            return self.third_seat(hand, valid, trick, teammate_winning, winning)
        return self.fourth_seat(hand, valid, trick, teammate_winning, winning)

    def second_seat(self, hand: list[Card], valid: list[Card], trick: list[Played],
                    winning: Card) -> tuple[Card, str]:
        """ChooseSecondSeat: a master of a fresh side suit, else win cheap tricks, else play low."""
        mode = self.mode
        lead = suit(trick[0][1])
        trick_points = sum(points(c, mode) for _, c in trick)
        min_winner = minimum_winning_card(valid, winning, lead, mode)
        trump = mode.trump_suit
        if trump is not None and trump != lead and min_winner is not None:
            fresh = sum(1 for c in self.played if suit(c) == lead) < 3
            if fresh and (not self.all_opponents_void_in(lead) or self.all_opponents_out_of_trump()):
                masters = sorted((c for c in valid if is_master_exclude_trump(c, mode, hand, self.played)),
                                 key=lambda c: -strength(c, mode))
                if masters:
                    return masters[0], "win_master"
        if min_winner is not None:
            if trick_points >= 10 or points(min_winner, mode) <= 4:
                return min_winner, "win_points" if trick_points >= 10 else "win_cheap"
            return self.least_valuable(valid, hand), "second_low"
        return self.least_valuable(valid, hand), "second_low"

    def third_seat(self, hand: list[Card], valid: list[Card], trick: list[Played], teammate_winning: bool,
                   winning: Card) -> tuple[Card, str]:
        """ChooseThirdSeat: load the partner's sure trick, else win with a master or a cheap card."""
        mode = self.mode
        lead = suit(trick[0][1])
        fourth = self.seat.next
        if teammate_winning:
            if is_master(winning, mode, hand, self.played):
                return self.most_valuable_useless(valid, hand, lead), "partner_wins_add"
            if lead in self.known_voids[fourth] and (not mode.is_colour or fourth in self.opponent_no_trump):
                return self.most_valuable_useless(valid, hand, lead), "partner_wins_add"
            return self.least_valuable(valid, hand), "partner_may_lose"
        win = self.maximum_winning_card_master(valid, winning, lead)
        if win is not None:
            return win, "win_master"
        return self.least_valuable(valid, hand), "duck"

    def fourth_seat(self, hand: list[Card], valid: list[Card], trick: list[Played], teammate_winning: bool,
                    winning: Card) -> tuple[Card, str]:
        """ChooseFourthSeat: rid a 10 or ace that is not master first; then load the partner's trick or win
        cheapest."""
        mode = self.mode
        lead = suit(trick[0][1])
        if mode == Mode.NO_TRUMPS or (mode.is_colour and mode.trump_suit != lead):
            escape = sorted((c for c in valid if points(c, mode) >= 10 and not is_master(c, mode, hand, self.played)),
                            key=lambda c: -strength(c, mode))
            if escape:
                return escape[0], "our_trick_add" if teammate_winning else "throw_spare"
        if teammate_winning:
            return self.most_valuable_useless(valid, hand, lead), "partner_wins_add"
        min_winner = minimum_winning_card(valid, winning, lead, mode)
        if min_winner is not None:
            return min_winner, "win_cheap"
        return self.least_valuable(valid, hand), "throw_cheap"

    # ---- trumps and discards ----

    def smart_trump(self, valid: list[Card], trick: list[Played], teammate_winning: bool,
                    winning: Card) -> tuple[Card, str]:
        """ChooseSmartTrump: discard on a partner's plain winner, else overtrump minimally, else trump lowest."""
        mode = self.mode
        trump = mode.trump_suit
        assert trump is not None   # trumping only happens in a Colour mode
        trumps = [c for c in valid if suit(c) == trump]
        plain = [c for c in valid if suit(c) != trump]
        opponent_has_master = any(is_master(c, mode, [], self.played) for who, c in trick if who.team != self.team)
        if teammate_winning and suit(winning) != trump and plain:
            return self.smart_discard(valid, plain, opponent_has_master), "partner_wins_low"
        if not trumps:
            return self.smart_discard(valid, valid, opponent_has_master), "throw_spare"
        by_strength = lambda c: strength(c, mode)   # noqa: E731
        if suit(winning) == trump:
            lead = suit(trick[0][1])
            over = sorted((c for c in trumps if beats(c, winning, lead, mode)), key=by_strength)
            if over:
                return over[0], "win_trump"
            return sorted(trumps, key=by_strength)[0], "throw_cheap"
        return sorted(trumps, key=by_strength)[0], "win_trump"

    def smart_discard(self, hand: list[Card], valid: list[Card], lost_trick: bool) -> Card:
        """ChooseSmartDiscard: the cheapest card of the shortest side suit, preferring a suit the opponents
        master (*hand* is C#'s: the seat's legal cards)."""
        mode = self.mode
        trump = mode.trump_suit
        groups = _groups([c for c in valid if trump is None or suit(c) != trump])
        if not groups or lost_trick:
            return self.least_valuable(valid, hand)
        liked = self.partner_preferred | self.partner_priority
        short = sorted(groups, key=lambda g: (len(g), suit(g[0]) in liked))
        best = short[0]
        remaining = self.remaining()
        for group in short:
            if len(group) > len(best):
                break
            top = max(strength(c, mode) for c in group)
            opponent_master = any(suit(c) == suit(group[0]) and strength(c, mode) > top for c in remaining)
            if opponent_master and suit(group[0]) not in self.partner_preferred:
                best = group
                break
        return sorted(best, key=lambda c: (points(c, mode), strength(c, mode)))[0]

    def most_valuable_useless(self, valid: list[Card], hand: list[Card], lead: int) -> Card:
        """ChooseMostValuableUselessCard: the card to load onto a trick our team wins."""
        mode = self.mode
        trump = mode.trump_suit
        if len(valid) == 1:
            return valid[0]
        if any(suit(c) == lead for c in valid):
            strongest = sorted(valid, key=lambda c: -strength(c, mode))[0]
            if trump == suit(strongest) and is_master(strongest, mode, hand, self.played):
                return sorted(valid, key=lambda c: strength(c, mode))[0]   # keep a master trump for leading
            return strongest
        master_suits = {suit(c) for c in hand if is_master(c, mode, hand, self.played)}
        count = {s: sum(1 for c in valid if suit(c) == s) for s in range(4)}
        if all(is_master(c, mode, hand, self.played) for c in valid):
            return sorted(valid, key=lambda c: (suit(c) == trump, -count[suit(c)], -points(c, mode),
                                                -strength(c, mode)))[0]
        high = sorted((c for c in valid if suit(c) not in master_suits and points(c, mode) >= 10
                       and suit(c) != trump and not is_master(c, mode, hand, self.played)),
                      key=lambda c: (count[suit(c)], -points(c, mode), -strength(c, mode)))
        if high:
            return high[0]
        medium = sorted((c for c in valid if suit(c) not in master_suits and suit(c) != trump),
                        key=lambda c: (is_master(c, mode, hand, self.played), count[suit(c)], -points(c, mode)))
        if medium:
            return medium[0]
        return sorted(valid, key=lambda c: (strength(c, mode), -count[suit(c)]))[0]

    def least_valuable(self, valid: list[Card], hand: list[Card]) -> Card:
        """ChooseLeastValuableCard: plain before trump, non-master, unguarded suit, fewest points, shortest."""
        mode = self.mode
        trump = mode.trump_suit
        count = {s: sum(1 for c in valid if suit(c) == s) for s in range(4)}
        protected = protectable_suits(hand, mode, self.played) - self.partner_priority
        return sorted(valid, key=lambda c: (suit(c) == trump, is_master(c, mode, hand, self.played),
                                            suit(c) in protected, points(c, mode), count[suit(c)],
                                            strength(c, mode)))[0]


def replay(view: SeatView) -> Eva:
    """A fresh :class:`Eva` for *view*'s seat, fed the deal's events so far in the engine's order."""
    assert view.contract is not None
    seat = view.seat
    eva = Eva(seat, view.contract.mode, view.contract.announcer_team)
    eva.on_negotiation_completed(view)
    tricks = [tuple((Seat((t.leader + i) & 3), c) for i, c in enumerate(t.cards)) for t in view.tricks]
    current = [(Seat((view.leader + i) & 3), c) for i, c in enumerate(view.trick)]
    ours_later = mask_of(c for t in tricks for who, c in t if who == seat)   # our cards played from then on
    for number, trick in enumerate(tricks, start=1):
        if trick[0][0] == seat:   # our lead then: Eva's lead again, for its _lastLeadSuit
            hand = list(cards_of(view.hand | ours_later))
            if len(hand) > 1:     # (C# answers a single legal card without asking; trick 8 leaves it alone)
                eva.lead(hand, hand, number, 0)
        for i, (who, card) in enumerate(trick):
            if who == seat:
                ours_later &= ~(1 << card)
            eva.on_card_played(who, card, list(trick[:i + 1]) if i < 3 else [] if number < 8 else None)
        eva.on_trick_completed(trick)
    for i, (who, card) in enumerate(current):
        eva.on_card_played(who, card, current[:i + 1])
    return eva


def choose(view: SeatView, rng: random.Random, budget_ms: float = 250.0, time_guard: bool = True) -> Decision:
    """Eva's card (ChooseCardAsync); the advanced level outside the play phase."""
    if view.phase != "play":
        return advanced.choose(view, rng, budget_ms, time_guard) if view.phase != "cut" else cut(view, rng)
    assert view.contract is not None
    mode = view.contract.mode
    legal = list(cards_of(legal_cards(view.hand, view.trick, mode, view.rules.notrumps_must_rise)))
    if len(legal) == 1:
        return decide(legal[0], "only_card", card=card_name(legal[0]))
    eva = replay(view)
    hand = list(cards_of(view.hand))
    if not view.trick:
        card, key = eva.lead(hand, legal, len(view.tricks) + 1, view.card_points[view.seat.team])
    else:
        trick = [(Seat((view.leader + i) & 3), c) for i, c in enumerate(view.trick)]
        card, key = eva.follow(hand, legal, trick)
    if card not in legal:
        raise AssertionError(f"eva chose {card_name(card)}, not among the legal {[card_name(c) for c in legal]}")
    return decide(card, key, card=card_name(card))
