// `bible import` of the corpus's real files into a pack folder, each imported once, then read back through
// the engine: own numbers mapped to the KJV grid, structure, book names in another script, partial texts
// and licensing.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { copyPacksFromArgs } from '../../engine/node/copy-packs.ts';
import { importTranslation } from '../../engine/node/import-command.ts';
import { openNode } from '../../engine/node/loader.ts';
import type { ImportReport } from '../../engine/import/build.ts';
import { SOURCES } from './sources.ts';

let root: string;
let data: string;
const reports = new Map<string, ImportReport>();

function importOnce(id: string, relative: string): ImportReport {
  const known = reports.get(id);
  if (known) return known;
  const { report } = importTranslation({ source: join(SOURCES, relative), id, data });
  reports.set(id, report);
  return report;
}

let opened: ReturnType<typeof openNode> | undefined;
const bible = () => (opened ??= openNode({ dataDir: data }));

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'bible-import-real-'));
  data = join(root, 'data');
  mkdirSync(data);
  // The pack folder an app holds after `bible copy-packs`: meta, the KJV's text, licensing and headings.
  copyPacksFromArgs(['--to', data, '--packs', 'licensing,headings'], () => {});
  // Every import happens before the engine opens on the folder.
  importOnce('oeb', 'imports/eng-us-oeb.osis.xml');
  importOnce('rylt', 'imports/eng-ylt.zefania.xml');
  importOnce('cuv', 'imports/chi-cuv.usfx.xml');
  importOnce('webu', 'bibles/web');
  importOnce('yltz', 'bibles/ylt/YLT.zip');
}, 300_000);
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('the Open English Bible (OSIS, eng numbering)', () => {
  it('is found to follow eng, with every verse mapped', () => {
    const report = importOnce('oeb', 'imports/eng-us-oeb.osis.xml');
    expect(report.format).toBe('osis');
    expect(report.versification.name).toBe('eng');
    expect(report.versification.reason).toMatch(/match eng/);
    expect(report.unmapped).toEqual([]);
    expect(report.headings).toBeGreaterThan(100);
    expect(report.poetryLines).toBeGreaterThan(1000);
  });

  it("brings its 3 John 1:14 and 1:15 for the KJV's 1:14", async () => {
    const rows = (await (await bible()).call('GetParallelVerses', { verseId: '64001014' })) as unknown as {
      id: string;
      versionId: string;
      kjvId?: string | null;
    }[][];
    const oeb = rows.find((r) => r[0].versionId === 't_oeb')!;
    expect(oeb.map((r) => [r.id, r.kjvId])).toEqual([
      ['64001014', '64001014'],
      ['64001015', '64001014'],
    ]);
  });

  it('lays out Psalm 23 with its own heading and poetry', async () => {
    const [passage] = (await (
      await bible()
    ).call('GetPassage', {
      reference: 'Psalm 23',
      versionId: 'oeb',
      format: 'structured',
    })) as unknown as { blocks: { type: string; source?: string }[] }[];
    expect(passage.blocks[0]).toMatchObject({ type: 'heading', source: 'source' });
    expect(passage.blocks.filter((b) => b.type === 'poetry').length).toBeGreaterThan(5);
    // The shared headings, keyed by KJV verse ids, are not put over an imported text.
    expect(passage.blocks.every((b) => b.type !== 'heading' || b.source === 'source')).toBe(true);
  });

  it('is listed with its books, versification and structure', async () => {
    const listed = (await (await bible()).GetVersions()).find((v) => v.versionCode === 'oeb') as Record<
      string,
      unknown
    >;
    expect(listed).toMatchObject({ imported: true, versification: 'eng', available: true });
    expect(listed.books).toContain(64);
    expect(listed.structure).toMatchObject({ headings: true, poetry: true, headingSource: 'source' });
  });
});

describe("the Revised Young's Literal NT (Zefania, New Testament only)", () => {
  it('is found to follow the KJV exactly', () => {
    const report = importOnce('rylt', 'imports/eng-ylt.zefania.xml');
    expect(report).toMatchObject({ format: 'zefania', books: 27, versification: { name: 'kjv' } });
    expect(report.unmapped).toEqual([]);
  });

  it('answers a book it lacks as NOT_AVAILABLE naming the translation and the book', async () => {
    await expect(
      (await bible()).call('GetChapter', { bookId: 1, chapterId: 1, versionId: 'rylt' }),
    ).rejects.toMatchObject({ code: 'NOT_AVAILABLE', message: expect.stringMatching(/rylt.*Genesis/) });
  });
});

describe('the Chinese Union Version (USFX)', () => {
  it('reads its own book names: 約翰福音 3:16 is John 3:16', async () => {
    const b = await bible();
    expect(await b.call('GetParseCitation', { citation: '約翰福音 3:16' })).toMatchObject({
      bookId: expect.stringMatching(/^0?43$/),
    });
    const [passage] = (await b.call('GetPassage', { reference: '約翰福音 3:16', versionId: 'cuv' })) as unknown as {
      verses: { id: string; t: string }[];
    }[];
    expect(passage.verses[0].id).toBe('43003016');
    expect(passage.verses[0].t).toContain('神愛世人');
    const found = JSON.stringify(await b.call('GetCitationsInText', { text: '經上記着說：約翰福音 3:16。' }));
    expect(found).toContain('43003016');
  });

  it('maps through its own mapping and reports the verse that stays unmapped', () => {
    const report = importOnce('cuv', 'imports/chi-cuv.usfx.xml');
    expect(report.versification.name).toBe('custom');
    expect(report.versification.reason).toMatch(/built from kjv/);
    expect(report.unmapped.length).toBeLessThan(10);
  });
});

describe('the WEB as a USFM folder, and the YLT as a SWORD zip', () => {
  it('reads every book of each', () => {
    expect(importOnce('webu', 'bibles/web')).toMatchObject({ format: 'usfm', books: 66 });
    expect(importOnce('yltz', 'bibles/ylt/YLT.zip')).toMatchObject({ format: 'sword', books: 66, verses: 31102 });
  });

  it('keeps the words of Jesus of the WEB in the structured form', async () => {
    const [passage] = (await (
      await bible()
    ).call('GetPassage', {
      reference: 'John 3:16',
      versionId: 'webu',
      format: 'structured',
    })) as unknown as { blocks: unknown[] }[];
    expect(JSON.stringify(passage.blocks)).toContain('"wj":true');
  });

  it('reads John 3:16 from the SWORD module', async () => {
    const b = await bible();
    const [imported] = (await b.call('GetVerse', { verseId: '43003016', versionId: 'yltz' })) as unknown as {
      t: string;
    }[];
    expect(imported.t).toMatch(/God did so love the world/);
  });
});

describe('licensing of imported texts', () => {
  it('does not call a text whose rights statement says public domain personal use only', async () => {
    expect(importOnce('yltz', 'bibles/ylt/YLT.zip').license).toMatch(/public domain/i);
    const licensing = (await (await bible()).call('GetLicensing', {})) as unknown as {
      cache_policy: { personal_use_only: string[] };
    };
    expect(licensing.cache_policy.personal_use_only).not.toContain('yltz');
  });

  it('lists a text that states no licence among those not to keep', async () => {
    expect(importOnce('oeb', 'imports/eng-us-oeb.osis.xml').license).toBeNull();
    const licensing = (await (await bible()).call('GetLicensing', {})) as unknown as {
      cache_policy: { personal_use_only: string[] };
    };
    // The OEB states no licence: it is not one a user may be told to keep.
    expect(licensing.cache_policy.personal_use_only).toContain('oeb');
  });
});
