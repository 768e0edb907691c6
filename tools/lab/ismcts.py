"""Information Set Monte-Carlo Tree Search (single observer) for the card play.  Offline.

An arena level (``ismcts[-full][-c-X]``), not offered in the page: the alternative to the expert's
search that its issue allows if it measures stronger.

Each iteration samples a deal as the expert does (:func:`~giretra_core.bots.expert.search`: the cards seen, the
voids read from the play, what the bids say), walks one tree down it, adds one node, finishes the deal with
the policy (:func:`~giretra_core.bots.rollout.policy_playout`) and backs up the expert's outcome value
(:func:`~giretra_core.bots.expert.outcome_table`).  A node is the sequence of cards played since the decision: every
card is public, so that is the seat's information set, whatever the sampled deal.  At a node the cards legal
in this deal are chosen by UCB1 with availability counts (a card's chances are counted only in the
deals where it was playable); untried cards first, the policy's card before the others, so a node's
first visit plays what the expert's play-outs play.  The card played is the most visited at the root
(ties: the advanced policy's card).

* ``ismcts`` — only this seat's own cards are tree nodes; the three other seats play the advanced
  policy (:func:`~giretra_core.bots.cardplay.heuristic_card`) from what each may know, as in the expert's play-outs
  (without the signals the advanced level reads, so close to advanced opponents, not exact);
* ``ismcts-full`` — every seat's cards are tree nodes, each seat choosing for its own team's value
  (the standard SO-ISMCTS);
* ``-c-X`` — the exploration constant (default :data:`EXPLORATION`), on values divided by the spread of
  the deal's outcomes without a sweep (a sweep may fall outside 0..1).

The negotiation, the cut, a single playable card and endings of :data:`~giretra_core.bots.expert.EXACT_CARDS` cards
or fewer are the expert's (:func:`~giretra_core.bots.expert.choose`; its exact solver ends the deal).  The work is the
expert's: its budget (:class:`~giretra_core.bots.expert.Deadline`, :data:`~giretra_core.bots.expert.PLAY_SHARE`), one
play-out's units per iteration, and at most :data:`~giretra_core.bots.expert.MAX_WORLDS` iterations per root card.

Measured against advanced (150 duplicate deals each of seeds 3 and 4, advanced bidding, no clock guard),
it closes 0.18 (``ismcts``) and 0.23 (``ismcts-full``) of the advanced-to-oracle card-point gap, where
the expert closes 0.35, and takes about 1.7 times as long. Each iteration samples its own deal, so a
card is judged on different deals from the cards it competes with. The expert plays every card in the
same deals, so the luck of the deal cancels out of its comparisons.

>>> parse("ismcts"), parse("ismcts-full-c-0.5"), parse("ismcts-c-x"), parse("expert")
(Variant(full=False, exploration=0.25), Variant(full=True, exploration=0.5), None, None)
"""

from __future__ import annotations

import math
import random
import re
from typing import NamedTuple

from giretra_core.bots import expert
from giretra_core.bots.cardplay import ADVANCED, heuristic_card
from giretra_core.bots.expert import ExpertSettings
from giretra_core.bots.inference import evidence_bias, sample_world
from giretra_core.bots.knowledge import PlayKnowledge, play_knowledge
from giretra_core.bots.reasons import Decision, decide
from giretra_core.bots.rollout import policy_playout
from giretra_core.cards import SUIT_MASKS, Card, Mask, card_name, cards_of
from giretra_core.errors import GiretraError
from giretra_core.modes import POINTS, TRUMP_MASK
from giretra_core.play import legal_cards, winning_index
from giretra_core.views import SeatView

_NAME = re.compile(r"ismcts(-full)?(?:-c-([0-9]{1,2}(?:\.[0-9]{1,3})?))?")
EXPLORATION = 0.25  # UCB1's constant on values scaled to 0..1 (tuned on 30 deals: 0.1, 0.25, 0.7)


class Variant(NamedTuple):
    full: bool           # every seat's cards are tree nodes (else this seat's only)
    exploration: float   # UCB1's constant


def parse(level: str) -> Variant | None:
    """The variant of the ISMCTS level *level*, None for any other name."""
    found = _NAME.fullmatch(level)
    if found is None:
        return None
    return Variant(found.group(1) is not None, float(found.group(2) or EXPLORATION))


def choose(view: SeatView, rng: random.Random, budget_ms: float, level: str = "ismcts",
           time_guard: bool = True) -> Decision:
    """The ISMCTS level's action: the expert's, but for the card play before the ending."""
    variant = parse(level)
    if variant is None:
        raise GiretraError(f"not an ISMCTS level: {level!r}", "bad_level", text=level)
    # keep_se 0: the expert these instruments were measured against (README.md), before its keep rule.
    before_keep = ExpertSettings(keep_se=0.0)
    if view.phase != "play" or view.turn != view.seat:
        return expert.choose(view, rng, budget_ms, time_guard, before_keep)
    know = play_knowledge(view, inference=True)
    moves = expert.root_moves(know)
    if len(moves) == 1 or know.hand.bit_count() <= expert.EXACT_CARDS:
        return expert.play(view, rng, budget_ms, time_guard, before_keep)
    hint, _ = expert.policy_card(view, know)
    visits, iterations = search(view, know, moves, rng, budget_ms, time_guard, variant)
    best = max(range(len(moves)), key=lambda i: (visits[i], moves[i] == hint, -i))
    card = moves[best]
    return decide(card, "search", worlds=str(iterations), card=card_name(card))


