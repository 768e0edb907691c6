"""The engine's words: reasons for refusals and the deal arithmetic, in English, French and Malagasy.

Every reason code maps to the rule it enforces (``RULE_OF``), so a message can name the rule
and the UI can link to that section of the rules page.  The game's own vocabulary is kept:
Bonne (accept), Contré (double), Surcontré (redouble), Sans A, Tout A.

>>> message("must_follow_suit", "en", {"led": 2})
'You must follow suit: play a heart (P-1, follow suit).'
>>> message("must_follow_suit", "fr", {"led": 2})
'Vous devez fournir : jouez un cœur (P-1, fournir à la couleur).'
"""

from __future__ import annotations

from .cards import card_label
from .modes import Mode
from .negotiation import Call, CallKind

LANGUAGES = ("en", "fr", "mg")

RULE_OF = {
    "negotiation_complete": "N-8", "not_your_turn": "N-1", "announce_after_double": "N-2",
    "announce_locked": "N-5", "announce_after_accept": "N-2", "not_higher": "N-2",
    "colour_already_used_by_team": "N-2", "no_bid": "N-1", "target_not_announced": "N-4",
    "double_own_team": "N-4", "already_doubled": "N-4", "implicit_pass": "N-7",
    "redouble_not_allowed_for_mode": "N-6", "not_doubled": "N-6", "already_redoubled": "N-6",
    "redouble_not_announcer_team": "N-6", "must_follow_suit": "P-1", "must_beat": "P-2", "must_trump": "P-3",
    "must_overtrump": "P-5", "must_play_trump": "P-6", "cut_out_of_range": "D-2", "wrong_phase": "",
    "card_not_in_hand": "", "match_over": "M-1", "match_too_long": "",
}

SEATS = {
    "en": ("Bottom", "Left", "Top", "Right"),
    "fr": ("Sud", "Ouest", "Nord", "Est"),
    "mg": ("Ambany", "Havia", "Ambony", "Havanana"),
}
TEAMS = {
    "en": ("Team 1 (Bottom–Top)", "Team 2 (Left–Right)"),
    "fr": ("Équipe 1 (Sud–Nord)", "Équipe 2 (Ouest–Est)"),
    "mg": ("Ekipa 1 (Ambany–Ambony)", "Ekipa 2 (Havia–Havanana)"),
}
# The teams as a person seated at Bottom sees them, in the page's own words (web/js/i18n: team.Team1): the lessons
# and the deal's result in a game read "Team 1 (you and Top)", as the table around them does.
TEAMS_SEEN = {
    "en": ("Team 1 (you and Top)", "Team 2 (Left and Right)"),
    "fr": ("Équipe 1 (vous et Nord)", "Équipe 2 (Ouest et Est)"),
    "mg": ("Ekipa 1 (ianao sy Ambony)", "Ekipa 2 (Havia sy Havanana)"),
}
MODES = {
    "en": ("Clubs ♣", "Diamonds ♦", "Hearts ♥", "Spades ♠", "NoTrumps", "AllTrumps"),
    "fr": ("Trèfle ♣", "Carreau ♦", "Cœur ♥", "Pique ♠", "Sans A", "Tout A"),
    "mg": ("Trèfle ♣", "Carreau ♦", "Cœur ♥", "Pique ♠", "Sans A", "Tout A"),
}
SUITS = {
    "en": ("club", "diamond", "heart", "spade"),
    "fr": ("trèfle", "carreau", "cœur", "pique"),
    "mg": ("trèfle", "carreau", "cœur", "pique"),
}
AND = {"en": "and", "fr": "et", "mg": "ary"}
CALLS = {  # announce is the mode's own name
    "en": {"accept": "Accept", "double": "Double", "redouble": "Redouble"},
    "fr": {"accept": "Bonne", "double": "Contré", "redouble": "Surcontré"},
    "mg": {"accept": "Bonne", "double": "Contré", "redouble": "Surcontré"},
}
# The letters on the card faces: valet, dame, roi in French, and in Malagasy, which names the cards in French.
RANK_LETTERS = {
    "en": {},
    "fr": {"J": "V", "Q": "D", "K": "R"},
    "mg": {"J": "V", "Q": "D", "K": "R"},
}
PHASES = {
    "en": {"cut": "the cut", "negotiation": "the negotiation", "play": "the play", "deal_over": "the end of the deal"},
    "fr": {"cut": "la coupe", "negotiation": "les annonces", "play": "le jeu", "deal_over": "la fin de la donne"},
    "mg": {"cut": "ny fanapahana", "negotiation": "ny fifampiraharahana", "play": "ny lalao",
           "deal_over": "ny fiafaran’ny fizarana"},
}

