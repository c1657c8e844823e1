// React Native (or any host with its own file access): hand the engine a loader that reads a pack's
// bytes by name. readAsset is the one platform-specific line; see the README for React Native's.
import { open } from 'bible-engine';

/** Opens the engine over packs an app bundles as assets: readAsset(fileName) => Promise<Uint8Array>. */
export function openFromAssets(readAsset) {
  return open({ loader: (packName) => readAsset(`${packName}.pack`) });
}
