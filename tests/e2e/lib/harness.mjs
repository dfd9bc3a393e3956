//! Shared helpers of the end-to-end tests: a static server, Debian's headless Chromium through
//! playwright-core, pages that record every console error, page error and failed request, and
//! player actions done with real mouse and keyboard events only.
//!
//! Invariants: the test hook `window.stratagemTest` is used only to READ (legal moves, square
//! centres, the cursor, the state); every action on the page goes through `page.mouse` or
//! `page.keyboard`. Every page opened here is checked for errors by `assertNoErrors`.
import { chromium } from 'playwright-core';
import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, startServer } from './server.mjs';

export { ROOT, startServer };

export const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
export const SCREENSHOTS = path.join(ROOT, 'tests', 'e2e', 'screenshots');
export const PAGE = '/www/index.html';

/**
 * One static server and one browser for a test file, started before its tests and closed
 * after them. Returns an object whose `server` and `browser` are set once the tests run.
 */
export function shared() {
  const env = /** @type {{server: any, browser: any}} */ ({ server: null, browser: null });
  before(async () => {
    env.server = await startServer();
    env.browser = await launchBrowser();
  });
  after(async () => {
    await env.browser?.close();
    await env.server?.close();
  });
  return env;
}

/** Debian's Chromium, headless, with the flags that keep it off the (closed) network. */
export async function launchBrowser() {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}

/**
 * Opens the page in a fresh context (empty localStorage) and records problems: console errors,
 * uncaught page errors (page and workers), HTTP errors and failed requests. `query` is the
 * address's query (`?workers=2`), `hash` its fragment. Returns `{context, page, errors}`.
 */
export async function openPage(browser, server, { query = '', hash = '', initScripts = [], viewport } = {}) {
  const context = await browser.newContext({ viewport: viewport ?? { width: 1280, height: 900 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.origin });
  for (const s of initScripts) await context.addInitScript(s);
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto(server.url(PAGE + query + hash));
  await waitReady(page);
  return { context, page, errors };
}

/** Collects what a person would see as something broken. */
export function watchErrors(page) {
  const errors = [];
  page.on('console', (m) => {
    if (m.type() === 'error') {
      const loc = m.location();
      errors.push(`console error: ${m.text()} (${loc.url}:${loc.lineNumber})`);
    }
  });
  page.on('pageerror', (e) => errors.push(`page error: ${e.stack ?? e.message}`));
  page.on('worker', (w) => {
    w.on('console', (m) => m.type() === 'error' && errors.push(`worker console error: ${m.text()}`));
  });
  page.on('requestfailed', (r) => {
    // A navigation away (reload) aborts requests in flight; that is not a page fault.
    if (r.failure()?.errorText !== 'net::ERR_ABORTED') errors.push(`request failed: ${r.url()} ${r.failure()?.errorText}`);
  });
  page.on('response', (r) => r.status() >= 400 && errors.push(`HTTP ${r.status()}: ${r.url()}`));
  return errors;
}

export function assertNoErrors(errors, when = '') {
  assert.deepEqual(errors, [], `errors on the page${when ? ' ' + when : ''}:\n${errors.join('\n')}`);
}

export async function waitReady(page, timeout = 60_000) {
  await page.waitForSelector('body[data-ready="1"]', { state: 'attached', timeout });
}

/** Once the service worker is active, takes the context offline and reloads the page. */
export async function reloadOffline(page, context) {
  await page.waitForSelector('body[data-offline="1"]', { state: 'attached', timeout: 30_000 });
  await context.setOffline(true);
  await page.reload();
  await waitReady(page);
}

// ---- reading (the test hook and the DOM) ----

export const state = (page) => page.evaluate(() => window.stratagemTest.state());
export const legalMoves = (page) => page.evaluate(() => window.stratagemTest.legalMoves());
export const setupString = (page) => page.evaluate(() => window.stratagemTest.setupString());
export const cursorSquare = (page) => page.evaluate(() => window.stratagemTest.cursorSquare());
export const statusState = (page) => page.getAttribute('#status', 'data-state');
export const text = (page, sel) => page.evaluate((s) => document.querySelector(s)?.textContent ?? null, sel);
export const value = (page, sel) => page.evaluate((s) => document.querySelector(s)?.value ?? null, sel);

export async function squareCenter(page, square) {
  const c = await page.evaluate((s) => window.stratagemTest.squareCenter(s), square);
  assert.ok(c && Number.isFinite(c.x) && Number.isFinite(c.y), `no centre for square ${square}: ${JSON.stringify(c)}`);
  return c;
}

/** Waits until the human may move (status your-turn) or the game is over; returns the state. */
export async function waitHumanTurnOrOver(page, timeout = 30_000) {
  await page.waitForFunction(
    () => {
      const d = document.getElementById('status')?.dataset.state;
      const s = window.stratagemTest.state();
      return (
        (d === 'over' && s.phase === 'over') ||
        (d === 'your-turn' && s.phase === 'play' && s.toMove === s.humanSide && window.stratagemTest.legalMoves().length > 0)
      );
    },
    null,
    { timeout, polling: 20 },
  );
  return state(page);
}

/**
 * The player's legal moves onto squares no enemy piece stands on (read from the board's text
 * alternative, which names only what the player sees). Tests that need the game to go on play
 * these rather than any legal move, which may be a Scout's run onto an unknown piece: a battle
 * that can end the game by chance when that piece is the Flag.
 */
export async function quietMoves(page) {
  const legal = await legalMoves(page);
  const enemy = /Enemy pieces \([^)]*\): (.*?)\./.exec((await text(page, '#board-text')) ?? '')?.[1] ?? '';
  const occupied = new Set(enemy.split(', ').map((s) => s.split(' ').pop()));
  const quiet = legal.filter((m) => !occupied.has(m.split('-')[1]));
  assert.ok(quiet.length > 0, `no legal move onto an empty square among ${legal.join(' ')}`);
  return quiet;
}

