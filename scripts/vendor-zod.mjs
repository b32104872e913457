// Bundles zod into one file, dist/vendor/zod.js, that the compiled CLI loads through the
// package's `#zod` import (package.json "imports"). zod's own build is about 95 modules: loaded
// one by one they cost a roll at the prompt some 60 ms, one minified file about 25 ms. Sources
// under vitest, tsx's scripts' type checks and the page's build resolve `#zod` to zod itself
// (see vitest.config.ts, vite.page.config.ts and the "types" condition).
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
await build({
  stdin: { contents: "export * from 'zod';", resolveDir: root, sourcefile: 'zod-entry.js' },
  bundle: true,
  format: 'esm',
  platform: 'neutral',
  target: 'es2022',
  minify: true,
  legalComments: 'eof',
  outfile: `${root}dist/vendor/zod.js`,
  logLevel: 'warning',
});
