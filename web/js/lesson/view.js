// The lesson player drawn from its controller's state: the whole of it on every change (a lesson is a handful of
// nodes), but for a choice pressed or a number typed, drawn in place (a drawing anew would take the keyboard's focus).
//
// Test hooks: .gt-lesson[data-lesson][data-task][data-state=list|loading|asking|right|wrong|complete],
// [data-answer] answer controls (.is-refused: a wrong choice; .is-answer: a right one, once the answer is shown),
// [data-action=check|retry|show-answer|next|restart|list|open|reload], [data-input=number|Team1|Team2],
// .gt-lesson__feedback a[data-rule].

import { focusIsFree, h, prose, uid } from '../dom.js';
import { renderCard } from '../view/cards.js';
import { renderLoading } from '../view/chrome.js';
import { answerReady, namesChoice } from './answers.js';

const FAMILIES = ['cards', 'deal', 'negotiation', 'play', 'scoring', 'match'];
const TEAMS = ['Team1', 'Team2'];

/** *root*: where the widget is mounted (focus checks); *canRestart*: a Try again button after a failed start. */
export function createView({ root, lang, headingLevel = 2, rulesHref = 'rules.html', canRestart = false }) {
  // The lesson's title sits one level under the host page's heading before it (a rule's h3 on the rules page: an h2
  // there broke the page's outline); its parts' labels one level lower.
  const hTitle = `h${Math.min(6, headingLevel)}`;
  const hPart = `h${Math.min(6, headingLevel + 1)}`;
  const el = h('div.gt-lesson', { attrs: { lang } });
  // The verdict is said from a region that stays put: the feedback box is drawn anew at each render, and a live
  // region that arrives already filled is often not read at all.
  const spoken = h('div.gt-sr.gt-lesson__said', { attrs: { role: 'status', 'aria-live': 'polite', lang } });
  let c = null;   // the controller and translator of the drawing under way (set by render)
  let t = null;

  let sayTimer = null;
  let saidN = 0;
  function say(said) {
    if (said.n === saidN) return;
    saidN = said.n;
    const text = [said.text, ...(said.seen ? [t('lesson.seen')] : [])].filter(Boolean).join(' ');
    clearTimeout(sayTimer);
    spoken.textContent = '';
    spoken.setAttribute('lang', t.lang);
    sayTimer = setTimeout(() => { spoken.textContent = text; }, 30);   // a fresh text: the same words twice are read twice
  }

  function render(ctrl, translate) {
    c = ctrl;
    t = translate;
    const s = c.state();
    el.dataset.state = s;
    el.setAttribute('lang', t.lang);
    el.setAttribute('aria-busy', c.loading ? 'true' : 'false');
    if (c.lessonId && c.task) {
      el.dataset.lesson = c.lessonId;
      el.dataset.task = String(c.index);
      const progress = c.progress.read();
      el.dataset.done = c.progress.doneCount(c.lessonId, c.task.count, progress) === c.task.count ? 'true' : 'false';
    } else {
      delete el.dataset.lesson;
      delete el.dataset.task;
      delete el.dataset.done;
    }
    say(c.said);
    const ctx = { c, t, el, hTitle, hPart, rulesHref, canRestart };
    const parts = [];
    if (c.error) parts.push(renderError(ctx, c.error));
    if (!c.lessonId && c.catalogue) parts.push(renderList(ctx));
    else if (c.task) parts.push(renderTask(ctx, s));
    else if (!c.error) {
      parts.push(c.stage && c.stage !== 'ready'
        ? renderLoading(t, { stage: c.stage, title: t('lesson.loading') }, {})   // the engine's first start, as the game shows it
        : h('p.gt-lesson__loading', t('lesson.loading')));
    }
    el.replaceChildren(...parts);
    if (c.focusAfter && c.loading && focusIsFree(root)) {
      // Started from the keyboard, the focus waits in the lesson while the engine starts (it fell to the page's body
      // for the 7 s of a first start: an audit), on the box itself, which the stage-by-stage redraws keep.
      el.tabIndex = -1;
      el.focus({ preventScroll: true });
    }
    if (c.focusAfter && !c.loading) {   // not while the old content is still shown
      const target = el.querySelector(c.takeFocus());
      if (target) {
        if (!target.matches('button, input, a, [tabindex]')) target.setAttribute('tabindex', '-1');
        target.focus({ preventScroll: false });
      }
    }
  }
  return { nodes: [el, spoken], el, render, destroy: () => clearTimeout(sayTimer) };
}

// -- the parts, drawn from ctx = {c: the controller, t: the translator, el, hTitle, hPart, rulesHref, canRestart}

