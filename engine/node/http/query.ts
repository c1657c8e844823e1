// The query string under the rules docs/hosts.md promises: `+` is a space, every %XX must spell valid
// UTF-8, a parameter may not repeat, and at most MAX_PARAMS are read. URLSearchParams decodes; the
// checks here refuse what it would quietly repair (it turns bad escapes into U+FFFD or keeps them).
import { BibleError } from '../../core/errors.ts';

export const MAX_PARAMS = 64;

/**
 * The decoded parameters; a BibleError (INVALID_PARAMETER) names the one that breaks a rule. `fields`
 * names what they are in that error (a form body's fields are parsed the same way).
 */
export function parseQuery(query: string, fields = 'query parameters'): Record<string, string> {
  const parts = query ? query.split('&').filter(Boolean) : [];
  if (parts.length > MAX_PARAMS) {
    throw new BibleError('INVALID_PARAMETER', `too many ${fields} (${parts.length}); at most ${MAX_PARAMS}`);
  }
  for (const part of parts) checkEncoding(part);
  const params = new Map<string, string>();
  for (const [name, value] of new URLSearchParams(query)) {
    const shown = name.slice(0, 40);
    if (params.has(name))
      throw new BibleError('INVALID_PARAMETER', `parameter ${shown} is given more than once`, shown);
    params.set(name, value);
  }
  // fromEntries makes every name an own property, "__proto__" included (assignment would set the prototype).
  return Object.fromEntries(params);
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
