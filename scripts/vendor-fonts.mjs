// Copies the four DejaVu Sans faces charts use (CHART_FONT_FILE_NAMES, read from the compiled
// dist/report/chart-font-files.js, so run after tsc) and the fonts' licence into
// dist/vendor/fonts, where the compiled package reads them (src/report/chart-fonts.ts): an
// installed dicelab then needs 2.7 MB of fonts, not the dejavu-fonts-ttf package's 12 MB.
import { copyFileSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const { CHART_FONT_FILE_NAMES } = await import(
  new URL('../dist/report/chart-font-files.js', import.meta.url).href
);
const fonts = dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json'));
const out = join(root, 'dist', 'vendor', 'fonts');
mkdirSync(out, { recursive: true });
for (const name of CHART_FONT_FILE_NAMES) copyFileSync(join(fonts, 'ttf', name), join(out, name));
copyFileSync(join(fonts, 'LICENSE'), join(out, 'LICENSE'));
