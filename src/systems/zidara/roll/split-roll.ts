import { z } from '#zod';
import { choice } from '../../../input/field-schemas.ts';
import { invalid } from '../../../input/input-error.ts';
import { parseSpec } from '../../../input/issue-messages.ts';
import { allWonUtility } from '../engine/all-won-utility.ts';
import {
  PLAY_DEFAULTS,
  POLICIES,
  type Policy,
  REROLL_KINDS,
  type RerollKinds,
  type RollOdds,
  type SolveOptions,
  utilityIsWins,
} from '../engine/roll-play.ts';
import { solveRolls, solveUtilities } from '../engine/solve-rolls.ts';
import { type RuleOptionValues, refusedPair } from './rule-options.ts';
import {
  checkAura,
  DEFENDING,
  parseRoll,
  ROLL_DEFAULTS,
  ROLL_OPTION_FIELDS,
  ROLL_OPTION_SHAPE,
  ROLL_SHAPE_SCHEMAS,
  type Roll,
  type RollSpec,
} from './spec.ts';
import type { Split } from './split.ts';

/**
 * A character's situation for a roll, shared by every analysis: the rule options of the rules
 * page (`rules/zidara.md`, each declared in `RULE_OPTIONS`) and how decisions are taken. Every
 * field is optional; the defaults are the rules page's ({@link ROLL_DEFAULTS},
 * {@link PLAY_DEFAULTS}).
 */
export interface RollSetup extends Partial<RuleOptionValues> {
  /** Aura at the start of the roll (a scene starts full). @defaultValue `auraMax` */
  readonly aura?: number;
  /** Who decides: the engine's optimum or a named simple policy. @defaultValue {@link PLAY_DEFAULTS}.policy */
  readonly policy?: Policy;
  /** Rerolls the optimal policy may use. @defaultValue {@link PLAY_DEFAULTS}.rerolls */
  readonly rerolls?: RerollKinds;
}

/** A character's roll situation as people state it: the rules' options, `defending` for ties. */
export interface CharacterSetup extends Omit<RollSetup, 'tieBreak'> {
  /** The defence model ({@link DEFENDING}): ties go to the defender and are not bought. */
  readonly defending?: boolean | undefined;
}

/**
 * The roll setup of a character: fields left out (undefined) take the rules' defaults,
 * `defending` is the defence model, and the starting Aura is checked against its cap, and
 * options the rules refuse together (see `RULE_OPTIONS`' `refuses`) are refused. `names` are
 * the fields as the caller's input names them (flags, a file's fields), for messages.
 * @example characterSetup({ auraMax: 3, defending: true }) // { auraMax: 3, tieBreak: false }
 */
export function characterSetup(
  character: { readonly [F in keyof CharacterSetup]?: CharacterSetup[F] | undefined },
  names: {
    readonly aura: string;
    readonly auraMax: string;
    readonly field?: (field: string) => string;
  } = { aura: 'aura', auraMax: 'auraMax' },
): RollSetup {
  const { defending, ...options } = character;
  if (options.aura !== undefined)
    checkAura(options.aura, options.auraMax ?? ROLL_DEFAULTS.auraMax, names.aura, names.auraMax);
  const setup = Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined));
  const result = { ...setup, ...(defending ? DEFENDING : {}) } as RollSetup;
  checkRefusedPair(result, names.field ?? ((field) => field), defending ? 'defending' : undefined);
  return result;
}

/**
 * Refuses options the rules refuse together (see `RULE_OPTIONS`' `refuses`), naming both as
 * the caller's input names them; `defending` names the defence model when it set tieBreak.
 * @throws InputError naming the field, its value and why.
 */
export function checkRefusedPair(
  setup: RollSetup,
  nameOf: (field: string) => string,
  defending?: string,
): void {
  const values = { ...ROLL_DEFAULTS, ...setup } as Record<string, unknown>;
  const refused = refusedPair(values);
  if (!refused) return;
  const other =
    defending !== undefined && refused.other === 'tieBreak'
      ? nameOf(defending)
      : `${nameOf(refused.other)} ${String(values[refused.other])}`;
  throw invalid(
    nameOf(refused.field),
    values[refused.field],
    `${String(ROLL_DEFAULTS[refused.field])} with ${other}: ${refused.because}`,
  );
}

