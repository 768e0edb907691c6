// The rules page: one language at a time out of the three in rules.html.
// Initial language: ?lang= in the address, else the game's own setting (localStorage 'giretra.settings'),
// else the browser's languages, else English. Switching rewrites ?lang= (replaceState), <html lang>,
// the title and the lang attribute of every <giretra-game> on the page. Nothing here needs the engine.
// A classic script in <head>, not a module: it sets the language before the first paint (as a module, run after
// the parse, a French reader on a slow line read the English page for 1.7 s first). The page's widgets carry no
// lang in the HTML: they start in <html lang>, and get theirs once the page is parsed.
// It holds no words: the page's title is the rules document's own heading (<h1>, in three languages in rules.html,
// like all the rules' text), read from the page once it is parsed. The game's catalogues (i18n/<lang>.js) are modules:
// a classic script could load one before the first paint only by blocking the parse (a synchronous request), and the
// two words of a tab's title are not worth that; the tab says the <title> of the HTML until the heading is there.
(() => {
'use strict';

const LANGS = ['en', 'fr', 'mg'];

const known = (value) => (typeof value === 'string' && LANGS.includes(value) ? value : null);

function fromAddress() {
  try {
    return known(new URLSearchParams(location.search).get('lang'));
  } catch {
    return null;
  }
}

function fromSettings() {
  // The game saves {"v": 1, "settings": {"lang": ...}}; accept a bare {"lang": ...} too, ignore anything else.
  try {
    const data = JSON.parse(localStorage.getItem('giretra.settings') || 'null');
    if (!data || typeof data !== 'object') return null;
    return known(data.settings && data.settings.lang) || known(data.lang);
  } catch {
    return null;
  }
}

function fromBrowser() {
  const list = (navigator.languages && navigator.languages.length) ? navigator.languages : [navigator.language];
  for (const tag of list) {
    const lang = known(String(tag || '').toLowerCase().split('-')[0]);
    if (lang) return lang;
  }
  return null;
}

function initialLang() {
  return fromAddress() || fromSettings() || fromBrowser() || 'en';
}

function setLang(lang, { updateUrl = true } = {}) {
  lang = known(lang) || 'en';
  const root = document.documentElement;
  root.lang = lang;
  root.dataset.lang = lang;
  const heading = document.querySelector(`h1 [lang="${lang}"]`);   // (not parsed yet on the first call, in <head>)
  if (heading) document.title = heading.textContent.trim();
  for (const game of document.querySelectorAll('giretra-game')) {
    if (game.getAttribute('lang') !== lang) game.setAttribute('lang', lang);
  }
  for (const select of document.querySelectorAll('[data-action="rules-lang"]')) select.value = lang;
  // The links to the game open it in the language being read (a French reader landed in an English game).
  for (const link of document.querySelectorAll('a[data-game-link]')) link.setAttribute('href', `index.html?lang=${lang}`);
  if (updateUrl) {
    try {
      const url = new URL(location.href);
      if (url.searchParams.get('lang') !== lang) {
        url.searchParams.set('lang', lang);
        history.replaceState(history.state, '', url);
      }
    } catch { /* file:// or a sandbox without history: the page still switches */ }
  }
}

// Only rewrite the address when the reader chose, or when ?lang= was already there.
const initial = initialLang();
setLang(initial, { updateUrl: false });   // <html> now (the CSS shows only its language); the rest of the page is not parsed yet
document.addEventListener('DOMContentLoaded', () => {
  setLang(initial, { updateUrl: false });   // again, now that the switcher, the game links and the widgets exist
  // The "↑ Contents" button is for readers who have scrolled past the contents.
  const toc = document.querySelector('.rp-toc');
  if (toc && 'IntersectionObserver' in window) {
    const root = document.documentElement;
    new IntersectionObserver(([entry]) => { root.toggleAttribute('data-toc-away', !entry.isIntersecting); })
      .observe(toc);
    watchUnderUp(root);
  }
});

// The button steps aside while a widget passes under it: at 360 px it covered a lesson's "Show the answer" (an
// audit). Watched: the strip of the screen it stands in, UP_STRIP_REM high at the bottom (again when the window's
// height changes). While a widget's dialog is open the page hides it too (rules.css: giretra-game[data-dialog]).
const UP_STRIP_REM = 4.5;

function watchUnderUp(root) {
  let observer = null;
  let height = 0;
  const under = new Set();
  const watch = () => {
    if (innerHeight === height) return;
    height = innerHeight;
    observer?.disconnect();
    under.clear();
    const strip = UP_STRIP_REM * parseFloat(getComputedStyle(root).fontSize);
    observer = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        if (entry.isIntersecting) under.add(entry.target);
        else under.delete(entry.target);
      }
      root.toggleAttribute('data-up-covers', under.size > 0);
    }, { rootMargin: `-${Math.max(0, Math.floor(height - strip))}px 0px 0px 0px` });
    for (const game of document.querySelectorAll('giretra-game')) observer.observe(game);
  };
  watch();
  addEventListener('resize', watch);
}
document.addEventListener('change', (event) => {
  const target = event.target;
  if (target instanceof HTMLSelectElement && target.dataset.action === 'rules-lang') setLang(target.value);
});
})();
