// Search speed of every bot in WebAssembly under Node (V8, the engine of Chrome): nodes (or
// playouts) per second of `think` through the page's wasm glue (pkg/stratagem.js), from the
// opening and from a middle game reached by seeded random moves.
// Usage: node benches/bots_wasm.mjs [budget ms, default 1000]. Needs pkg/ (scripts/serve.sh or
// `source scripts/lib.sh; build_pkg`). Figures in BENCHMARKS.md ("Bots in the browser's wasm").
import { readFileSync } from 'node:fs';
const dir = new URL('../pkg', import.meta.url).pathname;
const m = await import(`${dir}/stratagem.js`);
await m.default({ module_or_path: readFileSync(`${dir}/stratagem_bg.wasm`) });
const budget = Number(process.argv[2] || 1000);

function game(plies) {
  const r = new m.Referee(m.randomSetup('classic', 11), m.randomSetup('classic', 12));
  let s = 7;
  for (let i = 0; i < plies && !r.outcome(); i++) {
    const moves = r.legalMoves();
    s = (s * 1103515245 + 12345) % 2147483648;
    r.play(moves[s % moves.length]);
  }
  return r;
}

for (const [phase, plies] of [['opening', 0], ['middle game', 60]]) {
  const r = game(plies);
  const view = r.viewRecord(r.toMove());
  for (const bot of m.bots().map((b) => (typeof b === 'string' ? b : b.name))) {
    const { move, info } = m.think(view, bot, budget, 1);
    const rate = info.elapsed_ms > 0 ? (info.nodes / info.elapsed_ms) * 1000 : NaN;
    console.log(`${phase.padEnd(11)} ${bot.padEnd(11)} ${move.padEnd(8)} nodes ${String(info.nodes).padStart(9)} in ${info.elapsed_ms.toFixed(0).padStart(5)} ms = ${Math.round(rate).toLocaleString('en')} /s`);
  }
}
