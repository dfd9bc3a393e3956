// The same fixed works (src/benchwork.rs) natively and in headless Chromium's WebAssembly, in one
// run: for every work, one warm-up run on each side, then RUNS timed runs alternating native and
// wasm (so a change in the machine's load hits both alike); prints the medians and the ratio
// wasm speed / native speed (native ms / wasm ms; 1.0 = as fast), and the same ratio of the
// fastest runs of each side (the least disturbed on a loaded machine). Native runs are separate
// processes of target/release/stratagem (`stratagem bench --json --runs 1 WORK`, timed inside
// the process); wasm runs are calls of the export benchWork in a page loaded from 127.0.0.1,
// timed with performance.now() inside the page (the page is benches/side_by_side.html).
//
// Usage: scripts/bench-side-by-side.sh (builds what is needed) or, with target/release/stratagem
// and pkg/ built: node benches/side_by_side.mjs [--runs N] [--json FILE] [WORK...]
// Figures in BENCHMARKS.md ("Native and WebAssembly side by side").
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { launchBrowser, startServer, ROOT } from '../tests/e2e/lib/harness.mjs';
import { median, openBenchPage, runInfo } from './lib.mjs';

const args = process.argv.slice(2);
let runs = 5;
let jsonOut = null;
const works = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--runs') runs = Number(args[++i]);
  else if (args[i] === '--json') jsonOut = args[++i];
  else works.push(args[i]);
}
if (!(runs >= 1)) throw new Error(`--runs must be a positive number, got '${runs}'`);
const ALL = ['perft', 'negamax', 'alphabeta', 'mcts', 'setup', 'strategist'];
for (const w of works) if (!ALL.includes(w)) throw new Error(`unknown work '${w}': expected one of ${ALL.join(', ')}`);
if (works.length === 0) works.push(...ALL);

const BIN = path.join(ROOT, 'target', 'release', 'stratagem');
const WASM = path.join(ROOT, 'pkg', 'stratagem_bg.wasm');
for (const f of [BIN, WASM]) if (!fs.existsSync(f)) throw new Error(`${f} is missing: run scripts/bench-side-by-side.sh`);

function native(work) {
  const out = execFileSync(BIN, ['bench', '--json', '--runs', '1', work], { encoding: 'utf8' });
  const r = JSON.parse(out.trim().split('\n').pop());
  return { units: r.units, ms: r.ms[0] };
}

const server = await startServer();
const browser = await launchBrowser();
const results = [];
try {
  const { page, errors } = await openBenchPage(browser, server, '/benches/side_by_side.html');
  const version = browser.version();
  for (const work of works) {
    const wasm = (w) => page.evaluate((name) => window.runWork(name), w);
    const warmN = native(work);
    const warmW = await wasm(work);
    if (warmN.units !== warmW.units) throw new Error(`${work}: native did ${warmN.units} units, wasm ${warmW.units}: not the same work`);
    const n = [];
    const w = [];
    for (let r = 0; r < runs; r++) {
      n.push(native(work).ms);
      w.push((await wasm(work)).ms);
    }
    const row = { work, units: warmN.units, nativeMs: median(n), wasmMs: median(w), native: n, wasm: w };
    row.ratio = row.nativeMs / row.wasmMs;
    // The fastest runs are the least disturbed by other load: their ratio is printed too.
    row.ratioFastest = Math.min(...n) / Math.min(...w);
    results.push(row);
    console.log(
      `${work.padEnd(10)} ${String(row.units).padStart(9)} units  native ${row.nativeMs.toFixed(1).padStart(8)} ms  wasm ${row.wasmMs.toFixed(1).padStart(8)} ms  wasm/native speed ${row.ratio.toFixed(2)} (fastest runs: ${row.ratioFastest.toFixed(2)})`,
    );
  }
  if (errors.length) throw new Error(`errors on the bench page:\n${errors.join('\n')}`);
  const info = { ...runInfo(version, WASM), runs, results };
  console.log(
    `Chromium ${version}; ${info.cores} x ${info.cpu}; load average ${info.loadavg.map((x) => x.toFixed(2)).join(' ')}; ` +
      `wasm ${info.wasmBytes} bytes, ${info.wasmGzipBytes} gzipped; medians of ${runs} runs`,
  );
  if (jsonOut) fs.writeFileSync(jsonOut, JSON.stringify(info, null, 1));
} finally {
  await browser.close();
  server.close();
}
