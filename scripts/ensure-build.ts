// Builds the packs when they are missing or were built from other compiler/catalog sources.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { build, buildInputsHash, DEFAULT_OUT_DIR } from '../compiler/build.ts';
import { bundle, bundleStaleReason } from './bundle.ts';
import { buildLib, libStaleReason } from './build-lib.ts';

const manifestPath = join(DEFAULT_OUT_DIR, 'manifest.json');
let reason = '';
if (!existsSync(manifestPath)) reason = 'no packs yet';
else {
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { inputs?: string; packs: { file: string }[] };
  if (manifest.inputs !== buildInputsHash()) reason = 'the compiler or catalog changed';
  else if (manifest.packs.some((p) => !existsSync(join(DEFAULT_OUT_DIR, p.file)))) reason = 'a pack file is missing';
}
if (reason) {
  console.log(`building packs (${reason})`);
  await build();
} else {
  console.log('packs are up to date');
}

// The browser bundle and reader page (dist/engine.js, dist/web): rebuilt when the engine or page changed.
const bundleReason = bundleStaleReason();
if (bundleReason) {
  console.log(`bundling the engine (${bundleReason})`);
  await bundle();
} else {
  console.log('bundle is up to date');
}

// The compiled JavaScript the `bible` command and the package's entries run (lib/).
const libReason = libStaleReason();
if (libReason) {
  console.log(`compiling the engine (${libReason})`);
  await buildLib();
} else {
  console.log('compiled engine is up to date');
}
