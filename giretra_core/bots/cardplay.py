"""Heuristic card play on bare masks: the play of the basic and advanced levels and of the search's play-outs.

:func:`heuristic_card` picks a card like a careful player: cash master cards, draw trumps when
the team announced, add points when the partner wins the trick, win cheaply when last, keep
low when second, throw the cheapest card otherwise.  It reads only what the seat may know:
its hand, the cards gone, and *may* — per seat, the cards that seat may still hold (with
inference, known voids shrink it; without, it is every card not seen).

Everything is an int or a mask, so play-outs can call it thousands of times per decision.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import SUIT_MASKS, Card, Mask
from ..modes import BEATERS, POINTS, STRENGTH, TRUMP_MASK, Mode
from ..play import winning_index

BASIC, ADVANCED = 1, 2
PROMOTE_MIN = 10
_NT = int(Mode.NO_TRUMPS)
_AT = int(Mode.ALL_TRUMPS)
_SUITS = SUIT_MASKS


def _bits(mask: Mask) -> list[Card]:
    """The cards of *mask* as a list (a plain loop: twice as fast as ``list(cards_of(mask))`` here)."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _beats(card: Card, win: Card, mode: int) -> bool:
    if card >> 3 == win >> 3:
        return bool(BEATERS[mode][win] >> card & 1)
    return card >> 3 == mode


def _threatened(card: Card, led: int, mode: int, opps: Sequence[int], may: Sequence[Mask], out: Mask) -> bool:
    """Could one of *opps* (still to play) beat *card*, winning the trick now?"""
    beaters = BEATERS[mode][card]
    suit = card >> 3
    trump = TRUMP_MASK[mode]
    for p in opps:
        held = may[p]
        if suit == led:
            if held & beaters:
                return True
            # A ruff: known void, or the suit is nearly gone.
            if trump and suit != mode and held & trump and \
                    (not held & _SUITS[led] or (out & _SUITS[led]).bit_count() <= 1):
                return True
        elif suit == mode and held & beaters and \
                (not held & _SUITS[led] or (out & _SUITS[led]).bit_count() <= 1):
            return True  # our ruff could be overtrumped by a void opponent
    return False


def _keep_value(card: Card, mode: int, out: Mask, hand: Mask) -> float:
    """How much *card* is worth keeping for later tricks (beyond its points)."""
    value = 0.0
    if TRUMP_MASK[mode] >> card & 1:
        value += 12 + STRENGTH[mode][card]
    beaters = BEATERS[mode][card]
    if not beaters & out:  # master: it should win a trick of its own later
        if out & _SUITS[card >> 3]:
            value += 6 + 0.5 * POINTS[mode][card]
    elif (beaters & out).bit_count() == 1 and (hand & _SUITS[card >> 3]).bit_count() >= 2:
        value += 3  # second best and guarded: it will often win later
    return value


def _cheapest(cards: Sequence[Card], mode: int, out: Mask, hand: Mask) -> Card:
    points, strength = POINTS[mode], STRENGTH[mode]
    best, best_cost = cards[0], 1e9
    for c in cards:
        cost = points[c] + _keep_value(c, mode, out, hand) + 0.01 * strength[c]
        suit_held = hand & _SUITS[c >> 3]
        if points[c] == 0 and suit_held.bit_count() == 2 and suit_held & _guarded_honours(mode, c >> 3):
            cost += 2.5  # the low card that guards an honour
        if cost < best_cost:
            best, best_cost = c, cost
    return best


def _guarded_honours(mode: int, suit: int) -> Mask:
    """The honours of *suit* that a low card beside them protects (9, 10, A in trump order; 10, K plain)."""
    base = suit * 8
    if mode in (_AT, suit):
        return (1 << (base + 2)) | (1 << (base + 3)) | (1 << (base + 7))  # 9, 10, A
    return (1 << (base + 3)) | (1 << (base + 6))  # 10, K


def _add_points(cards: Sequence[Card], mode: int, out: Mask, hand: Mask, keep_masters: bool = False) -> Card:
    points, strength, beaters = POINTS[mode], STRENGTH[mode], BEATERS[mode]
    best, best_score = cards[0], -1e9
    for c in cards:
        if keep_masters and not beaters[c] & out:
            # A master wins a trick of its own later, its points with it: given only when nothing else can be.
            score = points[c] - 100.0
        else:
            score = points[c] - _keep_value(c, mode, out, hand) - 0.01 * strength[c]
        if score > best_score:
            best, best_score = c, score
    return best


