import assert from 'node:assert/strict';
import { test } from 'node:test';

import { createSound, soundsFor } from '../../web/js/sound.js';

const play = (toAct = 'Bottom') => ({ phase: 'play', toAct });

test('each event makes its sounds: the card, the trick, the contract made or failed, the player’s turn, the match', () => {
  assert.deepEqual(soundsFor({ seat: 'Left', action: '7S' }, play('Left'), play('Bottom'), 'Bottom', 'Team1'), ['card', 'turn']);
  assert.deepEqual(soundsFor({ seat: 'Bottom', action: '7S' }, play(), play('Left'), 'Bottom', 'Team1'), ['card']);
  assert.deepEqual(soundsFor({ seat: 'Left', action: 'ok' }, { phase: 'negotiation' }, play('Top'), 'Bottom', 'Team1'), []);
  const deal = (outcome, sweep = null) => ({ outcome, sweep, contract: { announcerTeam: 'Team2' } });
  const last = (d) => ({ seat: 'Right', action: 'AS', trickComplete: {}, dealOver: d });
  const cut = { phase: 'cut', toAct: 'Top' };
  assert.deepEqual(soundsFor(last(deal('made')), play('Right'), cut, 'Bottom', 'Team1'), ['card', 'trick', 'made']);
  assert.deepEqual(soundsFor(last(deal('failed')), play('Right'), cut, 'Bottom', 'Team1'), ['card', 'trick', 'failed']);
  assert.deepEqual(soundsFor(last(deal('sweep', 'Team1')), play('Right'), cut, 'Bottom', 'Team1'), ['card', 'trick', 'failed']);
  assert.deepEqual(soundsFor({ ...last(deal('made')), matchOver: { winner: 'Team1' } }, play('Right'),
    { phase: 'match_over', toAct: null }, 'Bottom', 'Team1'), ['card', 'trick', 'matchWon']);
  assert.deepEqual(soundsFor({ ...last(deal('made')), matchOver: { winner: 'Team2' } }, play('Right'),
    { phase: 'match_over', toAct: null }, 'Bottom', 'Team1'), ['card', 'trick', 'matchLost']);
});

/** A page's event target and a Web Audio context that records what it was asked to play. */
function fakes() {
  const listeners = new Map();
  const target = {
    addEventListener: (type, fn) => listeners.set(type, fn),
    removeEventListener: (type) => listeners.delete(type),
    fire: (type) => listeners.get(type)?.(),
    listeners,
  };
  const started = [];
  const node = () => ({ connect: (next) => next, gain: { value: 0, setValueAtTime() {}, exponentialRampToValueAtTime() {} },
    frequency: { value: 0 }, start: (at) => started.push(at), stop() {}, getChannelData: () => new Float32Array(8) });
  globalThis.AudioContext = class {
    constructor() { Object.assign(this, { currentTime: 0, sampleRate: 8000, state: 'running', destination: {} }); }
    createOscillator() { return node(); }
    createGain() { return node(); }
    createBiquadFilter() { return node(); }
    createBufferSource() { return node(); }
    createBuffer() { return node(); }
    close() {}
  };
  return { target, started };
}

test('nothing sounds before the player’s first gesture, nor when muted', () => {
  const { target, started } = fakes();
  let on = true;
  const sound = createSound(target, () => on);
  assert.equal(sound.play(['card']), false);   // the bots moved before the player touched the page
  assert.equal(started.length, 0);
  target.fire('pointerdown');
  assert.equal(sound.unlocked, true);
  assert.equal(target.listeners.size, 0, 'the gesture is listened to once');
  assert.equal(sound.play(['card', 'turn']), true);
  assert.ok(started.length >= 3);
  on = false;
  const before = started.length;
  assert.equal(sound.play(['trick']), false);
  assert.equal(started.length, before);
  assert.equal(sound.played, 2);
});
