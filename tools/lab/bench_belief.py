"""How well does a seat know where the hidden cards are?  ``python tools/lab/bench_belief.py --deals 60 --seed 500``

First, what the calls say: for every seat at the start of the play (the advanced level bids at all
four seats), three beliefs about where the 24 hidden cards are, each a set of sampled deals:

* ``uniform`` — counts only (nothing read from the calls);
* ``expert``  — the expert's sampler, leaning toward what the bids say (``inference.evidence_bias``);
* ``exact``   — the exact posterior of the calls: uniform deals kept only when the advanced bidder,
  replayed on five of each other seat's eight cards (drawn at random: which five came first is
  unknown), makes every call that seat made — rejection sampling, offline only (far too slow to play).

Printed: how often a hidden card is placed in the hand that really holds it (chance: 1/3), over
all hidden cards and over the honours (aces, tens, jacks, nines), with the share of deals the
exact posterior kept.

Then, trick by trick (the advanced level playing all four seats; every card decision counts): the
expert's belief (the calls' evidence and the voids read from the play); the same with the
opponents' earlier cards replayed through the advanced policy (:mod:`giretra_core.bots.replay`,
the arena's ``replay`` level: their posterior, since they are that policy, with at most 40 deals
tried per kept one); and the blurred sight of the arena's ``sighted-blur-P1/.../P8`` level with
``--schedule P1/.../P8``, so that the belief such a level stands for can be read in the same
unit; and the same posterior as the replay's drawn by the expert's Markov chain (:mod:`giretra_core.bots.posterior`),
with the time a deal of each.  Reproducible from the seed (tools/lab/README.md, "What the expert lacks"), but for
the times.
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))   # the repository: giretra_core and tools.lab

from giretra_core import bots  # noqa: E402
from giretra_core.arena import _cut_for  # noqa: E402  (the arena's seeded cuts)
from giretra_core.bots.basic import bid  # noqa: E402
from giretra_core.bots.cardplay import ADVANCED  # noqa: E402
from giretra_core.bots.expert import ExpertSettings, Sampler  # noqa: E402
from giretra_core.bots.inference import evidence_bias, sample_world  # noqa: E402
from giretra_core.bots.knowledge import play_knowledge  # noqa: E402
from giretra_core.bots.posterior import Chain  # noqa: E402
from giretra_core.cards import FULL_DECK, Mask, cards_of  # noqa: E402
from giretra_core.deal import Action  # noqa: E402
from giretra_core.match import Match  # noqa: E402
from giretra_core.seats import Seat  # noqa: E402
from giretra_core.views import SeatView, seat_view  # noqa: E402
from tools.lab.replay import replay_sampler  # noqa: E402
from tools.lab.sighted import real_deal  # noqa: E402

HONOURS = {2, 3, 4, 7}   # ranks 9, 10, J, A
WORLDS = 300             # sampled deals for the uniform and expert beliefs
MIN_KEPT = 10            # a seat counts only if the exact posterior kept this many deals


def _advanced_call(view: SeatView, hand: Mask) -> Action:
    team = int(view.seat) & 1
    return bid(dataclasses.replace(view, hand=hand), ADVANCED,
               (view.scores[team], view.scores[1 - team], view.target)).action


def _placed(worlds: list[dict[int, Mask]], real: tuple[Mask, ...], seat: int, honours: bool,
            hidden: Mask = FULL_DECK) -> float:
    """Mean share of *worlds* putting a hidden card in the hand that holds it."""
    shares = []
    for p in range(4):
        if p == seat:
            continue
        for c in cards_of(real[p] & hidden):
            if honours and c & 7 not in HONOURS:
                continue
            shares.append(sum(1 for w in worlds if w[p] >> c & 1) / len(worlds))
    return statistics.fmean(shares)


def per_trick(deals: int, seed0: int, schedule: list[int], tries: int
              ) -> tuple[dict[int, tuple[list[float], ...]], dict[int, list[int]], dict[int, tuple[list[float], ...]]]:
    """Trick -> (the expert's belief, the opponents' cards replayed, the blurred sight, the same posterior drawn by
    the expert's chain): share of hidden cards placed right, per decision; trick -> the replay's [deals kept, deals
    returned unfiltered]; and trick -> the microseconds a deal of each belief took, per decision."""
    found: dict[int, tuple[list[float], ...]] = {t: ([], [], [], []) for t in range(1, 9)}
    times: dict[int, tuple[list[float], ...]] = {t: ([], [], [], []) for t in range(1, 9)}
    replayed = {t: [0, 0] for t in range(1, 9)}
    for d in range(deals):
        seed = seed0 + d
        m = Match.new(seed=seed)
        m = m.apply(m.deal.cutter, _cut_for(seed, 0))
        rng = random.Random(f"belief-play/{seed}")
        while not m.history:
            who = m.turn
            assert who is not None
            view = seat_view(m, who)
            if view.phase == "play" and view.hand.bit_count() > 1:
                know = play_knowledge(view)
                seat = int(who)
                counts = {p: know.counts[p] for p in range(4) if p != seat}
                limits = {p: know.forbidden[p] for p in counts}
                bias = evidence_bias([(int(s), c) for s, c in view.calls], seat)
                trick = len(view.tricks) + 1
                blurred = real_deal(m, who, blur=schedule[trick - 1])
                replay = replay_sampler(view, tries=tries, stats=replayed[trick])
                chain = Chain(view, 1.0, ExpertSettings().chain_steps)
                samplers: tuple[Sampler, ...] = (sample_world, replay, blurred, chain)
                for i, sampler in enumerate(samplers):
                    start = time.perf_counter()
                    worlds = [sampler(rng, know.out, counts, limits, bias) or {} for _ in range(WORLDS // 3)]
                    times[trick][i].append((time.perf_counter() - start) * 1e6 / len(worlds))
                    found[trick][i].append(_placed(worlds, m.deal.hands, seat, False, know.out))
            m = m.apply(who, bots.choose("advanced", view, rng).action)
    return found, replayed, times


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--deals", type=int, default=60)
    ap.add_argument("--proposals", type=int, default=1500, help="uniform deals tried per seat for the exact posterior")
    ap.add_argument("--seed", type=int, default=500)
    ap.add_argument("--schedule", default="2/6/12/20/32/44/60/80",
                    help="the blurred sight to compare, %% of hidden cards seen by trick (as the arena's level)")
    ap.add_argument("--skip-calls", action="store_true", help="only the trick-by-trick part")
    ap.add_argument("--tries", type=int, default=40, help="the replay: deals tried per kept deal at most")
    args = ap.parse_args(argv)
    schedule = [int(p) for p in args.schedule.split("/")]
    if len(schedule) != 8 or not all(0 <= p <= 100 for p in schedule):
        ap.error("--schedule: eight values 0..100 joined by '/'")
    if not args.skip_calls:
        _calls(args.deals, args.proposals, args.seed)
    rows, replayed, times = per_trick(args.deals, args.seed, schedule, args.tries)
    print(f"\ntrick by trick ({args.deals} deals, the advanced level at every seat; every card decision):")
    print(f"trick   decisions   expert's belief   opponents replayed (unfiltered, {args.tries} tries)   "
          f"blurred sight {args.schedule}   the chain (bots/posterior.py)   µs a deal: replayed, chain")
    for t, (ours, replay, blurred, chain) in rows.items():
        if ours:
            kept, unfiltered = replayed[t]
            print(f"{t:5} {len(ours):11} {statistics.fmean(ours):>17.1%} {statistics.fmean(replay):>20.1%} "
                  f"({unfiltered / (kept + unfiltered):6.1%}) {statistics.fmean(blurred):>24.1%} "
                  f"{statistics.fmean(chain):>30.1%} {statistics.median(times[t][1]):>12.0f} "
                  f"{statistics.median(times[t][3]):>6.0f}")
    return 0


def _calls(deals: int, proposals: int, seed0: int) -> None:
    """The first part: what the calls say, at the start of the play."""
    found: dict[str, list[float]] = {k: [] for k in ("uniform", "expert", "exact")}
    found_h: dict[str, list[float]] = {k: [] for k in found}
    kept: list[float] = []
    skipped = 0
    for d in range(deals):
        seed = seed0 + d
        m = Match.new(seed=seed)
        m = m.apply(m.deal.cutter, _cut_for(seed, 0))
        spoken: list[tuple[int, SeatView, Action]] = []   # (seat, its view when it spoke, its call)
        while m.current_phase == "negotiation":
            who = m.turn
            assert who is not None
            view = seat_view(m, who)
            call = _advanced_call(view, view.hand)
            spoken.append((int(who), view, call))
            m = m.apply(who, call)
        real = m.deal.hands
        rng = random.Random(f"belief/{seed}")
        for observer in Seat:
            seat = int(observer)
            unseen = FULL_DECK & ~real[seat]
            counts = {p: 8 for p in range(4) if p != seat}
            free = {p: 0 for p in counts}
            calls = [(int(s), c) for s, c in seat_view(m, observer).calls]
            beliefs: dict[str, list[dict[int, Mask]]] = {"uniform": [], "expert": [], "exact": []}
            for _ in range(WORLDS):
                beliefs["uniform"].append(sample_world(rng, unseen, counts, free) or {})
                beliefs["expert"].append(sample_world(rng, unseen, counts, free, evidence_bias(calls, seat)) or {})
            for _ in range(proposals):
                w = sample_world(rng, unseen, counts, free) or {}
                if all(_advanced_call(v, sum(1 << c for c in rng.sample(list(cards_of(w[s])), 5))) == call
                       for s, v, call in spoken if s != seat):
                    beliefs["exact"].append(w)
            kept.append(len(beliefs["exact"]) / proposals)
            if len(beliefs["exact"]) < MIN_KEPT:
                skipped += 1   # too few kept deals to say anything: the seat is left out of every belief
                continue
            for name, worlds in beliefs.items():
                found[name].append(_placed(worlds, real, seat, False))
                found_h[name].append(_placed(worlds, real, seat, True))
    print(f"{deals} deals x 4 seats, seed {seed0}; exact posterior: {statistics.fmean(kept):.1%} of "
          f"{proposals} deals kept; {skipped} of {4 * deals} seats left out (fewer than {MIN_KEPT} kept)")
    print("belief    hidden card in the right hand   honours (A, 10, J, 9)")
    for name in found:
        print(f"{name:9} {statistics.fmean(found[name]):>10.1%} {statistics.fmean(found_h[name]):>24.1%}")


if __name__ == "__main__":
    raise SystemExit(main())
