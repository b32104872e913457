import {
  choice,
  flag,
  integer,
  number,
  numberText,
  WORTH_LIMIT,
} from '../../../input/field-schemas.ts';
import { invalid } from '../../../input/input-error.ts';

/**
 * Every rule option of a Zi'Dara roll, declared once: its type, default and limits, the CLI
 * flag and the page's key that set it, where a scenario file holds it, its help, and whether
 * it changes a roll's shape (what one exact solve can share). The roll spec's schema and its
 * compiled check, `parseRoll`'s defaults, the flags and their help, `--against`, the page's
 * rule variants and their fragment keys, the scenario schema, docs/defaults.md and
 * `rollShape()` are all read from here. What stays written by hand is what must be
 * independent: the engine's arithmetic, the sampler's and the tests' brute force.
 * See CONTRIBUTING.md ("A rule option") for what a new one touches.
 */
export interface RuleOptionCommon {
  /** One line: what the option does, for the scenario schema and the spec's editors. */
  readonly help: string;
  /** Said after the default in the schema's description ("0: an archetype without the +2"). */
  readonly note?: string;
  /** The CLI flag (`--boost-size`) and its help. A `flag` option's flag is a switch that sets the
   * opposite of the default (`--defending` sets tieBreak false); `play` flags are the Resolve
   * flag of commands that roll (not of a fight). */
  readonly flag: { readonly name: string; readonly help: string; readonly play?: true };
  /**
   * Where a scenario file holds it: the character, the character's archetype, or (tieBreak)
   * each figure's `defending`, the defence model.
   */
  readonly scenario: 'character' | 'archetype' | 'figure';
  /**
   * Whether two rolls that differ in this option can share one exact solve: `true`, the option
   * is part of the shape; a function gives the part (explodeDepth matters only when dice
   * explode); `false`, a solve answers every value (Resolve: the solver of the most answers
   * the fewer). `rollShape()` reads this, so no option can be left out of it.
   */
  readonly shape: boolean | ((roll: { readonly [field: string]: unknown }) => unknown);
  /**
   * A rule variant (a designer's what-if, see rules/zidara.md): written in a spec only when
   * it is not the rules page's, so a spec of the rules page reads as before; on the page it is
   * one of What if's "rules to try", with its fragment key.
   */
  readonly variant?: {
    /** The page's fragment key (the kebab-case of the field) and its field's label. */
    readonly pageKey: string;
    readonly label: string;
    /** Words for a setup line when not the rules page's ("+3 boosts"). */
    readonly words: (value: never) => string;
  };
  /**
   * The value of another option without which this one is not read, and why: a value of its own
   * is refused without it, and so is any value a user wrote (a flag typed, a scenario file's
   * field); a spec file's default is not (a roll echoed with its defaults reads back).
   */
  readonly onlyWith?: {
    readonly other: string;
    readonly otherValue: unknown;
    readonly because: string;
  };
  /** A value of another option this one's non-default value refuses, and why. */
  readonly refuses?: {
    readonly value: unknown;
    readonly other: string;
    readonly otherValue: unknown;
    readonly because: string;
  };
}

/** A rule option's type, default and limits. */
export type RuleOption = RuleOptionCommon &
  (
    | {
        readonly type: 'integer';
        readonly default: number;
        readonly min: number;
        readonly max: number;
      }
    | {
        readonly type: 'number';
        readonly default: number;
        readonly min: number;
        readonly max: number;
      }
    | { readonly type: 'flag'; readonly default: boolean }
    | {
        readonly type: 'choice';
        readonly default: string;
        readonly choices: readonly [string, ...string[]];
      }
  );

/**
 * The limits the rules page's options share with the rest of a roll (see `ROLL_LIMITS`).
 * Declared here, where the options are, and re-exported by spec.ts.
 */
export const OPTION_LIMITS = {
  /** Resolve in one roll (and Titles: nobody holds more Resolve than Titles). */
  resolve: 10,
  /** The Aura cap a character may have. */
  auraMax: 20,
  /** +2s allowed a roll. */
  boostsPerRoll: 10,
  /** Extra rolls of one exploding die. */
  explodeDepth: 100,
  /** Largest intent weight, `auraValue` or `resolveValue` (see `WORTH_LIMIT`). */
  value: WORTH_LIMIT,
} as const;

const L = OPTION_LIMITS;

