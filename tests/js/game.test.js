import assert from 'node:assert/strict';
import { test } from 'node:test';

import { endOfDeal, Game } from '../../web/js/game/controller.js';
import { describe } from '../../web/js/game/describe.js';
import { openFragment, shareLinks } from '../../web/js/game/links.js';
import { changeLang, storedSettings, withLevels } from '../../web/js/game/settings.js';
import { changeHandOrder, changeLevel } from '../../web/js/game/settingsdialog.js';
import { hasWords, loadWords, translator } from '../../web/js/i18n.js';
import { createSession } from '../../web/js/session.js';
import { EngineCrash, EngineLoadError, fakeEngine, fakeTimers, RulesError, settle } from './fake-engine.js';

await loadWords('en');   // (a page's surface is mounted once its words are loaded: widget.js, main.js)

/** The player's view of a position: *toAct* to act, in *phase*. */
const view = (toAct = 'Bottom', phase = 'play', more = {}) => ({
  phase, toAct, rules: 'giretra.com', dealNumber: 1, canTakeBack: false,
  players: { Bottom: 'human', Left: 'advanced', Top: 'advanced', Right: 'advanced' },
  legal: toAct === 'Bottom' ? [{ action: 'JH' }, { action: '7S' }] : [], hand: ['JH', '7S'],
  handCounts: { Bottom: 2, Left: 2, Top: 2, Right: 2 }, trick: { cards: [] }, tricks: [], calls: [], ...more,
});
const event = (seat, action, more = {}) => ({ seat, action, ...more });

/** What the controller asked of the page: every port call, by name. */
function fakeUi() {
  const ui = { calls: [], said: [], dialog: false, shown: false };
  for (const name of ['render', 'closeDialog', 'refreshDialog', 'focusGame', 'firstHand', 'engineBoot', 'booted',
    'langChanged', 'clearLive']) {
    ui[name] = (...args) => { ui.calls.push(name); return args; };
  }
  ui.announce = (text, opts) => { ui.said.push({ text, fresh: Boolean(opts?.fresh) }); };
  ui.dialogOpen = () => ui.dialog;
  ui.dialogShown = () => ui.shown;
  ui.showSummary = () => { ui.calls.push('showSummary'); ui.shown = true; ui.dialog = true; };
  return ui;
}

function fakeStore() {
  const store = { saved: [], settings: [], back: null, save: { status: 'none' } };
  Object.assign(store, {
    readSettings: (defaults) => ({ ...defaults }),
    writeSettings: (s) => store.settings.push(s),
    writeSave: (s) => store.saved.push(s),
    readSave: () => store.save,
    readBack: () => store.back,
    settleBack: () => { store.back = null; },
    markPlayed() {}, markShared() {}, setAside: () => true, keepAside: () => true,
  });
  return store;
}

/** A game at *state* with the player's *v*iew, on a fake engine whose answers are *auto* (the rest wait). */
function game({ auto = {}, state = 's0', v = view(), ...opts } = {}) {
  const engine = fakeEngine(auto);
  const ui = fakeUi();
  const store = fakeStore();
  // A pause of 0 ms (no pauses: speed 0) passes at once; a longer one waits for the test (tick, or a key).
  const timers = fakeTimers();
  const clock = { now: timers.now, clearTimeout: (id) => timers.clearTimeout(id),
    setTimeout: (fn, ms) => (ms > 0 ? timers.setTimeout(fn, ms) : (setImmediate(fn), 0)) };
  const g = new Game({ session: createSession(engine, { lang: 'en', restartEngine: opts.restartEngine }), ui, store,
    clock, standalone: true, speed: '0', ...opts });
  if (state) Object.assign(g, { state, view: v });
  return { g, engine, ui, store, clock, timers };
}