_EN = {
    "negotiation_complete": "The negotiation is over.",
    "not_your_turn": "It is {turn}'s turn, not {seat}'s.",
    "announce_after_double": "No announcement after a Double: only Accept, Double or Redouble now ({rule}).",
    "announce_locked": "Announcements are locked since an opponent accepted {mode} ({rule}).",
    "announce_after_accept": "You accepted earlier: you cannot announce again this deal ({rule}).",
    "not_higher": "{mode} is not higher than the current bid, {bid} ({rule}, announce higher).",
    "not_higher_same": "{mode} is the current bid already: announce a higher mode ({rule}, announce higher).",
    "colour_already_used_by_team": "Your team has already announced a Colour: one Colour per team ({rule}).",
    "no_bid": "Nobody has announced yet: the first speaker must announce ({rule}).",
    "target_not_announced": "{mode} has not been announced, so it cannot be doubled ({rule}).",
    "double_own_team": "{mode} was announced by your own team: you can only double the opponents ({rule}).",
    "already_doubled": "{mode} is already doubled ({rule}).",
    "implicit_pass": "You announced or accepted after {mode} was bid: that passed on doubling it ({rule}).",
    "redouble_not_allowed_for_mode": "{mode} can never be redoubled: only {allowed} ({rule}).",
    "not_doubled": "{mode} is not doubled, so there is nothing to redouble ({rule}).",
    "already_redoubled": "{mode} is already redoubled ({rule}).",
    "redouble_not_announcer_team": "Only the team that announced {mode} may redouble it ({rule}).",
    "must_follow_suit": "You must follow suit: play a {led} ({rule}, follow suit).",
    "must_beat": "You must beat the highest {led} in the trick if you can ({rule}, play higher).",
    "must_trump": "You have no {led} to follow with: you must play a trump ({rule}, must trump).",
    "must_overtrump": "A trump is on the trick: you must play a higher trump if you can ({rule}, overtrump).",
    "must_play_trump": "You cannot overtrump, but you must still play a trump ({rule}, under-trump).",
    "cut_out_of_range": "Cut between {min} and {max} cards, not {k} ({rule}).",
    "wrong_phase": "That is not possible during {phase}.",
    "card_not_in_hand": "{card} is not in your hand.",
    "match_over": "The match is over.",
    "match_too_long": "This match is too long to go on (its record would pass {max} characters): start a new match.",
}
_FR = {
    "negotiation_complete": "Les annonces sont terminées.",
    "not_your_turn": "C’est au tour de {turn}, pas de {seat}.",
    "announce_after_double": "Plus d’annonce après un Contré : seulement Bonne, Contré ou Surcontré ({rule}).",
    "announce_locked": "Les annonces sont bloquées : un adversaire a dit Bonne sur {mode} ({rule}).",
    "announce_after_accept": "Vous avez dit Bonne : vous ne pouvez plus annoncer dans cette donne ({rule}).",
    "not_higher": "{mode} n’est pas plus haut que l’enchère en cours, {bid} ({rule}, annoncer plus haut).",
    "not_higher_same": "{mode} est déjà l’enchère en cours : annoncez plus haut ({rule}, annoncer plus haut).",
    "colour_already_used_by_team": "Votre équipe a déjà annoncé une Couleur : une seule par équipe ({rule}).",
    "no_bid": "Personne n’a encore annoncé : le premier à parler doit annoncer ({rule}).",
    "target_not_announced": "{mode} n’a pas été annoncé : impossible de le contrer ({rule}).",
    "double_own_team": "{mode} a été annoncé par votre équipe : on ne contre que l’adversaire ({rule}).",
    "already_doubled": "{mode} est déjà contré ({rule}).",
    "implicit_pass": "Vous avez annoncé ou dit Bonne après l’annonce {mode} : vous avez renoncé à le contrer ({rule}).",
    "redouble_not_allowed_for_mode": "{mode} ne se surcontre jamais : seulement {allowed} ({rule}).",
    "not_doubled": "{mode} n’est pas contré : rien à surcontrer ({rule}).",
    "already_redoubled": "{mode} est déjà surcontré ({rule}).",
    "redouble_not_announcer_team": "Seule l’équipe qui a annoncé {mode} peut le surcontrer ({rule}).",
    "must_follow_suit": "Vous devez fournir : jouez un {led} ({rule}, fournir à la couleur).",
    "must_beat": "Vous devez monter sur le plus fort {led} du pli si vous le pouvez ({rule}, monter).",
    "must_trump": "Vous n’avez pas de {led} : vous devez couper ({rule}, couper).",
    "must_overtrump": "Le pli est coupé : vous devez surcouper si vous le pouvez ({rule}, surcouper).",
    "must_play_trump": "Vous ne pouvez pas surcouper, mais vous devez tout de même jouer atout ({rule}, sous-couper).",
    "cut_out_of_range": "Coupez entre {min} et {max} cartes, pas {k} ({rule}).",
    "wrong_phase": "Impossible pendant {phase}.",
    "card_not_in_hand": "{card} n’est pas dans votre main.",
    "match_over": "La partie est terminée.",
    "match_too_long": "Cette partie est trop longue pour continuer (son relevé dépasserait {max} caractères) : "
                      "commencez une nouvelle partie.",
}
_MG = {
    "negotiation_complete": "Vita ny fifampiraharahana.",
    "not_your_turn": "Anjaran’i {turn} izao fa tsy an’i {seat}.",
    "announce_after_double": "Tsy misy fanambarana intsony aorian’ny Contré: Bonne, Contré na Surcontré ihany "
                             "({rule}).",
    "announce_locked": "Voasakana ny fanambarana satria nilaza Bonne tamin’ny {mode} ny mpifanandrina ({rule}).",
    "announce_after_accept": "Efa nilaza Bonne ianao: tsy afaka manambara intsony amin’ity fizarana ity ({rule}).",
    "not_higher": "Tsy ambony noho ny {bid} ny {mode} ({rule}, manambara ambony kokoa).",
    "not_higher_same": "Efa {mode} no fanambarana ankehitriny ({rule}, manambara ambony kokoa).",
    "colour_already_used_by_team": "Efa nanambara Couleur ny ekipanao: Couleur iray isaky ny ekipa ({rule}).",
    "no_bid": "Mbola tsy nisy nanambara: tsy maintsy manambara ny mpiteny voalohany ({rule}).",
    "target_not_announced": "Tsy nambara ny {mode}, ka tsy azo atao Contré ({rule}).",
    "double_own_team": "Ny ekipanao no nanambara ny {mode}: ny an’ny mpifanandrina ihany no azo atao Contré ({rule}).",
    "already_doubled": "Efa misy Contré ny {mode} ({rule}).",
    "implicit_pass": "Nanambara na nilaza Bonne ianao taorian’ny {mode}: nandà tsy hanao Contré azy ianao ({rule}).",
    "redouble_not_allowed_for_mode": "Tsy azo atao Surcontré mihitsy ny {mode}: {allowed} ihany ({rule}).",
    "not_doubled": "Tsy misy Contré ny {mode}, ka tsy misy hanaovana Surcontré ({rule}).",
    "already_redoubled": "Efa misy Surcontré ny {mode} ({rule}).",
    "redouble_not_announcer_team": "Ny ekipa nanambara ny {mode} ihany no afaka manao Surcontré ({rule}).",
    "must_follow_suit": "Tsy maintsy manaraka loko ianao: milalao {led} ({rule}).",
    "must_beat": "Tsy maintsy mandresy ny {led} ambony indrindra ao amin’ny fanangonana ianao raha afaka ({rule}).",
    "must_trump": "Tsy manana {led} ianao: tsy maintsy manapaka amin’ny atout ({rule}).",
    "must_overtrump": "Misy atout ao amin’ny fanangonana: tsy maintsy manapaka ambony kokoa ianao raha afaka ({rule}).",
    "must_play_trump": "Tsy afaka manapaka ambony ianao, nefa tsy maintsy milalao atout ihany ({rule}).",
    "cut_out_of_range": "Tapaho eo anelanelan’ny karatra {min} sy {max}, fa tsy {k} ({rule}).",
    "wrong_phase": "Tsy azo atao mandritra ny {phase} izany.",
    "card_not_in_hand": "Tsy ao an-tananao ny {card}.",
    "match_over": "Vita ny lalao.",
    "match_too_long": "Lava loatra ity lalao ity ka tsy afaka mitohy (hihoatra ny litera {max} ny firaketana azy): "
                      "manomboha lalao vaovao.",
}
MESSAGES = {"en": _EN, "fr": _FR, "mg": _MG}

