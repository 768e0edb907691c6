"""Two variants of the expert, measured: the same duplicate deals played with two values of keep_se (or of the
play-outs' signals).

    python tools/lab/bench_keep.py --pairs 400 --seeds 3 4 5 --keep 0 1
    python tools/lab/bench_keep.py --pairs 400 --seeds 3 4 5 --keep 1 1 --signals 0 1
    python tools/lab/bench_keep.py --pairs 300 --seeds 3801 --set advanced_play=0 advanced_play=1
    python tools/lab/bench_keep.py --pairs 300 --seeds 3901 --own-bids --set - bid_advanced_play=1

--replay BASE NEW: the card search's deals fit the opponents' earlier cards as the advanced policy plays them
(tools/lab/replay.py, 40 tries a deal): 'leads' their leads only, 'all' every card of theirs; 'none' the expert's own.

--opponent LEVEL: both variants play against this level instead of the advanced one (e.g. expert, or
tools.lab.eva:choose, the reference's heuristic bot): does a variant that reads the advanced policy hold against others?

--own-bids: each side bids for itself (the expert variant too), so a change of the expert's negotiation shows; the
figures are then the first deal of a match, whatever contract the four bots reached.

--set BASE NEW gives any other fields of ExpertSettings, as field=value[,field=value] (numbers; 0/1 for a switch).

The expert keeps the advanced policy's card unless the search's best card beats it by keep_se paired standard
errors (bots/expert.py, ExpertSettings.keep_se); with --signals the players of its play-outs read the advanced
level's signals or not (ExpertSettings.playout_signals). Both variants play the same duplicate deals against the
advanced level, the advanced level bidding for all four seats (as in docs/bots.md, "How close to perfect").
Common random numbers: each variant seeds its sampling from the position alone, so in any position both sample
exactly the same deals and only the rule differs; the comparison is then paired deal pair by deal pair, and far
tighter than two arena runs.
Prints, per seed and over all seeds, each variant's card points and match points a deal against the advanced level
and the difference with its 95 % interval. No clock guard: the figures do not depend on the machine's load.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import os
import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))   # the repository: giretra_core and tools.lab

from giretra_core import arena  # noqa: E402
from giretra_core.bots import Decision, expert  # noqa: E402
from giretra_core.bots.expert import ExpertSettings  # noqa: E402
from giretra_core.views import SeatView  # noqa: E402
from tools.lab import replay  # noqa: E402

LEVEL = f"{Path(__file__).resolve()}:expert_keep"


def expert_keep(view: SeatView, rng: random.Random, budget_ms: float = 250.0, time_guard: bool = True) -> Decision:
    """The expert with keep_se and the play-outs' signals from the environment, its RNG seeded by the position (not
    by the arena)."""
    position = (int(view.seat), view.hand, view.trick, view.played, view.deal_number, view.scores, view.calls)
    settings = ExpertSettings(keep_se=float(os.environ["GIRETRA_KEEP_SE"]),
                              playout_signals=os.environ["GIRETRA_PLAYOUT_SIGNALS"] == "1",
                              **json.loads(os.environ.get("GIRETRA_EXPERT_SET", "{}")))
    reading = os.environ.get("GIRETRA_REPLAY", "none")
    if reading != "none" and view.phase == "play" and view.turn == view.seat:
        settings = dataclasses.replace(settings, sampler=replay.replay_sampler(view, leads_only=reading == "leads"))
    return expert.choose(view, random.Random(repr(position)), budget_ms, time_guard, settings)


def parse_set(spec: str) -> dict[str, object]:
    """``advanced_play=0,exact_cards=5`` -> the ExpertSettings fields it sets ('-': none)."""
    fields = {f.name: f for f in dataclasses.fields(ExpertSettings)}
    out: dict[str, object] = {}
    for item in filter(None, spec.split(",")) if spec != "-" else ():
        name, _, value = item.partition("=")
        if name not in fields or name in ("keep_se", "playout_signals", "sampler"):
            raise SystemExit(f"--set: no such field to set: {name}")
        default = getattr(ExpertSettings(), name)
        out[name] = bool(int(value)) if isinstance(default, bool) else type(default)(float(value))
    return out


def set_variant(keep: float, signals: int, fields: dict[str, object], reading: str = "none") -> None:
    os.environ["GIRETRA_REPLAY"] = reading
    os.environ["GIRETRA_KEEP_SE"] = str(keep)
    os.environ["GIRETRA_PLAYOUT_SIGNALS"] = str(signals)
    os.environ["GIRETRA_EXPERT_SET"] = json.dumps(fields)


BIDDER: str | None = "advanced"   # who bids for all four seats (None: each side for itself, --own-bids)
OPPONENT = "advanced"             # whom both variants play against (--opponent)


def play_pair(seed: int, i: int) -> tuple[float, float]:
    """Deal pair *i*: the mean card points and match points a deal, expert minus advanced."""
    sides = {"A": arena.Side(LEVEL), "B": arena.Side(OPPONENT)}
    pair_seed = arena.deal_pair_seed(seed, i)
    legs = [arena.play_leg(pair_seed, (LEVEL, OPPONENT), team, "giretra.com", 250.0, sides, 1, BIDDER, False)
            for team in (0, 1)]
    return sum(leg.cp_a - leg.cp_b for leg in legs) / 2, sum(leg.mp_a - leg.mp_b for leg in legs) / 2


def resolved(keep: float, signals: int, fields: dict[str, object], reading: str) -> dict[str, object]:
    """Every setting a variant plays with, its defaults resolved: a row file records them, since a default may change
    between two runs ('-' at one commit is not '-' at the next)."""
    settings = ExpertSettings(keep_se=keep, playout_signals=bool(signals), **fields)   # type: ignore[arg-type]
    out: dict[str, object] = {f.name: getattr(settings, f.name) for f in dataclasses.fields(settings)
                              if f.name != "sampler"}
    return out | {"replay": reading}


def play(variants: list[tuple[float, int, dict[str, object], str]], seed: int, pairs: int, rows_file: str = "",
         known: dict[tuple[int, int], tuple[float, float]] | None = None
         ) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    """Per deal pair, both variants in turn (so that a run stopped early is still paired): (base, new). With
    *rows_file*, each pair's row is appended to it as a JSON line: two runs sharing a base on one seed (the base is
    deterministic) then compare their new variants pair by pair (tools/lab/rows_diff.py). *known*: (seed, pair) ->
    the base's row from such a file, not played again."""
    rows = []
    for i in range(pairs):
        row = []
        for k, (keep, signals, fields, reading) in enumerate(variants):
            if k == 0 and known is not None and (seed, i) in known:
                row.append(known[seed, i])
                continue
            set_variant(keep, signals, fields, reading)
            row.append(play_pair(seed, i))
        rows.append((row[0], row[1]))
        if rows_file:
            with open(rows_file, "a", encoding="utf-8") as out:
                out.write(json.dumps({"seed": seed, "pair": i, "base": row[0], "new": row[1],
                                      "settings": [resolved(*v) for v in variants]}) + "\n")
        if (i + 1) % 25 == 0:
            print(f"  {i + 1} pairs: difference {mean_ci([b[0] - a[0] for a, b in rows])} card points, "
                  f"{mean_ci([b[1] - a[1] for a, b in rows])} match points a deal", file=sys.stderr, flush=True)
    return rows


