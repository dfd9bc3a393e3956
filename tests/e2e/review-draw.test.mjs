//! End-to-end: draw offers and game review. At the start (level material) the bot declines an
//! offer; in an imported game where the bot is behind in material it accepts, and the game
//! ends as an agreed draw. That finished game is then reviewed with both armies shown, from
//! its first ply to its last by the step button, battles named in the status, the move list
//! following.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as h from './lib/harness.mjs';

const env = h.shared();
const RED = 'IBJEIBHEBGEHEMCEHBDDHFLJGKDIFGBDGFDFDDDB';
const BLUE = 'GHDEDEBMBFBBEJDIJBEBDGHCDHIEDHDFIKFGDLFG';

test('a draw offer with level material is declined', async () => {
  const { page, errors, context } = await h.openPage(env.browser, env.server);
  await h.clickElement(page, '#btn-start');
  await h.waitHumanTurnOrOver(page);
  await h.clickElement(page, '#btn-draw');
  const said = await h.text(page, '#message');
  assert.match(said, /declines/i, `the page said: ${said}`);
  const st = await h.state(page);
  assert.equal(st.phase, 'play');
  assert.equal(st.outcome, null);
  h.assertNoErrors(errors);
  await context.close();
});

test('a draw offer the bot accepts when behind; the game is then reviewed to its last ply', async (t) => {
  const { page, errors, context } = await h.openPage(env.browser, env.server);
  // A game from random moves, stopped (after 40 plies at least) where Red is to move and Blue (the bot) is behind.
  const record = await page.evaluate(
    async ([red, blue]) => {
      const m = await import('/pkg/stratagem.js');
      await m.default();
      let x = 12345;
      const rnd = () => (x = (x * 1103515245 + 12345) % 2147483648) / 2147483648;
      for (let game = 0; game < 50; game++) {
        const r = new m.Referee(red, blue, undefined);
        while (!r.outcome() && r.ply() < 400) {
          if (r.ply() >= 40 && r.toMove() === 'Red' && r.drawAnswer('Blue').accept) return r.exportRecord('', '', '');
          const legal = r.legalMoves();
          r.play(legal[Math.floor(rnd() * legal.length)]);
        }
      }
      return null;
    },
    [RED, BLUE],
  );
  assert.ok(record, 'no position with Blue behind in 50 random games');
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'stratagem-')), 'behind.txt');
  fs.writeFileSync(file, record);
  const [fc] = await Promise.all([page.waitForEvent('filechooser'), h.clickElement(page, '#btn-import')]);
  await fc.setFiles(file);
  let st = await h.waitHumanTurnOrOver(page);
  assert.equal(st.phase, 'play');
  const plies = st.ply;
  await h.clickElement(page, '#btn-draw');
  await page.waitForFunction(() => window.stratagemTest.state().phase === 'over');
  st = await h.state(page);
  assert.match(st.outcome, /draw/i);
  assert.equal(await h.text(page, '#game-over-title'), 'Draw');
  assert.match(await h.text(page, '#game-over-reason'), /agreed/i);
  await h.screenshot(page, 'draw-accepted.png');

  // Review: from ply 0, both armies shown, stepping to the last ply.
  await h.clickElement(page, '#btn-review');
  const described = () => h.text(page, '#board-text');
  assert.match(await h.text(page, '#status'), new RegExp(`Review: move 0 of ${plies}`));
  const start = await described();
  assert.doesNotMatch(start, /unknown/, `an army is hidden in the review: ${start.slice(0, 200)}`);
  assert.equal((start.match(/Flag/g) ?? []).length, 2, 'both Flags are not shown');
  let battles = 0;
  for (let p = 1; p <= plies; p++) {
    await h.clickElement(page, '#btn-step-forward');
    const status = await h.text(page, '#status');
    assert.match(status, new RegExp(`Review: move ${p} of ${plies}`), `after ${p} steps: ${status}`);
    const line = await page.evaluate(() => document.querySelector('#move-list li.current')?.dataset.ply);
    assert.equal(line, String(p), 'the move list does not follow the review');
    const battle = await page.evaluate(() => document.querySelector('#move-list li.current .battle')?.textContent ?? null);
    if (battle) {
      battles++;
      assert.ok(status.includes(battle), `the battle of ply ${p} (${battle}) is not named: ${status}`);
    }
  }
  assert.ok(battles > 0, 'the reviewed game had no battle');
  assert.equal(await page.isDisabled('#btn-step-forward'), true, 'stepping goes past the last ply');
  await h.screenshot(page, 'review.png');
  t.diagnostic(`reviewed ${plies} plies, ${battles} battles`);
  h.assertNoErrors(errors);
  await context.close();
});
