//! End-to-end: a whole game played from the keyboard only (Tab + Enter for the buttons, arrow
//! keys + Enter on the board) against the weakest level, with random legal moves chosen by the
//! test, to the game's real end. Saves the game-over screenshot into tests/e2e/screenshots/.
//!
//! The moves are random but leaning forward (the seeded choice prefers moves towards the enemy),
//! so pieces meet and the game ends by a captured flag or a side left without moves well before
//! the draw limits. If it still runs past MAX_PLIES the test resigns from the keyboard and FAILS:
//! a resignation is not the real end this test is about.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as h from './lib/harness.mjs';

const MAX_PLIES = 1500;

const env = h.shared();

/** Seeded choice leaning forward: 3 in 4 times among the most forward moves, else any move. */
function choose(legal, rnd) {
  const gain = (mv) => {
    const [a, b] = mv.split('-').map(h.parseSquare);
    return b.rank - a.rank; // Red plays up the board
  };
  const best = Math.max(...legal.map(gain));
  const pool = rnd() < 0.75 && best > 0 ? legal.filter((m) => gain(m) === best) : legal;
  return pool[Math.floor(rnd() * pool.length)];
}

test('a whole game from the keyboard, to its end', { timeout: 25 * 60_000 }, async (t) => {
  const { page, errors } = await h.openPage(env.browser, env.server);
  const levels = await h.pageLevels(page);
  await h.chooseLevelByKeyboard(page, levels[0].id);
  await h.pressButton(page, 'btn-random-setup');
  await h.pressButton(page, 'btn-start');
  let st = await h.waitHumanTurnOrOver(page);
  assert.equal(st.phase, 'play', 'Start from the keyboard did not start the game');

  await h.focusByTab(page, 'board');
  const arrows = await h.learnArrows(page);
  const rnd = h.prng(4242);
  let moves = 0;
  const started = Date.now();
  while (st.phase === 'play' && st.ply < MAX_PLIES) {
    if ((await page.evaluate(() => document.activeElement?.id)) !== 'board') await h.focusByTab(page, 'board');
    const legal = await h.legalMoves(page);
    const mv = choose(legal, rnd);
    await h.playByKeyboard(page, mv, arrows);
    moves++;
    st = await h.waitHumanTurnOrOver(page, 30_000);
  }
  if (st.phase === 'play') {
    await h.pressButton(page, 'btn-resign');
    await h.pressButton(page, 'btn-resign'); // Resign asks first: the second press confirms
    st = await h.waitHumanTurnOrOver(page);
    assert.equal(st.phase, 'over', 'resigning from the keyboard did not end the game');
    assert.fail(`no real game end after ${st.ply} plies: resigned from the keyboard instead`);
  }
  assert.equal(st.phase, 'over');
  assert.equal(await h.statusState(page), 'over');
  assert.ok(st.outcome, 'the game is over without an outcome');
  assert.ok(await page.isVisible('#game-over'), 'the game-over panel is hidden');
  const reason = (await h.text(page, '#game-over-reason')).trim();
  assert.notEqual(reason, '', 'the game-over panel gives no reason');
  assert.deepEqual(await h.legalMoves(page), [], 'legal moves after the end');
  await page.mouse.move(1, 1);
  await page.waitForTimeout(1600); // the last battle, if any, is shown before the picture
  await h.screenshot(page, 'game-over.png');
  t.diagnostic(`game over after ${st.ply} plies (${moves} keyboard moves, ${Math.round((Date.now() - started) / 1000)} s): ${st.outcome} / "${reason}"`);
  h.assertNoErrors(errors);
});
