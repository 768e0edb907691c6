"""The negotiation (giretra_core.negotiation): one test per rule of RULES.md §2 N-, named after the rule it checks,
with the §4 order of the refusal reasons, the play.giretra.com preset, and an independent model of the rules."""

from __future__ import annotations

import random

import pytest
from helpers import (
    COLOURS,
    DEFAULT,
    REFERENCE,
    TEAM1,
    TEAM2,
    B,
    L,
    T,
    contract,
    negotiate,
    refusal,
)

from giretra_core import (
    Cut,
    Deal,
    IllegalActionError,
    Mode,
    NotationError,
    Seat,
    parse_call,
)
from giretra_core.deal import standard_deck
from giretra_core.negotiation import ALL_CALLS, AUTO_DOUBLED, NOT_DOUBLED, CallKind, Negotiation
from giretra_core.rules import PRESETS, Rules
from giretra_core.words import message

# ================================================================================================================
# N — negotiation
# ================================================================================================================


def test_n1_first_speaker_must_announce_no_accept_or_double_before_a_bid() -> None:
    n = Negotiation.start(B)
    assert n.legal_calls() == [c for c in ALL_CALLS if c.kind is CallKind.ANNOUNCE]
    assert refusal(n, "ok") == "no_bid"
    assert refusal(n, "xH") == "no_bid"
    assert refusal(n, "xxH") == "not_doubled"
    assert refusal(n, "xxNT") == "redouble_not_allowed_for_mode"


def test_n1_the_dealers_left_speaks_first_then_clockwise() -> None:
    for dealer in Seat:
        deal = Deal.new(standard_deck(), dealer).apply(dealer.next, Cut(6))
        assert deal.turn == dealer.next
        for i, token in enumerate(["H", "ok", "ok"]):
            assert deal.turn == Seat((dealer + 1 + i) & 3)
            deal = deal.apply(deal.turn, parse_call(token))


def test_n1_there_is_no_pass_call() -> None:
    with pytest.raises(NotationError):
        parse_call("pass")
    assert {c.kind for c in ALL_CALLS} == set(CallKind) and len(ALL_CALLS) == 19


def test_n2_announce_must_be_strictly_higher() -> None:
    n = negotiate("B", "H")
    for token in ("C", "D", "H"):
        assert refusal(n, token) == "not_higher"
    for token in ("S", "NT", "AT"):
        assert refusal(n, token) is None
    # The sentence: a lower mode is compared with the bid; the bid's own mode is said to be the bid already ("Hearts ♥
    # is not higher than the current bid, Hearts ♥" read oddly, a learner's audit).
    lower, same = (n.validate(n.turn, parse_call(t)) for t in ("D", "H"))
    assert lower is not None and same is not None
    assert message(lower.code, "en", lower.params) == \
        "Diamonds ♦ is not higher than the current bid, Hearts ♥ (N-2, announce higher)."
    assert message(same.code, "en", same.params) == \
        "Hearts ♥ is the current bid already: announce a higher mode (N-2, announce higher)."
    assert message(same.code, "fr", same.params).startswith("Cœur ♥ est déjà l’enchère en cours")


@pytest.mark.parametrize("first", ["D", "H", "S", "NT", "AT"])
def test_n2_colour_clubs_can_only_be_the_first_bid(first: str) -> None:
    assert refusal(negotiate("B", first), "C") == "not_higher"


def test_n2_one_colour_per_team_the_other_team_keeps_its_own() -> None:
    n = negotiate("B", "D H")  # Left may announce a Colour after Bottom's
    assert refusal(n, "S") == "colour_already_used_by_team"
    assert refusal(n, "NT") is None and refusal(n, "AT") is None  # NoTrumps/AllTrumps after own Colour
    assert contract(negotiate("B", "D H NT AT ok ok ok")) == (Mode.ALL_TRUMPS, TEAM2, 1)


def test_n2_no_announcement_after_own_accept_for_the_rest_of_the_deal() -> None:
    n = negotiate("B", "D ok ok S ok")  # Left accepted Diamonds; Right has since announced Spades
    assert refusal(n, "AT") == "announce_after_accept"
    assert refusal(n, "NT") == "announce_after_accept"


