// What a web page does first with the package's browser bundle, run by each browser of the host matrix
// (scripts/hosts/browsers.ts): open over fetched packs, read John 3:16, search, parse a citation, and a
// refusal. The report goes back to the server that served the page (POST /report), which compares the
// answers with the checkout's engine, so no browser driver needs to read the page.
import { openBrowser } from './engine.js';

async function check() {
  const started = performance.now();
  const bible = await openBrowser({ baseUrl: 'data/' });
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
  return {
    runtime: navigator.userAgent,
    answers: { verse, search, count, citation, refusal },
    timings: { openAndFirstVerseMs, searchMs },
  };
}

check()
  .catch((error) => ({ failed: `${error?.name}: ${error?.message}` }))
  .then((report) => {
    document.getElementById('report').textContent = JSON.stringify(report);
    return fetch('report', { method: 'POST', body: JSON.stringify(report) });
  });
