// @ts-check
/**
 * What the page keeps in localStorage: the game in progress, the saved setups, the last setup,
 * the preferences. The game is saved in the engine's record format (the same text Export
 * downloads, docs/record-format.md), wrapped with what only the page knows (level, seed), and
 * restored through `Referee.importGame`, which replays and checks every move. There is no
 * second game format in the page.
 *
 * Migration: a game saved by earlier versions (`stratagem.game.v1`: setups plus move texts) is
 * replayed once, saved as a record, and the old key removed; one that does not replay is
 * reported and dropped, and nothing else is touched.
 */

import * as wasm from '../../pkg/stratagem.js';
import { S, errText, message } from './state.js';
import * as store from './storage.js';

/** The game in progress: `{v: 2, record, level, seed, humanSide}`. */
const GAME_KEY = 'stratagem.game.v2';
const OLD_GAME_KEY = 'stratagem.game.v1';

/** Saves the game in progress (after every ply and at the end). */
export function saveGame() {
  const r = S.referee;
  if (!r) return;
  let record;
  try {
    record = r.exportRecord('', '', '');
  } catch (e) {
    message(`The game could not be saved: ${errText(e)}`, 'warn');
    return;
  }
  if (!store.setJson(GAME_KEY, { v: 2, record, level: S.level, seed: S.seed, humanSide: S.human })) {
    message('The game could not be saved (the browser storage is full or disabled).', 'warn');
  }
}

export function forgetGame() {
  store.remove(GAME_KEY);
  store.remove(OLD_GAME_KEY);
}

/**
 * The saved game, replayed into a referee: `{referee, level, seed}`, or null if none is saved.
 * A saved game that does not replay is dropped with a message (the setups are kept).
 * @returns {{referee: wasm.Referee, level: string|null, seed: number, humanSide: 'Red'|'Blue'}|null}
 */
export function loadGame() {
  const raw = store.getRaw(GAME_KEY);
  if (raw != null) {
    try {
      const g = JSON.parse(raw);
      if (!g || g.v !== 2 || typeof g.record !== 'string') throw new Error('it is not a saved game of this version');
      const referee = wasm.Referee.importGame(g.record);
      return { referee, level: typeof g.level === 'string' ? g.level : null, seed: Number.isInteger(g.seed) ? g.seed : 0, humanSide: g.humanSide === 'Blue' ? 'Blue' : 'Red' };
    } catch (e) {
      store.remove(GAME_KEY);
      message(`The saved game could not be restored (${errText(e)}); it was discarded. Your setups are kept.`, 'warn');
      return null;
    }
  }
  return migrateOldGame();
}

/** A game saved by an earlier version of the page (setups + move texts), replayed once. */
function migrateOldGame() {
  const raw = store.getRaw(OLD_GAME_KEY);
  if (raw == null) return null;
  /** @type {wasm.Referee|null} */
  let r = null;
  try {
    const g = JSON.parse(raw);
    if (!g || g.v !== 1 || typeof g.red !== 'string' || typeof g.blue !== 'string' || !Array.isArray(g.plies)) {
      throw new Error('it is not a saved game of a known version');
    }
    r = new wasm.Referee(g.red, g.blue, g.rules ?? undefined);
    for (const [i, p] of g.plies.entries()) {
      try {
        r.play(String(p));
      } catch (e) {
        throw new Error(`move ${i + 1} (${p}): ${errText(e)}`);
      }
    }
    if (g.resigned) r.resign(g.resigned === 'Blue' ? 'Blue' : 'Red');
    /** @type {{referee: wasm.Referee, level: string|null, seed: number, humanSide: 'Red'|'Blue'}} */
    const out = { referee: r, level: typeof g.level === 'string' ? g.level : null, seed: Number.isInteger(g.seed) ? g.seed : 0, humanSide: g.humanSide === 'Blue' ? 'Blue' : 'Red' };
    store.remove(OLD_GAME_KEY);
    return out;
  } catch (e) {
    r?.free();
    store.remove(OLD_GAME_KEY);
    message(`The saved game could not be restored (${errText(e)}); it was discarded. Your setups are kept.`, 'warn');
    return null;
  }
}

/** Saved setups; `variant` is missing in those saved before Barrage was offered (classic). */
/** @returns {{name: string, setup: string, variant?: string}[]} */
export function loadSavedSetups() {
  /** @type {{name: string, setup: string, variant?: string}[]} */
  let list = [];
  try {
    list = store.getJson(store.KEYS.setups, []);
    if (!Array.isArray(list)) list = [];
  } catch {
    list = [];
    message('The saved setups could not be read; they were left as they are.', 'warn');
  }
  return list.filter((x) => x && typeof x.name === 'string' && typeof x.setup === 'string');
}

/** @param {{name: string, setup: string, variant?: string}[]} list @returns {boolean} */
export function storeSavedSetups(list) {
  return store.setJson(store.KEYS.setups, list);
}

/** The key of the last setup used in `variant` (classic keeps the key of earlier versions). @param {string} variant */
const lastSetupKey = (variant) => (variant === 'classic' ? store.KEYS.lastSetup : `stratagem.lastSetup.${variant}.v1`);

/** @param {string} variant @returns {string|null} */
export function lastSetup(variant) {
  return store.getRaw(lastSetupKey(variant));
}

/** @param {string} setup @param {string} variant */
export function rememberSetup(setup, variant) {
  store.setRaw(lastSetupKey(variant), setup);
}

/** @returns {{level?: string, sound?: boolean, side?: string, variant?: string}} */
export function loadPrefs() {
  try {
    return store.getJson(store.KEYS.prefs, {}) ?? {};
  } catch {
    return {};
  }
}

/** @param {{level: string, sound: boolean, side: string, variant: string}} prefs */
export function savePrefs(prefs) {
  store.setJson(store.KEYS.prefs, prefs);
}
