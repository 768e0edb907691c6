// localStorage for save.js, in node: a Map behind the three calls it makes.

export function fakeLocalStorage() {
  const items = new Map();
  globalThis.localStorage = {
    getItem: (k) => (items.has(k) ? items.get(k) : null),
    setItem: (k, v) => { items.set(k, String(v)); },
    removeItem: (k) => { items.delete(k); },
  };
  return items;
}
