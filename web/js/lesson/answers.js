// The learner's answer, per task kind, and the JSON value check_answer expects. Nothing here knows a rule: which
// answer is right is the engine's word.

export function emptyAnswer(kind) {
  if (kind === 'select_cards' || kind === 'select_calls') return new Set();
  if (kind === 'number') return { value: '' };
  if (kind === 'score') return { Team1: '', Team2: '', instant: null };
  return null;
}

/** Whether check_answer's `expected` (the right answer, in the form an answer takes) names the board's choice *value*:
 *  one of a select task's list, a one-choice task's value, a score's instant win; a number names none. */
export function namesChoice(expected, value) {
  if (Array.isArray(expected)) return expected.includes(value);
  if (typeof expected === 'string') return expected === value;
  return Boolean(expected && typeof expected === 'object' && expected.instantWin === value);
}

const isInt = (text) => /^\s*-?\d+\s*$/.test(String(text));

export function answerReady(kind, a) {
  if (kind === 'select_cards' || kind === 'select_calls') return true;   // choosing none is an answer too
  if (kind === 'number') return isInt(a.value);
  if (kind === 'score') return Boolean(a.instant) || (isInt(a.Team1) && isInt(a.Team2));
  return a !== null;
}

export function answerValue(kind, a) {
  if (kind === 'select_cards' || kind === 'select_calls') return [...a];
  if (kind === 'number') return Number.parseInt(a.value, 10);
  if (kind === 'score') {
    return a.instant ? { instantWin: a.instant } : { Team1: Number.parseInt(a.Team1, 10), Team2: Number.parseInt(a.Team2, 10) };
  }
  return a;
}