def test_n2_play_giretra_com_lifts_the_accept_bar_after_a_new_announcement() -> None:
    n = negotiate("B", "D ok ok S ok", REFERENCE)
    assert refusal(n, "AT") is None
    assert contract(negotiate("B", "D ok ok S ok AT ok ok ok", REFERENCE)) == (Mode.ALL_TRUMPS, TEAM2, 1)


def test_n2_no_announcement_after_an_explicit_double() -> None:
    assert refusal(negotiate("B", "H xH"), "AT") == "announce_after_double"


@pytest.mark.parametrize("bid", ["NT", "C"])
def test_n2_no_announcement_after_an_automatic_double(bid: str) -> None:
    assert refusal(negotiate("B", f"{bid} ok"), "AT") == "announce_after_double"


def test_n2_announce_refusals_follow_the_section_4_order() -> None:
    # Top accepted, his team used a Colour (D), H is below S, and Diamonds is doubled: all four apply.
    assert refusal(negotiate("B", "D S ok xD ok ok"), "H") == "announce_after_double"
    # No double: accepted earlier wins over not higher and Colour used.
    assert refusal(negotiate("B", "D H ok AT ok ok"), "H") == "announce_after_accept"
    # Not higher wins over Colour used.
    assert refusal(negotiate("B", "D S"), "H") == "not_higher"
    assert refusal(negotiate("B", "D H"), "S") == "colour_already_used_by_team"


def test_n_any_refusal_order_complete_before_turn_before_the_rest() -> None:
    done = negotiate("B", "H ok ok ok")
    assert done.complete
    assert refusal(done, "AT", T) == "negotiation_complete"  # also not Top's turn
    assert refusal(done, "ok", B) == "negotiation_complete"
    assert refusal(Negotiation.start(B), "ok", L) == "not_your_turn"  # also no bid


def test_n3_accept_is_legal_whenever_a_bid_exists() -> None:
    rng = random.Random(3)
    for _ in range(300):
        n = Negotiation.start(Seat(rng.randrange(4)))
        while not n.complete:
            if n.bid is not None:
                assert parse_call("ok") in n.legal_calls()
            n = n.apply(n.turn, rng.choice(n.legal_calls()))


def test_n3_the_announcers_partner_may_accept_an_auto_doubled_bid() -> None:
    n = negotiate("B", "NT ok")  # C-4: Top is not left without a legal call
    assert refusal(n, "ok") is None
    assert contract(negotiate("B", "NT ok ok ok")) == (Mode.NO_TRUMPS, TEAM1, 2)


def test_n4_only_a_bid_of_the_opposing_team_can_be_doubled() -> None:
    n = negotiate("B", "H S")
    assert refusal(n, "xH") == "double_own_team"
    assert refusal(n, "xS") is None
    assert refusal(n, "xD") == "target_not_announced"


def test_n4_a_non_current_bid_can_be_doubled_even_right_after_a_double() -> None:
    n = negotiate("B", "D S xS")
    assert refusal(n, "xD") is None  # Right never spoke: Diamonds can still be doubled
    assert contract(negotiate("B", "D S xS xD ok ok ok")) == (Mode.DIAMONDS, TEAM1, 2)


def test_n4_a_doubled_mode_cannot_be_doubled_again() -> None:
    assert refusal(negotiate("B", "H xH ok"), "xH") == "already_doubled"


def test_n4_a_double_locks_announcements_and_restarts_the_accept_count() -> None:
    n = negotiate("B", "H ok ok xH ok ok")
    assert not n.complete
    assert refusal(n, "AT") == "announce_after_double"
    assert negotiate("B", "H ok ok xH ok ok ok").complete


def test_n4_notrumps_can_be_doubled_explicitly_but_never_redoubled() -> None:
    n = negotiate("B", "NT xNT")
    c = n.contract()
    assert c is not None and (c.mode, c.multiplier, c.automatic) == (Mode.NO_TRUMPS, 2, False)
    assert refusal(n, "xxNT") == "redouble_not_allowed_for_mode"


