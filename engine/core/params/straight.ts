// Straight-line checks of the parameter lists the verse lookups carry, equal in every answer and refusal
// to the plan's loop (plan.ts) and faster than it.
import type { Meta } from '../meta.ts';
import { isPlainObject, ownParam } from './given.ts';
import { bookAndChapterIdParam, bookIdParam, chapterIdParam, verseIdParam, versionIdParam } from './id-readers.ts';
import { checkParams, missingParam, type Plan, type Step } from './plan.ts';
import type { ParamsCheck } from './spec.ts';

/**
 * Straight-line checks for the parameter lists the lookups carry (a verse and a translation; a book, a
 * chapter and a translation; a bookAndChapterId and a translation), reading each parameter by its name: a loop over the specs reads and writes
 * by computed names, which costs as much as the lookup itself. Each takes a plain object only (anything
 * else goes to the loop) and answers and refuses exactly as the loop does, parameter by parameter in the
 * same order (test/engine/lookups.test.ts compares them on random input).
 */
export function straightCheck(plan: Plan, meta: Meta): ParamsCheck | undefined {
  if (plan.prefixed) return undefined;
  const signature = plan.steps
    .map(
      (s) => `${s.name}:${s.spec.type}:${s.required ? 'required' : s.fallback !== undefined ? 'default' : 'optional'}`,
    )
    .join(',');
  const [a, b, c] = plan.steps;
  const loop: ParamsCheck = (raw) => checkParams(plan, raw, meta, false);
  switch (signature) {
    case 'verseId:verseId:required,versionId:versionId:default':
      return (raw) => {
        if (!isPlainObject(raw)) return loop(raw);
        const given = raw as { verseId?: unknown; versionId?: unknown };
        return {
          verseId: verseIdParam(a.spec, requiredValue(plan, a, ownParam(given, 'verseId', given.verseId))),
          versionId: versionIdParam(b.spec, valueOrDefault(b, ownParam(given, 'versionId', given.versionId)), meta),
        };
      };
    case 'bookId:bookId:required,chapterId:chapterId:required,versionId:versionId:default':
      return (raw) => {
        if (!isPlainObject(raw)) return loop(raw);
        const given = raw as { bookId?: unknown; chapterId?: unknown; versionId?: unknown };
        return {
          bookId: bookIdParam(a.spec, requiredValue(plan, a, ownParam(given, 'bookId', given.bookId)), meta),
          chapterId: chapterIdParam(b.spec, requiredValue(plan, b, ownParam(given, 'chapterId', given.chapterId))),
          versionId: versionIdParam(c.spec, valueOrDefault(c, ownParam(given, 'versionId', given.versionId)), meta),
        };
      };
    case 'bookAndChapterId:bookAndChapterId:required,versionId:versionId:default':
      return (raw) => {
        if (!isPlainObject(raw)) return loop(raw);
        const given = raw as { bookAndChapterId?: unknown; versionId?: unknown };
        return {
          bookAndChapterId: bookAndChapterIdParam(
            a.spec,
            requiredValue(plan, a, ownParam(given, 'bookAndChapterId', given.bookAndChapterId)),
          ),
          versionId: versionIdParam(b.spec, valueOrDefault(b, ownParam(given, 'versionId', given.versionId)), meta),
        };
      };
    default:
      return undefined;
  }
}

function requiredValue(plan: Plan, step: Step, value: unknown): unknown {
  if (value === undefined || value === null) throw missingParam(plan, step);
  return value;
}

const valueOrDefault = (step: Step, value: unknown): unknown =>
  value === undefined || value === null || value === '' ? step.fallback : value;
