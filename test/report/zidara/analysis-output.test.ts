import { describe, expect, it } from 'vitest';
import { toCsv } from '../../../src/report/csv.ts';
import { analysisOutput } from '../../../src/report/zidara/analysis-output.ts';
import { DEFAULT_REPORT } from '../../../src/report/zidara/default-report.ts';
import { ANALYSIS_NAMES } from '../../../src/systems/analyses.ts';
import { runAnalysis } from '../../../src/systems/run-analysis.ts';
import { SMALL_JOBS } from './small-jobs.ts';

/** RFC 4180 reader, enough for the report's CSV files (quotes, CRLF). */
function readCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  return rows;
}

describe('analysisOutput', () => {
  const outputs = SMALL_JOBS.map((job) => analysisOutput(runAnalysis(job)));

  it.each(outputs.map((o) => [o.analysis, o] as const))(
    '%s: its CSV reads back to the same rows, every number exact',
    (_, output) => {
      const [head, ...body] = readCsv(toCsv(output.csvRows, output.csvColumns));
      expect(head).toEqual(output.csvColumns.map((c) => c.key));
      expect(body).toHaveLength(output.csvRows.length);
      body.forEach((cells, r) => {
        const row = output.csvRows[r]!;
        cells.forEach((cell, c) => {
          const value = row[head![c]!];
          if (typeof value === 'number') expect(Number(cell)).toBe(value);
          else if (value === null) expect(cell).toBe('');
          else expect(cell).toBe(String(value));
        });
      });
      // Every field of a row is in the CSV.
      expect(new Set(head)).toEqual(new Set(Object.keys(output.csvRows[0]!)));
    },
  );

  it('titles, tables and findings answer the question', () => {
    const [split, compare, advantage, fishing, rerolls, tune] = outputs;
    expect(split!.text.split('\n')[0]).toBe(split!.title);
    expect(split!.findings[0]).toMatch(
      /^Best by expected intents won: .+ \(\d\.\d{3} expected wins\), of \d+ splits\.$/,
    );
    expect(compare!.findings).toEqual(['d12 beats d6+d6: 70.8% vs 57.9% (+13.0 pts).']);
    expect(advantage!.findings[0]).toMatch(/^A second die adds \+/);
    expect(fishing!.findings[0]).toMatch(/^Pareto frontier: /);
    expect(rerolls!.findings[0]).toMatch(/^The first Resolve \(optimal rerolls\) adds \+/);
    expect(tune!.findings).toEqual([
      // d8 against d6: 27/48; against d4: 22/32.
      '4 steps: C3 (d6) is nearest 60%: 56.3% with d8 (C2 (d4): 68.8%).',
      '6 steps: C4 (d8) is nearest 60%: 62.5% with d12 (C5 (d10): 54.2%).',
    ]);
    expect(tune!.details).toMatchObject({ target: { winChance: 0.6 } });
    for (const output of outputs) {
      expect(output.table.rows).toHaveLength(output.rows.length);
      expect(output.table.headers.length).toBeGreaterThan(2);
    }
  });

  it('name one step and list fights, whose names hold a comma, apart', () => {
    const tune = analysisOutput(
      runAnalysis({
        analysis: 'tune',
        name: 'tune-1-step',
        options: { steps: [1, 2], challenges: [2, 3, 4] },
        target: { winChance: 0.6, solveFor: 'challenge' },
      }),
    );
    expect(tune.findings[0]).toMatch(/^1 step: C\d \(d\d+\) is nearest 60%: /);
    expect(tune.findings[1]).toMatch(/^2 steps: /);
    const fights = analysisOutput(
      runAnalysis({
        analysis: 'fight-curves',
        name: 'fights',
        options: { steps: 4, tags: [1, 2], challenges: [3], maxRounds: 2 },
      }),
    );
    expect(fights.findings).toHaveLength(1);
    expect(fights.findings[0]).toMatch(
      /^Down within 2 rounds: C3 \(d6\), 1 tag [^;,]+%; C3 \(d6\), 2 tags [^;,]+%\.$/,
    );
  });

  it('titles a tune by the question its target asks: the steps for a Challenge, or the Challenge', () => {
    const tune = (challenges: number[], solveFor?: 'steps' | 'challenge') =>
      analysisOutput(
        runAnalysis({
          analysis: 'tune',
          name: 'tune',
          options: { steps: [1, 2, 3, 4], challenges, auraMax: 0 },
          ...(solveFor ? { target: { winChance: 0.75, solveFor } } : {}),
        }),
      );
    // Before, each read "Which Challenge suits a character of each step count?".
    const steps = tune([4], 'steps');
    expect(steps.title).toBe('How many steps does a character need against C4 (d8)?');
    // The chart's title, the table's first line and a report's heading are the same words.
    expect((steps.spec.title as { text: string }).text).toBe(steps.title);
    expect(steps.text.split('\n')[0]).toBe(steps.title);
    expect(tune([3, 4], 'steps').title).toBe(
      'How many steps does a character need against each Challenge?',
    );
    for (const grid of [tune([4], 'challenge'), tune([4])])
      expect(grid.title).toBe('Which Challenge suits a character of each step count?');
  });

  it("says the unsplit pool of the tune's own steps, never 8 steps' as an example", () => {
    const natural = (steps: number[]) =>
      analysisOutput(
        runAnalysis({
          analysis: 'tune',
          name: 'tune',
          options: { steps, challenges: [2], pool: 'natural' },
        }),
      );
    // Before, each read "Win chance of the unsplit pool (8 steps: d12+d4)".
    const three = natural([3]);
    expect(three.subtitle[0]).toBe('Win chance of the unsplit pool (3 steps: d6)');
    expect(three.description).toMatch(/^The win chance of the unsplit pool \(3 steps: d6\) for /);
    expect(natural([1, 4, 12]).subtitle[0]).toBe(
      'Win chance of the unsplit pool (1 step: d2 to 12 steps: d12+d12)',
    );
  });

  it("says which legal pools a splits table leaves out, past one exact roll's dice", () => {
    const splits = (steps: number, actions: number) =>
      analysisOutput(
        runAnalysis({
          analysis: 'splits',
          name: `splits-${steps}`,
          options: { steps, actions, challenge: 3, intents: [1] },
        }),
      ).findings;
    expect(splits(13, 12)).toHaveLength(2);
    expect(splits(13, 12)[1]).toBe(
      '1 legal pool has more than 12 dice, past one exact roll (d2 d2 d2 d2 d2 d2 d2 d2 d2 d2 d2 d2 d2): splits leaves it out.',
    );
    expect(splits(8, 1)).toHaveLength(1);
  });

  it("reads a fishing table's subtitle without the chart's axes, and its frontier's Aura as the table prints it", () => {
    const fishing = analysisOutput(
      runAnalysis({
        analysis: 'fishing',
        name: 'fishing-frontier',
        options: { steps: 6, actions: 1, challenge: 3, aura: 2, resolve: 1 },
      }),
    );
    const lines = fishing.text.split('\n');
    // Before, the table's subtitle said "… · up and right is better", of axes it does not have.
    expect(lines[1]).toBe(
      "6 steps, 1 action: every legal pool, the largest die's intent kept as the main one",
    );
    expect(JSON.stringify(fishing.spec)).toContain('main one · up and right is better');
    // Before, "d6+d6 (98.7%, 0.35 Aura)" beside 0.355 in the table.
    expect(fishing.findings[0]).toContain('d6+d6 (98.7%, 0.355 Aura)');
    expect(lines.find((line) => line.startsWith('d6+d6'))).toMatch(/ 0\.355 /);
  });

  it("heads a rerolls table's gain as over the level listed before, which levels that skip make more than one Resolve", () => {
    const rerolls = analysisOutput(
      runAnalysis({
        analysis: 'rerolls',
        name: 'rerolls-skip',
        options: { split: [[8]], challenges: [4], resolve: [0, 3], kinds: ['any'], auraMax: 0 },
      }),
    );
    const gain = rerolls.columns.find((column) => column.key === 'gain')!;
    expect(gain.header).toBe('Over the level before');
    expect(rerolls.rows.map((row) => row.resolve)).toEqual([0, 3]);
    expect(rerolls.description).not.toContain('Last Resolve adds');
  });

  it('names in a rerolls description the kinds of reroll asked for, and only those', () => {
    const description = (kinds: ('one' | 'all' | 'any')[]) =>
      analysisOutput(
        runAnalysis({
          analysis: 'rerolls',
          name: 'rerolls-kinds',
          options: { split: [[8]], challenges: [4], resolve: [0, 1], kinds },
        }),
      ).description.split('. ')[0];
    // Before, each said "… when each reroll may only reroll one die, only reroll every die, or
    // either (optimal)" under the chart in a report's index.html.
    expect(description(['one'])).toBe(
      'The win chance with 0, 1, 2… Resolve, rerolling one die of your choice',
    );
    expect(description(['any'])).toBe(
      'The win chance with 0, 1, 2… Resolve, rerolling whichever is better of one die and every die',
    );
    expect(description(['one', 'all', 'any'])).toBe(
      'The win chance with 0, 1, 2… Resolve, rerolling one die of your choice, every die, or whichever is better',
    );
  });

  it('names the character of a fights chart with the article its number takes (an 8-step, a 4-step)', () => {
    const title = (steps: number) =>
      JSON.stringify(
        analysisOutput(
          runAnalysis({
            analysis: 'fight-curves',
            name: `fights-${steps}`,
            options: { steps, tags: [1], challenges: [3], maxRounds: 1 },
          }),
        ).spec,
      );
    expect(title(8)).toContain('an 8-step character');
    expect(title(11)).toContain('an 11-step character');
    expect(title(4)).toContain('a 4-step character');
  });

  it('counts the Titles of a fights chart as English does (1 Title, 2 Titles)', () => {
    const subtitle = (titles: number) =>
      JSON.stringify(
        analysisOutput(
          runAnalysis({
            analysis: 'fight-curves',
            options: { steps: 4, tags: [1], challenges: [3], maxRounds: 1, titles },
          }),
        ).spec,
      );
    // Before, "1 Titles of Resolve".
    expect(subtitle(1)).toContain('; 1 Title of Resolve for the fight');
    expect(subtitle(2)).toContain('; 2 Titles of Resolve for the fight');
  });

  it("says where a fight's Aura starts, as its chart's subtitle does", () => {
    const description = (aura: number | undefined) =>
      analysisOutput(
        runAnalysis({
          analysis: 'fight-curves',
          options: { steps: 4, tags: [1], challenges: [3], maxRounds: 1, auraMax: 3, aura },
        }),
      ).description;
    expect(description(undefined)).toContain('(Aura starts full, Resolve at the Titles)');
    expect(description(3)).toContain('(Aura starts full, Resolve at the Titles)');
    // Before, "Aura starts full" under a subtitle reading "Aura 1 of 3".
    expect(description(1)).toContain('(Aura starts at 1 of 3, Resolve at the Titles)');
  });

  it('names the output of a job given no name by its analysis, an old name read as the new', () => {
    const options = { steps: 2, tags: [1], challenges: [3], maxRounds: 1 };
    expect(analysisOutput(runAnalysis({ analysis: 'fight-curves', options })).name).toBe(
      'fight-curves',
    );
    expect(analysisOutput(runAnalysis({ analysis: 'fights', options } as never)).name).toBe(
      'fight-curves',
    );
  });

  it('the built-in report has one job per analysis, each named once', () => {
    const names = DEFAULT_REPORT.map((job) => job.name);
    expect(new Set(names).size).toBe(names.length);
    expect(new Set(DEFAULT_REPORT.map((job) => job.analysis))).toEqual(new Set(ANALYSIS_NAMES));
  });
});
