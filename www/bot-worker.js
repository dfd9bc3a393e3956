// @ts-check
/**
 * The bot worker (a module worker): receives only the bot side's view record, runs the
 * wasm `think` (or `thinkPart`, its share of a move several workers think on), and answers.
 *
 * Protocol (tagged messages with request ids; the page ignores replies to stale ids):
 *   page -> worker  {id, type: 'think', view, level, budgetMs, seed}
 *                   {id, type: 'part', view, level, budgetMs, seed, worker, workers}
 *   worker -> page  {id, type: 'move', move, info}
 *                   {id, type: 'part', part}   (part: {moves, sums, counted, nodes, depth, elapsed_ms})
 *                   {id, type: 'error', message}
 *                   {id, type: 'progress', progress}   (now and then while thinking)
 *                   {type: 'ready'} once the wasm has loaded, {type: 'init-error', message}
 *
 * init() starts at once and onmessage is registered at once; the handler awaits the init
 * promise (messages arriving during a top-level await would be lost). A search cannot be
 * interrupted from outside: it stops on its own budget; the page's watchdog replaces a
 * worker that does not answer in time, or whose wasm trapped (a panicked instance is unusable).
 *
 * Faults, for the e2e tests only: the page passes its own `?fault=` query parameter in this
 * worker's URL (www/README.md, "Faults"). `load`: the wasm is fetched from a file that does not
 * exist, so init fails as a failed download would; `panic` / `hang`: the first request calls
 * the wasm's `injectFault`, which panics (a trap) or never returns. Without the parameter none
 * of this is reachable.
 */
import init, { think, thinkPart, injectFault } from '../pkg/stratagem.js';

let fault = new URL(self.location.href).searchParams.get('fault');

const ready = fault === 'load' ? init({ module_or_path: new URL('../pkg/missing-for-fault-test.wasm', import.meta.url) }) : init();
ready.then(
  () => self.postMessage({ type: 'ready' }),
  (e) => self.postMessage({ type: 'init-error', message: String(e?.message ?? e) }),
);

self.onmessage = async (ev) => {
  const msg = ev.data ?? {};
  const id = msg.id;
  try {
    await ready;
  } catch (e) {
    self.postMessage({ id, type: 'error', message: `the engine did not load: ${e?.message ?? e}` });
    return;
  }
  if (msg.type !== 'think' && msg.type !== 'part') {
    self.postMessage({ id, type: 'error', message: `unknown request type '${msg.type}'` });
    return;
  }
  let last = 0;
  /** @param {any} p */
  const progress = (p) => {
    const now = Date.now();
    if (now - last >= 250) {
      last = now;
      self.postMessage({ id, type: 'progress', progress: p });
    }
  };
  try {
    if (fault === 'panic' || fault === 'hang') {
      const f = fault;
      fault = null;
      injectFault(f);
    }
    const seed = String(msg.seed ?? '0');
    if (msg.type === 'part') {
      const part = thinkPart(msg.view, String(msg.level), Number(msg.budgetMs), seed, Number(msg.worker) >>> 0, Number(msg.workers) >>> 0, progress);
      self.postMessage({ id, type: 'part', part });
    } else {
      const res = think(msg.view, String(msg.level), Number(msg.budgetMs), seed, progress);
      self.postMessage({ id, type: 'move', move: res.move, info: res.info });
    }
  } catch (e) {
    // a trap (a panic in Rust aborts) is not an error the bindings returned: say it in words
    const message = e instanceof WebAssembly.RuntimeError ? `the engine crashed inside wasm: ${e.message}` : String(e?.message ?? e);
    self.postMessage({ id, type: 'error', message });
  }
};
