// Every verse of every SWORD translation against SWORD's own reader, diatheke, on the same module from
// the corpus: the compiled text must say what SWORD renders, apart from the documented classes of
// difference (docs/foundation.md, "Checked against SWORD"). The modules are unpacked into a temporary
// SWORD_PATH; diatheke renders one book per call (XHTML, so headings and line breaks are marked up).
import { execFile, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { unzipSync } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { BOOKS } from '../../sources/books.ts';
import { TRANSLATIONS } from '../../sources/catalog.ts';
import { sourcePath } from '../../compiler/build.ts';
import { composeVerseId } from '../../engine/core/ids.ts';
import { readPack } from '../read-pack.ts';
import { loadTranslation } from '../../engine/core/translation.ts';
import { DEFAULT_DATA_DIR, nativeInflate } from '../../engine/node/loader.ts';
import { bible } from '../helpers.ts';

const CORPUS = resolve(process.env.BIBLE_SOURCES ?? join(import.meta.dirname, '..', '..', '..', 'shared', 'sources'));
const SWORD = TRANSLATIONS.filter((t) => t.adapter === 'sword-ztext');
const PARALLEL = 2;
/** How many verses of each translation fall in each documented class (docs/foundation.md lists them). */
const DOCUMENTED: Record<string, Record<string, number>> = {
  kjv: { 'psalm title': 116, subscription: 14 },
  asv: { 'psalm title': 116, 'words run together': 645 },
  bbe: { 'psalm title': 116 },
  dby: { 'psalm title': 116, 'acrostic letter': 22, 'words run together': 3677 },
  wbt: { 'acrostic letter': 22 },
  ylt: { 'acrostic letter': 22 },
  rv1909: { 'acrostic letter': 22 },
};
const PSALMS = 19;

const hasDiatheke = spawnSync('diatheke', [], { stdio: 'ignore' }).error === undefined;
if (!hasDiatheke && !process.env.CI)
  console.log('skipping the SWORD comparison: diatheke is not installed (scripts/install-diatheke.sh installs it)');

/** One verse as diatheke renders it: its text, the headings printed before it, and any colophon. */
interface Rendered {
  text: string;
  headings: string[];
  colophon: string;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
const decodeEntities = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, name: string) =>
    name[0] === '#'
      ? String.fromCodePoint(name[1].toLowerCase() === 'x' ? parseInt(name.slice(2), 16) : Number(name.slice(1)))
      : (ENTITIES[name] ?? whole),
  );

/** SWORD's XHTML rendering made plain the way the compiler makes text plain: tags go (the divine name
 *  upper-cased, as printed in small capitals), line breaks and pilcrows become spaces. */
function plainOf(xhtml: string): string {
  let out = '';
  const divine: boolean[] = [];
  for (const [token] of xhtml.matchAll(/<[^>]*>|[^<]+/g)) {
    if (token[0] !== '<') {
      const text = decodeEntities(token);
      out += divine.includes(true) ? text.toUpperCase() : text;
    } else if (/^<br\b/.test(token)) out += ' ';
    else if (/^<span\b/.test(token)) divine.push(/class="[^"]*\bdivineName\b/.test(token));
    else if (token === '</span>') divine.pop();
  }
  return out.replace(/¶/g, ' ').replace(/\s+/g, ' ').trim();
}

/** Splits one diatheke XHTML answer into verses ("Psalms 3:1: …"); headings go with the verse after them. */
function parseRendering(xhtml: string): Map<string, Rendered> {
  const body = xhtml.slice(xhtml.indexOf('<body>') + 6, xhtml.lastIndexOf('</body>'));
  const verses = new Map<string, Rendered>();
  // Every verse starts with the book's name and its number, as the first one shows; an empty verse is
  // only that, and the next follows on the same line.
  const book = /([^<>\n]+?) \d+:\d+: /.exec(body)?.[1].trim();
  if (!book) return new Map();
  const marker = new RegExp(`${book.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} (\\d+):(\\d+): `, 'g');
  const starts = [...body.matchAll(marker)];
  const headingsIn = (chunk: string) =>
    [...chunk.matchAll(/<h\d[^>]*>([\s\S]*?)<\/h\d>/g)].map((m) => plainOf(m[1])).filter(Boolean);
  let headings = starts.length ? headingsIn(body.slice(0, starts[0].index)) : [];
  starts.forEach((m, k) => {
    const from = m.index! + m[0].length;
    const to = k + 1 < starts.length ? starts[k + 1].index! : body.length;
    let chunk = body.slice(from, to);
    const colophon = [...chunk.matchAll(/<div class="colophon">([\s\S]*?)<\/div>/g)]
      .map((c) => plainOf(c[1]))
      .join(' ');
    chunk = chunk.replace(/<div class="colophon">[\s\S]*?<\/div>/g, ' ');
    // Headings after the verse's text are printed before the next verse.
    const cut = chunk.search(/<h\d[^>]*>/);
    const text = plainOf((cut === -1 ? chunk : chunk.slice(0, cut)).replace(/\n\(\w+\)\s*$/, ''));
    verses.set(`${m[1]}:${m[2]}`, { text, headings, colophon });
    headings = cut === -1 ? [] : headingsIn(chunk.slice(cut));
  });
  return verses;
}

