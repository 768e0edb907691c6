// The one client of the engine that the game, the lesson and the calculator share: named calls in the surface's
// language, answers no longer wanted dropped, and every failure sorted into one of three kinds.
//
//   const session = createSession(engine, { lang: 'fr', restartEngine });
//   const { state, view } = await session.newMatch({ rules, players });   // rejects as engine.call does
//   const answer = await session.latest('score', request);              // {value} | {error, kind} | null (stale)
//   session.setLang('mg'); session.restart(); session.close();
//
// Touches no DOM: the controllers that hold one run under node, against a fake engine (tests/js).

/** 'refused' (the rules said no: RulesError), 'load' (the engine never started: EngineLoadError) or 'crash' (anything
 *  else: an engine or page bug, shown, never swallowed). By name: the classes may come from another copy of engine.js. */
export function errorKind(err) {
  if (err?.name === 'RulesError') return 'refused';
  if (err?.name === 'EngineLoadError') return 'load';
  return 'crash';
}

// The seam's endpoints (giretra_core.jsonapi), each a method: session.botAction(args) = call('bot_action', args).
const ENDPOINTS = ['info', 'new_match', 'apply', 'view', 'bot_action', 'take_back', 'set_players', 'score_sheet',
  'deal_summary', 'review', 'analyse_deal', 'expert_deal', 'match_info', 'replay_deal', 'replay_link', 'share_deal',
  'open_link',
  'score', 'lessons',
  'lesson_task', 'check_answer'];
const camel = (name) => name.replace(/_(\w)/g, (_, c) => c.toUpperCase());

const never = () => new Promise(() => {});

export function createSession(engine, { lang = 'en', restartEngine = null } = {}) {
  let closed = false;
  const lanes = new Map();   // lane -> the number of its newest request
  const listeners = new Set();
  let unfollow = null;
  const follow = () => { unfollow = engine.onProgress?.((stage) => { for (const fn of listeners) fn(stage); }) ?? null; };

  const session = {
    get lang() { return lang; },
    get engine() { return engine; },
    get closed() { return closed; },
    /** The language of the engine's words (reasons, calls, arithmetic) in every later answer. */
    setLang(next) { lang = next; },

    /** engine.call with the session's language. Once closed (a removed widget), nothing ever comes back. */
    call(name, args = {}) {
      if (closed) return never();
      const answer = engine.call(name, { ...args, lang });
      return answer.then((value) => (closed ? never() : value), (err) => (closed ? never() : Promise.reject(err)));
    },

    /** The newest request of its *lane* wins: {value} or {error, kind}, or null when a newer request of the lane was
     *  made meanwhile (or the session closed). A crash is logged even when stale: a bug stays loud. */
    async latest(name, args = {}, lane = name) {
      const mine = (lanes.get(lane) ?? 0) + 1;
      lanes.set(lane, mine);
      const current = () => !closed && lanes.get(lane) === mine;
      try {
        const value = await session.call(name, args);
        return current() ? { value } : null;
      } catch (error) {
        const kind = errorKind(error);
        if (kind === 'crash') console.error(`giretra: engine bug in ${name}`, error);
        return current() ? { error, kind } : null;
      }
    },

    /** Make every pending answer of *lane* stale. */
    drop(lane) { lanes.set(lane, (lanes.get(lane) ?? 0) + 1); },

    /** Follow the engine's start ('pyodide' | 'wheel' | 'ready'), across restarts. Returns the unfollow. */
    onProgress(fn) {
      listeners.add(fn);
      if (listeners.size === 1) follow();
      else if (engine.onProgress) { const off = engine.onProgress(fn); off?.(); }   // a late one hears the stage now
      return () => { listeners.delete(fn); if (!listeners.size) { unfollow?.(); unfollow = null; } };
    },

    /** The engine did not start: a new one (the widget's or the page's), followed as the old one was. */
    async restart() {
      if (!restartEngine) throw new Error('no way to restart the engine here');
      unfollow?.();
      engine = await restartEngine();
      for (const lane of lanes.keys()) session.drop(lane);
      if (listeners.size) follow();
      return engine;
    },

    close() {
      closed = true;
      unfollow?.();
      unfollow = null;
      listeners.clear();
    },
  };
  for (const name of ENDPOINTS) session[camel(name)] = (args) => session.call(name, args);
  return session;
}
