// A Giretra table's state and actions, with no DOM: the match (the engine's notation string) and its view for the
// player, the bots' loop and its pauses, the player's actions, the hint and the take-back, the deal's result.
// action -> engine.apply -> (save) -> ui.render(). Bots: engine.bot_action -> engine.apply, paced by the speed.
//
// What it cannot do without a page goes through three small ports, which the wiring (index.js) gives it and a test
// fakes: `ui` (draw, say, dialogs, focus), `store` (save.js: localStorage) and `clock` (timers, now).

import { languageSwitch, translator } from '../i18n.js';
import { errorKind } from '../session.js';
import { askHint, botMove, playForcedCard, takeBack } from './aids.js';
import { describe } from './describe.js';
import { askReview } from './review.js';
import { countMatch } from './stats.js';
import { BOTS, DEFAULT_LEVEL, HUMAN, SPEED_ALIASES, SPEEDS, storedSettings, withHandOrder } from './settings.js';

export const DEFAULT_RULES = 'giretra.com';   // the published rules (RULES.md)
// A notice replaces an older one of its kind (two links opened one after the other: one way back, to the player's
// own match); at most three are shown: five pushed the table off a phone's screen.
const KIND = { shared: 'link', sharedMatch: 'link', kept: 'link', again: 'link', daily: 'link' };   // (kept: after a reload)
// The notices of a failure that a new match puts right: once one has started they are stale (an audit saw "The match
// could not start" stay above the new match). (badRules stays: it says which rules the new match follows.)
const FIXED_BY_NEW_MATCH = new Set(['badMatch', 'badLink', 'tooLong']);

const realClock = {
  now: () => performance.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (id) => clearTimeout(id),
};

export class Game {
  constructor({ session, ui, store, clock = realClock, scope = 'match', standalone = false, lang = 'en',
    rules = null, speed = null, labSeat = null }) {
    Object.assign(this, { session, ui, store, clock, scope, standalone, labSeat });   // labSeat: game/labseat.js
    this.t = translator(lang);
    this.stage = 'pyodide';     // loading stage reported by the engine
    this.loadError = null;      // EngineLoadError
    this.review = null;         // the player's choices in a finished deal against the expert's: {deal, moves?, same?}
    this.reviewSeq = 0;         // each review asked takes a number; an answer for an older one is dropped
    this.crash = null;          // text of an engine bug (EngineCrash)
    this.info = null;           // engine info(): presets, bot levels
    this.state = null;          // THE match: the engine's notation string
    this.view = null;           // the engine's view of it for the human seat
    // While the engine boots, the table of the match saved, as the engine last drew it (the game page: save.js);
    // drawn inert, never played from, dropped when the engine's own view comes (adopt) or the boot fails.
    this.preview = standalone ? store.readTableView?.(this.t.lang) ?? null : null;
    this.rules = rules || DEFAULT_RULES;
    this.settings = storedSettings(store);
    this.settings.lang = this.t.lang;
    this.speedOverride = speed ? (SPEED_ALIASES[speed] ?? (speed in SPEEDS ? speed : null)) : null;
    this.embedded = !standalone;
    this.shownTrick = null;
    this.peek = false;
    this.pauseEndedAt = -Infinity;   // when the last pause after a trick ended (clock.now())
    this.message = null;
    this.hint = null;           // {action, why}: the expert's choice for the human's current decision
    this.givenHints = new Map();   // "lang state" -> the engine's answer, for this page's session
    this.thinking = null;
    this.newCards = null;
    this.cue = null;            // the last move, {seat, action}: what the table's motion shows (a new object each move)
    this.showBids = false;      // the bids unfolded during the play
    this.showAllCalls = false;  // a narrow table: the kinds of call none of which is possible unfolded (Why?)
    this.summary = null;        // the deal summary on display, or null
    this.notices = [];
    this.token = 0;             // bumped when the match is replaced: stale answers and bot loops stop
    Object.assign(this, { looping: false, humanBusy: false, tookBackAt: -Infinity });
    this.trickStop = null;      // scope 'trick': {deal, n}: the bots stop and wait once n tricks of that deal are done
    this.skip = null;           // ends the pause under way (a key, a tap on the trick)
    this.switchLang = languageSwitch();   // of two language switches in a row, the last one asked wins
    this.destroyed = false;
  }

