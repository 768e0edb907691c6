// The table's motion: the cut (the deck parts where it was cut), the deal (3 + 2, then 3, packets from the dealer's
// left, clockwise: D-3), a card travelling to the trick, the trick gathered to its winner's side, the contract
// settling after the negotiation. Rendering only: the table (table.js) redraws from its model and hands this the
// rects of the frame before (measure) and the model before and after (play); the controller's cue (a move: its seat
// and action) says what just happened. Transforms and opacity only (Web Animations API): no layout is touched.
//
// Its length follows the speed setting (model.motion: 0 at the instant speed, no motion at all), none under
// prefers-reduced-motion. finish() ends whatever runs at once (a tap, a key); a redraw during a motion carries the
// running animations over to the new twins of their elements, at the time they had reached. While something moves,
// the table's host carries data-motion="cut deal …" (the kinds running): tests wait on it, never on time.

import { SEATS } from './seats.js';

// Lengths in ms at the normal speed (model.motion = 1).
const BASE = { card: 280, gather: 360, split: 240, swap: 320, packet: 280, stagger: 90, contract: 480 };
const EASE = 'cubic-bezier(.2, .7, .3, 1)';
const DECK = 32;

function reduced() {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** The motion of the table drawn in *root* (the table's host: the rects are measured from it). */
export function createMotion(root) {
  const layer = document.createElement('div');   // ghosts: the deck, the packets, a trick being gathered
  layer.className = 'gt-motion';
  layer.setAttribute('aria-hidden', 'true');
  const running = new Map();   // Animation -> {kind, carry: {selector, keyframes, timing} | null, end()}
  let waiters = [];
  let lastCue = null;
  let plannedEnd = 0;          // performance.now() when the last motion started ends at the latest

  function mark() {
    const kinds = [...new Set([...running.values()].map((x) => x.kind))];
    if (kinds.length) { root.dataset.motion = kinds.join(' '); return; }
    root.removeAttribute('data-motion');
    const done = waiters;
    waiters = [];
    for (const resolve of done) resolve();
  }

  function track(anim, kind, { carry = null, ghost = null } = {}) {
    const end = () => {
      if (!running.delete(anim)) return;
      ghost?.remove();
      mark();
    };
    anim.id = kind;   // (told apart by it: DevTools' Animations panel, tools/screenshots.py)
    running.set(anim, { kind, carry, end });
    anim.addEventListener('finish', end);
    anim.addEventListener('cancel', end);
    const { delay = 0, duration = 0 } = anim.effect.getTiming();
    plannedEnd = Math.max(plannedEnd, performance.now() + delay + Number(duration));
    mark();
    return anim;
  }

  function animate(el, keyframes, timing, kind, selector = null) {
    return track(el.animate(keyframes, { easing: EASE, fill: 'backwards', ...timing }), kind,
      { carry: selector ? { selector, keyframes, timing } : null });
  }

  function ghost(className, rect, kind, keyframes, timing) {
    const el = document.createElement('div');
    el.className = className;
    Object.assign(el.style, { left: `${rect.x}px`, top: `${rect.y}px`, width: `${rect.w}px`, height: `${rect.h}px` });
    layer.append(el);
    track(el.animate(keyframes, { easing: EASE, fill: 'both', ...timing }), kind, { ghost: el });
    return el;
  }

  /** The running motion (those *which* picks) ends now, a tap, a key: every element at its place, the ghosts gone. */
  function finish(which = () => true) {
    for (const [anim, x] of [...running]) {
      if (!which(anim)) continue;
      anim.finish();
      x.end();
    }
  }

  function measure() {
    if (!root.isConnected) return null;
    const base = root.getBoundingClientRect();
    const rel = (el) => {
      if (!el) return null;
      const r = el.getBoundingClientRect();
      return { x: r.left - base.left, y: r.top - base.top, w: r.width, h: r.height };
    };
    const cards = new Map([...root.querySelectorAll('.gt-hand [data-card]')].map((el) => [el.dataset.card, rel(el)]));
    const trick = [...root.querySelectorAll('.gt-trick [data-card]')].map((el) => ({ el, rect: rel(el) }));
    const seats = Object.fromEntries([...root.querySelectorAll('.gt-seat[data-seat]')]
      .map((el) => [el.dataset.seat, rel(el)]));
    return { cards, trick, seats, hand: rel(root.querySelector('.gt-hand')), deck: rel(root.querySelector('.gt-deck')),
      trickBox: rel(root.querySelector('.gt-trick')), center: rel(root.querySelector('.gt-center')),
      contract: rel(root.querySelector('.gt-contract')) };
  }

  const stage = { root, layer, ghost, animate, track };

  return {
    /** Before a redraw: the running animations that will need carrying over, and the rects of the frame. */
    measure(model) {
      const carried = [...running].filter(([, x]) => x.carry).map(([anim, x]) => ({ ...x.carry, kind: x.kind,
        time: anim.currentTime, paused: anim.playState === 'paused' }));
      for (const [anim, x] of running) if (x.carry) { anim.cancel(); x.end(); }
      return { carried, rects: model?.motion && !reduced() ? measure() : null };
    },
    /** After a redraw: carry on, then start what the move from *prev* to *model* shows. */
    play(before, prev, model) {
      if (layer.parentNode !== root) root.append(layer);
      for (const { selector, keyframes, timing, kind, time, paused } of before.carried) {
        const el = root.querySelector(selector);
        if (!el || time === null) continue;
        const anim = animate(el, keyframes, timing, kind, selector);
        anim.currentTime = time;
        if (paused) anim.pause();   // (held by a test or a debugger: stays held)
      }
      const cue = model.cue ?? null;
      const fresh = cue && cue !== lastCue;
      lastCue = cue;
      const speed = model.motion;
      const first = before.rects;
      if (!speed || !first || !prev || reduced()) return;
      const next = measure();
      if (!next) return;
      const { view } = model;
      const was = prev.view;
      // Within its deal only: the deal's last trick, gathered after its pause, swept over the next deal's table.
      if (prev.shownTrick && !model.shownTrick && prev.view.dealNumber === view.dealNumber) {
        gather(stage, first, next, prev.shownTrick.winner, view.seat, speed);
      }
      if (!fresh || cue.seat === undefined) return;
      if (was.phase === 'cut' && view.phase === 'negotiation' && /^c\d+$/.test(cue.action) && first.deck) {
        const took = cut(stage, first.deck, Number(cue.action.slice(1)), speed);
        deal(stage, first.deck, next, view, [3, 2], view.hand, took, speed);
      } else if (was.phase === 'negotiation' && view.phase === 'play') {
        settle(stage, first, next, view, speed);
        const dealt = view.hand.filter((c) => !was.hand.includes(c));
        deal(stage, deckRect(first, next), next, view, [3], dealt, BASE.contract * speed * 0.5, speed);
      } else if (was.phase === 'play' && /^(7|8|9|10|J|Q|K|A)[CDHS]$/.test(cue.action)) {
        travel(stage, cue.action, cue.seat, first, next, view.seat, speed);
      }
    },
    finish,
    running: () => running.size > 0,
    /** Resolves when nothing moves, at the latest a little after the planned end (a hidden tab runs no frames: what
     *  still runs then is finished; an animation held paused, by a test or a debugger, is left as it is). */
    settled() {
      if (!running.size) return Promise.resolve();
      return new Promise((resolve) => {
        waiters.push(resolve);
        setTimeout(() => {
          finish((anim) => anim.playState !== 'paused');
          resolve();
        }, Math.max(0, plannedEnd - performance.now()) + 250);
      });
    },
    destroy() {
      for (const anim of [...running.keys()]) anim.cancel();
      layer.remove();
    },
  };
}

/** The player's own seat's side is the hand; a bot's, its seat. */
const sideOf = (m, seat, me) => (seat === me ? m.hand ?? m.seats[seat] : m.seats[seat]);
const centre = (r) => ({ x: r.x + r.w / 2, y: r.y + r.h / 2 });
const shift = (from, to) => ({ x: centre(from).x - centre(to).x, y: centre(from).y - centre(to).y });

// A back of card's size at the middle of *box* (the deck, when there is none any more).
function deckRect(m, next) {
  if (m.deck?.w) return m.deck;   // (the rest of the deck during the calls, undrawn but on a tall phone: table.css)
  const box = next.trickBox ?? next.center ?? m.center;
  const card = next.trick[0]?.rect ?? m.trick[0]?.rect;
  const w = card?.w ?? 46;
  return { x: centre(box).x - w / 2, y: centre(box).y - w * 0.7, w, h: w * 1.4 };
}

// A packet of *n* backs: one back drawn thick (a shadow a pixel per two cards).
function thickness(n) {
  const layers = Math.max(1, Math.round(n / 2));
  return Array.from({ length: layers }, (_, i) => `${i + 1}px ${-(i + 1)}px 0 ${i % 2 ? 'var(--gt-card-back-line)'
    : 'var(--gt-card-back)'}`).concat('var(--gt-back-frame)').join(', ');
}

// D-2: the top k cards lifted aside, then put under the rest.
function cut({ ghost }, deck, k, speed) {
  const split = BASE.split * speed;
  const swap = BASE.swap * speed;
  const up = Math.round(((DECK - k) / 2));   // the top packet sits on the rest, as high as it is thick
  const rest = ghost('gt-back gt-motion__packet', deck, 'cut', [
    { transform: 'translate(0, 0)' }, { transform: 'translate(0, 0)', offset: split / (split + swap) },
    { transform: `translate(${Math.round(k / 2)}px, ${-Math.round(k / 2)}px)` }], { duration: split + swap });
  rest.style.boxShadow = thickness(DECK - k);
  const lifted = ghost('gt-back gt-motion__packet gt-motion__packet--cut', deck, 'cut', [
    { transform: `translate(${up}px, ${-up}px)`, zIndex: 2 },
    { transform: `translate(${deck.w * 0.85}px, ${-up - 6}px)`, zIndex: 2, offset: split / (split + swap) },
    { transform: `translate(${deck.w * 0.85}px, ${-up - 6}px)`, zIndex: 0, offset: (split + swap * 0.3) / (split + swap) },
    { transform: 'translate(0, 0)', zIndex: 0 }], { duration: split + swap });
  lifted.style.boxShadow = thickness(k);
  lifted.dataset.k = String(k);   // the packet's size, written on it
  return split + swap;
}

// D-3: packets of *sizes* to each seat from the dealer's left, clockwise; the player's own cards come face up
// with their packets (*cards*: their codes, in the hand's order).
function deal({ root, ghost, animate }, from, next, view, sizes, cards, start, speed) {
  const first = (SEATS.indexOf(view.dealer) + 1) % SEATS.length;
  const order = SEATS.map((_, i) => SEATS[(first + i) % SEATS.length]);
  let at = start;
  let given = 0;
  const arrives = {};   // when each seat's last packet reaches it
  // The stack the packets leave from, there until the last has left (only the packets showed, from nowhere)
  const stack = ghost('gt-back gt-motion__packet gt-motion__deck', from, 'deal', [{ opacity: 1 }, { opacity: 1 }],
    { delay: start, duration: Math.max(1, (sizes.length * SEATS.length - 1) * BASE.stagger * speed), fill: 'none' });
  stack.style.opacity = '0';   // (seen only while its animation runs: not under the cut's packets before it)
  stack.style.boxShadow = thickness(DECK / 2);
  for (const size of sizes) {
    for (const seat of order) {
      const to = sideOf(next, seat, view.seat);
      if (!to) continue;
      arrives[seat] = at + BASE.packet * speed * 0.8;
      const d = shift(to, from);
      const packet = ghost('gt-back gt-motion__packet', from, 'deal', [
        { transform: 'translate(0, 0)', opacity: 1 }, { opacity: 1, offset: 0.8 },
        { transform: `translate(${d.x}px, ${d.y}px) scale(0.7)`, opacity: 0 }],
      { duration: BASE.packet * speed, delay: at });
      packet.style.boxShadow = thickness(size);
      if (seat === view.seat) {
        for (const code of cards.slice(given, given + size)) {
          const el = root.querySelector(`.gt-hand [data-card="${code}"]`);
          const rect = next.cards.get(code);
          if (!el || !rect) continue;
          const back = shift(from, rect);
          animate(el, [{ transform: `translate(${back.x}px, ${back.y}px) scale(${from.w / rect.w})`, opacity: 0 },
            { opacity: 1, offset: 0.4 }, { transform: 'none', opacity: 1 }],
          { duration: BASE.packet * speed, delay: at + BASE.packet * speed * 0.6 }, 'deal', `.gt-hand [data-card="${code}"]`);
        }
        given += size;
      }
      at += BASE.stagger * speed;
    }
  }
  // A bot's count of cards (and their backs) shows once its packets are there, not while they travel
  for (const [seat, when] of Object.entries(arrives)) {
    const selector = `.gt-seat[data-seat="${seat}"] .gt-seat__count`;
    const el = seat === view.seat ? null : root.querySelector(selector);
    if (el) animate(el, [{ opacity: 0 }, { opacity: 1 }], { duration: BASE.stagger * speed, delay: when }, 'deal', selector);
  }
}

// A card from its seat (or the player's hand) to its place in the trick.
function travel({ root, animate }, code, seat, first, next, me, speed) {
  const el = root.querySelector(`.gt-trick [data-card="${code}"]`);
  const to = next.trick.find((x) => x.el === el)?.rect;
  const from = first.cards.get(code) ?? sideOf(first, seat, me);
  if (!el || !to || !from) return;
  const d = shift(from, to);
  const scale = seat === me && first.cards.has(code) ? from.w / to.w : 0.6;
  // Over the pinned dock (z-index 1) on its way, not under it: the player's card rose from behind their own seat,
  // cut off at the felt's edge (a whole match looked at); and no tap meant for the hand lands on it meanwhile.
  const above = { zIndex: 2, pointerEvents: 'none' };
  animate(el, [{ transform: `translate(${d.x}px, ${d.y}px) scale(${scale})`, opacity: seat === me ? 1 : 0.4, ...above },
    { transform: 'none', opacity: 1, ...above }], { duration: BASE.card * speed }, 'card',
  `.gt-trick [data-card="${code}"]`);
}

// The trick just shown, gathered to its winner's side: copies of its cards, where they were.
function gather({ layer, track }, first, next, winner, me, speed) {
  const to = sideOf(next, winner, me);
  if (!to) return;
  first.trick.forEach(({ el, rect }, i) => {
    const copy = el.cloneNode(true);
    copy.classList.add('gt-motion__card');
    copy.removeAttribute('role');
    Object.assign(copy.style, { position: 'absolute', left: `${rect.x}px`, top: `${rect.y}px`, width: `${rect.w}px`,
      margin: '0' });
    layer.append(copy);
    const d = shift(to, rect);
    track(copy.animate([{ transform: 'none', opacity: 1 },
      { transform: `translate(${d.x}px, ${d.y}px) scale(0.5)`, opacity: 0 }],
    { duration: BASE.gather * speed, delay: i * 25 * speed, easing: 'ease-in', fill: 'both' }), 'gather', { ghost: copy });
  });
}

// The contract made: from its announcer's seat to its box, settling there.
function settle({ root, animate }, first, next, view, speed) {
  const el = root.querySelector('.gt-contract');
  const announcer = [...view.calls].reverse().find((c) => c.type === 'announce')?.seat;
  const from = announcer ? sideOf(first, announcer, view.seat) : null;
  if (!el || !next.contract || !from) return;
  const d = shift(from, next.contract);
  animate(el, [{ transform: `translate(${d.x}px, ${d.y}px) scale(0.5)`, opacity: 0.3 },
    { transform: 'scale(1.08)', opacity: 1, offset: 0.75 }, { transform: 'none', opacity: 1 }],
  { duration: BASE.contract * speed }, 'contract', '.gt-contract');
}

