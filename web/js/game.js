// A Giretra table: holds the match as the engine's notation string, asks the engine for everything, draws it.
// action -> engine.apply -> (save) -> table.set(view). Bots: engine.bot_action -> engine.apply, paced by the speed.
//
//   const game = mount(root, { engine, scope: 'match' | 'trick', standalone, lang, rules, seed, rulesHref, ... });
//   game.setLang('fr'); game.destroy();
//
// The game page (index.html, standalone: saves, share links in the URL fragment, the document's title and
// language) and the <giretra-game> widget (web/js/widget.js, inside a shadow root) both mount it.

import { RulesError } from './engine.js';
import { focusIsFree, h, replaceKeepingFocus } from './dom.js';
import {
  cardName, getLang, keepLang, langContext, missing, resumeLang, seatName, setLang, t, tSeat, useLangContext,
} from './i18n.js';
import {
  keepAside, markPlayed, markShared, readBack, readSave, readSettings, setAside, settleBack, writeSave, writeSettings,
} from './save.js';
import { mountTable } from './table.js';
import { renderBar, renderLoading, renderNewMatch, renderNotices, renderSettings, renderShare } from './view/chrome.js';
import { contractText } from './view/negotiation.js';
import { renderScoreSheet, renderSummary, renderTrickHistory } from './view/summary.js';

const HUMAN = 'Bottom';
const BOTS = ['Left', 'Top', 'Right'];
const DEFAULT_LEVEL = 'advanced';
const DEFAULT_RULES = 'giretra.com';   // the published rules (RULES.md)

// Each bot seat has its own level. Settings saved before that had one `level` for the three: it becomes each
// seat's; anything unreadable falls back to the default (boot() then checks the names against the engine's).
function withLevels({ level, levels, ...rest }) {
  const given = levels && typeof levels === 'object' ? levels : {};
  const fallback = typeof level === 'string' ? level : DEFAULT_LEVEL;
  return { ...rest, levels: Object.fromEntries(BOTS.map((s) => [s, typeof given[s] === 'string' ? given[s] : fallback])) };
}
// Pauses in ms: before a bot's move, and with a finished trick on the table (skippable).
const SPEEDS = {
  slow: { bot: 1100, trick: 2200 },
  normal: { bot: 600, trick: 1400 },
  fast: { bot: 250, trick: 700 },
  instant: { bot: 0, trick: 0 },
};
export const SPEED_ALIASES = { 0: 'instant', 1: 'fast', 2: 'normal', 3: 'slow' };
// The hint asks the strongest bot; in Pyodide (about 1.7x slower than CPython) it gets a little more time.
const HINT_BUDGET_MS = 400;

// Two states of one match (the same header, docs/notation.md: version, preset, seed, dealer, scores, target, deck),
// whatever was played since. Not the players (field 3): a bot's level changed in the settings rewrites it, and the
// same match then read as another one (a code review).
const header = (state) => state.split(' ').slice(0, 8).filter((_, i) => i !== 2).join(' ');
const sameMatch = (a, b) => header(a) === header(b);

const LIVE_LINES = 12;   // the announcements kept in the log (#gt-live) for a screen reader to read again

