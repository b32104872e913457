// The page's chart worker: Vega draws a Vega-Lite spec as SVG text here, off the main thread
// (compiling and drawing a chart holds a thread for 100 ms and more); the page only inserts
// the SVG. Vite inlines it into the page as a blob, like the engine's worker.
import { expose } from 'comlink';
import * as vega from 'vega';
import { compile, type TopLevelSpec } from 'vega-lite';

/** What Vega passes its text-width function: a text mark's item. */
interface TextItem {
  readonly fontSize?: number | string;
  readonly limit?: number;
}

// A worker has no document, so Vega would guess text widths (0.8 em a character); an
// OffscreenCanvas measures them in the page's own fonts, so labels fit as drawn.
const { textMetrics, font } = vega as unknown as {
  textMetrics: { width: (item: TextItem, text: unknown) => number };
  font: (item: TextItem) => string;
};
const measure = new OffscreenCanvas(1, 1).getContext('2d');
if (measure) {
  textMetrics.width = (item, text) => {
    const line = text == null ? '' : String(text).trim();
    const size = item.fontSize != null ? Number(item.fontSize) || 0 : 11;
    if (size <= 0 || line === '') return 0;
    measure.font = font(item);
    const width = measure.measureText(line).width;
    // A limited label is drawn cut to its limit (Vega truncates it with this same function).
    return item.limit && item.limit > 0 ? Math.min(width, item.limit) : width;
  };
}

const charts = {
  /** The chart as a standalone SVG document; rejects with Vega's errors. */
  async draw(spec: TopLevelSpec): Promise<string> {
    const errors: string[] = [];
    const logger = vega.logger(vega.Warn, undefined, (method, _level, args: unknown[]) => {
      if (method === 'error') errors.push(args.map(String).join(' '));
    });
    const view = new vega.View(vega.parse(compile(spec, { logger }).spec), {
      renderer: 'none',
      logger,
    });
    try {
      const svg = await view.toSVG();
      if (errors.length) throw new Error(errors.join('; '));
      return svg;
    } finally {
      view.finalize();
    }
  },
};

/** What the main thread can call (each returns a promise there). */
export type ChartApi = typeof charts;

expose(charts);
