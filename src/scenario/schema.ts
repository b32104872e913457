import { z } from 'zod';
import { SPLIT_OBJECTIVES } from '../systems/zidara/analyses/splits.ts';
import { POOL_RULES } from '../systems/zidara/analyses/tune.ts';
import { POLICIES } from '../systems/zidara/engine/roll-solver.ts';
import { FIGHT_POLICIES } from '../systems/zidara/fight/fight.ts';
import { ROLL_LIMITS } from '../systems/zidara/roll/spec.ts';

/**
 * The scenario file format (`scenarios/*.yaml`), as one zod schema: named characters and
 * threats, the analyses to run, and the expectations a balance check judges. Every object is
 * strict (an unknown field is an error), and every field carries a description, so the JSON
 * Schema generated from it (`npm run schema` → `scenarios/schema.json`) lets an editor complete
 * and explain a file. Messages: each check's `error` is the "expected …" part of the house
 * message (`field: value is not allowed (expected …)`), see load-scenario.ts. Reference documentation:
 * docs/scenarios.md.
 */

/** A name used as a key (a character, a threat, an action, an analysis). */
const ID = /^[A-Za-z][A-Za-z0-9_-]*$/;
const idText = 'a name of letters, digits, - and _, starting with a letter';

const text = (description: string) =>
  z.string({ error: 'text' }).min(1, { error: 'some text' }).describe(description);

const integer = (min: number, max: number, description: string) =>
  z
    .number({ error: `an integer from ${min} to ${max}` })
    .int({ error: `an integer from ${min} to ${max}` })
    .min(min, { error: `an integer from ${min} to ${max}` })
    .max(max, { error: `an integer from ${min} to ${max}` })
    .describe(description);

const flag = (description: string) => z.boolean({ error: 'true or false' }).describe(description);

const choice = <T extends string>(values: readonly T[], description: string) =>
  z
    .enum(values as unknown as [T, ...T[]], { error: `one of ${values.join(', ')}` })
    .describe(description);

const id = (description: string) =>
  z.string({ error: idText }).regex(ID, { error: idText }).describe(description);

/** What an Aura's or a Resolve's worth may be. */
const WORTH = `a number from 0 to ${ROLL_LIMITS.value}`;

/** A chance or a difference of chances: 0.55, or "55%" (a YAML string). */
const PERCENT = /^\s*[-+]?\d+(\.\d+)?\s*%\s*$/;
export const chanceSchema = z
  .union(
    [
      z.number(),
      z
        .string()
        .regex(PERCENT)
        .transform((s) => Number.parseFloat(s) / 100),
    ],
    { error: 'a number, or a percentage such as "55%"' },
  )
  .describe('A figure value: a number (0.55), or a percentage ("55%": 0.55).');

/** A die written d2…d12. */
const DIE = /^d(2|4|6|8|10|12)$/;
const die = (description: string) =>
  z
    .string({ error: 'a die: d2, d4, d6, d8, d10 or d12' })
    .regex(DIE, {
      error: 'a die: d2, d4, d6, d8, d10 or d12',
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
    boostsPerRoll: integer(
      0,
      10,
      "The archetype's +2s allowed a roll, each for 1 Aura (default 1; 0: an archetype without the +2).",
    ).optional(),
    explode: flag(
      'Warrior: a die showing its top face rolls again and adds (default false).',
    ).optional(),
    explodeDepth: integer(0, 100, 'Most extra rolls of an exploding die (default 20).').optional(),
  })
  .describe("The archetype's mechanic: its +2s and (Warrior) exploding dice.");

/** A set action: its steps, or the lines on it (steps = 1 for the action + 1 per line). */
const setActionText =
  'the steps (an integer from 1 to 36) or the lines on the set action (a list of text; steps = 1 + lines)';
const setActionSchema = z
  .union(
    [
      integer(1, 36, 'Steps.'),
      z
        .array(z.string({ error: 'a line of text' }).min(1, { error: 'a line of text' }), {
          error: setActionText,
        })
        .max(35, { error: 'at most 35 lines (36 steps)' }),
    ],
    { error: setActionText },
  )
  .describe(
    'A set action: its steps (1 to 36), or the lines on it (Titles, permissions, items, traits): steps = 1 for the action + 1 per line.',
  );

