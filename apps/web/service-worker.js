/*
 * The scorer's service worker: the scorer page works offline after its first load.
 *
 * The build (apps/web/pwa.ts) writes this file to sw.js with PRECACHE filled in from Vite's bundle:
 * the scorer page, its manifest and icons, and every script and style the page's module graph
 * loads. All of them are cached at install; after that pages are fetched network-first (a fresh
 * deploy wins, the cache answers offline) and the hashed /assets/* cache-first. A new build has a
 * new VERSION, so its worker installs a fresh cache and drops the old one. Only the scorer's own
 * requests are answered from the cache: the game's large bundles are not stored for nothing.
 */
const PRECACHE = /* PRECACHE */ [];
const VERSION = '/* VERSION */';
const CACHE = `pyramid-scorer-${VERSION}`;
const SCOPE = self.registration.scope;
const SCORER_PAGE = new URL('./scorer.html', SCOPE).href;
const PRECACHED = new Set(PRECACHE.map((path) => new URL(path, SCOPE).href));

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      await cache.addAll(
        PRECACHE.map((path) => new Request(new URL(path, SCOPE).href, { cache: 'no-cache' })),
      );
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) if (key !== CACHE) await caches.delete(key);
      await self.clients.claim();
    })(),
  );
});

/** Whether a request comes from (or is) the scorer page, the only page this worker keeps offline. */
async function fromScorer(event) {
  if (event.request.mode === 'navigate') return new URL(event.request.url).pathname.endsWith('/scorer.html');
  const client = event.clientId ? await self.clients.get(event.clientId) : null;
  return client !== null && client !== undefined && new URL(client.url).pathname.endsWith('/scorer.html');
}

async function networkFirst(request) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(request, response.clone());
    return response;
  } catch (error) {
    const cached = await cache.match(request, { ignoreSearch: true });
    if (cached) return cached;
    if (request.mode === 'navigate') {
      const page = await cache.match(SCORER_PAGE);
      if (page) return page;
    }
    throw error;
  }
}

async function cacheFirst(request) {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(
    (async () => {
      // The scorer's own files answer from the cache whoever asks (a page still loading may not be a client yet).
      if (request.mode !== 'navigate' && PRECACHED.has(request.url.split('#')[0])) return cacheFirst(request);
      if (!(await fromScorer(event))) return fetch(request);
      if (request.mode === 'navigate') return networkFirst(request);
      if (new URL(request.url).pathname.includes('/assets/')) return cacheFirst(request);
      return networkFirst(request);
    })(),
  );
});
