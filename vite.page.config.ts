import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { viteSingleFile } from 'vite-plugin-singlefile';
import { OFFLINE_PAGE } from './src/report/offline-page.ts';

/** Where `npm run build` leaves the page; `dicelab report --out DIR` copies it into DIR. */
const outDir = fileURLToPath(new URL(`./${OFFLINE_PAGE.buildDir}`, import.meta.url));

/**
 * The offline page `dicelab.html`: one self-contained file (scripts, styles and the engine's
 * worker inlined), built from src/page with Preact's JSX. `npm run build` runs it.
 */
export default defineConfig({
  root: fileURLToPath(new URL('./src/page', import.meta.url)),
  base: './',
  logLevel: 'warn',
  resolve: {
    // csv-stringify's own browser build (its default one expects Node's Buffer).
    alias: {
      // `#zod` is the compiled CLI's one-file zod; the page bundles zod itself, tree-shaken.
      '#zod': 'zod',
      'csv-stringify/sync': fileURLToPath(
        new URL('./node_modules/csv-stringify/dist/esm/sync.js', import.meta.url),
      ),
    },
  },
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  // The worker is one classic script inside a blob URL: module workers cannot start from file://.
  worker: { format: 'iife', rolldownOptions: { checks: { bundlerTimings: false } } },
  build: {
    outDir,
    emptyOutDir: true,
    target: 'es2022',
    reportCompressedSize: false,
    // The worker's nested build is slow by nature; its timing note is noise in `npm install`.
    rolldownOptions: { checks: { bundlerTimings: false } },
  },
  plugins: [
    viteSingleFile({ removeViteModuleLoader: true, outputFileName: OFFLINE_PAGE.fileName }),
  ],
});
