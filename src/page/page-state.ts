import { InputError, invalid, SHOWN_VALUE_CHARS } from '../input/input-error.ts';
import { integerText } from '../input/integer-text.ts';
import { RING_FACES, SKILL_FACES } from '../systems/ring-skill/faces.ts';
import {
  RING_SKILL_DEFAULTS,
  RING_SKILL_LIMITS,
  OBJECTIVES as RING_SKILL_OBJECTIVES,
  type Objective as RingSkillObjective,
} from '../systems/ring-skill/spec.ts';
import {
  SPLIT_OBJECTIVES,
  SPLITS_DEFAULTS,
  SPLITS_LIMITS,
  type SplitObjective,
} from '../systems/zidara/analyses/splits.ts';
import {
  FIGHT_DEFAULTS,
  FIGHT_LIMITS,
  FIGHT_POLICIES,
  type FightPolicy,
} from '../systems/zidara/fight/fight.ts';
import { DICE_ALLOWED, DIE_SIDES } from '../systems/zidara/roll/pool.ts';
import {
  RULE_OPTIONS,
  RULE_VARIANT_NAMES,
  type RuleOptionValues,
  type RuleVariantName,
  ruleOption,
} from '../systems/zidara/roll/rule-options.ts';
import { ROLL_DEFAULTS, ROLL_LIMITS } from '../systems/zidara/roll/spec.ts';
import { formatSplit, parsePool, parseSplit } from '../systems/zidara/roll/split.ts';

/** The rule variants' values, each under its spec field (see `RULE_OPTIONS`). */
export type RuleVariantValues = Pick<RuleOptionValues, RuleVariantName>;

/** The version of the fragment's keys: a link carries it as `v=1`. */
export const PAGE_VERSION = 1;

/** The page's views, as `view=` names them. */
export type View = 'splits' | 'advice' | 'fight' | 'whatif' | 'characters' | 'ring-skill';
export const VIEWS: readonly View[] = [
  'splits',
  'advice',
  'fight',
  'whatif',
  'characters',
  'ring-skill',
];

/**
 * Everything the page asks, for every view at once (switching views keeps the character and
 * the threat). It lives in the URL fragment, so a link shares the question.
 */
export interface PageState extends RuleVariantValues {
  readonly view: View;
  /** The roll's steps (ignored when `pool` is set). */
  readonly steps: number;
  readonly actions: number;
  /** A set pool of die sides instead of steps, high to low. */
  readonly pool: readonly number[] | undefined;
  /** The threat's Challenge C (it rolls d2C). */
  readonly vs: number;
  /** The threat's tags: a split has 1 to `tags` intents. */
  readonly tags: number;
  /** Aura now; undefined: full (`auraMax`). */
  readonly aura: number | undefined;
  readonly auraMax: number;
  /** Resolve now (Best split, Mid-roll advice, What if; a fight starts with its `titles`). */
  readonly resolve: number;
  /** The archetype's +2s a roll. */
  readonly boosts: number;
  /** Warrior: a top face rolls again and adds. */
  readonly explode: boolean;
  /** The defence model: ties cannot be bought. */
  readonly defending: boolean;
  /** Aura from top faces arrives after the roll. */
  readonly lateAura: boolean;
  readonly auraValue: number;
  readonly resolveValue: number;
  readonly objective: SplitObjective;
  /** Mid-roll advice: the split rolled, in the notation ("d8 | d4"). */
  readonly split: string;
  /** Mid-roll advice: each die's face in the split's order; null where not yet given. */
  readonly faces: readonly (number | null)[];
  /** Mid-roll advice: the Challenge die's face; undefined until given. */
  readonly defence: number | undefined;
  /** Mid-roll advice with late Aura: top faces rolled so far this roll (their Aura comes after it). */
  readonly auraPending: number;
  /** Mid-roll advice: a second threat's Challenge (B); undefined: one threat. */
  readonly vs2: number | undefined;
  /** Mid-roll advice: the second threat's Challenge die's face; undefined until given. */
  readonly defence2: number | undefined;
  /** Mid-roll advice with two threats: the threat each intent aims at (0 A, 1 B), intent by intent; A where not given. */
  readonly aim: readonly number[];
  /** Mid-roll advice: the area die's sides (the Elementalist's); undefined: none. Its face follows the split's in `faces`. */
  readonly area: number | undefined;
  /** Fight: rounds before the fight is called. */
  readonly maxRounds: number;
  /** Fight: Resolve at the start of the fight. */
  readonly titles: number;
  readonly fightPolicy: FightPolicy;
  /** Ring and Skill: Ring dice (d6), also the most dice kept. */
  readonly ring: number;
  /** Ring and Skill: Skill dice (d12). */
  readonly skill: number;
  /** Ring and Skill: the target number of successes. */
  readonly tn: number;
  /** Ring and Skill: most explosion waves rolled. */
  readonly explodeDepth: number;
  /** Ring and Skill: dice of the first roll that may be rerolled once. */
  readonly rerolls: number;
  /** Ring and Skill: what keeping plays for. */
  readonly keepFor: RingSkillObjective;
  /** Ring and Skill: each Ring die's face (1–6, the rules' face table); null where not given. */
  readonly ringFaces: readonly (number | null)[];
  /** Ring and Skill: each Skill die's face (1–12); null where not given. */
  readonly skillFaces: readonly (number | null)[];
}

