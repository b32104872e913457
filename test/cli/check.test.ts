import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDicelab } from './run-dicelab.ts';
import { runInProcess } from './run-in-process.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'dicelab-check-'));
});
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** Writes a scenario file into the test's folder and returns its path. */
async function scenario(name: string, text: string): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, `# yaml-language-server: $schema=./schema.json\n${text}`);
  return path;
}

const PLAIN = `characters:
  plain: { auraMax: 0, titles: 0, actions: { swing: 3 } }
  hero: { titles: 2, actions: { fight: 3 } }
threats:
  guard: { name: a gate guard, challenge: 3, tags: 2 }
`;

/** A scenario of one expectation that passes: a lone d6 beats the guard 5 times in 12. */
function passing(title: string): string {
  return `scenario: ${title}
${PLAIN}expectations:
  - expect: a lone d6 beats the guard 5 times in 12
    figure: winChance
    of: { character: plain, action: swing, vs: guard }
    between: [41%, 42%]
`;
}

describe('dicelab check', () => {
  it('exits 0 when every expectation passes, prints the table and writes JUnit and Markdown', async () => {
    const file = await scenario('passing.yaml', passing('passing'));
    const out = join(dir, 'out-pass');
    const { code, stdout, stderr } = await runInProcess([
      'check',
      file,
      '--no-baseline',
      '--out',
      out,
      '--quiet',
    ]);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const lines = stdout.split('\n');
    expect(lines[0]).toMatch(/^scenario\s+expectation\s+figure\s+verdict$/);
    expect(stdout).toContain('a lone d6 beats the guard 5 times in 12');
    expect(stdout).toMatch(/41\.67% rolling d6, want 41\.00% to 42\.00% +pass/);
    expect(stdout).toMatch(/check: 1 passed \(1 expectation, 1 file, [\d.]+ s, seed 1\)/);
    expect((await readdir(out)).sort()).toEqual(['check.junit.xml', 'check.md']);
    expect(await readFile(join(out, 'check.junit.xml'), 'utf8')).toContain(
      'tests="1" failures="0"',
    );
    expect(await readFile(join(out, 'check.md'), 'utf8')).toMatch(/^## dicelab check: 1 passed\n/);
  });

  it('says, with --quiet too, in the table and check.md, that the default baseline file is not there and nothing was compared', async () => {
    const file = await scenario('no-baseline.yaml', passing('no baseline yet'));
    const out = join(dir, 'out-no-baseline');
    // From the test's folder, where reports/baseline.json (the default) is not.
    const run = await runDicelab(['check', 'no-baseline.yaml', '--out', out, '--quiet'], {
      cwd: dir,
    });
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('');
    const line =
      'Baseline: none compared. There is no baseline at reports/baseline.json: `dicelab baseline . --write` records one.';
    expect(run.stdout).toContain(`\n${line}\n`);
    expect(await readFile(join(out, 'check.md'), 'utf8')).toContain(`\n${line}\n`);
    // Asked for no baseline, it says only that none was compared.
    const none = await runInProcess(['check', file, '--no-baseline', '--out', out, '--quiet']);
    expect(none.stdout).toContain('\nBaseline: none compared.\n');
    expect(none.stdout).not.toContain('There is no baseline');
  });

  it('refuses a --baseline given that is not there (exit 2, one line), not comparing with none', async () => {
    const file = await scenario('mistyped-baseline.yaml', passing('a mistyped baseline'));
    const out = join(dir, 'out-mistyped-baseline');
    const missing = join(dir, 'nope.json');
    const run = await runInProcess(['check', file, '--baseline', missing, '--out', out]);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(`dicelab: --baseline: cannot read "${missing}" (no such file)\n`);
  });

  it('exits 1 when an expectation is false, naming it in the table and both reports', async () => {
    const file = await scenario(
      'false.yaml',
      `scenario: a false expectation
${PLAIN}expectations:
  - expect: a lone d6 beats the guard more often than not
    figure: winChance
    of: { character: plain, action: swing, vs: guard }
    atLeast: 50%
`,
    );
    const out = join(dir, 'out-fail');
    const { code, stdout } = await runInProcess([
      'check',
      file,
      '--no-baseline',
      '--out',
      out,
      '--quiet',
    ]);
    expect(code).toBe(1);
    expect(stdout).toMatch(/41\.67% rolling d6, want ≥ 50\.00% +FAIL/);
    expect(stdout).toContain('is 41.67%, below 50.00%');
    expect(await readFile(join(out, 'check.junit.xml'), 'utf8')).toContain(
      '<failure message="41.67% rolling d6, want ≥ 50.00%"',
    );
    expect(await readFile(join(out, 'check.md'), 'utf8')).toContain('- **FAIL**');
  });

  it('exits 2 on bad input: every problem of every file as path:line:col, nothing run, nothing written', async () => {
    const good = await scenario('good.yaml', passing('good'));
    const syntax = await scenario('syntax.yaml', 'scenario: [unclosed\n');
    const schema = await scenario(
      'schema.yaml',
      `scenario: bad fields
${PLAIN}expectations:
  - expect: a missing character and a wrong type
    figure: winChance
    of: { character: nobody, vs: guard, steps: 3 }
    atLeast: often
  - expect: an impossible setup
    figure: winChance
    of: { character: hero, action: fight, vs: guard, aura: 9, split: "d12" }
    atLeast: 0.5
  - expect: an unknown field
    figure: winChance
    of: { character: hero, action: fight, vs: guard }
    atLaest: 0.5
`,
    );
    const out = join(dir, 'out-bad');
    const { code, stdout, stderr } = await runInProcess([
      'check',
      good,
      syntax,
      schema,
      '--no-baseline',
      '--out',
      out,
    ]);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    const lines = stderr.trimEnd().split('\n');
    expect(lines[0]).toBe('dicelab: 5 problems in 2 scenario files; nothing was run:');
    expect(lines.slice(1)).toEqual([
      `${syntax}:2:11: "[" is never closed (expected a "]" to end the list it opens)`,
      `${schema}:11:22: expectations[0].of.character: "nobody" is not allowed (expected a character: plain, hero)`,
      `${schema}:12:14: expectations[0].atLeast: "often" is not allowed (expected a number, or a percentage such as "55%")`,
      `${schema}:15:60: expectations[1].of.aura: 9 is not allowed (expected at most auraMax (5): Aura past the cap is shared, never held)`,
      `${schema}:20:5: expectations[2].atLaest: no such field (did you mean atLeast? the fields here are expect, figure, of, by, between, atLeast, atMost, minus, monotone, over, along)`,
    ]);
    await expect(readdir(out)).rejects.toThrow(/ENOENT/);
  });

  it.each([
    {
      ignoredBy: 'whole-fight play',
      name: 'whole-fight-worth',
      scenario: 'a worth of Aura a whole fight ignores',
      analysis:
        'duel: { analysis: fight, character: hero, action: fight, vs: guard, fightPolicy: whole-fight }',
      allowed:
        'it only with fightPolicy per-roll, not whole-fight as in analyses.duel (whole-fight play is for P(win within the rounds) alone)',
    },
    {
      ignoredBy: 'a splits ranking by P(all won)',
      name: 'all-objective-worth',
      scenario: 'a worth of Aura the all objective ignores',
      analysis:
        'ranked: { analysis: splits, character: hero, action: fight, vs: guard, objective: all }',
      allowed:
        'it only with objective primary, wins or utility, not all as in analyses.ranked (the all objective plays for P(every intent won) alone)',
    },
  ])(
    'check, baseline and report refuse a worth of Aura left that $ignoredBy ignores, at the character, exit 2',
    async ({ name, scenario: title, analysis, allowed }) => {
      const file = await scenario(
        `${name}.yaml`,
        `scenario: ${title}
characters:
  hero: { titles: 2, auraValue: 2, actions: { fight: 3 } }
threats:
  guard: { challenge: 3, tags: 2 }
analyses:
  ${analysis}
`,
      );
      const out = join(dir, `out-${name}`);
      for (const args of [
        ['check', file, '--no-baseline', '--out', out],
        ['baseline', file, '--write', '--baseline', join(out, 'baseline.json')],
        ['report', file, '--out', out],
      ]) {
        const run = await runInProcess(args);
        expect(run.code, args[0]).toBe(2);
        expect(run.stderr, args[0]).toBe(
          `dicelab: ${file}:4:33: characters.hero.auraValue: 2 is not allowed (expected ${allowed})\n`,
        );
      }
      await expect(readdir(out)).rejects.toThrow(/ENOENT/);
    },
  );

  /** A simulated bound at the figure's true value (a d4 beats C2 37.5% of the time): undecidable. */
  const boundAtTheTruth = (name: string) => `scenario: ${name}
simulation: { trials: 20000, maxTrials: 80000 }
${PLAIN}expectations:
  - expect: a d4 beats a C2 threat 37.5% of the time (simulated)
    figure: winChance
    of: { character: plain, split: d4, challenge: 2 }
    by: simulation
    atLeast: 0.375
`;

  it("exits 2 on expectations: [] (a check judging nothing), in every system's file, writing nothing", async () => {
    // Before, "check: 0 passed (0 expectations, 1 file, …)", exit 0.
    const out = join(dir, 'out-no-expectations');
    for (const system of ['zidara', 'd6-pool']) {
      const file = await scenario(
        `none-${system}.yaml`,
        `scenario: nothing judged\nsystem: ${system}\nexpectations: []\n`,
      );
      const { code, stdout, stderr } = await runInProcess([
        'check',
        file,
        '--no-baseline',
        '--out',
        out,
      ]);
      expect(code, system).toBe(2);
      expect(stdout).toBe('');
      expect(stderr).toBe(
        `dicelab: ${file}:4:15: expectations: [] is not allowed (expected at least 1 expectation)\n`,
      );
    }
    await expect(readdir(out)).rejects.toThrow(/ENOENT/);
  });

  it('exits 2 on analyses: {} (nothing to run, nor to judge), in check and report, writing nothing', async () => {
    // Before, check said "check: 0 passed (0 expectations, 1 file, …)", exit 0.
    const file = await scenario('no-analyses.yaml', `scenario: nothing run\nanalyses: {}\n`);
    const out = join(dir, 'out-no-analyses');
    for (const args of [
      ['check', file, '--no-baseline', '--out', out],
      ['report', file, '--out', out],
    ]) {
      const { code, stdout, stderr } = await runInProcess(args);
      expect(code, args[0]).toBe(2);
      expect(stdout, args[0]).toBe('');
      expect(stderr, args[0]).toBe(
        `dicelab: ${file}:3:11: analyses: {} is not allowed (expected at least 1 analysis)\n`,
      );
    }
    await expect(readdir(out)).rejects.toThrow(/ENOENT/);
  });

  it('refuses, before judging any file, an --out where check.junit.xml or check.md is a folder', async () => {
    const file = await scenario('judged.yaml', passing('judged'));
    for (const [i, inTheWay] of ['check.junit.xml', 'check.md'].entries()) {
      const out = join(dir, String(i));
      await mkdir(join(out, inTheWay), { recursive: true });
      // Without --quiet: each expectation judged says so on stderr, and before, every one was judged first.
      const { code, stdout, stderr } = await runInProcess([
        'check',
        file,
        '--no-baseline',
        '--out',
        out,
      ]);
      expect(stderr).toBe(
        `dicelab: --out: ${JSON.stringify(out)} is not allowed (expected a folder dicelab can write files in, but ${join(out, inTheWay)} is a folder)\n`,
      );
      expect(code).toBe(2);
      expect(stdout).toBe('');
    }
  });

  it('exits 3 when a simulated expectation stays undecided at the trials cap (never a guessed failure)', async () => {
    const file = await scenario('edge.yaml', boundAtTheTruth('a bound at the true value'));
    const out = join(dir, 'out-edge');
    const { code, stdout } = await runInProcess([
      'check',
      file,
      '--no-baseline',
      '--out',
      out,
      '--quiet',
      '--threads',
      '1',
    ]);
    expect(code).toBe(3);
    expect(stdout).toMatch(/80k trials\], want ≥ 37\.50% +inconclusive/);
    expect(stdout).toContain('check: 0 passed, 1 inconclusive');
    expect(await readFile(join(out, 'check.junit.xml'), 'utf8')).toContain(
      '<skipped message="inconclusive:',
    );
  });

  // check said "cap on a simulated figure's trials, below the scenarios' own", baseline only
  // "cap on a simulated figure's trials".
  it('says --max-trials alike in check and baseline', async () => {
    const help = async (command: string) =>
      /--max-trials <n> +([\s\S]*?)\n +--/
        .exec((await runInProcess([command, '--help'])).stdout)?.[1]
        ?.replace(/\s+/g, ' ');
    const check = await help('check');
    expect(check).toBe(
      "cap on a simulated figure's trials, below the scenarios' own simulation.maxTrials, 1,000 to 100,000,000",
    );
    expect(await help('baseline')).toBe(check);
  });

  it('takes --max-trials written as --trials takes it (2e4), and caps the trials there', async () => {
    // Before, "1e4" and "1_000_000" were refused as "not an integer from 1000 to …".
    const file = await scenario(
      'cap.yaml',
      boundAtTheTruth('a bound at the true value, trials capped'),
    );
    const out = join(dir, 'out-cap');
    const flags = [
      '--no-baseline',
      '--out',
      out,
      '--quiet',
      '--threads',
      '1',
      '--max-trials',
      '2e4',
    ];
    const run = await runInProcess(['check', file, ...flags]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(3);
    expect(run.stdout).toMatch(/20k trials\], want ≥ 37\.50% +inconclusive/);
  });

  it('takes --seed written as simulate takes it (1e3, 1_000), in check and baseline alike', async () => {
    // Before, check and baseline refused "1e3" as "not an integer from 0 to …", which
    // zidara simulate --seed took as 1000.
    const file = await scenario('seeded.yaml', passing('seeded'));
    const out = join(dir, 'out-seed');
    const check = await runInProcess([
      'check',
      file,
      '--no-baseline',
      '--out',
      out,
      '--seed',
      '1e3',
      '--quiet',
    ]);
    expect(check.stderr).toBe('');
    expect(check.code).toBe(0);
    expect(check.stdout).toMatch(/check: 1 passed \(1 expectation, 1 file, [\d.]+ s, seed 1000\)/);
    const baselineFile = join(dir, 'seeded-baseline.json');
    const baseline = await runInProcess([
      'baseline',
      file,
      '--baseline',
      baselineFile,
      '--write',
      '--seed',
      '1_000',
      '--quiet',
    ]);
    expect(baseline.stderr).toBe('');
    expect(baseline.code).toBe(0);
    expect(JSON.parse(await readFile(baselineFile, 'utf8')).seed).toBe(1000);
    const refused = await runInProcess(['check', file, '--no-baseline', '--seed', '1.5']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(
      '"1.5" is not allowed (expected an integer from 0 to 9,007,199,254,740,991 (2^53 − 1), e.g. 1000000, 1_000_000 or 1e6)',
    );
  });

  it('flags a figure that moved from the baseline, old → new, and exits 1', async () => {
    const file = await scenario(
      'moved.yaml',
      `scenario: a baseline to shift
${PLAIN}expectations:
  - expect: a lone d6 beats the guard sometimes
    figure: winChance
    of: { character: plain, action: swing, vs: guard }
    atLeast: 10%
`,
    );
    const baseline = join(dir, 'moved-baseline.json');
    const written = await runInProcess([
      'baseline',
      file,
      '--write',
      '--baseline',
      baseline,
      '--quiet',
    ]);
    expect(written.code).toBe(0);
    expect(written.stdout).toMatch(
      /baseline: wrote .*moved-baseline\.json: 1 figure of 1 file; all new/,
    );
    const same = await runInProcess([
      'check',
      file,
      '--baseline',
      baseline,
      '--out',
      join(dir, 'out-same'),
      '--quiet',
    ]);
    expect(same.code).toBe(0);
    expect(same.stdout).toContain(
      'Baseline: 1 figure unchanged, 0 moved, 0 new, 0 no longer computed.',
    );
    // Shift the recorded figure by a point, as if the rules had changed since it was recorded.
    const text = await readFile(baseline, 'utf8');
    await writeFile(baseline, text.replace(/0\.41666666666666\d*/, '0.4266666666666667'));
    const shifted = await runInProcess([
      'check',
      file,
      '--baseline',
      baseline,
      '--out',
      join(dir, 'out-moved'),
      '--quiet',
    ]);
    expect(shifted.code).toBe(1);
    expect(shifted.stdout).toContain(
      `moved: ${file}:9:5: winChance of plain.swing vs guard: 42.67% → 41.67%`,
    );
    expect(shifted.stdout).toContain('check: 1 passed, 1 figure moved from the baseline');
    const xml = await readFile(join(dir, 'out-moved', 'check.junit.xml'), 'utf8');
    expect(xml).toContain('<failure message="moved: 42.67% → 41.67%" type="regression">');
    // A CI's test reporter points at the expectation that asked for the figure.
    expect(xml).toContain(`file="${file}" line="9" time="0">`);
    // dicelab baseline names it there too.
    const dry = await runInProcess(['baseline', file, '--baseline', baseline, '--quiet']);
    expect(dry.stdout).toContain(`moved: ${file}:9:5: winChance of plain.swing vs guard:`);
  });

  it('catches a seeded rules change through the baseline: exact figures beyond 1e-9, simulated ones by a two-sample test', async () => {
    const before = `scenario: the archetype's +2
characters:
  hero: { titles: 0, actions: { fight: 3 } }
threats:
  guard: { challenge: 3 }
expectations:
  - expect: the hero beats the guard more often than not
    figure: winChance
    of: { character: hero, action: fight, vs: guard }
    atLeast: 50%
  - expect: and so does the simulator
    figure: winChance
    of: { character: hero, action: fight, vs: guard }
    by: simulation
    atLeast: 50%
`;
    const file = await scenario('rules.yaml', before);
    const baseline = join(dir, 'rules-baseline.json');
    expect(
      (await runInProcess(['baseline', file, '--write', '--baseline', baseline, '--quiet'])).code,
    ).toBe(0);
    // The change: this archetype loses its +2 (boostsPerRoll 0). Every expectation still holds.
    await writeFile(
      file,
      before.replace('hero: { titles: 0,', 'hero: { titles: 0, archetype: { boostsPerRoll: 0 },'),
    );
    const { code, stdout } = await runInProcess([
      'check',
      file,
      '--baseline',
      baseline,
      '--out',
      join(dir, 'out-rules'),
      '--quiet',
    ]);
    expect(stdout).not.toMatch(/FAIL/);
    expect(code).toBe(1);
    expect(stdout).toContain(
      `moved: ${file}:7:5: winChance of hero.fight vs guard: 83.33% → 58.33%`,
    );
    expect(stdout).toMatch(
      /moved: .*rules\.yaml:11:5: winChance of hero\.fight vs guard \[simulated\]: 8\d\.\d\d% \[.*20k trials\] → 5\d\.\d\d% \[.*20k trials\]/,
    );
    // Showing what would change writes nothing; --write records the new figures.
    const dry = await runInProcess(['baseline', file, '--baseline', baseline, '--quiet']);
    expect(dry.stdout).toMatch(
      /baseline: 2 figures of 1 file; 2 moved, 0 new, 0 gone, 0 unchanged; nothing written/,
    );
    expect(await readFile(baseline, 'utf8')).toContain('0.8333333'); // unchanged
    await runInProcess(['baseline', file, '--write', '--baseline', baseline, '--quiet']);
    const after = await runInProcess([
      'check',
      file,
      '--baseline',
      baseline,
      '--out',
      join(dir, 'out-rules'),
      '--quiet',
    ]);
    expect(after.code).toBe(0);
    expect((await readdir(dir)).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it("reads an old baseline's simulated value under a figure now exact as recorded differently, not as a move", async () => {
    // Before simulated keys of the other systems ended in " [simulated]", the exact and the
    // simulated figure shared a key and the baseline kept the simulated value under it.
    const file = await scenario(
      'recorded.yaml',
      `scenario: an old baseline
system: ring-skill
expectations:
  - expect: exact
    figure: success
    of: { ring: 3, skill: 1, tn: 2 }
    between: [70%, 80%]
  - expect: simulated
    figure: success
    of: { ring: 3, skill: 1, tn: 2 }
    by: simulation
    between: [70%, 80%]
`,
    );
    const key = 'success of ring-skill ring 3, skill 1, tn 2';
    const baseline = join(dir, 'old-baseline.json');
    await writeFile(
      baseline,
      JSON.stringify({
        format: 'dicelab-baseline',
        version: 1,
        seed: 1,
        files: {
          'recorded.yaml': {
            [key]: { by: 'simulation', value: 0.76095, trials: 20000, successes: 15219 },
          },
        },
      }),
    );
    const out = join(dir, 'out-recorded');
    const checkArgs = ['check', file, '--baseline', baseline, '--out', out, '--quiet'];
    const check = await runInProcess(checkArgs);
    expect(check.code).toBe(0);
    expect(check.stdout).not.toContain('moved:');
    expect(check.stdout).toContain(
      `recorded differently: ${file}:5:5: ${key}: the baseline holds a simulated value (76.10% [75.03% to 77.13%, 20k trials]), the run an exact one (75.69%); not compared`,
    );
    expect(check.stdout).toContain(
      'Baseline: 0 figures unchanged, 0 moved, 1 new, 0 no longer computed, 1 recorded differently.',
    );
    expect(check.stdout).toContain(
      `(recorded by an older dicelab or by hand: \`dicelab baseline ${dir}/ --write --baseline ${baseline}\` records them again`,
    );
    expect(check.stdout).toContain(
      'check: 2 passed, 1 figure recorded differently in the baseline (not compared)',
    );
    expect(await readFile(join(out, 'check.md'), 'utf8')).toContain(
      `- recorded differently: ${file}:5:5: ${key}:`,
    );
    expect(await readFile(join(out, 'check.junit.xml'), 'utf8')).toContain(
      '<skipped message="recorded differently: re-record the baseline">',
    );
    const dry = await runInProcess(['baseline', file, '--baseline', baseline, '--quiet']);
    expect(dry.stdout).toContain(
      `recorded differently: ${file}:5:5: ${key}: the baseline holds a simulated value (76.10% [75.03% to 77.13%, 20k trials]), the run an exact one (75.69%); --write records it again`,
    );
    expect(dry.stdout).toContain('0 moved, 1 new, 0 gone, 0 unchanged, 1 recorded differently;');
    await runInProcess(['baseline', file, '--write', '--baseline', baseline, '--quiet']);
    const after = await runInProcess(checkArgs);
    expect(after.stdout).toContain(
      'Baseline: 2 figures unchanged, 0 moved, 0 new, 0 no longer computed.',
    );
  });

  it('names the new figures and those no longer computed, in the words of dicelab baseline, and exits 0', async () => {
    await mkdir(join(dir, 'listed'));
    const file = join(dir, 'listed', 'd6.yaml');
    const baseline = join(dir, 'listed-baseline.json');
    const d6 = (expectation: string) =>
      writeFile(file, `scenario: d6\nsystem: d6-pool\nexpectations:\n  - ${expectation}\n`);
    await d6('{ expect: a, figure: expectedHits, of: { stat: 3 }, atLeast: 0.5 }');
    await runInProcess(['baseline', file, '--write', '--baseline', baseline, '--quiet']);
    await d6('{ expect: b, figure: success, of: { stat: 4 }, atLeast: 0.3 }');
    const out = join(dir, 'out-listed');
    const check = await runInProcess([
      'check',
      file,
      '--baseline',
      baseline,
      '--out',
      out,
      '--quiet',
    ]);
    expect(check.code).toBe(0);
    const added = `new: ${file}:4:5: success of d6-pool stat 4`;
    const gone = `gone: ${file}: expectedHits of d6-pool stat 3`;
    expect(check.stdout).toContain(
      `Baseline: 0 figures unchanged, 0 moved, 1 new, 1 no longer computed.\n  ${added}\n  ${gone}\n  (new figures join the baseline, and those no longer computed leave it, with \`dicelab baseline ${dir}/listed/ --write --baseline ${baseline}\`)\n`,
    );
    expect(await readFile(join(out, 'check.md'), 'utf8')).toContain(`\n- ${added}\n- ${gone}\n`);
    const dry = await runInProcess(['baseline', file, '--baseline', baseline, '--quiet']);
    expect(dry.stdout).toContain(`${added}\n${gone}\n`);
  });

  it('lists at most 20 new and gone figures, then how many more and the command that lists them all', async () => {
    await mkdir(join(dir, 'many'));
    const file = join(dir, 'many', 'd6.yaml');
    const expectations = [1, 2, 3, 4, 5, 6].flatMap((stat) =>
      ['expectedHits', 'failure', 'mixed', 'success'].map(
        (figure) =>
          `  - { expect: ${figure} ${stat}, figure: ${figure}, of: { stat: ${stat} }, atLeast: 0 }`,
      ),
    );
    await writeFile(
      file,
      `scenario: d6\nsystem: d6-pool\nexpectations:\n${expectations.join('\n')}\n`,
    );
    const baseline = join(dir, 'many-baseline.json');
    await writeFile(
      baseline,
      JSON.stringify({ format: 'dicelab-baseline', version: 1, seed: 1, files: {} }),
    );
    const out = join(dir, 'out-many');
    const check = await runInProcess([
      'check',
      file,
      '--baseline',
      baseline,
      '--out',
      out,
      '--quiet',
    ]);
    expect(check.code).toBe(0);
    const listed = check.stdout.split('\n').filter((line) => line.startsWith('  new: '));
    expect(listed).toHaveLength(19);
    expect(listed[0]).toBe(`  new: ${file}:4:5: expectedHits of d6-pool stat 1`);
    const more = `and 5 more: \`dicelab baseline ${dir}/many/ --baseline ${baseline}\` lists every one`;
    expect(check.stdout).toContain(`\n  ${more}\n`);
    const markdown = await readFile(join(out, 'check.md'), 'utf8');
    expect(markdown.split('\n').filter((line) => line.startsWith('- new: '))).toHaveLength(19);
    expect(markdown).toContain(`\n- ${more}\n`);
  });

  it('gives the same verdict from any working folder: files are named by their path from the baseline', async () => {
    const game = join(dir, 'game');
    await mkdir(join(game, 'balance'), { recursive: true });
    await writeFile(join(game, 'balance', 'gate.yaml'), passing('from any folder'));
    const quiet = ['--quiet', '--out', join(dir, 'out-folders')];
    const recorded = await runDicelab(['baseline', 'balance', '--write', ...quiet.slice(0, 1)], {
      cwd: game,
    });
    expect(recorded.stdout).toMatch(/baseline: wrote reports\/baseline\.json: 1 figure of 1 file/);
    const baseline = JSON.parse(await readFile(join(game, 'reports', 'baseline.json'), 'utf8'));
    expect(Object.keys(baseline.files)).toEqual(['../balance/gate.yaml']);
    const inside = await runDicelab(
      ['check', '.', '--baseline', '../reports/baseline.json', ...quiet],
      {
        cwd: join(game, 'balance'),
      },
    );
    expect(inside.code).toBe(0);
    expect(inside.stdout).toContain(
      'Baseline: 1 figure unchanged, 0 moved, 0 new, 0 no longer computed.',
    );
    // A baseline that names the file otherwise (0.1.0 named it from the working folder) compares
    // nothing of it: the check says where its figures are, and fails.
    baseline.files = { 'balance/gate.yaml': baseline.files['../balance/gate.yaml'] };
    await writeFile(join(game, 'reports', 'old.json'), JSON.stringify(baseline));
    const old = await runDicelab(['check', '.', '--baseline', '../reports/old.json', ...quiet], {
      cwd: join(game, 'balance'),
    });
    expect(old.code).toBe(1);
    expect(old.stdout).toContain(
      'not compared: gate.yaml: nothing under "../balance/gate.yaml" (its path from the baseline\'s folder) in ../reports/old.json, which holds 1 of its 1 figure under "balance/gate.yaml"',
    );
    expect(old.stdout).toContain(
      '(if the change is intended, record it: dicelab baseline . --write --baseline ../reports/old.json)',
    );
    expect(old.stdout).toMatch(
      /check: 1 passed, 1 file not compared \(the baseline holds its figures under another name\)/,
    );
  });
});

describe('the files a folder of scenarios gives', () => {
  it('are its *.yaml and *.yml, as check --help, baseline --help and the empty-folder refusal say', async () => {
    const folder = join(dir, 'yml-folder');
    await mkdir(folder);
    await writeFile(join(folder, 'a.yaml'), passing('written .yaml'));
    await writeFile(join(folder, 'b.yml'), passing('written .yml'));
    await writeFile(join(folder, 'notes.txt'), 'not a scenario');
    const run = await runInProcess([
      'check',
      folder,
      '--no-baseline',
      '--out',
      join(dir, 'out-yml'),
      '--quiet',
    ]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/check: 2 passed \(2 expectations, 2 files,/);
    for (const command of ['check', 'baseline']) {
      const help = await runInProcess([command, '--help']);
      expect(help.stdout.replace(/\s+/g, ' ')).toContain(
        'scenario files or folders, a folder giving its *.yaml and *.yml (default: scenarios/)',
      );
    }
    const empty = join(dir, 'no-scenarios');
    await mkdir(empty);
    await writeFile(join(empty, 'notes.txt'), 'not a scenario');
    const refused = await runInProcess(['check', empty, '--no-baseline', '--quiet']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toBe(
      `dicelab: ${empty}: no scenario files (*.yaml and *.yml) in this folder\n`,
    );
  });
});

describe('dicelab baseline --help', () => {
  it('states the moves test as dicelab check runs it: each at its share of the run’s budget', async () => {
    const { code, stdout } = await runInProcess(['baseline', '--help']);
    expect(code).toBe(0);
    const text = stdout.replace(/\s+/g, ' ');
    expect(text).not.toContain('test at 99.9%');
    expect(text).toContain(
      "simulated: a two-sample test at its share of the run's 0.001 false-alarm budget",
    );
  });
});