def test_n4_double_refusals_follow_the_section_4_order() -> None:
    assert refusal(Negotiation.start(B), "xS") == "no_bid"  # also not announced
    assert refusal(negotiate("B", "H xH"), "xH") == "double_own_team"  # also already doubled
    # Top accepted NoTrumps (implicit pass) and it is auto-doubled: already_doubled comes first.
    assert refusal(negotiate("B", "D NT ok xD ok ok"), "xNT") == "already_doubled"


@pytest.mark.parametrize("bid", [Mode.NO_TRUMPS, Mode.CLUBS])
def test_n5_first_opponent_accept_doubles_notrumps_and_clubs_automatically(bid: Mode) -> None:
    n = negotiate("B", f"{bid.token} ok")
    assert n.doubled[bid] == AUTO_DOUBLED
    c = negotiate("B", f"{bid.token} ok ok ok").contract()
    assert c is not None and (c.mode, c.announcer_team, c.multiplier, c.automatic) == (bid, TEAM1, 2, True)


def test_n5_a_teammates_accept_never_triggers_the_automatic_double() -> None:
    n = negotiate("B", "D H NT xD ok")  # Bottom accepts his partner Top's NoTrumps
    assert n.doubled[Mode.NO_TRUMPS] == NOT_DOUBLED
    n = n.apply(L, parse_call("ok"))  # the opponent's accept does
    assert n.doubled[Mode.NO_TRUMPS] == AUTO_DOUBLED


def test_n5_only_the_first_opponent_accept_has_an_effect() -> None:
    c = negotiate("R", "NT ok ok ok").contract()  # both opponents of Right accept
    assert c is not None and (c.multiplier, c.automatic) == (2, True)


def test_n5_an_explicitly_doubled_notrumps_is_not_doubled_again_by_an_accept() -> None:
    c = negotiate("B", "NT xNT ok ok ok").contract()
    assert c is not None and (c.mode, c.multiplier, c.automatic) == (Mode.NO_TRUMPS, 2, False)


def test_n5_an_overcalled_notrumps_is_never_auto_doubled() -> None:
    assert contract(negotiate("B", "NT AT ok ok ok")) == (Mode.ALL_TRUMPS, TEAM2, 1)


@pytest.mark.parametrize("calls", ["NT ok", "NT ok ok", "C ok", "C ok ok"])
def test_n5_nobody_can_redouble_an_auto_doubled_mode(calls: str) -> None:
    n = negotiate("B", calls)
    mode = calls.split()[0]
    assert refusal(n, f"xx{mode}") == "redouble_not_allowed_for_mode"


def test_n5_play_giretra_com_opponent_accept_only_locks_announcements() -> None:
    n = negotiate("B", "NT ok", REFERENCE)
    assert n.contract() is not None and contract(n) == (Mode.NO_TRUMPS, TEAM1, 1)
    assert refusal(n, "AT") == "announce_locked"
    n = negotiate("B", "NT ok ok", REFERENCE)
    assert refusal(n, "xNT") is None  # Right never spoke: an explicit double is still possible
    n = negotiate("B", "NT ok ok xNT", REFERENCE)
    assert refusal(n, "xxNT") == "redouble_not_allowed_for_mode"
    assert contract(negotiate("B", "NT ok ok xNT ok ok ok", REFERENCE)) == (Mode.NO_TRUMPS, TEAM1, 2)
    assert contract(negotiate("B", "NT ok ok ok", REFERENCE)) == (Mode.NO_TRUMPS, TEAM1, 1)


def test_n5_play_giretra_com_clubs_is_accepted_at_x1_and_can_be_redoubled() -> None:
    assert contract(negotiate("B", "C ok ok ok", REFERENCE)) == (Mode.CLUBS, TEAM1, 1)
    assert refusal(negotiate("B", "C ok", REFERENCE), "AT") == "announce_locked"
    assert contract(negotiate("B", "C xC xxC ok ok ok", REFERENCE)) == (Mode.CLUBS, TEAM1, 4)


