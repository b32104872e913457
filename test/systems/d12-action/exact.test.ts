import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type D12ActionSpec,
  d12ActionOdds,
  parseD12ActionSpec,
} from '../../../src/systems/d12-action/index.ts';

interface OracleCase {
  roll: 'safe' | 'risky' | 'stacked';
  rating: number;
  capacity: number;
  tokens: number;
  expectedUtility: number;
  exact: string;
}
const oracle: OracleCase[] = JSON.parse(
  readFileSync(new URL('../../oracle/d12-action-cases.json', import.meta.url), 'utf8'),
);

const odds = (spec: D12ActionSpec) => d12ActionOdds(parseD12ActionSpec(spec));

// The brute force works in twentieths: utilities 1.25, 1, 0, −0.25 and 0.05 a token.
const U = [25n, 20n, 0n, -5n];
const TOKEN = 1n;
const CS = 0;
const S = 1;
const F = 2;
const CF = 3;

/** A die read as a safe roll after lowering, straight from the rules text. */
function judge(value: number, proficiency: number): number {
  if (value === 1) return CS;
  if (value === 12) return CF;
  return value <= proficiency ? S : F;
}

/** Every way to spend up to `tokens` tokens lowering `dice` (never below 1). */
function* allocations(dice: number[], tokens: number): Generator<number[]> {
  if (dice.length === 0) {
    yield [];
    return;
  }
  const [first, ...rest] = dice;
  for (let k = 0; k <= Math.min(tokens, first! - 1); k++)
    for (const tail of allocations(rest, tokens - k)) yield [first! - k, ...tail];
}

/** Best (score, outcome) for a set of dice: the best allocation, ties to fewer tokens. */
function bestPlay(
  dice: number[],
  tokens: number,
  read: (lowered: number[]) => number,
  u: readonly bigint[] = U,
  token = TOKEN,
) {
  let best: { score: bigint; outcome: number; spent: number } | undefined;
  for (const lowered of allocations(dice, tokens)) {
    const spent = dice.reduce((s, d, i) => s + d - lowered[i]!, 0);
    const outcome = read(lowered);
    const score = u[outcome]! - BigInt(spent) * token;
    if (!best || score > best.score || (score === best.score && spent < best.spent))
      best = { score, outcome, spent };
  }
  return best!;
}

/** Every roll of n d12. */
function* rolls(n: number): Generator<number[]> {
  if (n === 0) {
    yield [];
    return;
  }
  for (const rest of rolls(n - 1)) for (let v = 1; v <= 12; v++) yield [v, ...rest];
}

/** Brute-force E[score] (in twentieths) and outcome counts of a risky roll of n dice. */
function bruteRisky(n: number, tokens: number, u: readonly bigint[] = U, token = TOKEN) {
  let sum = 0n;
  const counts = [0, 0, 0, 0];
  for (const dice of rolls(n)) {
    const b = bestPlay(dice, tokens, (l) => (l.includes(1) ? CS : CF), u, token);
    sum += b.score;
    counts[b.outcome]!++;
  }
  return { sum, total: 12n ** BigInt(n), counts };
}

/** Brute-force stacked roll by expectimax over every die of every step: E[score] as num / 12^n. */
function bruteStacked(
  n: number,
  proficiency: number,
  tokens: number,
  u: readonly bigint[] = U,
  token = TOKEN,
): { num: bigint; den: bigint } {
  const keep = (v: number) =>
    bestPlay([v], tokens, (l) => judge(l[0]!, proficiency), u, token).score;
  // value with m dice left, as numerator over 12^m
  let num = 0n;
  for (let v = 1; v <= 12; v++) num += keep(v);
  let den = 12n;
  for (let m = 2; m <= n; m++) {
    let next = 0n;
    for (let v = 1; v <= 12; v++) {
      const here = keep(v) * den;
      next += here > num ? here : num;
    }
    num = next;
    den *= 12n;
  }
  return { num, den };
}

