import { type Command, Option, type OptionValues } from '@commander-js/extra-typings';
import { invalid } from '../input-error.ts';
import { POLICIES, type Policy, type RerollKinds } from '../systems/zidara/engine/roll-solver.ts';
import { ROLL_LIMITS } from '../systems/zidara/roll/spec.ts';
import { REROLL_KINDS, type RollSetup } from '../systems/zidara/roll/split-roll.ts';
import { integerFlag, numberFlag } from './flags.ts';

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
    .option('--aura <n>', 'Aura at the start (default: full, --aura-max)', integerFlag(0, 20))
    .option(
      '--aura-max <n>',
      'most Aura a character holds (gains past it are shared)',
      integerFlag(0, 20),
      5,
    )
    .option(
      '--boosts <n>',
      "the archetype's +2s allowed a roll (0: an archetype without one)",
      integerFlag(0, 10),
      1,
    )
    .option(
      '--defending',
      "the rules' defence model (tieBreak false): ties cannot be bought and count against the dice rolled; roll a blow's die against your Armour die as --vs, and the win chance is the chance the blow lands",
    )
    .option('--explode', 'Warrior: a top face rolls again and adds')
    .option('--explode-depth <n>', 'most extra rolls per exploding die', integerFlag(0, 100), 20)
    .option(
      '--late-aura',
      "Aura from a roll's top faces arrives only after it (auraGainUsableSameRoll false)",
    )
    .option(
      '--aura-value <x>',
      'worth of each Aura left at the end, in intents, for the play',
      numberFlag(0, ROLL_LIMITS.value),
      0,
    )
    .option(
      '--resolve-value <x>',
      'worth of each Resolve left at the end, in intents, for the play',
      numberFlag(0, ROLL_LIMITS.value),
      0,
    );
}

/** `--policy`: the engine's optimum or a simple named policy. */
export function addPolicyOption<
  A extends unknown[],
  O extends OptionValues,
  G extends OptionValues,
>(command: Command<A, O, G>) {
  return command.addOption(
    new Option('--policy <policy>', 'who decides: the optimum, or a simple named policy')
      .choices(POLICIES)
      .default('optimal' as Policy),
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
      .default('any' as RerollKinds),
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
export function characterSetup(flags: CharacterFlags): RollSetup {
  if (flags.aura !== undefined && flags.aura > flags.auraMax) {
    throw invalid('--aura', flags.aura, `an integer from 0 to --aura-max (${flags.auraMax})`);
  }
  return {
    ...(flags.aura === undefined ? {} : { aura: flags.aura }),
    auraMax: flags.auraMax,
    boostsPerRoll: flags.boosts,
    tieBreak: !flags.defending,
    explode: Boolean(flags.explode),
    explodeDepth: flags.explodeDepth,
    auraGainUsableSameRoll: !flags.lateAura,
    auraValue: flags.auraValue,
    resolveValue: flags.resolveValue,
    ...(flags.resolve === undefined ? {} : { resolve: flags.resolve }),
    ...(flags.policy === undefined ? {} : { policy: flags.policy as Policy }),
    ...(flags.rerolls === undefined ? {} : { rerolls: flags.rerolls as RerollKinds }),
  };
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
