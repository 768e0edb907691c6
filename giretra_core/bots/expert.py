"""Level 4, expert: determinized search within a time budget.

Card play: sample possible deals consistent with everything the seat knows (:mod:`.inference`:
cards seen, voids and limits read from the play, what the bids say; against advanced bots, also what their
earlier cards say of their hands, read through the policy they play: :mod:`.posterior`), play every legal card out in
each of them — with the advanced policy for all four seats (:mod:`.rollout`), or, once hands are
small, with the exact solver (:mod:`.solver`) — and keep the card with the best average value.
The value is the deal's outcome under the real scoring (the contract made or not, the multiplier,
a Colour sweep winning the match, the card points of an AllTrumps split), weighed by the chance
to win the match, plus a little for every card point.  The search stops early when one card is
clearly best.

Negotiation: the same sampled deals (consistent with the five cards held and the bids so far)
are played out in each mode, with our team announcing and defending; the simulated card points,
blended with the fitted model of :mod:`.bidding`, feed the same weighing of calls as the advanced
level.

The work done is bounded by a count derived from *budget_ms* (so a decision is reproducible from
the seed); a wall-clock guard at four times the budget stops it only on a machine far slower than
the count assumes, where the answer may then differ.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from ..cards import FULL_DECK, SUIT_MASKS, Card, Mask, card_name, cards_of, mask_of
from ..deal import Cut
from ..errors import GiretraError
from ..modes import TOTAL_POINTS, Mode
from ..negotiation import Call, CallKind
from ..play import legal_cards
from ..scoring import score_deal
from ..views import SeatView
from . import advanced
from .advanced import SignalState, signal_state
from .basic import ADVANCED_DOUBLE, last_led
from .bidding import Outlook, call_decision, choose_call, outlook, win_chance
from .cardplay import ADVANCED, heuristic_card
from .inference import evidence_bias, sample_world
from .knowledge import PlayKnowledge, play_knowledge
from .posterior import Chain
from .reasons import Decision, decide
from .rollout import policy_playout
from .solver import Solver, prune_equivalent

SWEEP = 1000          # the solver's sweep bonus: a sweep outweighs any card points
EXACT_CARDS = 4       # solve exactly once the player to move holds this many cards or fewer
CARD_POINT_WEIGHT = 0.03   # value of one card point, in match points, beyond the score itself
WIN_SCALE = 400.0     # one unit of win chance, in match points (about the value at 0-0)
UNIT_US = 6.0         # one work unit is about this many microseconds of CPython (calibrated)
# The clock guard stops the search at this multiple of the budget: a safety net, never the usual stop. At 0.8 it cut
# the search on a loaded machine and in Pyodide (the work count of a long decision is 150-220 ms of CPython here,
# 1.7x that in Pyodide), so the same request got different answers (an audit: JH idle, 9C busy).
GUARD = 4.0
# A card's work, and its sampled deals at most: twice the 0.35 and 160 of before measured +3.76 [+0.26, +7.26] card
# points a deal over 316 duplicate pairs, within the page's time targets (docs/bots.md, "The last step").
PLAY_SHARE = 0.7      # the work limit of a card, as a share of the budget
BID_SHARE = 0.3       # the same for a call
MAX_WORLDS = 320      # sampled deals per card at most
MIN_PAIRED = 12       # sampled deals before a standard error is trusted (the early stop, the policy's keep)
BID_WORLDS = 40       # sampled deals per call at most

# What deals the search considers: (rng, unseen cards, seat -> count, seat -> forbidden, bias) -> hands.
# The expert samples (inference.sample_world); the lab's sighted and replay levels (tools/lab) pass others.
Sampler = Callable[[random.Random, Mask, Mapping[int, int], Mapping[int, Mask],
                    Mapping[int, Sequence[float]] | None], dict[int, Mask] | None]


@dataclass(frozen=True)
class ExpertSettings:
    """The expert's switches. The defaults are the shipped expert; experiments (tools/lab) pass other values.

    * *keep_se* — the advanced policy's card stands unless the search's best card beats it by this many paired
      standard errors; 0 is the expert before that rule, as the lab's instruments were first measured;
    * *playout_signals* — the play-outs' players read and follow the advanced level's signals (the partner's suit
      returned, a discarded or an opponent's suit not led), as the advanced bots do. Off: no measurable gain
      (docs/bots.md, tools/lab/README.md);
    * *sampler* — what deals the card search considers;
    * *advanced_play* — the play-outs and the policy's card (the tie-break, the keep rule, the hint's line) are the
      advanced level's card play as it is (Eva's leads, the long-suit lead, masters kept off the partner's trick in
      AllTrumps: ``eva_leads``); off, the play before issue 36, which the expert was tuned with (docs/bots.md);
    * *exact_cards* — solve every sampled deal exactly once the player to move holds this many cards or fewer;
    * *bid_advanced_play* — the negotiation's simulated deals are played out with the advanced level's card play as
      it is (as the card search's are); off, with the play before issue 36 (docs/bots.md);
    * *play_share*, *max_worlds* — a card's work limit as a share of the budget, and its sampled deals at most;
    * *read_play* — the card search's deals are drawn in proportion to how well they explain the earlier cards of
      the opponents who are advanced bots (:func:`read_seats`) as that policy plays them (:mod:`.posterior`),
      trusting the policy this much (0: off, the sampler alone); *chain_steps* — the chain's swaps between two
      deals.

    >>> ExpertSettings().keep_se, ExpertSettings(keep_se=0.0) == ExpertSettings()
    (1.0, False)
    """

    keep_se: float = 1.0
    playout_signals: bool = False
    sampler: Sampler = sample_world
    advanced_play: bool = True
    exact_cards: int = EXACT_CARDS
    bid_advanced_play: bool = False
    play_share: float = PLAY_SHARE
    max_worlds: int = MAX_WORLDS
    read_play: float = 1.0
    chain_steps: int = 8


SHIPPED = ExpertSettings()   # the expert the page and the ladder play


class Deadline:
    """The work budget (deterministic) and the wall-clock guard (a safety net)."""

    def __init__(self, budget_ms: float, time_guard: bool, share: float = 1.0) -> None:
        self.units = budget_ms * 1000.0 / UNIT_US * share
        self.used = 0.0
        self.stop_at = time.perf_counter() + budget_ms * GUARD / 1000.0 if time_guard else math.inf

    def late(self) -> bool:
        return time.perf_counter() >= self.stop_at

    def spend(self, units: float) -> bool:
        """Account *units* of work; False once the budget or the clock is exhausted."""
        self.used += units
        return self.used < self.units and time.perf_counter() < self.stop_at


def outcome_table(view: SeatView, know: PlayKnowledge) -> tuple[list[float], float, float]:
    """The value of the deal's final card points for our team, 0..total (no sweep), and of each sweep.

    Returns (values by our team's final card points, value if we sweep, value if they sweep).
    """
    rules = view.rules
    mode = Mode(know.mode)
    total = TOTAL_POINTS[mode]
    team = know.seat & 1
    ann = know.announcer_team
    mult = know.multiplier
    contract = view.contract
    automatic = contract.automatic if contract is not None else False
    ours0, theirs0, target = view.scores[team], view.scores[1 - team], view.target
    before = win_chance(ours0, theirs0, target)

    def value(points_team: tuple[int, int], sweep: int | None) -> float:
        s = score_deal(rules, mode, mult, ann, points_team, sweep, automatic)
        if s.instant_win is not None:
            chance = 1.0 if s.instant_win == team else 0.0
        else:
            chance = win_chance(ours0 + s.match_points[team], theirs0 + s.match_points[1 - team], target)
        return WIN_SCALE * (chance - before)

    table = []
    for ours in range(total + 1):
        pts = (ours, total - ours) if team == 0 else (total - ours, ours)
        table.append(value(pts, None) + CARD_POINT_WEIGHT * (2 * ours - total))
    sweep_pts = (total, 0) if team == 0 else (0, total)
    us = value(sweep_pts, team) + CARD_POINT_WEIGHT * total
    them_pts = (0, total) if team == 0 else (total, 0)
    them = value(them_pts, 1 - team) - CARD_POINT_WEIGHT * total
    return table, us, them


def root_moves(know: PlayKnowledge) -> list[Card]:
    """The cards the search tries: the legal cards, zero-point cards with nothing between them counted once."""
    legal = legal_cards(know.hand, know.trick, know.mode, know.notrumps_must_rise)
    return list(cards_of(prune_equivalent(legal, _others(know), know.mode)))


def _others(know: PlayKnowledge) -> Mask:
    """Every card not in this hand that can still fall in this trick or later."""
    return FULL_DECK & ~know.hand & ~(know.played & ~mask_of(know.trick))


def equivalent(view: SeatView, a: Card, b: Card) -> bool:
    """Whether playing *a* or *b* comes to the same: zero-point cards of one suit with no card of another hand
    between them (the search plays only one of them). A review counts either as the expert's choice."""
    know = play_knowledge(view, inference=False)
    return a == b or prune_equivalent(mask_of((a, b)), _others(know), know.mode).bit_count() == 1


def policy_card(view: SeatView, know: PlayKnowledge, current: bool = True) -> tuple[Card, str]:
    """The advanced policy's card and its reason key: the search's tie-break, with a line a person understands.

    *current*: the advanced level's own card, the call it makes (``basic.play_card``); off, the play before
    issue 36 (``ExpertSettings.advanced_play``)."""
    partner_suit, avoid = advanced.signals(view)
    legal = legal_cards(know.hand, know.trick, know.mode, know.notrumps_must_rise)
    may = [know.may_hold(p) for p in range(4)]
    return heuristic_card(know.seat, know.hand, legal, know.trick, know.leader, know.mode, know.out, may,
                          know.announcer_team, ADVANCED, partner_suit, avoid, eva_leads=current,
                          last_led=last_led(view) if current else -1)


def play(view: SeatView, rng: random.Random, budget_ms: float, time_guard: bool,
         settings: ExpertSettings = SHIPPED) -> Decision:
    know = play_knowledge(view, inference=True)
    moves = root_moves(know)
    hint, hint_key = policy_card(view, know, settings.advanced_play)
    legal = legal_cards(know.hand, know.trick, know.mode, know.notrumps_must_rise)
    if len(moves) == 1:
        card = moves[0]
        key = "only_card" if not legal & (legal - 1) else (hint_key if hint == card else "equivalent")
        return decide(card, key, card=card_name(card))
    values, worlds, exact, history, distinct = search(view, know, moves, rng, budget_ms, time_guard,
                                                           max_worlds=settings.max_worlds, settings=settings)
    # Ties go to the policy's card: it has a reason a person understands.
    best = max(range(len(moves)), key=lambda i: (round(values[i], 6), moves[i] == hint, -i))
    # And so does a lead within the sampling noise: the search overrode a sound card on a few deals' luck
    # (last to play, ducking a 10-point trick with the master ace). Measured in docs/bots.md.
    if moves[best] != hint and hint in moves and worlds >= MIN_PAIRED:
        kept = moves.index(hint)
        lead, se = _paired(history[best], history[kept], bool(read_seats(view, settings)))
        if lead < settings.keep_se * se:
            best = kept
    card = moves[best]
    # "Exact play in each of N deals" counts each deal once: near the end the sample repeats the few left.
    shown = distinct if exact else worlds
    if card == hint:
        # The policy's line, and what the search saw (the hint's second line: bots/plan.figures).
        return decide(card, hint_key, card=card_name(card), searched="solved" if exact else "search",
                      worlds=str(shown))
    if hint in moves:
        # Name the card a person would think of, the policy's: the search rated it lower (ties go to it, above).
        return decide(card, "solved_over" if exact else "search_over", worlds=str(shown), card=card_name(card),
                      usual=card_name(hint))
    return decide(card, "solved" if exact else "search", worlds=str(shown), card=card_name(card))


def search(view: SeatView, know: PlayKnowledge, moves: list[Card], rng: random.Random, budget_ms: float,
           time_guard: bool, max_worlds: int = MAX_WORLDS, early_stop: bool = True,
           settings: ExpertSettings = SHIPPED) -> tuple[list[float], int, bool, list[list[float]], int]:
    """The mean value of each of *moves* over sampled deals: (values, deals sampled, whether solved exactly, the
    value of each move in each deal, how many of the deals differ when solved exactly)."""
    seat = know.seat
    team = seat & 1
    table, sweep_us, sweep_them = outcome_table(view, know)
    total = TOTAL_POINTS[know.mode]
    deadline = Deadline(budget_ms, time_guard, share=settings.play_share)
    others = [p for p in range(4) if p != seat]
    counts = {p: know.counts[p] for p in others}
    forbidden = {p: know.forbidden[p] for p in others}
    calls = [(int(s), c) for s, c in view.calls]
    bias = evidence_bias(calls, seat)
    signals = (signal_state(know.mode, [(int(t.leader), t.cards) for t in view.tricks], calls)
               if settings.playout_signals else None)
    exact = know.hand.bit_count() <= settings.exact_cards
    sums = [0.0] * len(moves)
    history: list[list[float]] = [[] for _ in moves]
    worlds = 0
    seen: set[tuple[Mask, ...]] = set()
    solver = Solver(know.mode, know.notrumps_must_rise, SWEEP) if exact else None
    won_before = (know.tricks_won[0] > 0, know.tricks_won[1] > 0)
    sampler = settings.sampler
    chain = None
    reading = read_seats(view, settings)
    if reading:
        chain = Chain(view, settings.read_play, settings.chain_steps, reading)
        sampler = chain
    while worlds < max_worlds:
        world = sampler(rng, know.out, counts, forbidden, bias)
        if world is None:
            break
        hands = [know.hand if p == seat else world[p] for p in range(4)]
        values: list[float] = []
        cost: float
        if solver is not None:
            solver.table.clear()
            nodes_before = solver.nodes
            mv = solver.move_values(hands, know.leader, know.trick, won_before, moves)
            for card in moves:
                values.append(_solved_value(mv[card], team, know.points, table, sweep_us, sweep_them, total))
            cost = exact_cost(solver.nodes - nodes_before)
        else:
            for card in moves:
                values.append(_rollout_value(hands, know, card, table, sweep_us, sweep_them, signals,
                                             settings.advanced_play))
                if worlds and deadline.late():
                    break  # out of time: this deal is left out
            if len(values) < len(moves):
                break
            cost = rollout_cost(know, len(moves))
        for i, v in enumerate(values):
            sums[i] += v
            history[i].append(v)
        if exact:
            seen.add(tuple(hands))
        worlds += 1
        if chain is not None:
            cost += chain.take_work()   # reading the opponents' cards is charged as the play-outs are
        if not deadline.spend(cost):
            break
        if early_stop and worlds >= MIN_PAIRED and worlds % 4 == 0 and _clear_winner(sums, history, chain is not None):
            break
    return [v / max(1, worlds) for v in sums], worlds, exact, history, len(seen)


def read_seats(view: SeatView, settings: ExpertSettings) -> list[int]:
    """The opponents whose earlier cards the search reads (:mod:`.posterior`): those the match names as advanced
    bots, whose card play is the policy read, once some card has been played (none if *settings* read nothing or
    give a sampler of their own).

    Only theirs: an expert, a person or another program does not play that policy, and reading them as if they did
    cost the expert cards in the audit's positions (tests/test_bots.py), however little it trusted the reading."""
    if settings.read_play <= 0.0 or settings.sampler is not sample_world or not (view.tricks or view.trick):
        return []   # nothing to read, or the lab's own sampler (tools/lab) to keep
    me = int(view.seat)
    return [p for p in (me ^ 1, me ^ 3) if view.players[p] == "advanced"]


def exact_cost(nodes: int, worlds: int = 1) -> float:
    """The work units of *worlds* sampled deals solved exactly in *nodes* nodes in all."""
    return nodes * 0.5 + 5 * worlds


def rollout_cost(know: PlayKnowledge, moves: int) -> float:
    """The work units of one sampled deal played out once for each of *moves* cards."""
    return moves * ((know.out | know.hand).bit_count() + 4)


def _paired(a: list[float], b: list[float], chained: bool = False) -> tuple[float, float]:
    """The mean of the differences a - b deal by deal, and its standard error (0 if they never vary).

    *chained*: the deals came from a Markov chain (:mod:`.posterior`), each close to the one before, so the error
    is widened by the differences' lag-1 correlation r, by sqrt((1 + r) / (1 - r)): the keep rule and the early stop
    then ask as much evidence of a chain's deals as of independent ones."""
    n = len(a)
    diffs = [x - y for x, y in zip(a, b, strict=True)]
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1) if n > 1 else 0.0
    se = math.sqrt(var / n)
    if chained and n > 2 and var > 0.0:
        r = sum((diffs[i] - mean) * (diffs[i + 1] - mean) for i in range(n - 1)) / ((n - 1) * var)
        r = min(max(r, 0.0), 0.9)
        se *= math.sqrt((1.0 + r) / (1.0 - r))
    return mean, se


def _clear_winner(sums: list[float], values: list[list[float]], chained: bool = False) -> bool:
    """True when the best card leads every other by three standard errors (paired), or ties it in every deal."""
    order = sorted(range(len(sums)), key=lambda i: -sums[i])
    best = order[0]
    for other in order[1:]:
        mean, se = _paired(values[best], values[other], chained)
        if se == 0.0:
            continue  # the same difference in every deal: either will do
        if mean < 3.0 * se:
            return False
    return True


def _solved_value(v: int, team: int, points_before: tuple[int, int], table: list[float], sweep_us: float,
                  sweep_them: float, total: int) -> float:
    sweep = None
    if v > SWEEP // 2:
        v -= SWEEP
        sweep = 0
    elif v < -SWEEP // 2:
        v += SWEEP
        sweep = 1
    team0 = points_before[0] + v
    if sweep is not None:
        return sweep_us if sweep == team else sweep_them
    ours = team0 if team == 0 else total - team0
    return table[max(0, min(total, ours))]


def _rollout_value(hands: list[Mask], know: PlayKnowledge, card: Card, table: list[float], sweep_us: float,
                   sweep_them: float, signals: SignalState | None = None, current: bool = True) -> float:
    """Play *card*, then the policy at every seat to the end of the deal (*current*: the advanced level's play as
    it is, else the play before issue 36)."""
    seat = know.seat
    h = list(hands)
    h[seat] &= ~(1 << card)
    trick = know.trick + [card]
    forbidden = list(know.forbidden)
    if know.trick and card >> 3 != know.trick[0] >> 3:
        forbidden[seat] |= SUIT_MASKS[know.trick[0] >> 3]
    (pts, tricks) = policy_playout(h, know.mode, know.leader, trick, know.announcer_team, forbidden, know.points,
                                   know.tricks_won, know.notrumps_must_rise, signals=signals, eva_leads=current)
    team = seat & 1
    if tricks[team] == 8:
        return sweep_us
    if tricks[1 - team] == 8:
        return sweep_them
    return table[pts[team]]


# -- negotiation ---------------------------------------------------------------------------------------------------


def bid(view: SeatView, rng: random.Random, budget_ms: float, time_guard: bool,
        settings: ExpertSettings = SHIPPED) -> Decision:
    seat = int(view.seat)
    team = seat & 1
    legal = [a for a in view.legal if isinstance(a, Call)]
    first = int(view.dealer.next)
    we_lead = first & 1 == team
    calls = [(int(s), c) for s, c in view.calls]
    look = outlook(view.hand, we_lead, calls, seat, context=True)
    contract = view.contract
    current = None if contract is None else (int(contract.mode), contract.announcer_team, contract.multiplier)
    # The modes whose outcome a legal call depends on: ours to announce or keep, theirs to accept or double.
    ours = {int(c.mode) for c in legal if c.mode is not None and c.kind is not CallKind.DOUBLE}
    theirs = {int(c.mode) for c in legal if c.mode is not None and c.kind is CallKind.DOUBLE}
    if current is not None:
        (ours if current[1] == team else theirs).add(current[0])
    simulated = _simulate_modes(view, rng, budget_ms, time_guard, calls, first, sorted(ours), sorted(theirs),
                                settings.bid_advanced_play)
    if simulated is not None:
        look = _blend(look, simulated)
    scores = (view.scores[team], view.scores[1 - team], view.target)
    choice = choose_call(view.rules, legal, look, seat, current, scores, forced=not view.calls,
                         double_margin=ADVANCED_DOUBLE, double_risk=True)
    return call_decision(view.rules, choice, view.hand, look, current)   # its line: what supports the call


def _simulate_modes(view: SeatView, rng: random.Random, budget_ms: float, time_guard: bool,
                    calls: list[tuple[int, Call]], first: int, ours_modes: list[int],
                    theirs_modes: list[int], current: bool = False
                    ) -> tuple[dict[int, float], dict[int, float], int] | None:
    """Mean card points of our team, announcing in *ours_modes* and defending in *theirs_modes*, over
    sampled full deals (the five cards held, the bids' evidence); *current*: played out with the advanced level's
    card play as it is, else the play before issue 36."""
    seat = int(view.seat)
    team = seat & 1
    hand = view.hand
    unseen = FULL_DECK & ~hand
    counts = {p: 8 for p in range(4) if p != seat}
    counts[seat] = 8 - hand.bit_count()
    forbidden = {p: 0 for p in counts}
    bias = evidence_bias(calls, seat)
    deadline = Deadline(budget_ms, time_guard, share=BID_SHARE)
    ours = dict.fromkeys(ours_modes, 0.0)
    theirs = dict.fromkeys(theirs_modes, 0.0)
    cost = 36 * (len(ours) + len(theirs)) + 10
    n = 0
    while n < BID_WORLDS:
        world = sample_world(rng, unseen, counts, forbidden, bias)
        if world is None:
            return None
        hands = [world[p] | (hand if p == seat else 0) for p in range(4)]
        for mode in ours:
            ours[mode] += policy_playout(hands, mode, first, (), team, eva_leads=current)[0][team]
        for mode in theirs:
            theirs[mode] += policy_playout(hands, mode, first, (), 1 - team, eva_leads=current)[0][team]
        n += 1
        if not deadline.spend(cost):
            break
    if n == 0:
        return None
    return {m: v / n for m, v in ours.items()}, {m: v / n for m, v in theirs.items()}, n


def _blend(look: Outlook, simulated: tuple[dict[int, float], dict[int, float], int]) -> Outlook:
    """The fitted estimates, moved toward the simulated means as far as the number of deals allows."""
    ours, theirs, n = simulated
    w = n / (n + 24.0)
    out = Outlook(list(look.ours), list(look.theirs), [s * 0.9 for s in look.spread])
    for mode, mean in ours.items():
        out.ours[mode] = (1 - w) * out.ours[mode] + w * mean
    for mode, mean in theirs.items():
        out.theirs[mode] = (1 - w) * out.theirs[mode] + w * mean
    return out


def choose(view: SeatView, rng: random.Random, budget_ms: float = 250.0, time_guard: bool = True,
           settings: ExpertSettings = SHIPPED) -> Decision:
    """The expert level's action for *view*, thinking at most about *budget_ms*; *settings* for experiments only."""
    if view.turn != view.seat or not view.actions:
        raise GiretraError(f"{view.seat.api_name} has nothing to do now", "not_your_turn")
    if view.phase == "cut":
        return decide(Cut(rng.randint(6, 26)), "cut")
    if view.phase == "negotiation":
        return bid(view, rng, budget_ms, time_guard, settings)
    return play(view, rng, budget_ms, time_guard, settings)

