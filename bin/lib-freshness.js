// In a checkout, the `bible` command runs lib/, the compiled engine, which an edit of the engine's
// sources leaves behind: a new operation was UNKNOWN_OPERATION until something rebuilt it. lib/build.json
// (written by scripts/build-lib.ts) holds the hash of the sources lib/ was built from and the paths it
// covers. A start compares modification times only (a few milliseconds); when a source is newer than the
// stamp, the hash decides, and lib/ is rebuilt if the sources really changed.
import { readdirSync, readFileSync, statSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const STAMP = join(ROOT, 'lib', 'build.json');

/** Whether a file or folder under `path` changed after `since` (ms); a folder's own time covers removals. */
function changedAfter(path, since) {
  let stat;
  try {
    stat = statSync(path);
  } catch {
    return false;
  }
  if (stat.mtimeMs > since) return true;
  if (!stat.isDirectory()) return false;
  return readdirSync(path).some((name) => !name.endsWith('.test.ts') && changedAfter(join(path, name), since));
}

/** Why lib/ (under a checkout's root) may be older than its sources, judged by times alone; else undefined. */
export function libLooksStale(root = ROOT) {
  const stampFile = join(root, 'lib', 'build.json');
  let stamp;
  let since;
  try {
    stamp = JSON.parse(readFileSync(stampFile, 'utf8'));
    since = statSync(stampFile).mtimeMs;
  } catch {
    return 'no lib/build.json';
  }
  if (!Array.isArray(stamp.paths)) return 'lib/build.json lists no sources';
  return stamp.paths.some((path) => changedAfter(join(root, path), since)) ? 'sources newer than lib/' : undefined;
}

/**
 * Rebuilds lib/ when the sources' hash differs from the stamp's, saying so on stderr; when only the times
 * moved (a checkout of the same files), the stamp's time is brought forward so the next start is cheap.
 * Without tsx (devDependencies not installed) it warns instead.
 */
export async function refreshLib() {
  if (!libLooksStale()) return;
  let register;
  try {
    ({ register } = await import('tsx/esm/api'));
  } catch {
    process.stderr.write('bible: lib/ may be older than the engine sources; run `npm install` to rebuild it\n');
    return;
  }
  register();
  const { libStaleReason, buildLib } = await import(new URL('../scripts/build-lib.ts', import.meta.url).href);
  const reason = libStaleReason();
  if (!reason) {
    const now = new Date();
    utimesSync(STAMP, now, now);
    return;
  }
  process.stderr.write(`bible: lib/ is out of date (${reason}); rebuilding it first (npx tsx scripts/build-lib.ts)\n`);
  await buildLib((message) => process.stderr.write(`bible: ${message}\n`));
}