/** The rule options, in the order flags, docs and links list them. */
export const RULE_OPTIONS = {
  auraMax: {
    type: 'integer',
    default: 5,
    min: 0,
    max: L.auraMax,
    help: 'Most Aura held; gains past it are shared',
    flag: { name: '--aura-max', help: 'most Aura a character holds (gains past it are shared)' },
    scenario: 'character',
    shape: true,
  },
  resolve: {
    type: 'integer',
    default: 0,
    min: 0,
    max: L.resolve,
    help: 'Resolve available for rerolls',
    flag: { name: '--resolve', help: 'Resolve available for rerolls', play: true },
    scenario: 'character',
    shape: false,
  },
  boostsPerRoll: {
    type: 'integer',
    default: 1,
    min: 0,
    max: L.boostsPerRoll,
    help: "The archetype's +2s allowed a roll, each for 1 Aura",
    note: '0: an archetype without the +2',
    flag: {
      name: '--boosts',
      help: "the archetype's +2s allowed a roll (0: an archetype without one)",
    },
    scenario: 'archetype',
    shape: true,
  },
  tieBreak: {
    type: 'flag',
    default: true,
    help: 'A tie can be won for 1 Aura',
    note: 'false: the defence model',
    flag: {
      name: '--defending',
      help: "the rules' defence model (tieBreak false): ties cannot be bought and count against the dice rolled; roll a blow's die against your Armour die as --vs, and the win chance is the chance the blow lands",
    },
    scenario: 'figure',
    shape: true,
  },
  explode: {
    type: 'flag',
    default: false,
    help: 'Warrior: a die showing its top face rolls again and adds',
    flag: { name: '--explode', help: 'Warrior: a top face rolls again and adds' },
    scenario: 'archetype',
    shape: true,
  },
  explodeDepth: {
    type: 'integer',
    default: 20,
    min: 0,
    max: L.explodeDepth,
    help: 'Most extra rolls of an exploding die',
    flag: { name: '--explode-depth', help: 'most extra rolls per exploding die' },
    scenario: 'archetype',
    /** The depth is part of the shape only when dice explode. */
    shape: (roll) => (roll.explode ? roll.explodeDepth : ''),
    onlyWith: {
      other: 'explode',
      otherValue: true,
      because: 'no die explodes without it, so a depth would change nothing',
    },
  },
  auraGainUsableSameRoll: {
    type: 'flag',
    default: true,
    help: "Aura from a roll's top faces can be spent in that roll",
    flag: {
      name: '--late-aura',
      help: "Aura from a roll's top faces arrives only after it (auraGainUsableSameRoll false)",
    },
    scenario: 'character',
    shape: true,
  },
  auraValue: {
    type: 'number',
    default: 0,
    min: 0,
    max: L.value,
    help: 'Worth of each Aura left at the end, in intents, to the play',
    flag: {
      name: '--aura-value',
      help: 'worth of each Aura left at the end, in intents, for the play',
    },
    scenario: 'character',
    shape: true,
  },
  resolveValue: {
    type: 'number',
    default: 0,
    min: 0,
    max: L.value,
    help: 'Worth of each Resolve left at the end, in intents, to the play',
    flag: {
      name: '--resolve-value',
      help: 'worth of each Resolve left at the end, in intents, for the play',
    },
    scenario: 'character',
    shape: true,
  },
  boostSize: {
    type: 'integer',
    default: 2,
    min: 1,
    max: 4,
    help: "Rule variant: what the archetype's +2 adds",
    flag: { name: '--boost-size', help: "rule variant: what the archetype's +2 adds" },
    scenario: 'character',
    shape: true,
    variant: {
      pageKey: 'boost-size',
      label: "What the archetype's +2 adds",
      /** Words for a setup line when not the rules page's. */
      words: (size: number) => `the +2 adds ${size}`,
    },
  },
  auraPerTopFace: {
    type: 'integer',
    default: 1,
    min: 0,
    max: 3,
    help: 'Rule variant: Aura a rolled top face gives back (capped as usual, the excess shared)',
    flag: {
      name: '--aura-per-top-face',
      help: 'rule variant: Aura a rolled top face gives back (capped as usual, the excess shared)',
    },
    scenario: 'character',
    shape: true,
    variant: {
      pageKey: 'aura-per-top-face',
      label: 'Aura a top face gives',
      /** Words for a setup line when not the rules page's. */
      words: (aura: number) => `a top face gives ${aura === 0 ? 'no' : aura} Aura`,
    },
  },
  tiesGoTo: {
    type: 'choice',
    default: 'defender',
    choices: ['defender', 'roller'],
    help: 'Rule variant: who wins a tie (roller: a tie is won for free, and a roll whose intents all beat or tie has not failed)',
    flag: {
      name: '--ties-go-to',
      help: 'rule variant: who wins a tie (roller: a tie is won for free, and a roll whose intents all beat or tie has not failed)',
    },
    scenario: 'character',
    shape: true,
    variant: {
      pageKey: 'ties-go-to',
      label: 'Ties go to',
      /** Words for a setup line when not the rules page's. */
      words: (side: string) => `ties go to the ${side}`,
    },
    refuses: {
      value: 'roller',
      other: 'tieBreak',
      otherValue: false,
      because:
        'ties going to the roller contradict the defence model, where they go to the defender',
    },
  },
  rerollKeepsBest: {
    type: 'flag',
    default: false,
    help: "Rule variant: a Resolve reroll leaves each rerolled die on the better of its old and new result (the new roll's top faces still give Aura)",
    flag: {
      name: '--reroll-keeps-best',
      help: "rule variant: a Resolve reroll leaves each rerolled die on the better of its old and new result (the new roll's top faces still give Aura)",
    },
    scenario: 'character',
    shape: true,
    variant: {
      pageKey: 'reroll-keeps-best',
      label: 'A reroll keeps the better result',
      /** Words for a setup line when not the rules page's. */
      words: () => 'a reroll keeps the better result',
    },
  },
} as const satisfies Readonly<Record<string, RuleOption>>;

