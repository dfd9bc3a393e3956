// @ts-check
/**
 * The page's own state, shared by the modules: what the referee does not know (the phase of
 * the page, the setup being edited, the selection, the ply being shown, the bot request). The
 * game itself (plies, outcome, resignation, views) is read from the referee, never copied here.
 * Also the small DOM helpers and the message line every module uses.
 */

/** @typedef {import('./board.js').Cell} Cell */
/** @typedef {{id: string, label: string, bot: string, movetime_ms: number, about: string}} Level */
/** @typedef {{winner: 'Red'|'Blue'|null, reason: string, why: string, text: string}} Outcome */
/**
 * @typedef {{ply: number, side: 'Red'|'Blue', from: string, to: string, text: string, scout: boolean,
 *   battle: {attacker: string, defender: string, result: string, text: string}|null,
 *   outcome?: Outcome|null}} Report
 */

export const HUMAN = 'Red';
export const BOT = 'Blue';
export const VARIANT = 'classic';

/** @param {string} id */
export const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));
/** @param {string} id */
export const $btn = (id) => /** @type {HTMLButtonElement} */ (document.getElementById(id));
/** @param {string} id */
export const $input = (id) => /** @type {HTMLInputElement} */ (document.getElementById(id));
/** @param {string} id */
export const $select = (id) => /** @type {HTMLSelectElement} */ (document.getElementById(id));

export const S = {
  /** @type {'loading'|'setup'|'play'|'over'} */
  phase: 'loading',
  /** the human's setup being edited (setup phase) */
  setup: '',
  /** @type {number|null} selected square in the setup phase */
  setupSel: null,
  /** @type {Level[]} */
  levels: [],
  level: '',
  /** @type {import('../../pkg/stratagem.js').Referee|null} the true game */
  referee: null,
  /** the seed the bot's moves in this game derive from */
  seed: 0,
  thinking: false,
  thinkStart: 0,
  /** request counter: a bot answer for an older request is ignored */
  botReq: 0,
  /** @type {number|null} */
  selected: null,
  /** @type {Set<number>} */
  targets: new Set(),
  /** @type {number|null} the ply shown while stepping through the move list (null = live) */
  viewPly: null,
  /** @type {number|null} */
  lastBotMoveMs: null,
  /** @type {import('./board.js').BattleShow|null} */
  battle: null,
  /** @type {import('./bot.js').BotProgress|null} */
  progress: null,
  flipped: false,
};

export function currentLevel() {
  return S.levels.find((l) => l.id === S.level) ?? S.levels[0];
}

/** The outcome of the game, from the referee (null while it goes on or before a game). */
export function outcome() {
  return /** @type {Outcome|null} */ (S.referee?.outcome() ?? null);
}

let messageTimer = 0;

/** @param {string} text @param {'info'|'warn'} [kind] */
export function message(text, kind = 'info') {
  const m = $('message');
  m.textContent = text;
  m.dataset.kind = kind;
  clearTimeout(messageTimer);
  if (text) messageTimer = window.setTimeout(() => (m.textContent = ''), 6000);
}

/** @param {unknown} e */
export function errText(e) {
  return e instanceof Error ? e.message : String(e);
}

/** @param {number} ms */
export function secs(ms) {
  return ms >= 1000 ? `${(ms / 1000).toFixed(ms % 1000 ? 1 : 0)} s` : `${ms} ms`;
}
