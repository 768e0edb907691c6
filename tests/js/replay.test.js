import assert from 'node:assert/strict';
import { test } from 'node:test';

import { Replay } from '../../web/js/replay/controller.js';
import { replayKey } from '../../web/js/replay/view.js';
import { EngineLoadError, fakeEngine, RulesError } from './fake-engine.js';

// Four steps as replay_deal gives them (shortened): a cut, a call, Bottom's card, Left's card.
const step = (seat, action, extra = {}) => ({ seat, action, hands: {}, trick: null, cardPoints: {}, calls: [], ...extra });
const STEPS = [
  step('Top', { type: 'cut', action: 'c16' }),
  step('Left', { type: 'announce', action: 'NT' }),
  step('Bottom', { type: 'card', action: 'KC', card: 'KC' }),
  step('Left', { type: 'card', action: 'AC', card: 'AC' }),
  step('Bottom', { type: 'card', action: 'JD', card: 'JD' }),
];
const REPLAY = { dealNumber: 1, dealer: 'Left', contract: { mode: 'NoTrumps' }, steps: STEPS };
const position = (card) => ({ trick: 1, played: { card }, cards: [], best: [card], playedBest: true, lost: {} });

function replay(auto = { replay_deal: () => REPLAY }) {
  const engine = fakeEngine(auto);
  const changes = [];
  const call = (name, args) => engine.call(name, args);
  const r = new Replay({ call, state: 'S', deal: 1, seat: 'Bottom', onChange: (x) => changes.push(x.index) });
  return { engine, r, changes };
}

test('the steps come from the engine, the replay starts at the first', async () => {
  const { engine, r } = replay();
  await r.load();
  assert.deepEqual(engine.calls[0], { name: 'replay_deal', args: { state: 'S', deal: 1 } });
  assert.equal(r.count, 5);
  assert.equal(r.index, 0);
  assert.equal(r.step.action.action, 'c16');
  assert.ok(r.atFirst);
});

test('first, prev, next, last and goTo step within the deal and never past its ends', async () => {
  const { r, changes } = replay();
  await r.load();
  r.prev();
  assert.equal(r.index, 0, 'nothing before the first step');
  r.next(); r.next();
  assert.equal(r.step.action.card, 'KC');
  r.last();
  assert.ok(r.atLast);
  r.next();
  assert.equal(r.index, 4, 'nothing after the last step');
  r.goTo(1);
  assert.equal(r.step.action.action, 'NT');
  r.goTo('3');   // a slider's value
  assert.equal(r.index, 3);
  r.goTo(99);
  assert.equal(r.index, 4);
  r.first();
  assert.equal(r.index, 0);
  assert.deepEqual(changes, [0, 1, 2, 4, 1, 3, 4, 0], 'a change for each move, none for a step that goes nowhere');
});

test('the analysis is asked one position at a time and each lands on the step of its card', async () => {
  const { engine, r } = replay({ replay_deal: () => REPLAY });
  await r.load();
  const done = r.analyse();
  await Promise.resolve();
  let asked = engine.take('analyse_deal');
  assert.deepEqual(asked.args, { state: 'S', seat: 'Bottom', deal: 1, first: 0, count: 1 });
  asked.resolve({ total: 2, positions: [position('KC')] });
  await new Promise((ok) => setImmediate(ok));
  assert.equal(r.analysis.done, 1);
  r.goTo(2);
  assert.equal(r.position.played.card, 'KC');
  asked = engine.take('analyse_deal');
  assert.equal(asked.args.first, 1);
  asked.resolve({ total: 2, positions: [position('JD')] });
  await done;
  assert.deepEqual(r.analysedSteps, [2, 4]);
  r.first();
  r.nextChoice();
  assert.equal(r.index, 2);
  r.nextChoice();
  assert.equal(r.index, 4);
  r.prevChoice();
  assert.equal(r.index, 2);
  assert.equal(engine.pending.length, 0, 'nothing more asked once every position has come');
});

test('PageDown goes to the player’s next card before its values have come, and stops past the last choice', async () => {
  const { engine, r } = replay({ replay_deal: () => REPLAY });
  await r.load();
  assert.equal(r.nextChoiceAt, 2);   // (its button's target: on a phone, the only way there)
  assert.equal(r.prevChoiceAt, null);
  r.nextChoice();   // nothing asked yet: the player's first card (it did nothing until the analysis reached it)
  assert.equal(r.index, 2);
  assert.equal(r.seeking, true, 'its values are wanted in view when they come');
  r.valuesRevealed();
  assert.equal(r.seeking, false, 'once brought into view, later drawings leave the scroll alone');
  r.prev();
  r.nextChoice();
  assert.equal(r.index, 2);
  assert.equal(r.seeking, true);
  r.next();
  assert.equal(r.seeking, false, 'a step of another kind forgets it');
  r.prev();
  const done = r.analyse();
  await Promise.resolve();
  engine.take('analyse_deal').resolve({ total: 1, positions: [position('JD')] });   // KC was forced, say
  await done;
  r.first();
  r.nextChoice();
  assert.equal(r.index, 4, 'once worked out, only the cards with a choice');
  r.nextChoice();
  assert.equal(r.index, 4);
  assert.equal(r.nextChoiceAt, null, 'its button off');
  assert.equal(r.prevChoiceAt, null, 'KC forced: no choice before JD');
});

test('a replay watched (no player’s seat: the rules page’s examples) leaves PageUp and PageDown to the page', async () => {
  const engine = fakeEngine({ replay_deal: () => REPLAY });
  const watched = new Replay({ call: (name, args) => engine.call(name, args), state: 'S', deal: 1, seat: null });
  await watched.load();
  const key = (k) => replayKey(watched, { key: k, target: {} });
  assert.equal(key('PageDown'), false, 'not taken: the page scrolls');
  assert.equal(key('PageUp'), false);
  assert.equal(key('End'), true);
  assert.equal(watched.index, STEPS.length - 1);
  const { r } = replay();
  await r.load();
  assert.equal(replayKey(r, { key: 'PageDown', target: {} }), true, 'the player’s next choice');
});

