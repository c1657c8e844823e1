// docs/foundation.md lists, per translation, the KJV-grid verses it omits and the verses it has beyond
// the grid. The list is generated from the text packs: this test fails, printing the list to paste, when
// the page and the packs disagree.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BOOKS } from '../../sources/books.ts';
import { splitVerseId } from '../../engine/core/ids.ts';
import { readPack } from '../read-pack.ts';
import { TEXT_PACK } from '../../engine/core/pack/schemas.ts';
import { DEFAULT_DATA_DIR, nativeInflate } from '../../engine/node/loader.ts';
import { bible } from '../helpers.ts';

const PAGE = resolve(import.meta.dirname, '..', '..', 'docs', 'foundation.md');
const START = '<!-- omitted verses: generated from the text packs (test/engine/omitted-verses.test.ts) -->';
const END = '<!-- end of omitted verses -->';

/** "Matt 17:21, 18:11; Mark 7:16": verse ids grouped by book and chapter. */
function references(ids: number[]): string {
  if (ids.length === 0) return '—';
  const books: string[] = [];
  let lastBook = 0;
  let lastChapter = 0;
  let part = '';
  for (const id of [...ids].sort((a, b) => a - b)) {
    const { book, chapter, verse } = splitVerseId(id);
    if (book !== lastBook) {
      if (part) books.push(part);
      part = `${BOOKS[book - 1].osis} ${chapter}:${verse}`;
    } else if (chapter !== lastChapter) part += `, ${chapter}:${verse}`;
    else part += `,${verse}`;
    lastBook = book;
    lastChapter = chapter;
  }
  books.push(part);
  return books.join('; ');
}

describe('the omitted verses in docs/foundation.md', () => {
  it("are the text packs' own lists", async () => {
    const b = await bible();
    const rows = b.meta.versions.map(({ versionId }) => {
      const name = TEXT_PACK.name(versionId);
      const pack = readPack(name, new Uint8Array(readFileSync(join(DEFAULT_DATA_DIR, `${name}.pack`))), nativeInflate);
      const { missing, extra } = pack.json('info') as { missing: number[]; extra: number[] };
      return `| ${versionId} | ${missing.length} | ${references(missing)} | ${references(extra)} |`;
    });
    const expected = [
      START,
      '| translation | omitted | omitted verses (GetVerse answers `[]`) | verses beyond the KJV grid |',
      '|---|---|---|---|',
      ...rows,
      END,
    ].join('\n');
    const page = readFileSync(PAGE, 'utf8');
    const from = page.indexOf(START);
    const to = page.indexOf(END);
    const actual = from === -1 || to === -1 ? '(no generated section)' : page.slice(from, to + END.length);
    expect(actual, `docs/foundation.md should hold:\n${expected}`).toBe(expected);
  });
});
