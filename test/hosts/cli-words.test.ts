// The CLI's readers in process: `bible batch` lines split as a POSIX shell splits words, repeated
// parameters refused, and each operation's help generated from the operation table with an example
// that answers.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BibleError } from '../../engine/core/errors.ts';
import type { OperationDef } from '../../engine/core/operation.ts';
import { OPERATIONS } from '../../engine/core/operations.ts';
import { parseAssignments, parseCallLine, shellWords, splitFlags } from '../../engine/node/cli.ts';
import { exampleCall, operationHelp, shellWord } from '../../engine/node/operation-help.ts';
import { bible } from '../helpers.ts';

const anyText = fc.string({ unit: 'binary', maxLength: 30 });
const doubleQuoted = (word: string) => `"${word.replace(/["\\$`]/g, '\\$&')}"`;
const backslashed = (word: string) => [...word].map((c) => `\\${c}`).join('');

describe('shellWords', () => {
  it('splits on blanks and keeps quoted blanks', () => {
    expect(shellWords('GetParseCitation citation="Jn 3:16"')).toEqual(['GetParseCitation', 'citation=Jn 3:16']);
    expect(shellWords("  GetSearch\t'query=love one another'  limit=5 ")).toEqual([
      'GetSearch',
      'query=love one another',
      'limit=5',
    ]);
    expect(shellWords('a "b\\"c" \'d\\e\' f\\ g "\\x"')).toEqual(['a', 'b"c', 'd\\e', 'f g', '\\x']);
    expect(shellWords('empty="" \'\'')).toEqual(['empty=', '']);
  });

  it('gives back any words written single-quoted, double-quoted or backslashed', () => {
    fc.assert(
      fc.property(fc.array(anyText, { minLength: 1, maxLength: 5 }), fc.nat(), (words, pick) => {
        const quote = [shellWord, (w: string) => `'${w.replace(/'/g, `'\\''`)}'`, doubleQuoted, backslashed][pick % 4];
        const line = words.map((w) => (w === '' ? "''" : quote(w))).join(pick % 2 ? ' ' : ' \t ');
        expect(shellWords(line)).toEqual(words);
      }),
    );
  });

  it('refuses an unclosed quote, saying where it opened', () => {
    expect(() => shellWords('GetVerse verseId="43003016')).toThrow(/unclosed double quote opened at character 18/);
    expect(() => shellWords("a 'b")).toThrow(/unclosed single quote/);
    fc.assert(
      fc.property(anyText, fc.constantFrom('"', "'"), (text, quote) => {
        const line = `${shellWord(text)} ${quote}${text.replaceAll(quote, '')}`;
        expect(() => shellWords(line)).toThrow(BibleError);
      }),
    );
  });
});

describe('parseCallLine', () => {
  it('reads the words form literally and the query-string form percent-decoded', () => {
    expect(parseCallLine('GetSearchCount query="100%25 + more"')).toEqual([
      'GetSearchCount',
      { query: '100%25 + more' },
    ]);
    expect(parseCallLine('/GetSearchCount?query=100%25+more&versionId=web')).toEqual([
      'GetSearchCount',
      { query: '100% more', versionId: 'web' },
    ]);
    // A "?" inside a value does not make the line a query string.
    expect(parseCallLine('GetParseCitation citation="John 3:16?"')).toEqual([
      'GetParseCitation',
      { citation: 'John 3:16?' },
    ]);
    expect(() => parseCallLine('GetVerse?verseId=01001001 versionId=kjv')).toThrow(/one word/);
  });

  it('refuses a parameter given twice in either form', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[A-Za-z]\w{0,8}$/),
        fc.array(fc.stringMatching(/^\w{0,6}$/), { minLength: 2, maxLength: 4 }),
        (name, values) => {
          const words = values.map((v) => `${name}=${v}`);
          expect(() => parseAssignments(words)).toThrow(`parameter ${name} is given more than once`);
          expect(() => parseCallLine(`GetVerse ${words.join(' ')}`)).toThrow(BibleError);
          expect(() => parseCallLine(`GetVerse?${words.join('&')}`)).toThrow(BibleError);
        },
      ),
    );
  });

  it('keeps flags apart from parameters and refuses unknown flags', () => {
    expect(splitFlags(['verseId=1', '--lenient', '-h'])).toEqual({
      flags: { lenient: true, help: true },
      assignments: ['verseId=1'],
    });
    expect(splitFlags(['query=--lenient']).assignments).toEqual(['query=--lenient']);
    expect(() => splitFlags(['--strict'])).toThrow(/unknown option "--strict"/);
  });
});

describe('help for every operation', async () => {
  const b = await bible();
  const versionIds = b.meta.versions.map((v) => v.versionId);

  for (const op of OPERATIONS as readonly OperationDef[]) {
    it(`${op.name}: lists each parameter and gives an example that answers something`, async () => {
      const help = operationHelp(op, versionIds);
      expect(help.startsWith(`${op.name} (${op.family}): ${op.summary}`)).toBe(true);
      for (const spec of op.params) {
        expect(help).toContain(`  ${spec.name}  (`);
        expect(help).toContain(spec.description);
        if (spec.type === 'choice') expect(help).toContain(`allowed: ${spec.values!.join(', ')}`);
        if (spec.type === 'versionId') expect(help).toContain(`allowed: ${versionIds.join(', ')}`);
      }
      const example = exampleCall(op);
      expect(help).toContain(`example:\n  ${example}`);
      const [name, params] = parseCallLine(example.replace(/^bible /, ''));
      expect(name).toBe(op.name);
      const answer = await b.call(name, params).catch((error: BibleError) => error);
      // Audio answers only where the host configured files; everything else must answer.
      if (answer instanceof BibleError) expect(answer.code, `${example}: ${answer.message}`).toBe('NOT_AVAILABLE');
      else expect(answer, `${example} answers something`).not.toEqual([]);
    });
  }
});
