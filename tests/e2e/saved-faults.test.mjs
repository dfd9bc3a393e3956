//! End-to-end: faults in the page's saved state, each injected into the browser's storage
//! before or while the page runs: a saved game cut short, a damaged one, saved setups from an
//! older version (and a setups store that is not a list), two tabs at once, storage full, and
//! storage unavailable. Each is detected and said in words, the page stays playable, and
//! nothing valid is thrown away (docs/reliability.md, "Page faults").
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as h from './lib/harness.mjs';

const RED = 'IBJEIBHEBGEHEMCEHBDDHFLJGKDIFGBDGFDFDDDB';
const GAME = 'stratagem.game.v2';
const SETUPS = 'stratagem.setups.v1';

const env = h.shared();

/** An init script that writes `items` into localStorage on the first load of a context only. */
function seedOnce(items) {
  return `if (!localStorage.getItem('stratagem.seeded-test')) {
    localStorage.setItem('stratagem.seeded-test', '1');
    for (const [k, v] of Object.entries(${JSON.stringify(items)})) localStorage.setItem(k, v);
  }`;
}

const storage = (page) => page.evaluate(() => Object.fromEntries(Object.keys(localStorage).map((k) => [k, localStorage.getItem(k)])));

/** Starts a game against the weakest level and plays `n` moves of the player's (each answered). */
async function startAndPlay(page, n) {
  const levels = await h.pageLevels(page);
  await h.chooseLevelByKeyboard(page, levels[0].id);
  // the bot plays random moves here: a Scout of its could take a Flag in the front row at once
  await h.applySetup(page, h.DEEP_FLAG_SETUP);
  await h.clickElement(page, '#btn-start');
  return playOn(page, n);
}

/** Plays `n` moves of the player's by mouse, each answered by the bot; the game goes on. */
async function playOn(page, n) {
  let st = await h.waitHumanTurnOrOver(page);
  for (let i = 0; i < n; i++) {
    assert.equal(st.phase, 'play', 'the game ended early');
    await h.playByMouse(page, await h.quietMove(page));
    st = await h.waitHumanTurnOrOver(page);
  }
  assert.equal(st.phase, 'play');
  return st;
}

/** A real saved game of 6 plies (the raw text the page stored). */
async function aSavedGame() {
  const { page, context, errors } = await h.openPage(env.browser, env.server);
  await startAndPlay(page, 3);
  const raw = await page.evaluate((k) => localStorage.getItem(k), GAME);
  h.assertNoErrors(errors);
  await context.close();
  assert.ok(raw && JSON.parse(raw).record.includes('RedSetup'), `no saved game: ${raw}`);
  return raw;
}

test('a saved game cut short is restored up to its last whole move; the text is kept; play goes on', async () => {
  const raw = await aSavedGame();
  const full = JSON.parse(raw);
  // cut in the middle of the record's last move (the record is the save's last field)
  const moves = [...raw.matchAll(/[a-j]\d+[-x][a-j]\d+/g)];
  assert.equal(moves.length, 6, raw);
  const cut = raw.slice(0, moves[5].index + 3);
  const setups = JSON.stringify([{ name: 'Mine', setup: RED, variant: 'classic' }]);
  const { page, errors, context } = await h.openPage(env.browser, env.server, { initScripts: [seedOnce({ [GAME]: cut, [SETUPS]: setups })] });
  const st = await h.waitHumanTurnOrOver(page);
  const said = await h.text(page, '#message');
  assert.match(said, /^The saved game did not read whole \(.+\): it was restored up to move (\d+), the last that replays; the saved text is kept in this browser as stratagem\.game\.unreadable\.$/, said);
  const n = Number(/up to move (\d+)/.exec(said)[1]);
  assert.equal(n, 5, 'the five whole moves before the cut were not all restored');
  assert.equal(st.ply, 6, 'the bot did not go on from the restored game (Blue to move at ply 5)');
  assert.equal(st.humanSide, full.humanSide);
  const kept = await storage(page);
  assert.equal(kept['stratagem.game.unreadable'], cut, 'the damaged save was not kept as it was');
  assert.equal(kept[SETUPS], setups, 'the saved setups were touched');
  // the game goes on from there, and is saved again whole
  await playOn(page, 1);
  const again = JSON.parse(await page.evaluate((k) => localStorage.getItem(k), GAME));
  assert.match(again.record, /RedSetup/);
  h.assertNoErrors(errors);
  await context.close();
});