function renderError(ctx, error) {
  const { c, t, canRestart } = ctx;
  const key = { refused: 'lesson.refused', load: 'lesson.loadFailed', crash: 'lesson.bug' }[error.kind];
  return h('div.gt-lesson__error', { attrs: { role: 'alert' }, dataset: { error: error.kind } }, [
    h('p', t(key, { message: error.policy ? t('loading.failedPolicy', { directive: error.policy }) : error.message })),
    error.kind === 'load' && canRestart && !error.policy ? h('button.gt-btn', {
      type: 'button', dataset: { action: 'reload' }, on: { click: () => c.reload() },
    }, t('lesson.reload')) : null,
  ]);
}

function renderList(ctx) {
  const { c, t, hTitle, hPart } = ctx;
  const progress = c.progress.read();
  const byFamily = FAMILIES.map((family) => [family, c.catalogue.filter((x) => x.family === family)])
    .filter(([, list]) => list.length);
  return h('nav.gt-lesson__list', { attrs: { 'aria-label': t('lesson.list.title') } }, [
    h(`${hTitle}.gt-lesson__title`, t('lesson.list.title')),
    h('p.gt-lesson__intro', t('lesson.list.intro')),
    ...byFamily.map(([family, list]) => h('section.gt-lesson__family', [
      h(`${hPart}.gt-lesson__family-title`, t(`lesson.family.${family}`)),
      h('ul.gt-lesson__items', list.map((x) => {
        const n = c.progress.doneCount(x.id, x.tasks, progress);
        const done = n === x.tasks;
        return h('li', h('button.gt-lesson__item', {
          type: 'button',
          class: { 'is-done': done },
          dataset: { action: 'open', open: x.id },
          on: { click: () => { c.focusAfter = '.gt-lesson__prompt'; c.openLesson(x.id); } },
        }, [
          h('span.gt-lesson__item-mark', { attrs: { 'aria-hidden': 'true' } }, done ? '✓' : ''),
          h('span.gt-lesson__item-title', x.title),
          h('span.gt-lesson__item-meta', done ? t('lesson.list.done', { n: x.tasks })
            : t('lesson.list.progress', { done: n, n: x.tasks })),
        ]));
      })),
    ])),
  ]);
}

function renderTask(ctx, s) {
  const { c, t, hTitle } = ctx;
  const task = c.task;
  const done = c.progress.doneCount(c.lessonId, task.count);   // tasks solved, of this lesson
  const lessonDone = done === task.count;
  const promptId = uid('gt-lesson-prompt');
  const answerId = uid('gt-lesson-answer');   // the shown answer's lines, which describe its marked choices
  const locked = s !== 'asking' || c.loading;
  return h('article.gt-lesson__task', { attrs: { 'aria-labelledby': promptId } }, [
    h('header.gt-lesson__head', [
      c.fixed ? null : h('button.gt-btn.gt-btn--quiet.gt-lesson__back', {
        type: 'button', dataset: { action: 'list' }, on: { click: () => { c.focusAfter = '.gt-lesson__item'; c.showList(); } },
      }, `← ${t('lesson.list.back')}`),
      h(`${hTitle}.gt-lesson__title`, [
        task.title,
        lessonDone ? h('span.gt-lesson__badge', ` ✓ ${t('lesson.done')}`) : null,
      ]),
      h('p.gt-lesson__count', t('lesson.taskOf', { n: task.index + 1, count: task.count })),
    ]),
    h('p.gt-lesson__prompt', { id: promptId }, task.prompt),
    renderBoard(ctx, task),
    renderAnswer(ctx, task, locked, answerId),
    h('div.gt-lesson__actions', [
      s === 'asking' ? h('button.gt-btn.gt-btn--primary', {
        type: 'button', dataset: { action: 'check' }, disabled: c.loading || !answerReady(task.kind, c.answer),
        on: { click: () => c.check() },
      }, t('lesson.check')) : null,
    ]),
    renderFeedback(ctx, s, done, answerId),
  ]);
}

