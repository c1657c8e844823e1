// Compile-time checks of call() and callSync() by name at their edges, run by `npm run typecheck`: each
// line marked as an expected error must fail to compile, or the typecheck fails with "unused directive".
import type { ResultOf, TypedBible } from '../../engine/core/index.ts';

export async function callEdges(bible: TypedBible, fromARequest: string): Promise<void> {
  // A canonical bookId may be a name, as the engine reads it at run time.
  const john: ResultOf<'GetChapter'> = await bible.GetChapter({ bookId: 'John', chapterId: 3 });
  const juan = await bible.call('GetChapterCount', { bookId: 'Juan' });
  const count: number = juan.chapterCount;
  // A const name is typed like the literal; a let name is a string, which takes anything.
  const named = 'GetVerse';
  const verse: string = (await bible.call(named, { verseId: '43003016' }))[0].t;
  let loose = 'GetVerse';
  const anything: unknown = await bible.call(loose, { anyName: 1 });
  loose = fromARequest;
  const sync: unknown = bible.callSync(loose);
  void [john, count, verse, anything, sync];

  // @ts-expect-error an operation name in the wrong case
  await bible.call('getverse', { verseId: '43003016' });
  // @ts-expect-error an empty name
  await bible.call('', {});
  // @ts-expect-error a name that is a misspelt literal even when held in a const
  await bible.callSync('GetVrese' as const, { verseId: '43003016' });
  // @ts-expect-error a parameter in the wrong case
  await bible.call('GetVerse', { verseID: '43003016' });
  // @ts-expect-error an extra parameter written out
  await bible.call('GetVerse', { verseId: '43003016', foo: 1 });
  // @ts-expect-error either of two names, when one of them needs what is not given
  await bible.call(Math.random() > 0.5 ? 'GetVerse' : 'GetChapter', { verseId: '43003016' });
  // @ts-expect-error an extra-biblical book keeps its number
  await bible.GetChapterExtraBiblical({ bookId: 'Enoch', chapterId: 1 });
  // @ts-expect-error a count is a number
  const wrong: string = juan.chapterCount;
  void wrong;
}
