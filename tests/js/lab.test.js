import assert from 'node:assert/strict';
import { test } from 'node:test';

import { openLabSeat } from '../../web/js/game/labseat.js';
import { compress, createLabController, decompress, MAX_LINK } from '../../web/js/lab/controller.js';
import { savedSource, STORE_KEY } from '../../web/js/lab/saved.js';
import { TEMPLATES } from '../../web/js/lab/templates.js';

const words = (key, params = {}) => `${key}${Object.keys(params).length ? ' ' + JSON.stringify(params) : ''}`;

function store() {
  const map = new Map();
  return { getItem: (k) => (map.has(k) ? map.get(k) : null), setItem: (k, v) => map.set(k, String(v)), map };
}

/** An engine answering each call with *answer(name, request)*, or throwing what it returns when an Error. */
function engine(answer) {
  const calls = [];
  return {
    calls,
    stopped: 0,
    async call(name, request) {
      calls.push([name, request]);
      const out = await answer(name, request);
      if (out instanceof Error) throw out;
      return out;
    },
    stop() { this.stopped += 1; },
  };
}

test('a run sends the source, opponent and deal count, and keeps the arena figures', async () => {
  const figures = { B: 'basic', pairs: 100, win_rate_A: 0.3, win_rate_ci95: [0.25, 0.35] };
  const fake = engine(() => ({ ok: true, value: figures }));
  const lab = createLabController({ engine: fake, store: store(), words });
  lab.useTemplate('greedy');
  lab.setOpponent('advanced');
  lab.setDeals(20);
  const seen = [];
  lab.subscribe((s) => seen.push(s.status));
  await lab.run(5);
  assert.deepEqual(fake.calls, [['play', { source: TEMPLATES.greedy, opponent: 'advanced', deals: 20, seed: 5 }]]);
  assert.equal(seen[0], 'running');
  assert.equal(lab.state.status, 'done');
  assert.deepEqual(lab.state.result, figures);
  assert.equal(lab.state.error, null);
});

test('progress is kept as pairs done of total', () => {
  const lab = createLabController({ engine: engine(() => null), store: store(), words });
  lab.onPairs(3, 100);
  assert.deepEqual(lab.state.progress, { done: 3, total: 100 });
});

test("a bot's error keeps its line; a refused request is an input error", async () => {
  let answer = { ok: false, error: { code: 'bot_error', message: 'ZeroDivisionError', line: 6 } };
  const lab = createLabController({ engine: engine(() => answer), store: store(), words });
  await lab.run();
  assert.deepEqual(lab.state.error, { kind: 'bot', message: 'ZeroDivisionError', line: 6 });
  assert.equal(lab.state.status, 'error');
  // A mistake of a known kind in the reader's words (the catalogue's lab.bot.KIND), not the seam's English.
  answer = { ok: false, error: { code: 'bot_error', message: 'your bot chose 99 for Top, which is not legal', line: null,
    kind: 'illegal', params: { action: '99', legal: '5, 12' } } };
  await lab.run();
  assert.deepEqual(lab.state.error,
    { kind: 'bot', message: 'lab.bot.illegal {"action":"99","legal":"5, 12"}', line: null });
  answer = { ok: false, error: { code: 'bad_request', message: 'deals is a whole number', line: null } };
  await lab.check();
  assert.deepEqual(lab.state.error, { kind: 'input', message: 'deals is a whole number', line: null });
  lab.setSource('def choose(view, rng): pass\n');
  assert.equal(lab.state.error, null, 'an edit clears the error');
});

test('a decision over the limit is said as such; a stop is not an error', async () => {
  const limit = Object.assign(new Error('limit'), { name: 'TimeLimitError', limitMs: 1000 });
  let fail = limit;
  const fake = engine(() => fail);
  const lab = createLabController({ engine: fake, store: store(), words });
  await lab.run();
  assert.deepEqual(lab.state.error, { kind: 'limit', message: 'lab.limit {"ms":1000}', line: null });
  fail = new Error('stopped');
  const running = lab.run();
  lab.stop();
  await running;
  assert.equal(fake.stopped, 1);
  assert.equal(lab.state.status, 'idle');
  assert.equal(lab.state.error, null);
  assert.equal(lab.state.notice, 'lab.stopped');
});

