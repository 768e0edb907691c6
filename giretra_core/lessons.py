"""Interactive lessons: one per part of the rules, each a short series of tasks.

Every task is a scripted position — a match in the engine's notation, or the inputs of the
scoring and match rules — and a question about it.  The expected answer and the feedback are
computed here by the rules themselves (legal cards and calls with their reasons, trick winners,
contracts, the deal arithmetic), never stored as answers: a lesson cannot disagree with the game.

>>> [lesson["id"] for lesson in catalogue("en")][:3]
['cards-ranking', 'cards-points', 'deal-cut']
>>> task = lesson_task("play-follow-suit", 0, "en")
>>> task["kind"], task["board"]["trick"][0]
('select_cards', {'seat': 'Left', 'card': 'KD'})
>>> check_answer("play-follow-suit", 0, ["7D"], "en")["correct"]
False
"""

from __future__ import annotations

import functools
import random
from dataclasses import dataclass, field
from typing import Any

from .cards import card_name, cards_of, split_cards
from .deal import Cut
from .errors import GiretraError, internal
from .match import Match, progress
from .modes import MODE_NAMES, POINTS, STRENGTH, Mode, parse_mode, sort_key
from .negotiation import Call, CallKind, parse_call
from .notation import MAGIC, parse_match
from .play import winning_index
from .rules import PRESETS
from .scoring import score_deal
from .seats import SEAT_NAMES, TEAM_NAMES, Seat, parse_seat
from .words import CALLS, SEATS, TEAMS_SEEN, card_text, explain_step, message, mode_name

Text = dict[str, str]  # one string per language: en, fr, mg
JSON = dict[str, Any]
RULES = PRESETS["giretra.com"]


# -- scripted positions ---------------------------------------------------------------------------------------------


@functools.cache
def scripted(dealer: str, holds: tuple[tuple[str, str], ...], actions: str) -> str:
    """The notation of a match where each seat holds at least the given cards and *actions* follow.

    *holds* pairs a seat letter with the cards it must hold (the first five it is dealt come
    first); the other cards are dealt out in a seeded order, trying seeds until every action of
    *actions* (space separated, after a cut of 6) is legal.  Deterministic, so a lesson always
    shows the same table.
    """
    required = {parse_seat(s): split_cards(c) for s, c in holds}
    taken = {c for cs in required.values() for c in cs}
    rest = [c for c in range(32) if c not in taken]
    first = parse_seat(dealer).next
    for seed in range(500):
        order = rest[:]
        random.Random(seed).shuffle(order)
        hands = {seat: list(required.get(seat, [])) for seat in Seat}
        for seat in Seat:
            while len(hands[seat]) < 8:
                hands[seat].append(order.pop())
        cut_deck: list[int] = []
        for start, size in ((0, 3), (3, 2), (5, 3)):
            for i in range(4):
                cut_deck += hands[Seat((first + i) & 3)][start:start + size]
        deck = cut_deck[26:] + cut_deck[:26]
        tokens = ["c6", *actions.split()]
        text = (f"{MAGIC} giretra.com hrrr 0 {dealer} 0-0 150 {''.join(card_name(c) for c in deck)} "
                f"{'.'.join(tokens)} {len(tokens)}")
        try:
            parse_match(text)
        except GiretraError:
            continue
        return text
    raise AssertionError(f"no deal fits the scripted position {holds!r} / {actions!r}")


# -- tasks ----------------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Task:
    """One question.  *kind* says how the learner answers; *rule* names the rule it teaches."""

    kind: str                      # select_cards | select_calls | pick_card | pick_seat | number | pick_option | score
    rule: str
    prompt: Text
    explain: Text                  # the rule in one or two sentences, shown after an answer
    params: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Lesson:
    id: str
    family: str                    # cards | deal | negotiation | play | scoring | match
    section: str                   # the rules-page section it belongs to
    title: Text
    tasks: tuple[Task, ...]


def T(en: str, fr: str, mg: str) -> Text:
    return {"en": en, "fr": fr, "mg": mg}


def _play_position(mode: str, trick: str, hand: str, others: str = "") -> JSON:
    """Bottom to play *hand* to *trick* (a string like 'L:KH T:9H') in the Colour/NT/AT *mode*."""
    plays = [(p.split(":")[0], p.split(":")[1]) for p in trick.split()]
    leader = parse_seat(plays[0][0]) if plays else Seat.BOTTOM
    dealer = leader.previous  # the leader of trick 1 is the dealer's left
    holds: dict[str, str] = {"B": hand}
    for seat, card in plays:
        holds[seat] = holds.get(seat, "") + card
    for part in others.split():
        seat, cards = part.split(":")
        holds[seat] = holds.get(seat, "") + cards
    announce = Mode[mode] if mode in Mode.__members__ else parse_mode(mode)
    # The dealer's left announces; everybody accepts (an opponent's accept doubles NT/Clubs: fine here).
    actions = [announce.token, "ok", "ok", "ok"] + [card for _, card in plays]
    state = scripted(dealer.letter, tuple(sorted(holds.items())), " ".join(actions))
    assert parse_match(state).turn is Seat.BOTTOM, state
    return {"state": state}


def _negotiation_position(dealer: str, calls: str) -> JSON:
    state = scripted(dealer, (), calls)
    return {"state": state}


