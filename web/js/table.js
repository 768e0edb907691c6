// The table widget: mountTable(el, opts) -> { set(model), destroy() }. Render is a pure function of the model:
//   model = { t,             // the game's translator (i18n.translator): every word drawn is in its language
//             view,          // the engine's view for the human seat (docs/api.md), never edited here
//                            //   (during a deal's last trick's pause: that deal, ended — game/controller.js endOfDeal)
//             shownTrick,    // the trick just completed, shown during the pause ({number, cards, winner, points,
//                            //   last: the deal's last}) or null
//             peek,          // true: show the last finished trick instead of the current one
//             message,       // {text, kind: 'reason' | 'error' | 'info' | 'hint', detail?}: e.g. the engine's reason
//                            // for a refusal; a hint's detail: the search's figures, a line of its own
//             thinking,      // the bot seat whose move is being computed, or null
//             newCards,      // {cards: Set of codes, at: ms}: the 3 dealt after the negotiation, for a short animation
//             showBids,      // true: the bids stay unfolded during the play
//             showAllCalls,  // true: on a narrow table, the rows of calls none of which is possible stay unfolded
//             hint,          // {action, why}: the expert's choice, marked on its card or call, or null
//             coach,         // true: on the human's turn, name the rules that forbid some of the choices
//             trickDone,     // one-trick widget: a trick is over and the reader decides what comes next
//             cue,           // the last move ({seat, action}, a new object each move): what the motion shows
//             motion,        // the motion's length against the normal speed's (0: none; view/motion.js)
//             labSeat }      // the seat the bot lab's bot plays (game/labseat.js), or null
// No rule lives here: what is legal and why comes from view.legal, and every click is sent to the engine.

import { h, prose, twinSelector } from './dom.js';
import { fitCoach, renderCoach, ruleLink } from './view/coach.js';
import { renderCutPanel, renderDeck } from './view/cut.js';
import { renderHand } from './view/hand.js';
import { createMotion } from './view/motion.js';
import { callsBefore, renderBidHistory, renderCallPanel, renderContract } from './view/negotiation.js';
import { SEATS, renderSeat } from './view/seats.js';
import { renderTrick } from './view/trick.js';

const defaults = {
  onAction: () => {},   // (action, view): an action token — a cut "c10", a call "ok" / "xH", a card "JH" — and
                        // the view it was clicked in
  onSkip: () => {},     // skip the pause after a trick
  onPeek: () => {},     // toggle the last-trick view
  onNewMatch: () => {}, // the match is over and the player wants another
  onToggleBids: () => {}, // (open) the bids were shown or hidden during the play
  onShowAllCalls: () => {}, // a narrow table: unfold the kinds of call of which none is possible now
  onFoldCalls: () => {},  // ... and fold them again
  onHint: () => {},     // the player asks what the best bot would do
  onTakeBack: null,     // (view) the player takes their last choice back (null: not offered: the one-trick widget)
  onNextTrick: () => {}, // one-trick widget: play the next trick
  onNewDeal: () => {},  // one-trick widget: another deal
  rulesHref: 'rules.html', // the rules page, whose sections have the rule ids as anchors (#P-1)
  followTurn: false,    // the game page: when the player's turn comes, scroll the hand and the trick into view (showTurn)
};

