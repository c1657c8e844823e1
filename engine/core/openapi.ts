// An OpenAPI 3.1 description of the HTTP API, generated from the operation table: each operation's
// parameters (types, allowed values, bounds, defaults, an example) and its answer's JSON Schema come from
// the same definitions that call(), the typed methods and GetEndpoints use, so the document cannot fall
// behind them. The HTTP server serves it at /openapi.json and the package ships it as dist/openapi.json.
import type { OperationDef } from './operation.ts';
import { exampleValue } from './param-examples.ts';
import type { ParamSpec, ParamType } from './params.ts';
import type { Shape } from './shape.ts';

type Schema = { readonly [key: string]: unknown };

export interface OpenApiOptions {
  /** the translation codes this build holds (versionId's allowed values) */
  versionIds: readonly string[];
  /** the engine's version, shown as the document's info.version */
  version: string;
  /** paths other than /<Operation> that answer an operation (the second-generation metadata paths) */
  aliases?: Readonly<Record<string, string>>;
}

/** The headers an API key may come in: x-api-key, or a gateway's x-<name>-key (engine/node/keys.ts). */
export const API_KEY_HEADERS = ['x-api-key', 'x-rapidapi-key'] as const;

const RATE_LIMIT_HEADERS = {
  'X-RateLimit-Limit': 'requests the key may make per minute',
  'X-RateLimit-Remaining': 'requests left in the current minute',
  'X-RateLimit-Reset': 'seconds until the budget is full again',
} as const;

/** The digit forms the numeric parameters read as ASCII digits (ascii-forms.ts): ASCII, Arabic-Indic,
 * Persian and full-width. A class of the digits from `low` to `high` in each. */
const DIGIT_BASES = [0x30, 0x660, 0x6f0, 0xff10];
const digits = (low = 0, high = 9): string => {
  const hex = (code: number) => (code < 0x80 ? String.fromCharCode(code) : `\\u${code.toString(16).padStart(4, '0')}`);
  return `[${DIGIT_BASES.map((base) => (low === high ? hex(base + low) : `${hex(base + low)}-${hex(base + high)}`)).join('')}]`;
};
const DIGIT = digits();

/** A pattern of the numbers 1 to `max` in any of those digit forms, with leading zeros. */
function upToPattern(max: number): string {
  const top = String(max);
  const n = top.length;
  const choices = n > 1 ? [`${digits(1, 9)}${DIGIT}{0,${n - 2}}`] : [];
  for (let i = 0; i < n; i++) {
    const d = Number(top[i]);
    const low = i === 0 ? 1 : 0;
    if (d > low) {
      const fixed = [...top.slice(0, i)].map((c) => digits(Number(c), Number(c))).join('');
      choices.push(`${fixed}${digits(low, d - 1)}${n - i - 1 ? `${DIGIT}{${n - i - 1}}` : ''}`);
    }
  }
  choices.push([...top].map((c) => digits(Number(c), Number(c))).join(''));
  return `${digits(0, 0)}*(?:${choices.join('|')})`;
}

/** A letter in ASCII (either case) and full-width. */
const letter = (l: string) =>
  `[${l.toUpperCase()}${l.toLowerCase()}${[l.toUpperCase(), l.toLowerCase()].map((c) => `\\u${(c.charCodeAt(0) + 0xfee0).toString(16)}`).join('')}]`;

type ParamSchema = (spec: ParamSpec, versionIds: readonly string[]) => Schema;

// Made afresh for each parameter, as every other schema is: no two parameters share an object.
const bookNumber = (): Schema => ({ type: 'integer', minimum: 1, maximum: 66 });
const chapterNumber = (): Schema => ({ type: 'integer', minimum: 1, maximum: 150 });

