// The score calculator (issue 5): contract + card points in, match points and the engine's arithmetic out.
//
//   const calc = mount(root, { engine, lang: 'fr', rules: 'giretra.com', rulesHref: 'rules.html' });
//   calc.setLang('mg');   // re-labels everything and recomputes
//   calc.destroy();       // empties root, ignores answers still in flight
//
// An engine that does not start (offline, a blocked download) is shown as the game shows it, by stage, with a
// Try again button that asks *restartEngine* (the widget's) for a new one.
//
// Every number comes from the engine's `score` endpoint (giretra_core.jsonapi.score): the modes, their names and
// card-point totals, the multipliers a mode can have, the other team's card points, the match points, the lines.
// This module only collects the inputs and shows the answer; a refusal (RulesError) is shown next to the inputs,
// anything else is an engine bug and is shown as such.
//
// Test hooks: .gt-calc; [data-input="mode|multiplier|announcer|Team1|Team2|sweep"];
// .gt-calc__result[data-team1][data-team2] (match points; data-instant-win when a Colour sweep wins the match);
// .gt-calc__steps (the engine's lines); .gt-calc__error.

import { focusIsFree, h, uid } from './dom.js';
import { keepLang, resumeLang, rulesUrl, t } from './i18n.js';
import { renderLoading } from './view/chrome.js';

const TEAMS = ['Team1', 'Team2'];
const MULTIPLIERS = [1, 2, 4];
const DEBOUNCE_MS = 150;

