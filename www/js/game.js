// @ts-check
/**
 * The game's state machine: the setup phase (the setup being edited, the address following
 * it), play (the human's clicks, the bot's turn in the worker, battles), the end, undo and
 * resignation, import and export, stepping through the moves; and `render`, which draws the
 * board and panels from the referee and the page state.
 *
 * Invariants:
 * - The referee (wasm) is the game: plies, outcome and resignation are read from it, never
 *   mirrored here; its views are kept up to date ply by ply, so reading them costs no replay.
 * - The bot worker gets only the bot side's view record (`referee.viewRecord(botSide())`).
 * - Everything drawn for the human comes from `referee.board(S.human)` (own kinds, revealed
 *   enemy kinds, markers), except after the end, when `boardRevealed()` shows all.
 * - The game is saved (persist.js, the engine's record) after every ply and at the end.
 */

import * as wasm from '../../pkg/stratagem.js';
import { squareIndex, squareName } from './board.js';
import { BY_LETTER, isMovable, label } from './pieces.js';
import { sounds, warmUp } from './sound.js';
import { S, $, $btn, $input, $select, message, errText, currentLevel, outcome, botSide } from './state.js';
import { updateStatus, renderPanels, describeBoard, outcomeReason, moveListHandlers, setBoardGetter } from './panels.js';
import { saveGame, forgetGame, rememberSetup, lastSetup } from './persist.js';
import { editorClick } from './editor.js';
import { botSetup } from './people.js';

/** @typedef {import('./board.js').Cell} Cell */
/** @typedef {import('./state.js').Level} Level */
/** @typedef {import('./state.js').Outcome} Outcome */
/** @typedef {import('./state.js').Report} Report */

const BATTLE_MS = 1300;

/**
 * The board view and the bot client, set once by main.js at boot.
 * @type {{board: import('./board.js').BoardView, bot: import('./bot.js').BotPool}}
 */
export const ui = /** @type {any} */ ({ board: null, bot: null });

let thinkTimer = 0;

moveListHandlers.pick = (ply) => showPly(ply);
setBoardGetter(() => ui.board);

// ------------------------------------------------------------------------------------------
// Drawing

/** @type {Record<string, number[]>} side -> its 40 home squares in setup-string order (the engine's rule) */
const homeSquares = {};

/** The board square of setup index `i` for `side`. @param {'Red'|'Blue'} side @param {number} i */
function homeSquare(side, i) {
  homeSquares[side] ??= wasm.setupSquares(side).map(squareIndex);
  return homeSquares[side][i];
}

/** The setup index of board square `sq` for the player, or -1 off their home rows. @param {number} sq */
export function setupIndexOf(sq) {
  homeSquare(S.human, 0);
  return homeSquares[S.human].indexOf(sq);
}

/** @returns {(Cell|null)[]} */
function setupCells() {
  /** @type {(Cell|null)[]} */
  const cells = new Array(100).fill(null);
  const setup = S.draft ?? S.setup;
  for (let i = 0; i < 40; i++) {
    const kind = BY_LETTER.get(setup[i]) ?? null;
    if (kind) cells[homeSquare(S.human, i)] = { side: S.human, kind };
  }
  // the enemy's classic army fills its home rows; a Barrage army could stand anywhere there
  if (S.variant === 'classic') for (let i = 0; i < 40; i++) cells[homeSquare(botSide(), i)] = { side: botSide(), kind: null };
  return cells;
}

/** Draws the board from the player's side (Blue: rank 10 at the bottom), unless they flipped it. */
function orient() {
  const want = (S.human === 'Blue') !== S.flipped;
  if (ui.board.flipped !== want) ui.board.setFlipped(want);
}

function liveCells() {
  const r = /** @type {wasm.Referee} */ (S.referee);
  if (S.review) return r.boardRevealedAt(S.viewPly ?? r.ply());
  if (S.viewPly != null) return r.boardAt(S.human, S.viewPly);
  if (S.phase === 'over') return r.boardRevealed();
  return r.board(S.human);
}

