// Inputs a hostile or careless file brings to `bible import`, written by someone who did not write the
// importer. Each case states what should happen; a failing case is a finding still open.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { zipSync, zlibSync } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { loadMeta } from '../../engine/core/meta.ts';
import { readPack } from '../../engine/core/pack/reader.ts';
import { withSchema } from '../../engine/core/pack/schema.ts';
import { META_PACK } from '../../engine/core/pack/schemas.ts';
import { buildImport } from '../../engine/import/build.ts';
import { readImport } from '../../engine/import/formats/index.ts';
import type { ImportedText, SourceFile } from '../../engine/import/types.ts';
import { copyPacksFromArgs } from '../../engine/node/copy-packs.ts';
import { importTranslation, packageVersificationMaps, removeImported } from '../../engine/node/import-command.ts';
import { nativeInflate, openNode } from '../../engine/node/loader.ts';
import { SOURCES } from './sources.ts';
import { readSource, type SourceLimits } from '../../engine/node/import-source.ts';

const encoder = new TextEncoder();
const file = (path: string, text: string | Uint8Array): SourceFile => ({
  path,
  bytes: typeof text === 'string' ? encoder.encode(text) : text,
});
const texts = (imported: ImportedText) => imported.verses.map((v) => v.text);
const refs = (imported: ImportedText) => imported.verses.map((v) => `${v.book} ${v.chapter}:${v.verse}`);

const scratch = mkdtempSync(join(tmpdir(), 'bible-adversary-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('verse text comes out clean', () => {
  it('drops control characters (BEL, ESC, NUL) from USFM verse text', () => {
    const imported = readImport([file('a.usfm', '\\id JHN\n\\c 1\n\\v 1 A\u0007bell \u001b[31mred\u0000nul.\n')]);
    expect(texts(imported)[0]).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f]/);
  });

  it('leaves no undecoded entity reference (&nbsp;, &#0;) in OSIS verse text', () => {
    const osis =
      '<?xml version="1.0"?><osis><osisText><div type="book" osisID="John"><chapter osisID="John.1">' +
      '<verse osisID="John.1.1">A&nbsp;b &#0; c</verse></chapter></div></osisText></osis>';
    const imported = readImport([file('a.xml', osis)]);
    expect(texts(imported)[0]).not.toMatch(/&[#\w]+;/);
  });
  it('leaves no space before the punctuation that follows a removed Zefania note', () => {
    // as the Revised YLT prints Matthew 5:17: "throw out <NOTE>…</NOTE>, but"
    const zefania =
      '<?xml version="1.0"?><XMLBIBLE><BIBLEBOOK bnumber="40"><CHAPTER cnumber="5"><VERS vnumber="17">' +
      'to throw out <DIV><NOTE type="x-studynote">abolish</NOTE></DIV>, but to fulfill.</VERS></CHAPTER></BIBLEBOOK></XMLBIBLE>';
    expect(texts(readImport([file('a.xml', zefania)]))).toEqual(['to throw out, but to fulfill.']);
  });
});

describe('verse numbers a printed Bible uses', () => {
  it('keeps both halves of a verse printed as 3a and 3b', () => {
    const imported = readImport([file('a.usfm', '\\id JHN\n\\c 1\n\\v 3a first half\n\\v 3b other half\n')]);
    expect(texts(imported).join(' ')).toContain('other half');
  });

  it('warns when a verse range (\\v 14-15) is followed by a verse it already holds', () => {
    const imported = readImport([file('a.usfm', '\\id JHN\n\\c 3\n\\v 14-15 A.\n\\v 15 B.\n')]);
    expect(imported.warnings.some((w) => w.place === 'line 4')).toBe(true);
  });

  it('refuses a \\v with no number with a message naming the marker, not "verse NaN"', () => {
    let message = '';
    try {
      readImport([file('a.usfm', '\\id JHN\n\\c 1\n\\v A.\n\\v 2 B.\n')]);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).not.toContain('NaN');
  });

  it('refuses an OSIS osisID that is not a reference with a message naming it, not "verse NaN"', () => {
    const osis =
      '<?xml version="1.0"?><osis><osisText><div type="book" osisID="John"><chapter osisID="John.1">' +
      '<verse osisID="John.1.x">A.</verse><verse osisID="John.1.2">B.</verse></chapter></div></osisText></osis>';
    let message = '';
    try {
      readImport([file('a.xml', osis)]);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).not.toContain('NaN');
  });
});