/** An integer's schema; one read from another parameter's prefix also takes the prefixed strings. */
function integerSchema(spec: ParamSpec): Schema {
  const range = { type: 'integer', minimum: spec.min ?? 0, maximum: spec.max ?? 999_999_999 };
  if (!spec.prefixedBy) return range;
  // GetStrongs reads id=G26 as lexiconId G and id 26; the largest number depends on the letter, which
  // a bare number's schema cannot see (a query parameter's schema cannot name another's value).
  const byPrefix = Object.entries(spec.maxByPrefix ?? {});
  const bounds = byPrefix.map(([p, max]) => `${max} for ${spec.prefixedBy} ${p}`).join(', ');
  return {
    anyOf: [
      byPrefix.length ? { ...range, description: `at most ${bounds}` } : range,
      ...(byPrefix.length
        ? byPrefix.map(([p, max]) => ({
            type: 'string',
            pattern: `^${letter(p)}${upToPattern(max)}$`,
            description: `${p}1 to ${p}${max}: ${spec.prefixedBy} ${p} and the number`,
          }))
        : [{ type: 'string', pattern: `^[A-Za-z]${DIGIT}+$`, description: `${spec.prefixedBy} then the number` }]),
    ],
  };
}

/** Each parameter type's schema: a table keyed by every type, so a new type fails the typecheck until it has one. */
const PARAM_SCHEMAS: { readonly [T in ParamType]: ParamSchema } = {
  verseId: () => ({
    type: 'string',
    pattern: `^${DIGIT}{7,8}$`,
    description: 'BBCCCVVV (in ASCII, Arabic-Indic, Persian or full-width digits)',
  }),
  bookId: () => ({
    anyOf: [bookNumber(), { type: 'string', description: 'a book name or abbreviation in English, Spanish or Arabic' }],
  }),
  chapterId: chapterNumber,
  bookAndChapterId: () => ({ type: 'string', pattern: `^${DIGIT}{4,5}$`, description: 'BBCCC' }),
  chapterOrBookAndChapterId: () => ({
    anyOf: [
      chapterNumber(),
      {
        type: 'string',
        pattern: `^${DIGIT}{1,5}$`,
        description: 'a chapter, or BBCCC (the book too, when bookId is not given)',
      },
    ],
  }),
  versionId: (_, versionIds) => ({ type: 'string', enum: [...versionIds] }),
  language: () => ({ type: 'string', enum: ['english', 'spanish', 'arabic'] }),
  choice: (spec) => ({ type: 'string', enum: [...(spec.values ?? [])] }),
  integer: integerSchema,
  text: (spec) => ({
    type: 'string',
    minLength: spec.minLength ?? 1,
    maxLength: spec.maxLength ?? 1000,
    ...(spec.values ? { examples: [...spec.values] } : {}),
  }),
  bookOrTestament: () => ({ oneOf: [bookNumber(), { type: 'string', enum: ['ot', 'nt'] }] }),
  date: () => ({ type: 'string', format: 'date' }),
  age: () => ({ type: 'string', description: 'an age in years; other values read as the default age' }),
};

/** The JSON Schema of one parameter's value. */
function parameterSchema(spec: ParamSpec, versionIds: readonly string[]): Schema {
  const base = PARAM_SCHEMAS[spec.type](spec, versionIds);
  return spec.default !== undefined ? { ...base, default: coerceDefault(base, spec.default) } : base;
}

const coerceDefault = (schema: Schema, value: string | number) =>
  schema.type === 'integer' && /^\d+$/.test(String(value)) ? Number(value) : value;

