// Host figures: HTTP throughput and latency of `bible serve` (a separate process, as users run it)
// under 64 keep-alive connections, the browser bundle's size, and opening the bundled engine the way
// a browser or React Native host does (pure-JS inflate, no native zlib).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { DEFAULT_DATA_DIR, openNode } from '../../../engine/node/loader.ts';
import { DIST_DIR, ENGINE_BUNDLE, ensureBundle } from '../../../scripts/bundle.ts';
import { runLoad, type LoadResult } from '../../hosts/load.ts';
import { startServeProcess } from '../../hosts/serve-process.ts';
import type { Harness } from '../harness.ts';

const CONCURRENCY = 64;
const REQUESTS = 20_000;

function report(h: Harness, name: string, r: LoadResult): void {
  if (r.errors.length || r.wrong.length)
    throw new Error(
      `${name}: ${r.errors.length} errors, ${r.wrong.length} wrong answers: ${[...r.errors, ...r.wrong].slice(0, 3).join('; ')}`,
    );
  h.add({
    group: 'hosts',
    name: `${name}: time per request at full load`,
    medianNs: 1e9 / r.perSecond,
    note: `${r.perSecond.toFixed(0)} req/s`,
  });
  h.add({ group: 'hosts', name: `${name}: p99 latency`, medianNs: r.p99 * 1e6, note: `p50 ${r.p50.toFixed(2)} ms` });
  h.note(
    `HTTP ${name}: ${r.requests} requests at ${CONCURRENCY} keep-alive connections in ${r.seconds.toFixed(2)} s = ${r.perSecond.toFixed(0)} req/s, p50 ${r.p50.toFixed(2)} ms, p99 ${r.p99.toFixed(2)} ms, 0 errors`,
  );
}

export default async function hosts(h: Harness): Promise<void> {
  await ensureBundle(() => {});
  const bible = await openNode();
  const verseCount = bible.meta.versification.verseCount;
  const versions = bible.meta.versions.map((v) => v.versionId);
  const verseId = (i: number) => String(bible.meta.versification.idOf((i * 7919) % verseCount)).padStart(8, '0');

  const server = await startServeProcess();
  try {
    const ok = (_i: number, status: number) => (status === 200 ? '' : `status ${status}`);
    // Warm-up: every text pack loaded, JIT settled.
    await runLoad(
      server.url,
      3_000,
      CONCURRENCY,
      (i) => ({ path: `/GetVerse?verseId=${verseId(i)}&versionId=${versions[i % versions.length]}` }),
      ok,
    );
    report(
      h,
      'GetVerse',
      await runLoad(
        server.url,
        REQUESTS,
        CONCURRENCY,
        (i) => ({ path: `/GetVerse?verseId=${verseId(i)}&versionId=${versions[i % versions.length]}` }),
        ok,
      ),
    );
    report(
      h,
      'GetChapter, gzip',
      await runLoad(
        server.url,
        REQUESTS / 2,
        CONCURRENCY,
        (i) => ({
          path: `/GetChapter?bookId=${Number(verseId(i).slice(0, 2))}&chapterId=${Number(verseId(i).slice(2, 5))}&versionId=${versions[i % versions.length]}`,
          headers: { 'accept-encoding': 'gzip' },
        }),
        ok,
      ),
    );
    if (bible.operations.some((op) => op.name === 'GetSearchCount')) {
      const words = ['love', 'faith', 'light', 'water', 'kingdom of heaven', 'grace', 'peace', 'truth'];
      report(
        h,
        'GetSearchCount',
        await runLoad(
          server.url,
          REQUESTS / 2,
          CONCURRENCY,
          (i) => ({ path: `/GetSearchCount?query=${encodeURIComponent(words[i % words.length])}&versionId=kjv` }),
          ok,
        ),
      );
    }
    const single = await runLoad(server.url, 2_000, 1, (i) => ({ path: `/GetVerse?verseId=${verseId(i)}` }), ok);
    h.add({
      group: 'hosts',
      name: 'GetVerse over HTTP, one connection: median round trip',
      medianNs: single.p50 * 1e6,
      note: `p99 ${single.p99.toFixed(2)} ms`,
    });
  } finally {
    await server.stop();
  }

  // The bundle as a browser or React Native host uses it: fflate inflate, UTF-8 decoding in JS.
  const code = readFileSync(ENGINE_BUNDLE);
  h.note(
    `dist/engine.js ${(code.length / 1024).toFixed(1)} KiB, ${(gzipSync(code, { level: 9 }).length / 1024).toFixed(1)} KiB gzipped; page files ${['app.js', 'sw.js', 'index.html', 'style.css'].map((f) => `${f} ${(readFileSync(join(DIST_DIR, 'web', f)).length / 1024).toFixed(1)} KiB`).join(', ')}`,
  );
  // In a process of its own, as a page or an app starts it: not after the HTTP load above, whose heap and
  // optimized code would change what a first open costs.
  const opens = JSON.parse(
    execFileSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `const engine = await import(${JSON.stringify(pathToFileURL(ENGINE_BUNDLE).href)});
         const { readFileSync } = await import('node:fs');
         const loader = async (name) => new Uint8Array(readFileSync(${JSON.stringify(DEFAULT_DATA_DIR)} + '/' + name + '.pack'));
         const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) * 1e3; };
         const opens = [];
         const cpus = [];
         for (let i = 0; i < 10; i++) {
           const t0 = performance.now();
           const c0 = cpu();
           const b = await engine.open({ loader });
           await b.call('GetVerse', { verseId: '43003016' });
           opens.push((performance.now() - t0) * 1e6);
           cpus.push(cpu() - c0);
         }
         console.log(JSON.stringify({ opens, cpus }));`,
      ],
      { encoding: 'utf8' },
    ),
  ) as { opens: number[]; cpus: number[] };
  // CPU time (all the process's threads, the collector's among them) moves less with the machine's load.
  const cpus = opens.cpus.sort((a, b) => a - b);
  const firstOpen = opens.opens[0];
  opens.opens.sort((a, b) => a - b);
  h.add({
    group: 'hosts',
    name: 'bundle: open + first KJV verse (fflate inflate)',
    medianNs: opens.opens[opens.opens.length >> 1],
    target: '<= 20 ms',
    targetNs: 20e6,
    note: `median of ${opens.opens.length} opens in a fresh process (CPU ${(cpus[cpus.length >> 1] / 1e6).toFixed(1)} ms); the first, with the engine's code not yet optimized, ${(firstOpen / 1e6).toFixed(1)} ms`,
  });
}
