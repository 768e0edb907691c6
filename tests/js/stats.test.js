import assert from 'node:assert/strict';
import { test } from 'node:test';

import { Game } from '../../web/js/game/controller.js';
import { loadWords } from '../../web/js/i18n.js';
import { emptyStats, loadStats, opponentsLevel, recordMatch } from '../../web/js/game/stats.js';
import { readStats, writeStats } from '../../web/js/save.js';
import { createSession } from '../../web/js/session.js';
import { fakeEngine, settle } from './fake-engine.js';
import { fakeLocalStorage } from './fake-storage.js';

await loadWords('en');   // (a page's surface is mounted once its words are loaded)

test('wins and losses make streaks, and each match is counted under the opponents’ level', () => {
  let s = emptyStats();
  for (const won of [true, true, false, true, true, true]) s = recordMatch(s, { won, level: 'advanced' });
  s = recordMatch(s, { won: false, level: 'basic+expert' });
  s = recordMatch(s, { won: false, level: 'basic+expert' });
  assert.deepEqual([s.played, s.won, s.streak, s.bestStreak], [8, 5, -2, 3]);
  assert.deepEqual(s.byLevel, { advanced: { played: 6, won: 5 }, 'basic+expert': { played: 2, won: 0 } });
  assert.equal(opponentsLevel({ Bottom: 'human', Left: 'expert', Top: 'basic', Right: 'expert' }), 'expert');
});

test('stored statistics are read back; a damaged or foreign value is refused with a reason, never thrown', () => {
  const items = fakeLocalStorage();
  assert.deepEqual(readStats(), { status: 'none' });
  const s = recordMatch(emptyStats(), { won: true, level: 'advanced' });
  writeStats(s);
  assert.deepEqual(readStats(), { status: 'ok', stats: s });
  for (const [raw, why] of [['{not json', 'not JSON'], ['{"v":2,"stats":{}}', 'stats version 2, expected 1'],
    ['{"v":1,"stats":{"played":1,"won":3,"streak":0,"bestStreak":0,"byLevel":{}}}', 'bad counts'],
    ['{"v":1,"stats":{"played":1,"won":1,"streak":1,"bestStreak":1,"byLevel":{"x":null}}}', 'bad level counts']]) {
    items.set('giretra.stats', raw);
    assert.deepEqual(readStats(), { status: 'bad', raw, why });
  }
});

function store(read) {
  const st = { written: [], aside: [], read };
  Object.assign(st, {
    readSettings: (d) => ({ ...d }), writeSettings() {}, writeSave() {}, readSave: () => ({ status: 'none' }),
    readBack: () => null, settleBack() {}, markPlayed() {}, markShared() {},
    readStats: () => st.read,
    writeStats: (s) => { st.written.push(s); st.read = { status: 'ok', stats: s }; },
    setStatsAside: (raw, why) => st.aside.push({ raw, why }),
  });
  return st;
}

const ui = () => ({ render() {}, announce() {}, closeDialog() {}, focusGame() {}, firstHand() {}, clearLive() {},
  dialogOpen: () => false, dialogShown: () => false, showSummary() {} });
const players = { Bottom: 'human', Left: 'basic', Top: 'advanced', Right: 'basic' };
const v = (phase) => ({ phase, toAct: phase === 'match_over' ? null : 'Bottom', players, legal: [], hand: [],
  handCounts: {}, trick: { cards: [] }, tricks: [], calls: [], rules: 'giretra.com', dealNumber: 3 });

test('a match that ends on this page is counted once, for the player’s team, under the opponents’ level', async () => {
  const st = store({ status: 'none' });
  const over = { state: 's1', view: v('match_over'), event: { seat: 'Bottom', action: 'JH', matchOver: { winner: 'Team1' } } };
  const engine = fakeEngine({ apply: () => over, view: () => v('match_over') });
  const g = new Game({ session: createSession(engine, { lang: 'en' }), ui: ui(), store: st, standalone: true, speed: '0',
    clock: { now: () => 0, setTimeout: (fn) => setImmediate(fn), clearTimeout() {} } });
  Object.assign(g, { state: 's0', view: v('play') });
  await g.humanAction('JH');
  await settle();
  assert.equal(st.written.length, 1);
  assert.deepEqual(st.written[0], { played: 1, won: 1, streak: 1, bestStreak: 1, byLevel: { basic: { played: 1, won: 1 } } });
  // The same end again (a redraw, a bot's answer for the position already over) is not a second match.
  await g.applied(over, 'Bottom');
  assert.equal(st.written.length, 1);
});

test('statistics that cannot be read: set aside, a notice, and a fresh start (no crash)', () => {
  const st = store({ status: 'bad', raw: '{oops', why: 'not JSON' });
  const g = { store: st, notices: [], notify(n) { this.notices.push(n); }, standalone: true };
  assert.deepEqual(loadStats(g), emptyStats());
  assert.deepEqual(st.aside, [{ raw: '{oops', why: 'not JSON' }]);
  assert.deepEqual(g.notices.map((n) => n.key), ['statsReset']);
  assert.deepEqual(loadStats(g), emptyStats());   // stored fresh: said once
  assert.equal(g.notices.length, 1);
});