def _lessons() -> tuple[Lesson, ...]:
    return (
        Lesson("cards-ranking", "cards", "cards", T("Card ranking", "L’ordre des cartes", "Ny filaharan’ny karatra"), (
            Task("pick_card", "P-7", T(
                "Hearts are trumps. Which of these hearts is the strongest?",
                "Cœur est atout. Quel est le cœur le plus fort ?",
                "Atout ny Cœur. Iza amin’ireto Cœur ireto no matanjaka indrindra?"),
                T("Trump order: J, 9, A, 10, K, Q, 8, 7.", "Ordre à l’atout : V, 9, A, 10, R, D, 8, 7.",
                  "Filaharana atout: V, 9, A, 10, R, D, 8, 7."),
                {"mode": "HEARTS", "cards": "AHJH10HKH9H"}),
            Task("pick_card", "P-7", T(
                "Hearts are trumps. Which of these spades (a plain suit) is the strongest?",
                "Cœur est atout. Quel est le pique (couleur simple) le plus fort ?",
                "Atout ny Cœur. Iza amin’ireto Pique ireto no matanjaka indrindra?"),
                T("Plain order: A, 10, K, Q, J, 9, 8, 7.", "Ordre hors atout : A, 10, R, D, V, 9, 8, 7.",
                  "Filaharana tsotra: A, 10, R, D, V, 9, 8, 7."),
                {"mode": "HEARTS", "cards": "10SJSKS9SAS"}),
            Task("pick_card", "P-7", T(
                "AllTrumps: which of these diamonds is the strongest?",
                "Tout A : quel est le carreau le plus fort ?",
                "Tout A: iza amin’ireto Carreau ireto no matanjaka indrindra?"),
                T("In AllTrumps every suit is ranked like a trump: J, 9, A, 10, K, Q, 8, 7.",
                  "En Tout A, chaque couleur se classe comme l’atout : V, 9, A, 10, R, D, 8, 7.",
                  "Amin’ny Tout A, samy milahatra toy ny atout ny loko rehetra: V, 9, A, 10, R, D, 8, 7."),
                {"mode": "ALL_TRUMPS", "cards": "JDAD9DKD10D"}),
            Task("pick_card", "P-7", T(
                "NoTrumps: which of these clubs is the strongest?",
                "Sans A : quel est le trèfle le plus fort ?",
                "Sans A: iza amin’ireto Trèfle ireto no matanjaka indrindra?"),
                T("In NoTrumps every suit has the plain order: A, 10, K, Q, J, 9, 8, 7.",
                  "En Sans A, toutes les couleurs ont l’ordre simple : A, 10, R, D, V, 9, 8, 7.",
                  "Amin’ny Sans A, filaharana tsotra daholo: A, 10, R, D, V, 9, 8, 7."),
                {"mode": "NO_TRUMPS", "cards": "JC10CAC9CKC"}),
        )),
        Lesson("cards-points", "cards", "cards", T("Card points", "Les points des cartes", "Ny isan’ny karatra"), (
            Task("number", "S-1", T(
                "Hearts are trumps. How many card points are in this trick: J♥ 9♥ A♠ 10♠?",
                "Cœur est atout. Combien de points dans ce pli : V♥ 9♥ A♠ 10♠ ?",
                "Atout ny Cœur. Firy ny isa ao amin’ity fanangonana ity: V♥ 9♥ A♠ 10♠?"),
                T("Trumps: J 20, 9 14, A 11, 10 10, K 4, Q 3. Plain: A 11, 10 10, K 4, Q 3, J 2.",
                  "Atout : V 20, 9 14, A 11, 10 10, R 4, D 3. Hors atout : A 11, 10 10, R 4, D 3, V 2.",
                  "Atout: V 20, 9 14, A 11, 10 10, R 4, D 3. Tsotra: A 11, 10 10, R 4, D 3, V 2."),
                {"count": "trick_points", "mode": "HEARTS", "cards": "JH9HAS10S"}),
            Task("number", "S-1", T(
                "How many card points are there in all in an AllTrumps deal (last trick included)?",
                "Combien de points en tout dans une donne Tout A (dix de der compris) ?",
                "Firy ny isa rehetra amin’ny fizarana Tout A (ao anatiny ny fanangonana farany)?"),
                T("Colour 162, NoTrumps 130, AllTrumps 258: the cards, plus 10 for the last trick.",
                  "Couleur 162, Sans A 130, Tout A 258 : les cartes, plus 10 de der.",
                  "Couleur 162, Sans A 130, Tout A 258: ny karatra, miampy 10 ho an’ny farany."),
                {"count": "total", "mode": "ALL_TRUMPS"}),
            Task("number", "S-1", T(
                "And in a NoTrumps deal?", "Et dans une donne Sans A ?", "Ary amin’ny fizarana Sans A?"),
                T("NoTrumps: 4 × 30 + 10 = 130.", "Sans A : 4 × 30 + 10 = 130.", "Sans A: 4 × 30 + 10 = 130."),
                {"count": "total", "mode": "NO_TRUMPS"}),
            Task("number", "S-1", T(
                "And in a Colour deal (Hearts are trumps)?", "Et dans une donne à la Couleur (Cœur atout) ?",
                "Ary amin’ny fizarana Couleur (atout ny Cœur)?"),
                T("Colour: one trump suit (62) + three plain suits (3 × 30) + 10 = 162.",
                  "Couleur : un atout (62) + trois couleurs simples (3 × 30) + 10 = 162.",
                  "Couleur: atout iray (62) + loko tsotra telo (3 × 30) + 10 = 162."),
                {"count": "total", "mode": "HEARTS"}),
        )),
        Lesson("deal-cut", "deal", "deal", T("The cut and the deal", "La coupe et la donne",
                                             "Ny fanapahana sy ny fizarana"), (
            Task("pick_seat", "D-2", T(
                "Right deals. Who cuts the deck?", "Est distribue. Qui coupe ?",
                "Havanana no mizara. Iza no manapaka?"),
                T("The player to the dealer’s left cuts: the next in turn (Bottom → Left → Top → Right → Bottom), so "
                  "Bottom after Right. He also speaks first and leads the first trick.",
                  "Le joueur à gauche du donneur coupe : le suivant dans l’ordre du jeu (Sud → Ouest → Nord → Est → "
                  "Sud), donc Sud après Est. Il parle aussi le premier et entame le premier pli.",
                  "Ny eo ankavian’ny mpizara no manapaka: ny manaraka amin’ny filaharana (Ambany → Havia → Ambony → "
                  "Havanana → Ambany), ka Ambany aorian’ny Havanana. Izy koa no miteny voalohany sy manomboka."),
                {"ask": "cutter", "dealer": "R"}),
            Task("number", "D-2", T(
                "You cut. Give a number of cards you may lift from the top.",
                "Vous coupez. Donnez un nombre de cartes que vous pouvez soulever.",
                "Ianao no manapaka. Omeo isa karatra azonao esorina eo ambony."),   # any of 6..26 is right
                T("A cut lifts between 6 and 26 cards; they go under the rest. During a match the deck is never "
                  "shuffled.",
                  "On coupe entre 6 et 26 cartes, posées sous le reste. En cours de partie, le jeu n’est jamais "
                  "mélangé.",
                  "Karatra 6 hatramin’ny 26 no esorina, apetraka ambanin’ny ambiny. Tsy afangaro mihitsy ny karatra "
                  "mandritra ny lalao."),
                {"count": "cut", "dealer": "R"}),
            Task("number", "D-3", T(
                "How many cards does each player hold during the negotiation?",
                "Combien de cartes chaque joueur a-t-il pendant les annonces ?",
                "Karatra firy no eny an-tanan’ny mpilalao tsirairay mandritra ny fifampiraharahana?"),
                T("3 each, then 2 each: 5 cards; the last 3 come after the negotiation.",
                  "3 chacun, puis 2 : 5 cartes ; les 3 dernières après les annonces.",
                  "3 avy, avy eo 2 avy: karatra 5; ny 3 farany aorian’ny fifampiraharahana."),
                {"count": "hand_during_negotiation", "dealer": "R"}),
        )),
        Lesson("negotiation-announce", "negotiation", "negotiation", T(
            "Announcing higher, one Colour per team", "Annoncer plus haut, une Couleur par équipe",
            "Manambara ambony kokoa, Couleur iray isaky ny ekipa"), (
            Task("select_calls", "N-2", T(
                "Your partner announced Clubs, then Right Spades. Which announcements may you make?",
                "Votre partenaire a annoncé Trèfle, puis Est Pique. Quelles annonces pouvez-vous faire ?",
                "Nanambara Trèfle ny namanao, avy eo Pique i Havanana. Inona avy no azonao ambara?"),
                T("Announce strictly higher: ♣ < ♦ < ♥ < ♠ < NoTrumps < AllTrumps.",
                  "On annonce strictement plus haut : ♣ < ♦ < ♥ < ♠ < Sans A < Tout A.",
                  "Ambony kokoa ihany: ♣ < ♦ < ♥ < ♠ < Sans A < Tout A."),
                {"dealer": "L", "calls": "C S", "options": "D H S NT AT"}),
            Task("select_calls", "N-2", T(
                "You announced Clubs, then Left Diamonds; your partner and Right accepted. Which "
                "announcements may you make now?",
                "Vous avez annoncé Trèfle, puis Ouest Carreau ; votre partenaire et Est ont dit Bonne. Quelles "
                "annonces pouvez-vous faire ?",
                "Nanambara Trèfle ianao, avy eo Carreau i Havia; nilaza Bonne ny namanao sy Havanana. Inona no "
                "azonao ambara?"),
                T("One Colour per team and per deal: your team has used its Colour; the other team still may.",
                  "Une seule Couleur par équipe et par donne : votre équipe a utilisé la sienne.",
                  "Couleur iray isaky ny ekipa isaky ny fizarana: efa nampiasa ny azy ny ekipanao."),
                {"dealer": "R", "calls": "C D ok ok", "options": "H S NT AT"}),
        )),
        Lesson("negotiation-accept-double", "negotiation", "negotiation", T(
            "Accept, Double, Redouble", "Bonne, Contré, Surcontré", "Bonne, Contré, Surcontré"), (
            Task("select_calls", "N-4", T(
                "Left announced Hearts; your partner and Right accepted. Which of these may you do?",
                "Ouest a annoncé Cœur ; votre partenaire et Est ont dit Bonne. Que pouvez-vous faire ?",
                "Nanambara Cœur i Havia; nilaza Bonne ny namanao sy Havanana. Inona no azonao atao?"),
                T("You may accept, announce higher, or double an opponent’s bid made since your last Announce or "
                  "Accept (a Double does not count).",
                  "Vous pouvez dire Bonne, annoncer plus haut, ou contrer une annonce adverse faite depuis votre "
                  "dernière annonce ou votre dernier Bonne (un Contré ne compte pas).",
                  "Afaka milaza Bonne ianao, manambara ambony kokoa, na manao Contré amin’ny fanambaran’ny "
                  "mpifanandrina natao taorian’ny fanambarana na Bonne farany nataonao (tsy isaina ny Contré)."),
                {"dealer": "B", "calls": "H ok ok", "options": "ok xH xC S"}),
            Task("select_calls", "N-6", T(
                "You announced Spades and Left doubled. What may your partner do?",
                "Vous avez annoncé Pique et Ouest a contré. Que peut faire votre partenaire ?",
                "Nanambara Pique ianao ary nanao Contré i Havia. Inona no azon’ny mpiara-milalao aminao atao?"),
                T("After a Double nobody announces; the announcing team may redouble (AllTrumps, ♦, ♥, ♠ only).",
                  "Après un Contré, plus d’annonce ; l’équipe qui a annoncé peut surcontrer (Tout A, ♦, ♥, ♠).",
                  "Aorian’ny Contré tsy misy fanambarana; ny ekipa nanambara no afaka manao Surcontré."),
                {"dealer": "R", "calls": "S xS", "options": "ok xxS NT"}),
            Task("select_calls", "N-6", T(
                "Your partner announced Clubs; Right doubled. Which of these may you do?",
                "Votre partenaire a annoncé Trèfle ; Est a contré. Que pouvez-vous faire ?",
                "Nanambara Trèfle ny namanao; nanao Contré i Havanana. Inona no azonao atao?"),
                T("Clubs and NoTrumps can never be redoubled: they are already doubled in practice.",
                  "Trèfle et Sans A ne se surcontrent jamais : ils sont déjà contrés en pratique.",
                  "Tsy azo atao Surcontré mihitsy ny Trèfle sy Sans A."),
                {"dealer": "L", "calls": "C xC", "options": "ok xxC"}),
            Task("select_calls", "N-7", T(
                "Left announced Hearts; after two Accepts you announced Spades; Left and your partner accepted and "
                "Right doubled Spades. Which of these may you do?",
                "Ouest a annoncé Cœur ; après deux Bonne vous avez annoncé Pique ; Ouest et votre partenaire ont dit "
                "Bonne et Est a contré Pique. Que pouvez-vous faire ?",
                "Nanambara Cœur i Havia; taorian’ny Bonne roa dia nanambara Pique ianao; nilaza Bonne i Havia sy ny "
                "namanao ary nanao Contré Pique i Havanana. Inona no azonao atao?"),
                T("Announcing or accepting after a bid gives up doubling it; your team may still redouble its own "
                  "doubled Spades.",
                  "Annoncer ou dire Bonne après une annonce, c’est renoncer à la contrer ; votre équipe peut encore "
                  "surcontrer son Pique contré.",
                  "Raha nanambara na nilaza Bonne ianao taorian’ny fanambarana iray dia tsy afaka manao Contré azy "
                  "intsony; afaka manao Surcontré ny Pique-ny kosa ny ekipanao."),
                {"dealer": "B", "calls": "H ok ok S ok ok xS", "options": "ok xH xxS"}),
        )),
        Lesson("negotiation-auto-double", "negotiation", "negotiation", T(
            "The automatic double of NoTrumps and Clubs", "Le contre automatique du Sans A et du Trèfle",
            "Ny Contré ho azy amin’ny Sans A sy Trèfle"), (
            Task("select_calls", "N-5", T(
                "Left announced NoTrumps; your partner Top said Accept (Bonne), then Right too. Which of these may "
                "you do?",
                "Ouest a annoncé Sans A ; votre partenaire Nord a dit Bonne, puis Est aussi. Que pouvez-vous faire ?",
                "Nanambara Sans A i Havia; nilaza Bonne ny namanao Ambony, avy eo Havanana koa. Inona no azonao "
                "atao?"),
                T("An opponent’s Accept of NoTrumps or Clubs counts as a Double: ×2, no more announcements, and "
                  "nobody may redouble.",
                  "Le Bonne d’un adversaire sur Sans A ou Trèfle vaut un Contré : ×2, plus d’annonce, et personne ne "
                  "peut surcontrer.",
                  "Ny Bonne an’ny mpifanandrina amin’ny Sans A na Trèfle dia manisa ho Contré: ×2, tsy misy "
                  "fanambarana intsony, ary tsy misy afaka manao Surcontré."),
                {"dealer": "B", "calls": "NT ok ok", "options": "ok AT xNT xxNT"}),
            Task("select_calls", "N-5", T(
                "You announced Clubs and Left said Accept (Bonne). What may your partner Top do?",
                "Vous avez annoncé Trèfle et Ouest a dit Bonne. Que peut faire votre partenaire Nord ?",
                "Nanambara Trèfle ianao ary nilaza Bonne i Havia. Inona no azon’ny namanao Ambony atao?"),
                T("Left’s Accept doubled your Clubs automatically: nobody announces any more, and Clubs cannot be "
                  "redoubled.",
                  "Le Bonne d’Ouest a contré votre Trèfle automatiquement : plus d’annonce, et le Trèfle ne se "
                  "surcontre pas.",
                  "Ny Bonne nataon’i Havia dia nanao Contré ho azy ny Trèfle-nao: tsy misy fanambarana intsony, ary "
                  "tsy azo atao Surcontré ny Trèfle."),
                {"dealer": "R", "calls": "C ok", "options": "ok D xxC"}),
            Task("pick_option", "N-5", T(
                "Top announced Clubs; Right, you and Left said Accept (Bonne). Which contract is played?",
                "Nord a annoncé Trèfle ; Est, vous et Ouest avez dit Bonne. Quel contrat est joué ?",
                "Nanambara Trèfle i Ambony; nilaza Bonne i Havanana, ianao ary Havia. Inona no lalaovina?"),
                T("Right, an opponent of Top, accepted first: Clubs is played doubled (×2), worth 16 × 2 = 32.",
                  "Est, adversaire de Nord, a dit Bonne le premier : le Trèfle est joué contré (×2), 16 × 2 = 32.",
                  "Havanana, mpifanandrina amin’i Ambony, no nilaza Bonne voalohany: lalaovina misy Contré (×2) ny "
                  "Trèfle, 16 × 2 = 32."),
                {"dealer": "L", "calls": "C ok ok ok", "ask": "contract"}),
        )),
        Lesson("negotiation-contract", "negotiation", "negotiation", T(
            "Which contract is played", "Quel contrat est joué", "Inona no fifanarahana lalaovina"), (
            Task("pick_option", "N-5", T(
                "You announced NoTrumps; Left said Accept (Bonne), then Top and Right. Which contract is played?",
                "Vous avez annoncé Sans A ; Ouest a dit Bonne, puis Nord et Est. Quel contrat est joué ?",
                "Nanambara Sans A ianao; nilaza Bonne i Havia, avy eo i Ambony sy Havanana. Inona no lalaovina?"),
                T("An opponent’s Accept of NoTrumps or Clubs counts as a Double: ×2, and no more announcements.",
                  "Le Bonne d’un adversaire sur Sans A ou Trèfle vaut un Contré : ×2, et plus d’annonce.",
                  "Ny Bonne an’ny mpifanandrina amin’ny Sans A na Trèfle dia Contré: ×2."),
                {"dealer": "R", "calls": "NT ok ok ok", "ask": "contract"}),
            # Not the rules page's own examples (N-9, printed above the lesson with their answers: a learner's audit).
            Task("pick_option", "N-9", T(
                "Bottom Diamonds, Left Spades, Top doubles Spades, Right doubles Diamonds, then three Accepts. "
                "Which contract is played?",
                "Sud Carreau, Ouest Pique, Nord contre Pique, Est contre Carreau, puis trois Bonne. Quel contrat ?",
                "Ambany Carreau, Havia Pique, Ambony Contré Pique, Havanana Contré Carreau, avy eo Bonne telo. "
                "Inona no lalaovina?"),
                T("When several bids are doubled, the first announced doubled mode is played.",
                  "Si plusieurs annonces sont contrées, on joue la première annoncée.",
                  "Raha maro no misy Contré, ny voalohany nambara no lalaovina."),
                {"dealer": "R", "calls": "D S xS xD ok ok ok", "ask": "contract"}),
            Task("pick_option", "N-8", T(
                "Bottom Diamonds, Left Hearts, then Accept, Accept, Accept. The contract?",
                "Sud Carreau, Ouest Cœur, puis Bonne, Bonne, Bonne. Le contrat ?",
                "Ambany Carreau, Havia Cœur, avy eo Bonne telo. Ny fifanarahana?"),
                T("Three Accepts in a row end the negotiation; the last bid is played, ×1, by the team that "
                  "announced it.",
                  "Trois Bonne de suite terminent les annonces ; on joue la dernière annonce, ×1, par l’équipe qui "
                  "l’a faite.",
                  "Bonne telo misesy no mamarana; ny fanambarana farany no lalaovina, ×1, ataon’ny ekipa nanambara "
                  "azy."),
                {"dealer": "R", "calls": "D H ok ok ok", "ask": "contract"}),
            Task("pick_option", "N-5", T(   # Clubs is doubled only while it is the bid an opponent accepts
                "Bottom Clubs, Left Spades, then three Accepts. The contract?",
                "Sud Trèfle, Ouest Pique, puis trois Bonne. Le contrat ?",
                "Ambany Trèfle, Havia Pique, avy eo Bonne telo. Ny fifanarahana?"),
                T("Clubs was overcalled before any opponent accepted it, so it was never doubled.",
                  "Le Trèfle a été surenchéri avant qu’un adversaire dise Bonne : il n’a jamais été contré.",
                  "Nambara ambony kokoa ny Trèfle talohan’ny Bonne, ka tsy nisy Contré."),
                {"dealer": "R", "calls": "C S ok ok ok", "ask": "contract"}),
        )),
        *_play_lessons(),
        *_scoring_lessons(),
        Lesson("match-target", "match", "match", T("Winning the match", "Gagner la partie", "Mandresy ny lalao"), (
            Task("pick_option", "M-1", T(
                "Scores 140–100, target 150. Your team makes a Colour contract: 16–0. What happens?",
                "Score 140–100, objectif 150. Votre équipe réussit une Couleur : 16–0. Que se passe-t-il ?",
                "Isa 140–100, tanjona 150. Tafita ny Couleur-nareo: 16–0. Inona no mitranga?"),
                T("The first team to reach the target (150) wins.", "La première équipe à atteindre 150 gagne.",
                  "Ny ekipa voalohany mahatratra 150 no mandresy."),
                {"ask": "match", "scores": (140, 100), "target": 150, "deal": ("HEARTS", 1, 0, (100, 62), None)}),
            Task("pick_option", "M-1", T(
                "Scores 140–145, target 150. An AllTrumps deal ends 150 to 108 for your team (15–11). What happens?",
                "Score 140–145, objectif 150. Une donne Tout A finit 150 à 108 pour vous (15–11). Que se passe-t-il ?",
                "Isa 140–145, tanjona 150. Tout A 150 sy 108 ho anareo (15–11). Inona no mitranga?"),
                T("If both teams reach the target in the same deal, nobody wins yet: the target moves to 250.",
                  "Si les deux équipes atteignent l’objectif dans la même donne, personne ne gagne encore : "
                  "l’objectif passe à 250.",
                  "Raha samy mahatratra ny tanjona amin’ny fizarana iray ny roa tonta, mbola tsy misy mandresy: "
                  "lasa 250 ny tanjona."),
                {"ask": "match", "scores": (140, 145), "target": 150,
                 "deal": ("ALL_TRUMPS", 1, 0, (150, 108), None)}),
            Task("pick_option", "M-1", T(
                "Scores 240–245, target 250. An AllTrumps deal, doubled, ends 150 to 108 for your team "
                "(15–11 × 2 = 30–22). What happens?",
                "Score 240–245, objectif 250. Une donne Tout A contrée finit 150 à 108 pour vous "
                "(15–11 × 2 = 30–22). Que se passe-t-il ?",
                "Isa 240–245, tanjona 250. Tout A misy Contré, 150 sy 108 ho anareo (15–11 × 2 = 30–22). Inona no "
                "mitranga?"),
                T("Both teams reach 250 in the same deal: the target moves up again by 100, to 350.",
                  "Les deux équipes atteignent 250 dans la même donne : l’objectif monte encore de 100, à 350.",
                  "Samy mahatratra 250 amin’ny fizarana iray ny roa tonta: miakatra 100 indray ny tanjona, lasa 350."),
                {"ask": "match", "scores": (240, 245), "target": 250,
                 "deal": ("ALL_TRUMPS", 2, 0, (150, 108), None)}),
            Task("pick_option", "S-5", T(
                "Scores 20–140, target 150. Left’s team plays Spades, but your team wins all 8 tricks. What happens?",
                "Score 20–140, objectif 150. L’équipe d’Ouest joue Pique, mais votre équipe fait les 8 plis. Que se "
                "passe-t-il ?",
                "Isa 20–140, tanjona 150. Pique ny ekipan’i Havia, fa azon’ny ekipanareo daholo ny fanangonana 8. "
                "Inona no mitranga?"),
                T("A Colour sweep wins the match at once, whatever the scores.",
                  "Un capot en Couleur gagne la partie immédiatement, quel que soit le score.",
                  "Ny capot amin’ny Couleur dia mandresy ny lalao avy hatrany, na firy na firy ny isa."),
                {"ask": "match", "scores": (20, 140), "target": 150, "deal": ("SPADES", 1, 1, (162, 0), 0)}),
        )),
    )


