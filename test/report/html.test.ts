import { describe, expect, it } from 'vitest';
import { formatPercent } from '../../src/format/format-percent.ts';
import { InputError } from '../../src/input/input-error.ts';
import { chartFileNames } from '../../src/report/chart-file-names.ts';
import { challengeField, percentField } from '../../src/report/charts/chart-field.ts';
import { heatmap } from '../../src/report/charts/heatmap.ts';
import type { Column } from '../../src/report/column.ts';
import {
  MIN_CHART_SCALE,
  OPEN_TABLE_ROWS,
  type ReportSection,
  reportPage,
} from '../../src/report/html.ts';
import { renderSvg } from '../../src/report/render.ts';
import { tableCells } from '../../src/report/table-cells.ts';
import { type OddsRow, oddsRows } from './chart-rows.ts';

const columns: Column<OddsRow>[] = [
  { key: 'pool', header: 'Pool <dice>' },
  { key: 'challenge', header: 'C' },
  { key: 'winChance', header: 'Win chance', format: (p) => formatPercent(p) },
];
const table = tableCells<OddsRow>(columns, oddsRows);

const simple: ReportSection = {
  id: 'odds',
  title: 'Which pool & which <Challenge>?',
  description: 'Pools "as rolled", it\'s exact.',
  links: [
    { label: 'CSV', href: 'odds.csv' },
    { label: 'Spec', href: 'odds by pool.vl.json' },
  ],
  table,
};

