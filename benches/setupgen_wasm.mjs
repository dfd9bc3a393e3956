// Times Invincible's setup generation in WebAssembly under Node (V8, as in Chrome): botSetup(bot,
// variant, seed) through the page's wasm glue (pkg/stratagem.js, wasm-bindgen --target web).
// Usage: node benches/setupgen_wasm.mjs [absolute pkg directory, default ../pkg]. See BENCHMARKS.md.
import { readFileSync } from 'node:fs';
const dir = process.argv[2] || new URL('../pkg', import.meta.url).pathname;
const m = await import(`${dir}/stratagem.js`);
await m.default({ module_or_path: readFileSync(`${dir}/stratagem_bg.wasm`) });
for (const [bot, variant] of [['invincible', 'classic'], ['invincible', 'barrage'], ['random', 'classic']]) {
  m.botSetup(bot, variant, 0); // warm-up: parses the embedded statistics once
  const runs = 200;
  const t0 = performance.now();
  let last = '';
  for (let i = 1; i <= runs; i++) last = m.botSetup(bot, variant, i);
  const ms = (performance.now() - t0) / runs;
  console.log(`${bot} ${variant}: ${ms.toFixed(3)} ms per setup (mean of ${runs}), e.g. ${last}`);
}