def _next_below_out(card: Card, mode: int, out: Mask) -> bool:
    """Is the card just below *card* in its suit (10 under the ace) still out with points?"""
    below = [c for c in _bits(out & _SUITS[card >> 3]) if STRENGTH[mode][c] < STRENGTH[mode][card]]
    if not below:
        return False
    top = max(below, key=STRENGTH[mode].__getitem__)
    return POINTS[mode][top] >= 10


def _win_cost(card: Card, mode: int, out: Mask, hand: Mask) -> float:
    return _keep_value(card, mode, out, hand) + 0.3 * STRENGTH[mode][card] - 0.02 * POINTS[mode][card]


def heuristic_card(seat: int, hand: Mask, legal: Mask, trick: Sequence[Card], leader: int, mode: int,
                   out: Mask, may: Sequence[Mask], announcer_team: int, level: int = ADVANCED,
                   partner_suit: int = -1, avoid_suits: int = 0, eva_leads: bool = False,
                   last_led: int = -1) -> tuple[Card, str]:
    """The card to play and the reason key.

    *out* is every card held by the other three; *may[p]* the cards seat *p* may hold;
    *partner_suit* a suit the partner showed (its bid or signal), -1 if none; *avoid_suits*
    a 4-bit set of suits the partner asked not to lead; *eva_leads* (the advanced level's play, and the expert's
    play-outs; the basic level plays without) cashes masters as Eva does, leads the
    second best of its longest suit in NoTrumps and AllTrumps, and in AllTrumps keeps its masters off the
    partner's trick; *last_led* the suit this seat led to the trick just won (-1 if it did not lead it), whose
    masters it keeps cashing.
    """
    if not legal & (legal - 1):
        return (legal & -legal).bit_length() - 1, "only_card"
    if not trick:
        return _lead(seat, hand, mode, out, may, announcer_team, level, partner_suit, avoid_suits,
                     eva_leads and level >= ADVANCED, last_led)
    return _follow(seat, hand, legal, trick, leader, mode, out, may, level, eva_leads and level >= ADVANCED)


def _lead(seat: int, hand: Mask, mode: int, out: Mask, may: Sequence[Mask], announcer_team: int, level: int,
          partner_suit: int, avoid_suits: int, eva_leads: bool = False, last_led: int = -1) -> tuple[Card, str]:
    points, strength, beaters = POINTS[mode], STRENGTH[mode], BEATERS[mode]
    trump = TRUMP_MASK[mode]
    o1, o2 = (seat + 1) & 3, (seat + 3) & 3
    opp_may = may[o1] | may[o2]
    cards = _bits(hand)
    we_announce = seat & 1 == announcer_team
    if trump:
        my_trumps = hand & trump
        opp_trumps = opp_may & trump
        if we_announce and my_trumps and opp_trumps:
            top = max(_bits(my_trumps), key=strength.__getitem__)
            if not beaters[top] & out:
                return top, "draw_trumps"
    if eva_leads and not trump:
        # Both opponents are void in a suit the partner still holds: every card of it wins the trick for us.
        # (Eva's leads, each measured with and without in docs/bots.md, "Eva's leads in the advanced level".)
        for c in sorted(cards, key=strength.__getitem__, reverse=True):
            s = c >> 3
            if out & _SUITS[s] and not opp_may & _SUITS[s] and not avoid_suits >> s & 1:
                return c, "lead_winner"
    if eva_leads:
        cash = _cash_master(seat, hand, mode, out, may, partner_suit, avoid_suits, last_led)
    else:
        cash = _policy_master(seat, hand, mode, out, may, level)
    if cash >= 0:
        return cash, "draw_trumps" if trump >> cash & 1 else "master"
    if trump:
        my_trumps = hand & trump
        if we_announce and my_trumps.bit_count() >= 2 and opp_may & trump and \
                (level == BASIC or (my_trumps.bit_count() >= 3 or not (out & trump & ~opp_may))):
            low = min(_bits(my_trumps), key=strength.__getitem__)
            return low, "push_trumps"
        if level >= ADVANCED and my_trumps and not we_announce:
            # Defender with a trump: lead a singleton to ruff the suit later.
            for c in cards:
                s = c >> 3
                if s != mode and (hand & _SUITS[s]).bit_count() == 1 and points[c] <= 4 and out & _SUITS[s]:
                    return c, "lead_short"
    if partner_suit >= 0 and hand & _SUITS[partner_suit] and (not trump or partner_suit != mode or we_announce):
        suit_cards = _bits(hand & _SUITS[partner_suit])
        # The advanced level leads it with its strongest card, as Eva does (measured: docs/bots.md, "Eva's leads").
        pick = max if eva_leads else min
        return pick(suit_cards, key=strength.__getitem__), "lead_partner_suit"
    # In NoTrumps and AllTrumps the advanced level leads as Eva does: the second best of its longest suit, which draws
    # the opponents' honours (in AllTrumps they must beat it if they can; measured: docs/bots.md, "AllTrumps and Eva").
    long = eva_leads and not trump
    best = _long_suit_lead(hand, mode, avoid_suits) if long else _low_lead(cards, hand, mode, out, we_announce,
                                                                          avoid_suits, level)
    s = best >> 3
    if not beaters[best] & opp_may and not (trump and s != mode and opp_may & trump):
        # No opponent can beat it: "lead low" or "give the lead away" would be false (a hint audit found 4 in 250).
        return best, "lead_winner"
    held = (hand & _SUITS[s]).bit_count()
    if long and held >= 2 and all((hand & _SUITS[t]).bit_count() <= held for t in range(4)):
        return best, "lead_long"
    # A ten or an ace led where a cheaper card could be: kept for what the others guard, not "cheaply" (a player's
    # audit read "give the lead away cheaply" on the A♦ with the Q♥ in hand).
    if points[best] > min(points[c] for c in cards):
        return best, "lead_keep"
    return best, "lead_low" if points[best] == 0 else "lead_exit"


