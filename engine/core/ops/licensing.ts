// Licensing and credits (the hosted API's /api/v2/licensing, /api/v2/bibles and /api/v2/credits), read
// from the licensing pack, which the compiler writes after every other pack: the answers describe the
// data this build actually holds, including what --exclude-category left out.
import { defineOperation, type Context } from '../operation.ts';
import { arrayOf, json, object, string } from '../shape.ts';
import { perPack } from '../pack/per-pack.ts';
import type { PackOf } from '../pack/schema.ts';
import { IMPORTED_PACK, LICENSING_PACK } from '../pack/schemas.ts';
import { IMPORTED_CATEGORY, type ImportedTranslation, statesPublicDomain } from '../imported.ts';
import { textPack } from '../operation.ts';
import type { BuildInfo, CatalogRecord, CategoryRecord } from '../pack/contents.ts';
import { hasOwn } from '../es2020.ts';

export type { BuildInfo, CatalogRecord, CategoryRecord } from '../pack/contents.ts';

/** The hosted API's second-generation paths and the operations that answer them; the HTTP server serves them. */
export const API_V2_PATHS: Readonly<Record<string, string>> = {
  '/api/v2/licensing': 'GetLicensing',
  '/api/v2/bibles': 'GetBibles',
  '/api/v2/credits': 'GetCredits',
};

interface LicensingData {
  build: BuildInfo;
  categories: CategoryRecord[];
  categoryById: Map<string, CategoryRecord>;
  contentTypes: readonly string[];
  catalog: CatalogRecord[];
  /** datasets some pack of this build carries */
  built: CatalogRecord[];
  packNames: Set<string>;
}

const licensingData = perPack((pack: PackOf<typeof LICENSING_PACK>): LicensingData => {
  const catalog = pack.json('catalog');
  const categories = pack.json('categories');
  return {
    build: pack.json('build'),
    categories,
    categoryById: new Map(categories.map((c) => [c.id, c])),
    contentTypes: pack.json('contentTypes'),
    catalog,
    built: catalog.filter((e) => !e.excluded && e.packs.length > 0),
    packNames: new Set(pack.json('packs').map((p) => p.name)),
  };
});

/** The build's licensing data with the imported translations added, made once per engine and pack. */
const withImportedCache = new WeakMap<ReadonlyMap<string, ImportedTranslation>, [LicensingData, LicensingData]>();

const load = (ctx: Context): LicensingData => {
  const data = licensingData(ctx.pack(LICENSING_PACK));
  const imported = ctx.meta.imported;
  if (!imported) return data;
  const cached = withImportedCache.get(imported);
  if (cached?.[0] === data) return cached[1];
  const merged = withImportedLicensing(data, [...imported.values()]);
  withImportedCache.set(imported, [data, merged]);
  return merged;
};

/** An imported translation's terms are what its file (or the importer's --license) states: it is listed
 *  under a category of its own, not counted among the build's open datasets. */
const IMPORTED_CATEGORY_RECORD: CategoryRecord = {
  id: IMPORTED_CATEGORY,
  meaning: 'a translation imported into this pack folder with bible import; its licence is what its file states',
  keep: 'as its stated licence allows',
  resale: 'as its stated licence allows',
  conditions: 'the rights statement of the imported file (license_name); none stated means none was given',
  attributionRequired: true,
  open: false,
};

function withImportedLicensing(data: LicensingData, imported: readonly ImportedTranslation[]): LicensingData {
  const entries: CatalogRecord[] = imported.map(({ info, record }) => ({
    id: info.versionId,
    adapter: info.format,
    path: info.source,
    title: info.name,
    licence: record.licence.licence,
    licenceText: record.licence.licenceText,
    category: IMPORTED_CATEGORY,
    attribution: record.licence.attribution,
    source: info.source,
    contentType: 'texts',
    excluded: false,
    packs: [textPack(info.versionId), IMPORTED_PACK.name(info.versionId)],
    versionId: info.versionId,
    abbreviation: info.abbreviation,
    versionName: info.name,
    language: info.language,
  }));
  const categories = [...data.categories, IMPORTED_CATEGORY_RECORD];
  return {
    ...data,
    categories,
    categoryById: new Map(categories.map((c) => [c.id, c])),
    catalog: [...data.catalog, ...entries],
    built: [...data.built, ...entries],
    packNames: new Set([...data.packNames, ...entries.flatMap((e) => e.packs)]),
  };
}

