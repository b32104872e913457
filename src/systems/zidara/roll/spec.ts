import { z } from '#zod';
import { integer, number } from '../../../input/field-schemas.ts';
import { InputError, invalid, missing } from '../../../input/input-error.ts';
import { integerAtLeastText, integerText } from '../../../input/integer-text.ts';
import { parseSpec } from '../../../input/issue-messages.ts';
import { DIE_SIDES } from './pool.ts';
import { acceptsRollSpec } from './roll-spec-check.ts';
import {
  OPTION_LIMITS,
  type PlacedIn,
  RULE_OPTION_DEFAULTS,
  RULE_OPTION_NAMES,
  RULE_OPTIONS,
  type RuleOption,
  type RuleOptionName,
  type RuleOptionSchemas,
  type RuleOptionValues,
  type RuleVariantName,
  refusedPair,
  ruleOptionSchema,
  unreadOption,
} from './rule-options.ts';

/** A roll spec as written in JSON (the oracle's `spec`): absent fields take the defaults below. */
export interface RollSpec
  extends Partial<{ -readonly [K in RuleOptionName]: RuleOptionValues[K] }> {
  threats: readonly { challenge: number; name?: string }[];
  dice: readonly DieSpec[];
  /** One entry per intent (intents are numbered 0..n−1 by the dice). */
  intents?: readonly { threat?: number; weight?: number; name?: string }[];
  /** Aura at the start of the roll; default `auraMax` (a scene starts full). */
  aura?: number;
}

/** A die of a roll spec: its sides and the intent it is on (numbered from 0), or the area die. */
export type DieSpec = { sides: number; intent: number } | { sides: number; area: true };

/** A validated roll with every option filled in (the rule options: see rule-options.ts). */
export interface Roll extends RuleOptionValues {
  readonly threats: readonly { readonly challenge: number; readonly name?: string }[];
  readonly dice: readonly RollDie[];
  readonly intents: readonly {
    readonly threat: number;
    readonly weight: number;
    readonly name?: string;
  }[];
  readonly aura: number;
}

/** A die of the pool: aimed at an intent, or (Elementalist) the area die with intent −1. */
export interface RollDie {
  readonly sides: number;
  readonly intent: number;
  readonly area: boolean;
}

/**
 * The rules page's defaults (`rules/zidara.md`): what a roll spec, a CLI flag or a scenario field
 * takes when it is left out, each declared with its option (`RULE_OPTIONS`). Flags, their help,
 * the scenario schema and the docs read these.
 */
export const ROLL_DEFAULTS = {
  ...RULE_OPTION_DEFAULTS,
  /** The threat an intent aims at (0: the first). */
  intentThreat: 0,
  /** An intent's weight in the utility play maximises. */
  intentWeight: 1,
} as const;

/**
 * Bounds that keep one exact solve interactive; larger rolls belong to the simulator. Steps and
 * actions are bounded by the dice: 6 steps fill a d12, so more than `6 × dice` steps cannot be
 * one exact roll, and an action beyond the dice adds no legal pool that fits.
 */
export const ROLL_LIMITS = {
  ...OPTION_LIMITS,
  /** Dice in one exact roll. */
  dice: 12,
  /** A threat's Challenge (C7 and up are designers' what-ifs). */
  challenge: 50,
  /** Steps in one roll: 12 d12s. */
  steps: 72,
  /** Actions in one roll. */
  actions: 12,
} as const;

/**
 * The roll options of the rules' defence model: the attacker's die must beat the defender's,
 * ties go to the defender and nobody buys them (`tieBreak` false). What `--defending` and a
 * scenario's `defending: true` set.
 */
export const DEFENDING = { tieBreak: false } as const;

/**
 * Checks the Aura a roll or a fight starts with against its cap. `field` is the field (or flag)
 * named in the message, `cap` the name of the cap there ("auraMax", "--aura-max").
 * @throws InputError naming the field, the value and the cap.
 * @example checkAura(6, 5, 'aura') // throws "aura: 6 is not allowed (expected at most auraMax (5): Aura past the cap is shared, never held)"
 */
export function checkAura(aura: unknown, auraMax: number, field: string, cap = 'auraMax'): number {
  if (typeof aura !== 'number' || !Number.isInteger(aura) || aura < 0)
    throw invalid(field, aura, integerText(0, `${cap} (${auraMax})`));
  if (aura > auraMax)
    throw invalid(
      field,
      aura,
      `at most ${cap} (${auraMax}): Aura past the cap is shared, never held`,
    );
  return aura;
}

/**
 * The zod schemas of a roll's options, with their bounds and defaults in words: roll specs are
 * validated with them, and a scenario's characters and fights say the same.
 */
