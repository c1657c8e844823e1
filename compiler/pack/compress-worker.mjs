// Compresses pack blocks off the main thread with zlib, each at its job's level (writer.ts). Plain JS so workers need no
// TypeScript loader. (Zopfli was measured on the word-coded text: 3.3% smaller for 190 times the CPU
// time, 75 s more per build for 0.3 MB over the ten text packs, so it is not used.)
import { deflateRawSync } from 'node:zlib';
import { parentPort } from 'node:worker_threads';

parentPort.on('message', ({ id, jobs }) => {
  try {
    parentPort.postMessage({ id, out: jobs.map(({ bytes, level }) => deflateRawSync(bytes, { level, memLevel: 9 })) });
  } catch (error) {
    parentPort.postMessage({ id, error: String(error) });
  }
});