describe('OSIS as its specification allows it', () => {
  const osis = (body: string) => `<?xml version="1.0"?><osis><osisText>${body}</osisText></osis>`;

  it('reads an osisID with a work prefix (Bible.KJV:John.1.1)', () => {
    const imported = readImport([file('a.xml', osis('<verse osisID="Bible.KJV:John.1.1">A.</verse>'))]);
    expect(refs(imported)).toEqual(['43 1:1']);
  });

  it('keeps a space between a title inside a verse and the verse text', () => {
    const body =
      '<verse osisID="Ps.3.1"><title type="psalm">A Psalm of David.</title>Lord, how are they increased.</verse>';
    expect(texts(readImport([file('a.xml', osis(body))]))[0]).not.toContain('David.Lord');
  });
});

describe('warnings name the file', () => {
  it('names the source file for a chapter past 151 that the build leaves out', () => {
    const metaBytes = readFileSync(join(import.meta.dirname, '..', '..', 'dist', 'data', 'meta.pack'));
    const meta = loadMeta(withSchema(readPack('meta', metaBytes, nativeInflate), META_PACK));
    const text = readImport([file('psalms.usfm', '\\id PSA\n\\c 1\n\\v 1 Blessed.\n\\c 200\n\\v 1 Beyond.\n')]);
    const built = buildImport(
      text,
      { id: 'far', number: 1001, source: 'psalms.usfm', versification: 'kjv', license: 'test' },
      meta.versification.chapterVerses,
      packageVersificationMaps(),
    );
    const warning = built.report.warnings.find((w) => /200/.test(`${w.place} ${w.message}`));
    expect(warning?.file).toBe('psalms.usfm');
  });
});

describe('encodings', () => {
  it('reads an XML file that declares ISO-8859-1', () => {
    const bytes = new Uint8Array([
      ...encoder.encode(
        '<?xml version="1.0" encoding="ISO-8859-1"?><XMLBIBLE><BIBLEBOOK bnumber="43"><CHAPTER cnumber="1"><VERS vnumber="1">Se',
      ),
      0xf1,
      ...encoder.encode('or.</VERS></CHAPTER></BIBLEBOOK></XMLBIBLE>'),
    ]);
    expect(texts(readImport([file('a.xml', bytes)]))).toEqual(['Señor.']);
  });

  it('reads a USFM file whose \\ide names CP-1252', () => {
    const bytes = new Uint8Array([
      ...encoder.encode('\\id JHN\n\\ide CP-1252\n\\c 3\n\\v 16 Dios am'),
      0xf3,
      ...encoder.encode(' al mundo.\n'),
    ]);
    expect(texts(readImport([file('a.usfm', bytes)]))).toEqual(['Dios amó al mundo.']);
  });
});

describe('hostile XML is named as such', () => {
  it('says an OSIS file with entity declarations is refused for them, not that it holds no Bible text', () => {
    const osis =
      '<?xml version="1.0"?>\n<!DOCTYPE osis [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>\n' +
      '<osis><osisText><div type="book" osisID="John"><chapter osisID="John.1"><verse osisID="John.1.1">&xxe;</verse>' +
      '</chapter></div></osisText></osis>';
    expect(() => readImport([file('a.xml', osis)])).toThrow(/entit/i);
  });
});

