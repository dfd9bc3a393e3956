// A/B of two builds of the wasm package in one V8 (Node 20): the fixed works of src/benchwork.rs
// through the export benchWork, one warm-up call each, then alternating timed calls, medians.
// For "smaller must not be slower": e.g. the package with and without wasm-opt.
// Usage: node benches/wasm_ab.mjs DIR_A DIR_B [RUNS]   (each DIR holds stratagem.js and
// stratagem_bg.wasm from build_pkg, and a package.json with {"type":"module"} as pkg/ has).
// Figures in BENCHMARKS.md ("WebAssembly module size").
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { median } from './lib.mjs';

const [dirA, dirB, runsArg] = process.argv.slice(2);
if (!dirA || !dirB) throw new Error('usage: node benches/wasm_ab.mjs DIR_A DIR_B [RUNS]');
const runs = Number(runsArg || 7);
const load = async (dir) => {
  const d = path.resolve(dir);
  const m = await import(`${d}/stratagem.js`);
  await m.default({ module_or_path: readFileSync(`${d}/stratagem_bg.wasm`) });
  return m;
};
const A = await load(dirA);
const B = await load(dirB);
for (const w of ['perft', 'negamax', 'alphabeta', 'mcts', 'setup', 'strategist']) {
  if (A.benchWork(w) !== B.benchWork(w)) throw new Error(`${w}: the two builds did different work`);
  const ta = [];
  const tb = [];
  for (let i = 0; i < runs; i++) {
    for (const [m, t] of [[A, ta], [B, tb]]) {
      const s = performance.now();
      m.benchWork(w);
      t.push(performance.now() - s);
    }
  }
  console.log(`${w.padEnd(10)} A ${median(ta).toFixed(1).padStart(7)} ms   B ${median(tb).toFixed(1).padStart(7)} ms   A/B ${(median(ta) / median(tb)).toFixed(2)}`);
}
