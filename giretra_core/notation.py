"""GMN, the Giretra match notation: a whole match state on one line, and back.

Ten space-separated fields (in a URL, ``_`` may stand for a space)::

    G2 giretra.com hrrr 42 R 0-0 150 * c10.H.ok.ok.ok.7C.8C.JC.AC 9

1. ``G2`` — format and version;
2. the rules preset (``giretra.com`` or ``play.giretra.com``);
3. who sits Bottom, Left, Top, Right: ``h`` human or a bot level (``r`` random, ``b`` basic,
   ``a`` advanced, ``e`` expert);
4. the seed (decimal);
5. the first dealer (``B L T R``);
6. the scores at the start, Team1-Team2; 7. the target at the start;
8. the first deck, top first, 32 cards concatenated — or ``*``: the seed's shuffle;
9. every action since, deals separated by ``/``, actions by ``.``: a cut ``c6``..``c26``,
   calls ``C D H S NT AT ok xH xxH``…, cards ``7C 10H JS``… — or ``-`` if none yet;
10. how many actions field 9 holds: a string cut short anywhere is refused, even between two
    actions, where what is left would be an earlier position of the same match.

Parsing replays every action through the checked rules, so a forged or truncated string
is refused with a :class:`NotationError` that says where, and ``format_match(parse_match(s)) == s``
holds for every accepted ``G2`` string (only the canonical form is accepted).  ``G1`` strings (saved
and shared before version 2: the same without field 10) are still read, and come back as ``G2``.

>>> m = Match.new(seed=42)
>>> s = format_match(m)
>>> s
'G2 giretra.com hrrr 42 T 0-0 150 * - 0'
>>> format_match(parse_match(s)) == s
True
"""

from __future__ import annotations

import base64
import binascii
import re
import zlib

from .cards import cards_text, split_cards
from .deal import parse_action
from .errors import GiretraError, NotationError, rule_of
from .match import PLAYER_KINDS, PLAYER_LETTERS, Match
from .rules import get_preset
from .seats import SEAT_LETTERS, Seat, parse_seat

MAGIC = "G2"
LEGACY_MAGIC = "G1"   # version 1: no action count, so a string cut between two actions could not be told apart
MAX_LENGTH = 20_000  # far above any real match (about 130 characters a deal)
LINK_PREFIX = "d1."   # a share link's token, version 1
_LINK_BODY = re.compile(r"[A-Za-z0-9_-]{1,30000}")


def format_match(match: Match) -> str:
    """The canonical one-line notation of *match*."""
    players = "".join(PLAYER_LETTERS[p] for p in match.players)
    deck = "*" if match.start_deck is None else cards_text_in_order(match.start_deck)
    tokens = [d.action_tokens() for d in match.deals()]
    history = "/".join(".".join(t) for t in tokens if t) or "-"
    s1, s2 = match.start_scores
    return " ".join((MAGIC, match.rules.name, players, str(match.seed), match.start_dealer.letter,
                     f"{s1}-{s2}", str(match.start_target), deck, history, str(sum(map(len, tokens)))))


def cards_text_in_order(cards: tuple[int, ...]) -> str:
    from .cards import card_name

    return "".join(card_name(c) for c in cards)


