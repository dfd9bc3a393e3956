// @ts-check
/**
 * The page's own state, shared by the modules: what the referee does not know (the phase of
 * the page, the setup being edited, the selection, the ply being shown, the bot request). The
 * game itself (plies, outcome, resignation, views) is read from the referee, never copied here.
 * Also the small DOM helpers and the message line every module uses.
 */

/** @typedef {import('./board.js').Cell} Cell */
/** @typedef {{id: string, label: string, bot: string, movetime_ms: number, about: string, elo: number|null, parts: boolean}} Level */
/** @typedef {{winner: 'Red'|'Blue'|null, reason: string, why: string, text: string}} Outcome */
/**
 * @typedef {{ply: number, side: 'Red'|'Blue', from: string, to: string, text: string, scout: boolean,
 *   battle: {attacker: string, defender: string, result: string, text: string}|null,
 *   outcome?: Outcome|null}} Report
 */

/** @typedef {'Red'|'Blue'} Side */

/** @param {Side} side @returns {Side} */
export const other = (side) => (side === 'Red' ? 'Blue' : 'Red');

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
  /** @type {Side} the side the player plays (in the setup phase: for the next game) */
  human: 'Red',
  /** @type {'Red'|'Blue'|'random'} the colour chosen for the next game ('random': chance decides at Start) */
  sidePref: 'Red',
  /** @type {'classic'|'barrage'} the army of the setup being edited and of the game */
  variant: 'classic',
  /** the human's setup being edited (setup phase) */
  setup: '',
  /** @type {number|null} selected square in the setup phase */
  setupSel: null,
  /** @type {string|null} the setup editor's draft (`A` = empty square), null when not editing */
  draft: null,
  /** @type {string|null} the kind picked in the editor's tray */
  trayKind: null,
  /** @type {Level[]} */
  levels: [],
  level: '',
  /** @type {import('../../pkg/stratagem.js').Referee|null} the true game */
  referee: null,
  /** the seed the bot's moves in this game derive from */
  seed: 0,
  thinking: false,
  /** how many workers think on the bot's current move (or hint) */
  workers: 1,
  thinkStart: 0,
  /** request counter: a bot answer for an older request is ignored */
  botReq: 0,
  /** @type {number|null} */
  selected: null,
  /** @type {Set<number>} */
  targets: new Set(),
  /** @type {number|null} the ply shown while stepping through the move list (null = live) */
  viewPly: null,
  /** reviewing a finished game: both armies shown at `viewPly` (never null while reviewing) */
  review: false,
  /** the ply at which the player last offered a draw (one offer per turn) */
  drawOfferedAt: -1,
  /** a hint is being computed in the worker */
  hinting: false,
  /**
   * @type {{move: string, info: any, target: string, belief: {kinds: {kind: string, p: number}[]}|null,
   *   candidates: {move: string, score: number, kind: string|null}[], ply: number, level: string}|null}
   *   the bot's last move, for "Why?" (a candidate's `kind` only where the player knows that piece)
   */
  why: null,
  /** @type {number|null} */
  lastBotMoveMs: null,
  /** @type {import('./board.js').BattleShow|null} */
  battle: null,
  /** @type {import('./bot.js').BotProgress|null} */
  progress: null,
  /** the player turned the board away from their own side */
  flipped: false,
};

/** The bot's side: the other one. @returns {Side} */
export function botSide() {
  return other(S.human);
}

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

/**
 * A lasting notice (`#notices`, one `li` per `key`, `data-key` set): a condition that holds
 * until it changes (the bot could not be loaded, storage is full or unavailable, another tab
 * keeps the saved game), unlike the transient message line. `null` removes it.
 * @param {'bot'|'storage'|'tab'|'setups'} key @param {string|null} text
 */
export function notice(key, text) {
  const list = $('notices');
  let li = /** @type {HTMLElement|null} */ (list.querySelector(`li[data-key="${key}"]`));
  if (text == null) {
    li?.remove();
    return;
  }
  if (!li) {
    li = document.createElement('li');
    li.dataset.key = key;
    list.append(li);
  }
  li.textContent = text;
}

/** @param {unknown} e */
export function errText(e) {
  return e instanceof Error ? e.message : String(e);
}

/** A level's measured strength, or that it has none yet (never a guess). @param {Level} l */
export function eloText(l) {
  return l.elo != null ? `Elo ${l.elo}` : 'not yet rated';
}

/** @param {number} ms */
export function secs(ms) {
  return ms >= 1000 ? `${(ms / 1000).toFixed(ms % 1000 ? 1 : 0)} s` : `${ms} ms`;
}
