import { mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin, type UserConfig } from 'vite';
import { viteSingleFile } from 'vite-plugin-singlefile';
import { OFFLINE_PAGE } from './src/report/offline-page.ts';
import { PAGE_SITE } from './src/report/page-site.ts';

/** Where `npm run build` leaves the page; `dicelab report --out DIR` copies it into DIR. */
const pageDir = fileURLToPath(new URL(`./${OFFLINE_PAGE.buildDir}`, import.meta.url));

/** Where Vite writes (and empties) first: a folder of this build's own, beside the final one. */
export function buildingDir(finalDir: string): string {
  return `${finalDir}.building-${process.pid}`;
}

/**
 * Puts the finished build in place file by file with rename, which replaces a file atomically:
 * the page is never missing nor half-written, whatever reads it while `npm run build` runs (a
 * test, a report). Vite's own `emptyOutDir` would delete the page, then write it again later.
 * With `prune`, files an older build left that this one did not write go afterwards (a site's
 * hashed assets would otherwise pile up). It runs last, after every other plugin's closeBundle
 * (the service worker is generated there).
 */
export function renameIntoPlace(outDir: string, finalDir: string, prune = false): Plugin {
  return {
    name: 'dicelab-rename-into-place',
    apply: 'build',
    enforce: 'post',
    closeBundle: {
      sequential: true,
      order: 'post',
      handler() {
        const written = new Set<string>();
        for (const entry of readdirSync(outDir, { recursive: true, withFileTypes: true })) {
          if (entry.isDirectory()) continue;
          const path = relative(outDir, join(entry.parentPath, entry.name));
          const into = join(finalDir, path);
          mkdirSync(join(into, '..'), { recursive: true });
          renameSync(join(outDir, path), into);
          written.add(path);
        }
        rmSync(outDir, { recursive: true, force: true });
        if (!prune) return;
        for (const entry of readdirSync(finalDir, { recursive: true, withFileTypes: true })) {
          const path = relative(finalDir, join(entry.parentPath, entry.name));
          if (!entry.isDirectory() && !written.has(path)) rmSync(join(finalDir, path));
        }
      },
    },
  };
}

/** What the single file and the site build alike: the page's sources, JSX, its worker. */
export function pageBuild(outDir: string): UserConfig {
  return {
    root: fileURLToPath(new URL('./src/page', import.meta.url)),
    base: './',
    logLevel: 'warn',
    resolve: {
      alias: {
        // `#zod` is the compiled CLI's one-file zod; the page bundles zod itself, tree-shaken.
        '#zod': 'zod',
        // csv-stringify's own browser build (its default one expects Node's Buffer).
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
  };
}

/**
 * A theme colour for each colour scheme, the page's own background (`PAGE_SITE.themeColor`): the
 * browser's bar blends in, on the site and in the single file alike.
 */
export function themeColors(): Plugin {
  return {
    name: 'dicelab-theme-colors',
    apply: 'build',
    transformIndexHtml: () =>
      (['light', 'dark'] as const).map((scheme) => ({
        tag: 'meta',
        attrs: {
          name: 'theme-color',
          media: `(prefers-color-scheme: ${scheme})`,
          content: PAGE_SITE.themeColor[scheme],
        },
        injectTo: 'head' as const,
      })),
  };
}

const outDir = buildingDir(pageDir);

/**
 * The offline page `dicelab.html`: one self-contained file (scripts, styles and the engine's
 * worker inlined), built from src/page with Preact's JSX. `npm run build` runs it. No service
 * worker and no manifest: it opens from file://, where neither exists (vite.site.config.ts
 * builds the installable site).
 */
export default defineConfig({
  ...pageBuild(outDir),
  plugins: [
    themeColors(),
    viteSingleFile({ removeViteModuleLoader: true, outputFileName: OFFLINE_PAGE.fileName }),
    renameIntoPlace(outDir, pageDir),
  ],
});
