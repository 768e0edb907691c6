"""Card, action and match notation: round trips, the canonical-only rule, the URL form, clear errors."""

from __future__ import annotations

import random

import pytest

from giretra_core import (
    Cut,
    Match,
    NotationError,
    Seat,
    action_token,
    card_name,
    cards_text,
    format_match,
    parse_action,
    parse_call,
    parse_card,
    parse_cards,
    parse_match,
)
from giretra_core.negotiation import ALL_CALLS

# -- cards -----------------------------------------------------------------------------------------------------------


def test_card_names_round_trip_for_all_32_cards() -> None:
    names = [card_name(c) for c in range(32)]
    assert len(set(names)) == 32
    assert all(parse_card(n) == c for c, n in enumerate(names))
    assert names[:8] == ["7C", "8C", "9C", "10C", "JC", "QC", "KC", "AC"]  # suit*8 + rank, clubs first
    assert card_name(parse_card("10H")) == "10H" and card_name(parse_card("JS")) == "JS"


def test_card_ten_is_written_10_and_t_is_read_as_ten() -> None:
    assert parse_card("TH") == parse_card("10H")
    assert card_name(parse_card("TH")) == "10H"


def test_card_sets_round_trip_in_suit_then_rank_order() -> None:
    assert cards_text(parse_cards("AS7C10H")) == "7C10HAS"
    every = "".join(card_name(c) for c in range(32))
    assert cards_text(parse_cards(every)) == every
    assert parse_cards("") == 0


@pytest.mark.parametrize("text", ["", "1H", "11H", "JX", "H", "10", "AHH", "ZZ", "J H", "♥J", "QS "])
def test_invalid_card_is_refused_quoting_the_input(text: str) -> None:
    with pytest.raises(NotationError) as err:
        parse_card(text)
    assert err.value.code == "bad_card"
    assert repr(text) in str(err.value)


def test_duplicate_card_in_a_set_is_refused() -> None:
    with pytest.raises(NotationError) as err:
        parse_cards("7C8C7C")
    assert "'7C'" in str(err.value)


# -- actions ---------------------------------------------------------------------------------------------------------


def test_action_tokens_round_trip_cuts_calls_and_cards() -> None:
    actions = [Cut(k) for k in range(6, 27)] + list(ALL_CALLS) + list(range(32))
    tokens = [action_token(a) for a in actions]
    assert len(set(tokens)) == len(tokens) == 21 + 19 + 32
    for action, token in zip(actions, tokens, strict=True):
        assert parse_action(token) == action
    assert tokens[:2] == ["c6", "c7"]
    assert [action_token(c) for c in ALL_CALLS] == ["C", "D", "H", "S", "NT", "AT", "ok",
                                                    "xC", "xD", "xH", "xS", "xNT", "xAT",
                                                    "xxC", "xxD", "xxH", "xxS", "xxNT", "xxAT"]


def test_call_tokens_are_case_sensitive() -> None:
    assert parse_call("NT") == parse_action("NT")
    for text in ("nt", "OK", "Ok", "XH", "xh"):
        with pytest.raises(NotationError):
            parse_call(text)


@pytest.mark.parametrize("text", ["", "c", "cX", "c-6", "c+6", "c 6", "c1000", "pass", "x", "xx", "xxx", "xxxH",
                                  "okk", "10", "1H", "X", "xZZ", "double", " ok",
                                  "c010", "c06"])   # the notation writes c10: "c010" was read as c10 (a fuzz)
def test_invalid_action_is_refused_quoting_the_input(text: str) -> None:
    with pytest.raises(NotationError) as err:
        parse_action(text)
    assert err.value.code == "bad_action"
    assert repr(text) in str(err.value) and "(expected a cut like 'c10'" in str(err.value)   # "" had no hint


@pytest.mark.parametrize("text", ["c²", "c1²"])
def test_cut_with_non_ascii_digits_is_a_notation_error(text: str) -> None:
    with pytest.raises(NotationError):
        parse_action(text)


def test_out_of_range_cut_parses_but_is_illegal() -> None:
    assert parse_action("c5") == Cut(5) and parse_action("c99") == Cut(99)


