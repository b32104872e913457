import { describe, expect, it } from 'vitest';
import { splitsQuestion, whatIfCommand, whatIfQuestion } from '../../src/page/page-questions.ts';
import { PAGE_DEFAULTS, readFragment, writeFragment } from '../../src/page/page-state.ts';
import { splits } from '../../src/systems/zidara/analyses/splits.ts';

describe("the page's rule variants (from their declarations)", () => {
  it('reads and writes each variant under its kebab-case key, only when not the rules page’s', () => {
    const state = {
      ...PAGE_DEFAULTS,
      boostSize: 3,
      auraPerTopFace: 0,
      tiesGoTo: 'roller' as const,
      rerollKeepsBest: true,
    };
    const fragment = writeFragment(state);
    expect(fragment).toContain(
      'boost-size=3&aura-per-top-face=0&ties-go-to=roller&reroll-keeps-best=1',
    );
    expect(writeFragment(PAGE_DEFAULTS)).not.toMatch(/boost-size|ties-go-to/);
    const read = readFragment(`#${fragment}`);
    expect(read.problems).toEqual([]);
    expect(read.state).toEqual(state);
  });

  it('names a variant key whose value it cannot use, keeping the rules page’s', () => {
    const { state, problems } = readFragment('#v=1&boost-size=9&ties-go-to=attacker');
    expect(state.boostSize).toBe(2);
    expect(state.tiesGoTo).toBe('defender');
    expect(problems).toEqual([
      'boost-size: "9" is not allowed (expected an integer from 1 to 4)',
      'ties-go-to: "attacker" is not allowed (expected one of defender, roller)',
    ]);
  });

  it('What if compares a variant with the rules page, as `--against` would', () => {
    const state = { ...PAGE_DEFAULTS, boostSize: 3 };
    const question = whatIfQuestion(state);
    expect(question.base.setup.boostSize).toBeUndefined();
    expect(question.yours.setup.boostSize).toBe(3);
    expect(whatIfCommand(state)).toBe(
      'dicelab zidara splits --steps 8 --vs 3 --intents 1-2 --against "--boost-size 3"',
    );
    // The question's setup is what the library takes: its best split under a +3.
    const yours = splitsQuestion(state);
    expect(yours.setup).toMatchObject({ boostSize: 3 });
    const ranked = splits({ steps: 8, challenge: 3, intents: [1, 2], ...yours.setup });
    const rules = splits({ steps: 8, challenge: 3, intents: [1, 2] });
    expect(ranked[0]!.expectedWins).toBeGreaterThan(rules[0]!.expectedWins);
  });
});
