import { describe, expect, it } from 'vitest';
import { InputError } from '../../../../src/input/input-error.ts';
import { checkAnalysis, runAnalysis } from '../../../../src/systems/run-analysis.ts';
import {
  exactPools,
  rankSplitRows,
  rankStatedSplits,
  refuseSplitsRun,
  SPLITS_LIMITS,
  type SplitsOptions,
  scoreSplitRows,
  splitCandidates,
  splits,
  splitsRunStates,
  splitsSearchStates,
} from '../../../../src/systems/zidara/analyses/splits.ts';
import { legalPools } from '../../../../src/systems/zidara/roll/pool.ts';
import { ROLL_OPTION_FIELDS } from '../../../../src/systems/zidara/roll/spec.ts';
import { parseSplit, splitsOfPool } from '../../../../src/systems/zidara/roll/split.ts';
import { PLAY_OPTION_SHAPE } from '../../../../src/systems/zidara/roll/split-roll.ts';
import { bruteForceUtility } from '../brute-force.ts';
import { overDefence, pAllAtMost, pBeats, pBeatsByFaces } from '../enumerate.ts';
import { firstReport, runReports } from './run-reports.ts';

const noAura = { auraMax: 0 } as const;
/** A roll setup's fields, as the options of an analysis list them after its own. */
const SETUP_FIELDS = [...ROLL_OPTION_FIELDS, ...Object.keys(PLAY_OPTION_SHAPE)];

describe('rankStatedSplits', () => {
  it('answers "d12 or d6+d6 on one intent?" against C3 with no Aura by direct enumeration', () => {
    const rows = rankStatedSplits([parseSplit('d6+d6'), parseSplit('d12')], {
      challenge: 3,
      objective: 'primary',
      ...noAura,
    });
    expect(rows.map((r) => r.split)).toEqual(['d12', 'd6+d6']);
    // P(d12 > D) over D = 1..6 is 51/72; P(max(d6, d6) > D) is 1 − Σ (D/6)² / 6 = 125/216.
    expect(pBeatsByFaces([12], 3)).toBeCloseTo(51 / 72, 15);
    expect(pBeatsByFaces([6, 6], 3)).toBeCloseTo(125 / 216, 15);
    expect(rows[0]!.score).toBeCloseTo(51 / 72, 12);
    expect(rows[1]!.score).toBeCloseTo(125 / 216, 12);
    expect(rows.map((r) => r.rank)).toEqual([1, 2]);
  });

  it('scores two intents on one defence: wins add, "all won" multiplies given D', () => {
    const [row] = rankStatedSplits([parseSplit('d8 | d4')], { challenge: 2, ...noAura });
    const p = (sides: number, d: number) => Math.max(0, sides - d) / sides;
    expect(row!.expectedWins).toBeCloseTo(
      overDefence(2, (d) => p(8, d) + p(4, d)),
      12,
    );
    expect(row!.allWin).toBeCloseTo(
      overDefence(2, (d) => p(8, d) * p(4, d)),
      12,
    );
    expect(row!.mainWin).toBeCloseTo(
      overDefence(2, (d) => p(8, d)),
      12,
    );
    expect(row!.auraGained).toBeCloseTo(1 / 8 + 1 / 4, 12);
  });
});

