// After a deal: the engine's arithmetic; over the match: the score sheet; within a deal: the tricks so far.
// Every number and every sentence of the arithmetic comes from the engine (summary.lines, in the chosen language).

import { h } from '../dom.js';
import { renderCardInline } from './cards.js';
import { contractText } from './negotiation.js';
import { SEATS, TEAM_OF } from './seats.js';

const TEAMS = ['Team1', 'Team2'];

// "Team 2" and " (Left and Right)" apart: on a phone the seats are only read (CSS), so that a row takes two lines,
// the team and its role (the contract's line and the arithmetic name the seats in full).
function teamName(name) {
  const at = name.indexOf(' (');
  return at < 0 ? [name] : [name.slice(0, at), h('span.gt-summary__seats', name.slice(at))];
}

// *me*: the player's own seat, named "You" as on the table; *review*: the engine's review of the player's choices
// (null: not asked, without its moves while it comes), asked by *onReview*; *onBack*: an earlier deal's result, seen
// again from the score sheet, goes back to it (instead of "Next deal"); *duplicate*: "you vs the expert" drawn by its
// module (duplicate/index.js) once asked, else the button *onDuplicate* (and *duplicateFailed*: why the last ask
// could not be played, under it).
export function renderSummary(t, summary, { me, winner, review, onReview, onReplay, onAgain, onContinue, onNewMatch, onScoreSheet, onBack,
  duplicate, duplicateFailed, onDuplicate }) {
  const over = Boolean(winner);
  const c = summary.contract;
  return h('div.gt-summary', { dataset: { deal: String(summary.dealNumber) } }, [
    h('h2.gt-dialog__title', t('summary.title', { n: summary.dealNumber })),
    h('p.gt-summary__contract', [
      h('span.gt-summary__label', t('summary.contract')), ' ',
      contractText(t, c),
      ' — ', t.bySeat('summary.dealer', summary.dealer, me),
    ]),
    h('div.gt-scroll', h('table.gt-summary__table', [
      h('thead', h('tr', [
        h('th', { attrs: { scope: 'col' } }, t('summary.team')),
        h('th', { attrs: { scope: 'col' } }, t('summary.cardPoints')),
        h('th.gt-summary__tricks', { attrs: { scope: 'col' } }, t('summary.tricks')),
        h('th', { attrs: { scope: 'col' } }, t('summary.matchPoints')),
        h('th', { attrs: { scope: 'col' } }, t('summary.total')),
      ])),
      h('tbody', TEAMS.map((team) => h(`tr.gt-team--${team.toLowerCase()}`, { dataset: { team } }, [
        h('th', { attrs: { scope: 'row' } }, [
          ...teamName(t.team(team)),
          c.announcerTeam === team ? h('span.gt-tag', t('summary.announcers')) : h('span.gt-tag', t('summary.defenders')),
        ]),
        h('td', [String(summary.cardPoints[team]),
          summary.lastTrick === team ? h('span.gt-note', t('summary.lastTrickBonus')) : null]),
        h('td.gt-summary__tricks', String(summary.tricksWon[team])),
        h('td.gt-summary__points', String(summary.matchPoints[team])),
        h('td', String(summary.scoresAfter[team])),
      ]))),
    ])),
    h('ol.gt-summary__lines', { attrs: { 'aria-label': t('summary.arithmetic') } },
      summary.lines.map((line) => h('li', line))),
    // (A sweep and an instant win have no flag of their own: the engine's lines above say them, "won all 8 tricks: a
    // sweep", "… they win the match on the spot"; they were said twice.)
    summary.targetRaised ? h('p.gt-summary__flag', t('summary.targetRaised', { target: summary.targetAfter })) : null,
    over ? h('p.gt-summary__winner', { dataset: { winner } }, t('summary.matchWon', { team: t.team(winner) }))
      : h('p.gt-summary__target', t('summary.target', { target: summary.targetAfter })),
    onReview ? renderReview(t, review, onReview) : null,
    onDuplicate ? duplicate ?? h('p.gt-duplicate-ask', h('button.gt-btn', { type: 'button',
      dataset: { action: 'duplicate', focus: 'duplicate' }, on: { click: onDuplicate } }, t('duplicate.ask'))) : null,
    onDuplicate && !duplicate && duplicateFailed ? h('p.gt-duplicate__failed', { attrs: { role: 'alert' } },
      duplicateFailed) : null,
    onReplay ? h('p.gt-replay-ask', [h('button.gt-btn', { type: 'button', dataset: { action: 'replay' },
      on: { click: onReplay } }, t('replay.ask')), ' ', onAgain ? h('button.gt-btn', { type: 'button',
      dataset: { action: 'play-again' }, on: { click: onAgain } }, t('replay.again')) : null]) : null,
    summary.hands ? h('details.gt-summary__hands', [
      h('summary', t('summary.hands')),
      h('ul', SEATS.map((seat) => h('li', [h('span.gt-summary__seat', t.who(seat, me)), ' ',
        (summary.hands[seat] || []).map((code) => renderCardInline(t, code))]))),
    ]) : null,
    // The match's result: the focus on the score sheet, not on New match. "See the result" is pressed like "Next
    // trick", and a second Enter in that rhythm started a new match before the result was read.
    h('div.gt-dialog__buttons', onBack ? [
      h('button.gt-btn.gt-btn--primary', { type: 'button', dataset: { action: 'back-to-sheet' }, attrs: { autofocus: true },
        on: { click: onBack } }, t('sheet.back')),
    ] : over ? [
      h('button.gt-btn', { type: 'button', dataset: { action: 'score-sheet' }, attrs: { autofocus: true },
        on: { click: onScoreSheet } }, t('end.see')),
      h('button.gt-btn.gt-btn--primary', { type: 'button', dataset: { action: 'new-match' },
        on: { click: onNewMatch } }, t('summary.newMatch')),
    ] : [
      h('button.gt-btn.gt-btn--primary', { type: 'button', dataset: { action: 'continue' }, attrs: { autofocus: true },
        on: { click: onContinue } }, t('summary.continue')),
    ]),
  ]);
}

