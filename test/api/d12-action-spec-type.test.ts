import { describe, expect, it } from 'vitest';
import * as d12 from '../../src/api/d12-action.ts';

/**
 * The type of a d12 action roll (D12ActionSpec) requires what the parser requires, roll by roll:
 * each `@ts-expect-error` below is checked by `npm run typecheck` (unused, it is an error), and
 * the same call refused at run time names the missing field.
 */
describe("d12-action's spec type", () => {
  it('makes a roll missing its rating or capacity a type error, as odds refuses it', () => {
    // @ts-expect-error a safe roll reads rating and capacity
    expect(() => d12.odds({ roll: 'safe' })).toThrow(/^rating: missing/);
    // @ts-expect-error a stacked roll reads capacity
    expect(() => d12.odds({ roll: 'stacked', rating: 1 })).toThrow(/^capacity: missing/);
    // @ts-expect-error a risky roll reads rating
    expect(() => d12.odds({ roll: 'risky' })).toThrow(/^rating: missing/);
    // @ts-expect-error a capacity roll reads capacity
    expect(() => d12.odds({ roll: 'capacity', rating: 2 })).toThrow(/^capacity: missing/);
    // @ts-expect-error a group roll reads rating
    expect(() => d12.odds({ roll: 'group', supporters: [{ rating: 1, capacity: 2 }] })).toThrow(
      /^rating: missing/,
    );
    // @ts-expect-error a group roll needs its supporters
    expect(() => d12.odds({ roll: 'group', rating: 1 })).toThrow(/^supporters: missing/);
  });

  it('takes every roll with what it reads, and a rating or capacity it does not read', () => {
    const specs: d12.D12ActionSpec[] = [
      { roll: 'safe', rating: 1, capacity: 5 },
      { roll: 'stacked', rating: 0, capacity: 3, policy: 'keep-first-success' },
      { roll: 'risky', rating: 2 },
      { roll: 'risky', rating: 2, capacity: 4 },
      { roll: 'capacity', capacity: 4 },
      { roll: 'capacity', rating: 1, capacity: 4 },
      { roll: 'group', rating: 1, supporters: [{ rating: 1, capacity: 2 }] },
    ];
    expect(d12.odds(specs)).toHaveLength(specs.length);
  });
});
