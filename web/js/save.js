// The match is kept in localStorage after every action, as the engine's notation plus a little page state.
// A save this page cannot read (damaged, or written by another version) is set aside, never thrown away.

export const SAVE_VERSION = 1;
const MATCH_KEY = 'giretra.match';
const ASIDE_KEY = 'giretra.match.setAside';
const UNREADABLE_KEY = 'giretra.match.setAside.unreadable';   // beside a match kept aside with its way back
const SETTINGS_KEY = 'giretra.settings';
const WELCOME_KEY = 'giretra.welcome';
export const WELCOME_VERSION = 1;   // a welcome that says something new takes the next number: shown once more

function read(key) {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;   // storage disabled: play without saving
  }
}

function write(key, value) {
  try {
    localStorage.setItem(key, value);
    return true;
  } catch {
    return false;
  }
}

/** The stored JSON object at *key*, of version *version* (*what*: "save", "stats" in the reason):
 *  {status: 'none'} | {status: 'ok', raw, data} | {status: 'bad', raw, why}. */
function readVersioned(key, version, what) {
  const raw = read(key);
  if (raw === null) return { status: 'none' };
  let data;
  try {
    data = JSON.parse(raw);
  } catch {
    return { status: 'bad', raw, why: 'not JSON' };
  }
  if (!data || typeof data !== 'object') return { status: 'bad', raw, why: 'not an object' };
  if (data.v !== version) return { status: 'bad', raw, why: `${what} version ${JSON.stringify(data.v)}, expected ${version}` };
  return { status: 'ok', raw, data };
}

/** {status: 'none'} | {status: 'ok', save: {state, summaryDeal}} | {status: 'bad', raw, why} */
export function readSave() {
  const stored = readVersioned(MATCH_KEY, SAVE_VERSION, 'save');
  if (stored.status !== 'ok') return stored;
  const { raw, data } = stored;
  if (typeof data.state !== 'string' || !data.state) return { status: 'bad', raw, why: 'no state' };
  return { status: 'ok', save: { state: data.state, summaryDeal: Number.isInteger(data.summaryDeal) ? data.summaryDeal : null } };
}

export function writeSave({ state, summaryDeal = null }) {
  return write(MATCH_KEY, JSON.stringify({ v: SAVE_VERSION, state, summaryDeal, savedAt: new Date().toISOString() }));
}

// The table as the engine last drew it for the player (its view of the saved match), kept beside the save so that
// a reload draws the table at once while the engine boots (issue 31, perceived speed). Only drawn, never played
// from: it is used when it belongs to the very state saved and to the page's language, else ignored.
const VIEW_KEY = 'giretra.match.view';
const CARD = /^(?:[789]|10|[JQKA])[CDHS]$/;

export function writeTableView({ state, lang, view }) {
  return write(VIEW_KEY, JSON.stringify({ v: SAVE_VERSION, state, lang, view }));
}

/** The stored view of the saved match in *lang*, or null (none, damaged, of another match or language). */
export function readTableView(lang) {
  const saved = readSave();
  const stored = readVersioned(VIEW_KEY, SAVE_VERSION, 'view');
  if (saved.status !== 'ok' || stored.status !== 'ok') return null;
  const { state, lang: itsLang, view } = stored.data;
  const drawable = view && typeof view === 'object' && typeof view.phase === 'string' && Array.isArray(view.hand)
    && view.hand.every((card) => typeof card === 'string' && CARD.test(card));   // docs/notation.md: rank, suit
  return state === saved.save.state && itsLang === lang && drawable ? view : null;
}

/** Keep a copy of a save under another key (the newest one only): an unreadable one, or one a shared link replaced.
 * back: the player's own match, replaced by a shared link, whose way back is offered until taken or declined (a
 * reload, or the link opened in another tab, lost it). */
export function keepAside(raw, why, { back = false, shared = null } = {}) {
  // The player's own match whose way back is still offered is never written over by a copy of something else (an
  // unreadable save then lost it: a robustness audit): that copy goes under a key of its own.
  const key = !back && readAside()?.back ? UNREADABLE_KEY : ASIDE_KEY;
  return write(key, JSON.stringify({ raw, why, at: new Date().toISOString(), back, shared }));
}

/** The link now open over the match kept aside (shared: its state as opened), not played yet; or (played) the
 * player has made a move in it, so that it is a match of theirs, which the next link keeps aside in its turn. */
export function markShared(shared) {
  const data = readAside();
  if (data?.back) write(ASIDE_KEY, JSON.stringify({ ...data, shared, played: false }));
}

export function markPlayed() {
  const data = readAside();
  if (data?.back && !data.played) write(ASIDE_KEY, JSON.stringify({ ...data, played: true }));
}

