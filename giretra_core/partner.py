"""The arena's partner-quality figure: card points a player loses by overtaking its partner's sure trick, or by not
returning its partner's suit.

A partner who takes a trick its partner already holds spends a high card for nothing, and often gives a later trick
away with it. The figure counts, at every card played into a trick the partner is winning:

* **sure**: no opponent still to play in the trick holds a legal card that beats the partner's (on the real hands);
* **overtake**: the card played beats the partner's;
* **needless**: the player had a legal card that does not beat it (an overtake the rules force is not counted);
* **lost**: what the exact solver (every hand known, both sides perfect from there) says the overtake cost the team,
  against the best card that does not overtake: max(0, value of that card − value of the card played), in card
  points of the rest of the deal (the last trick's 10 included).

An overtake that is right (to take the lead for a run of masters, say) costs nothing here. The solves are made only
at needless overtakes of a sure trick, so the figure costs little but for players that do it often.

>>> from .cards import parse_cards as p, parse_card as c
>>> from .modes import Mode
>>> hands = [p("7H"), p("8H"), p("10S8S"), p("9S10H")]   # Bottom led KS, Right played 7S: Top's 10S takes it,
>>> overtake_cost(hands, Mode.NO_TRUMPS, 0, [c("KS"), c("7S")], c("10S"), (False, False))   # its 8S the last trick
(True, 0)
>>> hands = [p("AD"), p("8D"), p("10S8S"), p("9SQS")]   # here Top's 8S gives the last trick to Left's QS, with
>>> overtake_cost(hands, Mode.NO_TRUMPS, 0, [c("KS"), c("7S")], c("10S"), (False, False))   # Bottom's AD on it
(True, 24)

The partner's suit is the suit the partner led first in the deal (not the trump suit of a Colour contract: drawing
trumps asks for no return). At every lead of a player whose partner has led such a suit:

* **unreturned**: the player holds a card of the partner's suit and leads another suit;
* **lost**: max(0, the solver's value of the best card of the partner's suit − that of the card led), in card points.

A switch that is right (a master cashed first, a void made) costs nothing, as above.

A **blocked suit** is counted where the partner runs its suit and the player keeps a card that may stop it: at every
card played to a trick the partner led (not a Colour's trumps) and is winning,

* **kept high**: the player follows with a card that does not take the trick while holding a higher card of the suit
  that would not take it either (it could have gone under the partner's card now, and may win a later round of the
  suit in place of the partner's card, taking the lead from the hand with the long suit);
* **lost**: max(0, the solver's value of the highest such card − that of the card played), in card points.

Whether the kept card blocks depends on every hand's entries: the solver's value tells (keeping it costs nothing when
it does not block, or when it is right to keep), so the count is of the chances to block and the loss of the blocks.

>>> hands = [p("9CAS"), p("8DAD"), p("JH10S"), p("7HAH")]   # Top, whose partner Bottom led Spades, is to lead:
>>> unreturned_cost(hands, Mode.NO_TRUMPS, 2, c("10S"), 3, (True, True)) is None   # returned
True
>>> unreturned_cost(hands, Mode.NO_TRUMPS, 2, c("JH"), 3, (True, True))   # Left's AH takes it and its 7H the last
(True, 55)
>>> hands = [p("KSQS8S"), p("AHKHQH"), p("10S7S9C7D"), p("7CACKCQC")]   # Bottom led AS, Left played 7H: Top keeps
>>> blocked_cost(hands, Mode.NO_TRUMPS, 0, [c("AS"), c("7H")], c("7S"), (False, False))   # its 10S, which wins
(True, 32)
>>> blocked_cost(hands, Mode.NO_TRUMPS, 0, [c("AS"), c("7H")], c("10S"), (False, False)) is None   # the next spade
True

(Top, with the lead and no spade, gives the last tricks away; its 10S under the ace, Bottom runs the suit.)
"""

from __future__ import annotations

from collections.abc import Sequence

from .bots.solver import Solver
from .cards import SUIT_MASKS, Card, Mask, cards_of
from .play import legal_cards, winning_index