@pytest.mark.parametrize("mode", ["D", "H", "S", "AT"])
def test_n6_alltrumps_and_the_three_higher_colours_can_be_redoubled(mode: str) -> None:
    n = negotiate("B", f"{mode} x{mode}")
    assert refusal(n, f"xx{mode}") is None
    assert contract(negotiate("B", f"{mode} x{mode} xx{mode} ok ok ok"))[2] == 4


@pytest.mark.parametrize("mode", ["C", "NT"])
def test_n6_clubs_and_notrumps_can_never_be_redoubled(mode: str) -> None:
    assert refusal(negotiate("B", f"{mode} x{mode}"), f"xx{mode}") == "redouble_not_allowed_for_mode"


def test_n6_only_the_announcing_team_may_redouble() -> None:
    assert refusal(negotiate("B", "H xH ok"), "xxH") == "redouble_not_announcer_team"


def test_n6_redouble_on_any_later_turn_even_after_accepting() -> None:
    n = negotiate("B", "H ok ok xH ok ok")  # Top accepted Hearts before Right doubled it
    assert refusal(n, "xxH") is None
    n = negotiate("B", "H ok ok xH ok ok xxH ok ok")
    assert not n.complete  # the redouble restarted the count
    assert contract(negotiate("B", "H ok ok xH ok ok xxH ok ok ok")) == (Mode.HEARTS, TEAM1, 4)


def test_n6_there_is_no_re_redouble() -> None:
    n = negotiate("B", "H xH xxH")
    assert refusal(n, "xxH") == "already_redoubled"  # Right: also not the announcing team
    assert refusal(n, "xH") == "already_doubled"
    n = negotiate("B", "H xH xxH ok ok")
    assert refusal(n, "xxH") == "already_redoubled"


def test_n6_redouble_refusals_follow_the_section_4_order() -> None:
    n = negotiate("B", "H")
    assert refusal(n, "xxC") == "redouble_not_allowed_for_mode"  # also not doubled, never announced
    assert refusal(n, "xxH") == "not_doubled"  # also not the announcing team


def test_n6_play_giretra_com_may_redouble_clubs_but_not_notrumps() -> None:
    assert refusal(negotiate("B", "C xC", REFERENCE), "xxC") is None
    assert refusal(negotiate("B", "NT xNT", REFERENCE), "xxNT") == "redouble_not_allowed_for_mode"


def said(n: Negotiation, token: str, lang: str = "en") -> str:
    """The sentence a player reads when *token* is refused."""
    reason = n.validate(n.turn, parse_call(token))
    assert reason is not None
    return message(reason.code, lang, reason.params)


def test_refusals_name_the_mode_and_the_modes_of_their_own_preset() -> None:
    # play.giretra.com: the lock names the bid the opponent accepted, not the mode tried; Clubs may be redoubled there.
    assert said(negotiate("B", "NT ok", REFERENCE), "AT") == \
        "Announcements are locked since an opponent accepted NoTrumps (N-5)."
    assert said(negotiate("B", "NT ok ok xNT", REFERENCE), "xxNT") == \
        "NoTrumps can never be redoubled: only Clubs ♣, Diamonds ♦, Hearts ♥, Spades ♠ and AllTrumps (N-6)."
    assert said(negotiate("B", "NT ok"), "xxNT") == \
        "NoTrumps can never be redoubled: only Diamonds ♦, Hearts ♥, Spades ♠ and AllTrumps (N-6)."
    assert said(negotiate("B", "NT ok"), "xxNT", "fr") == \
        "Sans Atout ne se surcontre jamais\u00a0: seulement Carreau ♦, Cœur ♥, Pique ♠ et Tout Atout (N-6)."


def test_the_first_speaker_may_neither_accept_nor_double_n1() -> None:
    n = negotiate("B", "")
    for token in ("ok", "xH"):
        assert said(n, token) == "Nobody has announced yet: the first speaker must announce (N-1)."


def test_n7_accepting_a_bid_passes_on_doubling_it() -> None:
    n = negotiate("B", "H ok AT ok ok")
    assert refusal(n, "xH") == "implicit_pass"  # Left accepted Hearts
    assert refusal(n, "xAT") is None  # AllTrumps came after Left's accept


