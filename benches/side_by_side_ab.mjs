// The side-by-side comparison (benches/side_by_side.mjs) for two builds in one period: build A
// (a native binary and a wasm package) and build B, the four alternated on every run, so a change
// in the machine's load hits both builds alike. Prints, per work, each build's native and wasm
// times (median / first quartile / fastest of RUNS) and its wasm/native speed ratio of each.
// On a loaded machine the first quartile and the fastest runs are the least disturbed figures.
// Usage: node benches/side_by_side_ab.mjs BIN_A PKG_A BIN_B PKG_B [RUNS] [WORK...]
//   (BIN: a release build of `stratagem`; PKG: a directory with stratagem.js and
//   stratagem_bg.wasm from build_pkg, served in place of pkg/.) Figures in BENCHMARKS.md.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { launchBrowser, startServer } from '../tests/e2e/lib/harness.mjs';

const [binA, pkgA, binB, pkgB, runsArg, ...args] = process.argv.slice(2);
if (!pkgB) throw new Error('usage: node benches/side_by_side_ab.mjs BIN_A PKG_A BIN_B PKG_B [RUNS] [WORK...]');
const runs = Number(runsArg || 15);
const works = args.length ? args : ['perft', 'negamax', 'alphabeta', 'mcts', 'setup', 'strategist'];
/** The p-quantile (0 = fastest, 0.5 = median) of a list of times. */
const quantile = (xs, p) => [...xs].sort((a, b) => a - b)[Math.floor(p * (xs.length - 1))];
const native = (bin, work) => {
  const out = execFileSync(bin, ['bench', '--json', '--runs', '1', work], { encoding: 'utf8' });
  const r = JSON.parse(out.trim().split('\n').pop());
  return { units: r.units, ms: r.ms[0] };
};

const server = await startServer();
const browser = await launchBrowser();
try {
  const pageFor = async (dir) => {
    const page = await (await browser.newContext()).newPage();
    await page.route('**/pkg/*', (route) => {
      const file = path.join(dir, path.basename(new URL(route.request().url()).pathname));
      const type = file.endsWith('.js') ? 'text/javascript' : 'application/wasm';
      return route.fulfill({ body: fs.readFileSync(file), contentType: type });
    });
    await page.goto(server.url('/benches/side_by_side.html'));
    await page.waitForSelector('body[data-ready="1"]', { state: 'attached', timeout: 60_000 });
    return page;
  };
  const builds = [
    { name: 'A', bin: binA, page: await pageFor(pkgA) },
    { name: 'B', bin: binB, page: await pageFor(pkgB) },
  ];
  const wasm = (page, work) => page.evaluate((w) => window.runWork(w), work);
  for (const work of works) {
    // Warm-up runs, which also check that all four do the same work.
    const units = [];
    for (const b of builds) units.push(native(b.bin, work).units, (await wasm(b.page, work)).units);
    if (new Set(units).size !== 1) throw new Error(`${work}: the builds did different work (${units.join(', ')} units)`);
    for (const b of builds) b.times = { native: [], wasm: [] };
    for (let r = 0; r < runs; r++) {
      for (const b of builds) {
        b.times.native.push(native(b.bin, work).ms);
        b.times.wasm.push((await wasm(b.page, work)).ms);
      }
    }
    console.log(`${work}: ${units[0]} units; ms as median / first quartile / fastest of ${runs} runs`);
    for (const b of builds) {
      const ms = (xs) => [0.5, 0.25, 0].map((p) => quantile(xs, p).toFixed(1)).join(' / ');
      const ratio = (p) => (quantile(b.times.native, p) / quantile(b.times.wasm, p)).toFixed(2);
      console.log(
        `  ${b.name}: native ${ms(b.times.native)}   wasm ${ms(b.times.wasm)}   wasm/native speed ${ratio(0.5)} / ${ratio(0.25)} / ${ratio(0)}`,
      );
    }
  }
} finally {
  await browser.close();
  server.close();
}
