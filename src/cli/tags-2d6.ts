import { type Command, Option, type OptionValues } from '@commander-js/extra-typings';
import { countOf } from '../format/format-count.ts';
import { formatFraction } from '../format/format-fraction.ts';
import { formatProbability } from '../format/format-probability.ts';
import { WORTH_LIMIT } from '../input/field-schemas.ts';
import { rollModifier, type Tags2d6Result, tags2d6Odds } from '../systems/tags-2d6/exact.ts';
import type { Tags2d6Simulation } from '../systems/tags-2d6/simulate.ts';
import {
  ITEM_ROLES,
  MAX_TAGS,
  parseTags2d6Spec,
  TAGS_DEFAULTS,
  type Tags2d6Roll,
} from '../systems/tags-2d6/spec.ts';
import { choiceFlag, integerFlag, numberFlag } from './flags.ts';
import { oddsAndSimulate } from './odds-and-simulate.ts';
import { outcomeTable, simulatedTable, stoppedEarly } from './outcome-table.ts';
import { addSpecAndJsonOptions, givenFields } from './spec-file.ts';
import type { ProseLayout } from './terminal-prose.ts';

/** Spec fields and the flags that set them, for messages about flags. */
const FLAGS: Record<string, string> = {
  tags: '--tags',
  item: '--item',
  weakness: '--weakness',
  improvementValue: '--improvement-value',
  'bandValues.clean': '--clean-value',
  'bandValues.cost': '--cost-value',
  'bandValues.miss': '--miss-value',
};

interface RollFlags {
  tags?: number | undefined;
  item?: string | undefined;
  weakness?: true | undefined;
  improvementValue?: number | undefined;
  cleanValue?: number | undefined;
  costValue?: number | undefined;
  missValue?: number | undefined;
}

/** The options every tags-2d6 command shares. */
function rollOptions<
  Args extends unknown[],
  Opts extends OptionValues,
  Global extends OptionValues,
>(command: Command<Args, Opts, Global>) {
  const flags = command
    .option(
      '--tags <n>',
      `tags called, +1 each (default: ${TAGS_DEFAULTS.tags})`,
      integerFlag(0, MAX_TAGS),
    )
    .option(
      '--item <role>',
      `the one item: help (+1), hinder (-1) or none (default: ${TAGS_DEFAULTS.item})`,
      choiceFlag(ITEM_ROLES),
    )
    .option('--weakness', 'invoke a weakness: -1, and 1 improvement point')
    // What the bands are worth is read by odds alone. simulate keeps the flags out of its help
    // but takes them at their defaults (a command line written for odds, as a spec file that odds
    // echoes), refusing another value by why (see oddsOnly below), not as an unknown option.
    .addOption(
      worthOption(
        '--improvement-value <v>',
        `worth of an improvement point in band values (default: ${TAGS_DEFAULTS.improvementValue})`,
        command,
      ),
    )
    .addOption(
      worthOption(
        '--clean-value <v>',
        `worth of a clean success, 10+ (default: ${TAGS_DEFAULTS.bandValues.clean})`,
        command,
      ),
    )
    .addOption(
      worthOption(
        '--cost-value <v>',
        `worth of a success at a cost, 7-9 (default: ${TAGS_DEFAULTS.bandValues.cost})`,
        command,
      ),
    )
    .addOption(
      worthOption(
        '--miss-value <v>',
        `worth of a miss, 6 or less (default: ${TAGS_DEFAULTS.bandValues.miss})`,
        command,
      ),
    );
  return addSpecAndJsonOptions(flags);
}

/** A band worth's flag: in odds' help, hidden from simulate's, which reads no worth. */
function worthOption(
  flags: string,
  description: string,
  command: Command<unknown[], OptionValues, OptionValues>,
) {
  return new Option(flags, description)
    .argParser(numberFlag(-WORTH_LIMIT, WORTH_LIMIT))
    .hideHelp(command.name() === 'simulate');
}

function specFromFlags(o: RollFlags): Record<string, unknown> {
  const bands = { clean: o.cleanValue, cost: o.costValue, miss: o.missValue };
  return {
    tags: o.tags,
    item: o.item,
    weakness: o.weakness,
    improvementValue: o.improvementValue,
    bandValues: givenFields(bands),
  };
}

/** The tags-2d6 roll: its flags, and the spec they give. */
const TAGS_COMMANDS = oddsAndSimulate((command: Command) => rollOptions(command), {
  parse: parseTags2d6Spec,
  flags: FLAGS,
  fromFlags: specFromFlags,
});

/**
 * `dicelab tags-2d6 odds --tags N --item help|hinder|none [--weakness] [--improvement-value V]`
 * and `dicelab tags-2d6 simulate …`: 2d6 + tags + item − weakness, read as clean / cost / miss.
 */
export function registerTags2d6(program: Command) {
  const system = program
    .command('tags-2d6')
    .description('2d6 + tags + item - weakness: clean (10+), cost (7-9), miss (6-)');

  TAGS_COMMANDS.addOdds(system, {
    description: 'exact band chances, and whether invoking the weakness is worth its -1',
    result: tags2d6Odds,
    text: tagsText,
  });
  TAGS_COMMANDS.addSimulate(system, {
    description: 'Monte Carlo estimate of the band chances',
    kernel: 'systems/tags-2d6/simulate',
    oddsOnly: {
      // The fields that value the bands, read by odds' expected value and weakness verdict.
      defaults: {
        improvementValue: TAGS_DEFAULTS.improvementValue,
        bandValues: TAGS_DEFAULTS.bandValues,
      },
      because: 'simulate estimates how often each band comes up, not what it is worth',
    },
    text: (s: Tags2d6Simulation, prose) =>
      [
        ...prose([`${rollTitle(s.spec)}: ${countOf(s.trials, 'trial')}${stoppedEarly(s)}`]),
        simulatedTable(s.outcomes),
      ].join('\n'),
  });
}

function signed(n: number): string {
  return n >= 0 ? `+${n}` : `${n}`;
}

/** The roll as odds and simulate head it: its modifier, then what makes it up. */
function rollTitle(s: Tags2d6Roll): string {
  return (
    `2d6 ${signed(rollModifier(s))} (${s.tags} tag${s.tags === 1 ? '' : 's'}, item ${s.item}` +
    `${s.weakness ? ', weakness invoked' : ''})`
  );
}

function tagsText(r: Tags2d6Result, prose: ProseLayout): string {
  const s = r.spec;
  const title = rollTitle(s);
  const w = r.weakness;
  const verdict =
    w.verdict === 'invoke' ? 'worth it' : w.verdict === 'even' ? 'exactly even' : 'not worth it';
  return [
    ...prose([title]),
    outcomeTable(r.outcomes),
    ...prose([
      `Improvement points earned: ${r.improvementPoints}. Expected value (bands ${s.bandValues.clean}/${s.bandValues.cost}/${s.bandValues.miss}, improvement point ${s.improvementValue}): ${formatProbability(r.expectedUtility)}.`,
      `Invoking the weakness is ${verdict} at ${w.improvementValue} per improvement point: the -1 costs ${formatProbability(w.breakEven)} in band value (the break-even improvement value), so the value goes from ${formatProbability(w.valueWithout)} to ${formatProbability(w.valueWith)} (${w.gain >= 0 ? '+' : ''}${formatProbability(w.gain)}, exactly ${formatFraction(w.gainFraction)}).`,
    ]),
  ].join('\n');
}
