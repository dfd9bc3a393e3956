// Helpers shared by the node bench scripts (side_by_side.mjs, workers.mjs, wasm_ab.mjs): the
// median of a list, and opening one of the bench pages in headless Chromium with its errors
// collected (the pages set body[data-ready="1"] once their wasm is loaded).

import fs from 'node:fs';
import os from 'node:os';
import zlib from 'node:zlib';

/** The median of a non-empty list of numbers. @param {number[]} xs */
export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/**
 * Opens `file` (a path under the served root, e.g. '/benches/workers.html') in a new context
 * and waits until the page says it is ready; `errors` collects page errors and console errors.
 */
export async function openBenchPage(browser, server, file) {
  const page = await (await browser.newContext()).newPage();
  /** @type {string[]} */
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await page.goto(server.url(file));
  await page.waitForSelector('body[data-ready="1"]', { state: 'attached', timeout: 60_000 });
  return { page, errors };
}

/**
 * What a bench's JSON records about the run: date, Chromium's version, the CPU, the load
 * average (figures on a loaded machine mean little without it) and the size of the wasm module
 * at `wasmPath`, raw and gzipped (level 9).
 */
export function runInfo(chromium, wasmPath) {
  const wasmBytes = fs.readFileSync(wasmPath);
  return {
    date: new Date().toISOString(),
    chromium,
    cpu: os.cpus()[0]?.model,
    cores: os.cpus().length,
    loadavg: os.loadavg(),
    wasmBytes: wasmBytes.length,
    wasmGzipBytes: zlib.gzipSync(wasmBytes, { level: 9 }).length,
  };
}
