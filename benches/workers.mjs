// The strategist's nodes per second in headless Chromium with 1, 2 and 4 of the page's bot
// workers thinking on the same move (root parallelism, issue 11 "Time" and issue 10 "Several
// workers"). For each run, for each worker count in turn (so a change in the machine's load
// hits all alike): every worker searches its part of one move of a fixed middle-game position
// for MS milliseconds; the figure is the nodes of all parts over the wall time from the
// requests to the last answer (messaging and the search's set-up included, as the page sees
// it). Prints medians per worker count, the speed-up over one worker, and the machine's load.
// The page is benches/workers.html; the workers are www/bot-worker.js itself.
//
// Usage (pkg/ built: `bash -c 'source scripts/lib.sh; build_pkg'`):
//   node benches/workers.mjs [--runs N] [--ms MS] [--workers 1,2,4] [--json FILE]
// Figures in BENCHMARKS.md ("Several workers").
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launchBrowser, startServer, ROOT } from '../tests/e2e/lib/harness.mjs';
import { median, openBenchPage } from './lib.mjs';

const args = process.argv.slice(2);
let runs = 5;
let ms = 2000;
let counts = [1, 2, 4];
let jsonOut = null;
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--runs') runs = Number(args[++i]);
  else if (args[i] === '--ms') ms = Number(args[++i]);
  else if (args[i] === '--workers') counts = String(args[++i]).split(',').map(Number);
  else if (args[i] === '--json') jsonOut = args[++i];
  else throw new Error(`unknown argument '${args[i]}' (--runs N, --ms MS, --workers 1,2,4, --json FILE)`);
}
if (!(runs >= 1)) throw new Error(`--runs must be a positive number, got '${runs}'`);
if (!(ms >= 1 && ms <= 10_000)) throw new Error(`--ms must be 1..10000, got '${ms}'`);
if (!counts.length || !counts.every((k) => Number.isInteger(k) && k >= 1 && k <= 8)) throw new Error(`--workers must list counts from 1 to 8`);
if (!fs.existsSync(path.join(ROOT, 'pkg', 'stratagem_bg.wasm'))) throw new Error('pkg/ is missing: build it (scripts/lib.sh build_pkg)');

const server = await startServer();
const browser = await launchBrowser();
const loads = [];
try {
  const { page, errors } = await openBenchPage(browser, server, '/benches/workers.html');
  const info = await page.evaluate(() => window.benchInfo);
  /** @type {Record<number, {nps: number, perWorker: number, wallMs: number, depth: number, counted: number}[]>} */
  const rows = Object.fromEntries(counts.map((k) => [k, []]));
  for (let r = 0; r <= runs; r++) {
    for (const k of counts) {
      await page.evaluate((n) => window.startWorkers(n), k);
      const res = await page.evaluate(([t, s]) => window.runParts(t, s), [ms, 1000 + r]);
      loads.push(os.loadavg()[0]);
      if (r === 0) continue; // warm-up: the first search in fresh workers
      const nodes = res.parts.reduce((s, p) => s + p.nodes, 0);
      rows[k].push({ nps: nodes / (res.wallMs / 1000), perWorker: nodes / k / (res.wallMs / 1000), wallMs: res.wallMs, depth: Math.max(...res.parts.map((p) => p.depth)), counted: res.parts.reduce((s, p) => s + p.counted, 0) });
    }
  }
  if (errors.length) throw new Error(`errors on the bench page:\n${errors.join('\n')}`);
  const base = median(rows[counts[0]].map((x) => x.nps));
  const results = counts.map((k) => ({
    workers: k,
    nodesPerSecond: Math.round(median(rows[k].map((x) => x.nps))),
    perWorker: Math.round(median(rows[k].map((x) => x.perWorker))),
    wallMs: Math.round(median(rows[k].map((x) => x.wallMs))),
    counted: median(rows[k].map((x) => x.counted)),
    depth: median(rows[k].map((x) => x.depth)),
    speedup: median(rows[k].map((x) => x.nps)) / base,
    runs: rows[k].map((x) => Math.round(x.nps)),
  }));
  for (const x of results) {
    console.log(
      `${String(x.workers).padStart(2)} worker${x.workers > 1 ? 's' : ' '}  ${String(x.nodesPerSecond).padStart(9)} nodes/s  (${String(x.perWorker).padStart(9)} per worker)  wall ${x.wallMs} ms  ${x.counted} samples counted, depth ${x.depth}  x${x.speedup.toFixed(2)} over ${counts[0]}  runs ${x.runs.join(' ')}`,
    );
  }
  const out = {
    date: new Date().toISOString(),
    chromium: browser.version(),
    cpu: os.cpus()[0]?.model,
    cores: os.cpus().length,
    hardwareConcurrency: info.cores,
    position: `ply ${info.ply}, ${info.side} to move`,
    ms,
    runs,
    loadavg1: { min: Math.min(...loads), max: Math.max(...loads) },
    results,
  };
  console.log(
    `Chromium ${out.chromium}; ${out.cores} x ${out.cpu} (hardwareConcurrency ${out.hardwareConcurrency}); ${out.position}; ` +
      `${ms} ms a part; medians of ${runs} runs; 1-min load average ${out.loadavg1.min.toFixed(2)}-${out.loadavg1.max.toFixed(2)}`,
  );
  if (jsonOut) fs.writeFileSync(jsonOut, JSON.stringify(out, null, 1));
} finally {
  await browser.close();
  server.close();
}
