// @ts-check
/**
 * The panels around the board, drawn from the referee and the page state: the status line,
 * the captured pieces, what the enemy still has, the move list (kept incrementally: a ply
 * played appends one line, an undo removes lines, only a new game rebuilds it), the levels,
 * the saved setups, the board in words for screen readers, and how an outcome is told.
 */

import { S, $, $btn, $select, outcome, currentLevel, secs, eloText, botSide } from './state.js';
import { kindsForDisplay, label, tip } from './pieces.js';
import { squareName } from './board.js';
import { loadSavedSetups, setupProblem } from './persist.js';

/** @typedef {import('./state.js').Outcome} Outcome */
/** @typedef {import('./state.js').Report} Report */
/** @typedef {import('./board.js').Cell} Cell */

export function stateName() {
  if (S.phase === 'setup' || S.phase === 'loading') return 'setup';
  if (S.phase === 'over') return 'over';
  return S.thinking ? 'thinking' : 'your-turn';
}

export function updateStatus() {
  const st = $('status');
  const state = stateName();
  st.dataset.state = state;
  let text = '';
  const o = outcome();
  if (S.phase === 'loading') text = 'Loading…';
  else if (state === 'setup') {
    const side = S.sidePref === 'random' ? 'your colour by chance at Start' : S.human;
    text = `Arrange your ${S.variant === 'barrage' ? 'Barrage ' : ''}army (${side}, ${S.flipped ? 'at the top' : 'at the bottom'}), then press Start game.`;
  } else if (state === 'thinking') {
    // levels whose bot splits its move say how many workers think on it
    const lv = currentLevel();
    const workers = lv?.parts ? ` in ${S.workers} worker${S.workers > 1 ? 's' : ''}` : '';
    text = `${lv?.label ?? 'The bot'} (${botSide()}) is thinking${workers}…`;
  }
  else if (state === 'your-turn') text = `Your move (${S.human}).`;
  else if (o) text = outcomeHeadline(o);
  if (S.review && S.referee) {
    // the review names the ply shown and its battle, if any
    const p = S.viewPly ?? S.referee.ply();
    const rep = /** @type {Report|null} */ (p > 0 ? S.referee.reportAt(p) : null);
    text = `Review: move ${p} of ${S.referee.ply()}${rep ? `, ${rep.side} ${rep.text}` : ', the setups'}${rep?.battle ? `: ${rep.battle.text}` : ''}.`;
  } else if (S.viewPly != null && S.referee) text += `  Showing the board after move ${S.viewPly} of ${S.referee.ply()}.`;
  st.textContent = text;
}

/**
 * Why the game ended, told to the player: "You captured Blue's Flag".
 * @param {Outcome} o
 */
export function outcomeReason(o) {
  const b = botSide();
  const words = /** @type {Record<string, [string, string]>} */ ({
    // [when the human won, when the bot won]
    FlagCaptured: [`You captured ${b}'s Flag`, `${b} captured your Flag`],
    NoMovablePieces: [`${b} has no movable pieces left`, 'You have no movable pieces left'],
    NoLegalMove: [`${b} has no legal move`, 'You have no legal move'],
    Resignation: [`${b} resigned`, 'You resigned'],
    Forfeit: [`${b} forfeited`, 'You forfeited'],
  });
  const w = words[o.reason];
  if (o.winner && w) return o.winner === S.human ? w[0] : w[1];
  return o.why.charAt(0).toUpperCase() + o.why.slice(1);
}

/** @param {Outcome} o */
export function outcomeHeadline(o) {
  const why = outcomeReason(o);
  if (o.winner === S.human) return `You won: ${why}.`;
  if (o.winner === botSide()) return `You lost: ${why}.`;
  return `Draw: ${why}.`;
}

/** @param {(Cell|null)[]|null} humanCells the human's board as drawn (for the Seen column) */
export function renderPanels(humanCells = null) {
  const r = S.referee;
  const inGame = !!r && (S.phase === 'play' || S.phase === 'over');
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
  const rem = inGame && r ? (at == null ? r.enemyRemaining(S.human) : r.enemyRemainingAt(S.human, at)) : null;
  /** @type {Record<string, number>} */
  const seen = {};
  if (inGame && humanCells) {
    for (const c of humanCells) {
      if (c && c.side === botSide() && c.kind) seen[c.kind] = (seen[c.kind] ?? 0) + 1;
    }
  }
  for (const k of kindsForDisplay()) {
    const army = k[S.variant];
    if (!army) continue; // not in this variant's army (Barrage has 8 pieces of 7 kinds)
    const left = rem ? (rem.counts[k.kind] ?? 0) : army;
    const row = body.insertRow();
    row.title = tip(k.kind);
    if (left === 0) row.className = 'gone';
    row.insertCell().textContent = label(k.kind);
    row.insertCell().textContent = `${left}/${army}`;
    row.insertCell().textContent = String(seen[k.kind] ?? 0);
  }
  renderMoveList(inGame);
}

/** @type {{referee: unknown, plies: number, current: number}} what the move list shows now */
const listed = { referee: null, plies: 0, current: -1 };

/** @param {Report} rep @param {(ply: number) => void} onPick */
function moveLine(rep, onPick) {
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
  li.addEventListener('click', () => onPick(rep.ply));
  return li;
}

/** Called with the ply a move-list line was clicked for (set by the game module). */
export const moveListHandlers = { pick: (/** @type {number} */ _ply) => {} };

