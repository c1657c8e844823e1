// The caller's parameters as given: an object of its own names (inherited ones are no parameters), read
// once into a copy when a call must wait, and the names an operation does not take.
import { BibleError } from '../errors.ts';
import { hasOwn } from '../es2020.ts';
import type { ParamsCheck, ParamSpec } from './spec.ts';

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

const isUnknown = (specs: readonly ParamSpec[], name: string) =>
  FORBIDDEN_KEYS.has(name) || !specs.some((s) => s.name === name);

/** The names among `raw` that an operation does not take: refused, or ignored by a lenient engine. */
export function unknownParams(specs: readonly ParamSpec[], raw: unknown): string[] {
  if (raw === undefined || raw === null || typeof raw !== 'object' || Array.isArray(raw)) return [];
  return Object.keys(raw).filter((name) => isUnknown(specs, name));
}

/** A value read by name, unless it was inherited: a property an app (or an attack on it) set on
 *  Object.prototype is not a parameter. The ownership check runs only on a value that is there. */
export const ownParam = (given: object, name: string, value: unknown): unknown =>
  value === undefined || hasOwn(given, name) ? value : undefined;

export const isPlainObject = (raw: unknown): raw is object => typeof raw === 'object' && raw !== null && isPlain(raw);

const NO_PARAMS: Record<string, unknown> = Object.freeze({});

const ENTRY_COLLECTIONS: ReadonlySet<string> = new Set(['URLSearchParams', 'Map', 'FormData', 'Headers']);

/** An operation's raw parameters as an object (none given is an empty one); anything else is refused. */
export function paramsObject(operation: string, raw: unknown): Record<string, unknown> {
  if (raw === undefined || raw === null) return NO_PARAMS;
  if (typeof raw !== 'object' || Array.isArray(raw))
    throw new BibleError('INVALID_PARAMETER', `${operation} takes its parameters as an object of name/value pairs`);
  // A request's URLSearchParams (or a Map, FormData, Headers) holds its pairs out of reach of property
  // reads: taken as an object it has none, and a verseId it holds was answered as missing.
  const proto: unknown = Object.getPrototypeOf(raw);
  if (proto !== Object.prototype && proto !== null) {
    const kind = Object.prototype.toString.call(raw).slice(8, -1);
    if (ENTRY_COLLECTIONS.has(kind))
      throw new BibleError(
        'INVALID_PARAMETER',
        `${operation} takes its parameters as an object of name/value pairs, got a ${kind}: pass Object.fromEntries(${kind === 'Map' ? 'map' : 'params'})`,
      );
  }
  return raw as Record<string, unknown>;
}

/**
 * The caller's parameters copied into an object of their own, read now: a call that must wait (for the
 * operation table, say) checks this copy, so an app that reuses one params object for its next call
 * cannot change what this one answers. A getter or proxy trap that throws is a BibleError naming the
 * parameter, never the host's own exception.
 */
export function snapshotParams(operation: string, raw: unknown): Record<string, unknown> {
  let names: string[];
  let given: Record<string, unknown>;
  try {
    given = paramsObject(operation, raw);
    names = Object.keys(given);
  } catch (error) {
    if (error instanceof BibleError) throw error;
    throw new BibleError('INVALID_PARAMETER', `${operation}'s parameters could not be read: ${reasonOf(error)}`);
  }
  const copy: Record<string, unknown> = Object.create(null);
  for (const name of names) {
    try {
      copy[name] = given[name];
    } catch (error) {
      const shown = name.slice(0, 40);
      throw new BibleError('INVALID_PARAMETER', `${operation}: reading ${shown} failed: ${reasonOf(error)}`, shown);
    }
  }
  return copy;
}

/** An exception's message, read without trusting the exception (its message may be a throwing getter). */
function reasonOf(error: unknown): string {
  try {
    return (error instanceof Error ? error.message : String(error)).slice(0, 200);
  } catch {
    return 'the value threw when read';
  }
}

/**
 * Runs a compiled check on parameters read synchronously. A check that fails on something other than a
 * BibleError met a value that threw when read (a getter, a proxy): the snapshot names the parameter.
 */
export function checkedNow(operation: string, check: ParamsCheck, raw: unknown): Record<string, unknown> {
  try {
    return check(raw);
  } catch (error) {
    if (error instanceof BibleError) throw error;
    return check(snapshotParams(operation, raw));
  }
}

/** A parameter's value when the object holds it itself (an inherited property is not a parameter). */
export function ownValue(given: Record<string, unknown>, name: string): unknown {
  const value = given[name];
  return value !== undefined && hasOwn(given, name) ? value : undefined;
}

/** An object literal or a parsed query (prototype Object.prototype, or none): what the straight-line
 *  checks take. Anything else (a class instance, a proxy's target with getters) goes to the loop. */
function isPlain(given: object): boolean {
  const proto = Object.getPrototypeOf(given);
  return proto === Object.prototype || proto === null;
}
