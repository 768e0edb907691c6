// The player's choices in a finished deal against the expert bot's (asked from the deal's result), each asked as
// the hint is (same level, budget and seed): the hint the player would have had. Asked one move at a time: the
// engine answers one request at a time, and a whole deal's search (a second or more) would hold up "Next deal".

import { errorKind } from '../session.js';
import { HINT_BUDGET_MS, HUMAN } from './settings.js';

export async function askReview(game, deal) {
  const mine = ++game.reviewSeq;
  const stale = () => mine !== game.reviewSeq || game.review?.deal !== deal;   // asked again (a language), or closed
  game.review = { deal, done: 0 };
  game.ui.refreshDialog();
  const { state } = game;       // every part of the same match (the game waits while the result is open)
  const moves = [];
  let chosen = 0, same = 0;   // the engine's counts, part by part
  for (let total = Infinity; moves.length < total;) {
    let part;
    try {
      part = await game.call('review', { state, seat: HUMAN, deal, budgetMs: HINT_BUDGET_MS, seed: 0,
        first: moves.length, count: 1 });
    } catch (err) {
      if (errorKind(err) !== 'refused') throw err;
      if (stale()) return;
      game.ui.announce(err.message);   // refused (not expected of a finished deal): the button comes back
      game.review = null;
      game.ui.refreshDialog();
      return;
    }
    if (stale()) return;
    if (!part) {   // the engine failed (its notice is shown): the button comes back
      game.review = null;
      game.ui.refreshDialog();
      return;
    }
    moves.push(...part.moves);
    chosen += part.chosen;
    same += part.same;
    total = part.total;
    game.review = { deal, done: moves.length, total };
    if (moves.length < total) game.ui.refreshDialog();
  }
  game.review = { deal, moves, chosen, same };
  game.ui.refreshDialog();
}
