// @ts-check
/**
 * The Strategist's classic setups are people's, in the page as in the arena: 2,000 setups
 * played on Gravon with a bombed-in Flag (pkg/people-setups.txt, which `build_pkg` copies from
 * data/derived/bombed-in-setups.txt; the native bot embeds the same file,
 * src/ai/setupgen/strategist.rs), each drawn uniformly and mirrored with probability 1/2, as
 * the native bot draws them.
 *
 * Why the draw is here and not in the module: the module has no room under its size line, and
 * handing it the list cost about 1,800 bytes gzipped (BENCHMARKS.md, "Session 45"). Here it costs the
 * module nothing, and every line still passes the module's own setup check when the list is
 * read. What stays in the module is the generator, which makes the setups of every other bot,
 * of Barrage, and of the Strategist while the list is missing.
 */
import * as wasm from '../../pkg/stratagem.js';

/** The bots whose classic setups are people's (natively: `setupgen::strategist::HUMAN` = 100 %). */
const PEOPLE_BOTS = new Set(['strategist']);
/** How many setups the list holds (`setupgen::strategist::HUMAN_SETUPS`). */
export const PEOPLE_COUNT = 2000;

/** Where the list is, beside the module. */
const LIST_URL = '../pkg/people-setups.txt';
/** How long the page waits for the list before it starts without it. */
const TIMEOUT_MS = 10_000;

/** @type {string[]} the list in use (empty: none) */
let list = [];

/**
 * Starts fetching the list (before the module is ready, so the two load together). The promise
 * never rejects, so nothing goes unhandled while the module loads: it holds the text or the
 * reason it did not come (a request that has not answered after {@link TIMEOUT_MS} is given
 * up, so a stalled one cannot keep the page from starting). For {@link loadPeople}.
 * @returns {Promise<{text: string} | {error: unknown}>}
 */
export function fetchPeople() {
  return fetch(LIST_URL, { signal: AbortSignal.timeout(TIMEOUT_MS) })
    .then((r) => (r.ok ? r.text() : Promise.reject(new Error(`HTTP ${r.status}`))))
    .then(
      (text) => ({ text }),
      (e) => ({ error: e instanceof Error && e.name === 'TimeoutError' ? new Error(`no answer in ${TIMEOUT_MS / 1000} s`) : e }),
    );
}

/**
 * Reads the list's text: one classic setup string a line, each checked by the module, and
 * exactly {@link PEOPLE_COUNT} of them. A bad line or a wrong count throws, naming the line,
 * and the text is refused whole (a file cut short or altered on its way is never drawn from
 * in part). Returns the setups.
 * @param {string} text
 * @returns {string[]}
 */
export function parsePeople(text) {
  const lines = text.split(/\r?\n/);
  if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  const out = lines.map((line, i) => {
    try {
      return wasm.checkSetup(line, 'classic');
    } catch (e) {
      throw new Error(`line ${i + 1}: ${e instanceof Error ? e.message : String(e)}`);
    }
  });
  if (out.length !== PEOPLE_COUNT) throw new Error(`${out.length} setups where the bot's list has ${PEOPLE_COUNT}`);
  return out;
}

/**
 * Takes what {@link fetchPeople} got for the page's draws (needs the module ready): throws the
 * reason the list did not come, or what is wrong with its text ({@link parsePeople}), and then
 * keeps the list as it was. Returns how many setups are in use.
 * @param {{text: string} | {error: unknown}} got
 */
export function loadPeople(got) {
  if ('error' in got) throw got.error;
  list = parsePeople(got.text);
  return list.length;
}

/**
 * A setup mirrored left-right as its owner sees it: each row of ten reversed.
 * @param {string} setup
 */
export function mirror(setup) {
  let out = '';
  for (let r = 0; r < setup.length; r += 10) out += [...setup.slice(r, r + 10)].reverse().join('');
  return out;
}

/**
 * The setup of the bot `bot` for `variant`: one of people's for the bots that play them
 * (classic, once the list is in; `people` true), else from the bot's generator in the module
 * with `seed`. People's are drawn with `Math.random`, not from `seed`: the page's seeds are
 * random too, and no page feature replays a setup from its seed.
 * @param {string} bot
 * @param {string} variant
 * @param {string} seed
 * @returns {{setup: string, people: boolean}}
 */
export function botSetup(bot, variant, seed) {
  if (variant === 'classic' && PEOPLE_BOTS.has(bot) && list.length > 0) {
    const s = list[Math.floor(Math.random() * list.length)];
    return { setup: Math.random() < 0.5 ? mirror(s) : s, people: true };
  }
  return { setup: wasm.botSetup(bot, variant, seed), people: false };
}