/** a/b (twentieths over den) against a reduced fraction string, exactly. */
function sameFraction(num: bigint, den: bigint, text: string | undefined): boolean {
  const [n, d = '1'] = (text ?? '').split('/');
  return num * BigInt(d) === BigInt(n!) * den * 20n;
}

describe('d12 action rolls, oracle cases', () => {
  it.each(
    oracle.map(
      (c) => [`${c.roll} rating ${c.rating} capacity ${c.capacity} tokens ${c.tokens}`, c] as const,
    ),
  )('%s', (_, c) => {
    const r = odds({ roll: c.roll, rating: c.rating, capacity: c.capacity, tokens: c.tokens });
    expect(Math.abs(r.expectedUtility! - c.expectedUtility)).toBeLessThan(1e-9);
    expect(r.expectedUtilityFraction).toBe(c.exact);
  });
});

describe('d12 action rolls, brute force', () => {
  it('safe rolls: every value and every spend, for every proficiency and stock', () => {
    for (let proficiency = 0; proficiency <= 13; proficiency++)
      for (let tokens = 0; tokens <= 6; tokens++) {
        let sum = 0n;
        const counts = [0, 0, 0, 0];
        for (let v = 1; v <= 12; v++) {
          const b = bestPlay([v], tokens, (l) => judge(l[0]!, proficiency));
          sum += b.score;
          counts[b.outcome]!++;
        }
        const rating = Math.min(proficiency, 3);
        const r = odds({ roll: 'safe', rating, capacity: proficiency - rating, tokens });
        expect(sameFraction(sum, 12n, r.expectedUtilityFraction)).toBe(true);
        expect(r.outcomes.map((o) => o.p)).toEqual(counts.map((c) => c / 12));
      }
  });

  it('risky rolls: every roll of 2 and 3 dice and every way to spend the tokens', () => {
    for (const rating of [0, 1])
      for (const tokens of [0, 1, 3, 6]) {
        const b = bruteRisky(rating + 2, tokens);
        const r = odds({ roll: 'risky', rating, tokens });
        expect(sameFraction(b.sum, b.total, r.expectedUtilityFraction)).toBe(true);
        r.outcomes.forEach((o, i) => {
          expect(o.p).toBeCloseTo(b.counts[i]! / Number(b.total), 15);
        });
      }
  });

  it('stacked rolls: expectimax over every die of every step', () => {
    for (const rating of [0, 1, 3])
      for (const capacity of [0, 4, 9])
        for (const tokens of [0, 2, 6]) {
          const b = bruteStacked(rating + 2, rating + capacity, tokens);
          const r = odds({ roll: 'stacked', rating, capacity, tokens });
          expect(sameFraction(b.num, b.den, r.expectedUtilityFraction)).toBe(true);
        }
  });

  it('group rolls: every supporter roll, every combination, every lead roll', () => {
    // Lead rating 0 with 1 token; one supporter (rating 0, capacity 3): safe or risky.
    const leadValue = new Map<number, { sum: bigint; total: bigint }>();
    const lead = (dice: number) => {
      if (dice <= 0) return { sum: U[CF]!, total: 1n };
      let v = leadValue.get(dice);
      if (!v) {
        const b = bruteRisky(dice, 1);
        v = { sum: b.sum, total: b.total };
        leadValue.set(dice, v);
      }
      return v;
    };
    const supportDice = [2, 1, 0, -1];
    const plans = {
      safe: [...rolls(1)].map(([v]) => supportDice[judge(v!, 3)]!),
      risky: [...rolls(2)].map((d) => supportDice[d.includes(1) ? CS : CF]!),
    };
    const value = (bonuses: number[]) => {
      // E = Σ over supporter rolls of lead(2 + bonus) / (#rolls), exactly as num/den.
      let num = 0n;
      const den = BigInt(bonuses.length) * 12n ** 4n;
      for (const bonus of bonuses) {
        const l = lead(2 + bonus);
        num += (l.sum * 12n ** 4n) / l.total;
      }
      return { num, den };
    };
    const safe = value(plans.safe);
    const risky = value(plans.risky);
    const best = safe.num * risky.den >= risky.num * safe.den ? safe : risky;
    const r = odds({
      roll: 'group',
      rating: 0,
      tokens: 1,
      supporters: [{ rating: 0, capacity: 3 }],
    });
    expect(sameFraction(best.num, best.den, r.expectedUtilityFraction)).toBe(true);
    expect(r.supporters![0]!.roll).toBe(best === safe ? 'safe' : 'risky');
  });

  it('a lead left with no dice fails critically', () => {
    // Two Reckless supporters at rating 0 (2 dice each) both failing critically: 2 − 2 = 0 dice.
    const r = odds({
      roll: 'group',
      rating: 0,
      supporters: [
        { rating: 0, capacity: 0, reckless: true },
        { rating: 0, capacity: 0, reckless: true },
      ],
    });
    const noOne = (121 / 144) ** 2; // both supporters roll no 1
    // Lead critical failure: 0 dice (both supporters fail) for sure, else the lead's own roll.
    const lead = (dice: number) => (11 / 12) ** dice;
    const p = 2 * (23 / 144) * (121 / 144);
    const expected = noOne + p * lead(3) + (23 / 144) ** 2 * lead(6);
    expect(r.outcomes[3]!.p).toBeCloseTo(expected, 14);
    expect(r.supporters!.map((s) => s.roll)).toEqual(['risky', 'risky']);
  });
});

