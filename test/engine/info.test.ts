import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bible } from '../helpers.ts';
import { OPERATIONS } from '../../engine/core/operations.ts';
import { DEFAULT_DATA_DIR } from '../../engine/node/loader.ts';

describe('info', async () => {
  const b = await bible();

  it("GetInfo answers the API's six fields as strings, then its own", async () => {
    const info = await b.GetInfo();
    expect(Object.keys(info).slice(0, 6)).toEqual([
      'appName',
      'appDescription',
      'appType',
      'version',
      'parentApplication',
      'authors',
    ]);
    for (const key of Object.keys(info).slice(0, 6)) expect(typeof info[key]).toBe('string');
    expect(info.version).toBe(info.engineVersion);
    // Every pack the build wrote but the licensing pack, which counts them.
    const manifest = JSON.parse(readFileSync(join(DEFAULT_DATA_DIR, 'manifest.json'), 'utf8'));
    expect(info.dataBuild.packCount).toBe(manifest.packs.length - 1);
  });

  it("GetEndpoints is keyed by operation, each with the API's {params: [names]}, generated from the operation table", async () => {
    const endpoints = await b.GetEndpoints();
    expect(Object.keys(endpoints)).toEqual(OPERATIONS.map((op) => op.name));
    expect(endpoints.GetVerse.params).toEqual(['verseId', 'versionId']);
    expect(endpoints.GetVerse.parameters[0]).toMatchObject({ name: 'verseId', required: true, type: 'verseId' });
    expect(endpoints.GetVerse.returns).toBe(
      '[{id: string, b: string, c: string, v: string, t: string, kjvId?: string | null}]',
    );
    expect(endpoints.GetSearchAdvanced.parameters.find((p: { name: string }) => p.name === 'matchType').values).toEqual(
      ['exact', 'broad'],
    );
  });

  it('every operation is also a typed method', () => {
    for (const op of OPERATIONS) expect(typeof b[op.name]).toBe('function');
  });
});
