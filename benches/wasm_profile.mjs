// Where a work of src/benchwork.rs spends its time in headless Chromium's WebAssembly: the
// page of the side-by-side comparison (benches/side_by_side.html) with the package from DIR
// (served in place of pkg/), a few warm-up calls of benchWork, then RUNS calls under the
// DevTools CPU profiler (100 us sampling); prints the self time per function, largest first.
// DIR must keep the wasm name section, or every function is a number: wasm-bindgen without
// --remove-name-section, then wasm-opt -O3 -g (the commands in BENCHMARKS.md, "Session 5:
// alphabeta's horizon, profiled and measured before and after").
// Usage: node benches/wasm_profile.mjs DIR [RUNS] [WORK] [TOP]     (defaults 100 alphabeta 20)
import fs from 'node:fs';
import path from 'node:path';
import { launchBrowser, startServer } from '../tests/e2e/lib/harness.mjs';
import { median } from './lib.mjs';

const [dir, runsArg, work = 'alphabeta', topArg] = process.argv.slice(2);
if (!dir) throw new Error('usage: node benches/wasm_profile.mjs DIR [RUNS] [WORK] [TOP]');
const runs = Number(runsArg || 100);
const top = Number(topArg || 20);
const server = await startServer();
const browser = await launchBrowser();
try {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.route('**/pkg/*', (route) => {
    const file = path.join(dir, path.basename(new URL(route.request().url()).pathname));
    const type = file.endsWith('.js') ? 'text/javascript' : 'application/wasm';
    return route.fulfill({ body: fs.readFileSync(file), contentType: type });
  });
  await page.goto(server.url('/benches/side_by_side.html'));
  await page.waitForSelector('body[data-ready="1"]', { state: 'attached', timeout: 60_000 });
  const time = (n) =>
    page.evaluate(([w, n]) => Array.from({ length: n }, () => window.runWork(w).ms), [work, n]);
  await time(5);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  const ms = await time(runs);
  const { profile } = await cdp.send('Profiler.stop');
  // Self time: each sample's time delta goes to the node (function) it was taken in.
  const byNode = new Map();
  profile.samples.forEach((id, i) => byNode.set(id, (byNode.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const byName = new Map();
  let total = 0;
  for (const n of profile.nodes) {
    const t = byNode.get(n.id) ?? 0;
    const name = n.callFrame.functionName || '(anonymous)';
    byName.set(name, (byName.get(name) ?? 0) + t);
    total += t;
  }
  console.log(`${work}: ${runs} calls, median ${median(ms).toFixed(2)} ms, fastest ${Math.min(...ms).toFixed(2)} ms`);
  for (const [name, t] of [...byName].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`${((100 * t) / total).toFixed(1).padStart(5)} %  ${name.replace(/::h[0-9a-f]{16}$/, '')}`);
  }
} finally {
  await browser.close();
  server.close();
}
