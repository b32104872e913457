import { defineConfig } from 'vitest/config';

export default defineConfig({
  // `#zod` is the compiled CLI's one-file zod (scripts/vendor-zod.mjs); sources test zod itself.
  resolve: { alias: { '#zod': 'zod' } },
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/temp-dir.setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
