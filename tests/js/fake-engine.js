// A stand-in for engine.js's createEngine(): every call waits until the test answers it, so a test decides the order
// in which answers come back (a stale answer is one answered after a newer request). Errors carry the real classes'
// names, which is all session.js reads.

export class RulesError extends Error {
  constructor(code, message = code, rule = '') {
    super(message);
    this.name = 'RulesError';
    this.code = code;
    this.rule = rule;
  }
}

export class EngineCrash extends Error {
  constructor(message = 'Traceback: boom') { super(message); this.name = 'EngineCrash'; }
}

export class EngineLoadError extends Error {
  constructor(stage = 'wheel', message = 'offline') { super(message); this.name = 'EngineLoadError'; this.stage = stage; }
}

/** *auto*: name -> (args) => value (or throws), answered at once; other calls wait in `pending` for the test. */
export function fakeEngine(auto = {}) {
  const listeners = new Set();
  const engine = {
    calls: [],      // every call: {name, args}
    pending: [],    // the calls not answered yet: {name, args, resolve(value), reject(err)}
    stage: null,
    destroyed: false,
    call(name, args = {}) {
      engine.calls.push({ name, args });
      if (name in auto) {
        try {
          return Promise.resolve(auto[name](args));
        } catch (err) {
          return Promise.reject(err);
        }
      }
      return new Promise((resolve, reject) => { engine.pending.push({ name, args, resolve, reject }); });
    },
    onProgress(fn) {
      listeners.add(fn);
      if (engine.stage) fn(engine.stage);
      return () => listeners.delete(fn);
    },
    progress(stage) {
      engine.stage = stage;
      for (const fn of listeners) fn(stage);
    },
    listeners: () => listeners.size,
    /** The oldest pending call named *name*, taken off the list. */
    take(name) {
      const i = engine.pending.findIndex((c) => c.name === name);
      if (i < 0) throw new Error(`no pending ${name} (pending: ${engine.pending.map((c) => c.name).join(', ') || 'none'})`);
      return engine.pending.splice(i, 1)[0];
    },
    destroy() { engine.destroyed = true; },
  };
  return engine;
}

/** Let every settled promise's continuations run. */
export const settle = () => new Promise((resolve) => { setImmediate(resolve); });

/** Timers a test runs by hand: tick() fires every due timer. */
export function fakeTimers() {
  let now = 0;
  let next = 1;
  const timers = new Map();
  return {
    now: () => now,
    setTimeout(fn, ms = 0) { const id = next++; timers.set(id, { fn, at: now + ms }); return id; },
    clearTimeout(id) { timers.delete(id); },
    get count() { return timers.size; },
    tick(ms = 0) {
      now += ms;
      for (const [id, timer] of [...timers].sort((a, b) => a[1].at - b[1].at)) {
        if (timer.at <= now && timers.has(id)) { timers.delete(id); timer.fn(); }
      }
    },
  };
}