/**
 * The Ring and Skill check the page opens with (the check has no default of the rules' own:
 * a middling character's two-ring, one-skill roll against TN 2).
 */
export const RING_SKILL_PAGE_CHECK = { ring: 2, skill: 1, tn: 2 } as const;

/**
 * The question the page opens with: the design card's (8 steps, one action, against a
 * Challenge 3 Warden with two tags) under the rules page's defaults.
 */
export const PAGE_DEFAULTS: PageState = {
  view: 'splits',
  steps: 8,
  actions: SPLITS_DEFAULTS.actions,
  pool: undefined,
  vs: 3,
  tags: 2,
  aura: undefined,
  auraMax: ROLL_DEFAULTS.auraMax,
  resolve: ROLL_DEFAULTS.resolve,
  boosts: ROLL_DEFAULTS.boostsPerRoll,
  explode: ROLL_DEFAULTS.explode,
  defending: !ROLL_DEFAULTS.tieBreak,
  lateAura: !ROLL_DEFAULTS.auraGainUsableSameRoll,
  auraValue: ROLL_DEFAULTS.auraValue,
  resolveValue: ROLL_DEFAULTS.resolveValue,
  objective: SPLITS_DEFAULTS.objective,
  split: 'd8 | d4',
  faces: [],
  defence: undefined,
  auraPending: 0,
  vs2: undefined,
  defence2: undefined,
  aim: [],
  area: undefined,
  maxRounds: FIGHT_DEFAULTS.maxRounds,
  titles: FIGHT_DEFAULTS.titles,
  fightPolicy: FIGHT_DEFAULTS.fightPolicy,
  ...RING_SKILL_PAGE_CHECK,
  explodeDepth: RING_SKILL_DEFAULTS.explodeDepth,
  rerolls: RING_SKILL_DEFAULTS.rerolls,
  keepFor: RING_SKILL_DEFAULTS.objective,
  ringFaces: [],
  skillFaces: [],
  // The rule variants at the rules page's rules (each declared in RULE_OPTIONS).
  ...(Object.fromEntries(
    RULE_VARIANT_NAMES.map((name) => [name, RULE_OPTIONS[name].default]),
  ) as RuleVariantValues),
};

