"""The reference engine's external-bot protocol, as its client writes it: translation only, no I/O.

The reference (giretra/giretra) lets a bot play over HTTP: docs/bot-api-reference.md describes the bodies, and
``RemoteBotClient.cs`` is what is really sent — camelCase keys, enum values as C# ``ToString()`` writes them
(``"ColourHearts"``, ``"Bottom"``, ``"Team1"``, ``"Normal"``), and every null left out (``WhenWritingNull``):
``currentBid`` before the first announcement, ``winner`` until the match is won, ``currentTrick`` once the eighth
trick is taken, ``sweepingTeam`` without a sweep.  ``doubledModes`` maps a doubled mode to the index in ``actions``
of the call that doubled it, ``redoubledModes`` lists modes, both in the modes' order (the order in which C#'s
immutable collections of an enum come out); ``teamColourAnnouncements`` maps a team to its Colour.

This module writes this package's match, deal and negotiation in those shapes and reads a bot's answers back into
actions; ``arena`` (through ``remote``) uses it to host a bot of the reference's, ``botserver`` to be one.

>>> from giretra_core.cards import parse_card
>>> card_json(parse_card("10H"))
{'rank': 'Ten', 'suit': 'Hearts'}
>>> card_name(parse_card_json({"rank": "jack", "suit": "SPADES"}))
'JS'
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import Card, Mask, card_name, cards_of
from .deal import MAX_CUT, MIN_CUT, Cut, Deal
from .match import DealRecord, Match
from .modes import MODE_NAMES, Mode
from .negotiation import ACCEPT, NOT_DOUBLED, Call, CallKind, Negotiation
from .scoring import DealScore
from .seats import SEAT_NAMES, TEAM_NAMES, Seat

__all__ = ["ProtocolError", "NOTIFICATIONS", "RANK_NAMES", "SUIT_NAMES", "MULTIPLIER_NAMES", "CALL_TYPES",
           "card_json", "parse_card_json", "parse_mode", "parse_seat", "call_choice", "call_history", "parse_call",
           "parse_call_choice", "parse_card_choice", "parse_cut", "dealt_order", "hand_json", "valid_plays",
           "negotiation_state", "trick_json", "hand_state", "deal_result", "match_state"]

RANK_NAMES = ("Seven", "Eight", "Nine", "Ten", "Jack", "Queen", "King", "Ace")   # this package's rank order
SUIT_NAMES = ("Clubs", "Diamonds", "Hearts", "Spades")                           # and suit order
MULTIPLIER_NAMES = {1: "Normal", 2: "Doubled", 4: "Redoubled", 8: "ReRedoubled"}
CALL_TYPES = ("Announcement", "Accept", "Double", "Redouble")                    # by CallKind
# The observation events a bot's meta may ask for (its "notifications"; absent: all of them).
NOTIFICATIONS = ("deal-started", "negotiation-completed", "card-played", "trick-completed", "deal-ended",
                 "match-ended")
DECK_SIZE = 32

_RANK = {name.lower(): i for i, name in enumerate(RANK_NAMES)}
_SUIT = {name.lower(): i for i, name in enumerate(SUIT_NAMES)}
_MODE = {name.lower(): Mode(i) for i, name in enumerate(MODE_NAMES)}
_TYPE = {name.lower(): CallKind(i) for i, name in enumerate(CALL_TYPES)}

JSON = dict[str, object]


class ProtocolError(Exception):
    """A body or an answer that is not what the protocol says: the message names the field and quotes the value."""


# -- cards, calls, cuts ----------------------------------------------------------------------------------------------

def card_json(card: Card) -> JSON:
    return {"rank": RANK_NAMES[card & 7], "suit": SUIT_NAMES[card >> 3]}


def parse_card_json(value: object, where: str = "card") -> Card:
    """A ``{"rank", "suit"}`` object as a card; the names in any case, as C#'s ``Enum.TryParse(ignoreCase)`` reads
    them.

    :raises ProtocolError: for anything else."""
    if not isinstance(value, dict):
        raise ProtocolError(f"{where}: expected an object like {{\"rank\": \"Jack\", \"suit\": \"Hearts\"}}, "
                            f"not {_quote(value)}")
    rank, suit = value.get("rank"), value.get("suit")
    if not isinstance(rank, str) or rank.lower() not in _RANK:
        raise ProtocolError(f"{where}: unknown card rank {_quote(rank)} (expected one of {', '.join(RANK_NAMES)})")
    if not isinstance(suit, str) or suit.lower() not in _SUIT:
        raise ProtocolError(f"{where}: unknown card suit {_quote(suit)} (expected one of {', '.join(SUIT_NAMES)})")
    return _SUIT[suit.lower()] * 8 + _RANK[rank.lower()]


def parse_mode(value: object, where: str) -> Mode:
    if not isinstance(value, str) or value.lower() not in _MODE:
        raise ProtocolError(f"{where}: unknown game mode {_quote(value)} (expected one of {', '.join(MODE_NAMES)})")
    return _MODE[value.lower()]


def parse_seat(value: object, where: str) -> Seat:
    if not isinstance(value, str) or value not in SEAT_NAMES:
        raise ProtocolError(f"{where}: unknown position {_quote(value)} (expected one of {', '.join(SEAT_NAMES)})")
    return Seat(SEAT_NAMES.index(value))


def call_choice(call: Call) -> JSON:
    """A call as ``validActions`` lists it and a bot answers it: without the player."""
    out: JSON = {"type": CALL_TYPES[call.kind]}
    if call.kind is CallKind.ANNOUNCE:
        assert call.mode is not None
        out["mode"] = MODE_NAMES[call.mode]
    elif call.kind is not CallKind.ACCEPT:
        assert call.mode is not None
        out["targetMode"] = MODE_NAMES[call.mode]
    return out


def call_history(seat: Seat, call: Call) -> JSON:
    """A call as ``negotiationState.actions`` records it: with its player, after the type."""
    choice = call_choice(call)
    return {"type": choice.pop("type"), "player": SEAT_NAMES[seat], **choice}


def parse_call(value: object, where: str) -> Call:
    """A ``{"type", "mode" | "targetMode"}`` object as a call (names in any case, extra keys ignored, as the
    reference matches them).

    :raises ProtocolError: for an object that is no call (a ``ReRedouble`` is one no preset here has)."""
    if not isinstance(value, dict):
        raise ProtocolError(f"{where}: expected an object like {{\"type\": \"Accept\"}}, not {_quote(value)}")
    kind = value.get("type")
    if not isinstance(kind, str) or kind.lower() not in _TYPE:
        raise ProtocolError(f"{where}: unknown action type {_quote(kind)} (expected one of {', '.join(CALL_TYPES)})")
    call_kind = _TYPE[kind.lower()]
    if call_kind is CallKind.ACCEPT:
        return ACCEPT
    key = "mode" if call_kind is CallKind.ANNOUNCE else "targetMode"
    return Call(call_kind, parse_mode(value.get(key), f"{where}.{key}"))


def parse_call_choice(value: object, legal: Sequence[Call]) -> Call:
    """A bot's answer to ``choose-negotiation-action``, which must be one of *legal* (its ``validActions``).

    :raises ProtocolError: naming the answer and the valid actions."""
    call = parse_call(value, "the answer")
    if call not in legal:
        raise ProtocolError(f"the answer {_quote(value)} is not one of the valid actions "
                            f"({', '.join(_compact(call_choice(c)) for c in legal)})")
    return call


def parse_card_choice(value: object, legal: Sequence[Card]) -> Card:
    """A bot's answer to ``choose-card``, which must be one of *legal* (its ``validPlays``).

    :raises ProtocolError: naming the answer and the valid plays."""
    card = parse_card_json(value, "the answer")
    if card not in legal:
        raise ProtocolError(f"the answer {_quote(value)} ({card_name(card)}) is not one of the valid plays "
                            f"({' '.join(card_name(c) for c in legal)})")
    return card


def parse_cut(value: object) -> Cut:
    """A bot's answer to ``choose-cut``: *position* cards (6 to 26) from the top, or from the bottom — which is
    cutting 32 - *position* from the top, as this package counts a cut.

    :raises ProtocolError: for a missing or out-of-range position, or a *fromTop* that is not a boolean."""
    if not isinstance(value, dict):
        raise ProtocolError(f"the answer: expected {{\"position\": 6..26, \"fromTop\": true|false}}, "
                            f"not {_quote(value)}")
    position, from_top = value.get("position"), value.get("fromTop", False)
    if type(position) is not int or not MIN_CUT <= position <= MAX_CUT:
        raise ProtocolError(f"invalid cut position {_quote(position)}: must be between {MIN_CUT} and {MAX_CUT}")
    if type(from_top) is not bool:
        raise ProtocolError(f"the answer's fromTop must be true or false, not {_quote(from_top)}")
    return Cut(position if from_top else DECK_SIZE - position)


# -- states ----------------------------------------------------------------------------------------------------------

def dealt_order(deal: Deal, mask: Mask) -> list[Card]:
    """The cards of *mask* in the order they were dealt (the reference keeps a hand in that order)."""
    if deal.cut is None:
        return list(cards_of(mask))
    return [c for c in deal.cut_deck if mask >> c & 1]


def hand_json(deal: Deal, mask: Mask) -> list[JSON]:
    return [card_json(c) for c in dealt_order(deal, mask)]


def valid_plays(deal: Deal, seat: Seat) -> list[Card]:
    """The seat's legal cards in its hand's order (``validPlays``)."""
    legal = 0
    for card in deal.legal_actions():
        assert isinstance(card, int)
        legal |= 1 << card
    return dealt_order(deal, legal & deal.hands[seat])


def negotiation_state(negotiation: Negotiation, dealer: Seat) -> JSON:
    """``NegotiationState`` of *negotiation*: the doubles' indices found by replaying its calls (an Accept that
    doubles, N-5 of this package's default preset, is the index of that Accept)."""
    replay = Negotiation.start(negotiation.first, negotiation.rules)
    doubled_at: dict[Mode, int] = {}
    for index, (seat, call) in enumerate(negotiation.calls):
        replay = replay.apply_unchecked(seat, call)
        for mode in Mode:
            if replay.doubled[mode] != NOT_DOUBLED and mode not in doubled_at:
                doubled_at[mode] = index
    calls = negotiation.calls
    colours: dict[str, str] = {}
    for seat, call in calls:
        if call.kind is CallKind.ANNOUNCE and call.mode is not None and call.mode.is_colour:
            colours[TEAM_NAMES[seat & 1]] = MODE_NAMES[call.mode]
    # Once complete, the reference leaves the turn with the last speaker.
    turn = calls[-1][0] if negotiation.complete and calls else negotiation.turn
    out: JSON = {"dealer": SEAT_NAMES[dealer], "currentPlayer": SEAT_NAMES[turn]}
    if negotiation.bid is not None:
        out["currentBid"] = MODE_NAMES[negotiation.bid]
    if negotiation.bidder is not None:
        out["currentBidder"] = SEAT_NAMES[negotiation.bidder]
    out.update({
        "consecutiveAccepts": negotiation.accepts,
        "hasDoubleOccurred": negotiation.locked,
        "actions": [call_history(seat, call) for seat, call in calls],
        "doubledModes": {MODE_NAMES[m]: doubled_at[m] for m in sorted(doubled_at)},
        "redoubledModes": [MODE_NAMES[m] for m in Mode if negotiation.redoubled[m]],
        "teamColourAnnouncements": {team: colours[team] for team in TEAM_NAMES if team in colours},
    })
    return out


