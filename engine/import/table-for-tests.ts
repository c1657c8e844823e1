// A small verse-table reader (book, chapter, verse, text; tab- or comma-separated), enough for the
// import command's tests and for plain tables. Book is a number 1-66 or a USFM code (GEN, JHN). Lines
// starting with "#" are comments, except "#name: …", "#abbreviation: …", "#language: …" and "#rights: …",
// which say what the table is, and "#book JHN: 約翰福音", a book's name. The full readers of every format live in engine/import/formats/.
import { bookByUsfm, BOOKS } from '../../sources/books.ts';
import type { ImportedBook, ImportedText, ImportedVerse, ImportWarning, SourceFile } from './types.ts';

const FIELDS = ['name', 'abbreviation', 'language', 'rights'] as const;

/** Whether bytes look like a verse table: its first non-comment line has four fields, the 2nd and 3rd numbers. */
export function looksLikeTable(bytes: Uint8Array): boolean {
  const head = new TextDecoder().decode(bytes.subarray(0, 4096));
  const line = head.split(/\r?\n/).find((l) => l.trim() && !l.startsWith('#'));
  return line !== undefined && /^[^\t,]+[\t,]\s*\d+\s*[\t,]\s*\d+\s*[\t,]/.test(line);
}

export function readTable(files: readonly SourceFile[]): ImportedText {
  const warnings: ImportWarning[] = [];
  const metadata: ImportedText['metadata'] = {};
  const verses: ImportedVerse[] = [];
  const books = new Map<number, ImportedBook>();
  for (const file of files) {
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(file.bytes);
    } catch {
      warnings.push({ file: file.path, place: 'file', message: 'not valid UTF-8; skipped' });
      continue;
    }
    text.split(/\r?\n/).forEach((line, i) => {
      const place = `line ${i + 1}`;
      if (!line.trim()) return;
      if (line.startsWith('#')) {
        const named = /^#\s*book\s+([1-4A-Za-z]{3})\s*:\s*(.+)$/.exec(line);
        const namedBook = named ? bookByUsfm.get(named[1].toUpperCase()) : undefined;
        if (namedBook) {
          const entry = books.get(namedBook.number) ?? { book: namedBook.number, code: namedBook.usfm, names: {} };
          entry.names.long = named![2].trim();
          books.set(namedBook.number, entry);
          return;
        }
        const m = /^#\s*(\w+)\s*:\s*(.*)$/.exec(line);
        const field = FIELDS.find((f) => f === m?.[1]);
        if (field) metadata[field] = m![2].trim();
        return;
      }
      const sep = line.includes('\t') ? '\t' : ',';
      const parts = line.split(sep);
      if (parts.length < 4) {
        warnings.push({ file: file.path, place, message: 'expected book, chapter, verse and text' });
        return;
      }
      const [bookField, chapterField, verseField] = parts.map((p) => p.trim());
      const code = bookField.toUpperCase();
      const book = /^\d+$/.test(bookField) ? Number(bookField) : (bookByUsfm.get(code)?.number ?? 0);
      const chapter = Number(chapterField);
      const verse = Number(verseField);
      const verseText = parts.slice(3).join(sep).replace(/\s+/g, ' ').trim();
      if (!(book >= 1 && book <= 66)) {
        warnings.push({ file: file.path, place, message: `unknown book ${JSON.stringify(bookField.slice(0, 20))}` });
        return;
      }
      if (!Number.isInteger(chapter) || !Number.isInteger(verse) || chapter < 1 || verse < 1) {
        warnings.push({ file: file.path, place, message: 'chapter and verse must be whole numbers from 1' });
        return;
      }
      if (!verseText) {
        warnings.push({ file: file.path, place, message: 'verse has no text; skipped' });
        return;
      }
      if (!books.has(book)) books.set(book, { book, code: BOOKS[book - 1].usfm, names: {} });
      verses.push({ book, chapter, verse, text: verseText });
    });
  }
  return {
    format: 'table',
    metadata,
    books: [...books.values()].sort((a, b) => a.book - b.book),
    verses,
    warnings,
    unknownMarkers: {},
  };
}