function renderFeedback(ctx, s, done, answerId) {
  const { c, t, rulesHref } = ctx;
  const r = c.result;
  const live = h('div.gt-lesson__feedback', {   // said by the mount's own region (say), not by this one
    class: { 'is-right': r?.correct === true, 'is-wrong': r?.correct === false },
  });
  if (!r) return live;
  const [first, ...rest] = r.feedback;
  live.append(
    h('p.gt-lesson__verdict', [h('span', { attrs: { 'aria-hidden': 'true' } }, r.correct ? '✓ ' : '✗ '), first]),
    h('ul.gt-lesson__lines', rest.map((line) => h('li', prose(line)))),
    ...(c.copied() ? [h('p.gt-lesson__seen', t('lesson.seen'))] : []),
    // A wrong answer's right one, on request: shown at once, "Try again" was only copying it.
    h('ul.gt-lesson__lines.gt-lesson__lines--answer', { id: answerId },
      c.answerShown ? r.answer.map((line) => h('li', prose(line))) : []),
    h('p.gt-lesson__rule', h('a', {
      // An empty rulesHref means "this page is the rules page": the link stays here.
      href: t.rulesUrl(rulesHref, r.rule), dataset: { rule: r.rule },
      attrs: rulesHref ? { target: '_blank', rel: 'noopener' } : {},
    }, t('lesson.rule', { rule: r.rule }))),
  );
  const buttons = [];
  const next = (primary) => h(primary ? 'button.gt-btn.gt-btn--primary' : 'button.gt-btn', {
    type: 'button',
    dataset: { action: 'next' },
    on: { click: () => { c.focusAfter = '.gt-lesson__prompt'; c.loadTask(c.index + 1); } },
  }, t('lesson.next'));
  const retryButton = (primary) => h(primary ? 'button.gt-btn.gt-btn--primary' : 'button.gt-btn', {
    type: 'button', dataset: { action: 'retry' }, on: { click: () => c.retry() },
  }, t('lesson.retry'));
  // The end of the lesson: the first task left unsolved ("the lesson will come back to it"), back to the list (a
  // page with the list), or the lesson from its first task.
  const unsolved = c.progress.firstUnsolved(c.lessonId, c.task.count);
  const left = unsolved === c.index && s === 'wrong' ? null : unsolved;   // this one: "Try again" is there
  const ending = (primary) => [
    left === null ? null : h(primary ? 'button.gt-btn.gt-btn--primary' : 'button.gt-btn', {
      type: 'button',
      dataset: { action: 'resume' },
      on: { click: () => { c.focusAfter = '.gt-lesson__prompt'; c.loadTask(left); } },
    }, t('lesson.resume', { n: left + 1 })),
    c.fixed ? null : h(primary && left === null ? 'button.gt-btn.gt-btn--primary' : 'button.gt-btn', {
      type: 'button',
      dataset: { action: 'list' },
      on: { click: () => { c.focusAfter = '.gt-lesson__item'; c.showList(); } },
    }, t('lesson.list.back')),
    h(primary && c.fixed && left === null ? 'button.gt-btn.gt-btn--primary' : 'button.gt-btn', {
      type: 'button',
      dataset: { action: 'restart' },
      on: { click: () => { c.focusAfter = '.gt-lesson__prompt'; c.loadTask(0); } },
    }, t('lesson.restart')),
  ];
  if (s === 'wrong' && c.answerShown) {
    // The answer is told and marked on the board: on to the next task (it stays unsolved in the progress: the
    // lesson comes back to it), or try it again; the last task has no next one, but the lesson's end choices.
    if (r.last) buttons.push(retryButton(true), ...ending(false));
    else buttons.push(next(true), retryButton(false));
  } else if (s === 'wrong') {
    buttons.push(retryButton(true));
    if (r.answer.length) {
      buttons.push(h('button.gt-btn', { type: 'button', dataset: { action: 'show-answer' },
        on: { click: () => c.showAnswer() } }, t('lesson.showAnswer')));
    }
  } else if (s === 'right') {
    buttons.push(next(true));
  } else if (s === 'complete') {
    // "Lesson complete!" only when every task is solved: a task whose answer was shown and left is not.
    live.append(h('p.gt-lesson__complete', done === c.task.count ? t('lesson.complete')
      : t('lesson.list.progress', { done, n: c.task.count })));
    buttons.push(...ending(true));
  }
  live.append(h('div.gt-lesson__actions', buttons));
  return live;
}

// -- the board: what the engine says the position is -------------------------------------------------------

// The learner sits at Bottom (lessons.py) and the tasks say "you" and "your partner": the board says so too.
function boardSeat({ t }, seat) {
  if (seat === 'Bottom') return t('lesson.board.seatYou', { seat: t.seat(seat) });
  return seat === 'Top' ? t('lesson.board.seatPartner', { seat: t.seat(seat) }) : t.seat(seat);
}

