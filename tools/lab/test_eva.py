"""The port of Eva's card play (:mod:`tools.lab.eva`): legal and reproducible, and a few positions where the C#
(DeterministicPlayerAgent.cs, commit 0f1bc7e) says what Eva plays; each test names the C# method and why."""

from __future__ import annotations

import random

from giretra_core import Seat, seat_view
from giretra_core.arena import validate
from giretra_core.cards import card_name
from giretra_core.match import Match
from tests.helpers import table

from . import eva


def _eva_plays(match: Match) -> str:
    seat = match.turn
    assert seat is not None
    decision = eva.choose(seat_view(match, seat), random.Random(0))
    return card_name(decision.action)  # type: ignore[arg-type]  # a card in the play phase


def test_eva_plays_legal_reproducible_deals() -> None:
    report = validate("tools.lab.eva:choose", deals=30, seed=3611)
    assert report["failures"] == [] and report["ok"], report["failures"]
    assert report["deals_finished"] == 30


# Hearts trumps: Bottom announces first (Right deals) and leads the first trick.
LEAD_MASTER_TRUMP = {"B": "JH9HAH8H7H7C8C7D", "L": "10HKHQH9C10CJC8D9D",
                     "T": "ACKCQC10DJDQDKDAD", "R": "7S8S9S10SJSQSKSAS"}


def test_first_lead_cashes_the_master_trump() -> None:
    # ChooseLeadCard, step 1: its masters (JH, 9H, AH) strongest first, the jack of trumps.
    match = table("R", LEAD_MASTER_TRUMP, "H ok ok ok")
    assert match.turn == Seat.BOTTOM
    assert _eva_plays(match) == "JH"


SECOND_SEAT = {"B": "7D9D7C8C9C7S8S9S", "L": "ADKD8D10CJC10SJS7H",
               "T": "10DJDQDQCKCACQSKS", "R": "8H9H10HJHQHKHAHAS"}


def test_second_seat_takes_a_fresh_side_suit_with_its_master() -> None:
    # ChooseSecondSeat: a side suit with fewer than 3 cards played, a master (AD) rather than the cheapest winner.
    match = table("R", SECOND_SEAT, "H ok ok ok 7D")
    assert match.turn == Seat.LEFT
    assert _eva_plays(match) == "AD"


LOAD_PARTNER = {"B": "7S10S7C8C9C7D8D9D", "L": "ASJS10CJC10DJD7H8H",
                "T": "8SQSQCKCQDKD9H10H", "R": "KS9SACADJHQHKHAH"}


def test_fourth_seat_adds_its_highest_card_to_the_partners_sure_trick() -> None:
    # ChooseFourthSeat -> ChooseMostValuableUselessCard: the partner's AS wins; the king, not the nine, goes on it.
    match = table("R", LOAD_PARTNER, "NT ok ok ok 7S AS 8S")
    assert match.turn == Seat.RIGHT
    assert _eva_plays(match) == "KS"


ESCAPE_TEN = {"B": "7DADJD7C8C9C10CJC", "L": "8DQDKDQCKCAC7S8S",
              "T": "7H8H9H10H9S10SJSQS", "R": "9D10DJHQHKHAHKSAS"}


def test_fourth_seat_gets_rid_of_a_ten_that_is_not_master() -> None:
    # ChooseFourthSeat, "escape": a side suit led, the 10D is not master (AD is out): Eva plays it even under the
    # opponents' trump, where the 9D would have lost nothing.
    match = table("R", ESCAPE_TEN, "H ok ok ok 7D 8D 7H")
    assert match.turn == Seat.RIGHT
    assert _eva_plays(match) == "10D"


DISCARD_ON_PARTNER = {"B": "7S9S10S7C8C9C9D10D", "L": "ASKSQSJS10CJC9H10H",
                      "T": "8SQCKCJDQDADJHAH", "R": "AC7D8DKD7H8HQHKH"}


def test_no_trump_on_the_partners_plain_winner_a_discard_from_the_shortest_suit() -> None:
    # ChooseSmartTrump -> ChooseSmartDiscard: the partner wins with a plain card, so no trump; the shortest side
    # suit is clubs (AC alone): its cheapest card, the ace (banked on our trick, and clubs are void to ruff).
    match = table("R", DISCARD_ON_PARTNER, "H ok ok ok 7S AS 8S")
    assert match.turn == Seat.RIGHT
    assert _eva_plays(match) == "AC"


MEMORY = {"B": "7C8C9CJH9HAH10HKH", "L": "AC10CJCQCKC7D8D9D",
          "T": "10DJDQDKDAD8S9S10S", "R": "7SJSQSKSAS7H8HQH"}


def test_the_memory_replayed_from_the_view_is_the_agents_quirks_included() -> None:
    # Hearts trumps; Bottom leads 7C, Left wins with AC, Top (Bottom's partner, no clubs, no hearts) throws 10D,
    # Right (no clubs) throws 7S although it holds hearts: its partner wins with a plain card.
    eva_memory = eva.replay(seat_view(table("R", MEMORY, "H ok ok ok 7C AC 10D 7S"), Seat.BOTTOM))
    # ObservePartnerPlay: a card worth 8 or more thrown while the opponents win: a suit the partner dislikes.
    assert eva_memory.partner_disliked == {1}
    # InferVoidsFromPlay: Top did not follow nor trump with the opponents winning: void in clubs and hearts.
    assert eva_memory.known_voids[Seat.TOP] == {0, 2}
    # The fourth card is seen with the next (empty) trick, so C# marks Right void in trumps too: a quirk kept ...
    assert eva_memory.known_voids[Seat.RIGHT] == {0, 2}
    # ... while InferOpponentVoids, replaying the whole trick, sees its partner winning with a plain card.
    assert eva_memory.opponent_voids[Seat.RIGHT] == {0}
    assert Seat.RIGHT not in eva_memory.opponent_no_trump


DEFAULT_LEAD = {"B": "KSQS9S8SKD9DQC8C", "L": "AS10S7D8D7C9C7H8H",
                "T": "JS7S10DJD10CJC9H10H", "R": "QDADKCACJHQHKHAH"}


def test_without_a_master_the_lead_is_the_second_best_of_the_longest_suit() -> None:
    # ChooseDefaultLead: no master, no partner's suit, no void known: spades (four cards), its second best.
    match = table("R", DEFAULT_LEAD, "NT ok ok ok")
    assert match.turn == Seat.BOTTOM
    assert _eva_plays(match) == "QS"
