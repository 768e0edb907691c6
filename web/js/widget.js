// <giretra-game>: Giretra inside any page — a whole match, one trick, a lesson or the score calculator.
//
//   <script type="module" src="/giretra/js/widget.js"></script>
//   <giretra-game mode="lesson" lesson="play-follow-suit" lang="fr">Essayez : fournir</giretra-game>
//
// Attributes: mode = match (or full) | trick | lesson | score | replay (link = a finished deal's token, deal = its
// number); lesson = a lesson id; lang = en | fr | mg;
// rules = a preset; seed = an integer; autostart = "visible" (start when scrolled into view; otherwise the
// reader presses Play); rules-href = the rules page (default: rules.html next to this script's js/ folder).
// docs/embedding.md tells a site owner the rest.
//
// Until the reader starts it, a widget is this small module, the words of its language (i18n.js and one catalogue,
// shared by the page's widgets) and its caption: everything else (the game's modules, its stylesheets, Pyodide, the
// engine) loads on the first start, once for all the widgets of a page, which share one Web Worker. A widget removed
// from the page stops and lets go of the engine; once no widget has used it for IDLE_MS the worker ends, so a
// single-page site that navigates away leaks nothing, and one that navigates to another page with widgets finds the
// engine still running.

import { hasWords, LANGUAGES, loadWords, translator } from './i18n.js';

const BASE = new URL('../', import.meta.url);   // the folder that holds js/, css/, wheel.json, vendor/
const IDLE_MS = 15000;
const MODULES = { match: './game/index.js', trick: './game/index.js', lesson: './lesson/index.js', score: './calculator/index.js',
  replay: './replay/index.js' };
const STYLES = { match: ['replay.css'], trick: ['replay.css'], lesson: ['lesson.css'], score: ['calculator.css'],
  replay: ['replay.css'] };
// A seed as the engine takes it (0 … 2^53−1, digits only, as in a #seed= link), else null: a random deal.
const asSeed = (text) => (/^\d{1,16}$/.test(text ?? '') && Number.isSafeInteger(Number(text)) ? Number(text) : null);

// -- one engine for the whole page ------------------------------------------------------------------------------------

const pool = { engine: null, users: 0, timer: null, createEngine: null, failed: new WeakSet() };

function newEngine() {
  const engine = pool.createEngine();
  engine.ready.catch(() => pool.failed.add(engine));
  return engine;
}

async function acquireEngine() {
  pool.users += 1;
  clearTimeout(pool.timer);
  ({ createEngine: pool.createEngine } = await import('./engine.js'));
  pool.engine ??= newEngine();
  return pool.engine;
}

function releaseEngine() {
  pool.users -= 1;
  if (pool.users > 0) return;
  clearTimeout(pool.timer);
  pool.timer = setTimeout(() => {
    pool.engine?.destroy();
    pool.engine = null;
  }, IDLE_MS);
}

/** After a failed boot (the Retry button of a mode): a new engine for the page, unless another widget's Retry made
 *  one already (stopping it would fail that widget again). Only called once mounted, so engine.js is loaded. */
function restartEngine() {
  if (pool.engine && !pool.failed.has(pool.engine)) return pool.engine;
  pool.engine?.destroy();
  pool.engine = newEngine();
  return pool.engine;
}

/** For tests and hosts: how many widgets use the engine, and whether its worker is running. */
export function engineStatus() {
  return { users: pool.users, running: Boolean(pool.engine) };
}

// -- sizes ----------------------------------------------------------------------------------------------------------

// The styles are written in rem. On the full page a rem is the reader's default font size, but a shadow root does not
// change what a rem is: on a host page that sizes its own root (html { font-size: 62.5% } makes a rem 10 px) the whole
// widget shrank or grew with it. So the widget reads its style sheets as text and writes each rem in pixels of the
// reader's default size (font-size: medium): what a rem is on a page that leaves its root alone.
const REM = /(\d*\.?\d+)rem\b/g;

function readerRemPx(doc) {
  const probe = doc.createElement('div');
  probe.style.fontSize = 'medium';
  probe.style.fontFamily = 'sans-serif';   // (a monospace medium is smaller)
  doc.documentElement.append(probe);
  const px = parseFloat(doc.defaultView.getComputedStyle(probe).fontSize);
  probe.remove();
  return px;
}

