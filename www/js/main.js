// @ts-check
/**
 * The page: setup phase, play against a bot, game over; persistence; the test hook.
 *
 * Invariants:
 * - The page keeps the referee (the true game, in wasm). The bot worker gets only the bot
 *   side's view record (`referee.viewRecord(BOT)`), never the referee or the human's setup.
 * - Everything drawn for the human comes from `referee.board(HUMAN)` (own kinds, revealed
 *   enemy kinds, markers), except after the end, when `boardRevealed()` shows all.
 * - The game in progress is saved as setups + plies after every ply and restored by replaying
 *   the plies through a fresh referee; a saved game that does not replay is dropped with a
 *   message, and nothing else (setups, preferences) is touched.
 * - `window.stratagemTest` reads only what the human may know (page-contract.md).
 */

import init, * as wasm from '../../pkg/stratagem.js';
import { BoardView, squareIndex, squareName } from './board.js';
import { BotClient } from './bot.js';
import { setKinds, BY_LETTER, kindsForDisplay, label, tip } from './pieces.js';
import { sounds, setSound, soundOn, warmUp } from './sound.js';
import * as store from './storage.js';

/** @typedef {import('./board.js').Cell} Cell */
/** @typedef {{id: string, label: string, bot: string, movetime_ms: number, about: string}} Level */
/** @typedef {{winner: 'Red'|'Blue'|null, reason: string, text: string}} Outcome */
/**
 * @typedef {{ply: number, side: 'Red'|'Blue', from: string, to: string, text: string, scout: boolean,
 *   battle: {attacker: string, defender: string, result: string, text: string}|null,
 *   outcome?: Outcome|null}} Report
 */

const HUMAN = 'Red';
const BOT = 'Blue';
const VARIANT = 'classic';
const BATTLE_MS = 1300;

/** @param {string} id */
const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));
/** @param {string} id */
const $btn = (id) => /** @type {HTMLButtonElement} */ (document.getElementById(id));
/** @param {string} id */
const $input = (id) => /** @type {HTMLInputElement} */ (document.getElementById(id));
/** @param {string} id */
const $select = (id) => /** @type {HTMLSelectElement} */ (document.getElementById(id));

const S = {
  /** @type {'loading'|'setup'|'play'|'over'} */
  phase: 'loading',
  /** the human's setup being edited (setup phase) */
  setup: '',
  /** @type {number|null} selected square in the setup phase */
  setupSel: null,
  /** @type {Level[]} */
  levels: [],
  level: '',
  /** @type {wasm.Referee|null} */
  referee: null,
  /** @type {string[]} plies played, as move texts */
  plies: [],
  seed: 0,
  resigned: false,
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
  /** @type {Outcome|null} */
  outcome: null,
  /** @type {import('./bot.js').BotProgress|null} */
  progress: null,
  flipped: false,
};

/** @type {BoardView} */
let board;
/** @type {BotClient} */
let bot;
let thinkTimer = 0;
let messageTimer = 0;

// ------------------------------------------------------------------------------------------
// Messages and status

/** @param {string} text @param {'info'|'warn'} [kind] */
function message(text, kind = 'info') {
  const m = $('message');
  m.textContent = text;
  m.dataset.kind = kind;
  clearTimeout(messageTimer);
  if (text) messageTimer = window.setTimeout(() => (m.textContent = ''), 6000);
}

/** @param {unknown} e */
function errText(e) {
  return e instanceof Error ? e.message : String(e);
}

function stateName() {
  if (S.phase === 'setup' || S.phase === 'loading') return 'setup';
  if (S.phase === 'over') return 'over';
  return S.thinking ? 'thinking' : 'your-turn';
}

function currentLevel() {
  return S.levels.find((l) => l.id === S.level) ?? S.levels[0];
}

function updateStatus() {
  const st = $('status');
  const state = stateName();
  st.dataset.state = state;
  let text = '';
  if (S.phase === 'loading') text = 'Loading…';
  else if (state === 'setup') text = `Arrange your army (Red, ${S.flipped ? 'at the top' : 'at the bottom'}), then press Start game.`;
  else if (state === 'thinking') text = `${currentLevel()?.label ?? 'The bot'} (Blue) is thinking…`;
  else if (state === 'your-turn') text = 'Your move (Red).';
  else if (S.outcome) text = outcomeHeadline(S.outcome);
  if (S.viewPly != null && S.referee) text += `  Showing the board after move ${S.viewPly} of ${S.referee.ply()}.`;
  st.textContent = text;
}

/**
 * Why the game ended, told to the human (Red): "You captured Blue's Flag".
 * @param {Outcome} o
 */
function outcomeReason(o) {
  const words = /** @type {Record<string, [string, string]>} */ ({
    // [when the human won, when the bot won]
    FlagCaptured: ["You captured Blue's Flag", 'Blue captured your Flag'],
    NoMovablePieces: ['Blue has no movable pieces left', 'You have no movable pieces left'],
    NoLegalMove: ['Blue has no legal move', 'You have no legal move'],
    Resignation: ['Blue resigned', 'You resigned'],
    Forfeit: ['Blue forfeited', 'You forfeited'],
  });
  const w = words[o.reason];
  if (o.winner && w) return o.winner === HUMAN ? w[0] : w[1];
  const why = o.text.replace(/^(Red|Blue) wins: |^draw: /, '');
  return why.charAt(0).toUpperCase() + why.slice(1);
}

/** @param {Outcome} o */
function outcomeHeadline(o) {
  const why = outcomeReason(o);
  if (o.winner === HUMAN) return `You won: ${why}.`;
  if (o.winner === BOT) return `You lost: ${why}.`;
  return `Draw: ${why}.`;
}