  // -- the engine -----------------------------------------------------------------------------------------------------

  /** An engine call in the game's language; engine bugs become a visible crash notice (null result). */
  async call(name, args) {
    try {
      return await this.session.call(name, withHandOrder(this.settings, name, args));
    } catch (err) {
      if (errorKind(err) === 'refused') throw err;
      this.showCrash(err);
      return null;
    }
  }

  showCrash(err) {
    if (errorKind(err) === 'load') {
      this.loadError = err;
    } else {
      this.crash = String(err?.message || err);
      console.error(err);
    }
    this.ui.render();
  }

  /** The engine refused to go on with this match (its record would outgrow what the notation holds: a target raised to
   *  a million): said plainly, with a new match as the way out; a refusal of anything else is a bug, loud. */
  cannotGoOn(err) {
    if (errorKind(err) !== 'refused' || err.code !== 'match_too_long') return false;
    this.notify({ key: 'tooLong', params: {}, newMatch: true });
    this.ui.announce(this.t('notice.tooLong'), { fresh: true });
    this.ui.render();
    return true;
  }

  showStage(stage) {
    if (stage !== 'ready') this.stage = stage;
    if (stage !== 'ready' && !this.view) this.ui.render();
  }

  // -- the match ------------------------------------------------------------------------------------------------------

  save() {
    if (!this.standalone) return;   // a widget's match is a demonstration: the game page's save is left alone
    this.store.writeSave({ state: this.state, summaryDeal: this.summary ? this.summary.dealNumber : null });
    this.store.writeTableView?.({ state: this.state, lang: this.t.lang, view: this.view });
  }

  /** Another match, or the same one elsewhere (a take-back, a link): everything about the position before is dropped. */
  adopt(state, view, { summary = null } = {}) {
    this.token += 1;
    Object.assign(this, { state, view, rules: view.rules, summary, preview: null });
    this.clearTurn();
    Object.assign(this, { shownTrick: null, showAllCalls: false, newCards: null, review: null, duplicate: null });
    this.reviewSeq++;
    this.trickStop = null;   // recomputed by trickWaiting(): stop after the trick being played
    this.save();
    this.ui.render();
    this.showSummaryIfAny();
    this.markFirstHand();
    this.advance();
  }

  /** What belonged to the turn before: a last trick peeked at, a message, a hint, a bot thinking. */
  clearTurn() {
    Object.assign(this, { peek: false, message: null, hint: null, thinking: null });
  }

  botPlayers() {
    return { [HUMAN]: 'human', ...this.settings.levels };
  }

  notify(notice) {
    const kind = KIND[notice.key] ?? notice.key;
    this.notices = [...this.notices.filter((x) => (KIND[x.key] ?? x.key) !== kind), notice].slice(-3);
  }

  dismiss(notice) {
    this.notices = this.notices.filter((x) => x !== notice);
  }

