// GBF (General Bible Format) SWORD filter, used by YLT. GBF tags look like `<FI>`, `<Fi>`, `<CM>`.
//
// - `<FI>…<Fi>` marks italics (supplied words): the words are verse text, only the tags go.
// - `<CM>` is a paragraph end: nothing in plain text.
// - `<RF>…<Rf>` is a footnote: YLT has none, but if a GBF module has them the note is not verse text.
// - Every other GBF tag is removed. In YLT no tag ever sits between two letters, so removing a tag
//   never joins words (checked over the whole module).
//
// Kept as the source prints them: YLT's backtick-opened quotations (`Let light be;') and `--` dashes.
// Turning backticks into curly quotes is not safe here, because the closing apostrophe is also the
// possessive apostrophe.
//
// With a recorder, the supplied words are recorded as added words and a paragraph end as a paragraph
// starting at the next word (the next verse's, when it ends the verse).
import type { MarkupRecorder } from '../markup-recorder.ts';
import { tidyText } from './plain.ts';

export function gbfToText(raw: string, _moduleName: string, rec?: MarkupRecorder): string {
  const withoutNotes = raw.replace(/<RF>[\s\S]*?<Rf>/g, ' ');
  if (rec) {
    for (const [token] of withoutNotes.matchAll(/<[^>]*>|[^<]+/g)) {
      if (token === '<FI>') rec.open('add');
      else if (token === '<Fi>') rec.close('add');
      else if (token === '<CM>') rec.paragraph('paragraph');
      else if (token[0] !== '<') rec.text(token);
    }
  }
  return tidyText(withoutNotes.replace(/<[^>]*>/g, ''));
}
