// The replay of a finished deal, drawn from its controller (replay/controller.js): the four hands open as they were
// after the step shown, the trick, the card points, the buttons, the slider, and, at each of the player's chosen
// cards, what every legal card was worth with all hands known, beside the expert's choice from what the player saw.
// Every card, point and word of the rules comes from the engine.

import { h } from '../dom.js';
import { renderCardInline } from '../view/cards.js';
import { contractText } from '../view/negotiation.js';

const TEAMS = ['Team1', 'Team2'];
// The hands around the trick as on the table: partners face each other.
const PLACES = [['Top', 'top'], ['Left', 'left'], ['Right', 'right'], ['Bottom', 'bottom']];

/** The step keys: ← → a step, Home / End the ends, PageUp / PageDown the player's previous / next analysed card.
 *  (The slider moves itself with the arrows: its own input event steps it once.) A replay watched (no player's seat,
 *  the rules page's examples) has no choice to go to: PageUp / PageDown stay the page's (they scrolled nothing). */
export function replayKey(replay, event) {
  if (event.target?.type === 'range') return false;
  const act = { ArrowLeft: 'prev', ArrowRight: 'next', Home: 'first', End: 'last',
    ...(replay.seat ? { PageUp: 'prevChoice', PageDown: 'nextChoice' } : {}) }[event.key];
  if (!act || event.altKey || event.ctrlKey || event.metaKey) return false;
  replay[act]();
  return true;
}

/** *me*: the player's seat; *review*: the game's review of this deal (the expert's choices), if asked;
 *  *onReview*: ask it; *onBack*: back to the deal's result (none in the replay widget). *me* null: every seat by
 *  its name (a worked example). *title*: what the heading says in place of "Deal n: the replay" (the widget's
 *  caption), at *headingLevel* (under the host page's heading). */
export function renderReplay(words, replay, { me, review, onReview, onBack, link = null, onCopyLink = null,
  title: named = null, headingLevel = 2 }) {
  // A reader who watches is no player: Team 1 is "Bottom and Top", not "you and Top".
  const t = me ? words : Object.assign((key, params) => words(key, params), words,
    { team: (team) => (team === 'Team1' ? words('team.Team1.watched').replace(/ (?=\d)/g, '\u00a0') : words.team(team)) });
  const back = onBack ? h('button.gt-btn.gt-btn--primary', { type: 'button', dataset: { action: 'replay-back' },
    on: { click: onBack } }, t('replay.back')) : null;
  const title = h(`h${Math.min(6, headingLevel)}.gt-dialog__title`, named ?? t('replay.title', { n: replay.deal }));
  if (replay.failed && !replay.steps) return h('div.gt-replay', [title, h('p.gt-note', replay.failed), back]);
  if (!replay.steps) return h('div.gt-replay', [title, h('p', { attrs: { role: 'status' } }, t('replay.loading'))]);
  const { step } = replay;
  return h('div.gt-replay', {
    dataset: { step: String(replay.index), steps: String(replay.count) },
    on: { keydown: (e) => { if (replayKey(replay, e)) e.preventDefault(); } },
  }, [
    title,
    // The contract as it stood after the step (the final one only once the bidding is over: no spoiler).
    h('p.gt-replay__contract', [t(step.contract?.final ? 'contract.final' : 'contract.sofar'), ' ',
      contractText(t, step.contract), ' — ',
      t.bySeat('summary.dealer', replay.dealer, me)]),
    renderControls(t, replay, me),
    renderBoard(t, step, me),
    renderPoints(t, step),
    renderWorth(t, replay, { me, review, onReview }),
    h('p.gt-note', t(replay.seat ? 'replay.keys' : 'replay.keys.watch')),
    link ? renderLink(t, link, onCopyLink) : null,
    back ? h('div.gt-dialog__buttons', back) : null,
  ]);
}

// The link to this replay (the game's dialog only), to copy: as the share dialog's links are.
function renderLink(t, link, onCopy) {
  return h('div.gt-field.gt-share__row.gt-replay__link', [
    h('label#gt-replay-link-label', { htmlFor: 'gt-replay-link' }, t('replay.link')),
    h('div.gt-share__line', [
      h('input#gt-replay-link.gt-share__url', { type: 'text', readOnly: true, value: link,
        on: { focus: (e) => e.target.select() } }),
      h('button.gt-btn', { type: 'button', dataset: { action: 'copy-replay-link' },
        attrs: { 'aria-describedby': 'gt-replay-link-label' }, on: { click: (e) => onCopy(e.target) } },
      t('share.copy')),
    ]),
  ]);
}

