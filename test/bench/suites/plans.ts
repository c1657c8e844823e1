// Reading plans and reading times against their targets (365-day plan <= 2 ms, topic plan <= 1 ms,
// GetReadingTimeByAge <= 2 µs), measured through callSync on a warm engine.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { OPERATION_BY_NAME } from '../../../engine/core/operations.ts';
import { DEFAULT_DATA_DIR, openNode } from '../../../engine/node/loader.ts';
import type { Harness } from '../harness.ts';

export default async function plans(h: Harness): Promise<void> {
  const clock = () => '2024-01-01';
  // The first plan after open also counts the KJV words of every chapter once.
  const t0 = performance.now();
  const cold = await openNode({ clock });
  await cold.call('GetBibleReadingPlan', { days: 365 });
  h.note(
    `open + first 365-day plan (loads text-kjv and plans, counts chapter words): ${(performance.now() - t0).toFixed(1)} ms`,
  );

  const bible = await openNode({ clock, preload: ['text-kjv', 'plans'] });
  bible.callSync('GetBibleReadingPlan', { days: 1 });
  let n = 0;
  h.add({
    group: 'plans',
    name: 'GetBibleReadingPlan 365 days OT+NT (callSync)',
    target: '<= 2 ms',
    targetNs: 2e6,
    medianNs: h.measure(() => bible.callSync('GetBibleReadingPlan', { days: '365', requestedStartDate: '2024-01-01' })),
  });
  h.add({
    group: 'plans',
    name: 'GetBibleReadingPlan 365 days balance=words (callSync)',
    medianNs: h.measure(() => bible.callSync('GetBibleReadingPlan', { days: '365', balance: 'words' })),
  });
  h.add({
    group: 'plans',
    name: 'GetBibleReadingPlan 3650 days OT+NT (callSync)',
    medianNs: h.measure(() => bible.callSync('GetBibleReadingPlan', { days: '3650' })),
  });
  h.add({
    group: 'plans',
    name: 'GetReadingTimeByAge (callSync)',
    target: '<= 2 µs',
    targetNs: 2000,
    medianNs: h.measure(
      () => bible.callSync('GetReadingTimeByAge', { requestedAge: String(6 + (n++ % 90)), wordCount: '650' }),
      500,
    ),
  });

  const topicOp = OPERATION_BY_NAME.get('GetBibleReadingPlanByTopic');
  if (topicOp) {
    const needs = topicOp.packs ? topicOp.packs({ topic: 'addiction', days: 30 }, bible.meta, () => true) : [];
    if (needs.every((name) => existsSync(join(DEFAULT_DATA_DIR, `${name}.pack`)))) {
      await bible.call('GetBibleReadingPlanByTopic', {});
      h.add({
        group: 'plans',
        name: 'GetBibleReadingPlanByTopic addiction, 30 days (callSync)',
        target: '<= 1 ms',
        targetNs: 1e6,
        medianNs: h.measure(() => bible.callSync('GetBibleReadingPlanByTopic', { topic: 'addiction', days: '30' })),
      });
    } else h.note(`GetBibleReadingPlanByTopic not measured: packs ${needs.join(', ')} are not built`);
  } else h.note('GetBibleReadingPlanByTopic not measured: the operation is not in the table');
}
