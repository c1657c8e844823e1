// An operation's parameter check as a plan settled once (one step per parameter, with its reader) and the
// loop that runs it over any parameters object.
import { BibleError } from '../errors.ts';
import type { Meta } from '../meta.ts';
import { ownValue, paramsObject, unknownParams } from './given.ts';
import { unknownParamError } from './messages.ts';
import { NO_PREFIXED_VALUES, prefixedValues } from './prefixed.ts';
import { coerceParam, readerOf } from './readers.ts';
import type { Coerce, ParamSpec } from './spec.ts';

/**
 * A spec as the check reads it on every call: the fields it needs, all present, made by one function so
 * every step has one object layout (specs themselves come in many, which makes reading them slow).
 */
export interface Step {
  readonly name: string;
  readonly required: boolean;
  readonly fallback: string | number | undefined;
  readonly coerce: Coerce;
  readonly spec: ParamSpec;
}

const stepOf = (spec: ParamSpec): Step => ({
  name: spec.name,
  required: spec.required === true,
  fallback: spec.default,
  coerce: readerOf(spec.type) ?? coerceParam,
  spec,
});

/** What a check settles once per operation. */
export interface Plan {
  readonly operation: string;
  readonly specs: readonly ParamSpec[];
  readonly steps: readonly Step[];
  /** whether a parameter may be read from another's prefix (ParamSpec.prefixedBy) */
  readonly prefixed: boolean;
  /**
   * When every parameter always has a value (required, or with a default), an object holding all their
   * names in order: the checked values are written into a copy of it, one object layout per operation
   * instead of an object grown a property at a time.
   */
  readonly shape: Record<string, unknown> | undefined;
}

export function planOf(operation: string, specs: readonly ParamSpec[]): Plan {
  let shape: Record<string, unknown> | undefined;
  if (specs.every((s) => s.required || s.default !== undefined)) {
    shape = {};
    for (const spec of specs) shape[spec.name] = undefined;
  }
  return { operation, specs, steps: specs.map(stepOf), prefixed: specs.some((s) => s.prefixedBy !== undefined), shape };
}

export const missingParam = (plan: Plan, step: Step): BibleError =>
  new BibleError('MISSING_PARAMETER', `${plan.operation} needs ${step.name}: ${step.spec.description}`, step.name);

export function checkParams(plan: Plan, raw: unknown, meta: Meta, strict: boolean): Record<string, unknown> {
  const given = paramsObject(plan.operation, raw);
  if (strict) {
    const unknown = unknownParams(plan.specs, given)[0];
    if (unknown !== undefined) throw unknownParamError(plan.operation, plan.specs, unknown);
  }
  const prefixed = plan.prefixed;
  const fromPrefixes = prefixed ? prefixedValues(plan.specs, given) : NO_PREFIXED_VALUES;
  const out: Record<string, unknown> = plan.shape ? { ...plan.shape } : {};
  const steps = plan.steps;
  for (let i = 0; i < steps.length; i++) {
    const step = steps[i];
    let value = prefixed && fromPrefixes.has(step.name) ? fromPrefixes.get(step.name) : ownValue(given, step.name);
    if (value === '' && !step.required) value = undefined; // ?limitToBookId= means "not given"
    if (value === undefined || value === null) {
      if (step.required) throw missingParam(plan, step);
      if (step.fallback === undefined) {
        // Set even when absent: an operation reading params.limit must not find Object.prototype.limit.
        out[step.name] = undefined;
        continue;
      }
      value = step.fallback;
    }
    out[step.name] = step.coerce(step.spec, value, meta);
  }
  return out;
}
