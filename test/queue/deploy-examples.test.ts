import { readFileSync } from 'node:fs';
import type { Command } from '@commander-js/extra-typings';
import { parse as parseShell } from 'shell-quote';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { buildProgram } from '../../src/cli/main.ts';

/**
 * The examples in deploy/ (Kubernetes, GitHub Actions, Slurm) hold dicelab command lines that
 * users copy: each is read from its file as the scheduler would run it (YAML parsed, shell words
 * split, the scheduler's variables filled in), then parsed by the real commander program with
 * every action replaced, so each flag's own check runs and nothing is simulated. The shards'
 * count is checked against the array's size, and the merge's pattern against the files the
 * shards write.
 */

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');

/** What schedulers set, for the variables the examples use. */
const SCHEDULER_VALUES: Readonly<Record<string, string>> = {
  JOB_COMPLETION_INDEX: '3',
  SLURM_ARRAY_TASK_ID: '3',
  SLURM_CPUS_PER_TASK: '32',
};

/** The dicelab command lines of a shell script (`\` continuations joined, comments dropped). */
function dicelabLines(script: string): string[] {
  return script
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => !line.startsWith('#') && /(^|\s)dicelab\s/.test(line));
}

/** A command line's words after `dicelab`, up to the first shell operator; globs kept as typed. */
function dicelabArgs(line: string): string[] {
  const words = parseShell(line, (name: string) => {
    const value = SCHEDULER_VALUES[name];
    if (value === undefined) throw new Error(`${line}: no value for $${name} in this test`);
    return value;
  });
  const start = words.indexOf('dicelab');
  expect(start, line).toBeGreaterThanOrEqual(0);
  const args: string[] = [];
  for (const word of words.slice(start + 1)) {
    if (typeof word === 'string') args.push(word);
    else if ('pattern' in word) args.push(word.pattern);
    else break;
  }
  return args;
}

/** Runs argv through the real CLI parser with no-op actions; returns the command it reached. */
async function parsedCommand(args: string[]): Promise<string> {
  const program = (await buildProgram(args)) as unknown as Command;
  let reached = '';
  const errors: string[] = [];
  const visit = (command: Command, path: string[]) => {
    command.exitOverride();
    command.configureOutput({ writeErr: (text) => errors.push(text), writeOut: () => {} });
    const subs = command.commands as unknown as Command[];
    if (subs.length === 0)
      command.action(() => {
        reached = path.join(' ');
      });
    for (const sub of subs) visit(sub, [...path, sub.name()]);
  };
  visit(program, []);
  try {
    await program.parseAsync(args, { from: 'user' });
  } catch (error) {
    throw new Error(`dicelab ${args.join(' ')}: ${errors.join('') || String(error)}`);
  }
  return reached;
}

/** The value after `flag` in argv. */
function flagValue(args: string[], flag: string): string | undefined {
  const at = args.indexOf(flag);
  return at < 0 ? undefined : args[at + 1];
}

/** Whether a file name matches a shell pattern with `*` wildcards. */
function matchesGlob(path: string, pattern: string): boolean {
  const source = pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*');
  return new RegExp(`^${source}$`).test(path);
}

interface Container {
  image: string;
  command?: string[];
  args?: string[];
}

/** Every container of every Job or Deployment in a Kubernetes file, with its document. */
function containers(
  text: string,
): { kind: string; spec: Record<string, unknown>; container: Container }[] {
  return parseAllDocuments(text).flatMap((document) => {
    expect(document.errors).toEqual([]);
    const resource = document.toJS() as {
      kind: string;
      spec?: { template?: { spec?: { containers?: Container[] } } } & Record<string, unknown>;
    };
    return (resource.spec?.template?.spec?.containers ?? []).map((container) => ({
      kind: resource.kind,
      spec: resource.spec!,
      container,
    }));
  });
}

/** The dicelab command lines a container runs: through `sh -c`, or as the image's entrypoint. */
function containerLines(container: Container): string[][] {
  if (container.command?.[0] === 'sh' && container.command[1] === '-c')
    return dicelabLines(container.args?.join(' ') ?? '').map(dicelabArgs);
  expect(container.command, container.image).toBeUndefined();
  expect(container.image).toMatch(/^dicelab:/); // deploy/Dockerfile's ENTRYPOINT is dicelab
  return [container.args ?? []];
}

describe('deploy/kubernetes', () => {
  it('an Indexed Job of shards with --shard auto, then a merge Job that reads what they write', async () => {
    const shards = containers(read('deploy/kubernetes/simulate-indexed-job.yaml'));
    const [merge] = containers(read('deploy/kubernetes/merge-job.yaml'));
    expect(shards).toHaveLength(1);
    const { spec, container } = shards[0]!;
    expect(spec).toMatchObject({ completionMode: 'Indexed' });
    const [args, ...more] = containerLines(container);
    expect(more).toEqual([]);
    expect(await parsedCommand(args!)).toBe('zidara fight');
    expect(flagValue(args!, '--shard')).toBe('auto');
    expect(Number(flagValue(args!, '--shards'))).toBe(spec.completions);
    const partial = flagValue(args!, '--partial')!;
    expect(partial).toBe(`/parts/fight-part-${SCHEDULER_VALUES.JOB_COMPLETION_INDEX}.json`);

    const [mergeArgs] = containerLines(merge!.container);
    expect(await parsedCommand(mergeArgs!)).toBe('merge');
    expect(matchesGlob(partial, mergeArgs![1]!)).toBe(true);
  });

  it('queue workers, each a valid dicelab queue worker command', async () => {
    const workers = containers(read('deploy/kubernetes/queue-workers.yaml')).filter(
      ({ container }) => container.image.startsWith('dicelab:'),
    );
    expect(workers).toHaveLength(1);
    const [args] = containerLines(workers[0]!.container);
    expect(await parsedCommand(args!)).toBe('queue worker');
    expect(flagValue(args!, '--redis')).toBe('redis://dicelab-redis:6379');
    // The submission the file's header shows.
    const header = read('deploy/kubernetes/queue-workers.yaml')
      .split('\n')
      .filter((line) => line.startsWith('#'))
      .map((line) => line.slice(1));
    const submit = dicelabLines(header.join('\n')).map(dicelabArgs);
    expect(submit).toHaveLength(1);
    expect(await parsedCommand(submit[0]!)).toBe('zidara simulate');
  });
});

