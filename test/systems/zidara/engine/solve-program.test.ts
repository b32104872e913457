import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RollSolver } from '../../../../src/systems/zidara/engine/roll-solver.ts';
import { SolvePrograms } from '../../../../src/systems/zidara/engine/solve-program.ts';
import { parseRoll, type Roll } from '../../../../src/systems/zidara/roll/spec.ts';
import { monotoneTerminal, smallVariantRoll } from '../small-roll.ts';

/** Terminal tables for a roll from arbitrary values, never less for more Aura (as a fight's worth). */
function terminalsOf(roll: Roll, tables: readonly (readonly number[])[]): number[][] {
  return tables.map((values) =>
    monotoneTerminal(values, roll.intents.length, roll.auraMax + 1, roll.resolve + 1),
  );
}

const tables = fc.array(
  fc.array(
    fc.integer({ min: 0, max: 8 }).map((k) => k / 8),
    { minLength: 60, maxLength: 60 },
  ),
  { minLength: 1, maxLength: 3 },
);

describe('recorded solves (a fight round solved again under another worth)', () => {
  it('replay, to the bit, what a solve of the new terminals gives, every rule variant', () => {
    fc.assert(
      fc.property(
        smallVariantRoll(3, 2),
        tables,
        tables,
        fc.constantFrom('any' as const, 'one' as const, 'all' as const),
        (spec, first, second, rerolls) => {
          const roll = parseRoll(spec);
          const starts = [roll, { ...roll, resolve: 0 }];
          if (roll.auraGainUsableSameRoll) starts.push({ ...roll, aura: 0 });
          const programs = new SolvePrograms();
          // Solved, then recorded (the second solve of a roll: every option explored, whatever
          // their values), under the first terminals…
          const recorded = terminalsOf(roll, first);
          const alone = new RollSolver(roll, { terminals: recorded, rerolls }).laneUtilitiesFor(
            starts,
          );
          for (let time = 0; time < 2; time++)
            expect(
              new RollSolver(roll, { terminals: recorded, rerolls }).laneUtilitiesFor(
                starts,
                programs,
              ),
            ).toEqual(alone);
          // …and replayed under the second, as many lanes or not.
          const terminals = terminalsOf(roll, second);
          const replayed = new RollSolver(roll, { terminals, rerolls }).laneUtilitiesFor(
            starts,
            programs,
          );
          expect(replayed).toEqual(
            new RollSolver(roll, { terminals, rerolls }).laneUtilitiesFor(starts),
          );
          // A reroll that keeps the better result is solved, never recorded.
          expect(programs.replays).toBe(roll.rerollKeepsBest ? 0 : 1);
        },
      ),
      { numRuns: 120, seed: 20261203 },
    );
  });

  it('solve afresh a start the recording did not reach, and a solve of another roll', () => {
    const roll = parseRoll({
      threats: [{ challenge: 4 }],
      dice: [
        { sides: 8, intent: 0 },
        { sides: 6, intent: 1 },
      ],
      resolve: 2,
      aura: 2,
    });
    const [terminal] = terminalsOf(roll, [[0, 0.25, 0.5, 1, 0.75]]);
    const programs = new SolvePrograms();
    const solver = () => new RollSolver(roll, { terminals: [terminal!] });
    solver().laneUtilitiesFor([{ ...roll, resolve: 0 }], programs);
    solver().laneUtilitiesFor([{ ...roll, resolve: 0 }], programs);
    expect(programs.replays).toBe(0);
    const other = { ...roll, resolve: 1 };
    expect(solver().laneUtilitiesFor([other], programs)).toEqual(
      solver().laneUtilitiesFor([other]),
    );
    expect(programs.replays).toBe(0);
    expect(solver().laneUtilitiesFor([{ ...roll, resolve: 0 }], programs)).toEqual(
      solver().laneUtilitiesFor([{ ...roll, resolve: 0 }]),
    );
    expect(programs.replays).toBe(1);
  });

  it('record a first solve when asked to, and replay it to the bit under 1 to 6 lanes', () => {
    fc.assert(
      fc.property(
        smallVariantRoll(3, 2),
        fc.array(
          fc.array(
            fc.integer({ min: 0, max: 16 }).map((k) => k / 16),
            { minLength: 60, maxLength: 60 },
          ),
          { minLength: 6, maxLength: 6 },
        ),
        fc.integer({ min: 1, max: 6 }),
        (spec, values, lanes) => {
          const roll = parseRoll(spec);
          const starts = [roll, { ...roll, resolve: 0 }];
          const programs = new SolvePrograms(true);
          const [first, ...rest] = terminalsOf(roll, values);
          const recorded = new RollSolver(roll, { terminals: [first!] }).laneUtilitiesFor(
            starts,
            programs,
          );
          expect(recorded).toEqual(
            new RollSolver(roll, { terminals: [first!] }).laneUtilitiesFor(starts),
          );
          const terminals = rest.slice(0, lanes);
          while (terminals.length < lanes) terminals.push(first!);
          const replayed = new RollSolver(roll, { terminals }).laneUtilitiesFor(starts, programs);
          expect(programs.replays).toBe(roll.rerollKeepsBest ? 0 : 1);
          expect(replayed).toEqual(new RollSolver(roll, { terminals }).laneUtilitiesFor(starts));
        },
      ),
      { numRuns: 60, seed: 20261206 },
    );
  });

  it('move a recording that outgrows its chunk, and replay it to the bit', () => {
    // Four intents, two Resolve: a defence's program holds some 100,000 operations, more than
    // a store's first chunk, so recordings move to new chunks while they are made.
    const roll = parseRoll({
      threats: [{ challenge: 5 }],
      dice: [
        { sides: 10, intent: 0 },
        { sides: 10, intent: 1 },
        { sides: 8, intent: 2 },
        { sides: 8, intent: 3 },
      ],
      resolve: 2,
    });
    const starts = [roll, { ...roll, aura: 0, resolve: 1 }];
    const [first, second] = terminalsOf(roll, [
      Array.from({ length: 90 }, (_, k) => ((k * 7) % 11) / 10),
      Array.from({ length: 90 }, (_, k) => ((k * 5) % 13) / 12),
    ]);
    const programs = new SolvePrograms(true);
    new RollSolver(roll, { terminals: [first!] }).laneUtilitiesFor(starts, programs);
    expect(programs.memory.chunk.length).toBeGreaterThan(1 << 14);
    const terminals = [second!, first!];
    expect(new RollSolver(roll, { terminals }).laneUtilitiesFor(starts, programs)).toEqual(
      new RollSolver(roll, { terminals }).laneUtilitiesFor(starts),
    );
    expect(programs.replays).toBe(1);
  });
});