export const ROLL_OPTION_SCHEMAS = Object.fromEntries(
  RULE_OPTION_NAMES.map((name) => [name, ruleOptionSchema(RULE_OPTIONS[name])]),
) as RuleOptionSchemas;

/**
 * The optional schemas of the options a scenario file holds in `placement` (a character or its
 * archetype), in their declared order: what the scenario schema spreads in.
 */
export function scenarioOptionSchemas<const P extends 'character' | 'archetype'>(
  placement: P,
): { [K in PlacedIn<P>]: z.ZodOptional<RuleOptionSchemas[K]> } {
  return Object.fromEntries(
    RULE_OPTION_NAMES.filter((name) => RULE_OPTIONS[name].scenario === placement).map((name) => [
      name,
      ROLL_OPTION_SCHEMAS[name].optional(),
    ]),
  ) as { [K in PlacedIn<P>]: z.ZodOptional<RuleOptionSchemas[K]> };
}

/** A roll spec's options beside its threats, dice and intents: what a character's setup sets. */
export const ROLL_OPTION_FIELDS = [
  'aura',
  ...RULE_OPTION_NAMES,
] as const satisfies readonly (keyof RollSpec)[];

/**
 * The zod schemas of a roll spec's options ({@link ROLL_OPTION_FIELDS}), each optional: what a
 * roll spec and an analysis' options check them with. `aura` is checked against its cap by
 * {@link parseRoll}, the cap being another field.
 */
export const ROLL_OPTION_SHAPE = {
  aura: z.unknown().optional(),
  ...(Object.fromEntries(
    Object.entries(ROLL_OPTION_SCHEMAS).map(([field, schema]) => [field, schema.optional()]),
  ) as {
    [F in keyof typeof ROLL_OPTION_SCHEMAS]: z.ZodOptional<(typeof ROLL_OPTION_SCHEMAS)[F]>;
  }),
} satisfies Record<(typeof ROLL_OPTION_FIELDS)[number], z.ZodType>;

/**
 * The zod schemas of the numbers that shape a roll, within {@link ROLL_LIMITS}: roll specs, the
 * analyses' options and the scenario schema check them alike.
 */
export const ROLL_SHAPE_SCHEMAS = {
  /** A die size. */
  sides: z.literal(DIE_SIDES, { error: `one of ${DIE_SIDES.join(', ')}` }),
  challenge: integer(1, ROLL_LIMITS.challenge),
  steps: integer(1, ROLL_LIMITS.steps),
  actions: integer(1, ROLL_LIMITS.actions),
  /** A number of dice, or of intents. */
  dice: integer(1, ROLL_LIMITS.dice),
  resolve: integer(0, ROLL_LIMITS.resolve),
  /** Challenges to face, one or more. */
  challenges: z
    .array(integer(1, ROLL_LIMITS.challenge, 'A Challenge.'), {
      error: `a list of Challenges (integers 1 to ${ROLL_LIMITS.challenge})`,
    })
    .min(1, { error: 'at least one Challenge' }),
} as const;
const dieSides = ROLL_SHAPE_SCHEMAS.sides;

/**
 * The shape of a roll spec; what ties its fields together is checked by {@link parseRoll}. It
 * leaves an accepted value as it is (no default, no transform): `scripts/roll-spec-check.ts`
 * compiles it into the check `parseRoll` tries first.
 */
export const rollSpecSchema = z.strictObject(
  {
    threats: z
      .array(
        z.strictObject(
          {
            challenge: ROLL_SHAPE_SCHEMAS.challenge,
            name: z.string({ error: 'a string' }).optional(),
          },
          { error: 'an object such as { "challenge": 3 }' },
        ),
        { error: 'a non-empty array of { "challenge": C }' },
      )
      .min(1, { error: 'a non-empty array of { "challenge": C }' }),
    dice: z
      .array(
        z.strictObject(
          {
            sides: dieSides,
            intent: integer(0, ROLL_LIMITS.dice - 1).optional(),
            area: z
              .literal(true, { error: 'true (or leave it out and give an intent)' })
              .optional(),
          },
          { error: 'a die such as { "sides": 8, "intent": 0 }' },
        ),
        { error: 'a non-empty array of dice such as { "sides": 8, "intent": 0 }' },
      )
      .min(1, { error: 'a non-empty array of dice such as { "sides": 8, "intent": 0 }' })
      .max(ROLL_LIMITS.dice, { error: `at most ${ROLL_LIMITS.dice} dice in one exact roll` }),
    intents: z
      .array(
        z.strictObject(
          {
            threat: z
              .number({ error: integerAtLeastText(0) })
              .int({ error: integerAtLeastText(0) })
              .min(0, { error: integerAtLeastText(0) })
              .optional(),
            weight: number(0, undefined, ROLL_LIMITS.value).optional(),
            name: z.string({ error: 'a string' }).optional(),
          },
          { error: 'an object such as { "threat": 0, "weight": 1 }' },
        ),
        { error: 'an array with one entry per intent, numbered by the dice' },
      )
      .optional(),
    ...ROLL_OPTION_SHAPE,
  },
  { error: 'an object' },
);