describe('d12 action rolls, brute force with random utilities and token values', () => {
  it('agrees on the optimal expected utility, exactly, for any utilities', () => {
    const twentieths = fc.integer({ min: -30, max: 30 });
    fc.assert(
      fc.property(
        fc.constantFrom('safe', 'risky', 'stacked'),
        fc.integer({ min: 0, max: 1 }),
        fc.integer({ min: 0, max: 11 }),
        fc.integer({ min: 0, max: 6 }),
        fc.tuple(twentieths, twentieths, twentieths, twentieths),
        fc.integer({ min: 0, max: 8 }),
        (roll, rating, capacity, tokens, [cs, s, f, cf], token) => {
          const u = [cs, s, f, cf].map(BigInt);
          const r = odds({
            roll,
            rating,
            capacity,
            tokens,
            utilities: {
              criticalSuccess: cs / 20,
              success: s / 20,
              failure: f / 20,
              criticalFailure: cf / 20,
            },
            tokenValue: token / 20,
          });
          let num: bigint;
          let den: bigint;
          if (roll === 'safe') {
            num = 0n;
            for (let v = 1; v <= 12; v++)
              num += bestPlay(
                [v],
                tokens,
                (l) => judge(l[0]!, rating + capacity),
                u,
                BigInt(token),
              ).score;
            den = 12n;
          } else if (roll === 'risky') {
            const b = bruteRisky(rating + 2, tokens, u, BigInt(token));
            num = b.sum;
            den = b.total;
          } else {
            ({ num, den } = bruteStacked(rating + 2, rating + capacity, tokens, u, BigInt(token)));
          }
          expect(sameFraction(num, den, r.expectedUtilityFraction)).toBe(true);
        },
      ),
      { numRuns: 60, seed: 7 },
    );
  });
});