/** The JSON Schema of an answer shape. */
export function shapeSchema(shape: Shape): Schema {
  switch (shape.kind) {
    case 'string':
      return { type: 'string' };
    case 'number':
      return { type: 'number' };
    case 'boolean':
      return { type: 'boolean' };
    case 'json':
      return {};
    case 'literal':
      return shape.value === 'never' ? { not: {} } : { const: shape.value };
    case 'optional':
      return shapeSchema(shape.of);
    case 'array':
      return shape.of.kind === 'literal' && shape.of.value === 'never'
        ? { type: 'array', maxItems: 0 }
        : { type: 'array', items: shapeSchema(shape.of) };
    case 'headed':
      return { type: 'array', minItems: 1, prefixItems: [shapeSchema(shape.head)], items: shapeSchema(shape.rest) };
    case 'record':
      return { type: 'object', additionalProperties: shapeSchema(shape.of) };
    case 'union':
      return { anyOf: shape.of.map(shapeSchema) };
    case 'object': {
      const fields = { ...shape.spec, ...shape.added };
      const properties = Object.fromEntries(Object.entries(fields).map(([name, f]) => [name, shapeSchema(f)]));
      const required = Object.entries(fields)
        .filter(([, f]) => f.kind !== 'optional')
        .map(([name]) => name);
      return {
        type: 'object',
        properties,
        ...(required.length ? { required } : {}),
        ...(shape.numbered
          ? { patternProperties: { '^(0|[1-9][0-9]*)$': shapeSchema(shape.numbered) }, additionalProperties: false }
          : { additionalProperties: false }),
      };
    }
  }
}

const ERROR_CONTENT = { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } };
const RETRY_AFTER = { $ref: '#/components/headers/Retry-After' };
const RATE_HEADER_REFS = Object.fromEntries(
  Object.keys(RATE_LIMIT_HEADERS).map((name) => [name, { $ref: `#/components/headers/${name}` }]),
);

/** What every operation may answer besides its result, declared once and referred to. */
const SHARED_RESPONSES = {
  BadRequest: {
    description:
      'a parameter is missing or has a bad value (INVALID_PARAMETER, MISSING_PARAMETER), or this build lacks a pack the answer needs (NOT_AVAILABLE)',
    content: ERROR_CONTENT,
  },
  Unauthorized: {
    description: 'the server needs an API key and the request has none, or an unknown one',
    content: ERROR_CONTENT,
  },
  UriTooLong: {
    description: 'the request URL is longer than 8192 characters (URI_TOO_LONG)',
    content: ERROR_CONTENT,
  },
  PayloadTooLarge: {
    description: 'the request body is larger than the operation reads (PAYLOAD_TOO_LARGE)',
    content: ERROR_CONTENT,
  },
  UnsupportedMediaType: {
    description: 'the request body is multipart, which is not read (UNSUPPORTED_MEDIA_TYPE)',
    content: ERROR_CONTENT,
  },
  TooManyRequests: {
    description: "the key's plan has no requests left this minute",
    headers: { ...RATE_HEADER_REFS, 'Retry-After': RETRY_AFTER },
    content: ERROR_CONTENT,
  },
  Busy: {
    description: 'the server is busy or its rate-limit store is unreachable; retry later',
    headers: { 'Retry-After': RETRY_AFTER },
    content: ERROR_CONTENT,
  },
};

const SHARED_HEADERS = {
  ...Object.fromEntries(
    Object.entries(RATE_LIMIT_HEADERS).map(([name, description]) => [
      name,
      { description, schema: { type: 'integer' } },
    ]),
  ),
  'Retry-After': { description: 'seconds to wait before trying again', schema: { type: 'integer' } },
  'X-Ignored-Parameters': {
    description: 'query parameters the operation does not take, percent-encoded and comma-separated',
    schema: { type: 'string' },
  },
};

