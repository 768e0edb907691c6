// The game page's first match and its links: a shared link in the address's fragment, else the saved match; the
// player's own match kept aside (and offered back) while a link's match is played; the share dialog's links.
// Which match a state belongs to, and the seed it came from, are the engine's word (jsonapi.match_info): the page
// never reads the notation's fields.

import { RulesError } from '../engine.js';
import { errorKind } from '../session.js';
import { HUMAN } from './settings.js';

// Part of a link as a notice may show it: at most *n* characters, no control character (a %00 put one there).
// eslint-disable-next-line no-control-regex -- the control characters are what it replaces
const printable = (text, n) => text.slice(0, n).replace(/[\u0000-\u001f\u007f]/g, '�');

/** Two states of one match, whatever was played since and whoever plays it (the engine's match_info). A state the
 *  engine refuses is of no match. */
async function sameMatch(game, a, b) {
  const id = (state) => game.call('match_info', { state }).then((info) => info?.id, () => null);
  const [x, y] = await Promise.all([id(a), id(b)]);
  return Boolean(x && x === y);
}

/** First load: the game page opens a shared link, else its saved match; a widget starts from its seed. */
export async function openInitialMatch(game, { seed = null, focus = false, fragment = '' } = {}) {
  if (!game.standalone) {
    await game.startNewMatch({ seed, focus });   // focus: started by the reader
    return;
  }
  if (fragment && await openFragment(game, fragment)) return;
  const saved = game.store.readSave();
  if (saved.status === 'ok') {
    try {
      await resumeSave(game, saved.save);
      await offerBack(game, saved.save);
      // A reload: the player was in the game, and the keyboard goes back there, to their first choice on their turn
      // (it was on the page's body: an audit). A first visit or a link starts at the page's top, where the first Tab
      // is "Skip to the table".
      game.ui.focusGame();
      return;
    } catch (err) {
      if (errorKind(err) !== 'refused') throw err;
      setAside(game, JSON.stringify(saved.save), err.message);
    }
  } else if (saved.status === 'bad') {
    setAside(game, saved.raw, saved.why);
  }
  await game.startNewMatch({ focus: false });
}

function setAside(game, raw, why) {
  game.notify({ key: game.store.setAside(raw, why) ? 'setAside' : 'setAsideLost', params: {} });
}

// The page seats its player at Bottom and bots elsewhere; the notation allows any seating ("rhrr", "rrrr"). Such a
// state would wait for ever for a human the page has no controls for, or play itself: refused, like a bad state.
function checkSeating(game, view) {
  const human = Object.entries(view.players).filter(([, kind]) => kind === 'human').map(([seat]) => seat);
  if (human.length !== 1 || human[0] !== HUMAN) throw new RulesError('bad_seating', game.t('link.seating'));
}

// A shared link replaced the player's own match, and the page was reloaded since (or the link was opened in another
// tab): the way back is offered again, until taken or declined. It was only offered until the page closed.
async function offerBack(game, current) {
  const back = game.store.readBack();
  if (!back) return;
  // The same match: back already, in another tab, and maybe played on since; the copy aside is older, and taking it
  // would lose those moves.
  if (await sameMatch(game, back.state, current.state)) { game.store.settleBack(); return; }
  try {
    const view = await game.call('view', { state: back.state, seat: HUMAN });
    if (!view) return;   // the engine crashed: shown as such
    checkSeating(game, view);
  } catch (err) {
    if (errorKind(err) !== 'refused') throw err;
    game.store.settleBack();   // unreadable now: it stays aside, as any other
    return;
  }
  game.notify({ key: 'kept', params: {}, back, played: back.played });
  game.ui.render();
}

/** The saved match, as it was left (its deal's result still open if it was). */
export async function resumeSave(game, save) {
  const view = await game.call('view', { state: save.state, seat: HUMAN });
  if (!view) return;
  checkSeating(game, view);
  let summary = null;
  if (save.summaryDeal) {
    summary = await game.call('deal_summary', { state: save.state, deal: save.summaryDeal }).catch(() => null);
  }
  game.adopt(save.state, view, { summary });
}

