"""The engine's words: sentences for refusals, the deal arithmetic, bots' reasons and the score calculator, in English,
French and Malagasy.

One catalogue per language (``en.json``, ``fr.json``, ``mg.json`` beside this module: data only, the same names and
keys in each, checked by tests/test_words.py); this module reads them and fills their sentences in. The rules never
import it: they raise a code with its parameters (:class:`~giretra_core.errors.GiretraError`), and the sentence is
made here, in the language asked, when the error is shown. A new language is a new catalogue beside these three and
its name in :data:`LANGUAGES`; a new word is its key in each.

>>> message("must_follow_suit", "en", {"led": 2})
'You must follow suit: play a heart (P-1, follow suit).'
>>> message("must_follow_suit", "fr", {"led": 2})
'Vous devez fournir\xa0: jouez un cœur (P-1, fournir à la couleur).'
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .. import errors
from ..cards import card_label, parse_card
from ..errors import RULE_OF, GiretraError, rule_of
from ..modes import Mode
from ..negotiation import Call, CallKind, Effect
from ..scoring import SCORE_RULE_OF

__all__ = ["LANGUAGES", "CATALOGUES", "RULE_OF", "check_lang", "card_text", "message", "notation_message", "rule_of",
           "arithmetic", "explain_step", "mode_name", "call_text", "effect_text", "restriction", "bot_reason",
           "card_plan", "score_message", "score_refusal"]

LANGUAGES = ("en", "fr", "mg")


@dataclass(frozen=True)
class Catalogue:
    """One language's words (its JSON file, one field a name)."""

    seats: tuple[str, str, str, str]      # Bottom, Left, Top, Right
    teams: tuple[str, str]
    teams_seen: tuple[str, str]           # as a person at Bottom sees them, in the page's words (team.Team1)
    modes: tuple[str, ...]                # in the order of Mode: the four Colours, NoTrumps, AllTrumps
    suits: tuple[str, str, str, str]
    and_: str
    calls: dict[str, str]                 # accept, double, redouble (an announcement is its mode's name)
    call_effects: dict[str, str]          # what a call does, by Negotiation.effect's code (said beside the call)
    rank_letters: dict[str, str]          # the letters on the card faces: J Q K (V D R in French)
    phases: dict[str, str]
    messages: dict[str, str]              # why an action is refused, by reason code (errors.RULE_OF, as {rule})
    restrictions: dict[str, str]          # a negotiation refusal once for every mode it refuses ({modes}: coach mode)
    notation: dict[str, str]              # a shared link or a save refused, where a person meets it
    steps: dict[str, str]                 # the deal arithmetic, one sentence per scoring step
    score_messages: dict[str, str]        # the score calculator's refusals (scoring.ScoreInputError)
    bot_reasons: dict[str, str]           # why a bot chose, by its Decision's key (the hint's line)
    card_plans: dict[str, str]            # what a card does, in a player's words (bots/plan.py: a card hint's line)
    teams_short: tuple[str, str]          # "Team 1", "Team 2": a lesson's feedback on one team's number
    lesson_feedback: dict[str, str]       # the lessons' own phrases: a choice's words, right, wrong, slips
    lessons: dict[str, str]               # the lessons' titles, questions and explanations (lessons/content.json)

    @classmethod
    def load(cls, lang: str) -> Catalogue:
        data = json.loads((Path(__file__).parent / f"{lang}.json").read_text(encoding="utf-8"))
        data["and_"] = data.pop("and")
        fields: dict[str, Any] = {k: tuple(v) if isinstance(v, list) else v for k, v in data.items()}
        return cls(**fields)


# Read when the module is imported, never later: the page's worker boots from a memory snapshot of the engine once
# imported, which holds what was read but not the files of site-packages.
CATALOGUES = {lang: Catalogue.load(lang) for lang in LANGUAGES}
en = CATALOGUES["en"]

