import { type Remote, wrap } from 'comlink';
import type { ChartApi } from './chart-worker.ts';

let charts: Promise<Remote<ChartApi>> | undefined;

/**
 * A Vega-Lite spec drawn as SVG text by the chart worker, started the first time a chart is
 * shown (the page's main thread never runs Vega). Vega is most of the page's bytes: the site
 * fetches its worker's chunk only then too (the single file holds it, evaluated only then).
 */
export function drawChart(spec: Parameters<ChartApi['draw']>[0]): Promise<string> {
  charts ??= import('./chart-worker.ts?worker&inline').then(({ default: ChartWorker }) =>
    wrap<ChartApi>(new ChartWorker()),
  );
  return charts.then((chart) => chart.draw(spec));
}
