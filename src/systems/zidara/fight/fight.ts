import { range } from 'd3-array';
import { z } from '#zod';
import { formatCount } from '../../../format/format-count.ts';
import { choice, integer } from '../../../input/field-schemas.ts';
import { InputError, invalid, missing } from '../../../input/input-error.ts';
import { parseSpec } from '../../../input/issue-messages.ts';
import { popcount } from '../../popcount.ts';
import { valueKeySpaceOf } from '../engine/roll-model.ts';
import {
  PLAY_DEFAULTS,
  REROLL_KINDS,
  type RerollKinds,
  type RollEnding,
  type RollOdds,
} from '../engine/roll-play.ts';
import { RollSolver } from '../engine/roll-solver.ts';
import { SolvePrograms } from '../engine/solve-program.ts';
import { challengeDie, DIE_SIDES, legalPools } from '../roll/pool.ts';
import {
  checkAura,
  ROLL_DEFAULTS,
  ROLL_LIMITS,
  ROLL_OPTION_FIELDS,
  ROLL_OPTION_SCHEMAS,
  type Roll,
  rollWith,
} from '../roll/spec.ts';
import { formatSplit, type Split, splitsOfPool } from '../roll/split.ts';
import { type RollSetup, splitRoll } from '../roll/split-roll.ts';

/**
 * A fight (rules/zidara.md, "Scenes"): one threat with Challenge C and T tags. Each round the
 * player makes one roll; every intent won strips a tag; Aura starts full and carries from roll
 * to roll, Resolve starts at `titles` and only goes down; the fight ends when no tags are left
 * or after `maxRounds`.
 */
export interface FightOptions extends Omit<RollSetup, 'resolve' | 'policy'> {
  readonly challenge: number;
  readonly tags: number;
  /** A set pool (die sides), or… */
  readonly pool?: readonly number[];
  /** …the steps of the set action, whose best legal pool is chosen each round. */
  readonly steps?: number;
  /** Actions in each roll (each gives one split). @defaultValue {@link FIGHT_DEFAULTS}.actions */
  readonly actions?: number;
  /** Titles: Resolve at the start of the fight, and its cap. @defaultValue {@link FIGHT_DEFAULTS}.titles */
  readonly titles?: number;
  /** Rounds before the fight is called. @defaultValue {@link FIGHT_DEFAULTS}.maxRounds */
  readonly maxRounds?: number;
  /**
   * How each round is played: 'per-roll', the rules' default, each roll's split and decisions
   * optimal for that roll's utility; or 'whole-fight', every round played to maximise P(the
   * threat falls within maxRounds), solved backwards over the fight's states.
   * @defaultValue {@link FIGHT_DEFAULTS}.fightPolicy
   */
  readonly fightPolicy?: FightPolicy;
}

/** How a fight's rounds are played: each roll for itself, or every round for the whole fight. */
export const FIGHT_POLICIES = ['per-roll', 'whole-fight'] as const;
/** One of `FIGHT_POLICIES`. */
export type FightPolicy = (typeof FIGHT_POLICIES)[number];
/** Why whole-fight play takes no worth of Aura or Resolve left (refused where one is set). */
export const WHOLE_FIGHT_PLAY = 'whole-fight play is for P(win within the rounds) alone';

/** A fight's defaults (the rules page's "Scenes"). */
export const FIGHT_DEFAULTS = {
  /** Titles: Resolve at the start of a fight and its cap. */
  titles: 2,
  /** Rounds before a fight is called. */
  maxRounds: 8,
  /** Actions in each round's roll. */
  actions: 1,
  /** Each roll played for its own utility. */
  fightPolicy: 'per-roll',
} as const satisfies Record<string, unknown> & { fightPolicy: FightPolicy };

/**
 * Bounds that keep an exact fight within reach: each reachable (tags, Aura, Resolve) state solves
 * every split of every pool, so a fight's pools are smaller than one roll's; and the fields
 * bound one another through `work` (see `fightWork`), as a fight's cost is their product.
 */
export const FIGHT_LIMITS = {
  /** A threat's tags. */
  tags: 10,
  /** Dice in a fight's pool. */
  poolDice: 8,
  /** Steps of a fight's set action. */
  steps: 36,
  /** Actions in each round's roll. */
  actions: 4,
  /** Rounds before a fight is called. */
  maxRounds: 50,
  /**
   * Round solves an exact fight may take (`fightWork`: rounds × the candidate splits of
   * every tag count): the largest fights the speed issue asks for (18 steps, 6 tags, 12 rounds,
   * whole-fight play: 4,548) and no larger, as each solve costs milliseconds of a split's
   * states — a fight at every other limit at once (36 steps, 10 tags, 50 rounds) would take hours.
   */
  work: 5000,
  /**
   * Whole-fight play: the dice-and-Aura states its solves may walk, rounds × those of every
   * candidate split of a round (`fightStates`): about twice the largest fight the speed
   * issue names (18 steps, 6 tags, 12 rounds against C5: 85,503,600), so that it fits against C6
   * and with 3 Titles too, and not much larger (24 steps, 4 tags, 4 rounds: 270,914,400, took
   * 21 s and 1.7 GB).
   */
  states: 180_000_000,
  /**
   * The states of its largest candidate split × its Resolve levels squared (`fightStates`),
   * × the rounds of a whole fight: a measure fitted to what was measured, as a split of many dice
   * or intents has tables too large for the processor's caches, and Titles multiply the starts a
   * round's figures are followed from as well as the states. Measured on one thread: within it,
   * whole-fight play of 5 d12 in 5 intents against C5, 8 rounds (40,500,000), 6 s, and per-roll
   * play of 30 steps and 3 tags (25,312,500), 6 s; past it, 6 d12 in 6 intents, 3 whole-fight
   * rounds (75,937,500), 19 s and 1 GB, and per-roll play of 18 steps and 6 tags against C10
   * with 10 Titles (99,825,000), 10 s.
   */
  splitStates: 50_000_000,
} as const;

