import { z } from '#zod';
import { countOf } from '../format/format-count.ts';
import { choice, flag, integer, text } from '../input/field-schemas.ts';
import { integerText } from '../input/integer-text.ts';
import { ADVANTAGE_DEFAULTS } from '../systems/zidara/analyses/advantage.ts';
import { FISHING_DEFAULTS } from '../systems/zidara/analyses/fishing.ts';
import { REROLLS_DEFAULTS } from '../systems/zidara/analyses/rerolls.ts';
import { SPLIT_OBJECTIVES, SPLITS_DEFAULTS } from '../systems/zidara/analyses/splits.ts';
import {
  POOL_RULES,
  TARGET_WIN_CHANCE,
  TUNE_DEFAULTS,
  winChanceSchema,
} from '../systems/zidara/analyses/tune.ts';
import { PLAY_DEFAULTS, POLICIES, REROLL_KINDS } from '../systems/zidara/engine/roll-play.ts';
import { FIGHT_DEFAULTS, FIGHT_LIMITS, FIGHT_POLICIES } from '../systems/zidara/fight/fight.ts';
import { DICE_ALLOWED, DIE_SIDES } from '../systems/zidara/roll/pool.ts';
import {
  ROLL_LIMITS,
  ROLL_OPTION_SCHEMAS,
  ROLL_SHAPE_SCHEMAS,
  scenarioOptionSchemas,
} from '../systems/zidara/roll/spec.ts';

/**
 * The scenario file format (`scenarios/*.yaml`), as one zod schema: named characters and
 * threats, the analyses to run, and the expectations a balance check judges. Every object is
 * strict (an unknown field is an error), and every field carries a description, so the JSON
 * Schema generated from it (`npm run schema` → `scenarios/schema.json`, with the other systems' files: scenario-schema-text.ts) lets an editor complete
 * and explain a file. Messages: each check's `error` is the "expected …" part of the house
 * message (`field: value is not allowed (expected …)`), see load-scenario.ts. Reference documentation:
 * docs/scenarios.md.
 */

/** What a scenario file assumes where it says nothing, beside the rules' own defaults. */
export const SCENARIO_DEFAULTS = {
  /** A threat's tags. */
  tags: 1,
  /** Trials of the first look at a simulated figure (×4 each further look). */
  trials: 20_000,
  /** Most trials a simulated figure may take before it is called inconclusive. */
  maxTrials: 1_000_000,
} as const;

/** Bounds of a scenario's own numbers. */
export const SCENARIO_LIMITS = {
  /** Trials of a simulated figure: at least, and at most. */
  minTrials: 1000,
  maxTrials: 100_000_000,
  /** Most rows an analysis keeps (`top`). */
  top: 1000,
  /**
   * Fewest expectations a file's `expectations` lists: `expectations: []` would pass a check
   * that judges nothing (a Zi'Dara file may leave the field out, for its analyses alone).
   */
  minExpectations: 1,
  /**
   * Fewest analyses a file's `analyses` maps: `analyses: {}` would run none, and it stands in for
   * the expectations a Zi'Dara file may leave out (`ZIDARA_RUN_FIELDS`), so a file of it alone
   * would pass a check judging nothing too.
   */
  minAnalyses: 1,
} as const;

/**
 * What a Zi'Dara file holds to be run, at least one of: its expectations (`dicelab check`) or its
 * analyses (`dicelab report`). Each may be left out for the other, not both: a file of neither
 * would pass a check judging nothing.
 */
export const ZIDARA_RUN_FIELDS = ['expectations', 'analyses'] as const;

/**
 * A scenario's `expectations` list of `expectation`s, at least
 * `SCENARIO_LIMITS.minExpectations` of them: every system's schema alike.
 */
export function expectationList<T extends z.ZodType>(expectation: T) {
  const least = SCENARIO_LIMITS.minExpectations;
  return z
    .array(expectation, { error: 'a list of expectations' })
    .min(least, { error: `at least ${countOf(least, 'expectation')}` })
    .describe('What the game should feel like: judged by `dicelab check`.');
}

