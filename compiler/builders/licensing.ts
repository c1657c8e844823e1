// The licensing pack: every catalog record with its content type, which packs carry it, what the build
// left out, what each licence category allows, and the build's own identity (date, manifest hash).
// It runs after every other builder (runsLast), so it describes exactly the packs that were written.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import {
  ALL_DATASETS,
  CATALOG,
  LICENCE_CATEGORIES,
  VERSIFICATION_DATASET,
  type CatalogEntry,
  type LicenceCategory,
} from '../../sources/catalog.ts';
import type { BuildContext, Builder, BuiltPackRecord } from './context.ts';
import { sectionsOf } from '../pack/writer.ts';
import { LICENSING_PACK } from '../../engine/core/pack/schemas.ts';

/** Content types in the order the credits list them; 'other' only catches what the rules below miss. */
export const CONTENT_TYPES = [
  'texts',
  'book names',
  'original texts',
  'lexicons',
  'cross references',
  'commentary',
  'dictionaries',
  'topics',
  'curated lists',
  'extra-biblical books',
  'versification mappings',
] as const;
export type ContentType = (typeof CONTENT_TYPES)[number] | 'other';

// The corpus layout (../shared/sources/README.md) already sorts datasets by kind, so a catalog entry's
// content type follows from its id or its path. First match wins.
const CONTENT_TYPE_RULES: { type: ContentType; id?: string; path?: string }[] = [
  { type: 'book names', id: 'names-' },
  { type: 'book names', path: 'names/' },
  { type: 'texts', path: 'bibles/' },
  { type: 'lexicons', path: 'original/lexicon/' },
  { type: 'lexicons', path: 'original/morphology/' },
  { type: 'lexicons', id: 'wordnet' }, // English word relations (GetSemanticRelations)
  { type: 'curated lists', path: 'original/parashot/' },
  { type: 'original texts', path: 'original/' },
  { type: 'cross references', path: 'study/crossrefs/' },
  { type: 'commentary', path: 'study/commentary/' },
  { type: 'dictionaries', path: 'study/dictionaries/' },
  { type: 'topics', path: 'study/topical/' },
  { type: 'curated lists', path: 'curated/' },
  { type: 'extra-biblical books', path: 'extrabiblical/' },
  { type: 'versification mappings', path: 'versification/' },
];

export function contentTypeOf(entry: Pick<CatalogEntry, 'id' | 'path'>): ContentType {
  const path = entry.path.replace(/^\.?\/+/, '');
  const rule = CONTENT_TYPE_RULES.find(
    (r) => (r.id !== undefined && entry.id.startsWith(r.id)) || (r.path !== undefined && `${path}/`.startsWith(r.path)),
  );
  return rule?.type ?? 'other';
}

/** What each licence category lets a user of this offline engine do with the compiled data. */
export interface CategoryPolicy {
  /** may the packs be kept on the device, and for how long */
  keep: string;
  /** 'allowed' | 'allowed with conditions' | 'not allowed' */
  resale: 'allowed' | 'allowed with conditions' | 'not allowed';
  conditions: string;
  attributionRequired: boolean;
  /** open licences: fit for a build that is redistributed commercially */
  open: boolean;
}

export const CATEGORY_POLICY: Record<LicenceCategory, CategoryPolicy> = {
  public_domain: {
    keep: 'keep indefinitely',
    resale: 'allowed',
    conditions: 'none; credit is a courtesy',
    attributionRequired: false,
    open: true,
  },
  cc0: {
    keep: 'keep indefinitely',
    resale: 'allowed',
    conditions: 'none; credit is a courtesy',
    attributionRequired: false,
    open: true,
  },
  cc_permissive: {
    keep: 'keep indefinitely',
    resale: 'allowed with conditions',
    conditions:
      'credit the authors and name the licence as the credits give them; share-alike licences (CC BY-SA, GPL) require derived copies to carry the same licence',
    attributionRequired: true,
    open: true,
  },
  owned: { keep: 'keep indefinitely', resale: 'allowed', conditions: 'none', attributionRequired: false, open: true },
  cc_restrictive: {
    keep: 'keep for personal, non-commercial use',
    resale: 'not allowed',
    conditions: 'no commercial use; no modified copies where the licence says no derivatives',
    attributionRequired: true,
    open: false,
  },
  copyrighted: {
    keep: 'keep only as the holder permits',
    resale: 'not allowed',
    conditions: "not redistributable without the holder's permission",
    attributionRequired: true,
    open: false,
  },
  unknown: {
    keep: 'keep for personal use',
    resale: 'not allowed',
    conditions:
      'no licence is stated; do not resell or redistribute until the licence is clarified (build with --exclude-category unknown for a redistributable set)',
    attributionRequired: false,
    open: false,
  },
};