test('closed, the replay asks nothing more and drops an answer still coming', async () => {
  const { engine, r, changes } = replay();
  await r.load();
  const done = r.analyse();
  await Promise.resolve();
  r.close();
  const n = changes.length;
  engine.take('analyse_deal').resolve({ total: 3, positions: [position('KC')] });
  await done;
  assert.equal(engine.pending.length, 0);
  assert.equal(engine.calls.filter((c) => c.name === 'analyse_deal').length, 1);
  assert.equal(changes.length, n);
});

test('a refusal is said, a crash stays loud', async () => {
  const refused = replay({ replay_deal: () => { throw new RulesError('no_finished_deal', 'no deal has finished yet'); } });
  await refused.r.load();
  assert.equal(refused.r.failed, 'no deal has finished yet');
  assert.equal(refused.r.steps, null);
  const crash = replay({ replay_deal: () => { throw new Error('boom'); } });
  await assert.rejects(crash.r.load(), /boom/);
});

test('an analysed card missing from the steps is a bug, loud', async () => {
  const { engine, r } = replay();
  await r.load();
  const done = r.analyse();
  await Promise.resolve();
  engine.take('analyse_deal').resolve({ total: 1, positions: [position('7S')] });
  await assert.rejects(done, /7S/);
});

test('the analysis goes to the analyst engine; stopped with the replay, its rejection is no failure', async () => {
  const game = fakeEngine({ replay_deal: () => REPLAY });
  const analyst = fakeEngine();
  const r = new Replay({ call: (n, a) => game.call(n, a), analyst: (n, a) => analyst.call(n, a), state: 'S', deal: 1,
    seat: 'Bottom' });
  await r.load();
  const done = r.analyse();
  await Promise.resolve();
  assert.deepEqual(game.calls.map((c) => c.name), ['replay_deal'], 'the game engine is never asked to analyse');
  const asked = analyst.take('analyse_deal');
  r.close();
  asked.reject(new EngineLoadError('pyodide', 'engine stopped'));   // engine.destroy() rejects what it still held
  await done;
  assert.equal(r.failed, null);
  assert.equal(analyst.calls.length, 1);
});

test('an analyst engine that cannot start is said in place of the values, not shown as a crash', async () => {
  const analyst = fakeEngine({ analyse_deal: () => { throw new EngineLoadError('pyodide', 'cannot load pyodide.mjs'); } });
  const r = new Replay({ call: fakeEngine({ replay_deal: () => REPLAY }).call, analyst: analyst.call, state: 'S',
    deal: 1, seat: 'Bottom' });
  await r.load();
  await r.analyse();
  assert.equal(r.failed, 'cannot load pyodide.mjs');
});

test('then the other players’ cards: the team’s best changing between two choices is put on their cards', async () => {
  const steps = [
    step('Bottom', { type: 'card', action: 'KC', card: 'KC' }),
    step('Left', { type: 'card', action: 'AC', card: 'AC' }),
    step('Top', { type: 'card', action: 'QC', card: 'QC' }),
    step('Right', { type: 'card', action: '7C', card: '7C' }),
    step('Bottom', { type: 'card', action: 'JD', card: 'JD' }),
  ];
  const valued = (card, values, lost = 0) => ({ trick: 1, played: { card }, playedBest: !lost,
    lost: { cardPoints: lost, matchPoints: 0 }, cards: Object.entries(values).map(([c, cardPoints]) => ({ card: c, cardPoints })) });
  const engine = fakeEngine({ replay_deal: () => ({ ...REPLAY, steps }) });
  const r = new Replay({ call: (name, args) => engine.call(name, args), state: 'S', deal: 1, seat: 'Bottom',
    partner: 'Top', opponents: ['Left', 'Right'] });
  await r.load();
  const done = r.analyse();
  const answer = async (seat, first, total, position) => {
    await new Promise((ok) => setImmediate(ok));
    const asked = engine.take('analyse_deal');
    assert.deepEqual([asked.args.seat, asked.args.first], [seat, first]);
    asked.resolve({ total, positions: position ? [position] : [] });
  };
  await answer('Bottom', 0, 2, valued('KC', { KC: 90, '9C': 80 }));
  await answer('Bottom', 1, 2, valued('JD', { JD: 75, '7D': 60 }));
  await new Promise((ok) => setImmediate(ok));
  r.goTo(4);
  assert.deepEqual(r.change, { from: 90, to: 75, cards: [], done: false }, 'the change said before its causes come');
  await answer('Top', 0, 1, valued('QC', { QC: 70, '8C': 90 }, 20));   // the partner's card: −20
  await answer('Left', 0, 1, valued('AC', { AC: 80, '9C': 85 }, 5));   // an opponent's: +5 for the player's team
  await answer('Right', 0, 0, null);   // (Right had no choice)
  await done;
  assert.deepEqual(r.change.cards.map(({ step: i, seat, by }) => [i, seat, by]), [[1, 'Left', 5], [2, 'Top', -20]]);
  assert.equal(r.change.done, true);
  r.goTo(2);
  assert.deepEqual([r.otherPosition.seat, r.otherPosition.partner, r.otherPosition.position.played.card], ['Top', true, 'QC']);
  assert.equal(r.change, null, 'not at a choice of the player’s');
  r.goTo(0);
  assert.equal(r.change, null, 'nothing before the first choice');
  assert.equal(engine.pending.length, 0);
});