function renderBoard(ctx, task) {
  const { t, hPart } = ctx;
  const b = task.board || {};
  const facts = [];
  if (b.modeText) facts.push(h('li', t('lesson.board.mode', { mode: b.modeText })));
  if (b.dealer) facts.push(h('li', t('lesson.board.dealer', { seat: boardSeat(ctx, b.dealer) })));
  if (b.multiplier) facts.push(h('li', t('lesson.board.multiplier', { m: b.multiplier })));
  if (b.announcerTeam) facts.push(h('li', t('lesson.board.announcers', { team: t.team(b.announcerTeam) })));
  if (b.cardPoints) {
    facts.push(h('li', t('lesson.board.cardPoints', {
      team1: b.cardPoints.Team1, team2: b.cardPoints.Team2,
    })));
  }
  if (b.sweep) facts.push(h('li', t('lesson.board.sweep', { team: t.team(b.sweep) })));
  if (b.scores) {
    facts.push(h('li', t('lesson.board.scores', { team1: b.scores.Team1, team2: b.scores.Team2 })));
  }
  if (b.target) facts.push(h('li', t('lesson.board.target', { target: b.target })));
  const parts = [];
  if (facts.length) parts.push(h('ul.gt-lesson__facts', facts));
  if (b.calls) {
    parts.push(h('div.gt-lesson__block', [
      h(`${hPart}.gt-lesson__label`, t('lesson.board.calls')),
      b.calls.length ? h('ol.gt-lesson__calls', b.calls.map((c) => h('li.gt-lesson__call', { dataset: { seat: c.seat, call: c.action } }, [
        h('span.gt-lesson__call-seat', boardSeat(ctx, c.seat)), h('span.gt-lesson__call-text', c.text),
      ]))) : h('p', t('lesson.board.noCalls')),
    ]));
  }
  if (b.trick) {
    parts.push(h('div.gt-lesson__block', [
      h(`${hPart}.gt-lesson__label`, t('lesson.board.trick')),
      h('ol.gt-lesson__trick', b.trick.map((p) => h('li.gt-lesson__play', [
        h('span.gt-lesson__play-seat', boardSeat(ctx, p.seat)), renderCard(t, p.card, { seat: p.seat }),
      ]))),
    ]));
  }
  if (b.cards) {
    parts.push(h('div.gt-lesson__block', [
      h(`${hPart}.gt-lesson__label`, t('lesson.board.cards')),
      h('ul.gt-lesson__cards', b.cards.map((code) => h('li', renderCard(t, code)))),
    ]));
  }
  // The hand is shown here only when it is not itself the answer (select_cards makes it toggles).
  if (b.hand && task.kind !== 'select_cards') {
    parts.push(h('div.gt-lesson__block', [
      h(`${hPart}.gt-lesson__label`, b.seat === 'Bottom' ? t('lesson.board.yourHand')
        : t('lesson.board.handOf', { seat: boardSeat(ctx, b.seat) })),
      h('ul.gt-lesson__cards', b.hand.map((code) => h('li', renderCard(t, code)))),
    ]));
  }
  if (task.kind === 'select_calls' && b.seat) {
    parts.push(h('p.gt-lesson__to-act', t('lesson.board.toAct', { seat: boardSeat(ctx, b.seat) })));
  }
  return h('div.gt-lesson__board', parts);
}

// -- the answer controls, per task kind ---------------------------------------------------------------------

