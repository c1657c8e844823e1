// The hebcal aliyot reader on a hand-written aliyot.json: the 54 regular parashot in order, Hebrew starts kept.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readParashot } from './hebcal-parashot.ts';

const dir = mkdtempSync(join(tmpdir(), 'hebcal-parashot-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// name, book, start of aliyah 1 (Hebrew numbering), in reading order.
const REGULAR = `Bereshit 1 1:1|Noach 1 6:9|Lech-Lecha 1 12:1|Vayera 1 18:1|Chayei Sara 1 23:1|Toldot 1 25:19
|Vayetzei 1 28:10|Vayishlach 1 32:4|Vayeshev 1 37:1|Miketz 1 41:1|Vayigash 1 44:18|Vayechi 1 47:28|Shemot 2 1:1
|Vaera 2 6:2|Bo 2 10:1|Beshalach 2 13:17|Yitro 2 18:1|Mishpatim 2 21:1|Terumah 2 25:1|Tetzaveh 2 27:20|Ki Tisa 2 30:11
|Vayakhel 2 35:1|Pekudei 2 38:21|Vayikra 3 1:1|Tzav 3 6:1|Shmini 3 9:1|Tazria 3 12:1|Metzora 3 14:1|Achrei Mot 3 16:1
|Kedoshim 3 19:1|Emor 3 21:1|Behar 3 25:1|Bechukotai 3 26:3|Bamidbar 4 1:1|Nasso 4 4:21|Beha'alotcha 4 8:1
|Sh'lach 4 13:1|Korach 4 16:1|Chukat 4 19:1|Balak 4 22:2|Pinchas 4 25:10|Matot 4 30:2|Masei 4 33:1|Devarim 5 1:1
|Vaetchanan 5 3:23|Eikev 5 7:12|Re'eh 5 11:26|Shoftim 5 16:18|Ki Teitzei 5 21:10|Ki Tavo 5 26:1|Nitzavim 5 29:9
|Vayeilech 5 31:1|Ha'azinu 5 32:1|Vezot Haberakhah 5 33:1`
  .replace(/\n/g, '')
  .split('|')
  .map((row, i) => {
    const [, name, book, start] = /^(.+) (\d) (\d+:\d+)$/.exec(row)!;
    return { name, num: i + 1, book: Number(book), start };
  });

type Entry = Record<string, any>;
let files = 0;

/** aliyot.json as hebcal writes it: regular entries (here in reverse order) and combined readings between them. */
function aliyotJson(edit: (entries: Record<string, Entry>) => void = () => {}): string {
  const entries: Record<string, Entry> = {};
  for (const p of [...REGULAR].reverse()) {
    entries[p.name] = {
      num: p.num,
      book: p.book,
      fullkriyah: { '1': [p.start, p.start], '7': [p.start, p.start], M: [p.start, p.start] },
      weekday: { '1': [p.start, p.start] },
      haft: { k: 'Isaiah', b: '42:5', e: '43:10' },
    };
    if (p.name === 'Vayakhel') {
      entries['Vayakhel-Pekudei'] = {
        num: [22, 23],
        book: 2,
        combined: true,
        p1: 'Vayakhel',
        p2: 'Pekudei',
        num1: 22,
        num2: 23,
        fullkriyah: { '1': ['35:1', '35:20'] },
      };
    }
  }
  edit(entries);
  const path = join(dir, `aliyot-${++files}.json`);
  writeFileSync(path, JSON.stringify(entries, null, 2));
  return path;
}

describe('readParashot', () => {
  it('returns the 54 regular parashot in reading order, with book and the start of aliyah 1', () => {
    const list = readParashot(aliyotJson());
    expect(list).toHaveLength(54);
    expect(list.slice(0, 2)).toEqual([
      { name: 'Bereshit', num: 1, book: 1, start: { chapter: 1, verse: 1 } },
      { name: 'Noach', num: 2, book: 1, start: { chapter: 6, verse: 9 } },
    ]);
    expect(list.at(-1)).toEqual({ name: 'Vezot Haberakhah', num: 54, book: 5, start: { chapter: 33, verse: 1 } });
    expect(list.map((p) => p.name)).toEqual(REGULAR.map((p) => p.name));
  });

  it('skips the combined readings, whether flagged or only numbered with an array', () => {
    const list = readParashot(
      aliyotJson((e) => {
        e['Matot-Masei'] = { num: [42, 43], book: 4, fullkriyah: { '1': ['30:2', '30:17'] } };
      }),
    );
    expect(list.map((p) => p.name)).toEqual(REGULAR.map((p) => p.name));
  });

  it('keeps the Hebrew (Masoretic) verse numbers: mapping to the KJV is left to the caller', () => {
    const byName = new Map(readParashot(aliyotJson()).map((p) => [p.name, p.start]));
    expect(byName.get('Vayishlach')).toEqual({ chapter: 32, verse: 4 });
    expect(byName.get('Tzav')).toEqual({ chapter: 6, verse: 1 });
    expect(byName.get('Matot')).toEqual({ chapter: 30, verse: 2 });
    expect(byName.get('Nitzavim')).toEqual({ chapter: 29, verse: 9 });
  });

  it('rejects a regular parasha without a readable aliyah 1 start', () => {
    const missing = aliyotJson((e) => {
      e.Noach.fullkriyah = { '2': ['6:17', '7:16'] };
    });
    expect(() => readParashot(missing)).toThrow('aliyot.json Noach: no aliyah 1 start');
    const unreadable = aliyotJson((e) => {
      e.Bo.fullkriyah = { '1': ['10:1a', '10:11'] };
    });
    expect(() => readParashot(unreadable)).toThrow('aliyot.json Bo: no aliyah 1 start');
    const noKriyah = aliyotJson((e) => {
      delete e.Emor.fullkriyah;
    });
    expect(() => readParashot(noKriyah)).toThrow('aliyot.json Emor: no aliyah 1 start');
  });

  it('rejects a list that is not exactly parashot 1 to 54', () => {
    const short = aliyotJson((e) => {
      delete e.Balak;
    });
    expect(() => readParashot(short)).toThrow('aliyot.json: expected parashot 1-54, found 53');
    const duplicate = aliyotJson((e) => {
      e.Balak.num = 39;
    });
    expect(() => readParashot(duplicate)).toThrow('aliyot.json: expected parashot 1-54, found 54');
  });
});
