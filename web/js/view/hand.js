// The human's hand, sorted by the engine for the contract. Every card is a button; the engine decides.

import { h, uid } from '../dom.js';
import { cardName, t } from '../i18n.js';
import { renderFace } from './cards.js';

export function renderHand(model, cfg) {
  const { view } = model;
  const myTurn = view.toAct === view.seat && view.phase === 'play' && !model.shownTrick;
  const legality = new Map(view.legal.filter((a) => a.type === 'card').map((a) => [a.card, a]));
  // The cards dealt after the negotiation drop in once: a redraw (a hint, a bot's card) resumes their animation
  // where it is (a negative delay), rather than start it again; once it is over, the delay shows the end state.
  const dealtAgo = model.newCards ? `-${Math.round(performance.now() - model.newCards.at)}ms` : null;
  return h('ol.gt-hand', {
    attrs: { 'aria-label': t('hand.label', { n: view.hand.length }) },
    on: { keydown: moveFocus },
  }, view.hand.map((code) => {
    const entry = myTurn ? legality.get(code) : null;
    const legal = entry?.legal === true;
    const illegal = entry?.legal === false;
    const suit = code.slice(-1);
    const isNew = Boolean(model.newCards?.cards.has(code));
    // Why a card may not be played: a mouse sees the title; a keyboard sees this tip when the card has the focus (as
    // for the calls), and a screen reader reads it as the card's description.
    const tipId = illegal ? uid('why') : null;
    return h('li.gt-hand__slot', [h(`button.gt-card.gt-card--hand.gt-suit--${suit}`, {
      type: 'button',
      class: { 'is-legal': legal, 'is-illegal': illegal, 'is-new': isNew,
        'is-hinted': myTurn && model.hint?.action === code },
      style: isNew ? { 'animation-delay': dealtAgo } : {},
      dataset: { card: code, action: code, focus: `card:${code}` },
      attrs: {
        'aria-label': cardName(code) + (legal ? ` — ${t('hand.playable')}` : ''),
        'aria-disabled': illegal ? 'true' : null,
        'aria-describedby': tipId,
        title: illegal ? entry.reason?.message : null,
      },
      on: { click: () => cfg.onAction(code) },
    }, renderFace(code)),
    illegal ? h('span.gt-tip.gt-tip--hand', { id: tipId, attrs: { role: 'tooltip' } }, entry.reason?.message ?? '') : null,
    ]);
  }));
}

// Arrow keys move along the hand (a roving focus for keyboard players); Enter or Space plays.
function moveFocus(event) {
  const keys = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1, Home: -Infinity, End: Infinity };
  if (!(event.key in keys)) return;
  const cards = [...event.currentTarget.querySelectorAll('button.gt-card')];
  const index = cards.indexOf(document.activeElement);
  if (index < 0) return;
  event.preventDefault();
  const step = keys[event.key];
  const next = Number.isFinite(step) ? (index + step + cards.length) % cards.length : (step < 0 ? 0 : cards.length - 1);
  cards[next].focus();
}
