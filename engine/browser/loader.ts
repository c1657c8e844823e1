// The browser host: packs come over fetch from a folder of packs (dist/data served as-is), and
// manifest.json versions each URL by the pack's SHA-256 so HTTP caches can keep a pack forever. The
// bytes fetched are checked against that SHA-256 where the platform has WebCrypto (verifyingSha256).
import type { PackLoader } from '../core/engine.ts';
import { BibleError } from '../core/errors.ts';
import { isPackName } from '../core/pack/reader.ts';

export interface FetchLoaderOptions {
  /** folder URL holding manifest.json and the .pack files; default 'data/' relative to the page */
  baseUrl?: string | URL;
  /** the fetch to use (a polyfill, or one that adds headers); default the global fetch */
  fetch?: typeof fetch;
  /** a Cache Storage name: every pack fetched is also put there, so a service worker can answer it
   * offline even when it was fetched before the worker took control of the page */
  cacheName?: string;
}

interface ManifestPack {
  name: string;
  file: string;
  sha256?: string;
}

/** Reads manifest.json (for versioned URLs); a missing manifest only means unversioned URLs. */
async function readManifest(base: URL, fetchFn: typeof fetch): Promise<Map<string, ManifestPack>> {
  try {
    const response = await fetchFn(new URL('manifest.json', base).href, { cache: 'no-cache' });
    if (!response.ok) return new Map();
    const manifest = (await response.json()) as { packs?: ManifestPack[] };
    return new Map((manifest.packs ?? []).map((p) => [p.name, p]));
  } catch {
    return new Map();
  }
}

/** The URL a pack is fetched from: versioned by its hash when the manifest knows it. */
export function packUrl(base: URL, name: string, pack?: ManifestPack): string {
  const url = new URL(pack?.file ?? `${name}.pack`, base);
  if (pack?.sha256) url.searchParams.set('v', pack.sha256.slice(0, 16));
  return url.href;
}

/** SHA-256 of some bytes in hex, by WebCrypto; undefined where the platform has none. */
type Sha256 = (bytes: Uint8Array<ArrayBuffer>) => Promise<string>;

/**
 * WebCrypto's SHA-256 where the platform has it. It has none outside a secure context (a page served
 * over plain http from another host than localhost) and in some embedded runtimes: packs are then used
 * unverified against the manifest, which leaves the pack's own checks (each block's CRC-32, and the
 * declaration by which a file holding another pack is refused).
 */
function webCryptoSha256(): Sha256 | undefined {
  const subtle = (globalThis as { crypto?: { subtle?: SubtleCrypto } }).crypto?.subtle;
  if (!subtle || typeof subtle.digest !== 'function') return undefined;
  return async (bytes) => {
    const digest = new Uint8Array(await subtle.digest('SHA-256', bytes));
    let hex = '';
    for (const byte of digest) hex += byte.toString(16).padStart(2, '0');
    return hex;
  };
}

/** Whether the loader checks packs against manifest.json's SHA-256 on this platform (it needs WebCrypto). */
export const verifyingSha256 = (): boolean => webCryptoSha256() !== undefined;

/** Drops cached packs the current manifest no longer names (older builds), so rebuilds do not pile up. */
async function pruneCache(cacheName: string, base: URL, packs: Map<string, ManifestPack>): Promise<void> {
  if (typeof caches === 'undefined') return;
  try {
    const current = new Set([...packs.values()].map((p) => packUrl(base, p.name, p)));
    const cache = await caches.open(cacheName);
    for (const request of await cache.keys()) {
      if (request.url.startsWith(base.href) && request.url.includes('.pack') && !current.has(request.url))
        await cache.delete(request);
    }
  } catch {
    // pruning is housekeeping; reading goes on without it
  }
}

/** A PackLoader over fetch, for open({ loader: fetchLoader() }). */
export function fetchLoader(options: FetchLoaderOptions = {}): PackLoader {
  const fetchFn = options.fetch ?? globalThis.fetch.bind(globalThis);
  const pageBase = typeof location !== 'undefined' ? location.href : undefined;
  let base: URL;
  try {
    base = new URL(String(options.baseUrl ?? 'data/'), pageBase);
  } catch {
    // A BibleError naming the option, as openNode's dataDir and open()'s loader are refused: an app
    // catching the engine's errors reads code and param, which a bare Error lacks.
    throw new BibleError(
      'INVALID_PARAMETER',
      `fetchLoader needs an absolute baseUrl outside a web page, got ${JSON.stringify(String(options.baseUrl ?? 'data/'))}`,
      'baseUrl',
    );
  }
  if (!base.pathname.endsWith('/')) base.pathname += '/';
  const sha256 = webCryptoSha256();
  let manifest: Promise<Map<string, ManifestPack>> | undefined;
  const manifestPacks = () =>
    (manifest ??= readManifest(base, fetchFn).then((m) => {
      if (options.cacheName && m.size) void pruneCache(options.cacheName, base, m);
      return m;
    }));

  const load = async (name: string) => {
    if (!isPackName(name)) throw new Error(`bad pack name ${JSON.stringify(name)}`);
    const packs = await manifestPacks();
    const listed = packs.get(name);
    const url = packUrl(base, name, listed);
    let response: Response;
    try {
      response = await fetchFn(url);
    } catch (error) {
      // fetch's own message ("fetch failed", "Failed to fetch") names no address: the pack's URL is the
      // first thing to check (a wrong baseUrl, a server not running, a scheme fetch does not serve).
      const cause = (error as { cause?: unknown })?.cause;
      const why = error instanceof Error ? error.message : String(error);
      throw new Error(`${url}: ${why}${cause instanceof Error ? ` (${cause.message})` : ''}`);
    }
    if (!response.ok) throw new Error(`${url} answered HTTP ${response.status}`);
    const cache = options.cacheName && typeof caches !== 'undefined' ? options.cacheName : undefined;
    const copy = cache ? response.clone() : undefined;
    const bytes = new Uint8Array(await response.arrayBuffer());
    const expected = typeof listed?.sha256 === 'string' ? listed.sha256.toLowerCase() : undefined;
    if (expected && sha256) {
      const actual = await sha256(bytes);
      if (actual !== expected) {
        // A cache (this loader's, or the service worker's) may hold the wrong bytes under the versioned URL:
        // they are dropped, so the next load fetches the pack again.
        if (cache)
          void caches.open(cache).then(
            (c) => c.delete(url),
            () => false,
          );
        throw new BibleError(
          'NOT_AVAILABLE',
          `pack '${name}' cannot be used: the bytes fetched from ${url} have SHA-256 ${actual.slice(0, 16)}…, not the ${expected.slice(0, 16)}… manifest.json gives (a stale cache, a changed file, or a proxy that altered it?)`,
        );
      }
    }
    if (cache && copy) {
      // Best effort: a full or unavailable cache must not stop the reading.
      caches
        .open(cache)
        .then((c) => c.put(url, copy))
        .catch(() => {});
    }
    return bytes;
  };
  // The manifest names the packs the folder serves; without one, the loader cannot tell.
  return Object.assign(load, {
    listPacks: async () => {
      const packs = await manifestPacks();
      return packs.size ? packs.keys() : undefined;
    },
  });
}
