// The bot lab's bot at one seat of the game (lab.html's "Play with it as partner" / "Play against it": the game page
// opened with ?labbot=SEAT). Its decisions come from the lab's own worker (lab/engine.js: the author's code never
// runs in the game's engine, and a decision past the lab's time limit ends that worker), through the lab seam's
// decide(), which checks them as the arena does. Loaded only then: the game page otherwise fetches nothing of it.

import { createLabEngine } from '../lab/engine.js';
import { savedSource } from '../lab/saved.js';

export const LAB_SEATS = ['Top', 'Left', 'Right'];

export class LabBotError extends Error {
  constructor(message, line = null, kind = null, params = {}) {
    super(message);
    this.name = 'LabBotError';
    Object.assign(this, { line, kind, params });   // kind, params: the lab seam's, for the reader's language
  }
}

/** The lab's saved bot at *seat*: {labSeat} to play it, or {labSeat: null, notice} saying why the engine's bot plays
 *  there instead (no bot saved, an entry that cannot be read, a seat the lab's bot cannot take), with a link to the
 *  lab: a notice for the game (controller.js notify). The saved entry itself is left as it is. */
export function openLabSeat(seat, store = localStorage) {
  const link = { href: 'lab.html', label: 'notice.toLab' };
  if (!LAB_SEATS.includes(seat)) return { labSeat: null, notice: { key: 'labBotSeat', link } };
  const { source, why } = savedSource(store);
  if (source === null) {
    return { labSeat: null, notice: { key: why === 'none' ? 'labBotNone' : 'labBotUnreadable', seat, link } };
  }
  return { labSeat: createLabSeat(seat, source), notice: null };
}

/** The bot *source* at *seat* (one of LAB_SEATS), run in the lab's own worker. */
function createLabSeat(seat, source) {
  const engine = createLabEngine();
  engine.warm();
  return {
    seat,
    /** {action, why} for *seat* in *state*, or a LabBotError saying what went wrong (with its line). */
    async decide(state) {
      let answer;
      try {
        answer = await engine.call('decide', { source, state, seat, seed: 0 });
      } catch (err) {
        throw new LabBotError(err.message);   // the time limit (the worker was ended), or the lab's worker failed
      }
      const { error } = answer;
      if (!answer.ok) throw new LabBotError(error.message, error.line ?? null, error.kind ?? null, error.params ?? {});
      return answer.value;
    },
    stop() { engine.stop(); },
  };
}
