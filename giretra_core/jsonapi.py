"""The one seam between JavaScript and the engine: JSON string in, JSON string out.

Every public function takes one JSON object (as a string) and returns
``{"ok": true, "value": ...}`` or ``{"ok": false, "error": {"code": ..., "message": ...}}``.
The state is the match notation (:mod:`giretra_core.notation`) that the caller keeps;
nothing is stored here, so an error cannot change anything.  Bad input of any kind gives an
error object; an internal bug raises (and shows up as a PythonError in JavaScript).

>>> import json
>>> out = json.loads(new_match('{"seed": 42, "players": {"Bottom": "human"}}'))
>>> out["ok"], out["value"]["view"]["phase"]
(True, 'cut')
>>> json.loads(apply('{"state": "G1 nonsense", "seat": "Bottom", "action": "c10"}'))["error"]["code"]
'bad_notation'

See docs/api.md for every function with an example.
"""

from __future__ import annotations

import functools
import json
import random
import re
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from . import __version__, bots
from .bots.reasons import decide
from .cards import Card, card_name, cards_of
from .deal import TURN_RULE, Action, Cut, Phase, action_token, parse_action
from .errors import GiretraError
from .i18n import (
    LANGUAGES,
    SCORE_RULE_OF,
    TEAMS,
    TEAMS_SEEN,
    bot_reason,
    call_text,
    card_text,
    check_lang,
    explain_step,
    message,
    mode_name,
    notation_message,
    rule_of,
    score_message,
)
from .lessons import catalogue as lesson_catalogue
from .lessons import check_answer as lesson_check
from .lessons import lesson_task as lesson_board
from .match import MAX_SEED, MAX_TARGET, PLAYER_KINDS, PLAYER_LETTERS, Match
from .modes import LAST_TRICK_BONUS, MODE_NAMES, POINTS, Mode, parse_mode, sort_key
from .negotiation import Call, CallKind, Contract, Negotiation, Reason
from .notation import MAX_LENGTH, format_link, format_match, parse_link, parse_match
from .rules import PRESETS, Rules, get_preset
from .scoring import score_deal
from .seats import SEAT_NAMES, TEAM_NAMES, Seat, parse_seat, parse_team
from .views import SeatView, seat_view

JSON = dict[str, Any]
FUNCTIONS: dict[str, Callable[[str], str]] = {}


# No request nests deeper than 3. In Pyodide, JSON nested about 3000 deep overflows the WebAssembly stack (a fatal
# error for the whole engine) before Python's RecursionError can refuse it, so depth is checked before parsing.
MAX_DEPTH = 32
MAX_MOVES = 64      # more than a seat can make in one deal (its 8 cards and its calls), for a bound on first and count
MAX_MESSAGE = 400   # characters kept of an error message, plus " … " (the longest real one is about 300)
_JSON_STRING = re.compile(r'"(?:[^"\\]|\\.)*(?:"|\Z)', re.S)   # an unterminated string too, in one pass


