import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { packDicelab, ROOT, run } from '../package/packed.ts';

/**
 * dicelab's GitHub Action as a runner runs it: its step's script (scripts/action-check.sh, what
 * action.yml's step runs) in a temporary game repository, with GitHub's variables set (the
 * action's path, the step summary and outputs as files, the runner's temporary folder) and the
 * action's inputs as its step passes them. dicelab is installed from the packed tarball (the
 * `version` input takes any npm install spec), so nothing here reaches a registry.
 */

let scratch: string;
let tarball: string;
let runnerTemp: string;

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'dicelab-action-'));
  ({ tarball } = await packDicelab(scratch));
  runnerTemp = join(scratch, 'runner-temp');
  await mkdir(runnerTemp);
}, 120_000);

const SCENARIO = (expectation: string) => `scenario: the gate
simulation: { trials: 1000, maxTrials: 1000 }
characters:
  hero: { auraMax: 0, titles: 0, actions: { swing: 3 } }
threats:
  guard: { name: a gate guard, challenge: 3, tags: 1 }
expectations:
${expectation}`;

const PASS = `  - expect: a lone d6 beats the guard 5 times in 12
    figure: winChance
    of: { character: hero, action: swing, vs: guard }
    between: [41%, 42%]
`;
const FAIL = `  - expect: the hero beats the guard most of the time
    figure: winChance
    of: { character: hero, action: swing, vs: guard }
    atLeast: 60%
`;
/** A bound set at the true value (5/12) of a simulated figure: undecided at any trials cap. */
const UNDECIDED = `  - expect: the hero beats the guard 5 times in 12, simulated
    figure: winChance
    of: { character: hero, action: swing, vs: guard }
    by: simulation
    atLeast: 0.4166666666666667
`;

/** A game repository holding `scenario` in scenarios/gate.yaml; runs the action's step in it. */
async function runAction(name: string, scenario: string, inputs: Record<string, string>) {
  const repo = join(scratch, name);
  await mkdir(join(repo, 'scenarios'), { recursive: true });
  await writeFile(join(repo, 'scenarios', 'gate.yaml'), scenario);
  const summary = join(scratch, `${name}.summary.md`);
  const output = join(scratch, `${name}.output`);
  await writeFile(summary, '');
  await writeFile(output, '');
  const result = await run('bash', [join(ROOT, 'scripts', 'action-check.sh')], repo, {
    GITHUB_ACTIONS: 'true',
    GITHUB_ACTION_PATH: ROOT,
    GITHUB_WORKSPACE: repo,
    GITHUB_STEP_SUMMARY: summary,
    GITHUB_OUTPUT: output,
    RUNNER_TEMP: runnerTemp,
    DICELAB_PATH: 'scenarios',
    DICELAB_BASELINE: '',
    DICELAB_VERSION: tarball,
    DICELAB_INCONCLUSIVE: 'fail',
    DICELAB_OUT: 'reports',
    ...inputs,
  });
  return {
    ...result,
    repo,
    summary: await readFile(summary, 'utf8'),
    output: await readFile(output, 'utf8'),
  };
}