def _play_lessons() -> tuple[Lesson, ...]:
    def sel(rule: str, prompt: Text, explain: Text, mode: str, trick: str, hand: str) -> Task:
        return Task("select_cards", rule, prompt, explain, {"mode": mode, "trick": trick, "hand": hand})

    which = T("Select every card you may play.", "Sélectionnez toutes les cartes que vous pouvez jouer.",
              "Fidio daholo ny karatra azonao alefa.")

    def ask(situation: Text) -> Text:
        return {k: f"{situation[k]} {which[k]}" for k in which}

    return (
        Lesson("play-follow-suit", "play", "play", T("Follow suit", "Fournir", "Manaraka loko"), (
            sel("P-1", ask(T("Spades are trumps. Left leads the K♦.", "Pique est atout. Ouest entame le R♦.",
                             "Atout ny Pique. Manomboka amin’ny R♦ i Havia.")),
                T("If you hold the led suit, you must play it.", "Si vous avez la couleur demandée, vous devez "
                  "la jouer.", "Raha manana ny loko nalefa ianao dia tsy maintsy alefanao."),
                "SPADES", "L:KD T:8D R:9D", "7D10D9SJSAC8H7H10S"),
            sel("P-1", ask(T("Hearts are trumps. Your partner Top leads the A♠ and Right trumps with the 9♥.",
                             "Cœur est atout. Votre partenaire Nord entame l’A♠ et Est coupe du 9♥.",
                             "Atout ny Cœur. A♠ no alefan’ny namanao Ambony ary manapaka amin’ny 9♥ i Havanana.")),
                T("Even in a trumped trick, a player who can follow must follow: you never have to trump then.",
                  "Même si le pli est coupé, qui peut fournir doit fournir : il n’a alors jamais à couper.",
                  "Na efa voatapaka aza ny fanangonana, izay afaka manaraka dia tsy maintsy manaraka: tsy voatery "
                  "manapaka izy."),
                "HEARTS", "T:AS R:9H", "7S10SJHKHQD8C9DAC"),
        )),
        Lesson("play-must-beat", "play", "play", T("Play higher", "Monter", "Mandresy"), (
            sel("P-2", ask(T("AllTrumps. Left leads the K♥, Top plays the 7♥, Right the Q♥.",
                             "Tout A. Ouest entame le R♥, Nord joue le 7♥, Est la D♥.",
                             "Tout A. R♥ no alefan’i Havia, 7♥ i Ambony, D♥ i Havanana.")),
                T("In AllTrumps you must beat the highest card of the led suit if you can.",
                  "En Tout A, vous devez battre la plus forte carte de la couleur demandée si vous le pouvez.",
                  "Amin’ny Tout A, tsy maintsy mandresy ny karatra ambony indrindra ianao raha afaka."),
                "ALL_TRUMPS", "L:KH T:7H R:QH", "AH8H10HJSAD7C9CQS"),
            sel("P-2", ask(T("Hearts are trumps. Left leads the 10♥ (trump), Top plays the 7♥, Right the J♦.",
                             "Cœur est atout. Ouest entame le 10♥ (atout), Nord le 7♥, Est le V♦.",
                             "Atout ny Cœur. 10♥ no alefan’i Havia, 7♥ i Ambony, V♦ i Havanana.")),
                T("When trump is led you must beat the highest trump if you can — even your partner’s.",
                  "Quand on entame atout, il faut monter sur le plus fort atout si possible — même celui du "
                  "partenaire.",
                  "Raha atout no nalefa dia tsy maintsy mandresy ny atout ambony indrindra ianao."),
                "HEARTS", "L:10H T:7H R:JD", "9H8HQHAS7CKD8S9D"),
            sel("P-2", ask(T("NoTrumps. Left leads the K♥, Top plays the 7♥, Right the Q♥.",
                             "Sans A. Ouest entame le R♥, Nord joue le 7♥, Est la D♥.",
                             "Sans A. R♥ no alefan’i Havia, 7♥ i Ambony, D♥ i Havanana.")),
                T("In NoTrumps you must follow suit, but you never have to play higher.",
                  "En Sans A il faut fournir, mais jamais obligatoirement monter.",
                  "Amin’ny Sans A dia tsy maintsy manaraka ianao, fa tsy voatery mandresy mihitsy."),
                "NO_TRUMPS", "L:KH T:7H R:QH", "AH8H10HJSAD7C9CQS"),
        )),
        Lesson("play-must-trump", "play", "play", T("Trumping", "Couper", "Manapaka"), (
            sel("P-3", ask(T("Hearts are trumps. Left leads the A♠. You have no spade.",
                             "Cœur est atout. Ouest entame l’A♠. Vous n’avez pas de pique.",
                             "Atout ny Cœur. A♠ no alefan’i Havia. Tsy manana Pique ianao.")),
                T("Unable to follow in a Colour contract, you must trump.",
                  "Sans la couleur demandée, en Couleur, vous devez couper.",
                  "Raha tsy afaka manaraka ianao amin’ny Couleur dia tsy maintsy manapaka."),
                "HEARTS", "L:AS T:7S R:8S", "7HKHQCKDAC10D8C9D"),
            sel("P-3", ask(T("Hearts are trumps. Your partner (Top) leads the A♠, Right plays the 7♠. You have no "
                             "spade.",
                             "Cœur est atout. Votre partenaire (Nord) entame l’A♠, Est joue le 7♠. Vous n’avez pas "
                             "de pique.",
                             "Atout ny Cœur. A♠ no alefan’ny namanao (Ambony), 7♠ i Havanana. Tsy manana Pique "
                             "ianao.")),
                T("If your partner is winning with a plain card, you are free: trump or discard.",
                  "Si votre partenaire est maître avec une carte hors atout, vous êtes libre.",
                  "Raha mandresy amin’ny karatra tsotra ny namanao dia malalaka ianao."),
                "HEARTS", "T:AS R:7S", "7HKHQCKDAC10D8C9D"),
            sel("P-4", ask(T("Hearts are trumps. Left leads the A♠, your partner Top trumps with the Q♥, Right plays "
                             "the 8♠. You have no spade.",
                             "Cœur est atout. Ouest entame l’A♠, votre partenaire Nord coupe de la D♥, Est joue le "
                             "8♠. Vous n’avez pas de pique.",
                             "Atout ny Cœur. A♠ i Havia, manapaka amin’ny D♥ ny namanao Ambony, 8♠ i Havanana. Tsy "
                             "manana Pique ianao.")),
                T("Your partner wins, but with a trump: the freedom to discard is gone, you must overtrump if you "
                  "can.",
                  "Votre partenaire est maître, mais avec un atout : plus de défausse libre, il faut surcouper si "
                  "possible.",
                  "Mandresy ny namanao, fa amin’ny atout: tsy malalaka intsony ianao, tsy maintsy manapaka ambony "
                  "kokoa raha afaka."),
                "HEARTS", "L:AS T:QH R:8S", "KH8HQCKDAC10D8C9D"),
        )),
        Lesson("play-overtrump", "play", "play", T("Overtrump and under-trump", "Surcouper et sous-couper",
                                                    "Manapaka ambony sy ambany"), (
            sel("P-5", ask(T("Hearts are trumps. Left leads the A♠, your partner Top trumps with the 9♥, Right plays "
                             "the 7♠. You have no spade.",
                             "Cœur est atout. Ouest entame l’A♠, Nord coupe du 9♥, Est joue le 7♠. Vous n’avez pas "
                             "de pique.",
                             "Atout ny Cœur. A♠ i Havia, 9♥ i Ambony, 7♠ i Havanana. Tsy manana Pique ianao.")),
                T("Once a trump is on the trick you must overtrump if you can — even over your partner.",
                  "Dès qu’un atout est dans le pli, il faut surcouper si possible — même le partenaire.",
                  "Raha misy atout ao amin’ny fanangonana dia tsy maintsy manapaka ambony kokoa ianao."),
                "HEARTS", "L:AS T:9H R:7S", "JH8HKDQC10D7C9D8C"),
            sel("P-6", ask(T("Same trick, but your trumps are the 8♥ and 7♥: none beats the 9♥.",
                             "Même pli, mais vos atouts sont le 8♥ et le 7♥ : aucun ne bat le 9♥.",
                             "Mitovy, fa 8♥ sy 7♥ ny atoutnao: tsy misy mandresy ny 9♥.")),
                # Not the refusal's own words again ("You cannot overtrump, but you must still play a trump"): what
                # the task adds to them (a learner's audit read the same sentence twice).
                T("Your partner’s trump wins the trick, and still you owe a trump (under-trump): only a hand with "
                  "no trump left may play any card.",
                  "Le partenaire est maître avec son atout, et l’atout reste dû (sous-couper) : seule une main sans "
                  "atout peut jouer n’importe quelle carte.",
                  "Mandresy amin’ny atoutny ny namanao, nefa mbola tsy maintsy milalao atout ianao: ny tanana tsy "
                  "manana atout intsony ihany no afaka milalao izay karatra tiany."),
                "HEARTS", "L:AS T:9H R:7S", "8H7HKDQC10D7C9D8C"),
            sel("P-6", ask(T("NoTrumps. Left leads the A♠, Top and Right follow. You have no spade.",
                             "Sans A. Ouest entame l’A♠, Nord et Est fournissent. Vous n’avez pas de pique.",
                             "Sans A. A♠ no alefan’i Havia, manaraka i Ambony sy Havanana. Tsy manana Pique "
                             "ianao.")),
                T("With no trump to play (or in NoTrumps/AllTrumps), a player who cannot follow plays any card.",
                  "Sans atout à jouer (ou en Sans A / Tout A), qui ne peut fournir joue n’importe quelle carte.",
                  "Raha tsy afaka manaraka ianao ary tsy misy atout, karatra rehetra dia azo alefa."),
                "NO_TRUMPS", "L:AS T:7S R:8S", "8H7HKDQC10D7C9D8C"),
            sel("P-6", ask(T("Hearts are trumps. Left leads the A♠, Top and Right follow. You have neither spades nor "
                             "hearts.",
                             "Cœur est atout. Ouest entame l’A♠, Nord et Est fournissent. Vous n’avez ni pique ni "
                             "cœur.",
                             "Atout ny Cœur. A♠ no alefan’i Havia, manaraka i Ambony sy Havanana. Tsy manana Pique "
                             "na Cœur ianao.")),
                T("Unable to follow and without a trump, you discard any card you like.",
                  "Sans la couleur demandée et sans atout, vous vous défaussez de la carte de votre choix.",
                  "Raha tsy afaka manaraka ianao ary tsy manana atout, karatra rehetra dia azo alefa."),
                "HEARTS", "L:AS T:7S R:8S", "KDQC10D7C9D8CAC7D"),
        )),
        Lesson("play-trick-winner", "play", "play", T("Who wins the trick", "Qui remporte le pli",
                                                       "Iza no mahazo ny fanangonana"), (
            Task("pick_seat", "P-7", T(
                "Hearts are trumps. Bottom A♠, Left 7♥, Top K♠, Right 10♠. Who wins?",
                "Cœur est atout. Sud A♠, Ouest 7♥, Nord R♠, Est 10♠. Qui remporte le pli ?",
                "Atout ny Cœur. Ambany A♠, Havia 7♥, Ambony R♠, Havanana 10♠. Iza no mahazo?"),
                T("The highest trump wins; without a trump, the highest card of the led suit.",
                  "Le plus fort atout gagne ; sans atout, la plus forte carte de la couleur demandée.",
                  "Ny atout ambony indrindra no mandresy; raha tsy misy, ny ambony indrindra amin’ny loko nalefa."),
                {"ask": "winner", "mode": "HEARTS", "trick": "B:AS L:7H T:KS R:10S"}),
            Task("pick_seat", "P-7", T(
                "AllTrumps. Bottom 9♠, Left J♥, Top A♠, Right 7♠. Who wins?",
                "Tout A. Sud 9♠, Ouest V♥, Nord A♠, Est 7♠. Qui remporte le pli ?",
                "Tout A. Ambany 9♠, Havia V♥, Ambony A♠, Havanana 7♠. Iza no mahazo?"),
                T("In AllTrumps every suit ranks like trumps (J 9 A 10 K Q 8 7), so the 9♠ beats the A♠; and "
                  "there is no trump suit: only the led suit can win, so the off-suit J♥ loses.",
                  "En Tout A, chaque couleur se classe comme l’atout (V 9 A 10 R D 8 7) : le 9♠ bat l’A♠. Et il "
                  "n’y a pas de couleur d’atout : seule la couleur demandée gagne, le V♥ perd.",
                  "Amin’ny Tout A, mitovy filaharana amin’ny atout ny loko rehetra (V 9 A 10 R D 8 7): mandresy ny "
                  "A♠ ny 9♠. Tsy misy loko atout anefa: ny loko nalefa ihany no mety handresy, resy ny V♥."),
                {"ask": "winner", "mode": "ALL_TRUMPS", "trick": "B:9S L:JH T:AS R:7S"}),
        )),
    )