/** "1 to 6", "0 to 3", "one, all, any": a default list as a description says it. */
function listed(values: readonly (number | string)[]): string {
  const numbers = values.every(
    (v, i) => typeof v === 'number' && (i === 0 || v === (values[i - 1] as number) + 1),
  );
  return numbers && values.length > 2
    ? `${values[0]} to ${values[values.length - 1]}`
    : values.join(', ');
}

/** A name used as a key (a character, a threat, an action, an analysis). */
const ID = /^[A-Za-z][A-Za-z0-9_-]*$/;
const idText = 'a name of letters, digits, - and _, starting with a letter';

const id = (description: string) =>
  z.string({ error: idText }).regex(ID, { error: idText }).describe(description);

/** A figure's value: 0.55, or for a chance or a difference of chances "55%" (a YAML string). */
const PERCENT = /^\s*[-+]?\d+(\.\d+)?\s*%\s*$/;
const percentSchema = z
  .string()
  .regex(PERCENT)
  .transform((s) => Number.parseFloat(s) / 100);
const chanceSchema = z
  .union([z.number(), percentSchema], { error: 'a number, or a percentage such as "55%"' })
  .describe('A figure value: a number (0.55), or for a chance a percentage ("55%": 0.55).');
/** A tune target: `zidara tune --target`'s win chance (its bounds in the JSON schema too), or "55%". */
const targetSchema = z.union([winChanceSchema, percentSchema.pipe(winChanceSchema)], {
  error: `${TARGET_WIN_CHANCE}, or a percentage such as "55%"`,
});

/** A die written d2, d4, … d12 (one of `DIE_SIDES`). */
const DIE = new RegExp(`^d(${DIE_SIDES.join('|')})$`);
const die = (description: string) =>
  z
    .string({ error: `a die: ${DICE_ALLOWED}` })
    .regex(DIE, {
      error: `a die: ${DICE_ALLOWED}`,
    })
    .describe(description);

/** A split or a stack in the dice notation. */
const splitText = (description: string) =>
  z
    .string({ error: 'dice in the notation, such as "d12 | d6+d6"' })
    .min(1, { error: 'dice in the notation, such as "d12 | d6+d6"' })
    .describe(description);

const archetypeSchema = z
  .strictObject({
    name: text(
      'The archetype, as the sheet names it (Guardian, Scholar, Warrior, …); shown only.',
    ).optional(),
    ...scenarioOptionSchemas('archetype'),
  })
  .describe("The archetype's mechanic: its +2s and (Warrior) exploding dice.");

/** A set action: its steps, or the lines on it (steps = 1 for the action + 1 per line). */
const setActionText = `the steps (${integerText(1, ROLL_LIMITS.steps)}) or the lines on the set action (a list of text; steps = 1 + lines)`;
const setActionSchema = z
  .union(
    [
      integer(1, ROLL_LIMITS.steps, 'Steps.'),
      z
        .array(z.string({ error: 'a line of text' }).min(1, { error: 'a line of text' }), {
          error: setActionText,
        })
        .max(ROLL_LIMITS.steps - 1, {
          error: `at most ${ROLL_LIMITS.steps - 1} lines (${ROLL_LIMITS.steps} steps)`,
        }),
    ],
    { error: setActionText },
  )
  .describe(
    `A set action: its steps (1 to ${ROLL_LIMITS.steps}), or the lines on it (Titles, permissions, items, traits): steps = 1 for the action + 1 per line.`,
  );

