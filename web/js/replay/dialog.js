// The replay in the game's dialog, opened from a deal's result ("Replay the deal"): its controller made, the deal's
// steps asked, then what each of the player's cards was worth, one position at a time while the replay is open.
// The analysis has an engine of its own (a second worker, booted from the engine's snapshot), stopped when the replay
// closes: a deal's first position is a whole solve that no request can interrupt, and in the game's engine the next
// deal's bots waited behind it (seconds on a phone) after the player had closed the replay. "Back" (or closing)
// returns to the deal's result.

import { createEngine } from '../engine.js';
import { HUMAN } from '../game/settings.js';
import { Replay } from './controller.js';
import { renderReplay } from './view.js';
import { TEAM_OF } from '../view/seats.js';

// The other players, the partner first: their cards are worked out after the player's.
const PARTNER = Object.keys(TEAM_OF).find((seat) => seat !== HUMAN && TEAM_OF[seat] === TEAM_OF[HUMAN]);
const OPPONENTS = Object.keys(TEAM_OF).filter((seat) => TEAM_OF[seat] !== TEAM_OF[HUMAN]);

/** *dialogs*: the game's dialog (dialogs.js: open, refresh); *deal*: the finished deal's number; *back*: reopens
 *  the deal's result the replay was opened from. Returns the replay (a test may read it). */
export function openReplay({ dom, game, open, refresh, shareBase = location.href }, deal, back) {
  const g = game();
  let engine = null;   // the analyst's, made when the steps have come (a refused link never starts one)
  const analyst = (name, args) => (engine ??= createEngine()).call(name, { ...args, lang: g.t.lang });
  const replay = new Replay({ call: (name, args) => g.call(name, args), analyst, state: g.state, deal, seat: HUMAN,
    partner: PARTNER, opponents: OPPONENTS, onChange: () => { refresh(); revealValues(replay, dom.dialog); } });
  const stop = () => { replay.close(); engine?.destroy(); };
  open((t) => renderReplay(t, replay, {
    me: HUMAN,
    review: g.review?.deal === deal ? g.review : null,
    onReview: () => {
      g.askReview(deal);   // draws the dialog again at once: the button is gone, and with it the keyboard's focus
      // the keys step the replay from its Next step button, as after it loaded (left on the close button, they did not)
      dom.dialog.querySelector('[data-action="replay-next"]')?.focus({ preventScroll: true });
    },
    onBack: () => { stop(); back(); },
    link: replay.link,
    onCopyLink: async (button) => {
      try {
        await navigator.clipboard.writeText(replay.link);
        button.textContent = g.t('share.copied');
      } catch {
        button.previousElementSibling?.select();   // no clipboard (an http page, a refusal): selected to copy by hand
      }
    },
  }), { onClose: () => { stop(); g.leaveReview(deal); g.showSummaryIfAny(); } });
  // A link anyone can open to watch this deal (the iframe page, every hand open): the engine's token of the deal as
  // played, nothing of the deal in progress (jsonapi.replay_link).
  g.call('replay_link', { state: g.state, deal }).then((shown) => {
    if (!shown || replay.closed) return;
    const url = new URL('embed.html', shareBase);
    url.search = new URLSearchParams({ mode: 'replay', deal: shown.deal, lang: g.t.lang, autostart: 'visible',
      link: shown.link }).toString();
    replay.link = url.href;
    refresh();
  }, (err) => g.showCrash(err));
  replay.load().then(() => {
    // the keys step the replay from its buttons (the focus was on the dialog's close button while it loaded)
    if (replay.steps) dom.dialog.querySelector('[data-action="replay-next"]')?.focus();
    return replay.analyse();
  }).catch((err) => g.showCrash(err));
  return replay;
}

/** A choice sought (Your previous / next choice), once its values are drawn: on a phone they lay below the dialog's
 *  fold, under the board, and the player saw nothing change but the caption. The dialog's body is scrolled just
 *  enough that the values' table clears the pinned Back button, no further than keeps the choices' buttons whole
 *  under the close button (the player taps on through the choices from there). */
function revealValues(replay, dialog) {
  if (!replay.seeking || !replay.position) return;
  replay.valuesRevealed();
  const body = dialog.querySelector('.gt-dialog__body');
  const values = dialog.querySelector('.gt-replay__values');
  const buttons = dialog.querySelector('.gt-replay__choices');
  if (!body || !values || !buttons) return;
  // (the title is a band pinned at the body's top, the close button in it: what scrolls passes under both)
  const top = Math.max(body.getBoundingClientRect().top,
    dialog.querySelector('.gt-dialog__close')?.getBoundingClientRect().bottom ?? 0,
    dialog.querySelector('.gt-dialog__title')?.getBoundingClientRect().bottom ?? 0);
  const end = dialog.querySelector('.gt-dialog__buttons')?.getBoundingClientRect().top ?? body.getBoundingClientRect().bottom;
  const below = values.getBoundingClientRect().bottom + 8 - end;
  const room = buttons.getBoundingClientRect().top - 4 - top;
  if (below > 0) body.scrollTop += Math.min(below, Math.max(0, room));
}
