// The package as React Native takes it (package.json's `react-native` condition, dist/react-native.js):
// the platform-free engine, which reads packs through a loader the app passes. The app decides where the
// bytes come from (assets bundled by Metro, a file it downloaded); openAssets() is the usual case.
import { open, type OpenOptions, type PackLoader, type TypedBible } from '../core/engine.ts';
import { decodeUtf8Fallback } from '../core/utf8.ts';

export * from '../core/index.ts';
export { decodeUtf8Fallback } from '../core/utf8.ts';

/** Reads one file the app ships (`meta.pack`, `text-kjv.pack`, `manifest.json`) as bytes. */
export type AssetReader = (fileName: string) => Promise<Uint8Array>;

/**
 * The pack names a folder's manifest.json lists (the file `bible copy-packs` and `bible import` write),
 * or undefined when the app ships none or it cannot be read: the engine then counts every pack as there.
 */
async function manifestPackNames(readAsset: AssetReader): Promise<string[] | undefined> {
  try {
    // Hermes 0.12 has no TextDecoder: the engine's own decoder reads the manifest.
    const manifest = JSON.parse(decodeUtf8Fallback(await readAsset('manifest.json'))) as {
      packs?: { name?: unknown }[];
    };
    if (!Array.isArray(manifest.packs)) return undefined;
    return manifest.packs.map((p) => p?.name).filter((name): name is string => typeof name === 'string');
  } catch {
    return undefined;
  }
}

/**
 * open() over packs an app ships as files named `<pack>.pack`, read by `readAsset`. Where the app ships
 * the folder's manifest.json too, the engine knows which packs are there: GetVersions says which
 * translations it answers, and the translations `bible import` added to the folder are listed and read.
 */
export function openAssets(
  readAsset: AssetReader,
  options: Omit<Partial<OpenOptions>, 'loader'> = {},
): Promise<TypedBible> {
  const loader: PackLoader = Object.assign((packName: string) => readAsset(`${packName}.pack`), {
    listPacks: () => manifestPackNames(readAsset),
  });
  return open({ ...options, loader });
}
