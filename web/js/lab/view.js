// The bot lab's view: renders the controller's state into lab.html's elements (found by data-lab attributes) and
// wires its controls to the controller's actions. The editor is a <textarea> with a line-number gutter: Tab
// indents, and the line of an error is marked in the gutter.

const $ = (name) => document.querySelector(`[data-lab="${name}"]`);

function percent(x) { return `${(100 * x).toFixed(1)} %`; }
function signed(x) { return `${x >= 0 ? '+' : ''}${x.toFixed(1)}`; }

export function mountLabView(controller, t) {
  const editor = $('editor');
  const gutter = $('gutter');
  const els = Object.fromEntries(['status', 'error', 'result', 'progress', 'bar', 'notice', 'share-link', 'run',
    'stop', 'check'].map((name) => [name, $(name)]));

  for (const el of document.querySelectorAll('[data-t]')) el.textContent = t(el.dataset.t);

  editor.addEventListener('input', () => controller.setSource(editor.value));
  editor.addEventListener('scroll', () => { gutter.scrollTop = editor.scrollTop; });
  editor.addEventListener('keydown', (event) => {
    if (event.key !== 'Tab' || event.shiftKey || event.ctrlKey || event.altKey || event.metaKey) return;
    event.preventDefault();   // Tab indents (4 spaces); Escape then Tab leaves the editor, as browsers do
    editor.setRangeText('    ', editor.selectionStart, editor.selectionEnd, 'end');
    controller.setSource(editor.value);
  });
  editor.addEventListener('keyup', (event) => { if (event.key === 'Escape') editor.blur(); });

  $('use-template').addEventListener('click', () => controller.useTemplate($('template').value));
  $('opponent').addEventListener('change', (e) => controller.setOpponent(e.target.value));
  $('deals').addEventListener('change', (e) => controller.setDeals(Number(e.target.value)));
  els.check.addEventListener('click', () => controller.check());
  els.run.addEventListener('click', () => controller.run());
  els.stop.addEventListener('click', () => controller.stop());
  $('save').addEventListener('click', () => controller.save());
  $('share').addEventListener('click', async () => {
    const hash = await controller.shareHash();
    if (!hash) return;
    const url = new URL(location.href);
    url.hash = hash;
    history.replaceState(null, '', url);
    els['share-link'].hidden = false;
    els['share-link'].querySelector('a').href = url.href;
    els['share-link'].querySelector('a').textContent = url.href;
  });
  // A match with the bot: saved first (the game reads the saved bot), then the game with it at Top or Left.
  for (const [name, seat] of [['play-partner', 'Top'], ['play-against', 'Left']]) {
    $(name).addEventListener('click', () => {
      controller.save();
      location.href = new URL(`index.html?labbot=${seat}`, location.href).href;
    });
  }
  $('download').addEventListener('click', () => {
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([controller.state.source], { type: 'text/x-python' }));
    link.download = 'bot.py';
    link.click();
    setTimeout(() => URL.revokeObjectURL(link.href), 1000);
  });
  $('file').addEventListener('change', async (event) => {
    const file = event.target.files[0];
    if (file) controller.openFile(file.size > 400000 ? null : await file.text());
    event.target.value = '';
  });

  const render = (state) => {
    if (editor.value !== state.source) editor.value = state.source;
    const lines = state.source.split('\n').length;
    const bad = state.error?.line;
    gutter.replaceChildren(...Array.from({ length: lines }, (_, i) => {
      const line = document.createElement('div');
      line.textContent = String(i + 1);
      if (i + 1 === bad) line.className = 'lab-gutter__bad';
      return line;
    }));
    const busy = state.status === 'running' || state.status === 'checking';
    els.run.disabled = busy;
    els.check.disabled = busy;
    els.stop.hidden = !busy;
    els.status.dataset.status = state.status;
    els.notice.textContent = state.notice;
    els.error.hidden = !state.error;
    els.error.textContent = !state.error ? ''
      : state.error.line ? t('lab.errorAt', { line: state.error.line, message: state.error.message })
        : state.error.message;
    const p = state.progress;
    els.progress.hidden = !(p && state.status === 'running');
    if (p) {
      els.bar.max = p.total;
      els.bar.value = p.done;
      els.progress.querySelector('span').textContent = t('lab.progress', p);
    }
    const r = state.result;
    els.result.hidden = !r;
    if (r) {
      const [low, high] = r.win_rate_ci95 ?? [r.win_rate_A, r.win_rate_A];
      const [cplow, cphigh] = r.card_points_ci95 ?? [r.card_points_per_deal_A_minus_B, r.card_points_per_deal_A_minus_B];
      els.result.textContent = t('lab.result', {
        opponent: t(`level.${r.B}`), pairs: r.pairs, rate: percent(r.win_rate_A), low: percent(low),
        high: percent(high), cp: signed(r.card_points_per_deal_A_minus_B), cplow: signed(cplow), cphigh: signed(cphigh),
      });
      els.result.dataset.winRate = String(r.win_rate_A);
    }
  };
  controller.subscribe(render);
  render(controller.state);
}