def trick_json(leader: Seat, number: int, cards: Sequence[Card], complete: bool) -> JSON:
    played = [{"player": SEAT_NAMES[(leader + i) & 3], "card": card_json(c)} for i, c in enumerate(cards)]
    return {"leader": SEAT_NAMES[leader], "trickNumber": number, "playedCards": played, "isComplete": complete}


def hand_state(deal: Deal) -> JSON:
    """``HandState`` of a deal in play (or just over): its mode, points and tricks so far."""
    assert deal.contract is not None
    won = [0, 0]
    for trick in deal.tricks:
        won[trick.winner & 1] += 1
    out: JSON = {"gameMode": MODE_NAMES[deal.contract.mode], "team1CardPoints": deal.points[0],
                 "team2CardPoints": deal.points[1], "team1TricksWon": won[0], "team2TricksWon": won[1]}
    if len(deal.tricks) < 8:   # the reference opens the next trick at once, and none after the eighth
        out["currentTrick"] = trick_json(deal.leader, len(deal.tricks) + 1, deal.trick, False)
    out["completedTricks"] = [trick_json(t.leader, n, t.cards, True) for n, t in enumerate(deal.tricks, 1)]
    return out


def deal_result(score: DealScore) -> JSON:
    out: JSON = {"gameMode": MODE_NAMES[score.mode], "multiplier": MULTIPLIER_NAMES[score.multiplier],
                 "announcerTeam": TEAM_NAMES[score.announcer_team],
                 "team1CardPoints": score.card_points[0], "team2CardPoints": score.card_points[1],
                 "team1MatchPoints": score.match_points[0], "team2MatchPoints": score.match_points[1],
                 "wasSweep": score.sweep_team is not None}
    if score.sweep_team is not None:
        out["sweepingTeam"] = TEAM_NAMES[score.sweep_team]
    out["isInstantWin"] = score.instant_win is not None
    return out


def match_state(match: Match) -> JSON:
    """``MatchState``: the scores, target and dealer now (once over, the dealer after the last deal's, as the
    reference moves it on), and every finished deal's result."""
    history: tuple[DealRecord, ...] = match.history
    dealer = history[-1].deal.dealer.next if match.is_over and history else match.deal.dealer
    out: JSON = {"targetScore": match.target, "team1MatchPoints": match.scores[0],
                 "team2MatchPoints": match.scores[1], "currentDealer": SEAT_NAMES[dealer],
                 "isComplete": match.is_over}
    if match.winner is not None:
        out["winner"] = TEAM_NAMES[match.winner]
    out["completedDeals"] = [deal_result(record.score) for record in history]
    return out


def _quote(value: object) -> str:
    import json

    try:
        text = json.dumps(value)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= 200 else text[:200] + "…"


def _compact(value: JSON) -> str:
    return " ".join(str(v) for v in value.values())

