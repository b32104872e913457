import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { median } from 'simple-statistics';
import { FIGHT_CURVES_DEFAULTS } from '../../src/systems/zidara/analyses/fight-curves.ts';
import {
  FightPlan,
  fightOdds,
  fightWork,
  parseFight,
} from '../../src/systems/zidara/fight/fight.ts';
import {
  fightOddsOnThreads,
  THREADED_FIGHT_WORK,
} from '../../src/systems/zidara/fight/fight-on-threads.ts';
import type { BenchRow } from './bench-row.ts';
import { bestOf } from './best-of.ts';
import { COMPILED_CLI, wallMs } from './compiled-cli.ts';

/** A fight the speed issue names, its `zidara fight` flags, and its target in ms (exact). */
interface TimedFight {
  readonly name: string;
  readonly spec: Record<string, unknown>;
  readonly flags: readonly string[];
  readonly targetMs: number;
}

/** The whole fights (each exact, no fallback to simulation). */
const WHOLE_FIGHTS: readonly TimedFight[] = [
  {
    name: 'vs 4, 3 tags, 8 steps',
    spec: { challenge: 4, tags: 3, steps: 8, fightPolicy: 'whole-fight' },
    flags: ['--vs', '4', '--tags', '3', '--steps', '8'],
    targetMs: 500,
  },
  {
    name: 'vs 5, 5 tags, 12 steps',
    spec: { challenge: 5, tags: 5, steps: 12, fightPolicy: 'whole-fight' },
    flags: ['--vs', '5', '--tags', '5', '--steps', '12'],
    targetMs: 500,
  },
  {
    name: 'vs 5, 6 tags, 18 steps, 12 rounds',
    spec: { challenge: 5, tags: 6, steps: 18, maxRounds: 12, fightPolicy: 'whole-fight' },
    flags: ['--vs', '5', '--tags', '6', '--steps', '18', '--max-rounds', '12'],
    targetMs: 1500,
  },
];

/**
 * Issue 25's fight targets, in process: the named whole fights, and the slowest fight of the
 * `fight-curves` defaults (every Challenge × tags, for 12 and 18 steps) against 200 ms. Each
 * figure is one solve from cold caches (a fight's solve is the whole of a command's work), so
 * one run each: the largest takes tens of seconds on this machine.
 */
export async function benchFights(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  for (const fight of WHOLE_FIGHTS) {
    const parsed = parseFight(fight.spec);
    const ms = bestOf(1, () => fightOdds(parsed));
    rows.push({
      name: `zidara fight whole-fight exact: ${fight.name}, in process`,
      value: ms,
      unit: 'ms',
      target: `≤ ${fight.targetMs}`,
      ok: ms <= fight.targetMs,
    });
    // As `zidara fight` solves it: large whole fights on the machine's cores (pool start included).
    const threads = availableParallelism();
    const started = performance.now();
    await fightOddsOnThreads(new FightPlan(parsed), threads);
    const onThreads = performance.now() - started;
    rows.push({
      name: `zidara fight whole-fight exact: ${fight.name}, in process, ${threads} threads${fightWork(parsed) < THREADED_FIGHT_WORK ? ' (small: one thread)' : ''}`,
      value: onThreads,
      unit: 'ms',
      target: `≤ ${fight.targetMs}`,
      ok: onThreads <= fight.targetMs,
    });
  }
  // Through the CLI (`zidara fight … --fight-policy whole-fight --no-simulate --json`, on every
  // core), its start-up subtracted: the same command's for a fight of one d2 and one round (node,
  // and the modules a fight loads). Medians of 3.
  if (existsSync(COMPILED_CLI)) {
    const command = (flags: readonly string[]) => [
      COMPILED_CLI,
      'zidara',
      'fight',
      ...flags,
      ...['--fight-policy', 'whole-fight', '--no-simulate', '--json'],
    ];
    const least = command(['--vs', '1', '--tags', '1', '--pool', 'd2', '--max-rounds', '1']);
    const startUp = median([1, 2, 3].map(() => wallMs(least)));
    rows.push({
      name: 'zidara fight start-up: one d2, one round, through the CLI',
      value: startUp,
      unit: 'ms',
    });
    for (const fight of WHOLE_FIGHTS) {
      const args = command(fight.flags);
      const ms = median([1, 2, 3].map(() => wallMs(args))) - startUp;
      rows.push({
        name: `zidara fight whole-fight exact: ${fight.name}, through the CLI, start-up subtracted`,
        value: ms,
        unit: 'ms',
        target: `≤ ${fight.targetMs}`,
        ok: ms <= fight.targetMs,
      });
    }
  }
  for (const steps of [12, 18]) {
    let slowest = 0;
    for (const challenge of FIGHT_CURVES_DEFAULTS.challenges)
      for (const tags of FIGHT_CURVES_DEFAULTS.tags) {
        const parsed = parseFight({
          challenge,
          tags,
          steps,
          maxRounds: FIGHT_CURVES_DEFAULTS.maxRounds,
        });
        slowest = Math.max(
          slowest,
          bestOf(1, () => fightOdds(parsed)),
        );
      }
    rows.push({
      name: `zidara fight-curves defaults: slowest fight, ${steps} steps, in process`,
      value: slowest,
      unit: 'ms',
      target: '≤ 200',
      ok: slowest <= 200,
    });
  }
  return rows;
}