function renderControls(t, replay, me) {
  const { step } = replay;
  const button = (action, label, symbol, disabled) => h('button.gt-btn.gt-replay__step', {
    // aria-disabled, not disabled: a disabled button drops the keyboard's focus out of the dialog (at the last step)
    type: 'button', dataset: { action: `replay-${action}` },
    attrs: { 'aria-label': t(label), title: t(label), 'aria-disabled': String(disabled) },
    on: { click: () => replay[action]() },
  }, symbol);
  const choice = (action, before, label, after, disabled) => h('button.gt-btn.gt-replay__choice', {
    type: 'button', dataset: { action: `replay-${action}` }, attrs: { 'aria-disabled': String(disabled) },
    on: { click: () => replay[action]() } }, [before ? h('span', { attrs: { 'aria-hidden': 'true' } }, before) : null,
    label, after ? h('span', { attrs: { 'aria-hidden': 'true' } }, after) : null]);
  const what = step.action.type === 'card' ? renderCardInline(t, step.action.card) : h('span.gt-replay__call',
    step.action.type === 'cut' ? t('replay.cut', { k: step.action.k }) : step.action.text);
  return h('div.gt-replay__controls', [
    h('p.gt-replay__caption', { attrs: { 'aria-live': 'polite' } }, [
      h('span.gt-replay__count', t('replay.step', { i: replay.index + 1, n: replay.count })), ' ',
      h('strong', t.who(step.seat, me)), ' ', what,
    ]),
    h('div.gt-replay__buttons', [
      button('first', 'replay.first', '|◀', replay.atFirst),
      button('prev', 'replay.prev', '◀', replay.atFirst),
      h('input.gt-replay__slider', {
        type: 'range', min: '0', max: String(replay.count - 1), value: String(replay.index), step: '1',
        dataset: { action: 'replay-slider' }, attrs: { 'aria-label': t('replay.slider'),
          'aria-valuetext': t('replay.step', { i: replay.index + 1, n: replay.count }) },
        on: { input: (e) => replay.goTo(e.target.value) },
      }),
      button('next', 'replay.next', '▶', replay.atLast),
      button('last', 'replay.last', '▶|', replay.atLast),
    ]),
    // The player's cards valued, a tap away (PageUp / PageDown alone: a phone has neither, and a deal is ~40 steps)
    replay.seat && replay.analysis ? h('div.gt-replay__choices', [
      choice('prevChoice', '◀ ', t('replay.prevChoice'), '', replay.prevChoiceAt === null),
      choice('nextChoice', '', t('replay.nextChoice'), ' ▶', replay.nextChoiceAt === null),
    ]) : null,
  ]);
}

function renderBoard(t, step, me) {
  const trick = step.trick;
  const hand = (seat, place) => h(`div.gt-replay__hand.gt-replay__hand--${place}`, { dataset: { seat } }, [
    h('span.gt-replay__seat', t.who(seat, me)),
    h('span.gt-replay__cards', step.hands[seat].length
      ? step.hands[seat].map((code) => renderCardInline(t, code)) : t('replay.empty')),
  ]);
  return h('div.gt-replay__board', [
    ...PLACES.map(([seat, place]) => hand(seat, place)),
    h('div.gt-replay__trick', { dataset: { trick: trick ? String(trick.number) : '' } }, trick ? [
      h('span.gt-replay__trick-title', trick.complete   // the last trick's 10 said: the team's points add it
        ? t.bySeat(trick.bonus ? 'replay.trickWonLast' : 'replay.trickWon', trick.winning, me,
          { n: trick.number, points: trick.points, bonus: trick.bonus })
        : t('replay.trick', { n: trick.number })),
      h('ol.gt-replay__played', trick.cards.map((c) => h('li', {
        class: { 'is-winning': c.seat === trick.winning }, dataset: { seat: c.seat },
      }, [h('span.gt-replay__seat', t.who(c.seat, me)), ' ', renderCardInline(t, c.card)]))),
    ] : h('span.gt-replay__trick-title', step.calls.length
      // each call as the language writes it (French: a no-break space before the colon)
      ? t('replay.calls', { calls: step.calls.map((c) => t('replay.call', { seat: t.who(c.seat, me), call: c.text }))
        .join(' · ') })
      : t('replay.dealt'))),
  ]);
}

function renderPoints(t, step) {
  const plural = new Intl.PluralRules(t.lang);
  return h('p.gt-replay__points', TEAMS.map((team, i) => h('span', { dataset: { team } }, [
    // "1 trick", and in French "0 pli" and "1 pli": the language's own plural rule
    i ? ' · ' : '', t(plural.select(step.tricksWon[team]) === 'one' ? 'replay.points.one' : 'replay.points', {
      team: t.team(team), points: step.cardPoints[team], tricks: step.tricksWon[team] }),
  ])));
}