def blocked_cost(hands: Sequence[Mask], mode: int, leader: int, trick: Sequence[Card], card: Card,
                 won: tuple[bool, bool], must_rise: bool = False) -> tuple[bool, int] | None:
    """Whether *card*, played to *trick* that the mover's partner led and is winning, keeps a higher card of the suit
    that could have gone under the partner's card too, and the card points it lost against the highest such card;
    None when it is not such a card. *hands* and *won* as for :func:`overtake_cost`."""
    n = len(trick)
    if not n or leader != ((leader + n) & 3) ^ 2 or trick[0] >> 3 == mode:
        return None   # not a trick the partner led, or the trumps of a Colour
    seat = (leader + n) & 3
    suit = trick[0] >> 3
    if card >> 3 != suit or winning_index(trick, mode) != 0 or winning_index([*trick, card], mode) == n:
        return None   # not following, the partner not winning, or an overtake (overtake_cost's)
    legal = legal_cards(hands[seat], trick, mode, must_rise)
    under = [c for c in cards_of(legal & SUIT_MASKS[suit]) if winning_index([*trick, c], mode) != n]
    higher = [c for c in under if winning_index([card, c], mode) == 1]
    if not higher:
        return None   # the highest card that stays under the partner's: no card kept
    top = max(higher, key=lambda c: sum(winning_index([c, d], mode) == 0 for d in higher))
    values = Solver(mode, must_rise).move_values(hands, leader, trick, won, [card, top])
    sign = 1 if seat & 1 == 0 else -1
    return True, max(0, sign * values[top] - sign * values[card])


def overtake_cost(hands: Sequence[Mask], mode: int, leader: int, trick: Sequence[Card], card: Card,
                  won: tuple[bool, bool], must_rise: bool = False) -> tuple[bool, int] | None:
    """Whether *card*, played to *trick* by the seat to move, is a needless overtake of the partner's sure trick,
    and the card points it lost against the best card that does not overtake; None when it is not one.

    *hands* are the hands before the card is played (the mover's still holds it); *won* whether Team1 / Team2 has
    taken a trick this deal."""
    n = len(trick)
    if not n:
        return None
    seat = (leader + n) & 3
    win_i = winning_index(trick, mode)
    if (leader + win_i) & 3 != seat ^ 2 or winning_index([*trick, card], mode) != n:
        return None   # the partner is not winning, or the card does not take the trick from it
    legal = legal_cards(hands[seat], trick, mode, must_rise)
    under = [c for c in cards_of(legal) if winning_index([*trick, c], mode) != n]
    if not under:
        return None   # every legal card overtakes: the rules' doing
    if n == 2:   # the fourth player, an opponent, is still to play: can it beat the partner's card?
        after = [*trick, under[0]]
        opponent = (seat + 1) & 3
        if any(winning_index([*after, c], mode) == 3 for c in cards_of(legal_cards(hands[opponent], after, mode,
                                                                                 must_rise))):
            return None   # not a sure trick
    solver = Solver(mode, must_rise)
    values = solver.move_values(hands, leader, trick, won, [card, *under])
    sign = 1 if seat & 1 == 0 else -1
    best_under = max(sign * values[c] for c in under)
    return True, max(0, best_under - sign * values[card])



def partner_suit(mode: int, tricks: Sequence[tuple[int, Sequence[Card]]], seat: int) -> int:
    """The suit *seat*'s partner led first in the finished *tricks* (leader, cards), trumps of a Colour aside; -1."""
    for leader, cards in tricks:
        if leader == seat ^ 2 and cards[0] >> 3 != mode:
            return cards[0] >> 3
    return -1


def unreturned_cost(hands: Sequence[Mask], mode: int, leader: int, card: Card, suit: int, won: tuple[bool, bool],
                    must_rise: bool = False) -> tuple[bool, int] | None:
    """Whether *card*, led by *leader* whose partner's suit is *suit* (-1: none), leaves the partner's suit
    unreturned while the leader holds one, and the card points it lost against the best card of that suit; None
    when it is not such a lead. *hands* and *won* as for :func:`overtake_cost`."""
    if suit < 0 or card >> 3 == suit:
        return None
    held = hands[leader] & SUIT_MASKS[suit]
    if not held:
        return None   # nothing to return it with
    returns = list(cards_of(held))
    values = Solver(mode, must_rise).move_values(hands, leader, [], won, [card, *returns])
    sign = 1 if leader & 1 == 0 else -1
    best_return = max(sign * values[c] for c in returns)
    return True, max(0, best_return - sign * values[card])
