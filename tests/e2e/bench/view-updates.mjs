//! Benchmark (run by hand, not a test): what one human-plus-bot move costs the page's main
//! thread deep into a game. Opens the page, imports a 300-ply game made here from random legal
//! moves, counts every call into the wasm `Referee` (per method) and the milliseconds spent in
//! them, over several human moves (each with the bot's reply), and prints the medians as JSON
//! for BENCHMARKS.md ("Page: wasm calls per move").
//!
//!   node tests/e2e/bench/view-updates.mjs [PLIES=300] [MOVES=7]
//!
//! Counting: the page and this script import the same module URL, so they share one `Referee`
//! class; its prototype methods are wrapped after the page has loaded. Calls made through the
//! test hook (the harness polling the state while it waits) are not counted. Methods that build a
//! `PlayerView` are the ones the referee used to replay from the first ply on every call.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as h from '../lib/harness.mjs';

const PLIES = Number(process.argv[2] ?? 300);
const MOVES = Number(process.argv[3] ?? 7);

const server = await h.startServer();
const browser = await h.launchBrowser();
try {
  const { page, errors, context } = await h.openPage(browser, server);
  const levels = await h.pageLevels(page);
  await h.chooseLevelByKeyboard(page, levels[0].id);

  // A game of PLIES plies from random legal moves that do not end it, as an engine record.
  const record = await page.evaluate(async (plies) => {
    const m = await import('/pkg/stratagem.js');
    await m.default();
    let seed = 1;
    for (;;) {
      const r = new m.Referee(m.randomSetup('classic', seed), m.randomSetup('classic', seed + 1000), undefined);
      let x = seed * 7919;
      const rnd = () => ((x = (x * 1103515245 + 12345) % 2147483648) / 2147483648);
      while (r.ply() < plies) {
        const legal = r.legalMoves();
        if (!legal.length) break;
        const mv = legal[Math.floor(rnd() * legal.length)];
        const rep = r.play(mv);
        if (rep.outcome) r.undo();
        if (rep.outcome && legal.length === 1) break;
      }
      if (r.ply() === plies && !r.outcome()) return r.exportRecord('Red', 'Blue', '');
      seed++;
    }
  }, PLIES);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'stratagem-bench-')), `game-${PLIES}.txt`);
  fs.writeFileSync(file, record);
  const [fc] = await Promise.all([page.waitForEvent('filechooser'), h.clickElement(page, '#btn-import')]);
  await fc.setFiles(file);
  await h.waitHumanTurnOrOver(page);

  await page.evaluate(async () => {
    const m = await import('/pkg/stratagem.js');
    const counts = {};
    let ms = 0;
    // the harness reads the state through the test hook while it waits: not the page's cost
    let inHook = 0;
    const hook = window.stratagemTest;
    for (const [k, f] of Object.entries(hook)) {
      hook[k] = (...args) => {
        inHook++;
        try {
          return f(...args);
        } finally {
          inHook--;
        }
      };
    }
    const proto = m.Referee.prototype;
    for (const name of Object.getOwnPropertyNames(proto)) {
      const f = proto[name];
      if (name === 'constructor' || typeof f !== 'function') continue;
      proto[name] = function (...args) {
        if (inHook) return f.apply(this, args);
        const t = performance.now();
        try {
          return f.apply(this, args);
        } finally {
          ms += performance.now() - t;
          counts[name] = (counts[name] ?? 0) + 1;
        }
      };
    }
    window.__bench = { take: () => { const c = { counts: { ...counts }, ms }; for (const k of Object.keys(counts)) delete counts[k]; ms = 0; return c; } };
  });

  const samples = [];
  for (let i = 0; i < MOVES; i++) {
    const st = await h.waitHumanTurnOrOver(page);
    if (st.phase !== 'play') break;
    await page.waitForTimeout(1600); // the battle card and slides of the last ply are over
    await page.evaluate(() => window.__bench.take());
    const legal = await h.legalMoves(page);
    // a move by mouse: select, then the target (the page's own clicks, as a person's)
    await h.playByMouse(page, legal[i % legal.length]);
    await h.waitHumanTurnOrOver(page);
    await page.waitForTimeout(1600);
    samples.push(await page.evaluate(() => window.__bench.take()));
  }
  const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]; };
  const names = [...new Set(samples.flatMap((s) => Object.keys(s.counts)))].sort();
  const perMethod = Object.fromEntries(names.map((n) => [n, median(samples.map((s) => s.counts[n] ?? 0))]));
  const calls = samples.map((s) => Object.values(s.counts).reduce((a, b) => a + b, 0));
  const out = {
    plies_at_start: PLIES,
    moves_measured: samples.length,
    wasm_calls_per_move_median: median(calls),
    wasm_ms_per_move_median: Number(median(samples.map((s) => s.ms)).toFixed(2)),
    wasm_ms_per_move_all: samples.map((s) => Number(s.ms.toFixed(2))),
    calls_per_method_median: perMethod,
    load_average: os.loadavg().map((x) => Number(x.toFixed(2))),
  };
  console.log(JSON.stringify(out, null, 2));
  if (errors.length) console.error(errors.join('\n'));
  await context.close();
} finally {
  await browser.close();
  await server.close();
}
