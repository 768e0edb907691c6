// Everything around the table: the top bar (score, target, menu), the loading screen, notices and dialogs.

import { h } from '../dom.js';

const STAGES = ['pyodide', 'wheel'];

export function renderBar(t, app, cb) {
  const view = app.view;
  const disabled = !view;
  // On a phone the bar shows each button's short name (data-short, table.css), so that the five take one row.
  const button = (action, key, onClick, extra = {}) => {
    const short = t.maybe(`${key}.short`);
    return h('button.gt-btn.gt-btn--bar', {
      type: 'button', dataset: { action, short }, disabled: extra.disabled ?? disabled, on: { click: onClick },
      attrs: { 'aria-label': short ? t(key) : null },   // its name, whichever is shown
    }, t(key));
  };
  // One deal's tricks (the rules page's trick widget): the match's score, target, sheet and share would only be noise.
  const match = app.scope !== 'trick';
  // In a widget the host page has its own h1, main and navigation: the game's bar is a part of it, not a page.
  const page = !app.embedded;
  return h(page ? 'header.gt-bar' : 'div.gt-bar', [
    // The game page's first Tab stop, shown when focused: to the player's action (seven Tabs through the bar before).
    page && cb.onSkip ? h('a.gt-skip', { attrs: { href: '#' }, dataset: { action: 'skip-to-table' },
      on: { click: (event) => { event.preventDefault(); cb.onSkip(); } } }, t('bar.skip')) : null,
    h(page ? 'h1.gt-bar__title' : 'p.gt-bar__title', t('app.title')),
    view && match ? h('div.gt-score', { attrs: { role: 'group', 'aria-label': t('score.label') } }, [
      ...['Team1', 'Team2'].map((team) => h(`div.gt-score__team.gt-team--${team.toLowerCase()}`, { dataset: { team } }, [
        h('span.gt-score__name', t(`team.${team}.short`)),
        h('span.gt-score__value', String(view.scores[team])),
      ])),
      // Together: a phone stacks them in the score's line (table.css), which had no room for the deal's number. The
      // deal is the one whose result is open until the player moves on (the view is the next deal's already: the bar
      // said "deal 2" behind deal 1's result).
      h('div.gt-score__where', [
        h('div.gt-score__target', t('score.target', { target: view.target })),
        h('div.gt-score__deal', t('score.deal', { n: app.summary?.dealNumber ?? view.dealNumber })),
      ]),
      // On the game page, the way to the rules and their lessons (the play.giretra.com rules: where they differ). It
      // said "rules: giretra.com", read as a web address (a first-time player's audit); the preset's name is its title.
      // A widget on the rules page names only a variant (a bare "Rules" would say nothing there).
      !cb.rulesHref && view.rules === 'giretra.com' ? null
        : h(cb.rulesHref ? 'a.gt-score__rules' : 'div.gt-score__rules', {
          dataset: { rules: view.rules },
          attrs: { href: cb.rulesHref ? rulesLink(t, cb.rulesHref, view.rules) : null, title: t(`rules.${view.rules}`) },
        }, t(view.rules === 'giretra.com' ? 'score.rules' : 'score.rules.variant')),
      // The game's name on a phone's score line, where it fits (fitBrand); the h1 above says it to a screen reader
      page ? h('span.gt-score__brand', { attrs: { 'aria-hidden': 'true' } }, t('app.title')) : null,
    ]) : null,
    h(page ? 'nav.gt-bar__actions' : 'div.gt-bar__actions', {
      attrs: { role: page ? null : 'group', 'aria-label': t('bar.menu') },
    }, [
      match ? button('open-new-match', 'bar.newMatch', cb.onNewMatch) : null,
      match ? button('open-score-sheet', 'bar.scoreSheet', cb.onScoreSheet) : null,
      button('open-tricks', 'bar.tricks', cb.onTricks, { disabled: disabled || !view.tricks.length }),
      match ? button('open-share', 'bar.share', cb.onShare) : null,
      button('open-settings', 'bar.settings', cb.onSettings, { disabled: false }),
    ]),
  ]);
}