function operationObject(op: OperationDef, versionIds: readonly string[], method: 'get' | 'post'): Schema {
  const queryParams = op.params.filter((p) => method === 'get' || p.name !== op.bodyParam);
  return {
    operationId: method === 'get' ? op.name : `${op.name}Post`,
    summary: op.summary,
    tags: [op.family],
    parameters: queryParams.map((p) => ({
      name: p.name,
      in: 'query',
      // A parameter another's prefix stands for (lexiconId, given by id=G26) may be left out.
      required: Boolean(p.required) && !queryParams.some((q) => q.prefixedBy === p.name),
      description: queryParams.some((q) => q.prefixedBy === p.name)
        ? `${p.description}; required unless ${queryParams.find((q) => q.prefixedBy === p.name)!.name} starts with it`
        : p.description,
      schema: parameterSchema(p, versionIds),
      example: exampleValue(p),
    })),
    ...(method === 'post' && op.bodyParam ? { requestBody: bodyOf(op.bodyParam) } : {}),
    responses: {
      '200': {
        description: 'the answer',
        headers: {
          ...RATE_HEADER_REFS,
          'X-Ignored-Parameters': { $ref: '#/components/headers/X-Ignored-Parameters' },
        },
        content: { 'application/json': { schema: shapeSchema(op.result) } },
      },
      '400': { $ref: '#/components/responses/BadRequest' },
      '401': { $ref: '#/components/responses/Unauthorized' },
      ...(method === 'post'
        ? {
            '413': { $ref: '#/components/responses/PayloadTooLarge' },
            '415': { $ref: '#/components/responses/UnsupportedMediaType' },
          }
        : {}),
      '414': { $ref: '#/components/responses/UriTooLong' },
      '429': { $ref: '#/components/responses/TooManyRequests' },
      '503': { $ref: '#/components/responses/Busy' },
    },
  };
}

function bodyOf(param: string): Schema {
  const text = { type: 'string', maxLength: 1_048_576 };
  return {
    description: `the ${param}: raw text, a JSON object {"${param}": …}, or a form with a ${param} field`,
    required: true,
    content: {
      'text/plain': { schema: text },
      'application/json': {
        schema: { type: 'object', properties: { [param]: text }, required: [param] },
      },
      'application/x-www-form-urlencoded': {
        schema: { type: 'object', properties: { [param]: text }, required: [param] },
      },
    },
  };
}

/** The whole document. */
export function openApiDocument(operations: readonly OperationDef[], options: OpenApiOptions): Schema {
  const paths: Record<string, Schema> = {};
  for (const op of operations) {
    paths[`/${op.name}`] = {
      get: operationObject(op, options.versionIds, 'get'),
      ...(op.bodyParam ? { post: operationObject(op, options.versionIds, 'post') } : {}),
    };
  }
  for (const [path, name] of Object.entries(options.aliases ?? {})) {
    const op = operations.find((o) => o.name === name);
    if (op) paths[path] = { get: { ...operationObject(op, options.versionIds, 'get'), operationId: `${name}V2` } };
  }
  const schemes = Object.fromEntries(
    API_KEY_HEADERS.map((header) => [header, { type: 'apiKey', in: 'header', name: header }]),
  );
  return {
    openapi: '3.1.0',
    info: {
      title: 'Bible Text and Study Tools API (offline engine)',
      version: options.version,
      description:
        'The operations of the Bible Text and Study Tools API answered from local packs. Every operation is a GET ' +
        'with its parameters in the query string; a parameter an operation does not take is ignored and named in ' +
        'X-Ignored-Parameters. API keys are needed only when the server is started with --keys.',
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [{ url: '/' }],
    // An empty requirement first: keys are optional unless the server is started with --keys.
    security: [{}, ...API_KEY_HEADERS.map((header) => ({ [header]: [] }))],
    tags: [...new Set(operations.map((op) => op.family))].map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: schemes,
      responses: SHARED_RESPONSES,
      headers: SHARED_HEADERS,
      schemas: {
        Error: {
          type: 'object',
          required: ['error'],
          properties: {
            error: {
              type: 'object',
              required: ['code', 'message', 'param'],
              properties: {
                code: {
                  type: 'string',
                  examples: ['INVALID_PARAMETER', 'MISSING_PARAMETER', 'UNKNOWN_OPERATION', 'NOT_AVAILABLE'],
                },
                message: { type: 'string' },
                param: { type: ['string', 'null'] },
              },
            },
          },
        },
      },
    },
  };
}