export const characterSchema = z
  .strictObject({
    name: text('Who this is, for people ("Vesk the lock-breaker").').optional(),
    titles: z
      .union(
        [
          integer(0, ROLL_LIMITS.resolve, 'How many Titles.'),
          z
            .array(z.string({ error: 'a Title' }).min(1, { error: 'a Title' }))
            .max(ROLL_LIMITS.resolve, { error: `at most ${ROLL_LIMITS.resolve} Titles` }),
        ],
        {
          error: `the number of Titles (0 to ${ROLL_LIMITS.resolve}) or their names (a list of text)`,
        },
      )
      .describe(
        `Titles: a count or their names. Resolve starts at (and cannot exceed) the number of Titles (default ${FIGHT_DEFAULTS.titles}).`,
      )
      .optional(),
    archetype: archetypeSchema.optional(),
    actions: z
      .record(id('A set action name (locks, fight, talk, …).'), setActionSchema, {
        error: 'set actions: a mapping of names to steps, such as { locks: 5 }',
      })
      .describe('Set actions by name: each its steps, or the lines on it.'),
    aura: integer(
      0,
      ROLL_LIMITS.auraMax,
      'Aura at the start of a roll or fight (default: auraMax, a scene starts full).',
    ).optional(),
    // The rule options a character holds (see RULE_OPTIONS), rule variants included.
    ...scenarioOptionSchemas('character'),
    resolve: ROLL_OPTION_SCHEMAS.resolve
      .describe(
        'Resolve available for a roll (default: the number of Titles). Fights start at the Titles.',
      )
      .optional(),
    policy: choice(
      POLICIES,
      `Who decides rerolls and spends (default ${PLAY_DEFAULTS.policy}).`,
    ).optional(),
    rerolls: choice(
      REROLL_KINDS,
      `Rerolls the optimal play may use (default ${PLAY_DEFAULTS.rerolls}).`,
    ).optional(),
  })
  .describe('A character: set actions, Aura, Titles (Resolve) and the archetype.');

export const threatSchema = z
  .strictObject({
    name: text('What this is, for people ("the gate guard").').optional(),
    challenge: integer(
      1,
      ROLL_LIMITS.challenge,
      'Challenge C: the threat rolls d(2C) (C3 is a d6).',
    ),
    tags: z
      .union(
        [
          integer(1, FIGHT_LIMITS.tags, 'How many tags.'),
          z
            .array(z.string({ error: 'a tag' }).min(1, { error: 'a tag' }))
            .min(1, { error: 'at least one tag' })
            .max(FIGHT_LIMITS.tags, { error: `at most ${FIGHT_LIMITS.tags} tags` }),
        ],
        {
          error: `the number of tags (1 to ${FIGHT_LIMITS.tags}) or their names (a list of text)`,
        },
      )
      .describe(
        `Tags, a count or their names: each intent won strips one in a fight (default ${SCENARIO_DEFAULTS.tags}).`,
      )
      .optional(),
  })
  .describe('A threat, or anything with a Challenge (a wall, a storm, a lock).');

const challengesList = ROLL_SHAPE_SCHEMAS.challenges;
const vsList = z
  .array(id('A threat name.'), { error: 'a list of threat names' })
  .min(1, { error: 'at least one threat' });

/** Fields every analysis has: who, and the Challenge(s). */
const who = {
  character: id('The character (a key of characters).'),
};

/**
 * One kind of analysis of a scenario: its `analysis` name (what it is, in a word), who runs it
 * and its own fields; `meaning` says what it computes.
 */
function analysisKind<const Name extends string, const Fields extends z.ZodRawShape>(
  name: Name,
  what: string,
  meaning: string,
  fields: Fields,
) {
  return z
    .strictObject({ analysis: z.literal(name).describe(what), ...who, ...fields })
    .describe(meaning);
}

/** Where a roll's steps come from, within `limits` (a roll's, or a fight's). */
const rollSource = (limits: { steps: number; actions: number }, actions: number) => ({
  action: id('The set action rolled (a key of the character’s actions).').optional(),
  steps: integer(1, limits.steps, 'Steps rolled, instead of a set action.').optional(),
  actions: integer(
    1,
    limits.actions,
    `Actions in the roll: each gives one split (default ${actions}).`,
  ).optional(),
});

