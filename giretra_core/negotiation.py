"""The negotiation: announce, accept, double, redouble (RULES N-1 .. N-9).

A :class:`Negotiation` is an immutable value; :meth:`Negotiation.apply` returns a new one
and is the single place where a call is checked.  Reasons are the categories of RULES §4,
checked in the order given there.

>>> n = Negotiation.start(Seat.BOTTOM)
>>> for seat, text in [(Seat.BOTTOM, "H"), (Seat.LEFT, "ok"), (Seat.TOP, "ok"), (Seat.RIGHT, "ok")]:
...     n = n.apply(seat, parse_call(text))
>>> n.complete, n.contract()
(True, Contract(mode=<Mode.HEARTS: 2>, announcer_team=0, multiplier=1, automatic=False))
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import NamedTuple, TypeVar

from .errors import IllegalActionError, NotationError
from .modes import MODE_TOKENS, Mode, parse_mode
from .rules import ACCEPT_DOUBLED_MODES, PRESETS, Rules
from .seats import Seat, as_seat

_DEFAULT_RULES = PRESETS["giretra.com"]
T = TypeVar("T")


class CallKind(enum.IntEnum):
    ANNOUNCE = 0
    ACCEPT = 1
    DOUBLE = 2
    REDOUBLE = 3

    @property
    def api_name(self) -> str:
        return ("announce", "accept", "double", "redouble")[self]


class Call(NamedTuple):
    """One negotiation action.  *mode* is None only for Accept."""

    kind: CallKind
    mode: Mode | None = None

    @property
    def token(self) -> str:
        """``H`` announce, ``ok`` accept, ``xH`` double, ``xxH`` redouble."""
        if self.kind is CallKind.ACCEPT:
            return "ok"
        assert self.mode is not None
        return ("", "", "x", "xx")[self.kind] + MODE_TOKENS[self.mode]

    def __str__(self) -> str:
        return self.token


ACCEPT = Call(CallKind.ACCEPT)

# Every call that can ever be made: 6 announces, accept, 6 doubles, 6 redoubles (the UI shows them all).
ALL_CALLS: tuple[Call, ...] = (
    *(Call(CallKind.ANNOUNCE, m) for m in Mode),
    ACCEPT,
    *(Call(CallKind.DOUBLE, m) for m in Mode),
    *(Call(CallKind.REDOUBLE, m) for m in Mode),
)
_CALL_BY_TOKEN = {c.token: c for c in ALL_CALLS}
# Call(2, 1) finds Call(CallKind.DOUBLE, Mode.DIAMONDS): IntEnums hash and compare as their numbers.
_CANONICAL_CALL = {c: c for c in ALL_CALLS}


def as_call(value: object) -> Call:
    """A caller's call as one of :data:`ALL_CALLS` (its kind and mode as enums).

    :raises TypeError: if *value* is no call (an Accept with a mode, a bare string: use :func:`parse_call`).
    """
    call = _CANONICAL_CALL.get(value) if type(value) is Call and not any(isinstance(v, bool) for v in value) else None
    if call is None:
        raise TypeError(f"not a call: {value!r}{_what_is_missing(value)} (parse text with parse_call)")
    return call


def _what_is_missing(value: object) -> str:
    """Why a Call of a known kind is none: a Double names the mode it doubles (a bot author's slip: Call(DOUBLE)
    is no call, so `Call(CallKind.DOUBLE) in view.legal` is never true)."""
    if type(value) is not Call or isinstance(value.kind, bool) or value.kind not in tuple(CallKind):
        return ""   # (a bool is no kind, whatever number it equals)
    kind = CallKind(value.kind)
    if kind is CallKind.ACCEPT:
        return ": an Accept names no mode" if value.mode is not None else ""
    if value.mode is None:
        article = "an" if kind is CallKind.ANNOUNCE else "a"
        return f": {article} {kind.name.title()} names its mode, e.g. Call(CallKind.{kind.name}, Mode.HEARTS)"
    return ""


def parse_call(text: str) -> Call:
    """``"xNT"`` -> Double NoTrumps.

    >>> parse_call("xxAT")
    Call(kind=<CallKind.REDOUBLE: 3>, mode=<Mode.ALL_TRUMPS: 5>)

    :raises NotationError: if *text* is not a call token.
    """
    call = _CALL_BY_TOKEN.get(text) if isinstance(text, str) else None
    if call is None:
        raise NotationError(f"invalid call: {text!r} (expected C D H S NT AT, ok, x<mode> or xx<mode>)",
                            "bad_action", text=str(text))
    return call


def call_from_parts(kind: str, mode: str | None) -> Call:
    """Build a call from the vectors' form ``{"type": "double", "mode": "ColourHearts"}``."""
    names = [k.api_name for k in CallKind]
    if kind not in names:
        raise NotationError(f"invalid call type: {kind!r}", "bad_action", text=str(kind))
    k = CallKind(names.index(kind))
    if k is CallKind.ACCEPT:
        return ACCEPT
    if mode is None:
        raise NotationError(f"a {kind} needs a mode", "bad_action", text=str(kind))
    return Call(k, parse_mode(mode))


