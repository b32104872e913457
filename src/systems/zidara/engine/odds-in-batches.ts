import { type Roll, type RollHeading, rollHeading } from '../roll/spec.ts';
import type { RollOdds, SolveOptions } from './roll-play.ts';
import { solveRolls } from './solve-rolls.ts';

/** Rolls solved together (the rest wait their turn): 3,504 contests are one batch. */
export const SOLVE_BATCH = 4096;

/** A roll's odds headed by the system and the roll as solved, as every system's `odds` answers. */
export type RollAnswer = RollHeading & RollOdds;

/**
 * Each roll's odds in order, headed by `rollHeading`, `SOLVE_BATCH` rolls solved at a time by
 * `solveRolls` (rolls of one shape in a batch share a solve), so a long list streams with bounded
 * memory. What `dicelab zidara odds` prints (a file of specs as it is printed) and `odds` of
 * `dicelab/zidara` returns: one path, so the two cannot drift.
 * @example [...oddsInBatches([parseRoll({ threats: [{ challenge: 3 }], dice: [{ sides: 8, intent: 0 }], auraMax: 0 })])][0].intents[0].pWin // 0.5625
 */
export function* oddsInBatches(
  rolls: readonly Roll[],
  options: SolveOptions = {},
): Generator<RollAnswer, void, undefined> {
  for (let next = 0; next < rolls.length; next += SOLVE_BATCH) {
    const batch = rolls.slice(next, next + SOLVE_BATCH);
    yield* solveRolls(batch, options).map((odds, i) => {
      // The heading's fields written out: a second spread takes V8's slow path, about 6 µs an
      // answer (20 ms of a 3,504-contest file), where this costs a tenth of a microsecond.
      const { system, spec } = rollHeading(batch[i]!);
      return { system, spec, ...odds };
    });
  }
}
