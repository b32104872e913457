import { invalid } from '../../../input-error.ts';
import { readBoolean, readInteger, readNumber, readRecord, readText } from '../../spec-fields.ts';
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
  /**
   * Largest intent weight, `auraValue` or `resolveValue`: a roll's utility and its square
   * (simulation intervals) stay finite and exact enough (1e308 gave an infinite utility).
   */
  value: 1e6,
} as const;

/** A roll spec's options beside its threats, dice and intents: what a character's setup sets. */
export const ROLL_OPTION_FIELDS = [
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
] as const satisfies readonly (keyof RollSpec)[];

const SPEC_FIELDS = ['threats', 'dice', 'intents', ...ROLL_OPTION_FIELDS] as const;

/**
 * Validates a roll spec (parsed JSON) and fills in the defaults. Throws an InputError naming the
 * field, the value and what is allowed; `where` prefixes field names (e.g. "specs[2].").
 * @example parseRoll({ threats: [{ challenge: 3 }], dice: [{ sides: 12, intent: 0 }] }).aura // 5
 */
export function parseRoll(input: unknown, where = ''): Roll {
  const spec = readRecord(input, where, SPEC_FIELDS);
  const f = (name: string) => `${where}${name}`;
  const D = ROLL_DEFAULTS;
  const L = ROLL_LIMITS;

  const threatsRaw = spec.threats;
  if (!Array.isArray(threatsRaw) || threatsRaw.length === 0) {
    throw invalid(f('threats'), threatsRaw, 'a non-empty array of { "challenge": C }');
  }
  const threats = threatsRaw.map((t, i) => {
    const threat = readRecord(t, f(`threats[${i}].`), ['challenge', 'name']);
    const challenge = readInteger(threat.challenge, f(`threats[${i}].challenge`), 1, L.challenge);
    const name = readText(threat.name, f(`threats[${i}].name`));
    return name === undefined ? { challenge } : { challenge, name };
  });

  const diceRaw = spec.dice;
  if (!Array.isArray(diceRaw) || diceRaw.length === 0) {
    throw invalid(
      f('dice'),
      diceRaw,
      'a non-empty array of dice such as { "sides": 8, "intent": 0 }',
    );
  }
  if (diceRaw.length > L.dice) {
    throw invalid(f('dice'), `${diceRaw.length} dice`, `at most ${L.dice} dice in one exact roll`);
  }
  let areaDice = 0;
  const dice: RollDie[] = diceRaw.map((d, i) => {
    const die = readRecord(d, f(`dice[${i}].`), ['sides', 'intent', 'area']);
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
    return {
      sides,
      intent: readInteger(die.intent, f(`dice[${i}].intent`), 0, L.dice - 1),
      area: false,
    };
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
      threat: D.intentThreat,
      weight: D.intentWeight,
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
      const intent = readRecord(x, f(`intents[${i}].`), ['threat', 'weight', 'name']);
      const threat = readInteger(
        intent.threat,
        f(`intents[${i}].threat`),
        0,
        threats.length - 1,
        D.intentThreat,
      );
      const weight = readNumber(
        intent.weight,
        f(`intents[${i}].weight`),
        D.intentWeight,
        0,
        L.value,
      );
      const name = readText(intent.name, f(`intents[${i}].name`));
      return name === undefined ? { threat, weight } : { threat, weight, name };
    });
  }

  const auraMax = readInteger(spec.auraMax, f('auraMax'), 0, L.auraMax, D.auraMax);
  return {
    threats,
    dice,
    intents,
    aura: readInteger(
      spec.aura,
      f('aura'),
      0,
      auraMax,
      auraMax,
      `an integer from 0 to auraMax (${auraMax})`,
    ),
    auraMax,
    resolve: readInteger(spec.resolve, f('resolve'), 0, L.resolve, D.resolve),
    boostsPerRoll: readInteger(
      spec.boostsPerRoll,
      f('boostsPerRoll'),
      0,
      L.boostsPerRoll,
      D.boostsPerRoll,
    ),
    tieBreak: readBoolean(spec.tieBreak, f('tieBreak'), D.tieBreak),
    explode: readBoolean(spec.explode, f('explode'), D.explode),
    explodeDepth: readInteger(
      spec.explodeDepth,
      f('explodeDepth'),
      0,
      L.explodeDepth,
      D.explodeDepth,
    ),
    auraValue: readNumber(spec.auraValue, f('auraValue'), D.auraValue, 0, L.value),
    resolveValue: readNumber(spec.resolveValue, f('resolveValue'), D.resolveValue, 0, L.value),
    auraGainUsableSameRoll: readBoolean(
      spec.auraGainUsableSameRoll,
      f('auraGainUsableSameRoll'),
      D.auraGainUsableSameRoll,
    ),
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
