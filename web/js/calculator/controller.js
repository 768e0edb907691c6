// The score calculator's state and actions, with no DOM: what the user chose, the engine's catalogue (modes, their
// totals and multipliers, the teams' names), its last answer or refusal, and the engine's start. Every number comes
// from the engine's `score` endpoint (giretra_core.jsonapi.score); this only collects the inputs.

export const TEAMS = ['Team1', 'Team2'];
export const MULTIPLIERS = [1, 2, 4];
export const DEBOUNCE_MS = 150;

export class Calculator {
  /** *session*: the engine session (session.js); *onChange()*: called after every change of state, to draw it. */
  constructor({ session, rules = 'giretra.com', onChange = () => {}, timers = globalThis }) {
    this.session = session;
    this.rules = rules;
    this.onChange = onChange;
    this.timers = timers;
    // `edited` is the team whose card points the user typed last: only that one is sent, the engine completes the
    // other (the total is a rule, S-1). `wanted` is the multiplier the user picked last: kept through modes that
    // cannot have it (NoTrumps is ×2 only).
    this.inputs = { mode: 'ColourHearts', multiplier: 1, wanted: 1, announcer: 'Team1', sweep: '', edited: 'Team1',
      points: { Team1: '90', Team2: '' } };
    this.catalogue = null;   // the engine's answer without a mode: modes, teams
    this.result = null;      // the engine's last answer
    this.error = null;       // {kind: 'refused'|'crash', error}: the last request's failure
    this.invalid = null;     // the team whose card points the engine refused
    this.stage = null;       // the engine's start: 'pyodide' … 'ready'
    this.loadError = null;   // the EngineLoadError of a start that failed
    this.busy = false;       // a request is on its way
    this.loads = 0;          // catalogues received (the view focuses the first field after the first)
    this.answers = 0;        // answers and failures received: each is drawn (and said) once
    this.timer = 0;
    this.destroyed = false;
  }

  /** The engine is starting (or failed to): shown stage by stage, as the game shows it. */
  get booting() {
    return !this.catalogue && Boolean(this.loadError || (this.stage && this.stage !== 'ready'));
  }

  modeInfo() {
    return this.catalogue.modes.find((m) => m.mode === this.inputs.mode) || this.catalogue.modes[0];
  }

  changed() {
    if (!this.destroyed) this.onChange(this);
  }

  /** The user changed the field *name* (mode, multiplier, announcer, sweep, Team1, Team2) to *value*. */
  input(name, value) {
    const inputs = this.inputs;
    if (TEAMS.includes(name)) {
      inputs.points[name] = value;
      inputs.edited = name;
    } else if (name === 'multiplier') {
      inputs.multiplier = inputs.wanted = Number(value);
    } else {
      inputs[name] = value;
      if (name === 'mode') this.fitMultiplier();
    }
    this.changed();
    this.schedule();
  }

  /** The mode changed: the user's multiplier if the mode can have it, else the nearest it can (the engine's list). */
  fitMultiplier() {
    const allowed = this.modeInfo().multipliers;
    const { wanted } = this.inputs;
    this.inputs.multiplier = allowed.includes(wanted) ? wanted
      : [...allowed].reverse().find((m) => m <= wanted) ?? allowed[0];
  }

  /** The request for the engine: numbers go as numbers, anything else as typed, so that the engine says what is
   *  wrong with it. */
  request() {
    const { mode, multiplier, announcer, sweep, edited, points } = this.inputs;
    const req = { rules: this.rules, mode, multiplier, announcer };
    if (sweep) {
      req.sweep = sweep;
    } else {
      const text = points[edited].trim();
      if (text !== '') req.cardPoints = { [edited]: /^[+-]?\d+(\.\d+)?$/.test(text) ? Number(text) : text };
    }
    return req;
  }

  schedule(delay = DEBOUNCE_MS) {
    this.timers.clearTimeout(this.timer);
    this.timer = this.timers.setTimeout(() => this.compute(), delay);
  }

  /** Ask the engine for the inputs' score; an answer to an older request is dropped. */
  async compute() {
    if (!this.catalogue) return;
    this.busy = true;
    this.changed();
    const answer = await this.session.latest('score', this.request(), 'calculator');
    if (!answer || this.destroyed) return;
    this.busy = false;
    if (answer.error) this.failed(answer);
    else this.scored(answer.value.result);
    this.changed();
  }

  scored(r) {
    this.answers += 1;
    this.error = null;
    this.invalid = null;
    this.result = r;
    // The engine's card points: the other team's, completed from the total; both for a sweep.
    for (const team of TEAMS) {
      if (team !== this.inputs.edited || this.inputs.sweep) this.inputs.points[team] = String(r.cardPoints[team]);
    }
  }

  failed({ error, kind }) {
    if (kind === 'load') {   // not a bug: the engine's start failed, shown where it stopped
      this.loadError = error;
      this.catalogue = null;
      this.error = null;
      this.result = null;
      return;
    }
    this.answers += 1;
    this.result = null;
    this.error = { kind, error };
    if (!this.inputs.sweep) {   // the other team's points were the engine's answer to the previous input: not valid now
      const other = TEAMS.find((team) => team !== this.inputs.edited);
      this.inputs.points[other] = '';
    }
    this.invalid = kind === 'refused' && error.code === 'bad_card_points' && !this.inputs.sweep ? this.inputs.edited : null;
  }

  /** The engine's catalogue (modes, teams), then the score of the inputs. */
  async load() {
    this.changed();
    const answer = await this.session.latest('score', { rules: this.rules }, 'calculator');
    if (!answer || this.destroyed) return;
    this.busy = false;
    if (answer.error) {
      this.failed(answer);
      this.changed();
      return;
    }
    this.catalogue = answer.value;
    this.loads += 1;
    this.changed();
    await this.compute();
  }

  /** The engine's start reached *stage*. */
  started(stage) {
    this.stage = stage;
    this.changed();
  }

  /** The engine did not start: a new one, and the calculator asks again from the start. */
  async retry() {
    await this.session.restart();
    this.loadError = null;
    this.catalogue = null;
    await this.load();
  }

  /** Everything again in *lang*: the catalogue's names, then the answer's lines. */
  setLang(lang) {
    if (this.destroyed || lang === this.session.lang) return;
    this.session.setLang(lang);
    this.catalogue = null;
    this.timers.clearTimeout(this.timer);
    this.load();
  }

  destroy() {
    this.destroyed = true;
    this.timers.clearTimeout(this.timer);
    this.session.close();
  }
}