# A shared link or a save refused by notation.parse_match, where a person meets it (the page's notice): the action the
# replay stops at, with the rule's own sentence, and a count of actions that is not the number held.
_NOTATION = {
    "en": {"illegal": "deal {deal}, action {action!r} by {seat}: {reason}",
           "cut_short": "match notation cut short or altered: it counts {count!r} actions and holds {held}",
           "bad_link": "the link is damaged or was altered"},
    "fr": {"illegal": "donne {deal}, action « {action} » de {seat} : {reason}",
           "cut_short": "notation coupée ou modifiée : elle annonce {count} actions et en contient {held}",
           "garbled": "ce n’est ni une coupe, ni une annonce, ni une carte",
           "bad_link": "le lien est abîmé ou a été modifié"},
    "mg": {"illegal": "fizarana {deal}, hetsika “{action}” nataon’i {seat}: {reason}",
           "cut_short": "tapaka na novaina ny soratra: hetsika {count} no voalazany fa {held} no ao aminy",
           "garbled": "tsy fanapahana, tsy fanambarana, tsy karatra",
           "bad_link": "simba na novaina ilay rohy"},
}

# The deal arithmetic, one sentence per scoring step (see scoring.DealScore.steps).
_STEPS = {
    "en": {
        "card_points": "Card points: announcers {A_team} {a}, defenders {D_team} {d} (total {total}, "
                       "last trick +10 included).",
        "made": "The announcers needed {need} and took {a}: contract made.",
        "failed": "The announcers needed {need} but took only {a}: contract failed, the defenders score.",
        "half_tie": "{a}–{d}: an exact tie, nobody scores.",
        "sweep": "{team} won all 8 tricks: a sweep.",
        "colour_sweep": "{team} won all 8 tricks of a Colour contract: they win the match on the spot.",
        "alltrumps_below": "The announcers took {a}, below {need}: the defenders take all 26.",
        "alltrumps_tie": "{a}–{d}: an exact tie, nobody scores.",
        "alltrumps_round": "Each side divided by 10, {rounding}: {a} → {A}, {d} → {D}.",
        "alltrumps_rounded_tie": "Both sides round to {A}: a tie, nobody scores.",
        "alltrumps_clamp": "The announcers score at most 20 and the defenders at least 6: {A}–{D}.",
        "alltrumps_total_cap": "The split totals at most 26, so the defenders’ share is cut from {was} to {D}: "
                               "{A}–{D}.",
        "alltrumps_dominance": "The defenders’ share is below 6: the announcers take {A}–{D}.",
        "alltrumps_winner_takes_all": "Doubled AllTrumps: the winner takes all 26.",
        "alltrumps_tie_to_announcer": "A doubled tie goes to the announcers: {A}–{D}.",
        "stake": "{arith} to {team}.",
        "split": "{arithA} to the announcers, {arithD} to the defenders.",
        "half_up": "rounded half up", "ceil": "rounded up",
        "auto": "doubled automatically", "double": "doubled", "redouble": "redoubled",
    },
    "fr": {
        "card_points": "Points : attaque {A_team} {a}, défense {D_team} {d} (total {total}, dix de der inclus).",
        "made": "L’attaque devait faire {need} et a fait {a} : contrat réussi.",
        "failed": "L’attaque devait faire {need} mais n’a fait que {a} : chute, la défense marque.",
        "half_tie": "{a}–{d} : égalité parfaite, personne ne marque.",
        "sweep": "{team} a fait les 8 plis : capot.",
        "colour_sweep": "{team} a fait les 8 plis d’un contrat Couleur : la partie est gagnée sur-le-champ.",
        "alltrumps_below": "L’attaque a fait {a}, moins de {need} : la défense prend les 26.",
        "alltrumps_tie": "{a}–{d} : égalité parfaite, personne ne marque.",
        "alltrumps_round": "Chaque camp divisé par 10, {rounding} : {a} → {A}, {d} → {D}.",
        "alltrumps_rounded_tie": "Les deux camps arrondissent à {A} : égalité, personne ne marque.",
        "alltrumps_clamp": "L’attaque marque au plus 20 et la défense au moins 6 : {A}–{D}.",
        "alltrumps_total_cap": "Le partage fait au plus 26 en tout, donc la part de la défense passe de {was} à {D} : "
                               "{A}–{D}.",
        "alltrumps_dominance": "La part de la défense est sous 6 : l’attaque prend {A}–{D}.",
        "alltrumps_winner_takes_all": "Tout A contré : le gagnant prend les 26.",
        "alltrumps_tie_to_announcer": "Une égalité contrée va à l’attaque : {A}–{D}.",
        "stake": "{team} marque {arith}.",
        "split": "{arithA} pour l’attaque, {arithD} pour la défense.",
        "half_up": "arrondi au plus proche (les demis vers le haut)", "ceil": "arrondi au-dessus",
        "auto": "contré automatiquement", "double": "contré", "redouble": "surcontré",
    },
    "mg": {
        "card_points": "Isa karatra: mpanambara {A_team} {a}, mpiaro {D_team} {d} (totaliny {total}, "
                       "ao anatiny ny +10 amin’ny fanangonana farany).",
        "made": "Nila {need} ny mpanambara ary nahazo {a}: tafita ny fifanarahana.",
        "failed": "Nila {need} ny mpanambara nefa {a} ihany no azony: resy, ny mpiaro no mahazo isa.",
        "half_tie": "{a}–{d}: mitovy tanteraka, tsy misy mahazo isa.",
        "sweep": "Azon’i {team} daholo ny fanangonana 8: capot.",
        "colour_sweep": "Azon’i {team} daholo ny fanangonana 8 amin’ny Couleur: mandresy ny lalao avy hatrany izy.",
        "alltrumps_below": "{a} no azon’ny mpanambara, latsaky ny {need}: azon’ny mpiaro daholo ny 26.",
        "alltrumps_tie": "{a}–{d}: mitovy tanteraka, tsy misy mahazo isa.",
        "alltrumps_round": "Zaraina 10 ny an’ny andaniny sy ny ankilany, {rounding}: {a} → {A}, {d} → {D}.",
        "alltrumps_rounded_tie": "Samy lasa {A} ny roa tonta: mitovy, tsy misy mahazo isa.",
        "alltrumps_clamp": "20 farafahabetsany ho an’ny mpanambara ary 6 farafahakeliny ho an’ny mpiaro: {A}–{D}.",
        "alltrumps_total_cap": "26 no totaliny ambony indrindra, ka mihena avy amin’ny {was} ho {D} ny an’ny mpiaro: "
                               "{A}–{D}.",
        "alltrumps_dominance": "Latsaky ny 6 ny an’ny mpiaro: {A}–{D} ho an’ny mpanambara.",
        "alltrumps_winner_takes_all": "Tout A misy Contré: ny mpandresy no mahazo ny 26.",
        "alltrumps_tie_to_announcer": "Ny mitovy misy Contré dia an’ny mpanambara: {A}–{D}.",
        "stake": "{arith} ho an’i {team}.",
        "split": "{arithA} ho an’ny mpanambara, {arithD} ho an’ny mpiaro.",
        "half_up": "boribory ho akaiky indrindra", "ceil": "boribory miakatra",
        "auto": "Contré ho azy", "double": "Contré", "redouble": "Surcontré",
    },
}