const one = {
  vs: id('The threat (a key of threats).').optional(),
  challenge: integer(1, ROLL_LIMITS.challenge, 'A Challenge, instead of a threat.').optional(),
};

export const analysisSchema = z
  .discriminatedUnion(
    'analysis',
    [
      analysisKind(
        'splits',
        'Every legal split of the steps, ranked.',
        'Splits: every legal pool of the steps and every way to share it, ranked.',
        {
          ...rollSource(ROLL_LIMITS, SPLITS_DEFAULTS.actions),
          ...one,
          intents: z
            .array(integer(1, ROLL_LIMITS.dice, 'A number of intents.'))
            .min(1)
            .describe("Numbers of intents to consider (default 1 to the threat's tags).")
            .optional(),
          objective: choice(
            SPLIT_OBJECTIVES,
            `What the ranking maximises (default ${SPLITS_DEFAULTS.objective}).`,
          ).optional(),
          top: integer(1, SCENARIO_LIMITS.top, 'Keep only the best rows in the report.').optional(),
        },
      ),
      analysisKind(
        'stated-splits',
        'Stated splits side by side.',
        'Stated splits: "d12 or d6+d6?", the splits named scored and ranked.',
        {
          ...one,
          splits: z
            .array(splitText('A split: "d12", "d6+d6", "d8 | d4".'))
            .min(1)
            .describe('The splits to compare, in the notation.'),
          objective: choice(
            SPLIT_OBJECTIVES,
            `What the ranking maximises (default ${SPLITS_DEFAULTS.objective}).`,
          ).optional(),
        },
      ),
      analysisKind(
        'advantage',
        'Dice stacked on one intent.',
        'Advantage: how the win chance grows with the dice stacked on one intent.',
        {
          die: die(`The die stacked (default d${ADVANTAGE_DEFAULTS.sides}).`).optional(),
          most: integer(
            1,
            ROLL_LIMITS.dice,
            `Most copies stacked (default ${ADVANTAGE_DEFAULTS.most}).`,
          ).optional(),
          stacks: z
            .array(splitText('A stack on one intent: "d12+d4".'))
            .min(1)
            .describe('Instead of copies of one die: these stacks, in order.')
            .optional(),
          vs: vsList.describe('Threats to face (their Challenges).').optional(),
          challenges: challengesList
            .describe(`Challenges to face (default ${listed(ADVANTAGE_DEFAULTS.challenges)}).`)
            .optional(),
        },
      ),
      analysisKind(
        'fishing',
        'Small dice split off to fish for Aura.',
        'Aura fishing: the main intent’s chance against the Aura a split gains.',
        {
          ...rollSource(ROLL_LIMITS, FISHING_DEFAULTS.actions),
          ...one,
          minorMax: die(
            `Largest die a minor intent may hold (default d${FISHING_DEFAULTS.minorMaxSides}).`,
          ).optional(),
        },
      ),
      analysisKind(
        'rerolls',
        'What Resolve is worth.',
        'Resolve rerolls: the win chance with 0, 1, 2, … Resolve.',
        {
          split: splitText(
            "The roll's dice and intents (default: the set action's unsplit pool, 8 steps: d12+d4).",
          ).optional(),
          ...rollSource(ROLL_LIMITS, SPLITS_DEFAULTS.actions),
          vs: vsList.describe('Threats to face.').optional(),
          challenges: challengesList
            .describe(`Challenges to face (default ${listed(REROLLS_DEFAULTS.challenges)}).`)
            .optional(),
          resolve: z
            .array(integer(0, ROLL_LIMITS.resolve, 'A Resolve level.'))
            .min(1)
            .describe(`Resolve levels, one row each (default ${listed(REROLLS_DEFAULTS.resolve)}).`)
            .optional(),
          kinds: z
            .array(choice(REROLL_KINDS, 'A kind of reroll.'))
            .min(1)
            .describe(`Kinds of reroll (default ${listed(REROLLS_DEFAULTS.kinds)}).`)
            .optional(),
        },
      ),
      analysisKind(
        'tune',
        'The steps × Challenge grid.',
        'Challenge tuning: the win chance at every steps × Challenge.',
        {
          steps: z
            .array(integer(1, ROLL_LIMITS.steps, 'A step count.'))
            .min(1)
            .describe(`Step counts (default ${listed(TUNE_DEFAULTS.steps)}).`)
            .optional(),
          actions: integer(
            1,
            ROLL_LIMITS.actions,
            `Actions in the roll (default ${TUNE_DEFAULTS.actions}).`,
          ).optional(),
          challenges: challengesList
            .describe(`Challenges (default ${listed(TUNE_DEFAULTS.challenges)}).`)
            .optional(),
          pool: choice(
            POOL_RULES,
            `Which pool is rolled: best or natural (default ${TUNE_DEFAULTS.pool}).`,
          ).optional(),
          target: targetSchema
            .describe(
              `Also find, per step count, the Challenge nearest this win chance (${TARGET_WIN_CHANCE}).`,
            )
            .optional(),
        },
      ),
      analysisKind(
        'fight',
        'A whole fight, round by round.',
        'Fight: P(the threat falls within n rounds), Aura and Resolve round by round.',
        {
          ...rollSource(FIGHT_LIMITS, FIGHT_DEFAULTS.actions),
          ...one,
          tags: integer(1, FIGHT_LIMITS.tags, "Tags, instead of the threat's.").optional(),
          maxRounds: integer(
            1,
            FIGHT_LIMITS.maxRounds,
            `Rounds before the fight is called (default ${FIGHT_DEFAULTS.maxRounds}).`,
          ).optional(),
          fightPolicy: choice(
            FIGHT_POLICIES,
            'per-roll (default: each roll played for its own utility) or whole-fight (every round played for P(win within maxRounds)).',
          ).optional(),
          titles: integer(
            0,
            ROLL_LIMITS.resolve,
            "Resolve at the start (default: the character's Titles).",
          ).optional(),
          aura: integer(0, ROLL_LIMITS.auraMax, 'Aura at the start (default: full).').optional(),
        },
      ),
    ],
    {
      error: 'an analysis: one of splits, stated-splits, advantage, fishing, rerolls, tune, fight',
    },
  )
  .describe(
    'An analysis to run: its table and chart go to `dicelab report`, its cells are figures.',
  );

