import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkScenarios } from '../../src/scenario/check-scenarios.ts';
import { formatProblem, parseScenario } from '../../src/scenario/load-scenario.ts';

describe('docs/scenarios.md', () => {
  it('shows a complete example that loads and passes', async () => {
    const doc = readFileSync('docs/scenarios.md', 'utf8');
    const example = /```yaml\n([\s\S]*?)```/.exec(doc)![1]!;
    const parsed = parseScenario(example, 'example.yaml');
    expect(parsed.ok ? [] : parsed.problems.map(formatProblem)).toEqual([]);
    if (!parsed.ok) return;
    const result = await checkScenarios([parsed.scenario], { threads: 1 });
    expect(result.files[0]!.expectations.map((e) => [e.expect, e.verdict])).toEqual(
      parsed.scenario.plan.expectations.map((e) => [e.expect, 'pass']),
    );
    expect(result.status).toBe(0);
  });
});
