//! End-to-end: a setup string copied from the page and opened through `#setup=` gives the same
//! setup; a damaged `#setup=` shows an error and the page stays usable (a game starts after it).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as h from './lib/harness.mjs';

const env = h.shared();

test('a copied setup string opened through #setup= gives the same setup', async () => {
  const first = await h.openPage(env.browser, env.server);
  await h.clickElement(first.page, '#btn-random-setup');
  const setup = await h.setupString(first.page);
  assert.match(setup, /^[B-M]{40}$/);

  await h.clickElement(first.page, '#btn-copy-setup');
  const copied = (await first.page.evaluate(() => navigator.clipboard.readText())).trim();
  assert.equal(copied, setup, 'Copy did not put the setup string on the clipboard');

  await h.clickElement(first.page, '#btn-share-link');
  const link = (await first.page.evaluate(() => navigator.clipboard.readText())).trim();
  assert.ok(link.endsWith(`#setup=${setup}`), `Share link copied ${link}`);
  h.assertNoErrors(first.errors);
  await first.context.close();

  // A fresh browser profile (no saved setup) opens the copied string and the shared link.
  for (const hash of [`#setup=${copied}`, link.slice(link.indexOf('#'))]) {
    const second = await h.openPage(env.browser, env.server, { hash });
    assert.equal(await h.setupString(second.page), setup, `${hash} opened another setup`);
    assert.equal(await h.value(second.page, '#setup-string'), setup);
    assert.equal((await h.text(second.page, '#setup-error')).trim(), '', 'an error shown for a good link');
    h.assertNoErrors(second.errors, `opening ${hash}`);
    await second.context.close();
  }
});

test('a damaged #setup= shows an error and the page stays usable', async (t) => {
  const good = 'IBJEIBHEBGEHEMCEHBDDHFLJGKDIFGBDGFDFDDDB';
  const damaged = [
    good.slice(0, 12) + 'Z' + good.slice(13), // no such piece letter, at letter 13
    good.slice(0, 39), // one letter short
    good.replace('D', 'L'), // a Scout turned into a second Marshal: wrong army
  ];
  for (const bad of damaged) {
    const { page, errors, context } = await h.openPage(env.browser, env.server, { hash: `#setup=${bad}` });
    const shown = (await h.text(page, '#setup-error')).trim();
    assert.notEqual(shown, '', `no error shown for #setup=${bad}`);
    assert.ok(await page.isVisible('#setup-error'), 'the setup error is not visible');
    t.diagnostic(`#setup=${bad} -> "${shown}"`);
    // The page keeps a valid setup of its own and a game can be started and played.
    const own = await h.setupString(page);
    assert.match(own, /^[B-M]{40}$/);
    assert.notEqual(own, bad);
    assert.equal(await page.isDisabled('#btn-start'), false, 'Start is disabled after a damaged link');
    await h.clickElement(page, '#btn-start');
    let st = await h.waitHumanTurnOrOver(page);
    assert.equal(st.phase, 'play');
    const legal = await h.legalMoves(page);
    await h.playByMouse(page, legal[0]);
    st = await h.waitHumanTurnOrOver(page);
    assert.ok(st.ply >= 2 || st.phase === 'over', 'the bot did not answer after a damaged link');
    h.assertNoErrors(errors, `after #setup=${bad}`);
    await context.close();
  }
  // The located message: the bad letter's place is named.
  const { page, context } = await h.openPage(env.browser, env.server, { hash: `#setup=${damaged[0]}` });
  const msg = await h.text(page, '#setup-error');
  assert.match(msg, /13/, `the error does not say where: ${msg}`);
  await context.close();
});