def test_n7_announcing_passes_on_doubling_every_earlier_opponent_bid() -> None:
    assert refusal(negotiate("B", "H S NT ok ok"), "xH") == "implicit_pass"


def test_n7_doubles_and_redoubles_are_not_passes() -> None:
    n = negotiate("B", "D H NT xNT xH xxH ok")  # Right doubled NoTrumps, then Left redoubled Hearts
    assert refusal(n, "xD") is None


def test_n7_latest_pass_counts_in_giretra_com_first_pass_in_play_giretra_com() -> None:
    calls = "D H AT ok xH ok ok xxH ok"  # Left announced H before AllTrumps, accepted after it
    assert refusal(negotiate("B", calls), "xAT") == "implicit_pass"
    assert refusal(negotiate("B", calls, REFERENCE), "xAT") is None


@pytest.mark.parametrize(("variant", "expected"), [
    ("latest_announce_or_accept", "implicit_pass"),
    ("first_announce_or_accept", "implicit_pass"),
    ("first_announce_only", None),
    ("none", None),
])
def test_n7_implicit_pass_variants(variant: str, expected: str | None) -> None:
    rules = Rules(name=variant, implicit_pass=variant)  # type: ignore[arg-type]
    n = negotiate("R", "H ok AT ok ok", rules)  # Bottom accepted Right's Hearts but never announced
    assert refusal(n, "xH") == expected


def test_n8_three_consecutive_accepts_end_the_negotiation() -> None:
    assert not negotiate("B", "H ok ok").complete
    assert negotiate("B", "H ok ok ok").complete


@pytest.mark.parametrize("restart", ["S", "xH"])
def test_n8_an_announce_or_double_restarts_the_count(restart: str) -> None:
    calls = f"H ok ok {restart} ok ok"
    assert not negotiate("B", calls).complete
    assert negotiate("B", calls + " ok").complete


def test_n8_a_redouble_restarts_the_count() -> None:
    assert not negotiate("B", "H xH ok ok xxH ok ok").complete
    assert negotiate("B", "H xH ok ok xxH ok ok ok").complete


def test_n8_nothing_is_accepted_after_the_negotiation() -> None:
    n = negotiate("B", "H ok ok ok")
    assert n.legal_calls() == []
    for call in ALL_CALLS:
        with pytest.raises(IllegalActionError) as err:
            n.apply(n.turn, call)
        assert err.value.code == "negotiation_complete"


def test_n9_undoubled_contract_is_the_last_bid_times_one() -> None:
    assert contract(negotiate("B", "H S ok ok ok")) == (Mode.SPADES, TEAM2, 1)


def test_n9_earliest_announced_doubled_mode_is_played_by_the_team_that_announced_it() -> None:
    assert contract(negotiate("B", "H AT ok xH ok ok ok")) == (Mode.HEARTS, TEAM1, 2)


def test_n9_times_four_only_if_the_played_mode_itself_is_redoubled() -> None:
    assert contract(negotiate("B", "D S xS xD xxD ok ok ok")) == (Mode.DIAMONDS, TEAM1, 4)
    assert contract(negotiate("B", "D S xS xD ok xxS ok ok ok")) == (Mode.DIAMONDS, TEAM1, 2)


# ================================================================================================================
# Independent models: the Decisions re-implemented from the text of RULES.md, compared on random input
# ================================================================================================================

SPECIAL = (Mode.NO_TRUMPS, Mode.CLUBS)  # auto-doubled / locked by an opponent's accept (N-5)


