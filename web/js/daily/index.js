// The deal of the day and the day's puzzles, in the game's dialog (from the new-match dialog): the same for everyone
// on a date, from the date alone (jsonapi.daily_deal, daily_par, puzzle). Loaded when first opened. The results and
// the streak are kept in this browser (localStorage 'giretra.puzzles'); the line to share says how the day went
// without a card of it.

import { createEngine } from '../engine.js';
import { addWords } from '../i18n.js';
import { errorKind } from '../session.js';
import { h } from '../dom.js';
import { renderCardInline } from '../view/cards.js';
import { contractText } from '../view/negotiation.js';
import { openFragment } from '../game/links.js';
import words from './words.js';

addWords(words);

export const PUZZLES = 3;
const KEY = 'giretra.puzzles';
const PLACES = ['Top', 'Left', 'Right', 'Bottom'];

/** The player's day, in their own time zone: YYYY-MM-DD. */
export function today(now = new Date()) {
  const pad = (n) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** {date: {number: 'solved' | 'failed'}} from this browser's storage (anything unreadable: none). */
export function readResults(storage = globalThis.localStorage) {
  try {
    const data = JSON.parse(storage.getItem(KEY) || 'null');
    return data?.v === 1 && data.days && typeof data.days === 'object' ? data.days : {};
  } catch { return {}; }
}

/** A puzzle's first result of the day stays: tried again, it is only for practice. */
function writeResult(date, number, result, storage = globalThis.localStorage) {
  const days = readResults(storage);
  if (days[date]?.[number]) return;
  days[date] = { ...days[date], [number]: result };
  try { storage.setItem(KEY, JSON.stringify({ v: 1, days })); } catch { /* private mode: kept for this visit only */ }
}

/** Days in a row, up to *date* (or the day before while *date* is not finished), with every puzzle solved. */
export function streak(days, date) {
  const solved = (d) => [...Array(PUZZLES)].every((_, i) => days[d]?.[i + 1] === 'solved');
  if (!solved(date) && Object.keys(days[date] ?? {}).length >= PUZZLES) return 0;   // today over, not all solved
  const day = new Date(`${date}T12:00:00Z`);
  const step = () => { day.setUTCDate(day.getUTCDate() - 1); return day.toISOString().slice(0, 10); };
  let n = 0;
  let d = solved(date) ? date : step();
  while (solved(d)) { n += 1; d = step(); }
  return n;
}

/** The day's line to share: a mark per puzzle and the streak, no card. */
export function shareLine(t, days, date) {
  const marks = [...Array(PUZZLES)].map((_, i) => ({ solved: '✅', failed: '❌' })[days[date]?.[i + 1]] ?? '⬜').join('');
  return t('daily.shareLine', { date, marks, streak: streak(days, date) });
}

/** *dialogs*: the game's dialog (open, refresh, close); opens the day's dialog. Returns its state (a test may read). */
export function openDaily({ game, open, refresh, close }) {
  const g = game();
  const day = { date: today(), number: 1, puzzle: null, mine: [], par: null, busy: false, copied: false, error: null };
  // The par is a whole solve of the day's deal (seconds on a phone) that no request can interrupt: asked of an engine
  // of its own (a second worker, booted from the engine's snapshot), stopped when the dialog closes, so that the
  // game's bots never wait behind it.
  let solver = null;
  let closed = false;
  const ask = async (name, args, call = (n, a) => g.call(n, a)) => {
    day.error = null;
    try {
      return await call(name, args);
    } catch (err) {
      if (closed) return null;   // the par's engine, stopped with the dialog
      if (errorKind(err) === 'crash') { g.showCrash(err); return null; }   // the par's engine: a bug, shown
      // Shown in the dialog (the table's status is under it); the puzzles' buttons ask again.
      day.error = err.code === 'study_unavailable' ? g.t('daily.unavailable') : err.message;
      g.ui.announce(day.error);
      return null;
    }
  };
  const show = async (number, played = []) => {
    day.number = number;
    day.busy = true;
    refresh();
    const answer = await ask('puzzle', { date: day.date, number, played });
    day.busy = false;
    if (answer && day.number === number) {
      day.puzzle = answer;
      if (answer.solved) writeResult(day.date, number, 'solved');
      if (answer.wrong && played.length) writeResult(day.date, number, 'failed');
    }
    refresh();
  };
  const actions = {
    onPuzzle: (n) => { day.mine = []; show(n); },
    onCard: (card) => { if (!day.busy) { day.mine.push(card); show(day.number, [...day.mine]); } },
    onDeal: async () => {
      const deal = await ask('daily_deal', { date: day.date });
      if (!deal) return;
      close();
      // said as the deal of the day: the player opened no shared deal (a new user's walk read "a shared deal")
      await openFragment(g, deal.state.replaceAll(' ', '_'), { notice: 'daily' });
    },
    onPar: async () => {
      day.busy = true;
      refresh();
      day.par = await ask('daily_par', { date: day.date },
        (n, a) => (solver ??= createEngine()).call(n, { ...a, lang: g.t.lang }));
      day.busy = false;
      refresh();
    },
    onCopy: async (text) => {
      try { await navigator.clipboard.writeText(text); day.copied = true; } catch { day.copied = false; }
      refresh();
    },
  };
  open((t) => renderDaily(t, day, actions), {
    onClose: () => { closed = true; solver?.destroy(); g.showSummaryIfAny(); } });
  show(1).catch((err) => g.showCrash(err));
  return day;
}

function renderDaily(t, day, cb) {
  const days = readResults();
  const line = shareLine(t, days, day.date);
  return h('div.gt-daily', { dataset: { date: day.date, number: String(day.number) } }, [
    h('h2.gt-dialog__title', t('daily.title', { date: day.date })),
    h('section.gt-daily__deal', [
      h('p', t('daily.dealHelp')),
      h('p', [h('button.gt-btn', { type: 'button', dataset: { action: 'daily-deal' }, on: { click: cb.onDeal } },
        t('daily.deal')), ' ', h('button.gt-btn.gt-btn--quiet', { type: 'button', dataset: { action: 'daily-par' },
        attrs: { 'aria-disabled': String(day.busy) }, on: { click: () => { if (!day.busy) cb.onPar(); } } },
      t('daily.par'))]),
      day.par ? h('p.gt-daily__par', { dataset: { par: String(day.par.cardPoints.Team1) } }, t('daily.parLine', {
        contract: contractText(t, day.par.contract), points: day.par.cardPoints.Team1,
        mine: day.par.matchPoints.Team1, theirs: day.par.matchPoints.Team2 })) : null,
    ]),
    h('h3', t('daily.puzzles')),
    h('p.gt-daily__tabs', [...Array(PUZZLES)].map((_, i) => h('button.gt-btn', {
      type: 'button', dataset: { action: 'daily-puzzle', puzzle: String(i + 1), result: days[day.date]?.[i + 1] ?? '' },
      attrs: { 'aria-pressed': String(day.number === i + 1) }, on: { click: () => cb.onPuzzle(i + 1) },
    }, t('daily.puzzle', { n: i + 1 })))),
    day.error ? h('p.gt-daily__error', { attrs: { role: 'alert' } }, day.error)
      : day.puzzle && day.puzzle.number === day.number ? renderPuzzle(t, day.puzzle, cb) : h('p', t('daily.loading')),
    h('section.gt-daily__share', [
      h('p', t('daily.streak', { n: streak(days, day.date) })),
      h('p', [h('output.gt-daily__line', line), ' ', h('button.gt-btn.gt-btn--quiet', { type: 'button',
        dataset: { action: 'daily-copy' }, on: { click: () => cb.onCopy(line) } },
      t(day.copied ? 'share.copied' : 'daily.copy'))]),
    ]),
  ]);
}

function renderPuzzle(t, p, cb) {
  const state = p.solved ? 'solved' : p.wrong ? 'failed' : 'playing';
  const over = p.solved;   // every card played: the last trick is said with its winner, no empty hands
  const seat = (s) => h(`div.gt-daily__hand.gt-daily__hand--${s.toLowerCase()}`, { dataset: { seat: s } }, [
    h('span.gt-summary__seat', t(s === 'Bottom' ? 'seat.you' : `seat.${s}`)), ' ',
    s === 'Bottom' && p.toAct === 'Bottom'
      ? p.hands.Bottom.map((c) => h('button.gt-btn.gt-daily__card', { type: 'button', dataset: { card: c },
        attrs: { 'aria-label': t.card(c) }, on: { click: () => cb.onCard(c) } }, renderCardInline(t, c)))
      : p.hands[s].map((c) => renderCardInline(t, c)),
  ]);
  return h('section.gt-daily__puzzle', { dataset: { state, played: String(p.played.length) } }, [
    h('p.gt-daily__goal', [t('daily.goal', { goal: p.goal, tricks: p.tricks }), ' ', contractText(t, p.contract)]),
    ...(over ? [] : PLACES.map(seat)),
    // the trick just finished, whole, with its winner: the others' answers to the player's card stay in sight
    p.lastTrick ? h('p.gt-daily__last', { dataset: { winner: p.lastTrick.winner } }, [
      t.bySeat(over ? 'daily.finalTrick' : 'daily.lastTrick', p.lastTrick.winner, 'Bottom'), ' ',
      ...p.lastTrick.cards.map((x) => h('span', [t(x.seat === 'Bottom' ? 'seat.you' : `seat.${x.seat}`), ' ',
        renderCardInline(t, x.card), ' ']))]) : null,
    // an empty trick is the player's lead (before: "Trick: —", which a player could not read); over, none is drawn
    p.trick.length && !over ? h('p.gt-daily__trick', [t('daily.trick'), ' ',
      ...p.trick.map((x) => h('span', [t(x.seat === 'Bottom' ? 'seat.you' : `seat.${x.seat}`), ' ',
        renderCardInline(t, x.card), ' ']))])
      : state === 'playing' ? h('p.gt-daily__trick', { dataset: { lead: 'Bottom' } }, t('daily.lead')) : null,
    h('p.gt-daily__taken', { attrs: { role: 'status' } }, state === 'solved' ? t('daily.solved', { goal: p.goal })
      : state === 'failed' ? t('daily.failed', { card: t.card(p.wrong.card), right: t.card(p.wrong.right) })
        : t('daily.taken', { taken: p.taken, goal: p.goal })),
  ]);
}