// The player's calls and cards against the expert bot's at the same moments (jsonapi review): how many were the same,
// and each one that was not, with the expert's line. Forced cards are not counted: they were nobody's choice.
// The focus follows from the button to the waiting line to the review's title (each the twin of the last: dom.js).
function renderReview(t, review, onReview) {
  const focus = { focus: 'review' };
  if (!review) {
    return h('p.gt-review', h('button.gt-btn', { type: 'button', dataset: { action: 'review', ...focus },
      on: { click: onReview } }, t('review.ask')));
  }
  if (!review.moves) {
    return h('p.gt-review', { dataset: focus, attrs: { tabindex: '-1' } },
      review.total ? t('review.progress', { done: review.done, total: review.total }) : t('review.loading'));
  }
  const forced = review.moves.length - review.chosen;
  const other = review.moves.filter((m) => !m.forced && !m.same);
  const shown = (a) => (a.type === 'card' ? renderCardInline(t, a.card) : h('span.gt-review__call', a.text));
  return h('section.gt-review', [
    h('h3.gt-review__title', { dataset: focus, attrs: { tabindex: '-1' } }, t('review.title')),
    h('p.gt-review__count', [t('review.count', { same: review.same, n: review.chosen }),
      forced ? ` ${t('review.forced', { k: forced })}` : '']),
    other.length ? h('ol.gt-review__moves', other.map((m) => h('li', { dataset: { trick: m.trick ?? '' } }, [
      h('span.gt-review__where', m.trick ? t('review.trick', { n: m.trick }) : t('review.bids')), ' ',
      t('review.you'), ' ', shown(m.played), ' · ', t('review.expert'), ' ', shown(m.expert),
      h('span.gt-review__why', ` — ${m.plan ?? m.why}`),   // a card: its plan in a player's words
    ]))) : h('p', t('review.allSame')),
    h('p.gt-note', t('review.note')),
  ]);
}

