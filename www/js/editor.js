// @ts-check
/**
 * The setup editor: an army built on an empty board from a tray of the pieces not yet placed
 * (by kind, with counts). Pick a kind in the tray (click, or Tab and Enter), then a home square
 * (click, or the board's cursor and Enter); a piece dragged from the tray onto the board goes
 * there too. A square that holds a piece gives it back to the tray when another is put there.
 * Clear, mirror left-right, fill the rest at random or from the bot's generator. The draft is a
 * setup string with `A` for empty squares; once every piece stands it becomes the setup (Start
 * and Save use it).
 *
 * Invariant: the tray is always the variant's army minus the draft's pieces (counted from the
 * draft, never kept apart), so the two cannot disagree.
 */

import { S, $, $btn, message, errText, currentLevel } from './state.js';
import { botSetup } from './people.js';
import { KINDS, BY_LETTER, label, tip } from './pieces.js';
import { render, setSetup, setupIndexOf, randomSeed, ui } from './game.js';

const EMPTY = 'A';

/** @param {string} kind */
const letterOf = (kind) => KINDS.find((k) => k.kind === kind)?.letter ?? EMPTY;

/** The pieces still in the tray: kind -> count. */
export function trayCounts() {
  /** @type {Map<string, number>} */
  const left = new Map();
  for (const k of KINDS) if (k[S.variant]) left.set(k.kind, k[S.variant]);
  for (const c of S.draft ?? '') {
    const kind = BY_LETTER.get(c);
    if (kind) left.set(kind, (left.get(kind) ?? 0) - 1);
  }
  return left;
}

function complete() {
  return [...trayCounts().values()].every((n) => n === 0);
}

export function openEditor() {
  S.draft = EMPTY.repeat(40);
  S.trayKind = null;
  S.setupSel = null;
  $('editor').hidden = false;
  message('Pick a piece in the tray, then a square on your four rows.');
  update();
}

export function closeEditor() {
  S.draft = null;
  S.trayKind = null;
  $('editor').hidden = true;
  render();
}

/** The draft changed: redraw, and adopt it as the setup once it is complete. @param {string} draft @param {string} [note] */
function setDraft(draft, note) {
  S.draft = draft;
  S.setupSel = null;
  if (S.trayKind && !trayCounts().get(S.trayKind)) S.trayKind = null;
  if (complete()) {
    try {
      setSetup(draft, note ?? 'Every piece stands: Start game, or Save it by name.');
    } catch (e) {
      message(errText(e), 'warn');
    }
  } else if (note) message(note);
  update();
}

function update() {
  renderTray();
  render();
}

function renderTray() {
  const tray = $('tray');
  tray.replaceChildren();
  for (const [kind, n] of trayCounts()) {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'tray-piece';
    b.id = `tray-${kind}`;
    b.dataset.kind = kind;
    b.textContent = `${label(kind)} ×${n}`;
    b.title = tip(kind);
    b.disabled = n === 0;
    b.setAttribute('aria-pressed', String(S.trayKind === kind));
    b.addEventListener('click', () => {
      S.trayKind = S.trayKind === kind ? null : kind;
      S.setupSel = null;
      message(S.trayKind ? `${label(kind)}: now pick a square on your four rows.` : '');
      update();
    });
    // a drag from the tray onto the board places the piece where it is let go
    b.addEventListener('pointerdown', (ev) => {
      if (b.disabled) return;
      b.releasePointerCapture?.(ev.pointerId);
      const up = (/** @type {PointerEvent} */ e) => {
        document.removeEventListener('pointerup', up);
        const sq = ui.board.eventSquare(e);
        if (e.target === ui.board.canvas && sq >= 0) {
          S.trayKind = kind;
          editorClick(sq);
        }
      };
      document.addEventListener('pointerup', up);
    });
    tray.append(b);
  }
  const done = complete();
  $('editor-count').textContent = done ? 'All placed.' : `${[...trayCounts().values()].reduce((a, b) => a + b, 0)} to place.`;
}

