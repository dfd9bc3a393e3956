// @ts-check
/**
 * The page's side of the bot workers: request ids, a watchdog, and worker replacement for each
 * worker (`BotClient`), and several of them for a bot whose move splits among workers
 * (`BotPool`, below).
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
 *   candidates: [string, number][], scale: string, workers: number}}} BotAnswer
 * @typedef {{depth: number, nodes: number, elapsed_ms: number, best: string|null}} BotProgress
 * @typedef {{moves: string[], sums: number[], counted: number, nodes: number, depth: number,
 *   elapsed_ms: number}} BotPart one worker's part of a move (the wasm `thinkPart`)
 * @typedef {{view: string, level: string, budgetMs: number, seed: string}} BotRequest
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
    /** @type {{id: number, resolve: (a: any) => void, reject: (e: Error) => void, timer: number}|null} */
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
    } else if (msg.type === 'part') {
      this.pending = null;
      clearTimeout(p.timer);
      p.resolve(msg.part);
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
   * @param {BotRequest} req
   * @returns {Promise<BotAnswer>}
   */
  think(req) {
    return /** @type {Promise<BotAnswer>} */ (this.request({ type: 'think', ...req }, req.budgetMs));
  }

  /**
   * Asks for worker `worker`'s part (of `workers`) of a move (levels whose bot splits its move,
   * `level.parts`).
   * @param {BotRequest & {worker: number, workers: number}} req
   * @returns {Promise<BotPart>}
   */
  thinkPart(req) {
    return /** @type {Promise<BotPart>} */ (this.request({ type: 'part', ...req }, req.budgetMs));
  }

  /**
   * Sends one request under the watchdog; resolves with the reply ({move, info} or the part).
   * @param {{type: string}} msg @param {number} budgetMs
   * @returns {Promise<BotAnswer|BotPart>}
   */
  request(msg, budgetMs) {
    this.cancel();
    if (this.unavailable != null || !this.worker) {
      return Promise.reject(new Error(`the bot could not be loaded (${this.unavailable ?? 'no worker'})`));
    }
    const id = this.nextId++;
    const limit = budgetMs + WATCHDOG_MARGIN_MS + (this.ready ? 0 : STARTUP_MARGIN_MS);
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
      w.postMessage({ id, ...msg });
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

/** The most workers the page starts for a bot whose move splits among them. */
export const MAX_WORKERS = 4;

/**
 * How many workers think: one fewer than the machine's logical cores (one is left for the page),
 * 1 to MAX_WORKERS; `override` (the page's `?workers=` parameter, for tests and benchmarks) wins
 * when it is a whole number from 1 to MAX_WORKERS.
 * @param {number|undefined} cores navigator.hardwareConcurrency
 * @param {string|null} [override]
 */
export function workerCount(cores, override) {
  const o = Number(override);
  if (override != null && override !== '' && Number.isInteger(o) && o >= 1 && o <= MAX_WORKERS) return o;
  const c = Number.isInteger(cores) && /** @type {number} */ (cores) > 0 ? /** @type {number} */ (cores) : 1;
  return Math.min(Math.max(c - 1, 1), MAX_WORKERS);
}

/**
 * Several bot workers, each a BotClient with its own watchdog and replacement (root parallelism:
 * docs/bots/strategist.md, "Several workers"). A level whose bot splits its move (`parts`) asks
 * every available worker for its part of the same view, with the same move seed and its own
 * index (the engine derives each worker's seed from both), waits for all of them, and combines
 * the parts that arrived by the bot's own rule (`combine`, the wasm `combineParts`, in the
 * page: it only adds a few hundred numbers). A worker that fails or times out is left out (and
 * replaced by its client); once the budget and the watchdog's margin have passed with at least
 * one part in, the stragglers are given up. If no part arrives the request fails, and the page
 * plays its fallback move as for one worker. Other levels use the first available worker alone.
 *
 * Faults (tests only): `panic` and `hang` go to the first worker only, `load` to every worker.
 */
export class BotPool {
  /**
   * @param {number} k how many workers
   * @param {(p: BotProgress) => void} onProgress the workers' progress, added up
   * @param {{combine: (view: string, level: string, parts: BotPart[], budgetMs: number) => BotAnswer,
   *   fault?: string|null, onStatus?: (unavailable: string|null) => void}} opts
   */
  constructor(k, onProgress, opts) {
    this.onProgress = onProgress;
    this.combine = opts.combine;
    const onStatus = opts.onStatus ?? (() => {});
    /** @type {(BotProgress|null)[]} the latest progress of each worker in the current request */
    this.progress = [];
    /** @type {BotClient[]} */
    this.clients = [];
    for (let i = 0; i < Math.max(1, k); i++) {
      const fault = i === 0 || opts.fault === 'load' ? opts.fault : null;
      this.clients.push(
        new BotClient((p) => this.onPart(i, p), {
          fault,
          // the bot is unavailable only when every worker gave up loading
          onStatus: () => {
            if (this.unavailable != null) onStatus(this.unavailable);
          },
        }),
      );
    }
  }

  /** Workers started. */
  get size() {
    return this.clients.length;
  }

  /** Workers that can still think (not given up after failing to load). */
  available() {
    return this.clients.filter((c) => c.unavailable == null && c.worker);
  }

  /** Why no worker can be had, or null while one can. @returns {string|null} */
  get unavailable() {
    return this.available().length ? null : (this.clients[0].unavailable ?? 'no worker');
  }

  /** @param {number} i @param {BotProgress} p */
  onPart(i, p) {
    this.progress[i] = p;
    const ps = /** @type {BotProgress[]} */ (this.progress.filter(Boolean));
    this.onProgress({
      depth: Math.max(...ps.map((x) => x.depth)),
      nodes: ps.reduce((s, x) => s + x.nodes, 0),
      elapsed_ms: Math.max(...ps.map((x) => x.elapsed_ms)),
      best: this.progress[0]?.best ?? null,
    });
  }

  /**
   * How many workers a request at a level will use.
   * @param {{parts?: boolean}} level
   */
  workersFor(level) {
    return level.parts ? Math.max(1, this.available().length) : 1;
  }

  /**
   * The bot's move: from every available worker's part for a level whose bot splits its move,
   * else from the first available worker.
   * @param {BotRequest} req
   * @param {{parts?: boolean}} level
   * @returns {Promise<BotAnswer>}
   */
  think(req, level) {
    this.cancel();
    this.progress = [];
    const live = this.available();
    if (!level.parts) return (live[0] ?? this.clients[0]).think(req);
    if (!live.length) return this.clients[0].think(req); // rejects with the reason
    return this.thinkParts(req, live);
  }

  /**
   * @param {BotRequest} req @param {BotClient[]} live
   * @returns {Promise<BotAnswer>}
   */
  thinkParts(req, live) {
    return new Promise((resolve, reject) => {
      /** @type {(BotPart|null)[]} */
      const parts = live.map(() => null);
      /** @type {(Error|null)[]} */
      const errors = live.map(() => null);
      let settled = 0;
      let done = false;
      let late = false;
      const finish = () => {
        if (done) return;
        const got = /** @type {BotPart[]} */ (parts.filter(Boolean));
        if (settled < live.length && !(late && got.length)) return;
        done = true;
        clearTimeout(timer);
        // give up the stragglers (their clients replace the workers still searching)
        live.forEach((c, i) => {
          if (!parts[i] && !errors[i]) c.cancel();
        });
        if (errors.some((e) => /** @type {any} */ (e)?.cancelled)) {
          reject(Object.assign(new Error('cancelled'), { cancelled: true }));
        } else if (!got.length) {
          reject(errors.find(Boolean) ?? new Error('no worker answered'));
        } else {
          try {
            resolve(this.combine(req.view, req.level, got, req.budgetMs));
          } catch (e) {
            reject(e instanceof Error ? e : new Error(String(e)));
          }
        }
      };
      const timer = window.setTimeout(() => {
        late = true;
        finish();
      }, req.budgetMs + WATCHDOG_MARGIN_MS);
      live.forEach((c, i) => {
        c.thinkPart({ ...req, worker: i, workers: live.length }).then(
          (p) => {
            parts[i] = p;
            settled++;
            finish();
          },
          (e) => {
            errors[i] = e;
            settled++;
            finish();
          },
        );
      });
    });
  }

  /** Forgets the pending request of every worker (workers still busy are replaced). */
  cancel() {
    for (const c of this.clients) c.cancel();
  }

  /** Starts every worker afresh (after a move the referee refused). */
  replace() {
    for (const c of this.clients) if (c.unavailable == null) c.replace();
  }
}
