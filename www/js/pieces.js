// @ts-check
/**
 * Piece names, symbols, tooltips and how a piece is drawn on the canvas.
 *
 * Names and modern strength numbers only (Marshal 10 .. Spy 1): the old numbering (Marshal 1)
 * never appears. The kinds table itself comes from the wasm (`pieceKinds()`), so the page
 * and the engine cannot disagree about letters or counts.
 */

/**
 * @typedef {{kind: string, symbol: string, strength: number|null, letter: string,
 *   movable: boolean, classic: number, barrage: number}} KindInfo
 */

/** @type {KindInfo[]} */
export let KINDS = [];
/** @type {Map<string, KindInfo>} kind name -> info */
export const BY_NAME = new Map();
/** @type {Map<string, string>} setup letter -> kind name */
export const BY_LETTER = new Map();

/** @param {KindInfo[]} kinds the table from the wasm */
export function setKinds(kinds) {
  KINDS = kinds;
  BY_NAME.clear();
  BY_LETTER.clear();
  for (const k of kinds) {
    BY_NAME.set(k.kind, k);
    BY_LETTER.set(k.letter, k.kind);
  }
}

/** Kinds strongest first (Marshal .. Spy, then Bomb, Flag): the order players count in. */
/** Whether a kind ever moves (the engine's rule, from the kinds table). @param {string} kind */
export function isMovable(kind) {
  return BY_NAME.get(kind)?.movable ?? false;
}

export function kindsForDisplay() {
  const movable = KINDS.filter((k) => k.movable).slice().reverse();
  const fixed = KINDS.filter((k) => !k.movable).slice().reverse();
  return [...movable, ...fixed];
}

/** "10 Marshal", "Bomb". @param {string} kind */
export function label(kind) {
  const k = BY_NAME.get(kind);
  if (!k || k.strength == null) return kind;
  return `${k.strength} ${kind}`;
}

/** What a player should remember about the special pieces. */
export const TIPS = /** @type {Record<string, string>} */ ({
  Spy: 'Spy (1): takes the Marshal when the Spy attacks it; loses every other fight, and to any attacker.',
  Miner: 'Miner (3): the only piece that defuses a Bomb.',
  Bomb: 'Bomb: never moves; removes any attacker except a Miner, and stays.',
  Flag: 'Flag: never moves; lose it and you lose the game.',
  Scout: 'Scout (2): moves any distance in a straight line, and may attack at the end of the move.',
  Marshal: 'Marshal (10): beats everything but Bombs, and falls to a Spy that attacks it.',
});

/** @param {string} kind */
export function tip(kind) {
  return TIPS[kind] ?? label(kind);
}

/** Side colours. */
export const COLORS = {
  Red: { fill: '#b8322a', edge: '#7d1f19', text: '#fff6ee', hidden: '#9c2b24' },
  Blue: { fill: '#2d5da8', edge: '#1c3b6e', text: '#f1f6ff', hidden: '#27508f' },
};

/**
 * Draws one piece in a square.
 * @param {CanvasRenderingContext2D} g
 * @param {number} x left of the square (CSS px)
 * @param {number} y top
 * @param {number} s square size
 * @param {{side: 'Red'|'Blue', kind: string|null, moved?: boolean, scout?: boolean,
 *   revealed?: boolean}} p what the viewer knows of the piece
 * @param {{own: boolean, faded?: boolean}} opt
 */