/** A click (or Enter) on board square `sq` while editing. @param {number} sq */
export function editorClick(sq) {
  const i = setupIndexOf(sq);
  const draft = S.draft ?? EMPTY.repeat(40);
  if (i < 0) {
    message('Your pieces stand on the four rows nearest you.');
    return;
  }
  if (S.trayKind) {
    const chars = draft.split('');
    chars[i] = letterOf(S.trayKind); // what stood there goes back to the tray
    setDraft(chars.join(''));
    return;
  }
  // no kind picked: click two squares to swap what stands there (empty squares too)
  if (S.setupSel == null) {
    S.setupSel = sq;
    render();
    return;
  }
  const j = setupIndexOf(S.setupSel);
  const chars = draft.split('');
  [chars[i], chars[j]] = [chars[j], chars[i]];
  setDraft(chars.join(''));
}

/** A drag on the board while editing: swaps what stands on two home squares. @param {number} a @param {number} b */
export function editorSwap(a, b) {
  const i = setupIndexOf(a);
  const j = setupIndexOf(b);
  if (i < 0 || j < 0) {
    message('Your pieces stand on the four rows nearest you.');
    return;
  }
  const chars = (S.draft ?? EMPTY.repeat(40)).split('');
  [chars[i], chars[j]] = [chars[j], chars[i]];
  setDraft(chars.join(''));
}

/** The draft seen in a mirror: each row left-right. */
export function mirror() {
  const d = S.draft ?? '';
  let out = '';
  for (let r = 0; r < 4; r++) out += d.slice(r * 10, r * 10 + 10).split('').reverse().join('');
  setDraft(out, 'Mirrored left to right.');
}

export function clear() {
  setDraft(EMPTY.repeat(40), 'Cleared: every piece is back in the tray.');
}

/** @param {string[]} letters @returns {string[]} shuffled copy */
function shuffled(letters) {
  const a = [...letters];
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [a[i], a[j]] = [a[j], a[i]];
  }
  return a;
}

/**
 * Fills the empty squares with the tray's pieces. `from` (a full setup of the variant) places
 * a piece where that setup has the same kind on an empty square; the rest goes at random.
 * Barrage leaves squares empty: only the classic army fills all 40.
 * @param {string|null} from @param {string} note
 */
function fill(from, note) {
  const chars = (S.draft ?? EMPTY.repeat(40)).split('');
  const left = trayCounts();
  const empty = chars.map((c, i) => (c === EMPTY ? i : -1)).filter((i) => i >= 0);
  /** @type {number[]} */
  const still = [];
  for (const i of empty) {
    const kind = from ? BY_LETTER.get(from[i]) : undefined;
    if (kind && (left.get(kind) ?? 0) > 0) {
      chars[i] = from?.[i] ?? EMPTY;
      left.set(kind, (left.get(kind) ?? 0) - 1);
    } else still.push(i);
  }
  /** @type {string[]} */
  const rest = [];
  for (const [kind, n] of left) for (let k = 0; k < n; k++) rest.push(letterOf(kind));
  const squares = shuffled(still);
  rest.forEach((c, k) => (chars[squares[k]] = c));
  setDraft(chars.join(''), note);
}

export function fillRandom() {
  fill(null, 'The rest placed at random.');
}

export function fillBot() {
  const lv = currentLevel();
  try {
    const made = botSetup(lv.bot, S.variant, randomSeed());
    fill(made.setup, made.people ? `The rest placed after one of people's setups, as the ${lv.bot} bot draws them.` : `The rest placed after the ${lv.bot} bot's generator.`);
  } catch (e) {
    message(errText(e), 'warn');
  }
}

/** Wires the editor's buttons (called once at boot). */
export function bindEditor() {
  $btn('btn-editor').addEventListener('click', () => (S.draft == null ? openEditor() : closeEditor()));
  $btn('btn-editor-clear').addEventListener('click', clear);
  $btn('btn-editor-mirror').addEventListener('click', mirror);
  $btn('btn-editor-fill-random').addEventListener('click', fillRandom);
  $btn('btn-editor-fill-bot').addEventListener('click', fillBot);
  $btn('btn-editor-done').addEventListener('click', closeEditor);
}