  /** True once the new match is on; false if the engine refused it (said in a notice) or crashed. */
  async startNewMatch({ seed = null, rules = this.rules, focus = true } = {}) {
    this.ui.closeDialog();
    if (focus && this.notices.some((x) => x.back)) {   // left the shared match: no way back to offer
      this.notices = this.notices.filter((x) => !x.back);
      this.store.settleBack();
    }
    const args = { rules, players: this.botPlayers() };
    if (seed !== null && Number.isFinite(seed)) args.seed = seed;
    try {
      const res = await this.call('new_match', args);
      if (!res) return false;
      this.rules = rules;
      // A match the player asked for ends what the notices about the last one said; one the page started itself
      // (a first visit, a link it could not open) keeps them: they say why this match and not the one asked for.
      if (focus) this.notices = this.notices.filter((x) => !FIXED_BY_NEW_MATCH.has(x.key));
      this.adopt(res.state, res.view);
      // The player asked for it: the keyboard goes to the game, not back to the bar (unless the reader has gone on).
      if (focus) this.ui.focusGame();
      // The player cuts first: said too (only "A new match starts." was: an audit).
      const turn = res.view.toAct === HUMAN ? ` ${this.t(`status.yourTurn.${res.view.phase}`)}` : '';
      this.ui.announce(this.t('live.newMatch') + turn, { fresh: true });
      return true;
    } catch (err) {
      if (errorKind(err) !== 'refused') throw err;
      // No match yet (a widget's rules="bogus"): the published rules, rather than a loading screen for good (a
      // robustness audit). Refused again, it is this package's bug: loud.
      if (!this.view && rules !== DEFAULT_RULES) {
        this.notify({ key: 'badRules', params: { message: err.message } });
        return this.startNewMatch({ seed, rules: DEFAULT_RULES, focus });
      }
      if (!this.view) throw err;
      this.notify({ key: 'badMatch', params: { message: err.message } });
      this.ui.render();
      return false;
    }
  }

  markFirstHand() {
    const v = this.view;
    if (!v || v.toAct !== HUMAN || !v.legal.length) return;
    if (v.phase !== 'cut' && !v.hand.length) return;
    this.ui.firstHand();
  }

  // -- the player's actions -------------------------------------------------------------------------------------------

  /** The player's cut, call or card, as clicked in *clickedView*. */
  async humanAction(action, clickedView = this.view) {
    if (this.shownTrick) { this.skipPause(); return; }
    // A second click before the redraw (a double click) belongs to a frame that is already out of date.
    if (this.humanBusy || !this.state || clickedView !== this.view) return;
    if (this.view.toAct && this.view.toAct !== HUMAN) {
      // A key pressed while the bots play: said in the player's own words, with no rule to read (an audit).
      this.refuse({ message: this.t('status.notYet', { seat: this.t.seat(this.view.toAct) }) });
      return;
    }
    if (this.trickWaiting()) this.trickStop = null;   // one trick at a time: leading the next one goes on
    this.humanBusy = true;
    const { state, token } = this;
    try {
      const res = await this.call('apply', { state, seat: HUMAN, action });
      if (!res || token !== this.token || state !== this.state) return;
      if (this.notices.some((x) => x.back && !x.played)) this.store.markPlayed();   // (a reload, another tab: stored)
      for (const notice of this.notices) if (notice.back) notice.played = true;   // the shared match is now in play
      await this.applied(res, HUMAN);
    } catch (err) {
      if (this.cannotGoOn(err)) return;
      if (errorKind(err) !== 'refused') throw err;
      this.refuse(err);   // the engine refused: nothing changes but the message saying why
    } finally {
      this.humanBusy = false;
    }
    this.advance();
  }

  /** A refusal's reason (the engine's, or the page's *message*), shown and said as the answer to the player. */
  refuse({ message, code, rule }) {
    this.message = { text: message, kind: 'reason', code, rule };
    this.ui.announce(message, { fresh: true });
    this.ui.render();
  }