/** Bounds of the page's number inputs: the library's own limits. */
export const PAGE_LIMITS = {
  steps: SPLITS_LIMITS.steps,
  actions: SPLITS_LIMITS.actions,
  vs: ROLL_LIMITS.challenge,
  tags: ROLL_LIMITS.dice,
  poolDice: ROLL_LIMITS.dice,
  auraMax: ROLL_LIMITS.auraMax,
  resolve: ROLL_LIMITS.resolve,
  boosts: ROLL_LIMITS.boostsPerRoll,
  maxRounds: FIGHT_LIMITS.maxRounds,
  titles: ROLL_LIMITS.resolve,
  ring: RING_SKILL_LIMITS.ring,
  skill: RING_SKILL_LIMITS.skill,
  tn: RING_SKILL_LIMITS.tn,
  explodeDepth: RING_SKILL_LIMITS.explodeDepth,
  rerolls: RING_SKILL_LIMITS.rerolls,
  /** What Aura or Resolve left is worth, in intents. */
  worth: ROLL_LIMITS.value,
} as const;

/** One key of the fragment: its name, what it means, how it reads and writes. */
interface FragmentKey {
  readonly key: string;
  /** For the README and the link help: what the key sets. */
  readonly about: string;
  /** The views whose question it belongs to (it is always written for them). */
  readonly core?: readonly View[];
  /** Reads the text into the state, or throws an InputError naming the key. */
  read(text: string, state: PageState): Partial<PageState>;
  /** The key's text for a state; undefined leaves it out of the link. */
  write(state: PageState): string | undefined;
}

const VIEW_LABEL = `one of ${VIEWS.join(', ')}`;

function integerKey(
  key: string,
  field: keyof PageState & string,
  min: number,
  max: number,
  about: string,
  core?: readonly View[],
): FragmentKey {
  return {
    key,
    about,
    ...(core ? { core } : {}),
    read: (text) => ({ [field]: readIntegerText(text, key, min, max) }),
    // An optional field (the Aura, a Challenge die's face not given yet) is left out of the link.
    write: (state) => (state[field] === undefined ? undefined : String(state[field])),
  };
}

function numberKey(key: string, field: 'auraValue' | 'resolveValue', about: string): FragmentKey {
  return {
    key,
    about,
    read: (text) => {
      const value = Number(text);
      if (text.trim() === '' || !Number.isFinite(value) || value < 0 || value > PAGE_LIMITS.worth)
        throw invalid(key, text, `a number from 0 to ${PAGE_LIMITS.worth}`);
      return { [field]: value };
    },
    write: (state) => String(state[field]),
  };
}

function flagKey(key: string, field: 'explode' | 'defending' | 'lateAura', about: string) {
  return {
    key,
    about,
    read: (text: string) => {
      if (text !== '0' && text !== '1') throw invalid(key, text, '1 (on) or 0 (off)');
      return { [field]: text === '1' };
    },
    write: (state: PageState) => (state[field] ? '1' : '0'),
  } satisfies FragmentKey;
}

/**
 * The fragment key of a rule variant, from its declaration (`RULE_OPTIONS`): its page key,
 * read and written as its type says (`1`/`0` for a switch), with its help.
 */
function variantKey(name: RuleVariantName): FragmentKey {
  const option = ruleOption(name);
  const key = RULE_OPTIONS[name].variant.pageKey;
  const about = `rule variant: ${option.flag.help.replace(/^rule variant: /, '')} (\`${option.flag.name}\`, default ${option.type === 'flag' ? (option.default ? '1' : '0') : option.default})`;
  return {
    key,
    about,
    read: (text) => {
      switch (option.type) {
        case 'flag':
          if (text !== '0' && text !== '1') throw invalid(key, text, '1 (on) or 0 (off)');
          return { [name]: text === '1' };
        case 'choice':
          if (!(option.choices as readonly string[]).includes(text))
            throw invalid(key, text, `one of ${option.choices.join(', ')}`);
          return { [name]: text };
        default:
          return { [name]: readIntegerText(text, key, option.min, option.max) };
      }
    },
    write: (state) => {
      const value = state[name];
      return typeof value === 'boolean' ? (value ? '1' : '0') : String(value);
    },
  };
}