/**
 * What an exact fight costs, in round solves: every candidate split of every pool, for every tag
 * count a round can start with, once per round (whole-fight play solves each round afresh, and
 * per-roll play meets new states round after round).
 * @example fightWork(parseFight({ challenge: 5, tags: 6, steps: 18, maxRounds: 12 })) // 4548
 */
export function fightWork(fight: Pick<Fight, 'pools' | 'tags' | 'maxRounds'>): number {
  return fight.maxRounds * candidateSplits(fight.pools, fight.tags);
}

/**
 * What an exact fight's solves walk, in dice-and-Aura states (a solve's tables: its split's dice
 * states × Aura states × Resolve levels × the threat's defences), by the most intents a split may
 * have (index t: the splits into at most t intents). A round solves every candidate split once
 * (its counts of tags share the solve; with Aura that arrives late, once per Aura held):
 * `round[t]`, their states summed; `largest[t]`, the largest split's × Resolve levels squared
 * (see `FIGHT_LIMITS.splitStates`).
 * @example fightStates(parseFight({ challenge: 5, tags: 6, steps: 18 })).round[6] // 7125300
 */
export function fightStates(
  fight: Pick<Fight, 'pools' | 'tags' | 'challenge' | 'setup' | 'startAura' | 'titles' | 'auraMax'>,
): { round: number[]; largest: number[] } {
  const round = new Array<number>(fight.tags + 1).fill(0);
  const largest = new Array<number>(fight.tags + 1).fill(0);
  const levels = fight.titles + 1;
  const solves = fight.setup.auraGainUsableSameRoll === false ? fight.auraMax + 1 : 1;
  const perSolve = levels * challengeDie(fight.challenge);
  for (const pool of fight.pools) {
    for (const split of roundSplits(pool, fight.tags)) {
      const roll = splitRoll(split, fight.challenge, {
        ...fight.setup,
        aura: fight.startAura,
        resolve: fight.titles,
      });
      // Counted, not built: a split too large to solve would not fit in memory.
      const states = valueKeySpaceOf(roll) * (roll.auraMax + 1) * perSolve;
      for (let t = split.length; t <= fight.tags; t++) {
        round[t]! += states * solves;
        largest[t] = Math.max(largest[t]!, states * solves * levels * levels);
      }
    }
  }
  return { round, largest };
}

/** The candidate splits of every tag count from 1 to `tags`, summed. */
function candidateSplits(pools: readonly (readonly number[])[], tags: number): number {
  let n = 0;
  for (let t = 1; t <= tags; t++) for (const pool of pools) n += roundSplits(pool, t).length;
  return n;
}

/** A fight's validated options, defaults filled in. */
export interface Fight {
  readonly challenge: number;
  readonly tags: number;
  /** The pools a round may roll: the set pool, or every legal pool for the steps. */
  readonly pools: readonly (readonly number[])[];
  readonly titles: number;
  readonly maxRounds: number;
  readonly setup: RollSetup;
  readonly auraMax: number;
  readonly startAura: number;
  readonly fightPolicy: FightPolicy;
  /** The fight as a JSON spec, every field explicit: what the simulator's workers are given. */
  readonly spec: Readonly<Record<string, unknown>>;
}

/** Roll options a fight passes on to each round's roll, as they are (Resolve is `titles`). */
const FIGHT_SETUP_FIELDS = [
  ...ROLL_OPTION_FIELDS.filter((field) => field !== 'aura' && field !== 'resolve'),
  'rerolls',
] as const;

const { resolve: _resolve, ...setupSchemas } = ROLL_OPTION_SCHEMAS;
const dieSides = z.literal(DIE_SIDES, { error: `one of ${DIE_SIDES.join(', ')}` });
/**
 * What a fight spec's pool may be, as its refusal and `zidara fight --help` say: a number of
 * dice, each given by its sides (not the `--pool` flag's "d12 d4").
 */
export const FIGHT_POOL_ALLOWED = `1 to ${FIGHT_LIMITS.poolDice} dice, each by its sides, such as [12, 4]`;

/** The shape of a fight spec; what ties its fields together is checked by {@link parseFight}. */
export const fightSpecSchema = z.strictObject(
  {
    challenge: integer(1, ROLL_LIMITS.challenge),
    tags: integer(1, FIGHT_LIMITS.tags),
    pool: z
      .array(dieSides, { error: FIGHT_POOL_ALLOWED })
      .min(1, { error: FIGHT_POOL_ALLOWED })
      .max(FIGHT_LIMITS.poolDice, { error: FIGHT_POOL_ALLOWED })
      .optional(),
    steps: integer(1, FIGHT_LIMITS.steps).optional(),
    actions: integer(1, FIGHT_LIMITS.actions).optional(),
    titles: integer(0, ROLL_LIMITS.resolve).optional(),
    maxRounds: integer(1, FIGHT_LIMITS.maxRounds).optional(),
    fightPolicy: choice(FIGHT_POLICIES).optional(),
    aura: z.unknown().optional(),
    ...(Object.fromEntries(
      Object.entries(setupSchemas).map(([field, schema]) => [field, schema.optional()]),
    ) as { [F in keyof typeof setupSchemas]: z.ZodOptional<(typeof setupSchemas)[F]> }),
    rerolls: choice(REROLL_KINDS).optional(),
  },
  { error: 'an object' },
);

