//! What the page does while the bot thinks, for the e2e tests that measure it
//! (responsiveness.test.mjs, workers.test.mjs): `instrument` runs in the page before its
//! scripts (long tasks, a 10 ms interval probe, the "thinking" intervals of #status, the ready
//! time); `tasksWhileThinking` reads a Chromium trace for the main thread's tasks meanwhile.
import fs from 'node:fs';

/**
 * From a Chromium trace: the outermost tasks of the page's main thread that ran while the bot
 * thought (between the e2e-thinking-start/end marks), with wall and CPU milliseconds.
 */
export function tasksWhileThinking(file) {
  const raw = JSON.parse(fs.readFileSync(file, 'utf8'));
  const events = Array.isArray(raw) ? raw : raw.traceEvents;
  const names = new Map();
  for (const e of events) if (e.name === 'thread_name') names.set(`${e.pid}:${e.tid}`, e.args.name);
  const marks = events.filter((e) => e.name === 'e2e-thinking-start' || e.name === 'e2e-thinking-end').sort((a, b) => a.ts - b.ts);
  const windows = [];
  let open = null;
  for (const m of marks) {
    if (m.name === 'e2e-thinking-start') open = m.ts;
    else if (open !== null) {
      windows.push([open, m.ts]);
      open = null;
    }
  }
  const tasks = events
    .filter((e) => e.ph === 'X' && (e.name === 'ThreadControllerImpl::RunTask' || e.name === 'RunTask') && names.get(`${e.pid}:${e.tid}`) === 'CrRendererMain')
    .filter((e) => windows.some(([a, b]) => e.ts < b && e.ts + e.dur > a))
    .sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  // keep the outermost: a task nested in the previous kept one is part of it
  const outer = [];
  for (const t of tasks) {
    const last = outer[outer.length - 1];
    if (last && t.ts >= last.ts && t.ts + t.dur <= last.ts + last.dur && t.pid === last.pid && t.tid === last.tid) continue;
    outer.push(t);
  }
  return { windows: windows.length, tasks: outer.map((t) => ({ wallMs: t.dur / 1000, cpuMs: (t.tdur ?? t.dur) / 1000 })) };
}

/** Runs in the page before its scripts: long tasks, the 'thinking' intervals, ready time. */
export function instrument() {
  const perf = { longTasks: [], thinking: [], states: [], indicator: [], readyAt: null, probe: [] };
  window.__e2ePerf = perf;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) perf.longTasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
  // A 10 ms interval probe: the gap between two ticks minus 10 ms is how long the main thread
  // was busy (a figure even when no task reaches 50 ms).
  let last = performance.now();
  setInterval(() => {
    const now = performance.now();
    perf.probe.push({ at: now, gap: now - last - 10 });
    last = now;
    if (perf.probe.length > 20000) perf.probe.splice(0, 10000);
  }, 10);
  // Each data-state value the status took, in order: records carry the old values, so a
  // change and its undoing within one batch are both seen.
  let open = null;
  const enter = (s, now) => {
    perf.states.push([s, Math.round(now)]);
    if (s === 'thinking' && open === null) {
      open = now;
      performance.mark('e2e-thinking-start'); // for the trace's clock
    }
    if (s !== 'thinking' && open !== null) {
      perf.thinking.push({ start: open, end: now });
      open = null;
      performance.mark('e2e-thinking-end');
    }
  };
  new MutationObserver((records) => {
    const now = performance.now();
    for (const r of records) {
      if (r.attributeName === 'data-state' && r.target.id === 'status') {
        const i = records.indexOf(r);
        const next = records.slice(i + 1).find((q) => q.attributeName === 'data-state' && q.target.id === 'status');
        enter(next ? next.oldValue : r.target.dataset.state, now);
      }
    }
    if (perf.readyAt === null && document.body?.dataset.ready === '1') perf.readyAt = now;
    // what the thinking indicator shows while the status says "thinking"
    const ind = document.getElementById('thinking');
    if (open !== null && ind && !ind.hidden && ind.offsetParent !== null) perf.indicator.push(ind.textContent.trim());
  }).observe(document, { subtree: true, childList: true, attributes: true, attributeOldValue: true, attributeFilter: ['data-state', 'data-ready', 'hidden'] });
}

