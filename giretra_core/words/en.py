"""The engine's words in English: one catalogue per language, the same names and keys in each (tests/test_words.py).

Data only: :mod:`giretra_core.words` fills the sentences in. The game's own vocabulary is kept: Bonne (accept),
Contré (double), Surcontré (redouble), Sans A, Tout A.
"""


# Bottom, Left, Top, Right.
SEATS = ("Bottom", "Left", "Top", "Right")

TEAMS = ("Team 1 (Bottom–Top)", "Team 2 (Left–Right)")

# The teams as a person seated at Bottom sees them, in the page's own words (web/js/i18n: team.Team1).
TEAMS_SEEN = ("Team 1 (you and Top)", "Team 2 (Left and Right)")

# In the order of Mode: the four Colours, NoTrumps, AllTrumps.
MODES = ("Clubs ♣", "Diamonds ♦", "Hearts ♥", "Spades ♠", "NoTrumps", "AllTrumps")

SUITS = ("club", "diamond", "heart", "spade")

AND = "and"

# An announcement is its mode's own name.
CALLS = {
    "accept": "Accept",
    "double": "Double",
    "redouble": "Redouble",
}

# The letters on the card faces (valet, dame, roi in French).
RANK_LETTERS = {
    "J": "J",
    "Q": "Q",
    "K": "K",
}

PHASES = {
    "cut": "the cut",
    "negotiation": "the negotiation",
    "play": "the play",
    "deal_over": "the end of the deal",
}


# Why an action is refused, by reason code (the rule it enforces: errors.RULE_OF, as {rule}).
MESSAGES = {
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

# A shared link or a save refused where a person meets it; garbled: a token that is no action.
NOTATION = {
    "illegal": "deal {deal}, action {action!r} by {seat}: {reason}",
    "cut_short": "match notation cut short or altered: it counts {count!r} actions and holds {held}",
    "garbled": "{reason}",
    "bad_link": "the link is damaged or was altered",
}

# The deal arithmetic, one sentence per scoring step (scoring.DealScore.steps).
STEPS = {
    "card_points": "Card points: announcers {A_team} {a}, defenders {D_team} {d} (total {total}, last trick +10 "
                   "included).",
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
    "alltrumps_total_cap": "The split totals at most 26, so the defenders’ share is cut from {was} to {D}: {A}–{D}.",
    "alltrumps_dominance": "The defenders’ share is below 6: the announcers take {A}–{D}.",
    "alltrumps_winner_takes_all": "Doubled AllTrumps: the winner takes all 26.",
    "alltrumps_tie_to_announcer": "A doubled tie goes to the announcers: {A}–{D}.",
    "stake": "{arith} to {team}.",
    "split": "{arithA} to the announcers, {arithD} to the defenders.",
    "half_up": "rounded half up",
    "ceil": "rounded up",
    "auto": "doubled automatically",
    "double": "doubled",
    "redouble": "redoubled",
}

# The score calculator's refusals (scoring.ScoreInputError).
SCORE_MESSAGES = {
    "auto_doubled": "{mode} is always doubled: an opponent’s Accept doubles it automatically, so ×1 cannot happen "
                    "({rule}).",
    "not_redoublable": "{mode} can never be redoubled: ×4 cannot happen ({rule}).",
    "points_missing": "Enter the card points of at least one team.",
    "points_type": "Card points are whole numbers from 0 to {total} in {mode}: {value} is not one.",
    "points_impossible": "No deal gives a team a card-point total of {value} in {mode} ({rule}).",
    "points_sum": "In {mode} the card points of both teams add up to {total}, last trick +10 included: {a} + {d} = "
                  "{sum} ({rule}).",
    "points_sweep": "A sweep means that {team} won all 8 tricks: {total} card points, the other team 0 ({rule}).",
}

# Why a bot chose, by the key of its Decision (the hint's line).
BOT_REASONS = {
    "cut": "any cut is as good as another",
    "random": "random choice",
    "only_card": "only legal card",
    "master": "master card: {card} is the highest left in its suit",
    "draw_trumps": "draw trumps: {card} is the master trump",
    "push_trumps": "push trumps to draw the opponents'",
    "lead_partner_suit": "lead partner’s suit",
    "lead_short": "lead from a short suit to ruff later",
    "lead_low": "lead a small card, keep the honours",
    "lead_exit": "give the lead away cheaply",
    "lead_keep": "lead {card}: the other suits are worth more kept",
    "lead_winner": "no opponent can beat {card}",
    "partner_wins_add": "partner wins: add points",
    "our_trick_add": "our trick: add points over partner’s card",
    "partner_wins_low": "partner wins: play low",
    "partner_may_lose": "partner may be beaten: play low",
    "win_cheap": "last to play: win cheaply",
    "win_master": "win with a master card",
    "win_trump": "trump to win the trick",
    "win_points": "win: the trick is worth it",
    "second_low": "second hand low",
    "duck": "cannot win for sure: play low",
    "throw_cheap": "cannot win: throw the cheapest card",
    "throw_spare": "cannot win: throw the card least needed later",
    "search": "best on average over {worlds} possible deals",
    "solved": "exact play in each of {worlds} possible deals",
    "search_over": "better on average than {usual} over {worlds} possible deals",
    "solved_over": "better on average than {usual}: exact play in each of {worlds} possible deals",
    "equivalent": "these cards are worth the same here",
    "oracle": "perfect play with every hand seen",
    "announce": "strong enough for {mode}",
    "announce_forced": "must announce: {mode} is the least bad",
    "announce_risk": "worth the risk: {mode}",
    "announce_block": "a sacrifice: {mode} loses less than letting them play",
    "raise_partner": "support partner with {mode}",
    "accept_weak": "too weak to announce",
    "accept_partner": "keep our team’s contract",
    "accept_let_fail": "let them play: they are likely to fail",
    "accept_no_bid": "no higher announcement possible",
    "double": "they will likely fail",
    "double_even": "they may well fail",
    "redouble": "sure to make it",
}