/** Validates fight options (JSON or typed); `where` prefixes field names. */
export function parseFight(input: unknown, where = ''): Fight {
  const o = parseSpec(fightSpecSchema, input, where);
  const f = (name: string) => `${where}${name}`;
  const { challenge, tags } = o;
  let pools: number[][];
  if (o.pool === undefined && o.steps === undefined)
    throw missing(f('pool'), 'a set pool (e.g. [12, 4]) or steps');
  if (o.pool !== undefined && o.steps !== undefined) {
    throw invalid(f('steps'), o.steps, 'either a set pool (e.g. [12, 4]) or steps, not both');
  }
  if (o.pool !== undefined) {
    pools = [[...o.pool].sort((a, b) => b - a)];
    if (o.actions !== undefined)
      throw invalid(
        f('actions'),
        o.actions,
        'nothing with a set pool (actions shape pools from steps)',
      );
  } else {
    pools = legalPools(o.steps!, o.actions ?? FIGHT_DEFAULTS.actions).filter(
      (pool) => pool.length <= FIGHT_LIMITS.poolDice,
    );
  }
  const titles = o.titles ?? FIGHT_DEFAULTS.titles;
  const maxRounds = o.maxRounds ?? FIGHT_DEFAULTS.maxRounds;
  // Actions shape the pools as steps do: a fight of several names them both.
  const actions = o.actions ?? FIGHT_DEFAULTS.actions;
  const source =
    o.pool !== undefined
      ? `a pool of ${pools[0]!.length} dice`
      : actions > 1
        ? `${o.steps} steps and ${actions} actions`
        : `${o.steps} steps`;
  const cost = { tags, maxRounds, source, f };
  const fewer =
    o.pool !== undefined ? 'fewer dice' : actions > 1 ? 'fewer steps or actions' : 'fewer steps';
  const sourceField =
    o.pool === undefined ? { field: 'steps', value: o.steps } : { field: 'pool', value: o.pool };
  refuseCostly(cost, sourceField, (t) => candidateSplits(pools, t), maxRounds, {
    limit: FIGHT_LIMITS.work,
    rule: 'an exact fight takes at most',
    unit: 'round solves',
    instead: fewer,
  });
  const fightPolicy = o.fightPolicy ?? FIGHT_DEFAULTS.fightPolicy;
  const setupFields: Record<string, unknown> = {};
  for (const key of FIGHT_SETUP_FIELDS) if (o[key] !== undefined) setupFields[key] = o[key];
  const setup = setupFields as RollSetup;
  const auraMax = o.auraMax ?? ROLL_DEFAULTS.auraMax;
  const startAura = o.aura === undefined ? auraMax : checkAura(o.aura, auraMax, f('aura'));
  // A sample roll: what ties the roll options together is checked by the roll's own parser.
  try {
    splitRoll([[pools[0]![0]!]], challenge, { ...setup, aura: startAura, resolve: titles });
  } catch (error) {
    if (error instanceof InputError && error.field !== undefined)
      throw new InputError(`${where}${error.message}`, f(error.field));
    throw error;
  }
  // What its solves walk: every split's states each round of a whole fight; the largest split's.
  const states = fightStates({ pools, tags, challenge, setup, startAura, titles, auraMax });
  const unit = 'dice-and-Aura states';
  const rounds = fightPolicy === 'whole-fight' ? maxRounds : 1;
  // What lowers the states besides rounds and tags (a die's states do not depend on its size).
  const instead = `${fewer}, fewer Titles, fewer +2s a roll, a lower Aura cap or a lower Challenge`;
  if (fightPolicy === 'whole-fight')
    refuseCostly(cost, sourceField, (t) => states.round[t]!, rounds, {
      limit: FIGHT_LIMITS.states,
      rule: 'an exact whole fight walks at most',
      unit,
      instead,
    });
  refuseCostly(cost, sourceField, (t) => states.largest[t]!, rounds, {
    limit: FIGHT_LIMITS.splitStates,
    rule: 'an exact fight walks at most',
    unit,
    of: ` of its largest split × Resolve levels squared${rounds > 1 ? ', over its rounds' : ''}`,
    instead,
  });
  const given =
    o.pool === undefined
      ? { steps: o.steps, actions: o.actions ?? FIGHT_DEFAULTS.actions }
      : { pool: pools[0] };
  const spec = {
    ...setup,
    challenge,
    tags,
    ...given,
    titles,
    maxRounds,
    fightPolicy,
    aura: startAura,
    auraMax,
  };
  return {
    challenge,
    tags,
    pools,
    titles,
    maxRounds,
    setup,
    auraMax,
    startAura,
    fightPolicy,
    spec,
  };
}

/**
 * Refuses a fight whose cost, `rounds` × `round(tags)`, is past `limit`, naming the field to
 * lower: maxRounds when fewer rounds would do, else tags (the most that would do), else the
 * pool or the steps (`instead`: what else would do).
 */
function refuseCostly(
  fight: { tags: number; maxRounds: number; source: string; f: (name: string) => string },
  sourceField: { field: string; value: unknown },
  round: (tags: number) => number,
  rounds: number,
  words: { limit: number; rule: string; unit: string; of?: string; instead: string },
): void {
  const { tags, source, f } = fight;
  const perRound = round(tags);
  if (rounds * perRound <= words.limit) return;
  const why = `${words.rule} ${formatCount(words.limit)} ${words.unit}${words.of ?? ''}, and this one needs ${formatCount(perRound)} ${words.unit} a round for ${tags} tag${tags === 1 ? '' : 's'} with ${source}`;
  if (perRound <= words.limit)
    throw invalid(
      f('maxRounds'),
      fight.maxRounds,
      `at most ${Math.floor(words.limit / perRound)}: ${why}`,
    );
  let most = tags - 1;
  while (most >= 1 && round(most) > words.limit) most--;
  if (most >= 1) throw invalid(f('tags'), tags, `at most ${most} with ${source}: ${why}`);
  throw invalid(f(sourceField.field), sourceField.value, `${words.instead}: ${why}`);
}

