import { describe, expect, it } from 'vitest';
import {
  KIND_ADDS_RING,
  KIND_ADDS_SKILL,
  KIND_COUNT,
  KIND_OPPORTUNITY,
  KIND_STRIFE,
  KIND_SUCCESSES,
} from '../../../src/systems/ring-skill/faces.ts';
import {
  firstKeepSignatures,
  keptOfLex,
  MENU_ROOM,
  menuOf,
  rollKinds,
  signatureFields,
} from '../../../src/systems/ring-skill/keep-menus.ts';
import { RingSkillSolver, type SolverOptions } from '../../../src/systems/ring-skill/solver.ts';
import { RingSkillSolver as ReferenceSolver } from './reference-solver.ts';

/**
 * The fast solver (keeps ranked by signature over per-profile menus, menus shared by every TN,
 * reroll values memoised on reduced pools) against the general one it replaced (every
 * sub-multiset of every pool ranked, kept here as reference-solver.ts): the same exact figures,
 * the same value table, and the same keep and reroll on every pool, objective and weight set.
 */

const WEIGHTS = { success: 1, bonusSuccess: 0.2, opportunity: 0.1, strife: -0.2 };
const OBJECTIVES: [string, Pick<SolverOptions, 'objective' | 'weights'>][] = [
  ['succeed-then-least-strife', { objective: 'succeed-then-least-strife', weights: WEIGHTS }],
  ['most-successes', { objective: 'most-successes', weights: WEIGHTS }],
  ['weighted (defaults)', { objective: 'weighted', weights: WEIGHTS }],
  [
    'weighted (strife wanted)',
    {
      objective: 'weighted',
      weights: { success: 0.5, bonusSuccess: 0, opportunity: 0.3, strife: 0.1 },
    },
  ],
  [
    'weighted (opportunity shunned)',
    {
      objective: 'weighted',
      weights: { success: 0, bonusSuccess: 1, opportunity: -1, strife: 0.5 },
    },
  ],
  [
    'weighted (success only: symbols tie)',
    { objective: 'weighted', weights: { success: 1, bonusSuccess: 0, opportunity: 0, strife: 0 } },
  ],
  [
    'weighted (opportunity and strife cancel)',
    {
      objective: 'weighted',
      weights: { success: 1, bonusSuccess: 0, opportunity: 0.2, strife: 0.1 },
    },
  ],
];

const counts = (x: ArrayLike<number>) => Array.from(x).join('');
const figures = (f: object) =>
  Object.entries(f).map(([k, q]) => `${k} ${(q as { toString(): string }).toString()}`);

/** Every decision and value of two solvers with the same options, side by side. */
function expectSamePolicy(
  options: SolverOptions,
  skills: number[],
  rerolls: number,
  rerollSkills: number[] = [],
) {
  const fast = new RingSkillSolver(options);
  const general = new ReferenceSolver(options);
  const { ring, tn, explodeDepth: depth } = options;
  for (let level = 0; level <= depth; level++)
    for (let s = 0; s <= tn; s++)
      for (let pr = 0; pr <= ring; pr++)
        for (let ps = 0; pr + ps <= ring; ps++) {
          const state = fast.state(level, s, pr, ps);
          expect(figures(fast.stateFigures(state))).toEqual(figures(general.stateFigures(state)));
          if (level === 0 || pr + ps === 0) continue;
          for (const o of general.outcomes(pr, ps)) {
            const a = fast.waveChoice(level, s, o.counts);
            const b = general.waveChoice(level, s, o.counts);
            expect([counts(a.kept), a.next, a.bonus], `wave ${counts(o.counts)}`).toEqual([
              counts(b.kept),
              b.next,
              b.bonus,
            ]);
          }
        }
  for (const skill of skills) {
    for (const o of general.outcomes(ring, skill)) {
      const a = fast.keepChoice(o.counts);
      const b = general.keepChoice(o.counts);
      expect([counts(a.kept), a.next, a.bonus], `keep ${counts(o.counts)}`).toEqual([
        counts(b.kept),
        b.next,
        b.bonus,
      ]);
    }
    expect(figures(fast.solve(skill, 0))).toEqual(figures(general.solve(skill, 0)));
  }
  for (const skill of rerollSkills) {
    for (const r of general.outcomes(ring, 0))
      for (const k of general.outcomes(0, skill)) {
        const a = fast.rerollChoice(r.counts, k.counts, rerolls);
        const b = general.rerollChoice(r.counts, k.counts, rerolls);
        expect(`${counts(a.ring)}|${counts(a.skill)}`).toBe(`${counts(b.ring)}|${counts(b.skill)}`);
      }
    expect(figures(fast.solve(skill, rerolls))).toEqual(figures(general.solve(skill, rerolls)));
  }
}

