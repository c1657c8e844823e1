// The STEPBible morphology tables on a tiny TEHMC-style file, and OSHB codes expanded by table or by position.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { decodeOshbSegment, expandOshbMorph, readStepMorphology } from './step-morphology.ts';

const dir = mkdtempSync(join(tmpdir(), 'step-morphology-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

// Header, brief codes (one row shaped like a full record, which must not be read), then 4-line records.
const TEHMC = [
  '\ufeffTEHMC - Translators Expansion of Hebrew Morphology Codes - STEPBible.org CC BY',
  'BRIEF LEXICAL MORPHOLOGY CODES: ',
  '================',
  'H:V\trise\tHebrew Verb',
  'HNcmsa\tFunction=not a full record',
  '\t"Brief section"',
  'FULL MORPHOLOGY CODES:',
  '================',
  'line 1: Codes + expansion\t- based on OpenScripture codes',
  '',
  'HVqp3ms\tFunction=Verb ; Stem=Qal (hence Action=Simple; Voice=Active); Form=Perfect',
  '\t"Verb : Qal (Simple, Active)   Perfect (Past/present Indicative) Third Singular Masculine"',
  '\tperforming an ACTION OR ACTIVITY that is done completely in the past',
  '\tExample: he/it did or does rise',
  '$',
  'HC\tFunction=Conjunction',
  '\t"Conjunction"',
  '\tjoining words',
  '\tExample: and',
  '$',
  '',
].join('\n');

describe('readStepMorphology', () => {
  it('reads the short expansion of each full code, skipping the BOM, header and brief codes', () => {
    expect([...readStepMorphology(file('TEHMC.txt', TEHMC))]).toEqual([
      ['HVqp3ms', 'Verb : Qal (Simple, Active) Perfect (Past/present Indicative) Third Singular Masculine'],
      ['HC', 'Conjunction'],
    ]);
  });

  it('reads a Greek record the same way', () => {
    const tegmc =
      'FULL MORPHOLOGY CODES:\nV-PAI-3S\tFunction=Verb; Tense=Present\n\t"Verb : Present Active Indicative"\n$\n';
    expect([...readStepMorphology(file('TEGMC.txt', tegmc))]).toEqual([
      ['V-PAI-3S', 'Verb : Present Active Indicative'],
    ]);
  });

  it('fails on a file without the full codes section', () => {
    const path = file('brief-only.txt', 'BRIEF LEXICAL MORPHOLOGY CODES:\nH:V\trise\tHebrew Verb\n');
    expect(() => readStepMorphology(path)).toThrow('no "FULL MORPHOLOGY CODES:" section');
  });
});

describe('decodeOshbSegment', () => {
  it.each([
    ['H', 'Vqp3ms', 'Verb : Qal Perfect Third Masculine Singular'],
    ['H', 'Vhp3ms', 'Verb : Hiphil Perfect Third Masculine Singular'],
    ['A', 'Vhp3ms', 'Verb : Haphel Perfect Third Masculine Singular'],
    ['H', 'Vqrmsa', 'Verb : Qal Participle Masculine Singular Absolute'],
    ['H', 'Vqc', 'Verb : Qal Infinitive construct'],
    ['H', 'Ncmpa', 'Noun : Masculine Plural Absolute'],
    ['H', 'Np', 'Noun : Proper name'],
    ['H', 'Npl', 'Noun : Proper name : Location'],
    ['H', 'Acbpc', 'Cardinal number : Either gender Plural Construct'],
    ['H', 'Pp3ms', 'Pronoun : Personal : Third Masculine Singular'],
    ['H', 'Pdxms', 'Pronoun : Demonstrative : Masculine Singular'],
    ['H', 'Sp1cs', 'Pronominal suffix : First Common gender Singular'],
    ['H', 'Sd', 'Directional He'],
    ['H', 'Td', 'Particle : Definite article'],
    ['H', 'Tx', 'Particle'],
    ['H', 'Rd', 'Preposition with definite article'],
    ['H', 'R', 'Preposition'],
    ['H', 'C', 'Conjunction'],
    ['H', 'D', 'Adverb'],
    ['H', 'X', 'X'],
  ] as const)('%s %s -> %s', (language, segment, expected) => {
    expect(decodeOshbSegment(language, segment)).toBe(expected);
  });
});

describe('expandOshbMorph', () => {
  const table = new Map([
    ['HC', 'Conjunction (table)'],
    ['HVqp3bs', 'Verb : Qal Perfect Third Singular Either gender (table)'],
    ['HSp1bs', 'Suffix : First Singular Either gender (table)'],
    ['HNbfsa', 'wrong row: a common noun is not an either-gender form'],
    ['AVqp3ms', 'Aramaic Peal (table)'],
  ]);

  it('uses the table per segment and decodes the segments it lacks', () => {
    expect(expandOshbMorph('HC/Vqw3ms', table)).toEqual({
      text: 'Conjunction (table) + Verb : Qal Sequential Imperfect Third Masculine Singular',
      fromTable: 1,
      decoded: 1,
    });
  });

  it("reads OSHB's common gender as TEHMC's either gender where TEHMC lists only that", () => {
    expect(expandOshbMorph('HVqp3cs/Sp1cs', table)).toEqual({
      text: 'Verb : Qal Perfect Third Singular Either gender (table) + Suffix : First Singular Either gender (table)',
      fromTable: 2,
      decoded: 0,
    });
    expect(expandOshbMorph('HNcfsa', table)).toEqual({
      text: 'Noun : Feminine Singular Absolute',
      fromTable: 0,
      decoded: 1,
    });
  });

  it('looks Aramaic codes up with the A prefix and decodes them with the Aramaic stems', () => {
    expect(expandOshbMorph('AVqp3ms/Vap3ms', table)).toEqual({
      text: 'Aramaic Peal (table) + Verb : Aphel Perfect Third Masculine Singular',
      fromTable: 1,
      decoded: 1,
    });
  });
});
