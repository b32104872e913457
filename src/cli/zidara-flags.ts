import { type Command, Option, type OptionValues } from '@commander-js/extra-typings';
import { InputError, invalid } from '../input/input-error.ts';
import {
  PLAY_DEFAULTS,
  POLICIES,
  type Policy,
  REROLL_KINDS,
  type RerollKinds,
} from '../systems/zidara/engine/roll-play.ts';
import {
  FIGHT_DEFAULTS,
  FIGHT_LIMITS,
  FIGHT_POLICIES,
  type FightPolicy,
} from '../systems/zidara/fight/fight.ts';
import {
  flagAttribute,
  RULE_OPTION_NAMES,
  RULE_OPTIONS,
  type RuleOption,
  type RuleOptionName,
  type RuleOptionValues,
  type RuleVariantName,
  ruleOption,
  unreadOption,
} from '../systems/zidara/roll/rule-options.ts';
import { ROLL_LIMITS } from '../systems/zidara/roll/spec.ts';
import { characterSetup, type RollSetup } from '../systems/zidara/roll/split-roll.ts';
import { choicesOption, integerFlag, numberFlag, rangeText } from './flags.ts';
import { flagError } from './spec-file.ts';

const RESOLVE = RULE_OPTIONS.resolve;

/** Parsers of the numbers the zidara commands read, each within its rule's bounds (one statement). */
export const FLAG_PARSERS = {
  challenge: integerFlag(1, ROLL_LIMITS.challenge),
  steps: integerFlag(1, ROLL_LIMITS.steps),
  actions: integerFlag(1, ROLL_LIMITS.actions),
  resolve: integerFlag(0, ROLL_LIMITS.resolve),
  fightSteps: integerFlag(1, FIGHT_LIMITS.steps),
  fightActions: integerFlag(1, FIGHT_LIMITS.actions),
  tags: integerFlag(1, FIGHT_LIMITS.tags),
  maxRounds: integerFlag(1, FIGHT_LIMITS.maxRounds),
} as const;

/** The options the character flags set: every rule option but Resolve (a roll's play flag). */
const CHARACTER_OPTIONS = RULE_OPTION_NAMES.filter((name) => !ruleOption(name).flag.play);

/** The parsed character flags, by each option's flag attribute. */
type CharacterFlagValues = {
  aura?: number | undefined;
  auraMax: number;
  boosts: number;
  defending?: true | undefined;
  explode?: true | undefined;
  explodeDepth: number;
  lateAura?: true | undefined;
  auraValue: number;
  resolveValue: number;
} & {
  // A rule variant's flag is its field in kebab-case: its attribute is the field.
  [K in RuleVariantName]?:
    | RuleOptionValues[K]
    | (RuleOptionValues[K] extends boolean ? undefined : never);
};

/**
 * A rule option's flag help with what its declaration allows: a number's limits, and the flag
 * it is read only with ("most extra rolls per exploding die, 0 to 100, only with --explode").
 */
function ruleFlagHelp(option: RuleOption): string {
  let help = option.flag.help;
  // Where the range reads best, before "only with …" (see describeRanges).
  if (option.type === 'integer' || option.type === 'number')
    help += `, ${rangeText(option.min, option.max)}`;
  const w = option.onlyWith;
  const other = w && ruleOption(w.other as RuleOptionName);
  // A switch sets the opposite of its option's default: "with --explode" is explode true.
  if (other?.type === 'flag' && other.default !== w?.otherValue)
    help += `, only with ${other.flag.name}`;
  return help;
}

/** The commander option of a rule option's flag: a switch, or a value within its limits. */
function ruleFlag(option: RuleOption): Option {
  const help = ruleFlagHelp(option);
  switch (option.type) {
    case 'flag':
      return new Option(option.flag.name, help);
    case 'integer':
      return new Option(`${option.flag.name} <n>`, help)
        .argParser(integerFlag(option.min, option.max))
        .default(option.default);
    case 'number':
      return new Option(`${option.flag.name} <x>`, help)
        .argParser(numberFlag(option.min, option.max))
        .default(option.default);
    case 'choice':
      return choicesOption(
        `${option.flag.name} <${option.choices.join('|')}>`,
        help,
        option.choices,
      ).default(option.default);
  }
}

