// A full build keeps a builder's packs while its inputs are unchanged: built into a copy of dist/data, it
// must keep every pack when nothing changed, and rebuild a pack damaged in the folder (the manifest holds its
// hash) and nothing else.
import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../compiler/build.ts';

const ROOT = join(import.meta.dirname, '../..');
const DATA = join(ROOT, 'dist/data');

/** Every pack's name and the SHA-256 of its bytes (a deep compare of 32 MiB of bytes takes minutes). */
const packsIn = (dir: string) =>
  Object.fromEntries(
    readdirSync(dir)
      .filter((name) => name.endsWith('.pack'))
      .sort()
      .map((name) => [
        name,
        createHash('sha256')
          .update(readFileSync(join(dir, name)))
          .digest('hex'),
      ]),
  );

/** Builds into `outDir`, returning the builders that ran (the others say their packs were kept). */
async function buildInto(outDir: string): Promise<{ ran: string[]; kept: string[] }> {
  const lines: string[] = [];
  await build({ outDir, log: (line) => lines.push(line) });
  const named = (re: RegExp) => lines.flatMap((line) => re.exec(line)?.slice(1, 2) ?? []).sort();
  return { ran: named(/^\[([\w-]+)\] built in/), kept: named(/^\[([\w-]+)\] inputs unchanged/) };
}

describe('a full build into a copy of dist/data', { timeout: 400_000 }, () => {
  let out: string;
  let original: Record<string, string>;

  // A first build brings the copy up to date with the code (dist/data may predate an edit); what it
  // leaves is what every later build must leave again.
  beforeAll(async () => {
    out = mkdtempSync(join(tmpdir(), 'build-adversary-'));
    cpSync(DATA, out, { recursive: true });
    await buildInto(out);
    original = packsIn(out);
  }, 400_000);
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  it('keeps every pack when nothing changed', async () => {
    const { ran } = await buildInto(out);
    expect(ran).toEqual([]);
    expect(packsIn(out)).toEqual(original);
  });

  // A damaged topics pack, whose inputs are unchanged, is rebuilt rather than kept. (That an edit to a
  // builder's module reruns that builder alone is test/compiler/build.test.ts's property on the code hash:
  // editing a real source here would race the other build tests running beside this file.)
  it('rebuilds a pack damaged in the folder, and nothing else', async () => {
    const file = join(out, 'topics.pack');
    const bytes = readFileSync(file);
    bytes[bytes.length >> 1] ^= 0x10;
    writeFileSync(file, bytes);
    const built = await buildInto(out);
    expect(built.ran).toEqual(['topics']);
    expect(built.kept).not.toContain('topics');
    expect(packsIn(out)).toEqual(original);
  });
});
