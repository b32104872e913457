import { describe, expect, it } from 'vitest';
import { d12Advice, parseD12AdviceRequest } from '../../../src/systems/d12-action/advise.ts';
import { d12ActionOdds } from '../../../src/systems/d12-action/exact.ts';
import { planD12Roll } from '../../../src/systems/d12-action/plan.ts';
import { type D12ActionSpec, parseD12ActionSpec } from '../../../src/systems/d12-action/spec.ts';
import { Q } from '../ring-skill/brute-force.ts';

const q = (text: string): Q => {
  const [n, d = '1'] = text.split('/');
  return new Q(BigInt(n!), BigInt(d));
};
/** A decimal as an exact fraction (the utilities typed). */
const dec = (x: number): Q => {
  const [whole, frac = ''] = String(x).split('.');
  return new Q(BigInt(`${whole}${frac}`), 10n ** BigInt(frac.length));
};
const max = (xs: Q[]) => xs.reduce((a, b) => (b.cmp(a) > 0 ? b : a));
const mean = (xs: Q[]) => xs.reduce((a, b) => a.add(b)).mul(new Q(1n, BigInt(xs.length)));

/**
 * An independent brute force of a stacked roll, from the rules page: a die v kept with k tokens
 * (k ≤ tokens, never below 1) reads v − k: 1 a critical success, 12 a critical failure, else a
 * success at most rating + capacity; its worth is the outcome's utility minus k · tokenValue.
 * Rolling on is worth the mean over the next die of the better of keeping it and rolling on.
 */
function brute(spec: Required<Pick<D12ActionSpec, 'rating' | 'capacity' | 'tokens'>>) {
  const u = { cs: dec(1.25), s: dec(1), f: dec(0), cf: dec(-0.25), token: dec(0.05) };
  const p = spec.rating + spec.capacity;
  const dice = spec.rating + 2;
  const judge = (x: number) => (x <= 1 ? u.cs : x >= 12 ? u.cf : x <= p ? u.s : u.f);
  const keepWith = (v: number, k: number) => judge(v - k).add(new Q(-BigInt(k)).mul(u.token));
  const keeps = (v: number) =>
    Array.from({ length: Math.min(spec.tokens, v - 1) + 1 }, (_, k) => keepWith(v, k));
  const faces = Array.from({ length: 12 }, (_, i) => i + 1);
  /** The value of reaching die j (0-based). */
  const reach = (j: number): Q =>
    j === dice - 1
      ? mean(faces.map((v) => max(keeps(v))))
      : mean(faces.map((v) => max([...keeps(v), reach(j + 1)])));
  return { dice, keeps, reach };
}

describe('d12-action advise', () => {
  it('values every action as the brute force does, and the best is the best', () => {
    for (const rating of [0, 1, 2])
      for (const tokens of [0, 1, 3])
        for (const capacity of [2, 6]) {
          const spec = { rating, capacity, tokens };
          const check = parseD12ActionSpec({ roll: 'stacked', ...spec });
          const plan = planD12Roll(check);
          const b = brute(spec);
          for (let j = 0; j < b.dice; j++)
            for (let v = 1; v <= 12; v++) {
              const rolled = [...Array(j).fill(12), v];
              const advice = d12Advice({ check, rolled }, plan);
              const where = `${JSON.stringify(spec)} rolled ${rolled}`;
              const values: Q[] = [];
              for (const a of advice.actions) {
                const want = a.action === 'keep' ? b.keeps(v)[a.spend]! : b.reach(j + 1);
                expect(a.expectedUtilityFraction, where).toBe(want.toString());
                values.push(want);
              }
              expect(advice.actions).toHaveLength(b.keeps(v).length + (j < b.dice - 1 ? 1 : 0));
              expect(q(advice.best.expectedUtilityFraction).cmp(max(values)), where).toBe(0);
            }
        }
  });

  it('over every rolled state, the probability-weighted best value is odds’ expected utility exactly', () => {
    const specs: D12ActionSpec[] = [
      { roll: 'stacked', rating: 2, capacity: 5, tokens: 1 },
      { roll: 'stacked', rating: 3, capacity: 3, tokens: 4 },
      { roll: 'stacked', rating: 1, capacity: 8, tokens: 2, policy: 'keep-first-success' },
      {
        roll: 'stacked',
        rating: 2,
        capacity: 4,
        tokens: 2,
        utilities: { criticalSuccess: 3, failure: -1 },
        tokenValue: 0.3,
      },
    ];
    for (const spec of specs) {
      const check = parseD12ActionSpec(spec);
      const plan = planD12Roll(check);
      const best = (rolled: number[]) =>
        q(d12Advice({ check, rolled }, plan).best.expectedUtilityFraction);
      const faces = Array.from({ length: 12 }, (_, i) => i + 1);
      const first = mean(faces.map((v) => best([v])));
      expect(first.toString(), JSON.stringify(spec)).toBe(
        d12ActionOdds(check).expectedUtilityFraction,
      );
      // At every later die too: the mean of its best is what rolling on to it was worth.
      const dice = check.rating + 2;
      for (let j = 1; j < dice; j++) {
        const before = Array(j).fill(12);
        const onward = d12Advice({ check, rolled: [...before.slice(1), 12] }, plan).actions.find(
          (a) => a.action === 'roll',
        )!;
        expect(mean(faces.map((v) => best([...before, v]))).toString()).toBe(
          onward.expectedUtilityFraction,
        );
      }
    }
  });

  it('follows the stopping rule odds plays: keep-first-success keeps a success even when rolling on pays', () => {
    const check = parseD12ActionSpec({
      roll: 'stacked',
      rating: 2,
      capacity: 5,
      tokens: 1,
      policy: 'keep-first-success',
    });
    const advice = d12Advice({ check, rolled: [7] });
    expect(advice.best).toMatchObject({ action: 'keep', spend: 0, outcome: 'success' });
    const optimal = d12Advice({ check: { ...check, policy: 'optimal' }, rolled: [7] });
    expect(optimal.best.action).toBe('roll');
  });

  it('refuses a request naming the field and what is allowed', () => {
    const bad: [unknown, RegExp][] = [
      [
        { check: { roll: 'safe', rating: 2, capacity: 5 }, rolled: [4] },
        /^check\.roll: "safe" is not allowed \(expected stacked/,
      ],
      [
        { check: { roll: 'stacked', rating: 0, capacity: 5 }, rolled: [4, 5, 6] },
        /^rolled: \[4,5,6\] is not allowed \(expected at most 2 dice/,
      ],
      [
        { check: { roll: 'stacked', rating: 0, capacity: 5 }, rolled: [13] },
        /^rolled\[0\]: 13 is not allowed \(expected a d12 face from 1 to 12\)/,
      ],
      [
        { check: { roll: 'stacked', rating: 0, capacity: 5 }, rolled: [] },
        /^rolled: \[\] is not allowed \(expected at least the die in front of you/,
      ],
      [{ check: { roll: 'stacked', capacity: 5 }, rolled: [3] }, /^check\.rating: missing/],
      // It said "(expected a value of type nonoptional)", zod's name for a required field.
      [{ rolled: [3] }, /^check: missing \(expected an object\)$/],
    ];
    for (const [input, message] of bad) expect(() => parseD12AdviceRequest(input)).toThrow(message);
  });
});
