"""The engine's words in Malagasy, which names the cards and the calls in French; the same names and keys as
:mod:`.en`."""


# Bottom, Left, Top, Right.
SEATS = ("Ambany", "Havia", "Ambony", "Havanana")

TEAMS = ("Ekipa 1 (Ambany–Ambony)", "Ekipa 2 (Havia–Havanana)")

# The teams as a person seated at Bottom sees them, in the page's own words (web/js/i18n: team.Team1).
TEAMS_SEEN = ("Ekipa 1 (ianao sy Ambony)", "Ekipa 2 (Havia sy Havanana)")

# In the order of Mode: the four Colours, NoTrumps, AllTrumps.
MODES = ("Trèfle ♣", "Carreau ♦", "Cœur ♥", "Pique ♠", "Sans A", "Tout A")

SUITS = ("trèfle", "carreau", "cœur", "pique")

AND = "ary"

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
    "cut": "ny fanapahana",
    "negotiation": "ny fifampiraharahana",
    "play": "ny lalao",
    "deal_over": "ny fiafaran’ny fizarana",
}


# Why an action is refused, by reason code (the rule it enforces: errors.RULE_OF, as {rule}).
MESSAGES = {
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

# A shared link or a save refused where a person meets it; garbled: a token that is no action.
NOTATION = {
    "illegal": "fizarana {deal}, hetsika “{action}” nataon’i {seat}: {reason}",
    "cut_short": "tapaka na novaina ny soratra: hetsika {count} no voalazany fa {held} no ao aminy",
    "garbled": "tsy fanapahana, tsy fanambarana, tsy karatra",
    "bad_link": "simba na novaina ilay rohy",
}

# The deal arithmetic, one sentence per scoring step (scoring.DealScore.steps).
STEPS = {
    "card_points": "Isa karatra: mpanambara {A_team} {a}, mpiaro {D_team} {d} (totaliny {total}, ao anatiny ny +10 "
                   "amin’ny fanangonana farany).",
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
    "half_up": "boribory ho akaiky indrindra",
    "ceil": "boribory miakatra",
    "auto": "Contré ho azy",
    "double": "Contré",
    "redouble": "Surcontré",
}

# The score calculator's refusals (scoring.ScoreInputError).
SCORE_MESSAGES = {
    "auto_doubled": "Contré foana ny {mode}: ny Bonne an’ny mpifanandrina dia Contré ho azy, ka tsy mety ny ×1 "
                    "({rule}).",
    "not_redoublable": "Tsy azo atao Surcontré mihitsy ny {mode}: tsy mety ny ×4 ({rule}).",
    "points_missing": "Ampidiro ny isa karatran’ny ekipa iray farafahakeliny.",
    "points_type": "Isa manontolo 0 hatramin’ny {total} ny isa karatra amin’ny {mode}: tsy izany ny {value}.",
    "points_impossible": "Tsy misy fizarana manome isa karatra {value} ho an’ny ekipa iray amin’ny {mode} ({rule}).",
    "points_sum": "Amin’ny {mode}, {total} ny totalin’ny isa karatran’ny ekipa roa, ao anatiny ny +10 amin’ny "
                  "fanangonana farany: {a} + {d} = {sum} ({rule}).",
    "points_sweep": "Ny capot dia midika fa azon’i {team} daholo ny fanangonana 8: isa karatra {total}, 0 ny an’ny "
                    "ekipa iray hafa ({rule}).",
}

# Why a bot chose, by the key of its Decision (the hint's line).
BOT_REASONS = {
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
}
