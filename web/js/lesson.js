// The interactive lesson player: one lesson's tasks, a board, the learner's answer, the engine's verdict.
//
//   const player = mount(root, { engine, lang: 'fr', lesson: 'play-follow-suit', rulesHref: 'rules.html' });
//   player.setLang('mg');   // after i18n.setLang: re-asks the engine in the new language, keeps the place
//   player.destroy();
//
// Positions, options, expected answers and feedback all come from the engine (jsonapi lessons / lesson_task /
// check_answer): nothing here knows a rule. `root` may sit inside a shadow root; only `root` is ever queried.
// Without `lesson`, the list of lessons is shown, grouped by family, and the reader picks one.
//
// Test hooks: .gt-lesson[data-lesson][data-task][data-state=list|loading|asking|right|wrong|complete],
// [data-answer] answer controls (.is-refused: a wrong choice; .is-answer: a right one, once the answer is shown),
// [data-action=check|retry|show-answer|next|restart|list|open|reload], [data-input=number|Team1|Team2],
// .gt-lesson__feedback a[data-rule].

import { focusIsFree, h, prose, uid } from './dom.js';
import { cardName, keepLang, resumeLang, rulesUrl, seatName, t } from './i18n.js';
import { renderCard } from './view/cards.js';
import { renderLoading } from './view/chrome.js';

const STORE_KEY = 'giretra.lessons';
const FAMILIES = ['cards', 'deal', 'negotiation', 'play', 'scoring', 'match'];
const TEAMS = ['Team1', 'Team2'];

// -- progress (localStorage, which may be absent or throw in a sandboxed iframe) --------------------------------

function readProgress() {
  const empty = { v: 1, done: {} };
  let raw;
  try {
    raw = globalThis.localStorage?.getItem(STORE_KEY);
  } catch {
    return empty;
  }
  if (!raw) return empty;
  try {
    const data = JSON.parse(raw);
    if (!data || data.v !== 1 || typeof data.done !== 'object' || data.done === null || Array.isArray(data.done)) {
      return empty;
    }
    const done = {};
    for (const [id, list] of Object.entries(data.done)) {
      if (!Array.isArray(list)) return empty;
      done[id] = [...new Set(list.filter((i) => Number.isInteger(i) && i >= 0))].sort((a, b) => a - b);
    }
    return { v: 1, done };
  } catch {
    return empty;   // a corrupted value is reset, never a crash
  }
}

function markDone(lessonId, index) {
  const progress = readProgress();
  const list = new Set(progress.done[lessonId] || []);
  list.add(index);
  progress.done[lessonId] = [...list].sort((a, b) => a - b);
  try {
    globalThis.localStorage?.setItem(STORE_KEY, JSON.stringify(progress));
  } catch {
    // Storage refused (private mode, sandbox, quota): progress lasts for this page only.
  }
}

const doneCount = (progress, id, count) => (progress.done[id] || []).filter((i) => i < count).length;
/** The first task of a lesson of *count* tasks not yet solved, or null when all are. */
function firstUnsolved(id, count) {
  const done = new Set(readProgress().done[id] || []);
  const first = [...Array(count).keys()].find((i) => !done.has(i));
  return first === undefined ? null : first;
}

// -- the widget --------------------------------------------------------------------------------------------------

