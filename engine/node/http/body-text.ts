// The text a POST carries for an operation that takes a long text (GetCitationsInText), found in its
// body as clients send it (JSON, a form, or the text itself), and the bodies refused unread. No Node
// built-ins: request-body.ts reads the bytes from a Node request, an edge host from its fetch Request.
import { BibleError } from '../../core/errors.ts';
import type { RequestHeaders } from './headers.ts';
import { readQuery, refuseArrayParams } from './query.ts';
import { refusal, type Refusal } from './refusal.ts';

/**
 * A body's bytes as text: in the Content-Type's charset when it names one (a Latin-1 or UTF-16 file sent
 * as it is saved), else UTF-16 when the bytes start with its byte order mark (as Windows tools write
 * text), else UTF-8. A byte order mark is not part of the text. A BibleError names a charset no decoder knows,
 * and bytes that are not text in the charset: like a bad %XX in a query string, they are refused rather
 * than replaced by U+FFFD.
 */
export function decodeBody(bytes: Uint8Array, headers: RequestHeaders): string {
  const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(String(headers['content-type'] ?? ''))?.[1];
  const sniffed =
    bytes[0] === 0xff && bytes[1] === 0xfe ? 'utf-16le' : bytes[0] === 0xfe && bytes[1] === 0xff ? 'utf-16be' : 'utf-8';
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(charset ?? sniffed, { fatal: true });
  } catch {
    throw new BibleError(
      'INVALID_PARAMETER',
      `the request body's charset ${JSON.stringify(charset!.slice(0, 40))} is not one this server reads; send UTF-8`,
    );
  }
  try {
    return decoder.decode(bytes);
  } catch {
    throw new BibleError(
      'INVALID_PARAMETER',
      `the request body is not valid ${decoder.encoding.toUpperCase()}: send the text in UTF-8 (or name its charset in the Content-Type)`,
    );
  }
}

/**
 * 415 for a body this server does not parse: multipart/form-data (a browser form with a file field) would
 * otherwise be read as its raw text, boundaries and part headers included.
 */
export function unsupportedBody(headers: RequestHeaders): Refusal | null {
  // A body in a coding this server does not decode (gzip, br) read as if plain would be misread (RFC 9110 8.4.1).
  const coding = String(headers['content-encoding'] ?? '')
    .trim()
    .toLowerCase();
  if (coding && coding !== 'identity')
    return refusal(
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      `a body with Content-Encoding ${JSON.stringify(coding.slice(0, 40))} is not read: send it uncompressed`,
    );
  const type = mediaType(headers);
  if (!type.startsWith('multipart/')) return null;
  return refusal(
    415,
    'UNSUPPORTED_MEDIA_TYPE',
    `a ${type.slice(0, 40)} body is not read: send the text as JSON {"text": ...}, as a form (application/x-www-form-urlencoded), or as plain text`,
  );
}

/** The media type of a request body, lower case and without parameters ('' when none is given). */
export const mediaType = (headers: RequestHeaders): string =>
  String(headers['content-type'] ?? '')
    .split(';')[0]
    .trim()
    .toLowerCase();

const isJson = (type: string) => type === 'application/json' || /^application\/[\w.-]+\+json$/.test(type);

/**
 * The value of `param` in a body as clients send it: a JSON object's string member, a form's field, or
 * else the body itself. A form-typed body that is no form (no name=value pairs) is the text itself,
 * because `curl -d @notes.txt` sends a plain file with the form type; a form without that field is
 * MISSING_PARAMETER, and `text[]=` (a PHP-style array) INVALID_PARAMETER. A BibleError names `param` when a JSON body does not hold it.
 * A form field given more than once takes its last value, as a query parameter does, and is added to
 * `repeated`.
 */
export function bodyText(body: string, headers: RequestHeaders, param: string, repeated: string[] = []): string {
  const type = mediaType(headers);
  if (isJson(type)) {
    const expected = `a JSON body must be an object with a string member "${param}"`;
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch (error) {
      throw new BibleError(
        'INVALID_PARAMETER',
        `${expected}; the body is not valid JSON (${error instanceof Error ? error.message.slice(0, 120) : 'unreadable'})`,
        param,
      );
    }
    // JSON.parse keeps the last of two equal keys, which the sender may not have meant; a query string or
    // form refuses a repeated parameter too.
    const twice = repeatedKey(body);
    if (twice !== undefined) {
      throw new BibleError(
        'INVALID_PARAMETER',
        `the JSON body has the key ${JSON.stringify(twice.slice(0, 40))} twice in one object; which one is meant is ambiguous`,
        param,
      );
    }
    const value =
      typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
        ? (parsed as Record<string, unknown>)[param]
        : undefined;
    if (typeof value !== 'string') {
      const got = Array.isArray(parsed) ? 'an array' : parsed === null ? 'null' : typeof parsed;
      const why =
        got === 'object'
          ? value === undefined
            ? `it has no "${param}"`
            : `"${param}" is ${typeOf(value)}`
          : `it is ${got}`;
      throw new BibleError(
        value === undefined && got === 'object' ? 'MISSING_PARAMETER' : 'INVALID_PARAMETER',
        `${expected}; ${why}`,
        param,
      );
    }
    return value;
  }
  if (type === 'application/x-www-form-urlencoded' && (hasField(body, param) || looksLikeForm(body))) {
    const form = readQuery(body, 'form fields');
    const value = form.params[param];
    if (value !== undefined) {
      for (const name of form.repeated) if (!repeated.includes(name)) repeated.push(name);
      return value;
    }
    refuseArrayParams(Object.keys(form.params), (name) => name === param);
    throw new BibleError(
      'MISSING_PARAMETER',
      `the form has no field "${param}" (its fields: ${Object.keys(form.params).join(', ').slice(0, 100)})`,
      param,
    );
  }
  return body;
}

/** name=value pairs joined by & with names as forms write them: a form, not a text sent with the form type. */
const looksLikeForm = (body: string): boolean =>
  body.length > 0 && body.split('&').every((part) => /^[A-Za-z_][\w.%[\]-]{0,99}=/.test(part));

/** The first key that an object of a valid JSON text holds twice (escapes decoded), if any. */
export function repeatedKey(json: string): string | undefined {
  // One entry per open object (its keys so far) or array (null).
  const open: (Set<string> | null)[] = [];
  let atKey = false;
  for (let i = 0; i < json.length; i++) {
    const c = json[i];
    if (c === '"') {
      let end = i + 1;
      while (json[end] !== '"') end += json[end] === '\\' ? 2 : 1;
      const keys = open.at(-1);
      if (atKey && keys) {
        const key = JSON.parse(json.slice(i, end + 1)) as string;
        if (keys.has(key)) return key;
        keys.add(key);
        atKey = false;
      }
      i = end;
    } else if (c === '{') {
      open.push(new Set());
      atKey = true;
    } else if (c === '[') {
      open.push(null);
    } else if (c === '}' || c === ']') {
      open.pop();
      atKey = false;
    } else if (c === ',') {
      atKey = open.at(-1) != null;
    }
  }
  return undefined;
}

const typeOf = (value: unknown) => (value === null ? 'null' : Array.isArray(value) ? 'an array' : `a ${typeof value}`);

/** Does a form body name the field `param` (as its first field or after an &)? */
function hasField(body: string, param: string): boolean {
  const name = encodeURIComponent(param);
  return body.startsWith(`${name}=`) || body.includes(`&${name}=`);
}
