import { defineConfig } from 'vitest/config';

export default defineConfig({
  // `#zod` is the compiled CLI's one-file zod (scripts/vendor-zod.mjs); sources test zod itself.
  resolve: { alias: { '#zod': 'zod' } },
  test: {
    include: ['test/**/*.test.ts'],
    // The run's temporary folder first; then one copy of the build in it for every test file.
    globalSetup: ['test/temp-dir.setup.ts', 'test/build-copy.setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