/** The first of the player's `quietMoves`. */
export async function quietMove(page) {
  return (await quietMoves(page))[0];
}

/**
 * A setup whose Flag (d2) stands behind three full rows: no bot can reach it in a few moves.
 * Tests that need the game to go on give it to the player: in a random setup the Flag may stand
 * in the front row, where an enemy Scout takes it in its first move.
 */
export const DEEP_FLAG_SETUP = 'IBJEIBHEBGEHEMCEHBDDHFLJGKDIFGBDGFDFDDDB';

/** Types `setup` into the setup field and applies it, as a player pasting a shared string. */
export async function applySetup(page, setup) {
  await clickElement(page, '#setup-input');
  await page.keyboard.press('Control+A');
  await page.keyboard.type(setup);
  await clickElement(page, '#btn-apply-setup');
  assert.equal((await text(page, '#setup-error'))?.trim() ?? '', '', `setup ${setup} refused`);
  assert.equal(await setupString(page), setup);
}

// ---- acting (real mouse and keyboard events only) ----

/** Clicks the centre of an element with the mouse, as a person would. */
export async function clickElement(page, selector) {
  const el = page.locator(selector);
  await el.scrollIntoViewIfNeeded();
  const box = await el.boundingBox();
  assert.ok(box, `${selector} is not visible`);
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

export async function clickSquare(page, square) {
  const { x, y } = await squareCenter(page, square);
  await page.mouse.click(x, y);
}

/** Plays `mv` ("e4-e5") with two mouse clicks and waits for the ply to be counted. */
export async function playByMouse(page, mv) {
  const before = (await state(page)).ply;
  const [from, to] = mv.split('-');
  await clickSquare(page, from);
  await clickSquare(page, to);
  await page.waitForFunction((p) => window.stratagemTest.state().ply > p, before, { timeout: 10_000 });
}

/** Presses Tab until the element with `id` has the focus (Tab order, as a keyboard user). */
export async function focusByTab(page, id, maxPresses = 80) {
  for (let i = 0; i < maxPresses; i++) {
    if ((await page.evaluate(() => document.activeElement?.id)) === id) return;
    await page.keyboard.press('Tab');
  }
  assert.fail(`#${id} never got the focus in ${maxPresses} Tab presses`);
}

/** Activates a button from the keyboard: Tab to it, then Enter. */
export async function pressButton(page, id) {
  await focusByTab(page, id);
  await page.keyboard.press('Enter');
}

export function parseSquare(sq) {
  return { file: sq.charCodeAt(0) - 97, rank: Number(sq.slice(1)) - 1 };
}

/**
 * Moves the board's keyboard cursor to `target` with the arrow keys. The direction of each
 * arrow is learnt from the cursor itself (it depends on the flip), so nothing is assumed.
 */
export async function moveCursor(page, target, arrows) {
  const want = parseSquare(target);
  for (let i = 0; i < 40; i++) {
    const at = parseSquare(await cursorSquare(page));
    const df = want.file - at.file;
    const dr = want.rank - at.rank;
    if (df === 0 && dr === 0) return;
    let key;
    if (df !== 0) key = Object.keys(arrows).find((k) => arrows[k].file === Math.sign(df) && arrows[k].rank === 0);
    else key = Object.keys(arrows).find((k) => arrows[k].rank === Math.sign(dr) && arrows[k].file === 0);
    assert.ok(key, `no arrow key moves the cursor towards ${target} (learnt ${JSON.stringify(arrows)})`);
    await page.keyboard.press(key);
  }
  assert.fail(`the cursor did not reach ${target} in 40 arrow presses (at ${await cursorSquare(page)})`);
}

/** Learns what each arrow key does to the cursor (file/rank step), with the board focused. */
export async function learnArrows(page) {
  const arrows = {};
  for (const [key, back] of [
    ['ArrowUp', 'ArrowDown'],
    ['ArrowDown', 'ArrowUp'],
    ['ArrowLeft', 'ArrowRight'],
    ['ArrowRight', 'ArrowLeft'],
  ]) {
    let a = parseSquare(await cursorSquare(page));
    await page.keyboard.press(key);
    let b = parseSquare(await cursorSquare(page));
    if (a.file === b.file && a.rank === b.rank) {
      // at the edge: step back first, then try again
      await page.keyboard.press(back);
      a = parseSquare(await cursorSquare(page));
      await page.keyboard.press(key);
      b = parseSquare(await cursorSquare(page));
    }
    arrows[key] = { file: b.file - a.file, rank: b.rank - a.rank };
    assert.equal(Math.abs(arrows[key].file) + Math.abs(arrows[key].rank), 1, `${key} moved the cursor by ${JSON.stringify(arrows[key])}`);
  }
  return arrows;
}

/** Plays `mv` with the keyboard: cursor to the piece, Enter, cursor to the target, Enter. */
export async function playByKeyboard(page, mv, arrows) {
  const before = (await state(page)).ply;
  const [from, to] = mv.split('-');
  await moveCursor(page, from, arrows);
  await page.keyboard.press('Enter');
  await moveCursor(page, to, arrows);
  await page.keyboard.press('Enter');
  await page.waitForFunction((p) => window.stratagemTest.state().ply > p, before, { timeout: 10_000 });
}

/** Chooses a level from the keyboard: focus the select by Tab, then arrow keys to `id`. */
export async function chooseLevelByKeyboard(page, id) {
  await chooseByKeyboard(page, 'level', id);
}

/** Chooses the option `want` of the select `#selectId` from the keyboard (Tab, arrow keys). */
export async function chooseByKeyboard(page, selectId, want) {
  const options = await page.evaluate((s) => [...document.querySelectorAll(`#${s} option`)].map((o) => o.value), selectId);
  assert.ok(options.includes(want), `#${selectId} does not offer ${want} (${options.join(', ')})`);
  await focusByTab(page, selectId);
  for (let i = 0; i < options.length * 2 + 2; i++) {
    const cur = await value(page, `#${selectId}`);
    if (cur === want) return;
    await page.keyboard.press(options.indexOf(cur) < options.indexOf(want) ? 'ArrowDown' : 'ArrowUp');
  }
  assert.equal(await value(page, `#${selectId}`), want, `#${selectId} did not follow the arrow keys`);
}

/** The levels the page offers, from its own wasm package (weakest first). */
export async function pageLevels(page) {
  return page.evaluate(async () => {
    const m = await import('/pkg/stratagem.js');
    await m.default();
    return m.levels();
  });
}

/** A small seeded PRNG (mulberry32), so a failing run can be replayed with the same choices. */
export function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The phone every screen is also shot at (a common small phone, in CSS pixels). */
export const PHONE = { width: 390, height: 844 };

/**
 * Saves a full-page screenshot of the current screen as `name`, and, when the page is wider
 * than a phone, the same screen at the phone's size as `phone-<name>` (issue 9: every screen,
 * desktop and phone), checking that the screen has no sideways overflow there. The viewport
 * is put back afterwards.
 */
export async function screenshot(page, name) {
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  const file = path.join(SCREENSHOTS, name);
  await page.screenshot({ path: file, fullPage: true });
  const size = page.viewportSize();
  if (size && size.width > PHONE.width) {
    await page.setViewportSize(PHONE);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const wide = await page.evaluate(() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth));
    await page.screenshot({ path: path.join(SCREENSHOTS, `phone-${name}`), fullPage: true });
    await page.setViewportSize(size);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    assert.ok(wide <= PHONE.width, `screen '${name}' is ${wide} px wide on a ${PHONE.width} px phone`);
  }
  return file;
}
