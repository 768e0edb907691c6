// A box of calls that scrolls says so: on a phone the calls scroll inside the pinned dock (about 90 px of them at
// 360×640), and nothing showed that more were below. Its cut edges fade (table.css: is-cut-above, is-cut-below) and,
// below, a count says how many calls are out of view ("▾ 3 more"). For the eye only: the calls, their keys and what a
// screen reader reads are unchanged (the count is aria-hidden; the calls themselves are all in the group).

/** Mark *box* (the dock's panel, or null) and keep it marked as it scrolls; *t*: the page's words. Returns the marking
 *  (to do again when the box's size changes), or null. */
export function signScroll(box, t) {
  if (!box) return null;
  const more = box.querySelector(':scope > .gt-panel__more');
  const update = () => {
    const below = box.scrollTop + box.clientHeight < box.scrollHeight - 1;
    box.classList.toggle('is-cut-above', box.scrollTop > 1);
    box.classList.toggle('is-cut-below', below);
    if (!more) return;
    // A call is out of view when it is not whole above the box's bottom edge (under the fade, or below it).
    const edge = box.getBoundingClientRect().bottom;
    const hidden = below ? [...box.querySelectorAll('.gt-bid')].filter((b) => {
      const r = b.getBoundingClientRect();
      return r.height > 0 && r.bottom > edge + 0.5;
    }).length : 0;
    more.textContent = hidden ? t('bids.more', { n: hidden }) : '';
  };
  box.addEventListener('scroll', update, { passive: true });
  update();
  return update;
}
