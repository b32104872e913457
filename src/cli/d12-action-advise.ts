import type { Command } from '@commander-js/extra-typings';
import { formatFraction } from '../format/format-fraction.ts';
import { formatProbability } from '../format/format-probability.ts';
import { invalid, missing } from '../input/input-error.ts';
import {
  type D12Action,
  type D12Advice,
  d12Advice,
  parseD12AdviceRequest,
} from '../systems/d12-action/advise.ts';
import { CAPACITY_HELP, FLAGS, rollOptions, specFromFlags, supporterText } from './d12-action.ts';
import { faceListFlag } from './flags.ts';
import { rankedTable } from './outcome-table.ts';
import { adviceReader, printSpecResults } from './spec-file.ts';
import type { ProseLayout } from './terminal-prose.ts';

const HELP = `
A stacked roll rolls rating + 2 d12 one at a time and keeps one. Give --rolled the dice so far
in order, the last being the one in front of you (e.g. --rolled 9,4: the 9 was passed, the 4 is
showing). --tokens is the balance tokens you hold; each lowers the kept die by 1.
--spec FILE takes { "check": <a stacked roll as for odds --spec>, "rolled": [faces] }, or an
array of them; --json prints { best, actions: [{ action: keep|roll, spend, outcome,
expectedUtility, expectedUtilityFraction }] } per object.`;

/**
 * `dicelab d12-action advise --rating R --capacity C --tokens T --rolled 9,4 [--json]` and
 * `dicelab d12-action advise --spec FILE --json`: keep the die in front of you (spending how many
 * balance tokens) or roll the next, by the stopping rule `odds` plays.
 */
export function registerD12ActionAdvise(system: Command) {
  const advise = rollOptions(
    system
      .command('advise')
      .description('a stacked roll in progress: keep this die (and spend tokens) or roll the next')
      .option(
        '--rolled <list>',
        'the dice rolled so far, in order, 1 to 12 each, e.g. 9,4 (the 4 showing)',
        faceListFlag('d12 faces from 1 to 12, comma-separated, e.g. 9,4'),
      ),
  ).addHelpText('after', HELP);
  // Advice is for a stacked roll alone: the roll's kind and a group's supporters are not asked,
  // so the help leaves them out, and --capacity's the capacity roll; given, they are refused
  // below, as flags of another command (--roll stacked too, which would change nothing).
  for (const option of advise.options)
    if (option.long === '--roll' || option.long === '--supporter') option.hideHelp();
    else if (option.long === '--capacity') option.description = CAPACITY_HELP;
  advise.action(async (options) => {
    if (options.roll !== undefined)
      throw invalid(
        '--roll',
        options.roll,
        'no --roll: advise is for a stacked roll alone (odds and simulate take --roll)',
      );
    if (options.supporter !== undefined)
      throw invalid(
        '--supporter',
        options.supporter.map(supporterText).join(' '),
        'no --supporter: advise is for a stacked roll, and supporters help a group roll (odds and simulate take --supporter)',
      );
    const read = adviceReader(parseD12AdviceRequest, FLAGS, { rolled: '--rolled' }, () => {
      if (options.rolled === undefined)
        throw missing(
          '--rolled',
          'the dice rolled so far, in order, such as 9,4 (the 4 showing), or --spec FILE',
        );
      return {
        check: { ...specFromFlags(options), roll: 'stacked' },
        shown: { rolled: options.rolled },
      };
    });
    await printSpecResults(
      options,
      read,
      (r) => d12Advice(r),
      (advice, _, prose) => adviceText(advice, prose),
    );
  });
  return system;
}

function actionWords(a: D12Action, advice: D12Advice): string {
  const die = advice.rolled[advice.rolled.length - 1]!;
  if (a.action === 'roll') return `roll the next die (${a.diceLeft} left)`;
  if (a.spend === 0) return `keep the ${die} (${a.outcome})`;
  return `keep the ${die}, spending ${a.spend} token${a.spend === 1 ? '' : 's'} to make it ${die - a.spend} (${a.outcome})`;
}

/**
 * "Keep the 4, spending 1 token to make it 3 (success): expected utility 0.9500.", its figure as
 * the table below it and `odds` show expected utility (`formatProbability`).
 */
export function adviceSentence(advice: D12Advice): string {
  const words = actionWords(advice.best, advice);
  return `${words[0]!.toUpperCase()}${words.slice(1)}: expected utility ${formatProbability(advice.best.expectedUtility)}.`;
}

function adviceText(advice: D12Advice, prose: ProseLayout): string {
  const c = advice.check;
  return [
    ...prose([
      `stacked roll, rating ${c.rating} (${advice.dice} dice), capacity ${c.capacity}, ${c.tokens} token${c.tokens === 1 ? '' : 's'} held; rolled ${advice.rolled.join(', ')} (die ${advice.rolled.length} of ${advice.dice})`,
      adviceSentence(advice),
    ]),
    '',
    rankedTable(
      [
        { key: 'what', header: 'action' },
        { key: 'value', header: 'expected utility' },
        { key: 'fraction', header: 'exactly' },
      ],
      advice.actions.map((a) => ({
        what: actionWords(a, advice),
        value: formatProbability(a.expectedUtility),
        fraction: formatFraction(a.expectedUtilityFraction),
      })),
    ),
  ].join('\n');
}
