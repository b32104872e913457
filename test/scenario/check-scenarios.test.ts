import { describe, expect, it } from 'vitest';
import { formatBaseline, parseBaseline, updateBaseline } from '../../src/scenario/baseline.ts';
import { checkJunit } from '../../src/scenario/check-junit.ts';
import { checkMarkdown } from '../../src/scenario/check-markdown.ts';
import { checkScenarios } from '../../src/scenario/check-scenarios.ts';
import { checkTable } from '../../src/scenario/check-table.ts';
import { smallestDetectableMove } from '../../src/scenario/judge.ts';
import {
  formatProblem,
  type LoadedScenario,
  parseScenario,
  ScenarioError,
} from '../../src/scenario/load-scenario.ts';

function load(text: string, path = 'test.yaml'): LoadedScenario {
  const parsed = parseScenario(text, path);
  if (!parsed.ok) throw new Error(parsed.problems.map((p) => p.message).join('\n'));
  return parsed.scenario;
}

/** A character with no Aura to gain or spend and no Resolve: win chances a hand can check. */
const PLAIN = `characters:
  plain: { auraMax: 0, titles: 0, actions: { swing: 3, lunge: 4 } }
`;

/** PLAIN's like with a Title, so a rerolls analysis may give it a Resolve (no more than its Titles). */
const KEEPER = `  keeper: { auraMax: 0, titles: 1, actions: { swing: 3 } }
`;