# -- match notation ------------------------------------------------------------------------------------------------


def random_states(seed: int, preset: str = "giretra.com") -> list[Match]:
    rng = random.Random(seed)
    match = Match.new(seed=seed, rules=preset)
    out = [match]
    while not match.is_over:
        match = match.apply(match.turn, rng.choice(match.legal_actions()))  # type: ignore[arg-type]
        out.append(match)
    return out


def test_new_match_notation_has_ten_fields() -> None:
    text = format_match(Match.new(seed=42))
    fields = text.split(" ")
    assert len(fields) == 10
    assert fields[:4] == ["G2", "giretra.com", "hrrr", "42"]
    assert fields[4] in "BLTR" and fields[5:] == ["0-0", "150", "*", "-", "0"]
    assert format_match(parse_match(text)) == text


@pytest.mark.parametrize("preset", ["giretra.com", "play.giretra.com"])
def test_match_notation_round_trips_at_every_state(preset: str) -> None:
    for seed in range(3):
        for match in random_states(seed, preset):
            text = format_match(match)
            again = parse_match(text)
            assert format_match(again) == text
            assert (again.scores, again.target, again.winner, again.turn, again.deal.hands) == \
                (match.scores, match.target, match.winner, match.turn, match.deal.hands)


def test_match_notation_shape_of_a_finished_match() -> None:
    final = random_states(1)[-1]
    fields = format_match(final).split(" ")
    deals = fields[8].split("/")
    assert len(deals) == len(final.history)
    for segment, record in zip(deals, final.history, strict=True):
        tokens = segment.split(".")
        assert tokens[0] == f"c{record.deal.cut}" and len(tokens) == 1 + len(record.deal.negotiation.calls) + 32  # type: ignore[union-attr]


def test_explicit_deck_header_round_trips() -> None:
    deck = "".join(card_name(c) for c in range(31, -1, -1))
    text = f"G2 play.giretra.com hhrr 7 L 12-40 250 {deck} c20.AT 2"
    match = parse_match(text)
    assert format_match(match) == text
    assert match.deal.deck == tuple(range(31, -1, -1)) and match.scores == (12, 40) and match.target == 250


def test_url_form_uses_underscores_for_spaces() -> None:
    text = format_match(random_states(2)[60])
    url = text.replace(" ", "_")
    assert "_" not in text and " " not in url
    assert format_match(parse_match(url)) == text
    assert format_match(parse_match(url)).replace(" ", "_") == url


BASE = format_match(random_states(5)[50])


@pytest.mark.parametrize("variant", [
    BASE.replace("giretra.com hrrr 5", "giretra.com hrrr 05"),     # leading zero in the seed
    BASE.replace(" 0-0 ", " 00-0 "),                               # leading zero in a score
    BASE.replace(" 150 ", " 0150 "),                               # leading zero in the target
    BASE + " ",                                                    # trailing space (an 11th field)
    " " + BASE,                                                    # leading space
    BASE.replace(" ", "  ", 1),                                    # a double space
    BASE.replace(" ", "\t", 1),                                    # a tab
    BASE + "\n",                                                   # a newline
    BASE.replace(".", ". ", 1),                                    # a space inside the history
    BASE.replace(" * c", " * c0", 1),                               # 'c06' for 'c6'
    BASE.replace("G2", "g2"),                                      # magic in lower case
    BASE + "0",                                                    # a wrong action count
    BASE[:BASE.rindex(" ")] + " 0" + BASE.split(" ")[9],           # the count with a leading 0
])
def test_only_the_canonical_form_is_accepted(variant: str) -> None:
    assert variant != BASE and BASE.split(" ")[7:9] == ["*", BASE.split(" ")[8]] and " * c" in BASE
    with pytest.raises(NotationError) as err:
        parse_match(variant)
    assert err.value.code == "bad_notation"