test('after the player plays a card the controller asks the bot for the next seat', async () => {
  const { g, engine } = game({ auto: {
    apply: ({ seat }) => (seat === 'Bottom' ? { state: 's1', view: view('Left'), event: event('Bottom', 'JH') } : undefined),
  } });
  await g.humanAction('JH');
  await settle();
  const asked = engine.take('bot_action');
  assert.deepEqual([asked.args.state, asked.args.seat, asked.args.seed], ['s1', 'Left', 0]);
  assert.deepEqual(engine.calls[0], { name: 'apply', args: { state: 's0', seat: 'Bottom', action: 'JH', order: 'strongest', lang: 'en' } });
});

test('a played card is saved and said as the player’s own line', async () => {
  const { g, store, ui } = game({ auto: { apply: () => ({ state: 's1', view: view('Bottom'), event: event('Bottom', 'JH') }) } });
  await g.humanAction('JH');
  assert.equal(g.state, 's1');
  assert.deepEqual(store.saved.at(-1), { state: 's1', summaryDeal: null });
  assert.equal(ui.said[0].fresh, true, 'the player’s own action starts a line');
  assert.match(ui.said[0].text, /^You .*Jack of hearts/);
});

test('a refused card changes nothing but the message saying why, with its rule', async () => {
  const { g, ui } = game({ auto: { apply: () => { throw new RulesError('must_follow', 'You must follow suit', 'P-1'); } } });
  await g.humanAction('7S');
  assert.equal(g.state, 's0');
  assert.deepEqual(g.message, { text: 'You must follow suit', kind: 'reason', code: 'must_follow', rule: 'P-1' });
  assert.deepEqual(ui.said, [{ text: 'You must follow suit', fresh: true }]);
});

test('a key pressed while the bots play is answered without asking the engine', async () => {
  const { g, engine } = game({ v: view('Left') });
  await g.humanAction('JH', g.view);
  assert.equal(engine.calls.length, 0);
  assert.match(g.message.text, /Left/);
});

test('a double click belongs to a frame out of date: the second is dropped', async () => {
  const { g, engine } = game();
  const old = g.view;
  g.view = view('Bottom');
  await g.humanAction('JH', old);
  assert.equal(engine.calls.length, 0);
});

test('a bot move that comes back after a new match was adopted is dropped', async () => {
  const { g, engine } = game({ v: view('Left') });
  const loop = g.advance();
  await settle();
  const decision = engine.take('bot_action');
  g.adopt('other', view('Bottom'));   // a link opened, a new match…
  decision.resolve({ action: '7S' });
  await loop;
  assert.equal(engine.calls.filter((c) => c.name === 'apply').length, 0);
  assert.equal(g.state, 'other');
});

test('a level set while a bot’s move was on its way wins: the move, made with the old players, is made again', async () => {
  // A CI run kept one opponent at its old level: the bot's move, answered after set_players, was taken over it.
  const { g, engine } = game({ v: view('Left') });
  const loop = g.advance();
  await settle();
  engine.take('bot_action').resolve({ action: '7S' });
  await settle();
  engine.take('apply').resolve({ state: 's1', view: view('Top'), event: event('Left', '7S') });
  await settle();
  const botsView = engine.take('view');   // the move's view, still on its way
  const expert = { ...view('Left').players, Left: 'expert' };
  const change = changeLevel(g, 'Left', 'expert');
  await settle();
  const asked = engine.take('set_players');
  assert.deepEqual([asked.args.state, asked.args.players], ['s0', expert]);
  asked.resolve({ state: 's0x' });
  await settle();
  engine.take('view').resolve(view('Left', 'play', { players: expert }));
  await change;
  botsView.resolve(view('Top'));
  await settle();
  assert.equal(g.state, 's0x');
  assert.equal(g.view.players.Left, 'expert');
  assert.equal(engine.take('bot_action').args.state, 's0x', 'the bot moves again, at its new level');
  g.destroyed = true;
  void loop;
});