# Some words by language, for the callers that name them so.
TEAMS = {lang: c.teams for lang, c in CATALOGUES.items()}
TEAMS_SEEN = {lang: c.teams_seen for lang, c in CATALOGUES.items()}
SEATS = {lang: c.seats for lang, c in CATALOGUES.items()}
CALLS = {lang: c.calls for lang, c in CATALOGUES.items()}
BOT_REASONS = {lang: c.bot_reasons for lang, c in CATALOGUES.items() if lang != "en"}   # en: bots.REASONS


def check_lang(lang: object) -> str:
    if lang not in LANGUAGES:
        raise GiretraError(f"unknown language: {lang!r} (expected en, fr or mg)", "bad_lang")
    return str(lang)


def card_text(card: int, lang: str) -> str:
    """A card as its face prints it: ``'J♥'``, ``'V♥'`` in French and Malagasy.

    >>> card_text(20, "fr"), card_text(20, "en")
    ('V♥', 'J♥')
    """
    label = card_label(card)
    return CATALOGUES[lang].rank_letters.get(label[0], label[0]) + label[1:]


def _fmt_params(params: dict[str, object], lang: str) -> dict[str, object]:
    words = CATALOGUES[lang]
    out: dict[str, object] = {}
    for key, value in params.items():
        if key in ("seat", "turn") and isinstance(value, int):
            out[key] = words.seats[value]
        elif key in ("mode", "bid") and isinstance(value, int):
            out[key] = words.modes[value]
        elif key == "card" and isinstance(value, int):
            out[key] = card_text(value, lang)
        elif key == "led" and isinstance(value, int):
            out[key] = words.suits[value]
        elif key == "phase" and isinstance(value, str):
            out[key] = words.phases.get(value, value)
        elif key == "allowed" and isinstance(value, tuple):  # a list of modes: "♦, ♥, ♠ and AllTrumps"
            names = [words.modes[m] for m in value]
            out[key] = f"{', '.join(names[:-1])} {words.and_} {names[-1]}" if len(names) > 1 else "".join(names)
        else:
            out[key] = value
    return out


class _Default(dict):  # type: ignore[type-arg]
    def __missing__(self, key: str) -> str:
        return "?"


def message(code: str, lang: str = "en", params: dict[str, object] | None = None) -> str:
    """The sentence for reason *code* in *lang*, naming the rule it enforces."""
    # "Spades ♠ is not higher than the current bid, Spades ♠" read oddly (a learner's audit): the same mode says so.
    same = code == "not_higher" and params is not None and params.get("mode") == params.get("bid")
    key = "not_higher_same" if same else code
    template = CATALOGUES[lang].messages.get(key)
    if template is None:
        return code
    values = _Default(_fmt_params(params or {}, lang))
    values["rule"] = rule_of(code, params)
    return str(template.format_map(values).replace(" ()", ""))


def restriction(code: str, lang: str, params: dict[str, object], modes: list[int]) -> str:
    """A refusal of the negotiation said once for every mode it refuses (coach mode: "Clubs ♣, Diamonds ♦ and
    Hearts ♥: not higher than the current bid, Spades ♠ (N-2, announce higher)."); a refusal that names no mode of
    its own is its :func:`message`.

    >>> restriction("already_doubled", "en", {"mode": 2}, [0, 2])
    'Clubs ♣ and Hearts ♥: doubled already (N-4).'
    """
    template = CATALOGUES[lang].restrictions.get(code)
    if template is None:
        return message(code, lang, params)
    values = _Default(_fmt_params(params, lang))
    names = [CATALOGUES[lang].modes[m] for m in modes]
    values["modes"] = f"{', '.join(names[:-1])} {CATALOGUES[lang].and_} {names[-1]}" if len(names) > 1 else names[0]
    values["rule"] = rule_of(code, params)
    return str(template.format_map(values).replace(" ()", ""))


