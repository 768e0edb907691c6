"""``python -m giretra_core``: play a seeded match between bots and print its log.

    python -m giretra_core --seed 7                      # a readable log
    python -m giretra_core --seed 7 --rules play.giretra.com --json
    python -m giretra_core --replay "G2 giretra.com ..."  # print the log of a saved/shared match

The same seed and options always print the same match, so a log or its final notation line
is a complete bug report.  Exit codes, as the arena's: 0; 1 when a bot of one's own goes wrong (the log
up to its mistake is printed first); 2 for a usage error (no such bot file or function, a bad notation).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import random
import shlex
import sys
import traceback
from collections.abc import Iterator, Sequence

from . import __version__, bots
from .arena import where_in_deal
from .bots import own
from .bots.reasons import Decision
from .cards import card_name
from .deal import Deal, Phase, action_token
from .errors import GiretraError, exit_code
from .match import Match
from .notation import format_match, parse_match
from .review import plan
from .rules import PRESETS
from .seats import SEAT_NAMES, Seat
from .shapes import hint_lines
from .views import seat_view
from .words import LANGUAGES, TEAMS, bot_reason, call_text, explain_step, mode_name


class BotStopped(own.OwnBotError):
    """A bot of one's own went wrong in :func:`play_match`: its one line, then where in the deal and the command that
    prints the match up to there; ``match`` is that match (its cause, for a crash, is the bot's traceback)."""

    def __init__(self, err: own.OwnBotError, match: Match) -> None:
        super().__init__(f"{err} — deal {len(match.history) + 1}, {where_in_deal(match.deal)}; python -m giretra_core "
                         f"--replay {shlex.quote(format_match(match))} prints the match up to there")
        self.match = match


def play_match(seed: int, rules: str, levels: list[str], reasons: list[list[Decision]] | None = None) -> Match:
    """Play a whole match between bots; each seat's bot has its own RNG derived from the seed.

    A bot of one's own is recorded as a human player: the match record knows only this package's levels.
    *reasons*, if given, receives each deal's list of the bots' decisions, in the deal's order.

    :raises BotStopped: if a bot of one's own goes wrong (with the match up to its decision)."""
    match = Match.new(seed, rules, [own.recorded(lv) for lv in levels])
    rngs = [random.Random(f"{seed}/{seat}") for seat in range(4)]
    while not match.is_over:
        seat = match.turn
        assert seat is not None
        view = seat_view(match, seat)
        level = levels[seat]
        # Without the clock guard: the same seed prints the same match on a loaded machine too (as --validate plays).
        try:
            decision = own.choose(level, view, rngs[seat], time_guard=False) if own.is_own(level) \
                else bots.choose(level, view, rngs[seat], time_guard=False)
        except own.OwnBotError as err:
            raise BotStopped(err, match) from err.__cause__
        if reasons is not None:
            if len(reasons) <= len(match.history):   # the deal's first action
                reasons.append([])
            reasons[-1].append(decision)
        match = match.apply(seat, decision.action)
    return match


def log_lines(match: Match, lang: str = "en", players: Sequence[str] | None = None,
              reasons: Sequence[Sequence[Decision]] | None = None) -> Iterator[str]:
    """The match's log; with *reasons* (:func:`play_match`'s), each deal ends with every action and its bot's reason."""
    rules = match.rules
    yield f"Giretra {__version__} — rules {rules.name}, seed {match.seed}, target {match.start_target}"
    yield "Players: " + ", ".join(f"{SEAT_NAMES[i]} {p}" for i, p in enumerate(players or match.players))
    for number, deal in enumerate(match.deals(), 1):
        yield ""
        if deal.cut is None:   # not cut yet: the Next line says who cuts
            yield f"== Deal {number} — dealer {deal.dealer.api_name}"
            yield from _next_lines(deal)
            continue
        yield f"== Deal {number} — dealer {deal.dealer.api_name}, {deal.cutter.api_name} cuts {deal.cut}"
        hands = deal.initial_hands()
        for seat in Seat:
            yield f"   {seat.api_name:6} " + " ".join(card_name(c) for c in range(32) if hands[seat] >> c & 1)
        if deal.negotiation is not None:
            calls = [f"{seat.api_name} {call_text(call, lang)}" for seat, call in deal.negotiation.calls]
            yield "   Bids: " + ", ".join(calls)
        if deal.contract is not None:
            c = deal.contract
            how = {1: "", 2: " doubled" + (" (automatically)" if c.automatic else ""), 4: " redoubled"}
            yield f"   Contract: {mode_name(c.mode, lang)} by {TEAMS[lang][c.announcer_team]}{how[c.multiplier]}"
        for i, trick in enumerate(deal.tricks, 1):
            cards = ", ".join(f"{Seat((trick.leader + j) & 3).api_name} {card_name(card)}"
                              for j, card in enumerate(trick.cards))
            bonus = " +10 last trick" if i == 8 else ""
            yield f"   {i}. {cards} -> {trick.winner.api_name} +{trick.points}{bonus}"
        if not deal.is_over:
            yield from _next_lines(deal)
        if deal.score is not None:
            for key, params in deal.score.steps:
                yield "   " + explain_step(key, params, lang)
            record = next(r for r in match.history if r.deal is deal)
            raised = f" (both teams reached the target: it is now {record.target_after})" if record.target_raised \
                else ""
            yield f"   Score: {record.scores_after[0]}-{record.scores_after[1]}{raised}"
        if reasons is not None and number <= len(reasons):
            yield "   Why:"
            yield from _why_lines(match, number, reasons[number - 1], lang)
    yield ""
    if match.winner is not None:
        yield f"{TEAMS[lang][match.winner]} wins {match.scores[0]}-{match.scores[1]} after {len(match.history)} deals."
    else:
        yield f"Match in progress: {match.scores[0]}-{match.scores[1]}, target {match.target}."
    yield f"Notation: {format_match(match)}"


def _next_lines(deal: Deal) -> Iterator[str]:
    """Where an unfinished deal stands (a match that stopped, stopped there): the trick in progress as far as it
    went, then whose turn it is and the next action's place, as the arena names it."""
    if deal.trick:
        cards = ", ".join(f"{Seat((deal.leader + j) & 3).api_name} {card_name(card)}"
                          for j, card in enumerate(deal.trick))
        yield f"   {len(deal.tricks) + 1}. {cards}, …"
    if deal.turn is not None:
        verb = {Phase.CUT: "cut", Phase.NEGOTIATION: "speak", Phase.PLAY: "play"}[deal.phase]
        yield f"   Next: {deal.turn.api_name} to {verb}, {where_in_deal(deal)}"


def _why_lines(match: Match, number: int, reasons: Sequence[Decision], lang: str) -> Iterator[str]:
    """One line per action of deal *number*, in its order: who, the action (a card after its trick's number), the
    reason. A card's line is the page's hint: the plan in a player's words first, then, on a line of its own below,
    the search's figures (or the words of a bot of one's own), as the page shows them."""
    deal = match.deals()[number - 1]
    calls = len(deal.actions()) - len(deal.plays)   # the cut and the calls
    steps = [(m, seat, action) for n, m, seat, action in match.replay() if n == number]
    for i, ((m, seat, action), decision) in enumerate(zip(steps, reasons, strict=True)):
        token = action_token(action)
        shown = token if i < calls else f"{(i - calls) // 4 + 1}. {token}"
        lines = hint_lines(plan(m, seat, decision), decision, lang)
        first, second = lines["plan"], lines["detail"]
        if first is None:   # a cut or a call: its bot's line says it
            first, second = reason_text(decision, lang), None
        elif second is None and (decision.key == "random" or decision.key not in bots.REASONS):
            # what the card does is not why this bot chose it: a random bot's line, or one's own bot's, as written
            second = reason_text(decision, lang)
        yield f"     {seat.api_name:6} {shown:7} {first}"
        if second:
            yield f"     {'':6} {'':7} {second}"


def reason_text(decision: Decision, lang: str) -> str:
    """A decision's reason as the hint shows it, in *lang* (a bot of one's own: its own line, as it wrote it, since
    :func:`own.choose` keeps a built-in key only with that key's own line)."""
    if decision.key not in bots.REASONS:   # its own words: not a template ("{" in it is no field)
        return decision.why
    return bot_reason(decision.key, decision.params, bots.REASONS[decision.key], lang)


def summary(match: Match, players: Sequence[str] | None = None,
            reasons: Sequence[Sequence[Decision]] | None = None, lang: str = "en") -> dict[str, object]:
    deals = []
    for number, record in enumerate(match.history, 1):
        contract = record.deal.contract
        assert contract is not None
        deals.append({"deal": number, "dealer": record.deal.dealer.api_name, "cut": record.deal.cut,
                      "calls": [action_token(c) for _, c in record.deal.negotiation.calls]
                      if record.deal.negotiation else [],
                      "contract": {"mode": contract.mode.api_name,
                                   "announcerTeam": f"Team{contract.announcer_team + 1}",
                                   "multiplier": contract.multiplier},
                      "cardPoints": list(record.score.card_points), "matchPoints": list(record.score.match_points),
                      "instantWin": record.score.instant_win, "scoresAfter": list(record.scores_after),
                      "target": record.target_after}
                     | ({"reasons": [reason_text(d, lang) for d in reasons[number - 1]]} if reasons else {}))
    return {"ok": True, "version": __version__, "rules": match.rules.name, "seed": match.seed,
            "players": list(players or match.players), "deals": deals, "scores": list(match.scores),
            "target": match.target,
            "winner": None if match.winner is None else f"Team{match.winner + 1}",
            "notation": format_match(match)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m giretra_core",
                                     description="Play a seeded Giretra match between bots and print its log.")
    parser.add_argument("--seed", type=int, default=7, help="fixes the deck and the first dealer (default 7)")
    parser.add_argument("--rules", default="giretra.com", choices=list(PRESETS), help="rules preset")
    parser.add_argument("--bots", default="random", help="bot level for all four seats, or four comma-separated "
                        f"levels Bottom,Left,Top,Right (levels: {', '.join(bots.LEVELS)}; or a bot of your own, "
                        "FILE.py:FUNCTION or MODULE:FUNCTION)")
    parser.add_argument("--replay", metavar="NOTATION", help="print the log of this match notation instead")
    parser.add_argument("--lang", default="en", choices=list(LANGUAGES))
    parser.add_argument("--json", action="store_true", help="print a machine-readable summary")
    parser.add_argument("--reasons", action="store_true",
                        help="after each deal, every action with its bot's reason (a summary's deals get a list)")
    args = parser.parse_args(argv)
    levels: list[str] | None = None  # as the log names the players (a replay: the record's own)
    if args.replay and args.reasons:
        parser.error("--reasons asks the bots as they play: a --replay has no bots to ask")
    reasons: list[list[Decision]] | None = [] if args.reasons else None
    # With --json, stdout is the one JSON object: what a bot prints, importing or playing, goes to stderr.
    bots_print = contextlib.redirect_stdout(sys.stderr) if args.json else contextlib.nullcontext()
    try:
        if args.replay:
            match = parse_match(args.replay)
        else:
            levels = args.bots.split(",") if "," in args.bots else [args.bots] * 4
            unknown = list(dict.fromkeys(lv for lv in levels if lv not in bots.LEVELS and not own.is_own(lv)))
            if len(levels) != 4 or unknown:
                parser.error(f"--bots: one level, or four joined by commas (got {len(levels)}"
                             + (f"; unknown: {', '.join(unknown)}" if unknown else "")
                             + f"); the levels: {', '.join(bots.LEVELS)}, or FILE.py:FUNCTION, MODULE:FUNCTION")
            with bots_print:
                for level in levels:
                    if own.is_own(level):
                        own.load(level)  # a GiretraError below: the file, module or function is not there
                match = play_match(args.seed, args.rules, levels, reasons)
    except own.OwnBotError as err:   # the bot's mistake, while imported or playing: 1, as in the arena
        if isinstance(err, BotStopped):   # the match up to there: its log (or notation), then the error
            if args.json:
                print(json.dumps({"ok": False, "error": str(err), "notation": format_match(err.match)},
                                 ensure_ascii=False))
            else:
                for line in log_lines(err.match, args.lang, levels, reasons):
                    print(line)
                sys.stdout.flush()
        elif args.json:
            print(json.dumps({"ok": False, "error": str(err)}, ensure_ascii=False))
        if err.__cause__ is not None:
            traceback.print_exception(err.__cause__)  # a crash: where, in the bot's code
        print(f"error: {err}", file=sys.stderr)
        return 1
    except GiretraError as err:   # what was asked cannot be: no such bot file or function, a bad notation
        if args.json:
            print(json.dumps({"ok": False, "error": str(err)}, ensure_ascii=False))
        print(f"error: {err}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(summary(match, levels, reasons, args.lang), ensure_ascii=False))
    else:
        for line in log_lines(match, args.lang, levels, reasons):
            print(line)
    return 0



if __name__ == "__main__":
    raise SystemExit(exit_code(main))
