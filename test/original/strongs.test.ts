// GetStrongs and GetSearchStrongs: dictionary entries, occurrence counts against a plain count over the
// compiled text, and verses by Strong's number.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { bible, callError } from '../helpers.ts';
import { scan } from './scan.ts';

type Entry = Record<string, unknown>;

describe('GetStrongs and GetSearchStrongs', async () => {
  const b = await bible();
  const s = await scan(b);
  await b.load(['strongs-index', 'text-kjv', 'text-asv']);
  const entry = (lexiconId: string, id: number) =>
    (b.callSync('GetStrongs', { lexiconId, id: String(id) }) as Entry[])[0];

  it('H430 is אֱלֹהִים and G26 ἀγάπη', () => {
    const h430 = entry('H', 430);
    // Texts are stored as the sources give them (Greek with oxia accents), so words compare in NFC.
    expect(h430).toMatchObject({
      id: '430',
      strongs_id: 'H430',
      language: 'H',
      language_name: 'hebrew',
      root: 'אלוה',
      root_strongs_id: 'H433',
      first_occurence: '01001001',
    });
    // The API's own example: H21's root is written without points.
    expect(entry('H', 21)).toMatchObject({ root: 'אב', root_strongs_id: 'H1' });
    expect(String(h430.word).normalize('NFC')).toBe('אֱלֹהִים'.normalize('NFC'));
    expect(h430.glossary).toContain("el-o-heem'");
    expect(h430.glossary).toContain('KJV: angels, × exceeding, God (gods)');
    expect(h430.kjv_usage).toBe('angels, × exceeding, God (gods) (-dess, -ly), × (very) great, judges, × mighty');
    const g26 = entry('G', 26);
    expect(g26).toMatchObject({
      id: '26',
      strongs_id: 'G26',
      language: 'G',
      language_name: 'greek',
      root_strongs_id: 'G25',
      first_occurence: '40024012',
    });
    expect(String(g26.root).normalize('NFC')).toBe('ἀγαπάω'.normalize('NFC'));
    expect(String(g26.word).normalize('NFC')).toBe('ἀγάπη'.normalize('NFC'));
    expect(String(g26.transliteration).normalize('NFC')).toBe('agápē'.normalize('NFC'));
    expect(g26.glossary).toContain('KJV: (feast of) charity(-ably), dear, love');
    for (const e of [h430, g26]) {
      for (const key of ['id', 'strongs_id', 'language', 'word', 'glossary', 'occurences', 'first_occurence', 'root'])
        expect(e).toHaveProperty(key);
      expect(typeof e.occurences).toBe('string');
    }
  });

  it('occurrence counts and first occurrences equal a count over the compiled text', () => {
    for (const [letter, last] of [
      ['H', 8674],
      ['G', 5624],
    ] as const) {
      for (let n = 1; n <= last; n++) {
        const e = entry(letter, n);
        const key = `${letter}${n}`;
        expect([key, e.occurences]).toEqual([key, String(s.count.get(key) ?? 0)]);
        const first = s.verses.get(key)?.[0];
        expect([key, e.first_occurence]).toEqual([key, first ? String(first).padStart(8, '0') : '']);
      }
    }
  });

  it('the Greek numbers Strong left unused answer an entry that says so', () => {
    for (const n of [2717, 3203, 3250, 3302]) {
      const e = entry('G', n);
      expect(e).toMatchObject({ strongs_id: `G${n}`, word: '', occurences: '0', first_occurence: '', unused: true });
      expect(e.glossary).toMatch(/^Not used/);
    }
    expect(String(entry('G', 3303).word).normalize('NFC')).toBe('μέν'.normalize('NFC'));
  });

  it('refuses lexicon ids and numbers outside the dictionaries', async () => {
    for (const [params, param] of [
      [{ lexiconId: 'X', id: '1' }, 'lexiconId'],
      [{ lexiconId: 'Hebrew', id: '1' }, 'lexiconId'],
      [{ lexiconId: 'H', id: '0' }, 'id'],
      [{ lexiconId: 'H', id: '8675' }, 'id'],
      [{ lexiconId: 'G', id: '5625' }, 'id'],
      [{ lexiconId: 'G', id: '6063' }, 'id'],
      [{ lexiconId: 'H', id: 'abc' }, 'id'],
      [{ lexiconId: 'H', id: '-1' }, 'id'],
    ] as const) {
      const error = await callError('GetStrongs', params);
      expect(error.code).toBe('INVALID_PARAMETER');
      expect(error.param).toBe(param);
    }
    expect((await callError('GetStrongs', { lexiconId: 'H' })).code).toBe('MISSING_PARAMETER');
    expect(entry('h', 8674).strongs_id).toBe('H8674');
  });

  it('GetSearchStrongs: original-text verses equal the scan; for kjv the KJV-tagged verses are added', () => {
    const search = (strongsId: string, versionId: string) =>
      (b.callSync('GetSearchStrongs', { strongsId, versionId }) as { id: string }[]).map((r) => Number(r.id));
    const asvHas = (id: number) =>
      (b.callSync('GetVerse', { verseId: String(id).padStart(8, '0'), versionId: 'asv' }) as unknown[]).length > 0;
    fc.assert(
      fc.property(fc.constantFrom('H', 'G'), fc.integer({ min: 1, max: 5624 }), (letter, n) => {
        const key = `${letter}${n}`;
        const expected = (s.verses.get(key) ?? []).filter(asvHas);
        expect(search(key, 'asv')).toEqual(expected);
        const kjv = search(key, 'kjv');
        for (const id of s.verses.get(key) ?? []) expect(kjv).toContain(id);
        expect([...kjv].sort((a, c) => a - c)).toEqual(kjv);
      }),
      { numRuns: 60 },
    );
    const love = search('G26', 'kjv');
    expect(love).toEqual(expect.arrayContaining([40024012, 46013004, 62004008]));
    expect(search('g0026', 'asv')).toEqual(search('G26', 'asv'));
  });

  it('GetSearchStrongs refuses malformed or unknown numbers', async () => {
    for (const strongsId of ['X1', 'H0', 'H99999', '430', 'H', 'G26 G27']) {
      const error = await callError('GetSearchStrongs', { strongsId });
      expect(error.code).toBe('INVALID_PARAMETER');
      expect(error.param).toBe('strongsId');
    }
  });

  it('moves a definition the source put in the derivation back (G2316 θεός)', async () => {
    const [entry] = await b.GetStrongs({ lexiconId: 'G', id: 2316 });
    expect(entry.definition).toMatch(/^a deity, especially \(with G3588\) the supreme Divinity/);
    expect(entry.derivation).toBe('of uncertain affinity');
    expect(entry.root).toBe('');
    const john = await b.GetOriginalText({ verseId: '43001001' });
    expect(john.find((w: { strongs: string }) => w.strongs === '2316').glossary).toMatch(/^a deity/);
  });
});