export const characterSchema = z
  .strictObject({
    name: text('Who this is, for people ("Vesk the lock-breaker").').optional(),
    titles: z
      .union(
        [
          integer(0, 10, 'How many Titles.'),
          z
            .array(z.string({ error: 'a Title' }).min(1, { error: 'a Title' }))
            .max(10, { error: 'at most 10 Titles' }),
        ],
        {
          error: 'the number of Titles (0 to 10) or their names (a list of text)',
        },
      )
      .describe(
        'Titles: a count or their names. Resolve starts at (and cannot exceed) the number of Titles (default 2).',
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
      20,
      'Aura at the start of a roll or fight (default: auraMax, a scene starts full).',
    ).optional(),
    auraMax: integer(0, 20, 'Most Aura held; gains past it are shared (default 5).').optional(),
    resolve: integer(
      0,
      10,
      'Resolve available for a roll (default: the number of Titles). Fights start at the Titles.',
    ).optional(),
    auraGainUsableSameRoll: flag(
      "Aura from a roll's top faces can be spent in that roll (default true).",
    ).optional(),
    auraValue: z
      .number({ error: WORTH })
      .min(0, { error: WORTH })
      .max(ROLL_LIMITS.value, { error: WORTH })
      .describe('Worth of each Aura left at the end, in intents, to the play (default 0).')
      .optional(),
    resolveValue: z
      .number({ error: WORTH })
      .min(0, { error: WORTH })
      .max(ROLL_LIMITS.value, { error: WORTH })
      .describe('Worth of each Resolve left at the end, in intents, to the play (default 0).')
      .optional(),
    policy: choice(POLICIES, 'Who decides rerolls and spends (default optimal).').optional(),
    rerolls: choice(
      ['any', 'one', 'all'] as const,
      'Rerolls the optimal play may use (default any).',
    ).optional(),
  })
  .describe('A character: set actions, Aura, Titles (Resolve) and the archetype.');

export const threatSchema = z
  .strictObject({
    name: text('What this is, for people ("the gate guard").').optional(),
    challenge: integer(1, 50, 'Challenge C: the threat rolls d(2C) (C3 is a d6).'),
    tags: z
      .union(
        [
          integer(1, 10, 'How many tags.'),
          z
            .array(z.string({ error: 'a tag' }).min(1, { error: 'a tag' }))
            .min(1, { error: 'at least one tag' })
            .max(10, { error: 'at most 10 tags' }),
        ],
        {
          error: 'the number of tags (1 to 10) or their names (a list of text)',
        },
      )
      .describe('Tags, a count or their names: each intent won strips one in a fight (default 1).')
      .optional(),
  })
  .describe('A threat, or anything with a Challenge (a wall, a storm, a lock).');

const challengesList = z
  .array(integer(1, 50, 'A Challenge.'), { error: 'a list of Challenges (integers 1 to 50)' })
  .min(1, { error: 'at least one Challenge' });
const vsList = z
  .array(id('A threat name.'), { error: 'a list of threat names' })
  .min(1, { error: 'at least one threat' });

/** Fields every analysis has: who, and the Challenge(s). */
const who = {
  character: id('The character (a key of characters).'),
};

const rollSource = {
  action: id('The set action rolled (a key of the character’s actions).').optional(),
  steps: integer(1, 36, 'Steps rolled, instead of a set action.').optional(),
  actions: integer(1, 4, 'Actions in the roll: each gives one split (default 1).').optional(),
};

const one = {
  vs: id('The threat (a key of threats).').optional(),
  challenge: integer(1, 50, 'A Challenge, instead of a threat.').optional(),
};

