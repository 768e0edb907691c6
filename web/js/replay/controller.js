// A finished deal replayed step by step (its cut, each call, each card), every hand open, with what each of the
// player's cards was worth with all hands known. State and named actions, no DOM: the view (replay/view.js) draws
// it, a test drives it under node (tests/js/replay.test.js).
//
//   const replay = new Replay({ call, analyst, state, deal, seat: 'Bottom', onChange });
//   await replay.load();            // jsonapi replay_deal: the steps, each the table just after it
//   replay.next(); replay.goTo(7);  // first / prev / next / last / goTo
//   replay.analyse();               // jsonapi analyse_deal, one position per request, while the replay is open
//   replay.close();                 // answers still coming are dropped, no further request is made
//
// Every position comes from the engine: this module never plays a card or scores a trick itself.

export class Replay {
  /** *call*(name, args): an engine call (the game's: an engine bug is shown there and answers null; a refusal
   *  rejects). *analyst*(name, args): where analyse_deal goes (an engine of the replay's own, stopped when it closes;
   *  default *call*). *state*: the match; *deal*: the finished deal's number; *seat*: the player's seat (its cards
   *  analysed). */
  constructor({ call, analyst = call, state, deal, seat, onChange = () => {} }) {
    Object.assign(this, { call, analyst, state, deal, seat, onChange });
    this.steps = null;         // replay_deal's steps, or null while they come
    this.contract = null;
    this.dealer = null;
    this.index = 0;            // the step shown
    this.seeking = false;      // the step shown was sought as one of the player's choices: its values wanted in view
    this.failed = null;        // a refusal's message
    this.analysis = null;      // {total, done, byStep: Map(step index -> analysed position)} once asked
    this.link = null;          // a URL to watch this deal (the game's dialog sets it: replay/dialog.js)
    this.closed = false;
  }

  get count() { return this.steps ? this.steps.length : 0; }
  get step() { return this.steps ? this.steps[this.index] : null; }
  get atFirst() { return this.index === 0; }
  get atLast() { return this.index === this.count - 1; }
  /** The analysis of the step shown (one of the player's cards chosen among several), if it has come. */
  get position() { return this.analysis?.byStep.get(this.index) ?? null; }
  /** The step indices of the player's cards analysed so far, in order. */
  get analysedSteps() { return this.analysis ? [...this.analysis.byStep.keys()].sort((a, b) => a - b) : []; }

  async load() {
    let answer;
    try {
      answer = await this.call('replay_deal', { state: this.state, deal: this.deal });
    } catch (err) {
      if (err?.name !== 'RulesError') throw err;
      this.failed = err.message;
      this.changed();
      return;
    }
    if (this.closed || !answer) return;
    // Asked again (another language): the same step stays shown. The deal's number is the engine's (the last by default).
    const index = this.steps ? Math.min(this.index, answer.steps.length - 1) : 0;
    Object.assign(this, { steps: answer.steps, contract: answer.contract, dealer: answer.dealer, index,
      deal: answer.dealNumber });
    this.changed();
  }

  // -- stepping -------------------------------------------------------------------------------------------------------

  /** *seek*: the player went to one of their choices (prevChoice / nextChoice): its values are what they look for,
   *  brought into view when they are drawn (replay/dialog.js); any other step forgets it. */
  goTo(index, { seek = false } = {}) {
    if (!this.steps) return;
    const next = Math.max(0, Math.min(this.count - 1, Math.trunc(Number(index)) || 0));
    if (next === this.index) return;
    this.index = next;
    this.seeking = seek;
    this.changed();
  }

  first() { this.goTo(0); }
  prev() { this.goTo(this.index - 1); }
  next() { this.goTo(this.index + 1); }
  last() { this.goTo(this.count - 1); }

  /** The previous / next step where the player chose a card that has been analysed; while the analysis has not
   *  reached it, the player's next card, where its values will appear (PageDown did nothing until then). */
  prevChoice() { if (this.prevChoiceAt !== null) this.goTo(this.prevChoiceAt, { seek: true }); }
  nextChoice() { if (this.nextChoiceAt !== null) this.goTo(this.nextChoiceAt, { seek: true }); }
  /** Where prevChoice / nextChoice go, or null (none: their buttons are off). */
  get prevChoiceAt() { return this.analysedSteps.filter((i) => i < this.index).at(-1) ?? null; }
  get nextChoiceAt() {
    const s = this.analysedSteps.find((i) => i > this.index);
    if (s !== undefined) return s;
    const a = this.analysis;
    if (!this.steps || (a && a.total !== null && a.done >= a.total)) return null;   // all worked out: no choice after
    const own = this.steps.findIndex((step, i) => i > this.index && step.seat === this.seat
      && step.action.type === 'card');
    return own >= 0 ? own : null;
  }

  // -- what each card was worth -----------------------------------------------------------------------------------------

  /** The player's cards valued with every hand known, one position per request, while the replay is open: the first
   *  position of a deal is the solver's longest search (seconds), which no request can interrupt; the page gives the
   *  analysis an engine of its own (*analyst*) and stops it when the replay closes. */
  async analyse() {
    if (this.analysis || !this.steps) return;
    this.analysis = { total: null, done: 0, byStep: new Map() };
    this.changed();
    for (let first = 0; this.analysis.total === null || first < this.analysis.total; first++) {
      let part;
      try {
        part = await this.analyst('analyse_deal', { state: this.state, seat: this.seat, deal: this.deal, first, count: 1 });
      } catch (err) {
        if (this.closed) return;   // its engine stopped with the replay
        // Refused, or the analyst's engine could not start (its download failed): said in place of the values.
        if (err?.name !== 'RulesError' && err?.name !== 'EngineLoadError') throw err;
        this.failed = err.message;
        this.changed();
        return;
      }
      if (this.closed) return;
      if (!part) return;   // an engine bug, shown by the game
      for (const position of part.positions) this.analysis.byStep.set(this.stepOf(position), position);
      this.analysis.total = part.total;
      this.analysis.done = first + part.positions.length;
      this.changed();
    }
  }

  /** The step where the player played the position's card (a card is played once in a deal). */
  stepOf(position) {
    const index = this.steps.findIndex((s) => s.seat === this.seat && s.action.type === 'card'
      && s.action.card === position.played.card);
    if (index < 0) throw new Error(`analysed card ${position.played.card} is not in the deal's steps`);
    return index;
  }

  close() { this.closed = true; }

  changed() { if (!this.closed) this.onChange(this); }
}