def notation_message(why: str, lang: str, params: dict[str, object]) -> str:
    """The sentence for a refused match notation of kind *why* (``illegal``, ``cut_short``, ``bad_link``) in *lang*;
    an illegal action's reason is its rule's sentence (:func:`message`), or a garbled token's (English keeps the
    parser's precise text, for a bug report)."""
    words = CATALOGUES[lang].notation
    values = _Default(_fmt_params(params, lang))
    if why == "illegal":
        code, inner = str(params["reason_code"]), params["reason_params"]
        assert isinstance(inner, dict)
        garbled = words["garbled"].format_map(_Default(reason=params["reason"]))
        values["reason"] = message(code, lang, inner) if code in en.messages else garbled
    return str(words[why].format_map(values))


def _english(err: GiretraError) -> str:
    """The English sentence of an error raised by its code alone (see :meth:`GiretraError.worded`)."""
    why = err.params.get("why")
    if err.code in ("bad_notation", "bad_link") and isinstance(why, str):
        return notation_message(why, "en", err.params)
    return message(err.code, "en", err.params)


errors.WORDING = _english   # the rules raise codes; their English sentences are made here, when shown


def arithmetic(base: int, multiplier: int, why: str | None, lang: str) -> str:
    """``52 × 2 (doubled automatically) = 104``; with no multiplier just ``52``."""
    if multiplier == 1:
        return str(base)
    words = CATALOGUES[lang].steps.get(why or "", "")
    label = f" ({words})" if words else ""
    return f"{base} × {multiplier}{label} = {base * multiplier}"


def explain_step(key: str, params: dict[str, object], lang: str = "en",
                 teams: dict[str, tuple[str, str]] = TEAMS) -> str:
    """One sentence of the deal arithmetic; *teams*: their names (:data:`TEAMS_SEEN` for a person at Bottom)."""
    words = CATALOGUES[lang].steps
    values: dict[str, object] = _Default(params)
    if "team" in params and isinstance(params["team"], int):
        values["team"] = teams[lang][params["team"]]
    if "announcer_team" in params and isinstance(params["announcer_team"], int):
        t = params["announcer_team"]
        values["A_team"] = teams[lang][t]
        values["D_team"] = teams[lang][1 - t]
    if key == "stake":
        values["arith"] = arithmetic(int(params["base"]), int(params["multiplier"]),  # type: ignore[call-overload]
                                     params.get("why"), lang)  # type: ignore[arg-type]
    if key == "split":
        m = int(params["multiplier"])  # type: ignore[call-overload]
        why = params.get("why")
        values["arithA"] = arithmetic(int(params["A"]), m, why, lang)  # type: ignore[call-overload, arg-type]
        values["arithD"] = arithmetic(int(params["D"]), m, why, lang)  # type: ignore[call-overload, arg-type]
    if key == "alltrumps_round":
        values["rounding"] = words[str(params["rounding"])]
    return str(words[key].format_map(values))


def mode_name(mode: Mode | int, lang: str = "en") -> str:
    return str(CATALOGUES[lang].modes[int(mode)])


def call_text(call: Call, lang: str = "en") -> str:
    """``Hearts ♥`` for an announcement, ``Bonne``/``Accept``, ``Contré Sans A``/``Double NoTrumps``."""
    if call.kind is CallKind.ANNOUNCE:
        assert call.mode is not None
        return mode_name(call.mode, lang)
    word = CATALOGUES[lang].calls[call.kind.api_name]
    return word if call.mode is None else f"{word} {mode_name(call.mode, lang)}"


_MODE_BY_API = {m.api_name: int(m) for m in Mode}


def effect_text(effect: Effect, lang: str) -> str:
    """What a call does, in *lang* (:meth:`~giretra_core.negotiation.Negotiation.effect`).

    >>> effect_text(Effect("accept_doubles", Mode.NO_TRUMPS, 2), "en")
    'doubles it, ×2'
    >>> effect_text(Effect("double", Mode.CLUBS, 2), "fr")
    'contre Trèfle ♣, ×2'
    """
    mode = "" if effect.mode is None else CATALOGUES[lang].modes[effect.mode]
    return CATALOGUES[lang].call_effects[effect.code].format(mode=mode, multiplier=effect.multiplier)


