import { describe, expect, it } from 'vitest';
import { checkScenarios } from '../../src/scenario/check-scenarios.ts';
import { type LoadedScenario, parseScenario } from '../../src/scenario/load-scenario.ts';

function load(text: string, path = 'variants.yaml'): LoadedScenario {
  const parsed = parseScenario(text, path);
  if (!parsed.ok) throw new Error(parsed.problems.map((p) => p.message).join('\n'));
  return parsed.scenario;
}

/** A d6 (3 steps) against C3 with no Aura and no Resolve: 5/12 by the rules page, 7/12 with ties to the roller. */
const scenario = (character: string, of = '') => `scenario: rule variants
characters:
  plain: { auraMax: 0, titles: 0, actions: { swing: 3 } }
  roller: { auraMax: 0, titles: 0, actions: { swing: 3 }, ${character} }
expectations:
  - expect: by the rules page a d6 beats a d6 5 times in 12
    figure: winChance
    of: { character: plain, action: swing, challenge: 3, pool: natural }
    between: [0.4166666666, 0.4166666667]
  - expect: with ties to the roller it reaches a d6 7 times in 12
    figure: winChance
    of: { character: roller, action: swing, challenge: 3, pool: natural${of} }
    between: [0.5833333333, 0.5833333334]
`;

describe('rule variants in scenario files', () => {
  it("a character's tiesGoTo changes its figures, and only its own", async () => {
    const result = await checkScenarios([load(scenario('tiesGoTo: roller'))]);
    expect(result.files[0]!.expectations.map((e) => e.verdict)).toEqual(['pass', 'pass']);
    expect(result.status).toBe(0);
  });

  it('reads every variant on a character, and refuses one out of its limits with path:line:col', () => {
    expect(
      parseScenario(
        scenario('tiesGoTo: roller, boostSize: 3, auraPerTopFace: 2, rerollKeepsBest: true'),
        'variants.yaml',
      ).ok,
    ).toBe(true);
    const parsed = parseScenario(scenario('tiesGoTo: roller, boostSize: 9'), 'variants.yaml');
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.problems[0]).toMatchObject({
      path: 'variants.yaml',
      line: 4,
      message: 'characters.roller.boostSize: 9 is not allowed (expected an integer from 1 to 4)',
    });
  });

  it('refuses ties to the roller with a defending figure, naming both, where the figure is', () => {
    const parsed = parseScenario(
      scenario('tiesGoTo: roller', ', defending: true'),
      'variants.yaml',
    );
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.problems).toHaveLength(1);
    expect(parsed.problems[0]).toMatchObject({
      path: 'variants.yaml',
      message:
        'characters.roller.tiesGoTo: "roller" is not allowed (expected defender with expectations[1].of.defending: ties going to the roller contradict the defence model, where they go to the defender)',
    });
  });
});
