// ASV runs a word into the one after a closing apostrophe where an added word follows a plural possessive
// ("fathers’<transChange>houses</transChange>"); the compiler puts the space back. Checked over the whole
// compiled ASV: a letter right after ’ is only the s of a possessive (LORD’S, man’s), never a new word.
import { describe, expect, it } from 'vitest';
import { bible } from '../helpers.ts';

describe('words joined after an apostrophe (ASV)', () => {
  it('has none: a letter after ’ is only a possessive s', async () => {
    const b = await bible();
    const joined: string[] = [];
    let possessives = 0;
    let closing = 0;
    for (let book = 1; book <= 66; book++) {
      const chapters = b.meta.versionById.get('asv')!.chapterVerses[book - 1].length;
      for (let chapter = 1; chapter <= chapters; chapter++) {
        for (const row of await b.GetChapter({ bookId: book, chapterId: chapter, versionId: 'asv' })) {
          for (const m of (row.t as string).matchAll(/\p{L}’(\p{L}*)/gu)) {
            if (m[1] === '') closing++;
            else if (/^[sS]$/.test(m[1])) possessives++;
            else joined.push(`${row.id}: ${m[0]}`);
          }
        }
      }
    }
    expect(joined).toEqual([]);
    expect(possessives).toBeGreaterThan(1500); // "Abram’s wife", "the LORD’S" stay as they are
    expect(closing).toBeGreaterThan(250); // "fathers’ houses", "Jesus’ feet"
    const [exodus] = await b.GetVerse({ verseId: '02036014', versionId: 'asv' });
    expect(exodus.t).toContain('curtains of goats’ hair for a tent');
    const [numbers] = await b.GetVerse({ verseId: '04032028', versionId: 'asv' });
    expect(numbers.t).toContain('the heads of the fathers’ houses of the tribes');
  });
});
