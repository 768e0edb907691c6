// The page: holds the match as the engine's notation string, asks the engine for everything, draws the result.
// action -> engine.apply -> save -> table.set(view). Bots: engine.bot_action -> engine.apply, paced by the speed.

import { engine as bootEngine, onProgress as onBootProgress } from './boot.js';
import { RulesError, createEngine } from './engine.js';
import { h } from './dom.js';
import { cardName, getLang, missing, preferredLang, seatName, setLang, t } from './i18n.js';
import { readSave, readSettings, setAside, writeSave, writeSettings } from './save.js';
import { mountTable } from './table.js';
import { renderBar, renderLoading, renderNewMatch, renderNotices, renderSettings, renderShare } from './view/chrome.js';
import { contractText } from './view/negotiation.js';
import { renderScoreSheet, renderSummary, renderTrickHistory } from './view/summary.js';

const HUMAN = 'Bottom';
const BOTS = ['Left', 'Top', 'Right'];
// Pauses in ms: before a bot's move, and with a finished trick on the table (skippable).
const SPEEDS = {
  slow: { bot: 1100, trick: 2200 },
  normal: { bot: 600, trick: 1400 },
  fast: { bot: 250, trick: 700 },
  instant: { bot: 0, trick: 0 },
};
const params = new URLSearchParams(location.search);
const SPEED_ALIASES = { 0: 'instant', 1: 'fast', 2: 'normal', 3: 'slow' };

// boot.js started the engine before this module graph loaded; a retry replaces it (startEngine).
let engine = bootEngine;

const app = {
  stage: 'pyodide',     // loading stage reported by the engine
  loadError: null,      // EngineLoadError
  crash: null,          // text of an engine bug (EngineCrash)
  info: null,           // engine info(): presets, bot levels
  state: null,          // THE match: the engine's notation string
  view: null,           // the engine's view of it for the human seat
  rules: 'giretra.com',
  settings: readSettings({ lang: preferredLang(), level: 'advanced', speed: 'normal' }),
  speedOverride: null,  // ?speed=... (tests, demos): not saved
  shownTrick: null,
  peek: false,
  message: null,
  thinking: null,
  newCards: null,
  showBids: false,      // the bids unfolded during the play
  summary: null,        // the deal summary on display, or null
  notices: [],
  token: 0,             // bumped when the match is replaced: stale answers and bot loops stop
  looping: false,
  humanBusy: false,
};
{
  const speed = params.get('speed');
  if (speed !== null) app.speedOverride = SPEED_ALIASES[speed] ?? (speed in SPEEDS ? speed : null);
  if (params.get('lang')) app.settings.lang = params.get('lang');
}
setLang(app.settings.lang);
app.settings.lang = getLang();

// -- DOM skeleton ---------------------------------------------------------------------------------------------------

const dom = {
  bar: document.getElementById('gt-bar-host'),
  notices: document.getElementById('gt-notices'),
  loading: document.getElementById('gt-loading-host'),
  table: document.getElementById('gt-table-host'),
  live: document.getElementById('gt-live'),
  dialog: document.getElementById('gt-dialog'),
};
const table = mountTable(dom.table, {
  onAction: (action, view) => humanAction(action, view),
  onSkip: () => skipPause(),
  onPeek: () => { app.peek = !app.peek; render(); },
  onNewMatch: () => startNewMatch(),
  onToggleBids: (open) => { app.showBids = open; render(); },
});
let dialogRender = null;   // () => Node: the open dialog's content, re-rendered on language change

function render() {
  document.title = t('app.title');
  dom.bar.replaceChildren(renderBar(app, {
    onNewMatch: () => openDialog(() => renderNewMatch(app, { onStart: startNewMatch, onCancel: closeDialog })),
    onScoreSheet: openScoreSheet,
    onTricks: () => openDialog(() => renderTrickHistory(app.view)),
    onShare: openShare,
    onSettings: () => openDialog(() => renderSettings(app, { onLang: changeLang, onLevel: changeLevel, onSpeed: changeSpeed })),
  }));
  dom.notices.replaceChildren(...renderNotices(app, { onDismiss: (n) => { app.notices = app.notices.filter((x) => x !== n); render(); } }));
  const loading = !app.view;
  dom.loading.hidden = !loading;
  dom.table.hidden = loading;
  if (loading) dom.loading.replaceChildren(renderLoading(app, { onRetry: retry }));
  else table.set(tableModel());
}

