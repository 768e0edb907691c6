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
   *  analysed); *partner* and *opponents*: the other seats (their cards analysed next), if any. */
  constructor({ call, analyst = call, state, deal, seat, partner = null, opponents = [], onChange = () => {} }) {
    Object.assign(this, { call, analyst, state, deal, seat, partner, opponents, onChange });
    this.steps = null;         // replay_deal's steps, or null while they come
    this.contract = null;
    this.dealer = null;
    this.index = 0;            // the step shown
    this.seeking = false;      // the step shown was sought as one of the player's choices: its values wanted in view
    this.failed = null;        // a refusal's message
    this.analysis = null;      // {total, done, byStep: Map(step index -> analysed position), others} once asked
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

  /** The sought choice's values were brought into view (replay/dialog.js): later drawings leave the scroll alone. */
  valuesRevealed() { this.seeking = false; }

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
    this.analysis = { total: null, done: 0, byStep: new Map(), others: new Map() };
    this.changed();
    if (!await this.analyseSeat(this.seat, this.analysis)) return;
    // Then the other players' cards (the solver's table is kept for the deal: they come quickly): every hand known,
    // the team's best changes between two of the player's choices only by them, the partner's lowering it and the
    // opponents' raising it, and the view names the cards that changed it.
    for (const [seat, partner] of [[this.partner, true], ...this.opponents.map((o) => [o, false])]) {
      if (!seat) continue;
      const into = { total: null, done: 0, byStep: new Map(), partner };
      this.analysis.others.set(seat, into);
      this.changed();
      if (!await this.analyseSeat(seat, into)) return;
    }
  }

  /** *seat*'s positions, one per request, into *into* ({total, done, byStep}); true once all have come. */
  async analyseSeat(seat, into) {
    for (let first = 0; into.total === null || first < into.total; first++) {
      let part;
      try {
        part = await this.analyst('analyse_deal', { state: this.state, seat, deal: this.deal, first, count: 1 });
      } catch (err) {
        if (this.closed) return false;   // its engine stopped with the replay
        // Refused, or the analyst's engine could not start (its download failed): said in place of the values.
        if (err?.name !== 'RulesError' && err?.name !== 'EngineLoadError') throw err;
        this.failed = err.message;
        this.changed();
        return false;
      }
      if (this.closed || !part) return false;   // (no part: an engine bug, shown by the game)
      for (const position of part.positions) into.byStep.set(this.stepOf(position, seat), position);
      into.total = part.total;
      into.done = first + part.positions.length;
      this.changed();
    }
    return true;
  }

  /** Another player's analysed position at the step shown (their card chosen among several), if it has come:
   *  {seat, partner, position}. */
  get otherPosition() {
    const seat = this.step?.seat;
    const into = seat === this.seat ? null : this.analysis?.others.get(seat);
    const position = into?.byStep.get(this.index);
    return position ? { seat, partner: into.partner, position } : null;
  }

  /** From the player's previous analysed choice to the one shown: the team's best card points, every hand known,
   *  {from: the card played then, to: the best now, cards: [{step, seat, position, by}] the other players' cards in
   *  between that changed it (by < 0: the partner's, lowering it), done: whether all theirs have come}; null at the
   *  first choice, or when it did not change. */
  get change() {
    const here = this.position;
    const before = this.prevChoiceAt;
    if (!here || before === null) return null;
    const was = this.analysis.byStep.get(before);
    const from = was.cards.find((c) => c.card === was.played.card)?.cardPoints;
    const to = Math.max(...here.cards.map((c) => c.cardPoints));
    if (from === undefined || from === to) return null;
    const cards = [];
    for (const [seat, into] of this.analysis.others) {
      for (const [step, position] of into.byStep) {
        if (step > before && step < this.index && position.lost.cardPoints > 0) {
          cards.push({ step, seat, position, by: (into.partner ? -1 : 1) * position.lost.cardPoints });
        }
      }
    }
    cards.sort((a, b) => a.step - b.step);
    const expected = (this.partner ? 1 : 0) + this.opponents.length;
    const done = this.analysis.others.size === expected
      && [...this.analysis.others.values()].every((into) => into.total !== null && into.done >= into.total);
    return { from, to, cards, done };
  }

  /** The step where *seat* played the position's card (a card is played once in a deal). */
  stepOf(position, seat = this.seat) {
    const index = this.steps.findIndex((s) => s.seat === seat && s.action.type === 'card'
      && s.action.card === position.played.card);
    if (index < 0) throw new Error(`analysed card ${position.played.card} is not in the deal's steps`);
    return index;
  }

  close() { this.closed = true; }

  changed() { if (!this.closed) this.onChange(this); }
}
