import { describe, expect, it } from 'vitest';
import {
  adviceAnswer,
  answerWhatIf,
  type FightProgress,
  mergeRuleShares,
  mergeSplitShares,
  rankSplits,
  scoreSplitsShare,
  solveFight,
  WHOLE,
  whatIfShare,
} from '../../src/page/page-engine.ts';
import { fightQuestion, whatIfQuestion } from '../../src/page/page-questions.ts';
import { PAGE_DEFAULTS } from '../../src/page/page-state.ts';
import { splits } from '../../src/systems/zidara/analyses/splits.ts';
import { fightOdds, parseFight } from '../../src/systems/zidara/fight/fight.ts';
import { splitsOfPool } from '../../src/systems/zidara/roll/split.ts';

describe("the page's engine calls", () => {
  it('ranks every split of a set pool by direct enumeration, C1 with no Aura', () => {
    // d4 and d2 against C1 (d2): a d4 beats D with chance (4 − D)/4, a d2 (2 − D)/2.
    const rows = rankSplits({
      pool: [4, 2],
      challenge: 1,
      intents: [1, 2],
      objective: 'wins',
      setup: { auraMax: 0 },
    });
    const pBeat = (sides: number, d: number) => Math.max(0, sides - d) / sides;
    const apart = [1, 2].reduce((s, d) => s + (pBeat(4, d) + pBeat(2, d)) / 2, 0);
    const together = [1, 2].reduce(
      (s, d) => s + (1 - (1 - pBeat(4, d)) * (1 - pBeat(2, d))) / 2,
      0,
    );
    expect(splitsOfPool([4, 2], [1, 2])).toHaveLength(2);
    expect(rows.map((r) => [r.split, r.score])).toEqual([
      ['d4 | d2', expect.closeTo(apart, 12)],
      ['d4+d2', expect.closeTo(together, 12)],
    ]);
  });

  it('ranks a question shared among workers exactly as splits ranks it whole', () => {
    const question = {
      steps: 9,
      actions: 2,
      challenge: 4,
      intents: [1, 2, 3],
      objective: 'wins' as const,
      setup: { resolve: 1 },
    };
    const whole = splits({ steps: 9, actions: 2, challenge: 4, intents: [1, 2, 3], resolve: 1 });
    expect(whole.length).toBeGreaterThan(20);
    for (const of of [1, 2, 3, 4]) {
      const shares = Array.from({ length: of }, (_, index) =>
        scoreSplitsShare(question, { index, of }),
      );
      // Dealt out by index, each worker a near-equal part, nothing scored twice.
      expect(shares.map((share) => share.length)).toEqual(
        Array.from({ length: of }, (_, index) => Math.ceil((whole.length - index) / of)),
      );
      // Each split is solved alone: its figures are bit for bit those of the whole ranking.
      expect(mergeSplitShares(shares)).toEqual(whole);
    }
    // More workers than splits: the empty shares still answer, and change nothing.
    const pool = { ...question, pool: [8, 4], intents: [2] };
    const shares = [0, 1, 2].map((index) => scoreSplitsShare(pool, { index, of: 3 }));
    expect(shares.map((share) => share.length)).toEqual([1, 0, 0]);
    expect(mergeSplitShares(shares)).toEqual(rankSplits(pool));
    // A question no split answers is refused by every share alike.
    expect(() => scoreSplitsShare({ ...pool, intents: [3] }, { index: 1, of: 2 })).toThrow(
      /^splits: /,
    );
    const rules = whatIfQuestion({ ...PAGE_DEFAULTS, steps: 6, boosts: 0, auraMax: 2 });
    expect(mergeRuleShares([0, 1].map((index) => whatIfShare(rules, { index, of: 2 })))).toEqual(
      answerWhatIf(rules),
    );
  });

  it("reports a share's progress between its chunks of splits, not after the last", () => {
    // 333 splits: one chunk of 200, then the answer (no report of 333 of 333 before it).
    const question = {
      steps: 12,
      actions: 3,
      challenge: 3,
      intents: [1, 2, 3],
      objective: 'wins' as const,
      setup: {},
    };
    const reports: FightProgress[] = [];
    const rows = scoreSplitsShare(question, WHOLE, (p) => reports.push(p));
    expect(rows).toHaveLength(333);
    expect(reports).toEqual([{ done: 200, of: 333 }]);
    // A What if counts both rankings, the second after the first's splits.
    const both: FightProgress[] = [];
    const rules = { base: question, yours: { ...question, setup: { boostsPerRoll: 0 } } };
    whatIfShare(rules, WHOLE, (p) => both.push(p));
    expect(both).toEqual([
      { done: 200, of: 666 },
      { done: 533, of: 666 },
    ]);
    // One chunk only: the answer is the only report.
    const small: FightProgress[] = [];
    scoreSplitsShare({ ...question, steps: 8, actions: 1 }, WHOLE, (p) => small.push(p));
    expect(small).toEqual([]);
  });

  it('solves a fight as fightOdds does, reporting its progress up to every position', () => {
    const question = fightQuestion({
      ...PAGE_DEFAULTS,
      vs: 3,
      tags: 2,
      steps: 6,
      maxRounds: 3,
      fightPolicy: 'whole-fight',
    });
    const progress: FightProgress[] = [];
    const answer = solveFight(question, (p) => progress.push(p), 0);
    const odds = fightOdds(parseFight(question));
    expect(answer.rows.map((r) => r.winWithin)).toEqual(odds.pWinWithin);
    expect(answer.roundsToWin).toEqual(odds.roundsToWin);
    expect(answer.rows[0]!.opening).toBe(odds.openingSplit);
    // Every position counted once, never more than the most a whole fight can have.
    const dones = progress.map((p) => p.done);
    expect(dones).toEqual([...dones].sort((a, b) => a - b));
    expect(progress.at(-1)).toEqual({ done: answer.states, of: answer.states });
    const most = 2 * (5 + 1) * (2 + 1) * 3; // tags × Aura states × Resolve levels × rounds
    expect(answer.states).toBeGreaterThan(3);
    expect(answer.states).toBeLessThanOrEqual(most);
    expect(progress[0]!.of).toBe(most);
  });

  it("pairs the rules page's ranking with the page's, best first under the page's rules", () => {
    const state = { ...PAGE_DEFAULTS, steps: 6, boosts: 0, auraMax: 2 };
    const pairs = answerWhatIf(whatIfQuestion(state));
    const base = splits({ steps: 6, challenge: 3, intents: [1, 2] });
    const yours = splits({ steps: 6, challenge: 3, intents: [1, 2], boostsPerRoll: 0, auraMax: 2 });
    expect(pairs.map((p) => p.key.split)).toEqual(yours.map((r) => r.split));
    for (const pair of pairs) {
      const b = base.find((r) => r.split === pair.key.split)!;
      const y = yours.find((r) => r.split === pair.key.split)!;
      expect(pair.change.score).toBeCloseTo(y.score - b.score, 12);
    }
  });

  it('advises with the words a player reads, and names a bad face as advise does', () => {
    const answer = adviceAnswer({
      split: 'd8 | d4',
      challenge: 4,
      shown: [3, 4],
      defence: 5,
      setup: { aura: 3, resolve: 1 },
    });
    expect(answer.sentence).toBe(
      'Reroll the d8 (showing 3): 1.50 intents expected, against 1.00 if you stop.',
    );
    expect(answer.names).toEqual([
      'reroll the d8 (showing 3)',
      'reroll all dice',
      'stop',
      'reroll the d4 (showing 4)',
    ]);
    expect(answer.spends).toBe('Spend 1 Aura: +2 on the d4 (showing 4).');
    // The figure named as the sentence names it: the Mid-roll column's heading.
    expect(answer.figure).toBe('intents expected');
    expect(answer.sentence).toContain(answer.figure);
    const weighted = adviceAnswer({
      split: 'd8 | d4',
      challenge: 4,
      shown: [3, 4],
      defence: 5,
      setup: { aura: 3, resolve: 1, auraValue: 0.5 },
    });
    expect(weighted.figure).toBe('expected utility');
    expect(weighted.sentence).toContain(weighted.figure);
    expect(() =>
      adviceAnswer({ split: 'd8', challenge: 4, shown: [9], defence: 5, setup: {} }),
    ).toThrow('shown[0]: 9 is not allowed (expected a face of the d8: 1 to 8)');
    expect(() =>
      adviceAnswer({ split: 'd8', challenge: 4, shown: [3], defence: 9, setup: {} }),
    ).toThrow(/^defence\[0\]: 9 is not allowed \(expected a face of the Challenge die d8\)/);
  });
});
