// The middle of the table: the trick being played (or the one just won, or the last one on request).

import { h } from '../dom.js';
import { renderCard } from './cards.js';
import { SEATS } from './seats.js';

/** Which trick to draw: the one just completed (during the pause), the last one (peek), or the current. */
export function shownTrick(model) {
  const { view } = model;
  // The one-trick widget, stopped after a trick: that trick stays, and the panel below says what comes next.
  if (model.trickDone && view.tricks.length) return { ...view.tricks[view.tricks.length - 1], kind: 'stopped' };
  if (model.shownTrick) return { ...model.shownTrick, kind: 'done' };
  if (model.peek && view.tricks.length) return { ...view.tricks[view.tricks.length - 1], kind: 'peek' };
  return { ...view.trick, kind: 'current' };
}

export function renderTrick(t, model, cfg) {
  const { view } = model;
  const trick = shownTrick(model);
  const bySeat = Object.fromEntries((trick.cards || []).map((c) => [c.seat, c.card]));
  const highlight = trick.kind === 'current' ? trick.winning : trick.winner;
  const number = view.tricks.length + (trick.kind === 'current' ? 1 : 0);
  let caption;
  // A trick just won keeps its number; the status below says who won it (once).
  if (trick.kind === 'stopped') caption = t('table.trickNumber', { n: view.tricks.length });
  else if (trick.kind === 'done') caption = t('table.trickNumber', { n: trick.number });
  else if (trick.kind === 'peek') {
    caption = t.bySeat('table.lastTrickWon', trick.winner, view.seat, { points: trick.points });
  } else caption = t('table.trickNumber', { n: Math.min(number, 8) });
  // Heard, not seen: the cards are laid out by seat, so each says whose it is, and the trick who holds it so far.
  // The player's own seat is "You", as the screen names it.
  let holds = '';
  if (trick.kind === 'current' && highlight) holds = ` ${t.bySeat('table.trickHeld', highlight, view.seat)}`;
  return h('div.gt-trick', {
    class: { 'is-done': trick.kind === 'done' || trick.kind === 'stopped', 'is-peek': trick.kind === 'peek' },
    attrs: { role: 'group', 'aria-label': `${caption}.${holds}` },
  }, [
    ...SEATS.map((seat) => h(`div.gt-trick__slot.gt-trick__slot--${seat.toLowerCase()}`, { dataset: { seat } },
      bySeat[seat] ? renderCard(t, bySeat[seat], {
        seat,
        label: t('table.trickCard', { seat: t.who(seat, view.seat), card: t.card(bySeat[seat]) }),
        classes: {
          'is-winning': trick.kind === 'current' && highlight === seat,
          'is-winner': trick.kind !== 'current' && highlight === seat,
          'is-fresh': trick.kind === 'current' && seat === trick.cards[trick.cards.length - 1].seat,
          'is-led': seat === trick.cards[0].seat,   // its suit is the one the others must follow
        },
      }) : null)),
    // The caption and its button share the middle of the trick: a row of their own below it pushed the hand
    // below a laptop's screen from trick 2 on, and moved it when the first trick was won.
    h('div.gt-trick__middle', [
      h('p.gt-trick__caption', { attrs: { 'aria-hidden': 'true' } }, caption),   // the group's name already
      trick.kind === 'done'
        ? h('button.gt-btn.gt-trick__next', { type: 'button', dataset: { focus: 'btn:next' }, on: { click: cfg.onSkip } },
          t(trick.last ? 'table.toResult' : 'table.next'))
        : null,
      (trick.kind === 'current' || trick.kind === 'peek') && view.tricks.length
        ? h('button.gt-btn.gt-btn--quiet.gt-trick__peek', {
          type: 'button',
          dataset: { focus: 'btn:peek' },
          on: { click: cfg.onPeek },
        }, trick.kind === 'peek' ? t('table.backToTrick') : t('table.lastTrick'))
        : null,
    ]),
  ]);
}
