import { describe, expect, it } from 'vitest';
import {
  COMPARE_CSV_COLUMNS,
  compareChart,
  compareColumns,
  formatPosition,
  systemName,
} from '../../src/report/compare-chart.ts';
import { renderSvg } from '../../src/report/render.ts';
import { formatTable } from '../../src/report/table.ts';
import { analysisOutput } from '../../src/report/zidara/analysis-output.ts';
import { DEFAULT_REPORT } from '../../src/report/zidara/default-report.ts';
import { COMPARED_SYSTEMS, compareSystems } from '../../src/systems/compare.ts';
import { runAnalysis } from '../../src/systems/run-analysis.ts';
import { validateVegaLite } from './vega-lite-schema.ts';

const context = { challenge: 3, tn: 2, pool: 'natural', setup: {} } as const;
const rows = compareSystems();
const spec = compareChart(rows, context);

/** The spec as a plain object, for looking inside. */
const json = JSON.parse(JSON.stringify(spec));

describe('compareChart', () => {
  it('is a valid Vega-Lite spec, also with a wider span and other settings', () => {
    expect(validateVegaLite(spec)).toEqual([]);
    const other = { challenge: 5, tn: 3, pool: 'best', setup: { resolve: 1 } } as const;
    expect(validateVegaLite(compareChart(compareSystems({ ...other, span: 3 }), other))).toEqual(
      [],
    );
  });

  it('asks its question and states the anchors and the mapping below it', () => {
    expect(json.title.text).toBe("How steep is each system's curve around ordinary competence?");
    const subtitle = json.title.subtitle.join('\n');
    expect(subtitle).toContain("Zi'Dara 5 steps vs C3 (d6)");
    expect(subtitle).toContain('d6 stat 3');
    expect(subtitle).toContain('ring 2 + skill 1 vs TN 2');
    expect(subtitle).toContain('Aura 5 of 5');
  });

  it('says where a line stops short because its system has no such competence', () => {
    // The d6 pool's stats are 1..4: stat 3 + 2 is none, so its line ends at +1.
    expect(rows.some((r) => r.system === 'd6-pool' && r.position === 2)).toBe(false);
    expect(json.title.subtitle[1]).toBe(
      'Where a line stops, its system has no such competence: d6 pool at +2',
    );
    const wide = compareChart(compareSystems({ span: 3 }), context) as {
      title: { subtitle: string[] };
    };
    expect(wide.title.subtitle[1]).toBe(
      'Where a line stops, its system has no such competence: d6 pool at −3, +2, +3 · Ring and Skill at −3',
    );
    const whole = compareChart(
      rows.filter((r) => r.system !== 'd6-pool'),
      context,
    ) as { title: { subtitle: string[] } };
    expect(whole.title.subtitle.join('\n')).not.toContain('Where a line stops');
  });

  it('draws three panels (full, partial, failure) with one line per system, ordinary marked', () => {
    expect(json.facet.column.sort).toEqual([
      'Full success',
      'Partial (mixed, cost, paid)',
      'Failure',
    ]);
    const lines = json.spec.layer[1];
    expect(lines.mark.type).toBe('line');
    expect(lines.encoding.color.scale.domain).toEqual(
      COMPARED_SYSTEMS.map((s) => systemName(s, context)),
    );
    expect(lines.encoding.y.scale.domain).toEqual([0, 1]);
    expect(lines.encoding.x.axis.values).toEqual([-2, -1, 0, 1, 2]);
    expect(json.spec.layer[0].mark.type).toBe('rule');
    // A point per row and band, except the partial band of the systems that have none (the d12
    // safe roll, Ring and Skill): a flat 0% line there would hide another system's.
    const none = new Set(['d12-action', 'ring-skill']);
    expect(rows.filter((r) => none.has(r.system)).every((r) => r.partial === 0)).toBe(true);
    expect(json.data.values).toHaveLength(
      rows.reduce((n, r) => n + (none.has(r.system) ? 2 : 3), 0),
    );
    const partialLines = new Set(
      json.data.values
        .filter((v: { band: string }) => v.band.startsWith('Partial'))
        .map((v: { system: string }) => v.system),
    );
    expect([...partialLines]).toHaveLength(COMPARED_SYSTEMS.length - none.size);
    const d6 = json.data.values.filter((v: { level: string }) => v.level === 'stat 3') as {
      band: string;
      chance: number;
    }[];
    expect(d6.map((v) => [v.band, v.chance])).toEqual([
      ['Full success', 7 / 27],
      ['Partial (mixed, cost, paid)', 4 / 9],
      ['Failure', 8 / 27],
    ]);
  });

  it('renders with its text: the question, the panels, "ordinary" on the axis', async () => {
    const svg = await renderSvg(spec);
    expect(svg).toContain('How steep is each system');
    expect(svg).toContain('>Full success<');
    expect(svg).toContain('>ordinary<');
    expect(svg).toContain('>d6 pool: stat<');
  });

  it('tables name the systems and show positions from ordinary', () => {
    expect(formatPosition(0)).toBe('0 (ordinary)');
    expect(formatPosition(2)).toBe('+2');
    expect(formatPosition(-1)).toBe('−1');
    const text = formatTable(compareColumns(context), rows);
    expect(text).toMatch(/^d6 pool: stat\s+stat 3\s+0 \(ordinary\)\s+25\.9%\s+44\.4%\s+29\.6%$/m);
    expect(COMPARE_CSV_COLUMNS.map((c) => c.key)).toEqual([
      'system',
      'level',
      'position',
      'full',
      'partial',
      'failure',
    ]);
  });
});

describe('the compare-systems report job', () => {
  it('is in the default report (its time: npm run bench)', () => {
    const job = DEFAULT_REPORT.find((j) => j.analysis === 'compare-systems');
    expect(job).toBeDefined();
    const output = analysisOutput(runAnalysis(job!));
    expect(output.rows).toEqual(rows);
    expect(output.title).toBe("How steep is each system's curve around ordinary competence?");
    expect(output.findings[0]).toContain('d6 pool (stat 3) 25.9% / 44.4% / 29.6%');
    expect(output.findings[1]).toMatch(
      /^Per point of competence around ordinary, full success moves \+/,
    );
    expect(validateVegaLite(output.spec)).toEqual([]);
  });
});
