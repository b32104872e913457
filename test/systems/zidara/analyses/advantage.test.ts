import { describe, expect, it } from 'vitest';
import { InputError } from '../../../../src/input/input-error.ts';
import { advantage } from '../../../../src/systems/zidara/analyses/advantage.ts';
import { overDefence, pBeats } from '../enumerate.ts';

describe('advantage', () => {
  it('stacks 1..k copies of a die: 1 − mean over D of (min(D, N)/N)^k, with no Aura', () => {
    const rows = advantage({ sides: 6, most: 4, challenges: [1, 3, 6], auraMax: 0 });
    expect(rows).toHaveLength(12);
    for (const row of rows) {
      const expected = 1 - overDefence(row.challenge, (d) => Math.min(1, d / 6) ** row.dice);
      expect(row.winChance).toBeCloseTo(expected, 12);
      expect(row.stack).toBe(new Array(row.dice).fill('d6').join('+'));
      expect(row.steps).toBe(3 * row.dice);
      expect(row.auraGained).toBeCloseTo(row.dice / 6, 12);
    }
  });

  it('gives the gain over the previous stack at the same Challenge', () => {
    const rows = advantage({ stacks: [[12], [12, 2], [12, 4]], challenges: [4, 5], auraMax: 0 });
    expect(rows.map((r) => `${r.stack}@${r.challenge}`)).toEqual([
      'd12@4',
      'd12@5',
      'd12+d2@4',
      'd12+d2@5',
      'd12+d4@4',
      'd12+d4@5',
    ]);
    expect(rows[0]!.gain).toBeNull();
    expect(rows[1]!.gain).toBeNull();
    expect(rows[4]!.gain).toBeCloseTo(pBeats([12, 4], 4) - pBeats([12, 2], 4), 12);
    expect(rows[3]!.winChance).toBeCloseTo(pBeats([12, 2], 5), 12);
  });

  it('with Aura, never loses by stacking another die', () => {
    const rows = advantage({ sides: 4, most: 3, challenges: [2, 4] });
    for (const row of rows) if (row.gain !== null) expect(row.gain).toBeGreaterThanOrEqual(-1e-12);
  });

  it('refuses bad options, naming them in its options argument', () => {
    expect(() => advantage({ sides: 7 })).toThrow(InputError);
    expect(() => advantage({ most: 0 })).toThrow(/^options\.most: /);
    expect(() => advantage({ challenges: [] })).toThrow(/^options\.challenges: /);
    expect(() => advantage({ stacks: [[5]] })).toThrow(/^options\.stacks\[0\]\[0\]: /);
    expect(() => advantage({ aura: 6 })).toThrow(/^options\.aura: 6 is not allowed/);
  });

  it('refuses a field it does not take, and options that are not an object', () => {
    expect(() => advantage({ bogus: 1 } as never)).toThrow(
      /^options\.bogus: no such field \(the fields here are sides, most, stacks, challenges, aura, auraMax, /,
    );
    expect(() => advantage({ mots: 2 } as never)).toThrow(
      /^options\.mots: no such field \(did you mean most\? /,
    );
    expect(() => advantage(0 as never)).toThrow(
      /^options: 0 is not allowed \(expected an object\)$/,
    );
  });
});
