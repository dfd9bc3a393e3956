//! End-to-end: the Strategist's classic setups in the page are people's, as the native bot's
//! are: the list the build puts beside the module (pkg/people-setups.txt, a copy of
//! data/derived/bombed-in-setups.txt) is read by the page (www/js/people.js), and "Bot's
//! setup" at the Strategist level draws from it, each setup as played or mirrored. When the
//! list does not arrive or is damaged (a failed request, a bad line, a file cut short) the page
//! says so, naming the line, and the level's setups come from its generator: still valid
//! armies, never one from a partly read list.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import * as h from './lib/harness.mjs';

const env = h.shared();
const LIST = path.join(h.ROOT, 'data', 'derived', 'bombed-in-setups.txt');
const lines = fs.readFileSync(LIST, 'utf8').split('\n').filter((l) => l.trim() !== '');
/** a setup as its owner sees it, each row of ten reversed */
const mirror = (s) => [0, 1, 2, 3].map((r) => [...s.slice(r * 10, r * 10 + 10)].reverse().join('')).join('');
const asPlayed = new Set(lines);
const mirrored = new Set(lines.map(mirror));

/** `n` setups from the Strategist's "Bot's setup" button. */
async function strategistSetups(page, n) {
  await h.chooseLevelByKeyboard(page, 'strategist');
  const out = [];
  for (let i = 0; i < n; i++) {
    await h.clickElement(page, '#btn-smart-setup');
    out.push(await h.setupString(page));
  }
  return out;
}

test("the Strategist's classic setups are people's, as played or mirrored", async () => {
  assert.equal(lines.length, 2000, `${LIST} should hold the bot's 2,000 setups`);
  const { page, errors, context } = await h.openPage(env.browser, env.server);
  const got = await strategistSetups(page, 24);
  let played = 0;
  let mirrors = 0;
  for (const s of got) {
    assert.ok(asPlayed.has(s) || mirrored.has(s), `${s} is not one of people's setups (nor its mirror)`);
    if (asPlayed.has(s)) played++;
    if (mirrored.has(s)) mirrors++;
  }
  // Each is mirrored with probability 1/2: 24 draws all one way would be a 1 in 8 million chance.
  assert.ok(played > 0 && mirrors > 0, `as played ${played}, mirrored ${mirrors} of ${got.length}`);
  assert.ok(new Set(got).size > 20, `only ${new Set(got).size} distinct setups in ${got.length} draws`);
  assert.doesNotMatch((await h.text(page, '#notices')) ?? '', /people's setups/, 'the list did not load');
  h.assertNoErrors(errors);
  await context.close();
});

test('without the list the page says so and the Strategist sets up with its generator', async (t) => {
  const damaged = lines.slice(0, 1999).join('\n') + '\nMBBZ' + lines[1999].slice(4) + '\n';
  for (const [what, answer] of [
    ['a failed request', { status: 404, body: 'not found' }],
    ['a damaged file', { status: 200, body: damaged }],
    ['a file cut short', { status: 200, body: lines.slice(0, 700).join('\n') }],
    ['a request that never answers', null],
  ]) {
    const context = await env.browser.newContext({ serviceWorkers: 'block' });
    try {
      // (a route never fulfilled stalls the request; the page gives up on it after 10 s)
      await context.route('**/pkg/people-setups.txt', (r) =>
        answer ? r.fulfill({ status: answer.status, contentType: 'text/plain', body: answer.body }) : undefined,
      );
      const page = await context.newPage();
      const errors = h.watchErrors(page);
      await page.goto(env.server.url(h.PAGE));
      await h.waitReady(page);
      const notes = (await h.text(page, '#notices')) ?? '';
      assert.match(notes, /people's setups could not be loaded/, `${what}: no notice (${notes})`);
      t.diagnostic(`${what}: ${notes.trim()}`);
      if (what === 'a damaged file') assert.match(notes, /line 2000/, `the notice does not say where: ${notes}`);
      if (what === 'a failed request') assert.match(notes, /HTTP 404/, `the notice does not say why: ${notes}`);
      if (what === 'a request that never answers') assert.match(notes, /no answer in 10 s/, `the notice does not say why: ${notes}`);
      for (const s of await strategistSetups(page, 6)) {
        assert.match(s, /^[B-M]{40}$/);
        assert.ok(!asPlayed.has(s) && !mirrored.has(s), `${what}: ${s} came from the list`);
      }
      // and a game starts and the bot answers
      await h.clickElement(page, '#btn-start');
      let st = await h.waitHumanTurnOrOver(page);
      if (st.phase === 'play') {
        await h.playByMouse(page, (await h.legalMoves(page))[0]);
        st = await h.waitHumanTurnOrOver(page);
      }
      assert.ok(st.ply >= 2 || st.phase === 'over', `${what}: the bot did not answer`);
      // the failed request is the one error the page may show; nothing else (no unhandled rejection)
      h.assertNoErrors(errors.filter((e) => !(what === 'a failed request' && /404.*people-setups\.txt/.test(e))), what);
    } finally {
      await context.close();
    }
  }
});

test("offline after one visit the Strategist still draws people's setups (the service worker's cache)", async () => {
  const { page, errors, context } = await h.openPage(env.browser, env.server);
  await h.reloadOffline(page, context);
  assert.doesNotMatch((await h.text(page, '#notices')) ?? '', /people's setups/, 'the list was not cached');
  for (const s of await strategistSetups(page, 6)) assert.ok(asPlayed.has(s) || mirrored.has(s), `offline: ${s} is not people's`);
  h.assertNoErrors(errors, 'offline');
  await context.setOffline(false);
  await context.close();
});
