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

const isInt = (text) => /^\s*[+-]?\d+\s*$/.test(String(text));
const typed = (text) => String(text ?? '').trim() !== '';
// A whole number is sent as one; anything else as the text typed, for the engine to say why it is no answer.
const typedValue = (text) => (isInt(text) ? Number.parseInt(text, 10) : String(text).trim());

export function answerReady(kind, a) {
  if (kind === 'select_cards' || kind === 'select_calls') return true;   // choosing none is an answer too
  // Anything typed may be checked: the engine says why 11.5, 1e2 or −3 cannot be an answer (a Check greyed out on
  // them said nothing).
  if (kind === 'number') return typed(a.value);
  if (kind === 'score') return Boolean(a.instant) || (typed(a.Team1) && typed(a.Team2));
  return a !== null;
}

export function answerValue(kind, a) {
  if (kind === 'select_cards' || kind === 'select_calls') return [...a];
  if (kind === 'number') return typedValue(a.value);
  if (kind === 'score') {
    return a.instant ? { instantWin: a.instant } : { Team1: typedValue(a.Team1), Team2: typedValue(a.Team2) };
  }
  return a;
}
