// Card faces. A suit is always a symbol plus (for screen readers) a name, with colour only as a bonus.
// The faces are drawn here in SVG (no image to fetch): the corner index (rank and suit symbol, HTML text so that it
// stays sharp and readable at a phone's card size), pips for the number cards, a figure for the court cards and one
// large pip for the ace. Everything is filled with currentColor: the suit's class (and the four-colour deck) colours it.

import { h } from '../dom.js';
import { SUIT_SYMBOLS, splitCard } from '../i18n.js';

const SVG_NS = 'http://www.w3.org/2000/svg';

// Each suit's symbol in a 20-unit box centred on 0,0.
const SUIT_PATHS = {
  H: 'M0 9C-4 5-10 1-10-4C-10-8-7-10-4.5-10C-2.5-10-.8-8.8 0-7C.8-8.8 2.5-10 4.5-10C7-10 10-8 10-4C10 1 4 5 0 9Z',
  D: 'M0-10Q3.5-4 7.5 0Q3.5 4 0 10Q-3.5 4-7.5 0Q-3.5-4 0-10Z',
  S: 'M0-10C4-5 10-2 10 2.5C10 6 7.5 7.5 5 7.5C3.2 7.5 1.6 6.6.8 5.2C1 7.5 2 9 3.5 10H-3.5C-2 9-1 7.5-.8 5.2'
    + 'C-1.6 6.6-3.2 7.5-5 7.5C-7.5 7.5-10 6-10 2.5C-10-2-4-5 0-10Z',
  // three leaves (circles drawn the same way round, so that they fill as one) and a stem
  C: 'M-4.6 -4.8a4.6 4.6 0 1 0 9.2 0a4.6 4.6 0 1 0 -9.2 0M-9.5 1.8a4.6 4.6 0 1 0 9.2 0a4.6 4.6 0 1 0 -9.2 0M0.3 1.8a4.6 4.6 0 1 0 9.2 0a4.6 4.6 0 1 0 -9.2 0M-2.6 0.6a2.6 2.6 0 1 0 5.2 0a2.6 2.6 0 1 0 -5.2 0M-.9 2C-1 6-2 8.6-3.8 10H3.8C2 8.6 1 6 .9 2Z',
};

// Pips of the number cards in the card's 100×140 box, right of the corner index: two columns and a middle one.
const L = 42;
const R = 80;
const M = 61;
const SIDES4 = [22, 54, 86, 118].flatMap((y) => [[L, y], [R, y]]);
const SIDES3 = [22, 70, 118].flatMap((y) => [[L, y], [R, y]]);
const PIPS = {
  7: [...SIDES3, [M, 46]],
  8: [...SIDES3, [M, 46], [M, 94]],
  9: [...SIDES4, [M, 70]],
  10: [...SIDES4, [M, 38], [M, 102]],
};

// The court cards' headwear, drawn over the figure's head (gold, outlined): a crown, a tiara, a cap with a feather.
const HEADWEAR = {
  K: 'M47 50V33L54 42L61 28L68 42L75 33V50Z',
  Q: 'M48 51Q49 38 61 35Q73 38 74 51Q61 44 48 51Z',
  J: 'M46 52Q47 38 62 38Q76 39 77 52Q61 46 46 52ZM70 40Q80 28 88 30Q80 33 73 43Z',
};

function s(tag, attrs = {}, children = []) {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [name, value] of Object.entries(attrs)) el.setAttribute(name, String(value));
  el.append(...children);
  return el;
}

function pip(suit, x, y, scale = 0.9) {
  const flip = y > 70 && scale < 1.5 ? ' rotate(180)' : '';   // the lower half's pips upside down, as on a real deck
  return s('path', { d: SUIT_PATHS[suit], transform: `translate(${x} ${y}) scale(${scale})${flip}` });
}

function courtFigure(suit, rank) {
  return [
    s('rect', { x: 29, y: 8, width: 64, height: 124, rx: 5, fill: 'currentColor', 'fill-opacity': 0.08,
      stroke: 'currentColor', 'stroke-width': 1.5 }),
    // shoulders and robe in the suit's colour, the suit on the chest, a face
    s('path', { d: 'M35 131C36 98 47 82 61 80C75 82 86 98 87 131Z', fill: 'currentColor' }),
    s('path', { d: 'M51 83L61 101L71 83', fill: 'none', stroke: '#fffdf7', 'stroke-width': 2.5 }),
    s('path', { d: SUIT_PATHS[suit], transform: 'translate(61 114) scale(0.75)', fill: '#fffdf7' }),
    s('circle', { cx: 61, cy: 64, r: 13, fill: '#f4dcc0', stroke: 'currentColor', 'stroke-width': 1.5 }),
    s('path', { d: HEADWEAR[rank], fill: '#e0ad2f', stroke: '#7a5a10', 'stroke-width': 1.2 }),
  ];
}

/** The art of a card's face: pips, a figure or the ace's large pip (decoration: hidden from screen readers). */
export function cardArt(code) {
  const { rank, suit } = splitCard(code);
  let art;
  if (PIPS[rank]) art = PIPS[rank].map(([x, y]) => pip(suit, x, y));
  else if (rank === 'A') {
    art = [s('circle', { cx: M, cy: 72, r: 30, fill: 'none', stroke: 'currentColor', 'stroke-opacity': 0.35,
      'stroke-width': 1.5 }), pip(suit, M, 72, 2.2)];
  } else art = courtFigure(suit, rank);
  return s('svg', { class: 'gt-face__art', viewBox: '0 0 100 140', 'aria-hidden': 'true', focusable: 'false',
    fill: 'currentColor', preserveAspectRatio: 'xMidYMid meet' }, art);
}

// Each takes the surface's translator *t* (i18n.translator) first.

/** The printed face of a card: the corner index (short rank and suit symbol, e.g. "V♥" in French) over its art. */
export function renderFace(t, code) {
  const { rank, suit } = splitCard(code);
  return h('span.gt-face', { attrs: { 'aria-hidden': 'true' } }, [
    cardArt(code),
    h('span.gt-face__index', [
      h('span.gt-face__rank', t.rank(rank)),
      h('span.gt-face__suit', SUIT_SYMBOLS[suit]),
    ]),
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
