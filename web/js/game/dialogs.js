// The game's dialogs, one <dialog> for all: new match, score sheet, an earlier deal's result, the deal just played,
// the tricks, share, settings. Each is drawn by a function of the controller's state, drawn again when the language
// changes or a review progresses, with the keyboard's focus kept on the twin of its control.

import { h, replaceKeepingFocus } from '../dom.js';
import { renderNewMatch, renderShare } from '../view/chrome.js';
import { renderStats } from '../view/stats.js';
import { renderWelcome } from '../view/welcome.js';
import { markWelcomeSeen } from '../save.js';
import { renderScoreSheet, renderSummary, renderTrickHistory } from '../view/summary.js';
import { playDealAgain } from '../replay/again.js';
import { shareLinks } from './links.js';
import { loadStats, resetStats } from './stats.js';
import { HUMAN } from './settings.js';

/** *marks*: the element that says a dialog is open (data-dialog), for its host page: the rules page hides its
 *  floating button then (it stayed bright over the dimmed page: an audit). */
export function createDialogs({ dom, root, table, game, shareBase, marks, rulesHref }) {
  let content = null;   // (t) => Node: the open dialog's content, drawn again on a language change
  let drawn = null;     // the content last drawn: drawn again, its body keeps its scroll
  let confirmingReset = false;   // "Reset the statistics?" asked, not answered yet

  function statsSection(t) {
    return renderStats(t, loadStats(game()), {
      confirming: confirmingReset,
      onReset: () => { confirmingReset = true; refresh(); dom.dialog.querySelector('[data-action="reset-stats-cancel"]')?.focus(); },
      onConfirm: () => { resetStats(game()); confirmingReset = false; refresh(); },
      onCancel: () => { confirmingReset = false; refresh(); dom.dialog.querySelector('[data-action="reset-stats"]')?.focus(); },
    });
  }

  function open(draw, { onClose } = {}) {
    content = draw;
    // The bar's button that opened it ("open-settings"): redrawn meanwhile (the language changed), the browser cannot
    // give the focus back to it, and it went to the game instead (an accessibility audit); its twin takes it.
    const opener = (dom.table.getRootNode().activeElement ?? document.activeElement)?.dataset?.action;
    const scrolled = scrollY;   // given back with the focus to a twin (focus() scrolled to the bar)
    dom.dialog.onclose = () => {
      content = null;
      drawn = null;
      marks.removeAttribute('data-dialog');
      dom.dialog.replaceChildren();
      // The dialog gives the focus back to where it was; if that is gone (the deal's last card), or was the table
      // itself (where it waits while the player has nothing to do), to the game: the player's action if there is one.
      const active = dom.table.getRootNode().activeElement;
      const lost = !active || active === document.body;
      const twin = lost && opener?.startsWith('open-') ? root.querySelector(`[data-action="${opener}"]`) : null;
      if (twin) {
        twin.focus({ preventScroll: true });
        scrollTo({ top: scrolled, behavior: 'instant' });
        table.reveal();
      } else if (lost || active === dom.table) table.focus();
      else table.reveal();
      if (onClose) onClose();
      else game().showSummaryIfAny();   // a summary that arrived while another dialog was open
      game().advance();   // the bots wait while a dialog is open (a screen reader hears nothing outside a modal)
    };
    refresh();
    if (!dom.dialog.open) dom.dialog.showModal();
    marks.setAttribute('data-dialog', '');
  }

  function refresh() {
    if (!content) return;
    const kept = drawDialog(dom.dialog, game().t, content, close, drawn === content);
    drawn = content;
    if (!kept) (dom.dialog.querySelector('[autofocus]') ?? dom.dialog.querySelector('.gt-dialog__close'))?.focus();
  }

  function close() {
    if (dom.dialog.open) dom.dialog.close();
  }

  async function openScoreSheet(focusDeal = null) {
    const g = game();
    const [sheet, duplicate] = await Promise.all([g.call('score_sheet', { state: g.state }), sheetLineOf(g)]);
    if (!sheet) return;
    confirmingReset = false;
    // The match over, the sheet is its end screen: Play again (the last deal's result, behind it, is closed first:
    // closing the sheet goes back to it) and the statistics (the game page's).
    open((t) => renderScoreSheet(t, sheet, HUMAN, {
      onDeal: openDealResult, lessonsHref: g.standalone && rulesHref ? t.rulesUrl(rulesHref, 'overview') : null,
      onPlayAgain: () => { if (g.summary) g.summaryClosed(); close(); g.startNewMatch(); },
      stats: g.standalone ? statsSection(t) : null, duplicate: duplicate?.(t),
    }));
    // Back from a deal's result: the keyboard is where it was, on that deal's number.
    if (focusDeal) dom.dialog.querySelector(`[data-focus="deal:${focusDeal}"]`)?.focus();
  }

  // An earlier deal's result, from the score sheet: the engine's arithmetic, the hands as dealt and the review, as
  // after the deal; "Back" returns to the sheet. (The result of the deal just played stays the controller's summary.)
  async function openDealResult(deal) {
    const g = game();
    const summary = await g.call('deal_summary', { state: g.state, deal });
    if (!summary) return;
    open((t) => renderSummary(t, summary, {
      me: HUMAN,
      review: g.review?.deal === deal ? g.review : null,
      onReview: () => g.askReview(deal),
      onReplay: () => replayLater({ dom, game, open, refresh, close, shareBase }, deal, () => openDealResult(deal)),
      onAgain: () => { if (g.summary) g.summaryClosed(); close(); playDealAgain(g, deal); },
      onBack: () => { g.leaveReview(deal); openScoreSheet(deal); }, ...duplicateOf(t, g, deal),
    }), { onClose: () => { g.leaveReview(deal); g.showSummaryIfAny(); } });
    duplicateGoesOn(g, deal);
    dom.dialog.querySelector('[autofocus]')?.focus();   // its number, focused, was drawn away
  }

  function openSummary() {
    const g = game();
    open((t) => renderSummary(t, g.summary, {
      me: HUMAN,
      review: g.review?.deal === g.summary?.dealNumber ? g.review : null,
      onReview: () => g.askReview(g.summary.dealNumber),
      onReplay: () => replayLater({ dom, game, open, refresh, close, shareBase }, g.summary.dealNumber, openSummary),
      onAgain: () => { const deal = g.summary.dealNumber; close(); playDealAgain(g, deal); },
      winner: g.view.phase === 'match_over' ? g.view.winner : null,
      onContinue: () => close(),
      onNewMatch: () => { close(); g.startNewMatch(); },
      onScoreSheet: () => { openScoreSheet(); }, ...duplicateOf(t, g, g.summary.dealNumber),
    }), { onClose: () => g.summaryClosed() });
    duplicateGoesOn(g, g.summary.dealNumber);
  }

  async function openShare() {
    const links = await shareLinks(game(), shareBase);
    open((t) => renderShare(t, game(), links, {
      onCopy: async (url, button) => {
        try {
          await navigator.clipboard.writeText(url);
          button.textContent = game().t('share.copied');
        } catch {
          button.previousElementSibling?.select();
        }
      },
    }));
  }

  return {
    open, refresh, close, openScoreSheet, openSummary, openShare,
    shown: () => content !== null,
    forget: () => { content = null; },
    openNewMatch: () => open((t) => renderNewMatch(t, game(), {
      onStart: (args) => game().startNewMatch(args), onCancel: close, onDaily: dailyOf({ game, open, refresh, close }) })),
    openTricks: () => open((t) => renderTrickHistory(t, game().view)),
    // The first visit: the bots wait until it is closed (Play, Escape, ×), which is remembered.
    openWelcome: () => open((t) => renderWelcome(t, { target: game().view?.target ?? 150, rulesHref, onClose: close }), {
      onClose: () => { markWelcomeSeen(); game().showSummaryIfAny(); },
    }),
    // (its module loaded when first opened: not part of a first visit's bytes)
    openSettings: () => import('./settingsdialog.js').then(({ renderSettingsDialog }) => {
      confirmingReset = false;
      open((t) => renderSettingsDialog(t, game(), game().standalone ? statsSection(t) : null));
    }, (err) => game().showCrash(err)),
  };
}