export function mount(root, { engine, lang = 'en', lesson = null, rulesHref = 'rules.html', restartEngine = null,
  focus = false, headingLevel = 2 } = {}) {
  // The lesson's title sits one level under the host page's heading before it (a rule's h3 on the rules page: an h2
  // there broke the page's outline); its parts' labels one level lower.
  const hTitle = `h${Math.min(6, headingLevel)}`;
  const hPart = `h${Math.min(6, headingLevel + 1)}`;
  const el = h('div.gt-lesson', { attrs: { lang } });
  // The verdict is said from a region that stays put: the feedback box is drawn anew at each render, and a live
  // region that arrives already filled is often not read at all.
  const spoken = h('div.gt-sr.gt-lesson__said', { attrs: { role: 'status', 'aria-live': 'polite', lang } });
  root.replaceChildren(el, spoken);
  const st = {
    lang,
    fixed: Boolean(lesson),   // a page that embeds one lesson has no list to go back to
    lessonId: lesson || null,
    catalogue: null,          // lessons(): [{id, family, title, tasks, rules}]
    index: 0,
    task: null,               // lesson_task()
    answer: null,             // what the learner has chosen, per task kind
    sent: null,               // the answer last checked (re-checked on setLang)
    loadingIndex: null,       // the task being asked for, until its answer comes
    result: null,             // check_answer()
    answerShown: false,       // the learner asked for the right answer: it is told, and marked on the board
    seenFor: null,            // the task whose answer was shown: found after that, it is not solved (it was copied)
    error: null,              // {kind: 'refused'|'crash', message}
    loading: true,
    stage: null,              // the engine's start ('pyodide' … 'ready'): its first start takes seconds, shown by stage
  };
  let seq = 0;                // each engine round trip takes a number; stale answers are dropped
  let destroyed = false;
  // A selector to focus after the next render (keyboard users keep their place); *focus*: the reader started the
  // widget, so its first task's prompt (or the list) takes the focus once shown.
  let focusAfter = focus ? (lesson ? '.gt-lesson__prompt' : '.gt-lesson__item') : null;

  const ask = async (name, args) => {
    const mine = ++seq;
    st.loading = true;
    st.error = null;
    render();
    try {
      const value = await resumeLang(engine.call(name, { ...args, lang: st.lang }));
      if (destroyed || mine !== seq) return null;
      st.loading = false;
      return value;
    } catch (err) {
      const kind = err?.name === 'RulesError' ? 'refused' : err?.name === 'EngineLoadError' ? 'load' : 'crash';
      // An engine bug stays loud even when its answer is no longer wanted (a newer request, a removed lesson).
      if (kind === 'crash') console.error('giretra lesson: engine bug', err);   // and shown below, if still wanted
      if (destroyed || mine !== seq) return null;
      st.loading = false;
      st.error = { kind, message: err?.message || String(err) };
      render();
      return null;
    }
  };

  async function showList() {
    st.lessonId = null;
    st.task = null;
    st.result = null;
    const value = await ask('lessons', {});
    if (!value) return;
    st.catalogue = value.lessons;
    render();
  }

  async function openLesson(id, index = null) {
    st.lessonId = id;
    if (index === null) {
      // Resume at the first task not yet done (or the start of a finished lesson).
      const entry = st.catalogue?.find((x) => x.id === id);
      index = entry ? firstUnsolved(id, entry.tasks) ?? 0 : 0;
    }
    await loadTask(index);
  }

  // A lesson of the page (the rules page's, in its section) resumes too: it opened at its first task on every visit,
  // and its end offered only "Start again" with a task left unsolved (a learner's audit). Its number of tasks is the
  // engine's word: asked with the first task.
  async function resumeLesson() {
    if (!(readProgress().done[st.lessonId] || []).length) return loadTask(0);
    const first = await ask('lesson_task', { lesson: st.lessonId, index: 0 });
    if (!first) return undefined;
    return loadTask(firstUnsolved(st.lessonId, first.count) ?? 0);
  }

  async function loadTask(index, keepAnswer = false) {
    st.loadingIndex = index;   // a language switch before the answer asks again for this one
    const value = await ask('lesson_task', { lesson: st.lessonId, index });
    if (!value) return;
    st.loadingIndex = null;
    st.index = index;
    st.task = value;
    if (!keepAnswer) {
      say('');   // the last verdict is not left under the next task
      st.answer = emptyAnswer(value.kind);
      st.sent = null;
      st.result = null;
      st.answerShown = false;
      st.seenFor = null;
    }
    render();
  }

  async function check() {
    const answer = answerValue(st.task.kind, st.answer);
    const sent = { index: st.index, answer };
    const value = await ask('check_answer', { lesson: st.lessonId, index: st.index, answer });
    if (!value) return;
    st.sent = sent;
    st.result = value;
    st.answerShown = false;
    // A right answer after "Show the answer" was copied, not found: the task stays to do (the lesson resumes there).
    if (value.correct && st.seenFor !== st.index) markDone(st.lessonId, st.index);
    focusAfter = '.gt-lesson__feedback button';   // Retry, Next, or the end-of-lesson choices
    render();
    say([...value.feedback, ...(copied() ? [t('lesson.seen')] : [])].join(' '));
  }

  /** The answer on screen is right, but found after its task's answer was shown. */
  const copied = () => Boolean(st.result?.correct && st.seenFor === st.index);

  let sayTimer = null;
  function say(text) {
    clearTimeout(sayTimer);
    spoken.textContent = '';
    spoken.setAttribute('lang', st.lang);
    sayTimer = setTimeout(() => { spoken.textContent = text; }, 30);   // a fresh text: the same words twice are read twice
  }

  function retry() {
    say('');
    st.result = null;
    st.sent = null;
    st.answerShown = false;
    // A score's numbers stay, to mend the wrong one (both were emptied: a learner's audit); a choice starts afresh.
    st.answer = st.task.kind === 'score' ? { ...st.answer, instant: null } : emptyAnswer(st.task.kind);
    focusAfter = '.gt-lesson__answer button, .gt-lesson__answer input';
    render();
  }

  const state = () => {
    if (st.error && !st.task && !st.catalogue) return 'error';
    if (!st.lessonId) return st.catalogue ? 'list' : 'loading';
    if (!st.task) return 'loading';
    if (!st.result) return 'asking';
    if (!st.result.correct) return 'wrong';
    return st.result.last ? 'complete' : 'right';
  };

  // -- rendering: the whole widget from `st`, on every change (a lesson is a handful of nodes) --------------------

  function render() {
    if (destroyed) return;
    const s = state();
    el.dataset.state = s;
    el.setAttribute('lang', st.lang);
    el.setAttribute('aria-busy', st.loading ? 'true' : 'false');
    if (st.lessonId && st.task) {
      el.dataset.lesson = st.lessonId;
      el.dataset.task = String(st.index);
      const progress = readProgress();
      el.dataset.done = doneCount(progress, st.lessonId, st.task.count) === st.task.count ? 'true' : 'false';
    } else {
      delete el.dataset.lesson;
      delete el.dataset.task;
      delete el.dataset.done;
    }
    const parts = [];
    if (st.error) parts.push(renderError(st.error));
    if (!st.lessonId && st.catalogue) parts.push(renderList());
    else if (st.task) parts.push(renderTask(s));
    else if (!st.error) {
      parts.push(st.stage && st.stage !== 'ready'
        ? renderLoading({ stage: st.stage, title: t('lesson.loading') })   // the engine's first start, as the game shows it
        : h('p.gt-lesson__loading', t('lesson.loading')));
    }
    el.replaceChildren(...parts);
    if (focusAfter && st.loading && focusIsFree(root)) {
      // Started from the keyboard, the focus waits in the lesson while the engine starts (it fell to the page's body
      // for the 7 s of a first start: an audit), on the box itself, which the stage-by-stage redraws keep.
      el.tabIndex = -1;
      el.focus({ preventScroll: true });
    }
    if (focusAfter && !st.loading) {   // not while the old content is still shown
      const target = el.querySelector(focusAfter);
      focusAfter = null;
      if (target) {
        if (!target.matches('button, input, a, [tabindex]')) target.setAttribute('tabindex', '-1');
        target.focus({ preventScroll: false });
      }
    }
  }

  function renderError(error) {
    const key = { refused: 'lesson.refused', load: 'lesson.loadFailed', crash: 'lesson.bug' }[error.kind];
    return h('div.gt-lesson__error', { attrs: { role: 'alert' }, dataset: { error: error.kind } }, [
      h('p', t(key, { message: error.message })),
      error.kind === 'load' && restartEngine ? h('button.gt-btn', {
        type: 'button', dataset: { action: 'reload' }, on: { click: reload },
      }, t('lesson.reload')) : null,
    ]);
  }

  // The engine did not start (offline, a failed download): start a new one and ask again, keeping the place.
  async function reload() {
    engine = await restartEngine();
    if (destroyed) return;
    followStart();
    st.error = null;
    if (!st.lessonId) await showList();
    else await loadTask(st.task ? st.index : 0, Boolean(st.task));
  }

  function renderList() {
    const progress = readProgress();
    const byFamily = FAMILIES.map((family) => [family, st.catalogue.filter((x) => x.family === family)])
      .filter(([, list]) => list.length);
    return h('nav.gt-lesson__list', { attrs: { 'aria-label': t('lesson.list.title') } }, [
      h(`${hTitle}.gt-lesson__title`, t('lesson.list.title')),
      h('p.gt-lesson__intro', t('lesson.list.intro')),
      ...byFamily.map(([family, list]) => h('section.gt-lesson__family', [
        h(`${hPart}.gt-lesson__family-title`, t(`lesson.family.${family}`)),
        h('ul.gt-lesson__items', list.map((x) => {
          const n = doneCount(progress, x.id, x.tasks);
          const done = n === x.tasks;
          return h('li', h('button.gt-lesson__item', {
            type: 'button',
            class: { 'is-done': done },
            dataset: { action: 'open', open: x.id },
            on: { click: () => { focusAfter = '.gt-lesson__prompt'; openLesson(x.id); } },
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

  function renderTask(s) {
    const task = st.task;
    const done = doneCount(readProgress(), st.lessonId, task.count);   // tasks solved, of this lesson
    const lessonDone = done === task.count;
    const promptId = uid('gt-lesson-prompt');
    const answerId = uid('gt-lesson-answer');   // the shown answer's lines, which describe its marked choices
    const locked = s !== 'asking' || st.loading;
    return h('article.gt-lesson__task', { attrs: { 'aria-labelledby': promptId } }, [
      h('header.gt-lesson__head', [
        st.fixed ? null : h('button.gt-btn.gt-btn--quiet.gt-lesson__back', {
          type: 'button', dataset: { action: 'list' }, on: { click: () => { focusAfter = '.gt-lesson__item'; showList(); } },
        }, `← ${t('lesson.list.back')}`),
        h(`${hTitle}.gt-lesson__title`, [
          task.title,
          lessonDone ? h('span.gt-lesson__badge', ` ✓ ${t('lesson.done')}`) : null,
        ]),
        h('p.gt-lesson__count', t('lesson.taskOf', { n: task.index + 1, count: task.count })),
      ]),
      h('p.gt-lesson__prompt', { id: promptId }, task.prompt),
      renderBoard(task),
      renderAnswer(task, locked, answerId),
      h('div.gt-lesson__actions', [
        s === 'asking' ? h('button.gt-btn.gt-btn--primary', {
          type: 'button', dataset: { action: 'check' }, disabled: st.loading || !answerReady(task.kind, st.answer),
          on: { click: check },
        }, t('lesson.check')) : null,
      ]),
      renderFeedback(s, done, answerId),
    ]);
  }

  function renderFeedback(s, done, answerId) {
    const r = st.result;
    const live = h('div.gt-lesson__feedback', {   // said by the mount's own region (say), not by this one
      class: { 'is-right': r?.correct === true, 'is-wrong': r?.correct === false },
    });
    if (!r) return live;
    const [first, ...rest] = r.feedback;
    live.append(
      h('p.gt-lesson__verdict', [h('span', { attrs: { 'aria-hidden': 'true' } }, r.correct ? '✓ ' : '✗ '), first]),
      h('ul.gt-lesson__lines', rest.map((line) => h('li', prose(line)))),
      ...(copied() ? [h('p.gt-lesson__seen', t('lesson.seen'))] : []),
      // A wrong answer's right one, on request: shown at once, "Try again" was only copying it.
      h('ul.gt-lesson__lines.gt-lesson__lines--answer', { id: answerId },
        st.answerShown ? r.answer.map((line) => h('li', prose(line))) : []),
      h('p.gt-lesson__rule', h('a', {
        // An empty rulesHref means "this page is the rules page": the link stays here.
        href: rulesUrl(rulesHref, r.rule), dataset: { rule: r.rule },
        attrs: rulesHref ? { target: '_blank', rel: 'noopener' } : {},
      }, t('lesson.rule', { rule: r.rule }))),
    );
    const buttons = [];
    const next = (primary) => h(primary ? 'button.gt-btn.gt-btn--primary' : 'button.gt-btn', {
      type: 'button',
      dataset: { action: 'next' },
      on: { click: () => { focusAfter = '.gt-lesson__prompt'; loadTask(st.index + 1); } },
    }, t('lesson.next'));
    const retryButton = (primary) => h(primary ? 'button.gt-btn.gt-btn--primary' : 'button.gt-btn', {
      type: 'button', dataset: { action: 'retry' }, on: { click: retry },
    }, t('lesson.retry'));
    // The end of the lesson: the first task left unsolved ("the lesson will come back to it"), back to the list (a
    // page with the list), or the lesson from its first task.
    const unsolved = firstUnsolved(st.lessonId, st.task.count);
    const left = unsolved === st.index && s === 'wrong' ? null : unsolved;   // this one: "Try again" is there
    const ending = (primary) => [
      left === null ? null : h(primary ? 'button.gt-btn.gt-btn--primary' : 'button.gt-btn', {
        type: 'button',
        dataset: { action: 'resume' },
        on: { click: () => { focusAfter = '.gt-lesson__prompt'; loadTask(left); } },
      }, t('lesson.resume', { n: left + 1 })),
      st.fixed ? null : h(primary && left === null ? 'button.gt-btn.gt-btn--primary' : 'button.gt-btn', {
        type: 'button',
        dataset: { action: 'list' },
        on: { click: () => { focusAfter = '.gt-lesson__item'; showList(); } },
      }, t('lesson.list.back')),
      h(primary && st.fixed && left === null ? 'button.gt-btn.gt-btn--primary' : 'button.gt-btn', {
        type: 'button',
        dataset: { action: 'restart' },
        on: { click: () => { focusAfter = '.gt-lesson__prompt'; loadTask(0); } },
      }, t('lesson.restart')),
    ];
    if (s === 'wrong' && st.answerShown) {
      // The answer is told and marked on the board: on to the next task (it stays unsolved in the progress: the
      // lesson comes back to it), or try it again; the last task has no next one, but the lesson's end choices.
      if (r.last) buttons.push(retryButton(true), ...ending(false));
      else buttons.push(next(true), retryButton(false));
    } else if (s === 'wrong') {
      buttons.push(retryButton(true));
      if (r.answer.length) {
        buttons.push(h('button.gt-btn', { type: 'button', dataset: { action: 'show-answer' }, on: { click: () => {
          st.answerShown = true;
          st.seenFor = st.index;
          focusAfter = '[data-action="next"], [data-action="retry"]';   // the first of them: Next, if there is one
          render();
          say(r.answer.join(' '));
        } } }, t('lesson.showAnswer')));
      }
    } else if (s === 'right') {
      buttons.push(next(true));
    } else if (s === 'complete') {
      // "Lesson complete!" only when every task is solved: a task whose answer was shown and left is not.
      live.append(h('p.gt-lesson__complete', done === st.task.count ? t('lesson.complete')
        : t('lesson.list.progress', { done, n: st.task.count })));
      buttons.push(...ending(true));
    }
    live.append(h('div.gt-lesson__actions', buttons));
    return live;
  }

  // -- the board: what the engine says the position is -------------------------------------------------------

  // The learner sits at Bottom (lessons.py) and the tasks say "you" and "your partner": the board says so too.
  const boardSeat = (seat) => (seat === 'Bottom' ? t('lesson.board.seatYou', { seat: seatName(seat) })
    : seat === 'Top' ? t('lesson.board.seatPartner', { seat: seatName(seat) }) : seatName(seat));

  function renderBoard(task) {
    const b = task.board || {};
    const facts = [];
    if (b.modeText) facts.push(h('li', t('lesson.board.mode', { mode: b.modeText })));
    if (b.dealer) facts.push(h('li', t('lesson.board.dealer', { seat: boardSeat(b.dealer) })));
    if (b.multiplier) facts.push(h('li', t('lesson.board.multiplier', { m: b.multiplier })));
    if (b.announcerTeam) facts.push(h('li', t('lesson.board.announcers', { team: t(`team.${b.announcerTeam}`) })));
    if (b.cardPoints) {
      facts.push(h('li', t('lesson.board.cardPoints', {
        team1: b.cardPoints.Team1, team2: b.cardPoints.Team2,
      })));
    }
    if (b.sweep) facts.push(h('li', t('lesson.board.sweep', { team: t(`team.${b.sweep}`) })));
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
          h('span.gt-lesson__call-seat', boardSeat(c.seat)), h('span.gt-lesson__call-text', c.text),
        ]))) : h('p', t('lesson.board.noCalls')),
      ]));
    }
    if (b.trick) {
      parts.push(h('div.gt-lesson__block', [
        h(`${hPart}.gt-lesson__label`, t('lesson.board.trick')),
        h('ol.gt-lesson__trick', b.trick.map((p) => h('li.gt-lesson__play', [
          h('span.gt-lesson__play-seat', boardSeat(p.seat)), renderCard(p.card, { seat: p.seat }),
        ]))),
      ]));
    }
    if (b.cards) {
      parts.push(h('div.gt-lesson__block', [
        h(`${hPart}.gt-lesson__label`, t('lesson.board.cards')),
        h('ul.gt-lesson__cards', b.cards.map((code) => h('li', renderCard(code)))),
      ]));
    }
    // The hand is shown here only when it is not itself the answer (select_cards makes it toggles).
    if (b.hand && task.kind !== 'select_cards') {
      parts.push(h('div.gt-lesson__block', [
        h(`${hPart}.gt-lesson__label`, b.seat === 'Bottom' ? t('lesson.board.yourHand')
          : t('lesson.board.handOf', { seat: boardSeat(b.seat) })),
        h('ul.gt-lesson__cards', b.hand.map((code) => h('li', renderCard(code)))),
      ]));
    }
    if (task.kind === 'select_calls' && b.seat) {
      parts.push(h('p.gt-lesson__to-act', t('lesson.board.toAct', { seat: boardSeat(b.seat) })));
    }
    return h('div.gt-lesson__board', parts);
  }

  // -- the answer controls, per task kind ---------------------------------------------------------------------

  function renderAnswer(task, locked, answerId) {
    const kind = task.kind;
    const a = st.answer;
    const refreshCheck = () => {
      const button = el.querySelector('[data-action="check"]');
      if (button) button.disabled = st.loading || !answerReady(kind, st.answer);
    };
    const toggle = (value, multi) => (event) => {
      if (locked) return;
      if (multi) {
        if (a.has(value)) a.delete(value); else a.add(value);
      } else {
        st.answer = st.answer === value ? null : value;
      }
      // Update in place: a re-render would steal the keyboard focus.
      for (const b of el.querySelectorAll('.gt-lesson__answer [data-answer]')) {
        const on = multi ? st.answer.has(b.dataset.answer) : st.answer === b.dataset.answer;
        b.setAttribute('aria-pressed', on ? 'true' : 'false');
        b.classList.toggle('is-pressed', on);
      }
      refreshCheck();
      event.currentTarget.focus();
    };
    const pressed = (value) => (a instanceof Set ? a.has(value) : a === value);
    // Checked and wrong: the chosen cards or calls that are wrong (check_answer's `refused`: in a select task, the
    // ones the rules refuse) show ✗.
    const refused = (value) => Boolean(locked && st.result && !st.result.correct && st.result.refused.includes(value));
    // The answer shown: the choices check_answer's `expected` names are marked ✓, and described by the answer's
    // lines ("The answer: J♥."). Which they are is the engine's word, never worked out here.
    const right = (value) => Boolean(locked && st.answerShown && st.result && !st.result.correct
      && namesChoice(st.result.expected, value));
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
            attrs: { 'aria-pressed': pressed(code) ? 'true' : 'false', 'aria-label': cardName(code), ...marks(code) },
            on: { click: toggle(code, multi) },
          }, renderCard(code).firstChild)))),
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
              input: (e) => { a.value = e.currentTarget.value; refreshCheck(); },
              keydown: (e) => { if (e.key === 'Enter' && answerReady(kind, st.answer)) check(); },
            },
          }),
        ]),
      ]);
    }
    if (kind === 'score') {
      const fields = TEAMS.map((team) => {
        const id = uid('gt-lesson-score');
        return h('label.gt-lesson__field', { attrs: { for: id } }, [
          h('span', t('lesson.answer.points', { team: t(`team.${team}`) })),
          h('input.gt-lesson__input', {
            id, type: 'number', value: a[team], disabled: Boolean(a.instant), dataset: { input: team },
            attrs: { inputmode: 'numeric', step: '1', min: '0', autocomplete: 'off' },
            on: {
              input: (e) => { a[team] = e.currentTarget.value; refreshCheck(); },
              keydown: (e) => { if (e.key === 'Enter' && answerReady(kind, st.answer)) check(); },
            },
          }),
        ]);
      });
      const instant = (team) => () => {
        if (locked) return;
        a.instant = a.instant === team ? null : team;
        focusAfter = `[data-answer="${team}"]`;
        render();   // the number inputs are enabled or not: redraw (focus restored above)
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
        }, t('lesson.answer.instantTeam', { team: t(`team.${team}`) }))))),
      ]);
    }
    return h('p.gt-lesson__error', t('lesson.bug', { message: `unknown task kind ${kind}` }));
  }

  // -- start ----------------------------------------------------------------------------------------------------

  // The engine's start, followed until it is ready (a late follower hears the stage reached so far, at once).
  let unfollow = null;
  function followStart() {
    unfollow?.();
    unfollow = engine.onProgress?.(keepLang((stage) => {
      st.stage = stage;
      if (!st.task && !st.catalogue) render();
    })) ?? null;
  }
  followStart();
  if (st.lessonId) resumeLesson();
  else showList();

  return {
    /** Re-ask the engine in *next* (call i18n.setLang first): same lesson, same task, same answer and verdict. */
    async setLang(next) {
      if (destroyed || next === st.lang) return;
      st.lang = next;
      say('');   // not left in the old language
      if (!st.lessonId) {
        await showList();
        return;
      }
      if (!st.task && st.loadingIndex == null) {
        render();
        return;
      }
      // The task on screen, or the one being loaded (asked in the old language: its answer would show it).
      const index = st.loadingIndex ?? st.index;
      const sent = st.sent;
      await loadTask(index, Boolean(st.task) && index === st.index);
      if (sent && sent.index === st.index && st.task) {
        const value = await ask('check_answer', { lesson: st.lessonId, index: st.index, answer: sent.answer });
        if (value) {
          st.result = value;
          render();
        }
      }
    },
    destroy() {
      destroyed = true;
      unfollow?.();
      seq++;
      clearTimeout(sayTimer);
      root.replaceChildren();
    },
  };
}

