// JavaScript apps of the hosted Bible API, pointed at `bible serve`: a Discord bot, a Vue/Expo app using
// fetch with URLSearchParams, and the `bible` command line. Node 18+ (global fetch), no packages.
// Prints `ok NAME` or `FAIL NAME: request -> answer (expected ...)`, then `N passed, N failed`.
//
// usage: node test/clients/js_client.mjs http://127.0.0.1:8787
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const base = (process.argv[2] ?? 'http://127.0.0.1:8787').replace(/\/+$/, '');
const cli = fileURLToPath(new URL('../../bin/bible.js', import.meta.url));
let passed = 0;
let failed = 0;

async function check(name, fn) {
  let problem;
  try {
    problem = await fn();
  } catch (err) {
    problem = `${err.name}: ${err.message}`;
  }
  if (problem) {
    failed++;
    console.log(`FAIL ${name}: ${problem}`);
  } else {
    passed++;
    console.log(`ok ${name}`);
  }
}

const api = (op, params = {}) => `${base}/${op}?${new URLSearchParams(params)}`;
const shown = async (url, res) => `GET ${url} -> ${res.status} ${(await res.clone().text()).slice(0, 300)}`;

// Discord bot: `!topic anger` replies with the count
await check('Discord bot: (await res.json()).toString() on GetTopicVerseCount', async () => {
  for (const topic of ['anger', 'kingdom of god', 'Worrying']) {
    const url = api('GetTopicVerseCount', { topic });
    const res = await fetch(url, { headers: { 'Content-Type': 'application/json' } });
    const reply = `There are ${(await res.clone().json()).toString()} verses about ${topic}`;
    if (!/There are \d+ verses/.test(reply))
      return `${await shown(url, res)} (expected a bare number, bot said "${reply}")`;
  }
});

// Vue app: verse of the day, a chapter reader with a version picker from GetVersions
await check('Vue: version picker from GetVersions, chapter in each by table', async () => {
  const versions = await (await fetch(`${base}/GetVersions`)).json();
  for (const v of versions) {
    const url = api('GetChapter', { bookId: 43, chapterId: 3, versionId: v.table });
    const res = await fetch(url);
    const verses = await res.clone().json();
    if (!Array.isArray(verses) || verses.length < 30)
      return `${await shown(url, res)} (expected John 3 in ${v.abbreviation})`;
    const label = `${v.version} (${v.abbreviation})`;
    if (!label || verses.some((x) => typeof x.t !== 'string' || `${x.c}:${x.v}` === ':'))
      return `${url} (bad verse records)`;
  }
});

await check('Expo: GetBookInfo bookInfo.genre, bookInfo.summary, themes.map, key_verses.map', async () => {
  for (const bookId of [1, 19, 23, 40, 43, 66]) {
    const url = api('GetBookInfo', { bookId });
    const res = await fetch(url);
    const bookInfo = await res.clone().json();
    const screen = [
      bookInfo.genre,
      bookInfo.summary,
      ...bookInfo.themes.map((t) => `#${t}`),
      ...bookInfo.key_verses.map((k) => k.reference),
      ...bookInfo.major_characters.map((c) => c.toUpperCase()),
    ];
    if (!bookInfo.genre || screen.some((s) => typeof s !== 'string'))
      return `${await shown(url, res)} (expected strings to show)`;
  }
});

await check('Expo: JSON.parse(word.pronun).dic_mod ?? .dic shown under each word', async () => {
  for (const verseId of ['01001001', '19119001', '19119176', '23053001', '40001001', '43001001', '66022021']) {
    const url = api('GetOriginalText', { verseId });
    const res = await fetch(url);
    for (const word of await res.clone().json()) {
      const p = JSON.parse(word.pronun);
      const shownText = p.dic_mod || p.dic;
      if (!shownText || !p.ipa || !p.ipa_mod || !p.sbl)
        return `${await shown(url, res)} (word ${word.id}: ${word.pronun})`;
    }
  }
});

await check('fetch with a repeated parameter and X-Repeated-Parameters through CORS', async () => {
  const url = `${base}/GetVerse?verseId=43003016&versionId=kjv&versionId=srv`;
  const res = await fetch(url, { headers: { Origin: 'http://localhost:8081' } });
  const [verse] = await res.clone().json();
  const exposed = res.headers.get('access-control-expose-headers') ?? '';
  if (
    !verse.t.startsWith('Porque') ||
    res.headers.get('x-repeated-parameters') !== 'versionId' ||
    !exposed.includes('X-Repeated-Parameters')
  ) {
    return `${await shown(url, res)} repeated=${res.headers.get('x-repeated-parameters')} exposed=${exposed} (expected RV1909, header versionId, exposed)`;
  }
});

await check('GetVerseById forms an app passes through', async () => {
  for (const [ref, id] of [
    ['John.3.16', '43003016'],
    ['JHN 3:16', '43003016'],
    ['Jn3:16', '43003016'],
    ['43003016', '43003016'],
    ['Rom 8:28', '45008028'],
    ['2 Tim 3:16', '55003016'],
    ['Ps. 23:1', '19023001'],
    ['Song of Solomon 2:4', '22002004'],
  ]) {
    const url = api('GetVerseById', { verseId: ref });
    const res = await fetch(url);
    const body = await res.clone().json();
    if (!Array.isArray(body) || body.length !== 1 || body[0].id !== id)
      return `${await shown(url, res)} (expected ${id})`;
  }
  for (const ref of ['John 3:16-18', 'Rom 8:28, 31', 'Psalm 23']) {
    const url = api('GetVerseById', { verseId: ref });
    const res = await fetch(url);
    const body = await res.clone().json();
    if (res.status !== 400 || body.error?.code !== 'INVALID_PARAMETER' || body.error?.param !== 'verseId')
      return `${await shown(url, res)} (expected 400 INVALID_PARAMETER on verseId)`;
  }
});

await check('GetChapterAudio player: chapterId=43003 then <audio src=fileName>', async () => {
  const url = api('GetChapterAudio', { chapterId: '43003', versionId: 'kjv' });
  const res = await fetch(url);
  const { fileName } = await res.clone().json();
  if (!fileName || !new URL(fileName).protocol.startsWith('http'))
    return `${await shown(url, res)} (expected a fileName URL)`;
});

function run(args) {
  try {
    return {
      status: 0,
      out: execFileSync(process.execPath, [cli, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }),
    };
  } catch (err) {
    return { status: err.status, out: `${err.stdout}${err.stderr}` };
  }
}

await check('CLI: bible GetVerseById verseId=John.3.16', () => {
  const r = run(['GetVerseById', 'verseId=John.3.16']);
  if (r.status !== 0 || JSON.parse(r.out)[0].id !== '43003016')
    return `bible GetVerseById verseId=John.3.16 -> ${r.status} ${r.out.slice(0, 200)}`;
});

await check('CLI: a repeated parameter is refused (exit 2, names it)', () => {
  const r = run(['GetVerse', 'verseId=43003016', 'versionId=kjv', 'versionId=srv']);
  if (r.status !== 2 || !r.out.includes('versionId'))
    return `bible GetVerse ... versionId=kjv versionId=srv -> ${r.status} ${r.out.slice(0, 200)}`;
});

await check('CLI: GetTopicVerseCount prints the bare number', () => {
  const r = run(['GetTopicVerseCount', 'topic=anger']);
  if (r.status !== 0 || !/^\d+\s*$/.test(r.out))
    return `bible GetTopicVerseCount topic=anger -> ${r.status} ${r.out.slice(0, 200)}`;
});

console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
