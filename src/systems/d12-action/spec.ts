import { invalid } from '../../input-error.ts';
import {
  nested,
  readBoolean,
  readChoice,
  readInteger,
  readNumber,
  readRecord,
} from '../spec-fields.ts';

/** The kinds of roll. */
export const D12_ROLLS = ['safe', 'risky', 'stacked', 'capacity', 'group'] as const;
export type D12Roll = (typeof D12_ROLLS)[number];

/** Stopping rules for a stacked roll: optimal for the utility, or keep the first success. */
export const STACKED_POLICIES = ['optimal', 'keep-first-success'] as const;
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

/** A d12 action roll as written in JSON; absent fields take {@link D12_DEFAULTS}. */
export interface D12ActionSpec {
  roll: D12Roll;
  /** Action rating (safe, risky, stacked, group lead). */
  rating?: number;
  /** Capacity score: proficiency is rating + capacity (safe, stacked); a capacity roll's target. */
  capacity?: number;
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
  supporters?: SupporterSpec[];
}

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
  /** 0 for risky and group rolls when not given (unused there). */
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

const FIELDS = [
  'roll',
  'rating',
  'capacity',
  'tokens',
  'reckless',
  'demoralized',
  'utilities',
  'tokenValue',
  'policy',
  'supporters',
] as const;

/**
 * Validates a d12 action roll (parsed JSON) and fills in the defaults. Throws an InputError
 * naming the field; `where` prefixes field names (e.g. "[2]." for the third spec of an array).
 * A safe roll while Reckless, a stopping rule other than optimal on anything but a stacked roll,
 * or supporters on anything but a group roll are errors. Its output parses back to itself.
 * @example parseD12ActionSpec({ roll: 'safe', rating: 1, capacity: 5, tokens: 2 }).tokenValue // 0.05
 */
export function parseD12ActionSpec(input: unknown, where = ''): D12ActionRoll {
  const spec = readRecord(input, where, FIELDS);
  const f = (name: string) => `${where}${name}`;
  const roll = readChoice(spec.roll, f('roll'), D12_ROLLS);
  const L = D12_LIMITS;
  const usesRating = roll !== 'capacity';
  const usesCapacity = roll === 'safe' || roll === 'stacked' || roll === 'capacity';
  const rating =
    usesRating || spec.rating !== undefined
      ? readInteger(spec.rating, f('rating'), 0, L.rating)
      : 0;
  const capacity =
    usesCapacity || spec.capacity !== undefined
      ? readInteger(spec.capacity, f('capacity'), 0, L.capacity)
      : 0;
  const tokens = readInteger(spec.tokens, f('tokens'), 0, L.tokens, D12_DEFAULTS.tokens);
  const reckless = readBoolean(spec.reckless, f('reckless'), D12_DEFAULTS.reckless);
  if (reckless && roll === 'safe')
    throw invalid(
      f('roll'),
      roll,
      'risky, stacked, capacity or group while reckless (no safe roll while Reckless)',
    );
  const u =
    spec.utilities === undefined
      ? {}
      : readRecord(spec.utilities, nested(where, 'utilities'), [
          'criticalSuccess',
          'success',
          'failure',
          'criticalFailure',
        ]);
  const du = D12_DEFAULTS.utilities;
  const utilities: D12Utilities = {
    criticalSuccess: readNumber(
      u.criticalSuccess,
      f('utilities.criticalSuccess'),
      du.criticalSuccess,
    ),
    success: readNumber(u.success, f('utilities.success'), du.success),
    failure: readNumber(u.failure, f('utilities.failure'), du.failure),
    criticalFailure: readNumber(
      u.criticalFailure,
      f('utilities.criticalFailure'),
      du.criticalFailure,
    ),
  };
  const tokenValue = readNumber(spec.tokenValue, f('tokenValue'), D12_DEFAULTS.tokenValue, 0);
  const policy = readChoice(spec.policy, f('policy'), STACKED_POLICIES, D12_DEFAULTS.policy);
  if (policy !== D12_DEFAULTS.policy && roll !== 'stacked')
    throw invalid(
      f('policy'),
      policy,
      `${D12_DEFAULTS.policy} (a stopping rule applies to stacked rolls only)`,
    );
  let supporters: Supporter[] = [];
  if (roll === 'group') {
    if (!Array.isArray(spec.supporters) || spec.supporters.length === 0)
      throw invalid(
        f('supporters'),
        spec.supporters,
        'a non-empty array of supporters such as { "rating": 2, "capacity": 5 }',
      );
    if (spec.supporters.length > L.supporters)
      throw invalid(
        f('supporters'),
        `${spec.supporters.length} supporters`,
        `at most ${L.supporters} supporters`,
      );
    supporters = spec.supporters.map((s, i) => parseSupporter(s, f(`supporters[${i}].`)));
  } else if (
    spec.supporters !== undefined &&
    !(Array.isArray(spec.supporters) && spec.supporters.length === 0)
  ) {
    throw invalid(f('supporters'), spec.supporters, 'no supporters except on a group roll');
  }
  return {
    roll,
    rating,
    capacity,
    tokens,
    reckless,
    demoralized: readBoolean(spec.demoralized, f('demoralized'), D12_DEFAULTS.demoralized),
    utilities,
    tokenValue,
    policy,
    supporters,
  };
}

function parseSupporter(input: unknown, where: string): Supporter {
  const s = readRecord(input, where, ['rating', 'capacity', 'tokens', 'reckless', 'demoralized']);
  const f = (name: string) => `${where}${name}`;
  return {
    rating: readInteger(s.rating, f('rating'), 0, D12_LIMITS.rating),
    capacity: readInteger(s.capacity, f('capacity'), 0, D12_LIMITS.capacity),
    tokens: readInteger(s.tokens, f('tokens'), 0, D12_LIMITS.tokens, 0),
    reckless: readBoolean(s.reckless, f('reckless'), false),
    demoralized: readBoolean(s.demoralized, f('demoralized'), false),
  };
}
