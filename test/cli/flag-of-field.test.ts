import { describe, expect, it } from 'vitest';
import { flagError } from '../../src/cli/spec-file.ts';
import { FLAG_OF_FIELD } from '../../src/cli/zidara-flags.ts';
import { minorSplitsOfPool } from '../../src/systems/zidara/roll/split.ts';

/** The engine's refusal of `call`, as the Zi'Dara commands show it (by flag). */
function shown(call: () => unknown): string {
  try {
    call();
  } catch (error) {
    return (flagError(error, FLAG_OF_FIELD) as Error).message;
  }
  throw new Error('not refused');
}

describe("the Zi'Dara commands' flags, in the engine's refusals", () => {
  it('names --minor-max for a fishing pool with too many splits to fish with, not the option field', () => {
    const pool = [12, 12, 12, 12, 10, 10, 8, 8, 6, 6, 4, 2];
    expect(shown(() => minorSplitsOfPool(pool, 12))).toMatch(
      /^--minor-max: 12 is not allowed \(expected a die that leaves d12 d12 d12 d12 d10 d10 d8 d8 d6 d6 d4 d2 at most 100000 splits/,
    );
  });
});