/** The replay's modules are loaded when a player first opens one (about 6 KB a first visit need not fetch). */
function replayLater(dialogs, deal, back) {
  import('../replay/dialog.js').then(({ openReplay }) => openReplay(dialogs, deal, back),
    (err) => dialogs.game().showCrash(err));
}

let duplicates = null;   // duplicate/index.js, once loaded

// "You vs the expert": its module loaded when first asked; the result drawn again as it comes.
function duplicateOf(t, g, deal) {
  const mine = g.duplicate?.deal === deal && duplicates ? duplicates.renderDuplicate(t, g.duplicate, g.duplicates) : null;
  const failed = g.duplicateFailed?.deal === deal ? g.duplicateFailed.text : null;
  return { duplicate: mine, duplicateFailed: failed, onDuplicate: () => askDuplicate(g, deal) };
}

/** The score sheet's "you vs the expert" line (a function of the words), once deals of this match were compared. */
async function sheetLineOf(g) {
  const compared = duplicates ? await duplicates.comparedDeals(g, g.state) : null;
  return compared ? (t) => duplicates.renderSheetLine(t, compared) : null;
}

/** The duplicate asked after each deal (the settings' option), or one stopped when its result was closed. */
function duplicateGoesOn(g, deal) {
  if (g.settings.duplicate || (g.duplicate?.deal === deal && !g.duplicate.done)) askDuplicate(g, deal);
}

