import { Resvg } from '@resvg/resvg-js';
import * as vega from 'vega';
import { describe, expect, it } from 'vitest';
import { FONT_FILES, measureTextWithChartFonts } from '../../src/report/chart-fonts.ts';
import { lineChart } from '../../src/report/charts/line-chart.ts';
import { renderSvg } from '../../src/report/render.ts';
import { type OddsRow, oddsRows } from './chart-rows.ts';

type Width = (item: Record<string, unknown>, text: unknown) => number;
const metrics = (vega as unknown as { textMetrics: { width: Width } }).textMetrics;

/** The ink width resvg draws `text` with at `size` px in DejaVu Sans: an independent measure. */
function inkWidth(text: string, size: number, weight = 'normal'): number {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="4000" height="200"><text x="0" y="150" font-family="DejaVu Sans" font-weight="${weight}" font-size="${size}">${text}</text></svg>`;
  const resvg = new Resvg(svg, { font: { fontFiles: [...FONT_FILES], loadSystemFonts: false } });
  return resvg.getBBox()!.width;
}

describe('chart text widths', () => {
  measureTextWithChartFonts();
  const sentence = 'How many rounds does a 6-step character need?';

  it('agree with what resvg draws in DejaVu Sans, regular and bold', () => {
    for (const weight of ['normal', 'bold']) {
      const measured = metrics.width({ fontSize: 100, fontWeight: weight }, sentence);
      // Advance widths against ink extents: they differ by the side bearings at both ends only.
      expect(Math.abs(measured - inkWidth(sentence, 100, weight))).toBeLessThan(20);
    }
    expect(metrics.width({ fontSize: 10, fontWeight: 'bold' }, sentence)).toBeGreaterThan(
      metrics.width({ fontSize: 10 }, sentence),
    );
  });

  it('scale with the font size, ignore surrounding spaces, and stop at a label limit', () => {
    const at10 = metrics.width({ fontSize: 10 }, sentence);
    expect(metrics.width({ fontSize: 30 }, sentence)).toBeCloseTo(3 * at10, 6);
    expect(metrics.width({ fontSize: 10 }, `  ${sentence} `)).toBeCloseTo(at10, 9);
    expect(metrics.width({ fontSize: 10, limit: 50 }, sentence)).toBe(50);
    expect(metrics.width({ fontSize: 10 }, '')).toBe(0);
  });

  it('make a chart only as wide as its longest line needs (not the 0.8 em estimate)', async () => {
    // Far wider than the plot: the title sets the chart's width (17 px bold in the chart theme).
    const title = 'W'.repeat(10) + 'i'.repeat(200);
    const svg = await renderSvg(
      lineChart<OddsRow>({
        title,
        rows: oddsRows,
        x: { field: 'challenge', title: 'Challenge', format: 'd' },
        y: { field: 'winChance', title: 'Win chance' },
      }),
    );
    const width = Number(/<svg[^>]* width="([\d.]+)"/.exec(svg)![1]);
    const titleWidth = inkWidth(title, 17, 'bold');
    const estimate = 0.8 * title.length * 17;
    expect(width).toBeLessThan(estimate / 2);
    expect(width).toBeGreaterThanOrEqual(titleWidth);
    expect(width).toBeLessThan(titleWidth + 60); // the padding either side
  });
});
