// The parts the server's answers are made of, on their own: JSON encoded in pieces equals JSON.stringify,
// the memory budget never grants more than its limit, a long text read in parts finds exactly what the
// whole text finds, and a POST body is read as clients send it.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createAnswerBudget, type Reservation } from '../../engine/node/http/answer-budget.ts';
import { estimateJsonChars, jsonPieces } from '../../engine/node/http/json-pieces.ts';
import { bodyText, decodeBody, repeatedKey, unsupportedBody } from '../../engine/node/http/request-body.ts';
import { callInParts, PART_CHARS, partStarts } from '../../engine/node/http/text-parts.ts';
import { createTurns } from '../../engine/node/http/turns.ts';
import { bible } from '../helpers.ts';

// Values as operations answer them, plus what JSON.stringify drops or turns into null.
const odd = fc.constantFrom(undefined, () => 1, Symbol('s'), Number.NaN, new Date(0), -0);
const leaf = fc.oneof(fc.jsonValue({ maxDepth: 2 }), odd);
const row = fc.dictionary(fc.string({ maxLength: 6 }), leaf, { maxKeys: 6 });
const answer = fc.oneof(
  leaf,
  fc.array(fc.oneof(row, leaf), { maxLength: 300 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.oneof(row, fc.array(row, { maxLength: 100 }), leaf), {
    maxKeys: 200,
  }),
);

describe('JSON in pieces', () => {
  it('joins to exactly what JSON.stringify writes, for any value and piece size', () => {
    fc.assert(
      fc.property(answer, fc.integer({ min: 1, max: 4096 }), (value, size) => {
        expect([...jsonPieces(value, size)].join('')).toBe(JSON.stringify(value) ?? 'null');
      }),
      { numRuns: 300 },
    );
  });

  it('encodes a large answer a piece at a time, and estimates its size closely', async () => {
    const b = await bible();
    const value = await b.call('GetSearchAdvanced', { query: 'th', matchType: 'broad', versionId: 'kjv' });
    const whole = JSON.stringify(value);
    const pieces = [...jsonPieces(value, 32 * 1024)];
    expect(pieces.join('')).toBe(whole);
    expect(pieces.length).toBeGreaterThan(100);
    expect(Math.max(...pieces.map((p) => p.length))).toBeLessThan(40 * 1024);
    const estimate = estimateJsonChars(value);
    expect(estimate / whole.length).toBeGreaterThan(0.8);
    expect(estimate / whole.length).toBeLessThan(1.25);
  });
});

describe('the budget for large answers', () => {
  it('never grants more than its limit at once (one answer larger than the limit goes alone)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.integer({ min: 1, max: 300 }), fc.integer({ min: 0, max: 5 })), { maxLength: 40 }),
        async (requests) => {
          const budget = createAnswerBudget(200);
          const held: Reservation[] = [];
          await Promise.all(
            requests.map(async ([bytes, holdTicks]) => {
              const r = await budget.reserve(bytes, 1_000);
              if (!r) return;
              held.push(r);
              expect(budget.reserved <= budget.limit || budget.reserved === bytes).toBe(true);
              for (let i = 0; i < holdTicks; i++) await new Promise((done) => setImmediate(done));
              r.release();
              r.release();
            }),
          );
          expect(budget.reserved).toBe(0);
          expect(budget.waiting).toBe(0);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('refuses when the wait runs out', async () => {
    const budget = createAnswerBudget(100);
    const first = await budget.reserve(80, 0);
    expect(first).not.toBeNull();
    expect(await budget.reserve(50, 0)).toBeNull();
    expect(await budget.reserve(50, 30)).toBeNull();
    const waiting = budget.reserve(50, 5_000);
    first!.release();
    expect((await waiting)?.bytes).toBe(50);
  });
});

describe('a long text read in parts', () => {
  const pieces = [
    'John 3:16',
    'Rom 8:28, 38-39',
    'Gen 1:1-3',
    '1 Cor 13:4-7',
    'Ps 23',
    'Mark 5',
    'see also Matt 5:3-5; 7:1',
    'Jude 3',
    'and',
    'the Lord said.',
    'Then',
    'In',
    'verse 4.',
    'v. 7',
    'chapter 3.',
    'Mark said.',
    '1.',
    'John.',
    'He said 3:16.',
    'A',
    'B.',
    '\n',
    '\n\n',
    ';',
    ',',
    '-',
    'ch.',
    'Rev. 22:21!',
    'Isa. 53:5?',
  ];
  const text = fc
    .array(fc.constantFrom(...pieces), { minLength: 1, maxLength: 400 })
    .chain((words) =>
      fc
        .array(fc.constantFrom(' ', '  ', '\n', ' \n '), { minLength: words.length, maxLength: words.length })
        .map((spaces) => words.map((w, i) => w + spaces[i]).join('')),
    )
    .filter((written) => written.trim() !== '');

  it('finds exactly the references the whole text holds, at the same offsets', async () => {
    const b = await bible();
    const turns = createTurns();
    await fc.assert(
      fc.asyncProperty(text, fc.integer({ min: 16, max: 400 }), async (written, partChars) => {
        const whole = await b.call('GetCitationsInText', { text: written });
        const starts = partStarts(written, partChars);
        const parts: unknown[] = [];
        for (let i = 0; i < starts.length; i++) {
          const part = written.slice(starts[i], starts[i + 1] ?? written.length);
          for (const hit of await b.call('GetCitationsInText', { text: part }))
            parts.push({ ...hit, start: hit.start + starts[i], end: hit.end + starts[i] });
        }
        expect(parts).toEqual(whole);
      }),
      { numRuns: 200 },
    );
    const long = `${'The Lord spoke to Moses. Read John 3:16 and Rom 8:28, 38-39 today. '.repeat(2_000)}`;
    expect(long.length).toBeGreaterThan(PART_CHARS * 10);
    expect(await callInParts(b as never, turns, 'GetCitationsInText', { text: long })).toEqual(
      await b.call('GetCitationsInText', { text: long }),
    );
  });
});

describe('a POST body as clients send it', () => {
  const json = { 'content-type': 'application/json; charset=utf-8' };
  const form = { 'content-type': 'application/x-www-form-urlencoded' };
  it('reads JSON, forms with the field, and anything else as the text itself', () => {
    expect(bodyText('{"text":"John 3:16"}', json, 'text')).toBe('John 3:16');
    expect(bodyText('{"text":"a","other":1}', { 'content-type': 'application/vnd.api+json' }, 'text')).toBe('a');
    expect(bodyText('text=John+3%3A16%20and%20more', form, 'text')).toBe('John 3:16 and more');
    expect(bodyText('lang=en&text=Rom%208%3A28', form, 'text')).toBe('Rom 8:28');
    expect(bodyText('Notes on John 3:16 & Rom 8:28, 100% sure', form, 'text')).toBe(
      'Notes on John 3:16 & Rom 8:28, 100% sure',
    );
    expect(bodyText('{"text":"x"}', {}, 'text')).toBe('{"text":"x"}');
    expect(bodyText('text=x', { 'content-type': 'text/plain' }, 'text')).toBe('text=x');
  });

  it('refuses a JSON body without a string text, naming text', () => {
    for (const body of ['{', '[]', '"John 3:16"', 'null', '{"text":3}', '{"txt":"John 3:16"}', '']) {
      expect(() => bodyText(body, json, 'text'), body).toThrow(/"text"/);
      try {
        bodyText(body, json, 'text');
      } catch (error) {
        expect((error as { param?: string }).param).toBe('text');
      }
    }
    expect(() => bodyText('text=%ZZ', form, 'text')).toThrow(/percent-encoding/);
  });

  it('refuses bytes that are not UTF-8, as the query string refuses a bad %XX, and reads every UTF-8 text whole', () => {
    for (const bytes of [[0xff], [0x4a, 0xc3], [0xed, 0xa0, 0x80], [0xc0, 0xaf], [0x61, 0x80, 0x62]]) {
      expect(() => decodeBody(Uint8Array.from(bytes), {}), String(bytes)).toThrow(/not valid UTF-8/);
    }
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (text) => {
        expect(decodeBody(new TextEncoder().encode(text), {})).toBe(text.replace(/^\uFEFF/, ''));
      }),
    );
  });

  it('refuses a JSON object that holds a key twice, however spelled, and reads JSON without repeats', () => {
    for (const body of ['{"text":"a","text":"b"}', '{"text":"a","te\\u0078t":"b"}', '{"text":"a","n":{"k":1,"k":2}}']) {
      expect(() => bodyText(body, json, 'text'), body).toThrow(/twice/);
    }
    expect(repeatedKey('{"a":["a","a",{"a":1}],"b":"a","c":{"a":2}}')).toBeUndefined();
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), fc.string(), (object, text) => {
        const body = JSON.stringify({ ...object, text });
        expect(repeatedKey(body)).toBeUndefined();
        expect(bodyText(body, json, 'text')).toBe(text);
        const twice = `${body.slice(0, -1)},${JSON.stringify('text')}:${JSON.stringify(text)}}`;
        expect(repeatedKey(twice)).toBe('text');
      }),
    );
  });

  it('refuses a multipart body with 415 rather than read its raw text', () => {
    expect(unsupportedBody({ 'content-type': 'multipart/form-data; boundary=x' })).toMatchObject({
      status: 415,
      body: { error: { code: 'UNSUPPORTED_MEDIA_TYPE' } },
    });
    for (const type of ['application/json', 'text/plain', 'application/x-www-form-urlencoded', undefined])
      expect(unsupportedBody({ 'content-type': type })).toBeNull();
  });
});
