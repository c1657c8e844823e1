// Compile-time checks of the typed methods, run by `npm run typecheck` (and .ci/run): each
// line marked as an expected error must fail to compile, or the typecheck fails with "unused directive".
import type { ParamsOf, ResultOf, TypedBible, VerseRecord } from '../../engine/core/index.ts';

export async function typedUse(bible: TypedBible): Promise<void> {
  const verses: readonly VerseRecord[] = await bible.GetVerse({ verseId: '43003016', versionId: 'kjv' });
  const text: string = verses[0].t;
  const [summary, firstDay] = await bible.GetBibleReadingPlan({ days: 30, sections: 'nt' });
  const filled: string = summary.daysFilled;
  const day: number = firstDay.day;
  const count: number = (await bible.GetSearchCount({ query: 'love' })).searchCount;
  const names: readonly (readonly string[])[] = await bible.GetBibleBookAbbreviations();
  const params: ParamsOf<'GetSearchAdvanced'> = { query: 'love', matchType: 'broad', limitToBookId: 'nt' };
  const highlighted: ParamsOf<'GetSearch'> = { query: 'love', highlight: true };
  const strongs: ResultOf<'GetStrongs'> = await bible.GetStrongs({ lexiconId: 'H', id: 21 });
  // A Strong's number with its letter stands for lexiconId, which may then be left out.
  const prefixed: ResultOf<'GetStrongs'> = await bible.GetStrongs({ id: 'G26' });
  const both: ResultOf<'GetStrongs'> = await bible.GetStrongs({ id: 'h0430', lexiconId: 'H' });
  const byName = await bible.call('GetStrongs', { id: 'G26' });
  void [text, filled, day, count, names, params, highlighted, strongs, prefixed, both, byName];

  // rows() of a list operation named in full: its rows are typed as call() answers them.
  const hits = await bible.rows('GetSearch', { query: 'love' });
  const firstHit: string = hits.row(0).t;
  const anyRows = await bible.rows('GetSearch' as string, { query: 'love' });
  const unknownRow: unknown = anyRows?.row(0);
  void [firstHit, unknownRow];
  // @ts-expect-error rows of an operation that does not answer a list
  await bible.rows('GetSearchCount', { query: 'love' });
  // @ts-expect-error rows of a misspelt operation
  await bible.rows('GetSerch', { query: 'love' });
  // @ts-expect-error a parameter rows() of GetSearch does not take
  await bible.rows('GetSearch', { qeury: 'love' });

  // @ts-expect-error a misspelt operation
  void bible.GetVrese;
  // @ts-expect-error a misspelt parameter
  await bible.GetVerse({ verseID: '43003016' });
  // @ts-expect-error a missing required parameter
  await bible.GetChapter({ bookId: 43 });
  // @ts-expect-error a bare Strong's number needs lexiconId
  await bible.GetStrongs({ id: 26 });
  // @ts-expect-error a letter that is no lexicon
  await bible.GetStrongs({ id: 'X26' });
  // @ts-expect-error a translation that does not exist
  await bible.GetVerse({ verseId: '43003016', versionId: 'niv' });
  // @ts-expect-error a value outside a fixed set
  await bible.GetSearchAdvanced({ query: 'love', matchType: 'fuzzy' });
  // @ts-expect-error a topic that is not one of the 97
  await bible.GetTopic({ topic: 'cats' });
  // @ts-expect-error verse text is a string, not a number
  const wrong: number = verses[0].t;
  // @ts-expect-error daysFilled is a string, as the API gives it
  const wrongCount: number = summary.daysFilled;
  // @ts-expect-error results are read-only
  verses[0].t = 'changed';
  void [wrong, wrongCount];
}

// call() and callSync() by name: a name written out types the parameters and the answer; a name known
// only at run time (a string) still calls, answering unknown.
export async function callByName(bible: TypedBible, nameFromARequest: string): Promise<void> {
  const verses: readonly VerseRecord[] = await bible.call('GetVerse', { verseId: '43003016', versionId: 'web' });
  const count: number = bible.callSync('GetSearchCount', { query: 'love' }).searchCount;
  const books = await bible.call('GetBooks');
  const any: unknown = await bible.call(nameFromARequest, { anything: 'goes' });
  const anySync: unknown = bible.callSync(nameFromARequest);
  void [verses, count, books, any, anySync];

  // @ts-expect-error a misspelt operation
  await bible.call('GetVrese', {});
  // @ts-expect-error a misspelt operation, synchronously
  bible.callSync('GetVrese');
  // @ts-expect-error a misspelt parameter
  await bible.call('GetVerse', { verseID: '43003016' });
  // @ts-expect-error a missing required parameter
  await bible.call('GetChapter', { bookId: 43 });
  // @ts-expect-error parameters left out where one is required
  await bible.call('GetVerse');
  // @ts-expect-error verse text is a string, not a number
  const wrong: number = (await bible.call('GetVerse', { verseId: '43003016' }))[0].t;
  void wrong;
}
