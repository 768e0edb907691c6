// The negotiation: the contract so far, the bid history, and (on the human's turn) every call as a button.
// Illegal calls stay visible but disabled, with the engine's reason on hover, focus or tap (on a short screen, and in a
// row with nothing possible on a narrow or short one, folded until "Why?" unfolds them: table.css).

import { h, prose, uid } from '../dom.js';
import { rove } from './hand.js';
import { TEAM_OF } from './seats.js';

/** "Sans A — Doubled automatically ×2 — Team 1" from the engine's contract object; *short*: a phone's score sheet's
 * words for the auto-double ("auto-doubled"), where "contré automatiquement" took three lines at 390 px. */
export function contractText(t, contract, team = contract ? t.team(contract.announcerTeam) : '', short = false) {
  if (!contract) return t('contract.none');
  const auto = short ? 'contract.x2autoShort' : 'contract.x2auto';
  const key = contract.multiplier === 4 ? 'contract.x4' : contract.multiplier === 2
    ? (contract.automatic ? auto : 'contract.x2') : 'contract.x1';
  return t(key, { mode: contract.modeText, team });
}

export function renderContract(t, view) {
  const c = view.contract;
  return h('div.gt-contract', {
    class: { 'is-final': c?.final, [`gt-team--${c?.announcerTeam?.toLowerCase()}`]: Boolean(c) },
    dataset: { multiplier: c ? String(c.multiplier) : '' },
  }, [
    h('span.gt-contract__label', c?.final ? t('contract.final') : t('contract.sofar')),
    h('span.gt-contract__text', contractText(t, c)),
  ]);
}

/** "Before your turn:" over the calls' list at the player's first call of a deal, when others spoke first (a new match
 *  may start there): the word that the list is what happened before, the calls said once, by the list (the sentence
 *  that named them again above it repeated the list: issue 34's sixth pass); '' otherwise. */
export function callsBefore(t, view) {
  if (!view.calls.length || view.calls.some((c) => c.seat === view.seat)) return '';
  return t('status.before');
}

export function renderBidHistory(t, view) {
  if (!view.calls.length) return null;   // the contract box already says 'none yet'
  return h('ol.gt-bids-history', { attrs: { 'aria-label': t('bids.title') } }, view.calls.map((call) =>
    h('li', { class: { [`gt-team--${TEAM_OF[call.seat].toLowerCase()}`]: true }, dataset: { seat: call.seat } }, [
      h('span.gt-bids-history__seat', t.who(call.seat, view.seat)),
      h('span.gt-bids-history__call', call.text),
      call.autoDouble ? h('span.gt-bids-history__auto', t('bids.autoDouble')) : null,
    ])));
}

const ROWS = [
  ['announce', 'bids.announce'],
  ['accept', null],
  ['double', 'bids.double'],
  ['redouble', 'bids.redouble'],
];