// The game's name on a phone's score line only where it fits beside the score (table.css: .has-brand-room), never wrapping
// it or a control: measured after layout by a ResizeObserver on the score's parts. Measured with the widest score a
// match can show (999–999, deal 99), so that the name does not come and go within a match (it went once the scores
// had three digits): shown or not by the phone's width and the language alone.
let brandRoom = null, pen = null;
function textWidth(el, text) {
  pen ??= document.createElement('canvas').getContext('2d');
  const style = getComputedStyle(el);
  pen.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
  return pen.measureText(text).width;
}
// How much wider the score's line is at its widest: each team's score at 999, the deal's number at 99
function widestExtra(score) {
  let extra = 0;
  for (const value of score.querySelectorAll('.gt-score__value')) {
    extra += Math.max(0, textWidth(value, '999') - textWidth(value, value.textContent));
  }
  const where = score.querySelector('.gt-score__where'), deal = score.querySelector('.gt-score__deal');
  if (where && deal) {
    const widest = textWidth(deal, deal.textContent.replace(/\d+/, '99')) - textWidth(deal, deal.textContent);
    extra += Math.max(0, deal.getBoundingClientRect().width + widest - where.getBoundingClientRect().width);
  }
  return extra;
}
function fitBrandNow(score) {
  const brand = score.isConnected && score.querySelector('.gt-score__brand');
  if (!brand) return;
  const parts = [...score.children].filter((e) => e !== brand && e.getClientRects().length);
  const gap = parseFloat(getComputedStyle(score).columnGap) || 0;
  const need = parts.reduce((sum, e) => sum + e.getBoundingClientRect().width + gap, brand.getBoundingClientRect().width);
  // on the app, which a redraw keeps: on the score, the class made every redraw of the bar differ (dom.redrawIfChanged)
  score.closest('.gt-app')?.classList.toggle('has-brand-room', need + widestExtra(score) <= score.clientWidth);
}

/** After the bar is drawn: follow its score's parts (each new one), to show the game's name where it fits. */
export function fitBrand(bar) {
  const score = bar.querySelector('.gt-score');
  if (!score?.querySelector('.gt-score__brand') || typeof ResizeObserver === 'undefined') return;
  brandRoom ??= new ResizeObserver((entries) => {
    for (const s of new Set(entries.map((e) => e.target.closest('.gt-score')))) if (s) fitBrandNow(s);
  });
  for (const part of [score, ...score.children]) brandRoom.observe(part);
}

// The rules page in the language being played; the play.giretra.com rules at the section on how they differ.
function rulesLink(t, href, rules) {
  const url = new URL(href, location.href);
  url.searchParams.set('lang', t.lang);
  if (rules !== 'giretra.com') url.hash = 'variants';
  return url.href;
}

/** The engine's start, stage by stage (*app.stage*; *app.title*: what is loading, the game by default), or where it
 *  failed (*app.loadError*; *app.failedTitle*) with a Try again button (*cb.onRetry*). */
export function renderLoading(t, app, cb) {
  const failed = app.loadError;
  const title = app.title ?? t('loading.title');
  const current = failed ? failed.stage : app.stage;
  const reached = STAGES.indexOf(current);
  // compact: a strip above the saved match's table, drawn while the engine boots (its stages would push it away)
  const compact = Boolean(cb?.compact) && !failed;
  return h('div.gt-loading', { class: { 'is-failed': Boolean(failed), 'gt-loading--compact': compact },
    attrs: { role: failed ? 'alert' : 'status' } }, [
    h('p.gt-loading__title', failed ? app.failedTitle ?? t('loading.failed') : compact ? t('loading.resuming') : title),
    h('span.gt-loading__track', h('progress.gt-loading__bar', {
      max: STAGES.length, value: failed ? reached : Math.max(0, reached),
      attrs: { 'aria-label': title },
    })),
    compact ? null : h('ol.gt-loading__stages', STAGES.map((stage, i) => h('li', {
      class: { 'is-done': i < reached, 'is-current': i === reached && !failed, 'is-failed': failed && i === reached },
      dataset: { stage },
    }, t(`loading.${stage}`)))),
    // refused by the site's security policy: "check your connection" would send the reader the wrong way
    failed ? h('p.gt-loading__error', failed.policy ? t('loading.failedPolicy', { directive: failed.policy })
      : t('loading.failedDetail', { stage: t(`loading.${failed.stage}`) })) : null,
    failed ? h('pre.gt-loading__detail', failed.message) : null,
    failed && cb?.onRetry && !failed.policy ? h('button.gt-btn.gt-btn--primary', { type: 'button', dataset: { action: 'retry' }, on: { click: cb.onRetry } },
      t('loading.retry')) : null,
  ]);
}

export function renderNotices(t, app, cb) {
  const items = [];
  if (app.crash) {
    items.push(h('div.gt-notice.is-error', { attrs: { role: 'alert' }, dataset: { notice: 'crash' } }, [
      h('p', t('error.crash')),
      h('pre.gt-notice__detail', app.crash),
      h('button.gt-btn', { type: 'button', on: { click: () => location.reload() } }, t('error.reload')),
    ]));
  }
  for (const notice of app.notices) {
    items.push(h('div.gt-notice', { attrs: { role: 'status' }, dataset: { notice: notice.key } }, [
      h('p', t(`notice.${notice.key}`, notice.params)),
      // "×" beside the words, not a button on a line of its own: the notice took 105 px of a 320×568 phone.
      h('button.gt-btn.gt-btn--quiet.gt-notice__dismiss', { type: 'button', dataset: { action: 'dismiss-notice' },
        attrs: { 'aria-label': t('notice.dismiss'), title: t('notice.dismiss') },
        on: { click: () => cb.onDismiss(notice) } }, '×'),
      // A shared link replaced the match in progress: the way back to it.
      notice.back && notice.key !== 'kept' ? h('p.gt-notice__kept', t('notice.kept')) : null,   // (not twice)
      notice.back ? h('button.gt-btn', { type: 'button', dataset: { action: 'back-to-match' },
        on: { click: () => cb.onBack(notice) } }, t('notice.back')) : null,
      notice.link ? h('a.gt-btn', { attrs: { href: notice.link.href }, dataset: { action: 'notice-link' } },
        t(notice.link.label)) : null,
      notice.newMatch ? h('button.gt-btn.gt-btn--primary', { type: 'button', dataset: { action: 'notice-new-match' },
        on: { click: () => cb.onNewMatch(notice) } }, t('bar.newMatch')) : null,
    ]));
  }
  return items;
}

