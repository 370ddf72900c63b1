/*
 * The scorer's service worker: the scorer page works offline after its first load.
 *
 * Vite emits hashed asset names, so nothing is listed here: at install the worker reads
 * scorer.html and caches it with every asset it links (scripts, module preloads, styles); after
 * that, pages are fetched network-first (a fresh deploy wins, the cache answers offline) and
 * /assets/* cache-first (a hashed name never changes). Only what the scorer's own pages request is
 * cached, so the game's large bundles are not stored for nothing.
 */
const CACHE = 'pyramid-scorer-v1';
const SCORER_PAGE = new URL('./scorer.html', self.registration.scope).href;

self.addEventListener('install', (event) => {
  event.waitUntil(precache().then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) if (key !== CACHE) await caches.delete(key);
      await self.clients.claim();
    })(),
  );
});

async function precache() {
  const cache = await caches.open(CACHE);
  const response = await fetch(SCORER_PAGE, { cache: 'no-cache' });
  if (!response.ok) return;
  const html = await response.clone().text();
  await cache.put(SCORER_PAGE, response);
  const assets = new Set();
  for (const match of html.matchAll(/(?:src|href)="([^"]+)"/g)) {
    const url = new URL(match[1], SCORER_PAGE);
    if (url.origin === self.location.origin && url.pathname.includes('/assets/')) assets.add(url.href);
  }
  await cache.addAll([...assets]);
}

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
      if (!(await fromScorer(event))) return fetch(request);
      if (request.mode === 'navigate') return networkFirst(request);
      if (new URL(request.url).pathname.includes('/assets/')) return cacheFirst(request);
      return networkFirst(request);
    })(),
  );
});
