// A property on Object.prototype is not a parameter. An app (or a library it loads, or an attack through
// a merge of user JSON) that sets Object.prototype.versionId must not change what a call with a plain
// object answers: every operation, every parameter, through the straight-line checks and the loop alike.
import { afterEach, describe, expect, it } from 'vitest';
import { exampleValue } from '../../engine/core/param-examples.ts';
import { OPERATIONS } from '../../engine/core/operations.ts';
import type { ParamSpec } from '../../engine/core/params.ts';
import { bible } from '../helpers.ts';

const polluted = new Set<string>();
afterEach(() => {
  for (const name of polluted) delete (Object.prototype as Record<string, unknown>)[name];
  polluted.clear();
});

/** A value the operation would take for the parameter, and not its default, so a leak shows. */
const otherValue = (spec: ParamSpec): string =>
  spec.type === 'versionId' ? 'bbe' : spec.type === 'language' ? 'spanish' : (spec.values?.[1] ?? exampleValue(spec));

async function outcome(name: string, params: Record<string, string>): Promise<unknown> {
  const b = await bible();
  try {
    return { answer: await b.call(name, params) };
  } catch (error) {
    return { error: String(error) };
  }
}

describe('inherited properties are not parameters', () => {
  const deterministic = OPERATIONS.filter((op) => !/Random/.test(op.name));
  it.each(deterministic.map((op) => [op.name, op] as const))('%s', async (name, op) => {
    const specs = (op as { params: readonly ParamSpec[] }).params;
    const required = Object.fromEntries(specs.filter((s) => s.required).map((s) => [s.name, exampleValue(s)]));
    const clean = await outcome(name, { ...required });
    for (const spec of specs.filter((s) => !s.required)) {
      (Object.prototype as Record<string, unknown>)[spec.name] = otherValue(spec);
      polluted.add(spec.name);
      expect(await outcome(name, { ...required }), `Object.prototype.${spec.name}`).toEqual(clean);
      delete (Object.prototype as Record<string, unknown>)[spec.name];
    }
    // A required parameter that is only inherited is missing.
    for (const spec of specs.filter((s) => s.required)) {
      const { [spec.name]: _left, ...others } = required;
      (Object.prototype as Record<string, unknown>)[spec.name] = exampleValue(spec);
      polluted.add(spec.name);
      expect(await outcome(name, others), `Object.prototype.${spec.name}`).toMatchObject({
        error: expect.stringContaining(spec.name),
      });
      delete (Object.prototype as Record<string, unknown>)[spec.name];
    }
  });
});
