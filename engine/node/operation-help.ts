// `bible help <Operation>` and `bible <Operation> --help`: what one operation takes and answers, written
// from its definition in the operation table, so the help cannot drift from what the engine checks.
import { LANGUAGES } from '../core/meta.ts';
import type { OperationDef } from '../core/operation.ts';
import { exampleValue } from '../core/param-examples.ts';
import type { ParamSpec } from '../core/params.ts';
import { describeShape } from '../core/shape.ts';

/** What a value of each parameter type looks like, for the help's type column. */
const TYPE_FORMS: Record<ParamSpec['type'], string> = {
  verseId: '8-digit verse id BBCCCVVV',
  bookId: 'book number 1-66, or a book name',
  chapterId: 'chapter number 1-150',
  bookAndChapterId: '5-digit BBCCC id',
  chapterOrBookAndChapterId: 'chapter number 1-150, or a 5-digit BBCCC id',
  versionId: 'translation code',
  language: 'language',
  integer: 'whole number',
  text: 'text',
  choice: 'one of a set',
  bookOrTestament: 'book number 1-66, or ot / nt',
  date: 'date YYYY-MM-DD',
  age: 'age in years',
};

/** The values a parameter allows, when they form a set or a range; versionIds come from the build. */
export function allowedValues(spec: ParamSpec, versionIds: readonly string[]): string {
  if (spec.type === 'versionId') return versionIds.join(', ');
  if (spec.type === 'language') return LANGUAGES.join(', ');
  if (spec.values) return spec.values.join(', ');
  if (spec.type === 'integer' && (spec.min !== undefined || spec.max !== undefined))
    return `${spec.min ?? 0} to ${spec.max ?? 999_999_999}`;
  if (spec.type === 'text' && spec.maxLength !== undefined) return `up to ${spec.maxLength} characters`;
  return '';
}

/** A word as a POSIX shell reads it back unchanged: quoted when it holds anything but plain characters. */
export function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/**
 * The example command line: the operation with each required parameter; when none is required, with
 * the first one that has no default (GetWordCountOfChapter needs one of its two forms).
 */
export function exampleCall(op: OperationDef): string {
  const required = op.params.filter((s) => s.required);
  const shown = required.length ? required : op.params.filter((s) => s.default === undefined).slice(0, 1);
  const words = shown.map((s) => shellWord(`${s.name}=${exampleValue(s)}`));
  return ['bible', op.name, ...words].join(' ');
}

export function operationHelp(op: OperationDef, versionIds: readonly string[]): string {
  const usage = op.params.map((s) => (s.required ? `${s.name}=VALUE` : `[${s.name}=VALUE]`));
  const lines = [
    `${op.name} (${op.family}): ${op.summary}`,
    '',
    `usage: bible ${op.name} ${usage.join(' ')}`.trimEnd(),
  ];
  lines.push('', op.params.length ? 'parameters:' : 'parameters: none');
  for (const spec of op.params) {
    const status = spec.required
      ? 'required'
      : spec.default !== undefined
        ? `optional, default ${spec.default}`
        : 'optional';
    const allowed = allowedValues(spec, versionIds);
    lines.push(`  ${spec.name}  (${TYPE_FORMS[spec.type]}; ${status})`);
    lines.push(`      ${spec.description}`);
    if (allowed) lines.push(`      allowed: ${allowed}`);
  }
  lines.push('', `answer: ${describeShape(op.result)}`, '', 'example:', `  ${exampleCall(op)}`);
  return lines.join('\n');
}
