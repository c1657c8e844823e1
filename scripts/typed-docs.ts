// Writes engine/core/typed-docs.ts from the operation table: one documented method per operation and
// one documented property per parameter, so an editor shows an operation's summary and a parameter's
// description, allowed values, default and example on hover (types lose the JSDoc of a mapped type).
// The table stays the one source: the file holds no type of its own (each comes from ParamsOf and
// ResultOf), and test/docs/typed-docs.test.ts fails while the file differs from what this writes.
//   npm run docs:types
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { OperationDef } from '../engine/core/operation.ts';
import { OPERATIONS } from '../engine/core/operations.ts';
import { exampleValue } from '../engine/core/param-examples.ts';
import type { ParamSpec } from '../engine/core/params.ts';

export const TYPED_DOCS = join(import.meta.dirname, '..', 'engine', 'core', 'typed-docs.ts');

const HEADER = `// @generated from the operation table by \`npm run docs:types\` (scripts/typed-docs.ts): do not edit.
// test/docs/typed-docs.test.ts fails while this file differs from the table. An operation the table has
// and this file lacks is still typed (typed.ts), without its documentation, until the file is written again.
import type { ParamsOf, ResultOf, UndocumentedMethods } from './typed.ts';

/** One typed method per operation, documented: bible.GetVerse({ verseId: '43003016', versionId: 'kjv' }). */
export type TypedMethods = Omit<UndocumentedMethods, keyof DocumentedMethods> & DocumentedMethods;
`;

/** A JSDoc block's lines at an indent; a closing comment inside the text is broken so it cannot end the block. */
function jsdoc(lines: readonly string[], indent: string): string {
  const safe = lines.map((line) => line.replaceAll('*/', '*\\/'));
  return [`${indent}/**`, ...safe.map((line) => (line ? `${indent} * ${line}` : `${indent} *`)), `${indent} */`].join(
    '\n',
  );
}

function paramLines(spec: ParamSpec): string[] {
  const lines = [spec.description];
  if (spec.values?.length) lines.push(`Allowed values: ${spec.values.map((v) => JSON.stringify(v)).join(', ')}.`);
  if (spec.min !== undefined || spec.max !== undefined)
    lines.push(`From ${spec.min ?? 'any'} to ${spec.max ?? 'any'}.`);
  lines.push(spec.required ? 'Required.' : 'Optional.');
  if (spec.default !== undefined) lines.push(`@defaultValue ${JSON.stringify(String(spec.default))}`);
  lines.push(`@example ${JSON.stringify(exampleValue(spec))}`);
  return lines;
}

/** The example call of an operation: its required parameters with their example values. */
function exampleCall(op: OperationDef): string {
  const required = op.params.filter((p) => p.required);
  const quoted = (value: string) => `'${value.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`;
  const args = required.map((p) => `${p.name}: ${quoted(exampleValue(p))}`).join(', ');
  return `await bible.${op.name}(${required.length ? `{ ${args} }` : ''})`;
}

function operationLines(op: OperationDef): string[] {
  const params = op.params.map((p) => `${p.name}${p.required ? '' : '?'}`).join(', ');
  return [
    op.summary,
    '',
    `Parameters: ${params || 'none'}. Family: ${op.family}.`,
    '@example',
    '```ts',
    exampleCall(op),
    '```',
  ];
}

/** The file as the project's formatter writes it, so `npm run lint` passes on what this script writes. */
function formatted(source: string): string {
  const biome = join(import.meta.dirname, '..', 'node_modules', '.bin', 'biome');
  return execFileSync(biome, ['format', `--stdin-file-path=${TYPED_DOCS}`], { input: source, encoding: 'utf8' });
}

export function renderTypedDocs(operations: readonly OperationDef[] = OPERATIONS as readonly OperationDef[]): string {
  return formatted(unformattedTypedDocs(operations));
}

function unformattedTypedDocs(operations: readonly OperationDef[]): string {
  const withParams = operations.filter((op) => op.params.length > 0);
  const paramDocs = withParams.map((op) => {
    const members = op.params.map((p) => `${jsdoc(paramLines(p), '    ')}\n    ${p.name}?: unknown;`);
    return `  ${op.name}: {\n${members.join('\n')}\n  };`;
  });
  const methods = operations.map((op) => {
    const optional = op.params.some((p) => p.required) ? '' : '?';
    const docs = op.params.length > 0 ? ` & ParamDocs['${op.name}']` : '';
    return `${jsdoc(operationLines(op), '  ')}\n  ${op.name}(params${optional}: ParamsOf<'${op.name}'>${docs}): Promise<ResultOf<'${op.name}'>>;`;
  });
  return [
    HEADER,
    '/** Each parameter of each operation with its documentation (its type comes from ParamsOf). */',
    'export interface ParamDocs {',
    ...paramDocs,
    '}',
    '',
    "/** One documented method per operation: bible.GetVerse({ verseId: '43003016' }). */",
    'export interface DocumentedMethods {',
    methods.join('\n'),
    '}',
    '',
  ].join('\n');
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!)) {
  writeFileSync(TYPED_DOCS, renderTypedDocs());
  console.log(`wrote ${TYPED_DOCS}`);
}