function askDuplicate(g, deal) {
  import('../duplicate/index.js').then((module) => { duplicates = module; return module.askDuplicate(g, deal); })
    .catch((err) => g.showCrash(err));
}

/** The deal of the day and the puzzles (daily/index.js), loaded when first opened: the game page's only. */
function dailyOf(dialogs) {
  if (!dialogs.game().standalone) return null;
  return () => import('../daily/index.js').then(({ openDaily }) => openDaily(dialogs),
    (err) => dialogs.game().showCrash(err));
}

/** The one <dialog> drawn: *content*(t) and its close button. Drawn again when the language changes, the focus stays
 *  on the twin of its control (the language select); the same dialog drawn again (*same*: the replay's analysis, a
 *  review progressing, every second or so) keeps its scroll: a phone's reader of the values below the fold was sent
 *  back to the title at each answer. True if the focus was inside it (kept on a twin). */
function drawDialog(dialog, t, content, close, same) {
  const scrolled = same ? dialog.querySelector('.gt-dialog__body')?.scrollTop ?? 0 : 0;
  const kept = replaceKeepingFocus(dialog,
    h('div.gt-dialog__body', content(t)),
    h('button.gt-btn.gt-btn--quiet.gt-dialog__close', {
      type: 'button', dataset: { action: 'close-dialog' }, attrs: { 'aria-label': t('dialog.close') },
      on: { click: () => close() },
    }, '×'),
  );
  // Named by its title, and a deal's result described by the engine's arithmetic, for a screen reader.
  for (const [attr, selector, id] of [['aria-labelledby', '.gt-dialog__title', 'gt-dialog-title'],
    ['aria-describedby', '.gt-summary__lines', 'gt-dialog-lines']]) {
    const target = dialog.querySelector(selector);
    if (target) target.id = id;
    if (target) dialog.setAttribute(attr, id); else dialog.removeAttribute(attr);
  }
  if (scrolled) dialog.querySelector('.gt-dialog__body').scrollTop = scrolled;
  return kept;
}
