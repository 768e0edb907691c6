import assert from 'node:assert/strict';
import { test } from 'node:test';

import { createSession, errorKind } from '../../web/js/session.js';
import { EngineCrash, EngineLoadError, fakeEngine, RulesError, settle } from './fake-engine.js';

test('every call carries the session language', async () => {
  const engine = fakeEngine({ view: () => ({ phase: 'cut' }) });
  const session = createSession(engine, { lang: 'fr' });
  assert.deepEqual(await session.view({ state: 'G2 x', seat: 'Bottom' }), { phase: 'cut' });
  assert.deepEqual(engine.calls[0], { name: 'view', args: { state: 'G2 x', seat: 'Bottom', lang: 'fr' } });
});

test('named calls go to the seam endpoints of the same name', async () => {
  const engine = fakeEngine({ new_match: () => 1, bot_action: () => 2, lesson_task: () => 3, check_answer: () => 4 });
  const session = createSession(engine);
  assert.equal(await session.newMatch({}), 1);
  assert.equal(await session.botAction({}), 2);
  assert.equal(await session.lessonTask({}), 3);
  assert.equal(await session.checkAnswer({}), 4);
  assert.deepEqual(engine.calls.map((c) => c.name), ['new_match', 'bot_action', 'lesson_task', 'check_answer']);
});

test('a new language applies to the next calls', async () => {
  const engine = fakeEngine({ info: () => ({}) });
  const session = createSession(engine, { lang: 'en' });
  session.setLang('mg');
  await session.info();
  assert.equal(engine.calls[0].args.lang, 'mg');
  assert.equal(session.lang, 'mg');
});

test('errors are sorted into refused, load and crash', () => {
  assert.equal(errorKind(new RulesError('illegal')), 'refused');
  assert.equal(errorKind(new EngineLoadError()), 'load');
  assert.equal(errorKind(new EngineCrash()), 'crash');
  assert.equal(errorKind(new TypeError('x is undefined')), 'crash');
  assert.equal(errorKind(undefined), 'crash');
});

test('a stale answer is dropped: the newer request of the lane wins', async () => {
  const engine = fakeEngine();
  const session = createSession(engine);
  const first = session.latest('score', { mode: 'A' }, 'calc');
  const second = session.latest('score', { mode: 'B' }, 'calc');
  engine.take('score').resolve('old');
  engine.take('score').resolve('new');
  assert.equal(await first, null);
  assert.deepEqual(await second, { value: 'new' });
});

test('an answer that comes back late after a newer one is still dropped', async () => {
  const engine = fakeEngine();
  const session = createSession(engine);
  const first = session.latest('score', {}, 'calc');
  const second = session.latest('score', {}, 'calc');
  const [old, fresh] = [engine.take('score'), engine.take('score')];
  fresh.resolve('new');
  assert.deepEqual(await second, { value: 'new' });
  old.resolve('old');
  assert.equal(await first, null);
});

test('lanes are independent', async () => {
  const engine = fakeEngine({ score: () => 'a', lessons: () => 'b' });
  const session = createSession(engine);
  const [a, b] = await Promise.all([session.latest('score', {}, 'one'), session.latest('lessons', {}, 'two')]);
  assert.deepEqual([a, b], [{ value: 'a' }, { value: 'b' }]);
});

test('a refusal comes back as a refused error with the engine message and rule', async () => {
  const engine = fakeEngine({ apply: () => { throw new RulesError('not_your_turn', 'Not your turn', 'P-1'); } });
  const answer = await createSession(engine).latest('apply', {});
  assert.equal(answer.kind, 'refused');
  assert.equal(answer.error.message, 'Not your turn');
  assert.equal(answer.error.rule, 'P-1');
});

test('an engine bug is logged even when its answer is no longer wanted', async (t) => {
  const logged = t.mock.method(console, 'error', () => {});
  const engine = fakeEngine();
  const session = createSession(engine);
  const first = session.latest('score', {});
  session.latest('score', {});
  engine.take('score').reject(new EngineCrash('KeyError'));
  assert.equal(await first, null);
  assert.equal(logged.mock.callCount(), 1);
});

test('a closed session answers nothing: its callers never resume', async () => {
  const engine = fakeEngine();
  const session = createSession(engine);
  let resumed = false;
  session.view({}).then(() => { resumed = true; }, () => { resumed = true; });
  session.close();
  engine.take('view').resolve({});
  await settle();
  assert.equal(resumed, false);
  const late = session.latest('score', {});
  await settle();
  assert.equal(engine.pending.length, 0, 'a closed session sends nothing');
  void late;
});

test('restart takes a new engine and drops what the old one still owes', async () => {
  const first = fakeEngine();
  const second = fakeEngine({ score: () => 'from the new engine' });
  const session = createSession(first, { restartEngine: () => second });
  const old = session.latest('score', {});
  await session.restart();
  assert.equal(session.engine, second);
  first.take('score').resolve('from the old engine');
  assert.equal(await old, null);
  assert.deepEqual(await session.latest('score', {}), { value: 'from the new engine' });
});

test('restart without a way to restart says so', async () => {
  await assert.rejects(createSession(fakeEngine()).restart(), /no way to restart/);
});

test('progress is followed across a restart, and a late listener hears the stage reached', async () => {
  const first = fakeEngine();
  const second = fakeEngine();
  const session = createSession(first, { restartEngine: () => second });
  first.progress('pyodide');
  const heard = [];
  session.onProgress((stage) => heard.push(stage));
  first.progress('wheel');
  await session.restart();
  assert.equal(first.listeners(), 0, 'the old engine is no longer followed');
  second.progress('ready');
  assert.deepEqual(heard, ['pyodide', 'wheel', 'ready']);
});
