// @ts-check
/**
 * The board canvas: drawing (squares, lakes, pieces, highlights, the battle card) and input
 * (pointer events for mouse and touch, with click-click and drag; keyboard cursor).
 *
 * Invariants: the canvas is exactly the 10 x 10 board (no margins), so a square's centre is
 * `rect.left + (x + 0.5) * rect.width / 10`; the board is drawn from the model passed to
 * `render`, never from state of its own, except the cursor, the drag and the flip. The
 * coordinates are HTML labels beside the canvas (`#coord-ranks`, `#coord-files`), which follow
 * the flip; they take `COORD_PX` of the width and height the board may fill.
 */

import { drawPiece, roundRect, COLORS, label } from './pieces.js';

const FILES = 'abcdefghij';
/** The strip of coordinates left of and below the canvas (style.css: .coord-ranks, .coord-files). */
const COORD_PX = 18;

/** @param {number} i 0..99 @returns {string} e.g. "e4" */
export function squareName(i) {
  return FILES[i % 10] + String(Math.floor(i / 10) + 1);
}

/** @param {string} name @returns {number} index 0..99, or -1 */
export function squareIndex(name) {
  const m = /^([a-j])(10|[1-9])$/.exec(String(name).trim().toLowerCase());
  if (!m) return -1;
  return (Number(m[2]) - 1) * 10 + FILES.indexOf(m[1]);
}


/**
 * @typedef {{side: 'Red'|'Blue', kind: string|null, moved?: boolean, scout?: boolean,
 *   revealed?: boolean, id?: number}} Cell
 * @typedef {{square: number, attacker: {side: 'Red'|'Blue', kind: string},
 *   defender: {side: 'Red'|'Blue', kind: string}, result: string, text: string,
 *   until: number}} BattleShow
 * @typedef {{cells: (Cell|null)[], own: 'Red'|'Blue', selected: number|null,
 *   targets: Set<number>, lastMove: {from: number, to: number}|null,
 *   battle: BattleShow|null, fadeEnemy?: boolean, zone?: 'Red'|'Blue'|null}} BoardModel
 * @typedef {{onClick: (sq: number) => void, onDrop: (from: number, to: number) => void,
 *   canDrag: (sq: number) => boolean, onEscape: () => void, onHover?: (sq: number|null) => void}} BoardHandlers
 */

export class BoardView {
  /**
   * @param {HTMLCanvasElement} canvas
   * @param {HTMLElement} wrap the element whose size the board fills
   * @param {BoardHandlers} handlers
   */
  constructor(canvas, wrap, handlers) {
    this.canvas = canvas;
    this.wrap = wrap;
    this.h = handlers;
    const g = canvas.getContext('2d');
    if (!g) throw new Error('this browser cannot draw on a canvas');
    this.g = g;
    this.flipped = false;
    this.cursor = squareIndex('e4');
    this.showCursor = false;
    /** @type {BoardModel|null} */
    this.model = null;
    /** @type {{from: number, x: number, y: number, id: number, active: boolean, longPress: boolean}|null} */
    this.drag = null;
    this.pressTimer = 0;
    this.size = 0;
    this.raf = 0;
    /** @type {{list: {from: number, to: number}[], start: number, dur: number}|null} */
    this.slides = null;
    /** @type {{from: number, to: number}|null} the move the player made by dragging */
    this.justDropped = null;
    /** @type {Set<number>} the lake squares, from the engine (`setLakes`) */
    this.lakes = new Set();
    this.ranks = document.getElementById('coord-ranks');
    this.files = document.getElementById('coord-files');
    this.labels();
    this.bind();
    new ResizeObserver(() => this.resize()).observe(wrap);
    window.addEventListener('resize', () => this.resize());
    this.resize();
  }