def _low_lead(cards: Sequence[Card], hand: Mask, mode: int, out: Mask, we_announce: bool, avoid_suits: int,
              level: int) -> Card:
    """Lead low from the suit that costs least to give away."""
    points, strength, beaters = POINTS[mode], STRENGTH[mode], BEATERS[mode]
    trump = TRUMP_MASK[mode]
    best, best_cost = cards[0], 1e9
    for c in cards:
        s = c >> 3
        held = hand & _SUITS[s]
        cost = points[c] + 0.1 * strength[c] + _keep_value(c, mode, out, hand)
        if trump and s == mode and not we_announce:
            cost += 15
        # Leading from a suit where we hold a vulnerable honour (10 without the ace, 9 without the jack).
        if beaters[c] & held and beaters[c] & out:
            cost += 4
        if level >= ADVANCED:
            if avoid_suits >> s & 1:
                cost += 6
            if not out & _SUITS[s]:
                cost += 3  # nobody follows: it will win anyway, keep it
        if cost < best_cost:
            best, best_cost = c, cost
    return best


def _long_suit_lead(hand: Mask, mode: int, avoid_suits: int) -> Card:
    """Eva's default lead (``ChooseDefaultLead``): the second-best card of the longest suit the partner did not
    ask to avoid (ties: the suit with the higher top), its only card if alone."""
    strength = STRENGTH[mode]
    best_key, best = (False, 0, 0), -1
    for s in range(4):
        held = hand & _SUITS[s]
        if not held:
            continue
        ordered = sorted(_bits(held), key=strength.__getitem__, reverse=True)
        key = (not avoid_suits >> s & 1, len(ordered), strength[ordered[0]])
        if key > best_key:
            best_key, best = key, ordered[1] if len(ordered) > 1 else ordered[0]
    return best


def _policy_master(seat: int, hand: Mask, mode: int, out: Mask, may: Sequence[Mask], level: int) -> Card:
    """The master to cash of the basic level and of the play-outs, or -1: the one worth most points that the
    opponents cannot ruff."""
    points, strength, beaters = POINTS[mode], STRENGTH[mode], BEATERS[mode]
    trump = TRUMP_MASK[mode]
    best, best_points = -1, -1
    for c in _bits(hand):
        s = c >> 3
        if beaters[c] & out or (trump and s == mode):
            continue
        if not out & _SUITS[s]:
            continue  # nobody follows: keep it for the end
        if trump:
            ruff = False
            for p in ((seat + 1) & 3, (seat + 3) & 3):
                if may[p] & trump and (not may[p] & _SUITS[s] or (out & _SUITS[s]).bit_count() <= 1):
                    ruff = True
            if ruff:
                continue
        if level >= ADVANCED and mode == _NT:
            rest = (out | hand) & _SUITS[s] & ~(1 << c)
            if rest:
                top = max(_bits(rest), key=strength.__getitem__)
                if out >> top & 1 and points[top] >= PROMOTE_MIN:
                    continue  # cashing the ace would make their ten master
        if points[c] > best_points:
            best, best_points = c, points[c]
    return best


