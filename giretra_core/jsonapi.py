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
import importlib.util
import json
import random
import re
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from . import __version__, analysis, bots, scoring, shapes
from . import review as reviews
from .cards import Card, cards_of, parse_card
from .deal import TURN_RULE, Cut, Phase, action_token, parse_action
from .errors import RULE_OF, GiretraError, RequestError, rule_of
from .lessons import catalogue as lesson_catalogue
from .lessons import check_answer as lesson_check
from .lessons import lesson_task as lesson_board
from .match import MAX_SEED, MAX_TARGET, PLAYER_KINDS, Match
from .modes import HAND_ORDERS, parse_mode
from .negotiation import Reason
from .notation import MAX_LENGTH, format_link, format_match, parse_link, parse_match
from .rules import PRESETS, get_preset
from .scoring import ScoreInputError
from .seats import SEAT_NAMES, TEAM_NAMES, Seat, parse_seat, parse_team
from .views import seat_view
from .words import LANGUAGES, check_lang, message, notation_message, score_refusal

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


def _hand_order(value: object) -> str:
    if value not in HAND_ORDERS:
        raise RequestError(f"order must be one of {', '.join(HAND_ORDERS)}, not {value!r}")
    return str(value)


def _seat(value: object) -> Seat:
    return parse_seat(_str(value, "seat"))


def _error_text(err: GiretraError, lang: str) -> str:
    """A refusal in the page's language: a rule's sentence, or a notation's where a person meets it (a shared link
    that stops at an illegal action, or cut short); other bad input is for developers, in English."""
    if isinstance(err, ScoreInputError):
        return score_refusal(err.key, err.params, lang)
    if err.code in _REASON_CODES:
        return message(err.code, lang, err.params)
    why = err.params.get("why")
    if err.code in ("bad_notation", "bad_link") and isinstance(why, str):
        return notation_message(why, lang, err.params)
    return str(err)


# The refusals a person can meet, told in their language: every code that names a rule (its one source, RULE_OF).
_REASON_CODES = frozenset(RULE_OF)


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
    return shapes.info(__version__, PRESETS, list(bots.LEVELS), LANGUAGES)


@endpoint
def new_match(seed: int | None = None, rules: str = "giretra.com", players: JSON | None = None,
              dealer: str | None = None, deck: list[str] | None = None, scores: JSON | None = None,
              target: int | None = None, seat: str | None = None, order: str = "strongest", lang: str = "en") -> JSON:
    """Start a match; returns its state and the view of *seat* (default: the first human, else Bottom)."""
    lang = check_lang(lang)
    order = _hand_order(order)
    if seed is None:
        seed = random.SystemRandom().randrange(MAX_SEED)
    seed = _int(seed, "seed", 0, MAX_SEED)
    preset = get_preset(_str(rules, "rules"))
    player_list = _players(players)
    deck_cards: list[Card] | None = None
    if deck is not None:
        if not isinstance(deck, list) or not all(isinstance(c, str) for c in deck):
            raise RequestError("deck must be a list of 32 card names")
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
    return {"state": state, "view": shapes.view(match, seat_view(match, seat_obj), lang, order)}


@endpoint
def view(state: str, seat: str, order: str = "strongest", lang: str = "en") -> JSON:
    """What *seat* may know now; its hand in *order* (``HAND_ORDERS``)."""
    lang = check_lang(lang)
    order = _hand_order(order)
    match = _match(state)
    return shapes.view(match, seat_view(match, _seat(seat)), lang, order)


