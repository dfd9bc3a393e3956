//! End-to-end: the findings of issue 9 "found when tried as a new user would", one test each,
//! as a person meets them: the board and status stay in view on a phone over 50 moves; the
//! page is no wider than a 390 px phone and Start game is on its first screen; Smart setup never
//! puts the Flag on the front row at any level; Play again draws a new bot setup; the address
//! follows the setup, so an edited setup survives a reload.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import * as h from './lib/harness.mjs';

const PHONE = { width: 390, height: 844 };

const env = h.shared();

/** Where an element stands in the viewport: {top, bottom, left, right} (CSS pixels). */
const rectOf = (page, sel) =>
  page.evaluate((s) => {
    const r = document.querySelector(s)?.getBoundingClientRect();
    return r ? { top: r.top, bottom: r.bottom, left: r.left, right: r.right } : null;
  }, sel);

async function assertInView(page, sel, when) {
  const r = await rectOf(page, sel);
  const vh = await page.evaluate(() => window.innerHeight);
  assert.ok(r, `${sel} is missing ${when}`);
  assert.ok(r.top >= 0 && r.bottom <= vh, `${sel} is out of view ${when}: top ${r.top}, bottom ${r.bottom}, window ${vh}`);
}

/** Resigns the game through the Resign button (confirming if the page asks). */
async function resignGame(page) {
  await h.clickElement(page, '#btn-resign');
  if ((await h.state(page)).phase === 'play') await h.clickElement(page, '#btn-resign');
  await page.waitForFunction(() => window.stratagemTest.state().phase === 'over', null, { timeout: 5000 });
}

/** The exported record of the finished game (the game-over panel's Export), as text. */
async function exportedRecord(page) {
  const [download] = await Promise.all([page.waitForEvent('download'), h.clickElement(page, '#btn-export-over')]);
  return fs.readFileSync(await download.path(), 'utf8');
}

const tag = (record, name) => new RegExp(`\\[${name} "([^"]*)"\\]`).exec(record)?.[1];

test('the board and the status stay in view over 50 moves on a phone', async (t) => {
  const { page, errors, context } = await h.openPage(env.browser, env.server, { viewport: PHONE });
  const levels = await h.pageLevels(page);
  await h.chooseLevelByKeyboard(page, levels[0].id);
  await h.clickElement(page, '#btn-start');
  // back to the top as a person would (reaching Start may have scrolled the page)
  await page.mouse.wheel(0, -5000);
  await page.waitForFunction(() => window.scrollY === 0);
  const rnd = h.prng(9050);
  let moves = 0;
  while (moves < 50) {
    const st = await h.waitHumanTurnOrOver(page, 30_000);
    if (st.phase === 'over') {
      await h.clickElement(page, '#btn-play-again');
      continue;
    }
    await assertInView(page, '#board', `before human move ${moves + 1} (ply ${st.ply})`);
    await assertInView(page, '#status', `before human move ${moves + 1} (ply ${st.ply})`);
    const legal = await h.legalMoves(page);
    await h.playByMouse(page, legal[Math.floor(rnd() * legal.length)]);
    moves++;
  }
  await h.waitHumanTurnOrOver(page, 30_000);
  await assertInView(page, '#board', 'after 50 moves');
  // The list itself scrolled to its last line: the current move is visible inside it.
  const list = await rectOf(page, '#move-list');
  const cur = await rectOf(page, '#move-list li.current');
  assert.ok(cur && cur.top >= list.top - 1 && cur.bottom <= list.bottom + 1, `the current move is not shown in the list: ${JSON.stringify({ list, cur })}`);
  t.diagnostic(`50 moves on a ${PHONE.width} x ${PHONE.height} screen, board in view before each`);
  await h.screenshot(page, 'phone-play.png');
  h.assertNoErrors(errors);
  await context.close();
});

test('a 390 px phone: no sideways overflow, Start game on the first screen', async () => {
  const { page, errors, context } = await h.openPage(env.browser, env.server, { viewport: PHONE });
  const width = () => page.evaluate(() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth));
  assert.ok((await width()) <= PHONE.width, `the setup screen is ${await width()} px wide on a ${PHONE.width} px phone`);
  const start = await rectOf(page, '#btn-start');
  assert.ok(start.bottom <= PHONE.height, `Start game ends ${start.bottom} px down, below the first screen (${PHONE.height})`);
  await h.screenshot(page, 'phone-setup.png');
  await h.clickElement(page, '#btn-start');
  await h.waitHumanTurnOrOver(page);
  assert.ok((await width()) <= PHONE.width, `the game screen is ${await width()} px wide on a ${PHONE.width} px phone`);
  h.assertNoErrors(errors);
  await context.close();
});

