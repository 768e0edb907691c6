// The player's aids on their turn: the hint (the strongest bot's choice, with its reason) and the take-back (their
// last choice undone, with the bots' answers to it). Both answer in the engine's words.

import { errorKind } from '../session.js';
import { HINT_BUDGET_MS, HUMAN } from './settings.js';

/** The strongest bot's choice for the human's decision, with its one-line reason, in the engine's words. */
export async function askHint(game) {
  const { state, view } = game;
  if (!view || view.toAct !== HUMAN || game.hint?.state === state) return;
  game.message = { text: game.t('hint.thinking'), kind: 'info' };
  game.ui.render();
  // No level: the engine's hint level for a person's seat, the one its review compares with. A position asked again
  // (after an Undo) shows the hint it showed before: on a machine too slow for the expert's work, its clock guard
  // could answer otherwise, and two hints for one position teach nothing.
  const key = `${game.t.lang} ${state}`;
  const res = game.givenHints.get(key) ?? await game.call('bot_action',
    { state, seat: HUMAN, budgetMs: HINT_BUDGET_MS, seed: 0 }).catch((err) => { game.showCrash(err); return null; });
  if (!res || state !== game.state) return;
  game.givenHints.set(key, res);
  if (game.givenHints.size > 200) game.givenHints.delete(game.givenHints.keys().next().value);   // (open for days)
  game.hint = { state, action: res.action, why: res.why };
  const action = view.phase === 'play' ? game.t.card(res.action)
    : view.legal.find((a) => a.action === res.action)?.text ?? res.action;
  // A card's plan in a player's words first (the engine's, bots/plan.py); the search's figures, if any, after it.
  const detail = res.detail ? game.t('hint.detail', { detail: res.detail }) : null;
  game.message = { kind: 'hint', text: game.t('hint.text', { action, why: res.plan ?? res.why }), detail };
  game.ui.announce(detail ? `${game.message.text} ${detail}` : game.message.text, { fresh: true });
  game.ui.render();
}

/** The player's last choice in game phase of the deal undone, and every move after it: their decision again (the
 *  engine's take_back says what may be taken back). */
export async function takeBack(game, clickedView) {
  const { state, view } = game;
  // A double click or tap: the second press came in the answer's frame, or just after it (the engine answers within
  // 60 ms, and the button stays in place), and took back a second move.
  if (game.humanBusy || !state || clickedView !== view || game.clock.now() - game.tookBackAt < 400) return;
  if (!view.canTakeBack) {
    game.refuse({ message: game.t('takeBack.none') });
    return;
  }
  game.humanBusy = true;
  try {
    const res = await game.call('take_back', { state, seat: HUMAN });
    if (!res || state !== game.state) return;   // another match meanwhile: game one is gone
    game.adopt(res.state, res.view);
    game.tookBackAt = game.clock.now();
    const others = res.undone - 1;   // the bots' answers, and the player's own forced cards, after it
    const key = others === 0 ? 'live.takenBack' : others === 1 ? 'live.takenBack.one' : 'live.takenBack.many';
    const line = `${game.t(key, { action: res.taken.text, n: others })} ${game.t(`status.yourTurn.${res.view.phase}`)}`;
    // Seen as well as heard (it was said only in the screen reader's log: an audit), until the player's next move.
    game.message = { text: line, kind: 'info' };
    game.ui.announce(line, { fresh: true });
    game.ui.render();
  } catch (err) {
    if (errorKind(err) !== 'refused') throw err;
    game.refuse({ message: err.message, code: err.code });   // (the view said there was one: a bug)
  } finally {
    game.humanBusy = false;
  }
}

/** The setting "play a forced card automatically": the player's only legal card, played for them after the bots'
 *  pause (so that it is seen going), unless the position changed or a menu opened meanwhile. True once played. */
export async function playForcedCard(game) {
  const { state, view } = game;
  if (!game.settings.autoForced || view.phase !== 'play' || view.toAct !== HUMAN || view.legal.length !== 1) return false;
  await game.sleep(game.speed().bot);
  if (state !== game.state || game.ui.dialogOpen()) return false;
  await game.humanAction(view.legal[0].action, view);
  return state !== game.state;
}

/** A bot's decision for *seat* in *state*: the bot lab's bot at its seat (game.labSeat, ?labbot=), else the engine's
 *  *level*. A lab bot that fails (an error, its time limit, an illegal choice) is said in a notice, with its line, and
 *  the engine's bot plays its seat from then on: the match goes on. */
export async function botMove(game, state, seat, level) {
  if (game.labSeat?.seat === seat) {
    try {
      return await game.labSeat.decide(state);
    } catch (err) {
      if (err.name !== 'LabBotError') throw err;
      const said = err.kind ? game.t(`lab.bot.${err.kind}`, err.params) : err.message;
      const message = err.line ? game.t('lab.errorAt', { line: err.line, message: said }) : said;
      game.notify({ key: 'labBot', params: { seat: game.t.seat(seat), message } });
      game.labSeat.stop();
      game.labSeat = null;
      game.ui.render();
    }
  }
  return game.call('bot_action', { state, seat, seed: 0, level }).catch((err) => { game.showCrash(err); return null; });
}
