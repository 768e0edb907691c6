import assert from 'node:assert/strict';
import { test } from 'node:test';

import { askDuplicate, difference } from '../../web/js/duplicate/index.js';

const result = (mine, theirs) => ({ contract: null, cardPoints: { Team1: 0, Team2: 0 }, matchPoints: { Team1: mine, Team2: theirs } });

/** A game as the duplicate sees it: its engine plays *total* actions, *part* at a time; *open* says whether a dialog is. */
function fakeGame({ total = 10, id = 'm1', open = () => true } = {}) {
  const asked = [];
  const game = {
    state: 'S', token: 1, duplicate: null, duplicates: null,
    ui: { refreshDialog() {}, dialogOpen: open, announce() {} },
    async call(name, args) {
      if (name === 'match_info') return { id };
      asked.push(args);
      const moves = [...args.moves, ...Array.from({ length: Math.min(args.count, total - args.moves.length) }, (_, i) => `a${args.moves.length + i}`)];
      const done = moves.length === total;
      return { moves, done, team: 'Team1', played: result(20, 10), expert: done ? result(0, 30) : null };
    },
  };
  return { game, asked };
}

test('the difference is the player team’s lead less the expert’s', () => {
  assert.equal(difference({ team: 'Team1', played: result(20, 10), expert: result(0, 30) }), 40);
  assert.equal(difference({ team: 'Team2', played: result(20, 10), expert: result(0, 30) }), -40);
});

test('the duplicate is asked a few actions at a time, each part from the moves so far, and kept for the match', async () => {
  const { game, asked } = fakeGame({ total: 10 });
  await askDuplicate(game, 1);
  assert.deepEqual(asked.map((a) => [a.moves.length, a.count, a.deal, a.seat]), [[0, 4, 1, 'Bottom'], [4, 4, 1, 'Bottom'], [8, 4, 1, 'Bottom']]);
  assert.equal(game.duplicate.done, true);
  assert.equal(game.duplicate.moves.length, 10);
  assert.deepEqual(game.duplicates, { id: 'm1', deals: { 1: 40 } });
});

test('closed before the end, it stops and goes on from where it stopped; another match starts its own total', async () => {
  let open = true;
  const { game, asked } = fakeGame({ total: 10, open: () => open });
  const first = game.call.bind(game);
  game.call = async (name, args) => { const out = await first(name, args); if (name === 'expert_deal') open = false; return out; };
  await askDuplicate(game, 2);
  assert.equal(asked.length, 1);
  assert.deepEqual([game.duplicate.moves.length, game.duplicate.done], [4, false]);
  open = true;
  game.call = first;
  await askDuplicate(game, 2);
  assert.deepEqual(asked.slice(1).map((a) => a.moves.length), [4, 8]);
  assert.equal(game.duplicate.done, true);
  const other = fakeGame({ id: 'm2' }).game;
  other.duplicates = game.duplicates;
  await askDuplicate(other, 1);
  assert.deepEqual(other.duplicates, { id: 'm2', deals: { 1: 40 } });
});
