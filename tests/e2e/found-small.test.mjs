//! End-to-end: the smaller findings of issue 9 "found when tried as a new user would": board
//! coordinates beside the board (not under the pieces); levels named by rank; Resign and Import
//! ask before replacing a game; lowercase setup strings; a plain message for a bad record; the
//! rules panel counts plies; the move list by keyboard; old messages cleared by later actions;
//! a text alternative for the canvas board.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as h from './lib/harness.mjs';

const env = h.shared();

const GOOD = 'IBJEIBHEBGEHEMCEHBDDHFLJGKDIFGBDGFDFDDDB';

async function startAndPlayOne(page) {
  // keep the player's Flag out of a Scout's reach in the first moves
  await h.applySetup(page, h.DEEP_FLAG_SETUP);
  await h.clickElement(page, '#btn-start');
  await h.waitHumanTurnOrOver(page);
  await h.playByMouse(page, await h.quietMove(page));
  return h.waitHumanTurnOrOver(page);
}

test('board coordinates stand beside the board, follow the flip, and are readable on a phone', async () => {
  for (const viewport of [undefined, { width: 390, height: 844 }]) {
    const { page, errors, context } = await h.openPage(env.browser, env.server, { viewport });
    const read = () =>
      page.evaluate(() => {
        const board = document.getElementById('board').getBoundingClientRect();
        const labels = (id) =>
          [...document.querySelectorAll(`#${id} span`)].map((e) => {
            const r = e.getBoundingClientRect();
            return { t: e.textContent, x: (r.left + r.right) / 2, y: (r.top + r.bottom) / 2, h: r.height, r };
          });
        return { board: { top: board.top, bottom: board.bottom, left: board.left, right: board.right }, files: labels('coord-files'), ranks: labels('coord-ranks') };
      });
    let c = await read();
    assert.deepEqual(c.files.map((f) => f.t), [...'abcdefghij'], 'file letters a..j from the left');
    assert.deepEqual(c.ranks.map((f) => f.t), ['10', '9', '8', '7', '6', '5', '4', '3', '2', '1'], 'ranks 10..1 from the top');
    for (const f of c.files) assert.ok(f.r.top >= c.board.bottom - 0.5, `file ${f.t} overlaps the board`);
    for (const r of c.ranks) assert.ok(r.r.right <= c.board.left + 0.5, `rank ${r.t} overlaps the board`);
    for (const f of c.files) assert.ok(f.h >= 10, `file ${f.t} is ${f.h} px high: too small to read`);
    // each label is centred on its file or rank (within a fifth of a square)
    const sq = (c.board.right - c.board.left) / 10;
    c.files.forEach((f, i) => assert.ok(Math.abs(f.x - (c.board.left + (i + 0.5) * sq)) < sq / 5, `file ${f.t} is not under its file`));
    await h.clickElement(page, '#btn-flip');
    c = await read();
    assert.deepEqual(c.files.map((f) => f.t), [...'jihgfedcba'], 'the files do not follow the flip');
    assert.deepEqual(c.ranks.map((f) => f.t), ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10'], 'the ranks do not follow the flip');
    h.assertNoErrors(errors);
    await context.close();
  }
});

test('the levels are offered by rank, weakest first, each saying its Elo (or not yet rated) and time per move', async () => {
  const { page, errors, context } = await h.openPage(env.browser, env.server);
  const levels = await h.pageLevels(page);
  const shown = await page.evaluate(() => [...document.querySelectorAll('#level option')].map((o) => o.textContent));
  assert.equal(shown.length, levels.length);
  shown.forEach((text, i) => {
    assert.ok(text.startsWith(`${i + 1}. ${levels[i].label}`), `option ${i + 1} reads "${text}"`);
    // the measured Elo, or "not yet rated" when ai::LEVELS has none (never an invented number)
    const elo = levels[i].elo == null ? 'not yet rated' : `Elo ${levels[i].elo}`;
    assert.ok(text.includes(elo), `option ${i + 1} does not say "${elo}": "${text}"`);
  });
  assert.match(shown[0], /weakest/, `the first level does not say it is the weakest: ${shown[0]}`);
  assert.match(shown.at(-1), /strongest/, `the last level does not say it is the strongest: ${shown.at(-1)}`);
  h.assertNoErrors(errors);
  await context.close();
});

test('Resign and Import ask before they replace a game under way', async () => {
  const { page, errors, context } = await h.openPage(env.browser, env.server);
  await startAndPlayOne(page);
  await h.clickElement(page, '#btn-resign');
  assert.equal((await h.state(page)).phase, 'play', 'one click on Resign ended the game');
  assert.match(await h.text(page, '#btn-resign'), /\?/, 'Resign does not ask');
  await page.waitForTimeout(4300); // the question lapses
  assert.equal(await h.text(page, '#btn-resign'), 'Resign');
  await h.clickElement(page, '#btn-resign');
  await h.clickElement(page, '#btn-resign');
  assert.equal((await h.state(page)).phase, 'over', 'two clicks on Resign did not end the game');
  await h.clickElement(page, '#btn-play-again');
  await h.waitHumanTurnOrOver(page);
  await h.playByMouse(page, await h.quietMove(page));
  await h.waitHumanTurnOrOver(page);
  // Import: the first click only asks; no file chooser opens
  let chooser = false;
  page.on('filechooser', () => (chooser = true));
  await h.clickElement(page, '#btn-import');
  await page.waitForTimeout(300);
  assert.equal(chooser, false, 'Import opened the file chooser without asking during a game');
  assert.match(await h.text(page, '#btn-import'), /\?/, 'Import does not ask');
  const [fc] = await Promise.all([page.waitForEvent('filechooser'), h.clickElement(page, '#btn-import')]);
  assert.ok(fc, 'the second click did not open the file chooser');
  h.assertNoErrors(errors);
  await context.close();
});

test('a lowercase setup string is accepted', async () => {
  const { page, errors, context } = await h.openPage(env.browser, env.server);
  await h.clickElement(page, '#setup-input');
  await page.keyboard.type(GOOD.toLowerCase());
  await h.clickElement(page, '#btn-apply-setup');
  assert.equal((await h.text(page, '#setup-error')).trim(), '', 'lowercase refused');
  assert.equal(await h.setupString(page), GOOD);
  h.assertNoErrors(errors);
  await context.close();
  const linked = await h.openPage(env.browser, env.server, { hash: `#setup=${GOOD.toLowerCase()}` });
  assert.equal(await h.setupString(linked.page), GOOD, 'a lowercase link was refused');
  h.assertNoErrors(linked.errors);
  await linked.context.close();
});

test('a file that is not a game record gets a plain message', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stratagem-'));
  const file = path.join(dir, 'notes.txt');
  fs.writeFileSync(file, 'Shopping list\nmilk\nbread\n');
  const { page, errors, context } = await h.openPage(env.browser, env.server);
  const [fc] = await Promise.all([page.waitForEvent('filechooser'), h.clickElement(page, '#btn-import')]);
  await fc.setFiles(file);
  await page.waitForFunction(() => document.getElementById('message').textContent.trim() !== '');
  const msg = await h.text(page, '#message');
  assert.match(msg, /notes\.txt/, `the message does not name the file: ${msg}`);
  assert.match(msg, /not a game record/i, `the message does not say what is wrong in plain words: ${msg}`);
  assert.doesNotMatch(msg, /RedSetup|BlueSetup|Field\b/, `the message speaks the format's tags: ${msg}`);
  assert.equal((await h.state(page)).phase, 'setup', 'a bad file changed the page');
  h.assertNoErrors(errors);
  await context.close();
});

