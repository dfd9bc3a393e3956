// The page's start time in headless Chromium: from navigation to the moment the setup board
// accepts input. The page marks that moment itself (main.js sets body[data-ready="1"] once the
// wasm module is instantiated, the levels read and the setup board rendered, with its handlers
// attached); an init script notes performance.now() (ms since the navigation started) when the
// attribute appears, so the figure does not include the test driver's polling. Every load is a
// fresh browser context (first visit: nothing cached, no service worker yet) from the e2e
// tests' static server on 127.0.0.1, which sends no-store; the wasm module goes out raw (the
// server does not gzip), i.e. the worst case on localhost.
//
// Usage (pkg/ built by scripts/lib.sh's build_pkg, tests/e2e's npm packages installed):
//   node benches/start_time.mjs [--runs N] [--json FILE]
// Prints each load and the medians, with the load average. Figures in BENCHMARKS.md
// ("WebAssembly module size (issue 10)").
import fs from 'node:fs';
import path from 'node:path';
import { launchBrowser, startServer, watchErrors, PAGE, ROOT } from '../tests/e2e/lib/harness.mjs';
import { median, runInfo } from './lib.mjs';

const args = process.argv.slice(2);
let runs = 9;
let jsonOut = null;
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--runs') runs = Number(args[++i]);
  else if (args[i] === '--json') jsonOut = args[++i];
  else throw new Error(`unknown argument '${args[i]}': usage: node benches/start_time.mjs [--runs N] [--json FILE]`);
}
if (!(runs >= 1)) throw new Error(`--runs must be a positive number, got '${runs}'`);
const WASM = path.join(ROOT, 'pkg', 'stratagem_bg.wasm');
if (!fs.existsSync(WASM)) throw new Error(`${WASM} is missing: build it with scripts/lib.sh's build_pkg`);

// Runs in the page before its own scripts: notes when body[data-ready] first appears.
const MARK_READY = () => {
  new MutationObserver((_, obs) => {
    if (document.body?.dataset.ready === '1') {
      window.__readyAt = performance.now();
      obs.disconnect();
    }
  }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-ready'] });
};

const server = await startServer();
const browser = await launchBrowser();
const loads = [];
try {
  for (let r = 0; r < runs; r++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addInitScript(MARK_READY);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(server.url(PAGE));
    await page.waitForFunction(() => window.__readyAt !== undefined, null, { timeout: 60_000 });
    const t = await page.evaluate(() => {
      const nav = /** @type {PerformanceNavigationTiming} */ (performance.getEntriesByType('navigation')[0]);
      const wasm = performance.getEntriesByType('resource').find((e) => e.name.endsWith('.wasm'));
      return { ready: window.__readyAt, domContentLoaded: nav.domContentLoadedEventEnd, wasmFetched: wasm?.responseEnd };
    });
    // no errors allowed: a page that failed half-way might still look "ready"
    if (errors.length) throw new Error(`errors while loading the page:\n${errors.join('\n')}`);
    loads.push(t);
    console.log(
      `load ${r + 1}: ready ${t.ready.toFixed(0)} ms (DOMContentLoaded ${t.domContentLoaded.toFixed(0)} ms, wasm fetched ${t.wasmFetched?.toFixed(0)} ms)`,
    );
    await context.close();
  }
  const info = {
    ...runInfo(browser.version(), WASM),
    runs,
    medianReadyMs: median(loads.map((l) => l.ready)),
    medianDomContentLoadedMs: median(loads.map((l) => l.domContentLoaded)),
    loads,
  };
  console.log(
    `median of ${runs} loads: ready ${info.medianReadyMs.toFixed(0)} ms, DOMContentLoaded ${info.medianDomContentLoadedMs.toFixed(0)} ms; ` +
      `Chromium ${info.chromium}; ${info.cores} x ${info.cpu}; load average ${info.loadavg.map((x) => x.toFixed(2)).join(' ')}; ` +
      `wasm ${info.wasmBytes} bytes, ${info.wasmGzipBytes} gzipped`,
  );
  if (jsonOut) fs.writeFileSync(jsonOut, JSON.stringify(info, null, 1));
} finally {
  await browser.close();
  server.close();
}
