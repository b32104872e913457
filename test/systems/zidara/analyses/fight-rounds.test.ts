import { describe, expect, it } from 'vitest';
import { fightRounds } from '../../../../src/systems/zidara/analyses/fight-rounds.ts';
import { fightOdds, parseFight } from '../../../../src/systems/zidara/fight/fight.ts';

describe('fightRounds', () => {
  it("gives a fight's odds one row a round", () => {
    const odds = fightOdds(
      parseFight({ challenge: 4, tags: 1, pool: [8], auraMax: 0, titles: 0, maxRounds: 2 }),
    );
    expect(fightRounds(odds).map((r) => r.round)).toEqual([1, 2]);
  });

  it('names odds that are not a fight’s, as an InputError', () => {
    const rounds = fightRounds as (odds: unknown) => unknown;
    for (const odds of [undefined, 5, {}])
      expect(() => rounds(odds)).toThrow(
        expect.objectContaining({
          name: 'InputError',
          message: expect.stringMatching(
            /^odds: .* is not allowed \(expected a fight's odds, as fight\(\) returns them\)$/,
          ),
        }),
      );
  });
});
