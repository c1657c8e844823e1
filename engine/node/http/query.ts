// The query string under the rules docs/hosts.md promises: `+` is a space, every %XX must spell valid
// UTF-8, and at most MAX_PARAMS are read. A repeated parameter takes its last value over HTTP, as on the
// hosted service (PHP reads the last), and is named so the server can say so; the CLI refuses repeats.
// URLSearchParams decodes; the checks here refuse what it would quietly repair (it turns bad escapes into
// U+FFFD or keeps them).
import { BibleError } from '../../core/errors.ts';

export const MAX_PARAMS = 64;

/** Decoded parameters, each name's last value, and the names given more than once. */
export interface ReadQuery {
  params: Record<string, string>;
  repeated: string[];
}

/**
 * The decoded parameters, a repeated name taking its last value; a BibleError (INVALID_PARAMETER) names
 * the one that breaks an encoding rule. `fields` names what they are in that error (a form body's fields
 * are read the same way).
 */
export function readQuery(query: string, fields = 'query parameters'): ReadQuery {
  const parts = query ? query.split('&').filter(Boolean) : [];
  if (parts.length > MAX_PARAMS) {
    throw new BibleError('INVALID_PARAMETER', `too many ${fields} (${parts.length}); at most ${MAX_PARAMS}`);
  }
  for (const part of parts) checkEncoding(part);
  const params = new Map<string, string>();
  const repeated = new Set<string>();
  for (const [name, value] of new URLSearchParams(query)) {
    if (params.has(name)) repeated.add(name);
    params.set(name, value);
  }
  // fromEntries makes every name an own property, "__proto__" included (assignment would set the prototype).
  return { params: Object.fromEntries(params), repeated: [...repeated] };
}

/** The decoded parameters, refusing a repeated name: the CLI's rule (`bible batch` lines). */
export function parseQuery(query: string, fields = 'query parameters'): Record<string, string> {
  const { params, repeated } = readQuery(query, fields);
  if (repeated.length) {
    const shown = repeated[0].slice(0, 40);
    throw new BibleError('INVALID_PARAMETER', `parameter ${shown} is given more than once`, shown);
  }
  return params;
}

/** Refuses a `name=value` pair whose percent-encoding is not valid UTF-8, naming the parameter. */
function checkEncoding(part: string): void {
  const eq = part.indexOf('=');
  const rawName = eq < 0 ? part : part.slice(0, eq);
  const name = strictlyDecoded(rawName);
  if (name === undefined) {
    throw new BibleError(
      'INVALID_PARAMETER',
      `a parameter name has bad percent-encoding: ${JSON.stringify(rawName.slice(0, 40))}`,
    );
  }
  if (eq >= 0 && strictlyDecoded(part.slice(eq + 1)) === undefined) {
    const shown = name.slice(0, 40);
    throw new BibleError('INVALID_PARAMETER', `${shown} has bad percent-encoding (use %XX with UTF-8 bytes)`, shown);
  }
}

function strictlyDecoded(raw: string): string | undefined {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return undefined;
  }
}

/**
 * Refuses a PHP-style array (`versionId[]=bbe`, `versionId[0]=bbe`, as http_build_query writes an array) of a
 * parameter the operation takes. Ignored like any unknown name, it answered as if the parameter were not
 * given (the KJV, say) with no error; PHP itself would have handed the service an array, not the value.
 */
export function refuseArrayParams(ignored: readonly string[], takes: (name: string) => boolean): void {
  for (const name of ignored) {
    const base = /^([^[\]]+)\[[^\]]*\]$/.exec(name)?.[1];
    if (base !== undefined && takes(base)) {
      const shown = base.slice(0, 40);
      throw new BibleError(
        'INVALID_PARAMETER',
        `${shown} is sent as an array (${name.slice(0, 60)}); send ${shown}=value once`,
        shown,
      );
    }
  }
}

/** The parameters without the named ones (those the operation does not take), in a new object. */
export function withoutNames(params: Record<string, string>, names: readonly string[]): Record<string, string> {
  if (names.length === 0) return params;
  const kept: Record<string, string> = Object.create(null);
  for (const [name, value] of Object.entries(params)) if (!names.includes(name)) kept[name] = value;
  return kept;
}
