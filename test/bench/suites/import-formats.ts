// The import readers' throughput in MB of source per second, one real file per format, side by side with
// the compiler's own adapter where it reads the same source (USFM, SWORD zText): the importer does more
// (markup offsets, names, warnings) and runs with no Node built-ins, the adapter uses native zlib.
import { join } from 'node:path';
import { readSwordModule } from '../../../compiler/adapters/sword-ztext.ts';
import { readUsfmFolder } from '../../../compiler/adapters/usfm.ts';
import { readImport } from '../../../engine/import/formats/index.ts';
import type { SourceFile } from '../../../engine/import/types.ts';
import { openNode } from '../../../engine/node/loader.ts';
import { SOURCES, folderFiles, oneFile, zipFiles } from '../../import/sources.ts';
import type { Harness } from '../harness.ts';

export default async function importFormats(h: Harness): Promise<void> {
  const grid = (await openNode()).meta.versification.chapterVerses;
  const cases: { name: string; files: SourceFile[]; peer?: () => unknown }[] = [
    {
      name: 'USFM, WEB (87 files)',
      files: folderFiles('bibles/web'),
      peer: () => readUsfmFolder({ path: join(SOURCES, 'bibles/web'), kjvChapterVerses: grid as number[][] }),
    },
    { name: 'OSIS, OEB', files: oneFile('imports/eng-us-oeb.osis.xml') },
    { name: 'USFX, CUV', files: oneFile('imports/chi-cuv.usfx.xml') },
    { name: 'Zefania, RYLT NT', files: oneFile('imports/eng-ylt.zefania.xml') },
    {
      name: 'SWORD zText OSIS, KJV (zip bytes)',
      files: zipFiles('bibles/kjv/KJV.zip'),
      peer: () => readSwordModule({ path: join(SOURCES, 'bibles/kjv/KJV.zip'), kjvChapterVerses: grid as number[][] }),
    },
    { name: 'SWORD zText GBF, YLT (zip bytes)', files: zipFiles('bibles/ylt/YLT.zip') },
  ];
  for (const { name, files, peer } of cases) {
    const bytes = files.reduce((sum, f) => sum + f.bytes.length, 0);
    const ours = h.measure(() => readImport(files, { kjvChapterVerses: grid }), 3000);
    const mbs = (ns: number) => (bytes / 1e6 / (ns / 1e9)).toFixed(1);
    const theirs = peer ? h.measure(peer, 3000) : undefined;
    h.add({
      group: 'import formats',
      name: `read ${name}: ${(bytes / 1e6).toFixed(1)} MB at ${mbs(ours)} MB/s${theirs ? ` (compiler adapter ${mbs(theirs)} MB/s)` : ''}`,
      medianNs: ours,
      peer: theirs ? { name: 'compiler adapter, same source', medianNs: theirs } : undefined,
    });
  }
}
