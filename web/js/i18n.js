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

// There is no page-wide language: a page may hold widgets in several languages (a French lesson beside English
// ones), so each surface makes its own translator and passes it to what it draws.
export const missing = new Set();   // keys looked up but absent from a catalogue, as "lang:key" (tests read it)

/** The browser's preferred language among ours, else English. */
export function preferredLang() {
  for (const tag of navigator.languages || [navigator.language || 'en']) {
    const base = String(tag).toLowerCase().split('-')[0];
    if (LANGUAGES.includes(base)) return base;
  }
  return 'en';
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
