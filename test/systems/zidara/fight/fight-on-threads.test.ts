import { describe, expect, it } from 'vitest';
import {
  FightPlan,
  fightOdds,
  fightWork,
  parseFight,
} from '../../../../src/systems/zidara/fight/fight.ts';
import {
  solveFightOnThreads,
  THREADED_FIGHT_WORK,
} from '../../../../src/systems/zidara/fight/fight-on-threads.ts';

describe('whole fights on worker threads', () => {
  it('answer, to the bit, what one thread answers', async () => {
    const fight = parseFight({
      challenge: 5,
      tags: 5,
      steps: 12,
      maxRounds: 9,
      titles: 1,
      fightPolicy: 'whole-fight',
    });
    expect(fightWork(fight)).toBeGreaterThanOrEqual(THREADED_FIGHT_WORK);
    const plan = new FightPlan(fight);
    await solveFightOnThreads(plan, 2);
    // Every round but the opening one is solved ahead: the figures below read the threads' choices.
    for (let n = 1; n < fight.maxRounds; n++) expect(plan.solved(n)).toBe(true);
    expect(fightOdds(fight, plan)).toEqual(fightOdds(fight));
  });

  it('leave small fights and per-roll play to the plan itself', async () => {
    for (const spec of [
      { challenge: 4, tags: 2, pool: [8, 6], fightPolicy: 'whole-fight' as const },
      { challenge: 5, tags: 5, steps: 12, maxRounds: 9 },
    ]) {
      const plan = new FightPlan(parseFight(spec));
      await solveFightOnThreads(plan, 2);
      expect(plan.solved(1)).toBe(false);
    }
  });
});