function inPixels(css, px) {
  return css.replace(REM, (_, n) => `${Number((n * px).toFixed(3))}px`);
}

function canAdopt(doc) {
  const Sheet = doc.defaultView?.CSSStyleSheet;
  return Boolean(Sheet && 'adoptedStyleSheets' in ShadowRoot.prototype && 'replaceSync' in Sheet.prototype);
}

const ownSheets = new WeakSet();   // the sheets this module made: replaced on a re-render, the host's never
const fileSheets = new WeakMap();  // document -> Map(file name -> Promise<CSSStyleSheet>)

/** The mode's style sheets (files of css/) as constructed sheets in pixels, shared by the document's widgets; null
 *  where the browser cannot adopt sheets or a file cannot be read as text: then the widget links the files. */
async function styleSheets(doc, files) {
  if (!canAdopt(doc)) return null;
  let cache = fileSheets.get(doc);
  if (!cache) fileSheets.set(doc, cache = new Map());
  const px = readerRemPx(doc);
  for (const file of files) {
    if (cache.has(file)) continue;
    cache.set(file, (async () => {
      const response = await fetch(new URL(`css/${file}`, BASE));
      if (!response.ok) throw new Error(`css/${file}: HTTP ${response.status}`);
      const sheet = new doc.defaultView.CSSStyleSheet();
      sheet.replaceSync(inPixels(await response.text(), px));
      ownSheets.add(sheet);
      return sheet;
    })());
  }
  try {
    return await Promise.all(files.map((file) => cache.get(file)));
  } catch (err) {   // offline, or a policy without connect-src 'self': the files still load as <link>s, in rem
    for (const file of files) cache.delete(file);
    console.error('giretra-game: style sheets linked instead of read (sizes follow the page\'s rem)', err);
    return null;
  }
}

/** Adopt *sheets* into *shadow* after the host's own (never replaced), in place of the ones this module put there. */
function adopt(shadow, sheets) {
  shadow.adoptedStyleSheets = [...shadow.adoptedStyleSheets.filter((sheet) => !ownSheets.has(sheet)), ...sheets];
}

// -- the theme ------------------------------------------------------------------------------------------------------

// css/theme.css sets its --gt-* defaults on :root and :host. Inside a shadow root the :host rule would beat what the
// page sets on its own :root (a property set on an element beats the inherited one), so a page could restyle a
// widget only through the element itself. Registered instead, as inherited properties whose initial value is the
// theme's, the defaults give way to the page's values wherever the page sets them, :root included. Once per
// document; where CSS.registerProperty is missing (or theme.css cannot be read) the widget links theme.css as before.
let themeRegistered = null;   // Promise<boolean>

function registerTheme() {
  themeRegistered ??= (async () => {
    if (!window.CSS?.registerProperty) return false;
    const response = await fetch(new URL('css/theme.css', BASE));
    if (!response.ok) return false;
    const theme = inPixels(await response.text(), readerRemPx(document));
    for (const [, name, value] of theme.matchAll(/(--gt-[\w-]+)\s*:\s*([^;]+);/g)) {
      try {
        CSS.registerProperty({ name, syntax: '*', inherits: true, initialValue: value.trim() });
      } catch (err) {
        if (err.name !== 'InvalidModificationError') throw err;   // registered already (a second copy of this script)
      }
    }
    return true;
  })().catch((err) => {   // offline, or a value the browser refuses: say so, and link theme.css instead
    console.error('giretra-game: theme not registered; theme.css linked instead', err);
    return false;
  });
  return themeRegistered;
}

// -- the element ------------------------------------------------------------------------------------------------------

