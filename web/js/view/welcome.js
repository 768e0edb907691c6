// The welcome on the game page's first visit: where the player sits, who the partner is, the target, and the way to
// the rules and their lessons. Shown once (save.js remembers it), in the game's one dialog (game/dialogs.js).

import { h } from '../dom.js';

/** The welcome's content; *target*: the match's target (150 in the published rules); *rulesHref*: the rules page. */
export function renderWelcome(t, { target, rulesHref, onClose }) {
  const url = new URL(rulesHref, location.href);
  url.searchParams.set('lang', t.lang);
  return h('div.gt-welcome', [
    h('h2.gt-dialog__title', t('welcome.title')),
    h('p', t('welcome.seats', { partner: t.seat('Top'), left: t.seat('Left'), right: t.seat('Right') })),
    h('p', t('welcome.target', { target })),
    h('p', [t('welcome.new'), ' ', h('a.gt-welcome__rules', { href: url.href, target: '_blank', rel: 'noopener',
      dataset: { action: 'welcome-rules' } }, t('welcome.rules'))]),
    h('button.gt-btn.gt-btn--primary', { type: 'button', attrs: { autofocus: true }, dataset: { action: 'welcome-play' },
      on: { click: onClose } }, t('welcome.play')),
  ]);
}
