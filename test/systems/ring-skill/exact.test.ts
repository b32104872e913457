import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  parseRingSkillSpec,
  RING_SKILL_LIMITS,
  type RingSkillSpec,
  ringSkillOdds,
  ringSkillTable,
} from '../../../src/systems/ring-skill/index.ts';
import { type BruteCheck, bruteForce, Q } from './brute-force.ts';

interface OracleCase {
  ring: number;
  skill: number;
  tn: number;
  explodeDepth: number;
  pSuccess: number;
  expectedStrife: number;
  exact: [string, string];
}
const oracle: OracleCase[] = JSON.parse(
  readFileSync(new URL('../../oracle/ring-skill-cases.json', import.meta.url), 'utf8'),
);

const odds = (spec: RingSkillSpec) => ringSkillOdds(parseRingSkillSpec(spec));

describe('Ring and Skill, oracle cases', () => {
  it.each(
    oracle.map(
      (c) => [`ring ${c.ring} skill ${c.skill} TN ${c.tn} depth ${c.explodeDepth}`, c] as const,
    ),
  )('%s', (_, c) => {
    const r = odds({ ring: c.ring, skill: c.skill, tn: c.tn, explodeDepth: c.explodeDepth });
    expect(Math.abs(r.pSuccess - c.pSuccess)).toBeLessThan(1e-9);
    expect(Math.abs(r.expectedStrife - c.expectedStrife)).toBeLessThan(1e-9);
    expect([r.exact.pSuccess, r.exact.expectedStrife]).toEqual(c.exact);
  });
});

describe('Ring and Skill, brute force (every face, every keep, every wave)', () => {
  const cases: [string, RingSkillSpec, BruteCheck['objective']][] = [];
  for (const [ring, skill] of [
    [1, 0],
    [1, 1],
    [2, 0],
    [2, 1],
    [1, 2],
    [2, 2],
  ])
    for (const tn of [1, 2, 3])
      for (const depth of [0, 1, 2])
        cases.push([
          `ring ${ring} skill ${skill} TN ${tn} depth ${depth}`,
          { ring: ring!, skill: skill!, tn, explodeDepth: depth },
          { kind: 'succeed-then-least-strife' },
        ]);
  cases.push(
    [
      'ring 3 skill 1 TN 3 depth 2',
      { ring: 3, skill: 1, tn: 3, explodeDepth: 2 },
      { kind: 'succeed-then-least-strife' },
    ],
    [
      'most successes, ring 2 skill 1 TN 2',
      { ring: 2, skill: 1, tn: 2, explodeDepth: 2, objective: 'most-successes' },
      { kind: 'most-successes' },
    ],
    [
      'weighted (defaults), ring 2 skill 2 TN 2',
      { ring: 2, skill: 2, tn: 2, explodeDepth: 2, objective: 'weighted' },
      {
        kind: 'weighted',
        success: new Q(1n),
        bonus: new Q(1n, 5n),
        opportunity: new Q(1n, 10n),
        strife: new Q(-1n, 5n),
      },
    ],
    [
      'weighted (strife wanted), ring 2 skill 1 TN 1',
      {
        ring: 2,
        skill: 1,
        tn: 1,
        explodeDepth: 1,
        objective: 'weighted',
        weights: { success: 0.5, bonusSuccess: 0, opportunity: 0.3, strife: 0.1 },
      },
      {
        kind: 'weighted',
        success: new Q(1n, 2n),
        bonus: new Q(0n),
        opportunity: new Q(3n, 10n),
        strife: new Q(1n, 10n),
      },
    ],
    [
      '1 reroll, ring 2 skill 1 TN 2',
      { ring: 2, skill: 1, tn: 2, explodeDepth: 1, rerolls: 1 },
      { kind: 'succeed-then-least-strife' },
    ],
    [
      '2 rerolls, ring 1 skill 2 TN 2',
      { ring: 1, skill: 2, tn: 2, explodeDepth: 1, rerolls: 2 },
      { kind: 'succeed-then-least-strife' },
    ],
  );

  it.each(cases)('%s', (_, spec, objective) => {
    const check = parseRingSkillSpec(spec);
    const b = bruteForce({
      ring: check.ring,
      skill: check.skill,
      tn: check.tn,
      depth: check.explodeDepth,
      rerolls: check.rerolls,
      objective,
    });
    const r = ringSkillOdds(check);
    expect(r.exact.pSuccess).toBe(b.pSuccess.toString());
    expect(r.exact.expectedStrife).toBe(b.expectedStrife.toString());
    expect(r.exact.expectedBonusSuccesses).toBe(b.expectedBonusSuccesses.toString());
    expect(r.exact.expectedOpportunity).toBe(b.expectedOpportunity.toString());
    expect(r.exact.expectedSuccesses).toBe(b.expectedSuccesses.toString());
    expect(r.exact.pCapped).toBe(b.pCapped.toString());
  });
});