describe("dicelab's GitHub Action (action.yml's step, scripts/action-check.sh)", () => {
  it('passes a game whose expectations hold: summary written, JUnit left, status 0', async () => {
    const step = await runAction('passing', SCENARIO(PASS), {});
    expect(step.code, step.stdout + step.stderr).toBe(0);
    expect(step.stdout).toMatch(/^dicelab \d+\.\d+\.\d+, from /m);
    expect(step.stdout).toMatch(/check: 1 passed \(1 expectation, 1 file, /);
    // No baseline committed yet: the check says so and compares nothing.
    expect(step.summary).toMatch(/^## dicelab check: 1 passed\n/);
    expect(step.summary).toContain('Baseline: none compared.');
    expect(step.output).toBe('status=0\n');
    expect(existsSync(join(step.repo, 'reports', 'check.junit.xml'))).toBe(true);
    // dicelab was installed outside the repository: the game's tree holds only its own files.
    expect(existsSync(join(step.repo, 'node_modules'))).toBe(false);
    expect(existsSync(join(step.repo, 'package-lock.json'))).toBe(false);
  });

  it('fails with status 2 on a baseline input naming a file that is not there, comparing nothing', async () => {
    const step = await runAction('mistyped-baseline', SCENARIO(PASS), {
      DICELAB_BASELINE: 'reports/basline.json',
    });
    expect(step.code).toBe(2);
    expect(step.stderr).toContain('--baseline: cannot read "reports/basline.json" (no such file)');
    expect(step.summary).toMatch(/^## dicelab check: stopped with status 2, nothing judged/);
    expect(step.output).toBe('status=2\n');
  });

  it('fails the job on a failed expectation, naming it in the summary and an error annotation', async () => {
    const step = await runAction('failing', SCENARIO(PASS + FAIL), { DICELAB_BASELINE: 'none' });
    expect(step.code).toBe(1);
    expect(step.summary).toMatch(/^## dicelab check: 1 passed, 1 failed\n/);
    expect(step.summary).toContain(
      '- **FAIL** scenarios/gate.yaml:12:5: the hero beats the guard most of the time:',
    );
    expect(step.output).toBe('status=1\n');
    expect(step.stdout).toContain('::error title=dicelab check::an expectation failed');
    // An annotation at the expectation's line, which GitHub shows on the pull request's file.
    expect(step.stdout).toContain(
      '\n::error file=scenarios/gate.yaml,line=12,col=5,title=dicelab check::FAIL: the hero beats the guard most of the time: winChance of hero.swing vs guard is 41.67%25, below 60.00%25\n',
    );
    expect(step.stdout.match(/^::error file=/gm)).toHaveLength(1);
  });

  it('checks every file of a path input written one a line (a YAML block), not only the first', async () => {
    const repo = join(scratch, 'path-lines');
    await mkdir(join(repo, 'scenarios'), { recursive: true });
    await writeFile(join(repo, 'scenarios', 'wall.yaml'), SCENARIO(FAIL));
    const step = await runAction('path-lines', SCENARIO(PASS), {
      DICELAB_PATH: 'scenarios/gate.yaml\nscenarios/wall.yaml\n',
      DICELAB_BASELINE: 'none',
    });
    expect(step.code).toBe(1);
    expect(step.stdout).toMatch(/check: 1 passed, 1 failed \(2 expectations, 2 files, /);
    expect(step.summary).toContain(
      '- **FAIL** scenarios/wall.yaml:8:5: the hero beats the guard most of the time:',
    );
  });

  it('takes a path input written one a line as one path a line, spaces and all, and one written on a line as paths split at spaces', async () => {
    const repo = join(scratch, 'path-spaces');
    await mkdir(join(repo, 'scenarios', 'the wall'), { recursive: true });
    await writeFile(join(repo, 'scenarios', 'the wall', 'wall.yaml'), SCENARIO(FAIL));
    // A `path: |` block: each line one path, trimmed; blank lines skipped.
    const lines = await runAction('path-spaces', SCENARIO(PASS), {
      DICELAB_PATH: '  scenarios/gate.yaml \n\nscenarios/the wall\t\n',
      DICELAB_BASELINE: 'none',
    });
    expect(lines.code, lines.stdout + lines.stderr).toBe(1);
    expect(lines.stdout).toMatch(/check: 1 passed, 1 failed \(2 expectations, 2 files, /);
    expect(lines.summary).toContain(
      '- **FAIL** scenarios/the wall/wall.yaml:8:5: the hero beats the guard most of the time:',
    );
    // A block of one line is one path too.
    const one = await runAction('path-spaces', SCENARIO(PASS), {
      DICELAB_PATH: 'scenarios/the wall\n',
      DICELAB_BASELINE: 'none',
    });
    expect(one.stdout).toMatch(/check: 0 passed, 1 failed \(1 expectation, 1 file, /);
    // On one line, spaces separate paths, as before.
    await writeFile(join(repo, 'scenarios', 'wall.yaml'), SCENARIO(FAIL));
    const spaced = await runAction('path-spaces', SCENARIO(PASS), {
      DICELAB_PATH: 'scenarios/gate.yaml  scenarios/wall.yaml',
      DICELAB_BASELINE: 'none',
    });
    expect(spaced.stdout).toMatch(/check: 1 passed, 1 failed \(2 expectations, 2 files, /);
  });

  it('fails on a figure that moved from the committed baseline, naming the command that records it', async () => {
    const repo = join(scratch, 'moved');
    await mkdir(join(repo, 'reports'), { recursive: true });
    // The figure as a rules change left it: 42.67% recorded, 41.67% now.
    await writeFile(
      join(repo, 'reports', 'baseline.json'),
      `${JSON.stringify({
        format: 'dicelab-baseline',
        version: 1,
        seed: 1,
        files: {
          '../scenarios/gate.yaml': { 'winChance of hero.swing vs guard': 0.4266666666666667 },
        },
      })}\n`,
    );
    const step = await runAction('moved', SCENARIO(PASS), {});
    expect(step.code).toBe(1);
    expect(step.summary).toMatch(/^## dicelab check: 1 passed, 1 figure moved from the baseline\n/);
    expect(step.summary).toContain(
      '| scenarios/gate.yaml:8:5 | winChance of hero.swing vs guard | 42.67% → 41.67% |',
    );
    expect(step.stdout).toContain(
      '\n::error file=scenarios/gate.yaml,line=8,col=5,title=dicelab check::moved: winChance of hero.swing vs guard: 42.67%25 → 41.67%25\n',
    );
    expect(step.summary).toContain(
      'record the new figures with `dicelab baseline scenarios/ --write` and commit `reports/baseline.json`',
    );
  });

  it('an inconclusive check fails the job by default and passes it, with a warning, when inconclusive is pass', async () => {
    const failing = await runAction('undecided-fail', SCENARIO(UNDECIDED), {});
    expect(failing.code).toBe(3);
    expect(failing.output).toBe('status=3\n');
    expect(failing.summary).toMatch(/^## dicelab check: 0 passed, 1 inconclusive\n/);
    expect(failing.stdout).toMatch(
      /\n::warning file=scenarios\/gate\.yaml,line=8,col=5,title=dicelab check::inconclusive: the hero beats the guard 5 times in 12, simulated: /,
    );
    const passing = await runAction('undecided-pass', SCENARIO(UNDECIDED), {
      DICELAB_INCONCLUSIVE: 'pass',
    });
    expect(passing.code).toBe(0);
    expect(passing.output).toBe('status=3\n');
    expect(passing.summary).toMatch(/^## dicelab check: 0 passed, 1 inconclusive\n/);
    expect(passing.stdout).toContain('::warning title=dicelab check::inconclusive');
  });

  it("a bad scenario file fails with status 2, and the summary never shows an earlier run's check.md as this one", async () => {
    // An earlier run's check.md left in reports/ (a committed reports/, or a previous step).
    const repo = join(scratch, 'bad-scenario');
    await mkdir(join(repo, 'reports'), { recursive: true });
    await writeFile(join(repo, 'reports', 'check.md'), '## dicelab check: 1 passed\n');
    const step = await runAction('bad-scenario', SCENARIO(PASS.replace('winChance', 'winChanse')), {
      DICELAB_BASELINE: 'none',
    });
    expect(step.code).toBe(2);
    expect(step.output).toBe('status=2\n');
    expect(step.stderr).toContain('scenarios/gate.yaml:9:13: expectations[0].figure: "winChanse"');
    expect(step.summary).not.toContain('1 passed');
    expect(step.summary).toBe(
      '## dicelab check: stopped with status 2, nothing judged (the message is in the step log)\n',
    );
  });

  it('refuses an inconclusive input that is neither fail nor pass, before installing anything', async () => {
    const step = await runAction('bad-input', SCENARIO(PASS), { DICELAB_INCONCLUSIVE: 'maybe' });
    expect(step.code).toBe(2);
    expect(step.stdout).toBe(
      '::error title=dicelab check::inconclusive: "maybe" is not allowed (expected fail or pass)\n',
    );
    expect(step.summary).toBe(
      '## dicelab check: stopped with status 2, nothing judged (the message is in the step log)\n',
    );
    expect(step.output).toBe('status=2\n');
  });

  it('reports a dicelab it cannot install as unavailable (69), not as a bug in dicelab', async () => {
    const missing = join(scratch, 'no-such-dicelab.tgz');
    const step = await runAction('no-install', SCENARIO(PASS), { DICELAB_VERSION: missing });
    expect(step.code).toBe(69);
    expect(step.output).toBe('status=69\n');
    expect(step.stdout).toContain(`::error title=dicelab check::could not install ${missing} (`);
    expect(step.summary).toBe(
      '## dicelab check: stopped with status 69, nothing judged (the message is in the step log)\n',
    );
  });

  it("reads a version input written as a tag (v0.2.0), a range (>=0.2.0) or a dist-tag as dicelab's, never another package's", async () => {
    // npm offline: the registry is not asked, so each ends at 69, naming what npm was asked for.
    for (const version of ['v0.2.0', '>=0.2.0', 'beta']) {
      const step = await runAction(`version-${version.replace(/\W/g, '')}`, SCENARIO(PASS), {
        DICELAB_VERSION: version,
        npm_config_offline: 'true',
      });
      expect(step.code, version).toBe(69);
      expect(step.summary).toMatch(/^## dicelab check: stopped with status 69, nothing judged/);
      expect(step.stdout).toContain(
        `::error title=dicelab check::could not install dicelab@${version} (`,
      );
    }
  });
});
