import { describe, expect, it } from 'vitest';
import { ITEM_ROLES, parseTags2d6Spec, tags2d6Odds } from '../../../src/systems/tags-2d6/index.ts';

const ITEM = { help: 1, hinder: -1, none: 0 } as const;

/** Every 2d6 roll, counted by band (clean 10+, cost 7–9, miss 6−): the brute force. */
function bands(modifier: number): number[] {
  const counts = [0, 0, 0];
  for (let a = 1; a <= 6; a++)
    for (let b = 1; b <= 6; b++) {
      const total = a + b + modifier;
      counts[total >= 10 ? 0 : total >= 7 ? 1 : 2]!++;
    }
  return counts;
}

describe('2d6 + tags, exact', () => {
  it('matches every roll for tags 0..5, every item, with and without the weakness', () => {
    for (let tags = 0; tags <= 5; tags++)
      for (const item of ITEM_ROLES)
        for (const weakness of [false, true]) {
          const r = tags2d6Odds(parseTags2d6Spec({ tags, item, weakness }));
          const counts = bands(tags + ITEM[item] - (weakness ? 1 : 0));
          expect(r.outcomes.map((o) => o.name)).toEqual(['clean', 'cost', 'miss']);
          r.outcomes.forEach((o, i) => {
            expect(o.p).toBe(counts[i]! / 36);
            const [n, d] = (o.fraction ?? '').split('/').map(Number);
            expect(counts[i]! * (d ?? 1)).toBe(36 * n!);
          });
          expect(r.improvementPoints).toBe(weakness ? 1 : 0);
        }
  });

  it('answers "is the weakness worth it" from the enumerated band values (in quarters)', () => {
    // Band values 1, 0.5, 0 and an improvement point of 0.25 are 4, 2, 0 and 1 quarters.
    for (let tags = 0; tags <= 5; tags++)
      for (const item of ITEM_ROLES) {
        const m = tags + ITEM[item];
        const value = (c: number[]) => 4 * c[0]! + 2 * c[1]!; // over 36, in quarters
        const without = value(bands(m));
        const withIt = value(bands(m - 1)) + 36;
        const w = tags2d6Odds(parseTags2d6Spec({ tags, item })).weakness;
        expect(w.valueWithout).toBeCloseTo(without / 144, 14);
        expect(w.valueWith).toBeCloseTo(withIt / 144, 14);
        expect(w.verdict).toBe(
          withIt > without ? 'invoke' : withIt < without ? 'do-not-invoke' : 'even',
        );
      }
  });

  it('calls an exact break-even even, where floats would not (0.1 + 0.025 ≠ 0.125)', () => {
    // Pure 2d6: the −1 loses ½ on a 10 and ½ on a 7: (3 + 6)/36 · ½ = 1/8.
    const base = tags2d6Odds(parseTags2d6Spec({}));
    expect(base.weakness.breakEven).toBe(0.125);
    expect(base.weakness.verdict).toBe('invoke');
    const even = tags2d6Odds(parseTags2d6Spec({ improvementValue: 0.125 }));
    expect(even.weakness.verdict).toBe('even');
    expect(even.weakness.gainFraction).toBe('0');
    // Band values whose float sums are off by an ulp still compare exactly.
    const tricky = tags2d6Odds(
      parseTags2d6Spec({
        tags: 2,
        improvementValue: 0.3,
        bandValues: { clean: 0.7, cost: 0.1, miss: 0 },
      }),
    );
    // 2d6+2: the −1 loses 0.6 on a total of 10 (sum 8: 5/36) and 0.1 on 7 (sum 5: 4/36).
    expect(tricky.weakness.gainFraction).toBe('37/180'); // 0.3 − (5·0.6 + 4·0.1)/36 = 0.3 − 17/180
  });

  it('reports the expected value of the spec as given', () => {
    const r = tags2d6Odds(parseTags2d6Spec({ tags: 1, weakness: true }));
    // 2d6 + 0: clean 6/36, cost 15/36 → ⅙ + 15/72, plus the improvement point's 0.25.
    expect(r.expectedUtility).toBeCloseTo(6 / 36 + 15 / 72 + 0.25, 14);
    expect(r.modifier).toBe(0);
  });
});