describe('Ring and Skill, stated readings and laws', () => {
  it('reports the mass the depth cap cut off: with depth 0 every kept explosion is capped', () => {
    // Ring 1, TN 2: the only way to 2 successes starts with the explosive face 6 (kept: it is
    // the only die), and depth 0 rolls no wave: capped 1/6, success 0.
    const r = odds({ ring: 1, skill: 0, tn: 2, explodeDepth: 0 });
    expect(r.exact.pCapped).toBe('1/6');
    expect(r.pSuccess).toBe(0);
    // Depth 1: a second 6 in the one wave is kept (it makes TN 2) and its explosion is cut off.
    expect(odds({ ring: 1, skill: 0, tn: 2, explodeDepth: 1 }).exact.pCapped).toBe('1/36');
  });

  it('converges as the depth grows, and more depth never lowers P(success)', () => {
    let last = -1;
    for (const depth of [0, 1, 2, 4, 10]) {
      const p = odds({ ring: 2, skill: 2, tn: 4, explodeDepth: depth }).pSuccess;
      expect(p).toBeGreaterThanOrEqual(last);
      last = p;
    }
  });

  it('more rerolls and more skill dice never lower P(success)', () => {
    const base = odds({ ring: 2, skill: 1, tn: 3 }).pSuccess;
    expect(odds({ ring: 2, skill: 1, tn: 3, rerolls: 1 }).pSuccess).toBeGreaterThanOrEqual(base);
    expect(odds({ ring: 2, skill: 2, tn: 3 }).pSuccess).toBeGreaterThanOrEqual(base);
  });

  it('the objectives play for what they say', () => {
    const spec = { ring: 3, skill: 2, tn: 2, explodeDepth: 3 };
    const def = odds(spec);
    const most = odds({ ...spec, objective: 'most-successes' });
    expect(most.expectedSuccesses).toBeGreaterThanOrEqual(def.expectedSuccesses);
    expect(def.pSuccess).toBeGreaterThanOrEqual(most.pSuccess);
    expect(def.expectedUtility).toBe(def.pSuccess);
    expect(most.expectedUtility).toBe(most.expectedSuccesses);
    const w = odds({
      ...spec,
      objective: 'weighted',
      weights: { success: 1, bonusSuccess: 0, opportunity: 0, strife: 0 },
    });
    expect(w.pSuccess).toBeCloseTo(def.pSuccess, 15);
  });

  it('the table covers ring 1..5 × skill 0..5 × TN 1..6 and agrees with single checks', () => {
    const rows = ringSkillTable({ rings: [1, 2], skills: [0, 2], tns: [1, 3] });
    expect(rows.map((r) => [r.ring, r.skill, r.tn])).toEqual([
      [1, 0, 1],
      [1, 0, 3],
      [1, 2, 1],
      [1, 2, 3],
      [2, 0, 1],
      [2, 0, 3],
      [2, 2, 1],
      [2, 2, 3],
    ]);
    for (const row of rows) {
      const r = odds({ ring: row.ring, skill: row.skill, tn: row.tn });
      expect(row.pSuccess).toBe(r.pSuccess);
      expect(row.expectedStrife).toBe(r.expectedStrife);
      expect(row.expectedBonusSuccesses).toBe(r.expectedBonusSuccesses);
      expect(row.expectedOpportunity).toBe(r.expectedOpportunity);
    }
  });
});

