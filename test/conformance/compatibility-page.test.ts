// docs/compatibility.md lists every operation from the operation table; it must not fall behind it.
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TOPIC_SOURCES } from '../../sources/topics.ts';
import { TOPICS } from '../../engine/core/ops/topics.ts';
import { COMPATIBILITY_PAGE, compatibilityPage } from '../../scripts/compatibility.ts';

const SPEC = resolve(import.meta.dirname, '..', '..', '..', 'shared', 'API-SPEC.md');

describe('docs/compatibility.md', () => {
  it.skipIf(!existsSync(SPEC))(
    'is up to date with the operation table (npm run docs:compatibility rewrites it)',
    () => {
      expect(readFileSync(COMPATIBILITY_PAGE, 'utf8')).toBe(compatibilityPage());
    },
  );

  it.skipIf(!existsSync(SPEC))("the typed topic list is the specification's 97, and the compiler maps each", () => {
    const listed = /### Topics \(97 allowed values of `topic`\)\s+([^\n]+)/
      .exec(readFileSync(SPEC, 'utf8'))![1]
      .split(' | ');
    expect([...TOPICS]).toEqual(listed);
    expect(TOPIC_SOURCES.map((t) => t.topic)).toEqual(listed);
  });
});