def check_lang(lang: object) -> str:
    from .errors import GiretraError

    if lang not in LANGUAGES:
        raise GiretraError(f"unknown language: {lang!r} (expected en, fr or mg)", "bad_lang")
    return str(lang)


def card_text(card: int, lang: str) -> str:
    """A card as its face prints it: ``'J♥'``, ``'V♥'`` in French and Malagasy.

    >>> card_text(20, "fr"), card_text(20, "en")
    ('V♥', 'J♥')
    """
    label = card_label(card)
    return RANK_LETTERS[lang].get(label[0], label[0]) + label[1:]


def _fmt_params(params: dict[str, object], lang: str) -> dict[str, object]:
    out: dict[str, object] = {}
    for key, value in params.items():
        if key in ("seat", "turn") and isinstance(value, int):
            out[key] = SEATS[lang][value]
        elif key in ("mode", "bid") and isinstance(value, int):
            out[key] = MODES[lang][value]
        elif key == "card" and isinstance(value, int):
            out[key] = card_text(value, lang)
        elif key == "led" and isinstance(value, int):
            out[key] = SUITS[lang][value]
        elif key == "phase" and isinstance(value, str):
            out[key] = PHASES[lang].get(value, value)
        elif key == "allowed" and isinstance(value, tuple):  # a list of modes: "♦, ♥, ♠ and AllTrumps"
            names = [MODES[lang][m] for m in value]
            out[key] = f"{', '.join(names[:-1])} {AND[lang]} {names[-1]}" if len(names) > 1 else "".join(names)
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
    template = MESSAGES[lang].get(key) or _EN.get(key)
    if template is None:
        return code
    values = _Default(_fmt_params(params or {}, lang))
    values["rule"] = rule_of(code, params)
    return template.format_map(values).replace(" ()", "")


