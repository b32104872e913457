import { describe, expect, it } from 'vitest';
import { analysisOutput } from '../../../../src/report/zidara/analysis-output.ts';
import { runAnalysis } from '../../../../src/systems/run-analysis.ts';
import { fightCurves } from '../../../../src/systems/zidara/analyses/fight-curves.ts';
import { validateVegaLite } from '../../../report/vega-lite-schema.ts';

describe('fight curves', () => {
  it('a lone d8 with no Aura or Resolve against one tag: 1 − (36/64)^n', () => {
    const rows = fightCurves({
      pool: [8],
      challenges: [4],
      tags: [1],
      auraMax: 0,
      titles: 0,
      maxRounds: 3,
    });
    expect(rows.map((r) => r.round)).toEqual([1, 2, 3]);
    rows.forEach((row) => {
      expect(row.winWithin).toBeCloseTo(1 - (36 / 64) ** row.round, 12);
      // It still stands after the round when it stood through each: (36/64)^n.
      expect(row.notWonWithin).toBeCloseTo((36 / 64) ** row.round, 12);
    });
  });

  it('never reads 100% in its table or finding while the threat may still stand', () => {
    // 14 steps against one C2 tag: by round 3 the float sum of the rounds' wins is 1 (above it,
    // by an ulp), though the threat still stands after it a few times in 10¹⁹.
    const options = { steps: 14, challenges: [2], tags: [1], maxRounds: 3 };
    const [round3] = fightCurves(options).slice(2);
    expect(round3!.winWithin).toBeGreaterThanOrEqual(1);
    expect(round3!.notWonWithin).toBeGreaterThan(0);
    expect(round3!.notWonWithin).toBeLessThan(1e-15);
    const out = analysisOutput(runAnalysis({ analysis: 'fight-curves', options }));
    const downWithin = out.columns.find((c) => c.key === 'winWithin')!;
    const cells = out.rows.map((row) => downWithin.format!(row.winWithin as never, row as never));
    // As the page's Fight view reads it: as many decimals as tell it from 100%, up to four.
    expect(cells).toEqual(['> 99.9999%', '> 99.9999%', '> 99.9999%']);
    expect(out.findings).toEqual(['Down within 3 rounds: C2 (d4), 1 tag > 99.9999%.']);
    // A threat that cannot stand is down for certain: d12 against one C1 tag always wins.
    const sure = analysisOutput(
      runAnalysis({
        analysis: 'fight-curves',
        options: { pool: [12], challenges: [1], tags: [1], maxRounds: 2 },
      }),
    );
    expect(
      sure.rows.map((row) => downWithin.format!(row.winWithin as never, row as never)),
    ).toEqual(['100.0%', '100.0%']);
    expect(sure.findings).toEqual(['Down within 2 rounds: C1 (d2), 1 tag 100.0%.']);
  });

  it('more tags or a higher Challenge never make the threat fall sooner', () => {
    const rows = fightCurves({ steps: 6, challenges: [3, 5], tags: [1, 2], maxRounds: 3 });
    const at = (challenge: number, tags: number, round: number) =>
      rows.find((r) => r.challenge === challenge && r.tags === tags && r.round === round)!
        .winWithin;
    for (const round of [1, 2, 3]) {
      expect(at(3, 2, round)).toBeLessThanOrEqual(at(3, 1, round) + 1e-12);
      expect(at(5, 1, round)).toBeLessThanOrEqual(at(3, 1, round) + 1e-12);
    }
  });

  it("refuses a field it does not take, listing its own fields (not a fight's)", () => {
    const fields = (message: string) =>
      /the fields here are (.*)\)$/.exec(message)?.[1]?.split(', ');
    let message = '';
    try {
      fightCurves({ pool: [8], bogus: 1 } as never);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/^options\.bogus: no such field /);
    const listed = fields(message)!;
    expect(listed.slice(0, 8)).toEqual([
      'tags',
      'challenges',
      'maxRounds',
      'pool',
      'steps',
      'actions',
      'titles',
      'fightPolicy',
    ]);
    // A fight's Challenge is the curves' list of them; its Resolve, the Titles.
    expect(listed).not.toContain('challenge');
    expect(listed).not.toContain('resolve');
    expect(() => fightCurves({ pool: [8], challenge: 3 } as never)).toThrow(
      /^options\.challenge: no such field \(did you mean challenges\? /,
    );
    expect(() => fightCurves({ tags: [1], challenges: [3] })).toThrow(/^options\.pool: missing /);
    expect(() => fightCurves(0 as never)).toThrow(/^options: 0 is not allowed/);
  });

  it('reports as a valid Vega-Lite chart with a table and a finding', () => {
    const out = analysisOutput(
      runAnalysis({
        analysis: 'fight-curves',
        name: 'fights',
        options: { pool: [12, 4], challenges: [3, 4], tags: [2], maxRounds: 3 },
      }),
    );
    expect(validateVegaLite(out.spec)).toEqual([]);
    expect(out.title).toBe('How many rounds does d12 d4 need to bring a threat down?');
    expect(out.findings[0]).toMatch(
      /^Down within 3 rounds: C3 \(d6\), 2 tags (> )?\d+\.\d{1,4}%; C4 \(d8\), 2 tags (> )?\d+\.\d{1,4}%\.$/,
    );
    expect(out.rows).toHaveLength(6);
  });
});

describe('fight curves: a long run', () => {
  it('says how many fights it has solved between them', () => {
    const reports: [number, number, string][] = [];
    const options = { pool: [8], challenges: [3, 4], tags: [1, 2], maxRounds: 2 };
    const { rows } = runAnalysis({ analysis: 'fight-curves', options }, (done, total, unit) => {
      reports.push([done, total, unit]);
    });
    expect(reports).toEqual([
      [1, 4, 'fights'],
      [2, 4, 'fights'],
      [3, 4, 'fights'],
    ]);
    expect(rows).toEqual(fightCurves(options));
  });
});
