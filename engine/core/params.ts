// Parameter kinds: each turns a raw value (an HTTP query string gives strings; typed callers may pass
// numbers) into a checked value, or throws a BibleError naming the parameter and what was expected.
// This module compiles an operation's check; its parts live in params/: the specs and checked values
// (spec.ts), the readers of each type (readers.ts, id-readers.ts, value-readers.ts, raw.ts), the
// caller's object (given.ts), prefixed ids (prefixed.ts), the plan and its loop (plan.ts), the
// straight-line lookups (straight.ts) and the refusals that suggest a name (messages.ts).
import type { Meta } from './meta.ts';
import { isPlainObject } from './params/given.ts';
import { unknownParamError } from './params/messages.ts';
import { checkParams, type Plan, planOf } from './params/plan.ts';
import type { ParamSpec, ParamsCheck } from './params/spec.ts';
import { straightCheck } from './params/straight.ts';
import { hasOwn } from './es2020.ts';

export type {
  AgeValue,
  BookOrTestament,
  ChapterOrBookAndChapter,
  ParamSpec,
  ParamsCheck,
  ParamType,
  VerseIdValue,
} from './params/spec.ts';
export { checkedNow, paramsObject, snapshotParams, unknownParams } from './params/given.ts';
export { closestName, unknownOperationMessage, unknownParamError } from './params/messages.ts';
export { coerceParam } from './params/readers.ts';
export { readerLength } from './params/value-readers.ts';

/** The parameter check of one operation, with what can be settled ahead settled once. */
export function compileParams(operation: string, specs: readonly ParamSpec[], meta: Meta, strict = false): ParamsCheck {
  const plan = planOf(operation, specs);
  const straight = straightCheck(plan, meta);
  if (!straight) return (raw) => checkParams(plan, raw, meta, strict);
  if (!strict) return straight;
  const names = specs.map((s) => s.name);
  return (raw) => {
    if (!isPlainObject(raw)) return checkParams(plan, raw, meta, true);
    refuseUnknownNames(plan, names, raw);
    return straight(raw);
  };
}

/**
 * The strict refusal ahead of a straight-line check: a plain object's own names, each one the operation
 * takes. A for-in walk allocates nothing, where Object.keys makes an array on every lookup.
 */
function refuseUnknownNames(plan: Plan, names: readonly string[], given: object): void {
  for (const name in given)
    if (!names.includes(name) && hasOwn(given, name)) throw unknownParamError(plan.operation, plan.specs, name);
}

/**
 * Validates a whole parameter object against an operation's specs. A name the operation does not take is
 * ignored, as web APIs do, unless `strict` asks for it to be refused (the engine asks, unless opened lenient).
 */
export function coerceParams(
  operation: string,
  specs: readonly ParamSpec[],
  raw: unknown,
  meta: Meta,
  strict = false,
): Record<string, unknown> {
  return checkParams(planOf(operation, specs), raw, meta, strict);
}