const PLACEHOLDER_CSS = `
:host { display: block; max-width: 100%; margin: 1rem 0; font-family: var(--gt-font, system-ui, sans-serif); }
:host([hidden]) { display: none; }
.gt-widget { position: relative; border-radius: 0.6rem; overflow: hidden; color: var(--gt-ink, #f4f1e8);
  font-size: var(--gt-font-size, 1rem);   /* the reader's size, not the host's text around it (sizes, above) */
  background: radial-gradient(ellipse at 50% 40%, var(--gt-felt, #1d5c3c) 0%, var(--gt-felt-dark, #154430) 100%); }
.gt-widget__start { display: flex; flex-wrap: wrap; align-items: center; gap: 0.75rem; padding: 1rem; }
.gt-widget__caption { flex: 1 1 12rem; margin: 0; font-weight: 600; }
.gt-widget__play { appearance: none; cursor: pointer; font: inherit; font-weight: 700; padding: 0.55rem 1.2rem;
  border-radius: 999px; border: 0; background: var(--gt-btn-primary, #ffd54a); color: var(--gt-btn-primary-ink, #1b1b1b); }
.gt-widget__play:focus-visible { outline: 3px solid var(--gt-focus, #7fd3ff); outline-offset: 2px; }
.gt-widget__status { padding: 1rem; margin: 0; }
.gt-widget__status:focus { outline: none; }   /* holds the focus while loading: a status, not a control */
.gt-widget .gt-app { min-height: 0; }
`;

// A constructed style sheet, not a <style> element: a host whose Content-Security-Policy forbids inline styles
// (style-src without 'unsafe-inline') still lets a script build one. A constructed sheet serves only the document
// whose window built it, so each document gets its own (a host may move the element into a same-origin frame).
// The <style> is for browsers without them.
const placeholderSheets = new WeakMap();   // document -> its sheet

function placeholderSheet(doc) {
  let sheet = placeholderSheets.get(doc);
  if (!sheet) {
    sheet = new doc.defaultView.CSSStyleSheet();
    sheet.replaceSync(inPixels(PLACEHOLDER_CSS, readerRemPx(doc)));
    ownSheets.add(sheet);
    placeholderSheets.set(doc, sheet);
  }
  return sheet;
}

/** The placeholder's style: adopted after the host's sheets (the mode's own *sheets* before it, once started), or
 *  returned as a <style> element to put in the shadow root where the browser cannot adopt sheets. */
function placeholderStyle(shadow, sheets = []) {
  const doc = shadow.ownerDocument;
  if (canAdopt(doc)) {
    adopt(shadow, [...sheets, placeholderSheet(doc)]);
    return [];
  }
  const style = doc.createElement('style');
  style.textContent = inPixels(PLACEHOLDER_CSS, readerRemPx(doc));
  return [style];
}

class GiretraGame extends HTMLElement {
  // Before the start, the caption and autostart follow every attribute (a host may set them after adding the element,
  // as embed.html does); once started, only the language can change.
  static observedAttributes = ['lang', 'mode', 'lesson', 'autostart'];

  #shadow = null;
  #app = null;          // the mounted mode: {setLang, destroy}
  #starting = null;     // Promise while the modules load
  #holdsEngine = false;
  #observer = null;
  #wasStarted = false;
  #generation = 0;      // bumped on disconnect: a start still loading for a removed widget gives up

  get mode() {
    const mode = (this.getAttribute('mode') || 'match').toLowerCase();
    return mode === 'full' ? 'match' : mode in MODULES ? mode : 'match';
  }

  // (Not `lang`: HTMLElement already has that property.)
  get language() {
    const lang = (this.getAttribute('lang') || this.closest('[lang]')?.getAttribute('lang') || 'en').slice(0, 2);
    return LANGUAGES.includes(lang) ? lang : 'en';
  }