export const analysisSchema = z
  .discriminatedUnion(
    'analysis',
    [
      z
        .strictObject({
          analysis: z.literal('splits').describe('Every legal split of the steps, ranked.'),
          ...who,
          ...rollSource,
          ...one,
          intents: z
            .array(integer(1, 12, 'A number of intents.'))
            .min(1)
            .describe("Numbers of intents to consider (default 1 to the threat's tags).")
            .optional(),
          objective: choice(
            SPLIT_OBJECTIVES,
            'What the ranking maximises (default wins).',
          ).optional(),
          top: integer(1, 1000, 'Keep only the best rows in the report.').optional(),
        })
        .describe('Splits: every legal pool of the steps and every way to share it, ranked.'),
      z
        .strictObject({
          analysis: z.literal('compare').describe('Stated splits side by side.'),
          ...who,
          ...one,
          splits: z
            .array(splitText('A split: "d12", "d6+d6", "d8 | d4".'))
            .min(1)
            .describe('The splits to compare, in the notation.'),
          objective: choice(
            SPLIT_OBJECTIVES,
            'What the ranking maximises (default wins).',
          ).optional(),
        })
        .describe('Compare: "d12 or d6+d6?", the stated splits scored and ranked.'),
      z
        .strictObject({
          analysis: z.literal('advantage').describe('Dice stacked on one intent.'),
          ...who,
          die: die('The die stacked (default d6).').optional(),
          most: integer(1, 12, 'Most copies stacked (default 6).').optional(),
          stacks: z
            .array(splitText('A stack on one intent: "d12+d4".'))
            .min(1)
            .describe('Instead of copies of one die: these stacks, in order.')
            .optional(),
          vs: vsList.describe('Threats to face (their Challenges).').optional(),
          challenges: challengesList.describe('Challenges to face (default 1 to 6).').optional(),
        })
        .describe('Advantage: how the win chance grows with the dice stacked on one intent.'),
      z
        .strictObject({
          analysis: z.literal('fishing').describe('Small dice split off to fish for Aura.'),
          ...who,
          ...rollSource,
          ...one,
          minorMax: die('Largest die a minor intent may hold (default d4).').optional(),
        })
        .describe('Aura fishing: the main intent’s chance against the Aura a split gains.'),
      z
        .strictObject({
          analysis: z.literal('rerolls').describe('What Resolve is worth.'),
          ...who,
          split: splitText(
            "The roll's dice and intents (default: the set action's unsplit pool, 8 steps: d12+d4).",
          ).optional(),
          ...rollSource,
          vs: vsList.describe('Threats to face.').optional(),
          challenges: challengesList.describe('Challenges to face (default 1 to 6).').optional(),
          resolve: z
            .array(integer(0, 10, 'A Resolve level.'))
            .min(1)
            .describe('Resolve levels, one row each (default 0 to 3).')
            .optional(),
          kinds: z
            .array(choice(['any', 'one', 'all'] as const, 'A kind of reroll.'))
            .min(1)
            .describe('Kinds of reroll (default one, all, any).')
            .optional(),
        })
        .describe('Resolve rerolls: the win chance with 0, 1, 2, … Resolve.'),
      z
        .strictObject({
          analysis: z.literal('tune').describe('The steps × Challenge grid.'),
          ...who,
          steps: z
            .array(integer(1, 36, 'A step count.'))
            .min(1)
            .describe('Step counts (default 1 to 12).')
            .optional(),
          actions: integer(1, 4, 'Actions in the roll (default 1).').optional(),
          challenges: challengesList.describe('Challenges (default 1 to 6).').optional(),
          pool: choice(
            POOL_RULES,
            'Which pool is rolled: best or natural (default best).',
          ).optional(),
          target: chanceSchema
            .describe('Also find, per step count, the Challenge nearest this win chance.')
            .optional(),
        })
        .describe('Challenge tuning: the win chance at every steps × Challenge.'),
      z
        .strictObject({
          analysis: z.literal('fight').describe('A whole fight, round by round.'),
          ...who,
          ...rollSource,
          ...one,
          tags: integer(1, 10, "Tags, instead of the threat's.").optional(),
          maxRounds: integer(1, 50, 'Rounds before the fight is called (default 8).').optional(),
          fightPolicy: choice(
            FIGHT_POLICIES,
            'per-roll (default: each roll played for its own utility) or whole-fight (every round played for P(win within maxRounds)).',
          ).optional(),
          titles: integer(
            0,
            10,
            "Resolve at the start (default: the character's Titles).",
          ).optional(),
          aura: integer(0, 20, 'Aura at the start (default: full).').optional(),
        })
        .describe('Fight: P(the threat falls within n rounds), Aura and Resolve round by round.'),
    ],
    {
      error: 'an analysis: one of splits, compare, advantage, fishing, rerolls, tune, fight',
    },
  )
  .describe(
    'An analysis to run: its table and chart go to `dicelab report`, its cells are figures.',
  );