// ------------------------------------------------------------------------------------------
// Drawing

/** @returns {(Cell|null)[]} */
function setupCells() {
  /** @type {(Cell|null)[]} */
  const cells = new Array(100).fill(null);
  for (let i = 0; i < 40; i++) {
    const kind = BY_LETTER.get(S.setup[i]) ?? null;
    if (kind) cells[i] = { side: HUMAN, kind };
  }
  for (let i = 60; i < 100; i++) cells[i] = { side: BOT, kind: null };
  return cells;
}

function liveCells() {
  const r = /** @type {wasm.Referee} */ (S.referee);
  if (S.viewPly != null) return r.boardAt(HUMAN, S.viewPly);
  if (S.phase === 'over') return r.boardRevealed();
  return r.board(HUMAN);
}

/** @param {Report|null} rep */
function moveSquares(rep) {
  return rep ? { from: squareIndex(rep.from), to: squareIndex(rep.to) } : null;
}

function render() {
  updateStatus();
  updateButtons();
  queueMicrotask(describeBoard);
  if (S.phase === 'setup' || S.phase === 'loading' || !S.referee) {
    board.render({
      cells: S.phase === 'loading' ? new Array(100).fill(null) : setupCells(),
      own: HUMAN,
      selected: S.setupSel,
      targets: new Set(),
      lastMove: null,
      battle: null,
      fadeEnemy: true,
      zone: HUMAN,
    });
    renderPanels();
    return;
  }
  const r = S.referee;
  const shownPly = S.viewPly ?? r.ply();
  const last = shownPly > 0 ? r.reportAt(shownPly) : null;
  const cells = liveCells();
  board.render({
    cells,
    own: HUMAN,
    selected: S.viewPly == null ? S.selected : null,
    targets: S.viewPly == null ? S.targets : new Set(),
    lastMove: moveSquares(last),
    battle: S.viewPly == null ? S.battle : null,
  });
  renderPanels(S.viewPly == null && S.phase === 'play' ? cells : null);
}

function updateButtons() {
  const inGame = S.phase === 'play' || S.phase === 'over';
  $('setup-panel').hidden = inGame;
  $('play-panel').hidden = !inGame;
  $('game-over').hidden = S.phase !== 'over';
  $btn('btn-start').disabled = S.phase !== 'setup' || !validSetup(S.setup);
  $btn('btn-undo').disabled = !inGame || !S.referee || (S.referee.ply() === 0 && !S.resigned);
  $btn('btn-resign').disabled = S.phase !== 'play';
  $btn('btn-export').disabled = !inGame;
  $btn('btn-new-game').disabled = S.phase === 'loading';
  const ply = S.referee?.ply() ?? 0;
  const shown = S.viewPly ?? ply;
  $btn('btn-step-back').disabled = !inGame || shown === 0;
  $btn('btn-step-forward').disabled = !inGame || S.viewPly == null;
  $('setup-string').setAttribute('value', S.setup);
  $input('setup-string').value = S.setup;
}

/** @param {string} s */
function validSetup(s) {
  try {
    wasm.checkSetup(s, VARIANT);
    return true;
  } catch {
    return false;
  }
}

let renderedPlies = -1;
let renderedView = /** @type {number|null} */ (null);

/** @param {(Cell|null)[]|null} [humanCells] the human's live board, if already at hand */
function renderPanels(humanCells = null) {
  const r = S.referee;
  const inGame = !!r && (S.phase === 'play' || S.phase === 'over');
  // captured pieces per side
  const at = S.viewPly;
  /** @type {Record<string, {counts: Record<string, number>, total: number}>|null} */
  const cap = inGame && r ? (at == null ? r.captured() : r.capturedAt(at)) : null;
  for (const side of /** @type {const} */ (['Red', 'Blue'])) {
    const el = $(side === 'Red' ? 'captured-red' : 'captured-blue');
    el.replaceChildren();
    const counts = cap?.[side]?.counts ?? {};
    let any = false;
    for (const k of kindsForDisplay()) {
      const n = counts[k.kind] ?? 0;
      if (!n) continue;
      any = true;
      const chip = document.createElement('span');
      chip.className = `chip ${side.toLowerCase()}`;
      chip.title = tip(k.kind);
      chip.textContent = n > 1 ? `${label(k.kind)} ×${n}` : label(k.kind);
      el.append(chip);
    }
    if (!any) {
      const none = document.createElement('span');
      none.className = 'none';
      none.textContent = 'nothing yet';
      el.append(none);
    }
  }
  // what the enemy still has, by kind, and how many of those the human has seen
  const table = /** @type {HTMLTableElement} */ ($('enemy-remaining'));
  table.replaceChildren();
  const head = table.createTHead().insertRow();
  for (const h of ['Piece', 'Left', 'Seen']) {
    const th = document.createElement('th');
    th.textContent = h;
    head.append(th);
  }
  const body = table.createTBody();
  /** @type {{counts: Record<string, number>, total: number}|null} */
  const rem = inGame && r ? (at == null ? r.enemyRemaining(HUMAN) : r.enemyRemainingAt(HUMAN, at)) : null;
  /** @type {Record<string, number>} */
  const seen = {};
  if (inGame && r) {
    const known = humanCells ?? (at == null ? r.board(HUMAN) : r.boardAt(HUMAN, at));
    for (const c of /** @type {(Cell|null)[]} */ (known)) {
      if (c && c.side === BOT && c.kind) seen[c.kind] = (seen[c.kind] ?? 0) + 1;
    }
  }
  for (const k of kindsForDisplay()) {
    const left = rem ? (rem.counts[k.kind] ?? 0) : k.classic;
    const row = body.insertRow();
    row.title = tip(k.kind);
    if (left === 0) row.className = 'gone';
    row.insertCell().textContent = label(k.kind);
    row.insertCell().textContent = `${left}/${k.classic}`;
    row.insertCell().textContent = String(seen[k.kind] ?? 0);
  }
  // the move list
  const list = $('move-list');
  const plies = r && inGame ? r.ply() : 0;
  if (plies !== renderedPlies || S.viewPly !== renderedView) {
    renderedPlies = plies;
    renderedView = S.viewPly;
    list.replaceChildren();
    if (r && inGame) {
      /** @type {Report[]} */
      const hist = r.history();
      for (const rep of hist) {
        const li = document.createElement('li');
        li.className = rep.side.toLowerCase();
        li.dataset.ply = String(rep.ply);
        const num = document.createElement('span');
        num.className = 'num';
        num.textContent = `${Math.ceil(rep.ply / 2)}${rep.side === 'Red' ? '.' : '…'}`;
        const mv = document.createElement('span');
        mv.className = 'mv';
        mv.textContent = rep.battle ? rep.text.replace('-', '×') : rep.text;
        li.append(num, mv);
        if (rep.battle) {
          const b = document.createElement('span');
          b.className = 'battle';
          b.textContent = rep.battle.text;
          li.append(b);
        }
        if ((S.viewPly ?? plies) === rep.ply) li.classList.add('current');
        li.addEventListener('click', () => showPly(rep.ply));
        list.append(li);
      }
      const cur = list.querySelector('li.current');
      if (cur) scrollListTo(list, /** @type {HTMLElement} */ (cur));
    }
  }
}

