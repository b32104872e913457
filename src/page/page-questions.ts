import type { SplitObjective } from '../systems/zidara/analyses/splits.ts';
import type { FightPolicy } from '../systems/zidara/fight/fight.ts';
import {
  RULE_VARIANT_NAMES,
  type RuleVariantName,
  ruleOption,
} from '../systems/zidara/roll/rule-options.ts';
import { formatSplit, splitsOfPool } from '../systems/zidara/roll/split.ts';
import type { RollSetup } from '../systems/zidara/roll/split-roll.ts';
import { PAGE_DEFAULTS, type PageState, type RuleVariantValues, writePool } from './page-state.ts';

/**
 * The questions the page sends its worker, built from the page's state: plain data (they cross
 * to the worker by structured clone), in the library's own terms.
 */

/** Best split: what `dicelab zidara splits` ranks for the same flags. */
export interface SplitsQuestion {
  /** Steps and actions (every legal pool), or… */
  readonly steps?: number;
  readonly actions?: number;
  /** …every split of one set pool. */
  readonly pool?: readonly number[];
  readonly challenge: number;
  /** Intent counts 1..tags. */
  readonly intents: readonly number[];
  readonly objective: SplitObjective;
  readonly setup: RollSetup;
}

/** What if: the same Best split question under the rules page's defaults and under the page's rules. */
export interface WhatIfQuestion {
  readonly base: SplitsQuestion;
  readonly yours: SplitsQuestion;
}

/** Fight: the options `parseFight` reads (as `dicelab zidara fight` builds them from its flags). */
export interface FightQuestion extends Partial<RuleVariantValues> {
  readonly challenge: number;
  readonly tags: number;
  readonly steps?: number;
  readonly actions?: number;
  readonly pool?: readonly number[];
  readonly titles: number;
  readonly maxRounds: number;
  readonly fightPolicy: FightPolicy;
  readonly aura?: number;
  readonly auraMax: number;
  readonly boostsPerRoll: number;
  readonly tieBreak: boolean;
  readonly explode: boolean;
  readonly auraGainUsableSameRoll: boolean;
  readonly auraValue: number;
  readonly resolveValue: number;
}

/** Mid-roll advice: the split rolled, the faces showing, and what the character holds now. */
export interface AdviceQuestion {
  /** In the notation ("d8 | d4"); its dice in order are the faces' dice. */
  readonly split: string;
  readonly challenge: number;
  /** Each die's face (all given). */
  readonly shown: readonly number[];
  /** The Challenge die's face. */
  readonly defence: number;
  /** With `aura` and `resolve`: what is held now. */
  readonly setup: RollSetup;
  /** Late Aura only: top faces rolled so far this roll. */
  readonly auraPending?: number;
  /** A second threat: its Challenge and its die's face, and the threat each intent aims at. */
  readonly second?: {
    readonly challenge: number;
    readonly defence: number;
    readonly aim: readonly number[];
  };
  /** The area die's sides; its face is the last of `shown`. */
  readonly area?: number;
}

/**
 * The key of the page's state each field of a Zi'Dara question is read from, by the field's name
 * in the question, which is the library's and so the engine's refusals' ("maxRounds: 60 is not
 * allowed …"): the page names a refusal by the field that holds it.
 */
export const QUESTION_FIELD_KEYS = {
  challenge: 'vs',
  tags: 'tags',
  intents: 'tags',
  steps: 'steps',
  actions: 'actions',
  pool: 'pool',
  objective: 'objective',
  titles: 'titles',
  maxRounds: 'maxRounds',
  fightPolicy: 'fightPolicy',
  aura: 'aura',
  auraMax: 'auraMax',
  resolve: 'resolve',
  boostsPerRoll: 'boosts',
  tieBreak: 'defending',
  explode: 'explode',
  auraGainUsableSameRoll: 'lateAura',
  auraValue: 'auraValue',
  resolveValue: 'resolveValue',
  auraPending: 'auraPending',
  ...(Object.fromEntries(RULE_VARIANT_NAMES.map((name) => [name, name])) as {
    readonly [N in RuleVariantName]: N;
  }),
} as const satisfies Readonly<Record<string, keyof PageState>>;