export function drawPiece(g, x, y, s, p, opt) {
  const c = COLORS[p.side];
  const pad = s * 0.07;
  const w = s - 2 * pad;
  g.save();
  if (opt.faded) g.globalAlpha = 0.55;
  // the tile: a rounded block with a darker edge, lit from above
  roundRect(g, x + pad, y + pad, w, w, s * 0.12);
  const grad = g.createLinearGradient(0, y + pad, 0, y + pad + w);
  grad.addColorStop(0, lighten(c.fill, 0.12));
  grad.addColorStop(1, c.fill);
  g.fillStyle = grad;
  g.fill();
  g.lineWidth = Math.max(1, s * 0.035);
  g.strokeStyle = c.edge;
  g.stroke();

  const cx = x + s / 2;
  const kind = p.kind ?? (p.scout ? 'Scout' : null);
  g.fillStyle = c.text;
  g.textAlign = 'center';
  g.textBaseline = 'middle';
  if (kind) {
    const info = BY_NAME.get(kind);
    const guessed = !p.kind; // a known Scout whose kind was never shown in battle
    if (guessed) g.globalAlpha *= 0.8;
    if (kind === 'Bomb') drawBomb(g, cx, y + s * 0.42, s * 0.22, c.text);
    else if (kind === 'Flag') drawFlag(g, cx, y + s * 0.42, s * 0.24, c.text);
    else {
      const sym = info ? (info.strength === 1 ? 'S' : String(info.strength)) : '?';
      g.font = `700 ${Math.round(s * (sym.length > 1 ? 0.36 : 0.42))}px system-ui, sans-serif`;
      g.fillText(sym, cx, y + s * 0.42);
    }
    g.font = `600 ${Math.max(7, Math.round(s * 0.15))}px system-ui, sans-serif`;
    g.fillText(shortName(kind), cx, y + s * 0.76, w - 2);
  }
  // markers for enemy pieces: moved (so no Bomb/Flag), known Scout, revealed in battle
  if (!opt.own) {
    const r = s * 0.075;
    if (p.revealed) {
      g.fillStyle = '#ffd54a';
      g.beginPath();
      g.arc(x + pad + r * 1.6, y + pad + r * 1.6, r, 0, Math.PI * 2);
      g.fill();
    }
    if (p.moved) {
      g.strokeStyle = 'rgba(255,255,255,0.85)';
      g.lineWidth = Math.max(1, s * 0.03);
      const mx = x + s - pad - r * 2.4;
      const my = y + pad + r * 1.6;
      g.beginPath();
      g.moveTo(mx - r, my);
      g.lineTo(mx + r, my);
      g.moveTo(mx + r * 0.3, my - r * 0.7);
      g.lineTo(mx + r, my);
      g.lineTo(mx + r * 0.3, my + r * 0.7);
      g.stroke();
    }
  }
  g.restore();
}

/** @param {string} kind */
function shortName(kind) {
  return kind === 'Lieutenant' ? 'Lieut.' : kind;
}

/**
 * @param {CanvasRenderingContext2D} g
 * @param {number} x @param {number} y @param {number} w @param {number} h @param {number} r
 */
export function roundRect(g, x, y, w, h, r) {
  g.beginPath();
  g.moveTo(x + r, y);
  g.arcTo(x + w, y, x + w, y + h, r);
  g.arcTo(x + w, y + h, x, y + h, r);
  g.arcTo(x, y + h, x, y, r);
  g.arcTo(x, y, x + w, y, r);
  g.closePath();
}

/** @param {CanvasRenderingContext2D} g @param {number} cx @param {number} cy @param {number} r @param {string} col */
function drawBomb(g, cx, cy, r, col) {
  g.beginPath();
  g.arc(cx, cy + r * 0.15, r * 0.8, 0, Math.PI * 2);
  g.fillStyle = col;
  g.fill();
  g.strokeStyle = col;
  g.lineWidth = Math.max(1, r * 0.18);
  g.beginPath();
  g.moveTo(cx + r * 0.45, cy - r * 0.5);
  g.quadraticCurveTo(cx + r * 0.8, cy - r * 1.1, cx + r * 1.1, cy - r * 0.9);
  g.stroke();
}

/** @param {CanvasRenderingContext2D} g @param {number} cx @param {number} cy @param {number} r @param {string} col */
function drawFlag(g, cx, cy, r, col) {
  g.strokeStyle = col;
  g.fillStyle = col;
  g.lineWidth = Math.max(1, r * 0.16);
  g.beginPath();
  g.moveTo(cx - r * 0.6, cy + r);
  g.lineTo(cx - r * 0.6, cy - r);
  g.stroke();
  g.beginPath();
  g.moveTo(cx - r * 0.6, cy - r);
  g.lineTo(cx + r * 0.9, cy - r * 0.45);
  g.lineTo(cx - r * 0.6, cy + r * 0.1);
  g.closePath();
  g.fill();
}

/** @param {string} hex @param {number} f 0..1 towards white */
function lighten(hex, f) {
  const n = parseInt(hex.slice(1), 16);
  const ch = (/** @type {number} */ v) => Math.round(v + (255 - v) * f);
  const r = ch((n >> 16) & 255), gg = ch((n >> 8) & 255), b = ch(n & 255);
  return `rgb(${r},${gg},${b})`;
}
