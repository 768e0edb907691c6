import assert from 'node:assert/strict';
import { test } from 'node:test';

import { readResults, shareLine, streak, today } from '../../web/js/daily/index.js';

const solvedAll = { 1: 'solved', 2: 'solved', 3: 'solved' };

test('the day is the player’s own, in their time zone', () => {
  assert.equal(today(new Date(2026, 0, 5, 23, 59)), '2026-01-05');
  assert.equal(today(new Date(2028, 1, 29, 0, 0)), '2028-02-29');
});

test('the streak counts the days in a row with every puzzle solved, up to today or, today unfinished, yesterday', () => {
  const days = { '2026-02-27': solvedAll, '2026-02-28': solvedAll, '2026-03-01': solvedAll };
  assert.equal(streak(days, '2026-03-01'), 3);   // across the end of February
  assert.equal(streak({ ...days, '2026-03-02': { 1: 'solved' } }, '2026-03-02'), 3);   // today not finished yet
  assert.equal(streak({ ...days, '2026-03-02': { ...solvedAll, 2: 'failed' } }, '2026-03-02'), 0);   // today failed
  assert.equal(streak({ ...days, '2026-02-28': { ...solvedAll, 3: 'failed' } }, '2026-03-01'), 1);   // broken
  assert.equal(streak({}, '2026-03-01'), 0);
});

test('the line to share has a mark per puzzle and the streak, and no card', () => {
  const t = (key, p) => `${p.date} ${p.marks} ${p.streak}`;
  assert.equal(shareLine(t, { '2026-03-01': { 1: 'solved', 2: 'failed' } }, '2026-03-01'), '2026-03-01 ✅❌⬜ 0');
});

test('results unreadable in storage are none', () => {
  const fake = { store: {}, getItem(k) { return this.store[k] ?? null; }, setItem(k, v) { this.store[k] = v; } };
  fake.setItem('giretra.puzzles', '{not json');
  assert.deepEqual(readResults(fake), {});
  fake.setItem('giretra.puzzles', JSON.stringify({ v: 2, days: { x: 1 } }));
  assert.deepEqual(readResults(fake), {});
  fake.setItem('giretra.puzzles', JSON.stringify({ v: 1, days: { '2026-03-01': { 1: 'solved' } } }));
  assert.deepEqual(readResults(fake), { '2026-03-01': { 1: 'solved' } });
});