def _scoring_lessons() -> tuple[Lesson, ...]:
    ask_score = T("How many match points does each team score?", "Combien de points de partie pour chaque équipe ?",
                  "Firy ny isan’ny lalao azon’ny ekipa tsirairay?")

    def sc(rule: str, situation: Text, explain: Text, mode: str, m: int, team: int, points: tuple[int, int],
           sweep: int | None = None) -> Task:
        prompt = {k: f"{situation[k]} {ask_score[k]}" for k in ask_score}
        return Task("score", rule, prompt, explain, {"deal": (mode, m, team, points, sweep)})

    return (
        Lesson("scoring-colour", "scoring", "scoring", T("Scoring a Colour contract", "Marquer une Couleur",
                                                          "Isa amin’ny Couleur"), (
            sc("S-2", T("Team 1 plays Hearts and takes 90 card points of 162.",
                        "L’équipe 1 joue Cœur et fait 90 points sur 162.",
                        "Cœur no lalaovin’ny Ekipa 1 ary mahazo 90 amin’ny 162."),
               T("The announcers need 82 or more: then they score 16, the defenders 0.",
                 "L’attaque doit faire 82 ou plus : elle marque alors 16, la défense 0.",
                 "Mila 82 na mihoatra ny mpanambara: mahazo 16 izy."), "HEARTS", 1, 0, (90, 72)),
            sc("S-2", T("Team 1 plays Spades and takes exactly 81.", "L’équipe 1 joue Pique et fait exactement 81.",
                        "Pique no lalaovin’ny Ekipa 1 ary mahazo 81 marina."),
               T("Only exactly 81 each is a tie: with 82 the announcers would have scored 16.",
                 "Seul 81 partout est une égalité : avec 82, l’attaque aurait marqué 16.",
                 "81 avy marina ihany no mitovy: raha 82 dia nahazo 16 ny mpanambara."), "SPADES", 1, 0, (81, 81)),
            sc("S-2", T("Team 2 plays Clubs, doubled automatically, and takes only 70.",
                        "L’équipe 2 joue Trèfle, contré automatiquement, et ne fait que 70.",
                        "Trèfle no lalaovin’ny Ekipa 2, Contré ho azy, ary 70 ihany no azony."),
               T("A failed contract gives the defenders the stake: 16 × 2 = 32.",
                 "Un contrat chuté donne la mise à la défense : 16 × 2 = 32.",
                 "Raha resy ny mpanambara, ny mpiaro no mahazo: 16 × 2 = 32."), "CLUBS", 2, 1, (92, 70)),
        )),
        Lesson("scoring-notrumps", "scoring", "scoring", T("Scoring NoTrumps", "Marquer un Sans A",
                                                            "Isa amin’ny Sans A"), (
            sc("S-3", T("Team 2 plays NoTrumps (an opponent accepted it: doubled automatically) and takes 70 of "
                        "130.",
                        "L’équipe 2 joue Sans A (contré automatiquement) et fait 70 sur 130.",
                        "Sans A no lalaovin’ny Ekipa 2 (Contré ho azy) ary mahazo 70 amin’ny 130."),
               T("NoTrumps: 66 or more wins 52, and it is always doubled: 52 × 2 = 104.",
                 "Sans A : 66 ou plus gagne 52, toujours contré : 52 × 2 = 104.",
                 "Sans A: 66 na mihoatra dia 52, Contré foana: 52 × 2 = 104."), "NO_TRUMPS", 2, 1, (60, 70)),
        )),
        Lesson("scoring-alltrumps", "scoring", "scoring", T("Scoring AllTrumps", "Marquer un Tout A",
                                                             "Isa amin’ny Tout A"), (
            sc("S-4", T("Team 1 plays AllTrumps and takes 150 of 258.", "L’équipe 1 joue Tout A et fait 150 sur 258.",
                        "Tout A no lalaovin’ny Ekipa 1 ary mahazo 150 amin’ny 258."),
               T("Each side divided by 10, rounded half up: 150 → 15, 108 → 11.",
                 "Chaque camp divisé par 10, arrondi au plus proche (les demis vers le haut) : 150 → 15, 108 → 11.",
                 "Zaraina 10 ny an’ny andaniny sy ny ankilany, boribory ho akaiky indrindra: 150 → 15, 108 → 11."),
               "ALL_TRUMPS", 1, 0, (150, 108)),
            sc("S-4", T("Team 1 plays AllTrumps and takes 131 (the defenders 127).",
                        "L’équipe 1 joue Tout A et fait 131 (la défense 127).",
                        "Tout A ny Ekipa 1 ary mahazo 131 (127 ny mpiaro)."),
               T("131 → 13 and 127 → 13: a rounded tie, 0–0.", "131 → 13 et 127 → 13 : égalité, 0–0.",
                 "131 → 13 sy 127 → 13: mitovy, 0–0."), "ALL_TRUMPS", 1, 0, (131, 127)),
            sc("S-4", T("Team 1 plays AllTrumps and takes exactly 129.", "L’équipe 1 joue Tout A et fait 129 pile.",
                        "Tout A ny Ekipa 1 ary mahazo 129 marina."),
               T("129–129 is a tie: nobody scores. Below 129 the defenders take all 26.",
                 "129–129 : égalité. Sous 129, la défense prend les 26.",
                 "129–129: mitovy. Latsaky ny 129 dia azon’ny mpiaro ny 26."), "ALL_TRUMPS", 1, 0, (129, 129)),
            sc("S-4", T("Team 1 plays AllTrumps and takes 199.", "L’équipe 1 joue Tout A et fait 199.",
                        "Tout A ny Ekipa 1 ary mahazo 199."),
               T("20–6 is the largest split: from 195 card points up, the announcers score 20 and the defenders 6.",
                 "20–6 est le plus grand partage : dès 195 points, l’attaque marque 20 et la défense 6.",
                 "20–6 no fizarana ambony indrindra: manomboka amin’ny 195 dia 20 ny mpanambara ary 6 ny mpiaro."),
               "ALL_TRUMPS", 1, 0, (199, 59)),
            sc("S-4", T("Team 1 plays AllTrumps and takes 230 (the defenders 28).",
                        "L’équipe 1 joue Tout A et fait 230 (la défense 28).",
                        "Tout A ny Ekipa 1 ary mahazo 230 (28 ny mpiaro)."),
               T("From 195 card points up the score stays 20–6, however lopsided the deal: only a sweep (all 8 "
                 "tricks) scores more.",
                 "Dès 195 points le score reste 20–6, aussi déséquilibrée que soit la donne : seul un capot (les 8 "
                 "plis) rapporte plus.",
                 "Manomboka amin’ny 195 dia 20–6 foana ny isa, na tsy mitovy lanja be aza ny fizarana: ny capot "
                 "ihany (ny fanangonana 8 rehetra) no mahazo bebe kokoa."),
               "ALL_TRUMPS", 1, 0, (230, 28)),
            sc("S-4", T("Team 1 plays AllTrumps and takes 120 (the defenders 138).",
                        "L’équipe 1 joue Tout A et fait 120 (la défense 138).",
                        "Tout A ny Ekipa 1 ary mahazo 120 (138 ny mpiaro)."),
               T("Below 129 the announcers score nothing and the defenders take all 26.",
                 "Sous 129, l’attaque ne marque rien et la défense prend les 26.",
                 "Latsaky ny 129 dia tsy mahazo na inona na inona ny mpanambara ary azon’ny mpiaro ny 26."),
               "ALL_TRUMPS", 1, 0, (120, 138)),
        )),
        Lesson("scoring-doubles-sweeps", "scoring", "scoring", T("Doubles and sweeps", "Contres et capots",
                                                                  "Contré sy capot"), (
            sc("S-4", T("Team 1 plays AllTrumps doubled and takes 150.", "L’équipe 1 joue Tout A contré et fait 150.",
                        "Tout A misy Contré ny Ekipa 1 ary mahazo 150."),
               T("Every match point is multiplied: 15 × 2 and 11 × 2.", "Tous les points sont multipliés : "
                 "15 × 2 et 11 × 2.", "Ampitomboina daholo ny isa: 15 × 2 sy 11 × 2."), "ALL_TRUMPS", 2, 0,
               (150, 108)),
            sc("S-2", T("Team 2 plays Spades, doubled then redoubled, and takes 95.",
                        "L’équipe 2 joue Pique, contré puis surcontré, et fait 95.",
                        "Pique ny Ekipa 2, Contré ary Surcontré, ary mahazo 95."),
               T("A redouble multiplies by 4: 16 × 4 = 64.", "Un surcontre multiplie par 4 : 16 × 4 = 64.",
                 "Ny Surcontré dia mampitombo in-4: 16 × 4 = 64."), "SPADES", 4, 1, (67, 95)),
            sc("S-5", T("Team 2 plays NoTrumps (doubled automatically) and wins all 8 tricks.",
                        "L’équipe 2 joue Sans A (contré automatiquement) et fait les 8 plis.",
                        "Sans A ny Ekipa 2 (Contré ho azy) ary azony daholo ny fanangonana 8."),
               T("A NoTrumps sweep is worth 90, multiplied too: 90 × 2 = 180.",
                 "Un capot à Sans A vaut 90, multiplié aussi : 90 × 2 = 180.",
                 "Capot amin’ny Sans A: 90 × 2 = 180."), "NO_TRUMPS", 2, 1, (0, 130), 1),
            sc("S-5", T("Team 2 plays Hearts, but Team 1 (defending) wins all 8 tricks.",
                        "L’équipe 2 joue Cœur, mais l’équipe 1 (en défense) fait les 8 plis.",
                        "Cœur ny Ekipa 2, fa azon’ny Ekipa 1 daholo ny fanangonana 8."),
               T("A Colour sweep — by either team — wins the whole match on the spot.",
                 "Un capot en Couleur — par l’une ou l’autre équipe — gagne la partie sur-le-champ.",
                 "Capot amin’ny Couleur dia mandresy ny lalao avy hatrany."), "HEARTS", 1, 1, (162, 0), 0),
            sc("S-5", T("Team 1 plays AllTrumps and wins all 8 tricks.", "L’équipe 1 joue Tout A et fait les 8 plis.",
                        "Tout A ny Ekipa 1 ary azony daholo ny fanangonana 8."),
               T("An AllTrumps sweep replaces the split: 35 to the sweeping team (× the multiplier), 0 to the other.",
                 "Un capot à Tout A remplace le partage : 35 à l’équipe qui le fait (× le multiplicateur), 0 à "
                 "l’autre.",
                 "Capot amin’ny Tout A: 35 ho an’ny ekipa nahazo azy (× ny fampitomboana), 0 ho an’ny iray."),
               "ALL_TRUMPS", 1, 0, (258, 0), 0),
        )),
    )