/**
 * Validates a roll spec (parsed JSON) and fills in the defaults. Throws an InputError naming the
 * field, the value and what is allowed; `where` prefixes field names (e.g. "specs[2].").
 * @example parseRoll({ threats: [{ challenge: 3 }], dice: [{ sides: 12, intent: 0 }] }).aura // 5
 */
export function parseRoll(input: unknown, where = ''): Roll {
  // zod walks a valid spec some 6× slower than the compiled check (a file of 3,500 specs: 100 ms
  // against 17, cold), so zod only speaks when the check refuses: its messages are the house's.
  const spec = acceptsRollSpec(input)
    ? (input as z.output<typeof rollSpecSchema>)
    : parseSpec(rollSpecSchema, input, where);
  const D = ROLL_DEFAULTS;
  // Indexed loops, no closures: a file of thousands of specs runs this cold, once each.
  const dice: RollDie[] = [];
  let areaDice = 0;
  let intentCount = 0;
  let aimedAt = 0; // bit i: some die aims at intent i (intents are below ROLL_LIMITS.dice ≤ 31)
  for (let i = 0; i < spec.dice.length; i++) {
    const die = spec.dice[i]!;
    if (die.area) {
      if (die.intent !== undefined)
        throw invalid(`${where}dice[${i}].intent`, die.intent, 'no intent on the area die');
      if (++areaDice > 1)
        throw invalid(`${where}dice[${i}].area`, true, 'at most one area die a roll');
      dice.push({ sides: die.sides, intent: -1, area: true });
      continue;
    }
    if (die.intent === undefined)
      throw missing(`${where}dice[${i}].intent`, integerText(0, ROLL_LIMITS.dice - 1));
    dice.push({ sides: die.sides, intent: die.intent, area: false });
    intentCount = Math.max(intentCount, die.intent + 1);
    aimedAt |= 1 << die.intent;
  }
  if (intentCount === 0)
    throw invalid(`${where}dice`, 'only an area die', 'at least one die with an intent');
  // Every intent aimed at, the common case, is told without making a list (a file of
  // thousands of specs reads each).
  const every = (1 << intentCount) - 1;
  if ((aimedAt & every) !== every) {
    const bare = Array.from({ length: intentCount }, (_, i) => i).filter(
      (i) => (aimedAt & (1 << i)) === 0,
    );
    // What was given, not a value: the intents it leaves without a die.
    const allowed = `every intent 0..${intentCount - 1} to have at least one die`;
    const run = bare.length > 1 && bare.at(-1)! - bare[0]! === bare.length - 1;
    const which =
      bare.length === 1
        ? `intent ${bare[0]} has no die`
        : `intents ${run ? `${bare[0]} to ${bare.at(-1)}` : bare.join(', ')} have no die`;
    throw new InputError(`${where}dice: ${which} (expected ${allowed})`, `${where}dice`, {
      allowed,
    });
  }

  const threats: Roll['threats'][number][] = [];
  for (let t = 0; t < spec.threats.length; t++) {
    const { challenge, name } = spec.threats[t]!;
    threats.push(threatOf(challenge, name));
  }
  const intents: Roll['intents'][number][] = [];
  if (spec.intents === undefined) {
    for (let i = 0; i < intentCount; i++)
      intents.push({ threat: D.intentThreat, weight: D.intentWeight });
  } else {
    if (spec.intents.length !== intentCount)
      throw invalid(
        `${where}intents`,
        spec.intents,
        `an array with one entry per intent (${intentCount}, numbered by the dice)`,
      );
    for (let i = 0; i < intentCount; i++) {
      const intent = spec.intents[i]!;
      const threat = intent.threat ?? D.intentThreat;
      if (threat >= threats.length)
        throw invalid(`${where}intents[${i}].threat`, threat, integerText(0, threats.length - 1));
      const weight = intent.weight ?? D.intentWeight;
      intents.push(
        intent.name === undefined ? { threat, weight } : { threat, weight, name: intent.name },
      );
    }
  }

  const auraMax = spec.auraMax ?? D.auraMax;
  const aura = spec.aura === undefined ? auraMax : checkAura(spec.aura, auraMax, `${where}aura`);
  const roll = assembleRoll(threats, dice, intents, aura, spec, D);
  const fields = roll as unknown as Readonly<Record<string, unknown>>;
  const refused = refusedPair(fields);
  if (refused)
    throw invalid(
      `${where}${refused.field}`,
      fields[refused.field],
      `${RULE_OPTIONS[refused.field].default} with ${refused.other} ${String(fields[refused.other])}: ${refused.because}`,
    );
  const unread = unreadOption(fields);
  if (unread)
    throw invalid(
      `${where}${unread.field}`,
      fields[unread.field],
      `it only with ${unread.other} ${String(unread.otherValue)} (${unread.because})`,
    );
  return roll;
}

