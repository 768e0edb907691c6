// The settings dialog: its controls, and what each one changes in the game's settings (settings.js). Loaded when the
// dialog is first opened (dialogs.js): none of it is needed before the first hand, and a first visit's bytes are
// counted (tools/bench_bytes.py).

import { h } from '../dom.js';
import { LANGUAGES, LANGUAGE_NAMES } from '../i18n.js';
import { BOTS, changeLang, HUMAN, storeSettings } from './settings.js';

/** The dialog's content for game *g*; *stats*: the player's statistics section, or null. */
export function renderSettingsDialog(t, g, stats) {
  return renderSettings(t, g, { ...settingsActions(g), stats });
}

function settingsActions(g) {
  return {
    onLang: (lang) => changeLang(g, lang),
    onLevel: (seat, level) => changeLevel(g, seat, level),
    onSpeed: (value) => changeSpeed(g, value),
    onCoach: (on) => changeCoach(g, on), onDuplicate: (on) => changeDuplicate(g, on),
    onFourColour: (on) => changeFourColour(g, on), onAutoForced: (on) => changeAutoForced(g, on),
    onCardSize: (size) => changeCardSize(g, size), onHandOrder: (order) => changeHandOrder(g, order),
    onSound: (on) => changeSound(g, on),
  };
}

// An option may carry its own language (a language's name is said in that language: "Français").
const select = (id, label, value, options, onChange) => h('div.gt-field', [
  h('label', { htmlFor: id }, label),
  h(`select#${id}`, { on: { change: (e) => onChange(e.target.value) } },
    options.map(([v, text, lang]) => h('option', {
      value: v, selected: v === value, attrs: lang ? { lang } : {},
    }, text))),
]);

const check = (id, label, help, value, onChange) => h('div.gt-field.gt-field--check', [
  h(`input#${id}`, { type: 'checkbox', checked: Boolean(value), dataset: { setting: id },
    attrs: { 'aria-describedby': `${id}-help` }, on: { change: (e) => onChange(e.target.checked) } }),
  h('label', { htmlFor: id }, label),
  h(`p.gt-note#${id}-help`, help),
]);

export function renderSettings(t, app, cb) {
  const levels = app.info?.botLevels ?? [...new Set(Object.values(app.settings.levels))];
  const options = levels.map((l) => [l, t.maybe(`level.${l}`) ?? l]);
  return h('div.gt-settings', [
    h('h2.gt-dialog__title', t('settings.title')),
    // In a widget the host page chooses the language (the lang attribute).
    app.embedded ? null : select('gt-lang', t('settings.language'), app.settings.lang,
      LANGUAGES.map((l) => [l, LANGUAGE_NAMES[l], l]), cb.onLang),
    // One level per bot seat: the partner first, then the opponents in playing order.
    h('fieldset.gt-fieldset', [
      h('legend', t('settings.level')),
      ...['Top', 'Left', 'Right'].map((seat) => select(`gt-level-${seat}`,
        t(seat === 'Top' ? 'settings.levelPartner' : 'settings.levelOpponent', { seat: t(`seat.${seat}`) }),
        app.settings.levels[seat], options, (level) => cb.onLevel(seat, level))),
      // A bot of one's own is written and measured in the lab, a page of its own (loaded only when opened).
      app.embedded ? null : h('p.gt-note', [h('a.gt-lab-link', { attrs: { href: 'lab.html' } }, t('lab.link'))]),
    ]),
    // The speed in use: the address's, while it sets it (the select showed "Normal" at ?speed=0).
    select('gt-speed', t('settings.speed'), app.speedOverride ?? app.settings.speed,
      ['slow', 'normal', 'fast', 'instant'].map((s) => [s, t(`speed.${s}`)]), cb.onSpeed),
    app.speedOverride !== null ? h('p.gt-note', t('settings.speedOverride')) : null,
    h('div.gt-field.gt-field--check', [
      h('input#gt-coach', { type: 'checkbox', checked: Boolean(app.settings.coach),
        attrs: { 'aria-describedby': 'gt-coach-help' }, on: { change: (e) => cb.onCoach(e.target.checked) } }),
      h('label', { htmlFor: 'gt-coach' }, t('settings.coach')),
      h('p.gt-note#gt-coach-help', t('settings.coachHelp')),
    ]),
    check('gt-duplicate', t('settings.duplicate'), t('settings.duplicateHelp'), Boolean(app.settings.duplicate),
      cb.onDuplicate),
    select('gt-card-size', t('settings.cardSize'), app.settings.cardSize,
      ['small', 'normal', 'large'].map((s) => [s, t(`cardSize.${s}`)]), cb.onCardSize),
    select('gt-hand-order', t('settings.handOrder'), app.settings.handOrder,
      ['strongest', 'weakest', 'suits'].map((o) => [o, t(`handOrder.${o}`)]), cb.onHandOrder),
    check('gt-four-colour', t('settings.fourColour'), t('settings.fourColourHelp'), app.settings.fourColour,
      cb.onFourColour),
    check('gt-auto-forced', t('settings.autoForced'), t('settings.autoForcedHelp'), Boolean(app.settings.autoForced),
      cb.onAutoForced),
    app.embedded ? null : check('gt-sound', t('settings.sound'), t('settings.soundHelp'), app.settings.sound !== false,
      cb.onSound),
    cb.stats ?? null,
  ]);
}

