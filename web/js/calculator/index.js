// The score calculator (issue 5): contract + card points in, match points and the engine's arithmetic out.
//
//   const calc = mount(root, { engine, lang: 'fr', rules: 'giretra.com', rulesHref: 'rules.html' });
//   calc.setLang('mg');   // re-labels everything and recomputes
//   calc.destroy();       // empties root, ignores answers still in flight
//
// The wiring of controller.js (state and actions, no DOM) and view.js (the form and the answer). An engine that does
// not start is shown as the game shows it, by stage, with a Try again button (*restartEngine*: the widget's).

import { focusIsFree } from '../dom.js';
import { languageSwitch, translator } from '../i18n.js';
import { createSession } from '../session.js';
import { Calculator } from './controller.js';
import { createView } from './view.js';

export function mount(root, { engine, lang = 'en', rules = 'giretra.com', rulesHref = '', focus = false,
  headingLevel = 2, restartEngine = null } = {}) {
  let t = translator(lang);   // loaded by the host (widget.js) before the mount
  const switchLang = languageSwitch();
  const session = createSession(engine, { lang: t.lang, restartEngine });
  let focused = false;
  const draw = (ctrl) => {
    view.render(ctrl, t);
    // Started by the reader: its first field takes the focus once drawn.
    if (focus && !focused && ctrl.loads) { focused = true; view.firstField()?.focus(); }
  };
  const ctrl = new Calculator({ session, rules, onChange: draw });
  const view = createView({ headingLevel, rulesHref, onInput: (name, value) => ctrl.input(name, value),
    onSubmit: () => ctrl.schedule(0), onRetry: restartEngine && (() => ctrl.retry()) });
  root.replaceChildren(view.el);
  if (focus && focusIsFree(root)) {
    // Started from the keyboard: the focus waits in the calculator while the engine starts (it fell to the page's body
    // for those seconds: an audit); its first field takes it once drawn.
    view.el.tabIndex = -1;
    view.el.focus({ preventScroll: true });
  }
  const unfollow = session.onProgress((stage) => ctrl.started(stage));
  ctrl.load();
  return {
    /** Once the words of *next* are loaded (of two switches in a row, the last wins). */
    async setLang(next) {
      const words = await switchLang(next);
      if (!words) return;
      t = words;
      ctrl.setLang(t.lang);
    },
    destroy() {
      unfollow();
      ctrl.destroy();
      root.replaceChildren();
    },
  };
}
