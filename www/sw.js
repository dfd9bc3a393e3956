// @ts-check
/**
 * The service worker: after one visit the page loads and plays with no network. It caches the
 * page's own files (this folder and the wasm package in ../pkg/) and answers from that cache
 * first, refreshing each file in the background when the network is there, so a new build is
 * used from the next load on. Nothing from any other origin is ever fetched or cached.
 */

const CACHE = 'stratagem-v1';
/** a file the page can do without: cached when it is there */
const OPTIONAL = '../pkg/people-setups.txt';
const FILES = [
  './',
  './index.html',
  './style.css',
  './manifest.webmanifest',
  './icon.svg',
  './bot-worker.js',
  './js/main.js',
  './js/game.js',
  './js/state.js',
  './js/panels.js',
  './js/persist.js',
  './js/editor.js',
  './js/board.js',
  './js/bot.js',
  './js/pieces.js',
  './js/sound.js',
  './js/storage.js',
  './js/people.js',
  '../pkg/stratagem.js',
  '../pkg/stratagem_bg.wasm',
];

self.addEventListener('install', (/** @type {any} */ ev) => {
  ev.waitUntil(
    caches
      .open(CACHE)
      // people's setups are optional for the page (without them the Strategist uses its
      // generator), so a package without the file still installs the worker
      .then((c) => c.addAll(FILES).then(() => c.add(OPTIONAL).catch(() => undefined)))
      .then(() => /** @type {any} */ (self).skipWaiting()),
  );
});

self.addEventListener('activate', (/** @type {any} */ ev) => {
  ev.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k))))
      .then(() => /** @type {any} */ (self).clients.claim()),
  );
});

self.addEventListener('fetch', (/** @type {any} */ ev) => {
  const req = ev.request;
  const url = new URL(req.url);
  if (req.method !== 'GET' || url.origin !== location.origin) return;
  ev.respondWith(
    caches.open(CACHE).then(async (cache) => {
      const cached = await cache.match(req, { ignoreSearch: true });
      const fresh = fetch(req)
        .then((res) => {
          if (res.ok) cache.put(req, res.clone());
          return res;
        })
        .catch(() => null);
      if (cached) {
        ev.waitUntil(fresh);
        return cached;
      }
      return (await fresh) ?? new Response('offline, and this file was never cached', { status: 503 });
    }),
  );
});
