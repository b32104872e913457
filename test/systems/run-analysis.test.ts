import { describe, expect, it } from 'vitest';
import {
  type AnalysisJob,
  checkAnalysis,
  jobName,
  runAnalysis,
} from '../../src/systems/run-analysis.ts';
import { rankStatedSplits, splits } from '../../src/systems/zidara/analyses/splits.ts';
import { tuneTarget } from '../../src/systems/zidara/analyses/tune.ts';

describe('runAnalysis', () => {
  it('gives the analysis’ own rows, the best `top` of a ranking with the count ranked', () => {
    const options = { steps: 6, challenge: 3, auraMax: 0 };
    const result = runAnalysis({ analysis: 'splits', name: 's', options, top: 2 });
    const all = splits(options);
    expect(result.analysis).toBe('splits');
    expect(result.rows).toEqual(all.slice(0, 2));
    expect(result.analysis === 'splits' && result.total).toBe(all.length);
  });

  it('reads a comparison’s splits in the notation, and names them canonically', () => {
    const result = runAnalysis({
      analysis: 'stated-splits',
      name: 'c',
      splits: ['d4 | 2d6', 'd12'],
      options: { challenge: 3 },
    });
    expect(result.rows).toEqual(rankStatedSplits([[[6, 6], [4]], [[12]]], { challenge: 3 }));
    expect(result.analysis === 'stated-splits' && result.asked).toEqual(['d6+d6 | d4', 'd12']);
  });

  it('answers a tune target for every step count of the grid', () => {
    const options = { steps: [4, 6], challenges: [3], pool: 'natural' as const, auraMax: 0 };
    const result = runAnalysis({
      analysis: 'tune',
      name: 't',
      options,
      target: { winChance: 0.6, solveFor: 'challenge' },
    });
    expect(result.analysis === 'tune' && result.answers).toEqual(
      [4, 6].map((steps) => tuneTarget({ pool: 'natural', auraMax: 0, target: 0.6, steps })),
    );
  });
});

describe('a job as a library user writes it', () => {
  it('needs no name: its outputs take the analysis’ name', () => {
    const job = { analysis: 'splits', options: { steps: 3, challenge: 3, auraMax: 0 } } as const;
    expect(runAnalysis(job).rows.length).toBeGreaterThan(0);
    expect(jobName(job)).toBe('splits');
    expect(jobName({ ...job, name: 'mine' })).toBe('mine');
    expect(jobName({ analysis: 'fights', options: {} } as never)).toBe('fight-curves');
  });

  it.each<[unknown, RegExp]>([
    [
      { analysis: 'stated-splits', options: { challenge: 3 } },
      /^splits: missing \(expected a list of splits in the notation, such as \["d12", "d6\+d6 \| d4"\]\)$/,
    ],
    [
      { analysis: 'stated-splits', splits: 'd12', options: { challenge: 3 } },
      /^splits: "d12" is not allowed \(expected a list of splits in the notation/,
    ],
    [
      { analysis: 'stated-splits', splits: [], options: { challenge: 3 } },
      /^splits: \[\] is not allowed \(expected at least one split to score\)$/,
    ],
    [
      { analysis: 'splits', top: 'x', options: { steps: 3, challenge: 3 } },
      /^top: "x" is not allowed \(expected a count of the best rows to keep, 1 or more\)$/,
    ],
    [
      { analysis: 'splits', top: -1, options: { steps: 3, challenge: 3 } },
      /^top: -1 is not allowed/,
    ],
    [
      { analysis: 'tune', target: 0.6, options: {} },
      /^target: 0\.6 is not allowed \(expected an object such as \{ "winChance": 0\.6, "solveFor": "challenge" \}\)$/,
    ],
    [
      { analysis: 'tune', target: { winChance: 0.6, solveFor: 'tags' }, options: {} },
      /^target\.solveFor: "tags" is not allowed \(expected one of challenge, steps\)$/,
    ],
    [
      { analysis: 'splits', name: 5, options: { steps: 3, challenge: 3 } },
      /^name: 5 is not allowed \(expected text\)$/,
    ],
    [
      { analysis: 'splits', splits: ['d12'], options: { steps: 3, challenge: 3 } },
      /^splits: no such field \(the fields here are analysis, name, options, top\)$/,
    ],
  ])('refuses %j with an InputError naming the field, running or checking', (job, message) => {
    expect(() => runAnalysis(job as AnalysisJob)).toThrow(message);
    expect(() => checkAnalysis(job as AnalysisJob)).toThrow(message);
    try {
      runAnalysis(job as AnalysisJob);
    } catch (error) {
      expect((error as Error).name).toBe('InputError');
    }
  });
});

describe('checkAnalysis', () => {
  it.each<[AnalysisJob, RegExp]>([
    [
      { analysis: 'advantage', name: 'a', options: { most: 13 } },
      /^most: 13 is not allowed \(expected an integer from 1 to 12\)$/,
    ],
    [
      { analysis: 'advantage', name: 'a', options: { stacks: [[12, 7]] } },
      /^stacks\[0\]\[1\]: 7 is not allowed \(expected one of 2, 4, 6, 8, 10, 12\)$/,
    ],
    [
      { analysis: 'stated-splits', name: 'c', splits: ['d12', 'd13'], options: { challenge: 3 } },
      /^splits\[1\]: "d13" is not allowed/,
    ],
    [
      { analysis: 'splits', name: 's', options: { steps: 8, challenge: 3, auraMax: 2, aura: 3 } },
      /^aura: 3 is not allowed \(expected at most auraMax \(2\)/,
    ],
    [
      { analysis: 'rerolls', name: 'r', options: { split: [[8], []] } },
      /^split\[1\]: \[\] is not allowed \(expected at least one die on each intent\)$/,
    ],
    [
      { analysis: 'fight-curves', name: 'f', options: { steps: 40, tags: [1] } },
      /^steps: 40 is not allowed \(expected an integer from 1 to 36\)$/,
    ],
    [
      { analysis: 'tune', name: 't', options: { challenges: [] } },
      /^challenges: \[\] is not allowed \(expected at least one Challenge\)$/,
    ],
  ])('names the option at fault in %j, before anything is solved', (job, message) => {
    expect(() => checkAnalysis(job)).toThrow(message);
  });

  it('names a job’s options `options` when they are not an object, and a tune target’s win chance past 1 before solving', () => {
    for (const options of [8, null, [], undefined]) {
      const job = { analysis: 'tune', name: 't', options } as never;
      const message = /^options: .* \(expected an object\)$/;
      expect(() => checkAnalysis(job)).toThrow(message);
      expect(() => runAnalysis(job)).toThrow(message);
    }
    expect(() => checkAnalysis({ analysis: 'tunes', name: 't', options: {} } as never)).toThrow(
      /^analysis: "tunes" is not allowed \(expected one of splits, stated-splits, /,
    );
    expect(() =>
      checkAnalysis({
        analysis: 'tune',
        name: 't',
        options: {},
        target: { winChance: 1.5, solveFor: 'challenge' },
      }),
    ).toThrow(/^target: 1\.5 is not allowed \(expected a win chance strictly between 0 and 1\)$/);
  });

  it('accepts every job of the built-in shapes', () => {
    expect(() =>
      checkAnalysis({ analysis: 'fight-curves', name: 'f', options: { pool: [12, 4], tags: [2] } }),
    ).not.toThrow();
    expect(() =>
      checkAnalysis({ analysis: 'compare-systems', name: 'x', options: { challenge: 3 } }),
    ).not.toThrow();
  });
});
