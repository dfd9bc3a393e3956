//! End-to-end: offline and safe. After one visit the page reloads and plays a game with the
//! browser context offline (the service worker's cache: the page's files and the wasm package).
//! The Content-Security-Policy allows only the page's own files (and wasm); user text (a setup
//! name with markup) is shown as text, never parsed; no script of the page writes HTML.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import * as h from './lib/harness.mjs';

const env = h.shared();

test('after one visit the page reloads and plays offline', async () => {
  const { page, errors, context } = await h.openPage(env.browser, env.server);
  await h.reloadOffline(page, context);
  const levels = await h.pageLevels(page);
  await h.chooseLevelByKeyboard(page, levels[0].id);
  await h.clickElement(page, '#btn-start');
  let st = await h.waitHumanTurnOrOver(page);
  for (let i = 0; i < 3 && st.phase === 'play'; i++) {
    await h.playByMouse(page, (await h.legalMoves(page))[0]);
    st = await h.waitHumanTurnOrOver(page);
  }
  assert.ok(st.ply >= 4 || st.phase === 'over', `the bot did not answer offline (ply ${st.ply})`);
  h.assertNoErrors(errors, 'offline');
  await context.setOffline(false);
  await context.close();
});

test('the CSP allows only the page\'s own files; user text never becomes markup', async () => {
  const { page, errors, context } = await h.openPage(env.browser, env.server);
  const csp = await page.getAttribute('meta[http-equiv="Content-Security-Policy"]', 'content');
  assert.ok(csp, 'no Content-Security-Policy');
  assert.match(csp, /default-src 'self'/);
  assert.match(csp, /script-src 'self' 'wasm-unsafe-eval'(;|$)/, `script-src allows more than the page's files and wasm: ${csp}`);
  assert.doesNotMatch(csp, /unsafe-inline|\*|https?:/, `the CSP opens the page to other sources: ${csp}`);
  const name = '<img src=x id=injected>Mine';
  await h.clickElement(page, '#setup-name');
  await page.keyboard.type(name);
  await h.clickElement(page, '#btn-save-setup');
  const shown = await page.evaluate(() => [...document.querySelectorAll('#saved-setups option')].map((o) => o.textContent));
  assert.ok(shown.some((t) => t.startsWith(name)), `the name is not shown as typed: ${shown}`);
  assert.equal(await page.$('#injected'), null, 'a setup name became markup');
  assert.match(await h.text(page, '#message'), /<img src=x id=injected>Mine/);
  // no script of the page writes HTML from strings
  const dir = path.join(h.ROOT, 'www');
  const files = [path.join(dir, 'bot-worker.js'), path.join(dir, 'sw.js'), ...fs.readdirSync(path.join(dir, 'js')).map((f) => path.join(dir, 'js', f))];
  for (const f of files) {
    const src = fs.readFileSync(f, 'utf8');
    assert.doesNotMatch(src, /innerHTML|outerHTML|insertAdjacentHTML|document\.write/, `${path.basename(f)} writes HTML`);
  }
  h.assertNoErrors(errors);
  await context.close();
});