@endpoint
def legal(state: str, seat: str, lang: str = "en") -> JSON:
    """Every action of the phase for *seat*, legal or with the reason it is not.

    For a seat that is not to act every action is refused with ``not_your_turn``.
    """
    lang = check_lang(lang)
    match = _match(state)
    who = _seat(seat)
    if match.winner is not None:
        return shapes.legal(None, [], None, who, lang)
    if match.turn == who:
        actions = match.deal.every_action()
    else:
        # Never the acting player's cards: a waiting seat sees its own hand, all refused.
        reason = Reason("not_your_turn", {"seat": who, "turn": match.turn, "rule": TURN_RULE[match.deal.phase]})
        if match.deal.phase is Phase.PLAY:
            actions = [(c, reason) for c in cards_of(match.deal.hands[who])]
        else:
            actions = [(a, reason) for a, _ in match.deal.every_action()]
    return shapes.legal(match.turn, actions, match.deal.negotiation, who, lang)


@endpoint
def apply(state: str, seat: str, action: str, order: str = "strongest", lang: str = "en") -> JSON:
    """*seat* takes *action*; returns the new state, the seat's view and what happened."""
    lang = check_lang(lang)
    order = _hand_order(order)
    match = _match(state)
    who = _seat(seat)
    act = parse_action(_str(action, "action"))
    after = match.apply(who, act)
    return {"state": _state(after), "view": shapes.view(after, seat_view(after, who), lang, order),
            "event": shapes.event(match, after, who, act, lang)}


def _budget(value: object) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value <= 60_000:
        raise RequestError("budgetMs must be a number in 0..60000")
    return float(value)


@endpoint
def bot_action(state: str, seat: str, level: str | None = None, seed: int = 0,
               budgetMs: float = reviews.BOT_BUDGET_MS, lang: str = "en") -> JSON:
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
        level = match.players[who] if match.players[who] != "human" else reviews.HINT_LEVEL
    _int(seed, "seed", 0, MAX_SEED)
    budget = _budget(budgetMs)
    decision = reviews.choose(match, who, _str(level, "level"), seed, budget)
    return {"action": action_token(decision.action), "why": shapes.why(decision, lang), "key": decision.key,
            "level": level, **shapes.hint_lines(reviews.plan(match, who, decision), decision, lang)}


def _finished(match: Match, deal: object) -> int:
    """The number of one of *match*'s finished deals: *deal* if given, else the last one."""
    if not match.history:
        raise GiretraError("no deal has finished yet", "no_finished_deal")
    return len(match.history) if deal is None else _int(deal, "deal", 1, len(match.history))


# The study's modules (the duplicate, the deal of the day, the puzzles) are not in the page's wheel
# (build_wheel.STUDY_MODULES): a function that needs one answers ``study_missing``, on which the page's worker unpacks
# them and asks again. JavaScript keeps no list of these functions.
STUDY_MODULES = ("daily", "duplicate")


def _study(name: str) -> None:
    """Refuse with ``study_missing`` when the study module *name* is not installed (the page's wheel)."""
    if importlib.util.find_spec(f"{__package__}.{name}") is None:
        raise GiretraError(f"the study's module {name} is not installed here", "study_missing")


@endpoint
def deal_summary(state: str, deal: int | None = None, lang: str = "en") -> JSON:
    """The result of a finished deal (default: the last one) with its arithmetic spelled out."""
    lang = check_lang(lang)
    match = _match(state)
    number = _finished(match, deal)
    return shapes.summary(match, number, lang)


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
    number = _finished(match, deal)
    _int(seed, "seed", 0, MAX_SEED)
    budget = _budget(budgetMs)
    _int(first, "first", 0, MAX_MOVES)
    end = MAX_MOVES if count is None else first + _int(count, "count", 1, MAX_MOVES)
    moves: list[JSON] = []
    total = 0   # the seat's moves in the deal; those from first to end are reviewed
    for m, action in reviews.seat_moves(match, who, number):
        total += 1
        if first < total <= end:
            moves.append(shapes.review_move(reviews.review_move(m, who, action, seed, budget), lang))
    chosen = [x for x in moves if not x["forced"]]   # a forced card was nobody's choice
    if first > total:
        raise RequestError(f"first must be at most {total}: the seat made {total} moves in deal {number}")
    return {"deal": number, "seat": who.api_name, "level": reviews.HINT_LEVEL, "first": first, "total": total,
            "moves": moves, "chosen": len(chosen), "same": sum(1 for x in chosen if x["same"])}