/** A key of the page's state that a question's field is read from. */
export type QuestionFieldKey = (typeof QUESTION_FIELD_KEYS)[keyof typeof QUESTION_FIELD_KEYS];

/**
 * The character's roll options from the page's state (Aura absent: full), as
 * `dicelab zidara`'s character flags set them.
 * @example rollSetup(PAGE_DEFAULTS).tieBreak // true
 */
export function rollSetup(state: PageState): RollSetup {
  return {
    ...(state.aura === undefined ? {} : { aura: state.aura }),
    auraMax: state.auraMax,
    resolve: state.resolve,
    boostsPerRoll: state.boosts,
    tieBreak: !state.defending,
    explode: state.explode,
    auraGainUsableSameRoll: !state.lateAura,
    auraValue: state.auraValue,
    resolveValue: state.resolveValue,
    ...variantsOf(state),
  };
}

/**
 * The state's rule variants that are not the rules page's, each under its spec field (see
 * `RULE_OPTIONS`): a question of the rules page reads as it always has.
 */
export function variantsOf(state: PageState): Partial<RuleVariantValues> {
  return Object.fromEntries(
    RULE_VARIANT_NAMES.filter((name) => state[name] !== PAGE_DEFAULTS[name]).map((name) => [
      name,
      state[name],
    ]),
  );
}

/** Intent counts 1..T for a threat with T tags. @example intentCounts(3) // [1, 2, 3] */
export function intentCounts(tags: number): number[] {
  return Array.from({ length: tags }, (_, i) => i + 1);
}

/** The Best split question of a state. @example splitsQuestion(PAGE_DEFAULTS).intents // [1, 2] */
export function splitsQuestion(state: PageState): SplitsQuestion {
  return {
    ...(state.pool ? { pool: state.pool } : { steps: state.steps, actions: state.actions }),
    challenge: state.vs,
    intents: intentCounts(state.tags),
    objective: state.objective,
    setup: rollSetup(state),
  };
}

/** The state's rules put back to the rules page's (Aura now kept, within the default cap). */
export function withDefaultRules(state: PageState): PageState {
  const D = PAGE_DEFAULTS;
  return {
    ...state,
    auraMax: D.auraMax,
    boosts: D.boosts,
    defending: D.defending,
    explode: D.explode,
    lateAura: D.lateAura,
    resolve: D.resolve,
    ...Object.fromEntries(RULE_VARIANT_NAMES.map((name) => [name, D[name]])),
    aura: state.aura === undefined ? undefined : Math.min(state.aura, D.auraMax),
  };
}

/**
 * The What if question of a state: its Best split question under the rules page's defaults
 * (Aura cap, +2s, ties bought, Warrior, late Aura, Resolve) and under the state's own rules.
 * @example whatIfQuestion({ ...PAGE_DEFAULTS, boosts: 0 }).base.setup.boostsPerRoll // 1
 */
export function whatIfQuestion(state: PageState): WhatIfQuestion {
  return { base: splitsQuestion(withDefaultRules(state)), yours: splitsQuestion(state) };
}

/**
 * The What if question on the command line: the analysis under the defaults, `--against` the
 * state's rule flags.
 * @example whatIfCommand({ ...PAGE_DEFAULTS, boosts: 0 }) // 'dicelab zidara splits --steps 8 --vs 3 --intents 1-2 --against "--boosts 0"'
 */
export function whatIfCommand(state: PageState): string {
  const base = splitsCommand(withDefaultRules(state));
  const rules = characterFlags(state, true).filter(
    (flag) => !characterFlags(withDefaultRules(state), true).includes(flag),
  );
  return rules.length ? `${base} --against "${rules.join(' ')}"` : base;
}

