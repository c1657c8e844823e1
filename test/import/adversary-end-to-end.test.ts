// Adversary, end to end: texts in formats and states the other tests do not use, imported with
// `bible import` into a pack folder and read back as an app would.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { ImportReport } from '../../engine/import/build.ts';
import { copyPacksFromArgs } from '../../engine/node/copy-packs.ts';
import { importTranslation } from '../../engine/node/import-command.ts';
import { openNode } from '../../engine/node/loader.ts';

let root: string;
let data: string;
const reports = new Map<string, ImportReport>();
let opened: ReturnType<typeof openNode> | undefined;
const bible = () => (opened ??= openNode({ dataDir: data }));
const call = async (op: string, params: Record<string, string>) => (await bible()).call(op, params);

const USX3 = `<?xml version="1.0" encoding="utf-8"?>
<usx version="3.0">
  <book code="PHM" style="id">Test USX3</book>
  <para style="h">Philemonbrief</para>
  <para style="toc2">Phlm</para>
  <chapter number="1" style="c" sid="PHM 1"/>
  <para style="s1">Gruß</para>
  <para style="p"><verse number="1" style="v" sid="PHM 1:1"/>Paulus, ein Gefangener Christi Jesu.<verse eid="PHM 1:1"/>
    <verse number="2" style="v" sid="PHM 1:2"/>Und an Aphia die Schwester.<verse eid="PHM 1:2"/></para>
  <chapter eid="PHM 1"/>
</usx>
`;

function vulgateMark(): string {
  const lines = ['\\id MRK Vulgate-numbered test', '\\h Marcus', '\\toc2 Marcus', '\\toc3 Mc'];
  for (const [c, n] of [
    [8, 39],
    [9, 49],
  ]) {
    lines.push(`\\c ${c}`, '\\p');
    for (let v = 1; v <= n; v++)
      lines.push(
        `\\v ${v} ${c === 8 && v === 39 ? 'et dicebat illis amen dico vobis regnum Dei' : `versus ${c} ${v} textus`}`,
      );
  }
  return `${lines.join('\n')}\n`;
}

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'bible-adversary-'));
  data = join(root, 'data');
  mkdirSync(data);
  // The pack folder an app holds after `bible copy-packs`: meta, the KJV's text, licensing and headings.
  copyPacksFromArgs(['--to', data, '--packs', 'licensing,headings'], () => {});
  const src = join(root, 'src');
  mkdirSync(join(src, 'ord'), { recursive: true });
  writeFileSync(join(src, 'phm.usx'), USX3);
  writeFileSync(join(src, 'mark.usfm'), vulgateMark());
  // A folder whose file names sort Romans before John (as a zip's entry order may also put them).
  writeFileSync(
    join(src, 'ord', 'a.usfm'),
    '\\id ROM\n\\c 1\n\\p\n\\v 1 Paulus, ein Knecht.\n\\v 2 welches er verheißen hat.\n',
  );
  writeFileSync(
    join(src, 'ord', 'b.usfm'),
    '\\id JHN\n\\c 1\n\\p\n\\v 1 Im Anfang war das Wort.\n\\v 2 Dasselbe war bei Gott.\n',
  );
  for (const [id, file] of [
    ['phm', 'phm.usx'],
    ['vmark', 'mark.usfm'],
    ['ord', 'ord'],
  ])
    reports.set(id, importTranslation({ source: join(src, file), id, data }).report);
}, 120_000);
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('what works (kept as guards)', () => {
  it("a vul Mark's 8:39 answers GetParallelVerses for KJV 9:1", async () => {
    expect(reports.get('vmark')?.versification.name).toBe('vul');
    const rows = (await call('GetParallelVerses', { verseId: '41009001' })) as unknown as {
      versionId: string;
      v: string;
    }[][];
    const own = rows.flat().filter((r) => r.versionId === 't_vmark');
    expect(own.map((r) => r.v)).toEqual(['39']);
  });
  it('GetChapter Genesis 1 of an NT-only text is NOT_AVAILABLE naming translation and book', async () => {
    await expect(call('GetChapter', { bookId: '1', chapterId: '1', versionId: 'vmark' })).rejects.toThrow(
      /vmark.*Genesis/,
    );
  });
});

describe('an imported text read in its own numbers and names', () => {
  // docs/import.md: "GetVerse, GetChapter, GetPassage and search ... each row adds kjvId".
  it('GetSearch rows of an imported text carry kjvId', async () => {
    const rows = (await call('GetSearch', { query: 'regnum Dei', versionId: 'vmark' })) as unknown as {
      kjvId?: string;
    }[];
    expect(rows).toHaveLength(1);
    expect(rows[0].kjvId).toBe('41009001');
  });

  // GetPassage reads an imported text's references against its own chapters and verses, not the KJV
  // grid: "Mark 8:39" of a Vulgate-numbered text is its own 8:39, as GetVerse 41008039 is.
  it('GetPassage "Mark 8:39" answers the own verse 8:39 of a vul text', async () => {
    const passages = (await call('GetPassage', { reference: 'Mark 8:39', versionId: 'vmark' })) as unknown as {
      verses: { id: string; kjvId?: string | null }[];
    }[];
    expect(passages[0].verses.map((v) => v.id)).toEqual(['41008039']);
    expect(passages[0].verses.map((v) => v.kjvId)).toEqual(['41009001']);
    // The KJV's own Mark 8 still ends at 8:38.
    await expect(call('GetPassage', { reference: 'Mark 8:39', versionId: 'kjv' })).rejects.toThrow(/Mark/);
  });

  // A whole chapter ends at the text's own last verse of it (the KJV's Mark 8 ends at 8:38).
  it('GetPassage "Mark 8" of a vul text gives to = its last verse', async () => {
    const passages = (await call('GetPassage', { reference: 'Mark 8', versionId: 'vmark' })) as unknown as {
      to: string;
      verses: { id: string }[];
    }[];
    expect(passages[0].verses).toHaveLength(39);
    expect(passages[0].to).toBe('41008039');
    expect(passages[0].verses.at(-1)?.id).toBe(passages[0].to);
    expect(passages[0]).toMatchObject({ reference: 'Mark 8', from: '41008001' });
  });

  // Files read out of canonical order (a folder whose names sort Romans before John, or a zip whose
  // entries list Romans first): verse order is judged within a book, so no John verse is warned of.
  it('a folder with Romans before John imports without warnings', () => {
    const report = reports.get('ord');
    expect(report?.verses).toBe(4);
    expect(report?.warnings).toEqual([]);
  });

  // The running header (\h, USX <para style="h">) stays a book name beside a \toc2 short name, so a
  // citation by the name printed at the top of every page ("Philemonbrief 1:2") is understood.
  it('the \\h name of a USX book is understood by GetParseCitation', async () => {
    const parsed = (await call('GetParseCitation', { citation: 'Philemonbrief 1:2' })) as unknown as { bookId: string };
    expect(parsed.bookId).toBe('57');
  });
});
