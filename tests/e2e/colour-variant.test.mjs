//! End-to-end: playing either colour and the Barrage variant. As Blue the bot (Red) moves first
//! and the board is drawn from Blue's side; a Barrage game (as Blue) is played by mouse to its
//! real end, and its record and Gravon file say the variant; a Barrage setup opens from a link
//! and is saved and loaded under its own variant.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import * as h from './lib/harness.mjs';

const env = h.shared();
const MAX_PLIES = 1500;

/** A random legal move leaning towards the enemy (Blue plays down the board, Red up). */
function choose(legal, rnd, side) {
  const dir = side === 'Red' ? 1 : -1;
  const gain = (mv) => {
    const [a, b] = mv.split('-').map(h.parseSquare);
    return (b.rank - a.rank) * dir;
  };
  const best = Math.max(...legal.map(gain));
  const pool = rnd() < 0.75 && best > 0 ? legal.filter((m) => gain(m) === best) : legal;
  return pool[Math.floor(rnd() * pool.length)];
}

async function download(page, selector) {
  const [d] = await Promise.all([page.waitForEvent('download'), h.clickElement(page, selector)]);
  return fs.readFileSync(await d.path(), 'utf8');
}

test('as Blue: the bot moves first, the board is drawn from Blue\'s side', async () => {
  const { page, errors, context } = await h.openPage(env.browser, env.server);
  const levels = await h.pageLevels(page);
  await h.chooseLevelByKeyboard(page, levels[0].id);
  await h.chooseByKeyboard(page, 'side', 'Blue');
  await h.clickElement(page, '#btn-random-setup');
  const setup = await h.setupString(page);
  // Blue's home (ranks 7-10) is at the bottom of the screen, a10 at the bottom left
  const a10 = await h.squareCenter(page, 'a10');
  const a1 = await h.squareCenter(page, 'a1');
  const j10 = await h.squareCenter(page, 'j10');
  assert.ok(a10.y > a1.y, 'rank 10 is not at the bottom for Blue');
  assert.ok(a10.x > j10.x, 'Blue\'s left (file j) is not on the left');
  await h.screenshot(page, 'setup-blue.png');
  await h.clickElement(page, '#btn-start');
  let st = await h.waitHumanTurnOrOver(page);
  assert.equal(st.humanSide, 'Blue');
  assert.equal(st.toMove, 'Blue');
  assert.equal(st.ply, 1, 'Red (the bot) did not move first');
  assert.equal(await h.setupString(page), setup, 'the game did not start from Blue\'s chosen setup');
  const rnd = h.prng(777);
  for (let i = 0; i < 15 && st.phase === 'play'; i++) {
    const legal = await h.legalMoves(page);
    assert.ok(legal.every((m) => /^[a-j]\d+-[a-j]\d+$/.test(m)));
    await h.playByMouse(page, choose(legal, rnd, 'Blue'));
    st = await h.waitHumanTurnOrOver(page);
  }
  // The setup is random and a Flag on a front row may be taken within 15 moves (no other end
  // comes that early: the draw limits are 200 plies and more, and no army is immobilised so
  // soon); then the status names the bot's colour ("You lost: Red captured your Flag." or "You
  // won: You captured Red's Flag."), otherwise it is "Your move (Blue)."
  assert.match(await h.text(page, '#status'), st.phase === 'play' ? /Blue/ : /Red/);
  await h.screenshot(page, 'play-blue.png');
  h.assertNoErrors(errors);
  await context.close();
});

test('a Barrage game as Blue, by mouse, to its end; the record and Gravon file say barrage', { timeout: 20 * 60_000 }, async (t) => {
  const { page, errors, context } = await h.openPage(env.browser, env.server);
  const levels = await h.pageLevels(page);
  await h.chooseLevelByKeyboard(page, levels[0].id);
  await h.chooseByKeyboard(page, 'variant', 'barrage');
  await h.chooseByKeyboard(page, 'side', 'Blue');
  await h.clickElement(page, '#btn-random-setup');
  const setup = await h.setupString(page);
  assert.equal(setup.replace(/A/g, '').length, 8, `not a Barrage setup: ${setup}`);
  await h.clickElement(page, '#btn-smart-setup');
  assert.equal((await h.setupString(page)).replace(/A/g, '').length, 8, 'Smart setup is not a Barrage army');
  await h.screenshot(page, 'setup-barrage.png');
  await h.clickElement(page, '#btn-start');
  let st = await h.waitHumanTurnOrOver(page);
  const rnd = h.prng(8080);
  while (st.phase === 'play' && st.ply < MAX_PLIES) {
    await h.playByMouse(page, choose(await h.legalMoves(page), rnd, 'Blue'));
    st = await h.waitHumanTurnOrOver(page, 30_000);
  }
  assert.equal(st.phase, 'over', `no end after ${st.ply} plies`);
  assert.ok(st.outcome);
  await h.screenshot(page, 'over-barrage.png');
  const record = await download(page, '#btn-export-over');
  assert.match(record, /\[Variant "barrage"\]/, 'the record does not say barrage');
  assert.match(record, /\[Blue "You"\]/, 'the record does not name the player as Blue');
  const gravon = await download(page, '#btn-export-gravon');
  assert.match(gravon, /barrage/i, 'the Gravon file does not say barrage');
  t.diagnostic(`Barrage as Blue: over after ${st.ply} plies: ${st.outcome}`);
  h.assertNoErrors(errors);
  await context.close();
});

test('a Barrage setup is saved and loaded under its variant, and opens from a link', async () => {
  const { page, errors, context } = await h.openPage(env.browser, env.server);
  await h.chooseByKeyboard(page, 'variant', 'barrage');
  await h.clickElement(page, '#btn-random-setup');
  const setup = await h.setupString(page);
  await h.clickElement(page, '#setup-name');
  await page.keyboard.type('My barrage');
  await h.clickElement(page, '#btn-save-setup');
  // back to the classic army, then load the saved Barrage setup: the variant follows it
  await h.chooseByKeyboard(page, 'variant', 'classic');
  assert.equal((await h.setupString(page)).replace(/A/g, '').length, 40);
  await h.chooseByKeyboard(page, 'saved-setups', 'My barrage');
  await h.clickElement(page, '#btn-load-setup');
  assert.equal(await h.value(page, '#variant'), 'barrage', 'loading a Barrage setup did not switch the variant');
  assert.equal(await h.setupString(page), setup);
  await context.close();

  const linked = await h.openPage(env.browser, env.server, { hash: `#setup=${setup}` });
  assert.equal(await h.value(linked.page, '#variant'), 'barrage', 'a Barrage link did not switch the variant');
  assert.equal(await h.setupString(linked.page), setup);
  assert.equal((await h.text(linked.page, '#setup-error')).trim(), '');
  h.assertNoErrors(linked.errors);
  h.assertNoErrors(errors);
  await linked.context.close();
});