def notation_message(why: str, lang: str, params: dict[str, object]) -> str:
    """The sentence for a refused match notation of kind *why* (``illegal``, ``cut_short``) in *lang*; an illegal
    action's reason is its rule's sentence (:func:`message`), or the refusal's own text for a garbled token."""
    values = _Default(_fmt_params(params, lang))
    if why == "illegal":
        code, inner = str(params["reason_code"]), params["reason_params"]
        assert isinstance(inner, dict)
        # A garbled token: English keeps the parser's precise text (what was expected), for a bug report.
        garbled = _NOTATION[lang].get("garbled", params["reason"])
        values["reason"] = message(code, lang, inner) if code in _EN else garbled
    return _NOTATION[lang][why].format_map(values)


def rule_of(code: str, params: dict[str, object] | None = None) -> str:
    """The rule a refusal enforces: its own when the same code serves several rules (a turn to cut, speak or
    play), else the code's."""
    return str((params or {}).get("rule") or RULE_OF.get(code, ""))


def arithmetic(base: int, multiplier: int, why: str | None, lang: str) -> str:
    """``52 × 2 (doubled automatically) = 104``; with no multiplier just ``52``."""
    if multiplier == 1:
        return str(base)
    words = _STEPS[lang].get(why or "", "")
    label = f" ({words})" if words else ""
    return f"{base} × {multiplier}{label} = {base * multiplier}"


