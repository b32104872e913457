import { parse, View } from 'vega';
import { compile, type TopLevelSpec } from 'vega-lite';
import { describe, expect, it } from 'vitest';
import { CHALLENGE_LABEL_EXPR } from '../../src/report/challenge-label.ts';
import { measureTextWithChartFonts } from '../../src/report/chart-fonts.ts';
import { CATEGORY_COLOURS, CHART_FONT, chartTheme } from '../../src/report/chart-theme.ts';
import { barChart } from '../../src/report/charts/bar-chart.ts';
import { challengeField, percentField } from '../../src/report/charts/chart-field.ts';
import { heatmap } from '../../src/report/charts/heatmap.ts';
import { lineChart } from '../../src/report/charts/line-chart.ts';
import { scatterChart } from '../../src/report/charts/scatter-chart.ts';
import { renderSvg } from '../../src/report/render.ts';
import { challengeName } from '../../src/systems/zidara/roll/notation.ts';
import { frontierRows, type OddsRow, oddsRows, poolCostRows } from './chart-rows.ts';
import { validateVegaLite } from './vega-lite-schema.ts';

const pool = { field: 'pool', title: 'Pool' } as const;

/** Every builder, in each of its shapes. */
const specs: Record<string, TopLevelSpec> = {
  'line chart': lineChart<OddsRow>({
    title: 'How does the win chance fall as the Challenge rises?',
    rows: oddsRows,
    x: challengeField('challenge'),
    y: percentField('winChance', 'Win chance'),
    color: pool,
  }),
  'line chart with a band, no colour, no points': lineChart<OddsRow>({
    title: 'How sure is the simulation?',
    subtitle: '95% interval',
    rows: oddsRows.filter((r) => r.pool === 'd6'),
    x: { field: 'challenge', title: 'Challenge', format: 'd' },
    y: percentField('winChance', 'Win chance'),
    band: { lower: 'lower', upper: 'upper' },
    points: false,
    width: 300,
    height: 200,
  }),
  heatmap: heatmap<OddsRow>({
    title: 'Which pool wins most at each Challenge?',
    rows: oddsRows,
    x: challengeField('challenge'),
    y: { ...pool, sort: 'descending' },
    value: percentField('winChance', 'Win chance'),
  }),
  'heatmap without labels': heatmap<OddsRow>({
    title: 'Q?',
    rows: oddsRows,
    x: challengeField('challenge'),
    y: pool,
    value: { field: 'winChance', title: 'Win chance' },
    labels: false,
  }),
  'bar chart': barChart<OddsRow>({
    title: 'How often does each pool beat C3?',
    rows: oddsRows.filter((r) => r.challenge === 3),
    category: { ...pool, sort: 'data' },
    value: percentField('winChance', 'Win chance'),
    labels: true,
  }),
  'grouped horizontal bar chart': barChart<OddsRow>({
    title: 'Q?',
    rows: oddsRows,
    category: pool,
    value: percentField('winChance', 'Win chance'),
    color: challengeField('challenge'),
    horizontal: true,
    labels: true,
  }),
  'scatter chart': scatterChart({
    title: 'Which pools are worth their Aura?',
    rows: poolCostRows,
    x: { field: 'auraCost', title: 'Aura spent', format: 'd' },
    y: percentField('winChance', 'Win chance'),
    label: 'pool',
  }),
  'scatter chart with a Pareto frontier': scatterChart({
    title: 'Which pools are worth their Aura?',
    rows: poolCostRows,
    x: { field: 'auraCost', title: 'Aura spent', format: 'd' },
    y: percentField('winChance', 'Win chance'),
    highlight: { rows: frontierRows, name: 'Pareto frontier', label: 'pool' },
  }),
  'scatter chart with colours and highlighted points only': scatterChart({
    title: 'Q?',
    rows: poolCostRows,
    x: { field: 'auraCost', title: 'Aura spent' },
    y: { field: 'winChance', title: 'Win chance' },
    color: pool,
    highlight: { rows: frontierRows, name: 'Best', line: false },
  }),
};

