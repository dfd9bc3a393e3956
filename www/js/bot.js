// @ts-check
/**
 * The page's side of the bot worker: request ids, a watchdog, and worker replacement.
 *
 * `think()` resolves with the bot's move, or rejects (timeout, error, worker crash) after the
 * worker has been terminated and replaced; the caller then plays a fallback move. Replies
 * carrying an id other than the pending one are stale and ignored.
 */

/**
 * @typedef {{move: string, info: {bot: string, depth: number, nodes: number,
 *   elapsed_ms: number, budget_ms: number, score: number|null}}} BotAnswer
 * @typedef {{depth: number, nodes: number, elapsed_ms: number, best: string|null}} BotProgress
 */

/** Extra time past the level's budget before the watchdog fires (ms). */
export const WATCHDOG_MARGIN_MS = 1500;
/** Extra time for a worker that has not loaded its wasm yet (ms). */
export const STARTUP_MARGIN_MS = 8000;

export class BotClient {
  /** @param {(p: BotProgress) => void} onProgress */
  constructor(onProgress) {
    this.onProgress = onProgress;
    this.nextId = 1;
    /** @type {{id: number, resolve: (a: BotAnswer) => void, reject: (e: Error) => void, timer: number}|null} */
    this.pending = null;
    /** @type {Worker|null} */
    this.worker = null;
    this.ready = false;
    this.spawn();
  }

  spawn() {
    this.ready = false;
    const w = new Worker(new URL('../bot-worker.js', import.meta.url), { type: 'module' });
    w.onmessage = (ev) => this.onMessage(w, ev.data);
    w.onerror = (ev) => {
      ev.preventDefault();
      this.fail(w, `the bot's worker failed: ${ev.message || 'error'}`);
    };
    w.onmessageerror = () => this.fail(w, 'the bot sent an unreadable message');
    this.worker = w;
  }

  /** Throws the worker away and starts a fresh one (after a hang or a trap). */
  replace() {
    this.worker?.terminate();
    this.spawn();
  }

  /**
   * @param {Worker} w
   * @param {any} msg
   */
  onMessage(w, msg) {
    if (w !== this.worker || !msg) return;
    if (msg.type === 'ready') {
      this.ready = true;
      return;
    }
    if (msg.type === 'init-error') {
      this.fail(w, `the engine did not load in the worker: ${msg.message}`);
      return;
    }
    const p = this.pending;
    if (!p || msg.id !== p.id) return; // stale
    if (msg.type === 'progress') {
      this.onProgress(msg.progress);
    } else if (msg.type === 'move') {
      this.pending = null;
      clearTimeout(p.timer);
      p.resolve({ move: msg.move, info: msg.info });
    } else if (msg.type === 'error') {
      this.pending = null;
      clearTimeout(p.timer);
      // a wasm trap leaves the instance unusable: always start afresh after an error
      this.replace();
      p.reject(new Error(msg.message));
    }
  }

  /** @param {Worker} w @param {string} why */
  fail(w, why) {
    if (w !== this.worker) return;
    const p = this.pending;
    this.pending = null;
    this.replace();
    if (p) {
      clearTimeout(p.timer);
      p.reject(new Error(why));
    }
  }

  /**
   * Asks for a move. Only the bot's own view crosses to the worker.
   * @param {{view: string, level: string, budgetMs: number, seed: string}} req
   * @returns {Promise<BotAnswer>}
   */
  think(req) {
    this.cancel();
    const id = this.nextId++;
    const limit = req.budgetMs + WATCHDOG_MARGIN_MS + (this.ready ? 0 : STARTUP_MARGIN_MS);
    return new Promise((resolve, reject) => {
      const w = /** @type {Worker} */ (this.worker);
      const timer = window.setTimeout(() => {
        if (this.pending?.id !== id) return;
        this.pending = null;
        this.replace();
        reject(new Error(`the bot did not answer within ${(limit / 1000).toFixed(1)} s`));
      }, limit);
      this.pending = { id, resolve, reject, timer };
      w.postMessage({ id, type: 'think', ...req });
    });
  }

  /** Forgets the pending request; a worker still busy with it is replaced. */
  cancel() {
    const p = this.pending;
    if (!p) return;
    this.pending = null;
    clearTimeout(p.timer);
    this.replace();
    p.reject(Object.assign(new Error('cancelled'), { cancelled: true }));
  }
}