/** What the player rolls in one round of a fight, and how that roll can end. */
export interface FightRound {
  readonly split: Split;
  readonly roll: Roll;
  /** Its figures, solved when first read (whole-fight play needs most rounds' values only). */
  readonly odds: RollOdds;
  /** The optimal expected utility of the roll: `odds.expectedUtility`, known without the odds. */
  readonly expectedUtility: number;
  /** The terminal utility the roll is played for (whole-fight play), else none. */
  readonly terminal?: readonly number[];
}

/**
 * The rules' default fight policy for a round with `tags` tags left, Aura `aura` and Resolve
 * `resolve`: of every pool and every split into at most `tags` intents, the one whose optimal
 * play has the highest expected utility (tags stripped + auraValue·Aura + resolveValue·Resolve
 * at the roll's end); ties go to the first in canonical order. One exact solve per candidate.
 */
export function fightRound(
  fight: Fight,
  tags: number,
  aura: number,
  resolve: number,
  worth?: RoundWorth,
): FightRound {
  return fightRounds(fight, tags, [{ aura, resolve }], worth)[0]!;
}

/** Where a round starts: the Aura and Resolve held. */
export interface RoundStart {
  readonly aura: number;
  readonly resolve: number;
}

/** What a round's ending is worth: (intents won, Aura and Resolve at the end) → utility. */
export type RoundWorth = (wins: number, auraEnd: number, resolveEnd: number) => number;

/**
 * {@link fightRound} for several starts with the same tags left at once. A candidate split's
 * rolls from every start differ only in the Aura and Resolve they start with, so one solve
 * of the split answers them all (`RollSolver.utilitiesFor`; with Aura that arrives late, the
 * Aura is part of the roll: one solve per Aura held). Candidates are ranked by their optimal
 * value alone (no forward pass); the chosen round's figures are solved when first read, with
 * the very solve that ranked it, so they are the figures a full solve of every candidate gives.
 * `rolls` may carry the rolls of earlier calls (keyed by candidate, Aura and Resolve).
 * @example fightRounds(parseFight({ challenge: 3, tags: 2, pool: [12, 4] }), 2, [{ aura: 5, resolve: 2 }, { aura: 0, resolve: 0 }]).map((r) => formatSplit(r.split))
 * // ["d12 | d4", "d12 | d4"]
 */
export function fightRounds(
  fight: Fight,
  tags: number,
  starts: readonly RoundStart[],
  worth?: RoundWorth,
  rolls: Map<string, Roll> = new Map(),
): FightRound[] {
  return fightRoundsOfTags(fight, [tags], starts, worth && (() => worth), rolls)[0]!;
}

/**
 * {@link fightRounds} for several counts of tags left at once, each played for its own worth
 * (`worthOf(tags)`): `[count][start]`. A split is a candidate of every count at least its
 * intents, and its rolls are the same for each, so one solve serves every count it is a
 * candidate of, one lane per count's terminal (`SolveOptions.terminals`): a whole fight's round
 * walks each split's states once, not once per count of tags.
 */
export function fightRoundsOfTags(
  fight: Fight,
  tagCounts: readonly number[],
  starts: readonly RoundStart[],
  worthOf?: (tags: number) => RoundWorth,
  rolls: Map<string, Roll> = new Map(),
): FightRound[][] {
  const round = new RoundSolve(fight, tagCounts, starts, worthOf, rolls);
  const utilities = round.candidates.map((_, k) => round.utilities(k));
  return round.choose(utilities);
}

/**
 * A solve of the figures of several rounds: a candidate's roll from each of their starts (`rolls`),
 * by one solver (of roll `cover`, with its rerolls and terminal). Plain data: a worker thread can
 * run it ({@link solveRoundOdds}).
 */
export interface RoundOddsSolve {
  readonly cover: Roll;
  readonly rerolls: RerollKinds;
  readonly terminal?: readonly number[];
  readonly rolls: readonly Roll[];
}

/** The figures of a {@link RoundOddsSolve}'s rolls, in order. */
export function solveRoundOdds(solve: RoundOddsSolve): RollOdds[] {
  const { cover, rerolls, terminal, rolls } = solve;
  return new RollSolver(cover, { rerolls, joint: true, ...(terminal ? { terminal } : {}) }).oddsFor(
    rolls,
  );
}

/** The rounds that share a solve of their figures: the solve, and once done its figures (in order). */
interface SharedOdds {
  solve: RoundOddsSolve & { readonly rolls: Roll[] };
  solved: RollOdds[] | undefined;
}

/** The shared solve of each round's figures (see {@link unsolvedOdds}). */
const sharedOddsOf = new WeakMap<FightRound, SharedOdds>();

/**
 * The solves that the figures of `rounds` still need, each once, and where its figures go: a
 * caller may run them elsewhere (worker threads) before it reads the rounds' odds.
 */
export function unsolvedOdds(
  rounds: readonly FightRound[],
): { solve: RoundOddsSolve; done: (odds: RollOdds[]) => void }[] {
  const unsolved = new Set<SharedOdds>();
  for (const round of rounds) {
    const shared = sharedOddsOf.get(round);
    if (shared && !shared.solved) unsolved.add(shared);
  }
  return [...unsolved].map((shared) => ({
    solve: shared.solve,
    done: (odds) => {
      shared.solved = odds;
    },
  }));
}

/** A candidate of a round: a pool's split, and the counts of tags it is a candidate of. */
interface Candidate {
  readonly pool: readonly number[];
  readonly split: Split;
  /** Indices into the round's counts of tags, in lane order. */
  readonly served: readonly number[];
}