/** Bot *seat* plays at *level*: the engine rewrites the players of the running match.
 *  Three quick changes (or a bot's move) may cross: each attempt reads the wanted players afresh and works on the
 *  match as it stands, and the change is done once the engine's view shows them (a CI run kept one seat's old level). */
export async function changeLevel(game, seat, level) {
  game.settings.levels = { ...game.settings.levels, [seat]: level };
  storeSettings(game);
  for (let attempt = 0; attempt < 8 && game.state; attempt++) {
    const { state, token } = game;
    const players = game.botPlayers();
    if (BOTS.every((s) => game.view?.players?.[s] === players[s])) break;
    const res = await game.call('set_players', { state, players })
      .catch((err) => { game.message = { text: err.message, kind: 'error' }; return null; });
    if (!res) break;
    const view = await game.call('view', { state: res.state, seat: HUMAN });
    if (token !== game.token || state !== game.state) continue;
    game.state = res.state;
    if (view) game.view = view;
    game.save();
  }
  game.ui.render();
}

export function changeSpeed(game, value) {
  game.settings.speed = value;
  game.speedOverride = null;
  storeSettings(game);
  game.ui.refreshDialog();
}

/** The four-colour deck (♣ green, ♦ blue): a look only, kept with the other settings. */
export function changeFourColour(game, on) {
  game.settings.fourColour = on;
  storeSettings(game);
  game.ui.render();
}

export function changeCardSize(game, size) {
  game.settings.cardSize = size;
  storeSettings(game);
  game.ui.render();
}

/** The hand's order: the engine's view asked again. */
export async function changeHandOrder(game, order) {
  game.settings.handOrder = order;
  storeSettings(game);
  if (game.state) {
    const { state } = game;
    const view = await game.call('view', { state, seat: HUMAN }).catch(() => null);
    if (view && state === game.state) game.view = view;
  }
  game.ui.render();
}

/** "Play a forced card automatically": on, and the player's only card now is played at once (advance). */
export function changeAutoForced(game, on) {
  game.settings.autoForced = on;
  storeSettings(game);
  if (on) game.advance();
}

/** The table's sounds on or off (sound.js); nothing sounds before the player's first gesture either way. */
export function changeSound(game, on) {
  game.settings.sound = on;
  storeSettings(game);
}

export function changeCoach(game, on) {
  game.settings.coach = on;
  storeSettings(game);
  game.ui.render();
}

/** "You vs the expert" after each deal: the expert plays the player's seat again when the deal's result opens. */
export function changeDuplicate(game, on) {
  game.settings.duplicate = on;
  storeSettings(game);
}