test('the rules panel counts the draw limits in plies', async () => {
  const { page, errors, context } = await h.openPage(env.browser, env.server);
  const rules = await h.text(page, '#rules-panel');
  assert.doesNotMatch(rules, /2,000 moves/);
  assert.match(rules, /2,000 plies/);
  assert.match(rules, /200 plies/);
  h.assertNoErrors(errors);
  await context.close();
});

test('the move list is reached and stepped through by keyboard', async () => {
  const { page, errors, context } = await h.openPage(env.browser, env.server);
  const st = await startAndPlayOne(page);
  assert.ok(st.ply >= 2);
  await h.focusByTab(page, 'move-list');
  await page.keyboard.press('ArrowUp');
  assert.match(await h.text(page, '#status'), new RegExp(`after move ${st.ply - 1} of ${st.ply}`), 'ArrowUp did not step back');
  await page.keyboard.press('Home');
  assert.match(await h.text(page, '#status'), new RegExp(`after move 0 of ${st.ply}`), 'Home did not go to the start');
  await page.keyboard.press('End');
  assert.doesNotMatch(await h.text(page, '#status'), /Showing the board/, 'End did not come back to the game');
  h.assertNoErrors(errors);
  await context.close();
});

test('an old message goes when the player does something else', async () => {
  const { page, errors, context } = await h.openPage(env.browser, env.server);
  await h.clickElement(page, '#btn-random-setup');
  assert.notEqual((await h.text(page, '#message')).trim(), '', 'Random said nothing');
  await h.clickSquare(page, 'a1');
  await h.clickSquare(page, 'b1');
  assert.equal((await h.text(page, '#message')).trim(), '', 'the Random message stayed after a swap');
  h.assertNoErrors(errors);
  await context.close();
});

test('the board has a text alternative that follows the game', async () => {
  const { page, errors, context } = await h.openPage(env.browser, env.server);
  const described = () =>
    page.evaluate(() => {
      const ids = document.getElementById('board').getAttribute('aria-describedby') ?? '';
      return ids.split(/\s+/).map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
    });
  const setup = await described();
  const flag = await h.setupString(page);
  assert.match(setup, /a1/, `no squares named: ${setup}`);
  assert.match(setup, /Flag/, `no pieces named: ${setup}`);
  assert.ok(flag.length === 40);
  const st = await startAndPlayOne(page);
  const play = await described();
  assert.match(play, /Last move/i, `the description does not give the last move: ${play}`);
  assert.match(play, /unknown/i, `enemy pieces are not described: ${play}`);
  assert.ok(st.ply >= 1);
  h.assertNoErrors(errors);
  await context.close();
});
