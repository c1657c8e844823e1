// Result shapes: the JSON each operation answers, written once as data. The same value gives the
// TypeScript result type of the typed methods (Infer) and the runtime check of the conformance suite
// (shapeErrors), so the two cannot drift apart.
//
// An object shape separates the fields the hosted API's specification documents (`spec`) from the ones
// this engine adds (`added`): clients written against the API rely on the first, and
// docs/compatibility.md lists the second.

export type Shape =
  | { readonly kind: 'string' }
  | { readonly kind: 'number' }
  | { readonly kind: 'boolean' }
  | { readonly kind: 'literal'; readonly value: string | number | boolean | null }
  | { readonly kind: 'array'; readonly of: Shape }
  | { readonly kind: 'headed'; readonly head: Shape; readonly rest: Shape }
  | { readonly kind: 'object'; readonly spec: Fields; readonly added: Fields; readonly numbered?: Shape }
  | { readonly kind: 'record'; readonly of: Shape }
  | { readonly kind: 'union'; readonly of: readonly Shape[] }
  | { readonly kind: 'optional'; readonly of: Shape }
  | { readonly kind: 'json' };

export type Fields = { readonly [field: string]: Shape };

export const string = { kind: 'string' } as const;
export const number = { kind: 'number' } as const;
export const boolean = { kind: 'boolean' } as const;
/** Any JSON value: for payloads the specification leaves open and that carry free-form data. */
export const json = { kind: 'json' } as const;
/** The API's "empty response": an empty array. */
export const empty = { kind: 'array', of: { kind: 'literal', value: 'never' } } as const;

export const literal = <const V extends string | number | boolean | null>(value: V) =>
  ({ kind: 'literal', value }) as const;
export const arrayOf = <const S extends Shape>(of: S) => ({ kind: 'array', of }) as const;
/** An array whose first element differs from the rest: [summary, day, day, ...]. */
export const headed = <const H extends Shape, const R extends Shape>(head: H, rest: R) =>
  ({ kind: 'headed', head, rest }) as const;
/** An object keyed by arbitrary names, all holding the same shape. */
export const recordOf = <const S extends Shape>(of: S) => ({ kind: 'record', of }) as const;
export const oneOf = <const S extends readonly Shape[]>(...of: S) => ({ kind: 'union', of }) as const;
/** A field that may be absent. */
export const optional = <const S extends Shape>(of: S) => ({ kind: 'optional', of }) as const;
/** An object: the specification's fields, then this engine's additions. */
export function object<const F extends Fields>(
  spec: F,
): { readonly kind: 'object'; readonly spec: F; readonly added: Record<never, never> };
export function object<const F extends Fields, const A extends Fields>(
  spec: F,
  added: A,
): { readonly kind: 'object'; readonly spec: F; readonly added: A };
export function object(spec: Fields, added: Fields = {}) {
  return { kind: 'object', spec, added } as const;
}
/** An object with fixed fields plus keys "0", "1", ... (GetWords). */
export const numbered = <const F extends Fields, const S extends Shape>(spec: F, each: S) =>
  ({ kind: 'object', spec, added: {}, numbered: each }) as const;

type OptionalKeys<F extends Fields> = { [K in keyof F]: F[K] extends { kind: 'optional' } ? K : never }[keyof F];
type FieldsType<F extends Fields> = { readonly [K in Exclude<keyof F, OptionalKeys<F>>]: Infer<F[K]> } & {
  readonly [K in OptionalKeys<F>]?: Infer<F[K]>;
};
type Simplify<T> = { [K in keyof T]: T[K] } & {};

export type JsonValue = string | number | boolean | null | readonly JsonValue[] | { readonly [key: string]: JsonValue };

/** The TypeScript type of the JSON a shape describes. */
export type Infer<S> =
  // The general Shape (a shape not known yet) stands for any JSON; this also stops the recursion there.
  [Shape] extends [S]
    ? JsonValue
    : S extends { kind: 'string' }
      ? string
      : S extends { kind: 'number' }
        ? number
        : S extends { kind: 'boolean' }
          ? boolean
          : S extends { kind: 'literal'; value: infer V }
            ? V extends 'never'
              ? never
              : V
            : S extends { kind: 'array'; of: infer E }
              ? readonly Infer<E>[]
              : S extends { kind: 'headed'; head: infer H; rest: infer R }
                ? readonly [Infer<H>, ...Infer<R>[]]
                : S extends {
                      kind: 'object';
                      spec: infer F extends Fields;
                      added: infer A extends Fields;
                      numbered: infer E extends Shape;
                    }
                  ? Simplify<FieldsType<F> & FieldsType<A>> & { readonly [position: `${number}`]: Infer<E> }
                  : S extends { kind: 'object'; spec: infer F extends Fields; added: infer A extends Fields }
                    ? Simplify<FieldsType<F> & FieldsType<A>>
                    : S extends { kind: 'record'; of: infer E }
                      ? { readonly [key: string]: Infer<E> }
                      : S extends { kind: 'union'; of: readonly (infer E)[] }
                        ? Infer<E>
                        : S extends { kind: 'optional'; of: infer E }
                          ? Infer<E>
                          : S extends { kind: 'json' }
                            ? JsonValue
                            : never;

