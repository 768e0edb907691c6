"""The seam's JSON shapes: the one place that writes the engine's objects as the page reads them (camelCase keys,
seats and teams by name, cards by their two-letter names, words in the page's language).

Every function takes engine objects (a :class:`~giretra_core.match.Match`, a :class:`~giretra_core.views.SeatView`,
an action, a contract, a score) and the language, and returns plain JSON values; nothing here checks a request or
decides a rule. :mod:`giretra_core.jsonapi` calls them; so do the lessons, for their boards.

>>> from .match import Match
>>> teams((3, 4)), mode(Mode.NO_TRUMPS, "fr")
({'Team1': 3, 'Team2': 4}, {'mode': 'NoTrumps', 'modeText': 'Sans Atout'})
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from . import bots
from .analysis import Position
from .bots.plan import Plan, figures
from .bots.reasons import Decision
from .cards import card_name, cards_of
from .deal import Action, Cut, Deal, Phase, action_token
from .match import DealRecord, Match
from .modes import LAST_TRICK_BONUS, MODE_NAMES, Mode, sort_key
from .negotiation import Call, CallKind, Contract, Effect, Negotiation, Reason
from .play import winning_index
from .review import Move
from .rules import Rules
from .scoring import Calculation, DealScore, multipliers
from .seats import SEAT_NAMES, TEAM_NAMES, Seat
from .views import SeatView
from .words import (
    TEAMS,
    TEAMS_SEEN,
    bot_reason,
    call_text,
    card_text,
    effect_text,
    explain_step,
    message,
    mode_name,
    restriction,
    rule_of,
    score_message,
)
from .words import card_plan as card_plan_words

if TYPE_CHECKING:   # daily is not in the page's wheel (build_wheel.STUDY_MODULES): only its callers import it
    from .daily import Puzzle

JSON = dict[str, Any]


def mode(the_mode: Mode, lang: str) -> JSON:
    """A mode by its name and its words."""
    return {"mode": MODE_NAMES[the_mode], "modeText": mode_name(the_mode, lang)}


def team(team_index: int | None) -> str | None:
    return TEAM_NAMES[team_index] if team_index is not None else None


def seat(seat_index: int | None) -> str | None:
    return SEAT_NAMES[seat_index] if seat_index is not None else None


def deal_inputs(the_mode: Mode, multiplier: int, announcer_team: int, points: tuple[int, int], sweep: int | None,
                lang: str) -> JSON:
    """A deal's contract and card points, as a score's question shows them (a lesson's board)."""
    return {**mode(the_mode, lang), "multiplier": multiplier, "announcerTeam": TEAM_NAMES[announcer_team],
            "cardPoints": teams(points), "sweep": team(sweep)}


def instant_win(winner: int) -> JSON:
    """A deal that ends the match on the spot (a Colour sweep, S-5), as an answer gives it."""
    return {"instantWin": TEAM_NAMES[winner]}


def played(cards: Sequence[tuple[int, int]]) -> list[JSON]:
    """Cards played, each with its seat: ``(seat, card)`` pairs."""
    return [{"seat": SEAT_NAMES[s], "card": card_name(c)} for s, c in cards]


def info(version: str, presets: dict[str, Rules], levels: Sequence[str], languages: Sequence[str]) -> JSON:
    """The engine's version, its presets (with what each says), the bot levels and the languages."""
    return {"version": version, "presets": list(presets), "botLevels": list(levels), "languages": list(languages),
            "rules": {name: r.describe() for name, r in presets.items()}}


def legal(to_act: Seat | None, pairs: Sequence[tuple[Action, Reason | None]], negotiation: Negotiation | None,
          who: Seat, lang: str) -> JSON:
    """Who acts now, and every action of the phase for *who* with the reason of each refused one."""
    return {"toAct": seat(to_act), "actions": actions(pairs, negotiation, who, lang)}


def trick_cards(leader: int, played: Sequence[int]) -> list[JSON]:
    """The cards of a trick in the order played, each with its seat."""
    return [{"seat": SEAT_NAMES[(leader + i) & 3], "card": card_name(c)} for i, c in enumerate(played)]


def cards(mask: int, trumps: Mode | None = None, order: str = "strongest") -> list[str]:
    """The cards of *mask* in the order a hand shows them (trumps first once *trumps* is the contract's mode)."""
    return [card_name(c) for c in sorted(cards_of(mask), key=lambda c: sort_key(trumps, c, order))]


def action(act: Action, reason: Reason | None, lang: str) -> JSON:
    """An action as the page shows it; a refused one with its reason in *lang* and the rule it breaks."""
    out: JSON = {"action": action_token(act)}
    if isinstance(act, Cut):
        out.update(type="cut", k=act.k, text=str(act.k))
    elif isinstance(act, Call):
        out.update(type=act.kind.api_name, text=call_text(act, lang))
        if act.mode is not None:
            out["mode"] = MODE_NAMES[act.mode]
    else:
        out.update(type="card", card=card_name(act), text=card_text(act, lang))
    out["legal"] = reason is None
    if reason is not None:
        out["reason"] = {"code": reason.code, "message": message(reason.code, lang, reason.params),
                         "rule": rule_of(reason.code, reason.params)}
    return out


def effect(what: Effect, lang: str) -> JSON:
    """What a legal call does, said before it is made: its code, the mode it bears on, the multiplier it leaves, and
    the sentence in *lang* ("doubles it, ×2" for an opponent's Accept of NoTrumps or Clubs, N-5)."""
    return {"code": what.code, "mode": None if what.mode is None else MODE_NAMES[what.mode],
            "multiplier": what.multiplier, "text": effect_text(what, lang)}


def restrictions(pairs: Sequence[tuple[Action, Reason | None]], lang: str) -> list[JSON]:
    """The negotiation's refusals once each, every mode a refusal refuses named in one line (coach mode: the page
    listed one example suit per rule): `{"code", "rule", "text", "actions"}`, in the order first met; none outside the
    negotiation or when it is not the seat's turn."""
    grouped: dict[str, tuple[Reason, list[Call]]] = {}
    for act, reason in pairs:
        if reason is None or not isinstance(act, Call) or reason.code == "not_your_turn":
            continue
        grouped.setdefault(reason.code, (reason, []))[1].append(act)
    out = []
    for code, (reason, calls) in grouped.items():
        modes = [int(c.mode) for c in calls if c.mode is not None]
        text = restriction(code, lang, reason.params, modes) if modes else message(code, lang, reason.params)
        out.append({"code": code, "rule": rule_of(code, reason.params), "text": text,
                    "actions": [action_token(c) for c in calls]})
    return out


def actions(pairs: Sequence[tuple[Action, Reason | None]], negotiation: Negotiation | None, who: Seat,
            lang: str) -> list[JSON]:
    """The actions; a legal double or redouble also gives the contract it leaves standing: doubling an earlier, lower
    bid makes that bid the contract (RULES N-9), which a Belote player does not expect."""
    out = []
    for act, reason in pairs:
        item = action(act, reason, lang)
        if reason is None and negotiation is not None and isinstance(act, Call):
            item["effect"] = effect(negotiation.effect(who, act), lang)
            if act.kind >= CallKind.DOUBLE:
                item["contract"] = contract(negotiation.apply_unchecked(who, act).contract(), False, lang)
        out.append(item)
    return out


def contract(made: Contract | None, final: bool, lang: str) -> JSON | None:
    if made is None:
        return None
    return {**mode(made.mode, lang), "announcerTeam": TEAM_NAMES[made.announcer_team],
            "multiplier": made.multiplier, "automatic": made.automatic, "final": final}


def calls(negotiation: Negotiation | None, lang: str) -> list[JSON]:
    if negotiation is None:
        return []
    out = []
    replay = Negotiation.start(negotiation.first, negotiation.rules)
    for who, call in negotiation.calls:
        after = replay.apply_unchecked(who, call)
        item: JSON = {"seat": SEAT_NAMES[who], "action": call.token, "type": call.kind.api_name,
                      "text": call_text(call, lang)}
        if call.mode is not None:
            item["mode"] = MODE_NAMES[call.mode]
        if call.kind is CallKind.ACCEPT and after.doubled != replay.doubled:
            item["autoDouble"] = MODE_NAMES[replay.bid] if replay.bid is not None else None
        out.append(item)
        replay = after
    return out


def teams(values: tuple[int, int]) -> JSON:
    return {"Team1": values[0], "Team2": values[1]}


def view(match: Match, seen: SeatView, lang: str, order: str = "strongest") -> JSON:
    """What a seat may know now (:func:`~giretra_core.views.seat_view`), as the page draws its table."""
    # The hand is sorted trumps first once the contract is made; not for the bid of the moment, which moved the cards
    # under the player's eyes at every new bid while they weighed their hand.
    trumps = seen.contract.mode if seen.contract is not None and seen.phase != "negotiation" else None
    contract_final = seen.phase in ("play", "match_over") and match.deal.contract is not None
    leader = seen.leader
    out: JSON = {
        "seat": SEAT_NAMES[seen.seat],
        "rules": seen.rules.name,
        "players": {SEAT_NAMES[i]: p for i, p in enumerate(seen.players)},
        "phase": seen.phase,
        "dealNumber": seen.deal_number,
        "dealer": SEAT_NAMES[seen.dealer],
        "cutter": SEAT_NAMES[seen.cutter],
        "toAct": seat(seen.turn),
        "scores": teams(seen.scores),
        "target": seen.target,
        "winner": team(seen.winner),
        "hand": cards(seen.hand, trumps, order),
        "handCounts": {SEAT_NAMES[i]: n for i, n in enumerate(seen.hand_counts)},
        "cut": seen.cut,
        "calls": calls(seen.negotiation, lang),
        "contract": contract(seen.contract, contract_final, lang),
        "trick": {"leader": SEAT_NAMES[leader],
                  "cards": trick_cards(leader, seen.trick),
                  "winning": seat(seen.trick_winning)},
        "tricks": [{"leader": SEAT_NAMES[t.leader],
                    "cards": trick_cards(t.leader, t.cards),
                    "winner": SEAT_NAMES[t.winner], "points": t.points,
                    "bonus": LAST_TRICK_BONUS if n == 8 else 0}   # as in trickComplete: the 10 of the last (S-1)
                   for n, t in enumerate(seen.tricks, 1)],
        "cardPoints": teams(seen.card_points),
        "legal": actions(seen.actions, seen.negotiation, seen.seat, lang),
        "restrictions": restrictions(seen.actions, lang),
        "lastDeal": summary(match, len(match.history), lang) if match.history else None,
        "canTakeBack": next(match.choices(seen.seat), None) is not None,
    }
    if seen.hands is not None:
        out["hands"] = {SEAT_NAMES[i]: cards(h, trumps, order) for i, h in enumerate(seen.hands)}
    return out


def summary(match: Match, number: int, lang: str) -> JSON:
    """Deal *number* of *match*, finished; its lines name the teams as the page does when a person sits at Bottom."""
    record = match.history[number - 1]
    deal, score = record.deal, record.score
    names = TEAMS_SEEN if match.players[Seat.BOTTOM] == "human" else TEAMS
    assert deal.contract is not None
    tricks_won = [0, 0]
    for t in deal.tricks:
        tricks_won[t.winner & 1] += 1
    trumps = deal.contract.mode
    return {
        "dealNumber": number,
        "dealer": SEAT_NAMES[deal.dealer],
        "contract": contract(deal.contract, True, lang),
        "cardPoints": teams(score.card_points),
        "lastTrick": TEAM_NAMES[deal.tricks[-1].winner & 1],
        "tricksWon": teams((tricks_won[0], tricks_won[1])),
        "sweep": team(score.sweep_team),
        "outcome": score.outcome,
        "matchPoints": teams(score.match_points),
        "instantWin": team(score.instant_win),
        "lines": [explain_step(k, p, lang, names) for k, p in score.steps],
        "scoresAfter": teams(record.scores_after),
        "targetAfter": record.target_after,
        "targetRaised": record.target_raised,
        "hands": {SEAT_NAMES[i]: cards(h, trumps) for i, h in enumerate(deal.initial_hands())},
    }




def deal_result(record: DealRecord, lang: str) -> JSON:
    """A finished deal's result in short, for two results side by side (the solo duplicate): its contract, the
    card points, the outcome and the match points."""
    return result(record.deal.contract, record.score, lang)


def result(made: Contract | None, score: DealScore, lang: str) -> JSON:
    """A deal's result in short (a finished deal's, or the daily deal's par)."""
    return {"contract": contract(made, True, lang), "cardPoints": teams(score.card_points),
            "outcome": score.outcome, "matchPoints": teams(score.match_points), "instantWin": team(score.instant_win)}


def puzzle(p: Puzzle, deal: Deal, played: Sequence[int], right: int | None, lang: str) -> JSON:
    """A puzzle after the cards *played* since its start (:func:`giretra_core.daily.follow`): every hand open, the
    trick under way (or the last one, whole, once the deal is over), the trick finished last since the start (with
    its winner: once over, the last one), the card points the player's team took since the start, and the right card
    where the last was wrong."""
    assert deal.contract is not None
    trumps = deal.contract.mode
    over = deal.phase is not Phase.PLAY
    last = deal.tricks[-1] if over else None
    trick = trick_cards(last.leader, last.cards) if last else trick_cards(deal.leader, deal.trick)
    # What the others answered to the player's card and who won it: without it, a finished trick went from the page
    # at once (only the points taken said what had happened).
    # Once over, the last trick is that one too (a solved puzzle's last trick was shown with no word of who won it).
    done = deal.tricks[-1] if len(deal.tricks) > len(p.start.tricks) else None
    return {
        "date": p.date, "number": p.number, "tricks": p.tricks, "goal": p.goal,
        "contract": contract(deal.contract, True, lang),
        "hands": {SEAT_NAMES[i]: cards(h, trumps) for i, h in enumerate(deal.hands)},
        "trick": trick, "played": [card_name(c) for c in played],
        "lastTrick": None if done is None else {"cards": trick_cards(done.leader, done.cards),
                                                "winner": SEAT_NAMES[done.winner]},
        "taken": deal.points[0] - p.start.points[0],
        "wrong": None if right is None else {"card": card_name(played[-1]), "right": card_name(right)},
        "solved": right is None and over, "toAct": None if over or right is not None else SEAT_NAMES[Seat.BOTTOM],
    }


def replay(match: Match, number: int, lang: str) -> JSON:
    """Deal *number* of *match*, finished, step by step for a replay: its cut, each call and each card, with what the
    table shows just after it (every hand open)."""
    record = match.history[number - 1]
    steps = [replay_step(before, who, act, lang) for before, who, act in record.deal.replay()]
    return {"dealNumber": number, "dealer": SEAT_NAMES[record.deal.dealer],
            "contract": contract(record.deal.contract, True, lang), "steps": steps}


def replay_step(before: Deal, who: Seat, act: Action, lang: str) -> JSON:
    """*who*'s *act* in a deal at *before*, and the table just after it: the four hands, the trick (the one it ended,
    with its winner, when it was a trick's last card), the card points and the calls so far."""
    after = before.apply_unchecked(who, act)
    made = after.contract or (after.negotiation.contract() if after.negotiation is not None else None)
    trumps = after.contract.mode if after.contract is not None else None
    trick: JSON | None = None
    if isinstance(act, int):
        assert made is not None
        if len(after.tricks) > len(before.tricks):   # the trick's last card: the trick shown whole, with its winner
            done = after.tricks[-1]
            trick = {"leader": SEAT_NAMES[done.leader], "cards": trick_cards(done.leader, done.cards),
                     "winning": SEAT_NAMES[done.winner], "complete": True, "points": done.points,
                     # as in trickComplete: the 10 of the last (S-1), which the team's card points add
                     "bonus": LAST_TRICK_BONUS if len(after.tricks) == 8 else 0}
        else:
            trick = {"leader": SEAT_NAMES[after.leader], "cards": trick_cards(after.leader, after.trick),
                     "winning": SEAT_NAMES[(after.leader + winning_index(after.trick, made.mode)) & 3],
                     "complete": False, "points": None}
        trick["number"] = len(before.tricks) + 1
    return {"seat": SEAT_NAMES[who], "action": action(act, None, lang),
            "phase": after.phase,
            "hands": {SEAT_NAMES[i]: cards(h, trumps) for i, h in enumerate(after.hands)},
            "trick": trick, "tricksWon": teams((sum(1 for t in after.tricks if t.winner & 1 == 0),
                                                 sum(1 for t in after.tricks if t.winner & 1 == 1))),
            "cardPoints": teams(after.points), "calls": calls(after.negotiation, lang),
            "contract": contract(made, after.contract is not None, lang)}


def event(match: Match, after: Match, who: Seat, act: Action, lang: str) -> JSON:
    """What happened when *who* took *act* in *match*: a trick completed, a contract made, a deal or the match over."""
    out: JSON = {"seat": SEAT_NAMES[who], "action": action_token(act)}
    deal = match.deal
    if isinstance(act, int) and len(deal.trick) == 3:
        trick = after.history[-1].deal.tricks[-1] if len(after.history) > len(match.history) \
            else after.deal.tricks[-1]
        number = len(deal.tricks) + 1
        out["trickComplete"] = {"number": number, "winner": SEAT_NAMES[trick.winner],
                                "points": trick.points,   # its cards' points; the last trick's 10 are apart:
                                "bonus": LAST_TRICK_BONUS if number == 8 else 0,
                                "cards": trick_cards(trick.leader, trick.cards)}
    if isinstance(act, Call) and after.deal.contract is not None and match.deal.contract is None:
        out["contract"] = contract(after.deal.contract, True, lang)
    if len(after.history) > len(match.history):
        out["dealOver"] = summary(after, len(after.history), lang)
    if after.winner is not None:
        out["matchOver"] = {"winner": TEAM_NAMES[after.winner], "scores": teams(after.scores)}
    return out


def score_sheet(match: Match, lang: str) -> JSON:
    """Every finished deal's result, the running scores, the target and the winner."""
    rows = []
    for number, record in enumerate(match.history, 1):
        rows.append({"dealNumber": number, "dealer": SEAT_NAMES[record.deal.dealer],
                     "contract": contract(record.deal.contract, True, lang),
                     "matchPoints": teams(record.score.match_points),
                     "instantWin": team(record.score.instant_win),
                     "scoresAfter": teams(record.scores_after), "targetAfter": record.target_after,
                     "targetRaised": record.target_raised})
    return {"deals": rows, "startScores": teams(match.start_scores), "scores": teams(match.scores),
            "target": match.target, "winner": team(match.winner)}


def why(decision: Decision, lang: str) -> str:
    """A bot's line in *lang* (a bot of one's own may give a line of its own, under a key of its own)."""
    return bot_reason(decision.key, decision.params, bots.REASONS.get(decision.key, decision.why), lang)


def hint_lines(plan: Plan | None, decision: Decision, lang: str) -> JSON:
    """A hint's two lines: ``plan``, what the card does in a player's words (None for a call or a cut: ``why`` says
    it), and ``detail``, the search's figures (None when nothing was searched)."""
    shown = figures(decision)
    detail = None if shown is None else card_plan_words(shown[0], shown[1], lang) if shown[0].startswith("agree") \
        else why(decision, lang)
    return {"plan": None if plan is None else card_plan_words(plan.key, plan.params, lang), "detail": detail}


def review_move(move: Move, lang: str) -> JSON:
    """One move of a review: what the seat played beside the expert's choice, with the expert's line."""
    out: JSON = {"phase": move.match.deal.phase.value, "played": action(move.played, None, lang),
                 "expert": action(move.expert.action, None, lang), "why": why(move.expert, lang),
                 **hint_lines(move.plan, move.expert, lang), "same": move.same, "forced": move.forced}
    if move.trick is not None:
        out["trick"] = move.trick
    return out


def analysed_position(position: Position, lang: str) -> JSON:
    """One position of a deal's analysis: every legal card with its value for the seat's team, all hands known."""
    cards = []
    for v in position.values:
        cards.append({**action(v.card, None, lang), "cardPoints": v.card_points, "matchPoints": v.match_points,
                      "outcome": v.outcome, "sweep": None if v.sweep is None else TEAM_NAMES[v.sweep],
                      "best": v.best})
    played = position.played_value
    best = next(v for v in position.values if v.best)
    return {"trick": position.trick, "played": action(position.played, None, lang), "cards": cards,
            "best": [card_name(v.card) for v in position.values if v.best], "playedBest": played.best,
            "lost": {"cardPoints": best.card_points - played.card_points,
                     "matchPoints": best.match_points - played.match_points}}


def refused_multipliers(refused: dict[int, str], the_mode: Mode, lang: str) -> JSON:
    """Why the multipliers a mode never has cannot happen, in *lang*, by multiplier ("1", "4")."""
    return {str(m): score_message(key, lang, mode=mode_name(the_mode, lang)) for m, key in refused.items()}


def team_words(lang: str) -> JSON:
    """The teams' names in *lang*, by their seam names."""
    return dict(zip(TEAM_NAMES, TEAMS[lang], strict=True))


def calculator_modes(rules: Rules, lang: str) -> list[JSON]:
    """Every mode for the score calculator: its name, its card-point total, its possible multipliers."""
    out = []
    for each in Mode:
        allowed, refused = multipliers(rules, each)
        out.append({"mode": MODE_NAMES[each], "text": mode_name(each, lang), "total": each.total_points,
                    "multipliers": allowed, "refused": refused_multipliers(refused, each, lang)})
    return out


def calculation(the_mode: Mode, announcer_team: int, sweep: int | None, result: Calculation, lang: str) -> JSON:
    """The score calculator's result: the deal's match points with its arithmetic spelled out."""
    score = result.score
    return {
        **mode(the_mode, lang), "multiplier": result.multiplier, "automatic": result.automatic,
        "announcer": TEAM_NAMES[announcer_team], "cardPoints": teams(score.card_points),
        "total": the_mode.total_points, "sweep": team(sweep),
        "outcome": score.outcome, "matchPoints": teams(score.match_points),
        "instantWin": team(score.instant_win),
        "lines": [explain_step(k, p, lang) for k, p in score.steps], "rule": result.rule}
