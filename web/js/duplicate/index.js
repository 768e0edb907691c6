// "You vs the expert" (the solo duplicate): a finished deal played again by the engine (jsonapi.expert_deal) with the
// expert bot in the player's seat, the same cards and the same bots, and both results side by side; over the match,
// the difference deal by deal and in total. Loaded when first asked (a first visit need not fetch it).
//
// Asked a few actions at a time, and only while a dialog is open: the bots wait then, so the next deal never queues
// behind the expert's search (a whole deal is seconds of it in the page). Closed before the end, the duplicate keeps
// what was played and goes on from there when the deal's result is opened again.

import { addWords } from '../i18n.js';
import { errorKind } from '../session.js';
import words from './words.js';
import { h } from '../dom.js';
import { contractText } from '../view/negotiation.js';
import { HINT_BUDGET_MS, HUMAN } from '../game/settings.js';

const PART = 4;   // actions per request: about one of the expert's choices (one card in four is the player's)
const running = new WeakMap();   // game -> the deal whose duplicate is being asked

addWords(words);

/** The match's duplicates: {id, deals: {deal number: difference}}, started again for another match (match_info). */
async function matchRecord(game, state) {
  const info = await game.call('match_info', { state });
  if (!info) return null;
  if (game.duplicates?.id !== info.id) game.duplicates = { id: info.id, deals: {} };
  return game.duplicates;
}

/** The player's team's lead (its match points less the other team's) with the player's cards, less the expert's. */
export function difference(dup) {
  const other = dup.team === 'Team1' ? 'Team2' : 'Team1';
  const lead = (r) => r.matchPoints[dup.team] - r.matchPoints[other];
  return lead(dup.played) - lead(dup.expert);
}

/** Play deal *deal* again with the expert in the player's seat, from where an earlier ask stopped. */
export async function askDuplicate(game, deal) {
  if (running.get(game) === deal) return;
  const { state, token } = game;
  const record = await matchRecord(game, state);
  if (!record || token !== game.token) return;
  running.set(game, deal);
  game.duplicateFailed = null;
  const kept = game.duplicate?.deal === deal && game.duplicate.state === state ? game.duplicate : null;
  game.duplicate = kept ?? { deal, state, moves: [], done: false };
  game.ui.refreshDialog();
  const stale = () => token !== game.token || game.duplicate?.deal !== deal || !game.ui.dialogOpen();
  try {
    while (!game.duplicate.done && !stale()) {
      let part;
      try {
        part = await game.call('expert_deal', { state, seat: HUMAN, deal, budgetMs: HINT_BUDGET_MS, seed: 0,
          moves: game.duplicate.moves, count: PART });
      } catch (err) {
        if (errorKind(err) !== 'refused') throw err;
        // A failed download (said under the button, which asks again), or not expected of a finished deal.
        const text = err.code === 'study_unavailable' ? game.t('duplicate.unavailable') : err.message;
        game.ui.announce(text);
        game.duplicate = null;
        game.duplicateFailed = { deal, text };
        break;
      }
      if (!part || token !== game.token || game.duplicate?.deal !== deal) break;   // a crash (shown), or moved on
      game.duplicate = { deal, state, moves: part.moves, done: part.done, team: part.team, played: part.played,
        expert: part.expert };
      if (part.done) record.deals[deal] = difference(game.duplicate);
    }
  } finally {
    running.delete(game);
    game.ui.refreshDialog();
  }
}

const signed = (n) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '0');

/** The duplicate's section of a deal's result: its progress, then both results side by side and the difference,
 *  and the match's total over the deals compared. */
export function renderDuplicate(t, dup, duplicates) {
  if (!dup.done) {
    return h('p.gt-duplicate', { dataset: { duplicate: 'playing', focus: 'duplicate' }, attrs: { tabindex: '-1' } },
      t('duplicate.playing', { n: dup.moves.length }));
  }
  const other = dup.team === 'Team1' ? 'Team2' : 'Team1';
  const cols = [dup.played, dup.expert];
  const row = (label, cell) => h('tr', [h('th', { attrs: { scope: 'row' } }, label), ...cols.map((r) => h('td', cell(r)))]);
  const diff = difference(dup);
  const deals = Object.values(duplicates?.deals ?? {});
  return h('section.gt-duplicate', { dataset: { duplicate: 'done', diff: String(diff), moves: dup.moves.join(' ') } }, [
    h('h3.gt-duplicate__title', { dataset: { focus: 'duplicate' }, attrs: { tabindex: '-1' } }, t('duplicate.title')),
    h('div.gt-scroll', h('table.gt-summary__table.gt-duplicate__table', [
      h('thead', h('tr', [h('td'), h('th', { attrs: { scope: 'col' } }, t('seat.you')),
        h('th', { attrs: { scope: 'col' } }, t('duplicate.expert'))])),
      h('tbody', [
        row(t('duplicate.contract'), (r) => contractText(t, r.contract)),
        row(t('duplicate.cardPoints'), (r) => String(r.cardPoints[dup.team])),
        row(t('duplicate.matchPoints'), (r) => `${r.matchPoints[dup.team]} – ${r.matchPoints[other]}`),
      ]),
    ])),
    h('p.gt-duplicate__diff', t('duplicate.diff', { diff: signed(diff) })),
    h('p.gt-note', t('duplicate.diffHelp')),
    deals.length > 1 ? h('p.gt-duplicate__total', { dataset: { total: String(deals.reduce((a, b) => a + b, 0)) } },
      t('duplicate.total', { n: deals.length, diff: signed(deals.reduce((a, b) => a + b, 0)) })) : null,
    h('p.gt-note', t('duplicate.note')),
  ]);
}

/** The deals of the match in *state* compared so far ({deal number: difference}), for its score sheet; null when
 *  none is, or when those kept are another match's. */
export async function comparedDeals(game, state) {
  const record = game.duplicates;
  if (!record || !Object.keys(record.deals).length) return null;
  const info = await game.call('match_info', { state });
  return info?.id === record.id ? record.deals : null;
}

/** The score sheet's line: each deal compared and the match's total. */
export function renderSheetLine(t, deals) {
  const compared = Object.entries(deals).sort(([a], [b]) => Number(a) - Number(b));
  const total = compared.reduce((sum, [, diff]) => sum + diff, 0);
  const each = compared.map(([n, diff]) => t('duplicate.sheetDeal', { n, diff: signed(diff) })).join(' · ');
  return h('p.gt-sheet__duplicate', { dataset: { total: String(total), deals: compared.map(([n]) => n).join(' ') } },
    t('duplicate.sheet', { deals: each, diff: signed(total) }));
}