/** Which figures exist; see figures.ts for what each means. */
const FIGURE_NAMES = [
  // one roll
  'winChance',
  'mainWinChance',
  'expectedWins',
  'auraGained',
  'auraEnd',
  'auraShared',
  'resolveEnd',
  'expectedUtility',
  // a fight
  'fallsWithin',
  'meanRoundsToWin',
  // cells of an analysis' rows
  'rank',
  'score',
  'mainWin',
  'allWin',
  'gain',
  'minorWins',
  'frontier',
  'wonInRound',
  'reached',
  'auraAtStart',
  'resolveAtStart',
  'auraSpent',
  'resolveSpent',
] as const;
/** A figure an expectation may name (`figure: winChance`, …; see docs/scenarios.md). */
export type FigureName = (typeof FIGURE_NAMES)[number];

/** What a figure is of: a character's roll or fight, or a row of an analysis. */
export const figureOfSchema = z
  .strictObject({
    character: id('The character rolling (a key of characters).').optional(),
    action: id('Their set action rolled.').optional(),
    steps: integer(
      1,
      ROLL_LIMITS.steps,
      'Steps rolled instead of a set action; or, with analysis, the row’s steps.',
    ).optional(),
    extraSteps: integer(
      0,
      ROLL_LIMITS.steps - 1,
      'Steps added to the set action’s (Aura-bought lines, a Leader’s order).',
    ).optional(),
    actions: integer(
      1,
      ROLL_LIMITS.actions,
      `Actions in the roll: each gives one split (default ${SPLITS_DEFAULTS.actions}).`,
    ).optional(),
    vs: id('The threat faced (a key of threats).').optional(),
    challenge: integer(
      1,
      ROLL_LIMITS.challenge,
      'A Challenge instead of a threat; or, with analysis, the row’s Challenge.',
    ).optional(),
    tags: integer(1, FIGHT_LIMITS.tags, "A fight's tags, instead of the threat's.").optional(),
    split: splitText(
      'The dice and their intents ("d8 | d4"); default: the best one-intent pool.',
    ).optional(),
    pool: choice(
      POOL_RULES,
      'Without a split, which one-intent pool: best (default) or natural.',
    ).optional(),
    defending: flag(
      "Ties cannot be bought with Aura (tieBreak false, the rules page's model of a defending roll).",
    ).optional(),
    resolve: integer(
      0,
      ROLL_LIMITS.resolve,
      'Resolve available, instead of the character’s; or the rerolls row’s level.',
    ).optional(),
    aura: integer(
      0,
      ROLL_LIMITS.auraMax,
      'Aura at the start, instead of the character’s.',
    ).optional(),
    titles: integer(
      0,
      ROLL_LIMITS.resolve,
      "A fight's starting Resolve, instead of the character's Titles.",
    ).optional(),
    policy: choice(
      POLICIES,
      `Who decides (default: the character’s, else ${PLAY_DEFAULTS.policy}).`,
    ).optional(),
    rerolls: choice(REROLL_KINDS, 'Rerolls allowed; or the rerolls row’s kind.').optional(),
    rounds: integer(
      1,
      FIGHT_LIMITS.maxRounds,
      'fallsWithin: within this many rounds (default maxRounds).',
    ).optional(),
    maxRounds: integer(
      1,
      FIGHT_LIMITS.maxRounds,
      `Rounds before a fight is called (default: rounds, else ${FIGHT_DEFAULTS.maxRounds}).`,
    ).optional(),
    fightPolicy: choice(
      FIGHT_POLICIES,
      "A fight's play: per-roll (default) or whole-fight (every round for P(win within maxRounds)).",
    ).optional(),
    analysis: id(
      'A row of this analysis (a key of analyses) instead of a roll or fight.',
    ).optional(),
    stack: splitText('The advantage row’s stack ("d6+d6").').optional(),
    dice: integer(1, ROLL_LIMITS.dice, 'The advantage row’s number of dice.').optional(),
    round: integer(1, FIGHT_LIMITS.maxRounds, 'The fight row’s round.').optional(),
  })
  .describe(
    "What the figure is of: { character, action, vs } for a roll or a fight, or { analysis, … } for a cell of an analysis' table.",
  );