/**
 * One round of {@link fightRoundsOfTags} in three steps, so that the candidates' solves (all the
 * cost) can run anywhere, a worker thread included ({@link FightPlan.prepareOn}): the
 * candidates, in canonical order; one candidate's utilities; and the choice among them.
 */
export class RoundSolve {
  readonly candidates: readonly Candidate[];
  private readonly rerolls: RerollKinds;
  /** Starts solved together: one batch, or with Aura that arrives late one per Aura held. */
  private readonly batches: readonly (readonly number[])[];
  /** Terminal tables by tags left and intents (one array each: see spendTableOf). */
  private readonly terminals = new Map<string, number[]>();

  constructor(
    readonly fight: Fight,
    readonly tagCounts: readonly number[],
    readonly starts: readonly RoundStart[],
    readonly worthOf: ((tags: number) => RoundWorth) | undefined,
    private readonly rolls: Map<string, Roll> = new Map(),
    /** The candidates' solves as recorded by an earlier round, replayed under this round's worth. */
    private readonly programs?: SolvePrograms,
  ) {
    this.rerolls = fight.setup.rerolls ?? PLAY_DEFAULTS.rerolls;
    const lateAura = fight.setup.auraGainUsableSameRoll === false;
    const batches = new Map<number, number[]>();
    starts.forEach(({ aura }, i) => {
      const batch = lateAura ? aura : 0;
      batches.set(batch, [...(batches.get(batch) ?? []), i]);
    });
    this.batches = [...batches.values()];
    const most = Math.max(...tagCounts);
    const candidates: Candidate[] = [];
    for (const pool of fight.pools) {
      for (const split of roundSplits(pool, most)) {
        // The counts of tags this split is a candidate of (see roundSplits).
        const served = tagCounts.flatMap((tags, c) => (split.length <= tags ? [c] : []));
        if (served.length > 0) candidates.push({ pool, split, served });
      }
    }
    this.candidates = candidates;
  }

  /**
   * Candidate k's optimal expected utility for each count it serves and each start:
   * entry `lane · starts + start`.
   */
  utilities(k: number): Float64Array {
    const { served } = this.candidates[k]!;
    const S = this.starts.length;
    const out = new Float64Array(served.length * S);
    const rollsOf = this.rollsOf(k);
    for (const batch of this.batches) {
      const asked = batch.map((i) => rollsOf[i]!);
      const cover = coverOf(asked);
      let lanes: number[][];
      if (this.worthOf) {
        const terminals = served.map((c) => this.terminalFor(this.tagCounts[c]!, cover));
        lanes = new RollSolver(cover, { rerolls: this.rerolls, terminals }).laneUtilitiesFor(
          asked,
          this.programs,
        );
      } else {
        // Without a worth the roll is played for its own utility, the same for every count.
        const utilities = new RollSolver(cover, { rerolls: this.rerolls }).utilitiesFor(asked);
        lanes = served.map(() => utilities);
      }
      lanes.forEach((utilities, lane) => {
        utilities.forEach((utility, q) => {
          out[lane * S + batch[q]!] = utility;
        });
      });
    }
    return out;
  }

  /**
   * The round of each count and start: the candidate of highest utility, ties to the first in
   * canonical order (`utilities[k]` is candidate k's, as {@link utilities} gives it).
   */
  choose(utilities: readonly Float64Array[]): FightRound[][] {
    const S = this.starts.length;
    // The starts of a count of tags that choose the same candidate, within a batch, share the
    // solve of their figures (read or not: one solve answers them all, see RollSolver.oddsFor).
    const shared = new Map<string, SharedOdds>();
    return this.tagCounts.map((tags, c) =>
      this.starts.map((_, i) => {
        let chosen = -1;
        let best = Number.NEGATIVE_INFINITY;
        this.candidates.forEach(({ served }, k) => {
          const lane = served.indexOf(c);
          if (lane < 0) return;
          const utility = utilities[k]![lane * S + i]!;
          if (chosen < 0 || utility > best + 1e-12) {
            chosen = k;
            best = utility;
          }
        });
        if (chosen < 0) throw new RangeError('fightRounds: no split to roll');
        const batch = this.batches.findIndex((starts) => starts.includes(i));
        const key = `${c}|${chosen}|${batch}`;
        let odds = shared.get(key);
        if (!odds) {
          odds = { solve: this.oddsSolve(chosen, tags, i), solved: undefined };
          shared.set(key, odds);
        }
        return this.round(chosen, tags, i, best, odds);
      }),
    );
  }

  /** The rolls of candidate k from each start (kept in `rolls`: every round asks them again). */
  private rollsOf(k: number): Roll[] {
    const { pool, split } = this.candidates[k]!;
    const id = `${pool.join(',')}/${formatSplit(split)}`;
    return this.starts.map(({ aura, resolve }) => {
      const key = `${id}|${aura}|${resolve}`;
      let roll = this.rolls.get(key);
      if (!roll) {
        roll = splitRoll(split, this.fight.challenge, { ...this.fight.setup, aura, resolve });
        this.rolls.set(key, roll);
      }
      return roll;
    });
  }

  private terminalFor(tags: number, cover: Roll): number[] {
    const key = `${tags}|${cover.intents.length}|${cover.resolve}`;
    let table = this.terminals.get(key);
    if (!table) {
      table = terminalTable(cover, this.worthOf!(tags));
      this.terminals.set(key, table);
    }
    return table;
  }