/** The data build this engine answers from (GetInfo reports it). */
export function dataBuild(ctx: Context) {
  const { build } = load(ctx);
  return {
    date: build.date,
    dateSource: build.dateSource,
    manifestHash: build.manifestHash,
    packCount: build.packCount,
    excludedCategories: [...build.excludedCategories],
  };
}

const shareAlike = (licence: string) => /BY-SA|share.?alike|GPL/i.test(licence);

/** Licence identifiers a credit must name (CC BY 4.0, CC BY-SA 4.0, GPL-3, MIT, BSD 2-Clause, …). */
const LICENCE_ID =
  /CC[ -]BY(?:-(?:SA|NC|ND))*(?: \d\.\d)?|CC0(?: \d\.\d)?|L?GPL(?:-\d)?|MIT|BSD(?: \d-Clause)?|Unicode licen[cs]e/gi;

/** The credit line a licence asks for: the source's attribution, naming the licence when it requires it. */
function creditLine(entry: CatalogRecord, category: CategoryRecord | undefined): string {
  const attribution = entry.attribution.trim();
  if (!category?.attributionRequired) return attribution;
  const ids = entry.licence.match(LICENCE_ID) ?? [];
  const named = ids.length > 0 && ids.every((id) => attribution.toUpperCase().includes(id.toUpperCase()));
  return named ? attribution : `${attribution.replace(/\.?$/, '.')} Licence: ${entry.licence}.`;
}

function credit(data: LicensingData, e: CatalogRecord) {
  const category = data.categoryById.get(e.category);
  return {
    id: e.id,
    title: e.title,
    license: e.category,
    license_name: e.licence,
    attribution: e.attribution,
    credit_line: creditLine(e, category),
    source: e.source,
    attribution_required: Boolean(category?.attributionRequired),
    share_alike: shareAlike(e.licence),
  };
}

const needsPack = () => [LICENSING_PACK.name];

/** Whether a user may keep a dataset: its category is an open one, or it is an imported text whose
 *  rights statement says public domain (the imported category itself promises nothing). */
const isOpen = (data: LicensingData, e: CatalogRecord) =>
  Boolean(data.categoryById.get(e.category)?.open) ||
  (e.category === IMPORTED_CATEGORY && statesPublicDomain(e.licenceText || e.licence));

/** The versionId of a translation's entry; the other entries (lexicons, dictionaries) have none of their
 *  own and must not take one an app set on Object.prototype. */
const ownVersionId = (e: CatalogRecord) => (hasOwn(e, 'versionId') ? e.versionId : undefined);