export function mountTable(root, opts = {}) {
  const cfg = { ...defaults, ...opts };
  let model = null;
  let queued = false;
  let parked = null;   // the focus key the focus was parked on while the player had nothing to do
  root.tabIndex = -1;  // where the focus waits while the player has nothing to do (park): the redraws keep it
  root.setAttribute('role', 'region');
  let wasMyTurn = false;
  let lastTurn = null;
  let lastPause = null;
  let bidsShown = false;
  let hintShown = false;
  let wasOver = false;
  let drawn = null;   // the model last drawn: the motion shows the move from it to the next
  let afterDeal = null;   // the redraw waiting for the deal's motion to end
  const motion = createMotion(root);
  const afterTheDeal = () => motion.settled().then(() => {
    afterDeal = model && dealing(root) ? afterTheDeal() : null;   // (held paused: a test, a debugger)
    if (!afterDeal) redraw();
  });
  let resign = null;
  const boxSizes = new ResizeObserver(() => { resign?.(); fitCoach(root); });
  // A tap anywhere on the table ends the running motion at once (the tap itself goes on: a card tapped is played).
  root.addEventListener('pointerdown', () => motion.finish(), true);
  const draw = () => {
    const active = root.getRootNode().activeElement;   // a widget's shadow root has its own
    const focusKey = active === root ? 'table' : root.contains(active) ? twinSelector(active) : null;
    root.setAttribute('aria-label', model.t('table.host'));   // said when the focus waits here; in the current language
    const before = motion.measure(model);
    const old = root.querySelector(':scope > .gt-table');
    const table = renderTable(model.t, model, cfg);
    if (old) old.replaceWith(table); else root.prepend(table);   // (the motion's layer stays: its ghosts go on)
    motion.play(before, drawn, model);
    drawn = model;
    // While the cut and the deal move, the player's turn waits (its calls hidden: table.css): drawn again, and the
    // focus brought to it, once they are over or skipped
    if (dealing(root) && !afterDeal) afterDeal = afterTheDeal();
    // Calls that scroll say so (a phone), marked again as the box's height changes (the screen turned, a reason shown)
    const box = table.querySelector('.gt-dock > .gt-panel');
    boxSizes.disconnect();
    resign = signScroll(box, model.t);
    if (box) boxSizes.observe(box);
    if (table.querySelector('.gt-coach')) boxSizes.observe(table.querySelector('.gt-dock'));
    // The table itself only ever holds the focus while it waits for the player's turn (a dialog may have put it back
    // there): parked, whatever brought it there.
    parked = restoreFocus(root, focusKey, focusKey === 'table' || (focusKey !== null && focusKey === parked));
    // A turn is new when it was not the player's turn, or when the player acts twice in a row within one frame (they
    // won the trick and lead the next one): the table above had grown meanwhile and pushed the hand off a short screen.
    const myTurn = root.querySelector('.gt-table.is-my-turn') !== null;
    if (myTurn && focusKey !== null) confirmFocus();
    const turn = myTurn ? turnKey(model.view) : null;
    if (myTurn && (!wasMyTurn || turn !== lastTurn) && cfg.followTurn) showTurn(root);
    wasMyTurn = myTurn;
    lastTurn = turn;
    // The pause after a trick shows its four cards together, the player's own last: on a 360×640 phone with a notice
    // open, that card sat half under the pinned dock. Once a pause, as for a turn.
    const paused = model.shownTrick ? `${model.view.dealNumber}:${model.shownTrick.number}` : null;
    if (paused !== null && paused !== lastPause && cfg.followTurn) showTurn(root);
    lastPause = paused;
    // "The bids" unfolded during the player's turn push the trick down: no further than under the pinned dock.
    if (myTurn && model.showBids && !bidsShown && cfg.followTurn) showTurn(root);
    bidsShown = Boolean(model.showBids);
    // A hint grows the pinned dock by its lines (a card's plan, then the search's figures): the trick stays above it.
    if (myTurn && model.hint && !hintShown && cfg.followTurn) showTurn(root);
    hintShown = Boolean(model.hint);
    fitCoach(root);
    const over = model.view.phase === 'match_over';
    if (over && !wasOver && cfg.followTurn) showEnd(root);
    wasOver = over;
  };
  // The player's turn drawn, the focus in the game before it, and still on the table itself (or fallen to the page's
  // body with the card just played): the browser did not take focus() on the choice (it does nothing, silently, on
  // an element it cannot focus at that moment). Seen once in CI, at the instant speed: a keyboard player's Enter then
  // did nothing. Asked again at the next frame, if the focus is still nowhere.
  let confirming = false;
  const unfocused = () => {
    const active = root.getRootNode().activeElement;   // (a widget's shadow root: null when it is outside)
    return !active || active === root || active === document.body;
  };
  const confirmFocus = () => {
    if (confirming || !unfocused() || !firstAction(root)) return;
    confirming = true;
    requestAnimationFrame(() => {
      confirming = false;
      if (model && unfocused()) parked = park(root);
    });
  };
  // The game page, turned on its side (or resized) during the player's turn: the hand and the trick in view again.
  // Only when the width changes: a phone's browser resizes the page when its toolbar shows or hides during a scroll,
  // and a player scrolling up to read the bids must not be pulled back.
  let sized = false;
  let width = innerWidth;
  const onResize = () => {
    if (sized || innerWidth === width) return;
    width = innerWidth;
    sized = true;
    requestAnimationFrame(() => { sized = false; if (model && wasMyTurn) showTurn(root); });
  };
  if (cfg.followTurn) addEventListener('resize', onResize);
  const redraw = () => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => {
      queued = false;
      if (model) draw();
    });
  };
  return {
    set(next) { model = next; redraw(); },
    /** Render now (tests, first paint); returns the root. */
    flush() { if (model) { queued = false; draw(); } return root; },
    /** Give the focus back to the game (a dialog closed and took it along): the player's action, or a park. */
    focus() { parked = park(root); },
    /** The game page, after a dialog: the browser gave the focus back to the button that opened it, at the top of the
     * page, and scrolled there; if the player's turn came meanwhile, the hand goes back into view. */
    reveal() { if (cfg.followTurn && wasMyTurn) requestAnimationFrame(() => showTurn(root)); },
    /** The running motion ends now (a key). */
    finishMotion: () => motion.finish(),
    /** Resolves when nothing moves on the table (view/motion.js). A redraw still waiting for its frame is drawn first:
     *  the motion it starts is waited for too (a bot's move after the cut waited for nothing, and Right's call came
     *  while the deal was still travelling: docs/screenshots). */
    settled() {
      if (queued && model) { queued = false; draw(); }
      return motion.settled();
    },
    destroy() {
      model = null; afterDeal = null; motion.destroy(); boxSizes.disconnect(); root.replaceChildren(); removeEventListener('resize', onResize);
    },
  };
}