function choiceKey<T extends string>(
  key: string,
  field: 'objective' | 'fightPolicy' | 'keepFor',
  choices: readonly T[],
  about: string,
  core: readonly View[],
): FragmentKey {
  return {
    key,
    about,
    core,
    read: (text) => {
      if (!(choices as readonly string[]).includes(text))
        throw invalid(key, text, `one of ${choices.join(', ')}`);
      return { [field]: text };
    },
    write: (state) => state[field],
  };
}

/**
 * Ring and Skill's faces shown (`5,6,` — an empty place a die not given yet): at most one per
 * die of the check, read after the dice counts (`FRAGMENT_KEYS` order).
 */
function facesKey(
  key: string,
  field: 'ringFaces' | 'skillFaces',
  dice: 'ring' | 'skill',
  sides: number,
): FragmentKey {
  const die = dice === 'ring' ? 'Ring' : 'Skill';
  return {
    key,
    about: `Ring and Skill: each ${die} die's face, 1 to ${sides} as the rules' face table numbers them, e.g. \`5,1\` (\`--${key}\`); an empty place is a die not given yet`,
    read: (text, state) => {
      const words = text.split(',');
      if (words.length > state[dice])
        throw invalid(key, text, `at most ${state[dice]} faces, one for each ${die} die (${dice})`);
      return {
        [field]: words.map((word, i) =>
          word === '' ? null : readIntegerText(word, `${key}[${i}]`, 1, sides),
        ),
      };
    },
    write: (state) =>
      state[field].length
        ? state[field].map((f) => (f === null ? '' : String(f))).join(',')
        : undefined,
  };
}

function readIntegerText(text: string, key: string, min: number, max: number): number {
  const value = Number(text);
  if (!/^-?\d+$/.test(text.trim()) || value < min || value > max)
    throw invalid(key, text, integerText(min, max));
  return value;
}

/** A pool as the fragment writes it. @example writePool([12, 4]) // "d12,d4" */
export function writePool(pool: readonly number[]): string {
  return pool.map((n) => `d${n}`).join(',');
}

/**
 * Reads a split as the page takes it: the notation ("d8 | d6+d2"), or, easier on a phone's
 * keyboard, intents separated by spaces or commas ("d8 d6+d2"). Returns it canonical.
 * @example readSplit('d4 2d6') // "d6+d6 | d4"
 */
export function readSplit(text: string, key = 'split'): string {
  const notation = text.includes('|')
    ? text
    : text
        .trim()
        .split(/[\s,]+/)
        .join(' | ');
  return formatSplit(parseSplit(notation, key));
}

/** The dice of a split in roll order (intent by intent, each high to low). @example splitDice('d4 | d8') // [8, 4] */
export function splitDice(split: string): number[] {
  return parseSplit(split).flat();
}

/**
 * The most a die of SIDES can show: its sides, or with Warrior its chain total, at most
 * (depth + 1) × its sides.
 */
export function mostFace(sides: number, explode: boolean): number {
  return sides * (explode ? ROLL_DEFAULTS.explodeDepth + 1 : 1);
}

/**
 * The state with each Mid-roll face its die can no longer show cleared, to be tapped again: a
 * Challenge die's after a lower Challenge, a die's chain total once Warrior is off, the area
 * die's once it is smaller, and the area die's face once it is gone. Left in, the engine's
 * refusal would stand where the answer was (and the fragment would carry a face too many).
 * @example fitFaces({ ...PAGE_DEFAULTS, vs: 2, defence: 6 }).defence // undefined
 */
export function fitFaces(state: PageState): PageState {
  const dice = [...splitDice(state.split), ...(state.area === undefined ? [] : [state.area])];
  const fits = (face: number | null | undefined, sides: number) =>
    face === null || face === undefined || face <= sides;
  // Past the dice (the area die's, once it is gone) a face is dropped.
  const faces = state.faces
    .slice(0, dice.length)
    .map((face, j) => (fits(face, mostFace(dice[j]!, state.explode)) ? face : null));
  const defence = fits(state.defence, 2 * state.vs) ? state.defence : undefined;
  const defence2 =
    state.vs2 === undefined || fits(state.defence2, 2 * state.vs2) ? state.defence2 : undefined;
  const same =
    faces.length === state.faces.length &&
    faces.every((face, j) => face === state.faces[j]) &&
    defence === state.defence &&
    defence2 === state.defence2;
  return same ? state : { ...state, faces, defence, defence2 };
}