describe('verse tables', () => {
  it('reads a CSV whose quoted text spans two lines (RFC 4180)', () => {
    const csv = 'book,chapter,verse,text\nJHN,3,16,"For God\nso loved."\nJHN,3,17,Sent.\n';
    const imported = readImport([file('a.csv', csv)]);
    expect(texts(imported)).toEqual(['For God so loved.', 'Sent.']);
  });

  it('reads a CSV with a tab inside a verse text', () => {
    const imported = readImport([file('a.csv', 'JHN,3,16,For God\tso loved.\nJHN,3,17,Sent.\n')]);
    expect(refs(imported)).toEqual(['43 3:16', '43 3:17']);
  });
});

describe('SWORD modules', () => {
  it('does not inflate a block again for each entry when the index alternates between two blocks', () => {
    // Two blocks of one letter, and an index whose entries alternate between them. Inflating a block per
    // entry costs a block's size per verse: with 32 MiB blocks and the KJV grid, a 67 KB module is hours
    // of work. Here the blocks are 8 MiB and the grid one verse a chapter, so the count tells it.
    const grid = Array.from({ length: 66 }, () => [1]);
    const entries = 2 + 27 * (1 + 1 + 1);
    const blockSize = 8 << 20;
    const compressed = zlibSync(new Uint8Array(blockSize).fill(0x41), { level: 9 });
    const bzz = new Uint8Array(compressed.length * 2);
    bzz.set(compressed, 0);
    bzz.set(compressed, compressed.length);
    const bzs = new Uint8Array(24);
    const blocks = new DataView(bzs.buffer);
    for (let b = 0; b < 2; b++) {
      blocks.setUint32(b * 12, b * compressed.length, true);
      blocks.setUint32(b * 12 + 4, compressed.length, true);
      blocks.setUint32(b * 12 + 8, blockSize, true);
    }
    const bzv = new Uint8Array(entries * 10);
    const index = new DataView(bzv.buffer);
    for (let n = 0; n < entries; n++) {
      index.setUint32(n * 10, n % 2, true);
      index.setUint16(n * 10 + 8, 5, true);
    }
    // The reader takes a block's bytes out of the block file once per inflation.
    let inflations = 0;
    const counted = new Proxy(bzz, {
      get(target, key) {
        if (key === 'subarray')
          return (start: number, end: number) => {
            inflations++;
            return target.subarray(start, end);
          };
        const value = Reflect.get(target, key, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const files = [
      file(
        'm/mods.d/x.conf',
        '[X]\nDataPath=./modules/texts/ztext/x/\nModDrv=zText\nCompressType=ZIP\nEncoding=UTF-8\n',
      ),
      file('m/modules/texts/ztext/x/nt.bzs', bzs),
      file('m/modules/texts/ztext/x/nt.bzv', bzv),
      file('m/modules/texts/ztext/x/nt.bzz', counted),
    ];
    try {
      readImport(files, { kjvChapterVerses: grid });
    } catch {
      // refusing such an index early is an answer too; the count below holds for both
    }
    expect(inflations).toBeLessThanOrEqual(4);
  });
});

describe('a SWORD zip as the command reads it', () => {
  it('reads the corpus KJV.zip through readSource, whose entries are named "KJV.zip:mods.d/kjv.conf"', () => {
    const metaBytes = readFileSync(join(import.meta.dirname, '..', '..', 'dist', 'data', 'meta.pack'));
    const meta = loadMeta(withSchema(readPack('meta', metaBytes, nativeInflate), META_PACK));
    const files = readSource(join(SOURCES, 'bibles', 'kjv', 'KJV.zip'));
    const imported = readImport(files, { kjvChapterVerses: meta.versification.chapterVerses });
    expect(imported.verses.length).toBeGreaterThan(31_000);
  });
});

describe('what the command reads and writes', () => {
  const limits: SourceLimits = { maxFiles: 100, maxTotalBytes: 4 * 1024 * 1024, maxRatio: 100 };

  it('bounds the bytes inflated from all the zips of a folder together, not zip by zip', () => {
    const folder = join(scratch, 'zips');
    mkdirSync(folder);
    // Each zip is some 45 KB and inflates to 3 MiB: under the 4 MiB limit and 100 times its size alone;
    // three of them are 9 MiB in memory. (Random bytes keep each under the ratio.)
    for (let k = 0; k < 3; k++) {
      const noise = randomBytes(40 * 1024);
      const text = new Uint8Array(3 << 20).fill(0x20);
      text.set(noise);
      writeFileSync(join(folder, `z${k}.zip`), zipSync({ [`a${k}.tsv`]: text }));
    }
    expect(() => readSource(folder, limits)).toThrow(/z\d\.zip/);
  });

  it('refuses a folder link that loops back to the folder with a one-line message naming the link', () => {
    const folder = join(scratch, 'loop');
    mkdirSync(folder);
    writeFileSync(join(folder, 'a.tsv'), 'JHN\t1\t1\tA.\n');
    symlinkSync('.', join(folder, 'self'));
    let message = '';
    try {
      readSource(folder, limits);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain(join(folder, 'self'));
    expect(message).not.toContain('self/self/self');
  });

  it('--remove never deletes a file outside the pack folder (an id with ../)', () => {
    const data = join(scratch, 'data');
    mkdirSync(data);
    writeFileSync(join(data, 'meta.pack'), 'stands in for the meta pack');
    const victim = join(scratch, 'victim.pack');
    writeFileSync(victim, 'not an imported translation');
    try {
      removeImported('x/../../victim', data);
    } catch {
      // refusing the id is the expected answer
    }
    expect(existsSync(victim)).toBe(true);
  });

  it("--remove never deletes the folder's own meta pack (an id with ../)", () => {
    const data = join(scratch, 'data2');
    mkdirSync(data);
    writeFileSync(join(data, 'meta.pack'), 'stands in for the meta pack');
    try {
      removeImported('x/../meta', data);
    } catch {
      // refusing the id is the expected answer
    }
    expect(existsSync(join(data, 'meta.pack'))).toBe(true);
  });
});

describe('book names a file carries', () => {
  it('do not make a one-letter English word ("a") cite a book in everyday text', async () => {
    const data = join(scratch, 'names');
    mkdirSync(data);
    copyPacksFromArgs(['--to', data, '--versions', 'kjv'], () => {});
    const source = join(scratch, 'names.tsv');
    writeFileSync(source, '#name: Names\n#book GEN: a\nGEN\t1\t1\tIn the beginning.\n');
    importTranslation({ source, id: 'names', data, license: 'test' });
    const bible = await openNode({ dataDir: data });
    expect(await bible.call('GetCitationsInText', { text: 'we read a 1:1 here' })).toEqual([]);
  });
});

describe('re-import beside a running engine', () => {
  it('answers from the old translation or the new one, never from a mix of both', async () => {
    const data = join(scratch, 'race');
    mkdirSync(data);
    copyPacksFromArgs(['--to', data, '--versions', 'kjv'], () => {});
    const one = join(scratch, 'one.tsv');
    const two = join(scratch, 'two.tsv');
    writeFileSync(one, 'JHN\t3\t16\tVersion one.\n');
    writeFileSync(two, 'JHN\t3\t16\tVersion two.\nMAT\t1\t1\tMatthew.\n');
    importTranslation({ source: one, id: 'race', data, license: 'test' });
    const bible = await openNode({ dataDir: data });
    await bible.call('GetVersions', {});
    importTranslation({ source: two, id: 'race', data, license: 'test' });
    const verse = (await bible.call('GetVerse', { verseId: '43003016', versionId: 'race' })) as unknown as {
      t: string;
    }[];
    const matthew = await bible.call('GetChapter', { bookId: 40, chapterId: 1, versionId: 'race' }).then(
      () => 'new',
      () => 'old',
    );
    expect(verse[0].t === 'Version two.' ? 'new' : 'old').toBe(matthew);
  });
});
