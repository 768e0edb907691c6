// The interactive lesson player: one lesson's tasks, a board, the learner's answer, the engine's verdict.
//
//   const player = mount(root, { engine, lang: 'fr', lesson: 'play-follow-suit', rulesHref: 'rules.html' });
//   player.setLang('mg');   // re-asks the engine in the new language, keeps the place
//   player.destroy();
//
// The wiring of controller.js (state and actions, no DOM) and view.js. Nothing here knows a rule: positions, options,
// expected answers and feedback come from the engine. `root` may sit inside a shadow root; only `root` is queried.
// Without `lesson`, the list of lessons is shown, grouped by family, and the reader picks one. Progress is kept in
// localStorage `giretra.lessons` (progress.js).

import { languageSwitch, translator } from '../i18n.js';
import { createSession } from '../session.js';
import { LessonPlayer } from './controller.js';
import { createView } from './view.js';

export function mount(root, { engine, lang = 'en', lesson = null, rulesHref = 'rules.html', restartEngine = null,
  focus = false, headingLevel = 2 } = {}) {
  let t = translator(lang);   // loaded by the host (widget.js) before the mount
  const switchLang = languageSwitch();
  const session = createSession(engine, { lang: t.lang, restartEngine });
  const view = createView({ root, lang: t.lang, headingLevel, rulesHref, canRestart: Boolean(restartEngine) });
  const ctrl = new LessonPlayer({ session, lesson, focus, onChange: (c) => view.render(c, t) });
  root.replaceChildren(...view.nodes);
  // The engine's start, followed until it is ready (a late follower hears the stage reached so far, at once).
  const unfollow = session.onProgress((stage) => ctrl.started(stage));
  ctrl.start();
  return {
    /** Once the words of *next* are loaded (of two switches in a row, the last wins). */
    async setLang(next) {
      const words = await switchLang(next);
      if (!words) return;
      t = words;
      await ctrl.setLang(t.lang);
    },
    destroy() {
      unfollow();
      ctrl.destroy();
      view.destroy();
      root.replaceChildren();
    },
  };
}