/**
 * The roll of a split against one Challenge, every intent on that threat, validated (an
 * InputError names the setup field at fault). `weights` are the intents' weights in the
 * utility the play maximises (default 1 each).
 * @example splitRoll([[12], [4]], 3, { resolve: 1 }).dice.length // 2
 */
export function splitRoll(
  split: Split,
  challenge: number,
  setup: RollSetup = {},
  weights?: readonly number[],
): Roll {
  const spec: RollSpec = {
    ...rollOptionsOf(setup),
    threats: [{ challenge }],
    dice: split.flatMap((dice, intent) => dice.map((sides) => ({ sides, intent }))),
    ...(weights ? { intents: split.map((_, i) => ({ threat: 0, weight: weights[i] ?? 1 })) } : {}),
  };
  return parseRoll(spec);
}

/**
 * What the play of a split maximises: the linear utility with these intent weights (each 1
 * when absent), or `'all-won'`, P(every intent won) (see allWonUtility).
 */
export type SplitPlay = readonly number[] | 'all-won';

/**
 * The exact odds of a split against a Challenge under the setup's policy: one solve of the
 * exact engine, from a fraction of a millisecond (one die) to tens of milliseconds (six dice and
 * Resolve). `play` says what the play maximises (default: expected wins plus the setup's
 * Aura and Resolve worth); with `'all-won'` the odds' `expectedUtility` is P(all won).
 * For many splits, Challenges or setups at once, {@link splitsOdds} shares the work.
 * @example splitOdds([[8]], 4, { auraMax: 0 }).intents[0].pWin // 0.4375
 * @example splitOdds([[8], [6]], 4, { aura: 3, resolve: 1 }, 'all-won').pAllWin // 0.68381 (3151/4608)
 */
export function splitOdds(
  split: Split,
  challenge: number,
  setup: RollSetup = {},
  play?: SplitPlay,
): RollOdds {
  return splitsOdds([{ split, challenge, setup, ...(play ? { play } : {}) }])[0]!;
}

/** One question of {@link splitsOdds}: a split against a Challenge, as {@link splitOdds} takes it. */
export interface SplitQuestion {
  readonly split: Split;
  readonly challenge: number;
  readonly setup?: RollSetup;
  readonly play?: SplitPlay;
}

/**
 * The odds of splits against one Challenge under one setup (see {@link splitsOdds}), each
 * played for `play(split)`: how the splits' analyses ask.
 */
export function splitsAgainst(
  splits: readonly Split[],
  challenge: number,
  setup: RollSetup,
  play: (split: Split) => SplitPlay,
): RollOdds[] {
  return splitsOdds(splits.map((split) => ({ split, challenge, setup, play: play(split) })));
}

/**
 * The exact odds of many splits at once, each what {@link splitOdds} gives: the rolls are
 * validated, then solved together (`solveRolls`), so questions that differ only in the
 * Challenge, the Resolve or the Aura at the start share one solve, and rolls with no reroll
 * take the closed form. What the analyses call.
 * @example splitsOdds([1, 2, 3, 4, 5, 6].map((challenge) => ({ split: [[8]], challenge, setup: { resolve: 1 } }))).length // 6
 */
export function splitsOdds(questions: readonly SplitQuestion[]): RollOdds[] {
  const out = new Array<RollOdds>(questions.length);
  for (const { options, allWon, rolls, at } of batchesOf(questions)) {
    const solved = solveRolls(rolls, options, allWon ? allWonUtility : undefined);
    for (const [k, odds] of solved.entries()) out[at[k]!] = odds;
  }
  return out;
}

/**
 * P(the main intent wins) of each split, what {@link splitsOdds} gives as `intents[0].pWin`.
 * A one-intent roll whose utility is the win (`utilityIsWins`) is played for that chance
 * itself, so it is the roll's expected utility, solved without the figures' forward pass
 * (`solveUtilities`: a third less work); other rolls take their full odds.
 * @example splitsMainWins([{ split: [[8]], challenge: 4, setup: { resolve: 1 } }])[0] // 0.892578125 (457/512)
 */
