// Card faces. A suit is always a symbol plus (for screen readers) a name, with colour only as a bonus.

import { h } from '../dom.js';
import { SUIT_SYMBOLS, splitCard } from '../i18n.js';

// Each takes the surface's translator *t* (i18n.translator) first.

/** The printed face of a card: short rank and suit symbol, e.g. "V♥" in French. */
export function renderFace(t, code) {
  const { rank, suit } = splitCard(code);
  return h('span.gt-face', { attrs: { 'aria-hidden': 'true' } }, [
    h('span.gt-face__rank', t.rank(rank)),
    h('span.gt-face__suit', SUIT_SYMBOLS[suit]),
  ]);
}

/** A face-up card that is not a control (in the trick, in a history). */
export function renderCard(t, code, { seat, classes = {}, label = t.card(code) } = {}) {
  const { suit } = splitCard(code);
  return h(`div.gt-card.gt-suit--${suit}`, {
    class: classes,
    dataset: { card: code, seat },
    attrs: { role: 'img', 'aria-label': label },
  }, renderFace(t, code));
}

/** A small inline card for text: "J♥". */
export function renderCardInline(t, code) {
  const { suit } = splitCard(code);
  return h(`span.gt-inline-card.gt-suit--${suit}`, { attrs: { title: t.card(code) } }, [
    h('span', { attrs: { 'aria-hidden': 'true' } }, `${t.rank(splitCard(code).rank)}${SUIT_SYMBOLS[suit]}`),
    h('span.gt-sr', t.card(code)),
  ]);
}