  /** Take an apply() answer: new state, the human's view, announcements, the trick pause, the deal summary. */
  async applied(res, seat) {
    const { token, state } = this;
    const view = seat === HUMAN ? res.view : await this.call('view', { state: res.state, seat: HUMAN });
    // Another match was adopted meanwhile (a link opened, "Back to my match", a new match while a bot moved), or the
    // players changed (a level set): this move was made on the position left, and taking it would undo that.
    if (!view || token !== this.token || state !== this.state) return;
    const before = this.view;
    const ev = res.event;
    this.state = res.state;
    this.view = view;
    this.cue = { seat, action: ev.action };
    this.clearTurn();
    if (seat === HUMAN) this.showAllCalls = false;   // "Why?" unfolds the calls of one turn, not of every turn after
    if (before.phase === 'negotiation' && view.phase === 'play') {
      this.newCards = { cards: new Set(view.hand.filter((c) => !before.hand.includes(c))), at: this.clock.now() };
    } else if (view.phase !== 'play') this.newCards = null;   // kept through the play: a bot's card may come first
    if (ev.dealOver) this.summary = ev.dealOver;
    if (ev.matchOver && before.phase !== 'match_over') countMatch(this, ev.matchOver);   // (once: seen ending here)
    this.save();
    this.ui.announce(describe(this.t, ev, view, before, HUMAN), { fresh: seat === HUMAN });
    this.ui.sound?.(ev, before, view);   // (the game page's: a widget makes no sound)
    if (ev.trickComplete) {
      this.shownTrick = { ...ev.trickComplete, last: Boolean(ev.dealOver) };
      // The deal's last trick: during its pause the table stays on the deal just played (its score, dealer and
      // tricks); the next deal comes after it, with the result.
      const ended = ev.dealOver ? endOfDeal(before, ev.trickComplete, ev.dealOver) : null;
      if (ended) this.view = ended;
      this.ui.render();
      await this.pause(this.speed().trick);
      if (token !== this.token) return;   // another match adopted during the pause: its own table stands
      this.shownTrick = null;
      if (this.speed().trick) this.pauseEndedAt = this.clock.now();   // (no pause, no "Next trick" to tap twice)
      if (this.view === ended) this.view = view;   // (a language switch during the pause already fetched the new one)
    }
    this.ui.render();
    this.showSummaryIfAny();
    this.markFirstHand();
  }

  /** "Last trick" takes the place of "Next trick" when the pause ends: a double tap on Next, or a tap just as the pause
   *  ends by itself, opened the last trick and hid the new one (a double tap is < 300 ms apart). *at*: when the tap
   *  was made (its event's timeStamp), as a busy phone handles it after the redraw, 732 ms later in a loaded CI run. */
  togglePeek(at = this.clock.now()) {
    if (!this.peek && at - this.pauseEndedAt < 400) return;
    this.peek = !this.peek;
    this.ui.render();
  }

  /** The one-trick widget: the reader asks for the next trick. */
  nextTrick() {
    this.trickStop = null;
    this.message = null;
    this.ui.render();
    this.advance();
  }

  // -- the bots -------------------------------------------------------------------------------------------------------

  speed() {
    return SPEEDS[this.speedOverride ?? this.settings.speed] ?? SPEEDS.normal;
  }

  sleep(ms) {
    return new Promise((resolve) => { this.clock.setTimeout(resolve, ms); });
  }

