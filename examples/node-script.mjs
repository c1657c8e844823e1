// A Node script (or an Electron main process): the packs ship inside the package, so this is all it takes.
import { openNode } from 'bible-engine/node';

const bible = await openNode();
const [verse] = await bible.GetVerse({ verseId: '43003016', versionId: 'kjv' });
console.log(`John 3:16  ${verse.t}`);

const { searchCount } = await bible.GetSearchCount({ query: 'love', versionId: 'kjv' });
console.log(`"love" is in ${searchCount} KJV verses`);

const words = await bible.GetOriginalText({ verseId: '43003016' });
console.log(`Greek: ${words.map((w) => w.word).join(' ')}`);
