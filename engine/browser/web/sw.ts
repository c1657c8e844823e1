// The reader's service worker: it keeps the page, the bundle and every pack used, so the reader works
// with the network cut. Packs have content-versioned URLs (?v=<sha256>) and are answered from the cache
// first; the page and manifest go to the network first, so a new build shows up as soon as it is online.
export {};

declare const __BUNDLE_VERSION__: string;
// Service-worker globals (the WebWorker lib would clash with the DOM lib the rest of the page uses).
declare const self: {
  addEventListener(type: string, listener: (event: any) => void): void;
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void> };
  registration: { scope: string };
};

const SHELL_CACHE = `bible-shell-${__BUNDLE_VERSION__}`;
/** The page's loader puts packs here too (fetchLoader's cacheName), also before this worker controls it. */
const PACK_CACHE = 'bible-packs';
const SHELL = ['./', 'index.html', 'app.js', 'engine.js', 'style.css', 'data/manifest.json'];

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(SHELL_CACHE);
      // One by one: a static host without data/ still gets an offline page.
      await Promise.all(SHELL.map((path) => cache.add(new Request(path, { cache: 'reload' })).catch(() => {})));
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys())
        if (name.startsWith('bible-shell-') && name !== SHELL_CACHE) await caches.delete(name);
      await self.clients.claim();
    })(),
  );
});

async function packFirstFromCache(request: Request): Promise<Response> {
  const cached = await caches.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) {
    const copy = response.clone();
    caches
      .open(PACK_CACHE)
      .then((cache) => cache.put(request, copy))
      .catch(() => {});
  }
  return response;
}

async function networkFirst(request: Request, navigation: boolean): Promise<Response> {
  try {
    const response = await fetch(request);
    if (response.ok) {
      const copy = response.clone();
      caches
        .open(SHELL_CACHE)
        .then((cache) => cache.put(navigation ? './' : request, copy))
        .catch(() => {});
    }
    return response;
  } catch (error) {
    const cached = navigation
      ? ((await caches.match('./', { cacheName: SHELL_CACHE })) ??
        (await caches.match('index.html', { cacheName: SHELL_CACHE })))
      : await caches.match(request, { ignoreSearch: request.url.endsWith('manifest.json') });
    if (cached) return cached;
    throw error;
  }
}

self.addEventListener('fetch', (event) => {
  const request = event.request as Request;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== location.origin) return;
  const scope = new URL(self.registration.scope);
  if (!url.pathname.startsWith(scope.pathname)) return;
  const path = url.pathname.slice(scope.pathname.length);
  if (/^data\/[^/]+\.pack$/.test(path)) event.respondWith(packFirstFromCache(request));
  else if (request.mode === 'navigate') event.respondWith(networkFirst(request, true));
  else if (/^(|index\.html|app\.js|engine\.js|style\.css|data\/manifest\.json)$/.test(path))
    event.respondWith(networkFirst(request, false));
  // API calls and anything else go to the network untouched.
});