function readAside() {
  try {
    const data = JSON.parse(read(ASIDE_KEY) || 'null');
    return data && typeof data === 'object' ? data : null;
  } catch {
    return null;
  }
}

/** The match a shared link replaced, while its way back is still offered: {state, summaryDeal, shared}, or null
 * (shared: the state the last link opened with; played: the player has moved in it since). */
export function readBack() {
  const data = readAside();
  if (!data?.back || typeof data.raw !== 'string') return null;
  try {
    const save = JSON.parse(data.raw);
    if (typeof save?.state !== 'string' || !save.state) return null;
    return { state: save.state, summaryDeal: Number.isInteger(save.summaryDeal) ? save.summaryDeal : null,
      shared: typeof data.shared === 'string' ? data.shared : null, played: Boolean(data.played) };
  } catch {
    return null;
  }
}

/** The way back was taken or declined: the copy stays aside, no longer offered. */
export function settleBack() {
  const data = readAside();
  if (data?.back) write(ASIDE_KEY, JSON.stringify({ ...data, back: false }));
}

/** Keep an unreadable save aside and clear the slot; false if the copy could not be written (the save is gone: the
 *  notice must say so, not that it was kept). The slot is cleared first: a save near the storage quota (4.5 MB, an
 *  audit) has no room for its copy beside it, and was deleted while the notice said it was set aside. */
export function setAside(raw, why) {
  try {
    localStorage.removeItem(MATCH_KEY);
  } catch { /* storage disabled */ }
  return keepAside(raw, why);
}

export function readSettings(defaults) {
  try {
    const data = JSON.parse(read(SETTINGS_KEY) || 'null');
    if (data && data.v === SAVE_VERSION && data.settings && typeof data.settings === 'object') {
      // A stored value of another type than its default's is dropped ("false" read as a Boolean turned coach mode on:
      // a robustness audit); a setting with no default (the bots' levels) is checked where it is read.
      return { ...defaults, ...Object.fromEntries(Object.entries(data.settings).filter(([key, value]) =>
        !(key in defaults) || defaults[key] === null || typeof value === typeof defaults[key])) };
    }
  } catch { /* fall back to the defaults */ }
  return { ...defaults };
}

export function writeSettings(settings) {
  write(SETTINGS_KEY, JSON.stringify({ v: SAVE_VERSION, settings }));
}

// -- the player's statistics (matches played and won, streaks, by the opponents' level), kept apart from the match --

export const STATS_VERSION = 1;
const STATS_KEY = 'giretra.stats';
const STATS_ASIDE_KEY = 'giretra.stats.setAside';

/** {status: 'none'} | {status: 'ok', stats} | {status: 'bad', raw, why}: the stored value, checked (game/stats.js
 *  counts with it; a value it cannot read is set aside and counting starts again, with a notice). */
export function readStats() {
  const stored = readVersioned(STATS_KEY, STATS_VERSION, 'stats');
  if (stored.status !== 'ok') return stored;
  const { raw, data } = stored;
  const why = statsProblem(data.stats);
  return why ? { status: 'bad', raw, why } : { status: 'ok', stats: data.stats };
}

const count = (n) => Number.isSafeInteger(n) && n >= 0;

function statsProblem(s) {
  if (!s || typeof s !== 'object') return 'no stats';
  if (!count(s.played) || !count(s.won) || s.won > s.played) return 'bad counts';
  if (!Number.isSafeInteger(s.streak) || !count(s.bestStreak)) return 'bad streaks';
  if (!s.byLevel || typeof s.byLevel !== 'object') return 'no levels';
  for (const entry of Object.values(s.byLevel)) {
    if (!entry || !count(entry.played) || !count(entry.won) || entry.won > entry.played) return 'bad level counts';
  }
  return null;
}

export function writeStats(stats) {
  return write(STATS_KEY, JSON.stringify({ v: STATS_VERSION, stats }));
}

/** A value that could not be read is kept under another key (the newest only), never thrown away unseen. */
export function setStatsAside(raw, why) {
  return write(STATS_ASIDE_KEY, JSON.stringify({ raw, why, at: new Date().toISOString() }));
}

/** No welcome was ever stored on this browser (not even an older version's). */
export function welcomeNeverStored() {
  return read(WELCOME_KEY) === null;
}

/** The welcome was read (its close) on this browser, in its current version. */
export function welcomeSeen() {
  return readVersioned(WELCOME_KEY, WELCOME_VERSION, 'welcome').status === 'ok';
}

export function markWelcomeSeen() {
  return write(WELCOME_KEY, JSON.stringify({ v: WELCOME_VERSION, at: new Date().toISOString() }));
}