describe('checkScenarios', () => {
  it('fails a false expectation, passes a true one, and says why', async () => {
    const result = await checkScenarios([
      load(`scenario: d6 against d6
${PLAIN}expectations:
  - expect: a d6 beats a C3 threat 5 times in 12
    figure: winChance
    of: { character: plain, action: swing, challenge: 3, pool: natural }
    between: [0.4166666666, 0.4166666667]
  - expect: a d6 beats a C3 threat more often than not
    figure: winChance
    of: { character: plain, action: swing, challenge: 3, pool: natural }
    atLeast: 50%
`),
    ]);
    const [pass, fail] = result.files[0]!.expectations;
    expect(pass).toMatchObject({
      verdict: 'pass',
      by: 'exact',
      shown: '41.66666667% rolling d6, want 41.66666666% to 41.66666667%',
    });
    expect(fail).toMatchObject({ verdict: 'fail', shown: '41.67% rolling d6, want ≥ 50.00%' });
    expect(fail!.detail).toBe(
      'winChance of plain.swing vs C3 (pool natural) is 41.67%, below 50.00%',
    );
    expect(result.status).toBe(1);
    expect(checkTable(result)).toContain(
      'FAIL: test.yaml:9:5: a d6 beats a C3 threat more often than not',
    );
  });

  it('names the pool the engine rolled where the file writes no split, and only there', async () => {
    // Before, "41.67%, want ≥ 40.00%": which dice were rolled, the file did not say either.
    const result = await checkScenarios([
      load(`scenario: pools
characters:
  plain: { auraMax: 0, titles: 0, actions: { swing: 3, tap: 1 } }
expectations:
  - expect: the natural pool of 3 steps is a d6
    figure: winChance
    of: { character: plain, action: swing, challenge: 3, pool: natural }
    atLeast: 40%
  - expect: the one legal pool of 1 step is a d2
    figure: winChance
    of: { character: plain, action: tap, challenge: 2 }
    atLeast: 0
  - expect: a split written is not repeated
    figure: winChance
    of: { character: plain, action: swing, challenge: 3, split: d6 }
    atLeast: 40%
  - expect: each side of a difference names its own
    figure: winChance
    of: { character: plain, action: swing, challenge: 3, pool: natural }
    minus: { of: { action: tap, pool: best } }
    atLeast: 0
`),
    ]);
    expect(result.files[0]!.expectations.map((e) => e.shown)).toEqual([
      '41.67% rolling d6, want ≥ 40.00%',
      expect.stringMatching(/^\d+\.\d\d% rolling d2, want ≥ 0%$/),
      '41.67%, want ≥ 40.00%',
      expect.stringMatching(
        /^[+−±]\S+ pts \(41\.67% rolling d6 − \S+% rolling d2\), want ≥ 0 pts$/,
      ),
    ]);
  });

  it('never shows a fight the threat may survive as 100%', async () => {
    // 12 steps against one C2 tag: the float sum of the rounds' wins reaches 1 by round 5, yet
    // the threat may stand; it read "100.00000%".
    const result = await checkScenarios([
      load(`scenario: a sure-looking fight
characters:
  big: { titles: 2, actions: { fight: 12 } }
expectations:
  - expect: the threat falls within 5 rounds
    figure: fallsWithin
    of: { character: big, action: fight, challenge: 2, tags: 1, rounds: 5 }
    by: exact
    atLeast: 0.9999999
`),
    ]);
    expect(result.files[0]!.expectations[0]).toMatchObject({
      verdict: 'pass',
      shown: '> 99.99999%, want ≥ 99.99999%',
    });
  });

  it('reads a fight analysis’ cell as short of certain as the same fight’s figure', async () => {
    // The fight above as an analysis: its round-5 cell read "100.000000%" beside the figure's
    // "> 99.999999%".
    const result = await checkScenarios([
      load(`scenario: a sure-looking fight, as a table
characters:
  big: { titles: 2, actions: { fight: 12 } }
analyses:
  rounds: { analysis: fight, character: big, action: fight, challenge: 2, tags: 1, maxRounds: 5 }
expectations:
  - expect: the figure
    figure: fallsWithin
    of: { character: big, action: fight, challenge: 2, tags: 1, rounds: 5 }
    atMost: 0.99999999
  - expect: the cell
    figure: fallsWithin
    of: { analysis: rounds, round: 5 }
    atMost: 0.99999999
`),
    ]);
    const [figure, cell] = result.files[0]!.expectations;
    expect(figure!.shown).toBe('> 99.999999%, want ≤ 99.999999%');
    expect(cell!.shown).toBe(figure!.shown);
  });

  it('catches a rule designers take for granted that the rules break: more steps can lower the odds', async () => {
    // With no Aura in hand and 2 Resolve, 2 steps roll d2+d2 (two chances at a top face, the
    // Aura it brings, and the +2), while no 3-step pool can hold two d2s.
    const result = await checkScenarios([
      load(`scenario: more steps
characters:
  drained: { aura: 0, titles: 2, actions: { swing: 2 } }
expectations:
  - expect: more steps never lower the odds
    figure: winChance
    of: { character: drained, challenge: 2 }
    over: { steps: [1, 2, 3, 4, 5, 6] }
    monotone: nonDecreasing
  - expect: a higher Challenge never makes it easier
    figure: winChance
    of: { character: drained, action: swing }
    over: { challenge: [1, 2, 3, 4, 5, 6] }
    monotone: nonIncreasing
`),
    ]);
    const [steps, challenge] = result.files[0]!.expectations;
    expect(steps!.verdict).toBe('fail');
    expect(steps!.shown).toBe('steps 2 → 3: 96.09% → 95.31%');
    expect(challenge!.verdict).toBe('pass');
    expect(result.status).toBe(1);
  });

  it('reports an undecided simulated expectation as inconclusive (exit 3), never as a failure', async () => {
    // P(d4 > d4) = 6/16 = 37.5% exactly; a bound right there cannot be decided by sampling.
    const text = `scenario: on the edge
simulation: { trials: 20000, maxTrials: 80000 }
${PLAIN}expectations:
  - expect: a d4 beats a C2 threat at least 37.5% of the time (simulated)
    figure: winChance
    of: { character: plain, split: d4, challenge: 2 }
    by: simulation
    atLeast: 0.375
  - expect: and at most 37.5% of the time (simulated)
    figure: winChance
    of: { character: plain, split: d4, challenge: 2 }
    by: simulation
    atMost: 0.375
`;
    const loaded = load(text);
    for (let seed = 1; seed <= 12; seed++) {
      const result = await checkScenarios([loaded], { seed, threads: 1 });
      const verdicts = result.files[0]!.expectations.map((e) => e.verdict);
      expect(verdicts, `seed ${seed}`).not.toContain('fail');
      if (seed === 1) {
        expect(verdicts).toEqual(['inconclusive', 'inconclusive']);
        expect(result.status).toBe(3);
        // Trials grew ×4 to the cap before giving up.
        expect(result.files[0]!.expectations[0]!.trials).toBe(80000);
        expect(result.files[0]!.expectations[0]!.detail).toMatch(
          /still straddles a bound of ≥ 37\.50% at the trials cap/,
        );
      }
    }
  });

  it('decides a simulated expectation far from its bound at the first look, the same on every run', async () => {
    const text = `scenario: far from the edge
${PLAIN}expectations:
  - expect: a d4 beats a C2 threat less than half the time (simulated)
    figure: winChance
    of: { character: plain, split: d4, challenge: 2 }
    by: simulation
    atMost: 0.5
  - expect: a d8 beats a d4 more often than a d4 does (simulated, minus exact)
    figure: winChance
    of: { character: plain, split: d8, challenge: 2 }
    by: simulation
    minus: { of: { split: d4 }, by: exact }
    atLeast: 0.2
`;
    const first = await checkScenarios([load(text)], { seed: 3, threads: 1 });
    const again = await checkScenarios([load(text)], { seed: 3, threads: 1 });
    expect(first.files[0]!.expectations.map((e) => [e.verdict, e.trials])).toEqual([
      ['pass', 20000],
      ['pass', 20000],
    ]);
    expect(again.files[0]!.figures).toEqual(first.files[0]!.figures);
    expect(first.status).toBe(0);
  });

  it("shares the run's 1-in-1,000 false-alarm budget among its simulated tests, and states each figure's smallest detected move", async () => {
    const text = `scenario: budget
${PLAIN}expectations:
  - expect: a d4 beats a C2 threat less than half the time (simulated)
    figure: winChance
    of: { character: plain, split: d4, challenge: 2 }
    by: simulation
    atMost: 0.5
  - expect: a d8 beats a d4 more often than a d4 does (simulated, minus exact)
    figure: winChance
    of: { character: plain, split: d8, challenge: 2 }
    by: simulation
    minus: { of: { split: d4 }, by: exact }
    atLeast: 0.2
  - expect: the same d4, exact
    figure: winChance
    of: { character: plain, split: d4, challenge: 2 }
    atMost: 0.5
`;
    const loaded = load(text);
    const alone = await checkScenarios([loaded], { seed: 3, threads: 1 });
    // Two simulated judgements, no baseline: 0.001 / 2 each, split again over 4 looks.
    expect(alone.falseAlarm).toEqual({ run: 0.001, judgements: 2, comparisons: 0, share: 0.0005 });
    expect(alone.simulated.map((f) => f.key)).toEqual([
      'winChance of plain vs C2 (split d4) [simulated]',
      'winChance of plain vs C2 (split d8) [simulated]',
    ]);
    const d4 = alone.files[0]!.expectations[0]!;
    expect(d4.detail).toMatch(/the 99\.98% interval/); // 1 − 0.0005 / 4
    // With a baseline: two comparisons more, each test at 0.001 / 4.
    const baseline = updateBaseline(undefined, alone.files, 3);
    const compared = await checkScenarios([loaded], { seed: 4, threads: 1, baseline });
    expect(compared.falseAlarm).toMatchObject({ judgements: 2, comparisons: 2, share: 0.00025 });
    expect(compared.baseline!.alpha).toBe(0.00025);
    for (const f of compared.simulated) {
      expect(f.baselineTrials).toBe(20000);
      expect(f.smallestMove).toBeCloseTo(
        smallestDetectableMove(
          compared.baseline!.simulated.find((c) => c.key === f.key)!.before,
          f.estimate.trials!,
          0.00025,
        ),
        15,
      );
      // About (3.66 + 1.64)·√(2·p(1−p)/20000): 2 to 3 points for chances of 37.5% and 75%.
      expect(f.smallestMove).toBeGreaterThan(0.02);
      expect(f.smallestMove).toBeLessThan(0.03);
    }
    const table = checkTable(compared);
    expect(table).toMatch(
      /^Simulated figures: at most 0\.1% chance of any false report this run \(2 simulated judgements and 2 baseline comparisons, 0\.00025 each\); the smallest move each detects with 95% power:$/m,
    );
    expect(table).toMatch(
      /^ {2}test\.yaml: winChance of plain vs C2 \(split d4\) \[simulated\]: ±2\.\d\d pts \(20k baseline vs 20k trials\)$/m,
    );
    expect(checkMarkdown(compared)).toMatch(
      /\| test\.yaml \| winChance of plain vs C2 \(split d4\) \[simulated\] \| ±2\.\d\d pts \| 20k baseline vs 20k trials \|/,
    );
  });

  it("tells how far it is: expectations done of all, and a simulated figure's trials as batches finish", async () => {
    // Before, only a line once an expectation was judged: a long simulation told nothing.
    const told: unknown[] = [];
    await checkScenarios(
      [
        load(`scenario: told
${PLAIN}simulation: { trials: 200000, maxTrials: 200000 }
expectations:
  - expect: a d6 beats a C3 threat at least 30% of the time
    figure: winChance
    of: { character: plain, action: swing, challenge: 3, pool: natural }
    atLeast: 30%
  - expect: so it does simulated
    figure: winChance
    of: { character: plain, action: swing, challenge: 3, pool: natural }
    by: simulation
    atLeast: 30%
`),
      ],
      { threads: 1, onProgressCounts: (progress) => told.push(progress) },
    );
    const samples = told.filter((p) => (p as { trials?: unknown }).trials);
    expect(told[0]).toEqual({ done: 0, expectations: 2 });
    expect(told[1]).toEqual({ done: 1, expectations: 2 });
    expect(told.at(-1)).toEqual({ done: 2, expectations: 2 });
    // 200,000 trials are four chunks of 65,536 (the last short), played in more than one batch.
    expect(samples.length).toBeGreaterThan(1);
    expect(samples.at(-1)).toEqual({
      done: 1,
      expectations: 2,
      trials: { done: 200_000, total: 200_000 },
    });
    expect(told).toHaveLength(samples.length + 3);
  });

  it('judges analysis cells, differences and monotone rules over an analysis grid', async () => {
    const result = await checkScenarios([
      load(`scenario: analyses
${PLAIN}${KEEPER}analyses:
  resolve: { analysis: rerolls, character: keeper, split: d8, challenges: [4], resolve: [0, 1], kinds: [any] }
  grid: { analysis: tune, character: plain, steps: [1, 2, 3, 4], challenges: [1, 2, 3], pool: natural }
expectations:
  - expect: one Resolve on a lone d8 against C4 lifts 43.75% to 60.16%
    figure: gain
    of: { analysis: resolve, challenge: 4, resolve: 1 }
    between: [0.1640624, 0.1640626]
  - expect: the grid never falls with steps
    figure: winChance
    of: { analysis: grid }
    along: steps
    monotone: nonDecreasing
`),
    ]);
    expect(result.files[0]!.expectations.map((e) => [e.verdict, e.shown])).toEqual([
      ['pass', '+16.40625 pts, want +16.40624 pts to +16.40626 pts'],
      ['pass', 'never falls along steps (12 points, 3 lines)'],
    ]);
    // Every row's main figure is recorded for the baseline.
    const keys = result.files[0]!.figures.map((f) => f.key);
    expect(keys).toContain('winChance of grid [steps 4, challenge 3]');
    expect(keys).toContain('winChance of resolve [challenge 4, resolve 1, rerolls any]');
  });

  it('reads a row of an analysis whose vs holds two threats of one Challenge (their rows are one)', async () => {
    const result = await checkScenarios([
      load(`scenario: two threats of one Challenge
${PLAIN}${KEEPER}threats:
  guard: { challenge: 4 }
  captain: { challenge: 4 }
analyses:
  resolve: { analysis: rerolls, character: keeper, split: d8, vs: [guard, captain], resolve: [0, 1], kinds: [any] }
expectations:
  - expect: one Resolve on a lone d8 against the captain lifts 43.75% to 60.16%
    figure: gain
    of: { analysis: resolve, vs: captain, resolve: 1 }
    between: [0.1640624, 0.1640626]
`),
    ]);
    expect(result.files[0]!.expectations.map((e) => [e.verdict, e.shown])).toEqual([
      ['pass', '+16.40625 pts, want +16.40624 pts to +16.40626 pts'],
    ]);
  });

  it('stops with path:line:col when an expectation names a row its analysis does not have', async () => {
    const loaded = load(`scenario: a missing row
${PLAIN}analyses:
  grid: { analysis: tune, character: plain, steps: [1, 2], challenges: [3] }
expectations:
  - expect: a row that is not there
    figure: winChance
    of: { analysis: grid, steps: 7, challenge: 3 }
    atLeast: 0
`);
    const run = checkScenarios([loaded]);
    await expect(run).rejects.toThrow(ScenarioError);
    await expect(run).rejects.toThrow(
      /^test\.yaml:9:9: expectations\[0\]\.of: no row of the analysis has steps 7, challenge 3 \(its rows include: steps 1, challenge 3; steps 2, challenge 3\)/,
    );
  });

  it("stops at minus.of, not the expectation's of, when only the minus row is missing", async () => {
    const loaded = load(`scenario: a missing minus row
${PLAIN}analyses:
  grid: { analysis: tune, character: plain, steps: [1, 2], challenges: [3] }
expectations:
  - expect: a row that is there minus one that is not
    figure: winChance
    of: { analysis: grid, steps: 2, challenge: 3 }
    minus: { of: { steps: 7 } }
    atLeast: 0
`);
    await expect(checkScenarios([loaded])).rejects.toThrow(
      /^test\.yaml:10:18: expectations\[0\]\.minus\.of: no row of the analysis has steps 7, challenge 3 \(its rows include: steps 1, challenge 3; steps 2, challenge 3\)/,
    );
  });

  it('refuses a splits search too large before anything runs, at its analysis field, else at the analysis', () => {
    const parsed = parseScenario(
      `scenario: splits too large to score
characters:
  bram: { titles: 1, actions: { fight: 24 } }
analyses:
  huge: { analysis: splits, character: bram, action: fight, actions: 4, challenge: 3, intents: [1, 2] }
  fish: { analysis: fishing, character: bram, action: fight, actions: 4, challenge: 3 }
`,
      'test.yaml',
    );
    expect(parsed.ok).toBe(false);
    const problems = parsed.ok ? [] : parsed.problems.map(formatProblem);
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(
      /^test\.yaml:5:96: analyses\.huge\.intents: scoring these 3,622 splits exactly is 223,613,820 dice-and-Aura states .*: allow at most 1 intent, or fewer steps or actions \(nothing was solved\)$/,
    );
    expect(problems[1]).toMatch(
      /^test\.yaml:6:9: analyses\.fish: scoring these [\d,]+ splits exactly .*: allow fewer steps or actions \(nothing was solved\)$/,
    );
  });

  it('records no figure for a simulated mean rounds to win of a fight never won, so a baseline of it reads back', async () => {
    const result = await checkScenarios([
      load(`scenario: a fight never won
simulation: { trials: 1000, maxTrials: 1000 }
${PLAIN}threats:
  tough: { challenge: 6, tags: 3 }
expectations:
  - expect: one d6 a round never strips three tags in two rounds
    figure: meanRoundsToWin
    of: { character: plain, action: swing, vs: tough, maxRounds: 2 }
    by: simulation
    atLeast: 1
`),
    ]);
    expect(result.files[0]!.expectations.map((e) => [e.verdict, e.detail])).toEqual([
      [
        'inconclusive',
        'meanRoundsToWin of plain.swing vs tough (maxRounds 2) [simulated]: no mean rounds to win to judge, fewer than two of the simulated fights (1000 trials) were won: a fight never won within maxRounds has none, whatever the trials',
      ],
    ]);
    expect(result.files[0]!.figures).toEqual([]);
    expect(result.simulated).toEqual([]);
    const text = formatBaseline(updateBaseline(undefined, result.files, 1));
    expect(parseBaseline(text, 'baseline.json').files).toEqual({ 'test.yaml': {} });
  });

  it('reports an analysis refused while running once, and its expectations as not judged for it', async () => {
    const loaded = load(`scenario: an analysis refused while running
characters:
  bram: { titles: 1, actions: { fight: 6 } }
analyses:
  huge: { analysis: splits, character: bram, action: fight, challenge: 3, intents: [1, 2] }
expectations:
  - expect: the d12 wins often
    figure: mainWin
    of: { analysis: huge, split: d12 }
    atLeast: 10%
  - expect: the d12 beats d6+d6
    figure: mainWin
    of: { analysis: huge, split: d12 }
    minus: { of: { split: d6+d6 } }
    atLeast: 0
`);
    // Planning sizes every analysis, so running meets a refusal only in a plan it did not size:
    // this one's steps raised past the engine's bound on one run's work.
    const [planned] = loaded.plan.analyses;
    const grown = { ...planned!.job, options: { ...planned!.job.options, steps: 24, actions: 4 } };
    const plan = { ...loaded.plan, analyses: [{ ...planned!, job: grown } as typeof planned & {}] };
    const run = checkScenarios([{ ...loaded, plan }]);
    await expect(run).rejects.toThrow(ScenarioError);
    const error = (await run.catch((e: unknown) => e)) as ScenarioError;
    expect(error.problems).toHaveLength(3);
    expect(error.problems[0]).toMatch(
      /^test\.yaml:5:84: analyses\.huge\.intents: scoring these 3,622 splits exactly is 223,613,820 dice-and-Aura states .*\(nothing was solved\)$/,
    );
    expect(error.problems.slice(1)).toEqual([
      'test.yaml:9:9: expectations[0].of: not judged, as its analysis huge was refused',
      'test.yaml:13:9: expectations[1].of: not judged, as its analysis huge was refused',
    ]);
  });

  it('writes JUnit XML and a Markdown summary that name every expectation, escaped', async () => {
    const result = await checkScenarios([
      load(`scenario: reports <&>
${PLAIN}expectations:
  - expect: 'splits "d6 | d2" & friends < 100%'
    figure: winChance
    of: { character: plain, split: "d6 | d2", challenge: 3 }
    atMost: 1
  - expect: an impossible bound
    figure: winChance
    of: { character: plain, split: d6, challenge: 3 }
    atLeast: 0.9
`),
    ]);
    const xml = checkJunit(result);
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<testsuites name="dicelab check" tests="2" failures="1" errors="0" skipped="0"/,
    );
    expect(xml).toContain(
      '<testsuite name="test.yaml: reports &lt;&amp;&gt;" tests="2" failures="1"',
    );
    expect(xml).toContain('name="splits &quot;d6 | d2&quot; &amp; friends &lt; 100%"');
    expect(xml).toContain('<failure message="41.67%, want ≥ 90.00%" type="expectation">');
    expect(xml.match(/<testcase /g)).toHaveLength(2);
    expect(xml.match(/<\/testcase>/g)).toHaveLength(2);
    const md = checkMarkdown(result);
    expect(md.split('\n')[0]).toBe('## dicelab check: 1 passed, 1 failed');
    expect(md).toContain('| test.yaml:5:5 | splits "d6 \\| d2" & friends < 100% |');
    expect(md).toContain('- **FAIL** test.yaml:9:5: an impossible bound:');
  });

  it('names every verdict and every figure moved or new by the line and column of its expectation', async () => {
    const text = (bound: string) => `scenario: where
${PLAIN}analyses:
  grid: { analysis: tune, character: plain, steps: [3], challenges: [3] }
expectations:
  - expect: a d6 beats C3 5 times in 12
    figure: winChance
    of: { character: plain, action: swing, challenge: 3, pool: natural }
    ${bound}
  - expect: a d8 beats C3 more often than not
    figure: winChance
    of: { character: plain, action: lunge, challenge: 3, pool: natural }
    atLeast: 90%
`;
    const before = await checkScenarios([load(text('atLeast: 40%'), 'qa/where.yaml')]);
    const result = await checkScenarios([load(text('atLeast: 50%'), 'qa/where.yaml')], {
      // The d6's figure moved from its baseline, the d8's is new; the tune row is unchanged.
      baseline: {
        ...updateBaseline(undefined, before.files, 1),
        files: {
          'qa/where.yaml': {
            'winChance of plain.swing vs C3 (pool natural)': 0.5,
            'winChance of grid [steps 3, challenge 3]': before.files[0]!.figures.find((f) =>
              f.key.startsWith('winChance of grid'),
            )!.estimate.estimate,
          },
        },
      },
    });
    const [d6, d8] = result.files[0]!.expectations;
    expect(d6).toMatchObject({ verdict: 'fail', line: 7, col: 5 });
    expect(d8).toMatchObject({ verdict: 'fail', line: 11, col: 5 });
    // A figure no expectation judges is asked for by its analysis.
    expect(result.files[0]!.figures.map(({ key, line, col }) => ({ key, line, col }))).toEqual([
      { key: 'winChance of grid [steps 3, challenge 3]', line: 5, col: 9 },
      { key: 'winChance of plain.lunge vs C3 (pool natural)', line: 11, col: 5 },
      { key: 'winChance of plain.swing vs C3 (pool natural)', line: 7, col: 5 },
    ]);
    expect(result.baseline?.moved).toMatchObject([{ file: 'qa/where.yaml', line: 7, col: 5 }]);
    expect(result.baseline?.added).toEqual([
      {
        file: 'qa/where.yaml',
        key: 'winChance of plain.lunge vs C3 (pool natural)',
        line: 11,
        col: 5,
      },
    ]);
    const table = checkTable(result);
    expect(table).toMatch(/^qa\/where\.yaml:7:5 +a d6 beats C3 5 times in 12 /m);
    expect(table).toContain('  FAIL: qa/where.yaml:7:5: a d6 beats C3 5 times in 12: ');
    expect(table).toContain('  FAIL: qa/where.yaml:11:5: a d8 beats C3 more often than not: ');
    expect(table).toContain(
      '  moved: qa/where.yaml:7:5: winChance of plain.swing vs C3 (pool natural): 50.00% → 41.67%',
    );
    expect(table).toContain(
      '  new: qa/where.yaml:11:5: winChance of plain.lunge vs C3 (pool natural)',
    );
    const md = checkMarkdown(result);
    expect(md).toContain('- **FAIL** qa/where.yaml:11:5: a d8 beats C3 more often than not: ');
    expect(md).toContain('| qa/where.yaml:7:5 | a d6 beats C3 5 times in 12 |');
    expect(md).toContain(
      '| qa/where.yaml:7:5 | winChance of plain.swing vs C3 (pool natural) | 50.00% → 41.67% |',
    );
    expect(md).toContain(
      '- new: qa/where.yaml:11:5: winChance of plain.lunge vs C3 (pool natural)',
    );
    const xml = checkJunit(result);
    expect(xml).toContain(
      '<testcase classname="qa/where.yaml" name="a d8 beats C3 more often than not" file="qa/where.yaml" line="11" time="',
    );
    expect(xml).toContain(
      '<testcase classname="qa/where.yaml" name="baseline: winChance of plain.swing vs C3 (pool natural)" file="qa/where.yaml" line="7" time="0">',
    );
  });
});
