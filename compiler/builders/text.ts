// One text pack per translation (engine/import/text-pack.ts writes its sections, for `bible import` too).
import { TRANSLATIONS } from '../../sources/catalog.ts';
import type { Builder, BuiltPack } from './context.ts';
import { verseIdOf } from '../../engine/core/ids.ts';
import { TEXT_PACK } from '../../engine/core/pack/schemas.ts';
import { textPackSections } from '../../engine/import/text-pack.ts';

export { chapterRunBlocks, ownChapterVerses, ownLastVerses, TEXT_BLOCK_BYTES } from '../../engine/import/text-pack.ts';

export const textBuilder: Builder = {
  name: 'text',
  build(ctx) {
    const packs: BuiltPack[] = [];
    for (const entry of TRANSLATIONS) {
      const { verses, incomplete = [] } = ctx.translation(entry);
      packs.push({
        name: TEXT_PACK.name(entry.versionId),
        datasets: [entry.id],
        sections: textPackSections(
          entry.versionId,
          verses,
          ctx.kjvChapterVerses,
          incomplete.map((x) => ({ verseId: verseIdOf(x), reason: x.reason })),
        ),
      });
    }
    return packs;
  },
};
