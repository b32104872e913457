import fc from 'fast-check';
import type { DieSpec, RollSpec } from '../../../src/systems/zidara/roll/spec.ts';
import type { BruteSpec } from './brute-force.ts';

/** Small random rolls over every option of the rules page. */
export const smallRoll = (maxDice: number, maxResolve: number) =>
  fc
    .record({
      challenges: fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 1, maxLength: 2 }),
      sides: fc.array(fc.constantFrom(2, 4, 6, 8), { minLength: 1, maxLength: maxDice }),
      intentSeed: fc.array(fc.integer({ min: 0, max: 2 }), {
        minLength: maxDice,
        maxLength: maxDice,
      }),
      threatSeed: fc.array(fc.integer({ min: 0, max: 1 }), { minLength: 3, maxLength: 3 }),
      weights: fc.array(fc.constantFrom(0.5, 1, 2), { minLength: 3, maxLength: 3 }),
      auraMax: fc.integer({ min: 0, max: 3 }),
      auraFraction: fc.double({ min: 0, max: 1, noNaN: true }),
      resolve: fc.integer({ min: 0, max: maxResolve }),
      boostsPerRoll: fc.integer({ min: 0, max: 2 }),
      tieBreak: fc.boolean(),
      explode: fc.boolean(),
      explodeDepth: fc.integer({ min: 0, max: 2 }),
      auraValue: fc.constantFrom(0, 0, 0.3, 1.5),
      resolveValue: fc.constantFrom(0, 0, 0.2),
      sameRoll: fc.boolean(),
      area: fc.boolean(),
    })
    .map((r): BruteSpec & RollSpec => {
      // Intents numbered by the dice, with no gaps.
      const raw = r.sides.map((_, i) => Math.min(r.intentSeed[i]!, i));
      const order = [...new Set(raw)];
      // Exploding chains multiply the brute force's outcomes: keep those dice small.
      const small = (sides: number) =>
        r.explode && r.sides.length > 1 ? Math.min(sides, 4) : sides;
      const dice: DieSpec[] = r.sides.map((sides, i) => ({
        sides: small(sides),
        intent: order.indexOf(raw[i]!),
      }));
      if (r.area && r.sides.length < maxDice) dice.push({ sides: 2, area: true });
      return {
        threats: r.challenges.map((challenge) => ({ challenge })),
        dice,
        intents: order.map((_, i) => ({
          threat: Math.min(r.threatSeed[i]!, r.challenges.length - 1),
          weight: r.weights[i]!,
        })),
        auraMax: r.auraMax,
        aura: Math.floor(r.auraFraction * (r.auraMax + 0.99)),
        resolve: r.resolve,
        boostsPerRoll: r.boostsPerRoll,
        tieBreak: r.tieBreak,
        explode: r.explode,
        // A depth is read only with exploding dice (and refused without them).
        ...(r.explode ? { explodeDepth: r.explodeDepth } : {}),
        auraValue: r.auraValue,
        resolveValue: r.resolveValue,
        auraGainUsableSameRoll: r.sameRoll,
      };
    });

/** Small random rolls over every option, the rule variants included (rules/zidara.md). */
export const smallVariantRoll = (maxDice: number, maxResolve: number) =>
  fc
    .record({
      roll: smallRoll(maxDice, maxResolve),
      boostSize: fc.integer({ min: 1, max: 4 }),
      auraPerTopFace: fc.integer({ min: 0, max: 3 }),
      tiesGoTo: fc.constantFrom('defender' as const, 'roller' as const),
      rerollKeepsBest: fc.boolean(),
      areaSides: fc.constantFrom(2, 4),
    })
    .map(({ roll, areaSides, ...variants }): BruteSpec & RollSpec => ({
      ...roll,
      // A kept reroll of an area die bigger than a d2 is no longer uniform given its top faces.
      // (Plain only: exploding chains multiply the brute force's outcomes.)
      dice: roll.dice.map((d) =>
        'area' in d ? { sides: roll.explode ? 2 : areaSides, area: true as const } : d,
      ),
      ...variants,
      // Ties to the roller and the defence model are refused together.
      tieBreak: variants.tiesGoTo === 'roller' ? true : roll.tieBreak,
    }));

/**
 * A terminal utility table for a roll of `intents` intents, A Aura states and R1 Resolve levels,
 * from arbitrary values, never less for more Aura (as any scene's worth is: Aura can always be
 * left unspent).
 */
export function monotoneTerminal(
  values: readonly number[],
  intents: number,
  A: number,
  R1: number,
): number[] {
  const terminal = Array.from(
    { length: (intents + 1) * A * R1 },
    (_, k) => values[k % values.length]!,
  );
  for (let w = 0; w <= intents; w++)
    for (let r = 0; r < R1; r++)
      for (let a = 1; a < A; a++) {
        const here = (w * A + a) * R1 + r;
        terminal[here] = Math.max(terminal[here]!, terminal[(w * A + a - 1) * R1 + r]!);
      }
  return terminal;
}
