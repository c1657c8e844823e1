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

  return `${verses[0].t} (${days} days) ${wrong}`;
}
