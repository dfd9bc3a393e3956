// @ts-check
/**
 * localStorage, safely: a full, disabled or corrupt store never breaks the page. Each key is
 * read and written on its own, so a corrupt saved game loses nothing else.
 *
 * Keys (www/README.md, "Persistence"): `stratagem.setups.v1` (saved setups),
 * `stratagem.lastSetup.v1`, `stratagem.prefs.v1` (level, sound); the game in progress has its
 * own keys in persist.js.
 */

export const KEYS = {
  setups: 'stratagem.setups.v1',
  lastSetup: 'stratagem.lastSetup.v1',
  prefs: 'stratagem.prefs.v1',
};

/** @typedef {'full'|'unavailable'} Trouble */

/** @type {Trouble|null} what the last failed write ran into (null after a write that worked) */
let trouble = null;

/** @param {unknown} e @returns {Trouble} */
function troubleOf(e) {
  const name = /** @type {any} */ (e)?.name;
  // Chromium and Firefox name it QuotaExceededError; old Firefox NS_ERROR_DOM_QUOTA_REACHED
  return name === 'QuotaExceededError' || name === 'NS_ERROR_DOM_QUOTA_REACHED' ? 'full' : 'unavailable';
}

/** What the last write ran into: `full`, `unavailable`, or null if it worked. */
export function lastTrouble() {
  return trouble;
}

/**
 * Whether the page can store anything now: writes and removes a one-letter probe key.
 * `full` when the store is full, `unavailable` when the browser refuses storage altogether
 * (private mode in some browsers, site data blocked), null when it works.
 * @returns {Trouble|null}
 */
export function probe() {
  try {
    const ls = window.localStorage;
    ls.setItem('stratagem.probe', '1');
    ls.removeItem('stratagem.probe');
    return null;
  } catch (e) {
    return troubleOf(e);
  }
}

/** @param {string} key @returns {string|null} */
export function getRaw(key) {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

/**
 * Reads JSON; a missing key gives `fallback`, unreadable JSON throws (the caller decides).
 * @template T @param {string} key @param {T} fallback @returns {T}
 */
export function getJson(key, fallback) {
  const raw = getRaw(key);
  if (raw == null) return fallback;
  return JSON.parse(raw);
}

/** @param {string} key @param {unknown} value @returns {boolean} whether it was stored */
export function setJson(key, value) {
  return setRaw(key, JSON.stringify(value));
}

/** @param {string} key @param {string} value @returns {boolean} whether it was stored */
export function setRaw(key, value) {
  try {
    window.localStorage.setItem(key, value);
    trouble = null;
    return true;
  } catch (e) {
    trouble = troubleOf(e);
    return false;
  }
}

/** @param {string} key */
export function remove(key) {
  try {
    window.localStorage.removeItem(key);
  } catch {
    /* nothing to do */
  }
}
