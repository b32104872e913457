import { type Command, Option, type OptionValues } from '@commander-js/extra-typings';
import {
  PLAY_DEFAULTS,
  POLICIES,
  type Policy,
  REROLL_KINDS,
  type RerollKinds,
} from '../systems/zidara/engine/roll-solver.ts';
import { FIGHT_LIMITS } from '../systems/zidara/fight/fight.ts';
import { ROLL_DEFAULTS, ROLL_LIMITS } from '../systems/zidara/roll/spec.ts';
import { characterSetup, type RollSetup } from '../systems/zidara/roll/split-roll.ts';
import { integerFlag, numberFlag } from './flags.ts';

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

/**
 * The flags that describe a Zi'Dara character's situation, shared by every `dicelab zidara`
 * command: Aura and its cap, the archetype (+2s, exploding dice), ties, and what Aura and
 * Resolve left at the end are worth to the play. Defaults are the rules page's.
 */
export function addCharacterOptions<
  A extends unknown[],
  O extends OptionValues,
  G extends OptionValues,
>(command: Command<A, O, G>) {
  return command
    .option(
      '--aura <n>',
      'Aura at the start (default: full, --aura-max)',
      integerFlag(0, ROLL_LIMITS.auraMax),
    )
    .option(
      '--aura-max <n>',
      'most Aura a character holds (gains past it are shared)',
      integerFlag(0, ROLL_LIMITS.auraMax),
      ROLL_DEFAULTS.auraMax,
    )
    .option(
      '--boosts <n>',
      "the archetype's +2s allowed a roll (0: an archetype without one)",
      integerFlag(0, ROLL_LIMITS.boostsPerRoll),
      ROLL_DEFAULTS.boostsPerRoll,
    )
    .option(
      '--defending',
      "the rules' defence model (tieBreak false): ties cannot be bought and count against the dice rolled; roll a blow's die against your Armour die as --vs, and the win chance is the chance the blow lands",
    )
    .option('--explode', 'Warrior: a top face rolls again and adds')
    .option(
      '--explode-depth <n>',
      'most extra rolls per exploding die',
      integerFlag(0, ROLL_LIMITS.explodeDepth),
      ROLL_DEFAULTS.explodeDepth,
    )
    .option(
      '--late-aura',
      "Aura from a roll's top faces arrives only after it (auraGainUsableSameRoll false)",
    )
    .option(
      '--aura-value <x>',
      'worth of each Aura left at the end, in intents, for the play',
      numberFlag(0, ROLL_LIMITS.value),
      ROLL_DEFAULTS.auraValue,
    )
    .option(
      '--resolve-value <x>',
      'worth of each Resolve left at the end, in intents, for the play',
      numberFlag(0, ROLL_LIMITS.value),
      ROLL_DEFAULTS.resolveValue,
    );
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
        '--resolve <n>',
        'Resolve available for rerolls',
        FLAG_PARSERS.resolve,
        ROLL_DEFAULTS.resolve,
      )
      .addOption(
        new Option('--policy <policy>', 'who decides: the optimum, or a simple named policy')
          .choices(POLICIES)
          .default(PLAY_DEFAULTS.policy as Policy),
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
    new Option('--rerolls <kinds>', 'rerolls the optimal policy may use')
      .choices(REROLL_KINDS)
      .default(PLAY_DEFAULTS.rerolls as RerollKinds),
  );
}

/** The parsed character flags (plus, where a command has them, Resolve and the policy). */
export interface CharacterFlags {
  aura?: number | undefined;
  auraMax: number;
  boosts: number;
  defending?: true | undefined;
  explode?: true | undefined;
  explodeDepth: number;
  lateAura?: true | undefined;
  auraValue: number;
  resolveValue: number;
  resolve?: number | undefined;
  policy?: string | undefined;
  rerolls?: string | undefined;
}

/**
 * The flags as the roll options of the rules page (absent `aura`: full), checked across flags
 * so the message names the flag.
 */
export function flagsSetup(flags: CharacterFlags): RollSetup {
  return characterSetup(
    {
      aura: flags.aura,
      auraMax: flags.auraMax,
      boostsPerRoll: flags.boosts,
      defending: flags.defending,
      explode: Boolean(flags.explode),
      explodeDepth: flags.explodeDepth,
      auraGainUsableSameRoll: !flags.lateAura,
      auraValue: flags.auraValue,
      resolveValue: flags.resolveValue,
      resolve: flags.resolve,
      policy: flags.policy as Policy | undefined,
      rerolls: flags.rerolls as RerollKinds | undefined,
    },
    { aura: '--aura', auraMax: '--aura-max' },
  );
}

/** Spec and option fields, and the flags that set them, for messages about flags. */
export const FLAG_OF_FIELD: Readonly<Record<string, string>> = {
  aura: '--aura',
  auraMax: '--aura-max',
  boostsPerRoll: '--boosts',
  explodeDepth: '--explode-depth',
  auraValue: '--aura-value',
  resolveValue: '--resolve-value',
  resolve: '--resolve',
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
  stacks: '--stacks',
  splits: '--compare',
  target: '--target',
};
