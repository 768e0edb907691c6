// The score calculator drawn from its controller's state. The form is built once per catalogue (a new language
// builds it again) and then only updated, so that the field being typed in keeps its focus and caret.
//
// Test hooks: .gt-calc; [data-input="mode|multiplier|announcer|Team1|Team2|sweep"];
// .gt-calc__result[data-team1][data-team2] (match points; data-instant-win when a Colour sweep wins the match);
// .gt-calc__steps (the engine's lines); .gt-calc__error.

import { h, uid } from '../dom.js';
import { renderLoading } from '../view/chrome.js';
import { MULTIPLIERS, TEAMS } from './controller.js';

export function createView({ headingLevel = 2, rulesHref = '', onInput, onSubmit, onRetry }) {
  const ids = { title: uid('gt-calc-title'), mode: uid('gt-calc-mode'), multiplier: uid('gt-calc-mult'),
    multHint: uid('gt-calc-mhint'), announcer: uid('gt-calc-ann'), sweep: uid('gt-calc-sweep'),
    Team1: uid('gt-calc-p1'), Team2: uid('gt-calc-p2'), pointsHint: uid('gt-calc-phint'), error: uid('gt-calc-err') };
  const read = (event) => {
    const input = event.target.closest('[data-input]');
    if (input) onInput(input.dataset.input, input.value);
  };
  const form = h('form.gt-calc__form', { attrs: { novalidate: true },
    on: { input: read, change: read, submit: (e) => { e.preventDefault(); onSubmit(); } } });
  const title = h(`h${Math.min(6, headingLevel)}.gt-calc__title`, { id: ids.title });   // under the host's heading
  const intro = h('p.gt-calc__intro');
  const error = h('p.gt-calc__error', { id: ids.error, hidden: true, attrs: { 'aria-live': 'polite' } });
  const result = h('div.gt-calc__result', { hidden: true, attrs: { 'aria-live': 'polite' } });
  const status = h('p.gt-calc__status', { attrs: { role: 'status' } });
  const starting = h('div.gt-calc__starting');   // the engine's first start, stage by stage, as the game shows it
  const el = h('section.gt-calc', { attrs: { 'aria-labelledby': ids.title } },
    [title, intro, status, starting, form, error, result]);
  let built = null;   // the catalogue the form was built for
  const shown = { result: null, error: null };   // the answer drawn in each box ("answers lang"): drawn once

  const ctx = { form, ids, title, intro, result, error, shown, headingLevel, rulesHref };
  function render(ctrl, t) {
    if (ctrl.busy) el.setAttribute('aria-busy', 'true');
    else el.removeAttribute('aria-busy');
    const failed = ctrl.error !== null;
    starting.replaceChildren(...(ctrl.booting && !failed ? [renderLoading(t, { stage: ctrl.stage,
      loadError: ctrl.loadError, title: t('calc.loading'), failedTitle: t('calc.loadFailed') }, { onRetry })] : []));
    // Said by the stages' own title while the engine starts, by the status line until the first answer.
    status.textContent = ctrl.booting || ctrl.catalogue || failed ? '' : t('calc.loading');
    if (!ctrl.catalogue) {
      if (built) form.replaceChildren();
      built = null;
    } else {
      if (built !== ctrl.catalogue) { built = ctrl.catalogue; build(ctx, ctrl, t); }
      renderMultiplier(ctx, ctrl, t);
      renderPoints(ctx, ctrl, t);
    }
    renderResult(ctx, ctrl, t);
    renderError(ctx, ctrl, t);
  }
  return { el, render, firstField: () => form.querySelector('.gt-calc__input') };
}

// -- the parts, drawn into ctx's elements

function field(id, label, control, hint = null) {
  return h('div.gt-calc__field', [h('label.gt-calc__label', { attrs: { for: id } }, label), control, hint]);
}

function select(name, id, options, value, extra = {}) {
  return h('select.gt-calc__input', { id, dataset: { input: name }, ...extra },
    options.map(([v, text]) => h('option', { value: String(v), selected: String(v) === String(value) }, text)));
}