/** @param {Report|null} rep */
function moveSquares(rep) {
  return rep ? { from: squareIndex(rep.from), to: squareIndex(rep.to) } : null;
}

export function render() {
  orient();
  updateStatus();
  updateButtons();
  if (S.phase === 'setup' || S.phase === 'loading' || !S.referee) {
    const cells = S.phase === 'loading' ? new Array(100).fill(null) : setupCells();
    describeBoard(cells, null);
    ui.board.render({
      cells,
      own: S.human,
      selected: S.setupSel,
      targets: new Set(),
      lastMove: null,
      battle: null,
      fadeEnemy: true,
      zone: S.human,
    });
    renderPanels();
    return;
  }
  const r = S.referee;
  const shownPly = S.viewPly ?? r.ply();
  const last = /** @type {Report|null} */ (shownPly > 0 ? r.reportAt(shownPly) : null);
  const cells = liveCells();
  describeBoard(cells, last);
  ui.board.render({
    cells,
    own: S.human,
    selected: S.viewPly == null ? S.selected : null,
    targets: S.viewPly == null ? S.targets : new Set(),
    lastMove: moveSquares(last),
    battle: S.viewPly == null ? S.battle : null,
  });
  // the Seen column counts what the human knew, not the board revealed at the end
  renderPanels(S.phase === 'over' && S.viewPly == null ? r.board(S.human) : cells);
}

function updateButtons() {
  const inGame = S.phase === 'play' || S.phase === 'over';
  $('setup-panel').hidden = inGame;
  $('play-panel').hidden = !inGame;
  $('game-over').hidden = S.phase !== 'over';
  // while editing, Start waits until the draft is a whole army (it then is the setup)
  $btn('btn-start').disabled = S.phase !== 'setup' || !validSetup(S.setup) || (S.draft != null && S.draft !== S.setup);
  $('editor').hidden = S.draft == null || S.phase !== 'setup';
  $btn('btn-editor').textContent = S.draft == null ? 'Editor' : 'Close editor';
  $btn('btn-undo').disabled = !inGame || !S.referee || S.review || (S.referee.ply() === 0 && !outcome());
  $btn('btn-resign').disabled = S.phase !== 'play';
  $btn('btn-draw').disabled = !humanTurn() || S.viewPly != null || S.drawOfferedAt === S.referee?.ply();
  $btn('btn-hint').disabled = !humanTurn() || S.viewPly != null || S.hinting;
  $btn('btn-why').disabled = S.phase !== 'play' && S.phase !== 'over';
  $('review-bar').hidden = !S.review;
  if (S.phase !== 'play') $('belief').hidden = true;
  $btn('btn-review').hidden = S.phase !== 'over' || S.review;
  $btn('btn-review-play').textContent = reviewTimer ? 'Pause' : 'Play through';
  $btn('btn-export').disabled = !inGame;
  $btn('btn-new-game').disabled = S.phase === 'loading';
  const ply = S.referee?.ply() ?? 0;
  const shown = S.viewPly ?? ply;
  $btn('btn-step-back').disabled = !inGame || shown === 0;
  $btn('btn-step-forward').disabled = !inGame || S.viewPly == null || (S.review && S.viewPly >= ply);
  $('setup-string').setAttribute('value', S.setup);
  $input('setup-string').value = S.setup;
}

/** @param {string} s */
export function validSetup(s) {
  try {
    wasm.checkSetup(s, S.variant);
    return true;
  } catch {
    return false;
  }
}

// ------------------------------------------------------------------------------------------
// Setup phase