/** The Fight question of a state (Resolve is the Titles). @example fightQuestion(PAGE_DEFAULTS).titles // 2 */
export function fightQuestion(state: PageState): FightQuestion {
  const { resolve: _resolve, ...setup } = rollSetup(state);
  return {
    challenge: state.vs,
    tags: state.tags,
    ...(state.pool ? { pool: state.pool } : { steps: state.steps, actions: state.actions }),
    titles: state.titles,
    maxRounds: state.maxRounds,
    fightPolicy: state.fightPolicy,
    ...(setup as Omit<
      FightQuestion,
      'challenge' | 'tags' | 'titles' | 'maxRounds' | 'fightPolicy'
    >),
  };
}

/**
 * The Mid-roll question of a state, or undefined while a face is missing.
 * @example adviceQuestion({ ...PAGE_DEFAULTS, faces: [3, 4], defence: 5 }, 2)?.shown // [3, 4]
 */
export function adviceQuestion(state: PageState, dice: number): AdviceQuestion | undefined {
  // The area die's face follows the split's.
  const count = dice + (state.area === undefined ? 0 : 1);
  const shown = state.faces.slice(0, count);
  if (shown.length < count || shown.some((f) => f === null || f === undefined)) return undefined;
  if (state.defence === undefined) return undefined;
  if (state.vs2 !== undefined && state.defence2 === undefined) return undefined;
  const intents = state.split.split(' | ').length;
  return {
    split: state.split,
    challenge: state.vs,
    shown: shown as number[],
    defence: state.defence,
    setup: rollSetup(state),
    ...(state.lateAura ? { auraPending: state.auraPending } : {}),
    ...(state.vs2 === undefined
      ? {}
      : {
          second: {
            challenge: state.vs2,
            defence: state.defence2 as number,
            aim: Array.from({ length: intents }, (_, i) => state.aim[i] ?? 0),
          },
        }),
    ...(state.area === undefined ? {} : { area: state.area }),
  };
}

/**
 * The Mid-roll question on the command line (each die with its face, as `advise` reads them).
 * @example adviceCommand({ ...PAGE_DEFAULTS, split: 'd8 | d4', faces: [3, 4], defence: 5 }) // "dicelab zidara advise d8=3 d4=4 --vs 3 --defence 5"
 */
export function adviceCommand(state: PageState): string {
  const faces = [...state.faces];
  const words = state.split.split(' | ').map((intent, i) => {
    const dice = intent
      .split('+')
      .map((die) => `${die}=${faces.shift() ?? '?'}`)
      .join('+');
    // A die aimed at B: the face goes after the letter (d4@B=4; stacked: d6+d4@B=3,5).
    if (state.vs2 === undefined || !state.aim[i]) return dice;
    const sides = dice.split('+').map((d) => d.split('=')[0]);
    const shown = dice.split('+').map((d) => d.split('=')[1]);
    return `${sides.join('+')}@B=${shown.join(',')}`;
  });
  if (state.area !== undefined) words.push(`area:d${state.area}=${faces.shift() ?? '?'}`);
  const flags = [`--vs ${state.vs}`];
  if (state.vs2 !== undefined) flags.push(`--vs ${state.vs2}`);
  flags.push(`--defence ${state.defence ?? '?'}`);
  if (state.vs2 !== undefined) flags.push(`--defence ${state.defence2 ?? '?'}`);
  flags.push(...characterFlags(state, true));
  if (state.lateAura) flags.push(`--aura-pending ${state.auraPending}`);
  return ['dicelab zidara advise', ...words, ...flags].join(' ');
}

/**
 * The same question on the command line, for designers and for checking the page: the flags
 * whose values are not the defaults, plus the question's own.
 * @example splitsCommand(PAGE_DEFAULTS) // "dicelab zidara splits --steps 8 --vs 3 --intents 1-2"
 */