  /**
   * The solve of the figures of candidate k as the round of `tags`, for the starts of start i's
   * batch that choose it (their rolls are added as their rounds are made).
   */
  private oddsSolve(k: number, tags: number, i: number): SharedOdds['solve'] {
    const rollsOf = this.rollsOf(k);
    const cover = coverOf(this.batches.find((batch) => batch.includes(i))!.map((q) => rollsOf[q]!));
    const terminal = this.worthOf ? { terminal: this.terminalFor(tags, cover) } : {};
    return { cover, rerolls: this.rerolls, ...terminal, rolls: [] };
  }

  /**
   * Candidate k as the round of `tags` from start i; its figures solved when first read, with
   * those of every start that shares them (`shared`).
   */
  private round(k: number, tags: number, i: number, utility: number, shared: SharedOdds) {
    const roll = this.rollsOf(k)[i]!;
    const at = shared.solve.rolls.push(roll) - 1;
    const { worthOf } = this;
    let terminal: number[] | undefined;
    const round = {
      split: this.candidates[k]!.split,
      roll,
      expectedUtility: utility,
      get odds(): RollOdds {
        shared.solved ??= solveRoundOdds(shared.solve);
        return shared.solved[at]!;
      },
    };
    // The terminal a round is played for, laid out for its own roll's Resolve.
    if (worthOf)
      Object.defineProperty(round, 'terminal', {
        get: () => (terminal ??= terminalTable(roll, worthOf(tags))),
        enumerable: true,
      });
    sharedOddsOf.set(round as FightRound, shared);
    return round as FightRound;
  }
}

/**
 * The worth of a whole fight's round, by count of tags, from {@link FightPlan.winTable} of the
 * rounds after it: ending with `wins` of `tags` stripped is worth P(win) from the state it leaves.
 */
export function worthFromTable(fight: Fight, after: Float64Array): (tags: number) => RoundWorth {
  const A = fight.auraMax + 1;
  const R = fight.titles + 1;
  return (tags) => (wins, auraEnd, resolveEnd) =>
    after[((tags - wins) * A + auraEnd) * R + resolveEnd]!;
}

/**
 * The store of a fight's recorded solves. Whole-fight play of three rounds or more solves every
 * candidate from every start in each round but the opening one, so its solves are recorded the
 * first time (a recording costs about two solves, a replay about a third of one).
 */
export function fightPrograms(fight: Fight): SolvePrograms {
  return new SolvePrograms(fight.fightPolicy === 'whole-fight' && fight.maxRounds >= 3);
}

/** The roll one solve of a batch of starts covers: the first, with the most Resolve of any. */
function coverOf(asked: readonly Roll[]): Roll {
  return rollWith(asked[0]!, { resolve: Math.max(...asked.map((roll) => roll.resolve)) });
}

/**
 * The splits a round may roll with a pool: into at most as many intents as tags are left (wins
 * never exceed the tags).
 * @example roundSplits([12, 4], 1).map(formatSplit) // ["d12+d4"]
 */
export function roundSplits(pool: readonly number[], tags: number): Split[] {
  return splitsOfPool(pool, range(1, Math.min(tags, pool.length) + 1));
}

/** The terminal utility table of a round's roll, from a worth of (wins, Aura, Resolve) at its end. */
function terminalTable(roll: Roll, worth: RoundWorth): number[] {
  const A = roll.auraMax + 1;
  const R1 = roll.resolve + 1;
  const table: number[] = [];
  for (let wins = 0; wins <= roll.intents.length; wins++) {
    for (let auraEnd = 0; auraEnd < A; auraEnd++) {
      for (let resolveEnd = 0; resolveEnd < R1; resolveEnd++)
        table.push(worth(wins, auraEnd, resolveEnd));
    }
  }
  return table;
}

/**
 * The rounds of a fight, state by state, solved once each: (rounds left, tags, Aura, Resolve) →
 * round. Per-roll play ignores the rounds left; whole-fight play solves backwards: a round is
 * played for P(win within the rounds left) from where it ends, V(n) built on V(n − 1).
 */
export class FightPlan {
  readonly fight: Fight;
  private readonly cache = new Map<number, FightRound>();
  /** The candidates' rolls, by candidate and start: every round of the fight asks them again. */
  private readonly rolls = new Map<string, Roll>();
  /** The candidates' solves, recorded by the first round that solves them and replayed by the rest. */
  private readonly programs: SolvePrograms;

  constructor(fight: Fight) {
    this.fight = fight;
    this.programs = fightPrograms(fight);
  }

  /** The round played from a state with `roundsLeft` rounds to go, this one included (cached). */
  round(tags: number, aura: number, resolve: number, roundsLeft = 1): FightRound {
    return this.rounds(tags, [{ aura, resolve }], roundsLeft)[0]!;
  }

  /**
   * The rounds played from several states with the same tags and rounds left (cached): the
   * missing ones are solved together (see {@link fightRounds}). Whole-fight play solves every
   * (tags, Aura, Resolve) state of a count of rounds left at once, as the round before needs
   * them all.
   */
  rounds(tags: number, starts: readonly RoundStart[], roundsLeft = 1): FightRound[] {
    const n = this.fight.fightPolicy === 'whole-fight' ? roundsLeft : 0;
    const missing = starts.filter((start) => !this.cache.has(this.key(n, tags, start)));
    if (missing.length > 0 && n > 0) {
      // Every count of tags at once (their rounds share solves: see fightRoundsOfTags), from
      // every (Aura, Resolve): the round before asks for them all. The opening round is asked
      // for where the fight starts only.
      const round =
        n === this.fight.maxRounds ? this.roundSolve(n, [tags], missing) : this.roundSolve(n);
      this.keep(
        n,
        round,
        round.candidates.map((_, k) => round.utilities(k)),
      );
    } else if (missing.length > 0) {
      const solved = fightRounds(this.fight, tags, missing, undefined, this.rolls);
      for (const [i, start] of missing.entries())
        this.cache.set(this.key(0, tags, start), solved[i]!);
    }
    return starts.map((start) => this.cache.get(this.key(n, tags, start))!);
  }

