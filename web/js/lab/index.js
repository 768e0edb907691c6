// The bot lab page (lab.html): its words, its own engine (lab/engine.js), the controller and the view. The game
// page and the rules page never import this folder.
import { addWords, loadWords, preferredLang } from '../i18n.js';
import { createLabController } from './controller.js';
import { createLabEngine } from './engine.js';
import { mountLabView } from './view.js';
import words from './words.js';

addWords(words);   // the view's reference: the lab's own words, not in the catalogues the game loads

const params = new URLSearchParams(location.search);
// The language: the address's, else the game's setting (giretra.settings), else the browser's.
const gameLang = () => { try { return JSON.parse(localStorage.getItem('giretra.settings'))?.settings?.lang; } catch { return null; } };
const lang = params.get('lang') || gameLang() || preferredLang();
const t = await loadWords(lang);
document.documentElement.lang = t.lang;
document.title = t('lab.title');
// A test may shorten the per-decision limit (?limit=ms); the page's default is the engine's.
const limit = Number(params.get('limit'));
let controller = null;
const engine = createLabEngine({ limitMs: limit > 0 ? limit : undefined,
  onPairs: (done, total) => controller?.onPairs(done, total) });
controller = createLabController({ engine, store: localStorage, words: t });
if (!(location.hash && await controller.openHash(location.hash))) controller.restore();
mountLabView(controller, t);
document.body.dataset.labReady = 'true';
engine.warm();
