import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { declaredEncoding, decodeWindows1252 } from './decode.ts';
import { readImport } from './index.ts';
import { file } from './test-helpers.ts';

describe('single-byte Western text', () => {
  it('gives one character per byte, the byte itself outside 0x80..0x9f', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 20_000 }), (bytes) => {
        const text = decodeWindows1252(bytes);
        expect(text.length).toBe(bytes.length);
        bytes.forEach((b, i) => {
          if (b < 0x80 || b > 0x9f) expect(text.charCodeAt(i)).toBe(b);
        });
      }),
    );
  });

  it('is what an XML declaration or a USFM \\ide names', () => {
    const encode = (text: string) => new TextEncoder().encode(text);
    expect(declaredEncoding(encode(`<?xml version='1.0' encoding='ISO-8859-1'?><osis/>`))).toBe('ISO-8859-1');
    expect(declaredEncoding(encode('\\id GEN\n\\ide CP-1252\n'))).toBe('CP-1252');
    expect(declaredEncoding(encode('\\id GEN\n\\c 1\n'))).toBeUndefined();
  });

  it('names a declared encoding it does not read when the bytes are not UTF-8', () => {
    const bytes = new Uint8Array([...new TextEncoder().encode('\\id GEN\n\\ide Shift_JIS\n\\c 1\n\\v 1 '), 0x82, 0xa0]);
    expect(() => readImport([{ path: 'a.usfm', bytes }])).toThrow(
      'a.usfm byte 33: invalid UTF-8 (it declares Shift_JIS, which is not read)',
    );
    expect(readImport([file('b.usfm', '\\id GEN\n\\ide UTF-8\n\\c 1\n\\v 1 é\n')]).verses[0].text).toBe('é');
  });
});
