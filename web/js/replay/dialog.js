// The replay in the game's dialog, opened from a deal's result ("Replay the deal"): its controller made, the deal's
// steps asked, then what each of the player's cards was worth, one position at a time while the replay is open (the
// bots wait while a dialog is open, so the next deal never queues behind the analysis). Closed or left, the replay
// stops asking; "Back" (or closing) returns to the deal's result.

import { HUMAN } from '../game/settings.js';
import { Replay } from './controller.js';
import { renderReplay } from './view.js';

/** *dialogs*: the game's dialog (dialogs.js: open, refresh); *deal*: the finished deal's number; *back*: reopens
 *  the deal's result the replay was opened from. Returns the replay (a test may read it). */
export function openReplay({ dom, game, open, refresh }, deal, back) {
  const g = game();
  const replay = new Replay({ call: (name, args) => g.call(name, args), state: g.state, deal, seat: HUMAN,
    onChange: () => refresh() });
  open((t) => renderReplay(t, replay, {
    me: HUMAN,
    review: g.review?.deal === deal ? g.review : null,
    onReview: () => g.askReview(deal),
    onBack: () => { replay.close(); back(); },
  }), { onClose: () => { replay.close(); g.leaveReview(deal); g.showSummaryIfAny(); } });
  replay.load().then(() => {
    // the keys step the replay from its buttons (the focus was on the dialog's close button while it loaded)
    if (replay.steps) dom.dialog.querySelector('[data-action="replay-next"]')?.focus();
    return replay.analyse();
  }).catch((err) => g.showCrash(err));
  return replay;
}
