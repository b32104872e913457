import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkScenarios } from '../../src/scenario/check-scenarios.ts';
import { formatProblem, parseScenario } from '../../src/scenario/load-scenario.ts';

describe('docs/scenarios.md', () => {
  const doc = readFileSync('docs/scenarios.md', 'utf8');
  const examples = [...doc.matchAll(/```yaml\n([\s\S]*?)```/g)].map((m) => m[1]!);

  it('shows its examples as YAML, the complete one and the other systems’ one', () => {
    expect(examples.length).toBe(2);
  });

  it.each(examples.map((text, i) => [i, text]))(
    'example %i loads and passes as written',
    async (_, text) => {
      const parsed = parseScenario(text, 'example.yaml');
      expect(parsed.ok ? [] : parsed.problems.map(formatProblem)).toEqual([]);
      if (!parsed.ok) return;
      const result = await checkScenarios([parsed.scenario], { threads: 1 });
      expect(result.files[0]!.expectations.map((e) => [e.expect, e.verdict])).toEqual(
        parsed.scenario.plan.expectations.map((e) => [e.expect, 'pass']),
      );
      expect(result.status).toBe(0);
    },
  );
});