@functools.lru_cache(maxsize=1)
def all_lessons() -> tuple[Lesson, ...]:
    lessons = _lessons()
    return tuple(sorted(lessons, key=lambda x: FAMILIES.index(x.family)))


FAMILIES = ("cards", "deal", "negotiation", "play", "scoring", "match")


def _lesson(lesson_id: object) -> Lesson:
    for lesson in all_lessons():
        if lesson.id == lesson_id:
            return lesson
    raise GiretraError(f"unknown lesson: {lesson_id!r}", "bad_lesson")


def _task(lesson_id: object, index: object) -> tuple[Lesson, Task]:
    lesson = _lesson(lesson_id)
    if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(lesson.tasks):
        raise GiretraError(f"lesson {lesson.id!r} has tasks 0..{len(lesson.tasks) - 1}, not {index!r}", "bad_task")
    return lesson, lesson.tasks[index]


# -- what the learner sees ------------------------------------------------------------------------------------------


def catalogue(lang: str) -> list[JSON]:
    return [{"id": x.id, "family": x.family, "section": x.section, "title": x.title[lang], "tasks": len(x.tasks),
             "rules": sorted({t.rule for t in x.tasks})} for x in all_lessons()]


def _mode(name: str) -> Mode:
    return Mode[name]


def _trick(text: str) -> list[tuple[Seat, int]]:
    return [(parse_seat(p.split(":")[0]), split_cards(p.split(":")[1])[0]) for p in text.split()]