/**
 * Scrolls the move list (only the list) so that `li` shows. `scrollIntoView` would scroll every
 * scrollable ancestor too, the page included: on a phone that took the board off the screen
 * after almost every move (issue 9).
 * @param {HTMLElement} list @param {HTMLElement} li
 */
function scrollListTo(list, li) {
  const lr = list.getBoundingClientRect();
  const r = li.getBoundingClientRect();
  if (r.top < lr.top) list.scrollTop += r.top - lr.top;
  else if (r.bottom > lr.bottom) list.scrollTop += r.bottom - lr.bottom;
}

/**
 * The board in words for screen readers (`#board-text`, the canvas's aria-describedby): the
 * player's pieces by square, the enemy's (unknown unless revealed), and the last move.
 */
function describeBoard() {
  const m = board.model;
  if (!m) return;
  /** @type {string[]} */
  const own = [];
  /** @type {string[]} */
  const enemy = [];
  m.cells.forEach((c, i) => {
    if (!c) return;
    const what = c.kind ? label(c.kind) : c.scout ? 'Scout' : c.moved ? 'unknown (moved)' : 'unknown';
    (c.side === HUMAN ? own : enemy).push(`${what} ${squareName(i)}`);
  });
  const rep = S.referee && S.phase !== 'setup' ? /** @type {Report|null} */ (S.referee.reportAt(S.viewPly ?? S.referee.ply())) : null;
  const last = rep ? ` Last move: ${rep.side} ${rep.text}${rep.battle ? `, ${rep.battle.text}` : ''}.` : '';
  const t = `Your pieces (${HUMAN}): ${own.join(', ') || 'none'}. Enemy pieces (${BOT}): ${enemy.join(', ') || 'none'}.${last}`;
  const el = $('board-text');
  if (el.textContent !== t) el.textContent = t;
}

// ------------------------------------------------------------------------------------------
// Setup phase

/** @param {string} s @param {string} [note] */
function setSetup(s, note) {
  S.setup = wasm.checkSetup(s, VARIANT);
  S.setupSel = null;
  store.setRaw(store.KEYS.lastSetup, S.setup);
  followHash();
  $('setup-error').textContent = '';
  message(note ?? '');
  render();
}

/**
 * A `#setup=` address follows the setup as it changes, so a reload (or a bookmark) gives the
 * setup the player has now, not the one the link first brought (issue 9).
 */
function followHash() {
  if (!location.hash.startsWith('#setup=')) return;
  const url = `${location.pathname}${location.search}#setup=${S.setup}`;
  if (location.hash !== `#setup=${S.setup}`) history.replaceState(null, '', url);
}

/** @param {number} a @param {number} b */
function swapSetup(a, b) {
  const chars = S.setup.split('');
  [chars[a], chars[b]] = [chars[b], chars[a]];
  setSetup(chars.join(''));
}

/** @param {number} sq */
function setupClick(sq) {
  message('');
  if (sq >= 40) {
    S.setupSel = null;
    message('Your pieces stand on rows 1 to 4.');
    render();
    return;
  }
  if (S.setupSel == null) S.setupSel = sq;
  else if (S.setupSel === sq) S.setupSel = null;
  else {
    const a = S.setupSel;
    S.setupSel = null;
    swapSetup(a, sq);
    return;
  }
  render();
}

function randomSeed() {
  return String(Math.floor(Math.random() * 2 ** 32));
}

