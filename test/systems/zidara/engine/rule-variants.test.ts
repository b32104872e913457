import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RollSolver } from '../../../../src/systems/zidara/engine/roll-solver.ts';
import { solveRolls } from '../../../../src/systems/zidara/engine/solve-rolls.ts';
import { parseRoll, type RollSpec } from '../../../../src/systems/zidara/roll/spec.ts';

/** The rule variants' oracle (`zidara-variant-cases.json`, format of the brief's oracle README). */
const oracle: { name: string; spec: RollSpec; expectedUtility: number; pWin: number[] | null }[] =
  JSON.parse(
    readFileSync(new URL('../../../oracle/zidara-variant-cases.json', import.meta.url), 'utf8'),
  );

describe('exact engine: the rule variants oracle cases', () => {
  it.each(oracle.map((c) => [c.name, c] as const))('%s (the solver)', (_, c) => {
    const odds = new RollSolver(parseRoll(c.spec)).odds();
    expect(Math.abs(odds.expectedUtility - c.expectedUtility)).toBeLessThan(1e-9);
    for (const [i, p] of (c.pWin ?? []).entries())
      expect(Math.abs(odds.intents[i]!.pWin - p)).toBeLessThan(1e-9);
  });

  it('every case the same through solveRolls (closed forms and shared solves included)', () => {
    const solved = solveRolls(oracle.map((c) => parseRoll(c.spec)));
    for (const [k, c] of oracle.entries()) {
      expect(Math.abs(solved[k]!.expectedUtility - c.expectedUtility)).toBeLessThan(1e-9);
      for (const [i, p] of (c.pWin ?? []).entries())
        expect(Math.abs(solved[k]!.intents[i]!.pWin - p)).toBeLessThan(1e-9);
    }
  });
});