def explain_step(key: str, params: dict[str, object], lang: str = "en",
                 teams: dict[str, tuple[str, str]] = TEAMS) -> str:
    """One sentence of the deal arithmetic; *teams*: their names (:data:`TEAMS_SEEN` for a person at Bottom)."""
    words = _STEPS[lang]
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
    return words[key].format_map(values)


def mode_name(mode: Mode | int, lang: str = "en") -> str:
    return MODES[lang][int(mode)]


def call_text(call: Call, lang: str = "en") -> str:
    """``Hearts ♥`` for an announcement, ``Bonne``/``Accept``, ``Contré Sans A``/``Double NoTrumps``."""
    if call.kind is CallKind.ANNOUNCE:
        assert call.mode is not None
        return mode_name(call.mode, lang)
    word = CALLS[lang][call.kind.api_name]
    return word if call.mode is None else f"{word} {mode_name(call.mode, lang)}"


# -- why a bot chose (the hint): the English lines live with the bots (bots.reasons.REASONS) -------------------------

BOT_REASONS: dict[str, dict[str, str]] = {
    "fr": {
        "cut": "toutes les coupes se valent",
        "random": "choix au hasard",
        "only_card": "seule carte permise",
        "master": "carte maîtresse : {card} est la plus haute qui reste dans sa couleur",
        "draw_trumps": "faire tomber les atouts : {card} est l’atout maître",
        "push_trumps": "jouer atout pour faire tomber ceux des adversaires",
        "lead_partner_suit": "rejouer la couleur du partenaire",
        "lead_short": "entamer une couleur courte pour couper ensuite",
        "lead_low": "entamer petit, garder les honneurs",
        "lead_exit": "rendre la main à peu de frais",
        "lead_keep": "entamer {card} : les autres couleurs valent plus gardées",
        "lead_winner": "aucun adversaire ne peut battre {card}",
        "partner_wins_add": "le partenaire est maître : charger",
        "our_trick_add": "le pli est à nous : charger, par-dessus la carte du partenaire",
        "partner_wins_low": "le partenaire est maître : jouer petit",
        "partner_may_lose": "le partenaire peut être battu : jouer petit",
        "win_cheap": "dernier à jouer : gagner au moindre coût",
        "win_master": "gagner avec une carte maîtresse",
        "win_trump": "couper pour gagner le pli",
        "win_points": "gagner : le pli en vaut la peine",
        "second_low": "deuxième main : jouer petit",
        "duck": "pas sûr de gagner : jouer petit",
        "throw_cheap": "impossible de gagner : défausser la carte la moins chère",
        "throw_spare": "impossible de gagner : défausser la carte la moins utile pour la suite",
        "search": "la meilleure en moyenne sur {worlds} donnes possibles",
        "solved": "jeu exact dans chacune des {worlds} donnes possibles",
        "search_over": "meilleure en moyenne que {usual} sur {worlds} donnes possibles",
        "solved_over": "meilleure en moyenne que {usual} : jeu exact dans chacune des {worlds} donnes possibles",
        "equivalent": "ces cartes se valent ici",
        "oracle": "jeu parfait, toutes les mains vues",
        "announce": "assez fort pour {mode}",
        "announce_forced": "il faut annoncer : {mode} est le moins mauvais",
        "announce_risk": "le risque en vaut la peine : {mode}",
        "announce_block": "un sacrifice : {mode} coûte moins que les laisser jouer",
        "raise_partner": "soutenir le partenaire avec {mode}",
        "accept_weak": "trop faible pour annoncer",
        "accept_partner": "garder le contrat de notre équipe",
        "accept_let_fail": "les laisser jouer : ils vont sans doute chuter",
        "accept_no_bid": "aucune annonce plus haute possible",
        "double": "ils vont sans doute chuter",
        "double_even": "ils peuvent chuter",
        "redouble": "sûr de le faire",
    },
    "mg": {
        "cut": "mitovy daholo ny fanapahana rehetra",
        "random": "safidy kisendrasendra",
        "only_card": "io karatra io ihany no azo alaina",
        "master": "karatra tompony: ny {card} no ambony indrindra sisa amin’ny lokony",
        "draw_trumps": "mampivoaka ny atout: ny {card} no atout tompony",
        "push_trumps": "milalao atout mba hampivoahana ny an’ny mpifanandrina",
        "lead_partner_suit": "averina ny lokon’ny mpiara-milalao",
        "lead_short": "manomboka amin’ny loko fohy mba hanapaka avy eo",
        "lead_low": "manomboka amin’ny karatra kely, tehirizina ny lehibe",
        "lead_exit": "omena ny tanana amin’ny vidiny kely",
        "lead_keep": "alefa ny {card}: sarobidy kokoa raha tehirizina ny loko hafa",
        "lead_winner": "tsy misy mpanohitra afaka mandresy ny {card}",
        "partner_wins_add": "mandresy ny mpiara-milalao: ampio isa",
        "our_trick_add": "antsika ny fanangonana: ampio isa ambonin’ny karatry ny mpiara-milalao",
        "partner_wins_low": "mandresy ny mpiara-milalao: milalao ambany",
        "partner_may_lose": "mety ho resy ny mpiara-milalao: milalao ambany",
        "win_cheap": "farany milalao: mandresy amin’ny vidiny kely",
        "win_master": "mandresy amin’ny karatra tompony",
        "win_trump": "manapaka mba handresy ny fanangonana",
        "win_points": "mandresy: mendrika izany ny fanangonana",
        "second_low": "faharoa milalao: ambany",
        "duck": "tsy azo antoka ny fandresena: milalao ambany",
        "throw_cheap": "tsy afaka mandresy: ario ny karatra mora indrindra",
        "throw_spare": "tsy afaka mandresy: ario ny karatra tsy dia ilaina any aoriana",
        "search": "ny tsara indrindra amin’ny ankapobeny amin’ny fizarana {worlds} mety hitranga",
        "solved": "lalao marina amin’ny fizarana {worlds} mety hitranga tsirairay",
        "search_over": "tsara kokoa noho ny {usual} amin’ny ankapobeny amin’ny fizarana {worlds} mety hitranga",
        "solved_over": "tsara kokoa noho ny {usual} amin’ny ankapobeny: lalao marina amin’ny fizarana {worlds} mety "
                       "hitranga tsirairay",
        "equivalent": "mitovy lanja eto ireo karatra ireo",
        "oracle": "lalao lavorary, hita ny tanana rehetra",
        "announce": "matanjaka ampy ho an’ny {mode}",
        "announce_forced": "tsy maintsy manambara: ny {mode} no ratsy kely indrindra",
        "announce_risk": "mendrika ny manao vivery: {mode}",
        "announce_block": "sorona: kely kokoa ny very amin’ny {mode} noho ny avela hilalao izy ireo",
        "raise_partner": "tohano ny mpiara-milalao amin’ny {mode}",
        "accept_weak": "malemy loatra hanambarana",
        "accept_partner": "tazomina ny fifanarahan’ny ekipanay",
        "accept_let_fail": "avelao hilalao izy ireo: mety ho resy izy",
        "accept_no_bid": "tsy misy fanambarana ambony kokoa azo atao",
        "double": "mety ho resy izy ireo",
        "double_even": "mety ho resy ihany izy ireo",
        "redouble": "azo antoka fa ho vita",
    },
}


