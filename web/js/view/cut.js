// The cut: the human lifts 6..26 cards (the engine's legal cut actions), or watches a bot do it.

import { h } from '../dom.js';
import { rove } from './hand.js';

export function renderCutPanel(t, model, cfg) {
  const cuts = model.view.legal.filter((a) => a.type === 'cut');
  // One Tab stop, as the calls and the hand (21 before): the hinted cut, else the first; the arrows move among them.
  const legal = cuts.filter((a) => a.legal);
  const entry = (legal.find((a) => a.action === model.hint?.action) ?? legal[0] ?? cuts[0])?.action;
  return h('div.gt-cut', { attrs: { role: 'group', 'aria-labelledby': 'gt-cut-title' },
    on: { keydown: (event) => rove(event, 'button.gt-bid') } }, [
    h('p.gt-cut__title#gt-cut-title', t('cut.title')),
    h('p.gt-cut__help', t('cut.help')),
    h('div.gt-cut__buttons', cuts.map((a) => h('button.gt-bid.gt-bid--cut', {
      type: 'button',
      class: { 'is-legal': a.legal, 'is-illegal': !a.legal, 'is-hinted': model.hint?.action === a.action },
      dataset: { action: a.action, focus: `action:${a.action}` },
      attrs: { 'aria-label': t('cut.button', { k: a.k }), 'aria-disabled': a.legal ? null : 'true',
        title: a.legal ? null : a.reason?.message, tabindex: a.action === entry ? '0' : '-1' },
      on: { click: () => cfg.onAction(a.action) },
    }, a.text))),
  ]);
}

/** A face-down deck in the middle while somebody cuts. */
export function renderDeck() {
  return h('div.gt-deck', { attrs: { 'aria-hidden': 'true' } }, [h('span.gt-back'), h('span.gt-back'), h('span.gt-back')]);
}
