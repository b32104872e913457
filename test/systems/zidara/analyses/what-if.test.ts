import { describe, expect, it } from 'vitest';
import { rerolls } from '../../../../src/systems/zidara/analyses/rerolls.ts';
import { splits } from '../../../../src/systems/zidara/analyses/splits.ts';
import { tuneGrid } from '../../../../src/systems/zidara/analyses/tune.ts';
import { WHAT_IF_SHAPES, whatIfPairs } from '../../../../src/systems/zidara/analyses/what-if.ts';

describe('whatIfPairs', () => {
  it('names the argument a library user left out or got wrong, as an InputError', () => {
    const pairs = whatIfPairs as (...args: unknown[]) => unknown;
    const rows = tuneGrid({ steps: [2], challenges: [3], auraMax: 0 });
    expect(() => pairs()).toThrow(
      /^base: nothing is not allowed \(expected an analysis' rows \(an array\)\)$/,
    );
    expect(() => pairs(rows, 5, WHAT_IF_SHAPES.tune)).toThrow(/^against: 5 is not allowed/);
    expect(() => pairs(rows, [null], WHAT_IF_SHAPES.tune)).toThrow(
      /^against\[0\]: null \(an empty value\) is not allowed \(expected a row of the analysis' \(an object\)\)$/,
    );
    expect(() => pairs(rows, rows)).toThrow(
      /^shape: nothing is not allowed \(expected a row shape: /,
    );
    expect(() => pairs(rows, rows, 'tune')).toThrow(/^shape: "tune" is not allowed/);
    expect(() => pairs()).toThrow(expect.objectContaining({ name: 'InputError' }));
  });

  it('pairs rows by their key fields whatever their order, and gives against − base per figure', () => {
    const shape = {
      keys: ['steps', 'challenge'],
      figures: { winChance: 'chance', pool: 'text' },
    } as const;
    const base = [
      { steps: 4, challenge: 2, winChance: 0.5, pool: 'd8' },
      { steps: 4, challenge: 3, winChance: 0.25, pool: 'd8' },
      { steps: 5, challenge: 3, winChance: 0.4, pool: 'd10' },
    ];
    const against = [
      { steps: 4, challenge: 3, winChance: 0.375, pool: 'd6+d2' },
      { steps: 4, challenge: 2, winChance: 0.5, pool: 'd8' },
      { steps: 6, challenge: 3, winChance: 0.9, pool: 'd12' },
    ];
    const rows = whatIfPairs(base, against, shape);
    expect(rows.map((r) => r.key)).toEqual([
      { steps: 4, challenge: 2 },
      { steps: 4, challenge: 3 },
      { steps: 5, challenge: 3 },
      { steps: 6, challenge: 3 },
    ]);
    expect(rows.map((r) => r.change)).toEqual([
      { winChance: 0, pool: 0 },
      { winChance: 0.125, pool: null },
      { winChance: null, pool: null },
      { winChance: null, pool: null },
    ]);
    expect(rows[1]!.base).toBe(base[1]);
    expect(rows[1]!.against).toBe(against[0]);
    expect(rows[2]!.against).toBeNull();
    expect(rows[3]!.base).toBeNull();
  });

  it('a lone d8 against C4 with an Aura cap of 1 instead of 0: 43/64 against 28/64, +15/64', () => {
    // No Aura: win only above D (28/64). One Aura: also a tie paid (8/64) or a +2 from one
    // below (7/64): 43/64.
    const setup = { split: [[8]], challenges: [4], resolve: [0], kinds: ['any' as const] };
    const [row] = whatIfPairs(
      rerolls({ ...setup, auraMax: 0 }),
      rerolls({ ...setup, auraMax: 1 }),
      WHAT_IF_SHAPES.rerolls,
    );
    expect(row!.base!.winChance).toBeCloseTo(28 / 64, 12);
    expect(row!.against!.winChance).toBeCloseTo(43 / 64, 12);
    expect(row!.change.winChance).toBeCloseTo(15 / 64, 12);
  });

  it('fits the rows of the analyses it names: every key and figure is a field of their rows', () => {
    const rowsOf = {
      splits: splits({ steps: 3, challenge: 2 }),
      tune: tuneGrid({ steps: [3], challenges: [2] }),
    };
    for (const [analysis, rows] of Object.entries(rowsOf)) {
      const shape = WHAT_IF_SHAPES[analysis as keyof typeof rowsOf];
      for (const field of [...shape.keys, ...Object.keys(shape.figures)])
        expect(rows[0]).toHaveProperty(field);
      // Keys name each row once.
      const keys = rows.map((r) =>
        JSON.stringify(shape.keys.map((k) => (r as Record<string, unknown>)[k])),
      );
      expect(new Set(keys).size).toBe(rows.length);
    }
  });
});