test('with “play a forced card automatically” on, the only legal card is played for the player; off, it waits', async () => {
  const forced = view('Bottom', 'play', { legal: [{ action: 'JH' }], hand: ['JH'] });
  const off = game({ v: forced });
  await off.g.advance();
  assert.equal(off.engine.calls.length, 0, 'off: the player plays it');
  const choice = game({ v: view('Bottom') });
  choice.g.settings.autoForced = true;
  await choice.g.advance();
  assert.equal(choice.engine.calls.length, 0, 'two legal cards: the player chooses');
  const { g, engine } = game({ v: forced, auto: { apply: () => ({ state: 's1', view: view('Left'), event: event('Bottom', 'JH') }) } });
  g.settings.autoForced = true;
  g.advance();
  await settle();
  await settle();
  assert.deepEqual(engine.calls[0], { name: 'apply', args: { state: 's0', seat: 'Bottom', action: 'JH', order: 'strongest', lang: 'en' } });
  assert.equal(engine.take('bot_action').args.seat, 'Left', 'and the bots go on');
});

test('the bots wait while a dialog is open, and go on when it closes', async () => {
  const { g, engine, ui } = game({ v: view('Left') });
  ui.dialog = true;
  await g.advance();
  assert.equal(engine.calls.length, 0);
  ui.dialog = false;
  g.advance();
  await settle();
  assert.equal(engine.take('bot_action').args.seat, 'Left');
});

test('a finished trick stays on the table for the pause, which a key ends', async () => {
  const trick = { number: 1, cards: [], winner: 'Left', points: 20 };
  const { g, ui } = game({ speed: 'normal', auto: {
    apply: () => ({ state: 's1', view: view('Left'), event: event('Bottom', 'JH', { trickComplete: trick }) }),
  } });
  const playing = g.humanAction('JH');
  await settle();
  assert.deepEqual(g.shownTrick, { ...trick, last: false });
  g.skipPause();
  await settle();
  assert.equal(g.shownTrick, null);
  assert.ok(ui.calls.includes('render'));
  g.destroy();
  void playing;
});

test('a tap on Last trick within 400 ms of the pause’s end is a double tap’s second: dropped; a later one opens it', async () => {
  // "Last trick" takes the place of "Next trick" when the pause ends: the second tap of a double tap lands on it.
  const trick = { number: 1, cards: [], winner: 'Left', points: 20 };
  const { g, timers } = game({ speed: 'normal', auto: {
    apply: () => ({ state: 's1', view: view('Left'), event: event('Bottom', 'JH', { trickComplete: trick }) }),
  } });
  const playing = g.humanAction('JH');
  await settle();
  g.skipPause();   // the first tap: Next trick
  await settle();
  g.togglePeek();   // the second, on the same spot, now Last trick
  assert.equal(g.peek, false);
  timers.tick(399);
  g.togglePeek();
  assert.equal(g.peek, false);
  timers.tick(1);
  g.togglePeek();   // a deliberate tap
  assert.equal(g.peek, true);
  g.togglePeek();   // and back to the trick at once
  assert.equal(g.peek, false);
  g.destroy();
  void playing;
});

test('a deal’s end shows its result, and the bots wait until it is closed', async () => {
  const over = { dealNumber: 1, cardPoints: { Team1: 90, Team2: 72 } };
  const { g, ui, store, engine } = game({ auto: {
    apply: () => ({ state: 's1', view: view('Left'), event: event('Bottom', 'JH', { dealOver: over }) }),
  } });
  await g.humanAction('JH');
  assert.ok(ui.calls.includes('showSummary'));
  assert.deepEqual(store.saved.at(-1), { state: 's1', summaryDeal: 1 });
  assert.equal(engine.calls.filter((c) => c.name === 'bot_action').length, 0);
  ui.dialog = false;
  g.summaryClosed();
  await settle();
  assert.equal(g.summary, null);
  assert.equal(engine.take('bot_action').args.seat, 'Left');
});