def mean_ci(values: list[float]) -> str:
    m = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else float("nan")
    return f"{m:+.2f} ± {half:.2f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pairs", type=int, default=400, help="duplicate deal pairs per seed")
    parser.add_argument("--seeds", type=int, nargs="+", default=[3, 4, 5])
    parser.add_argument("--keep", type=float, nargs=2, default=[0.0, 1.0], metavar=("BASE", "NEW"))
    parser.add_argument("--signals", type=int, nargs=2, choices=(0, 1), default=[1, 1], metavar=("BASE", "NEW"),
                        help="1: the play-outs' players read the signals")
    parser.add_argument("--set", nargs=2, default=["-", "-"], metavar=("BASE", "NEW"),
                        help="other ExpertSettings fields, field=value[,field=value] ('-': the defaults)")
    parser.add_argument("--replay", nargs=2, choices=("none", "leads", "all"), default=["none", "none"],
                        metavar=("BASE", "NEW"), help="the search's deals fit the opponents' earlier leads ('leads') "
                        "or cards ('all') as the advanced policy plays them (tools/lab/replay.py)")
    parser.add_argument("--rows", default="", help="append each pair's row to this file, as JSON lines")
    parser.add_argument("--base-rows", default="", help="a --rows file of an earlier run with the same base (and "
                        "opponent): its base rows are taken, not played again (the base is deterministic)")
    parser.add_argument("--own-bids", action="store_true",
                        help="each side bids for itself (else the advanced level bids for all four seats)")
    parser.add_argument("--opponent", default="advanced",
                        help="whom both variants play against: a level, or MODULE:FUNCTION (e.g. tools.lab.eva:choose)")
    args = parser.parse_args()
    global BIDDER, OPPONENT
    if args.own_bids:
        BIDDER = None
    OPPONENT = args.opponent
    sets = [parse_set(spec) for spec in args.set]
    known = None
    if args.base_rows:
        with open(args.base_rows, encoding="utf-8") as rows_in:
            taken = list(map(json.loads, rows_in))
        wanted = resolved(args.keep[0], args.signals[0], sets[0], args.replay[0])
        for r in taken:
            if r.get("settings", [None])[0] != wanted:
                raise SystemExit(f"--base-rows: the row of seed {r['seed']}, pair {r['pair']} was played with other "
                                 f"base settings ({r.get('settings', ['not recorded'])[0]}) than {wanted}")
        known = {(r["seed"], r["pair"]): tuple(r["base"]) for r in taken}
    base = f"keep {args.keep[0]:g} signals {args.signals[0]} {args.set[0]} replay {args.replay[0]}"
    new = f"keep {args.keep[1]:g} signals {args.signals[1]} {args.set[1]} replay {args.replay[1]}"
    every: list[tuple[tuple[float, float], tuple[float, float]]] = []
    for seed in args.seeds:
        rows = play([(args.keep[0], args.signals[0], sets[0], args.replay[0]),
                     (args.keep[1], args.signals[1], sets[1], args.replay[1])], seed, args.pairs, args.rows, known)
        every += rows
        report(f"seed {seed}", rows, base, new)
    if len(args.seeds) > 1:
        report("all seeds", every, base, new)


def report(title: str, rows: list[tuple[tuple[float, float], tuple[float, float]]], base: str, new: str) -> None:
    for j, unit in ((0, "card points"), (1, "match points")):
        a = [r[0][j] for r in rows]
        b = [r[1][j] for r in rows]
        diff = mean_ci([y - x for x, y in zip(a, b, strict=True)])
        print(f"{title}, {len(rows)} pairs, {unit} a deal vs advanced: {base} {statistics.fmean(a):+.2f}, "
              f"{new} {statistics.fmean(b):+.2f}, difference {diff}",
              flush=True)


if __name__ == "__main__":
    main()
