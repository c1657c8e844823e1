// The peers the benchmarks compare against, shared by every suite: better-sqlite3 (in-process SQLite)
// and SWORD's diatheke with the corpus's own KJV module.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { unzipSync } from 'fflate';
import { corpusRoot } from '../../compiler/build.ts';
import { TRANSLATIONS } from '../../sources/catalog.ts';

export interface Statement {
  get(...args: unknown[]): unknown;
  all(...args: unknown[]): unknown[];
  run(...args: unknown[]): unknown;
}
export interface SqliteDb {
  exec(sql: string): void;
  prepare(sql: string): Statement;
  transaction<T extends (...a: never[]) => void>(fn: T): T;
  serialize(): Buffer;
  close(): void;
}

/** better-sqlite3 when installed and its native module loads; otherwise why not. */
export function loadSqlite(): { Database: new (file: string) => SqliteDb } | { why: string } {
  try {
    const require = createRequire(import.meta.url);
    return { Database: require('better-sqlite3') };
  } catch (error) {
    return { why: error instanceof Error ? error.message.split('\n')[0] : String(error) };
  }
}

export function which(command: string): string | null {
  try {
    return execFileSync('which', [command], { encoding: 'utf8' }).trim() || null;
  } catch {
    return null;
  }
}

/** Median wall time of an external command, in ns. */
export function timeCommand(command: string, args: string[], runs = 5, env: NodeJS.ProcessEnv = process.env): number {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    execFileSync(command, args, { stdio: 'ignore', env });
    times.push((performance.now() - t0) * 1e6);
  }
  return times.sort((a, b) => a - b)[runs >> 1];
}

/**
 * Runs fn with diatheke and an environment whose SWORD_PATH holds the corpus's own KJV module (the same
 * KJV.zip our KJV pack is built from), or returns why it cannot.
 */
export function withDiathekeKjv<T>(fn: (diatheke: string, env: NodeJS.ProcessEnv) => T): T | { why: string } {
  const diatheke = which('diatheke');
  if (!diatheke)
    return {
      why: 'diatheke is not installed (`which diatheke` finds nothing; scripts/install-bench-peers.sh installs it)',
    };
  const swordPath = mkdtempSync(join(tmpdir(), 'bible-sword-'));
  try {
    const zip = unzipSync(
      new Uint8Array(readFileSync(join(corpusRoot(), TRANSLATIONS.find((t) => t.versionId === 'kjv')!.path))),
    );
    for (const [name, data] of Object.entries(zip)) {
      if (name.endsWith('/')) continue;
      mkdirSync(dirname(join(swordPath, name)), { recursive: true });
      writeFileSync(join(swordPath, name), data);
    }
    return fn(diatheke, { ...process.env, SWORD_PATH: swordPath });
  } catch (error) {
    return {
      why: `diatheke could not use the corpus KJV module: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`,
    };
  } finally {
    rmSync(swordPath, { recursive: true, force: true });
  }
}
