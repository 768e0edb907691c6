// The player's local statistics (game/stats.js counts them): at the match's end and in the settings, with a reset
// that asks once more before it clears them.

import { h } from '../dom.js';

/** *stats*: game/stats.js's record; *cb*: {confirming, onReset, onConfirm, onCancel}. */
export function renderStats(t, stats, cb) {
  const levels = Object.entries(stats.byLevel);
  const levelName = (key) => key.split('+').map((l) => t.maybe(`level.${l}`) ?? l).join(' + ');
  const streak = stats.streak > 0 ? t('stats.streakWins', { n: stats.streak })
    : stats.streak < 0 ? t('stats.streakLosses', { n: -stats.streak }) : t('stats.streakNone');
  return h('section.gt-stats', { attrs: { 'aria-labelledby': 'gt-stats-title' } }, [
    h('h3.gt-stats__title#gt-stats-title', t('stats.title')),
    stats.played ? h('dl.gt-stats__list', [
      h('dt', t('stats.played')), h('dd', { dataset: { stat: 'played' } }, String(stats.played)),
      h('dt', t('stats.won')), h('dd', { dataset: { stat: 'won' } },
        t('stats.wonShare', { n: stats.won, pct: Math.round((100 * stats.won) / stats.played) })),
      h('dt', t('stats.streak')), h('dd', { dataset: { stat: 'streak' } }, streak),
      h('dt', t('stats.best')), h('dd', { dataset: { stat: 'best' } }, String(stats.bestStreak)),
    ]) : h('p.gt-note', t('stats.none')),
    levels.length ? h('div.gt-scroll', h('table.gt-stats__levels', [
      h('thead', h('tr', [h('th', { attrs: { scope: 'col' } }, t('stats.opponents')),
        h('th', { attrs: { scope: 'col' } }, t('stats.played')), h('th', { attrs: { scope: 'col' } }, t('stats.won'))])),
      h('tbody', levels.map(([key, entry]) => h('tr', { dataset: { level: key } }, [
        h('th', { attrs: { scope: 'row' } }, levelName(key)), h('td', String(entry.played)), h('td', String(entry.won)),
      ]))),
    ])) : null,
    stats.played ? h('p.gt-stats__reset', cb.confirming ? [
      h('span', t('stats.resetAsk')), ' ',
      h('button.gt-btn', { type: 'button', dataset: { action: 'reset-stats-confirm' }, on: { click: cb.onConfirm } },
        t('stats.resetYes')), ' ',
      h('button.gt-btn', { type: 'button', dataset: { action: 'reset-stats-cancel' }, on: { click: cb.onCancel } },
        t('dialog.cancel')),
    ] : h('button.gt-btn.gt-btn--quiet', { type: 'button', dataset: { action: 'reset-stats' }, on: { click: cb.onReset } },
      t('stats.reset'))) : null,
  ]);
}
