import { useEffect, useRef, useState } from 'preact/hooks';
import type { TopLevelSpec } from 'vega-lite';
import { drawChart } from './chart-client.ts';

/** Props of {@link VegaChart}. */
export interface VegaChartProps {
  /** A spec from the report's chart builders (src/report): the page only fits it to the screen. */
  readonly spec: TopLevelSpec;
  /** What the chart shows, for screen readers (the table beside it has the figures). */
  readonly label: string;
  /** On a phone, the plot's height as a share of its width (default: the spec's height). */
  readonly aspect?: number;
}

/**
 * A Vega-Lite chart, drawn as SVG by the chart worker (see chart-client.ts) and inserted here.
 * The spec is the report's, fitted to the width of the screen, without its title (the page
 * asks the question above it), and in dark colours when the device prefers them.
 */
export function VegaChart({ spec, label, aspect }: VegaChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const [failure, setFailure] = useState<string | undefined>(undefined);
  const [width, setWidth] = useState<number | undefined>(undefined);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    // Drawn for the box's width, and again when it changes: a phone turned on its side (or
    // back) would otherwise keep a chart too wide for its card, cut off, or half as wide.
    const observer = new ResizeObserver(([entry]) =>
      setWidth(Math.round(entry?.contentRect.width ?? element.clientWidth)),
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  useEffect(() => {
    const element = box.current;
    if (!element || width === undefined) return;
    let live = true;
    const dark = matchMedia('(prefers-color-scheme: dark)').matches;
    drawChart(forScreen(spec, width, dark, aspect)).then(
      (svg) => {
        if (!live) return;
        // Vega's own SVG of the page's own figures (it escapes every text it draws).
        element.innerHTML = svg;
        setFailure(undefined);
      },
      (error: unknown) => {
        if (live) setFailure(error instanceof Error ? error.message : String(error));
      },
    );
    return () => {
      live = false;
    };
  }, [spec, width]);
  return (
    <figure class="chart" role="img" aria-label={label}>
      <div ref={box} class="chart-box" />
      {failure ? (
        <figcaption class="error-text">The chart could not be drawn: {failure}</figcaption>
      ) : null}
    </figure>
  );
}

/** Light text on the page's dark background; the report's own colours otherwise. */
const DARK = {
  text: '#e8e6e3',
  grid: '#3a3a3a',
  domain: '#777777',
  category: [
    '#56B4E9',
    '#E69F00',
    '#009E73',
    '#F0E442',
    '#CC79A7',
    '#D55E00',
    '#0072B2',
    '#FFFFFF',
  ],
};

/** A chart's margins on a phone, in pixels (the report's 12 would take 24 of 300 from the plot). */
const NARROW_PADDING = { top: 4, right: 4, bottom: 4, left: 4 };
/** The right margin on a phone when bar labels run past the plot: a label such as "100.0%". */
const NARROW_LABEL_ROOM = 40;

/** The report's spec fitted to a width, untitled, with the page's colours. */
function forScreen(
  spec: TopLevelSpec,
  width: number,
  dark: boolean,
  aspect: number | undefined,
): TopLevelSpec {
  const { title: _title, ...rest } = spec as TopLevelSpec & { title?: unknown };
  const narrow = width < 560;
  const layers = (
    rest as { layer?: { mark?: { type?: string }; encoding?: Record<string, unknown> }[] }
  ).layer;
  // A bar chart's categories (the splits) name themselves: on a phone their axis's title
  // ("Split") gives its width to the bars.
  const encoding = (
    rest as { encoding?: { y?: { type?: string; axis?: Record<string, unknown> | null } } }
  ).encoding;
  const categories = narrow && encoding?.y?.type === 'nominal' ? encoding.y : undefined;
  // Their bars' labels run past the bars' ends, the longest past the plot: room is kept for it.
  const labelled = categories && layers?.some((layer) => layer.mark?.type === 'text');
  const config = {
    ...(spec.config ?? {}),
    background: 'transparent',
    font: 'system-ui, sans-serif',
    // On a phone the legend goes under the plot, which keeps the width; the margin is thin,
    // and the value axis's title ends where the axis does (centred under a narrow plot, it ran
    // past the chart's edge and was cut).
    ...(narrow
      ? {
          legend: {
            ...spec.config?.legend,
            orient: 'bottom' as const,
            direction: 'vertical' as const,
          },
          padding: { ...NARROW_PADDING, ...(labelled ? { right: NARROW_LABEL_ROOM } : {}) },
          axisX: { ...spec.config?.axisX, titleAnchor: 'end' as const },
        }
      : {}),
  };
  const themed = dark
    ? {
        ...config,
        axis: {
          ...config.axis,
          labelColor: DARK.text,
          titleColor: DARK.text,
          gridColor: DARK.grid,
          domainColor: DARK.domain,
          tickColor: DARK.domain,
        },
        legend: { ...config.legend, labelColor: DARK.text, titleColor: DARK.text },
        // The same colour-blind-safe colours, the light ones first: they read on a dark page.
        range: { ...config.range, category: DARK.category },
        mark: { ...config.mark, color: DARK.category[0] },
        view: { ...config.view, stroke: DARK.grid },
      }
    : config;
  return {
    ...rest,
    // The bar labels carry a fixed dark colour: lighten it on a dark page.
    ...(dark && layers
      ? {
          layer: layers.map((layer) =>
            layer.mark?.type === 'text'
              ? { ...layer, encoding: { ...layer.encoding, color: { value: DARK.text } } }
              : layer,
          ),
        }
      : {}),
    ...(categories
      ? {
          encoding: {
            ...encoding,
            y: { ...categories, axis: { ...categories.axis, title: null } },
          },
        }
      : {}),
    width: Math.max(160, narrow ? width : width - 24),
    ...(narrow && aspect ? { height: Math.round(Math.max(160, width * aspect)) } : {}),
    autosize: { type: 'fit-x', contains: 'padding' },
    config: themed,
  } as TopLevelSpec;
}