describe('reportPage', () => {
  it('is one HTML document with a title, intro and table of contents', () => {
    const html = reportPage({ title: "Zi'Dara <odds>", intro: 'A & B', sections: [simple] });
    expect(html.startsWith('<!DOCTYPE html>\n<html lang="en">')).toBe(true);
    expect(html).toContain('<title>Zi&#39;Dara &lt;odds&gt;</title>');
    expect(html).toContain('<h1>Zi&#39;Dara &lt;odds&gt;</h1>');
    expect(html).toContain('<p class="intro">A &amp; B</p>');
    expect(html).toContain(
      '<li><a href="#odds">Which pool &amp; which &lt;Challenge&gt;?</a></li>',
    );
    expect(html).toContain('<section id="odds">');
    expect(html).toContain('<p>Pools &quot;as rolled&quot;, it&#39;s exact.</p>');
  });

  it('heads a labelled section with its label over its question, both in the contents, and says what the page is about', () => {
    const html = reportPage({
      title: 'T',
      about: ['A <scenario> & "its" point'],
      sections: [{ ...simple, label: 'odds: Sir <B> & "co" vs a Warden' }],
    });
    expect(html).toContain(
      '<h1>T</h1>\n<p class="intro">A &lt;scenario&gt; &amp; &quot;its&quot; point</p>',
    );
    expect(html).toContain(
      '<h2>odds: Sir &lt;B&gt; &amp; &quot;co&quot; vs a Warden</h2>\n<h3>Which pool &amp; which &lt;Challenge&gt;?</h3>',
    );
    expect(html).toContain(
      '<li><a href="#odds">odds: Sir &lt;B&gt; &amp; &quot;co&quot; vs a Warden — Which pool &amp; which &lt;Challenge&gt;?</a></li>',
    );
  });

  it('escapes every text it is given: no raw < from the data reaches the page', () => {
    const html = reportPage({ title: '<script>alert(1)</script>', sections: [simple] });
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<dice>');
    expect(html).toContain('<th scope="col">Pool &lt;dice&gt;</th>');
  });

  it('links to the section files by relative, URL-encoded paths', () => {
    const html = reportPage({ title: 'T', sections: [simple] });
    expect(html).toContain(
      '<a href="odds.csv">CSV</a> · <a href="odds%20by%20pool.vl.json">Spec</a>',
    );
    for (const href of [
      'https://example.com/x.csv',
      '/etc/passwd',
      '//cdn.example/x',
      'javascript:alert(1)',
    ])
      expect(() =>
        reportPage({ title: 'T', sections: [{ ...simple, links: [{ label: 'x', href }] }] }),
      ).toThrow(/not a relative path/);
  });

  it('writes the table with numbers right-aligned', () => {
    const html = reportPage({ title: 'T', sections: [simple] });
    expect(html).toContain('<th scope="col" class="num">C</th>');
    expect(html).toContain(
      '<tr><td>d12 d4</td><td class="num">1</td><td class="num">85.0%</td></tr>',
    );
    expect(html.match(/<tr>/g)).toHaveLength(oddsRows.length + 1);
  });

  it('folds a long table under its chart, keeps a short one open', () => {
    const rows = Array.from({ length: OPEN_TABLE_ROWS + 1 }, (_, i) => ({
      pool: `d${i}`,
      challenge: 1,
      winChance: 0.5,
      lower: 0.4,
      upper: 0.6,
    }));
    const fold = (n: number) =>
      reportPage({
        title: 'T',
        sections: [{ ...simple, table: tableCells<OddsRow>(columns, rows.slice(0, n)) }],
      });
    expect(fold(OPEN_TABLE_ROWS + 1)).toContain(
      `<details class="table-rows"><summary>The table: ${OPEN_TABLE_ROWS + 1} rows</summary>`,
    );
    expect(fold(OPEN_TABLE_ROWS)).not.toContain('<details');
  });

  it('needs nothing from the network: no scripts, stylesheets, images or fonts to fetch', () => {
    const html = reportPage({ title: 'T', sections: [simple] });
    expect(html).not.toMatch(/<(script|link|img|iframe|object)\b/i);
    expect(html).not.toMatch(/\bsrc=|@import|@font-face|url\(\s*['"]?(https?:)?\/\//i);
    expect(html).toContain(
      `content="default-src 'none'; style-src 'unsafe-inline'; img-src data:"`,
    );
  });

  it('inlines each chart with its ids made unique to its section', async () => {
    const spec = heatmap<OddsRow>({
      title: 'Which pool wins most at each Challenge?',
      rows: oddsRows,
      x: challengeField('challenge'),
      y: { field: 'pool', title: 'Pool' },
      value: percentField('winChance', 'Win chance'),
    });
    const svg = await renderSvg(spec);
    const ids = [...svg.matchAll(/\bid="([^"]+)"/g)].map((m) => m[1]);
    expect(ids.length).toBeGreaterThan(0); // the colour legend's gradient
    const html = reportPage({
      title: 'T',
      sections: [
        { id: 'first', title: 'A', svg: `<?xml version="1.0"?>\n${svg}` },
        { id: 'second', title: 'B', svg },
      ],
    });
    expect(html).not.toContain('<?xml');
    const all = [...html.matchAll(/\bid="([^"]+)"/g)].map((m) => m[1]);
    expect(new Set(all).size).toBe(all.length);
    for (const id of ids) {
      expect(html).toContain(`id="first-${id}"`);
      expect(html).toContain(`url(#second-${id})`);
      expect(html).not.toContain(`url(#${id})`);
    }
    expect(html.match(/<svg\b/g)).toHaveLength(2);
  });

  it('gives each chart a least width, MIN_CHART_SCALE of its own, so a phone does not shrink its text away', () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="783" height="648"><rect/></svg>';
    const styled = '<svg xmlns="http://www.w3.org/2000/svg" style="color: red" width="100"></svg>';
    const html = reportPage({
      title: 'T',
      sections: [
        { id: 'wide', title: 'A', svg },
        { id: 'styled', title: 'B', svg: styled },
      ],
    });
    expect(MIN_CHART_SCALE).toBe(0.8);
    expect(html).toContain(
      '<figure class="chart"><svg style="min-width: 626px" xmlns="http://www.w3.org/2000/svg" width="783"',
    );
    expect(html).toContain(`<figure class="chart">${styled}</figure>`); // its own style is kept
  });

  it('refuses duplicate or odd section ids and non-SVG charts', () => {
    expect(() => reportPage({ title: 'T', sections: [simple, simple] })).toThrow(/used twice/);
    expect(() => reportPage({ title: 'T', sections: [{ id: 'a b', title: 'x' }] })).toThrow(
      /anchor/,
    );
    expect(() =>
      reportPage({ title: 'T', sections: [{ id: 'a', title: 'x', svg: '<p>' }] }),
    ).toThrow(/SVG/);
  });

  it('has no table of contents when there are no sections', () => {
    expect(reportPage({ title: 'Empty', sections: [] })).not.toContain('<nav');
  });
});

describe('chartFileNames', () => {
  it('names the four files of a chart', () => {
    expect(chartFileNames('win-by-challenge')).toEqual({
      csv: 'win-by-challenge.csv',
      vlJson: 'win-by-challenge.vl.json',
      svg: 'win-by-challenge.svg',
      png: 'win-by-challenge.png',
    });
  });
  it('refuses names that are not a plain file stem', () => {
    for (const bad of ['', '../up', 'a/b', 'a b', '.hidden', 'x..y'])
      expect(() => chartFileNames(bad)).toThrow(InputError);
  });
});
