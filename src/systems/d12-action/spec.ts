import { z } from '#zod';
import { choice, flag, integer, number, WORTH_LIMIT } from '../../input/field-schemas.ts';
import { fillDefaults } from '../../input/fill-defaults.ts';
import { invalid, missing } from '../../input/input-error.ts';
import { integerText } from '../../input/integer-text.ts';
import { parseSpec } from '../../input/issue-messages.ts';

/** The kinds of roll. */
export const D12_ROLLS = ['safe', 'risky', 'stacked', 'capacity', 'group'] as const;
/** One of the roll kinds, `D12_ROLLS`. */
export type D12Roll = (typeof D12_ROLLS)[number];

/** Stopping rules for a stacked roll: optimal for the utility, or keep the first success. */
export const STACKED_POLICIES = ['optimal', 'keep-first-success'] as const;
/** One of the stacked rolls' stopping rules, `STACKED_POLICIES`. */
export type StackedPolicy = (typeof STACKED_POLICIES)[number];

/** Utility of each outcome of an action roll. */
export interface D12Utilities {
  readonly criticalSuccess: number;
  readonly success: number;
  readonly failure: number;
  readonly criticalFailure: number;
}

/** A supporter of a group action roll, as written in JSON. */
export interface SupporterSpec {
  rating: number;
  capacity: number;
  /** Balance tokens held (default 0): supporting rolls spend none, but 6 held means none gained. */
  tokens?: number;
  /** Reckless: the supporter cannot choose a safe roll (default false). */
  reckless?: boolean;
  /** Demoralized: the supporter gains no balance tokens (default false). */
  demoralized?: boolean;
}

/**
 * What every d12 action roll takes, whatever its kind; absent fields take {@link D12_DEFAULTS}.
 * {@link D12ActionSpec} adds the kind and the rating and capacity it reads.
 */
export interface D12SpecOptions {
  /** Balance tokens held, 0..6 (default 0). */
  tokens?: number;
  /** Wit at minimum: no safe roll (default false). */
  reckless?: boolean;
  /** Zeal at minimum: no balance tokens gained (default false). */
  demoralized?: boolean;
  /** Outcome utilities (defaults 1.25, 1, 0, −0.25). */
  utilities?: Partial<D12Utilities>;
  /** Utility lost per balance token spent (default 0.05; not below 0). */
  tokenValue?: number;
  /** Stacked rolls only: the stopping rule (default optimal). */
  policy?: StackedPolicy;
  /** Group rolls only: the supporters (at least one). */
  supporters?: readonly SupporterSpec[];
}

/** A safe or stacked roll: proficiency is rating + capacity, so both are required. */
export interface D12ProficiencyRollSpec extends D12SpecOptions {
  roll: 'safe' | 'stacked';
  /** Action rating. */
  rating: number;
  /** Capacity score: proficiency is rating + capacity. */
  capacity: number;
}

/** A risky roll: it reads the rating; a capacity given is taken and echoed as 0. */
export interface D12RiskyRollSpec extends D12SpecOptions {
  roll: 'risky';
  /** Action rating. */
  rating: number;
  /** Not read (echoed 0). */
  capacity?: number;
}

/** A capacity roll: it reads the capacity (its target); a rating given is taken and echoed as 0. */
export interface D12CapacityRollSpec extends D12SpecOptions {
  roll: 'capacity';
  /** Not read (echoed 0). */
  rating?: number;
  /** Capacity score: the roll's target. */
  capacity: number;
}

/** A group roll: the lead's rating and at least one supporter; a capacity given is echoed as 0. */
export interface D12GroupRollSpec extends D12SpecOptions {
  roll: 'group';
  /** The lead's action rating. */
  rating: number;
  /** Not read (echoed 0). */
  capacity?: number;
  /** The supporters (at least one). */
  supporters: readonly SupporterSpec[];
}

/**
 * A d12 action roll as written in JSON, by its kind: each requires the rating and capacity it
 * reads (the parser refuses one missing), a group roll its supporters; absent options take
 * {@link D12_DEFAULTS}.
 */
export type D12ActionSpec =
  | D12ProficiencyRollSpec
  | D12RiskyRollSpec
  | D12CapacityRollSpec
  | D12GroupRollSpec;

/** A validated supporter. */
export interface Supporter {
  readonly rating: number;
  readonly capacity: number;
  readonly tokens: number;
  readonly reckless: boolean;
  readonly demoralized: boolean;
}

/** A validated roll with every option that applies to it filled in. */
export interface D12ActionRoll {
  readonly roll: D12Roll;
  /** 0 for a capacity roll (unused). */
  readonly rating: number;
  /** 0 for risky and group rolls (unused). */
  readonly capacity: number;
  readonly tokens: number;
  readonly reckless: boolean;
  readonly demoralized: boolean;
  readonly utilities: D12Utilities;
  readonly tokenValue: number;
  readonly policy: StackedPolicy;
  readonly supporters: readonly Supporter[];
}

