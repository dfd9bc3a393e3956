//! End-to-end: the top level's bot thinks in several workers (issue 11, "Time"). The page is
//! opened with `?workers=2` (Chromium here may report only 2 cores, which gives one worker):
//! two bot workers start; at the Strategist level every bot move is combined from both workers'
//! parts (#status says "thinking in 2 workers", "Why?" says "in 2 workers"), arrives within the
//! level's time plus a margin, and the page stays responsive meanwhile (the measures of
//! responsiveness.test.mjs: no main-thread task over 50 ms of CPU in a Chromium trace; no long
//! task at all unless the machine is overloaded). A worker that hangs or traps is left out: the
//! move comes from the other worker's part alone, not from the fallback, and the next move is
//! again thought in two workers (each worker has its own watchdog and replacement). The number
//! of workers follows navigator.hardwareConcurrency (one core left for the page, 1 to 4).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as h from './lib/harness.mjs';
import { instrument, tasksWhileThinking } from './lib/perf.mjs';

const WORKERS = 2;
/** How late past the level's time a combined answer may arrive (the watchdog fires at 1.5 s). */
const MARGIN_MS = 1000;
const LONG_TASK_MS = 50;
const BOT_MOVES = 3;
const TRACE = path.join(os.tmpdir(), `stratagem-e2e-workers-trace-${process.pid}.json`);

/** Runs in the page before its scripts: counts the bot workers started, records #status's texts. */
function countWorkers() {
  window.__botWorkers = 0;
  window.__statusTexts = [];
  const W = window.Worker;
  window.Worker = class extends W {
    constructor(url, opts) {
      super(url, opts);
      if (String(url).includes('bot-worker.js')) window.__botWorkers++;
    }
  };
  new MutationObserver(() => {
    const t = document.getElementById('status')?.textContent ?? '';
    if (window.__statusTexts[window.__statusTexts.length - 1] !== t) window.__statusTexts.push(t);
  }).observe(document, { subtree: true, childList: true, characterData: true });
}

const env = h.shared();

/** Opens the page with `query`, chooses the level whose bot splits its move, starts a game as Red. */
async function startAtPartsLevel(query, initScripts) {
  const opened = await h.openPage(env.browser, env.server, { query, initScripts });
  const levels = await h.pageLevels(opened.page);
  const lv = levels.find((l) => l.parts);
  assert.ok(lv, `no level splits its move among workers: ${JSON.stringify(levels.map((l) => [l.id, l.parts]))}`);
  assert.equal(lv.bot, 'strategist');
  assert.ok(levels.filter((l) => l.parts).every((l) => l.bot === 'strategist'), 'only the strategist has parts');
  await h.chooseLevelByKeyboard(opened.page, lv.id);
  await h.clickElement(opened.page, '#btn-random-setup');
  await h.clickElement(opened.page, '#btn-start');
  return { ...opened, lv };
}

/** The human plays a random legal move; returns the state once the bot has answered. */
async function humanThenBot(page, lv, rnd) {
  const legal = await h.legalMoves(page);
  await h.playByMouse(page, legal[Math.floor(rnd() * legal.length)]);
  return h.waitHumanTurnOrOver(page, lv.movetime_ms + 30_000);
}

/** What "Why?" says about the bot's last move. */
async function why(page) {
  await h.clickElement(page, '#btn-why');
  return h.text(page, '#why-text');
}

