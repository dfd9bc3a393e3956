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
 * reported and set aside, and nothing else is touched.
 *
 * Faults (docs/reliability.md, "Page faults"), each reported in words, nothing valid dropped:
 * - a saved game that does not read whole (cut short, or damaged) is restored up to its last
 *   move that replays, if any; the text as it was is kept under `stratagem.game.unreadable`;
 * - saved setups that do not read (not a list, entries of an unknown shape) are kept as they
 *   are: the list is written back with them, and an unreadable list is set aside first;
 * - storage full or unavailable: a lasting notice says the game is not being saved;
 * - two tabs: one tab at a time saves the game (a Web Lock held for the tab's life); a second
 *   tab does not restore, save or forget it, and says so.
 */

import * as wasm from '../../pkg/stratagem.js';
import { S, errText, message, notice } from './state.js';
import * as store from './storage.js';

/** The game in progress: `{v: 2, humanSide, level, seed, record}` (the record last, so a save cut short keeps the rest). */
const GAME_KEY = 'stratagem.game.v2';
const OLD_GAME_KEY = 'stratagem.game.v1';
/** Where a saved game that did not read whole is kept, as it was. */
export const UNREADABLE_GAME_KEY = 'stratagem.game.unreadable';
/** Where a saved-setups list that did not read is kept, as it was, before a new list is written. */
export const UNREADABLE_SETUPS_KEY = 'stratagem.setups.unreadable';
/** The Web Lock the tab that saves the game holds. */
const GAME_LOCK = 'stratagem.game';

/** How long a tab waits for the game's lock before it decides another tab holds it (ms). */
const LOCK_WAIT_MS = 1500;

/** Whether this tab saves the game (false when another tab holds the game's lock). */
let ownsGame = true;

/** @param {store.Trouble|null} t */
function showStorageTrouble(t) {
  notice(
    'storage',
    t === 'full'
      ? "The browser's storage for this page is full: your game and setups are not being saved (nothing stored was deleted to make room). You can play on; free some space to save again."
      : t === 'unavailable'
        ? 'This browser does not let the page store anything (private mode, or site data blocked): your game, setups and preferences will not be saved. You can play on.'
        : null,
  );
}

/** Checks at boot that storage works, and says so in words if it does not. */
export function checkStorage() {
  showStorageTrouble(store.probe());
}

/**
 * Takes the game's lock if no other tab holds it (at boot, before the saved game is read).
 * Without Web Locks (old browsers) every tab saves, as before. Resolves to whether this tab
 * saves the game; a tab that does not is told when the other one closes.
 * @returns {Promise<boolean>}
 */
export function claimGame() {
  const locks = /** @type {any} */ (navigator).locks;
  if (!locks?.request) return Promise.resolve(true);
  // Waits a moment for the lock: on a reload the page being left may still hold it.
  return new Promise((resolve) => {
    locks
      .request(GAME_LOCK, { signal: AbortSignal.timeout(LOCK_WAIT_MS) }, () => {
        resolve(true);
        // held until the tab closes
        return new Promise(() => {});
      })
      .catch((/** @type {any} */ e) => resolve(e?.name !== 'TimeoutError' && e?.name !== 'AbortError'));
  }).then((owns) => {
    ownsGame = /** @type {boolean} */ (owns);
    if (!owns) {
      notice('tab', 'Stratagem is open in another tab, which keeps your saved game: games in this tab are not saved. Close the other tab and reload this one to go on with that game.');
      // told when the other tab closes (the lock is taken and given back at once)
      locks.request(GAME_LOCK, () => {
        notice('tab', 'The other tab was closed or reloaded: if it is closed, reload this page to go on with the game it saved (games in this tab are still not saved).');
      });
    }
    return owns;
  });
}

/** Saves the game in progress (after every ply and at the end). */
export function saveGame() {
  const r = S.referee;
  if (!r || !ownsGame) return;
  let record;
  try {
    record = r.exportRecord('', '', '');
  } catch (e) {
    message(`The game could not be saved: ${errText(e)}`, 'warn');
    return;
  }
  const ok = store.setJson(GAME_KEY, { v: 2, humanSide: S.human, level: S.level, seed: S.seed, record });
  showStorageTrouble(ok ? null : store.lastTrouble());
}

export function forgetGame() {
  if (!ownsGame) return;
  store.remove(GAME_KEY);
  store.remove(OLD_GAME_KEY);
}

/**
 * @typedef {{referee: wasm.Referee, level: string|null, seed: number, humanSide: 'Red'|'Blue', note?: string}} Restored
 * `note`: what the player must be told instead of the usual "restored" (a save restored in part).
 */

/**
 * The saved game, replayed into a referee, or null if none is saved (or this tab does not own
 * it). A save that does not read whole is restored up to its last move that replays, if any,
 * and kept as it was under UNREADABLE_GAME_KEY; the player is told either way.
 * @returns {Restored|null}
 */
export function loadGame() {
  if (!ownsGame) return null;
  const raw = store.getRaw(GAME_KEY);
  if (raw == null) return migrateOldGame();
  let why;
  try {
    const g = JSON.parse(raw);
    if (!g || g.v !== 2 || typeof g.record !== 'string') throw new Error('it is not a saved game of this version');
    const referee = wasm.Referee.importGame(g.record);
    return { referee, ...meta(g) };
  } catch (e) {
    why = errText(e);
  }
  const kept = store.setRaw(UNREADABLE_GAME_KEY, raw);
  const keptText = kept ? `the saved text is kept in this browser as ${UNREADABLE_GAME_KEY}` : 'the saved text was left where it was';
  const part = salvage(raw);
  if (part) {
    part.note = `The saved game did not read whole (${why}): it was restored up to move ${part.referee.ply()}, the last that replays; ${keptText}.`;
    return part;
  }
  if (kept) store.remove(GAME_KEY);
  message(`The saved game could not be restored (${why}); ${keptText}. Your setups are kept.`, 'warn');
  return null;
}

/** The page's fields of a saved game, with defaults. @param {any} g */
function meta(g) {
  return {
    level: typeof g?.level === 'string' ? g.level : null,
    seed: Number.isInteger(g?.seed) ? g.seed : 0,
    humanSide: /** @type {'Red'|'Blue'} */ (g?.humanSide === 'Blue' ? 'Blue' : 'Red'),
  };
}

/**
 * What can be saved of a saved game that did not read whole: the record's text (from a JSON
 * text cut short, too), replayed as far as it goes: whole, then without its last word (a move
 * cut in half), then line by line from the end. Null if nothing replays.
 * @param {string} raw @returns {Restored|null}
 */
function salvage(raw) {
  /** @type {any} */
  let g = null;
  let text = null;
  try {
    g = JSON.parse(raw);
    text = typeof g?.record === 'string' ? g.record : null;
  } catch {
    // cut short: the record is the last field; take its text up to the cut
    const m = /"record"\s*:\s*"((?:[^"\\]|\\.)*)/.exec(raw);
    if (m) {
      const body = m[1].replace(/\\u[0-9a-fA-F]{0,3}$/, '').replace(/\\$/, '');
      try {
        text = JSON.parse(`"${body}"`);
      } catch {
        text = null;
      }
      g = {
        humanSide: /"humanSide"\s*:\s*"(Red|Blue)"/.exec(raw)?.[1],
        level: /"level"\s*:\s*"([^"\\]*)"/.exec(raw)?.[1],
        seed: Number(/"seed"\s*:\s*(\d+)/.exec(raw)?.[1] ?? 0),
      };
    }
  }
  if (typeof text !== 'string') return null;
  const lines = text.trimEnd().split('\n');
  const whole = lines.join('\n');
  /** @type {string[]} */
  const tries = [whole, whole.replace(/\s*\S+$/, '')];
  for (let k = lines.length - 1; k > 0; k--) tries.push(lines.slice(0, k).join('\n'));
  for (const t of tries) {
    try {
      return { referee: wasm.Referee.importGame(t), ...meta(g) };
    } catch {
      // try a shorter text
    }
  }
  return null;
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
    /** @type {Restored} */
    const out = { referee: r, ...meta(g) };
    store.remove(OLD_GAME_KEY);
    return out;
  } catch (e) {
    r?.free();
    const kept = store.setRaw(UNREADABLE_GAME_KEY, raw);
    if (kept) store.remove(OLD_GAME_KEY);
    message(
      `The saved game could not be restored (${errText(e)}); ${kept ? `the saved text is kept in this browser as ${UNREADABLE_GAME_KEY}` : 'the saved text was left where it was'}. Your setups are kept.`,
      'warn',
    );
    return null;
  }
}

