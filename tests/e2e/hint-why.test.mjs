//! End-to-end: "Hint" and "Why?" answer while the page stays live. A requestAnimationFrame
//! counter (installed before the page's scripts) keeps counting while the hint is computed in
//! the worker; the hint is a legal move of the player's, shown selected; "Why?" after a bot move
//! names that move and what its search reported, and lists the bot's best candidate moves with
//! their scores on its own scale, named (or says the bot gives none).
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
  // the bot plays random moves here: keep the player's Flag out of a Scout's reach
  await h.applySetup(page, h.DEEP_FLAG_SETUP);
  await h.clickElement(page, '#btn-start');
  let st = await h.waitHumanTurnOrOver(page);
  await h.playByMouse(page, await h.quietMove(page));
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
  // the weakest level (random) weighs nothing: it says so rather than listing nothing
  assert.equal(levels[0].bot, 'random');
  assert.equal(await h.text(page, '#why-scale'), 'random gives no candidate moves with scores: it does not rank the moves it weighed.');
  assert.equal(await page.locator('#why-candidates li').count(), 0);
  await h.screenshot(page, 'hint-why.png');
  h.assertNoErrors(errors);
  await context.close();
});

test('Why? lists the bot\'s best candidate moves with their scores, on its scale', async () => {
  const { page, errors, context } = await h.openPage(env.browser, env.server);
  const levels = await h.pageLevels(page);
  // the weakest level that weighs its moves (the plan bots score every legal move)
  const lv = levels.find((l) => l.bot === 'strategoai');
  assert.ok(lv, `no strategoai level: ${levels.map((l) => l.bot).join(', ')}`);
  await h.chooseLevelByKeyboard(page, lv.id);
  await h.applySetup(page, h.DEEP_FLAG_SETUP);
  await h.clickElement(page, '#btn-start');
  for (let i = 0; i < 3; i++) {
    await h.waitHumanTurnOrOver(page);
    await h.playByMouse(page, await h.quietMove(page));
  }
  const st = await h.waitHumanTurnOrOver(page);
  assert.equal(st.phase, 'play');
  await h.clickElement(page, '#btn-why');
  const played = await page.evaluate(() => document.querySelector('#move-list li:last-child .mv')?.textContent?.replace('×', '-'));
  assert.equal(
    await h.text(page, '#why-scale'),
    "Its best 5 candidates, scored in the sum of the plans' scores for the move (higher is better for it):",
  );
  // what the player has seen of the bot's army: its pieces on the board and, when the bot's move
  // was a battle that took its piece off the board, the last move's text that named it
  const boardText = (await h.text(page, '#board-text')) ?? '';
  const enemy = /Enemy pieces \([^)]*\): (.*?)\./.exec(boardText)?.[1] ?? '';
  // ("Last move: Blue e7-e6, Captain (6) takes Sergeant (4)."): the bot's attacker, seen in battle
  const last = /Last move: (Red|Blue) [^,]+, ([A-Z][a-z]+)/.exec(boardText);
  const seenInBattle = last && last[1] !== st.humanSide ? last[2] : null;
  const items = await page.locator('#why-candidates li').evaluateAll((els) => els.map((e) => ({ text: e.textContent, move: e.dataset.move, score: Number(e.dataset.score) })));
  assert.equal(items.length, 5, JSON.stringify(items));
  const re = /^(Unknown piece|[A-Z][a-z]+) ([a-j]\d+-[a-j]\d+): ([+-]?[\d,.]+)( \(played\))?$/;
  for (const [i, it] of items.entries()) {
    const m = re.exec(it.text);
    assert.ok(m, `candidate "${it.text}" is not "<piece> <move>: <score>"`);
    assert.equal(m[2], it.move);
    // the bot's pieces stay hidden: a piece is named only if the player knows it (revealed)
    if (m[1] !== 'Unknown piece') assert.ok(enemy.includes(m[1]) || m[1] === seenInBattle, `${it.text} names a piece the player has not seen (${boardText})`);
    assert.equal(m[4] != null, it.move === played, `"(played)" on the wrong move: ${it.text} (played ${played})`);
    if (i > 0) assert.ok(items[i - 1].score >= it.score, `not best first: ${JSON.stringify(items)}`);
  }
  // the move played is the best, or tied with every one listed
  const top = items[0].score;
  assert.ok(items.some((it) => it.move === played) || items.every((it) => it.score === top), `${played} is not among ${JSON.stringify(items)}`);
  await h.screenshot(page, 'why-candidates.png');
  h.assertNoErrors(errors);
  await context.close();
});
