import { describe, expect, it } from 'vitest';
import {
  FightPlan,
  fightOdds,
  fightWork,
  parseFight,
} from '../../../../src/systems/zidara/fight/fight.ts';
import {
  fightOddsOnThreads,
  THREADED_FIGHT_WORK,
} from '../../../../src/systems/zidara/fight/fight-on-threads.ts';

/** A whole fight large enough for the threads (see THREADED_FIGHT_WORK). */
const large = parseFight({
  challenge: 5,
  tags: 5,
  steps: 12,
  maxRounds: 9,
  titles: 1,
  fightPolicy: 'whole-fight',
});

describe('whole fights on worker threads', () => {
  it('answer, to the bit, what one thread answers', async () => {
    const fight = large;
    expect(fightWork(fight)).toBeGreaterThanOrEqual(THREADED_FIGHT_WORK);
    const plan = new FightPlan(fight);
    const rounds: number[] = [];
    // The rounds' choices and the figures' solves are the threads' own.
    const odds = await fightOddsOnThreads(plan, 2, (done, total) => {
      rounds.push(done);
      expect(total).toBe(fight.maxRounds);
    });
    expect(rounds).toEqual(Array.from({ length: fight.maxRounds }, (_, n) => n + 1));
    for (let n = 1; n < fight.maxRounds; n++) expect(plan.solved(n)).toBe(true);
    expect(odds).toEqual(fightOdds(fight));
  });

  it('solve a large one on a worker thread given one thread, answering what the plan answers', async () => {
    const fight = large;
    expect(fightWork(fight)).toBeGreaterThanOrEqual(THREADED_FIGHT_WORK);
    const rounds: number[] = [];
    // Told round by round, as only the threads' solve tells (the plan alone tells nothing).
    const odds = await fightOddsOnThreads(new FightPlan(fight), 1, (done) => rounds.push(done));
    expect(rounds).toEqual(Array.from({ length: fight.maxRounds }, (_, n) => n + 1));
    expect(odds).toEqual(fightOdds(fight));
  });

  it('leave small fights and per-roll play to the plan itself', async () => {
    for (const spec of [
      { challenge: 4, tags: 2, pool: [8, 6], fightPolicy: 'whole-fight' as const },
      { challenge: 5, tags: 5, steps: 12, maxRounds: 9 },
    ]) {
      const fight = parseFight(spec);
      const rounds: number[] = [];
      const odds = await fightOddsOnThreads(new FightPlan(fight), 2, (done) => rounds.push(done));
      expect(rounds).toEqual([]);
      expect(odds).toEqual(fightOdds(fight));
    }
  });
});