/** @typedef {{name: string, setup: string, variant?: string}} SavedSetup */

/**
 * The saved setups as stored: `list` the entries the page reads (`{name, setup, variant?}`;
 * no `variant` = classic, as saved before Barrage was offered), `odd` those of a shape it does
 * not know (kept as they are), `unreadable` the stored text if it is not a JSON list at all.
 * @returns {{list: SavedSetup[], odd: unknown[], unreadable: string|null}}
 */
function readSetups() {
  const raw = store.getRaw(store.KEYS.setups);
  if (raw == null) return { list: [], odd: [], unreadable: null };
  let arr;
  try {
    arr = JSON.parse(raw);
  } catch {
    return { list: [], odd: [], unreadable: raw };
  }
  if (!Array.isArray(arr)) return { list: [], odd: [], unreadable: raw };
  /** @type {SavedSetup[]} */
  const list = [];
  /** @type {unknown[]} */
  const odd = [];
  for (const x of arr) {
    if (x && typeof x.name === 'string' && typeof x.setup === 'string') list.push(x);
    else odd.push(x);
  }
  return { list, odd, unreadable: null };
}

/** The saved setups the page can read (see readSetups). @returns {SavedSetup[]} */
export function loadSavedSetups() {
  return readSetups().list;
}

/**
 * Stores `list` as the saved setups, keeping what the page could not read: entries of an
 * unknown shape are written back after it, and a stored text that was not a list is first set
 * aside under UNREADABLE_SETUPS_KEY (if that fails, nothing is written).
 * @param {SavedSetup[]} list @returns {boolean} whether it was stored
 */