// Where the deal stands: it changes with every action, so two turns of the player's in a row differ.
function turnKey(view) {
  return `${view.dealNumber}:${view.phase}:${view.calls.length}:${view.hand.length}`;
}

// On a phone the table is taller than the screen and its height changes from turn to turn. When the player's turn
// comes, scroll just enough that the hand is whole on the screen (a phone held sideways: the dock is not pinned
// there) and that the trick's cards, or the calls so far (the order of the calls decides which doubles are left), are
// not under the pinned dock; no more (the bar with the score stays when it can). Once a turn, so that a player who
// scrolls up to read the bids is not pulled back.
function showTurn(root) {
  const page = document.scrollingElement;
  const dock = root.querySelector('.gt-dock');
  const hand = root.querySelector('.gt-hand');
  if (!dock || !hand) return;
  const pinned = getComputedStyle(dock).position === 'sticky';
  let by = Math.max(0, hand.getBoundingClientRect().bottom - innerHeight);
  // (the trick's own button too: in Malagasy a two-line status covered "Last trick", docs/screenshots)
  // (and the deck's words while the player cuts: half under the status line at 320×568)
  const shown = [...root.querySelectorAll('.gt-trick [data-card], .gt-trick__middle .gt-btn, .gt-center > .gt-bids-history li, '
    + '.gt-table[data-phase="cut"] .gt-center__note')]
    .map((c) => c.getBoundingClientRect());
  if (pinned && shown.length) {
    const bottom = Math.max(...shown.map((r) => r.bottom));
    const ring = 6;   // the winner's ring (4 px) and its glow, clear of the dock too
    // Their end clear of the dock. Calls so far taller than the room above it (a long negotiation on a 320×568
    // phone): the latest in view, the one the player answers, and the first a scroll up (the first were kept in
    // view before, and the latest hidden under the dock).
    by = Math.max(by, bottom + ring - dock.getBoundingClientRect().top);
  }
  // Coach mode on a laptop with a notice open above the table (130 px): its rules ran under the pinned dock. They come
  // above it, by no more than the notices' height (the bar's score stays when there is none: fitCoach scrolls what is
  // left inside the coach's box). Not on a phone, where the coach stays below the trick, a scroll away.
  const coach = root.querySelector('.gt-coach');
  const notices = document.querySelector('.gt-notices')?.getBoundingClientRect().height ?? 0;
  if (pinned && coach && notices > 0 && matchMedia('(min-width: 48rem)').matches) {
    by = Math.max(by, Math.min(coach.getBoundingClientRect().bottom + 6 - dock.getBoundingClientRect().top, notices));
  }
  if (by > 0.5) page.scrollTop += Math.ceil(by);
}