describe('the fast Ring and Skill solver plays and values exactly as the general one', () => {
  const cases: [string, SolverOptions, number[], number, number[]][] = [];
  for (const [name, objective] of OBJECTIVES) {
    for (const ring of [1, 2, 3])
      for (const tn of [1, 2, 4])
        cases.push([
          `${name}, ring ${ring}, TN ${tn}, depth 2`,
          { ring, tn, explodeDepth: 2, ...objective },
          [0, 1, 2, 3],
          1,
          ring <= 2 ? [0, 1, 2] : [1],
        ]);
    cases.push([
      `${name}, ring 4, TN 3, depth 1`,
      { ring: 4, tn: 3, explodeDepth: 1, ...objective },
      [0, 2, 4],
      2,
      [],
    ]);
  }
  cases.push(
    [
      'succeed, ring 2, TN 3, depth 1, 2 rerolls',
      { ring: 2, tn: 3, explodeDepth: 1, ...OBJECTIVES[0]![1] },
      [2],
      2,
      [1, 2],
    ],
    [
      'most successes, ring 1, TN 2, depth 0, 2 rerolls',
      { ring: 1, tn: 2, explodeDepth: 0, ...OBJECTIVES[1]![1] },
      [0, 2],
      2,
      [2, 3],
    ],
    [
      'succeed, ring 5, TN 4, depth 1',
      { ring: 5, tn: 4, explodeDepth: 1, ...OBJECTIVES[0]![1] },
      [0, 1],
      1,
      [],
    ],
  );
  it.each(cases)(
    '%s',
    (_, options, skills, rerolls, rerollSkills) => {
      expectSamePolicy(options, skills, rerolls, rerollSkills);
    },
    60_000,
  );

  it.each([OBJECTIVES[0]!, OBJECTIVES[1]!, OBJECTIVES[5]!])(
    '%s: a solver below a TN solved before takes its values from it, and plays as the general one',
    (_, objective) => {
      // The values are shared by (ring, depth, objective): TN 4 solved first holds TN 1..3's.
      new RingSkillSolver({ ring: 3, tn: 4, explodeDepth: 2, ...objective });
      for (const tn of [3, 2, 1])
        expectSamePolicy({ ring: 3, tn, explodeDepth: 2, ...objective }, [1, 2], 1, [1]);
    },
    60_000,
  );

  it.each([OBJECTIVES[1]!, OBJECTIVES[5]!])(
    '%s: ring 3 + skill 2 with 2 rerolls plays and values as the general one',
    (_, objective) => {
      expectSamePolicy({ ring: 3, tn: 3, explodeDepth: 1, ...objective }, [], 2, [2]);
    },
    60_000,
  );

  it('solvers of a smaller ring after a larger one (their signatures are shared) play as the general one', () => {
    const objective = OBJECTIVES[2]![1];
    new RingSkillSolver({ ring: 4, tn: 2, explodeDepth: 2, ...objective }).solve(3, 1);
    for (const ring of [2, 1])
      expectSamePolicy({ ring, tn: 2, explodeDepth: 2, ...objective }, [0, 2], 1, [1]);
  });

  it('one solver answers any reroll count in any order, as fresh solvers do', () => {
    const options: SolverOptions = { ring: 2, tn: 2, explodeDepth: 1, ...OBJECTIVES[1]![1] };
    const shared = new RingSkillSolver(options);
    for (const rerolls of [2, 1, 2, 0, 1])
      expect(figures(shared.solve(2, rerolls))).toEqual(
        figures(new ReferenceSolver(options).solve(2, rerolls)),
      );
  });
});

/** The menu orders of the three objectives (the weighted one with strife wanted). */
const MENU_ORDERS = [
  {
    id: 'succeed-then-least-strife',
    inner: (ta: number, oa: number, na: number, tb: number, ob: number, nb: number) =>
      ta - tb || ob - oa || na - nb,
  },
  {
    id: 'most-successes',
    inner: (ta: number, oa: number, na: number, tb: number, ob: number, nb: number) =>
      ob - oa || na - nb || ta - tb,
  },
  {
    // Weighted with strife wanted: 0.3 per opportunity, 0.1 per strife.
    id: 'weighted:3:1',
    inner: (ta: number, oa: number, na: number, tb: number, ob: number, nb: number) =>
      -(3 * (oa - ob) + (ta - tb)) || ob - oa || na - nb || ta - tb,
  },
];