export function splitsMainWins(questions: readonly SplitQuestion[]): number[] {
  const out = new Array<number>(questions.length);
  for (const { options, allWon, rolls, at } of batchesOf(questions)) {
    const alone = !allWon && rolls.every((r) => r.intents.length === 1 && utilityIsWins(r));
    const wins = alone
      ? solveUtilities(rolls, options)
      : solveRolls(rolls, options, allWon ? allWonUtility : undefined).map(
          (odds) => odds.intents[0]!.pWin,
        );
    for (const [k, win] of wins.entries()) out[at[k]!] = win;
  }
  return out;
}

/**
 * The questions' rolls, validated (a split asked at several Challenges under one setup once),
 * batched by how they are played: the setup's policy and rerolls, and whether for P(all won).
 */
function batchesOf(
  questions: readonly SplitQuestion[],
): Iterable<{ options: SolveOptions; allWon: boolean; rolls: Roll[]; at: number[] }> {
  const batches = new Map<
    string,
    { options: SolveOptions; allWon: boolean; rolls: Roll[]; at: number[] }
  >();
  // A split asked at several Challenges under one setup is validated once: the Challenge is
  // all that changes (a Challenge the roll's schema refuses goes the whole way, for its message).
  const parsed = new Map<RollSetup, Map<string, Roll>>();
  const plays = new Map<RollSetup, { policy: Policy; rerolls: RerollKinds }>();
  questions.forEach(({ split, challenge, setup = {}, play }, i) => {
    const allWon = play === 'all-won';
    let bySetup = parsed.get(setup);
    if (!bySetup) {
      bySetup = new Map();
      parsed.set(setup, bySetup);
    }
    const text = JSON.stringify([split, play ?? null]);
    const known = bySetup.get(text);
    const roll =
      known && ROLL_SHAPE_SCHEMAS.challenge.safeParse(challenge).success
        ? { ...known, threats: [{ challenge }] }
        : splitRoll(split, challenge, setup, allWon ? undefined : play);
    if (!known) bySetup.set(text, roll);
    let played = plays.get(setup);
    if (!played) {
      played = playOf(setup);
      plays.set(setup, played);
    }
    const { policy, rerolls } = played;
    const key = `${policy}/${rerolls}/${allWon}`;
    let batch = batches.get(key);
    if (!batch) {
      batch = { options: { policy, rerolls }, allWon, rolls: [], at: [] };
      batches.set(key, batch);
    }
    batch.rolls.push(roll);
    batch.at.push(i);
  });
  return batches.values();
}

/** How a roll is played (`PlayOptions`): the fields `playOf` reads, and the library's options take. */
export const PLAY_OPTION_SHAPE = {
  policy: choice(POLICIES).optional(),
  rerolls: choice(REROLL_KINDS).optional(),
};

/**
 * The fields of a {@link RollSetup} and their checks: what an analysis' options take beside
 * their own and pass on to its rolls, so that its strict schema lists exactly what it takes.
 */
export const ROLL_SETUP_SHAPE = {
  ...ROLL_OPTION_SHAPE,
  ...PLAY_OPTION_SHAPE,
} satisfies Record<keyof RollSetup, z.ZodType>;

// Loose: a setup (a character, an analysis' options) holds other fields, each checked elsewhere.
const playSchema = z.looseObject(PLAY_OPTION_SHAPE);

/**
 * How a setup's roll is played, checked (where a solve starts: the roll checks the rest) and
 * with the defaults filled in.
 * @throws InputError naming `policy` or `rerolls`.
 * @example playOf({ policy: 'never' }) // { policy: "never", rerolls: "any" }
 */
export function playOf(setup: Pick<RollSetup, 'policy' | 'rerolls'>): {
  policy: Policy;
  rerolls: RerollKinds;
} {
  const { policy = PLAY_DEFAULTS.policy, rerolls = PLAY_DEFAULTS.rerolls } = parseSpec(
    playSchema,
    setup,
  );
  return { policy, rerolls };
}

function rollOptionsOf(setup: RollSetup): Partial<RollSpec> {
  const options: Record<string, unknown> = {};
  // The roll-spec fields of a setup (any other field of an analysis' options is left out).
  for (const field of ROLL_OPTION_FIELDS satisfies readonly (keyof RollSetup)[])
    if (setup[field] !== undefined) options[field] = setup[field];
  return options as Partial<RollSpec>;
}
