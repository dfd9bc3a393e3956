//! End-to-end: while the bot thinks at the LONGEST level, the page's main thread runs no task
//! longer than 50 ms (a PerformanceObserver for 'longtask' installed before the page's own
//! scripts). Also records the figures for BENCHMARKS.md ("Browser"): the longest main-thread
//! stall seen while thinking, the time from navigation start to an interactive board
//! (body[data-ready="1"]), and the wasm size raw and gzipped. The figures go to the test's
//! diagnostics and to target/e2e-browser-bench.json (not committed).
//!
//! Long tasks are wall time: on a machine whose other work keeps both cores busy (load average
//! above the number of cores), a 10 ms task that is descheduled shows up as a 100 ms long task.
//! So the test also records a Chromium trace and measures each main-thread task's own CPU time
//! while the bot thinks. Always asserted: no task uses more than 50 ms of CPU. Asserted on a
//! machine that is not overloaded (the normal case, CI included): no long task at all. On an
//! overloaded machine the long tasks are reported in the diagnostics instead of failing the run,
//! and a task over 50 ms of CPU gets one more measurement on a fresh page before the CPU limit
//! is asserted on it: contention for the cores inflates a task's CPU time too (one CI run at
//! load 3.6 on 2 cores saw a 69 ms task where the same build measured alone saw at most 31 ms
//! in three runs), while a search on the main thread would fail both measurements by seconds.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import * as h from './lib/harness.mjs';
import { instrument, tasksWhileThinking } from './lib/perf.mjs';

const LONG_TASK_MS = 50;
const TRACE = path.join(os.tmpdir(), `stratagem-e2e-trace-${process.pid}.json`);
const BOT_MOVES = 3;

const env = h.shared();

test('no main-thread task over 50 ms while the bot thinks at the longest level', { timeout: 10 * 60_000 }, async (t) => {
  for (let attempt = 1; ; attempt++) {
    const { context, page, errors } = await h.openPage(env.browser, env.server, { initScripts: [instrument] });
    const readyAt = await page.evaluate(() => window.__e2ePerf.readyAt);
    assert.ok(readyAt != null, 'the ready time was not recorded');

    const levels = await h.pageLevels(page);
    const longest = levels.reduce((a, b) => (b.movetime_ms > a.movetime_ms ? b : a));
    await h.chooseLevelByKeyboard(page, longest.id);
    await h.clickElement(page, '#btn-random-setup');
    await h.clickElement(page, '#btn-start');

    const rnd = h.prng(99);
    const replies = [];
    const loads = [];
    await env.browser.startTracing(page, { path: TRACE, categories: ['devtools.timeline', 'toplevel', 'blink.user_timing'] });
    for (let i = 0; i < BOT_MOVES; i++) {
      const st = await h.waitHumanTurnOrOver(page, longest.movetime_ms + 30_000);
      if (st.phase === 'over') break;
      const legal = await h.legalMoves(page);
      await h.playByMouse(page, legal[Math.floor(rnd() * legal.length)]);
      const st2 = await h.waitHumanTurnOrOver(page, longest.movetime_ms + 30_000);
      if (st2.lastBotMoveMs != null) replies.push(st2.lastBotMoveMs);
      loads.push(os.loadavg()[0]);
    }
    await env.browser.stopTracing();
    const trace = tasksWhileThinking(TRACE);
    fs.rmSync(TRACE, { force: true });
    const cores = os.availableParallelism?.() ?? os.cpus().length;
    const overloaded = Math.max(...loads) > cores;
    const perf = await page.evaluate(() => window.__e2ePerf);
    assert.equal(perf.thinking.length, replies.length, `one "thinking" per bot reply; states: ${JSON.stringify(perf.states)}`);
    const thinkingMs = perf.thinking.reduce((s, w) => s + (w.end - w.start), 0);
    const during = (e) => perf.thinking.some((w) => e.start < w.end && e.start + (e.duration ?? 0) > w.start);
    const longDuring = perf.longTasks.filter(during);
    const stalls = perf.probe.filter((p) => perf.thinking.some((w) => p.at > w.start && p.at <= w.end));
    const maxStall = Math.max(0, ...stalls.map((p) => p.gap));

    const wasm = fs.readFileSync(path.join(h.ROOT, 'pkg', 'stratagem_bg.wasm'));
    const gz = zlib.gzipSync(wasm, { level: 9 });
    const figures = {
      date: new Date().toISOString(),
      level: longest.id,
      movetime_ms: longest.movetime_ms,
      bot_replies_ms: replies,
      thinking_ms_observed: Math.round(thinkingMs),
      long_tasks_while_thinking: longDuring.length,
      longest_task_while_thinking_ms: Math.max(0, ...longDuring.map((e) => e.duration)),
      long_tasks_whole_run: perf.longTasks.map((e) => Math.round(e.duration)),
      max_main_thread_stall_while_thinking_ms: Math.round(maxStall * 10) / 10,
      trace_thinking_windows: trace.windows,
      trace_tasks_while_thinking: trace.tasks.length,
      max_task_cpu_ms_while_thinking: Math.round(Math.max(0, ...trace.tasks.map((x) => x.cpuMs)) * 10) / 10,
      max_task_wall_ms_while_thinking: Math.round(Math.max(0, ...trace.tasks.map((x) => x.wallMs)) * 10) / 10,
      load_average_1min: loads.map((l) => Math.round(l * 100) / 100),
      cores,
      overloaded,
      ready_ms_from_navigation_start: Math.round(readyAt),
      wasm_bytes: wasm.length,
      wasm_gzip_bytes: gz.length,
    };
    t.diagnostic(JSON.stringify(figures));
    fs.mkdirSync(path.join(h.ROOT, 'target'), { recursive: true });
    fs.writeFileSync(path.join(h.ROOT, 'target', 'e2e-browser-bench.json'), JSON.stringify(figures, null, 2) + '\n');

    // The thinking indicator was shown, with the elapsed seconds, while the bot thought.
    assert.ok(
      perf.indicator.some((x) => /\d+(\.\d+)?\s*s\b/.test(x)),
      `#thinking never showed elapsed seconds while thinking: ${JSON.stringify(perf.indicator.slice(0, 5))}`,
    );
    assert.ok(trace.windows >= 1, 'the trace holds no thinking window');
    assert.ok(trace.tasks.length > 0, 'the trace holds no main-thread task while thinking');
    const cpuLong = trace.tasks.filter((x) => x.cpuMs > LONG_TASK_MS);
    if (cpuLong.length && overloaded && attempt === 1) {
      t.diagnostic(`MEASURING AGAIN: a main-thread task used ${figures.max_task_cpu_ms_while_thinking} ms of CPU while thinking, on an overloaded machine (load ${loads.join(', ')} > ${cores} cores)`);
      await context.close();
      continue;
    }
    assert.deepEqual(cpuLong, [], `main-thread tasks using over ${LONG_TASK_MS} ms of CPU while the bot thought`);
    if (overloaded) {
      if (longDuring.length) t.diagnostic(`NOT ASSERTED: ${longDuring.length} long tasks (wall) while thinking, on an overloaded machine (load ${loads.join(', ')} > ${cores} cores); CPU per task at most ${figures.max_task_cpu_ms_while_thinking} ms`);
    } else {
      assert.deepEqual(
        longDuring.map((e) => Math.round(e.duration)),
        [],
        `main-thread tasks over ${LONG_TASK_MS} ms while the bot thought at level ${longest.id}`,
      );
    }
    h.assertNoErrors(errors);
    await context.close();
    break;
  }
});
