import assert from 'node:assert/strict';
import { test } from 'node:test';

import { answerReady, answerValue, emptyAnswer, namesChoice } from '../../web/js/lesson/answers.js';
import { LessonPlayer } from '../../web/js/lesson/controller.js';
import { createProgress } from '../../web/js/lesson/progress.js';
import { createSession } from '../../web/js/session.js';
import { EngineLoadError, fakeEngine, RulesError, settle } from './fake-engine.js';

/** localStorage's getItem/setItem over a Map. */
function memoryStorage(initial = {}) {
  const map = new Map(Object.entries(initial));
  return { getItem: (k) => map.get(k) ?? null, setItem: (k, v) => map.set(k, String(v)), map };
}

const LESSONS = [{ id: 'follow', family: 'play', title: 'Follow suit', tasks: 3 },
  { id: 'cut', family: 'deal', title: 'The cut', tasks: 2 }];
const task = (index, kind = 'pick_option') => ({ index, count: 3, kind, title: 'Follow suit', prompt: `Task ${index}`,
  options: [{ value: 'a', text: 'A' }, { value: 'b', text: 'B' }], board: {} });

/** A lesson player on a fake engine whose answers are the functions given; *storage*: the progress's. */
function player({ lesson = null, storage = memoryStorage(), ...answers } = {}) {
  const engine = fakeEngine({
    lessons: () => ({ lessons: LESSONS }),
    lesson_task: ({ index }) => task(index),
    check_answer: ({ answer }) => ({ correct: answer === 'a', last: false, feedback: [answer === 'a' ? 'Right.' : 'No.'],
      answer: ['The answer: A.'], expected: 'a', refused: answer === 'a' ? [] : [answer], rule: 'P-1' }),
    ...answers,
  });
  const session = createSession(engine, { lang: 'en', restartEngine: answers.restartEngine });
  const progress = createProgress(storage);
  const ctrl = new LessonPlayer({ session, lesson, progress });
  return { engine, ctrl, progress, storage };
}

test('without a lesson the list of lessons is asked and shown', async () => {
  const { ctrl } = player();
  await ctrl.start();
  assert.equal(ctrl.state(), 'list');
  assert.deepEqual(ctrl.catalogue.map((x) => x.id), ['follow', 'cut']);
});

test('a lesson opens at its first task not yet solved', async () => {
  const storage = memoryStorage({ 'giretra.lessons': JSON.stringify({ v: 1, done: { follow: [0, 1] } }) });
  const { ctrl } = player({ storage });
  await ctrl.start();
  await ctrl.openLesson('follow');
  assert.equal(ctrl.index, 2);
  assert.equal(ctrl.state(), 'asking');
});

test('a lesson of the page resumes where it was left, asking the engine for its number of tasks', async () => {
  const storage = memoryStorage({ 'giretra.lessons': JSON.stringify({ v: 1, done: { follow: [0] } }) });
  const { ctrl, engine } = player({ lesson: 'follow', storage });
  await ctrl.start();
  assert.equal(ctrl.index, 1);
  assert.deepEqual(engine.calls.map((c) => [c.name, c.args.index]), [['lesson_task', 0], ['lesson_task', 1]]);
});

/** The first task of lesson "follow" answered with option *choice* (a is right). */
async function answered(choice) {
  const made = player({ lesson: 'follow' });
  await made.ctrl.start();
  made.ctrl.toggle(choice, false);
  await made.ctrl.check();
  return made;
}

test('a right answer is marked solved and its feedback said', async () => {
  const { ctrl, progress } = await answered('a');
  assert.equal(ctrl.state(), 'right');
  assert.deepEqual(progress.read().done, { follow: [0] });
  assert.equal(ctrl.said.text, 'Right.');
  assert.equal(ctrl.focusAfter, '.gt-lesson__feedback button');
});

test('a wrong answer is not solved; Try again clears the choice', async () => {
  const { ctrl, progress } = await answered('b');
  assert.equal(ctrl.state(), 'wrong');
  assert.deepEqual(progress.read().done, {});
  ctrl.retry();
  assert.equal(ctrl.state(), 'asking');
  assert.equal(ctrl.answer, null);
});

test('an answer found after it was shown is copied: the task stays to do', async () => {
  const { ctrl, progress } = await answered('b');
  ctrl.showAnswer();
  assert.equal(ctrl.said.text, 'The answer: A.');
  ctrl.retry();
  ctrl.toggle('a', false);
  await ctrl.check();
  assert.equal(ctrl.state(), 'right');
  assert.equal(ctrl.copied(), true);
  assert.equal(ctrl.said.seen, true, 'the view adds "you had seen the answer"');
  assert.deepEqual(progress.read().done, {});
});

test('a score task keeps its numbers on Try again, but not its instant win', async () => {
  const { ctrl } = player({ lesson: 'follow', lesson_task: ({ index }) => task(index, 'score'),
    check_answer: () => ({ correct: false, last: false, feedback: ['No.'], answer: [], expected: {}, refused: [] }) });
  await ctrl.start();
  ctrl.type('Team1', '100');
  ctrl.type('Team2', '62');
  ctrl.chooseInstant('Team2');
  await ctrl.check();
  ctrl.retry();
  assert.deepEqual(ctrl.answer, { Team1: '100', Team2: '62', instant: null });
});