describe('a pool menu holds the best keep of every profile', () => {
  it.each(MENU_ORDERS.map((o) => [o.id, o] as const))(
    '%s: each entry is the best sub-multiset of its profile, and every profile has one',
    (_, order) => {
      for (const least of [0, 1])
        for (const o of rollKinds(2, 2)) {
          const most = least === 0 ? 4 : 3;
          const menu = new Map<string, string>();
          const sigs = new Int32Array(MENU_ROOM);
          const lexes = new Int32Array(MENU_ROOM);
          const size = menuOf(order, o.counts, least, most, sigs, lexes, 0);
          for (let e = 0; e < size; e++) {
            const kept = keptOfLex(lexes[e]!);
            const f = signatureFields(sigs[e]!);
            const profile = `${f.successes},${f.addsRing},${f.addsSkill}`;
            expect(menu.has(profile), profile).toBe(false);
            menu.set(profile, counts(kept));
          }
          // Brute force: every keep of least..most non-blank dice, or a lone blank, by profile.
          const keeps = new Map<string, Int8Array[]>();
          const m = new Int8Array(KIND_COUNT);
          const consider = (keep: Int8Array) => {
            const f = stats(keep);
            const profile = `${f.successes},${f.addsRing},${f.addsSkill}`;
            keeps.set(profile, [...(keeps.get(profile) ?? []), keep.slice()]);
          };
          const walk = (k: number, left: number, n: number) => {
            if (k === KIND_COUNT) {
              if (n >= least) consider(m);
              return;
            }
            for (let x = 0; x <= Math.min(o.counts[k]!, left); x++) {
              m[k] = x;
              walk(k + 1, left - x, n + x);
            }
            m[k] = 0;
          };
          walk(1, most, 0);
          if (least > 0 && o.counts[0]! > 0) {
            const blank = new Int8Array(KIND_COUNT);
            blank[0] = 1;
            consider(blank);
          }
          const best = new Map<string, string>();
          for (const [profile, list] of keeps) {
            const inner = (x: Int8Array, y: Int8Array) => {
              const f = stats(x);
              const g = stats(y);
              return order.inner(
                f.strife,
                f.opportunity,
                f.count,
                g.strife,
                g.opportunity,
                g.count,
              );
            };
            list.sort(inner);
            // The best of a profile is unique: no other keep of it ties with it.
            if (list.length > 1) expect(inner(list[0]!, list[1]!)).toBeLessThan(0);
            best.set(profile, counts(list[0]!));
          }
          expect(best, counts(o.counts)).toEqual(menu);
        }
    },
  );
});

describe('the first keeps ranked before the first menus are walked', () => {
  it.each(MENU_ORDERS.map((o) => [o.id, o] as const))(
    '%s: every entry of every first menu is among firstKeepSignatures',
    (_, order) => {
      const sigs = new Int32Array(MENU_ROOM);
      const lexes = new Int32Array(MENU_ROOM);
      for (let ring = 1; ring <= 4; ring++)
        for (let skill = 0; skill <= 3; skill++) {
          const ranked = new Set(firstKeepSignatures(order, ring, skill, ring));
          for (const o of rollKinds(ring, skill)) {
            const size = menuOf(order, o.counts, 1, ring, sigs, lexes, 0);
            expect(size).toBeGreaterThan(0);
            for (let e = 0; e < size; e++)
              expect(ranked.has(sigs[e]!), `${ring}+${skill} ${counts(o.counts)}`).toBe(true);
          }
        }
    },
  );
});

function stats(keep: Int8Array) {
  let successes = 0;
  let strife = 0;
  let opportunity = 0;
  let addsRing = 0;
  let addsSkill = 0;
  let count = 0;
  for (let k = 0; k < KIND_COUNT; k++) {
    const n = keep[k]!;
    successes += n * KIND_SUCCESSES[k]!;
    strife += n * KIND_STRIFE[k]!;
    opportunity += n * KIND_OPPORTUNITY[k]!;
    addsRing += n * KIND_ADDS_RING[k]!;
    addsSkill += n * KIND_ADDS_SKILL[k]!;
    count += n;
  }
  return { successes, strife, opportunity, addsRing, addsSkill, count };
}