/** Which figures exist; see figures.ts for what each means. */
export const FIGURE_NAMES = [
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
export type FigureName = (typeof FIGURE_NAMES)[number];

/** What a figure is of: a character's roll or fight, or a row of an analysis. */
export const figureOfSchema = z
  .strictObject({
    character: id('The character rolling (a key of characters).').optional(),
    action: id('Their set action rolled.').optional(),
    steps: integer(
      1,
      36,
      'Steps rolled instead of a set action; or, with analysis, the row’s steps.',
    ).optional(),
    extraSteps: integer(
      0,
      30,
      'Steps added to the set action’s (Aura-bought lines, a Leader’s order).',
    ).optional(),
    actions: integer(1, 4, 'Actions in the roll: each gives one split (default 1).').optional(),
    vs: id('The threat faced (a key of threats).').optional(),
    challenge: integer(
      1,
      50,
      'A Challenge instead of a threat; or, with analysis, the row’s Challenge.',
    ).optional(),
    tags: integer(1, 10, "A fight's tags, instead of the threat's.").optional(),
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
      10,
      'Resolve available, instead of the character’s; or the rerolls row’s level.',
    ).optional(),
    aura: integer(0, 20, 'Aura at the start, instead of the character’s.').optional(),
    titles: integer(
      0,
      10,
      "A fight's starting Resolve, instead of the character's Titles.",
    ).optional(),
    policy: choice(POLICIES, 'Who decides (default: the character’s, else optimal).').optional(),
    rerolls: choice(
      ['any', 'one', 'all'] as const,
      'Rerolls allowed; or the rerolls row’s kind.',
    ).optional(),
    rounds: integer(1, 50, 'fallsWithin: within this many rounds (default maxRounds).').optional(),
    maxRounds: integer(
      1,
      50,
      'Rounds before a fight is called (default: rounds, else 8).',
    ).optional(),
    fightPolicy: choice(
      FIGHT_POLICIES,
      "A fight's play: per-roll (default) or whole-fight (every round for P(win within maxRounds)).",
    ).optional(),
    analysis: id(
      'A row of this analysis (a key of analyses) instead of a roll or fight.',
    ).optional(),
    stack: splitText('The advantage row’s stack ("d6+d6").').optional(),
    dice: integer(1, 12, 'The advantage row’s number of dice.').optional(),
    round: integer(1, 50, 'The fight row’s round.').optional(),
  })
  .describe(
    "What the figure is of: { character, action, vs } for a roll or a fight, or { analysis, … } for a cell of an analysis' table.",
  );

export const BY = ['exact', 'simulation'] as const;

/** The grid axes a monotonicity rule can run over. */
export const GRID_AXES = [
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
    simulation: z
      .strictObject({
        trials: integer(1000, 100_000_000, 'Trials of the first look (default 20000).').optional(),
        maxTrials: integer(
          1000,
          100_000_000,
          'Most trials a simulated figure may take before it is called inconclusive (default 1000000).',
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
      .describe('The analyses to run, by key (their tables and charts: `dicelab report`).')
      .optional(),
    expectations: z
      .array(expectationSchema, { error: 'a list of expectations' })
      .describe('What the game should feel like: judged by `dicelab check`.')
      .optional(),
  })
  .describe("A dicelab scenario: characters, threats, analyses and expectations for Zi'Dara.");

export type Scenario = z.output<typeof scenarioSchema>;
export type Character = z.output<typeof characterSchema>;
export type Threat = z.output<typeof threatSchema>;
export type Analysis = z.output<typeof analysisSchema>;
export type Expectation = z.output<typeof expectationSchema>;
export type FigureOf = z.output<typeof figureOfSchema>;

/**
 * The JSON Schema of a scenario file, for editors (yaml-language-server), generated from the
 * zod schema; `scripts/scenario-schema.ts` writes it to `scenarios/schema.json`.
 */
export function scenarioJsonSchema(): Record<string, unknown> {
  const schema = z.toJSONSchema(scenarioSchema, {
    io: 'input',
    target: 'draft-7',
    unrepresentable: 'any',
  }) as Record<string, unknown>;
  return {
    ...schema,
    $id: 'https://dicelab.dev/schemas/scenario.json',
    title: 'dicelab scenario',
  };
}