/**
 * The flags that describe a Zi'Dara character's situation, shared by every `dicelab zidara`
 * command: Aura (at the start, unless `auraHelp` says otherwise), then every rule option but Resolve (see `RULE_OPTIONS`: Aura
 * cap, the archetype, ties, Warrior, late Aura, worth of Aura and Resolve, rule variants).
 * Defaults are the rules page's.
 */
export function addCharacterOptions<
  A extends unknown[],
  O extends OptionValues,
  G extends OptionValues,
>(
  command: Command<A, O, G>,
  /** What `--aura` is to the command: Aura at the roll's start, unless it says otherwise. */
  auraHelp = 'Aura at the start, at most --aura-max (default: full)',
): Command<A, O & CharacterFlagValues, G> {
  command.option('--aura <n>', auraHelp, integerFlag(0, ROLL_LIMITS.auraMax));
  for (const name of CHARACTER_OPTIONS) command.addOption(ruleFlag(ruleOption(name)));
  // A flag typed is refused without the flag it is read only with, even at its default value
  // (--explode-depth 20 alone), which the parsed values cannot tell from a flag left out.
  command.hook('preAction', (self) => {
    refuseUnreadFlag(self.opts(), (attribute) => self.getOptionValueSource(attribute) === 'cli');
  });
  return command as unknown as Command<A, O & CharacterFlagValues, G>;
}

/**
 * `--resolve`, `--policy` and `--rerolls`: the Resolve one roll may spend, who decides (the
 * optimum or a simple named policy) and the kinds of reroll the optimum may use.
 */
export function addPlayOptions<A extends unknown[], O extends OptionValues, G extends OptionValues>(
  command: Command<A, O, G>,
) {
  return addRerollsOption(
    command
      .option(
        `${RESOLVE.flag.name} <n>` as const,
        ruleFlagHelp(RESOLVE),
        FLAG_PARSERS.resolve,
        RESOLVE.default,
      )
      .addOption(
        choicesOption(
          '--policy <policy>',
          'who decides: the optimum, or a simple named policy',
          POLICIES,
        ).default(PLAY_DEFAULTS.policy as Policy),
      ),
  );
}

/** `--rerolls`: the kinds of reroll the optimal policy may use. */
export function addRerollsOption<
  A extends unknown[],
  O extends OptionValues,
  G extends OptionValues,
>(command: Command<A, O, G>) {
  return command.addOption(
    choicesOption('--rerolls <kinds>', 'rerolls the optimal policy may use', REROLL_KINDS).default(
      PLAY_DEFAULTS.rerolls as RerollKinds,
    ),
  );
}

/** The parsed character flags (plus, where a command has them, Resolve and the policy). */
export type CharacterFlags = Partial<CharacterFlagValues> & {
  resolve?: number | undefined;
  policy?: string | undefined;
  rerolls?: string | undefined;
};

/**
 * The flags as the roll options of the rules page (absent `aura`: full), checked across flags
 * so the message names the flag. Each rule option is read from its flag's attribute; a switch
 * sets the opposite of the option's default (`--defending`: the defence model).
 */
export function flagsSetup(flags: CharacterFlags): RollSetup {
  // A named policy rerolls by its own rule, so a --rerolls beside it would be ignored.
  const policy = flags.policy ?? PLAY_DEFAULTS.policy;
  if (policy !== 'optimal' && (flags.rerolls ?? PLAY_DEFAULTS.rerolls) !== PLAY_DEFAULTS.rerolls)
    throw invalid(
      '--rerolls',
      flags.rerolls,
      `it only with --policy optimal (the ${policy} policy ${policy === 'greedy' ? 'rerolls every die of a roll that fails' : 'never rerolls'})`,
    );
  refuseUnreadFlag(flags);
  return characterSetup(
    {
      ...characterOptions(flags),
      aura: flags.aura,
      defending: flags.defending,
      resolve: flags.resolve,
      policy: flags.policy as Policy | undefined,
      rerolls: flags.rerolls as RerollKinds | undefined,
    },
    { aura: '--aura', auraMax: '--aura-max', field: (field) => FLAG_OF_FIELD[field] ?? field },
  );
}

