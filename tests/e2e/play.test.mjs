//! End-to-end: the page loads without a console error, a random setup, a start, and 40 moves
//! by mouse against the weakest level, each bot reply within that level's time. Saves the
//! setup and mid-game screenshots into tests/e2e/screenshots/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as h from './lib/harness.mjs';

/** Slack past a level's time per move for the worker round trip (the page's watchdog allows 1.5 s). */
const REPLY_SLACK_MS = 1000;

const env = h.shared();

test('loads with no console error, random setup, start, 40 moves by mouse against the weakest level', async (t) => {
  const { page, errors } = await h.openPage(env.browser, env.server);
  h.assertNoErrors(errors, 'after loading');
  assert.equal(await h.statusState(page), 'setup');
  assert.equal((await h.state(page)).phase, 'setup');

  const levels = await h.pageLevels(page);
  assert.ok(levels.length > 0, 'the page offers no level');
  const weakest = levels[0];
  await h.chooseLevelByKeyboard(page, weakest.id);

  // Random setup: a new valid string, shown in #setup-string, and Start is enabled.
  const before = await h.setupString(page);
  await h.clickElement(page, '#btn-random-setup');
  const setup = await h.setupString(page);
  assert.match(setup, /^[B-M]{40}$/);
  assert.notEqual(setup, before, 'Random did not change the setup');
  assert.equal(await h.value(page, '#setup-string'), setup);
  assert.equal(await page.isDisabled('#btn-start'), false, 'Start is disabled with a valid setup');
  await h.screenshot(page, 'setup.png');

  await h.clickElement(page, '#btn-start');
  let st = await h.waitHumanTurnOrOver(page);
  assert.equal(st.phase, 'play');
  assert.equal(st.humanSide, 'Red');
  assert.equal(st.ply, 0, 'the human (Red) moves first');
  assert.equal(await h.setupString(page), setup, 'the game did not start from the chosen setup');

  // An illegal attempt by mouse (a front-row piece clicked, then the empty square diagonally
  // ahead of it) is refused with the rule's words in #message, and nothing is played.
  const LAKES = new Set(['c5', 'd5', 'g5', 'h5']);
  const attempt = (await h.legalMoves(page))
    .map((m) => m.split('-'))
    .filter(([from, to]) => from[1] === '4' && to[1] === '5' && from.length === 2)
    .flatMap(([from]) => [-1, 1].map((d) => [from, String.fromCharCode(from.charCodeAt(0) + d) + '5']))
    .find(([, to]) => to[0] >= 'a' && to[0] <= 'j' && !LAKES.has(to));
  assert.ok(attempt, 'no front-row piece with an empty diagonal square ahead');
  await h.clickSquare(page, attempt[0]);
  await h.clickSquare(page, attempt[1]);
  await page.waitForFunction(() => document.getElementById('message')?.textContent.trim() !== '', null, { timeout: 5000 });
  const said = (await h.text(page, '#message')).trim();
  assert.match(said, /diagonal/i, `illegal ${attempt.join('-')}: the page said "${said}"`);
  assert.equal((await h.state(page)).ply, 0, 'an illegal move was played');
  t.diagnostic(`illegal ${attempt.join('-')}: "${said}"`);
  await page.keyboard.press('Escape');

  const rnd = h.prng(20261121);
  const limit = weakest.movetime_ms + REPLY_SLACK_MS;
  const replies = [];
  let moves = 0;
  let games = 1;
  while (moves < 40) {
    st = await h.waitHumanTurnOrOver(page, limit + 15_000);
    if (st.phase === 'over') {
      // A random game can end early: play on in a new game with the same setups.
      assert.ok(st.outcome, 'a game over without an outcome');
      games++;
      await h.clickElement(page, '#btn-play-again');
      if ((await h.state(page)).phase === 'setup') await h.clickElement(page, '#btn-start');
      continue;
    }
    const legal = await h.legalMoves(page);
    const mv = legal[Math.floor(rnd() * legal.length)];
    await h.playByMouse(page, mv);
    moves++;
    const afterHuman = st.ply + 1;
    st = await h.waitHumanTurnOrOver(page, limit + 15_000);
    // The move list's line for the human's ply is the move clicked (× marks an attack).
    const shown = await page.evaluate((p) => document.querySelector(`#move-list li:nth-child(${p})`)?.textContent, afterHuman);
    assert.ok(shown?.replace('×', '-').includes(mv), `ply ${afterHuman}: clicked ${mv}, the move list says ${shown}`);
    if (st.phase === 'play') {
      assert.equal(st.ply, afterHuman + 1, 'the bot did not answer with exactly one move');
      assert.ok(st.lastBotMoveMs != null, 'no time recorded for the bot reply');
      assert.ok(st.lastBotMoveMs <= limit, `bot reply took ${st.lastBotMoveMs} ms; level ${weakest.id} allows ${weakest.movetime_ms} ms (+${REPLY_SLACK_MS})`);
      replies.push(st.lastBotMoveMs);
    }
    const items = await page.locator('#move-list li').count();
    assert.equal(items, st.ply, 'the move list does not show one line per ply');
    if (moves === 20) await h.screenshot(page, 'midgame.png');
  }
  t.diagnostic(`40 human moves in ${games} game(s); bot replies: ${replies.length}, max ${Math.max(...replies)} ms, limit ${limit} ms`);
  h.assertNoErrors(errors, 'during the game');
});
