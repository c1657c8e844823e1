// What every import format's reader gives: a translation in its own verse numbers, with its markup in the
// structured model, its book names, what it says of itself, and what could not be read. The readers are
// platform-free (bytes in, this out); the Node host reads files, folders and zips and writes the packs.
import type { VerseMarkup } from '../core/structure/model.ts';

export type ImportFormat = 'usfm' | 'usx' | 'osis' | 'usfx' | 'zefania' | 'sword' | 'table';

/** One input file as the host read it: its path as the user sees it (for messages) and its bytes. */
export interface SourceFile {
  path: string;
  bytes: Uint8Array;
}

/** A problem found while reading, named by file and place (line, or book/chapter/verse). */
export interface ImportWarning {
  file: string;
  /** "line 12", "GEN 3:16", "entry mods.d/kjv.conf" */
  place: string;
  message: string;
}

export interface ImportedBook {
  /** 1..66 in the KJV canon's order (ids.ts); books outside it are reported, not imported */
  book: number;
  /** the USFM/Paratext code: GEN, EXO, ... */
  code: string;
  /** names the file carries: \toc1 / OSIS or Zefania long name, \toc2 / \h short name, \toc3 abbreviation;
   *  `header`: the running header (\h) where it is not the short name (\toc2 gave another) */
  names: { long?: string; short?: string; abbreviation?: string; header?: string };
}

export interface ImportedVerse {
  book: number;
  chapter: number;
  verse: number;
  /** clean plain text: no markup, notes or pilcrows; single spaces; trimmed; never empty */
  text: string;
  /** what the markup adds, as offsets into `text` */
  markup?: VerseMarkup;
  /** the verse label as printed when it is not just the number ("14-15", "5a") */
  label?: string;
}

export interface ImportedText {
  format: ImportFormat;
  /** what the file says of itself; the command line may override each */
  metadata: {
    name?: string;
    abbreviation?: string;
    /** BCP 47 or ISO 639 code as the file gives it */
    language?: string;
    /** rights statement: USFM \rem copyright lines, OSIS <rights>, Zefania <rights>, SWORD DistributionLicense/Copyright */
    rights?: string;
    description?: string;
    /** a versification the file names (SWORD Versification=, OSIS <refSystem>) */
    versification?: string;
  };
  books: ImportedBook[];
  /** in the order read; duplicates and out-of-order verses are reported in warnings and resolved by the reader */
  verses: ImportedVerse[];
  warnings: ImportWarning[];
  /** markers or elements that were not understood, with how often each came */
  unknownMarkers: Record<string, number>;
}
