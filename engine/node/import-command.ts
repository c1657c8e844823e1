// `bible import SOURCE --id CODE --data DIR`: a translation file (or folder, or zip) turned into packs in
// a pack folder, beside the built-in ones, from the installed package. Only DIR is written, never the
// package's own folder: the packs are written under temporary names and renamed into place, then the
// manifest, so a reader of DIR sees the old translation or the new one. `--remove CODE` takes one out.
import { createHash } from 'node:crypto';
import { existsSync, realpathSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { deflateRawSync } from 'node:zlib';
import { loadImported } from '../core/imported.ts';
import { loadMeta, type Meta } from '../core/meta.ts';
import { readPack } from '../core/pack/reader.ts';
import { withSchema } from '../core/pack/schema.ts';
import {
  IMPORTED_PACK,
  META_PACK,
  STRUCTURE_PACK,
  schemaOfPack,
  TEXT_PACK,
  VERSIFICATION_PACK,
} from '../core/pack/schemas.ts';
import { type DeflateJob, writePackWith } from '../core/pack/writer.ts';
import { buildImport, type ImportReport, reportText } from '../import/build.ts';
import { VERSIFICATIONS, type VersificationChoice } from '../import/kjv-map.ts';
import { readImportFiles } from '../import/read-any.ts';
import type { VersificationMaps } from '../import/versification.ts';
import {
  type Manifest,
  type ManifestPack,
  parseManifest,
  placeFile,
  writeManifest,
  writeNewFile,
} from './copy-packs.ts';
import { readSource } from './import-source.ts';
import { DEFAULT_DATA_DIR, nativeInflate } from './loader.ts';
import { readRegularFile } from './small-file.ts';

export const IMPORT_USAGE = `usage: bible import SOURCE --id CODE --data DIR [--name NAME] [--abbreviation ABBR] [--language CODE]
                     [--versification ${VERSIFICATIONS.join('|')}] [--license TEXT] [--json]
       bible import --remove CODE --data DIR
  SOURCE            a translation file, a folder of them, or a zip of either
  --id CODE         the versionId operations will take: 2-32 lowercase letters, digits and '-'
  --data DIR        the pack folder to add it to (one \`bible copy-packs --to DIR\` made, or any folder
                    holding meta.pack); never the package's own folder
  --name, --abbreviation, --language, --license
                    what GetVersions and GetBibles show, where the file does not say it (or to override it)
  --versification   whose verse numbers the text follows (default auto: found from the text)
  --json            print the import report as JSON
  --remove CODE     take an imported translation out of DIR
Every operation then answers from DIR: bible GetVerse verseId=43003016 versionId=CODE --data DIR
(or BIBLE_DATA=DIR). Importing the same CODE again replaces it.`;

/** The first version_id an imported translation takes: the hosted service's run from 1. */
export const FIRST_IMPORTED_NUMBER = 1001;
/** The id pattern every import takes: no path part, no '.', so a pack name built from it stays in DIR. */
const IMPORT_ID = /^[a-z][a-z0-9-]{1,31}$/;
const MANIFEST_LIMIT = 16 * 1024 * 1024;
const PACK_LIMIT = 256 * 1024 * 1024;

const deflate = (job: DeflateJob): Uint8Array => deflateRawSync(job.bytes, { level: job.level, memLevel: 9 });

interface ImportArgs {
  source?: string;
  id?: string;
  data?: string;
  name?: string;
  abbreviation?: string;
  language?: string;
  versification?: string;
  license?: string;
  remove?: string;
  json?: boolean;
  help?: boolean;
}

function parseImportArgs(args: string[]): ImportArgs {
  try {
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      strict: true,
      options: {
        id: { type: 'string' },
        data: { type: 'string' },
        name: { type: 'string' },
        abbreviation: { type: 'string' },
        language: { type: 'string' },
        versification: { type: 'string' },
        license: { type: 'string' },
        remove: { type: 'string' },
        json: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
    if (positionals.length > 1)
      throw new Error(`one SOURCE at a time, got ${positionals.length}: ${positionals.join(', ')}`);
    return { ...values, source: positionals[0] };
  } catch (error) {
    throw new Error(`${error instanceof Error ? error.message : String(error)} (bible import --help)`);
  }
}

/** The pack folder, refused when it is the package's own or holds no meta pack. */
function dataFolder(data: string | undefined): string {
  if (!data) throw new Error('--data DIR is needed: the pack folder to write into (bible import --help)');
  const dir = resolve(data);
  if (!existsSync(dir) || !statSync(dir).isDirectory())
    throw new Error(`--data ${data} is not a folder; \`bible copy-packs --to ${data}\` makes one`);
  if (existsSync(DEFAULT_DATA_DIR) && realpathSync(dir) === realpathSync(DEFAULT_DATA_DIR))
    throw new Error(
      `--data ${data} is the package's own folder, which import never writes into; \`bible copy-packs --to DIR --all\` makes a folder of your own`,
    );
  if (!existsSync(join(dir, `${META_PACK.name}.pack`)))
    throw new Error(
      `--data ${data} holds no meta.pack; \`bible copy-packs --to ${data}\` puts the packs every operation needs there`,
    );
  return dir;
}

function readDirManifest(dir: string): Manifest {
  const path = join(dir, 'manifest.json');
  if (!existsSync(path)) return { packs: [] };
  return parseManifest(readRegularFile(path, MANIFEST_LIMIT, 'the manifest').toString('utf8'), path);
}

function readFolderMeta(dir: string): Meta {
  const bytes = readRegularFile(join(dir, `${META_PACK.name}.pack`), 64 * 1024 * 1024, 'the meta pack');
  return loadMeta(withSchema(readPack(META_PACK.name, bytes, nativeInflate), META_PACK));
}

/** The versification schemes and sniffing rules, from the installed package's own data folder (the
 *  importer's data, shipped with it; a pack folder need not hold it). */
export function packageVersificationMaps(dataDir: string = DEFAULT_DATA_DIR): VersificationMaps {
  const path = join(dataDir, `${VERSIFICATION_PACK.name}.pack`);
  if (!existsSync(path))
    throw new Error(
      `the package's ${VERSIFICATION_PACK.name}.pack is missing from ${dataDir}: the importer needs its versification maps (reinstall the package)`,
    );
  const pack = withSchema(
    readPack(VERSIFICATION_PACK.name, readRegularFile(path, PACK_LIMIT, 'the versification pack'), nativeInflate),
    VERSIFICATION_PACK,
  );
  return { schemes: pack.json('schemes'), rules: pack.json('rules') };
}

/** The version_ids of the translations already imported into the folder, by id. */
function importedNumbers(dir: string, manifest: Manifest): Map<string, number> {
  const numbers = new Map<string, number>();
  for (const entry of manifest.packs) {
    if (!entry.name.startsWith(`${IMPORTED_PACK.kind}-`)) continue;
    try {
      const bytes = readRegularFile(join(dir, entry.file), PACK_LIMIT, 'an imported pack');
      const { info } = loadImported(withSchema(readPack(entry.name, bytes, nativeInflate), IMPORTED_PACK));
      numbers.set(info.versionId, info.number);
    } catch {
      // a damaged one is replaced or removed like any other; its number is not reused by the next import
    }
  }
  return numbers;
}

/** Why an id cannot be taken, or undefined when it can. */
export function refusedId(id: string, meta: Meta): string | undefined {
  if (!IMPORT_ID.test(id))
    return `--id ${JSON.stringify(id.slice(0, 40))} must be 2-32 lowercase letters, digits and '-', starting with a letter`;
  // A name versionId reads as a built-in one (its code, its table, its table without "t_") is taken.
  const taken = meta.versions.flatMap((v) => [v.versionId, v.table, v.table.replace(/^t_/, '')]);
  if (taken.includes(id) || id === 'srv')
    return `--id ${id} names a built-in translation (or the hosted service's alias of one); choose another`;
  return undefined;
}

const packEntry = (name: string, bytes: Uint8Array, id: string, licence: string): ManifestPack => ({
  builder: 'import',
  name,
  file: `${name}.pack`,
  bytes: bytes.length,
  sha256: createHash('sha256').update(bytes).digest('hex'),
  datasets: [id],
  licences: [licence],
});

export interface ImportResult {
  report: ImportReport;
  written: string[];
}

/** Imports SOURCE into DIR: what the command does, for scripts and tests. */
export function importTranslation(options: {
  source: string;
  id: string;
  data: string;
  name?: string;
  abbreviation?: string;
  language?: string;
  versification?: string;
  license?: string;
}): ImportResult {
  const dir = dataFolder(options.data);
  const meta = readFolderMeta(dir);
  const why = refusedId(options.id, meta);
  if (why) throw new Error(why);
  const versification = (options.versification ?? 'auto') as VersificationChoice;
  if (!VERSIFICATIONS.includes(versification))
    throw new Error(
      `--versification must be one of ${VERSIFICATIONS.join(', ')}, got ${JSON.stringify(options.versification)}`,
    );
  const manifest = readDirManifest(dir);
  const numbers = importedNumbers(dir, manifest);
  const number = numbers.get(options.id) ?? Math.max(FIRST_IMPORTED_NUMBER - 1, ...numbers.values()) + 1;
  const files = readSource(options.source);
  const text = readImportFiles(files, meta.versification.chapterVerses);
  const built = buildImport(
    text,
    { ...options, number, versification },
    meta.versification.chapterVerses,
    packageVersificationMaps(),
  );
  const entries: ManifestPack[] = [];
  for (const pack of built.packs) {
    const bytes = writePackWith(deflate, pack.sections, {
      name: pack.name,
      schema: schemaOfPack(pack.name)!.kind,
      datasets: [options.id],
    });
    placeFile(dir, `${pack.name}.pack`, (temporary) => writeNewFile(temporary, bytes));
    entries.push(packEntry(pack.name, bytes, options.id, 'imported'));
  }
  const names = new Set(entries.map((e) => e.name));
  writeManifest(dir, { ...manifest, packs: [...manifest.packs.filter((p) => !names.has(p.name)), ...entries] });
  return { report: built.report, written: entries.map((e) => e.file) };
}

/** Takes an imported translation out of DIR: its manifest entries, then their packs. Only a file the
 *  manifest lists as the import of that id is deleted, and only a plain name inside DIR. */
export function removeImported(id: string, data: string | undefined): string[] {
  if (!IMPORT_ID.test(id))
    throw new Error(
      `--remove ${JSON.stringify(id.slice(0, 40))} is not an import id: 2-32 lowercase letters, digits and '-'`,
    );
  const dir = dataFolder(data);
  const names = [TEXT_PACK.name(id), STRUCTURE_PACK.name(id), IMPORTED_PACK.name(id)];
  const manifest = readDirManifest(dir);
  const owned = manifest.packs.filter(
    (p) => names.includes(p.name) && p.builder === 'import' && p.file === `${p.name}.pack`,
  );
  if (!owned.some((p) => p.name === IMPORTED_PACK.name(id)))
    throw new Error(
      `${id} is not an imported translation in ${data} (its manifest lists no ${IMPORTED_PACK.name(id)})`,
    );
  // The manifest first: a loader that reads it never lists a pack that is gone.
  writeManifest(dir, { ...manifest, packs: manifest.packs.filter((p) => !owned.includes(p)) });
  for (const pack of owned) rmSync(join(dir, pack.file), { force: true });
  return names.filter((name) => owned.some((p) => p.name === name));
}

export function importFromArgs(args: string[], out: (line: string) => void, warn: (line: string) => void): number {
  const parsed = parseImportArgs(args);
  if (parsed.help) {
    out(IMPORT_USAGE);
    return 0;
  }
  if (parsed.remove !== undefined) {
    if (parsed.source || parsed.id) throw new Error('--remove takes only the CODE and --data DIR');
    const removed = removeImported(parsed.remove, parsed.data);
    out(`removed ${parsed.remove} from ${parsed.data}: ${removed.map((n) => `${n}.pack`).join(', ')}`);
    return 0;
  }
  if (!parsed.source) throw new Error('SOURCE is needed: the file, folder or zip to import (bible import --help)');
  if (!parsed.id) throw new Error('--id CODE is needed: the versionId the translation will answer to');
  const { report } = importTranslation({ ...parsed, source: parsed.source, id: parsed.id, data: parsed.data! });
  out(parsed.json ? JSON.stringify(report, null, 2) : reportText(report));
  if (!report.license)
    warn(
      `bible import: warning: ${parsed.source} states no licence; check the text's terms before sharing it (--license records them)`,
    );
  return 0;
}
