import type { Command } from '@commander-js/extra-typings';
import { countOf } from '../format/format-count.ts';
import { formatFraction } from '../format/format-fraction.ts';
import { formatPercent } from '../format/format-percent.ts';
import { formatProbability } from '../format/format-probability.ts';
import { formatTable } from '../report/table.ts';
import { type D6PoolReport, d6PoolReport } from '../systems/d6-pool/seed-claim.ts';
import type { D6PoolSimulation } from '../systems/d6-pool/simulate.ts';
import { MAX_STAT, parseD6PoolSpec } from '../systems/d6-pool/spec.ts';
import { integerFlag } from './flags.ts';
import { oddsAndSimulate } from './odds-and-simulate.ts';
import { outcomeTable, simulatedTable, stoppedEarly } from './outcome-table.ts';
import { specOption } from './spec-file.ts';
import type { ProseLayout } from './terminal-prose.ts';

const FLAGS = { stat: '--stat' } as const;

/**
 * `dicelab d6-pool odds --stat N [--json] [--spec FILE]` and `dicelab d6-pool simulate …`:
 * a pool of stat d6, hits on 5–6, 0 failure, 1 mixed, 2+ success.
 */
export function registerD6Pool(program: Command) {
  const system = program
    .command('d6-pool')
    .description('d6 pool, hits on 5 and 6: failure (0 hits), mixed (1), success (2+)');

  D6_POOL_COMMANDS.addOdds(system, {
    description: 'exact failure / mixed / success chances (reduced fractions)',
    result: d6PoolReport,
    text: d6PoolText,
  });
  D6_POOL_COMMANDS.addSimulate(system, {
    description: 'Monte Carlo estimate of the same chances, with 95% intervals',
    kernel: 'systems/d6-pool/simulate',
    text: (s: D6PoolSimulation, prose) =>
      [
        ...prose([`d6 pool, stat ${s.spec.stat}: ${countOf(s.trials, 'trial')}${stoppedEarly(s)}`]),
        simulatedTable(s.outcomes),
      ].join('\n'),
  });
}

/** --stat, --spec and --json, worded for `odds` (which takes a spec array too) or `simulate`. */
function statOptions(command: Command) {
  const odds = command.name() === 'odds';
  const flags = command.option(
    '--stat <n>',
    'dice rolled, one per point of the stat (1 to 4 in play)',
    integerFlag(1, MAX_STAT),
  );
  return flags
    .addOption(
      specOption(
        flags,
        odds
          ? 'JSON or YAML file with one spec ({ "stat": 3 }) or an array of specs'
          : 'JSON or YAML file with one spec',
      ),
    )
    .option(
      '--json',
      odds
        ? 'print JSON: { outcomes: [{ name, p, fraction }], … } (an array for a spec array)'
        : 'print the summary as JSON',
    );
}

/** The d6 pool: its flags, and the spec they give. */
const D6_POOL_COMMANDS = oddsAndSimulate(statOptions, {
  parse: parseD6PoolSpec,
  flags: FLAGS,
  fromFlags: (options: { stat?: number | undefined }) => ({ stat: options.stat }),
});

function d6PoolText(r: D6PoolReport, prose: ProseLayout): string {
  const lines = [
    ...prose([`d6 pool, stat ${r.spec.stat} (${r.spec.stat}d6, hits on 5-6)`]),
    outcomeTable(r.outcomes),
    ...prose([`expected hits ${formatProbability(r.expectedHits)} (a third of the dice)`]),
  ];
  if (r.seedClaim) {
    lines.push(
      '',
      ...prose([
        `The seed's claim (${r.seedClaim.claim}) is off by up to ` +
          `${(r.seedClaim.largestGap * 100).toFixed(1)} percentage points:`,
      ]),
      formatTable(
        [
          { key: 'name', header: 'outcome' },
          { key: 'claimed', header: 'seed says', format: (p: number) => formatPercent(p, 0) },
          { key: 'exact', header: 'exact', format: (p: number) => formatPercent(p, 2) },
          { key: 'fraction', header: 'fraction', format: formatFraction },
          {
            key: 'off',
            header: 'off by',
            format: (x: number) => `${x >= 0 ? '+' : ''}${(x * 100).toFixed(2)} points`,
          },
        ],
        r.seedClaim.outcomes,
      ),
    );
  }
  return lines.join('\n');
}
