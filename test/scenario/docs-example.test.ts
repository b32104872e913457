import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkScenarios } from '../../src/scenario/check-scenarios.ts';
import { formatProblem, parseScenario } from '../../src/scenario/load-scenario.ts';
import { RULE_OPTION_NAMES, ruleOption } from '../../src/systems/zidara/roll/rule-options.ts';

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

  it('lists every rule option where a scenario file holds it (a list kept by hand)', () => {
    const section = doc.slice(doc.indexOf('### Characters'), doc.indexOf('### Threats'));
    const rows = section.split('\n').filter((line) => line.startsWith('| `'));
    const fieldsOf = (row: string) =>
      [...row.split(' | ')[0]!.matchAll(/`(\w+)`/g)].map((m) => m[1]);
    const archetype = rows.find((row) => row.startsWith('| `archetype` |'))!;
    const variants = rows.find((row) => row.includes('the rule variants'))!;
    for (const name of RULE_OPTION_NAMES) {
      const option = ruleOption(name);
      if (option.scenario === 'archetype')
        expect(archetype.split(' | ')[2], name).toMatch(new RegExp(`[{ ]${name}[,} ]`));
      else if (option.scenario === 'character') {
        const row = option.variant ? variants : rows.find((r) => fieldsOf(r).includes(name));
        expect(row && fieldsOf(row), name).toContain(name);
      } else expect(doc, name).toContain(`\`defending\` (ties cannot be bought)`);
    }
  });
});
