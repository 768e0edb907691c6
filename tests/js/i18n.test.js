import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { test } from 'node:test';

import { hasWords, languageSwitch, LANGUAGES, loadWords, translator } from '../../web/js/i18n.js';

// The catalogues themselves, read as files (not through the loader, whose cache the first test watches).
const dir = new URL('../../web/js/i18n/', import.meta.url);
const files = readdirSync(dir).filter((f) => f.endsWith('.js')).sort();
const catalogues = Object.fromEntries(await Promise.all(
  files.map(async (f) => [f.slice(0, -3), (await import(new URL(f, dir))).default])));
const placeholders = (text) => [...String(text).matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

test('a language’s words load only when asked, once, and the others stay unloaded', async () => {
  assert.deepEqual(LANGUAGES.map(hasWords), [false, false, false]);
  assert.throws(() => translator('fr'), /fr words are not loaded/);   // drawing before the words came: loud
  const asked = loadWords('fr');
  assert.equal(loadWords('fr'), asked, 'a second surface in the same language shares the first one’s load');
  const t = await asked;
  assert.equal(t.lang, 'fr');
  assert.equal(t('bar.newMatch'), 'Nouvelle partie');
  assert.deepEqual(LANGUAGES.map(hasWords), [false, true, false]);
  assert.equal(translator('fr')('bar.newMatch'), 'Nouvelle partie', 'once loaded, at once');
});

test('a language we do not have is English', async () => {
  const t = await loadWords('de');
  assert.equal(t.lang, 'en');
  assert.equal(translator(undefined).lang, 'en');
  assert.equal(t('bar.newMatch'), 'New match');
});

test('a translator fills placeholders and shows a missing key as ⟦key⟧', async () => {
  const t = await loadWords('en');
  assert.equal(t('live.newMatch'), 'A new match starts.');
  assert.equal(t('no.such.key'), '⟦no.such.key⟧');
  assert.equal(t.maybe('no.such.key'), null);
  assert.equal(t.card('JH'), t('card.name', { rank: t('rank.J'), suit: t('suit.H') }));
});

test('a surface’s language switch: of two in a row, the last asked wins, even when the first one’s words come later', async () => {
  await loadWords('en');
  const switchTo = languageSwitch();
  const first = switchTo('mg');    // not loaded yet: its words arrive after the second switch's
  const second = switchTo('en');   // already loaded
  assert.equal(await first, null, 'a switch overtaken by a later one gives nothing to draw');
  assert.equal((await second).lang, 'en');
  assert.equal((await switchTo('mg')).lang, 'mg', 'asked alone, a switch gives its words');
  const other = languageSwitch();   // each surface counts its own switches
  assert.equal((await other('fr')).lang, 'fr');
});

test('one catalogue per language, each with the keys and placeholders of the English one, none empty', () => {
  assert.deepEqual(Object.keys(catalogues), [...LANGUAGES].sort());
  const english = catalogues.en;
  for (const [lang, words] of Object.entries(catalogues)) {
    assert.deepEqual(Object.keys(words).sort(), Object.keys(english).sort(), `${lang}: not the keys of en.js`);
    for (const [key, text] of Object.entries(words)) {
      assert.equal(typeof text, 'string', `${lang}:${key}`);
      assert.ok(text.trim(), `${lang}:${key} is empty`);
      assert.deepEqual(placeholders(text), placeholders(english[key]), `${lang}:${key}: not the placeholders of en.js`);
    }
  }
});

// Words that two keys share in a language though English has two: each one looked at, and kept because the two are
// never where one could be taken for the other. Any other is a collision (French said "Annuler" for both Undo and
// Cancel: an audit).
const HOMONYMS = {
  fr: { D: ['rankShort.Q', 'table.dealerChip'], 'Les annonces': ['bids.all', 'lesson.family.negotiation'] },
  mg: { anjarany: ['table.toAct', 'table.toCut', 'table.toSpeak'], Mpifanandrina: ['seat.opponent', 'stats.opponents'],
    '{team}: isa karatra {points}, fanangonana {tricks}': ['replay.points', 'replay.points.one'],   // (no plural)
    // a phone's score sheet's short auto-double: "ho azy" is already short (two lines at 360 px)
    '{mode} Contré ho azy ×2, {team}': ['contract.x2auto', 'contract.x2autoShort'] },
};

test('no word says two different things in a language, but the homonyms looked at', () => {
  for (const [lang, words] of Object.entries(catalogues)) {
    const keysOf = new Map();
    for (const [key, text] of Object.entries(words)) keysOf.set(text, [...(keysOf.get(text) ?? []), key]);
    for (const [text, keys] of keysOf) {
      if (new Set(keys.map((k) => catalogues.en[k])).size < 2) continue;
      assert.deepEqual(keys.sort(), HOMONYMS[lang]?.[text], `${lang}: “${text}” is the word of ${keys.join(', ')}`);
    }
  }
});

test('a team’s name keeps its number on the line of its word, in every language', async () => {
  for (const lang of LANGUAGES) {
    const t = await loadWords(lang);
    for (const team of ['Team1', 'Team2']) {
      assert.match(t.team(team), /\S\u00a0\d/, `${lang}: ${t.team(team)}`);
      assert.equal(t.team(team).replace(/\u00a0/g, ' '), t(`team.${team}`));
      // ... and its seats after it, in brackets: a phone's result reads them only (view/summary.js teamName splits
      // the name there); a translation without them would show its whole name in the row, with no seats said
      for (const key of [`team.${team}`, `team.${team}.watched`].filter((k) => k in catalogues.en)) {
        assert.match(t(key), /^[^()]+\S \([^()]+\)$/, `${lang}: ${key} is “name (seats)”`);
      }
    }
  }
});

// French puts a space before : ; ? ! and inside « » — a no-break one (U+00A0 before ":", the narrow U+202F for the
// others), so that the mark never starts or ends a line of its own (an ordinary space let "Pli :" wrap to ":" alone
// on a phone).
test('no French word has an ordinary space before : ; ? or ! nor inside « »', async () => {
  const french = { 'i18n/fr.js': catalogues.fr };
  for (const module of ['daily', 'duplicate', 'lab']) {
    french[`${module}/words.js`] = (await import(`../../web/js/${module}/words.js`)).default.fr;
  }
  const wrong = Object.entries(french).flatMap(([file, words]) => Object.entries(words)
    .filter(([, text]) => / [:;?!»]|« /.test(text)).map(([key, text]) => `${file} ${key}: ${JSON.stringify(text)}`));
  assert.deepEqual(wrong, []);
  const english = Object.values(catalogues.en).filter((text) => /[\u00a0\u202f][:;?!]/.test(text));
  assert.deepEqual(english, [], 'the French spaces stay French');
});

// (Last: it adds the duplicate's words to the catalogues the tests above read.)
test('a module loaded later brings its words in each language, which every translator then has, one made before too', async () => {
  for (const module of ['duplicate', 'daily', 'lab']) {
    const { default: own } = await import(`../../web/js/${module}/words.js`);
    assert.deepEqual(Object.keys(own).sort(), [...LANGUAGES].sort());
    for (const [lang, words] of Object.entries(own)) {
      assert.deepEqual(Object.keys(words).sort(), Object.keys(own.en).sort(), `${module} ${lang}: not its English keys`);
      for (const [key, text] of Object.entries(words)) {
        assert.ok(text.trim() && !(key in catalogues[lang]), `${lang}:${key} empty, or in the catalogue already`);
        assert.deepEqual(placeholders(text), placeholders(own.en[key]), `${lang}:${key}: not its English placeholders`);
      }
    }
  }
  const { default: later } = await import('../../web/js/duplicate/words.js');
  const { addWords } = await import('../../web/js/i18n.js');
  const before = translator('en');
  assert.equal(before('duplicate.title'), '⟦duplicate.title⟧');
  addWords(later);
  assert.equal(before('duplicate.title'), later.en['duplicate.title']);
  assert.equal((await loadWords('mg'))('duplicate.title'), later.mg['duplicate.title']);
});

