import { describe, expect, it } from 'vitest';
import { InputError } from '../../../src/input/input-error.ts';
import {
  parseRingSkillAdviceRequest,
  ringSkillAdvice,
} from '../../../src/systems/ring-skill/advise.ts';
import { ringSkillOdds } from '../../../src/systems/ring-skill/exact.ts';
import { RingSkillSolver } from '../../../src/systems/ring-skill/solver.ts';
import { parseRingSkillSpec, type RingSkillSpec } from '../../../src/systems/ring-skill/spec.ts';
import { type BruteCheck, bruteKeepValues, type Die, Q } from './brute-force.ts';

/** Every first roll of a check: each die's face, with its probability's weight 1 (uniform). */
function everyRoll(ring: number, skill: number): { ring: number[]; skill: number[] }[] {
  let rolls: number[][] = [[]];
  const sides = [...Array(ring).fill(6), ...Array(skill).fill(12)] as number[];
  for (const n of sides)
    rolls = rolls.flatMap((r) => Array.from({ length: n }, (_, f) => [...r, f + 1]));
  return rolls.map((r) => ({ ring: r.slice(0, ring), skill: r.slice(ring) }));
}

const q = (text: string): Q => {
  const [n, d = '1'] = text.split('/');
  return new Q(BigInt(n!), BigInt(d));
};

