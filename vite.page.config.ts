import { mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { viteSingleFile } from 'vite-plugin-singlefile';
import { OFFLINE_PAGE } from './src/report/offline-page.ts';

/** Where `npm run build` leaves the page; `dicelab report --out DIR` copies it into DIR. */
const pageDir = fileURLToPath(new URL(`./${OFFLINE_PAGE.buildDir}`, import.meta.url));
/** Where Vite writes (and empties) first: a folder of this build's own, beside the page's. */
const outDir = `${pageDir}.building-${process.pid}`;

/**
 * Puts the finished build in place file by file with rename, which replaces a file atomically:
 * the page is never missing nor half-written, whatever reads it while `npm run build` runs (a
 * test, a report). Vite's own `emptyOutDir` would delete the page, then write it again later.
 */
function renameIntoPlace(): Plugin {
  return {
    name: 'dicelab-rename-into-place',
    apply: 'build',
    closeBundle() {
      for (const entry of readdirSync(outDir, { recursive: true, withFileTypes: true })) {
        if (entry.isDirectory()) continue;
        const into = join(pageDir, relative(outDir, entry.parentPath));
        mkdirSync(into, { recursive: true });
        renameSync(join(entry.parentPath, entry.name), join(into, entry.name));
      }
      rmSync(outDir, { recursive: true, force: true });
    },
  };
}

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
    renameIntoPlace(),
  ],
});
