/*
 * Hearth service worker. It deliberately caches nothing but a static offline page: every page and API
 * response may contain signed-in data, so they always come from the network.
 */
const OFFLINE_CACHE = 'hearth-offline-v1';
const OFFLINE_URL = '/offline.html';

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(OFFLINE_CACHE)
      .then((cache) => cache.add(new Request(OFFLINE_URL, { cache: 'reload' })))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const keys = await caches.keys();
      await Promise.all(keys.filter((key) => key !== OFFLINE_CACHE).map((key) => caches.delete(key)));
      // No navigation preload: the browser would send a preload request even for navigations this worker
      // leaves alone (sign-in callbacks under /services/), spending their one-time state before the real one.
      if (self.registration.navigationPreload) await self.registration.navigationPreload.disable();
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.mode !== 'navigate' || request.method !== 'GET') return;
  // Login, logout and file downloads go straight to the API, untouched.
  if (new URL(request.url).pathname.startsWith('/services/')) return;
  event.respondWith(
    (async () => {
      try {
        return await fetch(request);
      } catch {
        return (await caches.match(OFFLINE_URL)) || Response.error();
      }
    })(),
  );
});
