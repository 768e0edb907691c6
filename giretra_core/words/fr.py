"""The engine's words in French (le vocabulaire du jeu : Bonne, Contré, Surcontré, Sans A, Tout A); the same names
and keys as :mod:`.en`."""


# Bottom, Left, Top, Right.
SEATS = ("Sud", "Ouest", "Nord", "Est")

TEAMS = ("Équipe 1 (Sud–Nord)", "Équipe 2 (Ouest–Est)")

# The teams as a person seated at Bottom sees them, in the page's own words (web/js/i18n: team.Team1).
TEAMS_SEEN = ("Équipe 1 (vous et Nord)", "Équipe 2 (Ouest et Est)")

# In the order of Mode: the four Colours, NoTrumps, AllTrumps.
MODES = ("Trèfle ♣", "Carreau ♦", "Cœur ♥", "Pique ♠", "Sans A", "Tout A")

SUITS = ("trèfle", "carreau", "cœur", "pique")

AND = "et"

# An announcement is its mode's own name.
CALLS = {
    "accept": "Bonne",
    "double": "Contré",
    "redouble": "Surcontré",
}

# The letters on the card faces (valet, dame, roi in French).
RANK_LETTERS = {
    "J": "V",
    "Q": "D",
    "K": "R",
}

PHASES = {
    "cut": "la coupe",
    "negotiation": "les annonces",
    "play": "le jeu",
    "deal_over": "la fin de la donne",
}


# Why an action is refused, by reason code (the rule it enforces: errors.RULE_OF, as {rule}).
MESSAGES = {
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

# A shared link or a save refused where a person meets it; garbled: a token that is no action.
NOTATION = {
    "illegal": "donne {deal}, action « {action} » de {seat} : {reason}",
    "cut_short": "notation coupée ou modifiée : elle annonce {count} actions et en contient {held}",
    "garbled": "ce n’est ni une coupe, ni une annonce, ni une carte",
    "bad_link": "le lien est abîmé ou a été modifié",
}

# The deal arithmetic, one sentence per scoring step (scoring.DealScore.steps).
STEPS = {
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
    "half_up": "arrondi au plus proche (les demis vers le haut)",
    "ceil": "arrondi au-dessus",
    "auto": "contré automatiquement",
    "double": "contré",
    "redouble": "surcontré",
}

# The score calculator's refusals (scoring.ScoreInputError).
SCORE_MESSAGES = {
    "auto_doubled": "{mode} est toujours contré : la Bonne d’un adversaire le contre automatiquement, ×1 est donc "
                    "impossible ({rule}).",
    "not_redoublable": "{mode} ne se surcontre jamais : ×4 est impossible ({rule}).",
    "points_missing": "Indiquez les points d’au moins une équipe.",
    "points_type": "Les points sont des nombres entiers de 0 à {total} à {mode} : {value} n’en est pas un.",
    "points_impossible": "Aucune donne ne laisse à une équipe un total de {value} points à {mode} ({rule}).",
    "points_sum": "À {mode}, les points des deux équipes font {total}, dix de der inclus : {a} + {d} = {sum} ({rule}).",
    "points_sweep": "Un capot veut dire que {team} a fait les 8 plis : {total} points, l’autre équipe 0 ({rule}).",
}

# Why a bot chose, by the key of its Decision (the hint's line).
BOT_REASONS = {
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
}
