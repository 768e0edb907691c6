// <giretra-game mode="replay" link="d1.…">: a finished deal replayed step by step on any page (the rules page's
// worked examples), every hand open, from a link's token (the notation.format_link of a match whose deal is over).
//
//   const app = mount(root, { engine, lang: 'fr', link: 'd1.…', deal: 1 });   // deal: default the match's last one
//   app.setLang('mg');   // the same step, in the new language
//   app.destroy();
//
// The replay's controller and view are the game page's (replay/controller.js, replay/view.js); every seat is named
// (no "You": the reader watches), and the cards are not valued (the game page's replay does that for the player).

import { h, replaceKeepingFocus } from '../dom.js';
import { languageSwitch, translator } from '../i18n.js';
import { createSession } from '../session.js';
import { Replay } from './controller.js';
import { renderReplay } from './view.js';

export function mount(root, { engine, lang = 'en', link = null, deal = null, restartEngine = null, focus = false,
  captioned = false, headingLevel = 2 } = {}) {
  let t = translator(lang);   // loaded by the host (widget.js) before the mount
  const switchLang = languageSwitch();
  let replay = null;
  let failed = null;           // why there is nothing to replay (a bad token, an engine that did not start):
                               // { message, policy: the directive of a security policy that refused the engine }
  const session = createSession(engine, { lang: t.lang, restartEngine });
  const box = h('div.gt-replay-widget.gt-dialog');   // drawn as in the game's dialog (its colours)
  root.replaceChildren(box);
  let focused = false;

  function draw() {
    let content;
    if (failed) {
      // A host's security policy that refused the engine is named (a Try again cannot help), as in a lesson.
      const why = failed.policy ? t('loading.failedPolicy', { directive: failed.policy }) : failed.message;
      content = h('p.gt-widget__status', { attrs: { role: 'alert' } }, `${t('replay.failed')} ${why}`);
    } else if (!replay?.steps) content = h('p.gt-widget__status', { attrs: { role: 'status' } }, t('replay.loading'));
    // The host's caption stays the example's title ("Watch a whole deal: Hearts doubled…", in the host page's
    // language: its own elements, through a slot), under the host's heading (three h2 "Deal 1: the replay" before).
    else content = renderReplay(t, replay, { me: null, title: captioned ? h('slot') : null, headingLevel });
    replaceKeepingFocus(box, content);
    if (focus && !focused && replay?.steps) { focused = true; box.querySelector('[data-action="replay-next"]')?.focus(); }
  }

  const fail = (err) => {
    if (err?.name !== 'RulesError' && err?.name !== 'EngineLoadError') console.error(err);
    failed = { message: err?.message ?? String(err), policy: err?.policy ?? null };
    draw();
  };

  (async () => {
    draw();
    if (!link) throw Object.assign(new Error(t('replay.noLink')), { name: 'RulesError' });
    const { state } = await session.openLink({ link });
    replay = new Replay({ call: (name, args) => session.call(name, args), state, deal, seat: null, onChange: draw });
    await replay.load();
    if (replay.failed) fail(new Error(replay.failed));
  })().catch(fail);

  return {
    /** Once the words of *next* are loaded (of two switches in a row, the last wins): the same step, re-asked. */
    async setLang(next) {
      const words = await switchLang(next);
      if (!words) return;
      t = words;
      session.setLang(t.lang);
      if (replay?.steps) await replay.load().catch(fail);
      else draw();
    },
    destroy() {
      replay?.close();
      session.close();
      root.replaceChildren();
    },
  };
}