  /** A pause that a key or a tap ends early (skipPause). */
  pause(ms) {
    if (ms <= 0) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => { this.clock.clearTimeout(timer); this.skip = null; resolve(); };
      const timer = this.clock.setTimeout(done, ms);
      this.skip = done;
    });
  }

  skipPause() { this.skip?.(); }

  /** Bots move until it is the human's turn, a deal summary waits to be read, or the match is over. */
  async advance() {
    if (this.looping) return;
    this.looping = true;
    try {
      for (;;) {
        const { state, view, token } = this;
        if (!view || this.summary || this.crash || this.destroyed || view.phase === 'match_over') break;
        if (this.trickWaiting() || this.ui.dialogOpen()) break;   // a menu is open: the bots wait (its close goes on)
        const seat = view.toAct;
        // One trick at a time: the bots also cut and bid for the reader, who only plays the cards.
        const forHuman = this.scope === 'trick' && view.phase !== 'play';
        if (!seat || (view.players[seat] === 'human' && !forHuman)) {
          if (seat === HUMAN && await playForcedCard(this)) continue;   // (the setting: aids.js)
          break;
        }
        this.thinking = seat;
        this.ui.render();
        const level = forHuman ? this.settings.levels.Top : undefined;   // the partner plays the reader's part
        // The bot's move waits for the table's motion too (the deal, a card on its way): as long as the speed makes it.
        const [decision] = await Promise.all([
          botMove(this, state, seat, level),   // (aids.js: the engine's level, or the lab's bot at its seat)
          this.sleep(this.speed().bot),
          this.ui.settled?.(),
        ]);
        if (!decision || this.ui.dialogOpen()) break;   // a menu opened while it thought: its move waits for the close
        if (token !== this.token || state !== this.state) continue;
        const res = await this.call('apply', { state, seat, action: decision.action })
          .catch((err) => { if (!this.cannotGoOn(err)) this.showCrash(err); return null; });
        if (!res) break;
        if (token !== this.token || state !== this.state) continue;
        await this.applied(res, seat);
      }
    } finally {
      this.looping = false;
      if (this.thinking) { this.thinking = null; this.ui.render(); }
    }
  }

  /** Scope 'trick': a trick has just been finished and the reader has not asked for the next one yet. */
  trickWaiting() {
    const view = this.view;
    if (this.scope !== 'trick' || !view || view.phase !== 'play') return false;
    if (this.trickStop?.deal !== view.dealNumber) this.trickStop = { deal: view.dealNumber, n: view.tricks.length + 1 };
    return view.tricks.length >= this.trickStop.n;
  }

  // -- the hint and the take-back (aids.js) ---------------------------------------------------------------------------

  askHint() { return askHint(this); }

  takeBack(clickedView) { return takeBack(this, clickedView); }

  // -- the deal's result ----------------------------------------------------------------------------------------------

  /** The result of the deal just played, unless a dialog is open (it comes when that one closes). */
  showSummaryIfAny() {
    if (this.summary && !this.ui.dialogShown()) this.ui.showSummary();
  }

  /** The deal's result closed: at the match's end the table keeps a "new match" button; the bots go on. */
  summaryClosed() {
    this.summary = null;
    this.review = null;
    this.reviewSeq++;          // an answer still coming is for a dialog closed
    this.save();
    this.advance();
  }

  /** Compare the player's choices in deal *deal* with the expert's (review.js). */
  askReview(deal) {
    return askReview(this, deal);
  }

  /** An earlier deal's result left: its review stops, unless it is also the result waiting to be closed. */
  leaveReview(deal) {
    if (this.review?.deal !== deal || this.summary?.dealNumber === deal) return;
    this.review = null;
    this.reviewSeq++;
  }

  // -- start-up -------------------------------------------------------------------------------------------------------

  /** The engine's info (queued in the worker while Pyodide loads), its start, then the first match (openFirst). */
  async boot(openFirst) {
    this.ui.render();
    // A failed start is shown once, below (ready); any other failure of info is the engine's bug: shown, loud.
    const info = this.session.info({}).then((value) => { this.info = value; }).catch((err) => {
      if (errorKind(err) !== 'load') this.showCrash(err);
    });
    try {
      const { boot: how } = await this.session.engine.ready;
      this.ui.engineBoot(how);
    } catch (err) {
      this.loadError = err;
      this.preview = null;   // the failure and its retry, alone: not a table that looks ready
      this.ui.render();
      return;
    }
    await info;
    if (this.info) {
      const known = this.info.botLevels;
      const fallback = known.includes(DEFAULT_LEVEL) ? DEFAULT_LEVEL : known[0];
      for (const seat of BOTS) if (!known.includes(this.settings.levels[seat])) this.settings.levels[seat] = fallback;
    }
    try {
      await openFirst();
    } catch (err) {
      this.showCrash(err);
    }
    this.ui.booted();
  }

  /** The engine did not start: a new one, and the start again. */
  async retry(openFirst) {
    this.loadError = null;
    this.stage = 'pyodide';
    await this.session.restart();
    await this.boot(openFirst);
  }

  destroy() {
    this.destroyed = true;
    this.token += 1;
    this.skipPause();
    this.session.close();
  }
}

/** The human's view of a deal whose last trick was just won: every card played, nobody to act; the card points
 *  and the trick's winner from the engine's answer (the view before the last card had the old ones: a review). */
export function endOfDeal(before, trick, summary) {
  return {
    ...before, toAct: null, legal: [], hand: [], cardPoints: summary.cardPoints,
    handCounts: Object.fromEntries(Object.keys(before.handCounts).map((seat) => [seat, 0])),
    trick: { ...before.trick, cards: trick.cards, winning: trick.winner }, tricks: [...before.tricks, trick],
  };
}