/**
 * The rule options the character flags set, by field (every one but Resolve and `tieBreak`, the
 * defence model): each read from its flag's attribute, a switch setting the opposite of the
 * option's default.
 */
function characterOptions(flags: CharacterFlags): Record<string, unknown> {
  const given = flags as Readonly<Record<string, unknown>>;
  const options: Record<string, unknown> = {};
  for (const name of CHARACTER_OPTIONS) {
    const option = ruleOption(name);
    if (name === 'tieBreak') continue; // `--defending`: the defence model, in characterSetup
    const value = given[flagAttribute(option)];
    options[name] = option.type === 'flag' ? (value ? !option.default : option.default) : value;
  }
  return options;
}

/**
 * Refuses a flag read only with another (--explode-depth with --explode), which would be ignored
 * without it: set to a value of its own, or at any value when `typed` says so of its attribute
 * (the user typed it: `--explode-depth 20` alone too; see `unreadOption`).
 * @throws InputError naming the flag.
 */
export function refuseUnreadFlag(
  flags: CharacterFlags,
  typed?: (attribute: string) => boolean,
): void {
  const options = characterOptions(flags);
  const unread = unreadOption(
    options,
    typed && ((field) => typed(flagAttribute(ruleOption(field)))),
  );
  if (!unread) return;
  const other = ruleOption(unread.other as RuleOptionName);
  // A switch sets the opposite of its option's default: naming it says the value.
  const otherFlag =
    other.type === 'flag' ? other.flag.name : `${other.flag.name} ${String(unread.otherValue)}`;
  throw invalid(
    ruleOption(unread.field).flag.name,
    options[unread.field],
    `it only with ${otherFlag} (${unread.because})`,
  );
}

/**
 * A refusal of the roll's dice or intents (fields `within`, "roll." for advise), which the dice
 * words typed became, said of those words as the notation's own refusals name them ("dice:
 * \"d8 area:d4 area:d4\" is not allowed (expected at most one area die a roll)"), not of the
 * spec's field and its JSON; any other error as it is.
 */
export function diceWordsError(error: unknown, words: readonly string[], within = ''): unknown {
  if (!(error instanceof InputError) || error.allowed === undefined) return error;
  const field = error.field?.slice(within.length);
  if (!error.field?.startsWith(within) || !/^(dice|intents)(\[|$)/.test(field ?? '')) return error;
  return invalid('dice', words.join(' '), error.allowed);
}

/**
 * Does the work on rolls; the engine's refusal of a roll given as flags names the flags that
 * lower it ("allow fewer or smaller +2s a roll (--boosts, --boost-size)", see `flagError`), a
 * file's rolls the file's fields.
 */
export async function inFlagWords<T>(
  options: { spec?: string | undefined },
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw options.spec === undefined ? flagError(error, FLAG_OF_FIELD) : error;
  }
}

/** Spec and option fields, and the flags that set them, for messages about flags. */
export const FLAG_OF_FIELD: Readonly<Record<string, string>> = {
  aura: '--aura',
  defending: '--defending',
  ...Object.fromEntries(RULE_OPTION_NAMES.map((name) => [name, ruleOption(name).flag.name])),
  titles: '--titles',
  tags: '--tags',
  challenge: '--vs',
  challenges: '--vs',
  steps: '--steps',
  actions: '--actions',
  maxRounds: '--max-rounds',
  fightPolicy: '--fight-policy',
  pool: '--pool',
  intents: '--intents',
  minorMaxSides: '--minor-max',
  stacks: '--stacks',
  splits: '--only',
  target: '--target',
};

/** `--fight-policy`, as `fight` and `fight-curves` take it: how every round of a fight is played. */
export function fightPolicyOption() {
  return choicesOption(
    '--fight-policy <policy>',
    "per-roll: each roll played for its own utility (the rules' default); whole-fight: every round played for P(win within --max-rounds)",
    FIGHT_POLICIES,
  ).default(FIGHT_DEFAULTS.fightPolicy as FightPolicy);
}
