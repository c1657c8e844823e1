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
import { tidyText } from './plain.ts';

export function gbfToText(raw: string, _moduleName: string): string {
  const withoutNotes = raw.replace(/<RF>[\s\S]*?<Rf>/g, ' ');
  return tidyText(withoutNotes.replace(/<[^>]*>/g, ''));
}
