import type { Command } from '@commander-js/extra-typings';
import { formatCount } from '../format/format-count.ts';
import { formatPercent } from '../format/format-percent.ts';
import { formatTable } from '../report/table.ts';
import { type D6PoolReport, d6PoolReport } from '../systems/d6-pool/seed-claim.ts';
import type { D6PoolSimulation } from '../systems/d6-pool/simulate.ts';
import { MAX_STAT, parseD6PoolSpec } from '../systems/d6-pool/spec.ts';
import { integerFlag } from './flags.ts';
import { outcomeTable, simulatedTable } from './outcome-table.ts';
import { simulateOneSpec } from './run-simulation.ts';
import { addSimulationOptions } from './simulation-flags.ts';
import { printResults, specOption, specsFromOptions } from './spec-file.ts';

const FLAGS = { stat: '--stat' } as const;

/**
 * `dicelab d6-pool odds --stat N [--json] [--spec FILE]` and `dicelab d6-pool simulate …`:
 * a pool of stat d6, hits on 5–6, 0 failure, 1 mixed, 2+ success.
 */
export function registerD6Pool(program: Command) {
  const system = program
    .command('d6-pool')
    .description('d6 pool, hits on 5 and 6: failure (0 hits), mixed (1), success (2+)');

  const odds = system
    .command('odds')
    .description('exact failure / mixed / success chances (reduced fractions)')
    .option(
      '--stat <n>',
      `dice rolled, one per point of the stat (1..4 in play; up to ${MAX_STAT})`,
      integerFlag(1, MAX_STAT),
    );
  odds
    .addOption(
      specOption(odds, 'JSON or YAML file with one spec ({ "stat": 3 }) or an array of specs'),
    )
    .option(
      '--json',
      'print JSON: { outcomes: [{ name, p, fraction }], … } (an array for a spec array)',
    )
    .action(async (options) => {
      const { specs, many } = await specsFromOptions(options, parseD6PoolSpec, FLAGS, () => ({
        stat: options.stat,
      }));
      await printResults(specs, many, options.json, d6PoolReport, d6PoolText);
    });

  const simulate = system
    .command('simulate')
    .description('Monte Carlo estimate of the same chances, with 95% intervals')
    .option('--stat <n>', 'dice rolled', integerFlag(1, MAX_STAT));
  addSimulationOptions(
    simulate
      .addOption(specOption(simulate, 'JSON or YAML file with one spec'))
      .option('--json', 'print the summary as JSON'),
  ).action(async (options) => {
    await simulateOneSpec(
      'systems/d6-pool/simulate',
      options,
      { parse: parseD6PoolSpec, flags: FLAGS, fromFlags: () => ({ stat: options.stat }) },
      (s: D6PoolSimulation) =>
        simulatedTable(s.outcomes, `d6 pool, stat ${s.spec.stat}: ${formatCount(s.trials)} trials`),
    );
  });
}

function d6PoolText(r: D6PoolReport): string {
  const lines = [
    outcomeTable(r.outcomes, `d6 pool, stat ${r.spec.stat} (${r.spec.stat}d6, hits on 5-6)`),
  ];
  if (r.seedClaim) {
    lines.push(
      '',
      formatTable(
        [
          { key: 'name', header: 'outcome' },
          { key: 'claimed', header: 'seed says', format: (p: number) => formatPercent(p, 0) },
          { key: 'exact', header: 'exact', format: (p: number) => formatPercent(p, 2) },
          { key: 'fraction', header: 'fraction' },
          {
            key: 'off',
            header: 'off by',
            format: (x: number) => `${x >= 0 ? '+' : ''}${(x * 100).toFixed(2)} points`,
          },
        ],
        r.seedClaim.outcomes,
        {
          title:
            `The seed's claim (${r.seedClaim.claim}) is off by up to ` +
            `${(r.seedClaim.largestGap * 100).toFixed(1)} percentage points:`,
        },
      ),
    );
  }
  return lines.join('\n');
}
