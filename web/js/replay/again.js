// "Play this deal again": a new match that starts with a finished deal as it was dealt (the engine's share_deal with
// the deal's number: same deck, dealer, cut, and the scores it began with), so the player gets the same hands. On the
// game page it opens as a shared deal's link does: the match in progress is kept aside and offered back.

import { openFragment } from '../game/links.js';
import { HUMAN } from '../game/settings.js';

export async function playDealAgain(game, deal) {
  const again = await game.call('share_deal', { state: game.state, deal });
  if (!again) return;   // an engine bug: shown by the game
  if (game.standalone) {
    await openFragment(game, again.link, { notice: 'again' });
    return;
  }
  const view = await game.call('view', { state: again.state, seat: HUMAN });   // a widget: its match is a demonstration
  if (view) game.adopt(again.state, view);
}
