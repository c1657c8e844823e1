// The package.json that ships: `npm pack` and `npm publish` run `prepack`, which swaps in a copy without
// the development fields, and `postpack`, which puts the checkout's own back. An installed package has
// no use for scripts that run tsx on files the tarball does not carry (npm warns about `prepare` on
// install), nor for the devDependencies or the allowScripts of this checkout.
//   npx tsx scripts/publish-manifest.ts strip | restore
import { execFileSync, spawn } from 'node:child_process';
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

/** The npm process that runs this lifecycle script (npm titles itself "npm pack"), found through `ps`. */
function npmProcess(): number | undefined {
  let pid = process.ppid;
  for (let depth = 0; depth < 8 && pid > 1; depth++) {
    let line: string;
    try {
      line = execFileSync('ps', ['-o', 'ppid=,args=', '-p', String(pid)], { encoding: 'utf8' }).trim();
    } catch {
      return undefined; // no ps (Windows): postpack alone restores
    }
    const match = /^(\d+)\s+(.*)$/.exec(line);
    if (!match) return undefined;
    const execPath = process.env.npm_execpath;
    if (/^npm(\s|$)/.test(match[2]) || (execPath && match[2].includes(execPath))) return pid;
    pid = Number(match[1]);
  }
  return undefined;
}

/** Waits for a process to end, then puts the saved package.json back if it is still set aside. */
const RESTORER = `
const [pid, saved, manifest] = process.argv.slice(1);
const { existsSync, renameSync } = require('node:fs');
const alive = () => { try { process.kill(Number(pid), 0); return true; } catch (e) { return e.code === 'EPERM'; } };
const timer = setInterval(() => {
  if (alive()) return;
  clearInterval(timer);
  if (existsSync(saved)) renameSync(saved, manifest);
}, 200);`;

/**
 * npm runs postpack only when the pack succeeds: a missing --pack-destination, a full disk or Ctrl-C
 * after prepack would leave the checkout with the stripped package.json (no scripts). A detached process
 * outlives npm and restores it then; after a good pack, postpack has already done so.
 */
function restoreWhenNpmExits(): void {
  const npm = npmProcess();
  if (npm === undefined) return;
  spawn(process.execPath, ['-e', RESTORER, String(npm), SAVED_MANIFEST, MANIFEST], {
    detached: true,
    stdio: 'ignore',
  }).unref();
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const action = process.argv[2];
  if (action === 'strip') {
    stripManifest();
    if (process.env.npm_lifecycle_event === 'prepack') restoreWhenNpmExits();
  } else if (action === 'restore') restoreManifest();
  else {
    process.stderr.write('usage: tsx scripts/publish-manifest.ts strip | restore\n');
    process.exitCode = 2;
  }
}