/** @param {boolean} inGame */
function renderMoveList(inGame) {
  const list = $('move-list');
  const r = inGame ? S.referee : null;
  const plies = r ? r.ply() : 0;
  if (listed.referee !== r || !r) {
    list.replaceChildren();
    if (r) for (const rep of /** @type {Report[]} */ (r.history())) list.append(moveLine(rep, moveListHandlers.pick));
  } else if (plies > listed.plies) {
    for (let p = listed.plies + 1; p <= plies; p++) list.append(moveLine(/** @type {Report} */ (r.reportAt(p)), moveListHandlers.pick));
  } else {
    while (list.children.length > plies) list.lastElementChild?.remove();
  }
  const current = S.viewPly ?? plies;
  if (listed.referee !== r || listed.plies !== plies || listed.current !== current) {
    list.querySelector('li.current')?.classList.remove('current');
    const cur = /** @type {HTMLElement|null} */ (current > 0 ? list.children[current - 1] : null);
    if (cur) {
      cur.classList.add('current');
      scrollListTo(list, cur);
    }
  }
  listed.referee = r;
  listed.plies = plies;
  listed.current = current;
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
 * @param {(Cell|null)[]} cells @param {Report|null} last
 */
export function describeBoard(cells, last) {
  /** @type {string[]} */
  const own = [];
  /** @type {string[]} */
  const enemy = [];
  cells.forEach((c, i) => {
    if (!c) return;
    const what = c.kind ? label(c.kind) : c.scout ? 'Scout' : c.moved ? 'unknown (moved)' : 'unknown';
    (c.side === S.human ? own : enemy).push(`${what} ${squareName(i)}`);
  });
  const lastText = last ? ` Last move: ${last.side} ${last.text}${last.battle ? `, ${last.battle.text}` : ''}.` : '';
  const t = `Your pieces (${S.human}): ${own.join(', ') || 'none'}. Enemy pieces (${botSide()}): ${enemy.join(', ') || 'none'}.${lastText}`;
  const el = $('board-text');
  if (el.textContent !== t) el.textContent = t;
}

/**
 * The belief panel: for an enemy piece whose kind the player does not know, the probability of
 * each kind from the public facts only (the bots' belief matrix, `Referee.beliefAt`). Kept until
 * another enemy piece is hovered; hidden outside a game in play or for other squares' pieces.
 * @param {number} sq
 */
export function showBelief(sq) {
  const panel = $('belief');
  const r = S.referee;
  const cell = S.phase === 'play' && S.viewPly == null ? ui().model?.cells[sq] : null;
  if (!r || !cell || cell.side === S.human || cell.kind) return;
  /** @type {{kinds: {kind: string, p: number}[], certain: boolean}|null} */
  const b = r.beliefAt(S.human, squareName(sq));
  if (!b) return;
  $('belief-title').textContent = `The enemy piece on ${squareName(sq)} may be`;
  const list = $('belief-list');
  list.replaceChildren();
  for (const { kind, p } of [...b.kinds].sort((x, y) => y.p - x.p)) {
    if (!kindsForDisplay().some((k) => k.kind === kind && k[S.variant])) continue;
    const li = document.createElement('li');
    li.dataset.kind = kind;
    li.dataset.p = String(p);
    if (p === 0) li.className = 'never';
    const name = document.createElement('span');
    name.textContent = label(kind);
    const bar = document.createElement('span');
    bar.className = 'bar';
    bar.style.width = `${Math.round(p * 100)}%`;
    const pct = document.createElement('span');
    pct.className = 'pct';
    pct.textContent = p === 0 ? 'never' : p < 0.005 ? '<1%' : `${Math.round(p * 100)}%`;
    li.append(name, bar, pct);
    list.append(li);
  }
  panel.hidden = false;
}

/** The board view, set by game.js (panels draw no board themselves). */
let ui = () => /** @type {import('./board.js').BoardView|null} */ (null);
/** @param {() => import('./board.js').BoardView} get */
export function setBoardGetter(get) {
  ui = get;
}

export function fillLevels() {
  const sel = $select('level');
  sel.replaceChildren();
  // Weakest first (ai::LEVELS is ordered by strength): the rank, not the time per move, says
  // how hard a level is (players took the 1 s level for the hardest; issue 9).
  S.levels.forEach((l, i) => {
    const o = document.createElement('option');
    o.value = l.id;
    const rank = i === 0 ? ', weakest' : i === S.levels.length - 1 ? ', strongest' : '';
    o.textContent = `${i + 1}. ${l.label} (${eloText(l)}, ${secs(l.movetime_ms)} a move${rank})`;
    o.title = l.about;
    sel.append(o);
  });
  sel.value = S.level;
  showLevelAbout();
}

export function showLevelAbout() {
  const lv = currentLevel();
  const i = S.levels.indexOf(lv);
  $select('level').title = lv?.about ?? '';
  $('level-about').textContent = lv ? `Opponent: level ${i + 1} of ${S.levels.length}, ${lv.label} (${lv.bot} bot), ${eloText(lv)}, ${secs(lv.movetime_ms)} a move. ${lv.about}` : '';
}

/** @param {string} v */
const variantName = (v) => (v === 'barrage' ? 'Barrage' : 'Classic');

export function fillSavedSetups() {
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
    o.textContent = `${x.name} (${variantName(x.variant ?? 'classic')})${setupProblem(x) != null ? ' (not valid)' : ''}`;
    sel.append(o);
  }
  $btn('btn-load-setup').disabled = !list.length;
}
