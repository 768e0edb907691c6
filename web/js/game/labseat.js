// The bot lab's bot at one seat of the game (lab.html's "Play with it as partner" / "Play against it": the game page
// opened with ?labbot=SEAT). Its decisions come from the lab's own worker (lab/engine.js: the author's code never
// runs in the game's engine, and a decision past the lab's time limit ends that worker), through the lab seam's
// decide(), which checks them as the arena does. Loaded only then: the game page otherwise fetches nothing of it.

import { createLabEngine } from '../lab/engine.js';
import { STORE_KEY } from '../lab/controller.js';

export const LAB_SEATS = ['Top', 'Left', 'Right'];

export class LabBotError extends Error {
  constructor(message, line = null) {
    super(message);
    this.name = 'LabBotError';
    this.line = line;
  }
}

/** The lab's saved bot at *seat*, or null when none is saved (or the entry cannot be read: the lab says why). */
export function createLabSeat(seat, store = localStorage) {
  let source;
  try {
    const saved = JSON.parse(store.getItem(STORE_KEY));
    source = saved?.version === 1 && typeof saved.source === 'string' ? saved.source : null;
  } catch {
    source = null;
  }
  if (!LAB_SEATS.includes(seat) || !source) return null;
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
      if (!answer.ok) throw new LabBotError(answer.error.message, answer.error.line ?? null);
      return answer.value;
    },
    stop() { engine.stop(); },
  };
}