function loadSavedSetups() {
  /** @type {{name: string, setup: string}[]} */
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

function fillSavedSetups() {
  const sel = $select('saved-setups');
  sel.replaceChildren();
  const list = loadSavedSetups();
  if (!list.length) {
    const o = document.createElement('option');
    o.value = '';
    o.textContent = '(none saved yet)';
    sel.append(o);
  }
  for (const x of list) {
    const o = document.createElement('option');
    o.value = x.name;
    o.textContent = x.name;
    sel.append(o);
  }
  $btn('btn-load-setup').disabled = !list.length;
}

/** Reads `#setup=<string>` from the address; returns the setup or null. */
function setupFromHash() {
  const m = /^#setup=(.*)$/.exec(location.hash);
  if (!m) return null;
  let text = m[1];
  try {
    text = decodeURIComponent(text);
  } catch {
    /* use it as it is */
  }
  try {
    return { ok: wasm.checkSetup(text, VARIANT) };
  } catch (e) {
    return { error: `The setup in the link is not valid: ${errText(e)}` };
  }
}

/** @param {string} text */
async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

// ------------------------------------------------------------------------------------------
// Play

function saveGame() {
  const r = S.referee;
  if (!r) return;
  store.setJson(store.KEYS.game, {
    v: 1,
    rules: r.rules(),
    red: r.redSetup(),
    blue: r.blueSetup(),
    level: S.level,
    plies: S.plies,
    seed: S.seed,
    resigned: S.resigned ? HUMAN : null,
    humanSide: HUMAN,
  });
}

function clearSelection() {
  S.selected = null;
  S.targets = new Set();
}

/** @param {string} red @param {string} blue */
function beginGame(red, blue) {
  stopThinking();
  S.referee?.free();
  S.referee = new wasm.Referee(red, blue, undefined);
  S.plies = [];
  S.seed = Math.floor(Math.random() * 2 ** 32);
  S.resigned = false;
  S.outcome = null;
  S.battle = null;
  S.viewPly = null;
  S.lastBotMoveMs = null;
  clearSelection();
  S.phase = 'play';
  renderedPlies = -1;
  saveGame();
  render();
  board.canvas.focus({ preventScroll: true });
}

function startGame() {
  if (!validSetup(S.setup)) return;
  warmUp();
  const lv = currentLevel();
  if (!lv) {
    message('This build has no opponent (ai::LEVELS is empty).', 'warn');
    return;
  }
  store.setRaw(store.KEYS.lastSetup, S.setup);
  const blue = newBotSetup(lv);
  beginGame(S.setup, blue.setup);
  message(blue.warning ?? `New game against ${lv.label}. You play Red and move first.`, blue.warning ? 'warn' : 'info');
}

/**
 * A fresh setup from the level's bot (a random one, with a warning, if its generator fails).
 * @param {Level} lv
 * @returns {{setup: string, warning?: string}}
 */
function newBotSetup(lv) {
  try {
    return { setup: wasm.botSetup(lv.bot, VARIANT, randomSeed()) };
  } catch (e) {
    return { setup: wasm.randomSetup(VARIANT, randomSeed()), warning: `The bot could not make a setup (${errText(e)}); it uses a random one.` };
  }
}

/** @param {number} sq */
function selectPiece(sq) {
  const r = /** @type {wasm.Referee} */ (S.referee);
  S.selected = sq;
  S.targets = new Set(r.legalTargets(squareName(sq)).map(squareIndex));
  if (!S.targets.size) {
    const cell = /** @type {Cell|null} */ (r.board(HUMAN)[sq]);
    if (cell?.kind === 'Bomb' || cell?.kind === 'Flag') message(`A ${cell.kind} never moves.`);
    else message('This piece has no legal move now.');
  }
}

function humanTurn() {
  return S.phase === 'play' && !S.thinking && !!S.referee && S.referee.toMove() === HUMAN;
}

/** @param {number} sq */
function playClick(sq) {
  message('');
  if (S.viewPly != null) {
    S.viewPly = null;
    message('Back to the game.');
    render();
    return;
  }
  if (S.phase === 'over') return;
  if (!humanTurn()) {
    if (S.thinking) message('Wait for the bot to move.');
    return;
  }
  const r = /** @type {wasm.Referee} */ (S.referee);
  const cell = /** @type {Cell|null} */ (r.board(HUMAN)[sq]);
  if (S.selected == null) {
    if (cell && cell.side === HUMAN) selectPiece(sq);
    else if (cell) message('That is an enemy piece: select one of yours first.');
  } else if (S.selected === sq) {
    clearSelection();
  } else if (cell && cell.side === HUMAN) {
    selectPiece(sq);
  } else {
    tryMove(S.selected, sq);
    return;
  }
  render();
}

/** @param {number} from @param {number} to */
function tryMove(from, to) {
  const r = /** @type {wasm.Referee} */ (S.referee);
  const text = `${squareName(from)}-${squareName(to)}`;
  let rep;
  try {
    rep = /** @type {Report} */ (r.play(text));
  } catch (e) {
    message(`${text}: ${errText(e)}.`, 'warn');
    sounds.illegal();
    clearSelection();
    render();
    return;
  }
  S.plies.push(text);
  clearSelection();
  message('');
  afterPly(rep);
  if (S.phase === 'play') requestBotMove();
}

/** @param {Report} rep */
function afterPly(rep) {
  saveGame();
  if (rep.battle) {
    S.battle = {
      square: squareIndex(rep.to),
      attacker: { side: rep.side, kind: rep.battle.attacker },
      defender: { side: rep.side === 'Red' ? 'Blue' : 'Red', kind: rep.battle.defender },
      result: rep.battle.result,
      text: rep.battle.text,
      until: performance.now() + BATTLE_MS,
    };
    sounds.battle();
  } else {
    S.battle = null;
    sounds.move();
  }
  if (rep.outcome) gameOver(rep.outcome);
  else render();
}

function stopThinking() {
  S.botReq++;
  if (S.thinking) bot?.cancel();
  S.thinking = false;
  S.progress = null;
  clearInterval(thinkTimer);
  $('thinking').hidden = true;
}

function updateThinking() {
  const secs = ((performance.now() - S.thinkStart) / 1000).toFixed(1);
  const p = S.progress;
  const extra = p && p.depth ? ` · depth ${p.depth}, ${groupDigits(Math.round(p.nodes))} nodes` : '';
  $('thinking-text').textContent = `Thinking… ${secs} s${extra}`;
}

/** 1234567 -> "1,234,567" (no Intl: its first use loads locale data on the main thread). @param {number} n */
function groupDigits(n) {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** @param {number} ms */
const sleep = (ms) => new Promise((res) => setTimeout(res, ms));

async function requestBotMove() {
  const r = S.referee;
  if (!r || S.phase !== 'play' || r.toMove() !== BOT) return;
  const req = ++S.botReq;
  S.thinking = true;
  S.progress = null;
  S.thinkStart = performance.now();
  $('thinking').hidden = false;
  updateThinking();
  clearInterval(thinkTimer);
  thinkTimer = window.setInterval(updateThinking, 100);
  render();
  const lv = currentLevel();
  let move = '';
  let fallbackWhy = '';
  try {
    const ans = await bot.think({
      view: r.viewRecord(BOT),
      level: lv.id,
      budgetMs: lv.movetime_ms,
      seed: `${S.seed}:${r.ply()}`,
    });
    move = ans.move;
  } catch (e) {
    if (/** @type {any} */ (e)?.cancelled) return;
    fallbackWhy = errText(e);
  }
  if (req !== S.botReq || S.referee !== r) return; // undone, new game, or left
  S.lastBotMoveMs = Math.round(performance.now() - S.thinkStart);
  // let the card of the human's battle finish before the board goes on
  const wait = S.battle ? S.battle.until - performance.now() : 0;
  if (wait > 0) await sleep(Math.min(wait, BATTLE_MS));
  if (req !== S.botReq || S.referee !== r) return;
  let rep = null;
  if (move) {
    try {
      rep = /** @type {Report} */ (r.play(move));
    } catch (e) {
      fallbackWhy = `it chose ${move}, which the referee refused: ${errText(e)}`;
      bot.replace();
    }
  }
  if (!rep) {
    const legal = r.legalMoves();
    if (!legal.length) return; // cannot happen: the referee ends a game without moves
    move = legal[Math.floor(Math.random() * legal.length)];
    rep = /** @type {Report} */ (r.play(move));
    message(`The bot failed (${fallbackWhy}); a fresh one was started, and it played a random legal move.`, 'warn');
  }
  S.plies.push(move);
  S.thinking = false;
  S.progress = null;
  clearInterval(thinkTimer);
  $('thinking').hidden = true;
  afterPly(rep);
}

/** @param {Outcome} o */
function gameOver(o) {
  stopThinking();
  S.phase = 'over';
  S.outcome = o;
  clearSelection();
  S.viewPly = null;
  $('game-over-title').textContent = o.winner === HUMAN ? 'You won' : o.winner === BOT ? 'You lost' : 'Draw';
  $('game-over-reason').textContent = `${outcomeReason(o)}. The bot's pieces are shown on the board.`;
  saveGame();
  if (o.winner === HUMAN) sounds.win();
  else sounds.lose();
  render();
}

function undo() {
  const r = S.referee;
  if (!r || S.phase === 'setup') return;
  stopThinking();
  S.viewPly = null;
  if (S.resigned) {
    r.undo(); // takes back the resignation alone
    S.resigned = false;
  } else {
    while (r.ply() > 0) {
      const rep = /** @type {Report|null} */ (r.undo());
      S.plies.pop();
      if (!rep || rep.side === HUMAN) break;
    }
  }
  S.outcome = null;
  S.battle = null;
  S.phase = 'play';
  clearSelection();
  saveGame();
  message('Taken back.');
  render();
  if (r.toMove() === BOT) requestBotMove();
}

function resign() {
  const r = S.referee;
  if (!r || S.phase !== 'play') return;
  try {
    const o = r.resign(HUMAN);
    S.resigned = true;
    gameOver(o);
  } catch (e) {
    message(errText(e), 'warn');
  }
}

function newGame() {
  message('');
  stopThinking();
  S.referee?.free();
  S.referee = null;
  S.phase = 'setup';
  S.outcome = null;
  S.battle = null;
  S.viewPly = null;
  S.resigned = false;
  clearSelection();
  store.remove(store.KEYS.game);
  render();
}

/**
 * The same setup for the player and a new one for the bot: the bot's army was just shown in
 * full on the game-over board, so reusing it would hand the player every hidden rank (issue 9).
 */
function playAgain() {
  const r = S.referee;
  if (!r) return;
  warmUp();
  const lv = currentLevel();
  const blue = newBotSetup(lv);
  beginGame(r.redSetup(), blue.setup);
  message(blue.warning ?? 'Your setup again; the bot has set up anew.', blue.warning ? 'warn' : 'info');
}

/**
 * Downloads the game: the own record format (default) or Gravon XML.
 * @param {'record'|'gravon'} [format]
 */
function exportGame(format = 'record') {
  const r = S.referee;
  if (!r) return;
  const now = new Date();
  const date = `${now.getFullYear()}.${String(now.getMonth() + 1).padStart(2, '0')}.${String(now.getDate()).padStart(2, '0')}`;
  const botName = `${currentLevel()?.label ?? 'bot'} (bot)`;
  let text, type, ext;
  try {
    if (format === 'gravon') {
      text = r.exportGravon('You', botName);
      type = 'application/xml';
      ext = 'xml';
    } else {
      text = r.exportRecord('You', botName, date);
      type = 'text/plain';
      ext = 'txt';
    }
  } catch (e) {
    message(`The game could not be exported: ${errText(e)}`, 'warn');
    return;
  }
  const blob = new Blob([text], { type });
  const a = document.createElement('a');
  const stamp = now.toISOString().slice(0, 16).replace(/[-:T]/g, '');
  a.href = URL.createObjectURL(blob);
  a.download = `stratagem-game-${stamp}.${ext}`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  message(format === 'gravon' ? 'The game was downloaded as a Gravon XML file.' : 'The game record was downloaded.');
}

/** Opens a game record and plays on from it (the human is Red). @param {File} file */
async function importGame(file) {
  let text;
  try {
    text = await file.text();
  } catch (e) {
    message(`The file could not be read: ${errText(e)}`, 'warn');
    return;
  }
  let r;
  try {
    r = wasm.Referee.importGame(text);
  } catch (e) {
    message(`${file.name}: ${errText(e)}`, 'warn');
    return;
  }
  stopThinking();
  S.referee?.free();
  S.referee = r;
  /** @type {Report[]} */
  const hist = r.history();
  S.plies = hist.map((h) => h.text);
  S.seed = Math.floor(Math.random() * 2 ** 32);
  const o = /** @type {Outcome|null} */ (r.outcome());
  S.resigned = !!o && o.reason === 'Resignation';
  S.outcome = null;
  S.battle = null;
  S.viewPly = null;
  S.lastBotMoveMs = null;
  clearSelection();
  renderedPlies = -1;
  if (o) {
    S.phase = 'over';
    gameOver(o);
  } else {
    S.phase = 'play';
    saveGame();
    render();
    if (r.toMove() === BOT) requestBotMove();
  }
  message(`Loaded ${file.name}: ${r.ply()} moves. You play Red.`);
}

/** @param {number} ply */
function showPly(ply) {
  const r = S.referee;
  if (!r) return;
  clearSelection();
  S.viewPly = ply >= r.ply() ? null : Math.max(0, ply);
  render();
}

/** Restores a saved game by replaying its plies; false (with a message) if it does not fit. */
function restoreGame() {
  const raw = store.getRaw(store.KEYS.game);
  if (raw == null) return false;
  /** @type {wasm.Referee|null} */
  let r = null;
  try {
    const g = JSON.parse(raw);
    if (!g || g.v !== 1 || typeof g.red !== 'string' || typeof g.blue !== 'string' || !Array.isArray(g.plies)) {
      throw new Error('it is not a saved game of this version');
    }
    r = new wasm.Referee(g.red, g.blue, g.rules ?? undefined);
    for (const [i, p] of g.plies.entries()) {
      try {
        r.play(String(p));
      } catch (e) {
        throw new Error(`move ${i + 1} (${p}): ${errText(e)}`);
      }
    }
    if (g.resigned) r.resign(HUMAN);
    S.referee = r;
    S.plies = g.plies.map(String);
    S.seed = Number.isInteger(g.seed) ? g.seed : 0;
    S.resigned = !!g.resigned;
    if (typeof g.level === 'string' && S.levels.some((l) => l.id === g.level)) {
      S.level = g.level;
      $select('level').value = g.level;
      showLevelAbout();
    }
    const o = /** @type {Outcome|null} */ (r.outcome());
    if (o) {
      S.phase = 'over';
      gameOver(o);
    } else {
      S.phase = 'play';
      const n = r.ply();
      const last = n > 0 ? /** @type {Report} */ (r.reportAt(n)) : null;
      message(n ? `Your game was restored (${n} moves played${last ? `, last ${last.text}` : ''}).` : 'Your game was restored.');
      render();
      if (r.toMove() === BOT) requestBotMove();
    }
    return true;
  } catch (e) {
    r?.free();
    S.referee = null;
    store.remove(store.KEYS.game);
    message(`The saved game could not be restored (${errText(e)}); it was discarded. Your setups are kept.`, 'warn');
    return false;
  }
}

// ------------------------------------------------------------------------------------------
// Wiring

function bindControls() {
  $select('level').addEventListener('change', () => {
    S.level = $select('level').value;
    savePrefs();
    const lv = currentLevel();
    showLevelAbout();
    message(`${lv.label}: ${lv.about}`);
    if (S.referee && S.phase !== 'setup') saveGame();
    updateStatus();
  });
  // Leaving or replacing a game under way takes a second click: a slip must not lose the game.
  const underWay = () => S.phase === 'play' && (S.referee?.ply() ?? 0) > 0;
  $btn('btn-new-game').addEventListener('click', () => {
    if (underWay() && !confirmed('btn-new-game', 'Abandon game?', 'Click "Abandon game?" again to leave this game for a new one.')) return;
    newGame();
  });
  $btn('btn-undo').addEventListener('click', undo);
  $btn('btn-resign').addEventListener('click', () => {
    if (S.phase !== 'play') return;
    if (!confirmed('btn-resign', 'Resign?', 'Click "Resign?" again to give up this game.')) return;
    resign();
  });
  $btn('btn-flip').addEventListener('click', () => {
    S.flipped = !S.flipped;
    board.setFlipped(S.flipped);
    updateStatus();
  });
  $btn('btn-sound').addEventListener('click', () => {
    setSound(!soundOn());
    savePrefs();
    showSound();
    if (soundOn()) sounds.move();
  });
  $btn('btn-export').addEventListener('click', () => exportGame('record'));
  $btn('btn-export-over').addEventListener('click', () => exportGame('record'));
  $btn('btn-export-gravon').addEventListener('click', () => exportGame('gravon'));
  $btn('btn-import').addEventListener('click', () => {
    if (underWay() && !confirmed('btn-import', 'Replace game?', 'Click "Replace game?" again to open a record in place of this game.')) return;
    $input('import-file').click();
  });
  $input('import-file').addEventListener('change', () => {
    const f = $input('import-file').files?.[0];
    $input('import-file').value = '';
    if (f) importGame(f);
  });
  $btn('btn-play-again').addEventListener('click', playAgain);
  $btn('btn-step-back').addEventListener('click', () => {
    const r = S.referee;
    if (r) showPly((S.viewPly ?? r.ply()) - 1);
  });
  $btn('btn-step-forward').addEventListener('click', () => {
    if (S.viewPly != null) showPly(S.viewPly + 1);
  });
  // The move list is one stop in the Tab order; the arrow keys step through it.
  $('move-list').addEventListener('keydown', (ev) => {
    const r = S.referee;
    if (!r || (S.phase !== 'play' && S.phase !== 'over')) return;
    const now = S.viewPly ?? r.ply();
    /** @type {Record<string, number>} */
    const to = { ArrowUp: now - 1, ArrowLeft: now - 1, ArrowDown: now + 1, ArrowRight: now + 1, Home: 0, End: r.ply(), PageUp: now - 10, PageDown: now + 10 };
    if (!(ev.key in to)) return;
    ev.preventDefault();
    showPly(Math.max(0, Math.min(r.ply(), to[ev.key])));
  });

  $btn('btn-random-setup').addEventListener('click', () => setSetup(wasm.randomSetup(VARIANT, randomSeed()), 'A random setup.'));
  $btn('btn-smart-setup').addEventListener('click', () => {
    const lv = currentLevel();
    try {
      setSetup(wasm.botSetup(lv.bot, VARIANT, randomSeed()), `A setup from the ${lv.bot} bot's generator.`);
    } catch (e) {
      message(errText(e), 'warn');
    }
  });
  $btn('btn-copy-setup').addEventListener('click', async () => {
    const ok = await copyText(S.setup);
    if (!ok) $input('setup-string').select();
    message(ok ? 'Setup string copied.' : 'Select the setup string and copy it (Ctrl+C).');
  });
  const apply = () => {
    const text = $input('setup-input').value;
    try {
      setSetup(text, 'Setup applied.');
    } catch (e) {
      $('setup-error').textContent = errText(e);
    }
  };
  $btn('btn-apply-setup').addEventListener('click', apply);
  $input('setup-input').addEventListener('keydown', (ev) => {
    if (ev.key === 'Enter') apply();
  });
  $btn('btn-share-link').addEventListener('click', async () => {
    const url = `${location.href.split('#')[0]}#setup=${S.setup}`;
    history.replaceState(null, '', url);
    const ok = await copyText(url);
    message(ok ? 'Link copied: it opens the page with this setup.' : `Share this link: ${url}`);
  });
  $btn('btn-save-setup').addEventListener('click', () => {
    const list = loadSavedSetups();
    const name = $input('setup-name').value.trim() || `Setup ${list.length + 1}`;
    const i = list.findIndex((x) => x.name === name);
    if (i >= 0) list[i].setup = S.setup;
    else list.push({ name, setup: S.setup });
    if (!store.setJson(store.KEYS.setups, list)) {
      message('The setup could not be saved (the browser storage is full or disabled).', 'warn');
      return;
    }
    fillSavedSetups();
    $select('saved-setups').value = name;
    $input('setup-name').value = '';
    message(`Saved as "${name}".`);
  });
  $btn('btn-load-setup').addEventListener('click', () => {
    const name = $select('saved-setups').value;
    const x = loadSavedSetups().find((s) => s.name === name);
    if (!x) return;
    try {
      setSetup(x.setup, `Loaded "${name}".`);
    } catch (e) {
      $('setup-error').textContent = `The saved setup "${name}" is not valid: ${errText(e)}`;
    }
  });
  $btn('btn-start').addEventListener('click', startGame);
  window.addEventListener('hashchange', () => {
    const h = setupFromHash();
    if (!h || S.phase !== 'setup') return;
    if (h.ok) setSetup(h.ok, 'Setup loaded from the link.');
    else $('setup-error').textContent = h.error ?? '';
  });
}

/** @type {Record<string, number>} */
const confirmTimers = {};

/**
 * Two-click confirmation on a button: the first click turns its label into `question` for 4 s
 * and returns false; a second click within that time returns true.
 * @param {string} id @param {string} question @param {string} note
 */
function confirmed(id, question, note) {
  const b = $btn(id);
  const reset = () => {
    clearTimeout(confirmTimers[id]);
    if (b.dataset.label != null) b.textContent = b.dataset.label;
    delete b.dataset.confirm;
    delete b.dataset.label;
  };
  if (b.dataset.confirm) {
    reset();
    return true;
  }
  b.dataset.confirm = '1';
  b.dataset.label = b.textContent ?? '';
  b.textContent = question;
  message(note);
  confirmTimers[id] = window.setTimeout(reset, 4000);
  return false;
}

function savePrefs() {
  store.setJson(store.KEYS.prefs, { level: S.level, sound: soundOn() });
}

function showSound() {
  const b = $btn('btn-sound');
  b.textContent = soundOn() ? 'Sound: on' : 'Sound: off';
  b.setAttribute('aria-pressed', String(soundOn()));
}

function fillLevels() {
  const sel = $select('level');
  sel.replaceChildren();
  // Weakest first (ai::LEVELS is ordered by strength): the rank, not the time per move, says
  // how hard a level is (players took the 1 s level for the hardest; issue 9).
  S.levels.forEach((l, i) => {
    const o = document.createElement('option');
    o.value = l.id;
    const rank = i === 0 ? ', weakest' : i === S.levels.length - 1 ? ', strongest' : '';
    o.textContent = `${i + 1}. ${l.label} (${secs(l.movetime_ms)} a move${rank})`;
    o.title = l.about;
    sel.append(o);
  });
  sel.value = S.level;
  showLevelAbout();
}

/** @param {number} ms */
function secs(ms) {
  return ms >= 1000 ? `${(ms / 1000).toFixed(ms % 1000 ? 1 : 0)} s` : `${ms} ms`;
}

function showLevelAbout() {
  const lv = currentLevel();
  const i = S.levels.indexOf(lv);
  $select('level').title = lv?.about ?? '';
  $('level-about').textContent = lv ? `Opponent: level ${i + 1} of ${S.levels.length}, ${lv.label} (${lv.bot} bot), ${secs(lv.movetime_ms)} a move. ${lv.about}` : '';
}

/** @param {number|null} sq */
function hover(sq) {
  let t = '';
  if (sq != null) {
    /** @type {Cell|null} */
    const cell = board.model?.cells[sq] ?? null;
    if (cell?.kind) t = tip(cell.kind);
    else if (cell?.scout) t = 'A Scout (it moved more than one square)';
    else if (cell && cell.side === BOT) t = cell.moved ? 'An unknown enemy piece that has moved: no Bomb or Flag' : 'An unknown enemy piece';
  }
  if (board.canvas.title !== t) board.canvas.title = t;
}

function installTestHook() {
  /** @type {any} */ (window).stratagemTest = {
    legalMoves: () => (humanTurn() ? /** @type {wasm.Referee} */ (S.referee).legalMoves() : []),
    squareCenter: (sq) => board.squareCenter(sq),
    cursorSquare: () => squareName(board.cursor),
    setupString: () => (S.phase === 'setup' || !S.referee ? S.setup : S.referee.redSetup()),
    state: () => ({
      phase: S.phase === 'loading' ? 'setup' : S.phase,
      toMove: S.referee ? /** @type {'Red'|'Blue'} */ (S.referee.toMove()) : 'Red',
      humanSide: HUMAN,
      ply: S.referee?.ply() ?? 0,
      lastBotMoveMs: S.lastBotMoveMs,
      outcome: S.outcome ? S.outcome.text : null,
    }),
  };
}

async function boot() {
  board = new BoardView(/** @type {HTMLCanvasElement} */ ($('board')), $('board-wrap'), {
    onClick: (sq) => (S.phase === 'setup' ? setupClick(sq) : S.phase === 'loading' ? undefined : playClick(sq)),
    onDrop: (from, to) => {
      if (S.phase === 'setup') {
        if (from < 40 && to < 40) swapSetup(from, to);
        else message('Your pieces stand on rows 1 to 4.');
      } else if (humanTurn() && S.viewPly == null) tryMove(from, to);
    },
    canDrag: (sq) => {
      if (S.phase === 'setup') return sq < 40;
      if (!humanTurn() || S.viewPly != null) return false;
      const cell = board.model?.cells[sq];
      return !!cell && cell.side === HUMAN && cell.kind !== 'Bomb' && cell.kind !== 'Flag';
    },
    onEscape: () => {
      S.setupSel = null;
      clearSelection();
      render();
    },
    onHover: hover,
  });
  render();
  try {
    await init();
  } catch (e) {
    $('status').textContent = `The game engine could not be loaded: ${errText(e)}`;
    throw e;
  }
  setKinds(wasm.pieceKinds());
  S.levels = wasm.levels();
  /** @type {{level?: string, sound?: boolean}} */
  let prefs = {};
  try {
    prefs = store.getJson(store.KEYS.prefs, {}) ?? {};
  } catch {
    prefs = {};
  }
  S.level = S.levels.some((l) => l.id === prefs.level) ? /** @type {string} */ (prefs.level) : (S.levels[0]?.id ?? '');
  setSound(prefs.sound !== false);
  showSound();
  fillLevels();
  fillSavedSetups();
  bot = new BotClient((p) => {
    S.progress = p;
  });
  bindControls();

  // the setup: the share link, else the last one used, else a random one
  S.setup = wasm.randomSetup(VARIANT, randomSeed());
  const last = store.getRaw(store.KEYS.lastSetup);
  if (last && validSetup(last)) S.setup = wasm.checkSetup(last, VARIANT);
  const fromLink = setupFromHash();
  S.phase = 'setup';
  if (fromLink?.ok) {
    S.setup = fromLink.ok;
    store.setRaw(store.KEYS.lastSetup, S.setup);
  }
  installTestHook();
  const restored = restoreGame();
  if (!restored) {
    S.phase = 'setup';
    render();
  }
  if (fromLink?.ok) message(restored ? 'The setup from the link is ready for your next game.' : 'Setup loaded from the link.');
  if (fromLink?.error) $('setup-error').textContent = fromLink.error;
  document.body.dataset.ready = '1';
}

boot();