/** @param {string} s @param {string} [note] */
export function setSetup(s, note) {
  S.setup = wasm.checkSetup(s, S.variant);
  S.setupSel = null;
  if (S.draft != null) S.draft = S.setup; // the editor shows it (with an empty tray)
  rememberSetup(S.setup, S.variant);
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
export function swapSetup(a, b) {
  const chars = S.setup.split('');
  [chars[a], chars[b]] = [chars[b], chars[a]];
  setSetup(chars.join(''));
}

/** @param {number} sq */
export function setupClick(sq) {
  message('');
  if (S.draft != null) {
    editorClick(sq);
    return;
  }
  if (setupIndexOf(sq) < 0) {
    S.setupSel = null;
    message('Your pieces stand on the four rows nearest you.');
    render();
    return;
  }
  if (S.setupSel == null) S.setupSel = sq;
  else if (S.setupSel === sq) S.setupSel = null;
  else {
    const a = S.setupSel;
    S.setupSel = null;
    swapSquares(a, sq);
    return;
  }
  render();
}

/** Swaps what stands on two of the player's home squares (a piece and an empty square too). @param {number} a @param {number} b */
export function swapSquares(a, b) {
  const i = setupIndexOf(a);
  const j = setupIndexOf(b);
  if (i < 0 || j < 0) {
    message('Your pieces stand on the four rows nearest you.');
    return;
  }
  swapSetup(i, j);
}

export function randomSeed() {
  return String(Math.floor(Math.random() * 2 ** 32));
}

/** Reads `#setup=<string>` from the address; returns the setup or null. */
export function setupFromHash() {
  const m = /^#setup=(.*)$/.exec(location.hash);
  if (!m) return null;
  let text = m[1];
  try {
    text = decodeURIComponent(text);
  } catch {
    /* use it as it is */
  }
  try {
    return { ok: wasm.checkSetup(text, S.variant), variant: S.variant };
  } catch (e) {
    // a link to the other variant's army switches the variant
    const otherVariant = S.variant === 'classic' ? 'barrage' : 'classic';
    try {
      return { ok: wasm.checkSetup(text, otherVariant), variant: otherVariant };
    } catch {
      return { error: `The setup in the link is not valid: ${errText(e)}` };
    }
  }
}


// ------------------------------------------------------------------------------------------
// Play

export function clearSelection() {
  S.selected = null;
  S.targets = new Set();
}

/** @param {string} red @param {string} blue */
function beginGame(red, blue) {
  stopThinking();
  S.referee?.free();
  S.referee = new wasm.Referee(red, blue, { variant: S.variant });
  S.seed = Math.floor(Math.random() * 2 ** 32);
  S.battle = null;
  S.viewPly = null;
  S.review = false;
  S.drawOfferedAt = -1;
  S.why = null;
  S.lastBotMoveMs = null;
  clearSelection();
  S.phase = 'play';
  saveGame();
  render();
  ui.board.canvas.focus({ preventScroll: true });
  if (S.referee.toMove() === botSide()) requestBotMove();
}

/** The player's setup and the bot's as (red, blue). @param {string} mine @param {string} bots */
function bySide(mine, bots) {
  return S.human === 'Red' ? [mine, bots] : [bots, mine];
}

export function startGame() {
  if (!validSetup(S.setup)) return;
  warmUp();
  const lv = currentLevel();
  if (!lv) {
    message('This build has no opponent (ai::LEVELS is empty).', 'warn');
    return;
  }
  rememberSetup(S.setup, S.variant);
  S.draft = null;
  S.trayKind = null;
  if (S.sidePref === 'random') S.human = Math.random() < 0.5 ? 'Red' : 'Blue';
  const bot = newBotSetup(lv);
  const [red, blue] = bySide(S.setup, bot.setup);
  beginGame(red, blue);
  const who = S.human === 'Red' ? 'You play Red and move first.' : 'You play Blue; Red (the bot) moves first.';
  message(bot.warning ?? `New ${S.variant === 'barrage' ? 'Barrage ' : ''}game against ${lv.label}. ${who}`, bot.warning ? 'warn' : 'info');
}

/**
 * A fresh setup from the level's bot (a random one, with a warning, if its generator fails).
 * @param {Level} lv
 * @returns {{setup: string, warning?: string}}
 */
function newBotSetup(lv) {
  try {
    return { setup: botSetup(lv.bot, S.variant, randomSeed()).setup };
  } catch (e) {
    return { setup: wasm.randomSetup(S.variant, randomSeed()), warning: `The bot could not make a setup (${errText(e)}); it uses a random one.` };
  }
}

/** @param {number} sq */
function selectPiece(sq) {
  const r = /** @type {wasm.Referee} */ (S.referee);
  S.selected = sq;
  S.targets = new Set(r.legalTargets(squareName(sq)).map(squareIndex));
  if (!S.targets.size) {
    const cell = /** @type {Cell|null} */ (ui.board.model?.cells[sq] ?? null);
    if (cell?.kind && !isMovable(cell.kind)) message(`A ${cell.kind} never moves.`);
    else message('This piece has no legal move now.');
  }
}

export function humanTurn() {
  return S.phase === 'play' && !S.thinking && !!S.referee && S.referee.toMove() === S.human;
}

/** @param {number} sq */
export function playClick(sq) {
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
  // the board as drawn is the human's view (render draws it from the referee)
  const cell = /** @type {Cell|null} */ (ui.board.model?.cells[sq] ?? null);
  if (S.selected == null) {
    if (cell && cell.side === S.human) selectPiece(sq);
    else if (cell) message('That is an enemy piece: select one of yours first.');
  } else if (S.selected === sq) {
    clearSelection();
  } else if (cell && cell.side === S.human) {
    selectPiece(sq);
  } else {
    tryMove(S.selected, sq);
    return;
  }
  render();
}

/** @param {number} from @param {number} to */
export function tryMove(from, to) {
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

export function stopThinking() {
  S.botReq++;
  if (S.thinking) ui.bot?.cancel();
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
  if (!r || S.phase !== 'play' || r.toMove() !== botSide()) return;
  const req = ++S.botReq;
  S.thinking = true;
  S.workers = ui.bot.workersFor(currentLevel());
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
  /** @type {import('./bot.js').BotAnswer['info']|null} */
  let info = null;
  try {
    const ans = await ui.bot.think(
      {
        view: r.viewRecord(botSide()),
        level: lv.id,
        budgetMs: lv.movetime_ms,
        seed: `${S.seed}:${r.ply()}`,
      },
      lv,
    );
    move = ans.move;
    info = ans.info;
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
      // what the bot believed about the piece it moved onto, read from its own view before the
      // move reveals it (for "Why?")
      const target = move.split('-')[1];
      const belief = /** @type {{kinds: {kind: string, p: number}[]}|null} */ (r.beliefAt(botSide(), target));
      // the bot's pieces of its candidate moves, named only where the player knows them
      const seen = /** @type {({kind: string|null, scout: boolean}|null)[]} */ (r.board(S.human));
      const pieceOf = (/** @type {string} */ m) => {
        const c = seen[squareIndex(m.split('-')[0])];
        return c?.kind ?? (c?.scout ? 'Scout' : null);
      };
      const candidates = (info?.candidates ?? []).slice(0, WHY_CANDIDATES).map(([m, v]) => ({ move: m, score: v, kind: pieceOf(m) }));
      S.why = info ? { move, info, target, belief, candidates, ply: r.ply() + 1, level: lv.label } : null;
      rep = /** @type {Report} */ (r.play(move));
    } catch (e) {
      fallbackWhy = `it chose ${move}, which the referee refused: ${errText(e)}`;
      ui.bot.replace();
    }
  }
  if (!rep) {
    const legal = r.legalMoves();
    if (!legal.length) return; // cannot happen: the referee ends a game without moves
    move = legal[Math.floor(Math.random() * legal.length)];
    rep = /** @type {Report} */ (r.play(move));
    message(
      ui.bot.unavailable != null
        ? `The bot is not available (${fallbackWhy}); a random legal move was played for it.`
        : `The bot failed (${fallbackWhy}); a fresh one was started, and a random legal move was played for it.`,
      'warn',
    );
  }
  S.thinking = false;
  S.progress = null;
  clearInterval(thinkTimer);
  $('thinking').hidden = true;
  afterPly(rep);
}

/**
 * "Why?": the bot's last move with what its search reported (depth, nodes, score, time) and,
 * if it moved onto one of the player's pieces, what it believed that piece was, from its own
 * view before the battle. Shown in #why as text.
 */
export function explainLastBotMove() {
  const w = S.why;
  const el = $('why');
  el.hidden = false;
  if (!w) {
    $('why-text').textContent = 'The bot has not moved yet in this game.';
    $('why-list').replaceChildren();
    return;
  }
  const score = w.info.score == null ? 'no score' : `score ${w.info.score >= 0 ? '+' : ''}${Math.round(w.info.score * 100) / 100}`;
  const depth = w.info.depth ? `a depth-${w.info.depth} search` : 'its plans';
  $('why-text').textContent =
    `${w.level} (${w.info.bot}) played ${w.move} at move ${w.ply} after ${depth} of ${groupDigits(Math.round(w.info.nodes))} nodes ` +
    `in ${Math.round(w.info.elapsed_ms)} ms${w.info.workers > 1 ? ` in ${w.info.workers} workers` : ''} (${score}, from its own side).` +
    (w.belief ? ` It moved onto your piece on ${w.target}, which it believed was:` : ` ${w.target} was empty.`);
  const list = $('why-list');
  list.replaceChildren();
  for (const { kind, p } of (w.belief?.kinds ?? []).filter((x) => x.p > 0).sort((a, b) => b.p - a.p).slice(0, 5)) {
    const li = document.createElement('li');
    li.textContent = `${label(kind)}: ${Math.round(p * 100)}%`;
    list.append(li);
  }
  // the moves it weighed, from the engine's search result, on the bot's own scale
  const cands = $('why-candidates');
  cands.replaceChildren();
  if (!w.candidates.length) {
    $('why-scale').textContent = `${w.info.bot} gives no candidate moves with scores: it does not rank the moves it weighed.`;
    return;
  }
  $('why-scale').textContent = `Its best ${w.candidates.length === 1 ? 'candidate' : `${w.candidates.length} candidates`}, scored in ${w.info.scale || 'its own scale'} (higher is better for it):`;
  for (const c of w.candidates) {
    const li = document.createElement('li');
    li.dataset.move = c.move;
    li.dataset.score = String(c.score);
    li.textContent = `${c.kind ?? 'Unknown piece'} ${c.move}: ${scoreText(c.score)}${c.move === w.move ? ' (played)' : ''}`;
    cands.append(li);
  }
}

/** How many of the bot's candidate moves "Why?" lists. */
const WHY_CANDIDATES = 5;

/** A score in words: a sign, two decimals at most, whole numbers from 100 up. @param {number} v */
function scoreText(v) {
  const r = Math.abs(v) >= 100 ? Math.round(v) : Math.round(v * 100) / 100;
  return `${r > 0 ? '+' : ''}${Math.abs(v) >= 100 ? groupDigits(r) : r}`;
}

/**
 * "Hint": the strongest level thinks for the player, from the player's own view (nothing hidden
 * crosses to the worker), in the worker, a few seconds at most; the move is shown selected.
 */
export async function requestHint() {
  const r = S.referee;
  if (!r || !humanTurn() || S.hinting) return;
  const lv = S.levels[S.levels.length - 1];
  const req = ++S.botReq;
  const ply = r.ply();
  S.hinting = true;
  render();
  const n = ui.bot.workersFor(lv);
  message(`${lv.label} is looking for a move for you${lv.parts ? ` in ${n} worker${n > 1 ? 's' : ''}` : ''}…`);
  try {
    const ans = await ui.bot.think({ view: r.viewRecord(S.human), level: lv.id, budgetMs: Math.min(lv.movetime_ms, 3000), seed: `hint:${S.seed}:${ply}` }, lv);
    if (req !== S.botReq || S.referee !== r || r.ply() !== ply) return;
    const [from, to] = ans.move.split('-');
    S.selected = squareIndex(from);
    S.targets = new Set([squareIndex(to)]);
    message(`Hint from ${lv.label}: ${ans.move}${ans.info.depth ? ` (depth ${ans.info.depth})` : ''}.`);
  } catch (e) {
    if (!(/** @type {any} */ (e)?.cancelled)) message(`No hint: ${errText(e)}`, 'warn');
  } finally {
    S.hinting = false;
    render();
  }
}

/** @param {Outcome} o */
function gameOver(o) {
  stopThinking();
  S.phase = 'over';
  clearSelection();
  S.viewPly = null;
  $('game-over-title').textContent = o.winner === S.human ? 'You won' : o.winner === botSide() ? 'You lost' : 'Draw';
  $('game-over-reason').textContent = `${outcomeReason(o)}. The bot's pieces are shown on the board.`;
  saveGame();
  if (o.winner === S.human) sounds.win();
  else sounds.lose();
  render();
}

export function undo() {
  const r = S.referee;
  if (!r || S.phase === 'setup') return;
  stopThinking();
  S.viewPly = null;
  // The referee takes back an ending by the players (resignation, agreed draw) first, on its
  // own (undo() answers null), else plies back to the human's last move.
  for (;;) {
    const rep = /** @type {Report|null} */ (r.undo());
    if (!rep || rep.side === S.human || r.ply() === 0) break;
  }
  S.battle = null;
  S.phase = 'play';
  clearSelection();
  saveGame();
  message('Taken back.');
  render();
  if (r.toMove() === botSide()) requestBotMove();
}

export function resign() {
  const r = S.referee;
  if (!r || S.phase !== 'play') return;
  try {
    gameOver(r.resign(S.human));
  } catch (e) {
    message(errText(e), 'warn');
  }
}

/**
 * Switches the army being set up to `variant`: the last setup used in it, else a random one.
 * @param {'classic'|'barrage'} variant
 */
export function setVariant(variant) {
  S.variant = variant;
  $select('variant').value = variant;
  const last = lastSetup(variant);
  S.setup = last && validSetup(last) ? wasm.checkSetup(last, variant) : wasm.randomSetup(variant, randomSeed());
  S.setupSel = null;
}

export function newGame() {
  message('');
  if (!validSetup(S.setup)) setVariant(S.variant);
  if (S.sidePref !== 'random') S.human = S.sidePref;
  stopThinking();
  S.referee?.free();
  S.referee = null;
  S.phase = 'setup';
  S.battle = null;
  S.viewPly = null;
  S.review = false;
  clearSelection();
  forgetGame();
  render();
}

/**
 * The same setup for the player and a new one for the bot: the bot's army was just shown in
 * full on the game-over board, so reusing it would hand the player every hidden rank (issue 9).
 */
export function playAgain() {
  const r = S.referee;
  if (!r) return;
  warmUp();
  const lv = currentLevel();
  const bot = newBotSetup(lv);
  const [red, blue] = bySide(S.human === 'Red' ? r.redSetup() : r.blueSetup(), bot.setup);
  beginGame(red, blue);
  message(bot.warning ?? 'Your setup again; the bot has set up anew.', bot.warning ? 'warn' : 'info');
}

/**
 * Downloads the game: the own record format (default) or Gravon XML.
 * @param {'record'|'gravon'} [format]
 */
export function exportGame(format = 'record') {
  const r = S.referee;
  if (!r) return;
  const now = new Date();
  const date = `${now.getFullYear()}.${String(now.getMonth() + 1).padStart(2, '0')}.${String(now.getDate()).padStart(2, '0')}`;
  const botName = `${currentLevel()?.label ?? 'bot'} (bot)`;
  let text, type, ext;
  try {
    if (format === 'gravon') {
      text = r.exportGravon(...bySide('You', botName));
      type = 'application/xml';
      ext = 'xml';
    } else {
      text = r.exportRecord(...bySide('You', botName), date);
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
export async function importGame(file) {
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
  warmUp();
  if (S.sidePref !== 'random') S.human = S.sidePref;
  resumeGame(r, Math.floor(Math.random() * 2 ** 32));
  message(`Loaded ${file.name}: ${r.ply()} moves. You play ${S.human}.`);
}

/** @param {number} ply */
export function showPly(ply) {
  const r = S.referee;
  if (!r) return;
  clearSelection();
  // a review stays on a shown ply (the last one too); live play shows the last ply as null
  if (S.review) S.viewPly = Math.max(0, Math.min(r.ply(), ply));
  else S.viewPly = ply >= r.ply() ? null : Math.max(0, ply);
  render();
}

/**
 * Reviews the finished game: both armies shown, from the first ply; the step buttons, the move
 * list and its keys move through it, Play through steps on its own.
 */
export function startReview() {
  const r = S.referee;
  if (!r || S.phase !== 'over') return;
  S.review = true;
  S.viewPly = 0;
  clearSelection();
  message('Review: both armies are shown. Step with ◀ ▶ or the move list; Play through plays it.');
  render();
}

let reviewTimer = 0;

/** Steps through the review on its own (700 ms a ply), or stops. */
export function toggleReviewPlay() {
  const r = S.referee;
  if (!r || !S.review) return;
  if (reviewTimer) {
    clearInterval(reviewTimer);
    reviewTimer = 0;
  } else {
    if ((S.viewPly ?? 0) >= r.ply()) S.viewPly = 0;
    reviewTimer = window.setInterval(() => {
      if (!S.review || !S.referee || (S.viewPly ?? 0) >= S.referee.ply()) {
        clearInterval(reviewTimer);
        reviewTimer = 0;
        render();
        return;
      }
      showPly((S.viewPly ?? 0) + 1);
    }, 700);
  }
  render();
}

export function endReview() {
  clearInterval(reviewTimer);
  reviewTimer = 0;
  S.review = false;
  S.viewPly = null;
  render();
}

/** The player offers a draw on their turn; the bot answers from its own view (ai::draw). */
export function offerDraw() {
  const r = S.referee;
  if (!r || !humanTurn() || S.viewPly != null) return;
  if (S.drawOfferedAt === r.ply()) {
    message('You have offered a draw this turn already.');
    return;
  }
  S.drawOfferedAt = r.ply();
  let a;
  try {
    a = /** @type {{accept: boolean, own: number, enemy: number}} */ (r.drawAnswer(botSide()));
  } catch (e) {
    message(errText(e), 'warn');
    return;
  }
  if (a.accept) {
    message(`The bot accepts: it counts ${a.own} points of material against your ${a.enemy}.`);
    gameOver(r.agreeDraw());
  } else {
    message(`The bot declines: it counts ${a.own} points of material against your ${a.enemy}, and plays on.`);
  }
}

/**
 * Goes on with a game the referee holds already (imported, or restored from storage): its
 * end shown if it is over, else the bot asked if it is the bot's turn.
 * @param {wasm.Referee} r @param {number} seed
 */
export function resumeGame(r, seed) {
  stopThinking();
  if (S.referee !== r) S.referee?.free();
  S.referee = r;
  S.seed = seed;
  S.review = false;
  S.drawOfferedAt = -1;
  S.variant = /** @type {{variant: 'classic'|'barrage'}} */ (r.rules()).variant;
  $select('variant').value = S.variant;
  S.battle = null;
  S.viewPly = null;
  S.lastBotMoveMs = null;
  clearSelection();
  const o = outcome();
  if (o) gameOver(o);
  else {
    S.phase = 'play';
    saveGame();
    render();
    if (r.toMove() === botSide()) requestBotMove();
  }
}