/** A rule option's field in a roll spec. */
export type RuleOptionName = keyof typeof RULE_OPTIONS;

type ValueOf<O> = O extends { readonly type: 'flag' }
  ? boolean
  : O extends { readonly type: 'choice'; readonly choices: readonly (infer C)[] }
    ? C
    : number;

/** The value of every rule option (what a validated roll holds). */
export type RuleOptionValues = {
  readonly [K in RuleOptionName]: ValueOf<(typeof RULE_OPTIONS)[K]>;
};

/** The rule options' fields, in their declared order. */
export const RULE_OPTION_NAMES = Object.keys(RULE_OPTIONS) as RuleOptionName[];

/** The options a scenario file holds in `placement` (see `RuleOptionCommon.scenario`). */
export type PlacedIn<P> = {
  [K in RuleOptionName]: (typeof RULE_OPTIONS)[K]['scenario'] extends P ? K : never;
}[RuleOptionName];

/** The rule variants (see `RuleOptionCommon.variant`). */
export type RuleVariantName = {
  [K in RuleOptionName]: (typeof RULE_OPTIONS)[K] extends { readonly variant: object } ? K : never;
}[RuleOptionName];

/** The rule variants' fields, in their declared order. */
export const RULE_VARIANT_NAMES = RULE_OPTION_NAMES.filter(
  (name) => 'variant' in RULE_OPTIONS[name],
) as RuleVariantName[];

/** The declaration of one option, widened (for code that walks them all). */
export function ruleOption(name: RuleOptionName): RuleOption {
  return RULE_OPTIONS[name];
}

/** Every option's default, as `ROLL_DEFAULTS` exposes them. */
export type RuleOptionDefaults = {
  readonly [K in RuleOptionName]: (typeof RULE_OPTIONS)[K]['default'];
};

/** The defaults of every rule option. */
export const RULE_OPTION_DEFAULTS = Object.fromEntries(
  RULE_OPTION_NAMES.map((name) => [name, RULE_OPTIONS[name].default]),
) as RuleOptionDefaults;

/** An option's one-line help with its default (and limits' meaning), as the schema describes it. */
function describedHelp(option: RuleOption): string {
  return `${option.help} (default ${option.default}${option.note ? `; ${option.note}` : ''}).`;
}

/** The zod schema of one option's values, with its bounds and default in words. */
export function ruleOptionSchema(option: RuleOption) {
  const description = describedHelp(option);
  switch (option.type) {
    case 'integer':
      return integer(option.min, option.max, description);
    case 'number':
      return number(option.min, description, option.max);
    case 'flag':
      return flag(description);
    case 'choice':
      return choice(option.choices, description);
  }
}

type SchemaOf<O> = O extends { readonly type: 'flag' }
  ? ReturnType<typeof flag>
  : O extends { readonly type: 'choice' }
    ? ReturnType<typeof choice<readonly [string, ...string[]]>>
    : ReturnType<typeof integer>;

