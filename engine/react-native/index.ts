// The package as React Native takes it (package.json's `react-native` condition, dist/react-native.js):
// the platform-free engine, which reads packs through a loader the app passes. The app decides where the
// bytes come from (assets bundled by Metro, a file it downloaded); openAssets() is the usual case.
import { open, type OpenOptions, type TypedBible } from '../core/engine.ts';

export * from '../core/index.ts';
export { decodeUtf8Fallback } from '../core/utf8.ts';

/** Reads one file the app ships (`meta.pack`, `text-kjv.pack`) as bytes. */
export type AssetReader = (fileName: string) => Promise<Uint8Array>;

/** open() over packs an app ships as files named `<pack>.pack`, read by `readAsset`. */
export function openAssets(
  readAsset: AssetReader,
  options: Omit<Partial<OpenOptions>, 'loader'> = {},
): Promise<TypedBible> {
  return open({ ...options, loader: (packName) => readAsset(`${packName}.pack`) });
}