  /** Whole-fight play: whether the rounds with `roundsLeft` to go are solved. */
  solved(roundsLeft: number): boolean {
    const { fight } = this;
    return this.cache.has(this.key(roundsLeft, fight.tags, { aura: 0, resolve: 0 }));
  }

  /**
   * Whole-fight play: the solve of the rounds with `roundsLeft` to go (by default every count of
   * tags, from every Aura and Resolve), each played for P(win within the rounds after it), solved
   * first if not yet. Its candidates' utilities may be worked out anywhere (a worker thread:
   * fight-round-worker.ts); {@link keep} takes them.
   */
  roundSolve(
    roundsLeft: number,
    tagCounts: readonly number[] = range(1, this.fight.tags + 1),
    starts: readonly RoundStart[] = this.everyStart(),
  ): RoundSolve {
    const after = this.winTable(roundsLeft - 1);
    return new RoundSolve(
      this.fight,
      tagCounts,
      starts,
      worthFromTable(this.fight, after),
      this.rolls,
      this.programs,
    );
  }

  /** Every (Aura, Resolve) a round can start from. */
  private everyStart(): RoundStart[] {
    const every: RoundStart[] = [];
    for (let aura = 0; aura <= this.fight.auraMax; aura++)
      for (let resolve = 0; resolve <= this.fight.titles; resolve++) every.push({ aura, resolve });
    return every;
  }

  /** Keeps the rounds a {@link roundSolve} chooses from its candidates' `utilities`. */
  keep(roundsLeft: number, round: RoundSolve, utilities: readonly Float64Array[]): void {
    const chosen = round.choose(utilities);
    round.tagCounts.forEach((t, c) => {
      for (const [i, start] of round.starts.entries())
        this.cache.set(this.key(roundsLeft, t, start), chosen[c]![i]!);
    });
  }

  /**
   * Whole-fight play: P(no tags left within `roundsLeft` rounds) from every state, by (tags 0…T,
   * Aura, Resolve): what a round before them is played for (see {@link worthFromTable}).
   */
  winTable(roundsLeft: number): Float64Array {
    const { fight } = this;
    const A = fight.auraMax + 1;
    const R = fight.titles + 1;
    const table = new Float64Array((fight.tags + 1) * A * R);
    for (let t = 0; t <= fight.tags; t++)
      for (let aura = 0; aura < A; aura++)
        for (let resolve = 0; resolve < R; resolve++)
          table[(t * A + aura) * R + resolve] = this.winChance(roundsLeft, t, aura, resolve);
    return table;
  }

  /** The cache's key of a round: rounds left (0 under per-roll play), tags and start. */
  private key(n: number, tags: number, start: RoundStart): number {
    const { fight } = this;
    return (
      ((n * (fight.tags + 1) + tags) * (fight.auraMax + 1) + start.aura) * (fight.titles + 1) +
      start.resolve
    );
  }

  /** With whole-fight play: P(no tags left within `roundsLeft` rounds) from a state. */
  winChance(roundsLeft: number, tags: number, aura: number, resolve: number): number {
    if (tags <= 0) return 1;
    if (roundsLeft <= 0) return 0;
    return this.round(tags, aura, resolve, roundsLeft).expectedUtility;
  }

  /** Number of (tags, Aura, Resolve) states a fight can visit: what an exact solve costs. */
  get stateCount(): number {
    return this.fight.tags * (this.fight.auraMax + 1) * (this.fight.titles + 1);
  }
}

/** A fight's figures, round by round (index 0 is round 1). */
export interface FightOdds {
  /** P(the last tag falls in round n). */
  readonly roundsToWin: readonly number[];
  /** P(won within n rounds): a running sum, held to 1 where a rounding would pass it. */
  readonly pWinWithin: readonly number[];
  /** P(still standing after maxRounds); exactly 1 when no round can win. */
  readonly pNotWon: number;
  /** P(round n is played): the fight is not over before it; exactly 1 until a round can win. */
  readonly pReached: readonly number[];
  /** E[Aura / Resolve at the start of round n | round n is played]. */
  readonly auraAtStart: readonly number[];
  readonly resolveAtStart: readonly number[];
  /** E[Aura / Resolve spent in round n | round n is played]. */
  readonly auraSpent: readonly number[];
  readonly resolveSpent: readonly number[];
  /** The split the first round rolls, in the notation ("d12 | d4"). */
  readonly openingSplit: string;
}

/**
 * A library caller's fight odds, refused as `odds` unless they are an object with the round by
 * round lists {@link fight} returns (a TypeError from inside otherwise). O(1).
 */
export function checkFightOdds(odds: unknown): asserts odds is FightOdds {
  const given = odds as Partial<Record<keyof FightOdds, unknown>> | null;
  if (
    !given ||
    typeof given !== 'object' ||
    !Array.isArray(given.pWinWithin) ||
    !Array.isArray(given.roundsToWin)
  )
    throw invalid('odds', odds, "a fight's odds, as fight() returns them");
}

/**
 * Expected rounds to win, among the fights won within `maxRounds`: Σ n·P(won in round n) /
 * P(won within maxRounds); undefined when no fight is ever won.
 * @throws InputError naming `odds` when they are not a fight's odds.
 * @example meanRoundsToWin(fight({ challenge: 4, tags: 1, pool: [8], auraMax: 0, titles: 0, maxRounds: 2 })) // 1.36 (0.4375 + 2·0.24609375, over 0.68359375)
 */
