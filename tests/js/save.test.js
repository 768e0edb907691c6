import assert from 'node:assert/strict';
import { test } from 'node:test';

import { readTableView, writeSave, writeTableView } from '../../web/js/save.js';
import { fakeLocalStorage } from './fake-storage.js';

const STATE = 'G2 giretra.com hrrr 7 B 0-0 150 * c9 2';
const VIEW = { phase: 'negotiation', hand: ['AS', '7H', 'KC', 'QC', '10C'], toAct: 'Bottom' };

test('the table kept beside the save is drawn only for that very match, in the language it was drawn in', () => {
  const items = fakeLocalStorage();
  assert.equal(readTableView('en'), null);                     // nothing saved
  writeTableView({ state: STATE, lang: 'en', view: VIEW });
  assert.equal(readTableView('en'), null);                     // a view, but no save
  writeSave({ state: STATE });
  assert.deepEqual(readTableView('en'), VIEW);
  assert.equal(readTableView('fr'), null);                     // drawn in English: the engine draws it in French
  writeSave({ state: `${STATE} 9C` });
  assert.equal(readTableView('en'), null);                     // the save moved on: that table is another's
  writeSave({ state: STATE });
  for (const raw of ['{not json', '{"v":2}', JSON.stringify({ v: 1, state: STATE, lang: 'en', view: { phase: 'play' } }),
    JSON.stringify({ v: 1, state: STATE, lang: 'en', view: { phase: 'play', hand: ['1Z'] } })]) {
    items.set('giretra.match.view', raw);
    assert.equal(readTableView('en'), null, raw);              // damaged: not drawn, nothing thrown
  }
});
