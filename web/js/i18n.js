// The page's words: one catalogue per language in js/i18n/<lang>.js, all with the same keys.
// The engine's words (reasons, call and mode names, the deal arithmetic) come from the engine in the same
// language: every engine call carries "lang".

import en from './i18n/en.js';
import fr from './i18n/fr.js';
import mg from './i18n/mg.js';

export const CATALOGUES = { en, fr, mg };
export const LANGUAGES = Object.keys(CATALOGUES);
// Endonyms: a language is always offered in its own name.
export const LANGUAGE_NAMES = { en: 'English', fr: 'Français', mg: 'Malagasy' };

// The language in force: a context object, the page's own or one per widget, since a page may hold widgets in
// several languages (a French lesson beside English ones). Code that runs later — an event, a timer, a frame, an
// engine answer — first puts back the context it was made in (keepLang, resumeLang): between two such entries,
// another widget of the page may have run in its own language. setLang changes the context in force, so a widget
// switched to French switches its pending callbacks too.
let current = { lang: 'en' };
export const missing = new Set();   // keys looked up but absent from the current catalogue (tests read it)

export function getLang() { return current.lang; }

/** Set the language of every string t() returns, in the context in force. */
export function setLang(next) {
  current.lang = LANGUAGES.includes(next) ? next : 'en';
  return current.lang;
}

/** A new language context, put in force: one widget's, apart from the page's and the other widgets'. */
export function newLangContext(lang) {
  current = { lang: 'en' };
  setLang(lang);
  return current;
}

/** The context in force (to put back after awaiting a promise that several widgets await). */
export function langContext() {
  return current;
}

/** Put a context (from newLangContext) back in force, for code entering a widget from outside. */
export function useLangContext(context) {
  current = context;
}

/** *fn* bound to the context in force now: it puts it back whenever it runs (an event listener, a timer, a frame). */
export function keepLang(fn) {
  const context = current;
  return function inContext(...args) {
    current = context;
    return fn.apply(this, args);
  };
}

/** *promise*, whose continuations run in the context in force now: for a promise only this code awaits (an engine
 *  answer comes in a task of its own). After one that several widgets await, call useLangContext instead. */
export function resumeLang(promise) {
  const context = current;
  return promise.then((value) => { current = context; return value; }, (err) => { current = context; throw err; });
}

/** The browser's preferred language among ours, else English. */
export function preferredLang() {
  for (const tag of navigator.languages || [navigator.language || 'en']) {
    const base = String(tag).toLowerCase().split('-')[0];
    if (LANGUAGES.includes(base)) return base;
  }
  return 'en';
}

/** The address of rule *rule*'s section: on the rules page itself (rulesHref '') the section of this page, else the
 *  rules page in the language being read (it would otherwise guess from the saved settings or the browser). */
export function rulesUrl(rulesHref, rule) {
  if (!rulesHref) return `#${rule}`;
  return `${rulesHref}${rulesHref.includes('?') ? '&' : '?'}lang=${current.lang}#${rule}`;
}

/** t('table.thinking', {seat: 'Left'}) -> "Left is thinking…". A missing key shows as ⟦key⟧, never silently. */
export function t(key, params = {}) {
  const { lang } = current;
  let text = CATALOGUES[lang][key];
  if (text === undefined) {
    missing.add(`${lang}:${key}`);
    text = `⟦${key}⟧`;
  }
  return text.replace(/\{(\w+)\}/g, (_, name) => (name in params ? String(params[name]) : `{${name}}`));
}

/** t() when the key exists, else null (for optional, data-driven keys such as bot levels). */
export function tMaybe(key, params) {
  return key in CATALOGUES[current.lang] ? t(key, params) : null;
}

/** The words of one language, for one surface: each mount makes its own (`t = translator(lang)`) and passes it to
 *  what it draws, so a French widget beside an English one never borrows its language. A new language is a new
 *  translator. t('table.thinking', {seat: 'Left'}) -> "Left is thinking…"; a missing key shows as ⟦key⟧. */
export function translator(lang) {
  const code = LANGUAGES.includes(lang) ? lang : 'en';
  const words = CATALOGUES[code];
  const t = (key, params = {}) => {
    let text = words[key];
    if (text === undefined) {
      missing.add(`${code}:${key}`);
      text = `⟦${key}⟧`;
    }
    return text.replace(/\{(\w+)\}/g, (_, name) => (name in params ? String(params[name]) : `{${name}}`));
  };
  t.lang = code;
  /** t() when the key exists, else null (optional, data-driven keys such as bot levels). */
  t.maybe = (key, params) => (key in words ? t(key, params) : null);
  /** "Jack of hearts" / "Valet de cœur": the accessible name of a card. */
  t.card = (code_) => {
    const { rank, suit } = splitCard(code_);
    return t('card.name', { rank: t(`rank.${rank}`), suit: t(`suit.${suit}`) });
  };
  /** The short rank printed on the card face: "J" in English, "V" in French. */
  t.rank = (rank) => t(`rankShort.${rank}`);
  t.seat = (seat) => t(`seat.${seat}`);
  /** "You" for the player's own seat *me* (its plate says "You"), else the seat's place. */
  t.who = (seat, me) => (seat === me ? t('seat.you') : t.seat(seat));
  /** A line about *seat*, in the key's ".you" form for the player's own seat: "You win the trick". */
  t.bySeat = (key, seat, me, params = {}) => (seat === me ? t(`${key}.you`, params) : t(key, { seat: t.seat(seat), ...params }));
  /** Rule *rule*'s section: on the rules page itself (rulesHref '') this page's, else the rules page in this language. */
  t.rulesUrl = (rulesHref, rule) => {
    if (!rulesHref) return `#${rule}`;
    return `${rulesHref}${rulesHref.includes('?') ? '&' : '?'}lang=${code}#${rule}`;
  };
  return t;
}

// Cards: "JH" -> rank "J", suit "H". Suits are shown as symbols plus a name, never by colour alone.
export const SUIT_SYMBOLS = { C: '♣', D: '♦', H: '♥', S: '♠' };

export function splitCard(code) {
  return { rank: code.slice(0, -1), suit: code.slice(-1) };
}

/** "Jack of hearts" / "Valet de cœur": the accessible name of a card. */
export function cardName(code) {
  const { rank, suit } = splitCard(code);
  return t('card.name', { rank: t(`rank.${rank}`), suit: t(`suit.${suit}`) });
}

/** The short rank printed on the card face: "J" in English, "V" in French. */
export function rankShort(rank) {
  return t(`rankShort.${rank}`);
}

export function seatName(seat) {
  return t(`seat.${seat}`);
}

/** The name the screen gives *seat*: "You" for the player's own seat *me* (its plate says "You"), else its place. */
export function who(seat, me) {
  return seat === me ? t('seat.you') : seatName(seat);
}

/** A line about *seat*, in the key's ".you" form for the player's own seat *me*: "You win the trick", not "Bottom wins
 * the trick" (the verb agrees with "You"). */
export function tSeat(key, seat, me, params = {}) {
  return seat === me ? t(`${key}.you`, params) : t(key, { seat: seatName(seat), ...params });
}
