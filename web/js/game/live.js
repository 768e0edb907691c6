// The screen reader's log (#gt-live, role=log): each announcement is a new line, which a screen reader reads after
// the one before (a replaced text cut the one before off when the moves came faster than speech: an audit); the last
// lines stay to be read again. What is said within a tick of the first is said together (with no pauses the bots'
// moves come faster than the tick), but a tick is never stretched: waiting for a quiet tick made one endless line of
// a fast machine's moves. The player's own action and what answers it (a refusal, a hint, a take-back), and a new
// match, start a line of their own (*fresh*).

import { h } from '../dom.js';

const LIVE_LINES = 12;   // the announcements kept in the log for a screen reader to read again
const TICK_MS = 30;

export function createLiveLog(el) {
  let timer = null;
  let queue = [];

  function flush() {
    const text = queue.join(' ');
    drop();
    if (!text) return;
    el.append(h('p', text));
    while (el.childElementCount > LIVE_LINES) el.firstElementChild.remove();
  }
  function drop() {   // unsaid words dropped: a new language, a widget removed
    clearTimeout(timer);
    timer = null;
    queue = [];
  }

  return {
    announce(text, { fresh = false } = {}) {
      if (!text) return;
      if (fresh) flush();
      queue.push(text);
      timer ??= setTimeout(flush, TICK_MS);
    },
    /** The log emptied: its lines were in the old language, and a screen reader reviewing the page would read them so. */
    clear() {
      drop();
      el.textContent = '';
    },
  };
}