// The match is over: the score, in the bar at the top, in view above the pinned panel that names the winner.
function showEnd(root) {
  const dock = root.querySelector('.gt-dock');
  if (dock && getComputedStyle(dock).position === 'sticky') document.scrollingElement.scrollTop = 0;
}

// A phone's calls scroll in the pinned dock, with no sign that more were below: its cut edges fade (table.css) and a
// count says how many calls are below. For the eye only: the count is aria-hidden, the calls unchanged. Returns the
// marking, done again as the box scrolls or changes size.
function signScroll(box, t) {
  if (!box) return null;
  const more = box.querySelector(':scope > .gt-panel__more');
  const update = () => {
    const below = box.scrollTop + box.clientHeight < box.scrollHeight - 1;
    box.classList.toggle('is-cut-above', box.scrollTop > 1);
    box.classList.toggle('is-cut-below', below);
    const edge = box.getBoundingClientRect().bottom;   // a call not whole above it is out of view
    const n = below ? [...box.querySelectorAll('.gt-bid')].filter((b) => b.getBoundingClientRect().bottom > edge + 0.5).length : 0;
    more.textContent = n ? t('bids.more', { n }) : '';
  };
  box.addEventListener('scroll', update, { passive: true });
  update();
  return update;
}

// What the player can do now: a legal card, call or cut, the button that ends a trick's pause, a new match.
const ACTIONS = '.gt-hand .is-legal, .gt-calls .is-legal, .gt-cut .is-legal, .gt-trick__next, .gt-over .gt-btn';

/** The cut or the deal is moving on the table (view/motion.js marks its host). */
function dealing(root) {
  return /\b(cut|deal)\b/.test(root.dataset.motion ?? '');
}

// Where the focus goes when the player's turn comes: the hinted choice, else Accept (one Enter on the first legal
// call used to announce a contract), else the first thing to do; nothing while the deal moves (the calls wait).
function firstAction(root) {
  if (dealing(root) && root.querySelector('.gt-calls')) return null;
  return root.querySelector('.is-hinted.is-legal') ?? root.querySelector('.gt-calls [data-action="ok"].is-legal')
    ?? root.querySelector(ACTIONS);
}

// A full re-render replaces the focused button: put the focus back on its twin, or, if that is gone (a card just
// played, a call just made), on what the player can do now, or park it on the hand until there is something to do,
// and bring it to the player's turn when that comes. So a keyboard player never falls out of the game, nor has to
// Tab back to the calls after every bid. Returns the key (twinSelector) of the element the focus is parked on, or null.
function restoreFocus(root, key, wasParked) {
  if (!key) return null;
  let twin = key === 'table' ? root : root.querySelector(key);
  // "Why?" (or "Why not the others?") hides itself as it unfolds the refused calls: the focus goes to the first of
  // its row's (of all, for a phone's one button), whose reason then shows (focus() on a hidden twin did nothing, and
  // the focus fell to the page's body).
  if (twin && twin !== root && !twin.getClientRects().length) {
    twin = [...((twin.closest('.gt-calls__row') ?? twin.closest('.gt-calls'))?.querySelectorAll('.gt-bid.is-illegal') ?? [])]
      .find((b) => b.getClientRects().length) ?? null;
  }
  const action = firstAction(root);
  if (wasParked && action) {   // the player's turn has come
    (twin?.matches(ACTIONS) ? twin : action).focus({ preventScroll: true });
    return null;
  }
  if (twin) {
    twin.focus({ preventScroll: true });
    return wasParked ? key : null;
  }
  return park(root);
}

