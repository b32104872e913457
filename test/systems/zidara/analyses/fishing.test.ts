import { describe, expect, it } from 'vitest';
import { runAnalysis } from '../../../../src/systems/run-analysis.ts';
import { fishing } from '../../../../src/systems/zidara/analyses/fishing.ts';
import { exactPools, refuseSplitsRun } from '../../../../src/systems/zidara/analyses/splits.ts';
import { parseSplit } from '../../../../src/systems/zidara/roll/split.ts';
import { overDefence, pBeats } from '../enumerate.ts';
import { firstReport, runReports } from './run-reports.ts';

describe('fishing', () => {
  it('lists each way to split small dice off, with exact chance and Aura (no Aura to spend)', () => {
    const rows = fishing({ steps: 6, challenge: 3, auraMax: 0 });
    expect(rows.map((r) => r.split).sort()).toEqual(
      ['d10 | d2', 'd10+d2', 'd12', 'd6+d6', 'd8 | d4', 'd8+d4'].sort(),
    );
    for (const row of rows) {
      const split = parseSplit(row.split);
      expect(row.mainWin).toBeCloseTo(pBeats(split[0]!, 3), 12);
      // Every die shows its top face 1/N of the time, whichever intent it is on.
      expect(row.auraGained).toBeCloseTo(
        split.flat().reduce((s, n) => s + 1 / n, 0),
        12,
      );
      expect(row.minorDice).toBe(split.slice(1).flat().length);
    }
    const d10d2 = rows.find((r) => r.split === 'd10 | d2')!;
    expect(d10d2.minorWins).toBeCloseTo(
      overDefence(3, (d) => Math.max(0, 2 - d) / 2),
      12,
    );
  });

  it('marks exactly the splits no other split beats on both chance and Aura', () => {
    const rows = fishing({ steps: 8, actions: 2, challenge: 4 });
    for (const p of rows) {
      const beaten = rows.some(
        (q) =>
          q !== p &&
          q.mainWin >= p.mainWin - 1e-12 &&
          q.auraGained >= p.auraGained - 1e-12 &&
          (q.mainWin > p.mainWin + 1e-12 || q.auraGained > p.auraGained + 1e-12),
      );
      expect(p.frontier).toBe(!beaten);
    }
    expect(rows.some((r) => r.frontier)).toBe(true);
  });

  it('lets larger dice onto minor intents when asked', () => {
    const rows = fishing({ steps: 6, challenge: 3, minorMaxSides: 6 });
    expect(rows.map((r) => r.split)).toContain('d6 | d6');
    expect(() => fishing({ steps: 6, challenge: 3, minorMaxSides: 5 })).toThrow(
      /^options\.minorMaxSides: /,
    );
  });

  it("names an unknown field before a missing one, and a weight past the roll's bound", () => {
    expect(() => fishing({ bogus: 1 } as never)).toThrow(
      /^options\.bogus: no such field \(the fields here are steps, actions, challenge, minorMaxSides, minorWeight, aura, /,
    );
    expect(() => fishing({} as never)).toThrow(/^options\.steps: missing/);
    expect(() => fishing({ steps: 6, challenge: 3, minorWeight: 1e7 })).toThrow(
      /^options\.minorWeight: 10000000 is not allowed \(expected a number from 0 to 1000000\)$/,
    );
  });
});

describe('fishing: a long run', () => {
  it("refuses a split past the exact engine, or a run past SPLITS_LIMITS.states of the engine's work, before solving any", () => {
    expect(() => fishing({ steps: 54, challenge: 3, minorMaxSides: 12, resolve: 1 })).toThrow(
      'options.steps: the split "d12+d10 | d12+d10 | d12+d10 | d12+d10 | d10 | d10" has 9,765,625 dice-and-Aura states, more than the exact engine\'s 8,388,608: allow fewer steps or actions; roll fewer dice or put like dice on fewer intents; allow fewer or smaller +2s a roll (boostsPerRoll, boostSize) (nothing was solved)',
    );
    // 36 steps, 4 actions, two Resolve: 2,071 splits, hours of work, once without a word.
    expect(() => fishing({ steps: 36, actions: 4, challenge: 4, resolve: 2 })).toThrow(
      "options.steps: scoring these 2,071 splits exactly is 1,148,141,360 dice-and-Aura states of the engine's work, more than one run's 100,000,000 (some ten minutes): allow fewer steps or actions (nothing was solved)",
    );
  });

  it('says how far it is between its shares of splits', () => {
    const reports: [number, number, string][] = [];
    const options = { steps: 24, actions: 3, challenge: 4 };
    const { rows } = runAnalysis({ analysis: 'fishing', options }, (done, total, unit) => {
      reports.push([done, total, unit]);
    });
    expect(rows).toHaveLength(400);
    // The first report (none done, of every split) comes before any is listed or solved.
    expect(reports).toEqual([
      [0, 400, 'splits'],
      [200, 400, 'splits'],
    ]);
    expect(rows).toEqual(fishing(options));
  });

  it('runs when a pool has more splits than one pool may list, though few are fishing splits', () => {
    // 41 steps, 5 actions: d12 d10 d10 d8 d8 d6 d6 d6 d6 d4 d4 d2 has more than 100,000 splits
    // (11 of them fishing's); all were listed before those were kept, so the run was refused
    // after some 24 seconds, naming "intents", a field fishing has not.
    const options = { steps: 41, actions: 5, challenge: 1, auraMax: 0, boostsPerRoll: 0 };
    const rows = fishing(options);
    const { steps, actions, ...setup } = options;
    expect(rows).toHaveLength(
      refuseSplitsRun(exactPools(steps, actions), setup, 'steps', () => [], undefined, 4),
    );
    expect(rows.filter((r) => r.pool === 'd12 d10 d10 d8 d8 d6 d6 d6 d6 d4 d4 d2')).toHaveLength(
      11,
    );
  });

  it('reports from the start of a run of many splits, before they are listed, and nothing for one share', () => {
    // 36 steps, 4 actions: 2,071 splits, seconds to list before the first solve, which drew
    // no bar; the first report now says how many there are.
    const options = { steps: 36, actions: 4, challenge: 3 };
    // The first report once came after the first share's 200 solves.
    expect(firstReport({ analysis: 'fishing', options })).toEqual([0, 2071, 'splits']);
    // One share (200 splits or fewer): no report, so a short run draws no bar.
    const short = runReports({
      analysis: 'fishing',
      options: { steps: 8, actions: 2, challenge: 4 },
    });
    expect(short.rows.length).toBeLessThanOrEqual(200);
    expect(short.reports).toEqual([]);
  });
});