describe('splits', () => {
  it('with one intent, ranks every legal pool by P(best die > D)', () => {
    const rows = splits({ steps: 6, challenge: 3, intents: [1], ...noAura });
    expect(rows).toHaveLength(legalPools(6, 1).length);
    for (const row of rows) {
      const dice = parseSplit(row.split)[0]!;
      expect(row.score).toBeCloseTo(pBeats(dice, 3), 12);
    }
    expect(rows.map((r) => r.score)).toEqual([...rows.map((r) => r.score)].sort((a, b) => b - a));
    expect(rows[0]!.split).toBe('d12');
  });

  it('lists every legal pool × distinct assignment once, with exact figures', () => {
    const rows = splits({ steps: 8, actions: 2, challenge: 4, ...noAura });
    const expected = legalPools(8, 2).flatMap((pool) => splitsOfPool(pool));
    expect(rows).toHaveLength(expected.length);
    expect(new Set(rows.map((r) => r.split)).size).toBe(rows.length);
    for (const row of rows) {
      const split = parseSplit(row.split);
      const wins = overDefence(4, (d) => split.reduce((s, dice) => s + 1 - pAllAtMost(dice, d), 0));
      expect(row.expectedWins).toBeCloseTo(wins, 12);
      expect(row.score).toBe(row.expectedWins);
      expect(row.steps).toBe(8);
    }
  });

  it('plays and ranks for the objective: primary never does worse for the main intent', () => {
    const options = { steps: 6, actions: 2, challenge: 3, aura: 1, resolve: 1 };
    const primary = splits({ ...options, objective: 'primary' });
    const wins = splits({ ...options, objective: 'wins' });
    for (const row of primary) {
      const other = wins.find((r) => r.split === row.split)!;
      expect(row.mainWin).toBeGreaterThanOrEqual(other.mainWin - 1e-12);
      expect(row.score).toBe(row.mainWin);
    }
    const all = splits({ ...options, objective: 'all' });
    expect(all.every((r) => r.score === r.allWin)).toBe(true);
  });

  it('plays for P(all won) under the all objective: d8 | d6 against C4, 3 Aura, 1 Resolve is 3151/4608', () => {
    const options = { challenge: 4, aura: 3, resolve: 1 };
    const [all] = rankStatedSplits([parseSplit('d8 | d6')], { ...options, objective: 'all' });
    const [wins] = rankStatedSplits([parseSplit('d8 | d6')], { ...options, objective: 'wins' });
    expect(Math.abs(all!.score - 3151 / 4608)).toBeLessThan(1e-12);
    expect(all!.expectedUtility).toBeCloseTo(3151 / 4608, 12);
    // Played for expected wins, the same split wins both intents less often (67.94%).
    expect(wins!.allWin).toBeCloseTo(0.679361979166667, 12);
    expect(wins!.allWin).toBeLessThan(all!.score - 0.004);
  });

  it('the all objective matches brute force played for all-or-nothing, and never loses to the wins play', () => {
    const allWon = (n: number) => (wins: number) => (wins === n ? 1 : 0);
    for (const setup of [
      { aura: 1, auraMax: 2, resolve: 1 },
      { aura: 0, auraMax: 3, resolve: 2, boostsPerRoll: 2 },
      { aura: 2, auraMax: 2, resolve: 1, tieBreak: false },
    ]) {
      const rows = splits({
        steps: 4,
        actions: 1,
        challenge: 2,
        intents: [2],
        objective: 'all',
        ...setup,
      });
      const byWins = splits({ steps: 4, actions: 1, challenge: 2, intents: [2], ...setup });
      expect(rows.length).toBeGreaterThan(1);
      for (const row of rows) {
        const split = parseSplit(row.split);
        const brute = bruteForceUtility(
          {
            threats: [{ challenge: 2 }],
            dice: split.flatMap((dice, intent) => dice.map((sides) => ({ sides, intent }))),
            ...setup,
          },
          allWon(split.length),
        );
        expect(row.score).toBeCloseTo(brute, 10);
        const other = byWins.find((r) => r.split === row.split)!;
        expect(row.allWin).toBeGreaterThanOrEqual(other.allWin - 1e-12);
      }
    }
  });

  it('matches the brute-force reading of the rules with Aura and a +2 in play', () => {
    const rows = splits({ steps: 3, actions: 1, challenge: 2, aura: 1, auraMax: 2 });
    for (const row of rows) {
      const split = parseSplit(row.split);
      const utility = bruteForceUtility({
        threats: [{ challenge: 2 }],
        dice: split.flatMap((dice, intent) => dice.map((sides) => ({ sides, intent }))),
        aura: 1,
        auraMax: 2,
      });
      expect(row.expectedUtility).toBeCloseTo(utility, 10);
      expect(row.expectedWins).toBeCloseTo(utility, 10);
    }
  });

  it('refuses bad options before any work, naming the field', () => {
    const bad = [
      () => splits({ steps: 0, challenge: 3 }),
      () => splits({ steps: 4, challenge: 0 }),
      () => splits({ steps: 2, challenge: 3, intents: [5] }),
      () => splits({ steps: 4, challenge: 3, objective: 'most' as 'wins' }),
      () => splits({ steps: 4, challenge: 3, aura: 6 }),
      () => rankStatedSplits([], { challenge: 3 }),
    ];
    // The options' fields, a roll's Aura among them, are named in the argument; the splits are not.
    const fields = [
      'options.steps',
      'options.challenge',
      'options.intents',
      'options.objective',
      'options.aura',
      'splits',
    ];
    bad.forEach((run, i) => {
      expect(run).toThrow(InputError);
      expect(run).toThrow(new RegExp(`^${fields[i]!.replace('.', '\\.')}: `));
    });
  });

  it("refuses splits that are not splits at the argument, in one line (a TypeError inside, or a roll's dice[0].sides)", () => {
    const bad: [unknown, string][] = [
      [['d12', 'd6+d6'], 'splits[0]: "d12" is not allowed (expected a split, '],
      ['d12', 'splits: "d12" is not allowed (expected a list of splits such as [[[12]], [[6, 6]]]'],
      [undefined, 'splits: missing (expected a list of splits'],
      [[[12]], "splits[0][0]: 12 is not allowed (expected an intent's dice by their sides"],
      [[[[12, 7]]], 'splits[0][0][1]: 7 is not allowed (expected one of 2, 4, 6, 8, 10, 12)'],
      [[[[12], []]], 'splits[0][1]: [] is not allowed (expected at least one die on each intent)'],
    ];
    for (const [given, message] of bad) {
      const run = () => rankStatedSplits(given as never, { challenge: 3 });
      expect(run).toThrow(InputError);
      expect(run).toThrow(message);
    }
  });

  it('names its options argument, and refuses a field it does not take', () => {
    expect(() => splits(8 as never)).toThrow(/^options: 8 is not allowed \(expected an object\)$/);
    expect(() => splits({ steps: 4, challenge: 3, bogus: 1 } as never)).toThrow(
      `options.bogus: no such field (the fields here are ${[
        'steps',
        'actions',
        'intents',
        'challenge',
        'objective',
        ...SETUP_FIELDS,
      ].join(', ')})`,
    );
    expect(() => splits({ steps: 4, challenge: 3, chalenge: 4 } as never)).toThrow(
      /^options\.chalenge: no such field \(did you mean challenge\? /,
    );
    expect(() => rankStatedSplits([[[12]]], { challenge: 3, bogus: 1 } as never)).toThrow(
      `options.bogus: no such field (the fields here are ${['challenge', 'objective', ...SETUP_FIELDS].join(', ')})`,
    );
    expect(() => rankStatedSplits([[[12]]], 3 as never)).toThrow(/^options: 3 is not allowed/);
  });

  it('as a job (the CLI, scenario files), refuses an unknown field named bare', () => {
    const options = { steps: 4, challenge: 3, bogus: 1 } as never;
    expect(() => runAnalysis({ analysis: 'splits', name: 'x', options })).toThrow(
      /^bogus: no such field \(the fields here are steps, /,
    );
    expect(() =>
      checkAnalysis({
        analysis: 'stated-splits',
        name: 'x',
        splits: ['d12'],
        options: { challenge: 3, steps: 4 } as never,
      }),
    ).toThrow(/^steps: no such field \(the fields here are challenge, objective, /);
    expect(() =>
      runAnalysis({ analysis: 'splits', name: 'x', options: { steps: 0, challenge: 3 } }),
    ).toThrow(/^steps: 0 is not allowed/);
  });
});

describe('splits past the exact engine', () => {
  const tenIntents = parseSplit('d12 | d12 | d12 | d12 | d10 | d10 | d10 | d10 | d10 | d10');

  it('refuses a run one of whose splits the engine cannot solve before solving any, naming the split and the most intents that fit', () => {
    // 54 steps, 1 action: 4,750 splits of 10-dice pools (115,975 set partitions each, which
    // splitsOfPool once refused by); the first past the engine has six intents.
    expect(() => splits({ steps: 54, challenge: 3 })).toThrow(
      'options.intents: the split "d12+d10 | d12+d10 | d12+d10 | d12+d10 | d10 | d10" has 9,765,625 dice-and-Aura states, more than the exact engine\'s 8,388,608: allow at most 5 intents (nothing was solved)',
    );
    // Eight d10 on one intent with ten +2s a roll: past the engine whatever the intents, so
    // the engine's own levers are named (before, only "allow fewer steps or actions").
    expect(() =>
      splits({ steps: 40, challenge: 3, auraMax: 20, boostsPerRoll: 10, resolve: 10 }),
    ).toThrow(
      'options.intents: the split "d10+d10+d10+d10+d10+d10+d10+d10" has 3,096,197,325 one-die moves to tabulate (its like dice\'s multisets × their classes squared), more than the exact engine\'s 268,435,456: allow fewer steps or actions; put fewer dice of one size on one intent; allow fewer or smaller +2s a roll (boostsPerRoll, boostSize) (nothing was solved)',
    );
    // At most 5 intents, every split fits the engine (counted, not solved).
    const fitting = splitCandidates({ steps: 54, challenge: 3, intents: [1, 2, 3, 4, 5] });
    expect(fitting.length).toBeGreaterThan(3000);
    expect(() => splitsSearchStates(fitting, { challenge: 3 }, 'intents')).not.toThrow();
  });

  it('refuses stated splits the engine cannot solve before solving any, naming the split', () => {
    expect(() => rankStatedSplits([[[12]], tenIntents], { challenge: 3 })).toThrow(
      'splits[1]: the split "d12 | d12 | d12 | d12 | d10 | d10 | d10 | d10 | d10 | d10" has 9,765,625 dice-and-Aura states, more than the exact engine\'s 8,388,608: roll fewer dice or put like dice on fewer intents; allow fewer or smaller +2s a roll (boostsPerRoll, boostSize) (nothing was solved)',
    );
  });

  it('sizes only what the engine searches: a split the closed form answers costs no state', () => {
    // With the never policy no reroll happens: the closed form answers ten intents at once.
    expect(splitsSearchStates([tenIntents], { challenge: 3, policy: 'never' })).toEqual([0]);
    expect(rankStatedSplits([tenIntents], { challenge: 3, policy: 'never' })).toHaveLength(1);
    // With Resolve the engine searches it: 5 classes a die, Aura full.
    expect(splitsSearchStates([[[8]], [[8], [8]]], { challenge: 4, resolve: 1 })).toEqual([5, 25]);
  });
});

describe('splits: a long run', () => {
  it('says how far it is between solves, and scores as one call for every split does', () => {
    const options = { steps: 10, actions: 3, challenge: 3 };
    const reports: [number, number, string][] = [];
    const { rows } = runAnalysis({ analysis: 'splits', options }, (done, total, unit) => {
      reports.push([done, total, unit]);
    });
    const candidates = splitCandidates(options);
    expect(candidates.length).toBe(245);
    // The first report (none done, of every split) comes before any is listed, sized or solved.
    expect(reports).toEqual([
      [0, 245, 'splits'],
      [200, 245, 'splits'],
    ]);
    expect(rows).toEqual(rankSplitRows(scoreSplitRows(candidates, { challenge: 3 })));
  });

  it('reports from the start of a run of many splits, before they are listed and sized, and nothing for one share', () => {
    // 30 steps, 3 actions, 1 to 3 intents: 14,904 splits, seconds to list and size before the
    // first solve, which drew no bar; the first report now says how many there are.
    const options = { steps: 30, actions: 3, challenge: 3, intents: [1, 2, 3] };
    // The first report once came after the first share's 200 solves.
    expect(firstReport({ analysis: 'splits', options })).toEqual([0, 14_904, 'splits']);
    expect(splitCandidates(options)).toHaveLength(14_904);
    // One share (200 splits or fewer): no report, so a short run draws no bar.
    const short = runReports({ analysis: 'splits', options: { steps: 8, challenge: 3 } });
    expect(short.reports).toEqual([]);
  });

  it(`refuses a run past ${SPLITS_LIMITS.states} dice-and-Aura states of the engine's work before solving any, naming the most intents that fit`, () => {
    // 24 steps and 4 actions: 42,226 splits, hours of work.
    expect(() => splits({ steps: 24, actions: 4, challenge: 3 })).toThrow(
      "options.intents: scoring these 42,226 splits exactly is 959,506,875 dice-and-Aura states of the engine's work, more than one run's 100,000,000 (some ten minutes): allow at most 5 intents, or fewer steps or actions (nothing was solved)",
    );
    const fitting = splitCandidates({
      steps: 24,
      actions: 4,
      challenge: 3,
      intents: [1, 2, 3, 4, 5],
    });
    const states = splitsSearchStates(fitting, { challenge: 3 }, 'intents');
    expect(states.reduce((sum, n) => sum + n, 0)).toBeLessThanOrEqual(SPLITS_LIMITS.states);
    // Only the intent counts allowed are counted: six alone are past it too.
    expect(() => splits({ steps: 24, actions: 4, challenge: 3, intents: [6] })).toThrow(
      /: allow fewer intents, steps or actions \(nothing was solved\)$/,
    );
  });

  it('counts a split the closed form answers toward the run, so a run of only such splits is bounded too', () => {
    // Resolve 0: no reroll, so the closed form answers each split with no search, yet scoring
    // one still takes a millisecond or so: a run counts it (it once counted none).
    const closed = { challenge: 3, resolve: 0 };
    expect(splitsSearchStates([[[8], [8]]], closed)).toEqual([0]);
    expect(splitsRunStates([[[8], [8]]], closed, 'intents')[0]).toBeGreaterThan(0);
    // 533,719 such splits, some fourteen minutes of scoring, were run as 0 states.
    expect(() => splits({ steps: 36, actions: 4, ...closed, intents: [1, 2, 3, 4, 5] })).toThrow(
      "options.intents: scoring these 533,719 splits exactly is 160,115,700 dice-and-Aura states of the engine's work, more than one run's 100,000,000 (some ten minutes): allow at most 4 intents, or fewer steps or actions (nothing was solved)",
    );
  });
});

describe('splits: a run too large refused before its splits are listed', () => {
  it('refuses as sizing every listed split does, with the same message, and passes what it passes', () => {
    const cases: [SplitsOptions, number[] | undefined][] = [
      [{ steps: 24, actions: 4, challenge: 3 }, undefined],
      [{ steps: 24, actions: 4, challenge: 3 }, [1, 2, 3, 4, 5]],
      [{ steps: 54, challenge: 3 }, undefined],
      [{ steps: 20, actions: 3, challenge: 4, resolve: 0 }, undefined],
      [{ steps: 40, challenge: 3, auraMax: 20, boostsPerRoll: 10, resolve: 10 }, undefined],
      [{ steps: 16, actions: 2, challenge: 3, objective: 'all' }, [2, 3]],
      // Pools of twelve dice in two intents: the last intent takes what is left (it once tried every block).
      [{ steps: 42, actions: 5, challenge: 3, resolve: 0 }, [2]],
      [{ steps: 30, actions: 6, challenge: 4, auraMax: 2 }, [1, 3]],
    ];
    for (const [options, intents] of cases) {
      const { steps, actions, ...ranked } = options;
      const listed = () =>
        splitsRunStates(
          splitCandidates({ ...options, ...(intents ? { intents } : {}) }),
          ranked,
          'intents',
        );
      const counted = () =>
        refuseSplitsRun(
          exactPools(steps, actions ?? 1),
          ranked,
          'intents',
          (pool) => splitsOfPool(pool, intents),
          intents,
        );
      let message: string | undefined;
      try {
        listed();
      } catch (error) {
        message = (error as Error).message;
      }
      if (message === undefined) expect(counted).not.toThrow();
      else expect(counted).toThrow(message);
    }
  });

  it('refuses 3,643,250 splits (a minute and more to list and size) without listing them', () => {
    expect(() =>
      splits({ steps: 48, actions: 6, challenge: 3, resolve: 0, intents: [1, 2, 3, 4, 5] }),
    ).toThrow(
      "options.intents: scoring these 3,643,250 splits exactly is 1,092,975,000 dice-and-Aura states of the engine's work, more than one run's 100,000,000 (some ten minutes): allow at most 2 intents, or fewer steps or actions (nothing was solved)",
    );
  });
});