/** Every object in a spec, depth first. */
function* walk(value: unknown): Generator<Record<string, unknown>> {
  if (Array.isArray(value)) for (const v of value) yield* walk(v);
  else if (value && typeof value === 'object') {
    yield value as Record<string, unknown>;
    for (const v of Object.values(value)) yield* walk(v);
  }
}

describe.each(Object.entries(specs))('%s', (_, spec) => {
  it('is valid against the vega-lite JSON schema', () => {
    expect(validateVegaLite(spec)).toEqual([]);
  });

  it('survives JSON (the .vl.json file) unchanged', () => {
    expect(JSON.parse(JSON.stringify(spec))).toEqual(spec);
  });

  it('carries the theme, a title and its data inline', () => {
    expect(spec.config).toEqual(chartTheme);
    expect(spec.config?.font).toBe(CHART_FONT);
    const title = spec.title as { text: string };
    expect(title.text.length).toBeGreaterThan(0);
    expect(spec.data).toMatchObject({ values: expect.any(Array) });
  });

  it('titles every axis and legend it draws', () => {
    for (const node of walk(spec)) {
      for (const guide of ['axis', 'legend'] as const) {
        const g = node[guide] as { title?: unknown } | null | undefined;
        if (g && 'field' in node) expect(typeof g.title).toBe('string');
      }
    }
  });

  it('renders with no Vega-Lite or Vega warning', async () => {
    const warnings: string[] = [];
    const svg = await renderSvg(spec, { onWarning: (w) => warnings.push(w) });
    expect(warnings).toEqual([]);
    expect(svg).toContain((spec.title as { text: string }).text.replace(/'/g, '&#x27;'));
  });
});

describe('the schema check', () => {
  it('rejects specs vega-lite would reject', () => {
    const line = specs['line chart']!;
    expect(validateVegaLite({ ...line, mark: 'pie-ish' })).not.toEqual([]);
    expect(
      validateVegaLite({
        data: { values: [] },
        mark: 'point',
        encoding: { x: { field: 'a', type: 'continuous' } },
      }),
    ).not.toEqual([]);
    expect(validateVegaLite({ ...line, config: { background: 42 } })).not.toEqual([]);
  });
});

describe('chart fields', () => {
  it('percentField labels a fixed 0–100% scale', () => {
    const spec = specs['line chart'] as { layer: { encoding: { y: unknown } }[] };
    expect(spec.layer[0]!.encoding.y).toEqual({
      field: 'winChance',
      type: 'quantitative',
      scale: { domain: [0, 1] },
      axis: { title: 'Win chance', format: '.0%' },
    });
  });

  it('challengeField labels steps as challengeName does, "C3 (d6)", in the SVG too', async () => {
    expect(challengeName(3)).toBe('C3 (d6)');
    expect(challengeName(1)).toBe('C1 (d2)');
    expect(challengeField('challenge')).toEqual({
      field: 'challenge',
      title: 'Challenge',
      type: 'ordinal',
      labelExpr: CHALLENGE_LABEL_EXPR,
    });
    const svg = await renderSvg(specs.heatmap!);
    for (const c of [1, 2, 3, 4]) expect(svg).toContain(`>${challengeName(c)}</text>`);
    expect(svg).not.toContain('C5 (d10)');
  });

  it('a row key with a dot is read as one field, not a path', async () => {
    const spec = barChart({
      title: 'Dots',
      rows: [
        { 'pool.name': 'd6', 'p[0]': 0.25 },
        { 'pool.name': 'd8', 'p[0]': 0.75 },
      ],
      category: { field: 'pool.name', title: 'Pool' },
      value: { field: 'p[0]', title: 'P', format: '.0%' },
      labels: true,
    });
    expect(validateVegaLite(spec)).toEqual([]);
    const warnings: string[] = [];
    const svg = await renderSvg(spec, { onWarning: (w) => warnings.push(w) });
    expect(warnings).toEqual([]);
    expect(svg).toContain('>d8</text>');
    expect(svg).toContain('>75%</text>');
  });
});

/** A box of the laid-out chart, in the plot's coordinates. */
interface Box {
  readonly x1: number;
  readonly x2: number;
  readonly y1: number;
  readonly y2: number;
}

/**
 * The chart laid out as renderSvg lays it out (with the chart font's own widths): the box of
 * each text label and of each legend.
 */
async function layoutBoxes(spec: TopLevelSpec): Promise<{ labels: Box[]; legends: Box[] }> {
  measureTextWithChartFonts();
  const view = new View(parse(compile(structuredClone(spec)).spec), { renderer: 'none' });
  try {
    await view.runAsync();
    type Item = { role: string; marktype: string; bounds: Box; items: { bounds: Box }[] };
    const root = (view.scenegraph() as unknown as { root: { items: { items: Item[] }[] } }).root;
    const groups = root.items[0]!.items;
    return {
      labels: groups
        .filter((g) => g.role === 'mark' && g.marktype === 'text')
        .flatMap((g) => g.items.map((item) => item.bounds)),
      legends: groups.filter((g) => g.role === 'legend').map((g) => g.bounds),
    };
  } finally {
    view.finalize();
  }
}

describe('bar labels', () => {
  it('at the end of horizontal bars keep clear of the legend, even at 100%', async () => {
    // Thin bars, the longest on top, beside where a legend on the right would start.
    const rows = Array.from({ length: 12 }, (_, i) => ({
      split: `split ${i + 1}`,
      intents: 1 + (i % 2),
      p: 1 - i / 20,
    }));
    const { labels, legends } = await layoutBoxes(
      barChart({
        title: 'Q?',
        rows,
        category: { field: 'split', title: 'Split', sort: 'data' },
        value: percentField('p', 'Chance'),
        color: { field: 'intents', title: 'Intents' },
        horizontal: true,
        labels: true,
      }),
    );
    expect(labels).toHaveLength(12);
    expect(legends).toHaveLength(1);
    expect(labels[0]!.x2).toBeGreaterThan(600); // "100%" runs past the plot's right edge…
    const overlap = (a: Box, b: Box) => a.x1 < b.x2 && b.x1 < a.x2 && a.y1 < b.y2 && b.y1 < a.y2;
    for (const label of labels) expect(overlap(label, legends[0]!)).toBe(false); // …clear of the legend
  });
});

describe('heatmap labels', () => {
  it('are white on the dark half of the scale and black on the bright half', () => {
    const spec = specs.heatmap as { layer: { encoding: { color?: unknown } }[] };
    expect(spec.layer[1]!.encoding.color).toEqual({
      condition: { test: 'datum["winChance"] > 0.5', value: 'black' },
      value: 'white',
    });
  });

  it('never round a chance short of certain to 100%, or a possible one to 0%', async () => {
    const rows = [0.998, 0.5, 0.001, 1, 0].map((p, i) => ({ challenge: i + 1, pool: 'd6', p }));
    const svg = await renderSvg(
      heatmap({
        title: 'Chances',
        rows,
        x: challengeField('challenge'),
        y: { field: 'pool', title: 'Pool' },
        value: percentField('p', 'Chance'),
      }),
    );
    const labels = [...svg.matchAll(/>([^<]*%)<\/text>/g)].map((m) => m[1]).slice(0, 5);
    expect(labels).toEqual(['&gt; 99%', '50%', '&lt; 1%', '100%', '0%']);
  });
});

describe('scatter highlight', () => {
  it('joins the highlighted rows in a layer of their own, named in the legend', () => {
    const spec = specs['scatter chart with a Pareto frontier'] as unknown as {
      layer: {
        data?: { values: unknown[] };
        layer?: { mark: { type: string }; encoding: object }[];
      }[];
    };
    const top = spec.layer.at(-1)!;
    expect(top.data?.values).toEqual(frontierRows);
    expect(top.layer?.[0]?.mark.type).toBe('line');
    expect(top.layer?.[0]?.encoding).toEqual({
      color: { datum: 'Pareto frontier', type: 'nominal' },
    });
    expect(frontierRows.map((r) => r.pool)).toEqual(['d4', 'd6', 'd8', 'd12']);
  });
});

describe('the theme', () => {
  it('uses only colour-blind-safe category colours and one font', () => {
    expect(chartTheme.range?.category).toEqual(CATEGORY_COLOURS);
    expect(CATEGORY_COLOURS).toHaveLength(8);
    expect(chartTheme.background).toBe('white');
  });
});
