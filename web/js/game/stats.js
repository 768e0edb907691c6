// The player's local statistics: matches played and won, the current streak (wins > 0, losses < 0) and the best run
// of wins, each also by the opponents' level. Counted once, when a match the player is playing ends on this page (a
// reload, or a link opening a match already over, counts nothing). Stored by save.js ('giretra.stats', versioned).

import { HUMAN } from './settings.js';
import { TEAM_OF } from '../view/seats.js';

export function emptyStats() {
  return { played: 0, won: 0, streak: 0, bestStreak: 0, byLevel: {} };
}

/** The opponents' level: one name when both play at it, else both ("basic+expert"). The partner's is not counted. */
export function opponentsLevel(players) {
  const levels = [...new Set(['Left', 'Right'].map((seat) => players?.[seat] ?? '?'))];
  return levels.join('+');
}

/** *stats* with one more match, won or lost, against *level*. */
export function recordMatch(stats, { won, level }) {
  const streak = won ? Math.max(stats.streak, 0) + 1 : Math.min(stats.streak, 0) - 1;
  const before = stats.byLevel[level] ?? { played: 0, won: 0 };
  return {
    played: stats.played + 1,
    won: stats.won + (won ? 1 : 0),
    streak,
    bestStreak: Math.max(stats.bestStreak, streak),
    byLevel: { ...stats.byLevel, [level]: { played: before.played + 1, won: before.won + (won ? 1 : 0) } },
  };
}

/** The stored statistics, or a fresh start: a stored value that cannot be read is set aside and said in a notice
 *  (never a crash), and the fresh statistics are stored at once, so that the notice is given once. */
export function loadStats(game) {
  const read = game.store.readStats();
  if (read.status === 'ok') return read.stats;
  if (read.status === 'bad') {
    game.store.setStatsAside(read.raw, read.why);
    game.store.writeStats(emptyStats());
    game.notify({ key: 'statsReset', params: {} });
  }
  return emptyStats();
}

/** The match just ended (the engine's matchOver event): counted, for the game page only (a widget is a demo). */
export function countMatch(game, matchOver) {
  if (!game.standalone) return;
  const stats = recordMatch(loadStats(game), {
    won: matchOver.winner === TEAM_OF[HUMAN], level: opponentsLevel(game.view?.players),
  });
  game.store.writeStats(stats);
}

export function resetStats(game) {
  game.store.writeStats(emptyStats());
}