describe('Ring and Skill, brute force on random small checks', () => {
  it('agrees on every figure for random pools, TNs, depths, rerolls, objectives and weights', () => {
    const weight = fc.integer({ min: -10, max: 10 }).map((n) => n / 10);
    fc.assert(
      fc.property(
        fc.record({
          ring: fc.integer({ min: 1, max: 2 }),
          skill: fc.integer({ min: 0, max: 2 }),
          tn: fc.integer({ min: 1, max: 4 }),
          explodeDepth: fc.integer({ min: 0, max: 2 }),
          rerolls: fc.integer({ min: 0, max: 1 }),
          objective: fc.constantFrom('succeed-then-least-strife', 'most-successes', 'weighted'),
          weights: fc.record({
            success: weight,
            bonusSuccess: weight,
            opportunity: weight,
            strife: weight,
          }),
        }),
        ({ weights, ...rest }) => {
          fc.pre(rest.ring + rest.skill <= 3 || rest.rerolls === 0);
          // Only the weighted objective takes weights; the others refuse them.
          const check = parseRingSkillSpec(
            rest.objective === 'weighted' ? { ...rest, weights } : rest,
          );
          const q = (x: number) => new Q(BigInt(Math.round(x * 10)), 10n);
          const objective: BruteCheck['objective'] =
            check.objective === 'weighted'
              ? {
                  kind: 'weighted',
                  success: q(check.weights.success),
                  bonus: q(check.weights.bonusSuccess),
                  opportunity: q(check.weights.opportunity),
                  strife: q(check.weights.strife),
                }
              : { kind: check.objective };
          const b = bruteForce({
            ring: check.ring,
            skill: check.skill,
            tn: check.tn,
            depth: check.explodeDepth,
            rerolls: check.rerolls,
            objective,
          });
          const r = ringSkillOdds(check);
          expect([
            r.exact.pSuccess,
            r.exact.expectedStrife,
            r.exact.expectedBonusSuccesses,
            r.exact.expectedOpportunity,
            r.exact.expectedSuccesses,
            r.exact.pCapped,
          ]).toEqual([
            b.pSuccess.toString(),
            b.expectedStrife.toString(),
            b.expectedBonusSuccesses.toString(),
            b.expectedOpportunity.toString(),
            b.expectedSuccesses.toString(),
            b.pCapped.toString(),
          ]);
        },
      ),
      { numRuns: 25, seed: 20240607 },
    );
  });
});

describe('the slowest check the bounds allow', () => {
  it('is solved (RING_SKILL_LIMITS; its time: npm run bench), and its rerolls never hurt', () => {
    const L = RING_SKILL_LIMITS;
    const corner = {
      ring: L.ring,
      skill: L.skill,
      tn: L.tn,
      explodeDepth: L.explodeDepth,
      rerolls: L.rerolls,
    };
    const r = odds(corner);
    expect(r.pSuccess).toBeGreaterThan(0);
    expect(r.pSuccess).toBeLessThan(1);
    // A reroll is a choice, and rerolling nothing is among the choices: never worse.
    expect(r.pSuccess).toBeGreaterThanOrEqual(odds({ ...corner, rerolls: 0 }).pSuccess);
    // One past any bound is refused.
    for (const field of Object.keys(corner) as (keyof typeof corner)[])
      expect(() => parseRingSkillSpec({ ...corner, [field]: corner[field] + 1 }), field).toThrow(
        new RegExp(`^${field}: ${corner[field] + 1} is not allowed`),
      );
  }, 120_000);
});