/**
 * Every key the fragment understands, in the order links write them. Besides these, `v` is the
 * version (1) and `view` the view.
 */
export const FRAGMENT_KEYS: readonly FragmentKey[] = [
  {
    key: 'steps',
    about: `the roll's steps, 1 to ${PAGE_LIMITS.steps} (\`--steps\`); ignored when \`pool\` is given`,
    core: ['splits', 'fight', 'whatif'],
    read: (text) => ({ steps: readIntegerText(text, 'steps', 1, PAGE_LIMITS.steps) }),
    write: (state) => (state.pool ? undefined : String(state.steps)),
  },
  {
    key: 'actions',
    about: `actions in the roll, 1 to ${PAGE_LIMITS.actions} (\`--actions\`)`,
    core: ['splits', 'fight', 'whatif'],
    read: (text) => ({ actions: readIntegerText(text, 'actions', 1, PAGE_LIMITS.actions) }),
    write: (state) => (state.pool ? undefined : String(state.actions)),
  },
  {
    key: 'pool',
    about:
      'a set pool instead of steps, e.g. `d12,d4` (Best split ranks every split of it; a fight rolls it every round: `--pool`)',
    read: (text) => ({ pool: parsePool(text) }),
    write: (state) => (state.pool ? writePool(state.pool) : undefined),
  },
  integerKey(
    'vs',
    'vs',
    1,
    PAGE_LIMITS.vs,
    `the threat's Challenge C, 1 to ${PAGE_LIMITS.vs}; it rolls d2C (\`--vs\`)`,
    VIEWS,
  ),
  integerKey(
    'tags',
    'tags',
    1,
    PAGE_LIMITS.tags,
    `the threat's tags: splits have 1 to T intents (\`--intents 1-T\`; a fight's \`--tags\`)`,
    ['splits', 'fight', 'whatif'],
  ),
  integerKey(
    'aura',
    'aura',
    0,
    PAGE_LIMITS.auraMax,
    'Aura now, 0 to the cap; absent: full (`--aura`)',
  ),
  integerKey(
    'aura-max',
    'auraMax',
    0,
    PAGE_LIMITS.auraMax,
    `the Aura cap, 0 to ${PAGE_LIMITS.auraMax} (\`--aura-max\`, default ${PAGE_DEFAULTS.auraMax})`,
  ),
  integerKey(
    'resolve',
    'resolve',
    0,
    PAGE_LIMITS.resolve,
    `Resolve now, 0 to ${PAGE_LIMITS.resolve} (\`--resolve\`, default ${PAGE_DEFAULTS.resolve}); not a fight's, which starts with Resolve at its \`titles\``,
  ),
  integerKey(
    'boosts',
    'boosts',
    0,
    PAGE_LIMITS.boosts,
    `the archetype's +2s a roll, 0 to ${PAGE_LIMITS.boosts} (\`--boosts\`, default ${PAGE_DEFAULTS.boosts})`,
  ),
  flagKey(
    'explode',
    'explode',
    'Warrior, `1` or `0`: a top face rolls again and adds (`--explode`)',
  ),
  flagKey(
    'defending',
    'defending',
    '`1` or `0`: the defence model, ties cannot be bought (`--defending`)',
  ),
  flagKey(
    'late-aura',
    'lateAura',
    "`1` or `0`: Aura from a roll's top faces arrives after it (`--late-aura`)",
  ),
  numberKey(
    'aura-value',
    'auraValue',
    'worth of each Aura left at the end, in intents (`--aura-value`; the utility objective)',
  ),
  numberKey(
    'resolve-value',
    'resolveValue',
    'worth of each Resolve left at the end, in intents (`--resolve-value`)',
  ),
  ...RULE_VARIANT_NAMES.map(variantKey),
  choiceKey(
    'objective',
    'objective',
    SPLIT_OBJECTIVES,
    `what splits are ranked by: ${SPLIT_OBJECTIVES.join(', ')} (\`--objective\`, default ${PAGE_DEFAULTS.objective})`,
    ['splits', 'whatif'],
  ),
  {
    key: 'split',
    about:
      'Mid-roll advice: the split rolled, in the notation, e.g. `d8|d4` (spaces also separate intents: `d8 d4`; `+` stacks dice on one intent: `d8+d4`)',
    core: ['advice'],
    read: (text) => ({ split: readSplit(text) }),
    write: (state) => state.split.replace(/\s+/g, ''),
  },
  {
    key: 'faces',
    about:
      "Mid-roll advice: each die's face in the split's order (intent by intent, each high to low), e.g. `3,4`; an empty place is a die not given yet",
    core: ['advice'],
    // Read after `explode`: with Warrior a face is the die's chain total, past its sides.
    read: (text, state) => {
      const words = text.split(',');
      // A roll has at most a pool's dice (the area die among them): more faces than that are
      // refused before reading any.
      if (words.length > PAGE_LIMITS.poolDice)
        throw invalid(
          'faces',
          text,
          `at most ${PAGE_LIMITS.poolDice} faces, one for each die of the split`,
        );
      return {
        faces: words.map((word, i) =>
          word === ''
            ? null
            : readIntegerText(
                word,
                `faces[${i}]`,
                1,
                mostFace(Math.max(...DIE_SIDES), state.explode),
              ),
        ),
      };
    },
    write: (state) => state.faces.map((f) => (f === null ? '' : String(f))).join(','),
  },
  integerKey(
    'defence',
    'defence',
    1,
    2 * PAGE_LIMITS.vs,
    "Mid-roll advice: the Challenge die's face, 1 to 2C",
    ['advice'],
  ),
  // Up to the largest whole number a double holds, as the engine takes: past it the page
  // would write the number back as `1e+23`, a link it cannot read.
  integerKey(
    'aura-pending',
    'auraPending',
    0,
    Number.MAX_SAFE_INTEGER,
    'Mid-roll advice with late Aura: top faces rolled so far this roll, rerolled dice included, a whole number ≥ 0 (`--aura-pending`)',
  ),
  integerKey(
    'vs2',
    'vs2',
    1,
    PAGE_LIMITS.vs,
    `Mid-roll advice: a second threat's Challenge, 1 to ${PAGE_LIMITS.vs} (the second \`--vs\`)`,
  ),
  integerKey(
    'defence2',
    'defence2',
    1,
    2 * PAGE_LIMITS.vs,
    "Mid-roll advice: the second threat's Challenge die's face (the second `--defence`)",
  ),
  {
    key: 'aim',
    about:
      'Mid-roll advice with two threats: the threat each intent aims at, intent by intent, e.g. `A,B` (`d4@B`)',
    read: (text) => {
      const letters = text.split(',');
      if (letters.length > PAGE_LIMITS.poolDice || letters.some((l) => !/^[AB]$/i.test(l)))
        throw invalid(
          'aim',
          text,
          `A or B for each intent, e.g. A,B (at most ${PAGE_LIMITS.poolDice})`,
        );
      return { aim: letters.map((l) => (l.toUpperCase() === 'B' ? 1 : 0)) };
    },
    write: (state) =>
      state.aim.some((t) => t > 0)
        ? state.aim.map((t) => (t > 0 ? 'B' : 'A')).join(',')
        : undefined,
  },
  {
    key: 'area',
    about:
      "Mid-roll advice: the Elementalist's area die, e.g. `d4` (`area:d4`); its face is the last of `faces`",
    read: (text) => {
      const sides = Number(/^d(\d+)$/i.exec(text)?.[1]);
      if (!(DIE_SIDES as readonly number[]).includes(sides))
        throw invalid('area', text, `a die ${DICE_ALLOWED}`);
      return { area: sides };
    },
    write: (state) => (state.area === undefined ? undefined : `d${state.area}`),
  },
  integerKey(
    'max-rounds',
    'maxRounds',
    1,
    PAGE_LIMITS.maxRounds,
    `Fight: rounds before the fight is called, 1 to ${PAGE_LIMITS.maxRounds} (\`--max-rounds\`, default ${PAGE_DEFAULTS.maxRounds})`,
    ['fight'],
  ),
  integerKey(
    'titles',
    'titles',
    0,
    PAGE_LIMITS.titles,
    `Fight: Resolve at the start of the fight, 0 to ${PAGE_LIMITS.titles} (\`--titles\`, default ${PAGE_DEFAULTS.titles})`,
    ['fight'],
  ),
  choiceKey(
    'fight-policy',
    'fightPolicy',
    FIGHT_POLICIES,
    `Fight: ${FIGHT_POLICIES.join(' or ')} play (\`--fight-policy\`, default ${PAGE_DEFAULTS.fightPolicy})`,
    ['fight'],
  ),
  integerKey(
    'ring',
    'ring',
    1,
    PAGE_LIMITS.ring,
    `Ring and Skill: Ring dice (d6), 1 to ${PAGE_LIMITS.ring} (\`--ring\`)`,
    ['ring-skill'],
  ),
  integerKey(
    'skill',
    'skill',
    0,
    PAGE_LIMITS.skill,
    `Ring and Skill: Skill dice (d12), 0 to ${PAGE_LIMITS.skill} (\`--skill\`)`,
    ['ring-skill'],
  ),
  integerKey(
    'tn',
    'tn',
    1,
    PAGE_LIMITS.tn,
    `Ring and Skill: the target number, 1 to ${PAGE_LIMITS.tn} (\`--tn\`)`,
    ['ring-skill'],
  ),
  integerKey(
    'explode-depth',
    'explodeDepth',
    0,
    PAGE_LIMITS.explodeDepth,
    `Ring and Skill: most explosion waves, 0 to ${PAGE_LIMITS.explodeDepth} (\`--explode-depth\`, default ${PAGE_DEFAULTS.explodeDepth})`,
  ),
  integerKey(
    'rerolls',
    'rerolls',
    0,
    PAGE_LIMITS.rerolls,
    `Ring and Skill: dice of the first roll that may be rerolled once, 0 to ${PAGE_LIMITS.rerolls} (\`--rerolls\`, default ${PAGE_DEFAULTS.rerolls})`,
  ),
  choiceKey(
    'keep-for',
    'keepFor',
    RING_SKILL_OBJECTIVES,
    `Ring and Skill: what keeping plays for, ${RING_SKILL_OBJECTIVES.join(', ')} (\`--objective\`, default ${PAGE_DEFAULTS.keepFor})`,
    [],
  ),
  facesKey('ring-faces', 'ringFaces', 'ring', RING_FACES.length),
  facesKey('skill-faces', 'skillFaces', 'skill', SKILL_FACES.length),
];

