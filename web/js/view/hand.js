// The human's hand, sorted by the engine for the contract. Every card is a button; the engine decides.

import { h, prose, uid } from '../dom.js';
import { renderFace } from './cards.js';

export function renderHand(t, model, cfg) {
  const { view } = model;
  const myTurn = view.toAct === view.seat && view.phase === 'play' && !model.shownTrick;
  const legality = new Map(view.legal.filter((a) => a.type === 'card').map((a) => [a.card, a]));
  // One Tab stop for the hand (arrows move along it): the hinted card, else the first playable one, else the first.
  const tabStop = (myTurn && model.hint && legality.get(model.hint.action)?.legal ? model.hint.action : null)
    ?? view.hand.find((code) => myTurn && legality.get(code)?.legal) ?? view.hand[0];
  return h('ol.gt-hand', {
    attrs: { 'aria-label': t('hand.label', { n: view.hand.length }) },
    on: { keydown: moveFocus },
  }, view.hand.map((code) => {
    const entry = myTurn ? legality.get(code) : null;
    const legal = entry?.legal === true;
    const illegal = entry?.legal === false;
    const suit = code.slice(-1);
    const isNew = Boolean(model.newCards?.cards.has(code));   // (dealt after the negotiation: view/motion.js deals them)
    // Why a card may not be played: a mouse sees the title; a keyboard sees this tip when the card has the focus (as
    // for the calls), and a screen reader reads it as the card's description.
    const tipId = illegal ? uid('why') : null;
    return h('li.gt-hand__slot', [h(`button.gt-card.gt-card--hand.gt-suit--${suit}`, {
      type: 'button',
      class: { 'is-legal': legal, 'is-illegal': illegal, 'is-new': isNew,
        'is-hinted': myTurn && model.hint?.action === code },
      dataset: { card: code, action: code, focus: `card:${code}` },
      attrs: {
        tabindex: code === tabStop ? '0' : '-1',
        'aria-label': t.card(code) + (legal ? ` — ${t('hand.playable')}` : ''),
        'aria-disabled': illegal ? 'true' : null,
        'aria-describedby': tipId,
        title: illegal ? entry.reason?.message : null,
      },
      on: { click: () => cfg.onAction(code) },
    }, renderFace(t, code)),
    illegal ? h('span.gt-tip.gt-tip--hand', { id: tipId, attrs: { role: 'tooltip' } }, prose(entry.reason?.message ?? '')) : null,
    ]);
  }));
}

// Arrow keys move along the hand (a roving focus for keyboard players); Enter or Space plays.
function moveFocus(event) {
  rove(event, 'button.gt-card');
}

/** Arrows, Home and End move the focus among the *selector* buttons of a group that is a single Tab stop (the hand,
 * the calls, the cut): the one focused becomes the group's Tab stop. Left and Right go along the reading order; Up and
 * Down go to the nearest button of the row above or below where the buttons take several rows (the calls: Down on an
 * announce went to the next announce, not to Accept below), else along as Left and Right. The key's target is the
 * focused button (in a widget's shadow root, document.activeElement is the widget itself). Buttons not drawn (a folded
 * call) are skipped. */
export function rove(event, selector) {
  const keys = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1, Home: -Infinity, End: Infinity };
  if (event.key === 'Escape') {   // a refused card's or call's reason shown over the status line: Escape hides it
    const button = event.target.closest(selector);
    if (button?.nextElementSibling?.classList.contains('gt-tip')) {
      button.classList.add('is-tip-hidden');
      event.preventDefault();
    }
    return;
  }
  if (!(event.key in keys)) return;
  const items = [...event.currentTarget.querySelectorAll(selector)].filter((b) => b.getClientRects().length);
  const index = items.indexOf(event.target.closest(selector));
  if (index < 0) return;
  event.preventDefault();
  const step = keys[event.key];
  const vertical = event.key === 'ArrowUp' || event.key === 'ArrowDown';
  let next = vertical ? rowNeighbour(items, index, step) : null;
  if (next === null) {
    next = Number.isFinite(step) ? (index + step + items.length) % items.length : (step < 0 ? 0 : items.length - 1);
  }
  if (next < 0) return;   // Up on the first row, Down on the last: stay
  for (const item of items) item.tabIndex = item === items[next] ? 0 : -1;
  items[next].focus();
}

// The index of the button nearest to items[index] horizontally in the next row in *direction* (1 down, -1 up); -1 at
// the top or bottom row; null when the buttons are all in one row (Up and Down then move along it).
function rowNeighbour(items, index, direction) {
  const rects = items.map((b) => b.getBoundingClientRect());
  const middle = (r) => (r.top + r.bottom) / 2;
  const here = rects[index];
  const sameRow = (r) => Math.abs(middle(r) - middle(here)) < here.height / 2;
  if (rects.every(sameRow)) return null;
  const beyond = rects.map((r, i) => [r, i]).filter(([r]) => direction * (middle(r) - middle(here)) >= here.height / 2);
  if (!beyond.length) return -1;
  const nearest = beyond.reduce((a, b) => (direction * (middle(b[0]) - middle(a[0])) < 0 ? b : a))[0];
  const row = beyond.filter(([r]) => Math.abs(middle(r) - middle(nearest)) < nearest.height / 2);
  const centre = (r) => (r.left + r.right) / 2;
  return row.reduce((a, b) => (Math.abs(centre(b[0]) - centre(here)) < Math.abs(centre(a[0]) - centre(here)) ? b : a))[1];
}
