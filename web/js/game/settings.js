// The game's settings: language, each bot's level, the pauses' speed, coach mode, the cards' look (size, four
// colours) and the hand's order. Stored by the game page
// (localStorage 'giretra.settings'); a widget takes its language from its host page and stores the rest only.

// The page seats its player at Bottom and the bots elsewhere (the notation allows any seating: links.js refuses it).
export const HUMAN = 'Bottom';
export const BOTS = ['Left', 'Top', 'Right'];
export const DEFAULT_LEVEL = 'advanced';
// The hint (and the review, which compares with it) asks the strongest bot; in Pyodide (about 1.7x slower than
// CPython) it gets a little more time.
export const HINT_BUDGET_MS = 400;
// Pauses in ms: before a bot's move, and with a finished trick on the table (skippable); and the table's motion's
// length against the normal speed's (view/motion.js: the cut, the deal, a card played, a trick gathered), which a
// bot's move waits for (none at the instant speed).
export const SPEEDS = {
  slow: { bot: 1100, trick: 2200, motion: 1.4 },
  normal: { bot: 600, trick: 1400, motion: 1 },
  fast: { bot: 250, trick: 700, motion: 0.5 },
  instant: { bot: 0, trick: 0, motion: 0 },
};
export const SPEED_ALIASES = { 0: 'instant', 1: 'fast', 2: 'normal', 3: 'slow' };
// The hand's order, the engine's (jsonapi's HAND_ORDERS), and the cards' size (table.css's --gt-card-scale)
const CHOICES = { handOrder: ['strongest', 'weakest', 'suits'], cardSize: ['small', 'normal', 'large'] };
const DEFAULTS = { lang: 'en', speed: 'normal', coach: false, fourColour: false, sound: true, duplicate: false,
  autoForced: false, handOrder: 'strongest', cardSize: 'normal' };
// The endpoints whose answer holds the player's view
const HAND_VIEWS = new Set(['new_match', 'apply', 'view', 'take_back']);

/** The settings stored, a choice this page does not know (a later version's) as its default. */
export function storedSettings(store) {
  const settings = withLevels(store.readSettings(DEFAULTS));
  for (const [key, known] of Object.entries(CHOICES)) if (!known.includes(settings[key])) settings[key] = DEFAULTS[key];
  return settings;
}

/** An engine call's arguments, with the hand order when its answer holds a view. */
export function withHandOrder(settings, name, args) {
  return HAND_VIEWS.has(name) && settings.handOrder ? { ...args, order: settings.handOrder } : args;
}

// Each bot seat has its own level. Settings saved before that had one `level` for the three: it becomes each
// seat's; anything unreadable falls back to the default (boot() then checks the names against the engine's).
export function withLevels({ level, levels, ...rest }) {
  const given = levels && typeof levels === 'object' ? levels : {};
  const fallback = typeof level === 'string' ? level : DEFAULT_LEVEL;
  return { ...rest, levels: Object.fromEntries(BOTS.map((s) => [s, typeof given[s] === 'string' ? given[s] : fallback])) };
}

/** A widget takes its language from its host page: only the game page stores the player's language. */
export function storeSettings(game) {
  const { lang, ...rest } = game.settings;
  game.store.writeSettings(game.standalone ? game.settings : { ...game.store.readSettings({}), ...rest });
}

/** Everything in *lang*: the page's words once its catalogue is loaded (the first switch to it fetches it), the
 *  engine's (calls, reasons, arithmetic) asked again. Of two switches in a row, the last one wins. */
export async function changeLang(game, lang) {
  const t = await game.switchLang(lang);
  if (!t || game.destroyed) return;
  game.t = t;
  game.settings.lang = game.t.lang;
  game.session.setLang(game.t.lang);
  // The last announcement was in the old language: a screen reader reviewing the page would read it so.
  game.ui.clearLive();
  if (game.standalone) {
    storeSettings(game);
    game.ui.langChanged(game.t.lang);
  }
  if (game.state) {
    const { state } = game;
    const view = await game.call('view', { state, seat: HUMAN }).catch(() => null);
    if (view && state === game.state) game.view = view;
    if (game.summary) {
      const summary = await game.call('deal_summary', { state, deal: game.summary.dealNumber }).catch(() => null);
      if (summary && game.summary) game.summary = summary;
    }
    // A review on screen or on its way: its lines come from the engine, asked again in the new language.
    if (game.ui.dialogShown() && game.review && game.review.deal === game.summary?.dealNumber) {
      game.askReview(game.review.deal);
    }
    game.message = null;
  }
  game.ui.render();
  game.ui.refreshDialog();
}