/** The action panel, only when it is the human's turn to call. */
export function renderCallPanel(t, model, cfg) {
  const { view } = model;
  const modeLabel = Object.fromEntries(view.legal.filter((a) => a.type === 'announce').map((a) => [a.mode, a.text]));
  const unfolded = Boolean(model.showAllCalls);
  // One Tab stop for the calls (arrows move among them, the refused ones included, to say why): the hinted call,
  // else Accept, else the first legal one (19 Tab stops before).
  const legal = view.legal.filter((a) => a.legal);
  const entry = (legal.find((a) => a.action === model.hint?.action) ?? legal.find((a) => a.type === 'accept')
    ?? legal[0] ?? view.legal[0])?.action;
  return h('div.gt-calls', { class: { 'is-all': unfolded },
    attrs: { role: 'group', 'aria-label': t('bids.panel') },
    // A refused call's reason shows on hover once the pointer moves over the calls: drawn anew under a pointer
    // that had not moved (where the last call was clicked), it covered the row below, Accept.
    on: { keydown: (event) => rove(event, 'button.gt-bid'),
      pointermove: (event) => event.currentTarget.classList.add('is-pointing') } }, [...ROWS.map(([type, label]) => {
    const actions = view.legal.filter((a) => a.type === type);
    if (!actions.length) return null;
    // A row with nothing possible folds to one line on a narrow table (CSS), so that the hand stays in view below
    // the calls on a phone; "Why?" unfolds every row, each disabled call with its reason.
    const none = actions.every((a) => !a.legal);
    // On a short screen (a phone held sideways) a row shows only its legal calls, and "Why not the others?" unfolds
    // the rest (CSS): the calls, the hand and what Accept accepts then fit on the screen together.
    const some = !none && actions.some((a) => !a.legal);
    return h(`div.gt-calls__row.gt-calls__row--${type}`, { class: { 'is-none': none } }, [
      label ? h('span.gt-calls__label', t(label)) : null,
      none ? h('span.gt-calls__none', [
        h('span', label ? t('bids.noneNow') : t('bids.noneNowNamed', { call: actions[0].text })), ' ',
        h('button.gt-btn.gt-btn--quiet.gt-calls__why', {
          type: 'button', dataset: { action: 'show-all-calls', focus: `btn:why-${type}` }, on: { click: cfg.onShowAllCalls },
        }, t('bids.why')),
      ]) : null,
      h('div.gt-calls__buttons', actions.map((a) => renderCallButton(t, a, modeLabel, cfg, model.hint?.action, entry,
        label ? t(label) : null))),
      some ? h('button.gt-btn.gt-btn--quiet.gt-calls__others', {
        type: 'button', dataset: { action: 'show-all-calls', focus: `btn:others-${type}` }, on: { click: cfg.onShowAllCalls },
      }, t('bids.others')) : null,
      // The contract that Accept lets stand, beside it: on a short screen the contract above is out of view.
      type === 'accept' && view.contract ? h('span.gt-calls__contract', contractText(t, view.contract)) : null,
    ]);
  }),
  // A phone held upright shows the legal calls only, the rows flowing together: one "Why not the others?" for them
  // all, after the last call (table.css), rather than one a row, which took a line of the pinned dock each.
  !unfolded && view.legal.some((a) => !a.legal) ? h('button.gt-btn.gt-btn--quiet.gt-calls__others.gt-calls__others--all', {
    type: 'button', dataset: { action: 'show-all-calls', focus: 'btn:others-all' }, on: { click: cfg.onShowAllCalls },
  }, t('bids.others')) : null,
  // Unfolded by "Why?": folded again on request, not only at the next turn (shown where rows fold: table.css).
  unfolded ? h('button.gt-btn.gt-btn--quiet.gt-calls__fold', {
    type: 'button', dataset: { action: 'fold-calls', focus: 'btn:fold-calls' }, on: { click: cfg.onFoldCalls },
  }, t('bids.fold')) : null]);
}

function renderCallButton(t, action, modeLabel, cfg, hinted, entry, rowLabel) {
  // A refused call says why; a double or redouble, the contract it leaves standing: doubling an earlier, lower bid
  // makes that bid the contract (N-9), which a Belote player does not expect.
  const tip = !action.legal ? action.reason?.message ?? ''
    : action.contract ? t('bids.then', { contract: contractText(t, action.contract) }) : null;
  const tipId = tip === null ? null : uid('why');
  const visible = action.type === 'announce' || action.type === 'accept' ? action.text : (modeLabel[action.mode] ?? action.text);
  // What an Accept does when it is more than letting the bid stand (the engine's words, before the press): an
  // opponent's Accept of NoTrumps or Clubs doubles it (N-5), the third in a row ends the negotiation (N-8).
  const effect = action.type === 'accept' && action.effect && action.effect.code !== 'accept' ? action.effect.text : null;
  // (its row's label: where the calls flow together on a phone, the first legal call of a row wears it: table.css)
  return h('span.gt-calls__item', { class: { 'gt-calls__item--illegal': !action.legal }, dataset: { label: rowLabel } }, [
    h(`button.gt-bid.gt-bid--${action.type}`, {
      type: 'button',
      class: { 'is-legal': action.legal, 'is-illegal': !action.legal, 'is-hinted': hinted === action.action },
      dataset: { action: action.action, focus: `action:${action.action}` },
      attrs: {
        tabindex: action.action === entry ? '0' : '-1',
        // "Announce Clubs ♣", as the other rows' "Double Clubs ♣": the engine names an announcement by its mode
        'aria-label': action.type === 'announce' ? `${t('bids.announce')} ${action.text}`
          : effect ? `${action.text} — ${effect}` : action.text,
        'aria-disabled': action.legal ? null : 'true',
        'aria-describedby': tipId,
      },
      on: { click: () => cfg.onAction(action.action) },
    }, effect ? [visible, h('span.gt-bid__effect', [h('span.gt-bid__dash', ' — '), effect])] : visible),
    tip === null ? null : h('span.gt-tip', { id: tipId, attrs: { role: 'tooltip' } }, prose(tip)),
  ]);
}