test('a hint asks the strongest bot for the player’s seat, and the same position answers from memory', async () => {
  const { g, engine } = game({ auto: { bot_action: () => ({ action: 'JH', why: 'Take the trick' }) } });
  await g.askHint();
  assert.deepEqual(engine.calls[0].args, { state: 's0', seat: 'Bottom', budgetMs: 400, seed: 0, lang: 'en' });
  assert.equal(g.hint.action, 'JH');
  assert.match(g.message.text, /Jack of hearts.*Take the trick/);
  g.hint = null;
  await g.askHint();
  assert.equal(engine.calls.length, 1);
});

test('a card hint says the engine’s plan first and keeps the search’s figures for a line of their own', async () => {
  const { g } = game({ auto: { bot_action: () => ({ action: 'AH', why: 'better on average than QH over 80 possible deals',
    plan: 'win the trick: your A♥ is the highest card left in Hearts ♥',
    detail: 'better on average than Q♥ over 80 possible deals' }) } });
  await g.askHint();
  assert.match(g.message.text, /Ace of hearts — win the trick: your A♥ is the highest card left in Hearts ♥\.$/);
  assert.equal(g.message.detail, 'The search: better on average than Q♥ over 80 possible deals.');
});

test('Undo with nothing to take back says why, without asking the engine', async () => {
  const { g, engine, ui } = game();
  await g.takeBack(g.view);
  assert.equal(engine.calls.length, 0);
  assert.equal(g.message.kind, 'reason');
  assert.equal(ui.said.length, 1);
});

test('Undo adopts the position the engine returns and says what was taken back', async () => {
  const { g, ui } = game({ v: view('Bottom', 'play', { canTakeBack: true }), auto: {
    take_back: () => ({ state: 's-1', view: view('Bottom'), undone: 2, taken: { text: 'Jack of hearts' } }),
  } });
  await g.takeBack(g.view);
  assert.equal(g.state, 's-1');
  assert.match(ui.said.at(-1).text, /Jack of hearts/);
  // Seen on the table too, not only heard (an audit): the status line says it until the player's next move.
  assert.deepEqual(g.message, { kind: 'info', text: ui.said.at(-1).text });
  assert.equal(ui.calls.at(-1), 'render');
});

test('a match opened from a link replaces the notice of the one opened before: one way back, never two', () => {
  // The deal of the day opened after a shared link showed both notices, each with its "Back to my match": the older
  // one, pressed after moves in the newer match, went back to the save and lost them (a review).
  const { g } = game();
  const back = { state: 's0', view: view('Bottom', 'play') };
  g.notify({ key: 'shared', back });
  g.notify({ key: 'daily', back });
  assert.deepEqual(g.notices.map((n) => n.key), ['daily']);
  g.notify({ key: 'again', back });
  g.notify({ key: 'badRules', params: { message: 'bogus' } });
  assert.deepEqual(g.notices.map((n) => n.key), ['again', 'badRules']);
});

test('a failure’s notice goes once the player has started a new match; the notice of the rules followed stays', async () => {
  let refuse = true;
  const { g } = game({ auto: { new_match: () => {
    if (refuse) throw new RulesError('bad_request', 'no');
    return { state: 'n0', view: view('Left', 'cut') };
  } } });
  g.notify({ key: 'badRules', params: { message: 'bogus' } });
  g.notify({ key: 'badLink', params: { message: 'cut short' } });
  assert.equal(await g.startNewMatch({ focus: false }), false);
  assert.deepEqual(g.notices.map((n) => n.key), ['badRules', 'badLink', 'badMatch']);
  refuse = false;
  // A match the page started itself (after a link it could not open) keeps the notices: they say why this match.
  assert.equal(await g.startNewMatch({ focus: false }), true);
  assert.deepEqual(g.notices.map((n) => n.key), ['badRules', 'badLink', 'badMatch']);
  assert.equal(await g.startNewMatch(), true);   // the player's: what was wrong with the last one is over
  assert.deepEqual(g.notices.map((n) => n.key), ['badRules']);
});

