//! End-to-end: the one saved-game format. The game in progress is kept as the engine's record;
//! a game saved by the earlier page (`stratagem.game.v1`: setups and move texts) is restored
//! once and re-saved as a record; an old JSON game file (`stratagem-json-1`, written by earlier
//! bindings) still opens through Import. Nothing a player saved is lost.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as h from './lib/harness.mjs';

const RED = 'IBJEIBHEBGEHEMCEHBDDHFLJGKDIFGBDGFDFDDDB';
const BLUE = 'GHDEDEBMBFBBEJDIJBEBDGHCDHIEDHDFIKFGDLFG';

const env = h.shared();

/** Four legal plies from RED/BLUE (no battle), found by the engine in the page. */
async function somePlies(page) {
  return page.evaluate(
    async ([red, blue]) => {
      const m = await import('/pkg/stratagem.js');
      await m.default();
      const r = new m.Referee(red, blue, undefined);
      const plies = [];
      while (plies.length < 4) {
        const mv = r.legalMoves().find((x) => !r.board(r.toMove())[squareIdx(x.split('-')[1])]);
        r.play(mv);
        plies.push(mv);
      }
      return { plies, rules: r.rules() };
      function squareIdx(s) {
        return (Number(s.slice(1)) - 1) * 10 + 'abcdefghij'.indexOf(s[0]);
      }
    },
    [RED, BLUE],
  );
}

test('a game saved by the earlier page is restored and kept as a record', async () => {
  const first = await h.openPage(env.browser, env.server);
  const { plies, rules } = await somePlies(first.page);
  await first.context.close();
  const old = JSON.stringify({ v: 1, rules, red: RED, blue: BLUE, level: 'random', plies, seed: 7, resigned: null, humanSide: 'Red' });
  const init = `if (!localStorage.getItem('stratagem.migrated-test')) { localStorage.setItem('stratagem.migrated-test', '1'); localStorage.setItem('stratagem.game.v1', ${JSON.stringify(old)}); }`;
  const { page, errors, context } = await h.openPage(env.browser, env.server, { initScripts: [init] });
  const st = await h.waitHumanTurnOrOver(page);
  assert.equal(st.phase, 'play');
  assert.equal(st.ply, plies.length, 'the old save was not replayed');
  const moves = await page.locator('#move-list li .mv').allTextContents();
  assert.deepEqual(moves, plies);
  const stored = await page.evaluate(() => ({ v1: localStorage.getItem('stratagem.game.v1'), v2: localStorage.getItem('stratagem.game.v2') }));
  assert.equal(stored.v1, null, 'the old save was left behind');
  const v2 = JSON.parse(stored.v2);
  assert.match(v2.record, new RegExp(`\\[RedSetup "${RED}"\\]`), 'the new save is not the engine record');
  assert.match(v2.record, /\[BlueSetup "/);
  // and the record restores: reload, same game
  await page.reload();
  await h.waitReady(page);
  assert.equal((await h.waitHumanTurnOrOver(page)).ply, plies.length);
  h.assertNoErrors(errors);
  await context.close();
});

test('an old JSON game file still opens through Import', async () => {
  const { page, errors, context } = await h.openPage(env.browser, env.server);
  const { plies, rules } = await somePlies(page);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'stratagem-')), 'old-game.json');
  fs.writeFileSync(file, JSON.stringify({ format: 'stratagem-json-1', rules, red: RED, blue: BLUE, moves: plies, resigned: null, result: null }));
  const [fc] = await Promise.all([page.waitForEvent('filechooser'), h.clickElement(page, '#btn-import')]);
  await fc.setFiles(file);
  const st = await h.waitHumanTurnOrOver(page);
  assert.equal(st.ply, plies.length);
  assert.equal(await h.setupString(page), RED);
  h.assertNoErrors(errors);
  await context.close();
});
