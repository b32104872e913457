import { describe, expect, it } from 'vitest';
import { InputError, invalid } from '../../src/input/input-error.ts';
import { inPageFields } from '../../src/page/page-field-labels.ts';
import { splits } from '../../src/systems/zidara/analyses/splits.ts';

/** What `compute` throws. */
function thrown(compute: () => unknown): unknown {
  try {
    compute();
  } catch (error) {
    return error;
  }
  throw new Error('it did not throw');
}

describe("the engine's refusals in the page's labels", () => {
  it('names the fields of the advice by their labels, Aura cap and the +2 variant too, its own field kept', () => {
    // Started with no Aura under a cap of 20: the Aura states held are a lever too.
    const refusal = thrown(() =>
      splits({
        steps: 30,
        challenge: 3,
        intents: [1],
        auraMax: 20,
        aura: 0,
        boostsPerRoll: 10,
        resolve: 1,
      }),
    );
    expect((refusal as Error).message).toContain(
      '(boostsPerRoll, boostSize); lower the Aura cap (auraMax)',
    );
    const said = inPageFields(refusal) as InputError;
    expect(said).toBeInstanceOf(InputError);
    expect(said.field).toBe('options.intents');
    expect(said.message).toContain(
      "allow fewer or smaller +2s a roll (+2s a roll, What the archetype's +2 adds); lower the Aura cap (Aura cap) (nothing was solved)",
    );
    expect(said.message).toMatch(/^options\.intents: the split /);
  });

  it('leaves a refusal that names no other field as it is', () => {
    const refusal = invalid('maxRounds', 60, 'at most 3');
    expect(inPageFields(refusal)).toBe(refusal);
    const bug = new RangeError('lowestAura must be an Aura state');
    expect(inPageFields(bug)).toBe(bug);
  });
});
