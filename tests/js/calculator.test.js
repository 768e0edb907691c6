import assert from 'node:assert/strict';
import { test } from 'node:test';

import { Calculator } from '../../web/js/calculator/controller.js';
import { createSession } from '../../web/js/session.js';
import { EngineCrash, EngineLoadError, fakeEngine, fakeTimers, RulesError, settle } from './fake-engine.js';

const CATALOGUE = {
  teams: { Team1: 'Us', Team2: 'Them' },
  modes: [
    { mode: 'ColourHearts', text: 'Hearts', total: 162, multipliers: [1, 2, 4] },
    { mode: 'NoTrumps', text: 'No trumps', total: 130, multipliers: [2], refused: { 1: 'NoTrumps is doubled' } },
  ],
};

const result = (req) => ({ result: { cardPoints: { Team1: 90, Team2: 72 }, matchPoints: { Team1: 9, Team2: 7 },
  multiplier: req.multiplier, modeText: 'Hearts', announcer: req.announcer, lines: ['90 + 72 = 162'], rule: 'S-2' } });

/** A calculator on a fake engine that answers the catalogue at once; score requests with a mode wait for the test. */
function calculator({ score = null, restartEngine = null } = {}) {
  const engine = fakeEngine(score ? { score } : {});
  const timers = fakeTimers();
  const changes = [];
  const session = createSession(engine, { lang: 'en', restartEngine });
  const ctrl = new Calculator({ session, timers, onChange: (c) => changes.push(c.result) });
  return { engine, timers, ctrl, changes };
}

const scoring = (req) => (req.mode ? result(req) : CATALOGUE);

test('opening asks the engine for its modes, then the score of the default contract', async () => {
  const { engine, ctrl } = calculator({ score: scoring });
  await ctrl.load();
  assert.deepEqual(engine.calls.map((c) => Object.keys(c.args).sort()), [['lang', 'rules'],
    ['announcer', 'cardPoints', 'lang', 'mode', 'multiplier', 'rules']]);
  assert.deepEqual(ctrl.result.matchPoints, { Team1: 9, Team2: 7 });
});

test('the engine completes the other team’s card points, never the ones typed', async () => {
  const { ctrl } = calculator({ score: scoring });
  await ctrl.load();
  assert.deepEqual(ctrl.inputs.points, { Team1: '90', Team2: '72' });
});

test('only the team typed last is sent, numbers as numbers', async () => {
  const { ctrl } = calculator({ score: scoring });
  await ctrl.load();
  ctrl.input('Team2', ' 100 ');
  assert.deepEqual(ctrl.request().cardPoints, { Team2: 100 });
});

test('text that is not a number goes as typed, for the engine to say what is wrong', () => {
  const { ctrl } = calculator();
  ctrl.inputs.points.Team1 = 'ninety';
  assert.deepEqual(ctrl.request().cardPoints, { Team1: 'ninety' });
  ctrl.inputs.points.Team1 = '  ';
  assert.equal('cardPoints' in ctrl.request(), false, 'an empty field sends no points');
});

test('a sweep sends no card points', async () => {
  const { ctrl } = calculator({ score: scoring });
  await ctrl.load();
  ctrl.input('sweep', 'Team2');
  assert.equal(ctrl.request().sweep, 'Team2');
  assert.equal('cardPoints' in ctrl.request(), false);
});

test('a mode that cannot have the multiplier takes the nearest, and gives the wanted one back after', async () => {
  const { ctrl } = calculator({ score: scoring });
  await ctrl.load();
  ctrl.input('multiplier', '1');
  ctrl.input('mode', 'NoTrumps');
  assert.equal(ctrl.inputs.multiplier, 2);
  ctrl.input('mode', 'ColourHearts');
  assert.equal(ctrl.inputs.multiplier, 1);
});

