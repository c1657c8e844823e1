// The package.json that ships: `npm pack` and `npm publish` run `prepack`, which swaps in a copy without
// the development fields, and `postpack`, which puts the checkout's own back. An installed package has
// no use for scripts that run tsx on files the tarball does not carry (npm warns about `prepare` on
// install), nor for the devDependencies or the allowScripts of this checkout.
//   npx tsx scripts/publish-manifest.ts strip | restore
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(import.meta.dirname, '..');
export const MANIFEST = join(ROOT, 'package.json');
/** The checkout's package.json while a pack is under way (ignored by git, not in "files"). */
export const SAVED_MANIFEST = join(ROOT, 'package.json.unpacked');
const DEVELOPMENT_FIELDS = ['scripts', 'devDependencies', 'allowScripts'];

export function publishedManifest(manifest: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(manifest).filter(([field]) => !DEVELOPMENT_FIELDS.includes(field)));
}

export function stripManifest(): void {
  // A saved copy left by a pack that failed before postpack is the checkout's own: keep it, never the
  // stripped file over it.
  if (!existsSync(SAVED_MANIFEST)) renameSync(MANIFEST, SAVED_MANIFEST);
  const original = JSON.parse(readFileSync(SAVED_MANIFEST, 'utf8')) as Record<string, unknown>;
  writeFileSync(MANIFEST, `${JSON.stringify(publishedManifest(original), null, 2)}\n`);
}

export function restoreManifest(): void {
  if (existsSync(SAVED_MANIFEST)) renameSync(SAVED_MANIFEST, MANIFEST);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const action = process.argv[2];
  if (action === 'strip') stripManifest();
  else if (action === 'restore') restoreManifest();
  else {
    process.stderr.write('usage: tsx scripts/publish-manifest.ts strip | restore\n');
    process.exitCode = 2;
  }
}
