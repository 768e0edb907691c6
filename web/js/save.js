// The match is kept in localStorage after every action, as the engine's notation plus a little page state.
// A save this page cannot read (damaged, or written by another version) is set aside, never thrown away.

export const SAVE_VERSION = 1;
const MATCH_KEY = 'giretra.match';
const ASIDE_KEY = 'giretra.match.setAside';
const SETTINGS_KEY = 'giretra.settings';

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

/** {status: 'none'} | {status: 'ok', save: {state, summaryDeal}} | {status: 'bad', raw, why} */
export function readSave() {
  const raw = read(MATCH_KEY);
  if (raw === null) return { status: 'none' };
  let data;
  try {
    data = JSON.parse(raw);
  } catch {
    return { status: 'bad', raw, why: 'not JSON' };
  }
  if (!data || typeof data !== 'object') return { status: 'bad', raw, why: 'not an object' };
  if (data.v !== SAVE_VERSION) return { status: 'bad', raw, why: `save version ${JSON.stringify(data.v)}, expected ${SAVE_VERSION}` };
  if (typeof data.state !== 'string' || !data.state) return { status: 'bad', raw, why: 'no state' };
  return { status: 'ok', save: { state: data.state, summaryDeal: Number.isInteger(data.summaryDeal) ? data.summaryDeal : null } };
}

export function writeSave({ state, summaryDeal = null }) {
  return write(MATCH_KEY, JSON.stringify({ v: SAVE_VERSION, state, summaryDeal, savedAt: new Date().toISOString() }));
}

/** Keep a copy of a save under another key (the newest one only): an unreadable one, or one a shared link replaced. */
export function keepAside(raw, why) {
  write(ASIDE_KEY, JSON.stringify({ raw, why, at: new Date().toISOString() }));
}

/** Keep an unreadable save aside and clear the slot. */
export function setAside(raw, why) {
  keepAside(raw, why);
  try {
    localStorage.removeItem(MATCH_KEY);
  } catch { /* storage disabled */ }
}

export function readSettings(defaults) {
  try {
    const data = JSON.parse(read(SETTINGS_KEY) || 'null');
    if (data && data.v === SAVE_VERSION) return { ...defaults, ...data.settings };
  } catch { /* fall back to the defaults */ }
  return { ...defaults };
}

export function writeSettings(settings) {
  write(SETTINGS_KEY, JSON.stringify({ v: SAVE_VERSION, settings }));
}