test('typing asks once the typing pauses, not at every key', async () => {
  const { engine, ctrl, timers } = calculator({ score: scoring });
  await ctrl.load();
  const before = engine.calls.length;
  ctrl.input('Team1', '8');
  ctrl.input('Team1', '80');
  timers.tick(100);
  assert.equal(engine.calls.length, before);
  timers.tick(150);
  await settle();
  assert.equal(engine.calls.length, before + 1);
  assert.deepEqual(engine.calls.at(-1).args.cardPoints, { Team1: 80 });
});

test('an answer to older inputs is dropped when newer ones were sent', async () => {
  const engine = fakeEngine();
  const ctrl = new Calculator({ session: createSession(engine), timers: fakeTimers() });
  ctrl.catalogue = CATALOGUE;
  ctrl.inputs.points.Team1 = '60';
  const old = ctrl.compute();
  ctrl.inputs.points.Team1 = '80';
  const fresh = ctrl.compute();
  const [first, second] = [engine.take('score'), engine.take('score')];
  second.resolve(result({ multiplier: 1, announcer: 'Team1' }));
  await fresh;
  const shown = ctrl.result;
  first.resolve({ result: { ...shown, matchPoints: { Team1: 0, Team2: 16 } } });
  await old;
  assert.equal(ctrl.result, shown);
  assert.equal(ctrl.busy, false);
});

test('a refusal is shown with the engine’s words, and the other team’s points are emptied', async () => {
  const refusal = new RulesError('bad_card_points', 'Card points run from 0 to 162', 'S-1');
  const { ctrl } = calculator({ score: (req) => { if (req.mode) throw refusal; return CATALOGUE; } });
  await ctrl.load();
  assert.equal(ctrl.error.kind, 'refused');
  assert.equal(ctrl.error.error.message, 'Card points run from 0 to 162');
  assert.equal(ctrl.inputs.points.Team2, '');
  assert.equal(ctrl.invalid, 'Team1', 'the field typed is marked invalid');
  assert.equal(ctrl.result, null);
});

test('an engine bug is shown as a crash, not as a refusal', async (t) => {
  t.mock.method(console, 'error', () => {});
  const { ctrl } = calculator({ score: (req) => { if (req.mode) throw new EngineCrash(); return CATALOGUE; } });
  await ctrl.load();
  assert.equal(ctrl.error.kind, 'crash');
  assert.equal(ctrl.invalid, null);
});

test('a load failure yields the retry state, and Try again starts a new engine and loads', async () => {
  const second = fakeEngine({ score: scoring });
  const { ctrl } = calculator({ score: () => { throw new EngineLoadError('wheel'); }, restartEngine: () => second });
  await ctrl.load();
  assert.equal(ctrl.loadError.stage, 'wheel');
  assert.equal(ctrl.booting, true);
  assert.equal(ctrl.error, null, 'not shown as a bug');
  await ctrl.retry();
  await settle();
  assert.equal(ctrl.loadError, null);
  assert.equal(ctrl.booting, false);
  assert.deepEqual(ctrl.result.matchPoints, { Team1: 9, Team2: 7 });
});

test('the engine’s start is shown stage by stage until it is ready', () => {
  const { ctrl } = calculator();
  ctrl.started('pyodide');
  assert.equal(ctrl.booting, true);
  ctrl.started('ready');
  assert.equal(ctrl.booting, false);
});

test('a new language asks again for the catalogue and the score, in that language', async () => {
  const { engine, ctrl } = calculator({ score: scoring });
  await ctrl.load();
  ctrl.setLang('fr');
  await settle();
  await settle();
  assert.deepEqual(engine.calls.slice(-2).map((c) => [c.args.lang, Boolean(c.args.mode)]), [['fr', false], ['fr', true]]);
});

test('a removed calculator draws nothing more', async () => {
  const engine = fakeEngine();
  let draws = 0;
  const ctrl = new Calculator({ session: createSession(engine), timers: fakeTimers(), onChange: () => { draws += 1; } });
  const loading = ctrl.load();
  const before = draws;
  ctrl.destroy();
  engine.take('score').resolve(CATALOGUE);
  await settle();
  void loading;
  assert.equal(draws, before);
  assert.equal(ctrl.catalogue, null);
});
