// The game page (index.html): one full-window table on the engine boot.js started while the page loaded.

import { engine } from './boot.js';
import { createEngine } from './engine.js';
import { mount } from './game/index.js';
import { loadWords, preferredLang } from './i18n.js';
import { readSettings } from './save.js';

const params = new URLSearchParams(location.search);
// Only this language's words are fetched (the first paint waits for them, not for the other two).
const { lang } = await loadWords(params.get('lang') || readSettings({ lang: preferredLang() }).lang);
document.documentElement.lang = lang;

// The bot lab's "Play with it" (?labbot=Top, Left or Right): its saved bot at that seat, from the lab's own worker;
// or, when there is none to play, a notice saying why (labNotice).
const labbot = params.get('labbot');
const { labSeat, notice: labNotice } = labbot !== null ? (await import('./game/labseat.js')).openLabSeat(labbot)
  : { labSeat: null, notice: null };

let current = engine;
mount(document.getElementById('gt-game'), {
  labSeat,
  labNotice,
  engine,
  standalone: true,
  marks: document.body,
  lang,
  speed: params.get('speed'),
  rulesHref: 'rules.html',
  restartEngine() {
    current.destroy();
    current = createEngine();
    return current;
  },
});
