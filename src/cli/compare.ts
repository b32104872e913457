import type { Command } from '@commander-js/extra-typings';
import { chartFileNames } from '../report/chart-file-names.ts';
import { describeSetup } from '../report/zidara/describe-setup.ts';
import { COMPARE_DEFAULTS, MAX_SPAN } from '../systems/compare.ts';
import { RING_SKILL_LIMITS } from '../systems/ring-skill/index.ts';
import { POOL_RULES, type PoolRule } from '../systems/zidara/analyses/tune.ts';
import type { OutputFormat } from './flags.ts';
import { choicesOption, integerFlag } from './flags.ts';
import { checkWritable } from './write-files.ts';
import { addOutputOptions, emit, runFlagged } from './zidara-analyses.ts';
import { FLAG_PARSERS } from './zidara-flags.ts';

/**
 * `dicelab compare [--vs C] [--tn T] [--span N] [--pool RULE] [--format …] [--out DIR]`: the
 * five systems' full / partial / failure chances against each one's own competence, ordinary
 * competence aligned; a table (or CSV / JSON) on stdout and, with --out, the chart's files.
 */
export function registerCompare(program: Command) {
  const command = program
    .command('compare')
    .description(
      "the five systems on one chart and one table: full success, partial and failure against each system's competence, ordinary lined up",
    )
    .option(
      '--vs <C>',
      "Zi'Dara: the Challenge C every roll is against (it rolls d2C)",
      FLAG_PARSERS.challenge,
      COMPARE_DEFAULTS.challenge,
    )
    .option(
      '--tn <T>',
      'Ring and Skill: the target number of successes',
      integerFlag(1, RING_SKILL_LIMITS.tn),
      COMPARE_DEFAULTS.tn,
    )
    .option(
      '--span <n>',
      'points of competence shown on each side of ordinary',
      integerFlag(1, MAX_SPAN),
      COMPARE_DEFAULTS.span,
    )
    .addOption(
      choicesOption(
        '--pool <rule>',
        "Zi'Dara: natural = the steps as dice with no split (5 steps: d10); best = the one-intent legal pool that wins most",
        POOL_RULES,
      ).default(COMPARE_DEFAULTS.pool as PoolRule),
    );
  addOutputOptions(command, 'compare')
    .addHelpText(
      'after',
      `
Ordinary competence (position 0), and one point of competence in each system:
  Zi'Dara         5 steps (d10) against the Challenge; a point is a step
  d12 action      a safe roll at proficiency 7 (rating + capacity), no tokens; a point of proficiency
  2d6 + tags      2d6+1 (one tag); a tag
  d6 pool         stat 3 (stats 1-4 only); a die
  Ring and Skill  ring 2 + skill 1 against the TN; a die (a skill rank, then a ring point)
Bands: full success / partial / failure. Partial is 2d6's cost (7-9), the d6 pool's mixed
(one hit) and a Zi'Dara win paid for with Aura (a +2 or a bought tie) or Resolve; a d12
safe roll and a Ring and Skill check have none (criticals count with their success or failure).
Zi'Dara uses the rules page's character: ${describeSetup({})}.

Examples:
  dicelab compare                          Zi'Dara vs C3, Ring and Skill vs TN 2
  dicelab compare --vs 4 --tn 3 --span 3   a harder Challenge and TN, three points each side
  dicelab compare --format csv > compare.csv
  dicelab compare --out reports/compare    also the chart (compare.svg, .png, .vl.json) and CSV`,
    )
    .action(async (flags) => {
      const name = 'compare';
      // Written after the analysis: a folder in the place of one of the chart's files is refused now.
      if (flags.out !== undefined)
        await checkWritable(
          { flag: '--out', given: flags.out, names: 'folder' },
          Object.values(chartFileNames(name)),
        );
      // On the analyses' worker thread, as every analysis: Ctrl-C or SIGTERM stops it at once.
      const output = await runFlagged({
        analysis: 'compare-systems',
        name,
        options: {
          challenge: flags.vs,
          tn: flags.tn,
          span: flags.span,
          pool: flags.pool as PoolRule,
        },
      });
      await emit(output, { format: flags.format as OutputFormat, out: flags.out });
    });
}