describe('deploy/github-actions', () => {
  it('a matrix job per shard, then a merge job over their artifacts', async () => {
    const workflow = parseAllDocuments(read('deploy/github-actions/balance-at-scale.yml'))[0]!;
    expect(workflow.errors).toEqual([]);
    const { jobs } = workflow.toJS() as {
      jobs: Record<
        string,
        {
          needs?: string;
          strategy?: { matrix: { shard: number[] } };
          steps: { run?: string; with?: Record<string, unknown> }[];
        }
      >;
    };
    const matrix = jobs.shard!.strategy!.matrix.shard;
    expect(matrix).toEqual(matrix.map((_, i) => i));
    const runs = (job: string) => jobs[job]!.steps.flatMap((step) => dicelabLines(step.run ?? ''));
    const [shardLine, ...more] = runs('shard');
    expect(more).toEqual([]);
    const partials: string[] = [];
    for (const shard of matrix) {
      // GitHub fills in ${{ matrix.shard }} before the shell sees the line.
      const args = dicelabArgs(shardLine!.replace(/\$\{\{\s*matrix\.shard\s*\}\}/g, String(shard)));
      expect(await parsedCommand(args)).toBe('zidara fight');
      expect(flagValue(args, '--shard')).toBe(`${shard}/${matrix.length}`);
      partials.push(flagValue(args, '--partial')!);
    }
    expect(jobs.merge!.needs).toBe('shard');
    const [mergeLine, ...others] = runs('merge');
    expect(others).toEqual([]);
    const mergeArgs = dicelabArgs(mergeLine!);
    expect(await parsedCommand(mergeArgs)).toBe('merge');
    const download = jobs.merge!.steps.find((step) => step.with?.pattern)!.with!;
    for (const partial of partials)
      expect(matchesGlob(`${download.path}/${partial}`, mergeArgs[1]!), partial).toBe(true);
  });
});

describe('deploy/slurm', () => {
  it('a job array of shards with --shard auto, and a merge submitted to wait for all of them', async () => {
    const simulate = read('deploy/slurm/simulate.sbatch');
    const [args, ...more] = dicelabLines(simulate).map(dicelabArgs);
    expect(more).toEqual([]);
    expect(await parsedCommand(args!)).toBe('zidara simulate');
    expect(flagValue(args!, '--shard')).toBe('auto');
    const shards = Number(flagValue(args!, '--shards'));
    expect(simulate).toMatch(new RegExp(`^#SBATCH --array=0-${shards - 1}$`, 'm'));
    const partial = flagValue(args!, '--partial')!;
    expect(partial).toBe(`parts/part-${SCHEDULER_VALUES.SLURM_ARRAY_TASK_ID}.json`);

    const [mergeArgs, ...others] = dicelabLines(read('deploy/slurm/merge.sbatch')).map(dicelabArgs);
    expect(others).toEqual([]);
    expect(await parsedCommand(mergeArgs!)).toBe('merge');
    expect(matchesGlob(partial, mergeArgs![1]!)).toBe(true);

    const submit = read('deploy/slurm/submit.sh');
    expect(submit).toMatch(/^shards=\$\(sbatch --parsable simulate\.sbatch\)$/m);
    expect(submit).toMatch(/^sbatch --dependency="afterok:\$\{shards\}" merge\.sbatch$/m);
  });
});

describe('the check itself', () => {
  it('refuses a command line the CLI would refuse', async () => {
    await expect(parsedCommand(['zidara', 'simulate', 'd12', '--shard', '8/8'])).rejects.toThrow(
      /"8\/8" is not allowed/,
    );
    await expect(parsedCommand(['queue', 'worker'])).rejects.toThrow(/required option '--redis/);
    await expect(parsedCommand(['zidara', 'simulat'])).rejects.toThrow(/unknown command/);
  });
});

describe('the README and docs/', () => {
  /**
   * The dicelab command lines of a doc: its fenced code blocks, and inline `dicelab <command> …
   * --flag` written out in full (no placeholder such as FILE, <system> or …).
   */
  function docLines(path: string): string[] {
    const text = read(path);
    const blocks = [...text.matchAll(/^```(\w*)\n([\s\S]*?)^```$/gm)]
      .filter((m) => ['', 'sh'].includes(m[1]!))
      .flatMap((m) => dicelabLines(m[2]!))
      .filter((line) => /^(npx )?dicelab\s/.test(line));
    const inline = [...text.matchAll(/`((?:npx )?dicelab [a-z][^`A-Z<…]*--[^`A-Z<…]*)`/g)].map(
      (m) => m[1]!,
    );
    return [...blocks, ...inline];
  }

  it.each([
    'README.md',
    'docs/analyses.md',
    'docs/compare.md',
    'docs/scale-out.md',
    'docs/scenarios.md',
  ])('every dicelab command line in %s parses with the real CLI', async (path) => {
    const lines = docLines(path);
    expect(lines.length, path).toBeGreaterThan(0);
    for (const line of lines) expect(await parsedCommand(dicelabArgs(line)), line).not.toBe('');
  });
});
