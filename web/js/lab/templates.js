// The lab's starting bots: Python sources of choose(view, rng), the seat view of docs/bots.md ("Your own bot").
// tests/test_lab_seam.py plays each of them in the arena, so none of them rots.

export const TEMPLATES = {
  random: `# A bot plays any legal action: view.legal lists them.
from giretra_core.bots import Decision


def choose(view, rng):
    return Decision(rng.choice(view.legal), "any legal action")
`,
  greedy: `# Greedy: no memory, no search. Accepts (passes) in the negotiation, then plays for points.
from giretra_core import Call, CallKind
from giretra_core.bots import Decision
from giretra_core.modes import STRENGTH, card_points


def choose(view, rng):
    legal = view.legal
    if view.phase == "cut":
        return Decision(rng.choice(legal), "any cut is as good as another")
    if view.phase == "negotiation":
        passes = [a for a in legal if isinstance(a, Call) and a.kind is CallKind.ACCEPT]
        return Decision(passes[0] if passes else legal[0], "leave the bidding to others")
    mode = view.contract.mode

    def value(card):
        return card_points(mode, card), STRENGTH[mode][card]

    if view.trick_winning == view.seat.partner:
        return Decision(max(legal, key=value), "partner wins so far: add points")
    return Decision(min(legal, key=value), "play the cheapest card")
`,
  inference: `# Inference: who showed a void? A seat that did not follow the suit led has none left.
# Lead a suit that both opponents still hold, so that they cannot trump it.
from giretra_core import Call, CallKind
from giretra_core.bots import Decision
from giretra_core.cards import suit_of
from giretra_core.modes import STRENGTH, card_points


def voids(view):
    """{seat: set of suits it has shown it lacks}, from the finished tricks and the trick under way."""
    found = {}
    tricks = [(t.leader, t.cards) for t in view.tricks] + [(view.leader, view.trick)]
    for leader, cards in tricks:
        if not cards:
            continue
        led = suit_of(cards[0])
        seat = leader
        for card in cards[1:]:
            seat = seat.next
            if suit_of(card) != led:
                found.setdefault(seat, set()).add(led)
    return found


def choose(view, rng):
    legal = view.legal
    if view.phase == "cut":
        return Decision(rng.choice(legal), "any cut")
    if view.phase == "negotiation":
        passes = [a for a in legal if isinstance(a, Call) and a.kind is CallKind.ACCEPT]
        return Decision(passes[0] if passes else legal[0], "leave the bidding to others")
    mode = view.contract.mode

    def value(card):
        return card_points(mode, card), STRENGTH[mode][card]

    if not view.trick:
        shown = voids(view)
        opponents = [view.seat.next, view.seat.partner.next]
        safe = [c for c in legal if not any(suit_of(c) in shown.get(o, ()) for o in opponents)]
        if safe:
            return Decision(max(safe, key=value), "lead a suit both opponents still hold")
        return Decision(min(legal, key=value), "every suit is cut: lead the cheapest card")
    if view.trick_winning == view.seat.partner:
        return Decision(max(legal, key=value), "partner wins so far: add points")
    return Decision(min(legal, key=value), "play the cheapest card")
`,
};
