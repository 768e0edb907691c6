// The lesson player's state and actions, with no DOM: the lesson list, one lesson's task, the learner's answer, the
// engine's verdict and where the keyboard's focus should go next. Positions, options, expected answers and feedback
// all come from the engine (jsonapi lessons / lesson_task / check_answer).

import { answerValue, emptyAnswer } from './answers.js';
import { createProgress } from './progress.js';

export class LessonPlayer {
  /** *lesson*: one lesson's id (a page that embeds one lesson: no list to go back to), or null for the list.
   *  *focus*: the reader started the widget from the keyboard, so its first task's prompt (or the list) takes the
   *  focus once shown. */
  constructor({ session, lesson = null, progress = createProgress(), onChange = () => {}, focus = false }) {
    this.session = session;
    this.progress = progress;
    this.onChange = onChange;
    this.fixed = Boolean(lesson);
    this.lessonId = lesson || null;
    this.catalogue = null;       // lessons(): [{id, family, title, tasks, rules}]
    this.index = 0;
    this.task = null;            // lesson_task()
    this.answer = null;          // what the learner has chosen, per task kind
    this.sent = null;            // the answer last checked (checked again in a new language)
    this.loadingIndex = null;    // the task being asked for, until its answer comes
    this.result = null;          // check_answer()
    this.answerShown = false;    // the learner asked for the right answer: it is told, and marked on the board
    this.seenFor = null;         // the task whose answer was shown: found after that, it is not solved (it was copied)
    this.error = null;           // {kind: 'refused'|'load'|'crash', message, policy?}
    this.loading = true;
    this.stage = null;           // the engine's start ('pyodide' … 'ready'), shown by stage
    this.said = { text: '', seen: false, n: 0 };   // what the status region says; n counts the sayings (the same words twice)
    // A selector the view focuses after its next drawing (keyboard users keep their place).
    this.focusAfter = focus ? (lesson ? '.gt-lesson__prompt' : '.gt-lesson__item') : null;
    this.destroyed = false;
  }

  get lang() { return this.session.lang; }

  changed() {
    if (!this.destroyed) this.onChange(this);
  }

  /** 'error' | 'list' | 'loading' | 'asking' | 'wrong' | 'right' | 'complete' (the view's data-state). */
  state() {
    if (this.error && !this.task && !this.catalogue) return 'error';
    if (!this.lessonId) return this.catalogue ? 'list' : 'loading';
    if (!this.task) return 'loading';
    if (!this.result) return 'asking';
    if (!this.result.correct) return 'wrong';
    return this.result.last ? 'complete' : 'right';
  }

  /** The answer on screen is right, but found after its task's answer was shown. */
  copied() {
    return Boolean(this.result?.correct && this.seenFor === this.index);
  }

  /** Words for the status region; *seen*: followed by "you had seen the answer" (the view's words). */
  say(text, { seen = false } = {}) {
    this.said = { text, seen, n: this.said.n + 1 };
  }

  /** The selector to focus after this drawing, once: the view takes it. */
  takeFocus() {
    const selector = this.focusAfter;
    this.focusAfter = null;
    return selector;
  }

  /** One engine round trip: the newest wins; a failure is kept as this.error (and drawn), the caller gets null. */
  async ask(name, args) {
    this.loading = true;
    this.error = null;
    this.changed();
    const answer = await this.session.latest(name, args, 'lesson');
    if (!answer || this.destroyed) return null;
    this.loading = false;
    if (!answer.error) return answer.value;
    // policy: the site's security policy refused the engine (engine.js), said instead of the browser's reason
    this.error = { kind: answer.kind, message: answer.error?.message || String(answer.error),
      ...(answer.error?.policy ? { policy: answer.error.policy } : {}) };
    this.changed();
    return null;
  }

  /** The first drawing: the lesson given (where it was left), else the list. */
  start() {
    return this.lessonId ? this.resumeLesson() : this.showList();
  }

  async showList() {
    this.lessonId = null;
    this.task = null;
    this.result = null;
    const value = await this.ask('lessons', {});
    if (!value) return;
    this.catalogue = value.lessons;
    this.changed();
  }

  /** Open lesson *id* at *index*, by default at its first task not yet solved (or the start of a finished one). */
  async openLesson(id, index = null) {
    this.lessonId = id;
    if (index === null) {
      const entry = this.catalogue?.find((x) => x.id === id);
      index = entry ? this.progress.firstUnsolved(id, entry.tasks) ?? 0 : 0;
    }
    await this.loadTask(index);
  }