def _cards_json(cards: list[int], mode: Mode | None) -> list[str]:
    return [card_name(c) for c in sorted(cards, key=lambda c: sort_key(mode, c))]


@functools.cache
def _play_state(mode: str, trick: str, hand: str) -> str:
    return str(_play_position(mode, trick, hand)["state"])


@functools.cache
def _negotiation_state(dealer: str, calls: str) -> str:
    return str(_negotiation_position(dealer, calls)["state"])


def lesson_task(lesson_id: object, index: object, lang: str) -> JSON:
    """The board and the question of one task (what the widget draws)."""
    lesson, task = _task(lesson_id, index)
    with internal(f"lesson {lesson.id}, task {index}"):   # past the request's own fields, all is built-in data
        return _lesson_task(lesson, task, index, lang)


def _lesson_task(lesson: Lesson, task: Task, index: object, lang: str) -> JSON:
    p = task.params
    board: JSON = {}
    options: list[JSON] = []
    if task.kind == "select_cards":
        state = _play_state(p["mode"], p["trick"], p["hand"])
        match = parse_match(state)
        mode = _mode(p["mode"])
        board = {"state": state, "mode": MODE_NAMES[mode], "modeText": mode_name(mode, lang),
                 "trick": [{"seat": SEAT_NAMES[s], "card": card_name(c)} for s, c in _trick(p["trick"])],
                 "hand": _cards_json(list(cards_of(match.deal.hands[Seat.BOTTOM])), mode), "seat": "Bottom"}
    elif task.kind == "select_calls":
        state = _negotiation_state(p["dealer"], p["calls"])
        match = parse_match(state)
        negotiation = match.deal.negotiation
        assert negotiation is not None
        board = {"state": state, "seat": SEAT_NAMES[negotiation.turn],
                 "calls": [{"seat": SEAT_NAMES[s], "action": c.token, "text": call_label(c, lang)}
                           for s, c in negotiation.calls],
                 "hand": _cards_json(list(cards_of(match.deal.hands[negotiation.turn])), None)}
        options = [{"value": t, "text": option_label(parse_call(t), lang)} for t in p["options"].split()]
    elif task.kind == "pick_card":
        mode = _mode(p["mode"])
        board = {"mode": MODE_NAMES[mode], "modeText": mode_name(mode, lang)}
        # In the lesson's own order, never by strength: sorted, the answer was always the first card.
        options = [{"value": c, "text": c} for c in (card_name(c) for c in split_cards(p["cards"]))]
    elif task.kind == "pick_seat":
        if p["ask"] == "winner":
            mode = _mode(p["mode"])
            board = {"mode": MODE_NAMES[mode], "modeText": mode_name(mode, lang),
                     "trick": [{"seat": SEAT_NAMES[s], "card": card_name(c)} for s, c in _trick(p["trick"])]}
        else:
            board = {"dealer": SEAT_NAMES[parse_seat(p["dealer"])]}
        options = [{"value": s, "text": SEATS[lang][i]} for i, s in enumerate(SEAT_NAMES)]
    elif task.kind == "number":
        if "mode" in p:
            board = {"mode": MODE_NAMES[_mode(p["mode"])], "modeText": mode_name(_mode(p["mode"]), lang)}
        if "cards" in p:
            board["cards"] = [card_name(c) for c in split_cards(p["cards"])]
        if "dealer" in p:
            board["dealer"] = SEAT_NAMES[parse_seat(p["dealer"])]
    elif task.kind == "pick_option":
        if p["ask"] == "contract":
            state = _negotiation_state(p["dealer"], p["calls"])
            match = parse_match(state)
            negotiation = match.deal.negotiation
            assert negotiation is not None
            board = {"state": state, "calls": [{"seat": SEAT_NAMES[s], "action": c.token,
                                                "text": call_label(c, lang)} for s, c in negotiation.calls]}
        else:
            mode, m, team, points, sweep = p["deal"]
            board = {"scores": {"Team1": p["scores"][0], "Team2": p["scores"][1]}, "target": p["target"]}
        options = [{"value": key, "text": text} for key, text in _option_texts(task, lang)]
    elif task.kind == "score":
        mode, m, team, points, sweep = p["deal"]
        board = {"mode": MODE_NAMES[_mode(mode)], "modeText": mode_name(_mode(mode), lang), "multiplier": m,
                 "announcerTeam": TEAM_NAMES[team], "cardPoints": {"Team1": points[0], "Team2": points[1]},
                 "sweep": TEAM_NAMES[sweep] if sweep is not None else None}
    return {"lesson": lesson.id, "index": index, "count": len(lesson.tasks), "title": lesson.title[lang],
            "kind": task.kind, "rule": task.rule, "section": lesson.section, "prompt": task.prompt[lang],
            "board": board, "options": options}


def call_label(call: Call, lang: str) -> str:
    if call.kind is CallKind.ANNOUNCE:
        assert call.mode is not None
        return mode_name(call.mode, lang)
    word = CALLS[lang][call.kind.api_name]
    return word if call.mode is None else f"{word} {mode_name(call.mode, lang)}"


# The game's calls panel's words for its rows (web/js/i18n: bids.announce, bids.double, bids.redouble): a choice to
# make is named by its verb, "Contrer Cœur ♥" beside "Annoncer Pique ♠" (it was "Contré Cœur ♥", a learner's audit).
_ANNOUNCE = {"en": "Announce", "fr": "Annoncer", "mg": "Manambara"}
_VERBS = {CallKind.DOUBLE: {"en": "Double", "fr": "Contrer", "mg": "Contré"},
          CallKind.REDOUBLE: {"en": "Redouble", "fr": "Surcontrer", "mg": "Surcontré"}}


def option_label(call: Call, lang: str) -> str:
    """A call as a choice to make: "Announce Spades ♠" (a bare "Spades ♠" read as a suit among Doubles), "Contrer
    Cœur ♥"."""
    if call.kind is CallKind.ANNOUNCE:
        return f"{_ANNOUNCE[lang]} {call_label(call, lang)}"
    if call.kind in _VERBS and call.mode is not None:
        return f"{_VERBS[call.kind][lang]} {mode_name(call.mode, lang)}"
    return call_label(call, lang)


def _option_texts(task: Task, lang: str) -> list[tuple[str, str]]:
    p = task.params
    if p["ask"] == "contract":
        out = []
        modes = {m for m in (parse_call(t).mode for t in p["calls"].split()) if m is not None}
        for mode in sorted(modes):
            for m in (1, 2, 4):
                out.append((f"{mode.token}x{m}", _contract_text(mode, m, lang)))
        return out
    target = p["target"]
    team1, team2 = TEAMS_SEEN[lang]   # the learner sits at Bottom
    return [("Team1", _WINS[lang].format(team=team1)), ("Team2", _WINS[lang].format(team=team2)),
            ("continue", _CONTINUE[lang].format(target=target)),
            ("raised", _RAISED[lang].format(target=target + RULES.target_step))]


_WINS = {"en": "{team} wins the match", "fr": "{team} gagne la partie", "mg": "{team} no mandresy"}
_CONTINUE = {"en": "Play on, the target stays {target}", "fr": "On continue, l’objectif reste {target}",
             "mg": "Tohizana, {target} foana ny tanjona"}
