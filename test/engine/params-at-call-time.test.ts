// A call reads its parameters when it is made: an app that reuses one params object, or passes one
// whose reads throw, gets the answer to what it passed at that moment, or a BibleError naming the parameter.
import { describe, expect, it } from 'vitest';
import { openNode } from '../../engine/node/loader.ts';
import { BibleError } from '../../engine/core/errors.ts';
import type { Params } from '../../engine/core/engine.ts';

type Loose = { call(name: string, params?: unknown): Promise<any>; callSync(name: string, params?: unknown): any };

describe('parameters are read when call() is made', () => {
  // This file's first calls run before the operation table is loaded in this process: the cold path.
  it('a reused params object on a freshly opened engine: each call answers its own values', async () => {
    const b = (await openNode()) as unknown as Loose;
    const p: Record<string, string> = { lexiconId: 'G', id: '26' };
    const first = b.call('GetStrongs', p);
    p.id = '5368';
    const second = b.call('GetStrongs', p);
    const [a, c] = await Promise.all([first, second]);
    expect(a[0].strongs_id).toBe('G26');
    expect(c[0].strongs_id).toBe('G5368');
  });

  it('four searches sharing one object count their own queries, cold and warm', async () => {
    for (const warm of [false, true]) {
      const b = (await openNode()) as unknown as Loose;
      const queries = ['love', 'Caesar', 'Jerusalem', 'mercy'];
      const solo: number[] = [];
      for (const q of queries) solo.push((await b.call('GetSearchCount', { query: q, versionId: 'kjv' })).searchCount);
      const fresh = (await openNode()) as unknown as Loose;
      if (warm) await fresh.call('GetSearchCount', { query: 'x1', versionId: 'kjv' });
      const shared: Params = { versionId: 'kjv' };
      const pending = queries.map((q) => {
        shared.query = q;
        return fresh.call('GetSearchCount', shared);
      });
      const counts = (await Promise.all(pending)).map((r) => r.searchCount);
      expect(counts).toEqual(solo);
      expect(new Set(counts).size).toBe(4);
    }
  });

  it('a getter that throws is a BibleError naming the parameter, through call() and callSync()', async () => {
    const b = (await openNode()) as unknown as Loose;
    const params = {
      verseId: '43003016',
      get versionId(): string {
        throw new Error('boom');
      },
    };
    const cold = await b.call('GetVerse', params).catch((e) => e);
    expect(cold).toBeInstanceOf(BibleError);
    expect(cold.param).toBe('versionId');
    await b.call('GetVerse', { verseId: '43003016' });
    expect(() => b.callSync('GetVerse', params)).toThrow(BibleError);
    try {
      b.callSync('GetVerse', params);
    } catch (e) {
      expect((e as BibleError).param).toBe('versionId');
    }
    const throwingMessage = {
      get id(): string {
        throw {
          get message(): string {
            throw new Error('again');
          },
        };
      },
    };
    const odd = await b.call('GetStrongs', throwingMessage).catch((e) => e);
    expect(odd).toBeInstanceOf(BibleError);
    expect(odd.param).toBe('id');
  });

  it("a proxy whose traps throw is a BibleError, never the trap's own exception", async () => {
    const b = (await openNode()) as unknown as Loose;
    const trap = () => {
      throw new TypeError('trap');
    };
    const proxies = [
      new Proxy({ verseId: '43003016' }, { ownKeys: trap }),
      new Proxy({ verseId: '43003016' }, { get: trap }),
      new Proxy({ verseId: '43003016' }, { getPrototypeOf: trap }),
      new Proxy({ verseId: '43003016' }, { getOwnPropertyDescriptor: trap }),
      new Proxy({ verseId: '43003016' }, { has: trap }),
    ];
    for (const op of ['GetVerse', 'GetCrossReferences']) {
      for (const proxy of proxies) {
        // A trap the check never reaches changes nothing; one it reaches is a refusal, never the trap's TypeError.
        const answer = await b.call(op, proxy).catch((e) => e);
        if (answer instanceof Error) {
          expect(answer, `${op} with a throwing proxy`).toBeInstanceOf(BibleError);
          expect((answer as BibleError).code).toBe('INVALID_PARAMETER');
        } else expect(answer).toEqual(await b.call(op, { verseId: '43003016' }));
      }
      const error = await b.call(op, proxies[1]).catch((e) => e);
      expect(error, `${op} with a proxy whose get trap throws`).toBeInstanceOf(BibleError);
    }
  });
});