test('save and restore go through a versioned entry; a damaged one is left alone', () => {
  const saved = store();
  const one = createLabController({ engine: engine(() => null), store: saved, words });
  one.setSource('# mine\n');
  one.save();
  assert.deepEqual(JSON.parse(saved.map.get(STORE_KEY)), { version: 1, source: '# mine\n' });
  const two = createLabController({ engine: engine(() => null), store: saved, words });
  assert.equal(two.restore(), true);
  assert.equal(two.state.source, '# mine\n');
  saved.setItem(STORE_KEY, '{"version": 2, "source": "x"}');
  const three = createLabController({ engine: engine(() => null), store: saved, words });
  assert.equal(three.restore(), false);
  assert.equal(three.state.source, TEMPLATES.random);
  assert.equal(three.state.notice, 'lab.saveUnreadable');
  assert.equal(saved.map.get(STORE_KEY), '{"version": 2, "source": "x"}');
});

test('a shared link round-trips the source, and a too long one is refused', async () => {
  const source = '# é ü ✓\ndef choose(view, rng):\n    return view.legal[0]\n';
  const lab = createLabController({ engine: engine(() => null), store: store(), words });
  lab.setSource(source);
  const hash = await lab.shareHash();
  assert.match(hash, /^bot=[A-Za-z0-9_-]+$/);
  const other = createLabController({ engine: engine(() => null), store: store(), words });
  assert.equal(await other.openHash('#' + hash), true);
  assert.equal(other.state.source, source);
  assert.equal(await other.openHash('#bot=AAAA'), false);
  assert.equal(other.state.error.message, 'lab.badLink');
  assert.equal(other.state.source, source, 'a bad link changes nothing');
  let noise = '';
  for (let i = 0; noise.length < 3 * MAX_LINK; i++) noise += `${(i * 7919) % 104729}`;
  lab.setSource(noise);
  assert.equal(await lab.shareHash(), null);
  assert.equal(lab.state.error.message, `lab.tooLong {"max":${MAX_LINK}}`);
});

test('compress and decompress are inverse', async () => {
  for (const text of ['', 'a', TEMPLATES.inference]) assert.equal(await decompress(await compress(text)), text);
});

test('a file opens as the source; something else is refused and changes nothing', () => {
  const lab = createLabController({ engine: engine(() => null), store: store(), words });
  lab.openFile('# from a file\n');
  assert.equal(lab.state.source, '# from a file\n');
  lab.openFile(null);
  assert.equal(lab.state.error.message, 'lab.badFile');
  assert.equal(lab.state.source, '# from a file\n');
  assert.throws(() => lab.useTemplate('nope'), /no template nope/);
});

test('savedSource reads the lab entry: nothing saved, unreadable (bad JSON, another version) and a bot', () => {
  const saved = store();
  assert.deepEqual(savedSource(saved), { source: null, why: 'none' });
  for (const text of ['{not json', '{"version": 2, "source": "x"}', '{"version": 1, "source": 3}', 'null']) {
    saved.setItem(STORE_KEY, text);
    assert.deepEqual(savedSource(saved), { source: null, why: 'unreadable' }, text);
  }
  saved.setItem(STORE_KEY, '{"version": 1, "source": "# mine\\n"}');
  assert.deepEqual(savedSource(saved), { source: '# mine\n' });
});

test('the game page\'s lab seat with no bot to play says why, with a link to the lab, and leaves the entry alone', () => {
  const saved = store();
  const link = { href: 'lab.html', label: 'notice.toLab' };
  assert.deepEqual(openLabSeat('Top', saved), { labSeat: null, notice: { key: 'labBotNone', seat: 'Top', link } });
  saved.setItem(STORE_KEY, '{"version": 2, "source": "x"}');
  assert.deepEqual(openLabSeat('Left', saved),
    { labSeat: null, notice: { key: 'labBotUnreadable', seat: 'Left', link } });
  assert.equal(saved.map.get(STORE_KEY), '{"version": 2, "source": "x"}');
  saved.setItem(STORE_KEY, '{"version": 1, "source": "# mine\\n"}');
  assert.deepEqual(openLabSeat('Bottom', saved), { labSeat: null, notice: { key: 'labBotSeat', link } });
});

test('an engine that did not load is said in the reader\'s words, and the next press asks again', async () => {
  let fail = Object.assign(new Error('lab-1.zip: HTTP 404'), { name: 'LabLoadError' });
  const fake = engine(() => fail);
  const lab = createLabController({ engine: fake, store: store(), words });
  await lab.run();
  assert.deepEqual(lab.state.error, { kind: 'load', message: 'lab.loadFailed {"detail":"lab-1.zip: HTTP 404"}',
    line: null });
  fail = { ok: true, value: null };   // the connection back: the next press boots a new worker, which answers
  await lab.check();
  assert.equal(lab.state.error, null);
  assert.equal(lab.state.notice, 'lab.checked');
});