function park(root) {
  const action = firstAction(root);
  if (action) { action.focus({ preventScroll: true }); return null; }
  // Nothing to do: the table itself, which every redraw keeps. (Parked on a card of the hand, the focus went to that
  // card's new copy at every bot move, and a screen reader read the card out again each time: an audit.)
  root.focus({ preventScroll: true });
  return 'table';
}

/** The player is to act here: in the one-trick widget the bots cut and bid for the reader, who only plays cards. */
function playerActs(model) {
  const { view } = model;
  return view.toAct === view.seat && !(model.scope === 'trick' && view.phase !== 'play');
}

export function renderTable(t, model, parentCfg) {
  const { view } = model;
  // Every click names the view it was drawn from, so that a click on a stale frame can be told apart.
  const cfg = { ...parentCfg, onAction: (action) => parentCfg.onAction(action, view) };
  const human = view.seat;
  const myTurn = playerActs(model) && !model.shownTrick;
  let panel = null;
  if (model.trickDone) panel = renderTrickDone(t, cfg);
  else if (myTurn && view.phase === 'cut') panel = renderCutPanel(t, model, cfg);
  else if (myTurn && view.phase === 'negotiation') panel = renderCallPanel(t, model, cfg);
  else if (view.phase === 'match_over') {
    panel = h('div.gt-over', [
      h('p.gt-over__text', { dataset: { winner: view.winner } }, t('status.matchOver', { team: t.team(view.winner) })),
      h('button.gt-btn.gt-btn--primary', { type: 'button', dataset: { action: 'new-match', focus: 'btn:new-match' },
        on: { click: cfg.onNewMatch } }, t('summary.newMatch')),
    ]);
  }

  let center;
  if (model.shownTrick && view.phase !== 'play') {
    center = [renderTrick(t, model, cfg)];   // the deal's last trick stays visible over the next deal's cut
  } else if (view.phase === 'cut') {
    center = [renderDeck(), h('p.gt-center__note', t.bySeat('cut.by', view.cutter, view.seat))];
  } else if (view.phase === 'negotiation') {
    // What was said before the player's first call of the deal, above the calls (a new match may start in the middle
    // of them); in the middle of the table, not in the dock pinned to a phone's screen, whose room the calls need.
    const before = myTurn ? callsBefore(t, view) : '';
    // The rest of the deck lies face down in the felt a tall phone has empty while the calls are made (table.css)
    center = [renderContract(t, view), before ? h('p.gt-center__note.gt-before', before) : null,
      renderBidHistory(t, view), h('div.gt-rest', h('div.gt-rest__inner', [renderDeck(),
        h('p.gt-center__note', t('table.deckRest'))]))];
  } else {
    center = [renderContract(t, view), renderBidsDetails(t, model, cfg), renderTrick(t, model, cfg)];
  }
  // Coach mode's rules are read, not acted on: below the trick, not in the dock pinned to a phone's screen, which
  // they made 86 % of a 360×640 screen. A row of the table's own, the whole table wide (table.css): in the middle
  // column's width a laptop's coach (1000×800) took 252 px in Malagasy and scrolled 122 of them inside its box.
  const coach = model.coach && myTurn && !model.trickDone && view.phase !== 'match_over' ? renderCoach(t, view, cfg)
    : null;

  return h('div.gt-table', {
    class: { 'is-my-turn': myTurn },
    dataset: {
      phase: view.phase, toAct: view.toAct ?? '', deal: String(view.dealNumber), pausing: model.shownTrick ? '1' : null,
    },
  }, [
    ...SEATS.filter((s) => s !== human).map((seat) => renderSeat(t, model, seat)),
    h('section.gt-center', { attrs: { 'aria-label': t('table.center') } }, center),
    coach,
    // What the player acts with, together: on a short screen the game page pins it to the bottom (table.css).
    h('div.gt-dock', [
      renderStatus(t, model, cfg),
      panel ? h('section.gt-panel', [panel, h('span.gt-panel__more', { attrs: { 'aria-hidden': 'true' } })]) : null,
      h('section.gt-me', { dataset: { seat: human } }, [
        renderSeat(t, model, human),
        renderHand(t, model, cfg),
      ]),
    ]),
  ]);
}

