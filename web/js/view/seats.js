// One seat around the table: name, team colour, dealer chip, whose turn, cards left, last call.

import { h } from '../dom.js';

// The seam's fixed partnerships (docs/api.md): Team1 = Bottom + Top, Team2 = Left + Right.
export const TEAM_OF = { Bottom: 'Team1', Top: 'Team1', Left: 'Team2', Right: 'Team2' };
export const SEATS = ['Bottom', 'Left', 'Top', 'Right'];
const TURN_CHIP = { cut: 'table.toCut', negotiation: 'table.toSpeak' };   // else 'to play'

export function playerLabel(t, view, seat) {
  const kind = view.players[seat];
  if (kind === 'human') return seat === view.seat ? t('seat.you') : t('player.human');
  return t.maybe(`level.${kind}`) ?? kind;
}

export function renderSeat(t, model, seat) {
  const { view } = model;
  const team = TEAM_OF[seat];
  const isTurn = view.toAct === seat && view.phase !== 'match_over';
  const lastCall = view.phase === 'negotiation'
    ? [...view.calls].reverse().find((c) => c.seat === seat) : null;
  const tricksWon = view.tricks.filter((tr) => tr.winner === seat).length;
  const position = seat.toLowerCase();
  return h(`section.gt-seat.gt-seat--${position}.gt-team--${team.toLowerCase()}`, {
    class: { 'is-turn': isTurn, 'is-thinking': model.thinking === seat, 'is-me': seat === view.seat },
    dataset: { seat },
    attrs: { 'aria-label': t('seat.aria', { seat: t.seat(seat), team: t(`team.${team}`) }) },
  }, [
    h('div.gt-seat__head', [
      h('span.gt-seat__name', t.seat(seat)),
      // Who is who in words, not only by the team's colour: the player's partner sits opposite.
      seat === view.seat ? null : h('span.gt-seat__role', { dataset: { role: team === TEAM_OF[view.seat] ? 'partner' : 'opponent' } },
        t(team === TEAM_OF[view.seat] ? 'seat.partner' : 'seat.opponent')),
      seat === view.dealer
        ? h('span.gt-chip.gt-chip--dealer', {   // an image of a "D": its name is read, not the letter
          attrs: { title: t('table.dealer'), role: 'img', 'aria-label': t('table.dealer') },
        },
          t('table.dealerChip'))
        : null,
      isTurn ? h('span.gt-chip.gt-chip--turn', t(TURN_CHIP[view.phase] ?? 'table.toAct')) : null,
    ]),
    h('div.gt-seat__meta', [
      h('span.gt-seat__player', model.labSeat === seat ? t('seat.labBot') : playerLabel(t, view, seat)),
      seat !== view.seat ? h('span.gt-seat__count', [
        t('table.cards', { n: view.handCounts[seat] }),
        h('span.gt-seat__backs', { attrs: { 'aria-hidden': 'true' } },
          Array.from({ length: view.handCounts[seat] }, () => h('span.gt-back'))),
      ]) : null,
      // From the first card, "tricks: 0" included: a count that appeared with the first trick won resized the seat.
      view.phase === 'play' ? h('span.gt-seat__tricks', t('table.tricksWon', { n: tricksWon })) : null,
    ]),
    lastCall ? h('div.gt-bubble', { class: { 'is-double': lastCall.type !== 'announce' && lastCall.type !== 'accept' } },
      lastCall.text.replace(/ (?=[♣♦♥♠])/g, '\u00a0')) : null,   // a narrow seat never parts "Carreau" from its ♦
  ]);   // "Left is thinking" is the status line's: a line here said it twice and moved the seat up and down
}
