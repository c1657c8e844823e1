// Memory: RSS and heap of fresh plain-node processes running the compiled engine (lib/) with nothing, an answer from every pack family (and from each
// family alone), only KJV, and every pack loaded, and growth over 1 million mixed queries. Targets: one
// answer from every pack at most 250 MB; KJV text at most 40 MB RSS above an empty process; every pack
// at most 400 MB.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Harness } from '../harness.ts';

const child = fileURLToPath(new URL('../memory-child.mjs', import.meta.url));
const run = (mode: string) =>
  execFileSync(process.execPath, ['--expose-gc', child, mode], {
    encoding: 'utf8',
    maxBuffer: 1 << 20,
  })
    .trim()
    .split('\n')
    .map(
      (line) =>
        JSON.parse(line) as {
          rss: number;
          heapUsed: number;
          external: number;
          phase?: string;
          checksum?: number;
          packs?: number;
        },
    );

const mb = (n: number) => `${(n / 1048576).toFixed(1)} MB`;

export default async function memory(h: Harness): Promise<void> {
  const [opened] = run('opened');
  const [answers] = run('answers');
  h.note(
    `memory: one answer from every pack family (ten translations read and searched, Gill, original texts, lexicon, xrefs, topics, dictionaries, extra-biblical; ${answers.packs} packs) RSS ${mb(answers.rss)} (target <= 250 MB: ${answers.rss <= 250 * 1048576 ? 'met' : 'missed'}), heap ${mb(answers.heapUsed)}, external ${mb(answers.external)}`,
  );
  const families = ['text', 'search', 'commentary', 'original', 'study', 'extrabiblical'].map((family) => {
    const [m] = run(`family:${family}`);
    return `${family} +${mb(m.rss - opened.rss)}`;
  });
  h.note(
    `memory: RSS per pack family over an opened engine (${mb(opened.rss)}), one answer each: ${families.join(', ')}`,
  );
  const [empty] = run('empty');
  const [kjv] = run('kjv');
  const [all] = run('all');
  const [before, after] = run('soak');
  h.note(
    `memory: empty process (plain node, as every figure here: the engine compiled in lib/) RSS ${mb(empty.rss)}, heap ${mb(empty.heapUsed)}`,
  );
  h.note(
    `memory: KJV only (whole text decoded) RSS ${mb(kjv.rss)} (+${mb(kjv.rss - empty.rss)} over empty; target <= 40 MB: ${kjv.rss - empty.rss <= 40 * 1048576 ? 'met' : 'missed'}), heap ${mb(kjv.heapUsed)}`,
  );
  h.note(
    `memory: every pack (${all.packs}) loaded, every translation decoded, RSS ${mb(all.rss)} (target <= 400 MB: ${all.rss <= 400 * 1048576 ? 'met' : 'missed'}), heap ${mb(all.heapUsed)}, external (array buffers and strings outside the heap) ${mb(all.external)}`,
  );
  h.note(
    `memory: 1,000,000 mixed queries: RSS ${mb(before.rss)} -> ${mb(after.rss)} (${after.rss >= before.rss ? '+' : ''}${mb(after.rss - before.rss)}), heap ${mb(before.heapUsed)} -> ${mb(after.heapUsed)}, answer checksum ${after.checksum}`,
  );
}
