import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { percentField } from '../../src/report/charts/chart-field.ts';
import { lineChart } from '../../src/report/charts/line-chart.ts';
import { FONT_FILES, renderSvg, svgToPng } from '../../src/report/render.ts';
import { type OddsRow, oddsRows } from './chart-rows.ts';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const spec = lineChart<OddsRow>({
  title: 'How does the win chance fall?',
  rows: oddsRows,
  x: { field: 'challenge', title: 'Challenge', format: 'd' },
  y: percentField('winChance', 'Win chance'),
  color: { field: 'pool', title: 'Pool' },
});

/** Width and height of a PNG, from its IHDR chunk. */
function pngSize(png: Buffer): [number, number] {
  return [png.readUInt32BE(16), png.readUInt32BE(20)];
}

function textSvg(text: string, font = 'DejaVu Sans'): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="40"><text x="4" y="28" font-family="${font}" font-size="20">${text}</text></svg>`;
}

describe('renderSvg', () => {
  it('draws a standalone SVG with the title, axis titles, labels and legend in DejaVu Sans', async () => {
    const svg = await renderSvg(spec);
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg).toContain('xmlns="http://www.w3.org/2000/svg"');
    for (const text of [
      'How does the win chance fall?',
      'Challenge',
      'Win chance',
      'Pool',
      '50%',
      'd8 d8',
    ])
      expect(svg).toContain(`>${text}</text>`);
    expect(svg).toContain('font-family="DejaVu Sans"');
    expect(svg).not.toMatch(/font-family="(sans-serif|Helvetica)/);
  });

  it('leaves the spec and its rows untouched', async () => {
    const before = JSON.stringify(spec);
    await renderSvg(spec);
    expect(JSON.stringify(spec)).toBe(before);
    const row = (spec.data as { values: object[] }).values[0]!;
    expect(Object.getOwnPropertySymbols(row)).toEqual([]);
  });

  it('passes Vega-Lite warnings to onWarning', async () => {
    const warnings: string[] = [];
    const bad = {
      ...spec,
      encoding: {
        ...(spec as { encoding: object }).encoding,
        size: { field: 'nowhere', type: 'quantitative' },
      },
    };
    await renderSvg(bad as typeof spec, { onWarning: (w) => warnings.push(w) });
    expect(warnings.length).toBeGreaterThan(0);
  });

  it('rejects a spec Vega cannot draw', async () => {
    await expect(
      renderSvg({
        data: { values: [] },
        mark: 'point',
        encoding: { x: { field: 'a', type: 'nonsense' } },
      } as never),
    ).rejects.toThrow();
  });
});

describe('svgToPng', () => {
  it('finds its fonts in the dejavu-fonts-ttf package', () => {
    expect(FONT_FILES.length).toBeGreaterThan(0);
    for (const file of FONT_FILES) expect(existsSync(file), file).toBe(true);
  });

  it('draws a PNG at twice the SVG size by default', async () => {
    const svg = await renderSvg(spec);
    const [w, h] = [Number(/width="(\d+)"/.exec(svg)![1]), Number(/height="(\d+)"/.exec(svg)![1])];
    const png = svgToPng(svg);
    expect(png.subarray(0, 8)).toEqual(PNG_SIGNATURE);
    expect(pngSize(png)).toEqual([2 * w, 2 * h]);
    expect(pngSize(svgToPng(svg, 1))).toEqual([w, h]);
  });

  it('really draws text (resvg draws none, silently, when it finds no font)', () => {
    // A blank white image compresses to almost nothing; one line of glyphs does not.
    const blank = svgToPng(textSvg(''), 1).length;
    const drawn = svgToPng(textSvg('C3 (d6) 62.3%'), 1).length;
    expect(drawn).toBeGreaterThan(blank + 200);
    // Text in a font that is not loaded falls back to DejaVu Sans, not to nothing.
    expect(svgToPng(textSvg('C3 (d6) 62.3%', 'Nonexistent Font'), 1).length).toBeGreaterThan(
      blank + 200,
    );
  });

  it('draws the same bytes every time', async () => {
    const svg = await renderSvg(spec);
    expect(svgToPng(svg).equals(svgToPng(svg))).toBe(true);
  });
});
