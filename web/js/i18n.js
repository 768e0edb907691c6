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

let lang = 'en';
export const missing = new Set();   // keys looked up but absent from the current catalogue (tests read it)

export function getLang() { return lang; }

/** Set the language of every string t() returns (one per page: a page and its widgets speak one language). */
export function setLang(next) {
  lang = LANGUAGES.includes(next) ? next : 'en';
  return lang;
}

/** The browser's preferred language among ours, else English. */
export function preferredLang() {
  for (const tag of navigator.languages || [navigator.language || 'en']) {
    const base = String(tag).toLowerCase().split('-')[0];
    if (LANGUAGES.includes(base)) return base;
  }
  return 'en';
}

/** t('table.thinking', {seat: 'Left'}) -> "Left is thinking…". A missing key shows as ⟦key⟧, never silently. */
export function t(key, params = {}) {
  let text = CATALOGUES[lang][key];
  if (text === undefined) {
    missing.add(`${lang}:${key}`);
    text = `⟦${key}⟧`;
  }
  return text.replace(/\{(\w+)\}/g, (_, name) => (name in params ? String(params[name]) : `{${name}}`));
}

/** t() when the key exists, else null (for optional, data-driven keys such as bot levels). */
export function tMaybe(key, params) {
  return key in CATALOGUES[lang] ? t(key, params) : null;
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
