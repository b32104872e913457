import { type Remote, wrap } from 'comlink';
import type { ChartApi } from './chart-worker.ts';
import ChartWorker from './chart-worker.ts?worker&inline';

let charts: Remote<ChartApi> | undefined;

/**
 * A Vega-Lite spec drawn as SVG text by the chart worker, started the first time a chart is
 * shown (the page's main thread never runs Vega).
 */
export function drawChart(spec: Parameters<ChartApi['draw']>[0]): Promise<string> {
  charts ??= wrap<ChartApi>(new ChartWorker());
  return charts.draw(spec);
}