function tableModel() {
  return {
    view: app.view, shownTrick: app.shownTrick, peek: app.peek, message: app.message,
    thinking: app.thinking, newCards: app.newCards, showBids: app.showBids,
  };
}

// -- dialogs --------------------------------------------------------------------------------------------------------

function openDialog(renderContent, { onClose } = {}) {
  dialogRender = renderContent;
  dom.dialog.onclose = () => {
    dialogRender = null;
    dom.dialog.replaceChildren();
    if (onClose) onClose();
    else showSummaryIfAny();   // a summary that arrived while another dialog was open
  };
  refreshDialog();
  if (!dom.dialog.open) dom.dialog.showModal();
}

function refreshDialog() {
  if (!dialogRender) return;
  dom.dialog.replaceChildren(
    h('div.gt-dialog__body', dialogRender()),
    h('button.gt-btn.gt-btn--quiet.gt-dialog__close', {
      type: 'button', dataset: { action: 'close-dialog' }, attrs: { 'aria-label': t('dialog.close') },
      on: { click: () => closeDialog() },
    }, '×'),
  );
  dom.dialog.querySelector('[autofocus]')?.focus();
}

function closeDialog() {
  if (dom.dialog.open) dom.dialog.close();
}

async function openScoreSheet() {
  const sheet = await call('score_sheet', { state: app.state });
  if (sheet) openDialog(() => renderScoreSheet(sheet));
}

// -- engine ---------------------------------------------------------------------------------------------------------

function showStage(stage) {
  if (stage === 'ready') return;
  app.stage = stage;
  if (!app.view) render();
}
onBootProgress(showStage);

function startEngine() {
  return createEngine({ onProgress: showStage });
}

/** engine.call with the page's language; engine bugs become a visible crash notice (null result). */
async function call(name, args) {
  try {
    return await engine.call(name, { ...args, lang: getLang() });
  } catch (err) {
    if (err instanceof RulesError) throw err;
    showCrash(err);
    return null;
  }
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
  writeSave({ state: app.state, summaryDeal: app.summary ? app.summary.dealNumber : null });
}

function adopt(state, view, { summary = null } = {}) {
  app.token += 1;
  app.state = state;
  app.view = view;
  app.rules = view.rules;
  app.shownTrick = null;
  app.peek = false;
  app.message = null;
  app.thinking = null;
  app.newCards = null;
  app.summary = summary;
  save();
  render();
  showSummaryIfAny();
  markFirstHand();
  advance();
}

function botPlayers(level = app.settings.level) {
  return { [HUMAN]: 'human', ...Object.fromEntries(BOTS.map((s) => [s, level])) };
}

async function startNewMatch({ seed = null, rules = app.rules } = {}) {
  closeDialog();
  const args = { rules, players: botPlayers() };
  if (seed !== null && Number.isFinite(seed)) args.seed = seed;
  try {
    const res = await call('new_match', args);
    if (!res) return;
    app.rules = rules;
    adopt(res.state, res.view);
    announce(t('live.newMatch'));
  } catch (err) {
    if (!(err instanceof RulesError)) throw err;
    app.notices.push({ key: 'badMatch', params: { message: err.message } });
    render();
  }
}

/** First load: a shared link, else the saved match, else a new match. */
async function openInitialMatch() {
  const fragment = decodeURIComponent(location.hash.slice(1));
  if (fragment) {
    history.replaceState(null, '', location.pathname + location.search);   // a reload resumes the save
    if (await openFragment(fragment)) return;
  }
  const saved = readSave();
  if (saved.status === 'ok') {
    try {
      const view = await call('view', { state: saved.save.state, seat: HUMAN });
      if (!view) return;
      let summary = null;
      if (saved.save.summaryDeal) {
        summary = await call('deal_summary', { state: saved.save.state, deal: saved.save.summaryDeal }).catch(() => null);
      }
      adopt(saved.save.state, view, { summary });
      return;
    } catch (err) {
      if (!(err instanceof RulesError)) throw err;
      setAside(JSON.stringify(saved.save), err.message);
      app.notices.push({ key: 'setAside', params: {} });
    }
  } else if (saved.status === 'bad') {
    setAside(saved.raw, saved.why);
    app.notices.push({ key: 'setAside', params: {} });
  }
  await startNewMatch();
}

