import { invalid } from '../../input-error.ts';
import { DIE_SIDES } from './pool.ts';

/** A roll spec as written in JSON (the oracle's `spec`): absent fields take the defaults below. */
export interface RollSpec {
  threats: { challenge: number; name?: string }[];
  dice: DieSpec[];
  /** One entry per intent (intents are numbered 0..n−1 by the dice). */
  intents?: { threat?: number; weight?: number; name?: string }[];
  /** Aura at the start of the roll; default `auraMax` (a scene starts full). */
  aura?: number;
  auraMax?: number;
  resolve?: number;
  boostsPerRoll?: number;
  tieBreak?: boolean;
  explode?: boolean;
  explodeDepth?: number;
  auraValue?: number;
  resolveValue?: number;
  auraGainUsableSameRoll?: boolean;
}

export type DieSpec = { sides: number; intent: number } | { sides: number; area: true };

/** A validated roll with every option filled in. */
export interface Roll {
  readonly threats: readonly { readonly challenge: number; readonly name?: string }[];
  readonly dice: readonly RollDie[];
  readonly intents: readonly {
    readonly threat: number;
    readonly weight: number;
    readonly name?: string;
  }[];
  readonly aura: number;
  readonly auraMax: number;
  readonly resolve: number;
  readonly boostsPerRoll: number;
  readonly tieBreak: boolean;
  readonly explode: boolean;
  readonly explodeDepth: number;
  readonly auraValue: number;
  readonly resolveValue: number;
  readonly auraGainUsableSameRoll: boolean;
}

/** A die of the pool: aimed at an intent, or (Elementalist) the area die with intent −1. */
export interface RollDie {
  readonly sides: number;
  readonly intent: number;
  readonly area: boolean;
}

/** The rules page's defaults. */
export const ROLL_DEFAULTS = {
  auraMax: 5,
  resolve: 0,
  boostsPerRoll: 1,
  tieBreak: true,
  explode: false,
  explodeDepth: 20,
  auraValue: 0,
  resolveValue: 0,
  auraGainUsableSameRoll: true,
  intentThreat: 0,
  intentWeight: 1,
} as const;

/** Bounds that keep one exact solve interactive; larger rolls belong to the simulator. */
export const ROLL_LIMITS = {
  dice: 12,
  resolve: 10,
  auraMax: 20,
  boostsPerRoll: 10,
  explodeDepth: 100,
  challenge: 50,
} as const;

const SPEC_FIELDS = [
  'threats',
  'dice',
  'intents',
  'aura',
  'auraMax',
  'resolve',
  'boostsPerRoll',
  'tieBreak',
  'explode',
  'explodeDepth',
  'auraValue',
  'resolveValue',
  'auraGainUsableSameRoll',
] as const;

/**
 * Validates a roll spec (parsed JSON) and fills in the defaults. Throws an InputError naming the
 * field, the value and what is allowed; `where` prefixes field names (e.g. "specs[2].").
 * @example parseRoll({ threats: [{ challenge: 3 }], dice: [{ sides: 12, intent: 0 }] }).aura // 5
 */
