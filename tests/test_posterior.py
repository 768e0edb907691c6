"""The opponents' hands read from their play (giretra_core/bots/posterior.py): the earlier cards replayed through the
advanced policy, and the Metropolis chain that draws the expert's deals from them."""

from __future__ import annotations

import math
import random

import pytest
from helpers import advanced_positions

from giretra_core.bots import expert
from giretra_core.bots.expert import ExpertSettings
from giretra_core.bots.inference import sample_world
from giretra_core.bots.knowledge import PlayKnowledge, play_knowledge
from giretra_core.bots.posterior import Chain, EarlierCards
from giretra_core.cards import cards_of
from giretra_core.match import Match
from giretra_core.seats import Seat
from giretra_core.views import SeatView, seat_view


def _opponents(view: SeatView) -> list[int]:
    return [int(view.seat) ^ 1, int(view.seat) ^ 3]


def test_advanced_players_real_hands_explain_every_earlier_card_and_other_deals_do_not() -> None:
    positions = advanced_positions(range(60, 64))
    rejected = 0
    for match, seat in positions:
        view = seat_view(match, seat)
        earlier = EarlierCards(view, _opponents(view))
        for p in _opponents(view):
            assert earlier.misses(p, match.deal.hands[p]) == 0, (seat, p)   # they are that policy
        know = play_knowledge(view)
        others = [p for p in range(4) if p != seat]
        world = sample_world(random.Random(len(view.tricks)), know.out, {p: know.counts[p] for p in others},
                             {p: know.forbidden[p] for p in others})
        assert world is not None
        rejected += sum(earlier.misses(p, world[p], stop_after=1) for p in _opponents(view)) > 0
    assert len(positions) == 4 * 32 and rejected > len(positions) // 3   # the reading says something


def _trick_leader(trick: int) -> tuple[Match, Seat]:
    return advanced_positions(range(61, 62))[4 * (trick - 1)]


def _sampling(trick: int) -> tuple[Match, SeatView, PlayKnowledge, dict[int, int], dict[int, int]]:
    """The leader of *trick* in seed 61's deal: the match, its view and knowledge, and the other seats' card counts
    and barred cards, as the expert's search passes them to a sampler."""
    match, seat = _trick_leader(trick)
    view = seat_view(match, seat)
    know = play_knowledge(view)
    counts = {p: know.counts[p] for p in range(4) if p != seat}
    return match, view, know, counts, {p: know.forbidden[p] for p in counts}


def test_the_chain_keeps_every_hand_whole_and_legal_and_explains_the_opponents_cards() -> None:
    match, view, know, counts, forbidden = _sampling(4)
    chain = Chain(view, trust=1.0, steps=8)
    check = EarlierCards(view, _opponents(view))
    rng = random.Random(5)
    right = {"plain": 0, "chain": 0}
    worlds = set()
    for _ in range(60):
        world = chain(rng, know.out, counts, forbidden)
        plain = sample_world(rng, know.out, counts, forbidden)
        assert world is not None and plain is not None
        assert all(world[p].bit_count() == counts[p] and not world[p] & forbidden[p] for p in counts)
        assert sum(world.values()) == know.out and sum(world.values()) == sum(plain.values())
        assert all(check.misses(p, world[p]) == 0 for p in _opponents(view))   # trust 1: the posterior only
        worlds.add(tuple(sorted(world.items())))
        for name, w in (("plain", plain), ("chain", world)):
            right[name] += sum((w[p] & match.deal.hands[p]).bit_count() for p in counts)
    assert right["chain"] > right["plain"] * 1.1   # sharper than the counts and voids alone
    assert len(worlds) > 10                         # and it moves
    assert chain.accepted > 0 and chain.proposed == 8 * (60 + Chain.BURN_IN - 1)
    # Its work is what the expert charges: every policy call and every step, taken once.
    assert chain.take_work() == chain.work > chain.proposed * Chain.WORK_PER_STEP
    assert chain.take_work() == 0


def test_a_trust_below_one_keeps_some_deals_the_policy_does_not_explain() -> None:
    match, view, know, counts, forbidden = _sampling(4)
    check = EarlierCards(view, _opponents(view))
    missed = {}
    for trust in (1.0, 0.5):
        chain = Chain(view, trust=trust, steps=8)
        rng = random.Random(9)
        draws = [chain(rng, know.out, counts, forbidden) for _ in range(80)]
        missed[trust] = sum(sum(check.misses(p, w[p]) for p in _opponents(view)) > 0 for w in draws if w)
    assert missed[1.0] == 0 and missed[0.5] > 8


def test_the_expert_reading_the_play_charges_the_chain_and_plays_legal_reproducible_cards() -> None:
    match, seat = _trick_leader(3)
    view = seat_view(match, seat)
    reading = ExpertSettings(read_play=1.0)
    first = expert.choose(view, random.Random(3), 250.0, False, reading)
    again = expert.choose(view, random.Random(3), 250.0, False, reading)
    assert first.action == again.action and first.action in view.legal
    know = play_knowledge(view, inference=True)
    moves = expert.root_moves(know)
    plain = expert.search(view, know, moves, random.Random(3), 250.0, False, early_stop=False,
                          settings=ExpertSettings(read_play=0.0))[1]
    read = expert.search(view, know, moves, random.Random(3), 250.0, False, early_stop=False, settings=reading)[1]
    assert 0 < read < plain   # the same budget buys fewer deals: the chain's work is counted