test('the engine answer to an older request is dropped when the learner went on', async () => {
  const engine = fakeEngine({ lessons: () => ({ lessons: LESSONS }) });
  const ctrl = new LessonPlayer({ session: createSession(engine), progress: createProgress(memoryStorage()) });
  await ctrl.start();
  const first = ctrl.openLesson('follow', 0);
  const second = ctrl.openLesson('cut', 1);
  const [older, newer] = [engine.take('lesson_task'), engine.take('lesson_task')];
  newer.resolve({ ...task(1), title: 'The cut' });
  await second;
  older.resolve(task(0));
  await first;
  assert.equal(ctrl.task.title, 'The cut');
  assert.equal(ctrl.index, 1);
});

test('a refusal is shown as the engine said it, and the list stays', async () => {
  const { ctrl } = player({ lesson_task: () => { throw new RulesError('unknown_lesson', 'No such lesson'); } });
  await ctrl.start();
  await ctrl.openLesson('nope', 0);
  assert.deepEqual(ctrl.error, { kind: 'refused', message: 'No such lesson' });
});

test('a load failure yields the retry state, and Try again loads on a new engine at the same place', async () => {
  const second = fakeEngine({ lesson_task: ({ index }) => task(index) });
  const { ctrl } = player({ lesson: 'follow', lesson_task: () => { throw new EngineLoadError('pyodide'); },
    restartEngine: () => second });
  await ctrl.start();
  assert.equal(ctrl.state(), 'error');
  assert.equal(ctrl.error.kind, 'load');
  await ctrl.reload();
  assert.equal(ctrl.error, null);
  assert.equal(ctrl.state(), 'asking');
  assert.equal(second.calls[0].args.index, 0);
});

test('an engine refused by the site’s security policy keeps the directive, for the view to name it', async () => {
  const refused = Object.assign(new EngineLoadError('pyodide', 'wasm instantiation failed'), { policy: 'script-src' });
  const { ctrl } = player({ lesson: 'follow', lesson_task: () => { throw refused; } });
  await ctrl.start();
  assert.deepEqual(ctrl.error, { kind: 'load', message: 'wasm instantiation failed', policy: 'script-src' });
});

test('a new language asks again for the task and the verdict, keeping the answer', async () => {
  const { ctrl, engine } = await answered('b');
  await ctrl.setLang('fr');
  assert.deepEqual(engine.calls.slice(-2).map((c) => [c.name, c.args.lang]), [['lesson_task', 'fr'], ['check_answer', 'fr']]);
  assert.equal(ctrl.answer, 'b');
  assert.equal(ctrl.state(), 'wrong');
});

test('the engine’s start is drawn only while there is nothing else to show', async () => {
  const { ctrl } = player();
  let draws = 0;
  ctrl.onChange = () => { draws += 1; };
  ctrl.started('pyodide');
  assert.equal(draws, 1);
  await ctrl.start();
  const before = draws;
  ctrl.started('ready');
  assert.equal(draws, before);
});

test('a removed lesson draws nothing more', async () => {
  const engine = fakeEngine();
  let draws = 0;
  const ctrl = new LessonPlayer({ session: createSession(engine), progress: createProgress(memoryStorage()),
    onChange: () => { draws += 1; } });
  ctrl.start();
  const before = draws;
  ctrl.destroy();
  engine.take('lessons').resolve({ lessons: LESSONS });
  await settle();
  assert.equal(draws, before);
});

test('progress survives a corrupted or refused storage', () => {
  assert.deepEqual(createProgress(memoryStorage({ 'giretra.lessons': '{not json' })).read(), { v: 1, done: {} });
  const refusing = { getItem() { throw new Error('sandboxed'); }, setItem() { throw new Error('sandboxed'); } };
  const progress = createProgress(refusing);
  progress.markDone('follow', 0);
  assert.deepEqual(progress.read(), { v: 1, done: {} });
  assert.equal(createProgress(undefined).firstUnsolved('follow', 2), 0);
});

test('answers take the form check_answer expects, per task kind', () => {
  const cards = emptyAnswer('select_cards');
  cards.add('JH');
  assert.deepEqual(answerValue('select_cards', cards), ['JH']);
  assert.equal(answerReady('select_calls', emptyAnswer('select_calls')), true, 'choosing none is an answer too');
  // What cannot be an answer is sent as typed, for the engine to say why (a greyed-out Check said nothing).
  assert.equal(answerReady('number', { value: '1.5' }), true);
  assert.equal(answerReady('number', { value: ' ' }), false, 'nothing typed is no answer yet');
  assert.equal(answerValue('number', { value: '1.5' }), '1.5');
  assert.equal(answerValue('number', { value: '1e2' }), '1e2');
  assert.equal(answerValue('number', { value: '-3' }), -3);
  assert.equal(answerReady('score', { Team1: '11.5', Team2: '', instant: null }), false);
  assert.deepEqual(answerValue('score', { Team1: '11.5', Team2: '3', instant: null }), { Team1: '11.5', Team2: 3 });
  assert.equal(answerValue('number', { value: ' 42 ' }), 42);
  assert.deepEqual(answerValue('score', { Team1: '100', Team2: '62', instant: null }), { Team1: 100, Team2: 62 });
  assert.deepEqual(answerValue('score', { Team1: '', Team2: '', instant: 'Team2' }), { instantWin: 'Team2' });
  assert.equal(namesChoice(['JH', 'QH'], 'QH'), true);
  assert.equal(namesChoice({ instantWin: 'Team1' }, 'Team1'), true);
  assert.equal(namesChoice(42, '42'), false, 'a number names no choice');
});