export function parseRoll(input: unknown, where = ''): Roll {
  const spec = record(input, where || 'spec', [...SPEC_FIELDS]);
  const f = (name: string) => `${where}${name}`;

  const threatsRaw = spec.threats;
  if (!Array.isArray(threatsRaw) || threatsRaw.length === 0) {
    throw invalid(f('threats'), threatsRaw, 'a non-empty array of { "challenge": C }');
  }
  const threats = threatsRaw.map((t, i) => {
    const threat = record(t, f(`threats[${i}]`), ['challenge', 'name']);
    const challenge = integer(
      threat.challenge,
      f(`threats[${i}].challenge`),
      1,
      ROLL_LIMITS.challenge,
    );
    return threat.name === undefined
      ? { challenge }
      : { challenge, name: text(threat.name, f(`threats[${i}].name`)) };
  });

  const diceRaw = spec.dice;
  if (!Array.isArray(diceRaw) || diceRaw.length === 0) {
    throw invalid(
      f('dice'),
      diceRaw,
      'a non-empty array of dice such as { "sides": 8, "intent": 0 }',
    );
  }
  if (diceRaw.length > ROLL_LIMITS.dice) {
    throw invalid(
      f('dice'),
      `${diceRaw.length} dice`,
      `at most ${ROLL_LIMITS.dice} dice in one exact roll`,
    );
  }
  let areaDice = 0;
  const dice: RollDie[] = diceRaw.map((d, i) => {
    const die = record(d, f(`dice[${i}]`), ['sides', 'intent', 'area']);
    const sides = die.sides;
    if (typeof sides !== 'number' || !(DIE_SIDES as readonly number[]).includes(sides)) {
      throw invalid(f(`dice[${i}].sides`), sides, `one of ${DIE_SIDES.join(', ')}`);
    }
    if (die.area !== undefined) {
      if (die.area !== true)
        throw invalid(f(`dice[${i}].area`), die.area, 'true (or leave it out and give an intent)');
      if (die.intent !== undefined)
        throw invalid(f(`dice[${i}].intent`), die.intent, 'no intent on the area die');
      areaDice++;
      if (areaDice > 1) throw invalid(f(`dice[${i}].area`), true, 'at most one area die a roll');
      return { sides, intent: -1, area: true };
    }
    const intent = integer(die.intent, f(`dice[${i}].intent`), 0, ROLL_LIMITS.dice - 1);
    return { sides, intent, area: false };
  });
  const intentCount = Math.max(-1, ...dice.map((d) => d.intent)) + 1;
  if (intentCount === 0)
    throw invalid(f('dice'), 'only an area die', 'at least one die with an intent');
  for (let i = 0; i < intentCount; i++) {
    if (!dice.some((d) => d.intent === i)) {
      throw invalid(
        f('dice'),
        `no die on intent ${i}`,
        `every intent 0..${intentCount - 1} to have at least one die`,
      );
    }
  }

  let intents: Roll['intents'];
  if (spec.intents === undefined) {
    intents = Array.from({ length: intentCount }, () => ({
      threat: ROLL_DEFAULTS.intentThreat,
      weight: ROLL_DEFAULTS.intentWeight,
    }));
  } else {
    if (!Array.isArray(spec.intents) || spec.intents.length !== intentCount) {
      throw invalid(
        f('intents'),
        Array.isArray(spec.intents) ? `${spec.intents.length} entries` : spec.intents,
        `an array with one entry per intent (${intentCount}, numbered by the dice)`,
      );
    }
    intents = spec.intents.map((x, i) => {
      const intent = record(x, f(`intents[${i}]`), ['threat', 'weight', 'name']);
      const threat =
        intent.threat === undefined
          ? ROLL_DEFAULTS.intentThreat
          : integer(intent.threat, f(`intents[${i}].threat`), 0, threats.length - 1);
      const weight =
        intent.weight === undefined
          ? ROLL_DEFAULTS.intentWeight
          : finite(intent.weight, f(`intents[${i}].weight`), 0);
      return intent.name === undefined
        ? { threat, weight }
        : { threat, weight, name: text(intent.name, f(`intents[${i}].name`)) };
    });
  }

  const auraMax =
    spec.auraMax === undefined
      ? ROLL_DEFAULTS.auraMax
      : integer(spec.auraMax, f('auraMax'), 0, ROLL_LIMITS.auraMax);
  const aura =
    spec.aura === undefined
      ? auraMax
      : integer(spec.aura, f('aura'), 0, auraMax, `an integer from 0 to auraMax (${auraMax})`);
  return {
    threats,
    dice,
    intents,
    aura,
    auraMax,
    resolve:
      spec.resolve === undefined
        ? ROLL_DEFAULTS.resolve
        : integer(spec.resolve, f('resolve'), 0, ROLL_LIMITS.resolve),
    boostsPerRoll:
      spec.boostsPerRoll === undefined
        ? ROLL_DEFAULTS.boostsPerRoll
        : integer(spec.boostsPerRoll, f('boostsPerRoll'), 0, ROLL_LIMITS.boostsPerRoll),
    tieBreak:
      spec.tieBreak === undefined ? ROLL_DEFAULTS.tieBreak : bool(spec.tieBreak, f('tieBreak')),
    explode: spec.explode === undefined ? ROLL_DEFAULTS.explode : bool(spec.explode, f('explode')),
    explodeDepth:
      spec.explodeDepth === undefined
        ? ROLL_DEFAULTS.explodeDepth
        : integer(spec.explodeDepth, f('explodeDepth'), 0, ROLL_LIMITS.explodeDepth),
    auraValue:
      spec.auraValue === undefined
        ? ROLL_DEFAULTS.auraValue
        : finite(spec.auraValue, f('auraValue'), 0),
    resolveValue:
      spec.resolveValue === undefined
        ? ROLL_DEFAULTS.resolveValue
        : finite(spec.resolveValue, f('resolveValue'), 0),
    auraGainUsableSameRoll:
      spec.auraGainUsableSameRoll === undefined
        ? ROLL_DEFAULTS.auraGainUsableSameRoll
        : bool(spec.auraGainUsableSameRoll, f('auraGainUsableSameRoll')),
  };
}

/** The roll back as a JSON spec with every field explicit (what `parseRoll` would read back). */
export function rollToSpec(roll: Roll): Required<RollSpec> {
  return {
    threats: roll.threats.map((t) => ({ ...t })),
    dice: roll.dice.map((d) =>
      d.area ? { sides: d.sides, area: true as const } : { sides: d.sides, intent: d.intent },
    ),
    intents: roll.intents.map((i) => ({ ...i })),
    aura: roll.aura,
    auraMax: roll.auraMax,
    resolve: roll.resolve,
    boostsPerRoll: roll.boostsPerRoll,
    tieBreak: roll.tieBreak,
    explode: roll.explode,
    explodeDepth: roll.explodeDepth,
    auraValue: roll.auraValue,
    resolveValue: roll.resolveValue,
    auraGainUsableSameRoll: roll.auraGainUsableSameRoll,
  };
}

function record(value: unknown, field: string, allowed: string[]): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw invalid(field, value, 'an object');
  for (const key of Object.keys(value)) {
    if (!allowed.includes(key))
      throw invalid(
        `${field}.${key}`,
        (value as Record<string, unknown>)[key],
        `no such field; the fields are ${allowed.join(', ')}`,
      );
  }
  return value as Record<string, unknown>;
}

function integer(
  value: unknown,
  field: string,
  min: number,
  max: number,
  allowed?: string,
): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw invalid(field, value, allowed ?? `an integer from ${min} to ${max}`);
  }
  return value;
}

function finite(value: unknown, field: string, min: number): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min)
    throw invalid(field, value, `a finite number ≥ ${min}`);
  return value;
}

function bool(value: unknown, field: string): boolean {
  if (typeof value !== 'boolean') throw invalid(field, value, 'true or false');
  return value;
}

function text(value: unknown, field: string): string {
  if (typeof value !== 'string') throw invalid(field, value, 'a string');
  return value;
}
