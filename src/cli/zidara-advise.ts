import { type Command, Option, type OptionValues } from '@commander-js/extra-typings';
import { formatPercent } from '../format/format-percent.ts';
import { InputError, invalid, missing } from '../input/input-error.ts';
import { formatTable } from '../report/table.ts';
import { describeSetup } from '../report/zidara/describe-setup.ts';
import {
  type Advice,
  type AdviceRequest,
  type AdvisedAction,
  actionName,
  adviceSentence,
  advise,
  parseAdviceRequest,
  spendsSentence,
} from '../systems/zidara/engine/advise.ts';
import { utilityIsWins } from '../systems/zidara/engine/roll-play.ts';
import { describeDice, parseIntents, threatLetter } from '../systems/zidara/roll/notation.ts';
import { challengeDie } from '../systems/zidara/roll/pool.ts';
import { ROLL_LIMITS } from '../systems/zidara/roll/spec.ts';
import { integerFlag, sameRange } from './flags.ts';
import { printResults, specOption, specsFromOptions } from './spec-file.ts';
import type { ProseLayout } from './terminal-prose.ts';
import {
  addCharacterOptions,
  type CharacterFlags,
  diceWordsError,
  FLAG_OF_FIELD,
  FLAG_PARSERS,
  flagsSetup,
  inFlagWords,
} from './zidara-flags.ts';

const ADVISE_HELP = `
Dice with faces (one word per intent, as for odds, each die with the face it shows):
  d8=3           a d8 showing 3 on its own intent
  d6=3+d4=5      two dice on one intent (advantage); also 2d6=3,5
  d4@B=4         aimed at the second threat; faces may also close a word: d6+d4@A=3,5
  area:d4=2      the Elementalist's area die showing 2
  With --explode a face is the die's chain total (a d6 that rolled 6 then 2 shows 8).

The state is what you hold now: --aura is your Aura with the shown dice's top faces already
counted (capped), --resolve the Resolve left, --defence the face each threat's Challenge die
shows (repeat it for a second threat, in @A, @B order). --vs is optional: the advice depends
on the faces alone, and --vs only checks that each --defence fits its die.
With --late-aura, spends use the Aura held at the roll's start (--aura), and --aura-pending
gives the top faces rolled so far this roll, rerolled dice included (it cannot be read off
the dice on the table): they arrive after the roll.

Every legal action is listed, best first: stop (then the Aura spends it makes: which +2 and
which tie payments), and while the roll has failed and Resolve is left, reroll all dice or one
die. "intents won" is the expected number of intents won under the same optimal play after the
action; when intents are weighed (*w) or Aura or Resolve left are worth something
(--aura-value, --resolve-value), the play maximises the expected utility, shown beside it.

Examples:
  dicelab zidara advise d8=3 d4=4 --vs 4 --defence 5 --aura 3 --resolve 1
  dicelab zidara advise d8=3 d4@B=4 --defence 5 --defence 3 --aura 2 --resolve 1
  dicelab zidara advise --spec states.json --json
  (a spec file holds { "roll": <roll spec>, "shown": [faces], "defence": [D per threat] },
   or an array of them; with late Aura also "auraPending")
`;

/** `dicelab zidara advise`: the decision in a rolled state, every legal action valued. */
export function registerZidaraAdvise<Z extends Command<[], OptionValues, OptionValues>>(
  zidara: Z,
): Z {
  const command = addCharacterOptions(
    zidara
      .command('advise')
      .description(
        'mid-roll advice: stop, reroll one die or reroll all? every legal action in a rolled state, valued exactly',
      )
      .argument('[dice...]', 'dice with the faces they show, per intent, e.g. d8=3 d4@B=4'),
    "Aura held now, the shown dice's top faces counted (with --late-aura: at the roll's start), at most --aura-max (default: full)",
  )
    .addOption(
      // No default: with no --spec one is required, which its help says (not "default: none").
      new Option(
        '--defence <D>',
        `the face a threat's Challenge die shows, 1 to ${challengeDie(ROLL_LIMITS.challenge)}; repeat for each threat, in order (required, unless --spec)`,
      ).argParser(collect(integerFlag(1, challengeDie(ROLL_LIMITS.challenge)))),
    )
    .addOption(
      new Option(
        '--vs <challenge>',
        "a threat's Challenge C (optional: it only bounds --defence); repeat like --defence",
      )
        .argParser(collect(FLAG_PARSERS.challenge))
        .default([] as number[], 'none'),
    )
    .option('--resolve <n>', `Resolve left, 0 to ${ROLL_LIMITS.resolve}`, FLAG_PARSERS.resolve, 0)
    .option(
      '--aura-pending <n>',
      'with --late-aura: top faces rolled so far this roll (their Aura arrives after it)',
      integerFlag(0),
    );
  command
    .addOption(
      specOption(command, 'rolled states as JSON or YAML: one object, or an array of them'),
    )
    .option('--json', 'machine-readable output (one object, or an array for an array of states)')
    .addHelpText('after', ADVISE_HELP)
    .action(async (words, options) => {
      const { specs, many } = await requestsFromOptions(words, options);
      await inFlagWords(options, () =>
        printResults(specs, many, options.json, advise, (advice, request, prose) =>
          formatAdvice(request, advice, prose),
        ),
      );
    });
  return zidara;
}

function collect(parse: (raw: string) => number) {
  return sameRange(parse, (raw: string, previous: number[] | undefined) => [
    ...(previous ?? []),
    parse(raw),
  ]);
}

