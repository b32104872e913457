import { describe, expect, it } from 'vitest';
import { formatChance } from '../../src/format/format-chance.ts';
import { formatChange } from '../../src/format/format-gain.ts';
import { fightAnswer } from '../../src/page/fight-answer.ts';
import {
  describeSplit,
  formatGap,
  formatScore,
  formatScoreChange,
  shortAnswer,
  splitsAnswer,
} from '../../src/page/splits-answer.ts';
import { fightCurves } from '../../src/systems/zidara/analyses/fight-curves.ts';
import { rankStatedSplits } from '../../src/systems/zidara/analyses/splits.ts';
import { parseSplit } from '../../src/systems/zidara/roll/split.ts';
import { cliInProcess } from '../cli/cli-in-process.ts';

describe("the page's answers in words", () => {
  it('never rounds a chance to a certainty it is not', () => {
    expect(formatChance(0.9999198)).toBe('99.99%');
    expect(formatChance(0.99999999)).toBe('> 99.9999%');
    expect(formatChance(1)).toBe('100.0%');
    expect(formatChance(0.00004)).toBe('0.004%');
    expect(formatChance(0)).toBe('0.0%');
    expect(formatChance(0.5)).toBe('50.0%');
  });

  it('says the best split, its figure and the runner-up', () => {
    // d12 against C3 with no Aura: 51/72; d6+d6: 125/216 (see the splits tests).
    const rows = rankStatedSplits([parseSplit('d12'), parseSplit('d6+d6')], {
      challenge: 3,
      objective: 'primary',
      auraMax: 0,
    });
    expect(splitsAnswer(rows, 'primary')).toEqual({
      headline: 'Roll d12: your main intent wins 70.8% of the time.',
      detail: 'That is everything on one intent. Next best: d6+d6, 13.0 pts lower.',
    });
    expect(shortAnswer(rows, 'primary')).toBe('Best: d12 · 70.8% main');
    expect(formatScore(1.70573, 'wins')).toBe('1.706');
    expect(formatGap(-0.0861, 'wins')).toBe('−0.086');
    expect(formatGap(-0.13, 'all')).toBe('−13.0 pts');
    expect(formatGap(0, 'all')).toBe('');
  });

  it("reads What if's change as --against's change column does: none at its digits is ±", async () => {
    // An exact 0, and the float noise of two exact runs, either sign: no change.
    expect(formatScoreChange(0, 'wins')).toBe('±0.000');
    expect(formatScoreChange(0, 'primary')).toBe('±0.0 pts');
    for (const noise of [-1.1102230246251565e-16, 5.551115123125783e-17]) {
      expect(formatScoreChange(noise, 'primary')).toBe(formatChange(noise));
      expect(formatScoreChange(noise, 'all')).toBe('±0.0 pts');
      expect(formatScoreChange(noise, 'utility')).toBe('±0.000');
    }
    expect(formatScoreChange(-0.02, 'all')).toBe('−2.0 pts');
    expect(formatScoreChange(0.2014, 'wins')).toBe('+0.201');
    // Row by row, the page reads each split's change as the CLI's table prints it (under
    // --ties-go-to roller every change is 0: ties are bought with Aura here).
    const ask = 'zidara splits --steps 6 --vs 3 --intents 1-2 --objective wins --against'.split(
      ' ',
    );
    for (const rule of ['--ties-go-to roller', '--resolve 1']) {
      const table = await cliInProcess(...ask, rule);
      const json = await cliInProcess(...ask, rule, '--format', 'json');
      const rows = JSON.parse(json.stdout).rows as {
        key: { split: string };
        change: { score: number };
      }[];
      expect(rows).toHaveLength(7);
      for (const row of rows) {
        const line = table.stdout.split('\n').find((l) => l.startsWith(`${row.key.split}  `));
        const printed = line?.trim().split(/ {2,}/).at(-1);
        expect(formatScoreChange(row.change.score, 'wins'), row.key.split).toBe(printed);
      }
    }
  });

  it('describes a split in words', () => {
    expect(describeSplit('d12')).toBe('everything on one intent');
    expect(describeSplit('d8 | d6+d2')).toBe(
      'two intents: d8 on one, d6+d2 on the other (the best die of a stack counts)',
    );
    expect(describeSplit('d8 | d6 | d4')).toBe('three intents: d8, d6 and d4');
  });

  it('says when a threat falls', () => {
    // One d8 against C4 with no Aura: it falls each round with chance 28/64 = 0.4375.
    const rows = fightCurves({
      pool: [8],
      challenges: [4],
      tags: [1],
      auraMax: 0,
      titles: 0,
      maxRounds: 4,
    });
    expect(fightAnswer(rows)).toEqual({
      headline: `The threat is down within 3 rounds ${formatChance(1 - 0.5625 ** 3)} of the time.`,
      detail: `Within 4 rounds: ${formatChance(1 - 0.5625 ** 4)}. Half the time it falls by round 2. Opening split: d8.`,
    });
  });

  it('never says a threat that may still stand is down 100% of the time', () => {
    // 14 steps against one C2 tag: the float sum of the wins is 1 by round 3 (by round 5 with 8
    // steps), while the threat still stands after it a few times in 10¹⁹.
    const rows = fightCurves({ steps: 14, challenges: [2], tags: [1], maxRounds: 3 });
    expect(rows[2]!.winWithin).toBeGreaterThanOrEqual(1);
    expect(fightAnswer(rows).headline).toBe(
      'The threat is down within 3 rounds > 99.9999% of the time.',
    );
    const longer = fightCurves({ steps: 8, challenges: [2], tags: [1], maxRounds: 6 });
    expect(longer[5]!.winWithin).toBeGreaterThanOrEqual(1);
    expect(fightAnswer(longer).detail).toMatch(/^Within 6 rounds: > 99\.9999%\. /);
    // A threat that cannot stand is down for certain: d12 against one C1 tag always wins.
    const sure = fightCurves({ pool: [12], challenges: [1], tags: [1], maxRounds: 2 });
    expect(fightAnswer(sure).headline).toBe(
      'The threat is down within 2 rounds 100.0% of the time.',
    );
  });
});
