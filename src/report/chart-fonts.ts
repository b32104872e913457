import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import opentype from 'opentype.js';
import * as vega from 'vega';
import { CHART_FONT_FILE_NAMES } from './chart-font-files.ts';

/**
 * Where the fonts are: the compiled package's own copy (`dist/vendor/fonts`, beside `dist/report`),
 * else, from the sources or the benchmarks' build, the dejavu-fonts-ttf package (a devDependency).
 */
function fontDir(): string {
  const vendored = fileURLToPath(new URL('../vendor/fonts/', import.meta.url));
  if (existsSync(join(vendored, CHART_FONT_FILE_NAMES[0]))) return vendored;
  const fonts = createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json');
  return join(dirname(fonts), 'ttf');
}

/** The TrueType files charts are drawn with (DejaVu Sans: see `CHART_FONT_FILE_NAMES`). */
export const FONT_FILES: readonly string[] = CHART_FONT_FILE_NAMES.map((file) =>
  join(fontDir(), file),
);

/** What Vega passes its text-width function: the text mark's font fields. */
interface TextItem {
  fontSize?: number | string;
  fontWeight?: number | string;
  fontStyle?: string;
  limit?: number;
}

let faces: opentype.Font[] | undefined;

/** Width in pixels of one line of `item`'s text, from DejaVu's advance widths (and kerning). */
function chartTextWidth(item: TextItem, text: unknown): number {
  faces ??= FONT_FILES.map((file) => opentype.loadSync(file));
  const line = text == null ? '' : String(text).trim();
  const size = item.fontSize != null ? Number(item.fontSize) || 0 : 11;
  if (size <= 0 || line === '') return 0;
  const weight = item.fontWeight;
  const bold = weight === 'bold' || weight === 'bolder' || Number(weight) >= 600;
  const italic = item.fontStyle === 'italic' || item.fontStyle === 'oblique';
  const width = faces[(bold ? 1 : 0) + (italic ? 2 : 0)]!.getAdvanceWidth(line, size);
  // A limited label is drawn cut to its limit (Vega truncates it with this same function).
  return item.limit && item.limit > 0 ? Math.min(width, item.limit) : width;
}

/**
 * Makes Vega lay charts out with the real widths of the font they are drawn in, not its
 * estimate (0.8 em a character, far wider than DejaVu's ~0.55): titles, legends and labels
 * then take the room they need and no more. Idempotent.
 */
export function measureTextWithChartFonts(): void {
  // Vega exports its text metrics for this (vl-convert does the same) but does not type them.
  const { textMetrics } = vega as unknown as {
    textMetrics: { width: (item: TextItem, text: unknown) => number };
  };
  textMetrics.width = chartTextWidth;
}