def _no_repeated_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object, refused if it names a key twice: json.loads kept the last ({"Bottom": …, "Bottom": …})."""
    out = dict(pairs)
    if len(out) != len(pairs):
        repeated = sorted(key for key, n in Counter(key for key, _ in pairs).items() if n > 1)
        raise ValueError(f"a key given twice: {', '.join(map(repr, repeated))}")
    return out


def _too_deep(text: str) -> bool:
    if text.count("[") + text.count("{") <= MAX_DEPTH:
        return False   # every real request: nothing to scan
    depth = 0
    for bracket in re.findall(r"[][{}]", _JSON_STRING.sub("", text)):
        depth += 1 if bracket in "[{" else -1
        if depth > MAX_DEPTH:
            return True
    return False


class RequestError(GiretraError):
    code = "bad_request"


def _check_text(args: JSON) -> None:
    """Refuse a request whose strings are not Unicode text: a lone surrogate ("\\ud800", which JSON and JavaScript
    allow) echoed into an answer made it impossible to encode as UTF-8, for any transport beyond the worker."""
    try:
        json.dumps(args, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError as err:
        code = ord(err.object[err.start])
        raise RequestError(f"a string holds a lone surrogate (U+{code:04X}), which is not text") from None


def endpoint(fn: Callable[..., JSON]) -> Callable[[str], str]:
    """Wrap *fn* as a seam function: parse and check the request, answer ok/error JSON."""
    import inspect

    sig = inspect.signature(fn)
    required = {n for n, p in sig.parameters.items() if p.default is inspect.Parameter.empty}
    allowed = set(sig.parameters)

    @functools.wraps(fn)
    def wrapper(request: str) -> str:
        lang = "en"
        try:
            if not isinstance(request, str):
                raise RequestError(f"a request must be a JSON string, not {type(request).__name__}")
            if _too_deep(request):
                raise GiretraError(f"malformed JSON: nested more than {MAX_DEPTH} deep", "bad_json")
            try:
                args = json.loads(request, object_pairs_hook=_no_repeated_keys)
            except (ValueError, RecursionError) as err:
                raise GiretraError(f"malformed JSON: {err}", "bad_json") from None
            if not isinstance(args, dict):
                raise RequestError("a request must be a JSON object")
            _check_text(args)
            if args.get("lang", "en") in LANGUAGES:
                lang = args.get("lang", "en")
            unknown = set(args) - allowed
            if unknown:
                raise RequestError(f"unknown field(s) {sorted(unknown)} for {fn.__name__}")
            missing = required - set(args)
            if missing:
                raise RequestError(f"missing field(s) {sorted(missing)} for {fn.__name__}")
            value = fn(**args)
        except GiretraError as err:
            text = _error_text(err, lang)
            if len(text) > MAX_MESSAGE:   # a message quotes the bad value: not all 100 kB of it, but its ending
                text = text[:MAX_MESSAGE // 2] + " … " + text[-MAX_MESSAGE // 2:]
            rule = rule_of(err.code, err.params)
            error = {"code": err.code, "message": text, "rule": rule}
            return json.dumps({"ok": False, "error": error}, ensure_ascii=False)
        return json.dumps({"ok": True, "value": value}, ensure_ascii=False)

    FUNCTIONS[fn.__name__] = wrapper
    return wrapper


def _str(value: object, name: str) -> str:
    if not isinstance(value, str):
        raise RequestError(f"{name} must be a string")
    return value


def _int(value: object, name: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise RequestError(f"{name} must be an integer in {low}..{high}")
    return value


@functools.lru_cache(maxsize=64)
def _parse(state: str) -> Match:
    # Matches are immutable, so a parsed state can be shared; replaying is the slow part.
    return parse_match(state)


def _match(state: object) -> Match:
    return _parse(_str(state, "state"))


def _state(match: Match) -> str:
    """*match*'s notation, refused where it could not be read back: every state the seam returns is one it accepts.
    (A start-score request may raise the target to a million: its match would outgrow the notation's limit.)"""
    state = format_match(match)
    if len(state) > MAX_LENGTH:
        raise GiretraError(f"this match is too long to go on: its notation would be {len(state)} characters, over "
                           f"{MAX_LENGTH}; start a new match", "match_too_long", max=MAX_LENGTH)
    return state


def _seat(value: object) -> Seat:
    return parse_seat(_str(value, "seat"))


# -- JSON shapes ---------------------------------------------------------------------------------------------------


def _cards(mask: int, mode: Mode | None = None) -> list[str]:
    return [card_name(c) for c in sorted(cards_of(mask), key=lambda c: sort_key(mode, c))]


def _action_json(action: Action, reason: Reason | None, lang: str) -> JSON:
    out: JSON = {"action": action_token(action)}
    if isinstance(action, Cut):
        out.update(type="cut", k=action.k, text=str(action.k))
    elif isinstance(action, Call):
        out.update(type=action.kind.api_name, text=call_text(action, lang))
        if action.mode is not None:
            out["mode"] = MODE_NAMES[action.mode]
    else:
        out.update(type="card", card=card_name(action), text=card_text(action, lang))
    out["legal"] = reason is None
    if reason is not None:
        out["reason"] = {"code": reason.code, "message": message(reason.code, lang, reason.params),
                         "rule": rule_of(reason.code, reason.params)}
    return out


def _actions_json(actions: Sequence[tuple[Action, Reason | None]], negotiation: Negotiation | None, seat: Seat,
                  lang: str) -> list[JSON]:
    """The actions; a legal double or redouble also gives the contract it leaves standing: doubling an earlier, lower
    bid makes that bid the contract (RULES N-9), which a Belote player does not expect."""
    out = []
    for action, reason in actions:
        item = _action_json(action, reason, lang)
        if reason is None and negotiation is not None and isinstance(action, Call) and action.kind >= CallKind.DOUBLE:
            item["contract"] = _contract_json(negotiation.apply_unchecked(seat, action).contract(), False, lang)
        out.append(item)
    return out


def _contract_json(contract: Contract | None, final: bool, lang: str) -> JSON | None:
    if contract is None:
        return None
    return {"mode": MODE_NAMES[contract.mode], "modeText": mode_name(contract.mode, lang),
            "announcerTeam": TEAM_NAMES[contract.announcer_team], "multiplier": contract.multiplier,
            "automatic": contract.automatic, "final": final}


def _calls_json(negotiation: Negotiation | None, lang: str) -> list[JSON]:
    if negotiation is None:
        return []
    out = []
    replay = Negotiation.start(negotiation.first, negotiation.rules)
    for seat, call in negotiation.calls:
        after = replay.apply_unchecked(seat, call)
        item: JSON = {"seat": SEAT_NAMES[seat], "action": call.token, "type": call.kind.api_name,
                      "text": call_text(call, lang)}
        if call.mode is not None:
            item["mode"] = MODE_NAMES[call.mode]
        if call.kind is CallKind.ACCEPT and after.doubled != replay.doubled:
            item["autoDouble"] = MODE_NAMES[replay.bid] if replay.bid is not None else None
        out.append(item)
        replay = after
    return out


def _teams(values: tuple[int, int]) -> JSON:
    return {"Team1": values[0], "Team2": values[1]}


def _view_json(match: Match, view: SeatView, lang: str) -> JSON:
    # The hand is sorted trumps first once the contract is made; not for the bid of the moment, which moved the cards
    # under the player's eyes at every new bid while they weighed their hand.
    mode = view.contract.mode if view.contract is not None and view.phase != "negotiation" else None
    contract_final = view.phase in ("play", "match_over") and match.deal.contract is not None
    leader = view.leader
    out: JSON = {
        "seat": SEAT_NAMES[view.seat],
        "rules": view.rules.name,
        "players": {SEAT_NAMES[i]: p for i, p in enumerate(view.players)},
        "phase": view.phase,
        "dealNumber": view.deal_number,
        "dealer": SEAT_NAMES[view.dealer],
        "cutter": SEAT_NAMES[view.cutter],
        "toAct": SEAT_NAMES[view.turn] if view.turn is not None else None,
        "scores": _teams(view.scores),
        "target": view.target,
        "winner": TEAM_NAMES[view.winner] if view.winner is not None else None,
        "hand": _cards(view.hand, mode),
        "handCounts": {SEAT_NAMES[i]: n for i, n in enumerate(view.hand_counts)},
        "cut": view.cut,
        "calls": _calls_json(view.negotiation, lang),
        "contract": _contract_json(view.contract, contract_final, lang),
        "trick": {"leader": SEAT_NAMES[leader],
                  "cards": [{"seat": SEAT_NAMES[(leader + i) & 3], "card": card_name(c)}
                            for i, c in enumerate(view.trick)],
                  "winning": SEAT_NAMES[view.trick_winning] if view.trick_winning is not None else None},
        "tricks": [{"leader": SEAT_NAMES[t.leader],
                    "cards": [{"seat": SEAT_NAMES[(t.leader + i) & 3], "card": card_name(c)}
                              for i, c in enumerate(t.cards)],
                    "winner": SEAT_NAMES[t.winner], "points": t.points,
                    "bonus": LAST_TRICK_BONUS if n == 8 else 0}   # as in trickComplete: the 10 of the last (S-1)
                   for n, t in enumerate(view.tricks, 1)],
        "cardPoints": _teams(view.card_points),
        "legal": _actions_json(view.actions, view.negotiation, view.seat, lang),
        "lastDeal": _summary_json(match, len(match.history), lang) if match.history else None,
        "canTakeBack": next(match.choices(view.seat), None) is not None,
    }
    if view.hands is not None:
        out["hands"] = {SEAT_NAMES[i]: _cards(h, mode) for i, h in enumerate(view.hands)}
    return out


def _summary_json(match: Match, number: int, lang: str) -> JSON:
    """Deal *number* of *match*, finished; its lines name the teams as the page does when a person sits at Bottom."""
    record = match.history[number - 1]
    deal, score = record.deal, record.score
    teams = TEAMS_SEEN if match.players[Seat.BOTTOM] == "human" else TEAMS
    assert deal.contract is not None
    tricks_won = [0, 0]
    for t in deal.tricks:
        tricks_won[t.winner & 1] += 1
    mode = deal.contract.mode
    return {
        "dealNumber": number,
        "dealer": SEAT_NAMES[deal.dealer],
        "contract": _contract_json(deal.contract, True, lang),
        "cardPoints": _teams(score.card_points),
        "lastTrick": TEAM_NAMES[deal.tricks[-1].winner & 1],
        "tricksWon": _teams((tricks_won[0], tricks_won[1])),
        "sweep": TEAM_NAMES[score.sweep_team] if score.sweep_team is not None else None,
        "outcome": score.outcome,
        "matchPoints": _teams(score.match_points),
        "instantWin": TEAM_NAMES[score.instant_win] if score.instant_win is not None else None,
        "lines": [explain_step(k, p, lang, teams) for k, p in score.steps],
        "scoresAfter": _teams(record.scores_after),
        "targetAfter": record.target_after,
        "targetRaised": record.target_raised,
        "hands": {SEAT_NAMES[i]: _cards(h, mode) for i, h in enumerate(deal.initial_hands())},
    }


def _error_text(err: GiretraError, lang: str) -> str:
    """A refusal in the page's language: a rule's sentence, or a notation's where a person meets it (a shared link
    that stops at an illegal action, or cut short); other bad input is for developers, in English."""
    if err.code in _REASON_CODES:
        return message(err.code, lang, err.params)
    why = err.params.get("why")
    if err.code in ("bad_notation", "bad_link") and isinstance(why, str):
        return notation_message(why, lang, err.params)
    return str(err)


_REASON_CODES = frozenset({
    "negotiation_complete", "not_your_turn", "announce_after_double", "announce_locked", "announce_after_accept",
    "not_higher", "colour_already_used_by_team", "no_bid", "target_not_announced", "double_own_team",
    "already_doubled", "implicit_pass", "redouble_not_allowed_for_mode", "not_doubled", "already_redoubled",
    "redouble_not_announcer_team", "must_follow_suit", "must_beat", "must_trump", "must_overtrump",
    "must_play_trump", "cut_out_of_range", "wrong_phase", "card_not_in_hand", "match_over", "match_too_long"})


def _players(value: object, base: Sequence[str] = ("human", "random", "random", "random"),
             required: bool = False) -> list[str]:
    """*base* with the players *value* names; a seat named twice ("B" and "Bottom") is refused, not overwritten.
    None means *base*, unless *required* (set_players: a null changed nothing and said ok, a fuzz found)."""
    players = list(base)
    if value is None and not required:
        return players
    if not isinstance(value, dict):
        raise RequestError('players must be an object like {"Bottom": "human", "Left": "random"}')
    named: dict[Seat, str] = {}
    for key, kind in value.items():
        seat = parse_seat(key)
        if seat in named:
            raise RequestError(f"players names {SEAT_NAMES[seat]} twice ({named[seat]!r} and {key!r})")
        named[seat] = key
        if kind not in PLAYER_KINDS.values() or (kind != "human" and kind not in bots.LEVELS):
            raise GiretraError(f"unknown player kind {kind!r} (expected human or one of {', '.join(bots.LEVELS)})",
                               "bad_level")
        players[seat] = kind
    return players


# -- the functions ---------------------------------------------------------------------------------------------------


@endpoint
def info(lang: str = "en") -> JSON:
    """Version, presets, bot levels and languages."""
    check_lang(lang)
    return {"version": __version__, "presets": list(PRESETS), "botLevels": list(bots.LEVELS),
            "languages": list(LANGUAGES), "rules": {name: r.describe() for name, r in PRESETS.items()}}


@endpoint
def new_match(seed: int | None = None, rules: str = "giretra.com", players: JSON | None = None,
              dealer: str | None = None, deck: list[str] | None = None, scores: JSON | None = None,
              target: int | None = None, seat: str | None = None, lang: str = "en") -> JSON:
    """Start a match; returns its state and the view of *seat* (default: the first human, else Bottom)."""
    lang = check_lang(lang)
    if seed is None:
        seed = random.SystemRandom().randrange(MAX_SEED)
    seed = _int(seed, "seed", 0, MAX_SEED)
    preset = get_preset(_str(rules, "rules"))
    player_list = _players(players)
    deck_cards: list[Card] | None = None
    if deck is not None:
        if not isinstance(deck, list) or not all(isinstance(c, str) for c in deck):
            raise RequestError("deck must be a list of 32 card names")
        from .cards import parse_card

        deck_cards = [parse_card(c) for c in deck]
    start_scores = (0, 0)
    if scores is not None:
        if not isinstance(scores, dict) or set(scores) != {"Team1", "Team2"}:
            raise RequestError('scores must look like {"Team1": 0, "Team2": 0}')
        start_scores = (_int(scores["Team1"], "scores", 0, MAX_TARGET), _int(scores["Team2"], "scores", 0, MAX_TARGET))
    if target is not None:
        target = _int(target, "target", 1, MAX_TARGET)
    match = Match.new(seed, preset, player_list, None if dealer is None else _seat(dealer), deck_cards,
                      start_scores, target)
    state = format_match(match)
    if seat is None:
        seat_obj = Seat(player_list.index("human")) if "human" in player_list else Seat.BOTTOM
    else:
        seat_obj = _seat(seat)
    return {"state": state, "view": _view_json(match, seat_view(match, seat_obj), lang)}


@endpoint
def view(state: str, seat: str, lang: str = "en") -> JSON:
    """What *seat* may know now."""
    lang = check_lang(lang)
    match = _match(state)
    return _view_json(match, seat_view(match, _seat(seat)), lang)


@endpoint
def legal(state: str, seat: str, lang: str = "en") -> JSON:
    """Every action of the phase for *seat*, legal or with the reason it is not.

    For a seat that is not to act every action is refused with ``not_your_turn``.
    """
    lang = check_lang(lang)
    match = _match(state)
    who = _seat(seat)
    if match.winner is not None:
        return {"toAct": None, "actions": []}
    if match.turn == who:
        actions = match.deal.every_action()
    else:
        # Never the acting player's cards: a waiting seat sees its own hand, all refused.
        reason = Reason("not_your_turn", {"seat": who, "turn": match.turn, "rule": TURN_RULE[match.deal.phase]})
        if match.deal.phase is Phase.PLAY:
            actions = [(c, reason) for c in cards_of(match.deal.hands[who])]
        else:
            actions = [(a, reason) for a, _ in match.deal.every_action()]
    return {"toAct": SEAT_NAMES[match.turn] if match.turn is not None else None,
            "actions": _actions_json(actions, match.deal.negotiation, who, lang)}


@endpoint
def apply(state: str, seat: str, action: str, lang: str = "en") -> JSON:
    """*seat* takes *action*; returns the new state, the seat's view and what happened."""
    lang = check_lang(lang)
    match = _match(state)
    who = _seat(seat)
    act = parse_action(_str(action, "action"))
    after = match.apply(who, act)
    event: JSON = {"seat": SEAT_NAMES[who], "action": action_token(act)}
    deal = match.deal
    if isinstance(act, int) and len(deal.trick) == 3:
        trick = after.history[-1].deal.tricks[-1] if len(after.history) > len(match.history) \
            else after.deal.tricks[-1]
        number = len(deal.tricks) + 1
        event["trickComplete"] = {"number": number, "winner": SEAT_NAMES[trick.winner],
                                  "points": trick.points,   # its cards' points; the last trick's 10 are apart:
                                  "bonus": LAST_TRICK_BONUS if number == 8 else 0,
                                  "cards": [{"seat": SEAT_NAMES[(trick.leader + i) & 3], "card": card_name(c)}
                                            for i, c in enumerate(trick.cards)]}
    if isinstance(act, Call) and after.deal.contract is not None and match.deal.contract is None:
        event["contract"] = _contract_json(after.deal.contract, True, lang)
    if len(after.history) > len(match.history):
        event["dealOver"] = _summary_json(after, len(after.history), lang)
    if after.winner is not None:
        event["matchOver"] = {"winner": TEAM_NAMES[after.winner], "scores": _teams(after.scores)}
    return {"state": _state(after), "view": _view_json(after, seat_view(after, who), lang), "event": event}


HINT_LEVEL = list(bots.LEVELS)[-1]   # the strongest level offered in play: a human seat's hint, and the review's


def _budget(value: object) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value <= 60_000:
        raise RequestError("budgetMs must be a number in 0..60000")
    return float(value)


def _why(decision: bots.Decision, lang: str) -> str:
    """A bot's line in *lang* (a bot of one's own may give a line of its own, under a key of its own)."""
    return bot_reason(decision.key, decision.params, bots.REASONS.get(decision.key, decision.why), lang)


def _position_rng(match: Match, seed: int) -> random.Random:
    """A bot's randomness at this position: keyed by the position itself (its notation), so the same position asked
    twice gets the same answer, and another match another one. (Keyed by the notation's length, every match the page
    started drew the same numbers: its random bots cut 22 and called NoTrumps in 300 matches of 300.)"""
    return random.Random(f"{seed}:{format_match(match)}")   # a str seed is hashed by sha512: the same in Pyodide


@endpoint
def bot_action(state: str, seat: str, level: str | None = None, seed: int = 0, budgetMs: float = 250.0,
               lang: str = "en") -> JSON:
    """The action the bot of *level* (default: the seat's own level) would take now; not applied."""
    check_lang(lang)
    match = _match(state)
    who = _seat(seat)
    if match.winner is not None:
        raise GiretraError("the match is over", "match_over")
    if match.turn != who:
        raise GiretraError(f"it is not {who.api_name}'s turn", "not_your_turn", seat=who, turn=match.turn,
                           rule=TURN_RULE[match.deal.phase])
    if level is None:
        level = match.players[who] if match.players[who] != "human" else HINT_LEVEL
    _int(seed, "seed", 0, MAX_SEED)
    budget = _budget(budgetMs)
    decision = bots.choose(_str(level, "level"), seat_view(match, who), _position_rng(match, seed), budget)
    return {"action": action_token(decision.action), "why": _why(decision, lang), "key": decision.key, "level": level}


@endpoint
def deal_summary(state: str, deal: int | None = None, lang: str = "en") -> JSON:
    """The result of a finished deal (default: the last one) with its arithmetic spelled out."""
    lang = check_lang(lang)
    match = _match(state)
    if not match.history:
        raise GiretraError("no deal has finished yet", "no_finished_deal")
    number = len(match.history) if deal is None else _int(deal, "deal", 1, len(match.history))
    return _summary_json(match, number, lang)


def _review_move(m: Match, who: Seat, action: Action, seed: int, budget: float, lang: str) -> JSON:
    """One move of *who* in a review: its action beside the expert's at the same position (as ``bot_action``)."""
    view = seat_view(m, who)
    decision = bots.choose(HINT_LEVEL, view, _position_rng(m, seed), budget)
    params = decision.params or {}
    if "usual" in params and params["usual"] != action_token(action):
        # The hint names the card a person would think of (the policy's); beside another card that the player
        # played, that comparison says nothing about the player's card: the line without it.
        plain = {k: v for k, v in params.items() if k != "usual"}
        decision = decide(decision.action, decision.key.removesuffix("_over"), **plain)
    same = decision.action == action
    if not same and isinstance(action, int) and isinstance(decision.action, int):   # two cards
        same = bots.expert.equivalent(view, action, decision.action)   # 7♦ for 8♦ with nothing between: the same
    move: JSON = {"phase": m.deal.phase.value, "played": _action_json(action, None, lang),
                  "expert": _action_json(decision.action, None, lang), "why": _why(decision, lang),
                  "same": same, "forced": len(m.legal_actions()) == 1}
    if m.deal.phase is Phase.PLAY:
        move["trick"] = len(m.deal.tricks) + 1
    return move


@endpoint
def review(state: str, seat: str, deal: int | None = None, seed: int = 0, budgetMs: float = 250.0,
           first: int = 0, count: int | None = None, lang: str = "en") -> JSON:
    """A finished deal (default: the last one) played again up to each call and card of *seat*: what it chose, and
    what the expert bot would have chosen there, with its line; from *seat*'s view only, as the hint is.

    The expert is asked as ``bot_action`` asks it (same *seed*, same randomness per position), so each of its choices
    is the hint the player would have had at that moment. The cut is left out: any cut is as good before the deal.
    *first* and *count* review a part of the seat's moves (``total`` says how many there are), so that a caller can
    ask them a few at a time and stop: a whole deal is a second or more of search, and the engine answers one request
    at a time.
    """
    check_lang(lang)
    match = _match(state)
    who = _seat(seat)
    if not match.history:
        raise GiretraError("no deal has finished yet", "no_finished_deal")
    number = len(match.history) if deal is None else _int(deal, "deal", 1, len(match.history))
    _int(seed, "seed", 0, MAX_SEED)
    budget = _budget(budgetMs)
    _int(first, "first", 0, MAX_MOVES)
    end = MAX_MOVES if count is None else first + _int(count, "count", 1, MAX_MOVES)
    # Replayed from the match's start: the bots also read the scores and the target at each position.
    moves: list[JSON] = []
    total = 0   # the seat's moves in the deal; those from first to end are reviewed
    for n, m, turn, action in match.replay():
        if n > number:
            break
        if n == number and turn == who and m.deal.phase is not Phase.CUT:
            total += 1
            if first < total <= end:
                moves.append(_review_move(m, who, action, seed, budget, lang))
    chosen = [x for x in moves if not x["forced"]]   # a forced card was nobody's choice
    if first > total:
        raise RequestError(f"first must be at most {total}: the seat made {total} moves in deal {number}")
    return {"deal": number, "seat": who.api_name, "level": HINT_LEVEL, "first": first, "total": total, "moves": moves,
            "chosen": len(chosen), "same": sum(1 for x in chosen if x["same"])}


@endpoint
def take_back(state: str, seat: str, lang: str = "en") -> JSON:
    """The match just before *seat*'s last choice in this phase of the deal, that choice and every action after it
    undone (a player's take-back; asked again, the choice before). ``taken`` is the action taken back, ``undone`` how
    many actions were undone in all. See ``Match.choices`` for what can be taken back."""
    lang = check_lang(lang)
    match = _match(state)
    who = _seat(seat)
    choices = list(match.choices(who))
    if not choices:
        raise GiretraError(f"{who.api_name} has no choice to take back: a take-back undoes a call during the "
                           "negotiation or a card during the play, in the current deal, never a cut",
                           "nothing_to_take_back")
    before, taken = choices[-1]
    undone = len(match.deal.actions()) - len(before.deal.actions())
    return {"state": _state(before), "view": _view_json(before, seat_view(before, who), lang),
            "taken": _action_json(taken, None, lang), "undone": undone}


@endpoint
def score_sheet(state: str, lang: str = "en") -> JSON:
    """Every finished deal's result, the running scores, the target and the winner."""
    lang = check_lang(lang)
    match = _match(state)
    rows = []
    for number, record in enumerate(match.history, 1):
        contract = record.deal.contract
        rows.append({"dealNumber": number, "dealer": SEAT_NAMES[record.deal.dealer],
                     "contract": _contract_json(contract, True, lang),
                     "matchPoints": _teams(record.score.match_points),
                     "instantWin": TEAM_NAMES[record.score.instant_win] if record.score.instant_win is not None
                     else None,
                     "scoresAfter": _teams(record.scores_after), "targetAfter": record.target_after,
                     "targetRaised": record.target_raised})
    return {"deals": rows, "startScores": _teams(match.start_scores), "scores": _teams(match.scores),
            "target": match.target, "winner": TEAM_NAMES[match.winner] if match.winner is not None else None}


@endpoint
def set_players(state: str, players: JSON, lang: str = "en") -> JSON:
    """The same match with other players (e.g. another bot level); the game itself is unchanged."""
    check_lang(lang)
    match = _match(state)
    new_players = _players(players, match.players, required=True)
    fields = format_match(match).split(" ")
    fields[2] = "".join(PLAYER_LETTERS[p] for p in new_players)
    return {"state": " ".join(fields)}


@endpoint
def share_deal(state: str, lang: str = "en") -> JSON:
    """A new match that starts with the current deal: same deck, dealer, cut, scores and target.

    Someone who opens it gets exactly the same hands (the cut is kept once it has been made). ``state`` is its
    notation, ``link`` the same as a token for a link (``open_link`` reads it back): a link does not show the deck
    to a casual reader.
    """
    check_lang(lang)
    match = _match(state)
    deal = match.deal
    if match.winner is not None:
        raise GiretraError("the match is over: there is no deal to share", "match_over")
    if match.history:
        start = Match.new(match.seed, match.rules, match.players, deal.dealer, deal.deck, match.scores, match.target)
    else:
        start = match.start()
    if deal.cut is not None:
        start = start.apply(deal.cutter, Cut(deal.cut))
    return {"state": format_match(start), "link": format_link(start)}


@endpoint
def open_link(link: str, lang: str = "en") -> JSON:
    """The match notation of a share link's token (``share_deal``'s ``link``), checked as any state is."""
    check_lang(lang)
    return {"state": format_match(parse_link(_str(link, "link")))}


@endpoint
def match_info(state: str, lang: str = "en") -> JSON:
    """What the page knows a match by, so that it never reads the notation's fields: ``id``, the same for every state of
    one match whatever was played since (its version, preset, seed, first dealer, scores, target and deck; not its
    players, which a bot's level changed in the settings rewrites); ``rules``, its preset; ``seed``, the seed its deck
    came from, or null when the deck was given (a shared deal), so that a link to it by its seed would deal another."""
    check_lang(lang)
    match = _match(state)
    header = format_match(match).split(" ")[:8]
    del header[2]
    return {"id": " ".join(header), "rules": match.rules.name, "seed": match.seed if match.start_deck is None else None}


@endpoint
def lessons(lang: str = "en") -> JSON:
    """The lessons, in the order of the rules (cards, deal, negotiation, play, scoring, match)."""
    return {"lessons": lesson_catalogue(check_lang(lang))}


@endpoint
def lesson_task(lesson: str, index: int = 0, lang: str = "en") -> JSON:
    """One task of a lesson: its board (a scripted position), the question and the choices."""
    return lesson_board(lesson, index, check_lang(lang))


@endpoint
def check_answer(lesson: str, index: int, answer: Any, lang: str = "en") -> JSON:
    """Whether *answer* is right, with feedback that names the rule and explains a mistake."""
    return lesson_check(lesson, index, answer, check_lang(lang))


# -- the score calculator --------------------------------------------------------------------------------------------

def _score_error(key: str, lang: str, code: str, **params: object) -> GiretraError:
    return GiretraError(score_message(key, lang, **params), code, rule=SCORE_RULE_OF.get(key, ""), **params)


@functools.cache
def _possible_points(mode: Mode) -> frozenset[int]:
    """Every card-point total one team can have in *mode*: the points of some of the 32 cards, +10 or not (S-1)."""
    sums = {0}
    for points in POINTS[mode]:
        sums |= {s + points for s in sums}
    return frozenset(sums | {s + LAST_TRICK_BONUS for s in sums})


def _multipliers(rules: Rules, mode: Mode, lang: str) -> tuple[list[int], JSON]:
    """The multipliers a *mode* contract can have under *rules*, and why the others cannot happen."""
    allowed, refused = [], {}
    if rules.accept_doubles(mode):
        refused["1"] = score_message("auto_doubled", lang, mode=mode_name(mode, lang))
    else:
        allowed.append(1)
    allowed.append(2)
    if mode in rules.redoublable_modes:
        allowed.append(4)
    else:
        refused["4"] = score_message("not_redoublable", lang, mode=mode_name(mode, lang))
    return allowed, refused


def _card_points(value: object, mode: Mode, sweep: int | None, lang: str) -> tuple[int, int]:
    """Both teams' card points from *value* (one team or both; nothing for a sweep), checked against S-1/S-5."""
    total, name = mode.total_points, mode_name(mode, lang)
    swept = None if sweep is None else (total, 0) if sweep == 0 else (0, total)
    if value is None:
        if swept is None:
            raise _score_error("points_missing", lang, "bad_card_points")
        return swept
    if not isinstance(value, dict) or not value or not set(value) <= set(TEAM_NAMES):
        raise RequestError('cardPoints must look like {"Team1": 90, "Team2": 72} (one team or both)')
    for v in value.values():
        if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= total:
            raise _score_error("points_type", lang, "bad_card_points", total=total, mode=name,
                               value=json.dumps(v, ensure_ascii=False))
        if v not in _possible_points(mode):
            raise _score_error("points_impossible", lang, "bad_card_points", value=v, mode=name)
    a = value["Team1"] if "Team1" in value else total - value["Team2"]
    d = value["Team2"] if "Team2" in value else total - a
    if a + d != total:
        raise _score_error("points_sum", lang, "bad_card_points", mode=name, total=total, a=a, d=d, sum=a + d)
    if sweep is not None and (a, d) != swept:
        raise _score_error("points_sweep", lang, "bad_card_points", team=TEAMS[lang][sweep], total=total)
    return a, d


@endpoint
def score(rules: str = "giretra.com", mode: str | None = None, multiplier: int | None = None,
          announcer: str = "Team1", cardPoints: JSON | None = None, sweep: str | None = None,
          lang: str = "en") -> JSON:
    """The match points of one deal from its contract and card points (RULES S-2 … S-5): the score calculator.

    Without *mode*: only the modes (names, card-point totals, possible multipliers) and the teams, in *lang*.
    *cardPoints* may give one team (the engine completes the other) or both; a *sweep* implies them.
    *multiplier* defaults to the lowest the mode can have (×2 for NoTrumps and Clubs when an opponent's
    Accept doubles them, N-5).
    """
    lang = check_lang(lang)
    preset = get_preset(_str(rules, "rules"))
    modes = []
    for each in Mode:
        allowed, refused = _multipliers(preset, each, lang)
        modes.append({"mode": MODE_NAMES[each], "text": mode_name(each, lang), "total": each.total_points,
                      "multipliers": allowed, "refused": refused})
    out: JSON = {"rules": preset.name, "modes": modes, "teams": dict(zip(TEAM_NAMES, TEAMS[lang], strict=True)),
                 "result": None}
    if mode is None:
        if multiplier is not None or cardPoints is not None or sweep is not None:
            raise RequestError("mode is missing: multiplier, cardPoints and sweep need a mode")
        return out
    the_mode = parse_mode(_str(mode, "mode"))
    announcer_team = parse_team(_str(announcer, "announcer"))
    sweep_team = None if sweep is None else parse_team(_str(sweep, "sweep"))
    allowed, refused = _multipliers(preset, the_mode, lang)
    if multiplier is None:
        m = allowed[0]
    else:
        m = _int(multiplier, "multiplier", 1, 4)
        if m == 3:
            raise RequestError("multiplier must be 1, 2 or 4")
        if m not in allowed:
            raise GiretraError(refused[str(m)], "multiplier_not_allowed", rule="N-5" if m == 1 else "N-6")
    points = _card_points(cardPoints, the_mode, sweep_team, lang)
    automatic = m == 2 and 1 not in allowed  # this contract is ×2 only through the automatic double (N-5)
    result = score_deal(preset, the_mode, m, announcer_team, points, sweep_team, automatic=automatic)
    rule = ("S-5" if sweep_team is not None else "S-2" if the_mode.is_colour else "S-3"
            if the_mode is Mode.NO_TRUMPS else "S-4" if m == 1 else "S-4b")
    out["result"] = {
        "mode": MODE_NAMES[the_mode], "modeText": mode_name(the_mode, lang), "multiplier": m, "automatic": automatic,
        "announcer": TEAM_NAMES[announcer_team], "cardPoints": _teams(points), "total": the_mode.total_points,
        "sweep": TEAM_NAMES[sweep_team] if sweep_team is not None else None,
        "outcome": result.outcome, "matchPoints": _teams(result.match_points),
        "instantWin": TEAM_NAMES[result.instant_win] if result.instant_win is not None else None,
        "lines": [explain_step(k, p, lang) for k, p in result.steps], "rule": rule}
    return out


def call(name: str, request: str) -> str:
    """Dispatch by name (the worker's single entry point)."""
    fn = FUNCTIONS.get(name) if isinstance(name, str) else None
    if fn is None:
        return json.dumps({"ok": False, "error": {"code": "unknown_function",
                                                  "message": f"unknown function {name!r}", "rule": ""}})
    return fn(request)


__all__ = ["FUNCTIONS", "call", "info", "new_match", "view", "legal", "apply", "bot_action", "deal_summary",
           "review", "score_sheet", "set_players", "share_deal", "open_link", "lessons", "lesson_task", "check_answer",
           "score"]