def test_the_expert_reads_only_opponents_the_match_names_as_advanced_bots() -> None:
    match, seat = _trick_leader(3)
    me = int(seat)
    on = ExpertSettings(read_play=1.0)
    assert expert.read_seats(seat_view(match, seat), on) == [me ^ 1, me ^ 3]
    assert expert.read_seats(seat_view(match, seat), ExpertSettings(read_play=0.0)) == []
    players = ["advanced"] * 4
    players[me ^ 1] = "expert"
    players[me ^ 3] = "human"
    assert expert.read_seats(seat_view(match.with_players(players), seat), on) == []
    players[me ^ 3] = "advanced"
    assert expert.read_seats(seat_view(match.with_players(players), seat), on) == [me ^ 3]
    # Nothing to read before the first card.
    first = advanced_positions(range(61, 62))[0]
    assert expert.read_seats(seat_view(*first), on) == []


def _all_deals(unseen: int, counts: dict[int, int], forbidden: dict[int, int]) -> list[dict[int, int]]:
    """Every way to give the *unseen* cards to the seats of *counts*, none to a seat barred from it."""
    seats = sorted(counts)
    found: list[dict[int, int]] = []

    def place(cards: list[int], hands: dict[int, int]) -> None:
        if not cards:
            found.append(dict(hands))
            return
        c = cards[0]
        for p in seats:
            if hands[p].bit_count() < counts[p] and not forbidden[p] >> c & 1:
                hands[p] |= 1 << c
                place(cards[1:], hands)
                hands[p] &= ~(1 << c)

    place(list(cards_of(unseen)), dict.fromkeys(seats, 0))
    return found


@pytest.mark.parametrize("trust", [1.0, 0.5])
def test_the_chain_draws_each_card_where_its_target_puts_it(trust: float) -> None:
    # Trick 6: 9 hidden cards, every possible deal listed. The target: made-up bid weights (a product over the cards
    # each seat holds) times (1 - trust) per earlier card the policy would not have played. The chain's share of
    # draws that give a seat a card must match the target's, card by card.
    match, view, know, counts, forbidden = _sampling(6)
    weights = random.Random(11)
    bias = {p: [weights.choice((0.4, 1.0, 2.5)) for _ in range(32)] for p in counts}
    earlier = EarlierCards(view, _opponents(view))
    deals = _all_deals(know.out, counts, forbidden)
    assert 50 < len(deals) < 2000
    target = []
    for deal in deals:
        w = math.prod(bias[p][c] for p in counts for c in cards_of(deal[p]))
        target.append(w * (1.0 - trust) ** sum(earlier.misses(p, deal[p]) for p in _opponents(view)))
    total = sum(target)
    expected = {(p, c): sum(w for deal, w in zip(deals, target, strict=True) if deal[p] >> c & 1) / total
                for p in counts for c in cards_of(know.out)}
    chain = Chain(view, trust=trust, steps=8)
    rng = random.Random(2)
    draws = 4000
    seen = dict.fromkeys(expected, 0)
    for _ in range(draws):
        world = chain(rng, know.out, counts, forbidden, bias)
        assert world is not None
        for p, c in seen:
            seen[p, c] += world[p] >> c & 1
    worst = max(abs(seen[k] / draws - expected[k]) for k in expected)
    assert worst < 0.05, worst
    # And the target is not the sampler's spread: the check above could not pass by chance.
    assert max(abs(v - 1 / 3) for v in expected.values()) > 0.2


def test_a_chains_error_is_widened_by_the_lag_one_correlation_of_its_differences() -> None:
    a = [3.0, 2.5, 2.0, 1.0, 0.5, -0.5, -1.0, -2.0, -2.5, -1.5, 0.0, 1.5]   # each difference close to the one before
    b = [0.0] * len(a)
    mean, se = expert._paired(a, b)
    n = len(a)
    r = sum((a[i] - mean) * (a[i + 1] - mean) for i in range(n - 1)) / sum((x - mean) ** 2 for x in a)
    assert 0.5 < r < 0.9
    assert expert._paired(a, b, chained=True) == pytest.approx((mean, se * math.sqrt((1 + r) / (1 - r))))
    smooth = [float(i) for i in range(40)]   # r near 1: the widening stops at r = 0.9
    plain = expert._paired(smooth, [0.0] * 40)
    assert expert._paired(smooth, [0.0] * 40, chained=True)[1] == pytest.approx(plain[1] * math.sqrt(1.9 / 0.1))
    alternating = [1.0, -1.0] * 10   # r < 0: not narrowed
    assert expert._paired(alternating, [0.0] * 20, chained=True) == expert._paired(alternating, [0.0] * 20)


def test_a_lab_sampler_turns_the_reading_off_and_a_chain_refuses_a_trust_out_of_range() -> None:
    match, seat = _trick_leader(3)
    view = seat_view(match, seat)
    assert expert.read_seats(view, ExpertSettings(read_play=1.0, sampler=lambda *args: None)) == []
    for trust in (0.0, -0.5, 1.5):
        with pytest.raises(ValueError, match="trust"):
            Chain(view, trust=trust, steps=8)
