//! End-to-end: the belief shown for an enemy piece (hover): one probability per kind, summing
//! to one; zero for kinds the piece cannot be (a piece that has moved is no Bomb and no Flag);
//! an enemy piece that has not moved may still be the Flag.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as h from './lib/harness.mjs';

const env = h.shared();

async function beliefOf(page, square) {
  const { x, y } = await h.squareCenter(page, square);
  await page.mouse.move(x, y);
  await page.waitForFunction((sq) => {
    const t = document.getElementById('belief-title')?.textContent ?? '';
    return !document.getElementById('belief')?.hidden && t.includes(` ${sq} `);
  }, square);
  return page.evaluate(() => Object.fromEntries([...document.querySelectorAll('#belief-list li')].map((li) => [li.dataset.kind, Number(li.dataset.p)])));
}

test('hovering an enemy piece shows a belief that sums to one and rules out what it cannot be', async (t) => {
  const { page, errors, context } = await h.openPage(env.browser, env.server);
  const levels = await h.pageLevels(page);
  await h.chooseLevelByKeyboard(page, levels[0].id);
  await h.applySetup(page, h.DEEP_FLAG_SETUP);
  await h.clickElement(page, '#btn-start');
  const rnd = h.prng(31337);
  let moved = null;
  for (let i = 0; i < 60 && !moved; i++) {
    const st = await h.waitHumanTurnOrOver(page);
    assert.equal(st.phase, 'play', 'the game ended before an enemy piece moved unseen');
    const text = await h.text(page, '#board-text');
    moved = /unknown \(moved\) ([a-j]\d+)/.exec(text)?.[1] ?? null;
    if (!moved) {
      const quiet = await h.quietMoves(page);
      await h.playByMouse(page, quiet[Math.floor(rnd() * quiet.length)]);
    }
  }
  assert.ok(moved, 'no enemy piece moved without being revealed');
  const b = await beliefOf(page, moved);
  const sum = Object.values(b).reduce((a, x) => a + x, 0);
  assert.ok(Math.abs(sum - 1) < 1e-6, `the belief for ${moved} sums to ${sum}: ${JSON.stringify(b)}`);
  assert.equal(b.Bomb, 0, `a piece that moved may be a Bomb: ${JSON.stringify(b)}`);
  assert.equal(b.Flag, 0, `a piece that moved may be the Flag: ${JSON.stringify(b)}`);
  assert.equal(Object.keys(b).length, 12, 'not every kind of the classic army is listed');
  await h.screenshot(page, 'belief.png');

  // an enemy piece on its back row that never moved: it may be the Flag
  const text = await h.text(page, '#board-text');
  const still = [...text.matchAll(/unknown ([a-j]10)\b/g)].map((m) => m[1])[0];
  assert.ok(still, 'no unmoved enemy piece on rank 10');
  const b2 = await beliefOf(page, still);
  const sum2 = Object.values(b2).reduce((a, x) => a + x, 0);
  assert.ok(Math.abs(sum2 - 1) < 1e-6, `the belief for ${still} sums to ${sum2}`);
  assert.ok(b2.Flag > 0, `an unmoved back-row piece cannot be the Flag? ${JSON.stringify(b2)}`);
  t.diagnostic(`${moved}: ${JSON.stringify(b)}`);
  h.assertNoErrors(errors);
  await context.close();
});