def bot_reason(key: str, params: dict[str, str] | None, english: str, lang: str) -> str:
    """A bot's one-line reason in *lang* from its English template (``bots.REASONS[key]``); cards are shown
    with their suit symbol, modes by their name in *lang*. A key of a bot of one's own keeps its own English line.

    >>> bot_reason("master", {"card": "AS"}, "master card: {card} is the highest left in its suit", "fr")
    'carte maîtresse\xa0: A♠ est la plus haute qui reste dans sa couleur'
    """
    template = english if lang == "en" else CATALOGUES[lang].bot_reasons.get(key, english)
    values: dict[str, object] = {}
    for name, value in (params or {}).items():
        if name in ("card", "usual"):
            values[name] = card_text(parse_card(value), lang)
        elif name in ("mode", "about") and value in _MODE_BY_API:
            values[name] = CATALOGUES[lang].modes[_MODE_BY_API[value]]
        elif name == "cards":
            values[name] = " ".join(card_text(parse_card(c), lang) for c in value.split())
        else:
            values[name] = value
    line = template.format_map(_Default(values))
    # A bid's line goes on with what supports it (bidding.call_decision): its cards, the card points expected and
    # needed, in a clause of its own; the clause speaks of the mode it is about.
    support = (params or {}).get("support")
    if support in _SUPPORT:
        clause = CATALOGUES[lang].bot_reasons[support]
        line += clause.format_map(_Default({**values, "mode": values.get("about", "")}))
    return line


_SUPPORT = frozenset({"support_ours", "support_ours_none", "support_theirs", "support_best"})

_PLAN_CARDS = frozenset({"card", "win", "top", "beater", "kept", "honour"})


def card_plan(key: str, params: dict[str, str], lang: str) -> str:
    """A card's plan in a player's words (:mod:`giretra_core.bots.plan`) in *lang*: cards with their suit symbol,
    suits by their name (the Colours' names), counts as they are.

    >>> card_plan("win_top", {"card": "AH", "suit": "2"}, "en")
    'win the trick: your A♥ is the highest card left in Hearts ♥'
    >>> card_plan("partner_add", {"card": "KS"}, "fr")
    'le partenaire est maître du pli\xa0: charger avec R♠'
    """
    words = CATALOGUES[lang]
    values: dict[str, object] = {}
    for name, value in params.items():
        if name in _PLAN_CARDS:
            values[name] = card_text(parse_card(value), lang)
        elif name in ("suit", "led"):
            values[name] = words.modes[int(value)]
        else:
            values[name] = value
    return str(words.card_plans[key].format_map(_Default(values)))


def score_message(key: str, lang: str, **params: object) -> str:
    """A score-calculator refusal in *lang*, naming its rule.

    >>> score_message("not_redoublable", "fr", mode="Trèfle ♣")
    'Trèfle ♣ ne se surcontre jamais\xa0: ×4 est impossible (N-6).'
    """
    return str(CATALOGUES[lang].score_messages[key].format(rule=SCORE_RULE_OF.get(key, ""), **params))


def score_refusal(key: str, params: dict[str, object], lang: str) -> str:
    """A score calculator's refusal (:class:`~giretra_core.scoring.ScoreInputError`) in *lang*: its mode and team by
    their names, a typed value as JSON."""
    values = {k: v for k, v in params.items() if k != "rule"}
    mode, team = values.get("mode"), values.get("team")
    if isinstance(mode, int):
        values["mode"] = mode_name(mode, lang)
    if isinstance(team, int):
        values["team"] = TEAMS[lang][team]
    if key == "points_type":
        values["value"] = json.dumps(values["value"], ensure_ascii=False)
    return score_message(key, lang, **values)