  // A lesson of the page (the rules page's, in its section) resumes too: it opened at its first task on every visit,
  // and its end offered only "Start again" with a task left unsolved (a learner's audit). Its number of tasks is the
  // engine's word: asked with the first task.
  async resumeLesson() {
    if (!this.progress.started(this.lessonId)) return this.loadTask(0);
    const first = await this.ask('lesson_task', { lesson: this.lessonId, index: 0 });
    if (!first) return undefined;
    return this.loadTask(this.progress.firstUnsolved(this.lessonId, first.count) ?? 0);
  }

  /** Task *index* of the open lesson; *keepAnswer*: the same task again (a new language), answer and verdict kept. */
  async loadTask(index, keepAnswer = false) {
    this.loadingIndex = index;   // a language switch before the answer asks again for this one
    const value = await this.ask('lesson_task', { lesson: this.lessonId, index });
    if (!value) return;
    this.loadingIndex = null;
    this.index = index;
    this.task = value;
    if (!keepAnswer) {
      this.say('');   // the last verdict is not left under the next task
      this.answer = emptyAnswer(value.kind);
      this.sent = null;
      this.result = null;
      this.answerShown = false;
      this.seenFor = null;
    }
    this.changed();
  }

  /** The learner's answer to the engine; a right one (not copied from the shown answer) is marked solved. */
  async check() {
    const answer = answerValue(this.task.kind, this.answer);
    const sent = { index: this.index, answer };
    const value = await this.ask('check_answer', { lesson: this.lessonId, index: this.index, answer });
    if (!value) return;
    this.sent = sent;
    this.result = value;
    this.answerShown = false;
    if (value.correct && this.seenFor !== this.index) this.progress.markDone(this.lessonId, this.index);
    this.focusAfter = '.gt-lesson__feedback button';   // Retry, Next, or the end-of-lesson choices
    this.say(value.feedback.join(' '), { seen: this.copied() });
    this.changed();
  }

  retry() {
    this.say('');
    this.result = null;
    this.sent = null;
    this.answerShown = false;
    // A score's numbers stay, to mend the wrong one (both were emptied: a learner's audit); a choice starts afresh.
    this.answer = this.task.kind === 'score' ? { ...this.answer, instant: null } : emptyAnswer(this.task.kind);
    this.focusAfter = '.gt-lesson__answer button, .gt-lesson__answer input';
    this.changed();
  }

  /** A wrong answer's right one, on request: told, and marked on the board; the task stays to do. */
  showAnswer() {
    this.answerShown = true;
    this.seenFor = this.index;
    this.focusAfter = '[data-action="next"], [data-action="retry"]';   // the first of them: Next, if there is one
    this.say(this.result.answer.join(' '));
    this.changed();
  }

  /** A card, call, seat or option pressed (*multi*: one of several chosen). Drawn in place by the view (a drawing
   *  anew would take the keyboard's focus away), so no onChange. */
  toggle(value, multi) {
    if (multi) {
      if (this.answer.has(value)) this.answer.delete(value); else this.answer.add(value);
    } else {
      this.answer = this.answer === value ? null : value;
    }
  }

  /** A number typed in the field *name* ('value', 'Team1', 'Team2'): in place, as toggle. */
  type(name, text) {
    this.answer[name] = text;
  }

  /** A score task's "instant win" for *team*, pressed (or released): the number fields follow. */
  chooseInstant(team) {
    this.answer.instant = this.answer.instant === team ? null : team;
    this.focusAfter = `[data-answer="${team}"]`;
    this.changed();
  }

  /** The engine's start reached *stage*. */
  started(stage) {
    this.stage = stage;
    if (!this.task && !this.catalogue) this.changed();
  }

  // The engine did not start (offline, a failed download): start a new one and ask again, keeping the place.
  async reload() {
    await this.session.restart();
    if (this.destroyed) return;
    this.error = null;
    if (!this.lessonId) await this.showList();
    else await this.loadTask(this.task ? this.index : 0, Boolean(this.task));
  }

  /** Ask the engine again in *lang*: same lesson, same task, same answer and verdict. */
  async setLang(lang) {
    if (this.destroyed || lang === this.lang) return;
    this.session.setLang(lang);
    this.say('');   // not left in the old language
    if (!this.lessonId) {
      await this.showList();
      return;
    }
    if (!this.task && this.loadingIndex == null) {
      this.changed();
      return;
    }
    // The task on screen, or the one being loaded (asked in the old language: its answer would show it).
    const index = this.loadingIndex ?? this.index;
    const sent = this.sent;
    await this.loadTask(index, Boolean(this.task) && index === this.index);
    if (sent && sent.index === this.index && this.task) {
      const value = await this.ask('check_answer', { lesson: this.lessonId, index: this.index, answer: sent.answer });
      if (value) {
        this.result = value;
        this.changed();
      }
    }
  }

  destroy() {
    this.destroyed = true;
    this.session.close();
  }
}
