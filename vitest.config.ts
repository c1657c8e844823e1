import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Unit tests on inline fixtures sit beside the compiler module or import reader they test; the rest
    // live under test/.
    include: ['test/**/*.test.ts', 'compiler/**/*.test.ts', 'engine/import/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Two cores: more workers only fight over them while each loads packs.
    maxWorkers: 2,
  },
});