describe('ring-skill advise', () => {
  it('values every keep as the brute force does, and its best is the brute force’s best', () => {
    const checks: BruteCheck[] = [
      {
        ring: 2,
        skill: 1,
        tn: 2,
        depth: 2,
        rerolls: 0,
        objective: { kind: 'succeed-then-least-strife' },
      },
      { ring: 1, skill: 1, tn: 1, depth: 3, rerolls: 0, objective: { kind: 'most-successes' } },
      {
        ring: 2,
        skill: 0,
        tn: 2,
        depth: 2,
        rerolls: 0,
        objective: { kind: 'succeed-then-least-strife' },
      },
    ];
    for (const b of checks) {
      const check = parseRingSkillSpec({
        ring: b.ring,
        skill: b.skill,
        tn: b.tn,
        explodeDepth: b.depth,
        objective: b.objective.kind,
      });
      const solver = new RingSkillSolver(check);
      for (const roll of everyRoll(b.ring, b.skill)) {
        const advice = ringSkillAdvice({ check, ...roll }, solver);
        const pool: Die[] = [
          ...roll.ring.map((face) => ({ type: 'ring' as const, face })),
          ...roll.skill.map((face) => ({ type: 'skill' as const, face })),
        ];
        const brute = bruteKeepValues(b, pool);
        const where = `${JSON.stringify(roll)} of ${JSON.stringify(b)}`;
        for (const a of advice.actions) {
          const dice = [...a.keep.ring, ...a.keep.skill.map((i) => i + b.ring)].sort();
          const found = brute.find((x) => x.kept.join() === dice.join());
          expect(found, where).toBeDefined();
          const v = found!.value;
          expect(a.exact.pSuccess, where).toBe(v[0].toString());
          expect(a.exact.expectedStrife, where).toBe(v[1].toString());
          expect(a.expectedSuccesses, where).toBeCloseTo(Number(v[4].n) / Number(v[4].d), 12);
        }
        // The best: no brute-force keep beats it on the objective's first figure.
        const num = (x: Q) => Number(x.n) / Number(x.d);
        for (const x of brute) {
          if (b.objective.kind === 'most-successes')
            expect(num(x.value[4]), where).toBeLessThanOrEqual(
              advice.best.expectedSuccesses + 1e-12,
            );
          else expect(x.value[0].cmp(q(advice.best.exact.pSuccess)), where).toBeLessThanOrEqual(0);
        }
      }
    }
  });

  it('over every rolled state, the probability-weighted best value is odds’ expected utility exactly', () => {
    const specs: RingSkillSpec[] = [
      { ring: 2, skill: 1, tn: 2 },
      { ring: 2, skill: 2, tn: 3, objective: 'most-successes' },
      { ring: 3, skill: 1, tn: 2, objective: 'weighted', weights: { strife: -0.5 } },
      { ring: 1, skill: 2, tn: 1, explodeDepth: 2 },
    ];
    for (const spec of specs) {
      const check = parseRingSkillSpec(spec);
      const solver = new RingSkillSolver(check);
      const rolls = everyRoll(check.ring, check.skill);
      let sum = new Q(0n);
      for (const roll of rolls)
        sum = sum.add(q(ringSkillAdvice({ check, ...roll }, solver).best.exact.expectedUtility));
      const mean = sum.mul(new Q(1n, 6n ** BigInt(check.ring) * 12n ** BigInt(check.skill)));
      expect(mean.toString(), JSON.stringify(spec)).toBe(
        ringSkillOdds(check).exact.expectedUtility,
      );
    }
  });

  it('lists each distinct keep once, best first, and the explosion wave the best keep rolls', () => {
    const check = parseRingSkillSpec({ ring: 2, skill: 1, tn: 2 });
    // Two successes on the Ring dice, an explosive success on the Skill die.
    const advice = ringSkillAdvice({ check, ring: [5, 5], skill: [11] });
    expect(advice.actions.map((a) => a.kept)).toHaveLength(4);
    expect(new Set(advice.actions.map((a) => a.kept.join())).size).toBe(4);
    expect(advice.best).toMatchObject({
      keep: { ring: [0], skill: [0] },
      kept: ['success', 'Skill explosive success'],
      pSuccess: 1,
      explosions: { ring: 0, skill: 1 },
    });
    // The explosion: one Skill die, twelve faces merged into its six kinds.
    expect(advice.explosionWave.map((w) => w.probability).reduce((a, b) => a + b, 0)).toBeCloseTo(
      1,
      12,
    );
    const strife = advice.explosionWave.find((w) => w.rolled[0] === 'success + strife');
    expect(strife).toMatchObject({ probability: 2 / 12, keep: [] });
    // With nothing but blanks, a lone blank is the only keep.
    const blanks = ringSkillAdvice({ check, ring: [1, 1], skill: [2] });
    expect(blanks.actions.map((a) => a.kept)).toEqual([['blank']]);
  });

  it('gives the keep for every later wave the play reaches, not only the first', () => {
    // TN met by the kept explosive success; each Skill explosive success after it is kept for its
    // bonus success (the tie-break), so a wave of one Skill die follows in every wave to 10.
    const check = parseRingSkillSpec({ ring: 1, skill: 1, tn: 1 });
    const advice = ringSkillAdvice({ check, ring: [1], skill: [11] });
    expect(advice.best.kept).toEqual(['Skill explosive success']);
    expect(advice.laterWaves.map((w) => w.wave)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10]);
    for (const wave of advice.laterWaves) {
      expect(wave).toMatchObject({ successes: 1, dice: { ring: 0, skill: 1 } });
      expect(wave.outcomes).toEqual(advice.explosionWave);
      const explosive = wave.outcomes.find((o) => o.rolled[0] === 'Skill explosive success');
      expect(explosive).toMatchObject({ probability: 1 / 12, keep: ['Skill explosive success'] });
    }
    // A keep with no explosion in it has no waves at all.
    const none = ringSkillAdvice({ check, ring: [5], skill: [1] });
    expect(none.explosionWave).toEqual([]);
    expect(none.laterWaves).toEqual([]);
  });

  it('takes a request without skill faces for a check of skill 0, as --skill-faces may be left out', () => {
    const request = parseRingSkillAdviceRequest({
      check: { ring: 2, skill: 0, tn: 1 },
      ring: [6, 4],
    });
    expect(request.skill).toEqual([]);
    expect(ringSkillAdvice(request).best.kept).toEqual(['Ring explosive success + strife']);
  });

  it('refuses a request naming the field and what is allowed', () => {
    const bad: [unknown, RegExp][] = [
      [
        { check: { ring: 2, skill: 0, tn: 2 }, ring: [5], skill: [] },
        /^ring: \[5\] is not allowed \(expected 2 faces from 1 to 6, one per Ring die/,
      ],
      [
        { check: { ring: 1, skill: 1, tn: 2 }, ring: [5], skill: [13] },
        /^skill\[0\]: 13 is not allowed \(expected a face from 1 to 12\)/,
      ],
      [
        { check: { ring: 0, skill: 1, tn: 2 }, ring: [], skill: [1] },
        /^check\.ring: 0 is not allowed/,
      ],
      [
        { check: { ring: 1, skill: 0, tn: 2 }, ring: [5], skill: [], faces: 1 },
        /^faces: no such field/,
      ],
      // Left out, the faces of the Skill dice there are are missing (none are, for skill 0).
      [
        { check: { ring: 1, skill: 2, tn: 2 }, ring: [5] },
        /^skill: missing \(expected 2 faces from 1 to 12, one per Skill die \(check\.skill\)\)$/,
      ],
      // It said "(expected a value of type nonoptional)", zod's name for a required field.
      [{ ring: [5], skill: [] }, /^check: missing \(expected an object\)$/],
    ];
    for (const [input, message] of bad) {
      expect(() => parseRingSkillAdviceRequest(input)).toThrow(InputError);
      expect(() => parseRingSkillAdviceRequest(input)).toThrow(message);
    }
  });
});
