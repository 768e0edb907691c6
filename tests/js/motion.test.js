// The controller's side of the table's motion (web/js/view/motion.js draws it): each move is a cue for the table,
// and a bot's move waits for the motion under way, as long as the speed makes it (none at the instant speed).
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { Game } from '../../web/js/game/controller.js';
import { SPEEDS } from '../../web/js/game/settings.js';
import { loadWords } from '../../web/js/i18n.js';
import { createSession } from '../../web/js/session.js';
import { fakeEngine, settle } from './fake-engine.js';

await loadWords('en');

const view = (toAct, phase = 'play') => ({
  phase, toAct, rules: 'giretra.com', dealNumber: 1, canTakeBack: false,
  players: { Bottom: 'human', Left: 'advanced', Top: 'advanced', Right: 'advanced' },
  legal: toAct === 'Bottom' ? [{ action: 'JH' }] : [], hand: ['JH', '7S'],
  handCounts: { Bottom: 2, Left: 2, Top: 2, Right: 2 }, trick: { cards: [] }, tricks: [], calls: [],
});

function game(auto) {
  const engine = fakeEngine(auto);
  let release = null;
  const ui = { waits: 0 };
  for (const name of ['render', 'closeDialog', 'focusGame', 'firstHand', 'announce', 'sound']) ui[name] = () => {};
  ui.dialogOpen = () => false;
  ui.dialogShown = () => false;
  // The table's motion: running until the test releases it.
  ui.settled = () => { ui.waits += 1; return new Promise((resolve) => { release = resolve; }); };
  const store = { readSettings: (d) => ({ ...d }), writeSettings() {}, writeSave() {} };
  const clock = { now: () => 0, clearTimeout() {}, setTimeout: (fn) => { setImmediate(fn); return 0; } };
  const g = new Game({ session: createSession(engine, { lang: 'en' }), ui, store, clock, standalone: true, speed: '0' });
  Object.assign(g, { state: 's0', view: view('Bottom') });
  return { g, engine, ui, release: () => release?.() };
}

test('every move is a new cue for the table: its seat and its action', async () => {
  const { g } = game({ apply: () => ({ state: 's1', view: view('Bottom'), event: { seat: 'Bottom', action: 'JH' } }) });
  await g.humanAction('JH');
  const first = g.cue;
  assert.deepEqual(first, { seat: 'Bottom', action: 'JH' });
  await g.applied({ state: 's2', view: view('Bottom'), event: { seat: 'Bottom', action: 'JH' } }, 'Bottom');
  assert.notEqual(g.cue, first, 'the same move again is another cue (the table shows it again)');
});

test('a bot’s move is applied only once the table’s motion has settled', async () => {
  const { g, engine, ui, release } = game({
    apply: ({ seat }) => (seat === 'Bottom' ? { state: 's1', view: view('Left'), event: { seat, action: 'JH' } }
      : { state: 's2', view: view('Bottom'), event: { seat, action: '7S' } }),
    view: () => view('Bottom'),
  });
  await g.humanAction('JH');
  await settle();
  engine.take('bot_action').resolve({ action: '7S' });
  await settle();
  assert.equal(ui.waits, 1, 'the bot loop asked the table whether it still moves');
  assert.equal(engine.calls.filter((c) => c.name === 'apply').length, 1, 'the bot’s card waits for the motion');
  release();
  await settle();
  assert.equal(engine.calls.filter((c) => c.name === 'apply').length, 2);
  assert.equal(g.state, 's2');
});

test('the motion’s length follows the speed: none at the instant speed', () => {
  assert.equal(SPEEDS.instant.motion, 0);
  assert.ok(SPEEDS.fast.motion < SPEEDS.normal.motion && SPEEDS.normal.motion < SPEEDS.slow.motion);
});
