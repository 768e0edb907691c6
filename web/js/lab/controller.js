// The bot lab's state and named actions; no DOM (lab/view.js renders it). The engine (lab/engine.js, or a fake in
// tests/js/lab.test.js) runs the bot in its own worker; the store is localStorage or a Map-like fake.
//
// state.status: 'idle' | 'checking' | 'running' | 'done' | 'error'
// state.error: null | {kind: 'bot' | 'limit' | 'input' | 'crash', message, line}
// state.result: the arena's figures (giretra_core.lab.play's value) of the last run

import { savedSource, STORE_KEY } from './saved.js';
import { TEMPLATES } from './templates.js';

export const MAX_LINK = 6000;                 // characters of a share link's hash (longer links break in chats)
export const DEAL_CHOICES = [20, 100, 300];

export function createLabController({ engine, store, words = (key) => key }) {
  const listeners = new Set();
  const state = {
    source: TEMPLATES.random, status: 'idle', error: null, result: null,
    progress: null, opponent: 'basic', deals: 100, notice: '',
  };
  const emit = () => { for (const fn of listeners) fn(state); };
  const set = (patch) => { Object.assign(state, patch); emit(); };

  const failed = (err) => {
    if (err?.name === 'TimeLimitError') {
      return { kind: 'limit', message: words('lab.limit', { ms: err.limitMs }), line: null };
    }
    if (err?.name === 'LabLoadError') {   // a download that failed: said in the reader's words, tried again on the next press
      return { kind: 'load', message: words('lab.loadFailed', { detail: err.message }), line: null };
    }
    return { kind: 'crash', message: String(err?.message || err), line: null };
  };
  // The bot's mistakes in the reader's language (the seam's kind and params); another refusal as the seam says it.
  const refused = (error) => ({ kind: error.code === 'bot_error' ? 'bot' : 'input',
    message: error.kind ? words(`lab.bot.${error.kind}`, error.params) : error.message,
    line: error.line ?? null });

  return {
    state,
    subscribe(fn) { listeners.add(fn); return () => listeners.delete(fn); },
    setSource(source) { set({ source, error: null, notice: '' }); },
    useTemplate(name) {
      if (!(name in TEMPLATES)) throw new Error(`no template ${name}`);
      set({ source: TEMPLATES[name], error: null, result: null, notice: '' });
    },
    setOpponent(opponent) { set({ opponent }); },
    setDeals(deals) { set({ deals }); },
    onPairs(done, total) { set({ progress: { done, total } }); },

    async check() {
      set({ status: 'checking', error: null, notice: '' });
      try {
        const answer = await engine.call('check', { source: state.source });
        set(answer.ok ? { status: 'idle', notice: words('lab.checked') } : { status: 'error', error: refused(answer.error) });
      } catch (err) {
        set({ status: 'error', error: failed(err) });
      }
    },

    async run(seed = 1) {
      set({ status: 'running', error: null, result: null, notice: '', progress: { done: 0, total: state.deals } });
      try {
        const answer = await engine.call('play',
          { source: state.source, opponent: state.opponent, deals: state.deals, seed });
        set(answer.ok ? { status: 'done', result: answer.value } : { status: 'error', error: refused(answer.error) });
      } catch (err) {
        set(err?.message === 'stopped' ? { status: 'idle', notice: words('lab.stopped') }
          : { status: 'error', error: failed(err) });
      }
    },

    stop() { engine.stop(); },

    save() {
      store.setItem(STORE_KEY, JSON.stringify({ version: 1, source: state.source }));
      set({ notice: words('lab.saved') });
    },

    /** The saved bot, if any (a damaged or other-version entry is ignored, said, and left alone). */
    restore() {
      const { source, why } = savedSource(store);
      if (source !== null) {
        set({ source, notice: words('lab.restored') });
        return true;
      }
      if (why === 'unreadable') set({ notice: words('lab.saveUnreadable') });
      return false;
    },

    async shareHash() {
      const hash = 'bot=' + await compress(state.source);
      if (hash.length > MAX_LINK) {
        set({ error: { kind: 'input', message: words('lab.tooLong', { max: MAX_LINK }), line: null } });
        return null;
      }
      return hash;
    },

    async openHash(hash) {
      const match = /^#?bot=([A-Za-z0-9_-]+)$/.exec(hash);
      if (!match) return false;
      try {
        set({ source: await decompress(match[1]), notice: words('lab.opened'), error: null });
        return true;
      } catch {
        set({ error: { kind: 'input', message: words('lab.badLink'), line: null } });
        return false;
      }
    },

    openFile(text) {
      if (typeof text !== 'string' || text.length > 100000) {
        set({ error: { kind: 'input', message: words('lab.badFile'), line: null } });
        return;
      }
      set({ source: text, error: null, result: null, notice: words('lab.opened') });
    },
  };
}

// The source deflated (CompressionStream, in browsers and node) and written as base64url.
async function streamBytes(bytes, stream) {
  const out = new Response(new Blob([bytes]).stream().pipeThrough(stream));
  return new Uint8Array(await out.arrayBuffer());
}

export async function compress(text) {
  const bytes = await streamBytes(new TextEncoder().encode(text), new CompressionStream('deflate-raw'));
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export async function decompress(text) {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder('utf-8', { fatal: true })
    .decode(await streamBytes(bytes, new DecompressionStream('deflate-raw')));
}