def parse_match(text: str) -> Match:
    """Rebuild a match from its notation, replaying and checking every action.

    :raises NotationError: for anything malformed, truncated, illegal or not canonical.
    """
    if not isinstance(text, str):
        raise NotationError(f"match notation must be a string, not {type(text).__name__}", "bad_notation")
    if len(text) > MAX_LENGTH:
        raise NotationError(f"match notation too long ({len(text)} characters)", "bad_notation")
    line = text.replace("_", " ")
    fields = line.split(" ")
    magic = fields[0]
    if magic not in (MAGIC, LEGACY_MAGIC):
        raise NotationError(f"match notation must start with {MAGIC!r}, not {_short(magic, 20)!r}", "bad_notation")
    size = 10 if magic == MAGIC else 9
    if len(fields) != size:
        raise NotationError(f"match notation {magic} needs {size} fields, got {len(fields)}"
                            f"{' (cut short?)' if len(fields) < size else ''}: {_short(text)!r}", "bad_notation")
    preset, players, seed, dealer, scores, target, deck, history = fields[1:9]
    try:
        rules = get_preset(preset)
        if len(players) != 4 or any(p not in PLAYER_KINDS for p in players):
            raise NotationError(f"players field {players!r}: four letters of {''.join(PLAYER_KINDS)}",
                                "bad_notation")
        start_scores = _parse_scores(scores)
        if not (_is_number(seed) and _is_number(target)):
            raise NotationError(f"seed {seed!r} and target {target!r} must be whole numbers", "bad_notation")
        if dealer not in SEAT_LETTERS:
            raise NotationError(f"dealer {dealer!r} must be one of B L T R", "bad_notation")
        start_deck = None if deck == "*" else split_cards(deck)
        match = Match.new(int(seed), rules, [PLAYER_KINDS[p] for p in players], parse_seat(dealer),
                          start_deck, start_scores, int(target))
    except GiretraError as err:
        raise NotationError(f"bad match header: {err}", "bad_notation") from None
    if history != "-":
        segments = history.split("/")
        for number, segment in enumerate(segments, 1):
            if not segment:
                raise NotationError(f"deal {number} has no actions", "bad_notation")
            if match.is_over:
                raise NotationError(f"deal {number} comes after the end of the match", "bad_notation")
            start_len = len(match.history)
            for token in segment.split("."):
                if len(match.history) != start_len:
                    raise NotationError(f"deal {number} goes on after its last trick at {token!r}", "bad_notation")
                seat = match.turn
                assert seat is not None
                try:
                    match = match.apply(seat, parse_action(token))
                except GiretraError as err:
                    params = {"why": "illegal", "deal": number, "action": token, "seat": int(seat),
                              "reason_code": err.code, "reason_params": err.params, "reason": str(err)}
                    raise NotationError.worded("", "bad_notation", rule=rule_of(err.code, err.params),
                                               **params) from None
            if number < len(segments) and len(match.history) == start_len:
                raise NotationError(f"deal {number} stops before its end", "bad_notation")
    if magic == MAGIC:   # after the replay, which names a bad action more precisely
        count, held = fields[9], sum(len(d.action_tokens()) for d in match.deals())
        if not _is_number(count) or int(count) != held:
            params = {"why": "cut_short", "count": _short(count, 20), "held": held}
            raise NotationError.worded("", "bad_notation", **params)
    canonical = format_match(match)
    if magic == LEGACY_MAGIC:   # version 1's canonical form: version 2's without the count
        canonical = LEGACY_MAGIC + canonical[len(MAGIC):canonical.rindex(" ")]
    if canonical != line:
        raise NotationError(f"not the canonical notation; did you mean {_short(canonical)!r}?", "bad_notation")
    return match


def format_link(match: Match) -> str:
    """*match* as a share link's token: ``d1.`` then base64url (unpadded) of its notation compressed by zlib.

    Not a secret: anyone who decodes it sees the cards. It keeps a deck from being read off a link at a glance (a
    link from deal 2 on carries the whole deck and the cut), and zlib's checksum refuses a token damaged on the way.

    >>> token = format_link(Match.new(seed=42))
    >>> token.startswith("d1.") and "giretra" not in token
    True
    >>> format_match(parse_link(token))
    'G2 giretra.com hrrr 42 T 0-0 150 * - 0'
    """
    packed = zlib.compress(format_match(match).encode("ascii"), 9)
    return LINK_PREFIX + base64.urlsafe_b64encode(packed).rstrip(b"=").decode("ascii")


def parse_link(text: str) -> Match:
    """The match of a share link's token (:func:`format_link`); its notation is checked as :func:`parse_match` checks.

    :raises NotationError: ``bad_link`` for a token that does not decode (altered, cut short, another version), or
        ``bad_notation`` for one that decodes to a refused notation (a forged one).
    """
    body = text[len(LINK_PREFIX):] if isinstance(text, str) and text.startswith(LINK_PREFIX) else ""
    try:
        if not _LINK_BODY.fullmatch(body):
            raise ValueError
        packed = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
        unpack = zlib.decompressobj()
        line = unpack.decompress(packed, MAX_LENGTH + 1)   # bounded: a small token may inflate to gigabytes
        if not unpack.eof or unpack.unused_data or len(line) > MAX_LENGTH:
            raise ValueError
        notation = line.decode("ascii")
    except (ValueError, binascii.Error, zlib.error):   # (UnicodeDecodeError is a ValueError)
        raise NotationError.worded("", "bad_link", why="bad_link") from None
    return parse_match(notation)


def _parse_scores(text: str) -> tuple[int, int]:
    parts = text.split("-")
    if len(parts) != 2 or not all(_is_number(p) for p in parts):
        raise NotationError(f"scores {text!r} must look like '0-0'", "bad_notation")
    return int(parts[0]), int(parts[1])


def _is_number(text: str) -> bool:
    """ASCII digits only: str.isdigit() also accepts '²' and other digits int() refuses."""
    return text.isascii() and text.isdigit() and len(text) <= 16


def _short(text: str, width: int = 120) -> str:
    return text if len(text) <= width else text[:width] + "…"


__all__ = ["format_match", "parse_match", "format_link", "parse_link", "MAGIC", "LINK_PREFIX", "cards_text",
           "Seat"]