test('a damaged saved game is reported and kept aside; the setups stay; a new game plays', async () => {
  const damaged = '{"v":2,"humanSide":"Red","level":"random","seed":7,"record":"[RedSetup \\"IBJEIBHEBGEHEMCEHBDDHF\u0000\u0007 garbage';
  const setups = JSON.stringify([{ name: 'Mine', setup: RED }]);
  const prefs = JSON.stringify({ level: 'random', sound: false, side: 'Red', variant: 'classic' });
  const { page, errors, context } = await h.openPage(env.browser, env.server, {
    initScripts: [seedOnce({ [GAME]: damaged, [SETUPS]: setups, 'stratagem.prefs.v1': prefs })],
  });
  assert.equal(await h.statusState(page), 'setup');
  assert.match(await h.text(page, '#message'), /^The saved game could not be restored \(.+\); the saved text is kept in this browser as stratagem\.game\.unreadable\. Your setups are kept\.$/);
  const kept = await storage(page);
  assert.equal(kept['stratagem.game.unreadable'], damaged);
  assert.equal(kept[GAME], undefined);
  assert.equal(kept[SETUPS], setups);
  assert.equal(kept['stratagem.prefs.v1'], prefs);
  await startAndPlay(page, 2);
  h.assertNoErrors(errors);
  await context.close();
});

test('saved setups from an older version: read where they can be, marked where not, none dropped', async () => {
  const old = [
    { name: 'Old classic', setup: RED }, // before Barrage: no variant
    { name: 'Old broken', setup: 'IBJEIBHEBGEHEMCEHBDDHFLJGKDIFGBDGFDFDDDX' }, // not an army today
    'a bare string',
    { title: 'unknown shape', letters: RED },
  ];
  const { page, errors, context } = await h.openPage(env.browser, env.server, { initScripts: [seedOnce({ [SETUPS]: JSON.stringify(old) })] });
  const options = await page.locator('#saved-setups option').allTextContents();
  assert.deepEqual(options, ['Old classic (Classic)', 'Old broken (Classic) (not valid)']);
  const note = await h.text(page, '#notices li[data-key="setups"]');
  assert.match(note, /2 saved setups are of a form this version does not read; kept as they are\./, note);
  assert.match(note, /Not valid under the current rules, kept and marked "not valid": "Old broken"\./, note);
  // the old classic setup loads
  await page.selectOption('#saved-setups', 'Old classic');
  await h.clickElement(page, '#btn-load-setup');
  assert.equal(await h.setupString(page), RED);
  // a new one is saved next to them: nothing of the old list is lost
  await page.fill('#setup-name', 'New one');
  await h.clickElement(page, '#btn-save-setup');
  const stored = JSON.parse((await storage(page))[SETUPS]);
  assert.deepEqual(stored, [old[0], old[1], { name: 'New one', setup: RED, variant: 'classic' }, old[2], old[3]]);
  await startAndPlay(page, 1);
  h.assertNoErrors(errors);
  await context.close();
});

test('a setups store that is not a list is reported, and set aside before a new list is saved', async () => {
  const junk = '{"name": "half a list"';
  const { page, errors, context } = await h.openPage(env.browser, env.server, { initScripts: [seedOnce({ [SETUPS]: junk })] });
  assert.match(await h.text(page, '#notices li[data-key="setups"]'), /^The saved setups could not be read \(they are not a list\); they are kept as they are/);
  assert.equal((await storage(page))[SETUPS], junk, 'read only: nothing written yet');
  await page.fill('#setup-name', 'Fresh');
  await h.clickElement(page, '#btn-save-setup');
  const kept = await storage(page);
  assert.equal(kept['stratagem.setups.unreadable'], junk);
  assert.deepEqual(JSON.parse(kept[SETUPS]).map((x) => x.name), ['Fresh']);
  assert.equal(await page.locator('#notices li[data-key="setups"]').count(), 0, 'the notice stayed after the list was fixed');
  h.assertNoErrors(errors);
  await context.close();
});

