// The builders the compiler has, in the order they run and the manifest lists their packs, and how the
// build splits them between its two build processes. Kept apart from build.ts so the build processes
// (build-worker.ts) find the builders without importing the build that starts them.
import type { Builder } from './builders/context.ts';
import { metaBuilder } from './builders/meta.ts';
import { extrabiblicalBuilder } from './builders/extrabiblical.ts';
import { licensingBuilder } from './builders/licensing.ts';
import { textBuilder } from './builders/text.ts';
import { plansBuilder } from './builders/plans.ts';
import { originalBuilder } from './builders/original.ts';
import { xrefsBuilder } from './builders/xrefs.ts';
import { commentaryBuilder } from './builders/commentary.ts';
import { dictionaryBuilder } from './builders/dictionary.ts';
import { relationsBuilder } from './builders/relations.ts';
import { topicsBuilder } from './builders/topics.ts';
import { studyBuilder } from './builders/study.ts';
import { bookFactsBuilder } from './builders/book-facts.ts';
import { versificationBuilder } from './builders/versification.ts';

/** Builders run in this order, and the manifest lists their packs in the same order. */
export const BUILDERS: Builder[] = [
  textBuilder,
  metaBuilder,
  plansBuilder,
  extrabiblicalBuilder,
  originalBuilder,
  licensingBuilder,
  xrefsBuilder,
  commentaryBuilder,
  dictionaryBuilder,
  relationsBuilder,
  topicsBuilder,
  studyBuilder,
  bookFactsBuilder,
  versificationBuilder,
];

/**
 * Builders the second build process runs while the first runs the rest, chosen so both take about as
 * long on the corpus (CPU seconds on a 2-core machine under load: original 9.8, commentary 12.4, xrefs
 * 2.2, topics 0.7, study 0.5; the first process's text 16.4, book-facts (it reads the original texts,
 * lexicons, cross references and Nave's again) about 12, relations 2.1, dictionary 1.9, extra-biblical
 * 0.8, meta 0.1). None of them reads what the other process's builders write.
 */
export const SECOND_PROCESS_BUILDERS: readonly string[] = ['original', 'xrefs', 'commentary', 'topics', 'study'];