const run = (args: string[], swordPath: string) =>
  new Promise<string>((done, fail) => {
    execFile(
      'diatheke',
      args,
      { env: { ...process.env, SWORD_PATH: swordPath, HOME: swordPath }, maxBuffer: 64 << 20 },
      (error, stdout) => (error ? fail(error) : done(stdout)),
    );
  });

/** Runs jobs with at most `limit` at once. */
async function inParallel<T>(jobs: (() => Promise<T>)[], limit: number): Promise<T[]> {
  const results: T[] = new Array(jobs.length);
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const k = next++;
      results[k] = await jobs[k]();
    }
  };
  await Promise.all(Array.from({ length: limit }, worker));
  return results;
}

/** The documented classes that explain how our text differs from SWORD's, or null when they do not. */
function explain(
  ours: string,
  theirs: Rendered,
  where: { book: number; chapter: number; verse: number; lastOfBook: boolean; psalmTitles: string[] },
): string[] | null {
  const classes: string[] = [];
  let mine = ours;
  let sword = theirs.text;
  // A Psalm title, printed by SWORD as a heading (BBE's Ps 73 title before Ps 72:20), starts verse 1.
  // Its words may run together in the module too ("the man ofGod."), so it is matched without spaces.
  const squeeze = (s: string) => s.replace(/\s+/g, '');
  const title = where.verse === 1 ? where.psalmTitles.find((t) => squeeze(mine).startsWith(squeeze(t))) : undefined;
  if (where.book === PSALMS && title !== undefined) {
    let letters = squeeze(title).length;
    let cut = 0;
    while (letters > 0) if (!/\s/.test(mine[cut++])) letters--;
    if (mine.slice(0, cut).length < title.length) return null; // ours may split SWORD's words, never join them
    if (mine.slice(0, cut) !== title) classes.push('words run together');
    mine = mine.slice(cut).trimStart();
    classes.push('psalm title');
  }
  // The Ps 119 stanza letters some modules print as the start of every eighth verse ("ALEPH.").
  const letter = /^(?:[\u05D0-\u05EA]\s*)?[A-Za-z]+\.?\s/.exec(sword)?.[0];
  if (
    where.book === PSALMS &&
    where.chapter === 119 &&
    (where.verse - 1) % 8 === 0 &&
    letter &&
    !mine.startsWith(letter)
  ) {
    sword = sword.slice(letter.length);
    classes.push('acrostic letter');
  }
  // The KJV's Pauline subscriptions: a colophon after the epistle's last verse.
  if (theirs.colophon) {
    if (!where.lastOfBook) return null;
    classes.push('subscription');
  }
  if (mine === sword) return classes;
  // Words the module runs together ("theGod", "Fleeasa"): the same characters, with more spaces in ours.
  if (squeeze(mine) === squeeze(sword) && mine.length > sword.length)
    return [...new Set([...classes, 'words run together'])];
  return null;
}