test('two tabs: the second neither restores nor overwrites the first one\'s game, and says so', async () => {
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const a = await context.newPage();
  const errorsA = h.watchErrors(a);
  await a.goto(env.server.url(h.PAGE));
  await h.waitReady(a);
  await startAndPlay(a, 1);
  const savedByA = await a.evaluate((k) => localStorage.getItem(k), GAME);
  assert.equal(await a.locator('#notices li[data-key="tab"]').count(), 0);

  const b = await context.newPage();
  const errorsB = h.watchErrors(b);
  await b.goto(env.server.url(h.PAGE));
  await h.waitReady(b);
  assert.equal(await h.statusState(b), 'setup', 'the second tab took over the first one\'s game');
  assert.match(await h.text(b, '#notices li[data-key="tab"]'), /^Stratagem is open in another tab, which keeps your saved game: games in this tab are not saved\./);
  // the second tab plays a game of its own; the saved game stays the first tab's
  await startAndPlay(b, 2);
  assert.equal(await b.evaluate((k) => localStorage.getItem(k), GAME), savedByA, 'the second tab overwrote the saved game');
  // the first tab goes on saving
  await a.bringToFront();
  const st = await playOn(a, 1);
  const nowA = JSON.parse(await a.evaluate((k) => localStorage.getItem(k), GAME));
  assert.notEqual(JSON.stringify(nowA), savedByA);
  // the first tab closes: the second is told, and a reload there restores the first one's game
  h.assertNoErrors(errorsA, 'in the first tab');
  await a.close();
  await b.waitForFunction(() => /^The other tab was closed or reloaded/.test(document.querySelector('#notices li[data-key="tab"]')?.textContent ?? ''), null, { timeout: 10_000 });
  await b.reload();
  await h.waitReady(b);
  const restored = await h.waitHumanTurnOrOver(b);
  assert.equal(restored.phase, 'play');
  assert.equal(restored.ply, st.ply, 'the reload did not restore the first tab\'s game');
  assert.equal(await b.locator('#notices li[data-key="tab"]').count(), 0);
  h.assertNoErrors(errorsB, 'in the second tab');
  await context.close();
});

test('storage full: the page says the game is not being saved, play goes on, nothing is deleted; saving resumes when there is room', async () => {
  const setups = JSON.stringify([{ name: 'Mine', setup: RED, variant: 'classic' }]);
  const first = await h.openPage(env.browser, env.server, { initScripts: [seedOnce({ [SETUPS]: setups })] });
  const { page, errors, context } = first;
  // fill the origin's storage to the last character
  const fillers = await page.evaluate(() => {
    let size = 1 << 20;
    let i = 0;
    while (size >= 1) {
      try {
        localStorage.setItem(`filler-${i}`, 'x'.repeat(size));
        i++;
      } catch {
        size = Math.floor(size / 2);
      }
    }
    return i;
  });
  await page.reload();
  await h.waitReady(page);
  const before = await storage(page);
  const note = await h.text(page, '#notices li[data-key="storage"]');
  assert.match(note, /^The browser's storage for this page is full: your game and setups are not being saved \(nothing stored was deleted to make room\)\./, note);
  await startAndPlay(page, 2);
  assert.equal(await page.evaluate((k) => localStorage.getItem(k), GAME), null, 'a game was saved into a full store?');
  assert.deepEqual(await storage(page), before, 'something stored was changed or deleted');
  // room again: the next save works and the notice goes
  await page.evaluate((n) => {
    for (let i = 0; i < n; i++) localStorage.removeItem(`filler-${i}`);
  }, fillers);
  const st = await playOn(page, 1);
  const saved = JSON.parse(await page.evaluate((k) => localStorage.getItem(k), GAME));
  assert.match(saved.record, /RedSetup/);
  assert.equal(await page.locator('#notices li[data-key="storage"]').count(), 0);
  assert.equal((await storage(page))[SETUPS], setups);
  assert.ok(st.ply >= 6);
  h.assertNoErrors(errors);
  await context.close();
});

test('storage unavailable (private mode): the page says nothing will be saved, and plays', async () => {
  const deny = `Object.defineProperty(window, 'localStorage', { configurable: true, get() { throw new DOMException('The user agent denied access to storage.', 'SecurityError'); } });`;
  const { page, errors, context } = await h.openPage(env.browser, env.server, { initScripts: [deny] });
  const note = await h.text(page, '#notices li[data-key="storage"]');
  assert.match(note, /^This browser does not let the page store anything \(private mode, or site data blocked\): your game, setups and preferences will not be saved\. You can play on\.$/, note);
  await startAndPlay(page, 3);
  // saving a setup says so too, and the page goes on
  await h.clickElement(page, '#btn-new-game');
  await h.clickElement(page, '#btn-new-game');
  await page.waitForFunction(() => document.getElementById('status')?.dataset.state === 'setup');
  await h.clickElement(page, '#btn-save-setup');
  assert.match(await h.text(page, '#message'), /could not be saved/);
  await startAndPlay(page, 1);
  h.assertNoErrors(errors);
  await context.close();
});