export function mount(root, opts) {
  const {
    scope = 'match',        // 'match': a whole match; 'trick': bots cut and bid, the reader plays one trick at a time
    standalone = false,     // the game page: localStorage save, URL fragment, document title
    marks = root,           // the element that receives data-ready / data-first-hand (tests, benchmark)
    rulesHref = 'rules.html',
    shareBase = location.origin + location.pathname,
    restartEngine = null,   // () => a new engine, for the retry button
  } = opts;
  let engine = opts.engine;

  const app = {
    stage: 'pyodide',     // loading stage reported by the engine
    loadError: null,      // EngineLoadError
    review: null,         // the player's choices in a finished deal against the expert's: {deal, moves?, same?}
    crash: null,          // text of an engine bug (EngineCrash)
    info: null,           // engine info(): presets, bot levels
    state: null,          // THE match: the engine's notation string
    view: null,           // the engine's view of it for the human seat
    rules: opts.rules || DEFAULT_RULES,
    settings: withLevels(readSettings({ lang: 'en', speed: 'normal', coach: false })),
    speedOverride: opts.speed ? (SPEED_ALIASES[opts.speed] ?? (opts.speed in SPEEDS ? opts.speed : null)) : null,
    embedded: !standalone,
    scope,
    shownTrick: null,
    peek: false,
    pauseEndedAt: -Infinity,   // when the last pause after a trick ended (performance.now())
    message: null,
    hint: null,           // {action, why}: the expert's choice for the human's current decision
    thinking: null,
    newCards: null,
    showBids: false,      // the bids unfolded during the play
    showAllCalls: false,  // a narrow table: the kinds of call none of which is possible unfolded (Why?)
    summary: null,        // the deal summary on display, or null
    notices: [],
    token: 0,             // bumped when the match is replaced: stale answers and bot loops stop
    looping: false,
    humanBusy: false,
    trickStop: null,      // scope 'trick': {deal, n}: the bots stop and wait once n tricks of that deal are done
    destroyed: false,
  };
  if (opts.lang) app.settings.lang = opts.lang;
  app.settings.lang = setLang(app.settings.lang);

  // -- DOM skeleton ---------------------------------------------------------------------------------------------------

  // Ids are unique within root's document or shadow root: the page has one game, a widget one per shadow root.
  const dom = {
    bar: h('div#gt-bar-host'),
    notices: h('div#gt-notices.gt-notices'),
    loading: h('div#gt-loading-host.gt-loading-host'),
    table: h('div#gt-table-host.gt-table-host', { hidden: true }),
    live: h('div#gt-live.gt-sr', { attrs: { 'aria-live': 'polite', role: 'log' } }),
    dialog: h('dialog#gt-dialog.gt-dialog'),
  };
  root.replaceChildren(
    h('div.gt-app', { class: { 'gt-app--embedded': app.embedded } }, [
      dom.bar, dom.notices, h(app.embedded ? 'div.gt-main' : 'main.gt-main', [dom.loading, dom.table]),
    ]),
    dom.live, dom.dialog,
  );
  const table = mountTable(dom.table, {
    onAction: (action, view) => humanAction(action, view),
    onSkip: () => skipPause(),
    // "Last trick" takes the place of "Next trick" when the pause ends: a double tap on Next, or a tap just as the
    // pause ends by itself, opened the last trick and hid the new one. (A double tap is < 300 ms apart.)
    onPeek: () => {
      if (!app.peek && performance.now() - app.pauseEndedAt < 400) return;
      app.peek = !app.peek;
      render();
    },
    onNewMatch: () => startNewMatch(),
    onToggleBids: (open) => { app.showBids = open; render(); },
    onShowAllCalls: () => { app.showAllCalls = true; render(); },
    onFoldCalls: () => { app.showAllCalls = false; render(); },
    onHint: () => askHint(),
    onTakeBack: scope === 'match' ? (view) => takeBack(view) : null,   // the one-trick widget's bots bid for the reader
    onNextTrick: () => { app.trickStop = null; app.message = null; render(); advance(); },   // stop after the next one
    onNewDeal: () => startNewMatch(),
    rulesHref,
    followTurn: standalone,
  });
  let reviewSeq = 0;        // each review asked takes a number; an answer for an older one is dropped
  let dialogRender = null;   // () => Node: the open dialog's content, re-rendered on language change

  function render() {
    if (app.destroyed) return;
    if (standalone) document.title = t('app.title');
    replaceKeepingFocus(dom.bar, renderBar(app, {
      rulesHref: standalone ? rulesHref : null,   // a widget is already on a page about the rules
      onNewMatch: () => openDialog(() => renderNewMatch(app, { onStart: startNewMatch, onCancel: closeDialog })),
      onScoreSheet: openScoreSheet,
      onSkip: () => table.focus(),
      onTricks: () => openDialog(() => renderTrickHistory(app.view)),
      onShare: openShare,
      onSettings: () => openDialog(() => renderSettings(app, {
        onLang: changeLang, onLevel: changeLevel, onSpeed: changeSpeed, onCoach: changeCoach,
      })),
    }));
    replaceKeepingFocus(dom.notices, ...renderNotices(app, {
      onDismiss: (n) => {
        if (n.back) settleBack();   // declined: not offered again after a reload
        app.notices = app.notices.filter((x) => x !== n);
        render();
      },
      onBack: (n) => {
        settleBack();
        app.notices = app.notices.filter((x) => x !== n);
        resumeSave(n.back).catch(showCrash);
      },
      onNewMatch: (n) => {
        app.notices = app.notices.filter((x) => x !== n);
        startNewMatch();
      },
    }));
    const loading = !app.view;
    dom.loading.hidden = !loading;
    dom.table.hidden = loading;
    if (loading) dom.loading.replaceChildren(renderLoading(app, { onRetry: retry }));
    else table.set(tableModel());
  }

  function tableModel() {
    return {
      // One trick at a time: the finished trick stays on the table until the reader goes on.
      view: app.view, shownTrick: app.shownTrick, peek: app.peek, message: app.message,
      thinking: app.thinking, newCards: app.newCards, showBids: app.showBids, showAllCalls: app.showAllCalls, hint: app.hint,
      coach: Boolean(app.settings.coach), scope, trickDone: scope === 'trick' && trickWaiting(),
    };
  }

  // -- dialogs --------------------------------------------------------------------------------------------------------

  function openDialog(renderContent, { onClose } = {}) {
    dialogRender = renderContent;
    // The bar's button that opened it ("open-settings"): redrawn meanwhile (the language changed), the browser cannot
    // give the focus back to it, and it went to the game instead (an accessibility audit); its twin takes it.
    const opener = (dom.table.getRootNode().activeElement ?? document.activeElement)?.dataset?.action;
    dom.dialog.onclose = keepLang(() => {
      dialogRender = null;
      dom.dialog.replaceChildren();
      // The dialog gives the focus back to where it was; if that is gone (the deal's last card), or was the table
      // itself (where it waits while the player has nothing to do), to the game: the player's action if there is one.
      const active = dom.table.getRootNode().activeElement;
      const lost = !active || active === document.body;
      const twin = lost && opener?.startsWith('open-') ? root.querySelector(`[data-action="${opener}"]`) : null;
      if (twin) twin.focus();
      else if (lost || active === dom.table) table.focus();
      else table.reveal();
      if (onClose) onClose();
      else showSummaryIfAny();   // a summary that arrived while another dialog was open
      advance();   // the bots wait while a dialog is open (a screen reader hears nothing outside a modal)
    });
    refreshDialog();
    if (!dom.dialog.open) dom.dialog.showModal();
  }

  function refreshDialog() {
    if (!dialogRender) return;
    // Redrawn when the language changes: the focus stays on the twin of its control (the language select).
    const kept = replaceKeepingFocus(dom.dialog,
      h('div.gt-dialog__body', dialogRender()),
      h('button.gt-btn.gt-btn--quiet.gt-dialog__close', {
        type: 'button', dataset: { action: 'close-dialog' }, attrs: { 'aria-label': t('dialog.close') },
        on: { click: () => closeDialog() },
      }, '×'),
    );
    // Named by its title, and a deal's result described by the engine's arithmetic, for a screen reader.
    for (const [attr, selector, id] of [['aria-labelledby', '.gt-dialog__title', 'gt-dialog-title'],
      ['aria-describedby', '.gt-summary__lines', 'gt-dialog-lines']]) {
      const target = dom.dialog.querySelector(selector);
      if (target) target.id = id;
      if (target) dom.dialog.setAttribute(attr, id); else dom.dialog.removeAttribute(attr);
    }
    if (!kept) (dom.dialog.querySelector('[autofocus]') ?? dom.dialog.querySelector('.gt-dialog__close'))?.focus();
  }

  function closeDialog() {
    if (dom.dialog.open) dom.dialog.close();
  }

  async function openScoreSheet(focusDeal = null) {
    const sheet = await call('score_sheet', { state: app.state });
    if (!sheet) return;
    openDialog(() => renderScoreSheet(sheet, HUMAN, { onDeal: openDealResult }));
    // Back from a deal's result: the keyboard is where it was, on that deal's number.
    if (focusDeal) dom.dialog.querySelector(`[data-focus="deal:${focusDeal}"]`)?.focus();
  }

  // An earlier deal's result, from the score sheet: the engine's arithmetic, the hands as dealt and the review, as
  // after the deal; "Back" returns to the sheet. (The result of the deal just played stays app.summary's.)
  async function openDealResult(deal) {
    const summary = await call('deal_summary', { state: app.state, deal });
    if (!summary) return;
    const leave = () => {   // a review of this deal stops, unless it is also the result waiting to be closed
      if (app.review?.deal !== deal || app.summary?.dealNumber === deal) return;
      app.review = null;
      reviewSeq++;
    };
    openDialog(() => renderSummary(summary, {
      me: HUMAN,
      review: app.review?.deal === deal ? app.review : null,
      onReview: () => askReview(deal),
      onBack: () => { leave(); openScoreSheet(deal); },
    }), { onClose: () => { leave(); showSummaryIfAny(); } });
    dom.dialog.querySelector('[autofocus]')?.focus();   // its number, focused, was drawn away
  }

  // -- engine ---------------------------------------------------------------------------------------------------------

  function showStage(stage) {
    if (stage === 'ready') return;
    app.stage = stage;
    if (!app.view) render();
  }
  let unfollow = engine.onProgress(keepLang(showStage));

  /** engine.call with the page's language; engine bugs become a visible crash notice (null result). */
  async function call(name, args) {
    if (app.destroyed) return new Promise(() => {});   // a removed widget: nothing comes back
    try {
      return await resumeLang(engine.call(name, { ...args, lang: getLang() }));
    } catch (err) {
      if (err instanceof RulesError) throw err;
      showCrash(err);
      return null;
    }
  }

  /** The engine refused to go on with this match (its record would outgrow what the notation holds: a target raised to
   *  a million): said plainly, with a new match as the way out; a refusal of anything else is a bug, loud. */
  function cannotGoOn(err) {
    if (!(err instanceof RulesError) || err.code !== 'match_too_long') return false;
    notify({ key: 'tooLong', params: {}, newMatch: true });
    announce(t('notice.tooLong'), { fresh: true });
    render();
    return true;
  }

  function showCrash(err) {
    if (err?.name === 'EngineLoadError') {
      app.loadError = err;
    } else {
      app.crash = String(err?.message || err);
      console.error(err);
    }
    render();
  }

  // -- the match ------------------------------------------------------------------------------------------------------

  function save() {
    if (!standalone) return;   // a widget's match is a demonstration: the game page's save is left alone
    writeSave({ state: app.state, summaryDeal: app.summary ? app.summary.dealNumber : null });
  }

  function adopt(state, view, { summary = null } = {}) {
    app.token += 1;
    app.state = state;
    app.view = view;
    app.rules = view.rules;
    app.shownTrick = null;
    app.showAllCalls = false;
    app.peek = false;
    app.message = null;
    app.hint = null;
    app.thinking = null;
    app.newCards = null;
    app.summary = summary;
    app.review = null;
    reviewSeq++;
    app.trickStop = null;   // recomputed by trickWaiting(): stop after the trick being played
    save();
    render();
    showSummaryIfAny();
    markFirstHand();
    advance();
  }

  function botPlayers() {
    return { [HUMAN]: 'human', ...app.settings.levels };
  }

  // A notice replaces an older one of its kind (two links opened one after the other: one way back, to the player's
  // own match); at most three are shown: five pushed the table off a phone's screen.
  const KIND = { shared: 'link', sharedMatch: 'link', kept: 'link' };   // (kept: the way back offered after a reload)
  function notify(notice) {
    const kind = KIND[notice.key] ?? notice.key;
    app.notices = [...app.notices.filter((x) => (KIND[x.key] ?? x.key) !== kind), notice].slice(-3);
  }

  /** True once the new match is on; false if the engine refused it (said in a notice) or crashed. */
  async function startNewMatch({ seed = null, rules = app.rules, focus = true } = {}) {
    closeDialog();
    if (focus && app.notices.some((x) => x.back)) {   // left the shared match: no way back to offer
      app.notices = app.notices.filter((x) => !x.back);
      settleBack();
    }
    const args = { rules, players: botPlayers() };
    if (seed !== null && Number.isFinite(seed)) args.seed = seed;
    try {
      const res = await call('new_match', args);
      if (!res) return false;
      app.rules = rules;
      adopt(res.state, res.view);
      // The player asked for it: the keyboard goes to the game, not back to the bar. After adopt: a widget's table is
      // hidden until its first match, and a hidden element takes no focus. Not if the reader has gone on meanwhile
      // (the engine may take seconds to load): the focus is taken back only from the game itself, or from nowhere.
      if (focus && focusIsFree(root)) table.focus();
      // The player cuts first: said too (only "A new match starts." was: an audit).
      const turn = res.view.toAct === HUMAN ? ` ${t(`status.yourTurn.${res.view.phase}`)}` : '';
      announce(t('live.newMatch') + turn, { fresh: true });
      return true;
    } catch (err) {
      if (!(err instanceof RulesError)) throw err;
      // No match yet (a widget's rules="bogus"): the published rules, rather than a loading screen for good (a
      // robustness audit). Refused again, it is this package's bug: loud.
      if (!app.view && rules !== DEFAULT_RULES) {
        notify({ key: 'badRules', params: { message: err.message } });
        return startNewMatch({ seed, rules: DEFAULT_RULES, focus });
      }
      if (!app.view) throw err;
      notify({ key: 'badMatch', params: { message: err.message } });
      render();
      return false;
    }
  }

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
    if (!app.view) return;   // still loading: openInitialMatch reads the fragment
    const fragment = takeFragment();
    if (!fragment) return;
    closeDialog();
    try {
      await openFragment(fragment);
    } catch (err) {
      showCrash(err);
    }
    render();   // a link that cannot be opened: its notice, the match unchanged
  }
  const onHashHere = keepLang(onHashChange);
  if (standalone) addEventListener('hashchange', onHashHere);

  /** First load: the game page opens a shared link, else its saved match; a widget starts from its seed. */
  async function openInitialMatch() {
    if (!standalone) {
      await startNewMatch({ seed: opts.seed ?? null, focus: Boolean(opts.focus) });   // focus: started by the reader
      return;
    }
    const fragment = takeFragment();
    if (fragment && await openFragment(fragment)) return;
    const saved = readSave();
    if (saved.status === 'ok') {
      try {
        await resumeSave(saved.save);
        await offerBack(saved.save);
        return;
      } catch (err) {
        if (!(err instanceof RulesError)) throw err;
        notify({ key: setAside(JSON.stringify(saved.save), err.message) ? 'setAside' : 'setAsideLost', params: {} });
      }
    } else if (saved.status === 'bad') {
      notify({ key: setAside(saved.raw, saved.why) ? 'setAside' : 'setAsideLost', params: {} });
    }
    await startNewMatch({ focus: false });
  }

  // The page seats its player at Bottom and bots elsewhere; the notation allows any seating ("rhrr", "rrrr"). Such a
  // state would wait for ever for a human the page has no controls for, or play itself: refused, like a bad state.
  function checkSeating(view) {
    const human = Object.entries(view.players).filter(([, kind]) => kind === 'human').map(([seat]) => seat);
    if (human.length !== 1 || human[0] !== HUMAN) throw new RulesError('bad_seating', t('link.seating'));
  }

  // A shared link replaced the player's own match, and the page was reloaded since (or the link was opened in another
  // tab): the way back is offered again, until taken or declined. It was only offered until the page closed.
  async function offerBack(current) {
    const back = readBack();
    if (!back) return;
    // The same match (its first eight fields: preset, players, seed, dealer, scores, target, deck): back already, in
    // another tab, and maybe played on since; the copy aside is older, and taking it would lose those moves.
    if (sameMatch(back.state, current.state)) { settleBack(); return; }
    try {
      const view = await call('view', { state: back.state, seat: HUMAN });
      if (!view) return;   // the engine crashed: shown as such
      checkSeating(view);
    } catch (err) {
      if (!(err instanceof RulesError)) throw err;
      settleBack();   // unreadable now: it stays aside, as any other
      return;
    }
    notify({ key: 'kept', params: {}, back, played: back.played });
    render();
  }

  /** The saved match, as it was left (its deal's result still open if it was). */
  async function resumeSave(save) {
    const view = await call('view', { state: save.state, seat: HUMAN });
    if (!view) return;
    checkSeating(view);
    let summary = null;
    if (save.summaryDeal) {
      summary = await call('deal_summary', { state: save.state, deal: save.summaryDeal }).catch(() => null);
    }
    adopt(save.state, view, { summary });
  }

  // Part of a link as a notice may show it: at most *n* characters, no control character (a %00 put one there).
  // eslint-disable-next-line no-control-regex -- the control characters are what it replaces
  const printable = (text, n) => text.slice(0, n).replace(/[\u0000-\u001f\u007f]/g, '�');

  // A shared link opens in place of the match in progress; that match is kept (set aside in storage too) and the
  // notice offers the way back to it. Opening a link silently lost it.
  async function openFragment(fragment) {
    let text = fragment.replaceAll('_', ' ');
    const args = Object.fromEntries(new URLSearchParams(fragment));
    const previous = readSave();
    // The way back is offered only to a match that can be resumed: a damaged save offered it, then crashed.
    const keep = async (shared) => {
      // A second link while the first one's way back is offered, the player not having played the first: the way
      // back stays the player's own match (the shared one was only a link; storage keeps one match aside). Played,
      // the first shared match is the one in progress, kept as any other.
      const link = app.notices.find((x) => x.back && !x.played);
      if (link) { markShared(shared); return link.back; }
      // The same, the page reloaded since or the link opened in another tab (no notice here): the match in progress
      // is the last link, unplayed, so the match aside stays the player's own.
      const stored = readBack();
      if (stored && !stored.played && stored.shared && previous.status === 'ok'
        && sameMatch(previous.save.state, stored.shared)) {
        markShared(shared);
        return stored;
      }
      if (previous.status === 'bad') {   // unreadable: set aside and said, as without a link (it was overwritten)
        const kept = keepAside(previous.raw, `replaced by a shared link; ${previous.why}`);
        notify({ key: kept ? 'setAside' : 'setAsideLost', params: {} });
        return null;
      }
      if (previous.status !== 'ok' || previous.save.state === shared) return null;
      try {
        const view = await call('view', { state: previous.save.state, seat: HUMAN });
        if (!view) return null;   // the engine crashed: shown as such, not as an unreadable save
        checkSeating(view);
      } catch (err) {
        if (!(err instanceof RulesError)) throw err;
        const kept = keepAside(JSON.stringify(previous.save), `replaced by a shared link; unreadable: ${err.message}`);
        notify({ key: kept ? 'setAside' : 'setAsideLost', params: {} });
        return null;
      }
      keepAside(JSON.stringify(previous.save), 'replaced by a shared link', { back: true, shared });
      return previous.save;
    };
    try {
      const notation = /^G\d+ /.test(text);   // a match notation (G2; G1 from before the action count): older links
      if (!notation && 'seed' in args) {
        // Digits only: Number() read "" as 0, "0x10" as 16 and "1e3" as 1000, and opened those matches.
        const seed = /^\d{1,16}$/.test(args.seed) ? Number(args.seed) : NaN;
        if (!Number.isSafeInteger(seed)) throw new RulesError('bad_link', t('link.seed', { seed: printable(args.seed, 40) }));
        if (!await startNewMatch({ seed, rules: args.rules || app.rules, focus: false })) return false;
        const back = await keep(app.state);
        if (back) notify({ key: 'sharedMatch', params: {}, back });
        render();
        return true;
      }
      if (!notation) {   // anything else is a deal link's token (share_deal's), which the engine reads
        const opened = await call('open_link', { link: fragment });
        if (!opened) return false;
        text = opened.state;
      }
      const view = await call('view', { state: text, seat: HUMAN });
      if (!view) return false;
      checkSeating(view);
      const back = await keep(text);
      adopt(text, view);
      notify({ key: 'shared', params: {}, back });
      render();
      return true;
    } catch (err) {
      if (!(err instanceof RulesError)) throw err;
      notify({ key: 'badLink', params: { message: err.message } });
      return false;
    }
  }

  // -- actions --------------------------------------------------------------------------------------------------------

  async function humanAction(action, clickedView = app.view) {
    if (app.shownTrick) { skipPause(); return; }
    // A second click before the redraw (a double click) belongs to a frame that is already out of date.
    if (app.humanBusy || !app.state || clickedView !== app.view) return;
    if (app.view.toAct && app.view.toAct !== HUMAN) {
      // A key pressed while the bots play: said in the player's own words, with no rule to read ("It is Left's turn,
      // not Bottom's." and a rule link, from the engine: an audit). The view says whose turn it is.
      const text = t('status.notYet', { seat: seatName(app.view.toAct) });
      app.message = { text, kind: 'reason' };
      announce(text, { fresh: true });
      render();
      return;
    }
    if (trickWaiting()) app.trickStop = null;   // one trick at a time: leading the next one goes on
    app.humanBusy = true;
    const { state, token } = app;
    try {
      const res = await call('apply', { state, seat: HUMAN, action });
      if (!res || token !== app.token || state !== app.state) return;
      if (app.notices.some((x) => x.back && !x.played)) markPlayed();   // (a reload, another tab: storage says it too)
      for (const notice of app.notices) if (notice.back) notice.played = true;   // the shared match is now in play
      await applied(res, HUMAN);
    } catch (err) {
      if (cannotGoOn(err)) return;
      if (!(err instanceof RulesError)) throw err;
      // The engine refused: nothing changes but the message saying why.
      app.message = { text: err.message, kind: 'reason', code: err.code, rule: err.rule };
      announce(err.message, { fresh: true });
      render();
    } finally {
      app.humanBusy = false;
    }
    advance();
  }

  /** Take an apply() answer: new state, the human's view, announcements, the trick pause, the deal summary. */
  async function applied(res, seat) {
    const { token } = app;
    const view = seat === HUMAN ? res.view : await call('view', { state: res.state, seat: HUMAN });
    // Another match was adopted meanwhile (a link opened, "Back to my match", a new match while a bot moved): this
    // move belongs to the match left, and taking it put that match back over the new one (and in the save).
    if (!view || token !== app.token) return;
    const before = app.view;
    const ev = res.event;
    app.state = res.state;
    app.view = view;
    app.peek = false;
    app.message = null;
    app.hint = null;
    app.thinking = null;
    if (seat === HUMAN) app.showAllCalls = false;   // "Why?" unfolds the calls of one turn, not of every turn after
    if (before.phase === 'negotiation' && view.phase === 'play') {
      app.newCards = { cards: new Set(view.hand.filter((c) => !before.hand.includes(c))), at: performance.now() };
    } else if (view.phase !== 'play') app.newCards = null;   // kept through the play: a bot's card may come first
    if (ev.dealOver) app.summary = ev.dealOver;
    save();
    announce(describe(ev, view, before), { fresh: seat === HUMAN });
    if (ev.trickComplete) {
      app.shownTrick = { ...ev.trickComplete, last: Boolean(ev.dealOver) };
      // The deal's last trick: during its pause the table stays on the deal just played (its score, dealer and
      // tricks); the next deal comes after it, with the result.
      const ended = ev.dealOver ? endOfDeal(before, ev.trickComplete, ev.dealOver) : null;
      if (ended) app.view = ended;
      render();
      await pause(speed().trick);
      if (token !== app.token) return;   // another match adopted during the pause: its own table stands
      app.shownTrick = null;
      if (speed().trick) app.pauseEndedAt = performance.now();   // (no pause, no "Next trick" to tap twice)
      if (app.view === ended) app.view = view;   // (a language switch during the pause already fetched the new one)
    }
    render();
    showSummaryIfAny();
    markFirstHand();
  }

  /** The human's view of a deal whose last trick was just won: every card played, nobody to act; the card points
   *  and the trick's winner from the engine's answer (the view before the last card had the old ones: a review). */
  function endOfDeal(before, trick, summary) {
    return {
      ...before, toAct: null, legal: [], hand: [], cardPoints: summary.cardPoints,
      handCounts: Object.fromEntries(Object.keys(before.handCounts).map((seat) => [seat, 0])),
      trick: { ...before.trick, cards: trick.cards, winning: trick.winner }, tricks: [...before.tricks, trick],
    };
  }

  /** Bots move until it is the human's turn, a deal summary waits to be read, or the match is over. */
  async function advance() {
    if (app.looping) return;
    app.looping = true;
    try {
      for (;;) {
        const { state, view, token } = app;
        if (!view || app.summary || app.crash || app.destroyed || view.phase === 'match_over' || trickWaiting()) break;
        if (dom.dialog.open) break;   // a menu is open: the bots wait (its close calls advance again)
        const seat = view.toAct;
        // One trick at a time: the bots also cut and bid for the reader, who only plays the cards.
        const forHuman = scope === 'trick' && view.phase !== 'play';
        if (!seat || (view.players[seat] === 'human' && !forHuman)) break;
        app.thinking = seat;
        render();
        const level = forHuman ? app.settings.levels.Top : undefined;   // the partner plays the reader's part
        const [decision] = await Promise.all([
          call('bot_action', { state, seat, seed: 0, level }).catch((err) => { showCrash(err); return null; }),
          sleep(speed().bot),
        ]);
        if (!decision || dom.dialog.open) break;   // a menu opened while it thought: its move waits for the close
        if (token !== app.token || state !== app.state) continue;
        const res = await call('apply', { state, seat, action: decision.action })
          .catch((err) => { if (!cannotGoOn(err)) showCrash(err); return null; });
        if (!res) break;
        if (token !== app.token || state !== app.state) continue;
        await applied(res, seat);
      }
    } finally {
      app.looping = false;
      if (app.thinking) { app.thinking = null; render(); }
    }
  }

  /** Scope 'trick': a trick has just been finished and the reader has not asked for the next one yet. */
  function trickWaiting() {
    const view = app.view;
    if (scope !== 'trick' || !view || view.phase !== 'play') return false;
    if (app.trickStop?.deal !== view.dealNumber) app.trickStop = { deal: view.dealNumber, n: view.tricks.length + 1 };
    return view.tricks.length >= app.trickStop.n;
  }

  // -- the hint -------------------------------------------------------------------------------------------------------

  const givenHints = new Map();   // "lang state" -> the engine's answer, for this page's session

  /** The strongest bot's choice for the human's decision, with its one-line reason, in the engine's words. */
  async function askHint() {
    const { state, view } = app;
    if (!view || view.toAct !== HUMAN || app.hint?.state === state) return;
    app.message = { text: t('hint.thinking'), kind: 'info' };
    render();
    // No level: the engine's hint level for a person's seat, the one its review compares with (said once, there).
    // A position asked again (after an Undo) shows the hint it showed before: on a machine too slow for the expert's
    // work, its clock guard could answer otherwise, and two hints for one position teach nothing.
    const key = `${getLang()} ${state}`;
    const res = givenHints.get(key) ?? await call('bot_action', { state, seat: HUMAN, budgetMs: HINT_BUDGET_MS, seed: 0 })
      .catch((err) => { showCrash(err); return null; });
    if (!res || state !== app.state) return;
    givenHints.set(key, res);
    if (givenHints.size > 200) givenHints.delete(givenHints.keys().next().value);   // (a page left open for days)
    app.hint = { state, action: res.action, why: res.why };
    app.message = { kind: 'hint', text: t('hint.text', { action: actionLabel(res.action, view), why: res.why }) };
    announce(app.message.text, { fresh: true });
    render();
  }

  // -- take-back ------------------------------------------------------------------------------------------------------

  /** The player's last choice in this phase of the deal undone, and every move after it: their decision again (the
   *  engine's take_back says what may be taken back). */
  let tookBackAt = -Infinity;
  async function takeBack(clickedView) {
    const { state, view } = app;
    // A double click or tap: the second press came in the answer's frame, or just after it (the engine answers within
    // 60 ms, and the button stays in place), and took back a second move.
    if (app.humanBusy || !state || clickedView !== view || performance.now() - tookBackAt < 400) return;
    if (!view.canTakeBack) {
      app.message = { text: t('takeBack.none'), kind: 'reason' };
      announce(app.message.text, { fresh: true });
      render();
      return;
    }
    app.humanBusy = true;
    try {
      const res = await call('take_back', { state, seat: HUMAN });
      if (!res || state !== app.state) return;   // another match meanwhile: this one is gone
      adopt(res.state, res.view);
      tookBackAt = performance.now();
      const others = res.undone - 1;   // the bots' answers, and the player's own forced cards, after it
      const key = others === 0 ? 'live.takenBack' : others === 1 ? 'live.takenBack.one' : 'live.takenBack.many';
      announce(`${t(key, { action: res.taken.text, n: others })} ${t(`status.yourTurn.${res.view.phase}`)}`,
        { fresh: true });
    } catch (err) {
      if (!(err instanceof RulesError)) throw err;
      app.message = { text: err.message, kind: 'reason', code: err.code };   // (the view said there was one: a bug)
      announce(err.message, { fresh: true });
      render();
    } finally {
      app.humanBusy = false;
    }
  }

  function actionLabel(action, view) {
    if (view.phase === 'play') return cardName(action);
    return view.legal.find((a) => a.action === action)?.text ?? action;
  }

  function speed() {
    return SPEEDS[app.speedOverride ?? app.settings.speed] ?? SPEEDS.normal;
  }

  const sleep = (ms) => new Promise((resolve) => { setTimeout(keepLang(resolve), ms); });
  let skip = null;
  function pause(ms) {
    if (ms <= 0) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(keepLang(done), ms);
      function done() { clearTimeout(timer); skip = null; resolve(); }
      skip = done;
    });
  }
  function skipPause() { skip?.(); }

  // The page listens on the whole document (the focus may be on <body>); a widget only within itself.
  const keyTarget = standalone ? document : root;
  function onKey(event) {
    if (!skip || dom.dialog.open) return;
    const target = event.composedPath()[0];
    if ([' ', 'Enter', 'Escape'].includes(event.key) && !target.closest?.('button, input, select, a')) {
      event.preventDefault();
      skipPause();
    }
  }
  const onKeyHere = keepLang(onKey);
  keyTarget.addEventListener('keydown', onKeyHere);

  // -- the deal summary -----------------------------------------------------------------------------------------------

  // The player's choices in a finished deal against the expert bot's (asked from the deal's result), each asked as
  // the hint is (same level, budget and seed): the hint the player would have had. Asked one move at a time: the
  // engine answers one request at a time, and a whole deal's search (a second or more) would hold up "Next deal".
  async function askReview(deal) {
    const mine = ++reviewSeq;
    const stale = () => mine !== reviewSeq || app.review?.deal !== deal;   // asked again (a language), or closed
    app.review = { deal, done: 0 };
    refreshDialog();
    const { state } = app;       // every part of the same match (the game waits while the result is open)
    const moves = [];
    let chosen = 0, same = 0;   // the engine's counts, part by part
    for (let total = Infinity; moves.length < total;) {
      let part;
      try {
        part = await call('review', { state, seat: HUMAN, deal, budgetMs: HINT_BUDGET_MS, seed: 0,
          first: moves.length, count: 1 });
      } catch (err) {
        if (!(err instanceof RulesError)) throw err;
        if (stale()) return;
        announce(err.message);   // refused (not expected of a finished deal): the button comes back
        app.review = null;
        refreshDialog();
        return;
      }
      if (stale()) return;
      if (!part) {   // the engine failed (its notice is shown): the button comes back
        app.review = null;
        refreshDialog();
        return;
      }
      moves.push(...part.moves);
      chosen += part.chosen;
      same += part.same;
      total = part.total;
      app.review = { deal, done: moves.length, total };
      if (moves.length < total) refreshDialog();
    }
    app.review = { deal, moves, chosen, same };
    refreshDialog();
  }

  function showSummaryIfAny() {
    if (!app.summary || dialogRender) return;
    const render = () => renderSummary(app.summary, {
      me: HUMAN,
      review: app.review?.deal === app.summary?.dealNumber ? app.review : null,
      onReview: () => askReview(app.summary.dealNumber),
      winner: app.view.phase === 'match_over' ? app.view.winner : null,
      onContinue: () => closeDialog(),
      onNewMatch: () => { closeDialog(); startNewMatch(); },
      onScoreSheet: () => { openScoreSheet(); },
    });
    openDialog(render, {
      onClose: () => {
        app.summary = null;   // at the match's end the table keeps a "new match" button
        app.review = null;
        reviewSeq++;          // an answer still coming is for a dialog closed
        save();
        advance();
      },
    });
  }

  // -- live region ----------------------------------------------------------------------------------------------------

  let liveTimer = null;
  let liveQueue = [];
  // A log: each announcement is a new line, which a screen reader reads after the one before (a replaced text cut
  // the one before off when the moves came faster than speech: an audit); the last lines stay to be read again.
  // What is said within a tick of the first is said together (with no pauses the bots' moves come faster than the
  // tick), but a tick is never stretched: waiting for a quiet tick made one endless line of a fast machine's moves.
  // The player's own action and what answers it (a refusal, a hint, a take-back), and a new match, start a line of
  // their own (*fresh*).
  function announce(text, { fresh = false } = {}) {
    if (!text) return;
    if (fresh) flushLive();
    liveQueue.push(text);
    liveTimer ??= setTimeout(flushLive, 30);
  }
  function flushLive() {
    const text = liveQueue.join(' ');
    dropLive();
    if (!text) return;
    dom.live.append(h('p', text));
    while (dom.live.childElementCount > LIVE_LINES) dom.live.firstElementChild.remove();
  }
  function dropLive() {   // unsaid words dropped: a new language, a widget removed
    clearTimeout(liveTimer);
    liveTimer = null;
    liveQueue = [];
  }

  function describe(ev, view, before) {
    const parts = [];
    if (before.phase === 'cut') {
      parts.push(tSeat('live.cut', ev.seat, HUMAN, { k: ev.action.slice(1) }));
    } else if (before.phase === 'negotiation') {
      // The calls stay in the view during the play, so the newest one is this one, in the engine's words.
      parts.push(tSeat('live.call', ev.seat, HUMAN, { call: view.calls.at(-1)?.text ?? ev.action }));
    } else {
      parts.push(tSeat('live.card', ev.seat, HUMAN, { card: cardName(ev.action) }));
    }
    if (ev.trickComplete) {
      const { winner, points, bonus } = ev.trickComplete;
      parts.push(tSeat(bonus ? 'live.finalTrick' : 'live.trick', winner, HUMAN, { points, bonus }));
    }
    if (ev.contract) parts.push(t('live.contract', { contract: contractText(ev.contract) }));
    // The cards dealt, said once: a screen reader user would otherwise have to walk the hand to find them.
    const dealt = view.hand.filter((c) => !before.hand.includes(c));
    if (dealt.length && (before.phase === 'cut' || ev.contract)) {
      parts.push(t(before.phase === 'cut' ? 'live.hand' : 'live.newCards', { cards: dealt.map(cardName).join(', ') }));
    }
    if (ev.dealOver) parts.push(t('live.dealOver', { n: ev.dealOver.dealNumber }));
    if (ev.matchOver) parts.push(t('live.matchOver', { team: t(`team.${ev.matchOver.winner}`) }));
    if (!ev.matchOver && view.toAct === HUMAN && view.phase !== 'match_over') parts.push(t(`status.yourTurn.${view.phase}`));
    return parts.join(' ');
  }

  // -- settings -------------------------------------------------------------------------------------------------------

  // A widget takes its language from its host page: only the game page stores the player's language.
  function storeSettings() {
    const { lang, ...rest } = app.settings;
    writeSettings(standalone ? app.settings : { ...readSettings({}), ...rest });
  }

  async function changeLang(lang) {
    app.settings.lang = setLang(lang);
    // The last announcement was in the old language: a screen reader reviewing the page would read it so.
    dropLive();
    dom.live.textContent = '';
    if (standalone) {
      document.documentElement.lang = app.settings.lang;
      storeSettings();
      // An address with ?lang= (a link, a bookmark) follows, so a reload keeps the language just chosen.
      const url = new URL(location.href);
      if (url.searchParams.has('lang')) {
        url.searchParams.set('lang', app.settings.lang);
        history.replaceState(history.state, '', url);
      }
    }
    if (app.state) {
      // The engine's words (calls, reasons, arithmetic) in the new language.
      const { state } = app;
      const view = await call('view', { state, seat: HUMAN }).catch(() => null);
      if (view && state === app.state) app.view = view;
      if (app.summary) {
        const summary = await call('deal_summary', { state, deal: app.summary.dealNumber }).catch(() => null);
        if (summary && app.summary) app.summary = summary;
      }
      // A review on screen or on its way: its lines come from the engine, asked again in the new language.
      if (dialogRender && app.review && app.review.deal === app.summary?.dealNumber) askReview(app.review.deal);
      app.message = null;
    }
    render();
    refreshDialog();
  }

  async function changeLevel(seat, level) {
    app.settings.levels = { ...app.settings.levels, [seat]: level };
    storeSettings();
    const players = { ...app.settings.levels };
    // The engine rewrites the players of the running match; if a bot moved meanwhile, redo it on the new state.
    for (let attempt = 0; attempt < 5 && app.state; attempt++) {
      const { state } = app;
      const res = await call('set_players', { state, players })
        .catch((err) => { app.message = { text: err.message, kind: 'error' }; return null; });
      if (!res) break;
      const view = await call('view', { state: res.state, seat: HUMAN });
      if (state !== app.state) continue;
      app.state = res.state;
      if (view) app.view = view;
      save();
      break;
    }
    render();
  }

  function changeSpeed(value) {
    app.settings.speed = value;
    app.speedOverride = null;
    storeSettings();
    refreshDialog();
  }

  function changeCoach(on) {
    app.settings.coach = on;
    storeSettings();
    render();
  }

  // -- share ----------------------------------------------------------------------------------------------------------

  async function openShare() {
    const base = shareBase;
    const links = {};
    // The engine makes a new match that starts with this deal: same deck, dealer, cut, scores and target; its link
    // holds a token, not the notation, so the deck cannot be read off it at a glance (docs/web.md).
    const shared = await call('share_deal', { state: app.state }).catch(() => null);   // refused once the match is over
    if (shared) links.deal = `${base}#${shared.link}`;
    // The match from its first deal: its seed (field 4 of the notation) when the deck came from the seed (field 8).
    const fields = app.state.split(' ');
    if (fields.length >= 9 && fields[7] === '*') {   // 10 fields in G2, 9 in G1
      links.seed = `${base}#seed=${fields[3]}&rules=${encodeURIComponent(fields[1])}`;
    }
    openDialog(() => renderShare(app, links, {
      onCopy: async (url, button) => {
        try {
          await navigator.clipboard.writeText(url);
          button.textContent = t('share.copied');
        } catch {
          button.previousElementSibling?.select();
        }
      },
    }));
  }

  // -- start-up -------------------------------------------------------------------------------------------------------

  function markFirstHand() {
    const v = app.view;
    if (marks.dataset.firstHand || !v || v.toAct !== HUMAN || !v.legal.length) return;
    if (v.phase !== 'cut' && !v.hand.length) return;
    table.flush();
    performance.mark('gt:first-hand');
    marks.dataset.firstHand = String(Math.round(performance.now()));
  }

  async function boot() {
    render();
    // Started from the keyboard (a widget's Play): the focus waits on the loading line, in the widget, not on the body
    // (unless the reader has gone on already).
    if (opts.focus && focusIsFree(root)) {
      dom.loading.tabIndex = -1;
      dom.loading.focus({ preventScroll: true });
    }
    const here = langContext();   // every widget of the page awaits the same engine.ready
    // Queued in the worker while Pyodide loads, so it is answered the moment the engine is ready.
    // A failed start is shown once, below (engine.ready); any other failure of info is the engine's bug: shown, loud.
    const info = engine.call('info', {}).then((value) => { app.info = value; }).catch((err) => {
      if (err?.name !== 'EngineLoadError') showCrash(err);
    });
    try {
      // How the engine started ('snapshot' or 'full'), on the game page: for the tests and the start-up benchmark.
      const { boot: how } = await engine.ready;
      if (standalone) marks.dataset.engineBoot = how;
    } catch (err) {
      useLangContext(here);
      app.loadError = err;
      render();
      return;
    }
    await info;
    useLangContext(here);
    if (app.info) {
      const known = app.info.botLevels;
      const fallback = known.includes(DEFAULT_LEVEL) ? DEFAULT_LEVEL : known[0];
      for (const seat of BOTS) if (!known.includes(app.settings.levels[seat])) app.settings.levels[seat] = fallback;
    }
    try {
      await openInitialMatch();
    } catch (err) {
      showCrash(err);
    }
    table.flush();
    render();
    marks.dataset.ready = '1';
    if (missing.size) console.warn('missing translations:', [...missing]);
  }

  async function retry() {
    app.loadError = null;
    app.stage = 'pyodide';
    unfollow();
    engine = restartEngine();
    unfollow = engine.onProgress(keepLang(showStage));
    await boot();
  }

  boot();

  return {
    /** The host changed the language (the widget's lang attribute). */
    setLang: (lang) => changeLang(lang),
    /** Stop the bots, forget the match, empty root; the shared engine stays (the widget releases it). */
    destroy() {
      app.destroyed = true;
      app.token += 1;
      keyTarget.removeEventListener('keydown', onKeyHere);
      removeEventListener('hashchange', onHashHere);
      unfollow();
      dropLive();
      skipPause();
      dialogRender = null;
      table.destroy();
      root.replaceChildren();
    },
  };
}
