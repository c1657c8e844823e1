// The package as an app gets it: this checkout packed beside the dependencies it installed (so no
// registry is asked), and those tarballs installed offline into an app's folder. The consumer tests,
// the app developer's tests and the package bench all start from it.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const REPO = resolve(import.meta.dirname, '..', '..');

const npm = (args: string[], cwd: string) =>
  execFileSync('npm', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

/**
 * Packs this checkout and its dependencies into `folder`, and answers the checkout's tarball. With
 * `packScripts`, npm runs prepack and postpack as a publisher's `npm pack` does (the package.json that
 * ships is swapped in); without, lib/, dist/ and package.json go as they are.
 */
export function packPackage(folder: string, { packScripts = false } = {}): string {
  const scripts = packScripts ? [] : ['--ignore-scripts'];
  const printed = npm(['pack', ...scripts, '--silent', '--pack-destination', folder], REPO);
  const tarball = join(folder, printed.trim().split('\n').pop()!);
  for (const dependency of Object.keys(JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')).dependencies))
    npm(['pack', '--ignore-scripts', '--silent', '--pack-destination', folder], join(REPO, 'node_modules', dependency));
  return tarball;
}

/** Installs every tarball in `folder` into the app at `app`, without the network. */
export function installTarballs(app: string, folder: string): void {
  const tarballs = readdirSync(folder).map((f) => join(folder, f));
  npm(['install', '--offline', '--no-audit', '--no-fund', '--ignore-scripts', ...tarballs], app);
}