_SCORES = {"en": "Scores: {team1} {a} + {da} = {na}, {team2} {b} + {db} = {nb}.",
           "fr": "Score : {team1} {a} + {da} = {na}, {team2} {b} + {db} = {nb}.",
           "mg": "Isa: {team1} {a} + {da} = {na}, {team2} {b} + {db} = {nb}."}
_POINTS = "{team1} {a}, {team2} {b}"   # the same in every language
_RAISED = {"en": "Nobody wins yet: the target becomes {target}", "fr": "Personne ne gagne : l’objectif passe à "
           "{target}", "mg": "Tsy misy mandresy: lasa {target} ny tanjona"}


def _contract_text(mode: Mode, m: int, lang: str) -> str:
    suffix = {1: " ×1", 2: " ×2", 4: " ×4"}[m]   # ×1 too: the options read alike
    return mode_name(mode, lang) + suffix


# -- checking an answer ---------------------------------------------------------------------------------------------

_RIGHT = {"en": "Correct.", "fr": "Exact.", "mg": "Marina."}   # not "Right.": a seat is called Right
_WRONG = {"en": "Not quite.", "fr": "Pas tout à fait.", "mg": "Tsy izany."}
_ALSO = {"en": "{card} was allowed too.", "fr": "{card} était permis aussi.", "mg": "Azo natao koa ny {card}."}
_ALSO_MANY = {"en": "{cards} were allowed too.", "fr": "{cards} étaient permis aussi.",
              "mg": "Azo natao koa ny {cards}."}


def _also(names: list[str], lang: str) -> list[str]:
    """One line for what the learner left out ("7♥, 8♥, 9♥ were allowed too."): seven lines, one a card, before."""
    if not names:
        return []
    if len(names) == 1:
        return [_ALSO[lang].format(card=names[0])]
    return [_ALSO_MANY[lang].format(cards=", ".join(names))]
_ANSWER = {"en": "The answer: {answer}.", "fr": "La réponse : {answer}.", "mg": "Ny valiny: {answer}."}


def check_answer(lesson_id: object, index: object, answer: object, lang: str) -> JSON:
    """Whether *answer* is right; the feedback names the rule and, when wrong, says why."""
    lesson, task = _task(lesson_id, index)
    _check_shape(task.kind, answer)
    with internal(f"lesson {lesson.id}, task {index}"):   # the answer is only compared: a refusal here is a bug
        return _check_answer(lesson, task, index, answer, lang)


def _check_shape(kind: str, answer: object) -> None:
    """An answer not in its task's form is the caller's bug, refused (a page sending null for a number got "Not
    quite.", a code review); an answer in form is right or wrong, whatever it says."""
    def whole(x: object) -> bool:
        return isinstance(x, int) and not isinstance(x, bool)

    if kind in ("select_cards", "select_calls"):
        ok, form = isinstance(answer, list) and all(isinstance(a, str) for a in answer), "a list of strings"
    elif kind in ("pick_card", "pick_seat", "pick_option"):
        ok, form = isinstance(answer, str), "a string"
    elif kind == "number":
        ok, form = whole(answer), "a whole number"
    else:
        assert kind == "score", kind
        ok = isinstance(answer, dict) and (
            (set(answer) == {"Team1", "Team2"} and all(whole(v) for v in answer.values()))
            or (set(answer) == {"instantWin"} and isinstance(answer["instantWin"], str)))
        form = '{"Team1": n, "Team2": n} or {"instantWin": "Team1" | "Team2"}'
    if not ok:
        raise GiretraError(f"the answer to a {kind} task must be {form}, not {str(answer)[:60]}", "bad_request")


def _check_answer(lesson: Lesson, task: Task, index: object, answer: object, lang: str) -> JSON:
    expected, feedback, shown = _expected(task, answer, lang)
    correct = _same(answer, expected)
    explain = [] if task.explain[lang] in feedback else [task.explain[lang]]   # the engine may have said it
    task_json = _lesson_task(lesson, task, index, "en")
    # The right answer, machine-readable, for the page to mark on the board once the learner asks for it.
    right = _right_answer(task, task_json, expected)
    if correct:
        return {"correct": True, "rule": task.rule, "section": lesson.section,
                "feedback": [_RIGHT[lang], *feedback, *explain], "answer": [], "refused": [],
                "last": index == len(lesson.tasks) - 1, "expected": right}
    # Wrong: what was wrong with the learner's own choice and the rule's gist now; the answer (with the worked score
    # or the new scores, which give it away) on request, so that "Try again" is more than copying it (a learner's
    # review). A wrong answer is always told the right one, when there is one: any cut from 6 to 26 is right.
    # The learner's choices that are wrong, marked ✗ on the board (a chosen call kept its ✓ beside "Not quite"): the
    # cards or calls the rules refuse in a select task, the choice itself in a one-choice task.
    # Only what the board offers is marked: a string that is none of its choices (a fuzz sent "ZZZ") names nothing.
    offered = {o["value"] for o in task_json["options"]} | set(task_json["board"].get("hand", []))
    chosen = {a for a in (answer if isinstance(answer, list) else [answer]) if isinstance(a, str) and a in offered}
    refused = sorted(chosen - expected if isinstance(expected, set) else chosen)
    if task.kind == "score" and isinstance(answer, dict) and answer.get("instantWin") in TEAM_NAMES:
        refused = [answer["instantWin"]]   # "Team 2 wins the match on the spot", wrong, kept its ✓ (a learner's audit)
    worked = feedback if task.kind in ("score", "pick_option") else []
    about = (_score_slip(task, answer, expected, lang) or _look_again(task, lang)) if task.kind == "score" \
        else [] if worked else feedback
    # The rule's gist stays in view; a score's explanation is its worked numbers ("131 → 13 and 127 → 13: a rounded
    # tie, 0–0"): with the answer.
    gist = explain if task.kind != "score" else []
    answer = [*worked, *(explain if task.kind == "score" else []),
              *([_ANSWER[lang].format(answer=shown)] if shown else [])]
    return {"correct": False, "rule": task.rule, "section": lesson.section,
            "feedback": [_WRONG[lang], *about, *gist], "answer": answer, "refused": refused,
            "last": index == len(lesson.tasks) - 1, "expected": right}


def _right_answer(task: Task, task_json: JSON, expected: object) -> object:
    """The right answer in the form an answer takes: a select task's right cards or calls in the board's order, a
    one-choice task's option value, a number, a score ({"Team1", "Team2"} or {"instantWin"}); None for a cut (any
    from 6 to 26 is right: there is no one answer)."""
    if task.params.get("count") == "cut":
        return None
    if isinstance(expected, set):
        choices = (task_json["board"]["hand"] if task.kind == "select_cards"
                   else [o["value"] for o in task_json["options"]])
        return [value for value in choices if value in expected]
    return expected


# A wrong score that matches a usual slip says which one, without the numbers (they are the answer): a first try
# showed "Not quite." and the rule's link only, which told a learner nothing about what to change.
_SLIPS = {
    "swapped": {"en": "Those are the right numbers, given to the wrong teams.",
                "fr": "Ce sont les bons nombres, mais attribués aux mauvaises équipes.",
                "mg": "Marina ireo isa ireo, fa nomena ny ekipa diso."},
    "card_points": {"en": "Those are the card points: a deal scores match points (the rule below).",
                    "fr": "Ce sont les points des cartes : une donne marque des points de partie (la règle "
                          "ci-dessous).",
                    "mg": "Isa karatra ireo: isan’ny lalao no azo amin’ny fizarana (jereo ny fitsipika)."},
    "multiplier": {"en": "Those would be right at ×{was}: this contract is ×{m}.",
                   "fr": "Ce serait juste à ×{was} : ce contrat est à ×{m}.",
                   "mg": "Marina ireo raha ×{was}: ×{m} ity fifanarahana ity."},
    "one_team": {"en": "{right}’s number is right; {wrong}’s is not.",
                 "fr": "Le nombre de l’{right} est juste ; celui de l’{wrong} ne l’est pas.",
                 "mg": "Marina ny an’ny {right}; tsy marina ny an’ny {wrong}."},
}
_TEAM_SHORT = {"en": ("Team 1", "Team 2"), "fr": ("Équipe 1", "Équipe 2"), "mg": ("Ekipa 1", "Ekipa 2")}


def _score_slip(task: Task, answer: object, expected: object, lang: str) -> list[str]:
    """The usual slip a wrong score (*expected* the right one) shows, if any: the teams swapped, the card points given
    as the score, the double left out; else which team's number is right."""
    mode, m, team, points, sweep = task.params["deal"]
    if not isinstance(answer, dict) or set(answer) != {"Team1", "Team2"} \
            or not all(type(v) is int for v in answer.values()):   # an instant win, or a malformed answer
        return []
    if not isinstance(expected, dict) or "instantWin" in expected:   # the deal ends the match: no numbers to compare
        return []
    given = (answer["Team1"], answer["Team2"])
    right = (expected["Team1"], expected["Team2"])
    if given == right[::-1]:
        return [_SLIPS["swapped"][lang]]
    if given == tuple(points):
        return [_SLIPS["card_points"][lang]]
    for was in (1, 2):   # undoubled, or doubled but not redoubled
        if was < m and given == score_deal(RULES, _mode(mode), was, team, points, sweep).match_points:
            return [_SLIPS["multiplier"][lang].format(was=was, m=m)]
    hits = [given[i] == right[i] for i in (0, 1)]
    if hits[0] != hits[1]:
        names = _TEAM_SHORT[lang]
        ok = hits.index(True)
        return [_SLIPS["one_team"][lang].format(right=names[ok], wrong=names[1 - ok])]
    return []