export function splitsCommand(state: PageState): string {
  const words = ['dicelab zidara splits'];
  if (state.pool) words.push(onlyFlag(state.pool, intentCounts(state.tags)));
  else {
    words.push(`--steps ${state.steps}`);
    if (state.actions !== PAGE_DEFAULTS.actions) words.push(`--actions ${state.actions}`);
  }
  words.push(`--vs ${state.vs}`);
  // A pool's splits are listed already, each with its intents.
  if (!state.pool) words.push(`--intents ${state.tags === 1 ? '1' : `1-${state.tags}`}`);
  // Play for P(all won) gives Aura and Resolve left no worth (the command refuses their flags).
  words.push(...characterFlags(state, true, state.objective !== 'all'));
  if (state.objective !== PAGE_DEFAULTS.objective) words.push(`--objective ${state.objective}`);
  return words.join(' ');
}

/**
 * The Fight question on the command line.
 * @example fightCommand(PAGE_DEFAULTS) // "dicelab zidara fight --vs 3 --tags 2 --steps 8"
 */
export function fightCommand(state: PageState): string {
  const words = ['dicelab zidara fight', `--vs ${state.vs}`, `--tags ${state.tags}`];
  if (state.pool) words.push(`--pool "${state.pool.map((n) => `d${n}`).join(' ')}"`);
  else {
    words.push(`--steps ${state.steps}`);
    if (state.actions !== PAGE_DEFAULTS.actions) words.push(`--actions ${state.actions}`);
  }
  if (state.titles !== PAGE_DEFAULTS.titles) words.push(`--titles ${state.titles}`);
  if (state.maxRounds !== PAGE_DEFAULTS.maxRounds) words.push(`--max-rounds ${state.maxRounds}`);
  if (state.fightPolicy !== PAGE_DEFAULTS.fightPolicy)
    words.push(`--fight-policy ${state.fightPolicy}`);
  // Whole-fight play is for P(win) alone, Aura and Resolve left worth nothing (the command
  // refuses their flags).
  words.push(...characterFlags(state, false, state.fightPolicy !== 'whole-fight'));
  return words.join(' ');
}

/** Most splits a command line lists one by one; past it, the command says what it stands for. */
const MOST_LISTED = 24;

/** `--only` with every split of a pool into the allowed intent counts, each quoted. */
function onlyFlag(pool: readonly number[], intents: readonly number[]): string {
  let candidates: string[] = [];
  try {
    candidates = splitsOfPool(pool, intents).map(formatSplit);
  } catch {
    // Too many to list (the page says so when it ranks them).
  }
  if (candidates.length === 0 || candidates.length > MOST_LISTED)
    return `--only <every split of ${writePool(pool)} into ${intents.length === 1 ? '1 intent' : `1 to ${intents.length} intents`}>`;
  return `--only ${candidates.map((split) => `"${split}"`).join(' ')}`;
}

/** The character's flags; `withValues` false: not the worths of Aura and Resolve left. */
function characterFlags(state: PageState, withResolve: boolean, withValues = true): string[] {
  const D = PAGE_DEFAULTS;
  const flags: string[] = [];
  if (state.aura !== undefined) flags.push(`--aura ${state.aura}`);
  if (state.auraMax !== D.auraMax) flags.push(`--aura-max ${state.auraMax}`);
  if (withResolve && state.resolve !== D.resolve) flags.push(`--resolve ${state.resolve}`);
  if (state.boosts !== D.boosts) flags.push(`--boosts ${state.boosts}`);
  if (state.explode) flags.push('--explode');
  if (state.defending) flags.push('--defending');
  if (state.lateAura) flags.push('--late-aura');
  if (withValues && state.auraValue !== D.auraValue) flags.push(`--aura-value ${state.auraValue}`);
  if (withValues && state.resolveValue !== D.resolveValue)
    flags.push(`--resolve-value ${state.resolveValue}`);
  for (const name of RULE_VARIANT_NAMES) {
    const value = state[name];
    if (value === D[name]) continue;
    const flag = ruleOption(name).flag.name;
    flags.push(typeof value === 'boolean' ? flag : `${flag} ${value}`);
  }
  return flags;
}