/** The rules page's defaults. */
export const D12_DEFAULTS = {
  tokens: 0,
  reckless: false,
  demoralized: false,
  utilities: { criticalSuccess: 1.25, success: 1, failure: 0, criticalFailure: -0.25 },
  tokenValue: 0.05,
  policy: 'optimal',
} as const;

/** Bounds of the model: 6 balance tokens at most; ratings, capacities and groups kept finite. */
export const D12_LIMITS = { rating: 100, capacity: 100, tokens: 6, supporters: 10 } as const;

const L = D12_LIMITS;
const utilitiesSchema = z.strictObject(
  {
    criticalSuccess: number(-WORTH_LIMIT, undefined, WORTH_LIMIT).optional(),
    success: number(-WORTH_LIMIT, undefined, WORTH_LIMIT).optional(),
    failure: number(-WORTH_LIMIT, undefined, WORTH_LIMIT).optional(),
    criticalFailure: number(-WORTH_LIMIT, undefined, WORTH_LIMIT).optional(),
  },
  { error: 'an object such as { "success": 1, "failure": 0 }' },
);
const supporterSchema = z.strictObject(
  {
    rating: integer(0, L.rating),
    capacity: integer(0, L.capacity),
    tokens: integer(0, L.tokens).optional(),
    reckless: flag().optional(),
    demoralized: flag().optional(),
  },
  { error: 'a supporter such as { "rating": 2, "capacity": 5 }' },
);
/** The spec as `odds --spec` takes it (strict), for scenario files and their schema. */
export const d12ActionSpecSchema = z.strictObject(
  {
    roll: choice(D12_ROLLS),
    rating: integer(0, L.rating).optional(),
    capacity: integer(0, L.capacity).optional(),
    tokens: integer(0, L.tokens).optional(),
    reckless: flag().optional(),
    demoralized: flag().optional(),
    utilities: utilitiesSchema.optional(),
    tokenValue: number(0, undefined, WORTH_LIMIT).optional(),
    policy: choice(STACKED_POLICIES).optional(),
    supporters: z
      .array(supporterSchema, {
        error: 'a non-empty array of supporters such as { "rating": 2, "capacity": 5 }',
      })
      .max(L.supporters, { error: `at most ${L.supporters} supporters` })
      .optional(),
  },
  { error: 'an object' },
);

/**
 * Validates a d12 action roll (parsed JSON) and fills in the defaults. Throws an InputError
 * naming the field; `where` prefixes field names (e.g. "[2]." for the third spec of an array).
 * A safe roll while Reckless, a stopping rule other than optimal on anything but a stacked roll,
 * or supporters on anything but a group roll are errors; a rating or capacity the roll does not
 * read is taken and set to 0. Its output parses back to itself.
 * @example parseD12ActionSpec({ roll: 'safe', rating: 1, capacity: 5, tokens: 2 }).tokenValue // 0.05
 */
export function parseD12ActionSpec(input: unknown, where = ''): D12ActionRoll {
  const spec = parseSpec(d12ActionSpecSchema, input, where);
  const f = (name: string) => `${where}${name}`;
  const { roll } = spec;
  const d = D12_DEFAULTS;
  const usesRating = roll !== 'capacity';
  const usesCapacity = roll === 'safe' || roll === 'stacked' || roll === 'capacity';
  if (usesRating && spec.rating === undefined) throw missing(f('rating'), integerText(0, L.rating));
  if (usesCapacity && spec.capacity === undefined)
    throw missing(f('capacity'), integerText(0, L.capacity));
  const reckless = spec.reckless ?? d.reckless;
  if (reckless && roll === 'safe')
    throw invalid(
      f('roll'),
      roll,
      'risky, stacked, capacity or group while reckless (no safe roll while Reckless)',
    );
  const policy = spec.policy ?? d.policy;
  if (policy !== d.policy && roll !== 'stacked')
    throw invalid(
      f('policy'),
      policy,
      `${d.policy} (a stopping rule applies to stacked rolls only)`,
    );
  const supporters = spec.supporters ?? [];
  if (roll === 'group' && supporters.length === 0) {
    const allowed = 'a non-empty array of supporters such as { "rating": 2, "capacity": 5 }';
    throw spec.supporters === undefined
      ? missing(f('supporters'), allowed)
      : invalid(f('supporters'), spec.supporters, allowed);
  }
  if (roll !== 'group' && supporters.length > 0)
    throw invalid(f('supporters'), spec.supporters, 'no supporters except on a group roll');
  return {
    roll,
    // A character's rating and capacity may be given on any roll; one the roll does not read is 0.
    rating: usesRating ? spec.rating! : 0,
    capacity: usesCapacity ? spec.capacity! : 0,
    tokens: spec.tokens ?? d.tokens,
    reckless,
    demoralized: spec.demoralized ?? d.demoralized,
    utilities: fillDefaults(spec.utilities, d.utilities),
    tokenValue: spec.tokenValue ?? d.tokenValue,
    policy,
    supporters: supporters.map((s) => ({
      rating: s.rating,
      capacity: s.capacity,
      tokens: s.tokens ?? d.tokens,
      reckless: s.reckless ?? d.reckless,
      demoralized: s.demoralized ?? d.demoralized,
    })),
  };
}
