//! End-to-end: a reload restores the game in progress: the same ply count, the same board (as
//! the player sees it: the canvas pixels, the move list, the captured pieces, the legal moves),
//! and the game goes on from there.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as h from './lib/harness.mjs';

const env = h.shared();

/** What the player sees of the game, read after the mouse has left the board. */
async function snapshot(page) {
  await page.mouse.move(1, 1);
  // let any animation (a battle shown, a piece sliding) finish before the picture
  await page.waitForTimeout(1600);
  return {
    state: await h.state(page),
    setup: await h.setupString(page),
    moves: await page.locator('#move-list li').allTextContents(),
    capturedRed: await h.text(page, '#captured-red'),
    capturedBlue: await h.text(page, '#captured-blue'),
    remaining: await h.text(page, '#enemy-remaining'),
    legal: (await h.legalMoves(page)).sort(),
    canvas: (await page.locator('#board').screenshot()).toString('base64'),
  };
}

test('a reload restores the game in progress', async (t) => {
  const { page, errors } = await h.openPage(env.browser, env.server);
  const levels = await h.pageLevels(page);
  await h.chooseLevelByKeyboard(page, levels[0].id);
  await h.applySetup(page, h.DEEP_FLAG_SETUP);
  await h.clickElement(page, '#btn-start');
  const rnd = h.prng(7);
  for (let i = 0; i < 8; i++) {
    const st = await h.waitHumanTurnOrOver(page);
    if (st.phase === 'over') break;
    const quiet = await h.quietMoves(page);
    await h.playByMouse(page, quiet[Math.floor(rnd() * quiet.length)]);
  }
  const st = await h.waitHumanTurnOrOver(page);
  assert.equal(st.phase, 'play', 'the game ended within 8 moves; this test needs a game in progress');
  assert.ok(st.ply >= 10);
  const before = await snapshot(page);

  await page.reload();
  await h.waitReady(page);
  const st2 = await h.waitHumanTurnOrOver(page);
  const after = await snapshot(page);
  assert.equal(st2.phase, 'play', 'after the reload the game is not in progress');
  assert.equal(after.state.ply, before.state.ply, 'the ply count changed across the reload');
  // lastBotMoveMs is the time of a reply seen by this page load, not part of the game
  const game = ({ lastBotMoveMs, ...rest }) => rest;
  assert.deepEqual(game(after.state), game(before.state));
  assert.equal(after.setup, before.setup);
  assert.deepEqual(after.moves, before.moves, 'the move list changed');
  assert.equal(after.capturedRed, before.capturedRed);
  assert.equal(after.capturedBlue, before.capturedBlue);
  assert.equal(after.remaining, before.remaining);
  assert.deepEqual(after.legal, before.legal, 'the human has other legal moves: the board differs');
  assert.ok(after.canvas === before.canvas, 'the board canvas looks different after the reload');
  t.diagnostic(`restored at ply ${after.state.ply} with ${after.legal.length} legal moves`);

  // The restored game goes on.
  await h.playByMouse(page, after.legal[0]);
  const st3 = await h.waitHumanTurnOrOver(page);
  assert.ok(st3.phase === 'over' || st3.ply === after.state.ply + 2, 'the restored game does not go on');
  h.assertNoErrors(errors);
});