function renderAnswer(ctx, task, locked, answerId) {
  const { c, t, el } = ctx;
  const kind = task.kind;
  const a = c.answer;
  const refreshCheck = () => {
    const button = el.querySelector('[data-action="check"]');
    if (button) button.disabled = c.loading || !answerReady(kind, c.answer);
  };
  const toggle = (value, multi) => (event) => {
    if (locked) return;
    c.toggle(value, multi);
    // Update in place: a re-render would steal the keyboard focus.
    for (const b of el.querySelectorAll('.gt-lesson__answer [data-answer]')) {
      const on = multi ? c.answer.has(b.dataset.answer) : c.answer === b.dataset.answer;
      b.setAttribute('aria-pressed', on ? 'true' : 'false');
      b.classList.toggle('is-pressed', on);
    }
    refreshCheck();
    event.currentTarget.focus();
  };
  const pressed = (value) => (a instanceof Set ? a.has(value) : a === value);
  // Checked and wrong: the chosen cards or calls that are wrong (check_answer's `refused`: in a select task, the
  // ones the rules refuse) show ✗.
  const refused = (value) => Boolean(locked && c.result && !c.result.correct && c.result.refused.includes(value));
  // The answer shown: the choices check_answer's `expected` names are marked ✓, and described by the answer's
  // lines ("The answer: J♥."). Which they are is the engine's word, never worked out here.
  const right = (value) => Boolean(locked && c.answerShown && c.result && !c.result.correct
    && namesChoice(c.result.expected, value));
  const marks = (value) => (right(value) ? { 'aria-describedby': answerId } : {});

  if (kind === 'select_cards' || kind === 'pick_card') {
    const multi = kind === 'select_cards';
    const codes = multi ? task.board.hand : task.options.map((o) => o.value);
    return h('fieldset.gt-lesson__answer', { disabled: locked }, [
      h('legend.gt-lesson__label', t(multi ? 'lesson.answer.cards' : 'lesson.answer.oneCard')),
      h('ul.gt-lesson__cards.gt-lesson__cards--choice', codes.map((code) => h('li', h(
        `button.gt-card.gt-lesson__card.gt-suit--${code.slice(-1)}`, {
          type: 'button',
          class: { 'is-pressed': pressed(code), 'is-refused': refused(code), 'is-answer': right(code) },
          dataset: { answer: code },
          attrs: { 'aria-pressed': pressed(code) ? 'true' : 'false', 'aria-label': t.card(code), ...marks(code) },
          on: { click: toggle(code, multi) },
        }, renderCard(t, code).firstChild)))),
    ]);
  }
  if (kind === 'select_calls' || kind === 'pick_seat' || kind === 'pick_option') {
    const multi = kind === 'select_calls';
    return h('fieldset.gt-lesson__answer', { disabled: locked }, [
      h('legend.gt-lesson__label', t(multi ? 'lesson.answer.calls' : 'lesson.answer.one')),
      h('ul.gt-lesson__options', task.options.map((o) => h('li', h('button.gt-btn.gt-lesson__option', {
        type: 'button',
        class: { 'is-pressed': pressed(o.value), 'is-refused': refused(o.value), 'is-answer': right(o.value) },
        dataset: { answer: o.value },
        attrs: { 'aria-pressed': pressed(o.value) ? 'true' : 'false', ...marks(o.value) },
        on: { click: toggle(o.value, multi) },
      }, o.text)))),
    ]);
  }
  if (kind === 'number') {
    const id = uid('gt-lesson-number');
    return h('fieldset.gt-lesson__answer', { disabled: locked }, [
      h('legend.gt-sr', t('lesson.answer.number')),
      h('label.gt-lesson__field', { attrs: { for: id } }, [
        h('span', t('lesson.answer.number')),
        h('input.gt-lesson__input', {
          id, type: 'number', value: a.value, dataset: { input: 'number' },
          attrs: { inputmode: 'numeric', step: '1', autocomplete: 'off' },
          on: {
            input: (e) => { c.type('value', e.currentTarget.value); refreshCheck(); },
            keydown: (e) => { if (e.key === 'Enter' && answerReady(kind, c.answer)) c.check(); },
          },
        }),
      ]),
    ]);
  }
  if (kind === 'score') {
    const fields = TEAMS.map((team) => {
      const id = uid('gt-lesson-score');
      return h('label.gt-lesson__field', { attrs: { for: id } }, [
        h('span', t('lesson.answer.points', { team: t.team(team) })),
        h('input.gt-lesson__input', {
          id, type: 'number', value: a[team], disabled: Boolean(a.instant), dataset: { input: team },
          attrs: { inputmode: 'numeric', step: '1', min: '0', autocomplete: 'off' },
          on: {
            input: (e) => { c.type(team, e.currentTarget.value); refreshCheck(); },
            keydown: (e) => { if (e.key === 'Enter' && answerReady(kind, c.answer)) c.check(); },
          },
        }),
      ]);
    });
    const instant = (team) => () => {
      if (!locked) c.chooseInstant(team);   // the number inputs are enabled or not: drawn anew, focus kept
    };
    return h('fieldset.gt-lesson__answer', { disabled: locked }, [
      h('legend.gt-lesson__label', t('lesson.answer.score')),
      h('div.gt-lesson__fields', fields),
      h('p.gt-lesson__or', t('lesson.answer.instant')),
      h('ul.gt-lesson__options', TEAMS.map((team) => h('li', h('button.gt-btn.gt-lesson__option', {
        type: 'button',
        class: { 'is-pressed': a.instant === team, 'is-refused': refused(team), 'is-answer': right(team) },
        dataset: { answer: team },
        attrs: { 'aria-pressed': a.instant === team ? 'true' : 'false', ...marks(team) },
        on: { click: instant(team) },
      }, t('lesson.answer.instantTeam', { team: t.team(team) }))))),
    ]);
  }
  return h('p.gt-lesson__error', t('lesson.bug', { message: `unknown task kind ${kind}` }));
}