def bot_reason(key: str, params: dict[str, str] | None, english: str, lang: str) -> str:
    """A bot's one-line reason in *lang* from its English template (``bots.REASONS[key]``); cards are shown
    with their suit symbol, modes by their name in *lang*.

    >>> bot_reason("master", {"card": "AS"}, "master card: {card} is the highest left in its suit", "fr")
    'carte maîtresse : A♠ est la plus haute qui reste dans sa couleur'
    """
    template = english if lang == "en" else BOT_REASONS[lang].get(key, english)
    values: dict[str, object] = {}
    for name, value in (params or {}).items():
        if name in ("card", "usual"):
            from .cards import parse_card

            values[name] = card_text(parse_card(value), lang)
        elif name == "mode" and value in _MODE_BY_API:
            values[name] = MODES[lang][_MODE_BY_API[value]]
        else:
            values[name] = value
    return template.format_map(_Default(values))


_MODE_BY_API = {m.api_name: int(m) for m in Mode}


# -- the score calculator's refusals (jsonapi.score): what a user can cause by typing, with the rule they break --
SCORE_MESSAGES: dict[str, dict[str, str]] = {
    "en": {
        "auto_doubled": "{mode} is always doubled: an opponent’s Accept doubles it automatically, so ×1 cannot "
                        "happen ({rule}).",
        "not_redoublable": "{mode} can never be redoubled: ×4 cannot happen ({rule}).",
        "points_missing": "Enter the card points of at least one team.",
        "points_type": "Card points are whole numbers from 0 to {total} in {mode}: {value} is not one.",
        "points_impossible": "No deal gives a team a card-point total of {value} in {mode} ({rule}).",
        "points_sum": "In {mode} the card points of both teams add up to {total}, last trick +10 included: "
                      "{a} + {d} = {sum} ({rule}).",
        "points_sweep": "A sweep means that {team} won all 8 tricks: {total} card points, the other team 0 ({rule}).",
    },
    "fr": {
        "auto_doubled": "{mode} est toujours contré : la Bonne d’un adversaire le contre automatiquement, ×1 est "
                        "donc impossible ({rule}).",
        "not_redoublable": "{mode} ne se surcontre jamais : ×4 est impossible ({rule}).",
        "points_missing": "Indiquez les points d’au moins une équipe.",
        "points_type": "Les points sont des nombres entiers de 0 à {total} à {mode} : {value} n’en est pas un.",
        "points_impossible": "Aucune donne ne laisse à une équipe un total de {value} points à {mode} ({rule}).",
        "points_sum": "À {mode}, les points des deux équipes font {total}, dix de der inclus : "
                      "{a} + {d} = {sum} ({rule}).",
        "points_sweep": "Un capot veut dire que {team} a fait les 8 plis : {total} points, l’autre équipe 0 ({rule}).",
    },
    "mg": {
        "auto_doubled": "Contré foana ny {mode}: ny Bonne an’ny mpifanandrina dia Contré ho azy, ka tsy mety "
                        "ny ×1 ({rule}).",
        "not_redoublable": "Tsy azo atao Surcontré mihitsy ny {mode}: tsy mety ny ×4 ({rule}).",
        "points_missing": "Ampidiro ny isa karatran’ny ekipa iray farafahakeliny.",
        "points_type": "Isa manontolo 0 hatramin’ny {total} ny isa karatra amin’ny {mode}: tsy izany ny {value}.",
        "points_impossible": "Tsy misy fizarana manome isa karatra {value} ho an’ny ekipa iray amin’ny {mode} "
                             "({rule}).",
        "points_sum": "Amin’ny {mode}, {total} ny totalin’ny isa karatran’ny ekipa roa, ao anatiny ny +10 amin’ny "
                      "fanangonana farany: {a} + {d} = {sum} ({rule}).",
        "points_sweep": "Ny capot dia midika fa azon’i {team} daholo ny fanangonana 8: isa karatra {total}, 0 ny "
                        "an’ny ekipa iray hafa ({rule}).",
    },
}
SCORE_RULE_OF = {"auto_doubled": "N-5", "not_redoublable": "N-6", "points_impossible": "S-1", "points_sum": "S-1",
               "points_sweep": "S-5"}




def score_message(key: str, lang: str, **params: object) -> str:
    """A score-calculator refusal in *lang*, naming its rule.

    >>> score_message("not_redoublable", "fr", mode="Trèfle ♣")
    'Trèfle ♣ ne se surcontre jamais : ×4 est impossible (N-6).'
    """
    return SCORE_MESSAGES[lang][key].format(rule=SCORE_RULE_OF.get(key, ""), **params)
