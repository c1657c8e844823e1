// What an app does first with the installed package, run by each runtime of the host matrix
// (scripts/test-hosts.ts) from a project that installed the packed tarball: open, read John 3:16,
// search, parse a citation. Prints one JSON line: the answers, which the matrix compares with the
// checkout's own engine, and how long the first steps took, which the host bench reports.
import { openNode } from 'bible-engine/node';

const started = performance.now();
const bible = await openNode();
const verse = await bible.call('GetVerse', { verseId: '43003016', versionId: 'kjv' });
const openAndFirstVerseMs = performance.now() - started;

const searchStarted = performance.now();
const search = await bible.call('GetSearch', { query: 'only begotten', versionId: 'kjv' });
const searchMs = performance.now() - searchStarted;

const count = await bible.call('GetSearchCount', { query: 'love', versionId: 'kjv' });
const citation = await bible.call('GetParseCitation', { citation: 'Jn 3:16-18' });
let refusal = null;
try {
  await bible.call('GetVerse', { verseId: '99099099', versionId: 'kjv' });
} catch (error) {
  refusal = { name: error.name, code: error.code, param: error.param };
}

const runtime =
  typeof Bun !== 'undefined'
    ? `bun ${Bun.version}`
    : typeof Deno !== 'undefined'
      ? `deno ${Deno.version.deno}`
      : `node ${process.version}`;
console.log(
  JSON.stringify({
    runtime,
    answers: { verse, search, count, citation, refusal },
    timings: { openAndFirstVerseMs, searchMs },
  }),
);