  /** Fits the canvas to its container and the window height, sharp on hi-dpi screens. */
  resize() {
    const avail = this.wrap.clientWidth - COORD_PX;
    // fill the width, but keep the whole board (and the message line below it) in view
    const top = Math.max(0, this.wrap.getBoundingClientRect().top + window.scrollY);
    const maxH = Math.max(window.innerHeight - top - 40 - COORD_PX, window.innerHeight * 0.6);
    const size = Math.max(240, Math.floor(Math.min(avail, maxH, 860) / 10) * 10);
    if (size === this.size) return;
    this.size = size;
    const dpr = window.devicePixelRatio || 1;
    this.canvas.style.width = `${size}px`;
    this.canvas.style.height = `${size}px`;
    this.canvas.width = Math.round(size * dpr);
    this.canvas.height = Math.round(size * dpr);
    this.g.setTransform(dpr, 0, 0, dpr, 0, 0);
    this.draw();
  }

  /** The lake squares, from the engine's rule (`wasm.lakeSquares()`). @param {number[]} squares */
  setLakes(squares) {
    this.lakes = new Set(squares);
    this.draw();
  }

  /** @param {boolean} f */
  setFlipped(f) {
    this.flipped = f;
    this.labels();
    this.draw();
  }

  /** The coordinate labels, top to bottom and left to right as the board is seen now. */
  labels() {
    /** @param {HTMLElement|null} el @param {string[]} texts */
    const fill = (el, texts) => {
      if (!el) return;
      el.replaceChildren(
        ...texts.map((t) => {
          const span = document.createElement('span');
          span.textContent = t;
          return span;
        }),
      );
    };
    const ranks = Array.from({ length: 10 }, (_, i) => String(10 - i));
    const files = FILES.split('');
    fill(this.ranks, this.flipped ? ranks.reverse() : ranks);
    fill(this.files, this.flipped ? files.reverse() : files);
  }

  /** Screen cell (x from left, y from top) of square `i`. @param {number} i */
  cellOf(i) {
    const col = i % 10, row = Math.floor(i / 10);
    return this.flipped ? { x: 9 - col, y: row } : { x: col, y: 9 - row };
  }

  /** Square at screen cell. @param {number} x @param {number} y */
  squareAt(x, y) {
    if (x < 0 || x > 9 || y < 0 || y > 9) return -1;
    return this.flipped ? y * 10 + (9 - x) : (9 - y) * 10 + x;
  }

  /** Viewport CSS pixels of the centre of a square (for tests and the drag). @param {string} name */
  squareCenter(name) {
    const i = squareIndex(name);
    if (i < 0) throw new Error(`'${name}' is not a square`);
    const r = this.canvas.getBoundingClientRect();
    const c = this.cellOf(i);
    const s = r.width / 10;
    return { x: r.left + (c.x + 0.5) * s, y: r.top + (c.y + 0.5) * s };
  }

  /** @param {PointerEvent|MouseEvent} ev @returns {number} square or -1 */
  eventSquare(ev) {
    const r = this.canvas.getBoundingClientRect();
    const s = r.width / 10;
    return this.squareAt(Math.floor((ev.clientX - r.left) / s), Math.floor((ev.clientY - r.top) / s));
  }