// During the play the bids fold away under the contract; the reader may open them.
function renderBidsDetails(t, model, cfg) {
  if (!model.view.calls.length) return null;
  return h('details.gt-bids-details', {
    open: Boolean(model.showBids),
    on: { toggle: (e) => { if (e.target.open !== Boolean(model.showBids)) cfg.onToggleBids(e.target.open); } },
  }, [
    h('summary', { dataset: { focus: 'btn:bids' } }, t('bids.all')),
    renderBidHistory(t, model.view),
  ]);
}

function renderStatus(t, model, cfg) {
  const { view } = model;
  let text;
  let kind = 'info';
  const stopped = model.trickDone && view.tricks.at(-1);   // the one-trick widget, stopped after a trick
  if (model.message) {
    ({ text, kind } = model.message);
  } else if (stopped) {
    text = t.bySeat('table.trickWon', stopped.winner, view.seat, { points: stopped.points });
  } else if (view.phase === 'match_over') {
    text = '';   // the end panel below names the winner
  } else if (model.shownTrick) {
    const { winner, points, bonus } = model.shownTrick;   // bonus: the last trick's 10 (S-1), from the engine
    text = t.bySeat(bonus ? 'table.finalTrickWon' : 'table.trickWon', winner, view.seat, { points, bonus });
  } else if (playerActs(model)) {
    text = t(`status.yourTurn.${view.phase}`);
    kind = 'turn';
  } else if (view.toAct) {   // a bot, or one cutting and bidding for the reader of the one-trick widget
    text = model.thinking ? t('table.thinking', { seat: t.seat(view.toAct) })
      : t('status.waiting', { seat: t.seat(view.toAct) });
    if (model.thinking) kind = 'thinking';
  } else {
    text = '';
  }
  // Not a live region itself: the game (game/live.js) announces every play and every refusal once, in #gt-live.
  const myTurn = playerActs(model) && !model.shownTrick && !model.trickDone && view.phase !== 'match_over';
  return h('div.gt-status', { class: { [`is-${kind}`]: true } }, [
    h('p.gt-status__text', prose(text)),
    model.message?.detail ? h('p.gt-status__detail', model.message.detail) : null,
    model.message?.rule ? ruleLink(t, model.message.rule, cfg) : null,
    // Hint and Undo together: on a phone a line that had room for one only parted them (table.css)
    myTurn ? h('span.gt-status__tools', renderTurnTools(t, model, cfg)) : null,
  ]);
}

function renderTurnTools(t, model, cfg) {
  const { view } = model;
  return [
    !model.hint ? h('button.gt-btn.gt-btn--quiet.gt-status__btn', {
      type: 'button', dataset: { action: 'hint', focus: 'btn:hint' }, on: { click: cfg.onHint },
    }, t('hint.button')) : null,
    // At the player's own turn in the negotiation or the play, which is what it may undo (docs/api.md, take_back).
    // Where there is nothing to take back it stays, aria-disabled: the last take-back handed the focus to the first
    // legal call (Accept), and one more Enter made it; a press now says why.
    cfg.onTakeBack && (view.phase === 'negotiation' || view.phase === 'play')
      ? h('button.gt-btn.gt-btn--quiet.gt-status__btn', {
        type: 'button', dataset: { action: 'take-back', focus: 'btn:take-back' },
        attrs: { title: t('takeBack.title'), 'aria-disabled': view.canTakeBack ? null : 'true' },
        on: { click: () => cfg.onTakeBack(view) },
      }, t('takeBack.button')) : null,
  ];
}

function renderTrickDone(t, cfg) {
  return h('div.gt-trickdone', [
    h('button.gt-btn.gt-btn--primary', { type: 'button', dataset: { action: 'next-trick', focus: 'btn:next-trick' },
      on: { click: cfg.onNextTrick } }, t('trick.next')),
    h('button.gt-btn', { type: 'button', dataset: { action: 'new-deal' }, on: { click: cfg.onNewDeal } },
      t('trick.newDeal')),
  ]);
}