// The match in progress, before a link replaces it: kept aside (in storage too), and the way back to it returned for
// the notice to offer (only to a match that can be resumed: a damaged save offered it, then crashed).
async function keep(game, previous, shared) {
  const { store } = game;
  // A second link while the first one's way back is offered, the player not having played the first: the way back
  // stays the player's own match (the shared one was only a link; storage keeps one match aside). Played, the first
  // shared match is the one in progress, kept as any other.
  const link = game.notices.find((x) => x.back && !x.played);
  if (link) { store.markShared(shared); return link.back; }
  // The same, the page reloaded since or the link opened in another tab (no notice here): the match in progress is
  // the last link, unplayed, so the match aside stays the player's own.
  const stored = store.readBack();
  if (stored && !stored.played && stored.shared && previous.status === 'ok'
    && await sameMatch(game, previous.save.state, stored.shared)) {
    store.markShared(shared);
    return stored;
  }
  if (previous.status === 'bad') {   // unreadable: set aside and said, as without a link (it was overwritten)
    const kept = store.keepAside(previous.raw, `replaced by a shared link; ${previous.why}`);
    game.notify({ key: kept ? 'setAside' : 'setAsideLost', params: {} });
    return null;
  }
  if (previous.status !== 'ok' || previous.save.state === shared) return null;
  try {
    const view = await game.call('view', { state: previous.save.state, seat: HUMAN });
    if (!view) return null;   // the engine crashed: shown as such, not as an unreadable save
    checkSeating(game, view);
  } catch (err) {
    if (errorKind(err) !== 'refused') throw err;
    const kept = store.keepAside(JSON.stringify(previous.save), `replaced by a shared link; unreadable: ${err.message}`);
    game.notify({ key: kept ? 'setAside' : 'setAsideLost', params: {} });
    return null;
  }
  store.keepAside(JSON.stringify(previous.save), 'replaced by a shared link', { back: true, shared });
  return previous.save;
}

// A shared link opens in place of the match in progress; that match is kept (set aside in storage too) and the
// notice offers the way back to it. Opening a link silently lost it.
export async function openFragment(game, fragment, { notice = 'shared' } = {}) {
  let text = fragment.replaceAll('_', ' ');
  const args = Object.fromEntries(new URLSearchParams(fragment));
  const previous = game.store.readSave();
  try {
    const notation = /^G\d+ /.test(text);   // a match notation (G2; G1 from before the action count): older links
    if (!notation && 'seed' in args) {
      // Digits only: Number() read "" as 0, "0x10" as 16 and "1e3" as 1000, and opened those matches.
      const seed = /^\d{1,16}$/.test(args.seed) ? Number(args.seed) : NaN;
      if (!Number.isSafeInteger(seed)) {
        throw new RulesError('bad_link', game.t('link.seed', { seed: printable(args.seed, 40) }));
      }
      if (!await game.startNewMatch({ seed, rules: args.rules || game.rules, focus: false })) return false;
      const back = await keep(game, previous, game.state);
      if (back) game.notify({ key: 'sharedMatch', params: {}, back });
      game.ui.render();
      return true;
    }
    if (!notation) {   // anything else is a deal link's token (share_deal's), which the engine reads
      const opened = await game.call('open_link', { link: fragment });
      if (!opened) return false;
      text = opened.state;
    }
    const view = await game.call('view', { state: text, seat: HUMAN });
    if (!view) return false;
    checkSeating(game, view);
    const back = await keep(game, previous, text);
    game.adopt(text, view);
    game.notify({ key: notice, params: {}, back });
    game.ui.render();
    return true;
  } catch (err) {
    if (errorKind(err) !== 'refused') throw err;
    game.notify({ key: 'badLink', params: { message: err.message } });
    return false;
  }
}

/** "Back to my match" (a notice's): the match kept aside, resumed. */
export function takeBack(game, notice) {
  game.store.settleBack();
  game.dismiss(notice);
  return resumeSave(game, notice.back);
}

/** The share dialog's links, at *base*: this deal (a token), and the match from its first deal by its seed when its
 *  deck came from the seed. */
export async function shareLinks(game, base) {
  const links = {};
  // The engine makes a new match that starts with this deal: same deck, dealer, cut, scores and target; its link
  // holds a token, not the notation, so the deck cannot be read off it at a glance (docs/web.md).
  const shared = await game.call('share_deal', { state: game.state }).catch(() => null);   // refused once it is over
  if (shared) links.deal = `${base}#${shared.link}`;
  const match = await game.call('match_info', { state: game.state }).catch(() => null);
  if (match && match.seed !== null) links.seed = `${base}#seed=${match.seed}&rules=${encodeURIComponent(match.rules)}`;
  return links;
}
