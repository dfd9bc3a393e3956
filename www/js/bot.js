// @ts-check
/**
 * The page's side of the bot worker: request ids, a watchdog, and worker replacement.
 *
 * `think()` resolves with the bot's move, or rejects (timeout, error, worker crash) after the
 * worker has been terminated and replaced; the caller then plays a fallback move. Replies
 * carrying an id other than the pending one are stale and ignored.
 *
 * A worker that fails to load (its script or the wasm) is replaced once; if the replacement
 * fails too, the client gives up (`unavailable` says why, `onStatus` is told) instead of
 * starting workers for ever, and `think()` rejects at once, so the page plays its fallback
 * moves without waiting. A worker that loaded and then failed (a trap, a hang) is always
 * replaced: that is a fault of one request, not of loading.
 *
 * Fault injection (tests only, www/README.md "Faults"): `fault` comes from the page's
 * `?fault=` query parameter and is passed to the worker in its URL. `panic` and `hang` go to
 * the first worker only (its first request traps or never answers; its replacement is
 * sound), `load` to every worker (none loads).
 */

/**
 * @typedef {{move: string, info: {bot: string, depth: number, nodes: number,
 *   elapsed_ms: number, budget_ms: number, score: number|null,
 *   candidates: [string, number][], scale: string}}} BotAnswer
 * @typedef {{depth: number, nodes: number, elapsed_ms: number, best: string|null}} BotProgress
 */

/** Extra time past the level's budget before the watchdog fires (ms). */
export const WATCHDOG_MARGIN_MS = 1500;
/** Extra time for a worker that has not loaded its wasm yet (ms). */
export const STARTUP_MARGIN_MS = 8000;
/** Workers that may fail to load in a row before the client gives up. */
export const LOAD_ATTEMPTS = 2;
/** The faults a test may inject (see above). */
export const FAULTS = ['panic', 'hang', 'load'];

export class BotClient {
  /**
   * @param {(p: BotProgress) => void} onProgress
   * @param {{fault?: string|null, onStatus?: (unavailable: string|null) => void}} [opts]
   */
  constructor(onProgress, opts = {}) {
    this.onProgress = onProgress;
    this.onStatus = opts.onStatus ?? (() => {});
    /** @type {string|null} the injected fault still to be handed to a worker (tests only) */
    this.fault = opts.fault && FAULTS.includes(opts.fault) ? opts.fault : null;
    this.nextId = 1;
    /** @type {{id: number, resolve: (a: BotAnswer) => void, reject: (e: Error) => void, timer: number}|null} */
    this.pending = null;
    /** @type {Worker|null} */
    this.worker = null;
    this.ready = false;
    /** workers that failed to load in a row */
    this.loadFailures = 0;
    /** @type {string|null} why no worker can be had (after LOAD_ATTEMPTS failed loads) */
    this.unavailable = null;
    this.spawn();
  }

  spawn() {
    this.ready = false;
    const url = new URL('../bot-worker.js', import.meta.url);
    if (this.fault) {
      url.searchParams.set('fault', this.fault);
      if (this.fault !== 'load') this.fault = null; // the replacement is sound
    }
    const w = new Worker(url, { type: 'module' });
    w.onmessage = (ev) => this.onMessage(w, ev.data);
    w.onerror = (ev) => {
      ev.preventDefault();
      this.fail(w, `the bot's worker failed: ${ev.message || 'its script did not load'}`);
    };
    w.onmessageerror = () => this.fail(w, 'the bot sent an unreadable message');
    this.worker = w;
  }

  /**
   * Throws the worker away and starts a fresh one (after a hang or a trap), unless workers
   * keep failing to load: then none is started and `unavailable` says why.
   * @param {string} [why] what went wrong, if the worker never loaded
   */
  replace(why) {
    this.worker?.terminate();
    this.worker = null;
    if (why != null && !this.ready) {
      this.loadFailures++;
      if (this.loadFailures >= LOAD_ATTEMPTS) {
        this.unavailable = why;
        this.onStatus(why);
        return;
      }
    }
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
      this.loadFailures = 0;
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
    this.replace(why);
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
    if (this.unavailable != null || !this.worker) {
      return Promise.reject(new Error(`the bot could not be loaded (${this.unavailable ?? 'no worker'})`));
    }
    const id = this.nextId++;
    const limit = req.budgetMs + WATCHDOG_MARGIN_MS + (this.ready ? 0 : STARTUP_MARGIN_MS);
    return new Promise((resolve, reject) => {
      const w = /** @type {Worker} */ (this.worker);
      const timer = window.setTimeout(() => {
        if (this.pending?.id !== id) return;
        this.pending = null;
        // a worker that never loaded counts towards giving up; one that hangs in a search does not
        this.replace(this.ready ? undefined : 'it did not load in time');
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