def test_non_canonical_card_spellings_are_refused_with_a_suggestion() -> None:
    fields = BASE.split(" ")
    tokens = fields[8].split(".")
    at = next(i for i, t in enumerate(tokens) if len(t) >= 2 and t[-1] in "CDHS" and t[0] in "789JQKA1")
    for spelling in (tokens[at].lower(), tokens[at].replace("10", "T")):
        if spelling == tokens[at]:
            continue
        forged = " ".join(fields[:8] + [".".join(tokens[:at] + [spelling] + tokens[at + 1:]), fields[9]])
        with pytest.raises(NotationError) as err:
            parse_match(forged)
        assert "did you mean" in str(err.value) and "canonical" in str(err.value)


def test_an_explicit_deck_with_ten_as_t_is_not_canonical() -> None:
    deck = "".join(card_name(c) for c in range(32))
    text = f"G2 giretra.com hrrr 1 R 0-0 150 {deck} - 0"
    assert format_match(parse_match(text)) == text
    with pytest.raises(NotationError, match="did you mean"):
        parse_match(text.replace("10C", "TC"))


# -- errors say where ----------------------------------------------------------------------------------------------

TWO_DEALS = format_match(next(m for m in random_states(7) if len(m.history) == 1 and m.deal.plays))
ONE_DEAL = format_match(next(m for m in random_states(7) if len(m.history) == 1))  # deal 1 just finished


def _history(text: str) -> list[list[str]]:
    return [segment.split(".") for segment in text.split(" ")[8].split("/")]


def _with_history(text: str, deals: list[list[str]]) -> str:
    """*text* with another history, and the action count that goes with it (so that only the history is wrong)."""
    return " ".join(text.split(" ")[:8] + ["/".join(".".join(d) for d in deals), str(sum(map(len, deals)))])


def _then(text: str, more: str) -> str:
    """*text* with *more* written at the end of its history (before the action count)."""
    fields = text.split(" ")
    return " ".join(fields[:8] + [fields[8] + more, fields[9]])


def test_a_cut_token_inside_the_history_is_named_with_its_deal() -> None:
    # (A string cut short loses its action count first; here a token is cut and the count made to fit.)
    deals = _history(TWO_DEALS)
    deals[1][-1] = deals[1][-1][:-1]  # e.g. "10H" -> "10", "AS" -> "A"
    with pytest.raises(NotationError) as err:
        parse_match(_with_history(TWO_DEALS, deals))
    assert "deal 2" in str(err.value) and repr(deals[1][-1]) in str(err.value)


def test_truncated_cut_error_names_the_deal() -> None:
    deals = _history(TWO_DEALS)
    text = _with_history(TWO_DEALS, [deals[0], ["c"]])
    with pytest.raises(NotationError) as err:
        parse_match(text)
    assert "deal 2" in str(err.value) and "'c'" in str(err.value)


def test_trailing_separators_are_refused() -> None:
    for text in (_then(TWO_DEALS, "."), _then(TWO_DEALS, "/"), _then(TWO_DEALS, "//c6")):
        with pytest.raises(NotationError) as err:
            parse_match(text)
        assert err.value.code == "bad_notation"
    with pytest.raises(NotationError, match="deal 2 stops before its end"):
        parse_match(_then(TWO_DEALS, "/"))
    with pytest.raises(NotationError, match="deal 2 has no actions"):
        parse_match(_then(ONE_DEAL, "/"))
    next_cut = _with_history(ONE_DEAL, [*_history(ONE_DEAL), ["c6"]])
    assert format_match(parse_match(next_cut)) == next_cut


def test_illegal_action_error_names_deal_token_and_seat() -> None:
    match = parse_match(TWO_DEALS)
    deals = _history(TWO_DEALS)
    first_card_at = len(deals[1]) - len(match.deal.plays)
    leader = match.deal.dealer.next
    not_held = next(card_name(c) for c in range(32) if not match.deal.initial_hands()[leader] >> c & 1)
    deals[1][first_card_at] = not_held
    with pytest.raises(NotationError) as err:
        parse_match(_with_history(TWO_DEALS, deals))
    message = str(err.value)
    assert f"deal 2, action {not_held!r} by {leader.api_name}" in message
    assert message.endswith("is not in your hand.")   # the reason in words, not its code