type AdviseFlags = CharacterFlags & {
  defence?: number[] | undefined;
  vs: number[];
  resolve: number;
  auraPending?: number | undefined;
  spec?: string | undefined;
};

async function requestsFromOptions(
  words: string[],
  options: AdviseFlags,
): Promise<{ specs: AdviceRequest[]; many: boolean }> {
  if (options.spec !== undefined) {
    if (words.length > 0 || options.defence !== undefined)
      throw new InputError('--spec: give a spec file or dice with --defence, not both');
    return specsFromOptions(options, {
      parse: parseAdviceRequest,
      flags: {},
      fromFlags: () => ({}),
    });
  }
  return { specs: [requestFromFlags(words, options)], many: false };
}

/** One request from the flags; a bad field is reported as the flag (or the dice word) that set it. */
function requestFromFlags(words: string[], options: AdviseFlags): AdviceRequest {
  if (words.length === 0)
    throw missing('dice', 'dice with their faces such as d8=3 d4=4, or --spec FILE');
  const { defence } = options;
  if (defence === undefined)
    throw missing('--defence', 'the face the Challenge die shows, e.g. --defence 5');
  if (options.vs.length > 0 && options.vs.length !== defence.length)
    throw invalid(
      '--vs',
      options.vs.join(', '),
      `one Challenge per --defence (${defence.length}), or none`,
    );
  // Said by the flags: the request's check names its fields (roll.aura, auraPending).
  if (options.auraPending !== undefined && !options.lateAura)
    throw invalid(
      '--aura-pending',
      options.auraPending,
      "it only with --late-aura (without it, a top face's Aura is usable in the same roll: count it in --aura)",
    );
  const { shown, ...dice } = parseIntents(words, defence.length, 'each', '--defence');
  const { rerolls: _rerolls, policy: _policy, resolve: _resolve, ...setup } = flagsSetup(options);
  // With no --vs, the smallest Challenge whose die can show each D: the advice depends on D alone.
  const threats = defence.map((d, t) => ({
    challenge: options.vs[t] ?? Math.ceil(d / 2),
  }));
  const request = {
    roll: { ...setup, ...dice, threats, resolve: options.resolve },
    shown,
    defence,
    ...(options.auraPending === undefined ? {} : { auraPending: options.auraPending }),
  };
  try {
    return parseAdviceRequest(request);
  } catch (error) {
    throw reworded(error, words, dice.dice);
  }
}

/** An InputError about a request field, reworded to name the flag or the dice word that set it. */
function reworded(
  error: unknown,
  words: readonly string[],
  dice: readonly ({ intent: number } | { area: true })[],
): unknown {
  if (!(error instanceof InputError) || error.field === undefined) return error;
  const field = error.field;
  const typed = diceWordsError(error, words, 'roll.');
  if (typed !== error) return typed;
  const die = /^shown\[(\d+)\]$/.exec(field);
  let name: string | undefined;
  if (die) {
    const d = dice[Number(die[1])]!;
    const word =
      'area' in d
        ? words.find((w) => /^area:/i.test(w))
        : words.filter((w) => !/^area:/i.test(w))[d.intent];
    name = `dice ${JSON.stringify(word)}`;
  } else if (/^defence(\[\d+\])?$/.test(field)) name = '--defence';
  else if (/^roll\.threats\[\d+\]\.challenge$/.test(field)) name = '--vs';
  else if (field === 'auraPending') name = '--aura-pending';
  else if (field.startsWith('roll.')) name = FLAG_OF_FIELD[field.slice('roll.'.length)];
  if (!name) return error;
  return new InputError(error.message.replace(/^[^:]+:/, `${name}:`), name);
}

/**
 * Advice for people: the state, a table of every legal action best first, the sentence; `prose`
 * lays out the lines that are not the table's.
 */
function formatAdvice(request: AdviceRequest, advice: Advice, prose: ProseLayout): string {
  const { roll, shown, defence } = request;
  const wins = utilityIsWins(roll);
  const against =
    defence.length === 1
      ? `the Challenge die showing ${defence[0]}`
      : defence.map((d, t) => `${threatLetter(t)} showing ${d}`).join(', ');
  const faces = roll.dice.map((die, j) => `${die.area ? 'area ' : ''}d${die.sides} ${shown[j]}`);
  const header = prose([
    `${describeDice(roll)}  against  ${against}`,
    `shown: ${faces.join(', ')}; ${describeSetup(roll)}${
      request.auraPending === undefined ? '' : ` · ${request.auraPending} top faces pending`
    }`,
  ]);
  type Row = { action: string; utility: number; wins: number; all: number; spends: string };
  const rows: Row[] = advice.actions.map((a: AdvisedAction) => ({
    action: actionName(request, a),
    utility: a.expectedUtility,
    wins: a.expectedWins,
    all: a.pAllWin,
    spends: a.action === 'stop' ? spendsSentence(request, a.spends) || 'spend nothing' : '',
  }));
  const table = formatTable(
    [
      { key: 'action', header: 'action' },
      ...(wins
        ? []
        : [
            {
              key: 'utility' as const,
              header: 'expected utility',
              format: (x: number) => x.toFixed(4),
            },
          ]),
      { key: 'wins', header: 'intents won', format: (x: number) => x.toFixed(4) },
      { key: 'all', header: 'all won', format: (p: number) => formatPercent(p) },
      { key: 'spends', header: 'on stopping', align: 'left' },
    ],
    rows,
  );
  return [...header, '', table, '', ...prose([adviceSentence(request, advice)])].join('\n');
}
