import { describe, expect, it } from 'vitest';
import { bible } from '../helpers.ts';
import { OPERATIONS } from '../../engine/core/operations.ts';

describe('info', async () => {
  const b = await bible();

  it('GetInfo describes this engine', async () => {
    const info = await b.GetInfo();
    for (const key of ['name', 'description', 'type', 'version', 'parent', 'authors']) expect(info).toHaveProperty(key);
  });

  it('GetEndpoints is generated from the operation table', async () => {
    const endpoints = await b.GetEndpoints();
    expect(endpoints.map((e: { name: string }) => e.name)).toEqual(OPERATIONS.map((op) => op.name));
    const getVerse = endpoints.find((e: { name: string }) => e.name === 'GetVerse');
    expect(getVerse.params.map((p: { name: string }) => p.name)).toEqual(['verseId', 'versionId']);
    expect(getVerse.params[0].required).toBe(true);
  });

  it('every operation is also a typed method', () => {
    for (const op of OPERATIONS) expect(typeof b[op.name]).toBe('function');
  });
});
