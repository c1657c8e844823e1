// Plain-text SWORD filter (Webster has no SourceType, so its entries are the printed text as is), plus
// the final tidy-up every filter ends with.
//
// Kept as the source prints them: Webster's `[italic]` brackets for supplied words. They are the
// edition's own typography, and turning them into markup is a display decision for later.
import type { MarkupRecorder } from '../markup-recorder.ts';

/** Pilcrows are paragraph marks, not words; whitespace runs come from removed markup and line breaks. */
export function tidyText(text: string): string {
  return text.replace(/¶/g, ' ').replace(/\s+/g, ' ').trim();
}

export function plainToText(raw: string, _moduleName: string, rec?: MarkupRecorder): string {
  rec?.text(raw);
  return tidyText(raw);
}