def _cash_master(seat: int, hand: Mask, mode: int, out: Mask, may: Sequence[Mask], partner_suit: int,
                 avoid_suits: int, last_led: int) -> Card:
    """The master card the advanced level cashes at once, or -1 (Eva's first lead step, measured in docs/bots.md).

    Strongest first, the partner's suit, then the suit just cashed (*last_led*), before the others, and a suit the
    partner asked not to lead after them;
    a master trump too, as defender as well, while an opponent may hold trumps.
    """
    points, strength, beaters = POINTS[mode], STRENGTH[mode], BEATERS[mode]
    trump = TRUMP_MASK[mode]
    o1, o2 = (seat + 1) & 3, (seat + 3) & 3
    best, best_rank = -1, (0, 0, 0, 0, 0)
    for c in _bits(hand):
        s = c >> 3
        if beaters[c] & out:
            continue
        if trump >> c & 1:
            if not (may[o1] | may[o2]) & trump:
                continue
        elif trump:
            ruff = False
            for p in (o1, o2):
                if may[p] & trump and (not may[p] & _SUITS[s] or (out & _SUITS[s]).bit_count() <= 1):
                    ruff = True
            if ruff:
                continue
        if mode == _NT:
            rest = (out | hand) & _SUITS[s] & ~(1 << c)
            if rest:
                top = max(_bits(rest), key=strength.__getitem__)
                if out >> top & 1 and points[top] >= PROMOTE_MIN:
                    continue  # cashing the ace would make their ten master
        rank = (not avoid_suits >> s & 1, s == partner_suit, s == last_led, strength[c], points[c])
        if rank > best_rank:
            best, best_rank = c, rank
    return best


def _follow(seat: int, hand: Mask, legal: Mask, trick: Sequence[Card], leader: int, mode: int, out: Mask,
            may: Sequence[Mask], level: int, own: bool = False) -> tuple[Card, str]:
    points = POINTS[mode]
    trump = TRUMP_MASK[mode]
    pos = len(trick)
    led = trick[0] >> 3
    win_i = winning_index(trick, mode)
    win = trick[win_i]
    partner_winning = (leader + win_i) & 3 == seat ^ 2
    later_opps = [(seat + k) & 3 for k in range(1, 4 - pos) if ((seat + k) & 3) & 1 != seat & 1]
    cards = _bits(legal)
    trick_points = 0
    for c in trick:
        trick_points += points[c]
    if partner_winning:
        if not later_opps or not _threatened(win, led, mode, later_opps, may, out):
            # In AllTrumps the advanced level keeps its masters off the partner's trick (measured: docs/bots.md).
            card = _add_points(cards, mode, out, hand, own and mode == _AT)
            if not points[card]:
                return card, "partner_wins_low"
            # Over the partner's card, the trick stays ours with more points; "partner wins" would no longer be true.
            return card, "our_trick_add" if _beats(card, win, mode) else "partner_wins_add"
        # The partner may lose it: secure with a sure winner if the trick is worth it.
        sure = [c for c in cards if _beats(c, win, mode) and not _threatened(c, led, mode, later_opps, may, out)]
        if sure and trick_points >= 10 and level >= ADVANCED:
            return min(sure, key=lambda c: _win_cost(c, mode, out, hand)), "win_master"
        return _cheapest(cards, mode, out, hand), "partner_may_lose"
    winners = [c for c in cards if _beats(c, win, mode)]
    if winners:
        if not later_opps:
            card = min(winners, key=lambda c: _win_cost(c, mode, out, hand))
            return card, "win_trump" if trump >> card & 1 and led != mode else "win_cheap"
        sure = [c for c in winners if not _threatened(c, led, mode, later_opps, may, out)]
        if sure:
            card = min(sure, key=lambda c: _win_cost(c, mode, out, hand))
            second = pos == 1 and level >= ADVANCED
            if second and mode == _NT and _next_below_out(card, mode, out):
                # Keep the ace over their ten: it will capture it later.
                return _cheapest(cards, mode, out, hand), "second_low"
            if not second or trick_points + points[card] >= 10 or trump >> card & 1:
                if trump >> card & 1 and led != mode:
                    return card, "win_trump"
                return card, "win_master"
            return _cheapest(cards, mode, out, hand), "second_low"
        if trump and led != mode and all(trump >> c & 1 for c in cards):
            # Forced to trump: the highest we can afford if points are at stake, else the lowest.
            if trick_points >= 10:
                return max(winners, key=STRENGTH[mode].__getitem__), "win_trump"
            return min(cards, key=lambda c: _win_cost(c, mode, out, hand)), "win_trump"
        if pos == 2 and trick_points >= 10:
            return max(winners, key=STRENGTH[mode].__getitem__), "win_points"
        return _cheapest(cards, mode, out, hand), "second_low" if pos == 1 else "duck"
    card = _cheapest(cards, mode, out, hand)
    # "Cheapest" in points; a costlier card thrown to keep a later winner or guard is said so.
    return card, "throw_cheap" if points[card] == min(points[c] for c in cards) else "throw_spare"
