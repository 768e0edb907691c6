// A Giretra table drawn from its controller (controller.js): the bar, the notices, the loading screen or the table,
// the dialogs, and the screen reader's log. It is the controller's `ui` port: the controller says what happened
// (render, announce, showSummary, …) and this decides how it looks and where the keyboard's focus goes.

import { focusIsFree, h, redrawIfChanged, replaceKeepingFocus } from '../dom.js';
import { missing } from '../i18n.js';
import { createSound, soundsFor } from '../sound.js';
import { mountTable } from '../table.js';
import { TEAM_OF } from '../view/seats.js';
import { fitBrand, renderBar, renderLoading, renderNotices } from '../view/chrome.js';
import { createDialogs } from './dialogs.js';
import { createLiveLog } from './live.js';
import { HUMAN } from './settings.js';

/** *root*: where the game is mounted; *marks*: the element that receives data-ready / data-first-hand (tests,
 *  benchmark); *game()*: the controller, once made. */
export function createView(root, { game, actions, standalone, marks, rulesHref, shareBase }) {
  const embedded = !standalone;
  // Ids are unique within root's document or shadow root: the page has one game, a widget one per shadow root.
  const dom = {
    bar: h('div#gt-bar-host'),
    notices: h('div#gt-notices.gt-notices'),
    loading: h('div#gt-loading-host.gt-loading-host'),
    table: h('div#gt-table-host.gt-table-host', { hidden: true }),
    live: h('div#gt-live.gt-sr', { attrs: { 'aria-live': 'polite', role: 'log' } }),
    dialog: h('dialog#gt-dialog.gt-dialog'),
  };
  const app = h('div.gt-app', { class: { 'gt-app--embedded': embedded } }, [
    dom.bar, dom.notices, h(embedded ? 'div.gt-main' : 'main.gt-main', [dom.loading, dom.table]),
  ]);
  root.replaceChildren(app, dom.live, dom.dialog);
  const table = mountTable(dom.table, {
    onAction: (action, view) => game().humanAction(action, view),
    onSkip: () => game().skipPause(),
    onPeek: (event) => game().togglePeek(event?.timeStamp),
    onNewMatch: () => game().startNewMatch(),
    onToggleBids: (open) => { game().showBids = open; render(); },
    onShowAllCalls: () => { game().showAllCalls = true; render(); },
    onFoldCalls: () => { game().showAllCalls = false; render(); },
    onHint: () => game().askHint(),
    onTakeBack: actions.takeBack,   // null in the one-trick widget, whose bots bid for the reader
    onNextTrick: () => game().nextTrick(),   // stop after the next one
    onNewDeal: () => game().startNewMatch(),
    rulesHref,
    followTurn: standalone,
  });
  const live = createLiveLog(dom.live);
  // Sound on the game page only (a widget sits in someone else's page), from the player's first gesture on
  const sound = standalone ? createSound(document, () => game().settings.sound !== false) : null;
  const dialogs = createDialogs({ dom, root, table, game, actions, shareBase, marks, rulesHref });

  function render() {
    const g = game();
    if (g.destroyed) return;
    const { t } = g;
    if (standalone) document.title = t('app.title');
    // The deck's colours, on the table and in the dialogs (their cards in the text: a deal's hands)
    for (const el of [app, dom.dialog]) el.classList.toggle('gt-four-colour', Boolean(g.settings.fourColour));
    app.dataset.cardSize = g.settings.cardSize ?? 'normal';   // table.css: the cards' scale, and the trick's in coach mode
    app.toggleAttribute('data-coach', Boolean(g.settings.coach));
    redrawIfChanged(dom.bar, renderBar(t, g, {   // its handlers: the dialogs' openers, nothing of this render
      rulesHref: standalone ? rulesHref : null,   // a widget is already on a page about the rules
      onNewMatch: dialogs.openNewMatch,
      onScoreSheet: () => dialogs.openScoreSheet(),
      onSkip: () => table.focus(),
      onTricks: dialogs.openTricks,
      onShare: dialogs.openShare,
      onSettings: dialogs.openSettings,
    }));
    fitBrand(dom.bar);   // the game's name on a phone's score line, where it fits
    replaceKeepingFocus(dom.notices, ...renderNotices(t, g, {
      onDismiss: actions.dismissNotice,
      onBack: actions.backToMyMatch,
      onNewMatch: (n) => { g.dismiss(n); g.startNewMatch(); },
    }));
    const loading = !g.view;
    const preview = loading && g.preview ? drawPreview(g) : false;
    app.classList.toggle('gt-app--waiting', preview);
    dom.table.inert = preview;   // drawn, not playable: the engine decides what may be played, and it is not here yet
    dom.table.setAttribute('aria-busy', String(preview));
    dom.loading.hidden = !loading;
    dom.table.hidden = loading && !preview;
    if (loading) dom.loading.replaceChildren(renderLoading(t, g, { onRetry: actions.retry, compact: preview }));
    else table.set(tableModel(g));
  }

  /** The saved match's table while the engine boots; false (and forgotten) if its stored view cannot be drawn. */
  function drawPreview(g) {
    try {
      table.set(tableModel(g, g.preview));
    } catch (err) {
      console.warn('the stored table could not be drawn: the engine draws it when it is ready', err);
      g.preview = null;
      return false;
    }
    if (standalone && !marks.dataset.preview) marks.dataset.preview = String(Math.round(performance.now()));
    return true;
  }

  let welcomeComing = false;
  return {
    dom,
    table,
    // -- the controller's ui port ---------------------------------------------------------------------------------
    render,
    announce: live.announce,
    sound(ev, before, view) {
      // Heard by nobody in a browser test: counted instead, and named (a lost match's cue is not a won one's).
      const names = soundsFor(ev, before, view, HUMAN, TEAM_OF[HUMAN]);
      if (sound?.play(names)) Object.assign(marks.dataset, { sounds: String(sound.played), soundsLast: names.join(' ') });
    },
    clearLive: live.clear,
    settled: () => table.settled(),
    skipMotion: () => table.finishMotion(),
    dialogOpen: () => dom.dialog.open || welcomeComing,   // (the bots wait for a welcome about to open: index.js)
    awaitWelcome(coming) { welcomeComing = coming; },
    dialogShown: dialogs.shown,
    closeDialog: dialogs.close,
    refreshDialog: dialogs.refresh,
    showSummary: dialogs.openSummary,
    openWelcome: dialogs.openWelcome,
    /** The player asked for it: the keyboard goes to the game, not back to the bar. A widget's table is hidden until
     *  its first match (a hidden element takes no focus); not if the reader has gone on meanwhile (the engine may
     *  take seconds to load): the focus is taken back only from the game itself, or from nowhere. */
    focusGame() { if (focusIsFree(root)) { table.flush(); table.focus(); } },   // (drawn first: on the new table)
    /** A notice closed above the table: the table moved up, so the turn (the trick, the hand) is shown again. */
    revealTurn() { table.flush(); table.reveal(); },
    firstHand() {
      if (marks.dataset.firstHand) return;
      table.flush();
      performance.mark('gt:first-hand');
      marks.dataset.firstHand = String(Math.round(performance.now()));
    },
    /** How the engine started ('snapshot' or 'full'), on the game page: for the tests and the start-up benchmark. */
    engineBoot(how) { if (standalone) marks.dataset.engineBoot = how; },
    booted() {
      table.flush();
      render();
      marks.dataset.ready = '1';
      if (missing.size) console.warn('missing translations:', [...missing]);
    },
    langChanged(lang) {
      document.documentElement.lang = lang;
      // An address with ?lang= (a link, a bookmark) follows, so a reload keeps the language just chosen.
      const url = new URL(location.href);
      if (url.searchParams.has('lang')) {
        url.searchParams.set('lang', lang);
        history.replaceState(history.state, '', url);
      }
    },
    /** Started from the keyboard (a widget's Play): the focus waits on the loading line, in the widget, not on the
     *  body (unless the reader has gone on already). */
    holdFocus() {
      if (!focusIsFree(root)) return;
      dom.loading.tabIndex = -1;
      dom.loading.focus({ preventScroll: true });
    },
    destroy() {
      live.clear();
      sound?.destroy();
      dialogs.forget();
      table.destroy();
      root.replaceChildren();
    },
  };
}

/** What the table draws: the controller's state, on *view* (the engine's, or the saved one while it boots). */
function tableModel(g, view = g.view) {
  return {
    // One trick at a time: the finished trick stays on the table until the reader goes on.
    t: g.t, view, shownTrick: g.shownTrick, peek: g.peek, message: g.message, thinking: g.thinking,
    newCards: g.newCards, showBids: g.showBids, showAllCalls: g.showAllCalls, hint: g.hint,
    coach: Boolean(g.settings.coach), scope: g.scope, trickDone: g.scope === 'trick' && g.trickWaiting(),
    cue: g.cue, motion: g.speed().motion ?? 0, labSeat: g.labSeat?.seat ?? null,
  };
}