describe.skipIf(!hasDiatheke && !process.env.CI)('every verse of the SWORD translations against diatheke', () => {
  const swordPath = mkdtempSync(join(tmpdir(), 'bible-sword-'));
  afterAll(() => rmSync(swordPath, { recursive: true, force: true }));

  it('agrees with SWORD everywhere except the documented classes', { timeout: 600_000 }, async () => {
    if (!hasDiatheke) throw new Error('diatheke is not installed: run scripts/install-diatheke.sh');
    const b = await bible();
    const modules = SWORD.map((entry) => {
      const files = unzipSync(readFileSync(sourcePath(CORPUS, entry.id)));
      let name = '';
      for (const [path, bytes] of Object.entries(files)) {
        if (path.endsWith('/')) continue;
        mkdirSync(dirname(join(swordPath, path)), { recursive: true });
        writeFileSync(join(swordPath, path), bytes);
        if (/^mods\.d\/.*\.conf$/i.test(path)) name = /^\s*\[([^\]]+)\]/m.exec(new TextDecoder().decode(bytes))![1];
      }
      return { versionId: entry.versionId, name };
    });

    const jobs = modules.flatMap((module) =>
      BOOKS.map((book) => async () => {
        const xhtml = await run(['-b', module.name, '-f', 'XHTML', '-o', 'h', '-k', book.osis], swordPath);
        return { module, book: book.number, verses: parseRendering(xhtml) };
      }),
    );
    const rendered = await inParallel(jobs, PARALLEL);

    const counts: Record<string, Record<string, number>> = {};
    const unexplained: string[] = [];
    const ambiguousTitles: { versionId: string; name: string; chapter: number }[] = [];
    const texts = new Map<string, Map<number, string>>();
    for (const { module } of rendered) {
      if (texts.has(module.versionId)) continue;
      const name = `text-${module.versionId}`;
      const pack = readPack(name, new Uint8Array(readFileSync(join(DEFAULT_DATA_DIR, `${name}.pack`))), nativeInflate);
      const text = loadTranslation(pack, b.meta.versification);
      const byId = new Map<number, string>();
      for (let i = 0; i < text.size; i++) byId.set(text.ids[i], text.textAt(i));
      texts.set(module.versionId, byId);
    }
    const chapterVerses = b.meta.versification.chapterVerses;
    // SWORD repeats a range's last heading before every later verse, so a title equal to the one before
    // it may be a repeat: those verses are asked for one at a time.
    const titles = new Map<string, string | undefined>();
    for (const { module, book, verses } of rendered) {
      if (book !== PSALMS) continue;
      let previous: string | undefined;
      chapterVerses[PSALMS - 1].forEach((count, c) => {
        const first = verses.get(`${c + 1}:1`)?.headings.at(-1);
        if (first !== undefined && first === previous)
          ambiguousTitles.push({ versionId: module.versionId, name: module.name, chapter: c + 1 });
        else titles.set(`${module.versionId} ${c + 1}`, first);
        previous = verses.get(`${c + 1}:${count}`)?.headings.at(-1) ?? first;
      });
    }
    await inParallel(
      ambiguousTitles.map(({ versionId, name, chapter }) => async () => {
        const single = parseRendering(
          await run(['-b', name, '-f', 'XHTML', '-o', 'h', '-k', `Ps ${chapter}:1`], swordPath),
        );
        titles.set(`${versionId} ${chapter}`, single.get(`${chapter}:1`)?.headings.at(-1));
      }),
      PARALLEL,
    );

    for (const { module, book, verses } of rendered) {
      const ours = texts.get(module.versionId)!;
      const tally = (counts[module.versionId] ??= {});
      const chapters = chapterVerses[book - 1];
      chapters.forEach((count, c) => {
        for (let v = 1; v <= count; v++) {
          const theirs = verses.get(`${c + 1}:${v}`) ?? { text: '', headings: [], colophon: '' };
          const mine = ours.get(composeVerseId(book, c + 1, v)) ?? '';
          const titlesHere = [
            titles.get(`${module.versionId} ${c + 1}`),
            c > 0 ? verses.get(`${c}:${chapters[c - 1]}`)?.headings.at(-1) : undefined,
          ].filter((t): t is string => t !== undefined);
          const kinds = explain(mine, theirs, {
            book,
            chapter: c + 1,
            verse: v,
            lastOfBook: c + 1 === chapters.length && v === count,
            psalmTitles: book === PSALMS ? titlesHere : [],
          });
          if (kinds === null)
            unexplained.push(
              `${module.versionId} ${book}:${c + 1}:${v}\n  ours:   ${mine.slice(0, 400)}\n  SWORD:  ${theirs.text.slice(0, 400)}`,
            );
          else for (const kind of kinds.length ? kinds : ['same']) tally[kind] = (tally[kind] ?? 0) + 1;
        }
      });
    }
    if (process.env.DIATHEKE_REPORT) console.log(JSON.stringify(counts, null, 1), unexplained.slice(0, 200).join('\n'));
    expect(unexplained.slice(0, 20)).toEqual([]);
    expect(unexplained.length).toBe(0);
    for (const versionId of SWORD.map((t) => t.versionId)) {
      const { same, ...classes } = counts[versionId];
      expect(classes, versionId).toEqual(DOCUMENTED[versionId]);
      expect(same).toBeGreaterThan(27_000);
    }
  });
});
