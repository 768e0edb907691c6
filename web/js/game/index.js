// A Giretra table: the wiring of controller.js (the match, the bots, the player's actions: no DOM) and view.js (the
// table, the bar, the dialogs, the screen reader's log), on an engine session in the game's own language.
//
//   const game = mount(root, { engine, scope: 'match' | 'trick', standalone, lang, rules, seed, rulesHref, ... });
//   game.setLang('fr'); game.destroy();
//
// The game page (index.html, standalone: saves, share links in the URL fragment, the document's title and
// language) and the <giretra-game> widget (web/js/widget.js, inside a shadow root) both mount it.

import * as store from '../save.js';
import { createSession } from '../session.js';
import { Game } from './controller.js';
import { openFragment, openInitialMatch, takeBack as backToMyMatch } from './links.js';
import { changeLang, SPEED_ALIASES } from './settings.js';
import { loadStats } from './stats.js';
import { createView } from './view.js';

export { SPEED_ALIASES };

export function mount(root, opts) {
  const {
    scope = 'match',        // 'match': a whole match; 'trick': bots cut and bid, the reader plays one trick at a time
    standalone = false,     // the game page: localStorage save, URL fragment, document title
    marks = root,           // the element that receives data-ready / data-first-hand (tests, benchmark)
    rulesHref = 'rules.html',
    shareBase = location.origin + location.pathname,
    restartEngine = null,   // () => a new engine, for the retry button
  } = opts;
  const session = createSession(opts.engine, { lang: opts.lang || 'en', restartEngine });
  let game = null;
  const openFirst = async () => {
    // A player who comes back to a match saved before the welcome existed is not new: not welcomed. (A welcome of
    // an older version read here is shown again in its new version, match or not.)
    const returning = standalone && store.welcomeNeverStored() && store.readSave().status !== 'none';
    // The game page's first visit: a welcome, before the bots' first move (they wait while it is open, and from the
    // match's first drawing until it opens). A widget sits in someone else's page, which says what it shows: none
    // there (embed.html's included).
    const welcome = standalone && !returning && !store.welcomeSeen();
    ui.awaitWelcome(welcome);
    try {
      await openInitialMatch(game, {
        seed: opts.seed ?? null, focus: Boolean(opts.focus), fragment: standalone ? takeFragment() : '' });
    } finally {
      if (welcome && game.view) ui.openWelcome();
      ui.awaitWelcome(false);
    }
    if (welcome && !ui.dialogOpen()) game.advance();   // (not opened after all: the bots go on)
  };
  const actions = {
    takeBack: scope === 'match' ? (view) => game.takeBack(view) : null,
    retry: () => game.retry(openFirst),
    dismissNotice: (notice) => {
      if (notice.back) store.settleBack();   // declined: not offered again after a reload
      game.dismiss(notice);
      game.ui.render();
      game.ui.revealTurn();
    },
    // The notice and its button go: the keyboard goes to the match taken back (it fell to the page's body: an audit).
    backToMyMatch: (notice) => backToMyMatch(game, notice).then(() => game.ui.focusGame(), (err) => game.showCrash(err)),
  };
  const ui = createView(root, { game: () => game, actions, standalone, marks, rulesHref, shareBase });
  // The page's own language (?lang=, the saved setting, the browser's) or the widget's (its lang attribute).
  const lang = opts.lang || store.readSettings({ lang: 'en' }).lang;
  game = new Game({ session, ui, store, scope, standalone, lang, rules: opts.rules, speed: opts.speed,
    labSeat: opts.labSeat ?? null });
  session.setLang(game.t.lang);
  if (standalone && location.hash.length > 1) game.preview = null;   // a link opens another match than the save's
  // The bot lab's bot asked for a seat it cannot play (game/labseat.js): said now, with the way to the lab.
  const labNotice = opts.labNotice;
  if (labNotice) game.notify({ ...labNotice, params: labNotice.seat ? { seat: game.t.seat(labNotice.seat) } : {} });
  if (standalone) loadStats(game);   // statistics that cannot be read: said now, in a notice, and started again
  const unfollow = session.onProgress((stage) => game.showStage(stage));

  // A key ends a pause. The page listens on the whole document (the focus may be on <body>); a widget only within
  // itself.
  const keyTarget = standalone ? document : root;
  function onKey(event) {
    // Any key ends the table's motion at once (the key goes on to do what it does: a card played stays played).
    if (!['Shift', 'Control', 'Alt', 'Meta', 'Tab'].includes(event.key)) ui.skipMotion();
    if (!game.skip || ui.dom.dialog.open) return;
    const target = event.composedPath()[0];
    if ([' ', 'Enter', 'Escape'].includes(event.key) && !target.closest?.('button, input, select, a')) {
      event.preventDefault();
      game.skipPause();
    }
  }
  keyTarget.addEventListener('keydown', onKey);

  /** The address's fragment (a shared link), removed from the address: a reload resumes the save. */
  function takeFragment() {
    const raw = location.hash.slice(1);
    if (raw) history.replaceState(null, '', location.pathname + location.search);
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;   // a cut-off %-escape: openFragment says the link is unreadable
    }
  }

  // A share link pasted into the address bar of the open game changes only the fragment: it opens as on a load.
  async function onHashChange() {
    if (!game.view) return;   // still loading: the first match reads the fragment
    const fragment = takeFragment();
    if (!fragment) return;
    ui.closeDialog();
    try {
      await openFragment(game, fragment);
    } catch (err) {
      game.showCrash(err);
    }
    ui.render();   // a link that cannot be opened: its notice, the match unchanged
  }
  if (standalone) addEventListener('hashchange', onHashChange);

  game.ui.render();
  if (opts.focus) ui.holdFocus();
  game.boot(openFirst);

  return {
    /** The host changed the language (the widget's lang attribute). */
    setLang: (next) => changeLang(game, next),
    /** Stop the bots, forget the match, empty root; the shared engine stays (the widget releases it). */
    destroy() {
      game.destroy();
      keyTarget.removeEventListener('keydown', onKey);
      removeEventListener('hashchange', onHashChange);
      unfollow();
      ui.destroy();
    },
  };
}