  bind() {
    const c = this.canvas;
    c.addEventListener('pointerdown', (ev) => {
      if (ev.button !== 0) return;
      const sq = this.eventSquare(ev);
      if (sq < 0) return;
      this.showCursor = false;
      c.focus({ preventScroll: true });
      const cell = this.model?.cells[sq];
      this.drag = { from: sq, x: ev.clientX, y: ev.clientY, id: ev.pointerId, active: false, longPress: false };
      if (cell && this.h.canDrag(sq)) c.setPointerCapture(ev.pointerId);
      // a touch held still for half a second is a long press: it shows what a hover shows
      clearTimeout(this.pressTimer);
      if (ev.pointerType === 'touch') {
        this.pressTimer = window.setTimeout(() => {
          const d = this.drag;
          if (d && d.id === ev.pointerId && !d.active) {
            d.longPress = true;
            this.h.onHover?.(sq);
          }
        }, 500);
      }
      ev.preventDefault();
    });
    c.addEventListener('pointermove', (ev) => {
      const d = this.drag;
      if (d && d.id === ev.pointerId) {
        const moved = Math.hypot(ev.clientX - d.x, ev.clientY - d.y);
        if (!d.active && moved > this.size / 40 && this.h.canDrag(d.from)) d.active = true;
        if (d.active) {
          d.x = ev.clientX;
          d.y = ev.clientY;
          this.draw();
        }
      } else if (this.h.onHover) {
        const sq = this.eventSquare(ev);
        this.h.onHover(sq < 0 ? null : sq);
      }
    });
    const end = (/** @type {PointerEvent} */ ev, cancelled = false) => {
      const d = this.drag;
      if (!d || d.id !== ev.pointerId) return;
      this.drag = null;
      clearTimeout(this.pressTimer);
      if (c.hasPointerCapture(ev.pointerId)) c.releasePointerCapture(ev.pointerId);
      if (cancelled || d.longPress) {
        this.draw();
        return;
      }
      const sq = this.eventSquare(ev);
      if (d.active) {
        this.draw();
        if (sq >= 0 && sq !== d.from) {
          this.justDropped = { from: d.from, to: sq };
          this.h.onDrop(d.from, sq);
        }
      } else if (sq >= 0) {
        this.h.onClick(sq);
      }
    };
    c.addEventListener('pointerup', (ev) => end(ev));
    c.addEventListener('pointercancel', (ev) => end(ev, true));
    c.addEventListener('pointerleave', () => this.h.onHover?.(null));
    c.addEventListener('keydown', (ev) => {
      const k = ev.key;
      /** @type {Record<string, [number, number]>} */
      const dirs = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };
      if (k in dirs) {
        const cc = this.cellOf(this.cursor);
        const [dx, dy] = dirs[k];
        const nx = Math.min(9, Math.max(0, cc.x + dx)), ny = Math.min(9, Math.max(0, cc.y + dy));
        this.cursor = this.squareAt(nx, ny);
        this.showCursor = true;
        this.h.onHover?.(this.cursor); // the cursor shows what a hover shows
        this.draw();
        ev.preventDefault();
      } else if (k === 'Enter' || k === ' ' || k === 'Spacebar') {
        this.showCursor = true;
        this.h.onClick(this.cursor);
        ev.preventDefault();
      } else if (k === 'Escape') {
        this.h.onEscape();
        ev.preventDefault();
      }
    });
    c.addEventListener('focus', () => this.draw());
    c.addEventListener('blur', () => this.draw());
  }

  /** @param {BoardModel} model */
  render(model) {
    const prev = this.model;
    this.model = model;
    this.startSlides(prev, model);
    this.draw();
    this.loop();
  }

  /**
   * Pieces (known by id) that stand elsewhere than in the previous model slide there. A piece
   * the player has just dropped by dragging is already where it goes.
   * @param {BoardModel|null} prev @param {BoardModel} next
   */
  startSlides(prev, next) {
    const skip = this.justDropped;
    this.justDropped = null;
    if (!prev) return;
    /** @type {Map<number, number>} */
    const was = new Map();
    prev.cells.forEach((c, i) => {
      if (c && c.id != null) was.set(c.id, i);
    });
    /** @type {{from: number, to: number}[]} */
    const slides = [];
    next.cells.forEach((c, i) => {
      if (!c || c.id == null) return;
      const j = was.get(c.id);
      if (j != null && j !== i && !(skip && skip.from === j && skip.to === i)) slides.push({ from: j, to: i });
    });
    // more than two pieces moved at once: a jump through the move list, not a move
    if (slides.length && slides.length <= 2) this.slides = { list: slides, start: performance.now(), dur: 170 };
  }

  /** Keeps drawing while something moves (a slide, a battle card). */
  loop() {
    if (this.raf) return;
    const busy = () =>
      (this.slides && performance.now() < this.slides.start + this.slides.dur) ||
      (this.model?.battle && performance.now() < this.model.battle.until);
    if (!busy()) return;
    // Busy is read before the frame is drawn: a frame drawn while something still moved is
    // always followed by one more, so the last frame drawn never holds a battle card or a
    // piece part-way through its slide (reading it after the draw left one there when the
    // animation ended between the two reads).
    const tick = () => {
      this.raf = 0;
      const more = busy();
      this.draw();
      if (more) this.raf = requestAnimationFrame(tick);
    };
    this.raf = requestAnimationFrame(tick);
  }

  draw() {
    const g = this.g;
    const S = this.size;
    if (!S) return;
    const s = S / 10;
    const m = this.model;
    g.clearRect(0, 0, S, S);
    for (let i = 0; i < 100; i++) {
      const { x, y } = this.cellOf(i);
      const px = x * s, py = y * s;
      if (this.lakes.has(i)) {
        g.fillStyle = '#4f8fc0';
        g.fillRect(px, py, s, s);
        g.strokeStyle = 'rgba(255,255,255,0.25)';
        g.lineWidth = 1;
        for (let k = 1; k <= 2; k++) {
          g.beginPath();
          const wy = py + (s * k) / 3;
          g.moveTo(px + s * 0.15, wy);
          g.bezierCurveTo(px + s * 0.35, wy - s * 0.08, px + s * 0.55, wy + s * 0.08, px + s * 0.85, wy);
          g.stroke();
        }
        continue;
      }
      const light = (x + y) % 2 === 0;
      g.fillStyle = light ? '#cfc19a' : '#c4b58c';
      if (m?.zone) {
        const row = Math.floor(i / 10);
        const inZone = m.zone === 'Red' ? row < 4 : row > 5;
        if (!inZone) g.fillStyle = light ? '#b9ad8b' : '#b0a47f';
      }
      g.fillRect(px, py, s, s);
    }
    // grid lines
    g.strokeStyle = 'rgba(60,50,30,0.25)';
    g.lineWidth = 1;
    for (let k = 1; k < 10; k++) {
      g.beginPath();
      g.moveTo(k * s + 0.5, 0);
      g.lineTo(k * s + 0.5, S);
      g.moveTo(0, k * s + 0.5);
      g.lineTo(S, k * s + 0.5);
      g.stroke();
    }
    if (m?.lastMove) {
      for (const sq of [m.lastMove.from, m.lastMove.to]) {
        const { x, y } = this.cellOf(sq);
        g.fillStyle = 'rgba(235, 200, 40, 0.42)';
        g.fillRect(x * s, y * s, s, s);
      }
    }
    if (m && m.selected != null) {
      const { x, y } = this.cellOf(m.selected);
      g.fillStyle = 'rgba(40, 150, 70, 0.5)';
      g.fillRect(x * s, y * s, s, s);
    }
    if (m) {
      for (let i = 0; i < 100; i++) {
        const cell = m.cells[i];
        if (!cell) continue;
        if (this.drag?.active && this.drag.from === i) continue;
        let { x, y } = this.cellOf(i);
        const slide = this.slides?.list.find((sl) => sl.to === i);
        if (slide && this.slides) {
          const t = Math.min(1, (performance.now() - this.slides.start) / this.slides.dur);
          const e = 1 - (1 - t) * (1 - t);
          const a = this.cellOf(slide.from);
          x = a.x + (x - a.x) * e;
          y = a.y + (y - a.y) * e;
        }
        drawPiece(g, x * s, y * s, s, cell, { own: cell.side === m.own, faded: m.fadeEnemy && cell.side !== m.own });
      }
      // outlines on top of the pieces: the tiles hide most of a square's tint
      const ring = (/** @type {number} */ sq, /** @type {string} */ color, /** @type {number} */ width) => {
        const { x, y } = this.cellOf(sq);
        g.strokeStyle = color;
        g.lineWidth = width;
        g.strokeRect(x * s + width / 2 + 1, y * s + width / 2 + 1, s - width - 2, s - width - 2);
      };
      if (m.lastMove) {
        ring(m.lastMove.from, 'rgba(240, 190, 30, 0.9)', Math.max(2, s * 0.04));
        ring(m.lastMove.to, 'rgba(240, 190, 30, 0.95)', Math.max(2, s * 0.05));
      }
      if (m.selected != null) ring(m.selected, 'rgba(40, 200, 90, 1)', Math.max(3, s * 0.07));
      for (const t of m.targets) {
        const { x, y } = this.cellOf(t);
        const occupied = !!m.cells[t];
        g.beginPath();
        if (occupied) {
          g.strokeStyle = 'rgba(20, 120, 50, 0.9)';
          g.lineWidth = Math.max(2, s * 0.07);
          g.arc(x * s + s / 2, y * s + s / 2, s * 0.46, 0, Math.PI * 2);
          g.stroke();
        } else {
          g.fillStyle = 'rgba(20, 110, 45, 0.55)';
          g.arc(x * s + s / 2, y * s + s / 2, s * 0.14, 0, Math.PI * 2);
          g.fill();
        }
      }
    }
    if (this.showCursor && document.activeElement === this.canvas) {
      const { x, y } = this.cellOf(this.cursor);
      g.strokeStyle = '#1565c0';
      g.lineWidth = Math.max(2, s * 0.06);
      g.strokeRect(x * s + 2, y * s + 2, s - 4, s - 4);
    }
    if (this.drag?.active && m) {
      const cell = m.cells[this.drag.from];
      if (cell) {
        const r = this.canvas.getBoundingClientRect();
        const px = this.drag.x - r.left - s / 2, py = this.drag.y - r.top - s / 2;
        g.save();
        g.shadowColor = 'rgba(0,0,0,0.4)';
        g.shadowBlur = s * 0.2;
        drawPiece(g, px, py, s * 1.08, cell, { own: true });
        g.restore();
      }
    }
    if (m?.battle && performance.now() < m.battle.until) this.drawBattle(m.battle, s);
  }

  /**
   * The battle card: both pieces and the result, beside the attacked square.
   * @param {BattleShow} b @param {number} s
   */
  drawBattle(b, s) {
    const g = this.g;
    const S = this.size;
    const w = s * 4.6, h = s * 2.3;
    const c = this.cellOf(b.square);
    let left = (c.x + 0.5) * s - w / 2;
    left = Math.max(4, Math.min(S - w - 4, left));
    let top = c.y * s - h - s * 0.15;
    if (top < 4) top = (c.y + 1) * s + s * 0.15;
    top = Math.max(4, Math.min(S - h - 4, top));
    g.save();
    g.shadowColor = 'rgba(0,0,0,0.45)';
    g.shadowBlur = 12;
    roundRect(g, left, top, w, h, s * 0.18);
    g.fillStyle = 'rgba(34, 32, 29, 0.94)';
    g.fill();
    g.restore();
    const ps = s * 1.25;
    const ax = left + s * 0.35, dx = left + w - s * 0.35 - ps, py = top + s * 0.2;
    const attackerLost = b.result === 'defender' || b.result === 'both';
    const defenderLost = b.result === 'attacker' || b.result === 'both';
    // the loser fades and gets a thin strike-through, so both kinds stay readable
    const piece = (/** @type {number} */ x, /** @type {{side: 'Red'|'Blue', kind: string}} */ p, /** @type {boolean} */ lost) => {
      drawPiece(g, x, py, ps, { side: p.side, kind: p.kind }, { own: true, faded: lost });
      if (!lost) return;
      g.strokeStyle = 'rgba(255, 90, 70, 0.95)';
      g.lineWidth = Math.max(2, s * 0.045);
      g.beginPath();
      g.moveTo(x + ps * 0.12, py + ps * 0.88);
      g.lineTo(x + ps * 0.88, py + ps * 0.12);
      g.stroke();
    };
    piece(ax, b.attacker, attackerLost);
    piece(dx, b.defender, defenderLost);
    g.fillStyle = '#eee';
    g.font = `600 ${Math.round(s * 0.2)}px system-ui, sans-serif`;
    g.textAlign = 'center';
    g.textBaseline = 'middle';
    g.fillText('attacks', left + w / 2, py + ps / 2);
    g.font = `600 ${Math.round(s * 0.22)}px system-ui, sans-serif`;
    const words =
      b.result === 'attacker'
        ? `${label(b.attacker.kind)} wins`
        : b.result === 'defender'
          ? `${label(b.defender.kind)} holds`
          : 'Both removed';
    g.fillStyle = b.result === 'both' ? '#ddd' : COLORS[b.result === 'attacker' ? b.attacker.side : b.defender.side].text;
    g.fillText(words, left + w / 2, top + h - s * 0.38, w - s * 0.3);
  }
}