async function openFragment(fragment) {
  const text = fragment.replaceAll('_', ' ');
  try {
    if (text.startsWith('G1 ')) {
      const view = await call('view', { state: text, seat: HUMAN });
      if (!view) return false;
      const previous = readSave();
      if (previous.status === 'ok' && previous.save.state !== text) setAside(JSON.stringify(previous.save), 'replaced by a shared link');
      adopt(text, view);
      app.notices.push({ key: 'shared', params: {} });
      render();
      return true;
    }
    const args = Object.fromEntries(new URLSearchParams(fragment));
    if ('seed' in args) {
      const seed = Number(args.seed);
      if (!Number.isInteger(seed)) throw new RulesError('bad_link', args.seed);
      await startNewMatch({ seed, rules: args.rules || app.rules });
      return Boolean(app.view);
    }
  } catch (err) {
    if (!(err instanceof RulesError)) throw err;
    app.notices.push({ key: 'badLink', params: { message: err.message } });
    return false;
  }
  app.notices.push({ key: 'badLink', params: { message: fragment.slice(0, 80) } });
  return false;
}

// -- actions --------------------------------------------------------------------------------------------------------

async function humanAction(action, clickedView = app.view) {
  if (app.shownTrick) { skipPause(); return; }
  // A second click before the redraw (a double click) belongs to a frame that is already out of date.
  if (app.humanBusy || !app.state || clickedView !== app.view) return;
  app.humanBusy = true;
  const { state, token } = app;
  try {
    const res = await call('apply', { state, seat: HUMAN, action });
    if (!res || token !== app.token || state !== app.state) return;
    await applied(res, HUMAN);
  } catch (err) {
    if (!(err instanceof RulesError)) throw err;
    // The engine refused: nothing changes but the message saying why.
    app.message = { text: err.message, kind: 'reason', code: err.code };
    announce(err.message);
    render();
  } finally {
    app.humanBusy = false;
  }
  advance();
}

/** Take an apply() answer: new state, the human's view, announcements, the trick pause, the deal summary. */
async function applied(res, seat) {
  const view = seat === HUMAN ? res.view : await call('view', { state: res.state, seat: HUMAN });
  if (!view) return;
  const before = app.view;
  const ev = res.event;
  app.state = res.state;
  app.view = view;
  app.peek = false;
  app.message = null;
  app.thinking = null;
  app.newCards = before.phase === 'negotiation' && view.phase === 'play'
    ? new Set(view.hand.filter((c) => !before.hand.includes(c))) : null;
  if (ev.dealOver) app.summary = ev.dealOver;
  save();
  announce(describe(ev, view, before));
  if (ev.trickComplete) {
    app.shownTrick = ev.trickComplete;
    render();
    await pause(speed().trick);
    app.shownTrick = null;
  }
  render();
  showSummaryIfAny();
  markFirstHand();
}

/** Bots move until it is the human's turn, a deal summary waits to be read, or the match is over. */
async function advance() {
  if (app.looping) return;
  app.looping = true;
  try {
    for (;;) {
      const { state, view, token } = app;
      if (!view || app.summary || app.crash || view.phase === 'match_over') break;
      const seat = view.toAct;
      if (!seat || view.players[seat] === 'human') break;
      app.thinking = seat;
      render();
      const [decision] = await Promise.all([
        call('bot_action', { state, seat, seed: 0 }).catch((err) => { showCrash(err); return null; }),
        sleep(speed().bot),
      ]);
      if (!decision) break;
      if (token !== app.token || state !== app.state) continue;
      const res = await call('apply', { state, seat, action: decision.action }).catch((err) => { showCrash(err); return null; });
      if (!res) break;
      if (token !== app.token || state !== app.state) continue;
      await applied(res, seat);
    }
  } finally {
    app.looping = false;
    if (app.thinking) { app.thinking = null; render(); }
  }
}

function speed() {
  return SPEEDS[app.speedOverride ?? app.settings.speed] ?? SPEEDS.normal;
}

const sleep = (ms) => new Promise((resolve) => { setTimeout(resolve, ms); });
let skip = null;
function pause(ms) {
  if (ms <= 0) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() { clearTimeout(timer); skip = null; resolve(); }
    skip = done;
  });
}
function skipPause() { skip?.(); }

document.addEventListener('keydown', (event) => {
  if (!skip || dom.dialog.open) return;
  if ([' ', 'Enter', 'Escape'].includes(event.key) && !event.target.closest?.('button, input, select, a')) {
    event.preventDefault();
    skipPause();
  }
});

// -- the deal summary -----------------------------------------------------------------------------------------------

