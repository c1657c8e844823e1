// The structured text side by side with what it adds to or replaces: a structured chapter against the
// same chapter's GetChapter, and a passage list against the GetVerse calls (after GetCitationsInText) an
// app made before GetPassage; plus what the structure packs cost on disk.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_DATA_DIR, openNode } from '../../../engine/node/loader.ts';
import type { Harness } from '../harness.ts';

const CHAPTERS: [string, number, number, string][] = [
  ['web', 19, 119, 'Psalm 119'],
  ['kjv', 43, 3, 'John 3'],
];
const LIST = 'Rom 8:28-30; Jn 3:16';
const LIST_VERSES = ['45008028', '45008029', '45008030', '43003016'];

export default async function structure(h: Harness): Promise<void> {
  const bible = await openNode();
  await bible.load(['text-web', 'text-kjv', 'structure-web', 'structure-kjv', 'headings']);
  const warmed = (fn: () => unknown) => {
    h.measure(fn, 500);
    return h.measure(fn);
  };
  for (const [versionId, bookId, chapterId, reference] of CHAPTERS) {
    const structured = warmed(() => bible.callSync('GetPassage', { reference, versionId, format: 'structured' }));
    const chapter = warmed(() => bible.callSync('GetChapter', { bookId, chapterId, versionId }));
    h.add({
      group: 'structure',
      name: `GetPassage format=structured "${reference}" ${versionId.toUpperCase()} (callSync)`,
      medianNs: structured,
      peer: { name: 'GetChapter, same chapter', medianNs: chapter },
    });
  }
  const passage = warmed(() => bible.callSync('GetPassage', { reference: LIST, versionId: 'kjv' }));
  const calls = warmed(() => {
    bible.callSync('GetCitationsInText', { text: LIST });
    for (const verseId of LIST_VERSES) bible.callSync('GetVerse', { verseId, versionId: 'kjv' });
  });
  h.add({
    group: 'structure',
    name: `GetPassage "${LIST}" KJV (callSync)`,
    medianNs: passage,
    peer: { name: 'GetCitationsInText + 4 GetVerse', medianNs: calls },
  });
  const manifest = JSON.parse(readFileSync(join(DEFAULT_DATA_DIR, 'manifest.json'), 'utf8')) as {
    packs: { name: string; bytes: number }[];
  };
  const structurePacks = manifest.packs.filter((p) => p.name.startsWith('structure-') || p.name === 'headings');
  const bytes = structurePacks.reduce((n, p) => n + p.bytes, 0);
  const all = manifest.packs.reduce((n, p) => n + p.bytes, 0);
  h.note(
    `structure packs: ${bytes.toLocaleString('en')} bytes (${structurePacks.map((p) => `${p.name} ${p.bytes.toLocaleString('en')}`).join(', ')}); all packs ${all.toLocaleString('en')} bytes`,
  );
}