function build(ctx, ctrl, t) {
  const { form, ids, title, intro } = ctx;
  title.textContent = t('calc.title');
  intro.textContent = t('calc.intro');
  const { teams, modes } = ctrl.catalogue;
  const { inputs } = ctrl;
  const pointsInput = (team) => h(`input.gt-calc__input.gt-calc__points.gt-team--${team.toLowerCase()}`, {
    id: ids[team], type: 'text', value: inputs.points[team], dataset: { input: team },
    attrs: { inputmode: 'numeric', autocomplete: 'off', spellcheck: 'false',
      'aria-describedby': `${ids.pointsHint} ${ids.error}` } });
  form.replaceChildren(
    h('div.gt-calc__row', [
      field(ids.mode, t('calc.mode'), select('mode', ids.mode,
        modes.map((m) => [m.mode, t('calc.modeOption', { mode: m.text, total: m.total })]), inputs.mode)),
      field(ids.multiplier, t('calc.multiplier'), select('multiplier', ids.multiplier, [], inputs.multiplier,
        { attrs: { 'aria-describedby': ids.multHint } }),
      h('p.gt-calc__hint', { id: ids.multHint })),
      field(ids.announcer, t('calc.announcer'), select('announcer', ids.announcer,
        TEAMS.map((team) => [team, teams[team]]), inputs.announcer)),
    ]),
    h('fieldset.gt-calc__points-set', [
      h('legend.gt-calc__label', t('calc.cardPoints')),
      h('div.gt-calc__row.gt-calc__row--points', TEAMS.map((team) => field(ids[team], teams[team], pointsInput(team)))),
      h('p.gt-calc__hint', { id: ids.pointsHint }),
    ]),
    h('div.gt-calc__row', [
      field(ids.sweep, t('calc.sweep'), select('sweep', ids.sweep,
        [['', t('calc.sweepNone')], ...TEAMS.map((team) => [team, teams[team]])],   // a select cannot wrap: short
        inputs.sweep)),
    ]),
  );
}

function renderMultiplier(ctx, ctrl, t) {
  const { form, ids } = ctx;
  const info = ctrl.modeInfo();
  const wanted = String(ctrl.inputs.multiplier);
  const control = form.querySelector('[data-input="multiplier"]');
  const options = MULTIPLIERS.map((m) => [String(m), !info.multipliers.includes(m), t(`calc.x${m}`)]);
  const same = control.options.length === options.length && options.every(([value, disabled, text], i) =>
    control.options[i].value === value && control.options[i].disabled === disabled && control.options[i].text === text);
  if (!same) {
    control.replaceChildren(...options.map(([value, disabled, text]) => h('option', { value, disabled }, text)));
  }
  if (control.value !== wanted) control.value = wanted;
  const why = Object.values(info.refused || {});
  const hint = form.querySelector(`#${ids.multHint}`);
  hint.textContent = why.join(' ');
  hint.hidden = why.length === 0;
}

function renderPoints(ctx, ctrl, t) {
  const { form, ids } = ctx;
  const locked = Boolean(ctrl.inputs.sweep);
  for (const team of TEAMS) {
    const control = form.querySelector(`[data-input="${team}"]`);
    control.readOnly = locked;
    if (control.value !== ctrl.inputs.points[team]) control.value = ctrl.inputs.points[team];
    if (ctrl.invalid === team) control.setAttribute('aria-invalid', 'true');
    else control.removeAttribute('aria-invalid');
  }
  form.querySelector(`#${ids.pointsHint}`).textContent = locked ? t('calc.pointsSwept')
    : t('calc.pointsHint', { total: ctrl.modeInfo().total });
}

function renderResult(ctx, ctrl, t) {
  const { result, shown, headingLevel } = ctx;
  const r = ctrl.result;
  result.hidden = !r || !ctrl.catalogue;
  if (result.hidden) {
    shown.result = null;
    delete result.dataset.team1;
    delete result.dataset.team2;
    delete result.dataset.instantWin;
    return;
  }
  if (shown.result === `${ctrl.answers} ${t.lang}`) return;   // drawn (and said) once
  shown.result = `${ctrl.answers} ${t.lang}`;
  const teams = ctrl.catalogue.teams;
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
    h('p', ruleLink(ctx, r.rule, t)),
  );
}

// A link to the rule's section, on this page when the calculator sits on the rules page (rulesHref ''), else in a
// new tab. A part of a rule ("S-4b", the AllTrumps table) is named as its rule, the label the reader can see.
function ruleLink(ctx, rule, t) {
  const { rulesHref } = ctx;
  return h('a.gt-calc__rule', { href: t.rulesUrl(rulesHref, rule), dataset: { rule },
    attrs: rulesHref ? { target: '_blank', rel: 'noopener' } : {} }, t('calc.rule', { rule: rule.replace(/[a-z]$/, '') }));
}

function renderError(ctx, ctrl, t) {
  const { error, shown } = ctx;
  const failure = ctrl.error;
  error.hidden = !failure;
  if (!failure) {
    error.replaceChildren();
    error.classList.remove('is-crash');
    delete error.dataset.code;
    shown.error = null;
    return;
  }
  if (shown.error === `${ctrl.answers} ${t.lang}`) return;
  shown.error = `${ctrl.answers} ${t.lang}`;
  const { kind, error: err } = failure;
  error.classList.toggle('is-crash', kind !== 'refused');
  error.dataset.code = kind === 'refused' ? err.code : 'crash';
  if (kind === 'refused') {
    // A refusal that names its rule (err.rule, from the seam's error) links to it, like a result does.
    error.replaceChildren(err.message, ...(err.rule ? [' ', ruleLink(ctx, err.rule, t)] : []));
  } else {
    // Not a refusal: a bug in the engine or the page. Shown, never swallowed.
    error.replaceChildren(t('calc.crash'), h('pre.gt-calc__crash', String(err && (err.stack || err.message) || err)));
  }
}