// What each legal card was worth at the player's choice shown (analyse_deal), and the expert's estimate from what
// the player could see (review): a card that loses with every hand known may still have been the right guess.
function renderWorth(t, replay, { me, review, onReview }) {
  const a = replay.analysis;
  if (!a) return null;
  const status = replay.failed   // the analyst's engine could not start (its download failed)
    ? h('p.gt-replay__progress', { attrs: { role: 'alert' } }, `${t('replay.analysisFailed')} ${replay.failed}`)
    : a.total === null || a.done < a.total
    ? h('p.gt-replay__progress', { attrs: { role: 'status' } }, a.total === null ? t('replay.analysing')
      : t('replay.analysingCount', { done: a.done, total: a.total }))
    : othersWorking(t, a, me)
      ?? h('p.gt-replay__progress', a.total ? t('replay.analysed', { total: a.total }) : t('replay.noChoice'));
  const p = replay.position;
  const mine = replay.step.seat === me && replay.step.action.type === 'card';
  if (!p) {
    return h('section.gt-replay__worth', [status, mine && a.done === a.total
      ? h('p', t('replay.forced')) : null, renderOthersCard(t, replay, me),
    a.done ? h('p.gt-note', t('replay.jump')) : null]);
  }
  const expert = review?.moves?.find((m) => m.played.type === 'card' && m.played.card === p.played.card);
  return h('section.gt-replay__worth', { dataset: { played: p.played.card, best: String(p.playedBest) } }, [
    h('h3.gt-replay__worth-title', t('replay.worthTitle', { n: p.trick })),
    h('div.gt-scroll', h('table.gt-replay__values', [
      h('thead', h('tr', [h('th', { attrs: { scope: 'col' } }, t('replay.card')),
        // whose and of what is the title's (a bare "Card points" beside a trick read as that trick's points)
        h('th', { attrs: { scope: 'col' } }, t('summary.cardPoints')),
        h('th', { attrs: { scope: 'col' } }, t('summary.matchPoints'))])),
      h('tbody', p.cards.map((c) => h('tr', {
        class: { 'is-best': c.best, 'is-played': c.card === p.played.card }, dataset: { card: c.card },
      }, [
        h('th', { attrs: { scope: 'row' } }, [renderCardInline(t, c.card),
          c.best ? h('span.gt-tag.gt-replay__best', t('replay.best')) : null,
          c.card === p.played.card ? h('span.gt-tag.gt-replay__yours', t('replay.played')) : null]),
        h('td', String(c.cardPoints)), h('td', String(c.matchPoints)),
      ]))),
    ])),
    h('p.gt-replay__verdict', p.playedBest ? t('replay.wasBest')
      : t('replay.cost', { cardPoints: p.lost.cardPoints, matchPoints: p.lost.matchPoints })),
    renderChange(t, replay, me),
    expert ? h('p.gt-replay__expert', [t('review.expert'), ' ',
      expert.expert.type === 'card' ? renderCardInline(t, expert.expert.card) : expert.expert.text,
      h('span.gt-review__why', ` — ${expert.plan ?? expert.why}`),
      !p.playedBest && expert.same ? h('span', ` ${t('replay.goodGuess')}`) : null])
      : review ? h('p.gt-replay__expert', { attrs: { role: 'status' } }, review.moves ? null   // none for this card
        : review.total ? t('review.progress', { done: review.done, total: review.total }) : t('review.loading'))
        : h('p', h('button.gt-btn', { type: 'button', dataset: { action: 'replay-review' },
          on: { click: onReview } }, t('review.ask'))),
    h('p.gt-note', t('replay.note')),
    status,
  ]);
}

// From the player's previous choice to this one the team's best changed (every hand known): by the other players'
// cards, named, the partner's lowering it, the opponents' raising it. Without it a card's value dropped from one
// choice to the next with no word of whose card it was.
function renderChange(t, replay, me) {
  const change = replay.change;
  if (!change) return null;
  const said = t('replay.change', { from: change.from, to: change.to });
  if (!change.cards.length) {
    return h('p.gt-replay__change', change.done ? said : `${said} ${t('replay.changePending')}`);
  }
  return h('p.gt-replay__change', [said, ' ', t('replay.changeCards'), ...change.cards.flatMap(({ seat, position, by }, i) => {
    // the card drawn where the language puts it ("Top's 9♥ in trick 5", "le 9♥ de Nord au pli 5")
    const [before, after] = t('replay.changeCard', { seat: t.who(seat, me), card: '\u0000', trick: position.trick,
      by: by > 0 ? `+${by}` : `−${-by}` }).split('\u0000');
    return [i ? t('replay.changeSep') : ' ', before, renderCardInline(t, position.played.card), after];
  }), '.']);
}

// At another player's card chosen among several: what it did to the team's best, every hand known.
function renderOthersCard(t, replay, me) {
  const other = replay.otherPosition;
  if (!other) return null;
  const { seat, partner, position: p } = other;
  const params = { seat: t.who(seat, me), cardPoints: p.lost.cardPoints, matchPoints: p.lost.matchPoints };
  const key = partner ? (p.playedBest ? 'replay.partnerBest' : 'replay.partnerCost')
    : (p.playedBest ? 'replay.opponentBest' : 'replay.opponentGift');
  return h('p.gt-replay__verdict', { dataset: { other: p.played.card, best: String(p.playedBest) } }, t(key, params));
}

// The other players' cards being worked out after the player's: whose, and how far.
function othersWorking(t, a, me) {
  const [seat, into] = [...a.others].find(([, x]) => x.total === null || x.done < x.total) ?? [];
  return seat ? h('p.gt-replay__progress', { attrs: { role: 'status' } }, t('replay.analysingOther', {
    seat: t.who(seat, me), done: into.done, total: into.total ?? '…' })) : null;
}