/**
 * The build date must not change the bytes of an unchanged build, so it is not the clock: it is
 * BIBLE_BUILD_DATE or SOURCE_DATE_EPOCH when set, otherwise the newest modification time of the corpus
 * files this build read.
 */
export function buildDate(
  ctx: Pick<BuildContext, 'source' | 'excluded'>,
  env = process.env,
): { date: string; source: string } {
  if (env.BIBLE_BUILD_DATE) {
    const ms = Date.parse(env.BIBLE_BUILD_DATE);
    if (!Number.isFinite(ms))
      throw new Error(
        `BIBLE_BUILD_DATE must be an ISO date such as 2025-01-31, got ${JSON.stringify(env.BIBLE_BUILD_DATE)}`,
      );
    return { date: new Date(ms).toISOString(), source: 'BIBLE_BUILD_DATE' };
  }
  if (env.SOURCE_DATE_EPOCH) {
    const seconds = Number(env.SOURCE_DATE_EPOCH);
    if (!Number.isInteger(seconds) || seconds < 0)
      throw new Error(
        `SOURCE_DATE_EPOCH must be whole seconds since 1970, got ${JSON.stringify(env.SOURCE_DATE_EPOCH)}`,
      );
    return { date: new Date(seconds * 1000).toISOString(), source: 'SOURCE_DATE_EPOCH' };
  }
  let newest = 0;
  const walk = (path: string) => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    if (stat.isDirectory()) for (const name of readdirSync(path)) walk(join(path, name));
    else newest = Math.max(newest, Math.floor(stat.mtimeMs / 1000) * 1000);
  };
  for (const id of [...CATALOG.filter((e) => !ctx.excluded(e.id)).map((e) => e.id), VERSIFICATION_DATASET])
    walk(ctx.source(id));
  return { date: new Date(newest).toISOString(), source: 'newest corpus file' };
}

/** SHA-256 over the name and SHA-256 of every data pack: identifies the data set a host has. */
export function manifestHash(packs: readonly Pick<BuiltPackRecord, 'name' | 'sha256'>[]): string {
  const hash = createHash('sha256');
  for (const p of [...packs].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)))
    hash.update(`${p.name}\0${p.sha256}\n`);
  return hash.digest('hex');
}

export const licensingBuilder: Builder = {
  name: 'licensing',
  runsLast: true,
  build(ctx) {
    const packs = ctx
      .builtPacks()
      .filter((p) => p.builder !== 'licensing')
      .map((p) => ({ name: p.name, builder: p.builder, datasets: [...p.datasets] }))
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    const catalog = ALL_DATASETS().map((entry) => ({
      ...entry,
      contentType: contentTypeOf(entry),
      excluded: ctx.excluded(entry.id),
      packs: packs.filter((p) => p.datasets.includes(entry.id)).map((p) => p.name),
    }));
    const categories = (Object.keys(LICENCE_CATEGORIES) as LicenceCategory[]).map((id) => ({
      id,
      meaning: LICENCE_CATEGORIES[id],
      ...CATEGORY_POLICY[id],
    }));
    const other = catalog.filter((e) => e.contentType === 'other').map((e) => e.id);
    if (other.length)
      ctx.log(`  no content type for ${other.join(', ')}: add a rule to compiler/builders/licensing.ts`);
    const { date, source } = buildDate(ctx);
    return [
      {
        name: LICENSING_PACK.name,
        datasets: [],
        sections: sectionsOf(LICENSING_PACK, {
          build: {
            date,
            dateSource: source,
            manifestHash: manifestHash(ctx.builtPacks().filter((p) => p.builder !== 'licensing')),
            excludedCategories: ctx.excludedCategories,
            packCount: packs.length,
          },
          categories,
          contentTypes: CONTENT_TYPES,
          catalog,
          packs,
        }),
      },
    ];
  },
};