describe('d12 action rolls, laws and stated readings', () => {
  it('more tokens never hurt; the optimal stop beats keep-first-success and a safe roll', () => {
    for (const roll of ['safe', 'risky', 'stacked'] as const)
      for (const rating of [0, 2])
        for (const capacity of [1, 6, 10]) {
          let last = Number.NEGATIVE_INFINITY;
          for (let tokens = 0; tokens <= 6; tokens++) {
            const r = odds({ roll, rating, capacity, tokens });
            expect(r.expectedUtility!).toBeGreaterThanOrEqual(last - 1e-15);
            expect(r.outcomes.reduce((s, o) => s + o.p, 0)).toBeCloseTo(1, 14);
            last = r.expectedUtility!;
            if (roll === 'stacked') {
              const simple = odds({ roll, rating, capacity, tokens, policy: 'keep-first-success' });
              const safe = odds({ roll: 'safe', rating, capacity, tokens });
              expect(r.expectedUtility!).toBeGreaterThanOrEqual(simple.expectedUtility! - 1e-15);
              expect(r.expectedUtility!).toBeGreaterThanOrEqual(safe.expectedUtility! - 1e-15);
            }
          }
        }
  });

  it('breaks an exact utility tie toward fewer tokens (5 tokens for a critical = a plain success)', () => {
    // Proficiency 6, 5 tokens: a 6 lowered to 1 is worth 1.25 − 5·0.05 = 1, the same as keeping it.
    // 1 is natural and 2..5 are bought down to a critical; the 6 stays a plain success, as do
    // 7..11 bought down to 6; the 12 cannot reach 6 and is lowered to an 11 (a failure).
    const r = odds({ roll: 'safe', rating: 1, capacity: 5, tokens: 5 });
    expect(r.outcomes.map((o) => o.p)).toEqual([5 / 12, 6 / 12, 1 / 12, 0]);
  });

  it('lowers a 12 to 11 (judged 11) and keeps no fraction once tokens are in play', () => {
    const r = odds({ roll: 'safe', rating: 5, capacity: 6, tokens: 1 });
    // Proficiency 11: the 12 becomes an 11, a success for one token.
    expect(r.outcomes[3]!.p).toBe(0);
    expect(r.outcomes.every((o) => o.fraction === undefined)).toBe(true);
    const plain = odds({ roll: 'safe', rating: 5, capacity: 6 });
    expect(plain.outcomes.map((o) => o.fraction)).toEqual(['1/12', '5/6', '0', '1/12']);
  });

  it('gains a balance token per failure, none at a stock of 6 or while Demoralized', () => {
    // Proficiency 0, 6 tokens: 2..7 are bought down to a critical; 8..11 fail with 6 tokens
    // still held (no gain); a 12 is lowered to 11 for one token (a failure, stock 5: gain).
    const r = odds({ roll: 'safe', rating: 0, capacity: 0, tokens: 6 });
    expect(r.outcomes.map((o) => o.p)).toEqual([7 / 12, 0, 5 / 12, 0]);
    expect(r.expectedBalanceTokens).toBeCloseTo(1 / 12, 15);
    expect(
      odds({ roll: 'safe', rating: 0, capacity: 0, tokens: 6, demoralized: true })
        .expectedBalanceTokens,
    ).toBe(0);
    const capacity = odds({ roll: 'capacity', capacity: 7 });
    expect(capacity.outcomes.map((o) => [o.name, o.fraction])).toEqual([
      ['pass', '7/12'],
      ['fail', '5/12'],
    ]);
    expect(capacity.expectedBalanceTokens).toBeCloseTo(5 / 12, 15);
    expect(capacity.expectedInterruptionTokens).toBe(0);
    expect(capacity.expectedUtility).toBeUndefined();
    expect(odds({ roll: 'capacity', capacity: 7, tokens: 6 }).expectedBalanceTokens).toBe(0);
  });

  it('counts the DM interruption tokens of supporters too', () => {
    const r = odds({
      roll: 'group',
      rating: 1,
      supporters: [{ rating: 0, capacity: 3, reckless: true }],
    });
    const supporterCf = 121 / 144;
    expect(r.expectedInterruptionTokens).toBeCloseTo(r.outcomes[3]!.p + supporterCf, 14);
  });

  it('keeps the first success under keep-first-success (a decision-free policy without tokens)', () => {
    const r = odds({ roll: 'stacked', rating: 0, capacity: 5, policy: 'keep-first-success' });
    // Two dice against proficiency 5: the first die is kept on 1..5; else the second decides.
    // Over 144: critical 12 + 7·1, success 4·12 + 7·4, failure 7·6, critical failure 7·1.
    expect(r.outcomes.map((o) => o.fraction)).toEqual(['19/144', '19/36', '7/24', '7/144']);
  });
});