// *onDeal(n)*: deal n's result again (its number is a button): closing a result had lost it for good.
// The match over, the sheet is the match's end: the winner as its title, the final score, Play again (*onPlayAgain*)
// and the player's statistics (*stats*, a drawn section).
// *lessonsHref*: the rules page and its lessons, offered to the player who lost (the game page's only).
export function renderScoreSheet(t, sheet, me, { onDeal, onPlayAgain, stats, duplicate, lessonsHref } = {}) {
  const rows = sheet.deals.map((d) => h('tr', { dataset: { deal: String(d.dealNumber) } }, [
    h('th', { attrs: { scope: 'row' } }, onDeal ? h('button.gt-btn.gt-sheet__deal', {
      type: 'button', dataset: { action: 'deal-result', focus: `deal:${d.dealNumber}` },
      attrs: { 'aria-label': t('summary.title', { n: d.dealNumber }) }, on: { click: () => onDeal(d.dealNumber) },
    }, String(d.dealNumber)) : String(d.dealNumber)),
    h('td.gt-sheet__dealer', t.who(d.dealer, me)),
    // On a phone the team by the columns' short names ("AllTrumps, Them"): the seats took a row three or four lines
    h('td.gt-sheet__contract', d.contract ? [h('span.gt-sheet__long', contractText(t, d.contract)),
      h('span.gt-sheet__short', contractText(t, d.contract, t(`team.${d.contract.announcerTeam}.short`), true))]
      : contractText(t, d.contract)),
    ...TEAMS.map((team) => h('td', d.instantWin === team ? t('sheet.instantWin') : String(d.matchPoints[team]))),
    ...TEAMS.map((team) => h('td.gt-sheet__total', String(d.scoresAfter[team]))),
  ]));
  const start = sheet.startScores.Team1 || sheet.startScores.Team2
    // Its word in the contract's column: in the deal's (a number's width) it widened that column, and a phone's sheet
    // was pushed past the dialog's edge ("Fanombohana", Start, in Malagasy at 360 px: docs/screenshots).
    ? h('tr', [h('td'), h('td.gt-sheet__dealer'), h('th', { attrs: { scope: 'row' } }, t('sheet.start')), h('td'), h('td'),
      ...TEAMS.map((team) => h('td.gt-sheet__total', String(sheet.startScores[team])))]) : null;
  const over = Boolean(sheet.winner);
  const mine = over && sheet.winner === TEAM_OF[me];
  return h('div.gt-sheet', { class: { 'gt-sheet--over': over, 'gt-end--won': mine, 'gt-end--lost': over && !mine } }, [
    over ? h('h2.gt-dialog__title.gt-end__title', { dataset: { winner: sheet.winner } },
      t(mine ? 'end.titleWon' : 'end.titleLost', { team: t.team(sheet.winner) }))
      : h('h2.gt-dialog__title', t('sheet.title')),
    over ? h('p.gt-end__score', [
      ...TEAMS.map((team, i) => [i ? ' – ' : '', h('span', { dataset: { team } },
        `${t(`team.${team}.short`)} ${sheet.scores[team]}`)]).flat(),
    ]) : null,
    over ? endWord(t, sheet, me, mine, lessonsHref) : null,
    // Play again at the top, where a phone shows it without scrolling past the deals
    over && onPlayAgain ? h('div.gt-dialog__buttons.gt-end__buttons', h('button.gt-btn.gt-btn--primary', {
      type: 'button', dataset: { action: 'play-again' }, on: { click: onPlayAgain } }, t('end.playAgain'))) : null,
    sheet.deals.length ? h('div.gt-scroll', h('table.gt-sheet__table', [
      h('thead', h('tr', [
        h('th', { attrs: { scope: 'col' } }, t('sheet.deal')),
        h('th.gt-sheet__dealer', { attrs: { scope: 'col' } }, t('sheet.dealer')),
        h('th', { attrs: { scope: 'col' } }, t('sheet.contract')),
        ...TEAMS.map((team) => h('th', { attrs: { scope: 'col' } }, t(`team.${team}.short`))),
        ...TEAMS.map((team) => h('th', { attrs: { scope: 'col' } }, t('sheet.total', { team: t(`team.${team}.short`) }))),
      ])),
      h('tbody', [start, ...rows]),
    ])) : h('p', t('sheet.empty')),
    duplicate ?? null,   // "you vs the expert", deal by deal, when deals of this match were compared (duplicate/)
    onDeal && sheet.deals.length ? h('p.gt-note', t('sheet.help')) : null,
    h('p.gt-sheet__target', t('sheet.target', { target: sheet.target })),
    // (the winner is the title of a finished match's sheet: not said again here)
    over ? stats ?? null : null,
  ]);
}

// The result said to the player, their team's score first: a won match's "well played", a lost one's kind word and
// the ways on (Play again above, the lessons here); the title names the winning team for both.
function endWord(t, sheet, me, mine, lessonsHref) {
  const ours = TEAM_OF[me];
  const theirs = TEAMS.find((team) => team !== ours);
  const params = { mine: sheet.scores[ours], theirs: sheet.scores[theirs], partner: t.seat('Top'), target: sheet.target };
  return h('p.gt-end__word', { dataset: { result: mine ? 'won' : 'lost' } }, [
    t(mine ? 'end.wordWon' : 'end.wordLost', params),
    !mine && lessonsHref ? [' ', h('a.gt-end__lessons', { href: lessonsHref, target: '_blank', rel: 'noopener',
      dataset: { action: 'end-lessons' } }, t('end.lessons'))] : null,
  ]);
}

export function renderTrickHistory(t, view) {
  return h('div.gt-history', [
    h('h2.gt-dialog__title', t('history.title', { n: view.dealNumber })),
    view.tricks.length ? h('ol.gt-history__list', view.tricks.map((trick, i) => h('li', { dataset: { trick: String(i + 1) } }, [
      h('span.gt-history__n', t('history.trick', { n: i + 1 })),
      h('span.gt-history__cards', trick.cards.map((c) => h('span.gt-history__play', {
        class: { 'is-winner': c.seat === trick.winner },
      }, [h('span.gt-history__seat', t.who(c.seat, view.seat)), ' ', renderCardInline(t, c.card)]))),
      h('span.gt-history__won', trick.bonus
        ? t.bySeat('history.wonLast', trick.winner, view.seat, { points: trick.points, bonus: trick.bonus })
        : t.bySeat('history.won', trick.winner, view.seat, { points: trick.points })),
    ]))) : h('p', t('history.none')),
  ]);
}
