//! End-to-end: faults in the bot's worker, injected through the page's test-only `?fault=`
//! query parameter (www/README.md, "Faults"): a bot that panics inside wasm (the instance
//! traps), one that never answers, and a worker whose engine does not load. In each the page
//! replaces the worker (or gives up on it after two failed loads), plays a legal move for the
//! bot, says so in words, and the game goes on; nothing is thrown in the page itself.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as h from './lib/harness.mjs';

const env = h.shared();

/** Opens the page with `query`, counting the workers it starts; `route` may fault requests. */
async function open(query, route = null) {
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 900 } });
  if (route) await context.route(route.url, route.handler);
  const page = await context.newPage();
  const errors = h.watchErrors(page);
  const workers = [];
  page.on('worker', (w) => workers.push(w.url()));
  await page.goto(env.server.url(h.PAGE + query));
  await h.waitReady(page);
  return { context, page, errors, workers };
}

/** Starts a game as Red against the weakest level (Red moves first). */
async function start(page) {
  const levels = await h.pageLevels(page);
  await h.chooseLevelByKeyboard(page, levels[0].id);
  // the bot plays random moves here: keep the player's Flag out of their reach
  await h.applySetup(page, h.DEEP_FLAG_SETUP);
  await h.clickElement(page, '#btn-start');
  const st = await h.waitHumanTurnOrOver(page);
  assert.equal(st.phase, 'play');
  assert.equal(st.humanSide, 'Red');
  return levels[0];
}

/** Plays the player's first legal move by mouse and waits for the bot's answer; returns the state. */
async function playOne(page) {
  const before = (await h.state(page)).ply;
  await h.playByMouse(page, await h.quietMove(page));
  const st = await h.waitHumanTurnOrOver(page, 40_000);
  assert.equal(st.phase, 'play', 'the game ended early');
  assert.equal(st.ply, before + 2, 'the bot did not move after the player');
  return st;
}

/** The errors the page shows, less those the injected fault is expected to cause. */
function unexpected(errors, expected) {
  return errors.filter((e) => !expected.some((re) => re.test(e)));
}

/** "Why?" names the bot's last move and its search: the bot that moved was a real one. */
async function botReallyMoved(page) {
  await h.clickElement(page, '#btn-why');
  const why = await h.text(page, '#why-text');
  const last = await page.evaluate(() => document.querySelector('#move-list li:last-child .mv')?.textContent?.replace('×', '-'));
  assert.ok(why.includes(`played ${last}`), `Why? does not name the bot's last move ${last}: ${why}`);
}

test('a bot that panics inside wasm: the worker is replaced, a legal move is played, the game goes on', async () => {
  const { page, errors, context, workers } = await open('?fault=panic');
  await start(page);
  await playOne(page);
  const said = await h.text(page, '#message');
  assert.match(said, /^The bot failed \(the engine crashed inside wasm: unreachable\); a fresh one was started, and a random legal move was played for it\.$/, said);
  assert.equal(workers.length, 2, `workers started: ${workers.join(', ')}`);
  // the fresh worker answers the next move itself
  await playOne(page);
  assert.doesNotMatch(await h.text(page, '#message'), /failed/);
  await botReallyMoved(page);
  assert.equal(workers.length, 2);
  // the only errors: the panic's message, logged in the worker by the panic hook
  // (Chromium reports a worker's console in the page's, or in the worker's: either is fine)
  const panicLog = /^(worker )?console error: panicked at .*injected fault: a bot panicked inside wasm/s;
  assert.ok(errors.some((e) => panicLog.test(e)), errors.join('\n'));
  h.assertNoErrors(unexpected(errors, [panicLog]));
  await context.close();
});

test('a bot that never answers: the watchdog replaces the worker, a legal move is played, the game goes on', async () => {
  const { page, errors, context, workers } = await open('?fault=hang');
  const level = await start(page);
  const t0 = Date.now();
  await playOne(page);
  const waited = Date.now() - t0;
  const said = await h.text(page, '#message');
  assert.match(said, /^The bot failed \(the bot did not answer within [\d.]+ s\); a fresh one was started/, said);
  assert.ok(waited >= level.movetime_ms + 1500, `the watchdog fired after ${waited} ms, before the level's time + 1.5 s`);
  assert.equal(workers.length, 2, `workers started: ${workers.join(', ')}`);
  await playOne(page);
  assert.doesNotMatch(await h.text(page, '#message'), /failed/);
  await botReallyMoved(page);
  h.assertNoErrors(errors);
  await context.close();
});

test('a worker whose engine does not load: tried twice, then the player is told and random moves are played', async () => {
  const { page, errors, context, workers } = await open('?fault=load');
  await page.waitForSelector('#notices li[data-key="bot"]', { timeout: 30_000 });
  const note = await h.text(page, '#notices li[data-key="bot"]');
  assert.match(note, /^The bot could not be loaded \(.+\): random legal moves are played for it\. Reload the page to try again\.$/, note);
  await start(page);
  for (let i = 0; i < 3; i++) {
    const t0 = Date.now();
    await playOne(page);
    assert.ok(Date.now() - t0 < 10_000, 'the page waited for a worker it had given up on');
    assert.match(await h.text(page, '#message'), /^The bot is not available \(the bot could not be loaded .+\); a random legal move was played for it\.$/);
  }
  assert.equal(workers.length, 2, `a worker that cannot load was started again and again: ${workers.length}`);
  assert.equal(await h.statusState(page), 'your-turn');
  // the only errors: the engine's download that failed (a 404 for the missing file)
  assert.ok(errors.some((e) => /missing-for-fault-test\.wasm/.test(e)), errors.join('\n'));
  h.assertNoErrors(unexpected(errors, [/missing-for-fault-test\.wasm/, /status of 404/]));
  await context.close();
});

test('a worker whose script does not load (HTTP 404): the same, through the worker\'s error event', async () => {
  // injected by the test's network route alone: the page runs unchanged
  let served = 0;
  // (only the worker's own script loads; the service worker's caching fetch goes through)
  const handler = (r) => (r.request().resourceType() === 'script' ? (served++, r.fulfill({ status: 404, contentType: 'text/plain', body: 'gone' })) : r.continue());
  const route = { url: '**/www/bot-worker.js*', handler };
  const { page, errors, context, workers } = await open('', route);
  await page.waitForSelector('#notices li[data-key="bot"]', { timeout: 30_000 });
  assert.match(await h.text(page, '#notices li[data-key="bot"]'), /^The bot could not be loaded \(the bot's worker failed: .+\): random legal moves are played for it\./);
  assert.equal(served, 2, 'the worker script was not asked for exactly twice (first try and one replacement)');
  await start(page);
  await playOne(page);
  await playOne(page);
  assert.match(await h.text(page, '#message'), /^The bot is not available/);
  h.assertNoErrors(unexpected(errors, [/bot-worker\.js/, /status of 404/]));
  await context.close();
});
