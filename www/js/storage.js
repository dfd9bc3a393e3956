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
  try {
    window.localStorage.setItem(key, JSON.stringify(value));
    return true;
  } catch {
    return false;
  }
}

/** @param {string} key @param {string} value */
export function setRaw(key, value) {
  try {
    window.localStorage.setItem(key, value);
    return true;
  } catch {
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