@endpoint
def analyse_deal(state: str, seat: str, deal: int | None = None, first: int = 0, count: int | None = None,
                 lang: str = "en") -> JSON:
    """A finished deal (default: the last one) played again with every hand known: at each position where *seat*
    chose among two or more legal cards, the exact value of each card for the seat's team (its card points and the
    deal's match points if all four play perfectly from there), the best card(s) and the card played.

    *first* and *count* give a part of the positions (``total`` says how many there are), so that a caller can ask
    them one at a time and stop, as for ``review``.
    """
    lang = check_lang(lang)
    match = _match(state)
    who = _seat(seat)
    number = _finished(match, deal)
    _int(first, "first", 0, MAX_MOVES)
    end = MAX_MOVES if count is None else first + _int(count, "count", 1, MAX_MOVES)
    positions: list[JSON] = []
    total = 0
    for m, card in analysis.choices(match, who, number):
        total += 1
        if first < total <= end:
            positions.append(shapes.analysed_position(analysis.analyse_position(m, who, card), lang))
    if first > total:
        raise RequestError(f"first must be at most {total}: the seat chose {total} cards in deal {number}")
    return {"deal": number, "seat": who.api_name, "team": TEAM_NAMES[who & 1], "first": first, "total": total,
            "positions": positions}


@endpoint
def expert_deal(state: str, seat: str, deal: int | None = None, level: str | None = None, seed: int = 0,
                budgetMs: float = 250.0, moves: list[str] | None = None, count: int | None = None,
                lang: str = "en") -> JSON:
    """The solo duplicate: a finished deal (default: the last one) played again from its cut, the same cards in every
    hand, with the expert bot (or *level*) in *seat* and every other seat's own bot, asked as ``bot_action`` asks
    them (same *seed*; ``budgetMs`` is the expert's, the others' the default 250); beside the deal as it was played.

    *moves* are the actions of an earlier answer (the duplicate so far), replayed and checked; *count* more are
    played (default: to the deal's end), so that a caller can ask a few at a time and stop. ``done`` says the deal is
    over; then ``expert`` is its result (contract, card points, outcome, match points), as ``played`` is the deal's.
    """
    _study("duplicate")
    from . import duplicate

    lang = check_lang(lang)
    match = _match(state)
    who = _seat(seat)
    number = _finished(match, deal)
    level = reviews.HINT_LEVEL if level is None else _str(level, "level")
    if level not in bots.LEVELS:
        raise GiretraError(f"unknown bot level: {level!r} (expected one of {', '.join(bots.LEVELS)})", "bad_level",
                           text=level)
    _int(seed, "seed", 0, MAX_SEED)
    budget = _budget(budgetMs)
    if moves is None:
        moves = []
    if not isinstance(moves, list) or not all(isinstance(x, str) for x in moves):
        raise RequestError("moves must be a list of actions (the moves of an earlier answer)")
    if len(moves) > duplicate.MAX_DEAL_ACTIONS:
        raise RequestError(f"moves holds {len(moves)} actions, more than a deal can ({duplicate.MAX_DEAL_ACTIONS})")
    if count is not None:
        _int(count, "count", 1, duplicate.MAX_DEAL_ACTIONS)
    given = [parse_action(x) for x in moves]
    part = duplicate.play_on(duplicate.deal_start(match, number), number, who, level, given, count, seed, budget)
    return {"deal": number, "seat": who.api_name, "team": TEAM_NAMES[who & 1], "level": level,
            "moves": [action_token(a) for a in part.actions], "done": part.done,
            "played": shapes.deal_result(match.history[number - 1], lang),
            "expert": None if part.record is None else shapes.deal_result(part.record, lang)}


MAX_PUZZLES = 3   # puzzles a day


