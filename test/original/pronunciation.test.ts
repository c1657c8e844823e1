// GetOriginalText's `pronun`: the five readings (ipa, ipa_mod, sbl, dic, dic_mod) read by rule from the word
// itself, on the real packs.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { bible } from '../helpers.ts';
import { pronounce, pronunJson } from '../../engine/core/original/pronunciation.ts';

type Row = Record<string, string>;
const KEYS = ['ipa', 'ipa_mod', 'sbl', 'dic', 'dic_mod'];

describe('pronunciation', async () => {
  const b = await bible();
  const words = async (verseId: string) => (await b.call('GetOriginalText', { verseId })) as Row[];
  const lemma = async (lexiconId: string, id: number) =>
    ((await b.call('GetStrongs', { lexiconId, id })) as Row[])[0].word;
  const reading = async (lexiconId: string, id: number) => {
    const { unread, ...rest } = pronounce(await lemma(lexiconId, id));
    expect(unread).toBe('');
    return rest;
  };

  it('reads H1 אָב exactly as the hosted service does', async () => {
    expect(await lemma('H', 1)).toBe('אָב');
    expect(pronunJson(await lemma('H', 1))).toBe('{"ipa":"ʔɑb","ipa_mod":"ʔɑv","sbl":"ʾab","dic":"ab","dic_mod":"av"}');
  });

  it('reads Genesis 1:1 from the words of the text, accents ignored', async () => {
    const rows = await words('01001001');
    const [bereshit, bara, elohim] = rows.map((r) => JSON.parse(r.pronun));
    // vocal shewa ə, no vowel length (ē î written e i), quiescent aleph kept in the scholarly reading only
    expect(bereshit).toEqual({
      ipa: 'bəreʔʃit',
      ipa_mod: 'bʁeʃit',
      sbl: 'bəreʾšit',
      dic: 'bereshit',
      dic_mod: 'breshit',
    });
    expect(bara).toMatchObject({ ipa: 'bɑrɑʔ', sbl: 'baraʾ', ipa_mod: 'bɑʁɑ', dic_mod: 'bara' });
    expect(elohim).toEqual({
      ipa: 'ʔɛ̆lohim',
      ipa_mod: 'ʔelohim',
      sbl: 'ʾĕlohim',
      dic: 'elohim',
      dic_mod: 'elohim',
    });
    // dagesh forte doubles in the scholarly reading, not in the modern one
    expect(JSON.parse(rows[4].pronun)).toMatchObject({ sbl: 'haššamayim', ipa_mod: 'haʃɑmajim' });
  });

  it('reads holam male, shin and sin, maqaf, qamats qatan, furtive patah and matres', async () => {
    expect(await reading('H', 7965)).toEqual({
      ipa: 'ʃɑlom',
      ipa_mod: 'ʃɑlom',
      sbl: 'šalom',
      dic: 'shalom',
      dic_mod: 'shalom',
    });
    expect(pronounce('יִשְׂרָאֵל')).toMatchObject({ sbl: 'yiśraʾel', ipa_mod: 'jisʁɑʔel' });
    expect(pronounce('כָּל־הָאָרֶץ')).toMatchObject({ sbl: 'kol-haʾareṣ', dic_mod: 'kol-haarets' });
    expect(pronounce('רוּחַ')).toMatchObject({ sbl: 'ruaḥ', ipa_mod: 'ʁuaχ' });
    expect(pronounce('דְּבָרָיו')).toMatchObject({ sbl: 'dəbaraw', ipa_mod: 'dvɑʁɑv' });
    expect(pronounce('מִשְׁפָּט')).toMatchObject({ sbl: 'mišpaṭ', dic_mod: 'mishpat' });
    expect(pronounce('אַתְּ').sbl).toBe('ʾat');
  });

  it('reads the Greek of the Strong’s lemmas: breathings, diphthongs, γγ, modern stress', async () => {
    expect(await reading('G', 3056)).toEqual({
      ipa: 'loɡos',
      ipa_mod: 'ˈloɣos',
      sbl: 'logos',
      dic: 'logos',
      dic_mod: 'logos',
    });
    expect(await reading('G', 26)).toMatchObject({ ipa_mod: 'aˈɣapi', dic_mod: 'agapi', sbl: 'agape' });
    expect(await reading('G', 2424)).toMatchObject({ ipa: 'iɛsus', ipa_mod: 'iiˈsus', dic_mod: 'Iisous' });
    expect(await reading('G', 2316)).toMatchObject({ ipa: 'tʰeos', ipa_mod: 'θeˈos', dic: 'theos' });
    expect(await reading('G', 2098)).toEqual({
      ipa: 'euaŋɡelion',
      ipa_mod: 'evaɲˈɟelion',
      sbl: 'euangelion',
      dic: 'euangelion',
      dic_mod: 'evangelion',
    });
    expect(await reading('G', 5207)).toMatchObject({ sbl: 'huios', ipa_mod: 'iˈos' });
    expect(pronounce('ῥῆμα')).toMatchObject({ sbl: 'rhema', ipa_mod: 'ˈrima' });
    expect(pronounce('ἀρχῇ')).toMatchObject({ sbl: 'archę', ipa_mod: 'arˈçi' });
  });

  it('reports a character no rule reads, and falls back to the lemma for a word without letters', () => {
    expect(pronounce('אָבx').unread).toBe('x');
    expect(pronounce('λόγος').unread).toBe('');
    expect(pronunJson('׃', () => 'אָב')).toBe(pronunJson('אָב'));
  });

  const sampleVerses = async (testament: 'ot' | 'nt', ordinals: number[]) => {
    const { versification } = b.meta;
    const firstNt = versification.ordinalOf(40, 1, 1);
    const ids = ordinals.map((o) =>
      versification.idOf(testament === 'ot' ? o % firstNt : firstNt + (o % (versification.verseCount - firstNt))),
    );
    return (await Promise.all(ids.map((id) => words(String(id).padStart(8, '0'))))).flat();
  };

  for (const testament of ['ot', 'nt'] as const)
    it(`every word of sampled ${testament.toUpperCase()} verses: five non-empty keys, every character read, deterministic`, async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(fc.nat(40_000), { minLength: 1, maxLength: 8 }), async (ordinals) => {
          for (const row of await sampleVerses(testament, ordinals)) {
            const parsed = JSON.parse(row.pronun);
            expect(Object.keys(parsed)).toEqual(KEYS);
            for (const key of KEYS) expect(typeof parsed[key] === 'string' && parsed[key].length > 0).toBe(true);
            const first = pronounce(row.word);
            expect(first.unread, row.word).toBe('');
            expect(pronounce(row.word)).toEqual(first);
            expect(row.pronun).toBe(pronunJson(row.word));
          }
        }),
        { numRuns: 25 },
      );
    });

  it('gives a client dic_mod (else dic) for every word of Genesis 1 and John 1', async () => {
    for (const [book, verses] of [
      [1, 31],
      [43, 51],
    ]) {
      for (let verse = 1; verse <= verses; verse++) {
        const verseId = `${String(book).padStart(2, '0')}001${String(verse).padStart(3, '0')}`;
        for (const w of await words(verseId)) {
          const shown = JSON.parse(w.pronun).dic_mod ?? JSON.parse(w.pronun).dic;
          expect(typeof shown === 'string' && shown.length > 0, `${verseId} ${w.word}`).toBe(true);
        }
      }
    }
  });
});