const BY = ['exact', 'simulation'] as const;

/** The grid axes a monotonicity rule can run over. */
const GRID_AXES = [
  'challenge',
  'steps',
  'extraSteps',
  'resolve',
  'aura',
  'tags',
  'rounds',
  'actions',
] as const;
export type GridAxis = (typeof GRID_AXES)[number];

const boundFields = {
  between: z
    .tuple([chanceSchema, chanceSchema], { error: 'two values [low, high]' })
    .describe('The figure lies from low to high, both included.')
    .optional(),
  atLeast: chanceSchema.describe('The figure is at least this.').optional(),
  atMost: chanceSchema.describe('The figure is at most this.').optional(),
};

export const expectationSchema = z
  .strictObject({
    expect: text('The expectation in words, as a designer says it: its name in every report.'),
    figure: choice(FIGURE_NAMES, 'The figure judged (see docs/scenarios.md).'),
    of: figureOfSchema,
    by: choice(
      BY,
      'exact (default: compared within 1e-9) or simulation (judged on a 99.9% interval).',
    ).optional(),
    ...boundFields,
    minus: z
      .strictObject({
        figure: choice(FIGURE_NAMES, 'The other figure (default: the same).').optional(),
        of: figureOfSchema
          .describe('What differs from the first figure’s `of` (merged over it).')
          .optional(),
        by: choice(BY, 'How the other figure is found (default: as the first).').optional(),
      })
      .describe('Judge the difference: this figure minus another (bounds apply to the difference).')
      .optional(),
    monotone: choice(
      ['nonDecreasing', 'nonIncreasing'] as const,
      'The figure never falls (nonDecreasing) or never rises (nonIncreasing) along the grid.',
    ).optional(),
    over: z
      .partialRecord(
        z.enum(GRID_AXES, { error: `a grid axis: one of ${GRID_AXES.join(', ')}` }),
        z
          .array(z.number().int({ error: 'an integer' }), { error: 'a list of integers' })
          .min(2, { error: 'at least two grid points' }),
      )
      .describe('The grid: values for one or more axes (each replaces that field of `of`).')
      .optional(),
    along: z
      .string({ error: 'a grid axis, or a column of the analysis (steps, challenge, …)' })
      .describe(
        'The axis the monotonicity runs along (default: the only axis of `over`); other axes are held fixed.',
      )
      .optional(),
  })
  .describe(
    'An expectation: a figure with bounds, a difference of two figures with bounds, or a monotonicity rule over a grid.',
  );