function showSummaryIfAny() {
  if (!app.summary || dialogRender) return;
  const render = () => renderSummary(app.summary, {
    winner: app.view.phase === 'match_over' ? app.view.winner : null,
    onContinue: () => closeDialog(),
    onNewMatch: () => { closeDialog(); startNewMatch(); },
    onScoreSheet: () => { openScoreSheet(); },
  });
  openDialog(render, {
    onClose: () => {
      app.summary = null;   // at the match's end the table keeps a "new match" button
      save();
      advance();
    },
  });
}

// -- live region ----------------------------------------------------------------------------------------------------

let liveTimer = null;
function announce(text) {
  if (!text) return;
  clearTimeout(liveTimer);
  dom.live.textContent = '';
  // A fresh text node after a tick, so that the same words twice are read twice.
  liveTimer = setTimeout(() => { dom.live.textContent = text; }, 30);
}

function describe(ev, view, before) {
  const seat = seatName(ev.seat);
  const parts = [];
  if (before.phase === 'cut') {
    parts.push(t('live.cut', { seat, k: ev.action.slice(1) }));
  } else if (before.phase === 'negotiation') {
    // The calls stay in the view during the play, so the newest one is this one, in the engine's words.
    parts.push(t('live.call', { seat, call: view.calls.at(-1)?.text ?? ev.action }));
  } else {
    parts.push(t('live.card', { seat, card: cardName(ev.action) }));
  }
  if (ev.trickComplete) {
    parts.push(t('live.trick', { seat: seatName(ev.trickComplete.winner), points: ev.trickComplete.points }));
  }
  if (ev.contract) parts.push(t('live.contract', { contract: contractText(ev.contract) }));
  if (ev.dealOver) parts.push(t('live.dealOver', { n: ev.dealOver.dealNumber }));
  if (ev.matchOver) parts.push(t('live.matchOver', { team: t(`team.${ev.matchOver.winner}`) }));
  if (!ev.matchOver && view.toAct === HUMAN && view.phase !== 'match_over') parts.push(t(`status.yourTurn.${view.phase}`));
  return parts.join(' ');
}

// -- settings -------------------------------------------------------------------------------------------------------

async function changeLang(lang) {
  app.settings.lang = setLang(lang);
  writeSettings(app.settings);
  if (app.state) {
    // The engine's words (calls, reasons, arithmetic) in the new language.
    const { state } = app;
    const view = await call('view', { state, seat: HUMAN }).catch(() => null);
    if (view && state === app.state) app.view = view;
    if (app.summary) {
      const summary = await call('deal_summary', { state, deal: app.summary.dealNumber }).catch(() => null);
      if (summary && app.summary) app.summary = summary;
    }
    app.message = null;
  }
  render();
  refreshDialog();
}

async function changeLevel(level) {
  app.settings.level = level;
  writeSettings(app.settings);
  const players = Object.fromEntries(BOTS.map((s) => [s, level]));
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
  writeSettings(app.settings);
  refreshDialog();
}

// -- share ----------------------------------------------------------------------------------------------------------

async function openShare() {
  const base = location.origin + location.pathname;
  const links = {};
  // The engine makes a new match that starts with this deal: same deck, dealer, cut, scores and target.
  const shared = await call('share_deal', { state: app.state }).catch(() => null);   // refused once the match is over
  if (shared) links.deal = `${base}#${shared.state.replaceAll(' ', '_')}`;
  // The match from its first deal: its seed (field 4 of the notation) when the deck came from the seed.
  const fields = app.state.split(' ');
  if (fields.length === 9 && fields[7] === '*') {
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
  if (document.body.dataset.firstHand || !v || v.toAct !== HUMAN || !v.legal.length) return;
  if (v.phase !== 'cut' && !v.hand.length) return;
  table.flush();
  performance.mark('gt:first-hand');
  document.body.dataset.firstHand = String(Math.round(performance.now()));
}

async function boot() {
  render();
  // Queued in the worker while Pyodide loads, so it is answered the moment the engine is ready.
  const info = engine.call('info', {}).then((value) => { app.info = value; }).catch(() => {});
  try {
    await engine.ready;
  } catch (err) {
    app.loadError = err;
    render();
    return;
  }
  await info;
  if (app.info && !app.info.botLevels.includes(app.settings.level)) app.settings.level = app.info.botLevels[0];
  try {
    await openInitialMatch();
  } catch (err) {
    showCrash(err);
  }
  table.flush();
  render();
  document.body.dataset.ready = '1';
  if (missing.size) console.warn('missing translations:', [...missing]);
}

async function retry() {
  engine.destroy();
  app.loadError = null;
  app.stage = 'pyodide';
  engine = startEngine();
  await boot();
}

boot();
