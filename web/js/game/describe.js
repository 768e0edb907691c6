// What the screen reader's log says of one move: the cut, call or card, the trick won, the contract, the cards dealt
// to the player, the deal's and the match's end, and whose turn it is now. Pure: words from the translator *t*.

import { contractText } from '../view/negotiation.js';

/** The line for event *ev* of the engine's apply(), which took the player's view from *before* to *view*; *me* is
 *  the player's seat. */
export function describe(t, ev, view, before, me) {
  const parts = [];
  if (before.phase === 'cut') {
    parts.push(t.bySeat('live.cut', ev.seat, me, { k: ev.action.slice(1) }));
  } else if (before.phase === 'negotiation') {
    // The calls stay in the view during the play, so the newest one is this one, in the engine's words.
    parts.push(t.bySeat('live.call', ev.seat, me, { call: view.calls.at(-1)?.text ?? ev.action }));
  } else {
    parts.push(t.bySeat('live.card', ev.seat, me, { card: t.card(ev.action) }));
  }
  if (ev.trickComplete) {
    const { winner, points, bonus } = ev.trickComplete;
    parts.push(t.bySeat(bonus ? 'live.finalTrick' : 'live.trick', winner, me, { points, bonus }));
  }
  if (ev.contract) parts.push(t('live.contract', { contract: contractText(t, ev.contract) }));
  // The cards dealt, said once: a screen reader user would otherwise have to walk the hand to find them.
  const dealt = view.hand.filter((c) => !before.hand.includes(c));
  if (dealt.length && (before.phase === 'cut' || ev.contract)) {
    parts.push(t(before.phase === 'cut' ? 'live.hand' : 'live.newCards', { cards: dealt.map(t.card).join(', ') }));
  }
  if (ev.dealOver) parts.push(t('live.dealOver', { n: ev.dealOver.dealNumber }));
  if (ev.matchOver) parts.push(t('live.matchOver', { team: t(`team.${ev.matchOver.winner}`) }));
  if (!ev.matchOver && view.toAct === me && view.phase !== 'match_over') parts.push(t(`status.yourTurn.${view.phase}`));
  return parts.join(' ');
}