export const scenarioSchema = z
  .strictObject({
    scenario: text('The scenario’s title, as a designer would name it.'),
    description: text('What the scenario is about.').optional(),
    system: z
      .literal('zidara', { error: 'zidara' })
      .describe(
        "The system the file checks: zidara (the default) or another system's name (check-scenario-schema.ts).",
      )
      .optional(),
    simulation: z
      .strictObject({
        trials: integer(
          SCENARIO_LIMITS.minTrials,
          SCENARIO_LIMITS.maxTrials,
          `Trials of the first look (default ${SCENARIO_DEFAULTS.trials}).`,
        ).optional(),
        maxTrials: integer(
          SCENARIO_LIMITS.minTrials,
          SCENARIO_LIMITS.maxTrials,
          `Most trials a simulated figure may take before it is called inconclusive (default ${SCENARIO_DEFAULTS.maxTrials}).`,
        ).optional(),
      })
      .describe('How simulated figures are sampled: trials grow ×4 from `trials` to `maxTrials`.')
      .optional(),
    characters: z
      .record(id('A character key (vesk, bram, …).'), characterSchema, {
        error: 'a mapping of character keys to characters',
      })
      .describe('The characters, by key.')
      .optional(),
    threats: z
      .record(id('A threat key (guard, warden, …).'), threatSchema, {
        error: 'a mapping of threat keys to threats',
      })
      .describe('The threats and Challenges, by key.')
      .optional(),
    analyses: z
      .record(id('An analysis key: its report files are named after it.'), analysisSchema, {
        error: 'a mapping of analysis keys to analyses',
      })
      .refine((analyses) => Object.keys(analyses).length >= SCENARIO_LIMITS.minAnalyses, {
        error: `at least ${countOf(SCENARIO_LIMITS.minAnalyses, 'analysis', 'analyses')}`,
      })
      // The refinement above in the JSON Schema, which zod cannot translate by itself.
      .meta({ minProperties: SCENARIO_LIMITS.minAnalyses })
      .describe('The analyses to run, by key (their tables and charts: `dicelab report`).')
      .optional(),
    expectations: expectationList(expectationSchema).optional(),
  })
  .describe("A dicelab scenario: characters, threats, analyses and expectations for Zi'Dara.");

/** A scenario file as its schema reads it, defaults filled in. */
export type Scenario = z.output<typeof scenarioSchema>;
/** A character of a scenario file (`characters.<key>`). */
export type Character = z.output<typeof characterSchema>;
/** A threat of a scenario file (`threats.<key>`): a Challenge and its tags. */
export type Threat = z.output<typeof threatSchema>;
/** An analysis a scenario file declares (`analyses.<key>`). */
export type Analysis = z.output<typeof analysisSchema>;
export type Expectation = z.output<typeof expectationSchema>;
export type FigureOf = z.output<typeof figureOfSchema>;