/**
 * A roll like `roll` but for the threats' Challenges and the Resolve given (a solve's cover of
 * several rolls), made as {@link parseRoll} makes rolls. A spread would give the object another
 * hidden class, and the engine's compiled code would deoptimize on meeting both.
 */
export function rollWith(
  roll: Roll,
  changes: { readonly challenges?: readonly number[]; readonly resolve?: number },
): Roll {
  const { challenges } = changes;
  const threats = challenges
    ? roll.threats.map((threat, t) => threatOf(challenges[t]!, threat.name))
    : roll.threats;
  return assembleRoll(threats, roll.dice, roll.intents, roll.aura, changes, roll);
}

/**
 * A threat built as {@link parseRoll} builds it, so that {@link rollWith}'s threats share its
 * hidden classes.
 */
function threatOf(challenge: number, name: string | undefined): Roll['threats'][number] {
  return name === undefined ? { challenge } : { challenge, name };
}

/**
 * A roll object, its rule options taken from `options` or else `fallback`, always built in the
 * same order from the same literal, so that every roll shares one hidden class (see rollWith).
 * Indexed loops, no closures: a file of thousands of specs runs this cold, once each.
 */
function assembleRoll(
  threats: Roll['threats'],
  dice: Roll['dice'],
  intents: Roll['intents'],
  aura: number,
  options: Readonly<Partial<Record<RuleOptionName, unknown>>>,
  fallback: Readonly<Record<RuleOptionName, unknown>>,
): Roll {
  const roll: Record<string, unknown> = { threats, dice, intents, aura };
  for (let i = 0; i < RULE_OPTION_NAMES.length; i++) {
    const name = RULE_OPTION_NAMES[i]!;
    roll[name] = options[name] ?? fallback[name];
  }
  return roll as unknown as Roll;
}

/**
 * The roll back as a JSON spec with every rule option explicit (what `parseRoll` would read
 * back), but for rule variants at the rules page's value, which are left out (a spec of the
 * rules page reads as it always has) unless `variants` is `'all'`.
 * @throws InputError naming `roll` when it is not one parseRoll returned (a spec, say). O(1) more.
 */
export function rollToSpec(
  roll: Roll,
  { variants = 'changed' }: { readonly variants?: 'changed' | 'all' } = {},
): RollSpec & Required<Omit<RollSpec, RuleVariantName>> {
  const given = roll as Partial<Record<keyof Roll, unknown>> | null;
  if (
    !given ||
    typeof given !== 'object' ||
    !Array.isArray(given.threats) ||
    !Array.isArray(given.dice) ||
    !Array.isArray(given.intents)
  )
    throw invalid('roll', roll, 'a roll, as parseRoll returns it');
  const spec: Record<string, unknown> = {
    threats: roll.threats.map((t) => ({ ...t })),
    dice: roll.dice.map((d) =>
      d.area ? { sides: d.sides, area: true as const } : { sides: d.sides, intent: d.intent },
    ),
    intents: roll.intents.map((i) => ({ ...i })),
    aura: roll.aura,
  };
  for (const name of RULE_OPTION_NAMES) {
    const option: RuleOption = RULE_OPTIONS[name];
    if (!option.variant || variants === 'all' || roll[name] !== option.default)
      spec[name] = roll[name];
  }
  return spec as unknown as RollSpec & Required<Omit<RollSpec, RuleVariantName>>;
}

/** What an answer about one roll opens with, as each system's answers do: the system, and the roll as solved. */
export interface RollHeading {
  readonly system: 'zidara';
  /** The roll as solved, every field explicit (rule variants too): `parseRoll` reads it back. */
  readonly spec: RollSpec;
}

/**
 * The heading of `odds`, `simulate` and (its `spec` as `check`) `advise` answers about `roll`.
 * @example rollHeading(parseRoll({ threats: [{ challenge: 3 }], dice: [{ sides: 8, intent: 0 }] })).spec.boostSize // 2
 */
export function rollHeading(roll: Roll): RollHeading {
  return { system: 'zidara', spec: rollToSpec(roll, { variants: 'all' }) };
}