// The engine's seeds: 0 … 2^53−1, the integers a page's number holds exactly.
const MAX_SEED = Number.MAX_SAFE_INTEGER;

/** The seed box's value as a seed, null when empty, undefined when it is no seed (the box then says why). */
function seedOf(input) {
  const text = input.value.trim();
  if (input.validity.badInput) return undefined;   // (a number box gives '' for "12abc")
  if (text === '') return null;
  const seed = Number(text);
  return Number.isSafeInteger(seed) && seed >= 0 ? seed : undefined;
}

export function renderNewMatch(t, app, cb) {
  const presets = app.info?.presets ?? ['giretra.com'];
  // A seed the engine cannot take is said in the player's words where it was typed (the engine's own message, "seed
  // must be an integer in 0..9007199254740991", is for programmers), and the match does not start.
  const check = (input) => input.setCustomValidity(seedOf(input) === undefined ? t('newMatch.seedBad') : '');
  const submit = (event) => {
    event.preventDefault();
    const form = event.target;
    const seed = seedOf(form.elements.seed);
    if (seed === undefined) { check(form.elements.seed); form.elements.seed.reportValidity(); return; }
    cb.onStart({ seed, rules: form.elements.rules.value });
  };
  const inProgress = app.view && app.view.phase !== 'match_over';
  return h('form.gt-newmatch', { method: 'dialog', on: { submit } }, [
    h('h2.gt-dialog__title', t('newMatch.title')),
    inProgress ? h('p.gt-note.gt-newmatch__ends', t('newMatch.ends')) : null,
    cb.onDaily ? h('p', h('button.gt-btn', { type: 'button', dataset: { action: 'open-daily' },
      on: { click: cb.onDaily } }, t('daily.open'))) : null,
    h('div.gt-field', [
      h('label', { htmlFor: 'gt-seed' }, t('newMatch.seed')),
      h('input#gt-seed', { name: 'seed', type: 'number', min: '0', max: String(MAX_SEED), step: '1',
        inputMode: 'numeric', attrs: { 'aria-describedby': 'gt-seed-help' }, on: { input: (e) => check(e.target) } }),
      h('p.gt-note#gt-seed-help', t('newMatch.seedHelp')),
    ]),
    h('div.gt-field', [
      h('label', { htmlFor: 'gt-rules' }, t('newMatch.rules')),
      h('select#gt-rules', { name: 'rules' }, presets.map((p) => h('option', { value: p, selected: p === app.rules },
        t.maybe(`rules.${p}`) ?? p))),
    ]),
    h('div.gt-dialog__buttons', [
      // The focus on a button, not in the seed box (a phone opened its number keyboard over the dialog): on Start,
      // so that Enter does what the dialog is for, as in any dialog (it was on Cancel while a match was in progress,
      // and Enter cancelled: an audit). The dialog says the match in progress ends; Escape or Cancel keeps it.
      h('button.gt-btn', { type: 'button', value: 'cancel', dataset: { action: 'cancel' },
        on: { click: cb.onCancel } }, t('dialog.cancel')),
      h('button.gt-btn.gt-btn--primary', { type: 'submit', dataset: { action: 'start-match' },
        attrs: { autofocus: true } }, t('newMatch.start')),
    ]),
  ]);
}

export function renderShare(t, app, links, cb) {
  const row = (key, url) => h('div.gt-field.gt-share__row', [
    h(`label#gt-share-${key}-label`, { htmlFor: `gt-share-${key}` }, t(`share.${key}`)),
    h('div.gt-share__line', [
      h(`input#gt-share-${key}.gt-share__url`, { type: 'text', readOnly: true, value: url,
        on: { focus: (e) => e.target.select() } }),
      h('button.gt-btn', { type: 'button', dataset: { action: `copy-${key}` },
        attrs: { 'aria-describedby': `gt-share-${key}-label` },   // two "Copy" buttons: which link each copies
        on: { click: (e) => cb.onCopy(url, e.target) } }, t('share.copy')),
    ]),
  ]);
  return h('div.gt-share', [
    h('h2.gt-dialog__title', t('share.title')),
    links.deal ? row('deal', links.deal) : null,
    links.seed ? row('seed', links.seed) : null,
    h('p.gt-note', t('share.help')),
  ]);
}
