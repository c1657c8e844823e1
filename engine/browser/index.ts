// The bundle's entry (dist/engine.js): the platform-free engine plus the fetch loader. Browsers call
// openBrowser(); React Native, Electron and other hosts call open() with a loader of their own.
import { open, type OpenOptions, type TypedBible } from '../core/engine.ts';
import { fetchLoader, type FetchLoaderOptions } from './loader.ts';

export * from '../core/index.ts';
export { wholeWordMatcher } from '../core/match.ts';
export { decodeUtf8Fallback } from '../core/utf8.ts';
export { fetchLoader, packUrl, type FetchLoaderOptions } from './loader.ts';

/** open() with packs fetched from `baseUrl` (default 'data/' beside the page). */
export function openBrowser(
  options: FetchLoaderOptions & Omit<Partial<OpenOptions>, 'fetch'> = {},
): Promise<TypedBible> {
  const { baseUrl, fetch, cacheName, ...rest } = options;
  return open({ loader: fetchLoader({ baseUrl, fetch, cacheName }), ...rest });
}