  connectedCallback() {
    if (!this.#shadow) this.#shadow = this.attachShadow({ mode: 'open' });
    // Re-added after a removal (single-page navigation): come back started if it was (a lesson at its task's
    // start, a match from its seed), or as a placeholder.
    if (this.#wasStarted) this.start();
    else this.#renderPlaceholder();
  }

  disconnectedCallback() {
    this.#generation += 1;
    this.#observer?.disconnect();
    this.#observer = null;
    this.#app?.destroy();
    this.#app = null;
    this.#starting = null;
    if (this.#holdsEngine) {
      this.#holdsEngine = false;
      releaseEngine();
    }
  }

  attributeChangedCallback(name, before, after) {
    if (before === after || !this.#shadow) return;
    if (this.#app) {
      if (name !== 'lang') return;
      this.#setAppLang(this.language);
    } else if (!this.#starting) {
      this.#renderPlaceholder();
    }
  }

  /** Each mode has its own translator (no page-wide language to set); it changes once the new words are loaded. */
  #setAppLang(lang) {
    Promise.resolve(this.#app.setLang(lang)).catch((err) => {
      console.error(`giretra-game: the words of lang="${lang}" did not load: the widget keeps its language`, err);
    });
  }

  #renderPlaceholder() {
    const box = document.createElement('div');
    box.className = 'gt-widget';
    // Named with its caption ("Play Try it: card ranking"): a page of widgets is not a list of twenty "Play"s.
    box.innerHTML = `<div class="gt-widget__start"><p class="gt-widget__caption" id="gt-caption"><slot></slot></p>
      <button type="button" class="gt-widget__play" id="gt-play" data-action="start-widget"
        aria-labelledby="gt-play gt-caption"></button></div>`;
    const play = box.querySelector('button');
    play.addEventListener('click', () => this.start());
    this.#placeholderWords(box.querySelector('slot'), play);
    this.#shadow.replaceChildren(...placeholderStyle(this.#shadow), box);
    this.dataset.state = 'idle';
    this.#observer?.disconnect();
    this.#observer = null;
    if (this.getAttribute('autostart') === 'visible' && 'IntersectionObserver' in window) {
      this.#observer = new IntersectionObserver((entries) => {
        if (entries.some((e) => e.isIntersecting)) this.start();
      }, { rootMargin: '200px' });
      this.#observer.observe(this);
    }
  }

  /** The placeholder's default caption and its button's words, in the widget's language: at once when its catalogue is
   *  loaded (another widget of the page loaded it), else when it arrives (the button keeps its room meanwhile). */
  #placeholderWords(slot, play) {
    const { mode } = this;
    const fill = (t) => {
      slot.textContent = t(`widget.${mode}`);   // shown only when the host gave no caption of its own
      play.textContent = t(['score', 'replay'].includes(mode) ? 'widget.open' : 'widget.play');   // nothing is played there
      play.style.visibility = '';
    };
    const lang = this.language;
    if (hasWords(lang)) { fill(translator(lang)); return; }
    play.textContent = '\u00a0';
    play.style.visibility = 'hidden';
    loadWords(lang).then((t) => { if (play.isConnected) fill(t); }, (err) => {
      console.error(`giretra-game: the words of lang="${lang}" did not load`, err);
      if (play.isConnected) { play.textContent = '▶'; play.style.visibility = ''; }   // still a working button
    });
  }

  /** An attribute the widget cannot use falls back to its default, as HTML's do, and says so to the host's author. */
  #warnBadAttributes() {
    const mode = this.getAttribute('mode');
    if (mode !== null && this.mode !== mode.toLowerCase() && mode.toLowerCase() !== 'full') {
      console.warn(`giretra-game: mode="${mode}" is not one of ${Object.keys(MODULES).join(', ')}: a match is played`);
    }
    const seed = this.getAttribute('seed');
    if (seed !== null && asSeed(seed) === null) {
      console.warn(`giretra-game: seed="${seed}" is not a seed (digits, 0 to 2^53−1): the deal is random`);
    }
  }

  /** Load the modules and the engine (shared), then mount the mode. Safe to call twice. */
  start() {
    if (this.#app || this.#starting || !this.isConnected) return this.#starting;
    this.#observer?.disconnect();
    this.#observer = null;
    this.#wasStarted = true;
    const generation = this.#generation;
    const mode = this.mode;
    this.#warnBadAttributes();
    const t = hasWords(this.language) ? translator(this.language) : null;   // (loaded for the placeholder, mostly)
    this.dataset.state = 'loading';
    const status = this.#shadow.querySelector('.gt-widget__start');
    // Started from its Play button (Enter, a tap or a click): the focus follows into the widget. Replacing the
    // button dropped it on the page's body, and a keyboard reader had to find the lesson again.
    const focus = this.#shadow.activeElement?.classList.contains('gt-widget__play') ?? false;
    if (status) {
      status.outerHTML = '<p class="gt-widget__status" role="status" tabindex="-1"></p>';
      const line = this.#shadow.querySelector('.gt-widget__status');
      if (t) line.textContent = t('loading.title');
      else loadWords(this.language).then((words) => { line.textContent ||= words('loading.title'); }, () => {});
      if (focus) line.focus();
    }
    this.#holdsEngine = true;
    this.#starting = (async () => {
      const doc = this.#shadow.ownerDocument;
      // Registered, the theme's defaults are initial values; in the shadow root they would beat the page's :root.
      const files = registerTheme().then((themed) => [...(themed ? [] : ['theme.css']), 'table.css', ...STYLES[mode]]);
      const [engine, modeModule, css, sheets] = await Promise.all([
        acquireEngine(), import(MODULES[mode]), files, files.then((f) => styleSheets(doc, f)), loadWords(this.language),
      ]);
      // The host may have changed the language meanwhile: the mode starts in the one it has now, with its words.
      const lang = this.language;
      await loadWords(lang);
      if (generation !== this.#generation) return;   // removed while loading
      const links = sheets ? [] : css.map((file) => Object.assign(document.createElement('link'),
        { rel: 'stylesheet', href: new URL(`css/${file}`, BASE).href }));
      const box = document.createElement('div');
      box.className = 'gt-widget';
      box.dataset.mode = mode;
      const root = document.createElement('div');
      root.className = 'gt-widget__body';
      box.append(root);
      this.#shadow.replaceChildren(...placeholderStyle(this.#shadow, sheets ?? []), ...links, box);
      const seed = this.getAttribute('seed');
      this.#app = modeModule.mount(root, {
        engine,
        scope: mode === 'trick' ? 'trick' : 'match',
        marks: this,
        lang,
        rules: this.getAttribute('rules') || undefined,
        seed: asSeed(seed),
        lesson: this.getAttribute('lesson') || null,
        link: this.getAttribute('link') || null,   // mode replay: the deal's token, and which deal
        deal: asSeed(this.getAttribute('deal')) || null,
        rulesHref: this.#rulesHref(),
        headingLevel: this.#headingLevel(),
        captioned: Boolean(this.textContent.trim()),   // the host's own caption, not the mode's default
        shareBase: new URL('index.html', BASE).href,
        restartEngine,
        focus,
      });
      this.dataset.state = 'started';
      if (this.language !== lang) this.#setAppLang(this.language);
    })();
    this.#starting.catch((err) => {
      // A module that does not load (offline, a bad deployment): say so; the engine's own failures are shown
      // by the mode itself, with a retry.
      console.error(err);
      if (generation !== this.#generation) return;
      this.dataset.state = 'failed';
      const p = document.createElement('p');
      p.className = 'gt-widget__status';
      p.setAttribute('role', 'alert');
      const words = hasWords(this.language) ? translator(this.language) : null;   // (their own download may be what failed)
      p.textContent = `${words ? `${words('widget.failed')} ` : ''}${err.message || err}`;
      this.#shadow.querySelector('.gt-widget')?.replaceChildren(p);
    }).finally(() => {
      if (generation === this.#generation) this.#starting = null;
    });
    return this.#starting;
  }

  // One level under the last heading of the host page before the widget (2 when there is none), for a lesson's or the
  // calculator's title: the page's outline stays whole.
  #headingLevel() {
    const before = [...document.querySelectorAll('h1, h2, h3, h4, h5, h6')]
      .filter((hd) => hd.compareDocumentPosition(this) & Node.DOCUMENT_POSITION_FOLLOWING);
    return before.length ? Math.min(6, Number(before.at(-1).tagName[1]) + 1) : 2;
  }

  // On the rules page itself the links stay on the page (#P-1); elsewhere they open it in a new tab.
  #rulesHref() {
    const href = this.#givenRulesHref() ?? new URL('rules.html', BASE);
    return href.origin === location.origin && href.pathname === location.pathname ? '' : href.href;
  }

  /** rules-href as a URL if it is an http(s) page of the host's site or the widget's, else null (the default). Anyone
   *  may set it (embed.html takes it from its address): a javascript: link or another site must not become the
   *  target of the rule links. */
  #givenRulesHref() {
    const attr = this.getAttribute('rules-href');
    if (!attr) return null;
    let href = null;
    try {
      href = new URL(attr, location.href);
    } catch { /* not a URL at all: refused below */ }
    if (href && /^https?:$/.test(href.protocol) && [location.origin, BASE.origin].includes(href.origin)) return href;
    console.warn(`giretra-game: rules-href="${attr}" is not a page of this site: the links go to the published rules`);
    return null;
  }
}

if (!customElements.get('giretra-game')) customElements.define('giretra-game', GiretraGame);