@endpoint
def daily_deal(date: str, lang: str = "en") -> JSON:
    """*date*'s deal (``YYYY-MM-DD``), the same for everyone that day: dealt from the date alone, cut and bid by the
    advanced bots for all four seats, at its first card; a match of one person at Bottom and the advanced bots. Its
    par is ``daily_par``'s (seconds of the exact solver: asked once the deal is over)."""
    _study("daily")
    from . import daily

    lang = check_lang(lang)
    match = daily.daily_deal(_str(date, "date"))
    return {"date": date, "state": _state(match), "view": shapes.view(match, seat_view(match, Seat.BOTTOM), lang)}


@endpoint
def daily_par(date: str, lang: str = "en") -> JSON:
    """The par of *date*'s deal: its result (as ``expert_deal``'s) if all four play perfectly from its first card with
    every hand known, the player's team being Team1."""
    _study("daily")
    from . import daily

    lang = check_lang(lang)
    score = daily.par(_str(date, "date"))
    return {"date": date, **shapes.result(daily.daily_deal(date).deal.contract, score, lang)}


@endpoint
def puzzle(date: str, number: int = 1, played: list[str] | None = None, lang: str = "en") -> JSON:
    """*date*'s puzzle *number* (1..3), the same for everyone that day: an ending of the last 2 to 4 tricks with every
    hand open, Bottom to play; ``goal`` is the card points the player's team takes from there with perfect play, and
    exactly one card reaches it at each of Bottom's turns (the other seats play the solver's best card). *played* are
    Bottom's cards so far: the answer is the puzzle after them (``played`` then lists every card since the start),
    ``wrong`` the right card where the last one was not, ``solved`` once the last trick is over."""
    _study("daily")
    from . import daily

    lang = check_lang(lang)
    daily.daily_seed(_str(date, "date"))   # the date checked before any search
    number = _int(number, "number", 1, MAX_PUZZLES)
    if played is None:
        played = []
    if not isinstance(played, list) or not all(isinstance(x, str) for x in played) or len(played) > 8:
        raise RequestError("played must be a list of at most 8 cards (Bottom's, in order)")
    cards = [parse_card(x) for x in played]
    p = daily.puzzle(date, number)
    deal, line, right = daily.follow(p, cards)
    return shapes.puzzle(p, deal, line, right, lang)


@endpoint
def replay_deal(state: str, deal: int | None = None, lang: str = "en") -> JSON:
    """A finished deal (default: the last one) step by step, for a replay: its cut, every call and every card, each
    with the table just after it, every hand open (the four hands, the trick, the tricks won, the card points, the
    calls and the contract so far)."""
    lang = check_lang(lang)
    match = _match(state)
    number = _finished(match, deal)
    return shapes.replay(match, number, lang)


@endpoint
def take_back(state: str, seat: str, order: str = "strongest", lang: str = "en") -> JSON:
    """The match just before *seat*'s last choice in this phase of the deal, that choice and every action after it
    undone (a player's take-back; asked again, the choice before). ``taken`` is the action taken back, ``undone`` how
    many actions were undone in all. See ``Match.choices`` for what can be taken back."""
    lang = check_lang(lang)
    order = _hand_order(order)
    match = _match(state)
    who = _seat(seat)
    choices = list(match.choices(who))
    if not choices:
        raise GiretraError(f"{who.api_name} has no choice to take back: a take-back undoes a call during the "
                           "negotiation or a card during the play, in the current deal, never a cut",
                           "nothing_to_take_back")
    before, taken = choices[-1]
    undone = len(match.deal.actions()) - len(before.deal.actions())
    return {"state": _state(before), "view": shapes.view(before, seat_view(before, who), lang, order),
            "taken": shapes.action(taken, None, lang), "undone": undone}


@endpoint
def score_sheet(state: str, lang: str = "en") -> JSON:
    """Every finished deal's result, the running scores, the target and the winner."""
    lang = check_lang(lang)
    match = _match(state)
    return shapes.score_sheet(match, lang)