test('Smart setup never puts the Flag on the front row, at any level', async (t) => {
  const { page, errors, context } = await h.openPage(env.browser, env.server);
  const levels = await h.pageLevels(page);
  const flag = await page.evaluate(async () => {
    const m = await import('/pkg/stratagem.js');
    await m.default();
    return m.pieceKinds().find((k) => k.kind === 'Flag').letter;
  });
  for (const lv of levels) {
    await h.chooseLevelByKeyboard(page, lv.id);
    const seen = new Set();
    for (let i = 0; i < 25; i++) {
      await h.clickElement(page, '#btn-smart-setup');
      const s = await h.setupString(page);
      // setup index 30..39 is the owner's front row (rules: row i / 10 counted from the back)
      const at = s.indexOf(flag);
      assert.ok(at >= 0 && at < 30, `level ${lv.id}, press ${i + 1}: the Flag stands on the front row (index ${at}) in ${s}`);
      seen.add(s);
    }
    assert.ok(seen.size > 20, `level ${lv.id}: Smart setup gave only ${seen.size} different setups in 25 presses`);
    t.diagnostic(`${lv.id}: 25 presses, ${seen.size} setups, the Flag behind the front row in all`);
  }
  h.assertNoErrors(errors);
  await context.close();
});

test('Play again draws a new setup for the bot and keeps the player\'s', async () => {
  const { page, errors, context } = await h.openPage(env.browser, env.server);
  await h.clickElement(page, '#btn-start');
  await h.waitHumanTurnOrOver(page);
  const blues = [];
  let red = null;
  for (let round = 0; round < 3; round++) {
    await resignGame(page);
    const rec = await exportedRecord(page);
    const blue = tag(rec, 'BlueSetup');
    assert.match(blue ?? '', /^[B-M]{40}$/, `no BlueSetup in the exported record:\n${rec}`);
    if (red != null) assert.equal(tag(rec, 'RedSetup'), red, 'Play again changed the player\'s setup');
    red = tag(rec, 'RedSetup');
    assert.ok(!blues.includes(blue), `round ${round + 1}: Play again gave the bot the setup it had shown (${blue})`);
    blues.push(blue);
    await h.clickElement(page, '#btn-play-again');
    await h.waitHumanTurnOrOver(page);
  }
  h.assertNoErrors(errors);
  await context.close();
});

test('the address follows the setup: a setup changed after opening a link survives a reload', async () => {
  const good = 'IBJEIBHEBGEHEMCEHBDDHFLJGKDIFGBDGFDFDDDB';
  const { page, errors, context } = await h.openPage(env.browser, env.server, { hash: `#setup=${good}` });
  assert.equal(await h.setupString(page), good);
  await h.clickElement(page, '#btn-random-setup');
  const random = await h.setupString(page);
  assert.notEqual(random, good);
  await page.reload();
  await h.waitReady(page);
  assert.equal(await h.setupString(page), random, 'a reload after Random brought the linked setup back');

  // swap the first two different pieces of the back row by mouse (setup index i = square
  // file i % 10, rank i / 10 + 1 for Red)
  const j = [...random].findIndex((c, i) => i > 0 && c !== random[0]);
  await h.clickSquare(page, 'a1');
  await h.clickSquare(page, `${'abcdefghij'[j]}1`);
  const swapped = await h.setupString(page);
  assert.equal(swapped, random[j] + random.slice(1, j) + random[0] + random.slice(j + 1), 'the two clicks did not swap the pieces');
  await page.reload();
  await h.waitReady(page);
  assert.equal(await h.setupString(page), swapped, 'a reload after a swap lost the swap');
  const hash = await page.evaluate(() => location.hash);
  assert.ok(hash === '' || hash === `#setup=${swapped}`, `the address shows another setup: ${hash}`);
  h.assertNoErrors(errors);
  await context.close();
});