# An edge of the tree: [visits, sum of values (our team's, scaled), availability].
_Node = dict[Card, list[float]]


def search(view: SeatView, know: PlayKnowledge, moves: list[Card], rng: random.Random, budget_ms: float,
           time_guard: bool, variant: Variant) -> tuple[list[int], int]:
    """The visits of each of *moves* at the root, and the number of iterations."""
    seat = know.seat
    table, sweep_us, sweep_them = expert.outcome_table(view, know)
    low = min(table)
    spread = max(table) - low or 1.0
    deadline = expert.Deadline(budget_ms, time_guard, share=expert.PLAY_SHARE)
    others = [p for p in range(4) if p != seat]
    counts = {p: know.counts[p] for p in others}
    forbidden = {p: know.forbidden[p] for p in others}
    bias = evidence_bias([(int(s), c) for s, c in view.calls], seat)
    cost = (know.out | know.hand).bit_count() + 4   # the expert's units for one play-out
    tree: dict[tuple[Card, ...], _Node] = {}
    iterations = 0
    while iterations < expert.MAX_WORLDS * len(moves):
        world = sample_world(rng, know.out, counts, forbidden, bias)
        if world is None:
            break
        hands = [know.hand if p == seat else world[p] for p in range(4)]
        path, pts, tricks = _descend(tree, hands, know, moves, rng, variant)
        team = seat & 1
        if tricks[team] == 8:
            value = sweep_us
        elif tricks[1 - team] == 8:
            value = sweep_them
        else:
            value = table[pts[team]]
        scaled = (value - low) / spread
        for edge in path:
            edge[0] += 1
            edge[1] += scaled
        iterations += 1
        if not deadline.spend(cost):
            break
    root = tree.get((), {})
    return [int(root[c][0]) if c in root else 0 for c in moves], iterations


def _descend(tree: dict[tuple[Card, ...], _Node], hands: list[Mask], know: PlayKnowledge, moves: list[Card],
             rng: random.Random, variant: Variant) -> tuple[list[list[float]], tuple[int, int], tuple[int, int]]:
    """One iteration in the deal *hands*: down the tree to one new edge, then the policy to the end.

    Returns the edges walked, the final card points and tricks per team."""
    mode, must_rise, seat = know.mode, know.notrumps_must_rise, know.seat
    h = list(hands)
    f = list(know.forbidden)
    trick = list(know.trick)
    leader = know.leader
    points = list(know.points)
    won = list(know.tricks_won)
    history: list[Card] = []
    path: list[list[float]] = []
    while h[0] | h[1] | h[2] | h[3]:
        if len(trick) == 4:
            winner = (leader + winning_index(trick, mode)) & 3
            points[winner & 1] += sum(POINTS[mode][c] for c in trick)
            won[winner & 1] += 1
            leader, trick = winner, []
        p = (leader + len(trick)) & 3
        hand = h[p]
        legal = legal_cards(hand, trick, mode, must_rise)
        if legal & (legal - 1):
            out = (h[0] | h[1] | h[2] | h[3]) & ~hand
            may = (out & ~f[0], out & ~f[1], out & ~f[2], out & ~f[3])
            card, _ = heuristic_card(p, hand, legal, trick, leader, mode, out, may, know.announcer_team, ADVANCED)
            if p == seat or variant.full:
                node = tree.setdefault(tuple(history), {})
                options = moves if not history else list(cards_of(legal))
                card = _select(node, options, card, 1.0 if p & 1 == seat & 1 else -1.0, variant.exploration, rng)
                path.append(node[card])
        else:
            card = legal.bit_length() - 1
        _note_void(f, p, card, trick, mode)
        h[p] = hand & ~(1 << card)
        trick.append(card)
        history.append(card)
        if path and path[-1][0] == 0:
            break   # a new edge: the policy plays on from here
    return path, *policy_playout(h, mode, leader, trick, know.announcer_team, f, (points[0], points[1]),
                                 (won[0], won[1]), must_rise)


def _select(node: _Node, options: list[Card], policy_card: Card, sign: float, c: float, rng: random.Random) -> Card:
    """The card to try at *node*: an untried one (the policy's first), else UCB1 over the available ones."""
    untried = []
    for card in options:
        edge = node.get(card)
        if edge is None:
            untried.append(card)
        else:
            edge[2] += 1
    if untried:
        card = policy_card if policy_card in untried else untried[rng.randrange(len(untried))]
        node[card] = [0.0, 0.0, 1.0]
        return card

    def ucb(card: Card) -> float:
        n, total, available = node[card]
        return sign * total / n + c * math.sqrt(math.log(available) / n)

    return max(options, key=ucb)


def _note_void(f: list[Mask], p: int, card: Card, trick: list[Card], mode: int) -> None:
    """What the table learns when *p* plays *card* to *trick* (as :func:`~giretra_core.bots.rollout.policy_playout`
    reads it)."""
    if trick and card >> 3 != trick[0] >> 3:
        f[p] |= SUIT_MASKS[trick[0] >> 3]
        trump = TRUMP_MASK[mode]
        if trump and card >> 3 != mode:
            win_i = winning_index(trick, mode)
            if trick[win_i] >> 3 == mode or win_i != len(trick) - 2:
                f[p] |= trump
