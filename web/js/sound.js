// The table's sounds, made by Web Audio (no file to fetch): a card played, the player's turn, a trick won, a contract
// made or failed, a match won or (quietly) lost. Nothing sounds before the player's first gesture on the page (browsers hold audio until
// then, and a page that speaks first is rude): the AudioContext is made on the first key or tap. The mute is a
// setting (settings.sound, kept with the others).

/** The sounds one engine event makes, in order: the names of SOUNDS below. *before* and *view*: the player's views
 *  around the move; *me*: the player's seat; *myTeam*: the player's team. */
export function soundsFor(ev, before, view, me, myTeam) {
  const out = [];
  if (before?.phase === 'play' && ev.action) out.push('card');
  if (ev.trickComplete) out.push('trick');
  const deal = ev.dealOver;
  if (deal && !ev.matchOver) {
    const announcers = deal.contract?.announcerTeam;
    const lost = deal.outcome === 'failed' || (deal.outcome === 'sweep' && deal.sweep !== announcers);
    if (lost) out.push('failed');
    else if (deal.outcome === 'made' || deal.outcome === 'sweep') out.push('made');
  }
  if (ev.matchOver) out.push(ev.matchOver.winner === myTeam ? 'matchWon' : 'matchLost');
  else if (ev.seat !== me && view?.toAct === me && view.phase !== 'match_over') out.push('turn');
  return out;
}

// Each sound: notes [frequency Hz, start s, length s, wave, gain], or a short filtered noise (a card on the cloth).
const SOUNDS = {
  card: { noise: [0.06, 2200, 0.35] },
  turn: { notes: [[660, 0, 0.12, 'sine', 0.18], [880, 0.1, 0.16, 'sine', 0.16]] },
  trick: { noise: [0.09, 900, 0.3], notes: [[196, 0.02, 0.12, 'triangle', 0.2]] },
  made: { notes: [[523, 0, 0.14, 'triangle', 0.2], [659, 0.12, 0.14, 'triangle', 0.2], [784, 0.24, 0.26, 'triangle', 0.22]] },
  failed: { notes: [[392, 0, 0.18, 'triangle', 0.2], [311, 0.16, 0.3, 'triangle', 0.2]] },
  matchWon: { notes: [[523, 0, 0.14, 'triangle', 0.2], [659, 0.12, 0.14, 'triangle', 0.2], [784, 0.24, 0.14, 'triangle', 0.2],
    [1047, 0.36, 0.45, 'triangle', 0.24]] },
  // a lost match: two soft low notes, quieter than a failed contract (no fanfare, no sting)
  matchLost: { notes: [[330, 0, 0.3, 'sine', 0.08], [262, 0.26, 0.5, 'sine', 0.07]] },
};

/** A player of SOUNDS on *target*'s first gesture; *enabled()* says whether the mute is off. */
export function createSound(target, enabled) {
  let ctx = null;
  let played = 0;
  const forget = () => {
    target.removeEventListener('pointerdown', unlock, true);
    target.removeEventListener('keydown', unlock, true);
  };
  function unlock() {
    forget();
    const Context = globalThis.AudioContext ?? globalThis.webkitAudioContext;
    if (Context) ctx = new Context();
  }
  target.addEventListener('pointerdown', unlock, true);
  target.addEventListener('keydown', unlock, true);

  function note(at, [freq, start, length, wave, gain]) {
    const osc = ctx.createOscillator();
    const amp = ctx.createGain();
    osc.type = wave;
    osc.frequency.value = freq;
    amp.gain.setValueAtTime(0.0001, at + start);
    amp.gain.exponentialRampToValueAtTime(gain, at + start + 0.01);
    amp.gain.exponentialRampToValueAtTime(0.0001, at + start + length);
    osc.connect(amp).connect(ctx.destination);
    osc.start(at + start);
    osc.stop(at + start + length + 0.02);
  }

  function noise(at, [length, cutoff, gain]) {
    const buffer = ctx.createBuffer(1, Math.ceil(ctx.sampleRate * length), ctx.sampleRate);
    const data = buffer.getChannelData(0);
    for (let i = 0; i < data.length; i++) data[i] = (Math.random() * 2 - 1) * (1 - i / data.length) ** 2;
    const src = ctx.createBufferSource();
    const filter = ctx.createBiquadFilter();
    const amp = ctx.createGain();
    src.buffer = buffer;
    filter.type = 'bandpass';
    filter.frequency.value = cutoff;
    amp.gain.value = gain;
    src.connect(filter).connect(amp).connect(ctx.destination);
    src.start(at);
  }

  return {
    /** Play *names* one after the other (a card, then the trick it won): false when nothing could sound. */
    play(names) {
      if (!ctx || !enabled() || !names.length) return false;
      if (ctx.state === 'suspended') ctx.resume();
      let at = ctx.currentTime + 0.01;
      for (const name of names) {
        const s = SOUNDS[name];
        if (s.noise) noise(at, s.noise);
        for (const n of s.notes ?? []) note(at, n);
        at += 0.18;
      }
      played += names.length;
      return true;
    },
    /** How many sounds have been played (the browser tests read it: sound itself cannot be heard there). */
    get played() { return played; },
    get unlocked() { return ctx !== null; },
    destroy() { forget(); ctx?.close(); },
  };
}
