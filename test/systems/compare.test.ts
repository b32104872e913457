import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/input/input-error.ts';
import {
  COMPARED_SYSTEMS,
  type ComparedSystem,
  compareSystems,
  ringSkillLadder,
  type SystemCompareRow,
} from '../../src/systems/compare.ts';

const rows = compareSystems();

function cell(system: ComparedSystem, position: number, from = rows): SystemCompareRow {
  const row = from.find((r) => r.system === system && r.position === position);
  if (!row) throw new Error(`no row for ${system} at ${position}`);
  return row;
}

/** Every roll of n d6, counted by hits clipped at 2 (failure, mixed, success): brute force. */
function d6PoolByEnumeration(n: number): number[] {
  const counts = [0, 0, 0];
  for (let roll = 0; roll < 6 ** n; roll++) {
    let hits = 0;
    for (let i = 0, r = roll; i < n; i++, r = Math.floor(r / 6)) if (r % 6 >= 4) hits++;
    counts[Math.min(hits, 2)]!++;
  }
  return counts;
}

describe('compareSystems', () => {
  it('lists the five systems in order, positions −2..+2 by default, ordinary at 0', () => {
    expect([...new Set(rows.map((r) => r.system))]).toEqual([...COMPARED_SYSTEMS]);
    expect(rows.filter((r) => r.position === 0).map((r) => r.level)).toEqual([
      '5 steps: d10',
      'proficiency 7',
      '2d6+1: 1 tag',
      'stat 3',
      'ring 2 + skill 1',
    ]);
    for (const system of COMPARED_SYSTEMS) {
      const positions = rows.filter((r) => r.system === system).map((r) => r.position);
      // The d6 pool has no stat 5.
      expect(positions).toEqual(system === 'd6-pool' ? [-2, -1, 0, 1] : [-2, -1, 0, 1, 2]);
    }
  });

  it('d6 pool, stat 3: failure 8/27, mixed 4/9, success 7/27', () => {
    expect(cell('d6-pool', 0)).toEqual({
      system: 'd6-pool',
      level: 'stat 3',
      position: 0,
      full: 7 / 27,
      partial: 4 / 9,
      failure: 8 / 27,
    });
  });

  it('d6 pool: every stat matches its rolls enumerated', () => {
    for (const row of rows.filter((r) => r.system === 'd6-pool')) {
      const n = 3 + row.position;
      const [failure, mixed, success] = d6PoolByEnumeration(n);
      expect([row.failure, row.partial, row.full]).toEqual(
        [failure!, mixed!, success!].map((c) => c / 6 ** n),
      );
    }
  });

  it('2d6 + tags: +0 is clean 6/36, cost 15/36, miss 15/36; every modifier matches the 36 rolls', () => {
    expect(cell('tags-2d6', -1)).toMatchObject({
      level: '2d6+0: 0 tags',
      full: 6 / 36,
      partial: 15 / 36,
      failure: 15 / 36,
    });
    expect(cell('tags-2d6', 0)).toMatchObject({ full: 10 / 36, partial: 16 / 36 });
    const wide = compareSystems({ span: 3 });
    for (const row of wide.filter((r) => r.system === 'tags-2d6')) {
      const modifier = 1 + row.position;
      const bands = [0, 0, 0];
      for (let a = 1; a <= 6; a++)
        for (let b = 1; b <= 6; b++) {
          const total = a + b + modifier;
          bands[total >= 10 ? 0 : total >= 7 ? 1 : 2]!++;
        }
      expect([row.full, row.partial, row.failure]).toEqual(bands.map((c) => c / 36));
    }
    expect(cell('tags-2d6', -3, wide).level).toBe('2d6-2: hindering item, weakness');
  });

  it('d12 safe roll: success and critical success are full, no partial, proficiency 7 is 7/12', () => {
    expect(cell('d12-action', 0)).toMatchObject({ full: 7 / 12, partial: 0, failure: 5 / 12 });
    for (const row of rows.filter((r) => r.system === 'd12-action')) {
      const proficiency = 7 + row.position;
      // Faces 1..12: a 1 always succeeds, a 12 always fails, otherwise roll ≤ proficiency.
      const succeed = Array.from({ length: 12 }, (_, i) => i + 1).filter(
        (v) => v === 1 || (v < 12 && v <= proficiency),
      ).length;
      expect(row.full).toBe(succeed / 12);
    }
  });

  it("Zi'Dara, 5 steps (d10) vs C3 (d6): 39/60 on the dice, 15/60 paid for, 6/60 lost", () => {
    // On the dice: P(d10 > d6) = (9+8+7+6+5+4)/60. With Aura 5, a +2 and a bought tie, only
    // d10 + 2 < d6 loses: d6 = 4, 5, 6 against d10 ≤ 1, 2, 3.
    const row = cell('zidara', 0);
    // To 12 places, no noise left of the subtraction (before, 0.2500000000000001, 0.09999999999999987).
    expect([row.full, row.partial, row.failure]).toEqual([0.65, 0.25, 0.1]);
  });

  it("Zi'Dara: with no Aura and no Resolve nothing is paid for; with the 'never' policy neither", () => {
    for (const setup of [{ auraMax: 0 }, { policy: 'never' as const }]) {
      const plain = compareSystems({ setup }).filter((r) => r.system === 'zidara');
      for (const row of plain) expect(row.partial).toBe(0);
      expect(plain.find((r) => r.position === 0)!.full).toBeCloseTo(39 / 60, 14);
    }
  });

  it("Zi'Dara: the 'best' rule may pick a pool that wins more in all but less on the dice alone", () => {
    const best = cell('zidara', 0, compareSystems({ pool: 'best' }));
    const natural = cell('zidara', 0);
    expect(best.level).toBe('5 steps: d6+d4');
    expect(best.full + best.partial).toBeGreaterThan(natural.full + natural.partial);
    expect(best.full).toBeLessThan(natural.full);
  });

  it('Ring and Skill: success is full, no partial; the ladder drops the skill first', () => {
    expect([1, 2, 3, 4, 5, 6].map(ringSkillLadder)).toEqual([
      { ring: 1, skill: 0 },
      { ring: 2, skill: 0 },
      { ring: 2, skill: 1 },
      { ring: 2, skill: 2 },
      { ring: 3, skill: 2 },
      { ring: 3, skill: 3 },
    ]);
    // Ring 1, no skill, TN 2: only an explosive success (a 6) kept, then a success (4, 5, 6)
    // on its wave's ring die: 1/6 · 1/2.
    expect(cell('ring-skill', -2)).toMatchObject({ full: 1 / 12, partial: 0, failure: 11 / 12 });
    expect(cell('ring-skill', 0).full).toBe(173 / 288);
    expect(compareSystems({ tn: 1 }).find((r) => r.level === 'ring 1 + skill 0')!.full).toBe(1 / 2);
  });

  it('bands are chances that add up to 1, full success never falls and failure never rises', () => {
    for (const options of [{}, { span: 3, challenge: 5, tn: 3 }, { pool: 'best' as const }]) {
      const all = compareSystems(options);
      for (const row of all) {
        for (const p of [row.full, row.partial, row.failure]) {
          expect(p).toBeGreaterThanOrEqual(0);
          expect(p).toBeLessThanOrEqual(1);
        }
        // Zi'Dara's three figures are each to 12 places: their sum is 1 within 1.5e-12.
        expect(row.full + row.partial + row.failure).toBeCloseTo(1, 11);
      }
      for (const system of COMPARED_SYSTEMS) {
        const line = all.filter((r) => r.system === system);
        for (let i = 1; i < line.length; i++) {
          expect(line[i]!.failure).toBeLessThanOrEqual(line[i - 1]!.failure + 1e-12);
          if (options.pool !== 'best' || system !== 'zidara')
            expect(line[i]!.full).toBeGreaterThanOrEqual(line[i - 1]!.full - 1e-12);
        }
      }
    }
  });

  it('span 3 reaches 2 steps and 8 steps, and stops where a system runs out', () => {
    const wide = compareSystems({ span: 3 });
    expect(cell('zidara', -3, wide).level).toBe('2 steps: d4');
    expect(cell('zidara', 3, wide).level).toBe('8 steps: d12+d4');
    expect(wide.filter((r) => r.system === 'd6-pool').map((r) => r.level)).toEqual([
      'stat 1',
      'stat 2',
      'stat 3',
      'stat 4',
    ]);
    expect(wide.filter((r) => r.system === 'ring-skill').map((r) => r.position)).toEqual([
      -2, -1, 0, 1, 2, 3,
    ]);
  });

  it('rejects bad options with an InputError naming the field', () => {
    expect(() => compareSystems({ challenge: 0 })).toThrow(InputError);
    expect(() => compareSystems({ challenge: 0 })).toThrow(/^options\.challenge: 0 is not allowed/);
    expect(() => compareSystems({ tn: 9 })).toThrow(/^options\.tn: 9/);
    expect(() => compareSystems({ span: 4 })).toThrow(/^options\.span: 4 .*from 1 to 3/);
    expect(() => compareSystems({ pool: 'widest' as never })).toThrow(/^options\.pool: "widest"/);
  });

  it('refuses a field it does not take, in its options and in their setup', () => {
    expect(() => compareSystems({ bogus: 1 } as never)).toThrow(
      /^options\.bogus: no such field \(the fields here are challenge, tn, span, pool, setup\)$/,
    );
    expect(() => compareSystems({ setup: { auraMx: 3 } } as never)).toThrow(
      /^options\.setup\.auraMx: no such field \(did you mean aura or auraMax\? the fields here are aura, auraMax, /,
    );
    // What the Zi'Dara rolls refuse is named in the setup too.
    expect(() => compareSystems({ setup: { aura: 6 } })).toThrow(
      /^options\.setup\.aura: 6 is not allowed \(expected at most auraMax \(5\)/,
    );
  });
});