test(`Strategist thinks in ${WORKERS} workers, answers within its time, and the page stays responsive`, { timeout: 10 * 60_000 }, async (t) => {
  // One more measurement when the first, on an overloaded machine, saw a task over the bound.
  for (let attempt = 1; attempt <= 2; attempt++) {
    const { page, errors, context, lv } = await startAtPartsLevel(`?workers=${WORKERS}`, [instrument, countWorkers]);
    assert.equal(await page.evaluate(() => window.__botWorkers), WORKERS, 'bot workers started');
    const rnd = h.prng(5);
    const replies = [];
    const loads = [];
    await env.browser.startTracing(page, { path: TRACE, categories: ['devtools.timeline', 'toplevel', 'blink.user_timing'] });
    for (let i = 0; i < BOT_MOVES; i++) {
      const st = await humanThenBot(page, lv, rnd);
      loads.push(os.loadavg()[0]);
      if (st.lastBotMoveMs != null) replies.push(st.lastBotMoveMs);
      const msg = (await h.text(page, '#message')) ?? '';
      assert.doesNotMatch(msg, /random legal move was played/, `bot move ${i + 1} was the fallback: ${msg}`);
      const w = await why(page);
      assert.match(w, new RegExp(`in ${WORKERS} workers`), `bot move ${i + 1} was not combined from ${WORKERS} workers: ${w}`);
      if (st.phase === 'over') break;
    }
    await env.browser.stopTracing();
    const trace = tasksWhileThinking(TRACE);
    fs.rmSync(TRACE, { force: true });
    const perf = await page.evaluate(() => window.__e2ePerf);
    const statuses = await page.evaluate(() => window.__statusTexts);
    const cores = os.availableParallelism?.() ?? os.cpus().length;
    const overloaded = Math.max(...loads) > cores;
    const during = (e) => perf.thinking.some((w) => e.start < w.end && e.start + (e.duration ?? 0) > w.start);
    const longDuring = perf.longTasks.filter(during);
    const stalls = perf.probe.filter((p) => perf.thinking.some((w) => p.at > w.start && p.at <= w.end));
    t.diagnostic(
      JSON.stringify({
        workers: WORKERS,
        movetime_ms: lv.movetime_ms,
        bot_replies_ms: replies,
        max_main_thread_stall_while_thinking_ms: Math.round(Math.max(0, ...stalls.map((p) => p.gap)) * 10) / 10,
        max_task_cpu_ms_while_thinking: Math.round(Math.max(0, ...trace.tasks.map((x) => x.cpuMs)) * 10) / 10,
        long_tasks_while_thinking: longDuring.map((e) => Math.round(e.duration)),
        load_average_1min: loads.map((l) => Math.round(l * 100) / 100),
        cores,
      }),
    );

    assert.ok(replies.length >= 1, 'the bot never answered');
    for (const ms of replies) assert.ok(ms <= lv.movetime_ms + MARGIN_MS, `a reply took ${ms} ms, over ${lv.movetime_ms} + ${MARGIN_MS} ms`);
    assert.ok(
      statuses.some((s) => s.includes(`is thinking in ${WORKERS} workers`)),
      `#status never said how many workers think: ${JSON.stringify(statuses.slice(0, 8))}`,
    );
    assert.ok(trace.tasks.length > 0, 'the trace holds no main-thread task while thinking');
    const cpuLong = trace.tasks.filter((x) => x.cpuMs > LONG_TASK_MS);
    if (attempt === 1 && (cpuLong.length || (!overloaded && longDuring.length))) {
      // Two workers fill both cores of a 2-core machine, and the 1-minute load average lags:
      // one long task can be the page's thread left waiting (session 21's CI: 85 ms of wall
      // time for 22 ms of CPU at a load of 1.1). Measured once more, and that one is asserted:
      // a page that blocks its thread fails both.
      t.diagnostic(`MEASURING AGAIN: a long main-thread task while ${WORKERS} workers thought (CPU ${cpuLong.map((x) => Math.round(x.cpuMs)).join(', ') || 'none over'}, wall ${longDuring.map((e) => Math.round(e.duration)).join(', ') || 'none over'}; load ${loads.join(', ')}, ${cores} cores)`);
      await context.close();
      continue;
    }
    assert.deepEqual(cpuLong, [], `main-thread tasks using over ${LONG_TASK_MS} ms of CPU while ${WORKERS} workers thought`);
    if (overloaded) {
      if (longDuring.length) t.diagnostic(`NOT ASSERTED: ${longDuring.length} long tasks (wall) while thinking, on an overloaded machine (load ${loads.join(', ')} > ${cores} cores)`);
    } else {
      assert.deepEqual(longDuring.map((e) => Math.round(e.duration)), [], `main-thread tasks over ${LONG_TASK_MS} ms while ${WORKERS} workers thought`);
    }
    h.assertNoErrors(errors);
    await context.close();
    break;
  }
});

for (const fault of ['hang', 'panic']) {
  test(`a worker that ${fault === 'hang' ? 'hangs' : 'traps'} is left out: the other worker's part is played, then both think again`, { timeout: 5 * 60_000 }, async (t) => {
    // the fault goes to the first worker's first request only (www/README.md, "Faults")
    const { page, errors, context, lv } = await startAtPartsLevel(`?workers=${WORKERS}&fault=${fault}`, [countWorkers]);
    const rnd = h.prng(8);
    let st = await humanThenBot(page, lv, rnd);
    const first = st.lastBotMoveMs;
    const msg = (await h.text(page, '#message')) ?? '';
    assert.doesNotMatch(msg, /random legal move was played/, `the move was the fallback, not the sound worker's: ${msg}`);
    const w1 = await why(page);
    assert.doesNotMatch(w1, /in \d+ workers/, `one part was combined, yet: ${w1}`);
    assert.match(w1, /played [a-j]\d+-[a-j]\d+/, w1);
    if (fault === 'hang') {
      // left out by its watchdog, at the level's time + 1.5 s
      assert.ok(first >= lv.movetime_ms + 1400, `answered after ${first} ms, before the hung worker's watchdog`);
    }
    assert.ok(first <= lv.movetime_ms + 1500 + MARGIN_MS, `answered after ${first} ms`);
    assert.equal(await page.evaluate(() => window.__botWorkers), WORKERS + 1, 'the failed worker was replaced once');
    if (st.phase !== 'over') {
      st = await humanThenBot(page, lv, rnd);
      const w2 = await why(page);
      assert.match(w2, new RegExp(`in ${WORKERS} workers`), `the replacement did not join the next move: ${w2}`);
    }
    t.diagnostic(`${fault}: first answer after ${first} ms, then ${st.lastBotMoveMs} ms in ${WORKERS} workers`);
    // the only errors: the injected panic's message, logged in the worker by the panic hook
    h.assertNoErrors(errors.filter((e) => !/injected fault/.test(e)));
    await context.close();
  });
}

test('the page starts one bot worker per core but one, 1 to 4; ?workers=N (1 to 4) overrides it', { timeout: 5 * 60_000 }, async () => {
  // [hardwareConcurrency as the page sees it, query, bot workers expected]
  const cases = [
    [1, '', 1],
    [2, '', 1],
    [3, '', 2],
    [16, '', 4],
    [2, '?workers=3', 3],
    [16, '?workers=1', 1],
    [3, '?workers=9', 2], // out of range: the machine's rule
    [3, '?workers=x', 2],
  ];
  for (const [cores, query, want] of cases) {
    const fake = `Object.defineProperty(Navigator.prototype, 'hardwareConcurrency', { get: () => ${cores} });`;
    const { page, errors, context } = await h.openPage(env.browser, env.server, { query, initScripts: [fake, countWorkers] });
    assert.equal(await page.evaluate(() => navigator.hardwareConcurrency), cores);
    assert.equal(await page.evaluate(() => window.__botWorkers), want, `${cores} cores, '${query}'`);
    h.assertNoErrors(errors);
    await context.close();
  }
});
