// The reader page's first chapter paint, online and offline, side by side with the page as it was
// before it read like a Bible app (its sources kept in test/bench/fixtures/reader-page-before, bundled
// here against today's engine). Both pages are served by the same server code, each from its own
// folder, in the same browser and run.
//
// - online: a fresh browser context (no cache, no service worker) opens John 3 over loopback: the
//   page, the engine and the packs all come over the network.
// - offline: in that context, once the service worker holds the page and its packs, the network is
//   cut and the page reloaded.
// The time is from navigation start to the first frame after John 3's words are in the chapter.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import type { Browser } from 'puppeteer-core';
import { serve } from '../../../engine/node/server.ts';
import { openNode } from '../../../engine/node/loader.ts';
import { ensureBundle, REPO_ROOT, WEB_DIR } from '../../../scripts/bundle.ts';
import { launchBrowser } from '../../hosts/page-browser.ts';
import type { Harness } from '../harness.ts';

const BEFORE_SOURCES = join(REPO_ROOT, 'test', 'bench', 'fixtures', 'reader-page-before');
const RUNS = 5;
const CHAPTER = '#v=kjv&b=43&c=3';
const WORDS = 'For God so loved the world';

/** The page before, bundled as scripts/bundle.ts bundles the page, beside today's engine.js. */
async function buildBeforePage(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'reader-page-before-'));
  const bundleTs = async (file: string, format: 'esm' | 'iife') => {
    const out = await build({
      stdin: { contents: readFileSync(join(BEFORE_SOURCES, file), 'utf8'), loader: 'ts', resolveDir: BEFORE_SOURCES },
      bundle: true,
      write: false,
      format,
      minify: true,
      target: 'es2020',
      logLevel: 'silent',
      external: ['./engine.js'],
      define: { __BUNDLE_VERSION__: JSON.stringify('before') },
    });
    return out.outputFiles[0].contents;
  };
  writeFileSync(join(dir, 'app.js'), await bundleTs('app.ts.txt', 'esm'));
  writeFileSync(join(dir, 'sw.js'), await bundleTs('sw.ts.txt', 'iife'));
  for (const file of ['index.html', 'style.css'])
    writeFileSync(join(dir, file), readFileSync(join(BEFORE_SOURCES, file)));
  writeFileSync(join(dir, 'engine.js'), readFileSync(join(WEB_DIR, 'engine.js')));
  return dir;
}

/** Records, from the first script on, when John 3's words are first in the chapter and painted. A
 *  string, not a function: tsx's transform would put helper calls the page lacks into a function's text. */
const WATCH_FIRST_PAINT = `
  new MutationObserver(() => {
    if (window.firstChapterPaint !== undefined) return;
    if (document.getElementById('chapter-text')?.textContent?.includes(${JSON.stringify(WORDS)}))
      requestAnimationFrame(() => { window.firstChapterPaint ??= performance.now(); });
  }).observe(document, { childList: true, subtree: true, characterData: true });
`;

interface Paints {
  online: number[];
  offline: number[];
}

async function measurePage(browser: Browser, url: string): Promise<Paints> {
  const paints: Paints = { online: [], offline: [] };
  for (let run = 0; run < RUNS; run++) {
    const context = await browser.createBrowserContext();
    try {
      const page = await context.newPage();
      await page.setViewport({ width: 1200, height: 900 });
      await page.evaluateOnNewDocument(WATCH_FIRST_PAINT);
      const firstPaint = async () => {
        await page.waitForFunction(() => 'firstChapterPaint' in window, { timeout: 60_000, polling: 20 });
        return page.evaluate(() => (window as unknown as { firstChapterPaint: number }).firstChapterPaint);
      };
      await page.goto(`${url}${CHAPTER}`);
      paints.online.push(await firstPaint());
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, { timeout: 30_000 });
      await page.waitForFunction(
        async () => {
          const urls = (await (await caches.open('bible-packs')).keys()).map((r) => r.url);
          return ['meta.pack', 'text-kjv.pack'].every((p) => urls.some((u) => u.includes(`/data/${p}`)));
        },
        { timeout: 30_000, polling: 100 },
      );
      await page.setOfflineMode(true);
      await page.reload();
      paints.offline.push(await firstPaint());
    } finally {
      await context.close();
    }
  }
  return paints;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

export default async function page(h: Harness): Promise<void> {
  await ensureBundle(() => {});
  const before = await buildBeforePage();
  const bible = await openNode();
  const now = await serve({ port: 0, host: '127.0.0.1', bible });
  const then = await serve({ port: 0, host: '127.0.0.1', bible, webDir: before });
  const launched = await launchBrowser('chromium');
  try {
    // Alternating the two pages spreads whatever else the machine is doing over both.
    const ours: Paints = { online: [], offline: [] };
    const old: Paints = { online: [], offline: [] };
    for (let round = 0; round < 2; round++) {
      for (const [paints, url] of [
        [ours, now.url],
        [old, then.url],
      ] as const) {
        const got = await measurePage(launched.browser, url);
        paints.online.push(...got.online);
        paints.offline.push(...got.offline);
      }
    }
    for (const mode of ['online', 'offline'] as const) {
      h.add({
        group: 'page',
        name: `reader page: first chapter paint (John 3), ${mode === 'online' ? 'online, cold cache' : 'offline, from the service worker'}`,
        medianNs: median(ours[mode]) * 1e6,
        peer: { name: 'the page before', medianNs: median(old[mode]) * 1e6 },
        note: `${ours[mode].length} runs each, chromium headless, loopback`,
      });
    }
    const size = (dir: string, file: string) => readFileSync(join(dir, file)).length;
    h.note(
      `reader page files: app.js ${(size(WEB_DIR, 'app.js') / 1024).toFixed(1)} KiB (before ${(size(before, 'app.js') / 1024).toFixed(1)} KiB), style.css ${(size(WEB_DIR, 'style.css') / 1024).toFixed(1)} KiB (before ${(size(before, 'style.css') / 1024).toFixed(1)} KiB)`,
    );
  } finally {
    await launched.close();
    await now.close(100);
    await then.close(100);
    rmSync(before, { recursive: true, force: true });
  }
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const { createHarness, renderTable } = await import('../harness.ts');
  const h = createHarness();
  await page(h);
  console.log(renderTable(h.rows));
  for (const line of h.notes) console.log(`- ${line}`);
}