export function mount(root, { engine, lang = 'en', rules = 'giretra.com', rulesHref = '', focus = false,
  headingLevel = 2, restartEngine = null } = {}) {
  // What the user chose. `edited` is the team whose card points the user typed last: only that one is sent,
  // the engine completes the other (the total is a rule, S-1).
  // `wanted` is the multiplier the user picked last: kept through modes that cannot have it (NoTrumps is ×2 only).
  const state = { mode: 'ColourHearts', multiplier: 1, wanted: 1, announcer: 'Team1', sweep: '', edited: 'Team1',
    points: { Team1: '90', Team2: '' } };
  let catalogue = null;   // the engine's answer without a mode: modes, teams
  let seq = 0;            // answers to older requests are ignored
  let timer = 0;
  let destroyed = false;

  const ids = { title: uid('gt-calc-title'), mode: uid('gt-calc-mode'), multiplier: uid('gt-calc-mult'), multHint: uid('gt-calc-mhint'),
    announcer: uid('gt-calc-ann'), sweep: uid('gt-calc-sweep'), Team1: uid('gt-calc-p1'), Team2: uid('gt-calc-p2'),
    pointsHint: uid('gt-calc-phint'), error: uid('gt-calc-err') };

  const onInput = (event) => {
    const input = event.target.closest('[data-input]');
    if (!input) return;
    const name = input.dataset.input;
    if (name === 'Team1' || name === 'Team2') {
      state.points[name] = input.value;
      state.edited = name;
    } else if (name === 'multiplier') {
      state.multiplier = state.wanted = Number(input.value);
    } else {
      state[name] = input.value;
      if (name === 'mode') fitMultiplier();
      renderPointsLock();
    }
    schedule();
  };

  const form = h('form.gt-calc__form', { attrs: { novalidate: true },
    on: { input: onInput, change: onInput, submit: (e) => { e.preventDefault(); schedule(0); } } });
  const title = h(`h${Math.min(6, headingLevel)}.gt-calc__title`);   // under the host page's heading before it
  const intro = h('p.gt-calc__intro');
  const error = h('p.gt-calc__error', { id: ids.error, hidden: true, attrs: { 'aria-live': 'polite' } });
  const result = h('div.gt-calc__result', { hidden: true, attrs: { 'aria-live': 'polite' } });
  const status = h('p.gt-calc__status', { attrs: { role: 'status' } });
  const starting = h('div.gt-calc__starting');   // the engine's first start, stage by stage, as the game shows it
  title.id = ids.title;
  const el = h('section.gt-calc', { attrs: { 'aria-labelledby': ids.title } },
    [title, intro, status, starting, form, error, result]);
  root.replaceChildren(el);
  if (focus && focusIsFree(root)) {
    // Started from the keyboard: the focus waits in the calculator while the engine starts (it fell to the page's body
    // for those seconds: an audit); its first field takes it once drawn.
    el.tabIndex = -1;
    el.focus({ preventScroll: true });
  }

  // -- engine calls ---------------------------------------------------------------------------------------------

  function request() {
    const req = { rules, lang, mode: state.mode, multiplier: state.multiplier, announcer: state.announcer };
    if (state.sweep) {
      req.sweep = state.sweep;
    } else {
      const text = state.points[state.edited].trim();
      // Numbers go as numbers; anything else goes as typed, so that the engine says what is wrong with it.
      if (text !== '') req.cardPoints = { [state.edited]: /^[+-]?\d+(\.\d+)?$/.test(text) ? Number(text) : text };
    }
    return req;
  }

  function schedule(delay = DEBOUNCE_MS) {
    clearTimeout(timer);
    timer = setTimeout(keepLang(compute), delay);
  }

  async function compute() {
    if (!catalogue) return;
    const mine = ++seq;
    el.setAttribute('aria-busy', 'true');
    try {
      const answer = await resumeLang(engine.call('score', request()));
      if (mine !== seq || destroyed) return;
      showResult(answer.result);
    } catch (err) {
      // An engine bug stays loud even when its answer is no longer wanted (a newer request, a removed calculator).
      if (err?.name === 'EngineCrash') console.error('giretra calculator: engine bug', err);
      if (mine !== seq || destroyed) return;
      showError(err);
    } finally {
      if (mine === seq && !destroyed) el.removeAttribute('aria-busy');
    }
  }

  let stage = null;       // the engine's start: 'pyodide' … 'ready'
  let loadError = null;   // the EngineLoadError of a start that failed
  function showStart() {
    const booting = !catalogue && (loadError || (stage && stage !== 'ready'));
    starting.replaceChildren(...(booting ? [renderLoading({ stage, loadError, title: t('calc.loading'),
      failedTitle: t('calc.loadFailed') }, { onRetry: restartEngine && retry })] : []));
    // Said by the stages' own title while the engine starts, by the status line until the first answer.
    status.textContent = booting || catalogue ? '' : t('calc.loading');
  }
  const follow = () => engine.onProgress?.(keepLang((next) => { stage = next; showStart(); }));
  let unfollow = follow();

  // The engine did not start: a new one, and the calculator asks again from the start.
  function retry() {
    unfollow?.();
    engine = restartEngine();
    unfollow = follow();
    loadError = null;
    catalogue = null;
    load();
  }

  let started = false;
  async function load() {
    const mine = ++seq;
    showStart();
    try {
      const answer = await resumeLang(engine.call('score', { rules, lang }));
      if (mine !== seq || destroyed) return;
      catalogue = answer;
      showStart();
      build();
      compute();
      if (focus && !started) root.querySelector('.gt-calc__input')?.focus();   // started by the reader: its first field
      started = true;
    } catch (err) {
      if (mine !== seq || destroyed) return;
      showError(err);
    }
  }

  // -- the form -------------------------------------------------------------------------------------------------

  const modeInfo = () => catalogue.modes.find((m) => m.mode === state.mode) || catalogue.modes[0];

  /** The mode changed: the user's multiplier if the mode can have it, else the nearest it can (engine's list). */
  function fitMultiplier() {
    const allowed = modeInfo().multipliers;
    state.multiplier = allowed.includes(state.wanted) ? state.wanted
      : [...allowed].reverse().find((m) => m <= state.wanted) ?? allowed[0];
    renderMultiplier();
  }

  function field(id, label, control, hint = null) {
    return h('div.gt-calc__field', [h('label.gt-calc__label', { attrs: { for: id } }, label), control, hint]);
  }

  function select(name, id, options, value, extra = {}) {
    return h('select.gt-calc__input', { id, dataset: { input: name }, ...extra },
      options.map(([v, text]) => h('option', { value: String(v), selected: String(v) === String(value) }, text)));
  }

  function build() {
    title.textContent = t('calc.title');
    intro.textContent = t('calc.intro');
    const teams = catalogue.teams;
    const pointsInput = (team) => h(`input.gt-calc__input.gt-calc__points.gt-team--${team.toLowerCase()}`, {
      id: ids[team], type: 'text', value: state.points[team], dataset: { input: team },
      attrs: { inputmode: 'numeric', autocomplete: 'off', spellcheck: 'false',
        'aria-describedby': `${ids.pointsHint} ${ids.error}` } });
    form.replaceChildren(
      h('div.gt-calc__row', [
        field(ids.mode, t('calc.mode'), select('mode', ids.mode,
          catalogue.modes.map((m) => [m.mode, t('calc.modeOption', { mode: m.text, total: m.total })]), state.mode)),
        field(ids.multiplier, t('calc.multiplier'), select('multiplier', ids.multiplier, [], state.multiplier,
          { attrs: { 'aria-describedby': ids.multHint } }),
        h('p.gt-calc__hint', { id: ids.multHint })),
        field(ids.announcer, t('calc.announcer'), select('announcer', ids.announcer,
          TEAMS.map((team) => [team, teams[team]]), state.announcer)),
      ]),
      h('fieldset.gt-calc__points-set', [
        h('legend.gt-calc__label', t('calc.cardPoints')),
        h('div.gt-calc__row.gt-calc__row--points', TEAMS.map((team) => field(ids[team], teams[team], pointsInput(team)))),
        h('p.gt-calc__hint', { id: ids.pointsHint }),
      ]),
      h('div.gt-calc__row', [
        field(ids.sweep, t('calc.sweep'), select('sweep', ids.sweep,
          [['', t('calc.sweepNone')], ...TEAMS.map((team) => [team, teams[team]])],   // a select cannot wrap: short
          state.sweep)),
      ]),
    );
    renderMultiplier();
    renderPointsLock();
  }

  function renderMultiplier() {
    const input = form.querySelector('[data-input="multiplier"]');
    if (!input) return;
    const info = modeInfo();
    input.replaceChildren(...MULTIPLIERS.map((m) => h('option', {
      value: String(m), selected: m === state.multiplier, disabled: !info.multipliers.includes(m),
    }, t(`calc.x${m}`))));
    const why = Object.values(info.refused || {});
    const hint = root.querySelector(`#${ids.multHint}`);
    hint.textContent = why.join(' ');
    hint.hidden = why.length === 0;
  }

  function renderPointsLock() {
    const locked = Boolean(state.sweep);
    for (const team of TEAMS) {
      const input = form.querySelector(`[data-input="${team}"]`);
      if (input) input.readOnly = locked;
    }
    const hint = root.querySelector(`#${ids.pointsHint}`);
    if (hint) hint.textContent = locked ? t('calc.pointsSwept') : t('calc.pointsHint', { total: modeInfo().total });
  }

  // -- the answer -----------------------------------------------------------------------------------------------

  function showResult(r) {
    error.hidden = true;
    error.replaceChildren();
    delete error.dataset.code;
    for (const team of TEAMS) {
      const input = form.querySelector(`[data-input="${team}"]`);
      input.removeAttribute('aria-invalid');
      // The engine's card points: the other team's, completed from the total; both for a sweep.
      if (team !== state.edited || state.sweep) {
        state.points[team] = String(r.cardPoints[team]);
        if (input.value !== state.points[team]) input.value = state.points[team];
      }
    }
    renderPointsLock();
    const teams = catalogue.teams;
    const mult = r.multiplier === 1 ? '' : ` ×${r.multiplier}`;
    result.dataset.team1 = String(r.matchPoints.Team1);
    result.dataset.team2 = String(r.matchPoints.Team2);
    if (r.instantWin) result.dataset.instantWin = r.instantWin;
    else delete result.dataset.instantWin;
    result.replaceChildren(
      h(`h${Math.min(6, headingLevel + 1)}.gt-calc__result-title`, t('calc.result', { contract: `${r.modeText}${mult}`,
        team: teams[r.announcer] })),
      h('ul.gt-calc__teams', TEAMS.map((team) => h(`li.gt-calc__team.gt-team--${team.toLowerCase()}`, {
        class: { 'is-winner': r.instantWin === team }, dataset: { team } }, [
        h('span.gt-calc__team-name', [teams[team], ' ',
          h('span.gt-tag', t(team === r.announcer ? 'calc.announcers' : 'calc.defenders'))]),
        r.instantWin === team
          ? h('strong.gt-calc__points-won', t('calc.instantWin'))
          : h('strong.gt-calc__points-won', t('calc.matchPoints', { n: r.matchPoints[team] })),
      ]))),
      h('ol.gt-calc__steps', { attrs: { 'aria-label': t('calc.steps') } }, r.lines.map((line) => h('li', line))),
      h('p', ruleLink(r.rule)),
    );
    result.hidden = false;
  }

  // A link to the rule's section, on this page when the calculator sits on the rules page (rulesHref ''), else in a
  // new tab. A part of a rule ("S-4b", the AllTrumps table) is named as its rule, the label the reader can see.
  function ruleLink(rule) {
    return h('a.gt-calc__rule', { href: rulesUrl(rulesHref, rule), dataset: { rule },
      attrs: rulesHref ? { target: '_blank', rel: 'noopener' } : {} }, t('calc.rule', { rule: rule.replace(/[a-z]$/, '') }));
  }

  function showError(err) {
    if (err?.name === 'EngineLoadError') {   // not a bug: the engine's start failed, shown where it stopped
      loadError = err;
      catalogue = null;
      form.replaceChildren();
      error.hidden = true;
      result.hidden = true;
      showStart();
      return;
    }
    status.textContent = '';
    starting.replaceChildren();   // the error says where the start stopped
    result.hidden = true;
    delete result.dataset.team1;
    delete result.dataset.team2;
    delete result.dataset.instantWin;
    const refused = err && err.name === 'RulesError';
    error.classList.toggle('is-crash', !refused);
    error.dataset.code = refused ? err.code : 'crash';
    if (!state.sweep) {   // the other team's points were the engine's answer to the previous input: not valid now
      const other = TEAMS.find((team) => team !== state.edited);
      state.points[other] = '';
      const input = form.querySelector(`[data-input="${other}"]`);
      if (input) input.value = '';
    }
    if (refused) {
      // A refusal that names its rule (err.rule, from the seam's error) links to it, like a result does.
      error.replaceChildren(err.message, ...(err.rule ? [' ', ruleLink(err.rule)] : []));
      if (err.code === 'bad_card_points' && !state.sweep) {
        form.querySelector(`[data-input="${state.edited}"]`)?.setAttribute('aria-invalid', 'true');
      }
    } else {
      // Not a refusal: a bug in the engine or the page. Shown, never swallowed.
      console.error('score calculator:', err);
      error.replaceChildren(t('calc.crash'), h('pre.gt-calc__crash', String(err && (err.stack || err.message) || err)));
    }
    error.hidden = false;
  }

  load();

  return {
    setLang(next) {
      if (destroyed || next === lang) return;
      lang = next;
      catalogue = null;
      clearTimeout(timer);
      load();
    },
    destroy() {
      destroyed = true;
      unfollow?.();
      clearTimeout(timer);
      root.replaceChildren();
    },
  };
}