test('a widget with rules the engine refuses plays the published rules, and says so', async () => {
  const { g, engine } = game({ state: null, auto: { new_match: ({ rules }) => {
    if (rules === 'bogus') throw new RulesError('unknown_preset', 'No preset bogus');
    return { state: 'n0', view: view('Bottom', 'cut', { rules }) };
  } } });
  assert.equal(await g.startNewMatch({ rules: 'bogus', focus: false }), true);
  assert.deepEqual(engine.calls.map((c) => c.args.rules), ['bogus', 'giretra.com']);
  assert.equal(g.notices[0].key, 'badRules');
  assert.equal(g.rules, 'giretra.com');
});

test('a match too long to go on offers a new match', async () => {
  const { g } = game({ auto: { apply: () => { throw new RulesError('match_too_long', 'too long'); } } });
  await g.humanAction('JH');
  assert.equal(g.notices[0].key, 'tooLong');
  assert.equal(g.notices[0].newMatch, true);
});

test('a load failure yields the retry state; Try again boots a new engine', async () => {
  const failed = new EngineLoadError('wheel', 'offline');
  const second = Object.assign(fakeEngine({ info: () => ({ botLevels: ['advanced'] }) }), { ready: Promise.resolve({ boot: 'full' }) });
  const { g, engine } = game({ state: null, restartEngine: () => second });
  engine.ready = Promise.reject(failed);
  engine.ready.catch(() => {});
  engine.call = () => Promise.reject(failed);
  let opened = 0;
  await g.boot(async () => { opened += 1; });
  assert.equal(g.loadError, failed);
  assert.equal(opened, 0);
  await g.retry(async () => { opened += 1; });
  assert.equal(g.loadError, null);
  assert.equal(opened, 1);
});

test('the game sorts engine failures as the session does: refused thrown, load kept for Try again, the rest a crash', async () => {
  const refusal = new RulesError('illegal', 'no');
  const load = new EngineLoadError('wheel', 'offline');
  const crash = new EngineCrash('Traceback: boom');
  const { g } = game({ auto: { view: ({ state }) => { throw { r: refusal, l: load, c: crash }[state]; } } });
  await assert.rejects(g.call('view', { state: 'r' }), refusal);
  assert.equal(await g.call('view', { state: 'l' }), null);
  assert.deepEqual([g.loadError, g.crash], [load, null]);
  assert.equal(await g.call('view', { state: 'c' }), null);
  assert.equal(g.crash, 'Traceback: boom');
});

test('one trick at a time: the bots stop once the trick is done, until the reader asks for the next', () => {
  const { g } = game({ scope: 'trick', v: view('Left', 'play', { dealNumber: 3 }) });
  assert.equal(g.trickWaiting(), false);
  g.view = { ...g.view, tricks: [{}] };
  assert.equal(g.trickWaiting(), true);
  g.nextTrick();
  assert.equal(g.trickStop.n, 2);
});

test('a seed link that is not digits is refused with a notice, and the match stays', async () => {
  const { g, engine } = game();
  assert.equal(await openFragment(g, 'seed=0x10'), false);
  assert.equal(g.notices[0].key, 'badLink');
  assert.equal(engine.calls.length, 0);
  assert.equal(g.state, 's0');
});

test('share links: the deal as a token, and the match by its seed only when the seed dealt it', async () => {
  const seeded = game({ auto: { share_deal: () => ({ link: 'd1.abc' }), match_info: () => ({ seed: 42, rules: 'giretra.com', id: 'x' }) } });
  assert.deepEqual(await shareLinks(seeded.g, 'https://x/'), { deal: 'https://x/#d1.abc', seed: 'https://x/#seed=42&rules=giretra.com' });
  const given = game({ auto: { share_deal: () => ({ link: 'd1.abc' }), match_info: () => ({ seed: null, rules: 'giretra.com', id: 'x' }) } });
  assert.deepEqual(await shareLinks(given.g, 'https://x/'), { deal: 'https://x/#d1.abc' });
});