@dataclass(frozen=True, slots=True)
class Contract:
    """The mode played, the announcing team, and the multiplier (1, 2 or 4) — RULES N-9."""

    mode: Mode
    announcer_team: int
    multiplier: int
    automatic: bool  # doubled automatically by an opponent's Accept (N-5)


class Reason(NamedTuple):
    code: str
    params: dict[str, object]


class Effect(NamedTuple):
    """What a call does (:meth:`Negotiation.effect`): a code, the mode it bears on, and the multiplier it leaves."""

    code: str            # announce, accept, accept_doubles, accept_locks, accept_ends, double, redouble
    mode: Mode | None
    multiplier: int


NOT_DOUBLED, DOUBLED, AUTO_DOUBLED = 0, 1, 2


class Negotiation:
    """The state of one negotiation.  Treat it as immutable."""

    __slots__ = ("rules", "first", "calls", "turn", "bid", "bidder", "announced_at", "announcer", "doubled",
                 "redoubled", "colour_used", "accepted", "first_announce", "first_pass", "last_pass", "locked",
                 "accepts")

    rules: Rules
    first: Seat
    calls: tuple[tuple[Seat, Call], ...]
    turn: Seat
    bid: Mode | None
    bidder: Seat | None
    announced_at: tuple[int, ...]     # per mode: index in calls, -1 if never announced
    announcer: tuple[Seat | None, ...]
    doubled: tuple[int, ...]          # per mode: NOT_DOUBLED, DOUBLED, AUTO_DOUBLED
    redoubled: tuple[bool, ...]
    colour_used: tuple[bool, bool]    # per team (N-2 d)
    accepted: int                     # bitmask of seats barred from announcing by their Accept (N-2 b)
    first_announce: tuple[int, ...]   # per seat, -1 if none (implicit-pass variants)
    first_pass: tuple[int, ...]
    last_pass: tuple[int, ...]
    locked: bool                      # any double (or, in the lock variant, an opponent's accept)
    accepts: int                      # consecutive accepts (N-8)

    @classmethod
    def start(cls, first_speaker: Seat, rules: Rules = _DEFAULT_RULES) -> Negotiation:
        n = cls.__new__(cls)
        n.rules = rules
        n.first = first_speaker
        n.calls = ()
        n.turn = first_speaker
        n.bid = None
        n.bidder = None
        n.announced_at = (-1,) * 6
        n.announcer = (None,) * 6
        n.doubled = (NOT_DOUBLED,) * 6
        n.redoubled = (False,) * 6
        n.colour_used = (False, False)
        n.accepted = 0
        n.first_announce = n.first_pass = n.last_pass = (-1,) * 4
        n.locked = False
        n.accepts = 0
        return n

    def _copy(self) -> Negotiation:
        n = Negotiation.__new__(Negotiation)
        for name in Negotiation.__slots__:
            setattr(n, name, getattr(self, name))
        return n

    @property
    def complete(self) -> bool:
        """Three consecutive Accepts after the last Announce/Double/Redouble (N-8)."""
        return self.accepts >= 3

    # -- legality ------------------------------------------------------------------------------------------------

    def validate(self, seat: Seat, call: Call) -> Reason | None:
        """Why *seat* may not make *call* now, or None if it may (RULES §4 order).

        :raises TypeError: if *seat* or *call* is not one (see :func:`as_seat`, :func:`as_call`).
        """
        return self.reason(as_seat(seat), as_call(call))

    def reason(self, seat: Seat, call: Call) -> Reason | None:
        """:meth:`validate` for a seat and a call known to be ones (the deal's own checks)."""
        if self.complete:
            return Reason("negotiation_complete", {})
        if seat != self.turn:
            return Reason("not_your_turn", {"seat": seat, "turn": self.turn})
        return self._validate_for_turn(seat, call)

    def _validate_for_turn(self, seat: Seat, call: Call) -> Reason | None:
        kind, mode = call
        if kind is CallKind.ACCEPT:
            return Reason("no_bid", {}) if self.bid is None else None
        assert mode is not None
        if kind is CallKind.ANNOUNCE:
            if self.locked:
                auto_lock = not any(self.doubled)
                # The lock variant (N-5): the opponents accepted the current bid, the mode named.
                return Reason("announce_locked", {"mode": self.bid}) if auto_lock \
                    else Reason("announce_after_double", {"mode": mode})
            if self.accepted >> seat & 1:
                return Reason("announce_after_accept", {"mode": mode})
            if self.bid is not None and mode <= self.bid:
                return Reason("not_higher", {"mode": mode, "bid": self.bid})
            if mode.is_colour and self.colour_used[seat & 1]:
                return Reason("colour_already_used_by_team", {"mode": mode})
            return None
        if kind is CallKind.DOUBLE:
            if self.bid is None:
                return Reason("no_bid", {})
            at = self.announced_at[mode]
            if at < 0:
                return Reason("target_not_announced", {"mode": mode})
            announcer = self.announcer[mode]
            assert announcer is not None
            if announcer & 1 == seat & 1:
                return Reason("double_own_team", {"mode": mode})
            if self.doubled[mode]:
                return Reason("already_doubled", {"mode": mode})
            if at < self._pass_index(seat):
                return Reason("implicit_pass", {"mode": mode})
            return None
        # Redouble (N-6)
        if mode not in self.rules.redoublable_modes:
            return Reason("redouble_not_allowed_for_mode",
                          {"mode": mode, "allowed": tuple(sorted(self.rules.redoublable_modes))})
        if not self.doubled[mode]:
            return Reason("not_doubled", {"mode": mode})
        if self.redoubled[mode]:
            return Reason("already_redoubled", {"mode": mode})
        announcer = self.announcer[mode]
        assert announcer is not None
        if announcer & 1 != seat & 1:
            return Reason("redouble_not_announcer_team", {"mode": mode})
        return None

    def _pass_index(self, seat: Seat) -> int:
        """Index of the Announce/Accept that counts as the seat's pass on doubling (N-7)."""
        variant = self.rules.implicit_pass
        if variant == "latest_announce_or_accept":
            return self.last_pass[seat]
        if variant == "first_announce_or_accept":
            return self.first_pass[seat]
        if variant == "first_announce_only":
            return self.first_announce[seat]
        return -1

    def legal_calls(self) -> list[Call]:
        """Every call the player to act may make (empty once complete)."""
        if self.complete:
            return []
        return [c for c in ALL_CALLS if self._validate_for_turn(self.turn, c) is None]

    def effect(self, seat: Seat, call: Call) -> Effect:
        """What *call* by *seat* does, said before it is made (the page writes it beside the call).

        An opponent's first Accept of an undoubled NoTrumps or Clubs doubles it (N-5); the third Accept in a row
        ends the negotiation (N-8); a Double makes ×2 and a Redouble ×4 (N-6).
        """
        kind, mode = call
        if kind is CallKind.ANNOUNCE:
            assert mode is not None
            return Effect("announce", mode, 1)
        if kind is CallKind.DOUBLE:
            assert mode is not None
            return Effect("double", mode, 2)
        if kind is CallKind.REDOUBLE:
            assert mode is not None
            return Effect("redouble", mode, 4)
        bid = self.bid
        if bid is None:
            return Effect("accept", None, 1)
        assert self.bidder is not None
        if bid in ACCEPT_DOUBLED_MODES and seat & 1 != self.bidder & 1 and not self.doubled[bid]:
            if self.rules.accept_doubles(bid):
                return Effect("accept_doubles", bid, 2)
            return Effect("accept_locks", bid, 1)
        contract = self.contract()
        assert contract is not None
        if self.accepts + 1 >= 3:
            return Effect("accept_ends", contract.mode, contract.multiplier)
        return Effect("accept", contract.mode, contract.multiplier)

    # -- transitions ---------------------------------------------------------------------------------------------

    def apply(self, seat: Seat, call: Call) -> Negotiation:
        """The negotiation after *seat* makes *call*.

        :raises IllegalActionError: with the reason code if the call is not legal; *self* is unchanged.
        """
        seat, call = as_seat(seat), as_call(call)
        reason = self.reason(seat, call)
        if reason is not None:
            raise IllegalActionError(f"{seat.api_name} may not {call.kind.api_name} ({call.token}): {reason.code}",
                                     reason.code, **reason.params)
        return self.apply_unchecked(seat, call)

    def apply_unchecked(self, seat: Seat, call: Call) -> Negotiation:
        n = self._copy()
        index = len(self.calls)
        n.calls = self.calls + ((seat, call),)
        n.turn = seat.next
        kind, mode = call
        if kind is CallKind.ANNOUNCE or kind is CallKind.ACCEPT:
            n.last_pass = _set(self.last_pass, seat, index)
            if self.first_pass[seat] < 0:
                n.first_pass = _set(self.first_pass, seat, index)
        if kind is CallKind.ANNOUNCE:
            assert mode is not None
            n.bid, n.bidder = mode, seat
            n.announced_at = _set(self.announced_at, mode, index)
            n.announcer = _set(self.announcer, mode, seat)
            if mode.is_colour:
                n.colour_used = (True, self.colour_used[1]) if seat & 1 == 0 else (self.colour_used[0], True)
            if self.first_announce[seat] < 0:
                n.first_announce = _set(self.first_announce, seat, index)
            if self.rules.accept_blocks_announcing == "until_next_announcement":
                n.accepted = 0
            n.accepts = 0
        elif kind is CallKind.ACCEPT:
            n.accepted = self.accepted | (1 << seat)
            n.accepts = self.accepts + 1
            bid = self.bid
            assert bid is not None and self.bidder is not None
            # N-5: an opponent's first Accept of an undoubled NoTrumps or Clubs counts as a Double.
            if bid in ACCEPT_DOUBLED_MODES and seat & 1 != self.bidder & 1 and not self.doubled[bid]:
                if self.rules.accept_doubles(bid):
                    n.doubled = _set(self.doubled, bid, AUTO_DOUBLED)
                n.locked = True
        elif kind is CallKind.DOUBLE:
            assert mode is not None
            n.doubled = _set(self.doubled, mode, DOUBLED)
            n.locked = True
            n.accepts = 0
        else:
            assert mode is not None
            n.redoubled = _set(self.redoubled, mode, True)
            n.accepts = 0
        return n

    # -- outcome ---------------------------------------------------------------------------------------------------

    def contract(self) -> Contract | None:
        """The contract as it stands (final once :attr:`complete`): RULES N-9."""
        if self.bid is None:
            return None
        doubled = [m for m in Mode if self.doubled[m]]
        if doubled:
            mode = min(doubled, key=lambda m: self.announced_at[m])
            announcer = self.announcer[mode]
            assert announcer is not None
            return Contract(mode, announcer & 1, 4 if self.redoubled[mode] else 2,
                            self.doubled[mode] == AUTO_DOUBLED)
        assert self.bidder is not None
        return Contract(self.bid, self.bidder & 1, 1, False)


def _set(values: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    return values[:index] + (value,) + values[index + 1:]