export const licensingOperations = [
  defineOperation({
    name: 'GetLicensing',
    family: 'licensing',
    summary:
      'What this build lets a user keep (cache policy: the open licences of the compiled data), resale restrictions per licence category, the seven categories with their meanings, the datasets built and what was excluded (/api/v2/licensing).',
    params: [],
    result: object(
      { cache_policy: json, resale_restrictions: arrayOf(json), categories: arrayOf(json) },
      { datasets: arrayOf(json), excluded: json, build: object({ date: string, manifest_hash: string }) },
    ),
    packs: needsPack,
    run(ctx) {
      const data = load(ctx);
      const builtIn = (category: string) => data.built.filter((e) => e.category === category);
      const open = data.built.filter((e) => isOpen(data, e));
      const restricted = data.built.filter((e) => !isOpen(data, e));
      return {
        cache_policy: {
          offline: true,
          summary:
            'Every answer comes from packs compiled into this engine; nothing is fetched or expires. ' +
            (restricted.length
              ? `A user may keep the ${open.length} openly licensed datasets indefinitely (crediting those that ask for it); ${restricted.length === 1 ? 'one other dataset' : `${restricted.length} other datasets`} (${restricted.map((e) => e.id).join(', ')}) ${restricted.length === 1 ? 'is' : 'are'} for personal use only.`
              : `Every one of the ${open.length} datasets is openly licensed: a user may keep them indefinitely, crediting those that ask for it.`),
          keep_indefinitely: restricted.length === 0,
          open_licences: [...new Set(open.map((e) => e.licence))],
          personal_use_only: restricted.map((e) => e.id),
          by_category: data.categories
            .filter((c) => builtIn(c.id).length)
            .map((c) => ({ category: c.id, keep: c.keep, datasets: builtIn(c.id).map((e) => e.id) })),
        },
        resale_restrictions: data.categories.map((c) => ({
          category: c.id,
          resale: c.resale,
          conditions: c.conditions,
          attribution_required: c.attributionRequired,
        })),
        categories: data.categories.map((c) => ({
          category: c.id,
          meaning: c.meaning,
          datasets: builtIn(c.id).length,
        })),
        datasets: data.built.map((e) => ({
          id: e.id,
          title: e.title,
          content_type: e.contentType,
          license: e.category,
          license_name: e.licence,
          packs: [...e.packs],
        })),
        excluded: {
          categories: [...data.build.excludedCategories],
          datasets: data.catalog
            .filter((e) => e.excluded)
            .map((e) => ({ id: e.id, title: e.title, license: e.category })),
        },
        build: { date: data.build.date, manifest_hash: data.build.manifestHash },
      };
    },
  }),
  defineOperation({
    name: 'GetBibles',
    family: 'licensing',
    summary:
      'Every translation in this build with its license category and licence details, numbered and coded as GetVersions lists them (/api/v2/bibles).',
    params: [],
    result: arrayOf(
      object(
        { license: string },
        {
          table: string,
          version_id: string,
          versionCode: string,
          abbreviation: string,
          version: string,
          versionFullName: string,
          language: string,
          license_details: json,
        },
      ),
    ),
    packs: needsPack,
    run(ctx) {
      const data = load(ctx);
      return data.catalog
        .filter((e) => ownVersionId(e) && !e.excluded && data.packNames.has(textPack(e.versionId!)))
        .map((e) => {
          const category = data.categoryById.get(e.category);
          // table, version_id and version as GetVersions gives them; versionCode is the versionId operations take.
          const version = ctx.meta.versionById.get(e.versionId!);
          return {
            table: version?.table ?? `t_${e.versionId}`,
            version_id: String(version?.number ?? ''),
            versionCode: e.versionId!,
            abbreviation: e.abbreviation ?? '',
            version: version?.name ?? e.versionName ?? '',
            versionFullName: e.versionName ?? '',
            language: e.language ?? '',
            license: e.category,
            license_details: {
              name: e.licence,
              text: e.licenceText,
              attribution: e.attribution,
              credit_line: creditLine(e, category),
              source: e.source,
              title: e.title,
              meaning: category?.meaning ?? '',
              resale: category?.resale ?? 'not allowed',
              conditions: category?.conditions ?? '',
              attribution_required: Boolean(category?.attributionRequired),
              share_alike: shareAlike(e.licence),
            },
          };
        });
    },
  }),
  defineOperation({
    name: 'GetCredits',
    family: 'licensing',
    summary:
      'Consolidated credits for every content type (texts, book names, original texts, lexicons, cross references, commentary, dictionaries, topics, curated lists, extra-biblical books), with the attribution each licence requires (/api/v2/credits).',
    params: [],
    result: object(
      {},
      {
        content_types: arrayOf(object({}, { content_type: string, credits: arrayOf(json) })),
        build: object({ date: string, manifest_hash: string }),
      },
    ),
    packs: needsPack,
    run(ctx) {
      const data = load(ctx);
      const types = [
        ...data.contentTypes,
        ...(data.built.some((e) => !data.contentTypes.includes(e.contentType)) ? ['other'] : []),
      ];
      return {
        content_types: types.map((type) => ({
          content_type: type,
          credits: data.built
            .filter((e) => (data.contentTypes.includes(e.contentType) ? e.contentType === type : type === 'other'))
            .map((e) => credit(data, e)),
        })),
        build: { date: data.build.date, manifest_hash: data.build.manifestHash },
      };
    },
  }),
] as const;