def test_deal_that_stops_before_its_end_is_refused() -> None:
    deals = _history(TWO_DEALS)
    with pytest.raises(NotationError, match="deal 1 stops before its end"):
        parse_match(_with_history(TWO_DEALS, [deals[0][:-1], deals[1]]))


def test_deal_that_goes_on_after_its_last_trick_is_refused() -> None:
    deals = _history(TWO_DEALS)
    with pytest.raises(NotationError, match="deal 1 goes on after its last trick"):
        parse_match(_with_history(TWO_DEALS, [deals[0] + deals[1]]))


def test_deal_after_the_end_of_the_match_is_refused() -> None:
    final = format_match(random_states(1)[-1])
    with pytest.raises(NotationError, match="after the end of the match"):
        parse_match(_then(final, "/c10"))


@pytest.mark.parametrize(("header", "hint"), [
    ("G3 giretra.com hrrr 1 R 0-0 150 * - 0", "G3"),
    ("G2 giretra.com hrrr 1 R 0-0 150 * -", "cut short?"),
    ("G1 belote hrrr 1 R 0-0 150 * -", "belote"),
    ("G1 giretra.com hxrr 1 R 0-0 150 * -", "hxrr"),
    ("G1 giretra.com hrr 1 R 0-0 150 * -", "hrr"),
    ("G1 giretra.com hrrr one R 0-0 150 * -", "one"),
    ("G1 giretra.com hrrr 1 N 0-0 150 * -", "N"),
    ("G1 giretra.com hrrr 1 R 0:0 150 * -", "0:0"),
    ("G1 giretra.com hrrr 1 R 0-0 0 * -", "0"),
    ("G1 giretra.com hrrr 1 R 150-150 150 * -", "150"),
    ("G1 giretra.com hrrr 1 R 0-0 150 7C8C * -", "9 fields"),
    ("G1 giretra.com hrrr 1 R 0-0 150 7C8C -", "deck"),
    ("G1 giretra.com hrrr 9007199254740992 R 0-0 150 * -", "seed"),
])
def test_header_errors_say_which_field(header: str, hint: str) -> None:
    with pytest.raises(NotationError) as err:
        parse_match(header)
    assert err.value.code == "bad_notation"
    assert hint in str(err.value)


@pytest.mark.parametrize("field", [3, 5, 6])
def test_header_numbers_with_non_ascii_digits_are_notation_errors(field: int) -> None:
    fields = ["G1", "giretra.com", "hrrr", "1", "R", "0-0", "150", "*", "-"]
    fields[field] = {3: "1²", 5: "0-²", 6: "١٥٠"}[field]
    with pytest.raises(NotationError):
        parse_match(" ".join(fields))


def test_huge_seed_is_a_notation_error() -> None:
    with pytest.raises(NotationError):
        parse_match(f"G1 giretra.com hrrr {'1' * 4400} R 0-0 150 * -")


def test_not_a_string_and_too_long() -> None:
    with pytest.raises(NotationError):
        parse_match(None)  # type: ignore[arg-type]
    with pytest.raises(NotationError, match="too long"):
        parse_match("G1 " + "x" * 30_000)


def test_same_seat_letters_and_dealer_rotation_in_the_header() -> None:
    for dealer in "BLTR":
        match = parse_match(f"G1 giretra.com hrrr 3 {dealer} 0-0 150 * -")
        assert match.deal.dealer == Seat("BLTR".index(dealer))


@pytest.mark.parametrize("header", ["0-0 9999999999999999", "0-0 1000001", "999999-9999999999 10000000"])
def test_a_target_no_match_can_start_with_is_refused(header: str) -> None:
    # A fuzz found "target 9999999999999999" accepted: the page showed 10000000000000000 (JavaScript's nearest
    # number). A match starts with a target of at most a million, whether from new_match or from a notation.
    with pytest.raises(NotationError) as err:
        parse_match(f"G1 giretra.com hrrr 42 T {header} * -")
    assert err.value.code == "bad_notation"
    assert parse_match("G1 giretra.com hrrr 42 T 999999-0 1000000 * -").start_target == 1_000_000