test('a new language: the page’s words at once, the engine’s asked again, the old lines dropped', async () => {
  const { g, engine, ui, store } = game({ auto: { view: () => view('Bottom', 'play', { rules: 'fr-view' }) } });
  await changeLang(g, 'fr');
  assert.equal(g.t.lang, 'fr');
  assert.equal(engine.calls[0].args.lang, 'fr');
  assert.equal(g.view.rules, 'fr-view');
  assert.ok(ui.calls.includes('clearLive') && ui.calls.includes('langChanged'));
  assert.equal(store.settings.at(-1).lang, 'fr');
});

test('two language switches in a row: the last one asked wins, even when the first one’s words arrive after it', async () => {
  const { g } = game({ auto: { view: () => view() } });
  await loadWords('fr');
  assert.equal(hasWords('mg'), false, 'mg must still have to load for this test to mean anything');
  const slow = changeLang(g, 'mg');
  const fast = changeLang(g, 'fr');
  await Promise.all([slow, fast]);
  assert.equal(g.t.lang, 'fr');
  assert.equal(g.settings.lang, 'fr');
  assert.equal(g.session.lang, 'fr');
});

test('settings saved with one level for the three bots give each bot that level', () => {
  assert.deepEqual(withLevels({ level: 'expert', speed: 'fast' }).levels, { Left: 'expert', Top: 'expert', Right: 'expert' });
  assert.deepEqual(withLevels({ levels: { Left: 'novice', Top: 3 } }).levels, { Left: 'novice', Top: 'advanced', Right: 'advanced' });
});

test('a hand order chosen is kept, and the engine gives the hand again in it; no other call carries it', async () => {
  const { g, engine, store, ui } = game();
  const changed = changeHandOrder(g, 'weakest');
  const asked = engine.take('view');
  assert.deepEqual(asked.args, { state: 's0', seat: 'Bottom', order: 'weakest', lang: 'en' });
  asked.resolve(view('Bottom', 'play', { hand: ['7S', 'JH'] }));
  await changed;
  assert.deepEqual(g.view.hand, ['7S', 'JH']);
  assert.equal(store.settings.at(-1).handOrder, 'weakest');
  assert.equal(ui.calls.at(-1), 'render');
  g.call('score_sheet', { state: 's0' });
  assert.deepEqual(engine.calls.at(-1).args, { state: 's0', lang: 'en' });   // (the engine refuses a field it does not take)
});

test('a card size or hand order this page does not know (a later version’s) is read as the default', () => {
  const store = { readSettings: (defaults) => ({ ...defaults, cardSize: 'huge', handOrder: 'random', speed: 'fast' }) };
  const settings = storedSettings(store);
  assert.deepEqual([settings.cardSize, settings.handOrder, settings.speed], ['normal', 'strongest', 'fast']);
  const kept = storedSettings({ readSettings: (defaults) => ({ ...defaults, cardSize: 'large', handOrder: 'suits' }) });
  assert.deepEqual([kept.cardSize, kept.handOrder], ['large', 'suits']);
});

test('the deal’s last trick keeps the deal just played on the table, every hand empty', () => {
  const before = view('Bottom');
  const ended = endOfDeal(before, { cards: ['JH'], winner: 'Top' }, { cardPoints: { Team1: 90, Team2: 72 } });
  assert.deepEqual([ended.toAct, ended.hand, ended.legal, ended.trick.winning], [null, [], [], 'Top']);
  assert.deepEqual(ended.handCounts, { Bottom: 0, Left: 0, Top: 0, Right: 0 });
});

test('the log says a bot’s card by its seat and the player’s by “You”', () => {
  const t = translator('en');
  const before = view('Left');
  assert.match(describe(t, event('Left', 'JH'), view('Top'), before, 'Bottom'), /^Left.*Jack of hearts/);
  assert.match(describe(t, event('Bottom', 'JH'), view('Left'), view('Bottom'), 'Bottom'), /^You/);
});
