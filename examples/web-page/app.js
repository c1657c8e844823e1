// An offline web page (or an Electron renderer): packs are fetched from a folder served beside the page
// (copy node_modules/bible-engine/dist/data there, or just the packs you need: bible copy-packs).
import { openBrowser } from 'bible-engine/browser';

export async function showJohn316(baseUrl, target) {
  const bible = await openBrowser({ baseUrl });
  const [verse] = await bible.GetVerse({ verseId: '43003016', versionId: 'kjv' });
  const hits = await bible.GetSearch({ query: 'everlasting life', versionId: 'kjv' });
  target.textContent = `${verse.t} (${hits.length} verses speak of everlasting life)`;
  return target.textContent;
}

// In a page: <script type="module" src="app.js"></script> with <p id="verse"></p>
if (typeof document !== 'undefined' && document.getElementById('verse')) {
  showJohn316(new URL('data/', location.href), document.getElementById('verse')).then(
    (text) => {
      document.body.dataset.result = text;
    },
    (error) => {
      document.body.dataset.result = `error: ${error.message}`;
    },
  );
}