/** Every key a link may hold, `v` and `view` first, then the fields' keys. */
export const LINK_KEYS: readonly string[] = ['v', 'view', ...FRAGMENT_KEYS.map((k) => k.key)];

/**
 * What a key the page does not read is told it should be; the message goes on with every one of
 * {@link LINK_KEYS} (a line for the CLI's user, a fold on a phone's screen: app.tsx).
 */
export const UNKNOWN_KEY_EXPECTED = 'a key of this page';

/** What a fragment said: the state, and one line for each part of it that could not be used. */
export interface ReadFragment {
  readonly state: PageState;
  readonly problems: readonly string[];
}

/**
 * Reads a URL fragment ("#v=1&view=splits&steps=7…"). Absent keys take `PAGE_DEFAULTS`; a key
 * that cannot be read keeps its default and adds a problem line naming the key, the value and
 * what is allowed. O(keys).
 * @example readFragment('#v=1&view=splits&steps=7&vs=4').state.steps // 7
 */
export function readFragment(hash: string): ReadFragment {
  // A fragment is not a form: `+` is a plus (a split's d8+d4 typed by hand), where
  // URLSearchParams would read a space; a space comes as %20.
  const params = new URLSearchParams(hash.replace(/^#/, '').replace(/\+/g, '%2B'));
  const problems: string[] = [];
  let state: PageState = PAGE_DEFAULTS;
  const known = new Set(LINK_KEYS);
  for (const [key, value] of params) {
    if (!known.has(key)) {
      // The key is anyone's text too: cut as a value would be.
      const shown =
        key.length > SHOWN_VALUE_CHARS ? `${key.slice(0, SHOWN_VALUE_CHARS - 3)}...` : key;
      problems.push(
        invalid(shown, value, `${UNKNOWN_KEY_EXPECTED}: ${LINK_KEYS.join(', ')}`).message,
      );
    }
  }
  const version = params.get('v');
  if (version !== null && version !== String(PAGE_VERSION))
    problems.push(
      invalid('v', version, `${PAGE_VERSION}: this page reads version ${PAGE_VERSION} links`)
        .message,
    );
  const view = params.get('view');
  if (view !== null) {
    if ((VIEWS as readonly string[]).includes(view)) state = { ...state, view: view as View };
    else problems.push(invalid('view', view, VIEW_LABEL).message);
  }
  for (const spec of FRAGMENT_KEYS) {
    const text = params.get(spec.key);
    if (text === null) continue;
    try {
      state = { ...state, ...spec.read(text, state) };
    } catch (error) {
      // A link is anyone's text: whatever a key's reader throws, the page names the key and
      // answers the rest, rather than go blank.
      problems.push(
        error instanceof InputError
          ? error.message
          : invalid(spec.key, text, `a value this page can read (${String(error)})`).message,
      );
    }
  }
  // A key given twice (a link edited by adding `&steps=9` to its end): the first stands, said
  // after what its value's reading said.
  for (const key of known) {
    const values = params.getAll(key);
    if (values.length > 1)
      problems.push(
        invalid(
          key,
          values.map((value) => `${key}=${value}`).join('&'),
          `each key once; the first, ${key}=${values[0]}, is used`,
        ).message,
      );
  }
  // The area die's face, when there is one, follows the split's.
  const area = state.area === undefined ? 0 : 1;
  const dice = splitDice(state.split).length + area;
  if (state.faces.length > dice) {
    problems.push(
      invalid(
        'faces',
        params.get('faces'),
        `at most ${dice} faces, one for each die of ${state.split}${area ? ' and the area die' : ''}; the rest are left out`,
      ).message,
    );
    state = { ...state, faces: state.faces.slice(0, dice) };
  }
  if (state.aura !== undefined && state.aura > state.auraMax) {
    problems.push(
      invalid('aura', state.aura, integerText(0, `aura-max (${state.auraMax})`)).message,
    );
    state = { ...state, aura: undefined };
  }
  return { state, problems };
}

/**
 * The fragment of a state: `v=1&view=…`, then the view's own keys, then every other key that
 * is not at its default (so a link carries the whole page's state, shortly). O(keys).
 * @example writeFragment({ ...PAGE_DEFAULTS, steps: 7 }) // "v=1&view=splits&steps=7&actions=1&vs=3&tags=2&objective=wins"
 */
export function writeFragment(state: PageState): string {
  const params = new URLSearchParams({ v: String(PAGE_VERSION), view: state.view });
  for (const spec of FRAGMENT_KEYS) {
    const text = spec.write(state);
    if (text === undefined) continue;
    const core = spec.core?.includes(state.view) ?? false;
    if (core || text !== spec.write(PAGE_DEFAULTS)) params.set(spec.key, text);
  }
  // Keep "|" and "," readable in a link: URLSearchParams escapes more than a fragment needs.
  // Its `+` is a space, which readFragment reads as %20.
  return params.toString().replace(/%7C/g, '|').replace(/%2C/g, ',').replace(/\+/g, '%20');
}