/** The zod schemas of every option (`ROLL_OPTION_SCHEMAS`). */
export type RuleOptionSchemas = {
  readonly [K in RuleOptionName]: SchemaOf<(typeof RULE_OPTIONS)[K]>;
};

/** What an option's values are, in words: "0 to 20", "true, false", "a number from 0 to 1000000". */
export function allowedText(option: RuleOption): string {
  switch (option.type) {
    case 'integer':
      return `${option.min} to ${option.max}`;
    case 'number':
      return numberText(option.min, option.max);
    case 'flag':
      return 'true, false';
    case 'choice':
      return option.choices.join(', ');
  }
}

/** The flag of an option as docs name it: a switch that sets false says so ("--defending (false)"). */
export function flagText(option: RuleOption): string {
  return option.type === 'flag' && option.default === true
    ? `${option.flag.name} (false)`
    : option.flag.name;
}

/** The commander attribute of an option's flag ("--aura-max" → "auraMax"). */
export function flagAttribute(option: RuleOption): string {
  return option.flag.name.slice(2).replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
}

/**
 * The first option set without the other option's value it is read only with (see
 * `RuleOptionCommon.onlyWith`), or undefined. Set: to a value of its own, not its default; or,
 * where `written` says the user wrote the option (a flag typed, a scenario file's field), to any
 * value, its default too. A value of another type than the option's (a file's the schema
 * refused) is left to the schema's message.
 * @example unreadOption({ explode: false, explodeDepth: 5 })?.field // 'explodeDepth'
 * @example unreadOption({ explode: false, explodeDepth: 20 }, (field) => field === 'explodeDepth')?.field // 'explodeDepth'
 */
export function unreadOption(
  values: { readonly [field: string]: unknown },
  written: (field: RuleOptionName) => boolean = () => false,
): { field: RuleOptionName; other: string; otherValue: unknown; because: string } | undefined {
  for (const name of RULE_OPTION_NAMES) {
    const option: RuleOption = RULE_OPTIONS[name];
    const w = option.onlyWith;
    const value = values[name];
    if (!w || typeof value !== typeof option.default) continue;
    if (value === option.default && !written(name)) continue;
    const other = values[w.other] ?? RULE_OPTIONS[w.other as RuleOptionName].default;
    if (typeof other === typeof w.otherValue && other !== w.otherValue)
      return { field: name, other: w.other, otherValue: w.otherValue, because: w.because };
  }
  return undefined;
}

/**
 * The first pair of option values a roll's options refuse together, as the message's parts
 * (see `RuleOptionCommon.refuses`), or undefined.
 */
export function refusedPair(values: {
  readonly [field: string]: unknown;
}): { field: RuleOptionName; other: string; because: string } | undefined {
  for (const name of RULE_OPTION_NAMES) {
    const option: RuleOption = RULE_OPTIONS[name];
    const r = option.refuses;
    if (r && values[name] === r.value && values[r.other] === r.otherValue)
      return { field: name, other: r.other, because: r.because };
  }
  return undefined;
}

/**
 * Refuses a worth of Aura or Resolve left (`auraValue`, `resolveValue`) set where the play is
 * for a chance alone (splits' `all` objective, whole-fight play), which no Aura or Resolve left
 * changes: `onlyWith` names the option and value they are read with, `because` why. `named`:
 * how the message names each (its flag, a spec file's or a scenario's field). The CLI's flags,
 * spec files and scenario files refuse them alike.
 * @throws InputError naming the flag or field.
 * @example refuseResourceValues({ auraValue: 2 }, 'fightPolicy per-roll', 'whole-fight play is for P(win within the rounds) alone') // throws "--aura-value: 2 is not allowed (expected it only with fightPolicy per-roll (whole-fight play…"
 */
export function refuseResourceValues(
  values: { readonly auraValue?: number | undefined; readonly resolveValue?: number | undefined },
  onlyWith: string,
  because: string,
  named: (name: 'auraValue' | 'resolveValue') => string = (name) => ruleOption(name).flag.name,
): void {
  for (const name of ['auraValue', 'resolveValue'] as const) {
    const value = values[name];
    if (value !== undefined && value !== ruleOption(name).default)
      throw invalid(named(name), value, `it only with ${onlyWith} (${because})`);
  }
}