export function storeSavedSetups(list) {
  const { odd, unreadable } = readSetups();
  if (unreadable != null && !store.setRaw(UNREADABLE_SETUPS_KEY, unreadable)) return false;
  const ok = store.setJson(store.KEYS.setups, [...list, ...odd]);
  if (ok) checkSavedSetups();
  else showStorageTrouble(store.lastTrouble());
  return ok;
}

/** Why a saved setup cannot be used now (the engine's words), or null. @param {SavedSetup} x */
export function setupProblem(x) {
  try {
    wasm.checkSetup(x.setup, x.variant === 'barrage' ? 'barrage' : x.variant == null ? 'classic' : String(x.variant));
    return null;
  } catch (e) {
    return errText(e);
  }
}

/**
 * Says in a lasting notice what of the saved setups cannot be used: a store that is not a
 * list, entries of an unknown shape, setups the rules refuse (e.g. from an older version).
 * Nothing is removed; the notice goes once all is well.
 */
export function checkSavedSetups() {
  const { list, odd, unreadable } = readSetups();
  const bad = list.filter((x) => setupProblem(x) != null).map((x) => `"${x.name}"`);
  /** @type {string[]} */
  const parts = [];
  if (unreadable != null) parts.push(`The saved setups could not be read (they are not a list); they are kept as they are, and set aside as ${UNREADABLE_SETUPS_KEY} when you save a new one.`);
  if (odd.length) parts.push(`${odd.length} saved ${odd.length === 1 ? 'setup is' : 'setups are'} of a form this version does not read; kept as they are.`);
  if (bad.length) parts.push(`Not valid under the current rules, kept and marked "not valid": ${bad.join(', ')}.`);
  notice('setups', parts.length ? parts.join(' ') : null);
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
