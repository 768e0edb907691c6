// A learner's progress through the lessons: the tasks solved, per lesson, in localStorage `giretra.lessons` (which
// may be absent or throw in a sandboxed iframe: then progress lasts for the page only, never a crash).

const STORE_KEY = 'giretra.lessons';

/** *storage*: localStorage, or any object with its getItem/setItem (a test's). */
export function createProgress(storage = globalThis.localStorage) {
  function read() {
    const empty = { v: 1, done: {} };
    let raw;
    try {
      raw = storage?.getItem(STORE_KEY);
    } catch {
      return empty;
    }
    if (!raw) return empty;
    try {
      const data = JSON.parse(raw);
      if (!data || data.v !== 1 || typeof data.done !== 'object' || data.done === null || Array.isArray(data.done)) {
        return empty;
      }
      const done = {};
      for (const [id, list] of Object.entries(data.done)) {
        if (!Array.isArray(list)) return empty;
        done[id] = [...new Set(list.filter((i) => Number.isInteger(i) && i >= 0))].sort((a, b) => a - b);
      }
      return { v: 1, done };
    } catch {
      return empty;   // a corrupted value is reset, never a crash
    }
  }

  return {
    read,
    /** Task *index* of lesson *id* solved. */
    markDone(id, index) {
      const progress = read();
      const list = new Set(progress.done[id] || []);
      list.add(index);
      progress.done[id] = [...list].sort((a, b) => a - b);
      try {
        storage?.setItem(STORE_KEY, JSON.stringify(progress));
      } catch {
        // Storage refused (private mode, sandbox, quota): progress lasts for this page only.
      }
    },
    /** How many of the first *count* tasks of lesson *id* are solved. */
    doneCount(id, count, progress = read()) {
      return (progress.done[id] || []).filter((i) => i < count).length;
    },
    /** Whether any task of lesson *id* is solved. */
    started(id) {
      return (read().done[id] || []).length > 0;
    },
    /** The first task of a lesson of *count* tasks not yet solved, or null when all are. */
    firstUnsolved(id, count) {
      const done = new Set(read().done[id] || []);
      const first = [...Array(count).keys()].find((i) => !done.has(i));
      return first === undefined ? null : first;
    },
  };
}
