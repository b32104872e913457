import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { PAGE_SITE } from '../../src/report/page-site.ts';
import { ROOT } from '../package/packed.ts';

/**
 * Every GitHub workflow and the action parse as YAML and say what the README says they do: the
 * action's inputs and its one script, the game's workflow using the action at this version, the
 * release publishing the tested tarball with provenance.
 */

const PACKAGE = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  version: string;
  repository: { url: string };
};
// biome-ignore lint/suspicious/noExplicitAny: workflows are YAML of GitHub's shape, read field by field.
type Yaml = any;
const read = (path: string): Yaml => parse(readFileSync(join(ROOT, path), 'utf8'));
const WORKFLOWS = readdirSync(join(ROOT, 'deploy', 'github-actions'))
  .filter((name) => /\.ya?ml$/.test(name))
  .map((name) => `deploy/github-actions/${name}`);
/** The action's name in `uses:`: the repository package.json names. */
const ACTION = /github\.com\/([^/]+\/[^/.]+)/.exec(PACKAGE.repository.url)![1]!;

type Step = {
  uses?: string;
  run?: string;
  with?: Record<string, unknown>;
  env?: Record<string, string>;
};

describe('the GitHub workflows and the action', () => {
  it('every workflow parses, with a trigger and jobs whose steps each use an action or run a command', () => {
    expect(WORKFLOWS.sort()).toEqual([
      'deploy/github-actions/balance-at-scale.yml',
      'deploy/github-actions/game-balance.yml',
      'deploy/github-actions/pages.yml',
      'deploy/github-actions/release.yml',
    ]);
    for (const path of WORKFLOWS) {
      const workflow = read(path);
      expect(typeof workflow.name, path).toBe('string');
      expect(workflow.on, path).toBeTypeOf('object');
      const jobs = Object.values(
        workflow.jobs as Record<string, { steps: Step[]; 'runs-on': string }>,
      );
      expect(jobs.length, path).toBeGreaterThan(0);
      for (const job of jobs) {
        expect(job['runs-on'], path).toBe('ubuntu-latest');
        for (const step of job.steps)
          expect(Boolean(step.uses) !== Boolean(step.run), path).toBe(true);
      }
    }
  });

  it('action.yml: a composite action with the inputs path, baseline, version and inconclusive, running scripts/action-check.sh', () => {
    const action = read('action.yml');
    expect(Object.keys(action.inputs)).toEqual(
      expect.arrayContaining(['path', 'baseline', 'version', 'inconclusive']),
    );
    expect(action.inputs.path.default).toBe('scenarios');
    // Empty: check's own default, which may be missing (no baseline recorded yet).
    expect(action.inputs.baseline.default).toBe('');
    expect(action.inputs.inconclusive.default).toBe('fail');
    expect(action.inputs.version.default).toBe('');
    expect(action.runs.using).toBe('composite');
    const steps = action.runs.steps as Step[];
    const check = steps.find((s) => s.run)!;
    expect(check.run).toBe('bash "$GITHUB_ACTION_PATH/scripts/action-check.sh"');
    // Every input reaches the script, under the name it reads.
    const script = readFileSync(join(ROOT, 'scripts', 'action-check.sh'), 'utf8');
    for (const input of ['path', 'baseline', 'version', 'inconclusive', 'out']) {
      const name = `DICELAB_${input.toUpperCase()}`;
      expect(check.env![name]).toBe(`\${{ inputs.${input} }}`);
      expect(script).toContain(`\${${name}:-`);
    }
    expect(action.outputs.status.value).toBe(`\${{ steps.check.outputs.status }}`);
  });

  it('game-balance.yml: on pull requests touching the scenarios, it uses the action at this version', () => {
    const workflow = read('deploy/github-actions/game-balance.yml');
    expect(workflow.on.pull_request.paths).toEqual(
      expect.arrayContaining(['scenarios/**', 'reports/baseline.json']),
    );
    const steps = workflow.jobs.balance.steps as Step[];
    expect(steps[0]!.uses).toBe('actions/checkout@v4');
    const uses = steps.find((s) => s.uses?.startsWith(`${ACTION}@`));
    expect(uses?.uses).toBe(`${ACTION}@v${PACKAGE.version}`);
    expect(uses?.with).toMatchObject({ path: 'scenarios' });
    // A baseline named must be there: a game with none recorded yet leaves the default.
    expect(uses?.with).not.toHaveProperty('baseline');
  });

  it('release.yml: on a version tag, tests, packs, attaches the tarball and publishes it with provenance', () => {
    const workflow = read('deploy/github-actions/release.yml');
    expect(workflow.on.push.tags).toEqual(['v*.*.*']);
    expect(workflow.permissions['id-token']).toBe('write');
    const runs = (workflow.jobs.release.steps as Step[]).flatMap((s) => (s.run ? [s.run] : []));
    const at = (pattern: RegExp) => runs.findIndex((r) => pattern.test(r));
    expect(at(/^npm ci$/)).toBeGreaterThanOrEqual(0);
    expect(at(/^npm test$/)).toBeGreaterThan(at(/^npm ci$/));
    expect(at(/npm pack/)).toBeGreaterThan(at(/^npm test$/));
    expect(at(/gh release create .*steps\.pack\.outputs\.tarball/)).toBeGreaterThan(at(/npm pack/));
    expect(runs[at(/npm publish/)]).toMatch(
      /npm publish "\$\{\{ steps\.pack\.outputs\.tarball \}\}" --provenance/,
    );
  });

  it('pages.yml: on a push to main, builds with npm ci and publishes dist/site/ to GitHub Pages', () => {
    const workflow = read('deploy/github-actions/pages.yml');
    expect(workflow.on.push.branches).toEqual(['main']);
    expect(workflow.permissions).toMatchObject({ pages: 'write', 'id-token': 'write' });
    const build = workflow.jobs.build.steps as Step[];
    expect(build.some((s) => s.run === 'npm ci')).toBe(true);
    const upload = build.find((s) => s.uses?.startsWith('actions/upload-pages-artifact@'));
    expect(upload?.with?.path).toBe(PAGE_SITE.buildDir);
    expect(workflow.jobs.deploy.needs).toBe('build');
    expect((workflow.jobs.deploy.steps as Step[])[0]!.uses).toMatch(/^actions\/deploy-pages@/);
  });
});
