import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RULE_OPTION_NAMES, ruleOption } from '../src/systems/zidara/roll/rule-options.ts';

const ROOT = join(import.meta.dirname, '..');
const contributing = readFileSync(join(ROOT, 'CONTRIBUTING.md'), 'utf8');
/** CONTRIBUTING.md's procedure for a new rule option. */
const recipe = contributing.slice(
  contributing.indexOf('## A rule option'),
  contributing.indexOf('## An analysis'),
);

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : testFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe("CONTRIBUTING.md's procedure for a rule option", () => {
  it('names every place a scenario file may hold one', () => {
    const declaration = readFileSync(join(ROOT, 'src/systems/zidara/roll/rule-options.ts'), 'utf8');
    const places = /readonly scenario: ([^;]+);/.exec(declaration)![1]!;
    const named = [...places.matchAll(/'(\w+)'/g)].map((m) => m[1]!);
    expect(named.length).toBeGreaterThan(2);
    for (const place of named) expect(recipe, place).toContain(`\`${place}\``);
  });

  it('names only files that exist', () => {
    const paths = [...recipe.matchAll(/`((?:src|test|docs|scripts)\/[^`<*]+\.\w+)`/g)].map(
      (m) => m[1]!,
    );
    expect(paths.length).toBeGreaterThan(10);
    for (const path of paths) expect(existsSync(join(ROOT, path)), path).toBe(true);
  });

  it('has its regenerating scripts run in a fresh clone, with no dist/ built', () => {
    const scripts: Record<string, string> = JSON.parse(
      readFileSync(join(ROOT, 'package.json'), 'utf8'),
    ).scripts;
    const named = [...recipe.matchAll(/`npm run ([\w:-]+)`/g)].map((m) => m[1]!);
    expect(named).toEqual(['roll-spec-check', 'docs:defaults', 'schema', 'docs:page-keys']);
    // The sources' one import of a built file, `#zod`, is zod itself under the scripts' condition.
    const resolved = (conditions: string[]) =>
      execFileSync(
        process.execPath,
        [...conditions, '--input-type=module', '-e', "console.log(import.meta.resolve('#zod'))"],
        { cwd: ROOT, encoding: 'utf8' },
      ).trim();
    expect(resolved([])).toMatch(/\/dist\/vendor\/zod\.js$/);
    for (const name of named) {
      const conditions = [...scripts[name]!.matchAll(/--conditions=\S+/g)].map((m) => m[0]);
      expect(scripts[name], name).toMatch(/^tsx /);
      expect(conditions, name).toHaveLength(1);
      expect(resolved(conditions), name).not.toContain('/dist/');
      expect(resolved(conditions), name).toMatch(/\/node_modules\/zod\//);
    }
  });

  it('names every test that states the options as a written list', () => {
    const last = RULE_OPTION_NAMES.slice(-2);
    const lists = [last.join(', '), last.map((name) => ruleOption(name).flag.name).join(', ')];
    const holding = testFiles(join(ROOT, 'test'))
      .filter((file) => !file.endsWith('contributing.test.ts'))
      .filter((file) => lists.some((list) => readFileSync(file, 'utf8').includes(list)))
      .map((file) => file.slice(ROOT.length + 1));
    expect(holding.length).toBeGreaterThan(0);
    for (const file of holding) expect(recipe, file).toContain(`\`${file}\``);
  });
});
