import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatPercent } from '../../src/format/format-percent.ts';
import { challengeField, percentField } from '../../src/report/charts/chart-field.ts';
import { heatmap } from '../../src/report/charts/heatmap.ts';
import { lineChart } from '../../src/report/charts/line-chart.ts';
import { MIN_CHART_SCALE, reportPage } from '../../src/report/html.ts';
import { renderSvg } from '../../src/report/render.ts';
import { tableCells } from '../../src/report/table-cells.ts';
import { launchTestBrowser, type TestBrowser } from './browser.ts';
import { type OddsRow, oddsRows } from './chart-rows.ts';

let browser: TestBrowser;
let dir: string;

beforeAll(async () => {
  [browser, dir] = await Promise.all([
    launchTestBrowser(),
    mkdtemp(join(tmpdir(), 'dicelab-page-')),
  ]);
});
afterAll(async () => {
  await browser?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function pageAt(name: string, html: string): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, html);
  return pathToFileURL(path).href;
}

describe('a report page in Chromium', () => {
  it('shows every chart with a size, with no console error and no request leaving the page', async () => {
    const [line, heat] = await Promise.all([
      renderSvg(
        lineChart<OddsRow>({
          title: 'How does the win chance fall as the Challenge rises?',
          rows: oddsRows,
          x: challengeField('challenge'),
          y: percentField('winChance', 'Win chance'),
          color: { field: 'pool', title: 'Pool' },
        }),
      ),
      renderSvg(
        heatmap<OddsRow>({
          title: 'Which pool wins most at each Challenge?',
          rows: oddsRows,
          x: challengeField('challenge'),
          y: { field: 'pool', title: 'Pool' },
          value: percentField('winChance', 'Win chance'),
        }),
      ),
    ]);
    const table = tableCells<OddsRow>(
      [
        { key: 'pool', header: 'Pool' },
        { key: 'challenge', header: 'Challenge' },
        { key: 'winChance', header: 'Win chance', format: (p) => formatPercent(p) },
      ],
      oddsRows,
    );
    const html = reportPage({
      title: "Zi'Dara odds",
      intro: 'Two charts for the browser test.',
      sections: [
        {
          id: 'by-challenge',
          title: 'How does the win chance fall?',
          svg: line,
          table,
          links: [{ label: 'CSV', href: 'by-challenge.csv' }],
        },
        { id: 'heatmap', title: 'Which pool wins most?', svg: heat, table },
      ],
    });
    const report = await browser.check(await pageAt('index.html', html));
    expect(report.consoleErrors).toEqual([]);
    expect(report.pageErrors).toEqual([]);
    expect(report.outsideRequests).toEqual([]);
    expect(report.failedRequests).toEqual([]);
    expect(report.sections.map((s) => s.id)).toEqual(['by-challenge', 'heatmap']);
    for (const section of report.sections) {
      expect(section.charts).toHaveLength(1);
      const [chart] = section.charts;
      expect(chart!.visible).toBe(true);
      expect(chart!.width).toBeGreaterThan(300);
      expect(chart!.height).toBeGreaterThan(200);
    }
  });

  it('keeps a chart readable on a phone: shrunk no further than MIN_CHART_SCALE, scrolled sideways', async () => {
    const svg = await renderSvg(
      lineChart<OddsRow>({
        title: 'How does the win chance fall as the Challenge rises?',
        rows: oddsRows,
        x: challengeField('challenge'),
        y: percentField('winChance', 'Win chance'),
        color: { field: 'pool', title: 'Pool' },
      }),
    );
    const width = Number(/width="([\d.]+)"/.exec(svg)![1]);
    const html = reportPage({ title: 'T', sections: [{ id: 'odds', title: 'Q?', svg }] });
    const opened = await browser.open(await pageAt('phone.html', html), {
      viewport: { width: 375, height: 800 },
    });
    try {
      const shown = await opened.page.evaluate(() => {
        const figure = document.querySelector('figure.chart')!;
        return {
          chart: figure.querySelector('svg')!.getBoundingClientRect().width,
          figure: { scroll: figure.scrollWidth, client: figure.clientWidth },
          page: document.documentElement.scrollWidth,
        };
      });
      expect(width).toBeGreaterThan(600);
      expect(shown.chart).toBeCloseTo(Math.round(width * MIN_CHART_SCALE), 0); // not 335 px: 5 px text
      expect(shown.figure.scroll).toBeGreaterThan(shown.figure.client); // the chart scrolls…
      expect(shown.page).toBe(375); // …the page does not
      expect(opened.trouble().consoleErrors).toEqual([]);
    } finally {
      await opened.close();
    }
  });

  it('reports hidden charts, console errors and requests that try to leave the page', async () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100"><rect width="200" height="100"/></svg>';
    const html = `<!DOCTYPE html><html><head><title>bad</title></head><body>
      <section id="shown">${svg}</section>
      <section id="hidden" style="display:none">${svg}</section>
      <section id="empty"><svg xmlns="http://www.w3.org/2000/svg" width="0" height="0"></svg></section>
      <img src="http://cdn.example.invalid/logo.png" alt="">
      <script>console.error('boom')</script>
    </body></html>`;
    const report = await browser.check(await pageAt('bad.html', html));
    expect(report.sections).toEqual([
      { id: 'shown', charts: [{ width: 200, height: 100, visible: true }] },
      { id: 'hidden', charts: [{ width: 0, height: 0, visible: false }] },
      { id: 'empty', charts: [{ width: 0, height: 0, visible: false }] },
    ]);
    expect(report.consoleErrors).toContain('boom');
    expect(report.outsideRequests).toEqual(['http://cdn.example.invalid/logo.png']);
    expect(report.failedRequests).toHaveLength(1);
  });

  it('open() records what a page and its workers ask from outside, and their console errors', async () => {
    const html = `<!DOCTYPE html><html><head><title>bad</title></head><body>
      <img src="http://cdn.example.invalid/logo.png" alt="">
      <script>
        const code = "fetch('http://api.example.invalid/odds').catch(() => console.error('worker: no network'));";
        new Worker(URL.createObjectURL(new Blob([code], { type: 'text/javascript' })));
        console.error('boom');
      </script>
    </body></html>`;
    const opened = await browser.open(await pageAt('open.html', html));
    try {
      await opened.page.waitForTimeout(1000);
      const trouble = opened.trouble();
      expect([...trouble.outsideRequests].sort()).toEqual([
        'http://api.example.invalid/odds',
        'http://cdn.example.invalid/logo.png',
      ]);
      expect(trouble.consoleErrors).toContain('boom');
    } finally {
      await opened.close();
    }
  });
});