@endpoint
def set_players(state: str, players: JSON, lang: str = "en") -> JSON:
    """The same match with other players (e.g. another bot level); the game itself is unchanged."""
    check_lang(lang)
    match = _match(state)
    new_players = _players(players, match.players, required=True)
    return {"state": format_match(match.with_players(new_players))}


@endpoint
def share_deal(state: str, deal: int | None = None, lang: str = "en") -> JSON:
    """A new match that starts with the current deal, or with deal *deal* (a finished one: "Play this deal again"):
    same deck, dealer, cut, and the scores and target that deal began with.

    Someone who opens it gets exactly the same hands (the cut is kept once it has been made). ``state`` is its
    notation, ``link`` the same as a token for a link (``open_link`` reads it back): a link does not show the deck
    to a casual reader.
    """
    check_lang(lang)
    match = _match(state)
    number = None if deal is None else _int(deal, "deal", 1, len(match.history) + 1)
    start = match.current_deal() if number is None else match.deal_again(number)
    return {"state": format_match(start), "link": format_link(start)}


@endpoint
def replay_link(state: str, deal: int | None = None, lang: str = "en") -> JSON:
    """A finished deal (default: the last one) as a token for a link to its replay (``<giretra-game mode="replay">``,
    ``embed.html?mode=replay``): a new match that starts with that deal as it was dealt (``share_deal``'s) with every
    action of it played, and nothing of the deals after it (the hands of a deal in progress stay the player's).
    ``deal`` is its number in that match: 1."""
    check_lang(lang)
    match = _match(state)
    number = _finished(match, deal)
    played = match.deal_again(number)   # dealt and cut as it was
    for n, _, turn, action in match.replay():
        if n == number and not isinstance(action, Cut):
            played = played.apply_unchecked(turn, action)
    return {"link": format_link(played), "deal": 1}


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
    out: JSON = {"rules": preset.name, "modes": shapes.calculator_modes(preset, lang),
                 "teams": shapes.team_words(lang), "result": None}
    if mode is None:
        if multiplier is not None or cardPoints is not None or sweep is not None:
            raise RequestError("mode is missing: multiplier, cardPoints and sweep need a mode")
        return out
    the_mode = parse_mode(_str(mode, "mode"))
    announcer_team = parse_team(_str(announcer, "announcer"))
    sweep_team = None if sweep is None else parse_team(_str(sweep, "sweep"))
    if multiplier is not None and _int(multiplier, "multiplier", 1, 4) == 3:
        raise RequestError("multiplier must be 1, 2 or 4")
    m = scoring.multiplier(preset, the_mode, multiplier)
    given = None
    if cardPoints is not None:
        if not isinstance(cardPoints, dict) or not cardPoints or not set(cardPoints) <= set(TEAM_NAMES):
            raise RequestError('cardPoints must look like {"Team1": 90, "Team2": 72} (one team or both)')
        given = {TEAM_NAMES.index(name): value for name, value in cardPoints.items()}
    result = scoring.calculate(preset, the_mode, m, announcer_team, sweep_team, given)
    out["result"] = shapes.calculation(the_mode, announcer_team, sweep_team, result, lang)
    return out


def call(name: str, request: str) -> str:
    """Dispatch by name (the worker's single entry point)."""
    fn = FUNCTIONS.get(name) if isinstance(name, str) else None
    if fn is None:
        return json.dumps({"ok": False, "error": {"code": "unknown_function",
                                                  "message": f"unknown function {name!r}", "rule": ""}})
    return fn(request)


__all__ = ["FUNCTIONS", "call", "info", "new_match", "view", "legal", "apply", "bot_action", "deal_summary",
           "review", "analyse_deal", "expert_deal", "daily_deal", "daily_par", "puzzle", "replay_deal", "score_sheet",
           "set_players", "share_deal", "replay_link", "open_link", "lessons", "lesson_task", "check_answer", "score"]
