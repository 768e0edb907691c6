// The page's words: one catalogue per language in js/i18n/<lang>.js, all with the same keys (tests/js/i18n.test.js).
// A catalogue is fetched only when a surface uses its language: a French widget loads fr.js alone, and a language
// switch loads the new one (once per page: kept here). The engine's words (reasons, call and mode names, the deal
// arithmetic) come from the engine in the same language: every engine call carries "lang".
//
//   const t = await loadWords('fr');   // then translator('fr') too, at once, anywhere on the page

export const LANGUAGES = ['en', 'fr', 'mg'];
// Endonyms: a language is always offered in its own name.
export const LANGUAGE_NAMES = { en: 'English', fr: 'Français', mg: 'Malagasy' };

// There is no page-wide language: a page may hold widgets in several languages (a French lesson beside English
// ones), so each surface makes its own translator and passes it to what it draws.
export const missing = new Set();   // keys looked up but absent from a catalogue, as "lang:key" (tests read it)

const catalogues = new Map();   // lang -> its words, once loaded
const loading = new Map();      // lang -> Promise of its translator

/** One of our languages: *lang* if it is one, else English. */
export const known = (lang) => (LANGUAGES.includes(lang) ? lang : 'en');

/** The translator of *lang* (English for a language we do not have), once its catalogue is loaded: each language is
 *  fetched once per page, however many surfaces ask. A failed download is not kept: the next call tries again. */
export function loadWords(lang) {
  const code = known(lang);
  if (!loading.has(code)) {
    const words = import(`./i18n/${code}.js`).then((module) => {
      catalogues.set(code, Object.assign(module.default, ...added.map((byLang) => byLang[code])));
      return translator(code);
    });
    words.catch(() => loading.delete(code));
    loading.set(code, words);
  }
  return loading.get(code);
}

/** For a surface whose language can change: `switchTo(lang)` resolves to the words of *lang* once loaded, or to null
 *  when a later switch was asked meanwhile. Of two switches in a row, the last one asked wins, whichever loads first. */
export function languageSwitch() {
  let asked = 0;
  return async function switchTo(lang) {
    const mine = ++asked;
    const t = await loadWords(lang);
    return mine === asked ? t : null;
  };
}

/** Words that a module loaded later brings with it ({en: {...}, fr: {...}, mg: {...}}: its words stay out of the
 *  first visit's bytes): added to each catalogue, now for those loaded, on loading for the others. Every translator
 *  sees them, those made before too (a catalogue is one object). */
const added = [];
export function addWords(byLang) {
  added.push(byLang);
  for (const [code, words] of catalogues) Object.assign(words, byLang[code]);
}

/** True once the words of *lang* are loaded: translator(lang) then answers at once. */
export function hasWords(lang) {
  return catalogues.has(known(lang));
}

/** The browser's preferred language among ours, else English. */
export function preferredLang() {
  for (const tag of navigator.languages || [navigator.language || 'en']) {
    const base = String(tag).toLowerCase().split('-')[0];
    if (LANGUAGES.includes(base)) return base;
  }
  return 'en';
}

/** The words of one language, for one surface: each mount makes its own (`t = translator(lang)`, once
 *  `await loadWords(lang)` has loaded them) and passes it to what it draws, so a French widget beside an English one
 *  never borrows its language. A new language is a new translator. t('table.thinking', {seat: 'Left'}) ->
 *  "Left is thinking…"; a missing key shows as ⟦key⟧. */
export function translator(lang) {
  const code = known(lang);
  const words = catalogues.get(code);
  // A surface that draws before its words arrived is this page's bug: loud, not a page of ⟦keys⟧.
  if (!words) throw new Error(`giretra: the ${code} words are not loaded (await loadWords('${code}') first)`);
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
  /** "Team 2 (Left and Right)", its number kept on the line of its word: a narrow line broke it as "Team / 2 (Left and
   *  Right)" (an audit); it may break inside the brackets. */
  t.team = (team) => t(`team.${team}`).replace(/ (?=\d)/g, '\u00a0');
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