// -- answers: the learner's choice, and the JSON value check_answer expects ------------------------------------

function emptyAnswer(kind) {
  if (kind === 'select_cards' || kind === 'select_calls') return new Set();
  if (kind === 'number') return { value: '' };
  if (kind === 'score') return { Team1: '', Team2: '', instant: null };
  return null;
}

/** Whether check_answer's `expected` (the right answer, in the form an answer takes) names the board's choice *value*:
 *  one of a select task's list, a one-choice task's value, a score's instant win; a number names none. */
function namesChoice(expected, value) {
  if (Array.isArray(expected)) return expected.includes(value);
  if (typeof expected === 'string') return expected === value;
  return Boolean(expected && typeof expected === 'object' && expected.instantWin === value);
}

const isInt = (text) => /^\s*-?\d+\s*$/.test(String(text));

function answerReady(kind, a) {
  if (kind === 'select_cards' || kind === 'select_calls') return true;   // choosing none is an answer too
  if (kind === 'number') return isInt(a.value);
  if (kind === 'score') return Boolean(a.instant) || (isInt(a.Team1) && isInt(a.Team2));
  return a !== null;
}

function answerValue(kind, a) {
  if (kind === 'select_cards' || kind === 'select_calls') return [...a];
  if (kind === 'number') return Number.parseInt(a.value, 10);
  if (kind === 'score') {
    return a.instant ? { instantWin: a.instant } : { Team1: Number.parseInt(a.Team1, 10), Team2: Number.parseInt(a.Team2, 10) };
  }
  return a;
}
