import { Resvg } from '@resvg/resvg-js';
import { logger, parse, View, Warn } from 'vega';
import { compile, type TopLevelSpec } from 'vega-lite';
import { FONT_FILES, measureTextWithChartFonts } from './chart-fonts.ts';
import { CHART_FONT } from './chart-theme.ts';

export { FONT_FILES };

/** Options of {@link renderSvg}. */
export interface RenderOptions {
  /** Called with each Vega-Lite or Vega warning (default: warnings are dropped). */
  readonly onWarning?: (message: string) => void;
}

/**
 * A Vega-Lite spec drawn as a standalone SVG document, in Node with no canvas package: text is
 * measured with the chart font's own metrics (see chart-fonts.ts). Rejects when Vega reports
 * an error. Takes tens of milliseconds.
 * @example (await renderSvg(lineChart({ title: 'Odds', rows: [{ challenge: 1, winChance: 0.5 }], x: challengeField('challenge'), y: percentField('winChance', 'Win chance') }))).startsWith('<svg') // true
 */
export async function renderSvg(spec: TopLevelSpec, options: RenderOptions = {}): Promise<string> {
  const errors: string[] = [];
  const handler = (method: string, _level: string, args: unknown[]) => {
    const message = args.map(String).join(' ');
    if (method === 'error') errors.push(message);
    else options.onWarning?.(message);
  };
  const log = logger(Warn, undefined, handler);
  measureTextWithChartFonts();
  // Vega tags every data row it reads (Symbol(vega_id)); it works on a copy, so the spec is
  // left as it was, and what is drawn is exactly what a .vl.json file of the spec holds.
  const copy = JSON.parse(JSON.stringify(spec)) as TopLevelSpec;
  const vega = compile(copy, { logger: log }).spec;
  const view = new View(parse(vega), { renderer: 'none', logger: log });
  try {
    const svg = await view.toSVG();
    if (errors.length) throw new Error(`vega could not draw the chart: ${errors.join('; ')}`);
    return svg;
  } finally {
    view.finalize();
  }
}

/**
 * An SVG drawn as a PNG at `scale` times its size, with DejaVu Sans from npm and no system
 * fonts, so every machine draws the same pixels (resvg silently draws no text at all when it
 * finds no font). Takes tens of milliseconds for a chart.
 */
export function svgToPng(svg: string, scale = 2): Buffer {
  const resvg = new Resvg(svg, {
    fitTo: { mode: 'zoom', value: scale },
    background: 'white',
    font: {
      fontFiles: [...FONT_FILES],
      loadSystemFonts: false,
      defaultFontFamily: CHART_FONT,
      sansSerifFamily: CHART_FONT,
    },
  });
  return resvg.render().asPng();
}