def model_reason(history: list[tuple[Seat, CallKind, Mode | None]], first: Seat, seat: Seat, kind: CallKind,
                 mode: Mode | None, rules: Rules) -> str | None:
    """N-1 .. N-8 and RULES §4, recomputed from the whole call history at every question."""
    bid: Mode | None = None
    bidder: Seat | None = None
    announced: dict[Mode, tuple[int, Seat]] = {}
    doubled: dict[Mode, str] = {}
    redoubled: set[Mode] = set()
    locked = False
    accepts = 0
    last_announce = -1
    for i, (who, k, m) in enumerate(history):
        if k is CallKind.ANNOUNCE:
            assert m is not None
            bid, bidder, accepts, last_announce = m, who, 0, i
            announced[m] = (i, who)
        elif k is CallKind.ACCEPT:
            accepts += 1
            assert bid is not None and bidder is not None
            if bid in SPECIAL and who & 1 != bidder & 1 and bid not in doubled:
                if rules.opponent_accept_effect == "double":
                    doubled[bid] = "auto"
                locked = True
        elif k is CallKind.DOUBLE:
            assert m is not None
            doubled[m] = "explicit"
            locked, accepts = True, 0
        else:
            assert m is not None
            redoubled.add(m)
            accepts = 0
    if accepts >= 3:
        return "negotiation_complete"
    if seat != Seat((first + len(history)) & 3):
        return "not_your_turn"
    mine = [(i, k) for i, (who, k, _) in enumerate(history) if who == seat]
    if kind is CallKind.ACCEPT:
        return "no_bid" if bid is None else None
    assert mode is not None
    if kind is CallKind.ANNOUNCE:
        if locked:
            return "announce_after_double" if doubled else "announce_locked"
        accepted = [i for i, k in mine if k is CallKind.ACCEPT]
        if rules.accept_blocks_announcing == "until_next_announcement":
            accepted = [i for i in accepted if i > last_announce]
        if accepted:
            return "announce_after_accept"
        if bid is not None and mode <= bid:
            return "not_higher"
        team_colours = [m for m, (_, who) in announced.items() if m in COLOURS and who & 1 == seat & 1]
        if mode in COLOURS and team_colours:
            return "colour_already_used_by_team"
        return None
    if kind is CallKind.DOUBLE:
        if bid is None:
            return "no_bid"
        if mode not in announced:
            return "target_not_announced"
        at, announcer = announced[mode]
        if announcer & 1 == seat & 1:
            return "double_own_team"
        if mode in doubled:
            return "already_doubled"
        passes = [i for i, k in mine if k in (CallKind.ANNOUNCE, CallKind.ACCEPT)]
        announces = [i for i, k in mine if k is CallKind.ANNOUNCE]
        pass_at = {"latest_announce_or_accept": max(passes, default=-1),
                   "first_announce_or_accept": min(passes, default=-1),
                   "first_announce_only": min(announces, default=-1), "none": -1}[rules.implicit_pass]
        return "implicit_pass" if at < pass_at else None
    if mode not in rules.redoublable_modes:
        return "redouble_not_allowed_for_mode"
    if mode not in doubled:
        return "not_doubled"
    if mode in redoubled:
        return "already_redoubled"
    if announced[mode][1] & 1 != seat & 1:
        return "redouble_not_announcer_team"
    return None


def model_contract(history: list[tuple[Seat, CallKind, Mode | None]], rules: Rules) -> tuple[Mode, int, int]:
    """N-9: the earliest announced doubled mode, x2 or x4; else the last bid x1."""
    announced: dict[Mode, tuple[int, Seat]] = {}
    doubled: set[Mode] = set()
    redoubled: set[Mode] = set()
    bid: tuple[Mode, Seat] | None = None
    for i, (who, k, m) in enumerate(history):
        if k is CallKind.ANNOUNCE and m is not None:
            announced[m] = (i, who)
            bid = (m, who)
        elif k is CallKind.ACCEPT and bid is not None and bid[0] in SPECIAL and who & 1 != bid[1] & 1 \
                and rules.opponent_accept_effect == "double":
            doubled.add(bid[0])
        elif k is CallKind.DOUBLE and m is not None:
            doubled.add(m)
        elif k is CallKind.REDOUBLE and m is not None:
            redoubled.add(m)
    if doubled:
        mode = min(doubled, key=lambda m: announced[m][0])
        return mode, announced[mode][1] & 1, 4 if mode in redoubled else 2
    assert bid is not None
    return bid[0], bid[1] & 1, 1


VARIANT_RULES = [DEFAULT, REFERENCE, Rules(name="first-announce-only", implicit_pass="first_announce_only"),
                 Rules(name="no-implicit-pass", implicit_pass="none")]


