// The bot lab's saved bot in the browser's storage: one entry, read by the lab (lab/controller.js) and by the game
// page's lab seat (game/labseat.js), which must not pull the lab's editor or templates to read it.

export const STORE_KEY = 'giretra-lab-v1';   // {version: 1, source}

/** The saved bot's source in *store* (localStorage or a Map-like fake): {source} when one can be read, else
 *  {source: null, why: 'none'} (nothing saved) or {source: null, why: 'unreadable'} (damaged, or another version). */
export function savedSource(store) {
  const text = store.getItem(STORE_KEY);
  if (!text) return { source: null, why: 'none' };
  try {
    const saved = JSON.parse(text);
    if (saved?.version === 1 && typeof saved.source === 'string') return { source: saved.source };
  } catch {
    // not JSON: said as unreadable below
  }
  return { source: null, why: 'unreadable' };
}