export function meanRoundsToWin(odds: FightOdds): number | undefined {
  checkFightOdds(odds);
  const won = odds.pWinWithin[odds.pWinWithin.length - 1] ?? 0;
  if (!(won > 0)) return undefined;
  return odds.roundsToWin.reduce((sum, p, k) => sum + p * (k + 1), 0) / won;
}

/**
 * The fight solved exactly: a Markov chain over (tags left, Aura, Resolve), each round's
 * transition the joint ending distribution of that state's optimal roll. Cost: one round choice
 * (one exact solve per candidate split) per reachable state.
 * @example fightOdds(parseFight({ challenge: 3, tags: 2, pool: [12, 4] })).pWinWithin[0] // 0.89106…
 */
export function fightOdds(fight: Fight, plan = new FightPlan(fight)): FightOdds {
  const chain = new FightChain(plan);
  while (!chain.done) chain.step();
  return chain.odds();
}

/**
 * {@link fightOdds} round by round: the states the fight can be in at the start of the next
 * round, the rounds they play ({@link rounds}, whose figures a caller may solve ahead, see
 * {@link unsolvedOdds}), and a step through them.
 */
export class FightChain {
  private readonly fight: Fight;
  /** The next round (0: the first), and P(each state at its start), by state key. */
  private round = 0;
  private states: Map<number, number>;
  private readonly figures: {
    roundsToWin: number[];
    pReached: number[];
    auraAtStart: number[];
    resolveAtStart: number[];
    auraSpent: number[];
    resolveSpent: number[];
  };

  constructor(private readonly plan: FightPlan) {
    const { fight } = plan;
    this.fight = fight;
    this.states = new Map([[this.key(fight.tags, fight.startAura, fight.titles), 1]]);
    const zeros = () => new Array<number>(fight.maxRounds).fill(0);
    this.figures = {
      roundsToWin: zeros(),
      pReached: zeros(),
      auraAtStart: zeros(),
      resolveAtStart: zeros(),
      auraSpent: zeros(),
      resolveSpent: zeros(),
    };
  }

  /** Whether every round is stepped through. */
  get done(): boolean {
    return this.round >= this.fight.maxRounds;
  }

  private key(tags: number, aura: number, resolve: number): number {
    return (tags * (this.fight.auraMax + 1) + aura) * (this.fight.titles + 1) + resolve;
  }

  /** A state key's (tags, Aura, Resolve). */
  private state(key: number): [number, number, number] {
    const A = this.fight.auraMax + 1;
    const R = this.fight.titles + 1;
    return [Math.floor(key / (A * R)), Math.floor(key / R) % A, key % R];
  }

  /** The rounds the next step plays, one per state it starts from (solved first if not yet). */
  rounds(): FightRound[] {
    const left = this.fight.maxRounds - this.round;
    // This round's states, solved together tags by tags (their rolls share solves).
    const byTags = new Map<number, RoundStart[]>();
    for (const key of this.states.keys()) {
      const [tags, aura, resolve] = this.state(key);
      byTags.set(tags, [...(byTags.get(tags) ?? []), { aura, resolve }]);
    }
    for (const [tags, starts] of byTags) this.plan.rounds(tags, starts, left);
    return [...this.states.keys()].map((key) => this.plan.round(...this.state(key), left));
  }

  /** Plays the next round from every state it can start from. */
  step(): void {
    const { figures } = this;
    const round = this.round;
    const rounds = this.rounds();
    const next = new Map<number, number>();
    let s = 0;
    for (const [key, p] of this.states) {
      const [tags, aura, resolve] = this.state(key);
      const { odds } = rounds[s++]!;
      figures.pReached[round]! += p;
      figures.auraAtStart[round]! += p * aura;
      figures.resolveAtStart[round]! += p * resolve;
      figures.auraSpent[round]! += p * odds.expectedAuraSpent;
      figures.resolveSpent[round]! += p * (resolve - odds.expectedResolveEnd);
      for (const ending of odds.joint as readonly RollEnding[]) {
        const left = tags - popcount(ending.won);
        if (left <= 0) figures.roundsToWin[round]! += p * ending.p;
        else {
          const to = this.key(left, ending.auraEnd, ending.resolveEnd);
          next.set(to, (next.get(to) ?? 0) + p * ending.p);
        }
      }
    }
    this.states = next;
    this.round++;
  }

  /** The fight's figures, once {@link done}. */
  odds(): FightOdds {
    const { fight, figures } = this;
    const conditional = (sums: number[]) =>
      sums.map((s, i) => (figures.pReached[i]! > 0 ? s / figures.pReached[i]! : 0));
    // A running float sum of chances can pass 1 by a rounding (1.0000000000000002): held to 1
    // here, where it is made, so no surface reads a chance above certain.
    let within = 0;
    const pWinWithin = figures.roundsToWin.map((p) => (within = Math.min(1, within + p)));
    // Until a round can win, the fight is on for sure: 1 exactly, not the float sum of the
    // states it may be in (0.9999999999999997).
    const sure = (p: number, before: number | undefined) => (before === 0 ? 1 : p);
    return {
      roundsToWin: figures.roundsToWin,
      pWinWithin,
      pNotWon: sure(
        [...this.states.values()].reduce((a, b) => a + b, 0),
        within,
      ),
      pReached: figures.pReached.map((p, i) => sure(p, pWinWithin[i - 1])),
      auraAtStart: conditional(figures.auraAtStart),
      resolveAtStart: conditional(figures.resolveAtStart),
      auraSpent: conditional(figures.auraSpent),
      resolveSpent: conditional(figures.resolveSpent),
      openingSplit: formatSplit(
        this.plan.round(fight.tags, fight.startAura, fight.titles, fight.maxRounds).split,
      ),
    };
  }
}