const typeName = (value: unknown) => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);
const isPlainObject = (value: unknown): value is Record<string, unknown> => typeName(value) === 'object';

/** Where a JSON value departs from a shape: one line per difference, empty when it conforms. */
export function shapeErrors(shape: Shape, value: unknown, path = '$', out: string[] = []): string[] {
  const expect = (ok: boolean, what: string) => {
    if (!ok) out.push(`${path}: expected ${what}, got ${typeName(value)} ${JSON.stringify(value)?.slice(0, 60)}`);
    return ok;
  };
  switch (shape.kind) {
    case 'string':
      expect(typeof value === 'string', 'a string');
      break;
    case 'number':
      expect(typeof value === 'number' && Number.isFinite(value), 'a number');
      break;
    case 'boolean':
      expect(typeof value === 'boolean', 'a boolean');
      break;
    case 'literal':
      expect(value === shape.value, JSON.stringify(shape.value));
      break;
    case 'json':
      break;
    case 'optional':
      shapeErrors(shape.of, value, path, out);
      break;
    case 'array':
      if (expect(Array.isArray(value), 'an array'))
        (value as unknown[]).forEach((v, i) => {
          shapeErrors(shape.of, v, `${path}[${i}]`, out);
        });
      break;
    case 'headed':
      if (expect(Array.isArray(value) && value.length > 0, 'a non-empty array')) {
        (value as unknown[]).forEach((v, i) => {
          shapeErrors(i === 0 ? shape.head : shape.rest, v, `${path}[${i}]`, out);
        });
      }
      break;
    case 'record':
      if (expect(isPlainObject(value), 'an object'))
        for (const [k, v] of Object.entries(value as object))
          shapeErrors(shape.of, v, `${path}[${JSON.stringify(k)}]`, out);
      break;
    case 'union': {
      const tries = shape.of.map((s) => shapeErrors(s, value, path));
      if (!tries.some((errors) => errors.length === 0))
        out.push(...tries.reduce((a, b) => (b.length < a.length ? b : a)));
      break;
    }
    case 'object': {
      if (!expect(isPlainObject(value), 'an object')) break;
      const record = value as Record<string, unknown>;
      for (const fields of [shape.spec, shape.added]) {
        for (const [name, field] of Object.entries(fields)) {
          if (name in record) shapeErrors(field, record[name], `${path}.${name}`, out);
          else if (field.kind !== 'optional') out.push(`${path}: missing field ${name}`);
        }
      }
      for (const [name, v] of Object.entries(record)) {
        if (name in shape.spec || name in shape.added) continue;
        if (shape.numbered && /^(0|[1-9]\d*)$/.test(name)) shapeErrors(shape.numbered, v, `${path}[${name}]`, out);
        else out.push(`${path}: field ${name} is not declared by the operation's shape`);
      }
      break;
    }
  }
  return out;
}

/** A short human-readable form of a shape, for GetEndpoints and docs/compatibility.md. */
export function describeShape(shape: Shape, which: 'spec' | 'all' = 'all'): string {
  switch (shape.kind) {
    case 'string':
    case 'number':
    case 'boolean':
      return shape.kind;
    case 'literal':
      return JSON.stringify(shape.value) === '"never"' ? 'never' : JSON.stringify(shape.value);
    case 'json':
      return 'JSON';
    case 'optional':
      return `${describeShape(shape.of, which)}?`;
    case 'array':
      return shape.of.kind === 'literal' && shape.of.value === 'never' ? '[]' : `[${describeShape(shape.of, which)}]`;
    case 'headed':
      return `[${describeShape(shape.head, which)}, ${describeShape(shape.rest, which)}, …]`;
    case 'record':
      return `{name: ${describeShape(shape.of, which)}}`;
    case 'union':
      return shape.of.map((s) => describeShape(s, which)).join(' | ');
    case 'object': {
      const fields = which === 'spec' ? shape.spec : { ...shape.spec, ...shape.added };
      const parts = Object.entries(fields).map(
        ([k, v]) =>
          `${k}${v.kind === 'optional' ? '?' : ''}: ${describeShape(v.kind === 'optional' ? v.of : v, which)}`,
      );
      if (shape.numbered) parts.push(`"0", "1", …: ${describeShape(shape.numbered, which)}`);
      return `{${parts.join(', ')}}`;
    }
  }
}
