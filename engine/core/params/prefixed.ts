// A parameter read from another's prefix (ParamSpec.prefixedBy): GetStrongs reads id=G26 as lexiconId G
// and id 26.
import { asciiForms } from '../ascii-forms.ts';
import { invalid } from '../errors.ts';
import { hasOwn } from '../es2020.ts';
import { rawString } from './raw.ts';
import type { ParamSpec } from './spec.ts';

/**
 * Values read from a prefixed parameter (see ParamSpec.prefixedBy): id=G26 gives lexiconId G and id 26.
 * Only a prefix followed by digits counts; anything else is left for the parameter's own check.
 */
export function prefixedValues(
  specs: readonly ParamSpec[],
  given: Record<string, unknown>,
): ReadonlyMap<string, unknown> {
  // Made only when a prefixed id is read: this runs on every call of every operation.
  let values: Map<string, unknown> | undefined;
  for (const spec of specs) {
    if (!spec.prefixedBy) continue;
    const raw = hasOwn(given, spec.name) ? given[spec.name] : undefined;
    const prefixSpec = specs.find((s) => s.name === spec.prefixedBy);
    // An id of the wrong type (an array, NaN) is refused as itself, not as the other parameter missing.
    if (raw !== undefined && raw !== null) rawString(spec, raw);
    if (typeof raw !== 'string' || !prefixSpec?.values) continue;
    // G٢٦ and Ｇ２６ are G26, as id=٢٦ is 26 (ascii-forms.ts); the refusals below quote the id as sent.
    const sent = raw.trim();
    const trimmed = asciiForms(sent);
    const prefix = prefixSpec.values.find((v) => trimmed.slice(0, v.length).toLowerCase() === v.toLowerCase());
    const number = prefix === undefined ? '' : trimmed.slice(prefix.length);
    const other = hasOwn(given, prefixSpec.name) ? given[prefixSpec.name] : undefined;
    // The prefix stands in for the other parameter, whose own check then never runs: ["G"] would pass.
    if (other !== undefined && other !== null) rawString(prefixSpec, other);
    if (prefix === undefined || !/^\d{1,15}$/.test(number)) {
      // X12, "G 26", G-1: neither a number nor a letter and a number. Said of this parameter, rather than
      // that the other one (which the letter would have given) is missing.
      if (!/^\d*$/.test(trimmed) && (other === undefined || other === null || other === ''))
        throw invalid(
          spec.name,
          `${spec.name} must be a number (with ${prefixSpec.name}) or a number after ${prefixSpec.values.join(' or ')}, e.g. ${prefixSpec.values.map((v) => `${v}1`).join(', ')}; got ${JSON.stringify(sent.slice(0, 40))}`,
        );
      continue;
    }
    if (
      other !== undefined &&
      other !== null &&
      other !== '' &&
      String(other).trim().toLowerCase() !== prefix.toLowerCase()
    )
      throw invalid(
        spec.name,
        `${spec.name} ${JSON.stringify(sent.slice(0, 40))} names ${prefixSpec.name} ${prefix}, but ${prefixSpec.name} is ${JSON.stringify(String(other).slice(0, 40))}; give one or make them agree`,
      );
    values ??= new Map<string, unknown>();
    // The digits as sent (each form is one unit, so the prefix's length holds): a refusal quotes them.
    values.set(spec.name, sent.slice(prefix.length));
    values.set(prefixSpec.name, prefix);
  }
  return values ?? NO_PREFIXED_VALUES;
}

export const NO_PREFIXED_VALUES: ReadonlyMap<string, unknown> = new Map();
