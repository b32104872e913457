import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Resvg } from '@resvg/resvg-js';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { OFFLINE_PAGE } from './src/report/offline-page.ts';
import { PAGE_SITE } from './src/report/page-site.ts';
import { buildingDir, pageBuild, renameIntoPlace, themeColors } from './vite.page.config.ts';

/** Where `npm run build` leaves the site: `dicelab serve` serves it, Pages publishes it. */
const siteDir = fileURLToPath(new URL(`./${PAGE_SITE.buildDir}`, import.meta.url));
const outDir = buildingDir(siteDir);
const iconSvg = readFileSync(new URL('./src/page/site/app-icon.svg', import.meta.url), 'utf8');

/** The icon as a PNG of `size` pixels square (it draws no text, so needs no font). */
function iconPng(size: number): Buffer {
  return new Resvg(iconSvg, { fitTo: { mode: 'width', value: size } }).render().asPng();
}

/** The icons' files: the SVG itself, and PNGs in the sizes browsers ask for. */
const ICON_FILES: readonly { readonly name: string; readonly content: () => Buffer | string }[] = [
  { name: 'icon.svg', content: () => iconSvg },
  ...PAGE_SITE.iconSizes.map((size) => ({
    name: `icon-${size}.png`,
    content: () => iconPng(size),
  })),
  { name: 'apple-touch-icon.png', content: () => iconPng(PAGE_SITE.appleTouchIconSize) },
];

/**
 * Words in the site's index.html itself, shown until the page's scripts run (page.css hides
 * them): opened from a file, the browser refuses its module scripts (CORS), and they are all
 * the page shows. Styled inline: page.css is one of the refused.
 */
const FILE_NOTE = `<p class="file-note" style="max-width: 36rem; margin: 24px auto; padding: 0 16px; font: 16px / 1.45 system-ui, sans-serif">dicelab is starting… If these words stay, the page was opened as a file, where the browser will not run its scripts: serve its folder (<code>dicelab serve</code>, then open the address it prints) or open the single-file page, <code>${OFFLINE_PAGE.fileName}</code> (<code>${OFFLINE_PAGE.buildDir}/${OFFLINE_PAGE.fileName}</code> in the dicelab package, beside a report made by <code>dicelab report</code>).</p>`;

/**
 * The site's page: the single file's index.html with the site's own entry (which registers the
 * service worker and offers updates) and its icons (its theme colours are the single file's:
 * themeColors).
 */
function sitePage(): Plugin {
  return {
    name: 'dicelab-site-page',
    apply: 'build',
    transformIndexHtml: {
      order: 'pre',
      handler: (html) =>
        html
          .replace('src="./main.tsx"', 'src="./site/site-main.tsx"')
          .replace(
            '<link rel="icon" href="data:," />',
            [
              '<link rel="icon" href="./icon.svg" type="image/svg+xml" />',
              '<link rel="apple-touch-icon" href="./apple-touch-icon.png" />',
            ].join('\n    '),
          )
          .replace(/\n\s*<!-- No icon to fetch[^>]*-->/, '')
          .replace('</noscript>', `</noscript>\n      ${FILE_NOTE}`),
    },
    generateBundle() {
      for (const icon of ICON_FILES)
        this.emitFile({ type: 'asset', fileName: icon.name, source: icon.content() });
    },
  };
}

/**
 * The entry's dynamic imports (the app, which main.tsx imports once the engine's worker is
 * started) fetched with the page, as its static ones are, not once the entry has run.
 */
function preloadDynamicImports(): Plugin {
  return {
    name: 'dicelab-preload-dynamic-imports',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (_html, context) =>
        (context.chunk?.dynamicImports ?? []).map((file) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `./${file}` },
          injectTo: 'head' as const,
        })),
    },
  };
}

/**
 * The page as an installable site in dist/site/: index.html, its scripts and styles, a web app
 * manifest and a Workbox service worker (src/page/site/sw.ts) that precaches all of
 * it, so that once visited it opens offline; a new version is fetched in the background and
 * installed when the page's "Update" is tapped (registerType `prompt`). `npm run build` runs it
 * after the single file.
 */
const base = pageBuild(outDir);

export default defineConfig({
  ...base,
  // Big scripts are the page's nature: the app with its engine worker, and Vega's worker
  // (fetched when a chart is first opened).
  build: { ...base.build, chunkSizeWarningLimit: 2048 },
  plugins: [
    sitePage(),
    themeColors(),
    preloadDynamicImports(),
    VitePWA({
      registerType: 'prompt',
      // src/page/site/site-main.tsx registers it, through `virtual:pwa-register`.
      injectRegister: false,
      manifestFilename: 'manifest.webmanifest',
      manifest: {
        name: PAGE_SITE.name,
        short_name: PAGE_SITE.shortName,
        description:
          "Zi'Dara odds at the table: the best split of your dice, mid-roll advice, fights and rule what-ifs, exact and offline.",
        // No `id`: it defaults to start_url, the site's own folder. An id is resolved against the
        // origin, not the folder ("./" was http://host/ for a site under /app/).
        start_url: './',
        scope: './',
        display: 'standalone',
        orientation: 'any',
        lang: 'en',
        // Light only: a manifest holds one colour for every scheme. The page's theme-color metas
        // (themeColors) tint the bar dark once it opens in a dark scheme; the splash stays light.
        theme_color: PAGE_SITE.themeColor.light,
        background_color: PAGE_SITE.themeColor.light,
        icons: [
          { src: 'icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
          ...PAGE_SITE.iconSizes.flatMap((size) => [
            {
              src: `icon-${size}.png`,
              sizes: `${size}x${size}`,
              type: 'image/png',
              purpose: 'any',
            },
            {
              src: `icon-${size}.png`,
              sizes: `${size}x${size}`,
              type: 'image/png',
              purpose: 'maskable',
            },
          ]),
        ],
      },
      // The service worker is src/page/site/sw.ts (see there why not generated);
      // the build writes its precache manifest in.
      strategies: 'injectManifest',
      // Under the page's root (src/page).
      srcDir: 'site',
      // Built as sw.js, the address installed sites already have registered.
      filename: 'sw.ts',
      injectManifest: {
        // Everything the page needs, so it opens with no network at all.
        globPatterns: ['**/*.{html,js,css,svg,png}'],
        // Generous for the page's scripts (Vega's worker alone is most of a MiB), so that
        // none is ever left out of the cache (Workbox's default is 2 MiB).
        maximumFileSizeToCacheInBytes: 16 * 1024 * 1024,
      },
    }),
    renameIntoPlace(outDir, siteDir, true),
  ],
});
