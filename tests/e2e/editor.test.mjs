//! End-to-end: the setup editor. A classic army built piece by piece on an empty board (tray
//! by mouse, the last piece by keyboard), Start waiting until the last piece stands; mirrored;
//! saved by name, and loaded back after a reload. Also: Clear, then two pieces placed, then
//! "Fill at random" keeps them and places the rest.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as h from './lib/harness.mjs';

const env = h.shared();

/** Red's square of setup index i: file i % 10, rank i / 10 + 1. */
const square = (i) => `${'abcdefghij'[i % 10]}${Math.floor(i / 10) + 1}`;

const trayLeft = (page) =>
  page.evaluate(() => [...document.querySelectorAll('#tray button')].filter((b) => !b.disabled).map((b) => b.dataset.kind));

async function letters(page) {
  return page.evaluate(async () => {
    const m = await import('/pkg/stratagem.js');
    await m.default();
    return Object.fromEntries(m.pieceKinds().map((k) => [k.kind, k.letter]));
  });
}

test('a setup built piece by piece in the editor, mirrored, saved and loaded after a reload', async () => {
  const { page, errors, context } = await h.openPage(env.browser, env.server);
  const letter = await letters(page);
  await h.clickElement(page, '#btn-editor');
  assert.match(await h.text(page, '#board-text'), /Your pieces \(Red\): none\./, 'the editor does not start from an empty board');
  let expected = '';
  for (let i = 0; i < 39; i++) {
    const left = await trayLeft(page);
    assert.ok(left.length > 0, `the tray is empty after ${i} pieces`);
    const kind = left[i % left.length];
    await h.clickElement(page, `#tray button[data-kind="${kind}"]`);
    await h.clickSquare(page, square(i));
    expected += letter[kind];
    assert.equal(await page.isDisabled('#btn-start'), true, `Start is enabled with ${i + 1} of 40 pieces`);
  }
  // the last piece from the keyboard: Tab to the tray, Enter, the board's cursor, Enter
  const [last] = await trayLeft(page);
  assert.equal((await trayLeft(page)).length, 1);
  // a picked kind stays picked for the next square: unpick it by mouse, then pick by keyboard
  if ((await page.getAttribute(`#tray-${last}`, 'aria-pressed')) === 'true') await h.clickElement(page, `#tray-${last}`);
  assert.equal(await page.getAttribute(`#tray-${last}`, 'aria-pressed'), 'false');
  await h.focusByTab(page, `tray-${last}`);
  await page.keyboard.press('Enter');
  await h.focusByTab(page, 'board');
  const arrows = await h.learnArrows(page);
  await h.moveCursor(page, square(39), arrows);
  await page.keyboard.press('Enter');
  expected += letter[last];
  assert.equal(await h.setupString(page), expected, 'the built setup is not what was placed');
  assert.equal(await page.isDisabled('#btn-start'), false, 'Start stays disabled with all 40 pieces');
  assert.deepEqual(await trayLeft(page), [], 'the tray is not empty');
  await h.screenshot(page, 'editor.png');

  await h.clickElement(page, '#btn-editor-mirror');
  const mirrored = [0, 1, 2, 3].map((r) => expected.slice(r * 10, r * 10 + 10).split('').reverse().join('')).join('');
  assert.equal(await h.setupString(page), mirrored, 'Mirror did not mirror each row');

  await h.clickElement(page, '#setup-name');
  await page.keyboard.type('Built by hand');
  await h.clickElement(page, '#btn-save-setup');
  await page.reload();
  await h.waitReady(page);
  await h.clickElement(page, '#btn-random-setup');
  assert.notEqual(await h.setupString(page), mirrored);
  await h.chooseByKeyboard(page, 'saved-setups', 'Built by hand');
  await h.clickElement(page, '#btn-load-setup');
  assert.equal(await h.setupString(page), mirrored, 'the saved setup did not come back');
  h.assertNoErrors(errors);
  await context.close();
});

test('Clear, two pieces placed, Fill at random keeps them and places the rest', async () => {
  const { page, errors, context } = await h.openPage(env.browser, env.server);
  const letter = await letters(page);
  await h.clickElement(page, '#btn-editor');
  await h.clickElement(page, '#btn-editor-clear');
  await h.clickElement(page, '#tray button[data-kind="Flag"]');
  await h.clickSquare(page, 'e1');
  await h.clickElement(page, '#tray button[data-kind="Marshal"]');
  await h.clickSquare(page, 'e4');
  assert.equal(await page.isDisabled('#btn-start'), true);
  await h.clickElement(page, '#btn-editor-fill-random');
  const s = await h.setupString(page);
  assert.match(s, /^[B-M]{40}$/);
  assert.equal(s[4], letter.Flag, 'the Flag placed on e1 moved');
  assert.equal(s[34], letter.Marshal, 'the Marshal placed on e4 moved');
  assert.equal(await page.isDisabled('#btn-start'), false);
  await h.clickElement(page, '#btn-editor-done');
  assert.equal(await page.isVisible('#editor'), false);
  h.assertNoErrors(errors);
  await context.close();
});
