//! End-to-end: "Hint" and "Why?" answer while the page stays live. A requestAnimationFrame
//! counter (installed before the page's scripts) keeps counting while the hint is computed in
//! the worker; the hint is a legal move of the player's, shown selected; "Why?" after a bot move
//! names that move and what its search reported.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as h from './lib/harness.mjs';

const env = h.shared();

const RAF_COUNTER = `
  window.__frames = 0;
  const tick = () => { window.__frames++; requestAnimationFrame(tick); };
  requestAnimationFrame(tick);
`;

test('Hint and Why? answer while animation frames keep coming', async (t) => {
  const { page, errors, context } = await h.openPage(env.browser, env.server, { initScripts: [RAF_COUNTER] });
  const levels = await h.pageLevels(page);
  await h.chooseLevelByKeyboard(page, levels[0].id);
  await h.clickElement(page, '#btn-start');
  let st = await h.waitHumanTurnOrOver(page);
  await h.playByMouse(page, (await h.legalMoves(page))[0]);
  st = await h.waitHumanTurnOrOver(page);
  assert.equal(st.phase, 'play');

  const legal = await h.legalMoves(page);
  const before = await page.evaluate(() => window.__frames);
  const t0 = Date.now();
  await h.clickElement(page, '#btn-hint');
  await page.waitForFunction(() => /^Hint from /.test(document.getElementById('message')?.textContent ?? ''), null, { timeout: 15_000 });
  const ms = Date.now() - t0;
  const frames = (await page.evaluate(() => window.__frames)) - before;
  const said = await h.text(page, '#message');
  const hinted = /: ([a-j]\d+-[a-j]\d+)/.exec(said)?.[1];
  assert.ok(hinted && legal.includes(hinted), `the hint "${said}" is not a legal move (${legal.join(' ')})`);
  // frames kept coming while the worker thought: at least one every 100 ms on average
  assert.ok(frames >= ms / 100, `${frames} animation frames in ${ms} ms while the hint was computed`);
  t.diagnostic(`hint ${hinted} after ${ms} ms, ${frames} frames meanwhile`);

  await h.clickElement(page, '#btn-why');
  const why = await h.text(page, '#why-text');
  const last = await page.evaluate(() => document.querySelector('#move-list li:last-child .mv')?.textContent?.replace('×', '-'));
  assert.ok(why.includes(`played ${last}`), `Why? does not name the bot's last move ${last}: ${why}`);
  assert.match(why, /nodes/, `Why? gives no search figures: ${why}`);
  await h.screenshot(page, 'hint-why.png');
  h.assertNoErrors(errors);
  await context.close();
});
