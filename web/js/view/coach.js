// Coach mode's rules (the engine's words, each rule once), and the rules page's link beside a rule's sentence.

import { h } from '../dom.js';

/** A link to the rules page's section for rule id *rule* ("P-1"). */
export function ruleLink(t, rule, cfg) {
  if (!rule) return null;
  // On the rules page itself (rulesHref '') the link stays on the page; elsewhere it opens the page beside the game.
  return h('a.gt-rule-link', { href: t.rulesUrl(cfg.rulesHref, rule), target: cfg.rulesHref ? '_blank' : null,
    rel: cfg.rulesHref ? 'noopener' : null, dataset: { rule } }, t('why.rule', { rule }));
}

// Coach mode: whenever some choices are forbidden, say which rule forbids them (once per rule, engine's words); in the
// negotiation once per restriction, naming every mode it refuses (the engine's `restrictions`: one example suit hid
// the others).
export function renderCoach(t, view, cfg) {
  const lines = [];
  const seen = new Set();
  for (const r of view.restrictions ?? []) lines.push([r.rule, r.text]);
  for (const a of view.restrictions?.length ? [] : view.legal) {
    if (!a.legal && a.reason?.rule && !seen.has(a.reason.rule)) {
      seen.add(a.reason.rule);
      lines.push([a.reason.rule, a.reason.message]);
    }
  }
  if (!lines.length) return null;
  return h('aside.gt-coach', { attrs: { 'aria-label': t('coach.title') } }, [
    h('p.gt-coach__title', t('coach.title')),
    h('ul.gt-coach__rules', lines.map(([rule, text]) => h('li', { dataset: { rule } }, [
      h('span', text), ' ', ruleLink(t, rule, cfg),
    ]))),
  ]);
}

// Coach mode on a laptop (1000×800): its rules ran up to 150 px under the pinned dock, and a turn may not scroll the
// bar's score away. The coach ends above the dock, its rules scrolling inside (a focusable box, its edge faded).
export function fitCoach(root) {
  const coach = root.querySelector('.gt-coach'), dock = root.querySelector('.gt-dock');
  if (!coach || !dock) return;
  coach.style.maxHeight = '';
  const box = coach.getBoundingClientRect(), room = dock.getBoundingClientRect().top - box.top - 6;
  // (a phone: no room for four lines above its dock; the coach stays below the trick, a scroll away, as before)
  if (getComputedStyle(dock).position === 'sticky' && room >= 80 && box.bottom > box.top + room) {
    coach.style.maxHeight = `${room}px`;
  }
  const capped = coach.scrollHeight > coach.clientHeight + 1;
  coach.classList.toggle('is-capped', capped);
  coach.tabIndex = capped ? 0 : -1;
}