@pytest.mark.parametrize("rules", VARIANT_RULES, ids=[r.name for r in VARIANT_RULES])
def test_n_negotiation_agrees_with_an_independent_model_of_the_rules(rules: Rules) -> None:
    rng = random.Random(rules.name)
    for _ in range(400):
        first = Seat(rng.randrange(4))
        n = Negotiation.start(first, rules)
        history: list[tuple[Seat, CallKind, Mode | None]] = []
        while True:
            for seat in (n.turn, Seat(rng.randrange(4))):
                for call in ALL_CALLS:
                    reason = n.validate(seat, call)
                    expected = model_reason(history, first, seat, call.kind, call.mode, rules)
                    assert (None if reason is None else reason.code) == expected, (history, seat, call)
            if n.complete:
                break
            # Mostly legal calls, biased towards doubles and redoubles so that every rule is exercised.
            legal = n.legal_calls()
            strong = [c for c in legal if c.kind in (CallKind.DOUBLE, CallKind.REDOUBLE)]
            call = rng.choice(strong if strong and rng.random() < 0.4 else legal)
            history.append((n.turn, call.kind, call.mode))
            n = n.apply(n.turn, call)
        assert contract(n) == model_contract(history, rules)


def test_n5_one_place_says_which_accept_doubles() -> None:
    # N-5 was written out in five places (a code review), two of them blind to the preset: Rules.accept_doubles now.
    reference, online = PRESETS["giretra.com"], PRESETS["play.giretra.com"]
    assert [m for m in Mode if reference.accept_doubles(m)] == [Mode.CLUBS, Mode.NO_TRUMPS]
    assert not any(online.accept_doubles(m) for m in Mode)   # there an opponent's Accept only locks the bidding


# -- what a call does, said before it is made (Negotiation.effect; the page writes it beside the call) -------------

@pytest.mark.parametrize(("calls", "effect"), [
    ("NT", ("accept_doubles", Mode.NO_TRUMPS, 2)),      # an opponent's Accept doubles NoTrumps (N-5)
    ("C", ("accept_doubles", Mode.CLUBS, 2)),
    ("H", ("accept", Mode.HEARTS, 1)),                  # a Colour other than Clubs is only accepted
    ("NT ok", ("accept", Mode.NO_TRUMPS, 2)),           # the partner of the bidder: doubled already, stays ×2
    ("S ok ok", ("accept_ends", Mode.SPADES, 1)),       # the third Accept in a row ends the negotiation (N-8)
    ("C ok", ("accept", Mode.CLUBS, 2)),                # the bidder's partner: Left's Accept doubled it already
    ("C ok ok", ("accept_ends", Mode.CLUBS, 2)),
])
def test_effect_of_accept(calls: str, effect: tuple[str, Mode, int]) -> None:
    n = negotiate("B", calls)
    assert tuple(n.effect(n.turn, parse_call("ok"))) == effect
    after = n.apply(n.turn, parse_call("ok"))
    c = after.contract()
    assert c is not None and (c.mode, c.multiplier) == effect[1:]   # the effect says what the call then leaves
    assert after.complete == (effect[0] == "accept_ends")


def test_effect_of_accept_in_the_lock_variant_ends_the_announcements() -> None:
    n = negotiate("B", "NT", REFERENCE)
    assert tuple(n.effect(n.turn, parse_call("ok"))) == ("accept_locks", Mode.NO_TRUMPS, 1)
    after = n.apply(n.turn, parse_call("ok"))
    assert not any(c.kind is CallKind.ANNOUNCE for c in after.legal_calls())


def test_effect_of_announce_double_redouble() -> None:
    n = negotiate("B", "H")
    assert tuple(n.effect(n.turn, parse_call("xH"))) == ("double", Mode.HEARTS, 2)
    assert tuple(n.effect(n.turn, parse_call("S"))) == ("announce", Mode.SPADES, 1)
    n = negotiate("B", "H xH")
    assert tuple(n.effect(n.turn, parse_call("xxH"))) == ("redouble", Mode.HEARTS, 4)
