// A TypeScript app: parameters and results are typed from the operation table.
import { openNode } from 'bible-engine/node';
import type { ResultOf, VerseRecord } from 'bible-engine';

export async function firstVerse(): Promise<string> {
  const bible = await openNode();
  const verses: readonly VerseRecord[] = await bible.GetVerse({ verseId: '43003016', versionId: 'kjv' });
  const plan: ResultOf<'GetBibleReadingPlan'> = await bible.GetBibleReadingPlan({ days: 90, sections: 'nt' });
  const days: string = plan[0].daysFilled;

  // @ts-expect-error a misspelt operation does not compile
  void bible.GetVrese;
  // @ts-expect-error a misspelt parameter does not compile
  await bible.GetVerse({ verseID: '43003016' });
  // @ts-expect-error a missing required parameter does not compile
  await bible.GetChapter({ bookId: 43 });
  // @ts-expect-error verse text is a string
  const wrong: number = verses[0].t;

  // call() by name is typed the same way; a name held in a string takes anything and answers unknown.
  const [love] = await bible.call('GetStrongs', { id: 'G26', lexiconId: 'G' });
  const byName: string = love.strongs_id;
  const nameFromARequest: string = 'GetVerse';
  const untyped: unknown = await bible.call(nameFromARequest, { verseId: '43003016' });
  // @ts-expect-error a misspelt operation name in call() does not compile
  await bible.call('GetVrese', {});
  void [byName, untyped];

  return `${verses[0].t} (${days} days) ${wrong}`;
}
