import { describe, expect, it } from 'vitest';
import { rerolls } from '../../../../src/systems/zidara/analyses/rerolls.ts';
import { overDefence } from '../enumerate.ts';

const noAura = { auraMax: 0 } as const;

describe('rerolls', () => {
  it('values one Resolve for a lone d8 against C4: Σ_D 1/8·(1 − (D/8)²) against 28/64', () => {
    const rows = rerolls({ split: [[8]], challenges: [4], resolve: [0, 1, 2], ...noAura });
    const any = rows.filter((r) => r.rerolls === 'any');
    expect(any.map((r) => r.resolve)).toEqual([0, 1, 2]);
    expect(any[0]!.winChance).toBeCloseTo(28 / 64, 12);
    expect(any[1]!.winChance).toBeCloseTo(0.6015625, 12);
    expect(any[1]!.gain).toBeCloseTo(0.6015625 - 28 / 64, 12);
    // The defence stays through the rerolls: failing three times is (D/8)³.
    expect(any[2]!.winChance).toBeCloseTo(
      overDefence(4, (d) => 1 - (d / 8) ** 3),
      12,
    );
    expect(any[0]!.gain).toBeNull();
    // With one die, rerolling one die is rerolling all of them.
    for (const kind of ['one', 'all'] as const) {
      const same = rows.filter((r) => r.rerolls === kind).map((r) => r.winChance);
      same.forEach((p, i) => {
        expect(p).toBeCloseTo(any[i]!.winChance, 12);
      });
    }
  });

  it('tells reroll-one from reroll-all on d6+d6 against C2', () => {
    const rows = rerolls({ split: [[6, 6]], challenges: [2], resolve: [1], ...noAura });
    const by = Object.fromEntries(rows.map((r) => [r.rerolls, r.winChance]));
    // A failed roll has both dice ≤ D (chance q = (D/6)²): rerolling both fails again with q,
    // rerolling one fails again with D/6.
    const all = overDefence(2, (d) => 1 - ((d / 6) ** 2) ** 2);
    const one = overDefence(2, (d) => 1 - (d / 6) ** 2 * (d / 6));
    expect(by.all).toBeCloseTo(all, 12);
    expect(by.one).toBeCloseTo(one, 12);
    expect(by.any).toBeCloseTo(Math.max(all, one), 12);
  });

  it('never does worse with more Resolve, nor with both kinds than with one', () => {
    const rows = rerolls({ split: [[6], [4]], challenges: [2, 3] });
    for (const row of rows) if (row.gain !== null) expect(row.gain).toBeGreaterThanOrEqual(-1e-12);
    for (const row of rows.filter((r) => r.rerolls !== 'any')) {
      const best = rows.find(
        (r) => r.rerolls === 'any' && r.challenge === row.challenge && r.resolve === row.resolve,
      )!;
      expect(best.winChance).toBeGreaterThanOrEqual(row.winChance - 1e-12);
    }
  });

  it('refuses bad options, naming them in its options argument', () => {
    expect(() => rerolls({ resolve: [11] })).toThrow(/^options\.resolve\[0\]: /);
    expect(() => rerolls({ kinds: ['some' as 'one'] })).toThrow(/^options\.kinds\[0\]: /);
    expect(() => rerolls({ challenges: [0] })).toThrow(/^options\.challenges\[0\]: /);
  });

  it('refuses a field it does not take: the play and rerolls it varies itself among them', () => {
    expect(() => rerolls({ bogus: 1 } as never)).toThrow(
      /^options\.bogus: no such field \(the fields here are split, challenges, resolve, kinds, aura, auraMax, boostsPerRoll, /,
    );
    // Once dropped without a word: the rows are of every kind asked, under the optimal play.
    expect(() => rerolls({ policy: 'never' } as never)).toThrow(/^options\.policy: no such field /);
    expect(() => rerolls({ rerolls: 'one' } as never)).toThrow(/^options\.rerolls: no such field /);
  });
});