# A wrong score with no usual slip in it says which step of the scoring to look at again, still without the numbers:
# 6 of 21 wrong scores in a learner's audit got "Not quite." alone (13–13 for a rounded tie, 26–0 past the AllTrumps
# cap, "Team 2 wins" for the defenders' sweep...). The step is the one that decides the deal (scoring.score_deal's
# steps), the first of these found.
_LOOK_AGAIN = {
    "colour_sweep": {"en": "Look again at what a sweep does in a Colour contract, and which team made it.",
                     "fr": "Revoyez ce que fait un capot dans un contrat Couleur, et quelle équipe l’a fait.",
                     "mg": "Jereo indray izay ataon’ny capot amin’ny Couleur, sy ny ekipa nanao azy."},
    "sweep": {"en": "Look again at what a sweep scores in this mode, and for which team.",
              "fr": "Revoyez ce que rapporte un capot dans ce mode, et à quelle équipe.",
              "mg": "Jereo indray ny isa azo amin’ny capot amin’ity fomba ity, sy ho an’ny ekipa iza."},
    "alltrumps_below": {"en": "Look again at whether the announcers reached the points they need.",
                        "fr": "Revoyez si l’attaque a atteint les points qu’il lui faut.",
                        "mg": "Jereo indray raha tratran’ny nanambara ny isa ilainy."},
    "failed": {"en": "Look again at whether the announcers reached the points they need.",
               "fr": "Revoyez si l’attaque a atteint les points qu’il lui faut.",
               "mg": "Jereo indray raha tratran’ny nanambara ny isa ilainy."},
    "half_tie": {"en": "Look again at the card points of the two teams side by side.",
                 "fr": "Comparez de nouveau les points de cartes des deux équipes.",
                 "mg": "Ampitahao indray ny isa karatran’ny ekipa roa."},
    "alltrumps_tie": {"en": "Look again at the card points of the two teams side by side.",
                      "fr": "Comparez de nouveau les points de cartes des deux équipes.",
                      "mg": "Ampitahao indray ny isa karatran’ny ekipa roa."},
    "alltrumps_rounded_tie": {"en": "Look again at the two shares once each is rounded.",
                              "fr": "Revoyez les deux parts une fois chacune arrondie.",
                              "mg": "Jereo indray ireo anjara roa rehefa voaboribory avy."},
    "alltrumps_dominance": {"en": "Look again at what happens when the defenders’ share is very small.",
                            "fr": "Revoyez ce qui se passe quand la part des défenseurs est très petite.",
                            "mg": "Jereo indray izay mitranga rehefa kely dia kely ny anjaran’ny mpiaro."},
    "alltrumps_clamp": {"en": "Look again at the limits on how an AllTrumps deal is shared.",
                        "fr": "Revoyez les limites du partage d’une donne à Tout A.",
                        "mg": "Jereo indray ny fetra amin’ny fizarana isa amin’ny Tout A."},
    "alltrumps_round": {"en": "Look again at how each side’s card points are rounded.",
                        "fr": "Revoyez comment les points de cartes de chaque camp sont arrondis.",
                        "mg": "Jereo indray ny fomba iboriborana ny isa karatran’ny andaniny tsirairay."},
    "stake": {"en": "Look again at the contract’s stake and its multiplier.",
              "fr": "Revoyez l’enjeu du contrat et son multiplicateur.",
              "mg": "Jereo indray ny loka amin’ny fifanarahana sy ny fampitomboana azy."},
    # Not a step: the stake of a contract not doubled, where "and its multiplier" sent a learner to a ×1 (an audit).
    "stake_1": {"en": "Look again at what this contract is worth when it is made.",
                "fr": "Revoyez ce que vaut ce contrat quand il est réussi.",
                "mg": "Jereo indray ny sandan’ity fifanarahana ity rehefa tanteraka."},
}


def _look_again(task: Task, lang: str) -> list[str]:
    """Which step of the scoring decides this deal, to look at again (_LOOK_AGAIN)."""
    mode, m, team, points, sweep = task.params["deal"]
    kinds = [kind for kind, _ in score_deal(RULES, _mode(mode), m, team, points, sweep).steps]
    key = next((k for k in _LOOK_AGAIN if k in kinds), None)
    if key == "stake" and m == 1:
        key = "stake_1"
    return [_LOOK_AGAIN[key][lang]] if key else []


_COLON = {"en": ": ", "fr": " : ", "mg": ": "}


def _refusals(refused: list[tuple[str, str]], lang: str) -> list[str]:
    """One line per reason, naming the cards or calls it refuses, unless the reason names it already:
    "7♥, 8♥: You cannot overtrump…" (six identical lines before), "Hearts ♥ is not higher…" (was "Hearts ♥: Hearts ♥
    is not higher…")."""
    by_reason: dict[str, list[str]] = {}
    for name, reason in refused:
        by_reason.setdefault(reason, []).append(name)
    return [reason if len(names) == 1 and reason.startswith(names[0]) else f"{', '.join(names)}{_COLON[lang]}{reason}"
            for reason, names in by_reason.items()]


def _same(answer: object, expected: object) -> bool:
    if isinstance(expected, set):
        return isinstance(answer, list) and all(isinstance(a, str) for a in answer) and set(answer) == expected \
            and len(answer) == len(expected)
    if isinstance(expected, dict):
        return isinstance(answer, dict) and answer == expected
    if isinstance(expected, int) and not isinstance(expected, bool):
        return isinstance(answer, int) and not isinstance(answer, bool) and answer == expected
    return answer == expected


_NO_CUT = object()   # the expected answer when the one given is no legal cut: equal to no answer at all


def _expected(task: Task, answer: object, lang: str) -> tuple[object, list[str], str | None]:
    """(expected answer, feedback lines about this answer, the answer to show if wrong)."""
    p = task.params
    kind = task.kind
    if kind == "select_cards":
        match = parse_match(_play_state(p["mode"], p["trick"], p["hand"]))
        acts = match.deal.every_action()
        legal = {card_name(a) for a, r in acts if r is None and isinstance(a, int)}
        chosen = {a for a in answer if isinstance(a, str)} if isinstance(answer, list) else set()
        refused: list[tuple[str, str]] = []
        for a, reason in acts:
            assert isinstance(a, int)
            if card_name(a) in chosen and reason is not None:
                refused.append((card_text(a, lang), message(reason.code, lang, reason.params)))
        ordered = sorted((c for c in range(32) if card_name(c) in legal), key=lambda c: sort_key(_mode(p["mode"]), c))
        also = [card_text(c, lang) for c in ordered if card_name(c) not in chosen]   # in the answer's order
        lines = _refusals(refused, lang) + _also(also if chosen & legal else [], lang)   # "too": one chosen was allowed
        return legal, lines, ", ".join(card_text(c, lang) for c in ordered)
    if kind == "select_calls":
        match = parse_match(_negotiation_state(p["dealer"], p["calls"]))
        negotiation = match.deal.negotiation
        assert negotiation is not None
        legal = set()
        refused, also = [], []
        chosen = {a for a in answer if isinstance(a, str)} if isinstance(answer, list) else set()
        for token in p["options"].split():
            reason = negotiation.validate(negotiation.turn, parse_call(token))
            if reason is None:
                legal.add(token)
            text = option_label(parse_call(token), lang)
            if token in chosen and reason is not None:
                refused.append((text, message(reason.code, lang, reason.params)))
            elif token not in chosen and reason is None:
                also.append(text)
        lines = _refusals(refused, lang) + _also(also if chosen & legal else [], lang)   # "too": one chosen was allowed
        shown = ", ".join(option_label(parse_call(t), lang) for t in p["options"].split() if t in legal)
        return legal, lines, shown
    if kind == "pick_card":
        mode = _mode(p["mode"])
        cards = split_cards(p["cards"])
        best = max(cards, key=lambda c: STRENGTH[mode][c])
        return card_name(best), [], card_text(best, lang)
    if kind == "pick_seat":
        if p["ask"] == "winner":
            mode = _mode(p["mode"])
            trick = _trick(p["trick"])
            seat = trick[winning_index([c for _, c in trick], mode)][0]
        else:
            seat = Match.new(0, dealer=parse_seat(p["dealer"])).deal.cutter
        return SEAT_NAMES[seat], [], SEATS[lang][seat]
    if kind == "number":
        count = p["count"]
        if count == "trick_points":
            value = sum(POINTS[_mode(p["mode"])][c] for c in split_cards(p["cards"]))
        elif count == "total":
            value = _mode(p["mode"]).total_points
        elif count == "hand_during_negotiation":
            match = Match.new(0, dealer=parse_seat(p["dealer"]))
            value = match.apply(match.deal.cutter, Cut(6)).deal.hands[Seat.BOTTOM].bit_count()
        else:  # a cut: any legal cut is right; the engine says why another is not
            if isinstance(answer, bool) or not isinstance(answer, int):
                return _NO_CUT, [], None   # not a number: wrong, and no engine line about a cut never given
            match = Match.new(0, dealer=parse_seat(p["dealer"]))
            reason = match.deal.validate(match.deal.cutter, Cut(answer))
            if reason is None:
                return answer, [], None
            return _NO_CUT, [message(reason.code, lang, reason.params)], None
        return value, [], str(value)
    if kind == "pick_option":
        if p["ask"] == "contract":
            match = parse_match(_negotiation_state(p["dealer"], p["calls"]))
            negotiation = match.deal.negotiation
            assert negotiation is not None
            contract = negotiation.contract()
            assert contract is not None and negotiation.complete
            return (f"{contract.mode.token}x{contract.multiplier}", [],
                    _contract_text(contract.mode, contract.multiplier, lang))
        mode, m, team, points, sweep = p["deal"]
        score = score_deal(RULES, _mode(mode), m, team, points, sweep)
        scores, target, winner, raised = progress(RULES, p["scores"], p["target"], score)
        key = TEAM_NAMES[winner] if winner is not None else "raised" if raised else "continue"
        texts = dict(_option_texts(task, lang))
        # The new scores: a learner who missed that the other team reached the target too sees it here.
        team1, team2 = TEAMS_SEEN[lang]
        lines = [] if score.instant_win is not None else [_SCORES[lang].format(
            team1=team1, team2=team2, a=p["scores"][0], b=p["scores"][1], da=score.match_points[0],
            db=score.match_points[1], na=scores[0], nb=scores[1])]
        return key, lines, texts[key]
    if kind == "score":
        mode, m, team, points, sweep = p["deal"]
        score = score_deal(RULES, _mode(mode), m, team, points, sweep, automatic=RULES.accept_doubles(_mode(mode)))
        lines = [explain_step(k, v, lang, TEAMS_SEEN) for k, v in score.steps]   # the learner sits at Bottom
        if score.instant_win is not None:
            return ({"instantWin": TEAM_NAMES[score.instant_win]}, lines,
                    _WINS[lang].format(team=TEAMS_SEEN[lang][score.instant_win]))
        a, b = score.match_points
        team1, team2 = TEAMS_SEEN[lang]
        return {"Team1": a, "Team2": b}, lines, _POINTS.format(team1=team1, team2=team2, a=a, b=b)
    raise AssertionError(f"unknown task kind {kind!r}")

