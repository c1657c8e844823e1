// /healthz and the pack files: every pack the manifest lists is checked (size and SHA-256) when the server
// starts, so a corrupt or missing pack makes /healthz 503 before any client asks for it.
import { cpSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_DATA_DIR } from '../../engine/node/loader.ts';
import { checkPacks, type PackHealth } from '../../engine/node/pack-check.ts';
import { serve } from '../../engine/node/server.ts';
import { get } from './http.ts';

const scratch = mkdtempSync(join(tmpdir(), 'bible-pack-health-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A copy of the built packs, to damage. */
function copyOfPacks(name: string): string {
  const dir = join(scratch, name);
  cpSync(DEFAULT_DATA_DIR, dir, { recursive: true });
  return dir;
}

async function healthOnceChecked(url: string) {
  for (;;) {
    const answer = await get(url, '/healthz');
    if ((answer.json().packFiles as PackHealth).state !== 'checking') return answer;
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('the packs against their manifest', () => {
  it('the built packs match it', async () => {
    const health = await checkPacks(DEFAULT_DATA_DIR);
    expect(health.state).toBe('ok');
    expect(health.problems).toEqual([]);
    expect(health.checked).toBeGreaterThan(10);
  });

  it('a pack changed in one byte, or missing, makes /healthz 503 and names it, before any call reads it', async () => {
    const dir = copyOfPacks('damaged');
    const commentary = join(dir, 'commentary-gill.pack');
    const bytes = readFileSync(commentary);
    bytes[bytes.length >> 1] ^= 1;
    writeFileSync(commentary, bytes);
    unlinkSync(join(dir, 'dictionary-eastons.pack'));
    const server = await serve({ port: 0, host: '127.0.0.1', dataDir: dir, webDir: null });
    try {
      const health = await healthOnceChecked(server.url);
      expect(health.status).toBe(503);
      expect(health.json().status).toBe('corrupt');
      expect(health.json().packFiles.problems).toEqual([
        { pack: 'commentary-gill', problem: 'sha256' },
        { pack: 'dictionary-eastons', problem: 'missing' },
      ]);
    } finally {
      await server.close();
    }
  });

  it('an intact copy is healthy', async () => {
    const server = await serve({ port: 0, host: '127.0.0.1', dataDir: copyOfPacks('intact'), webDir: null });
    try {
      const health = await healthOnceChecked(server.url);
      expect([health.status, health.json().status, health.json().packFiles.state]).toEqual([200, 'ok', 'ok']);
    } finally {
      await server.close();
    }
  });
});
