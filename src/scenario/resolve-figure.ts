import { fieldWithin, InputError, invalid, missing } from '../input/input-error.ts';
import type { CheckSystemName } from '../systems/systems.ts';
import { SPLITS_DEFAULTS } from '../systems/zidara/analyses/splits.ts';
import { actionsOf, type PoolRule, TUNE_DEFAULTS } from '../systems/zidara/analyses/tune.ts';
import type { RerollKinds } from '../systems/zidara/engine/roll-play.ts';
import {
  FIGHT_DEFAULTS,
  type Fight,
  type FightOptions,
  type FightPolicy,
  parseFight,
  WHOLE_FIGHT_PLAY,
} from '../systems/zidara/fight/fight.ts';
import { legalPools, stepsToDice } from '../systems/zidara/roll/pool.ts';
import {
  RULE_OPTION_NAMES,
  refuseResourceValues,
  ruleOption,
} from '../systems/zidara/roll/rule-options.ts';
import { checkAura, DEFENDING, ROLL_DEFAULTS, ROLL_LIMITS } from '../systems/zidara/roll/spec.ts';
import {
  canonicalSplit,
  formatPool,
  formatSplit,
  parseSplit,
  type Split,
} from '../systems/zidara/roll/split.ts';
import {
  characterSetup,
  checkRefusedPair,
  type RollSetup,
  splitRoll,
} from '../systems/zidara/roll/split-roll.ts';
import {
  ANALYSIS_TABLES,
  type FigureUnit,
  ROLL_AND_FIGHT_FIGURES,
  rowFieldsOf,
  type ScenarioAnalysisName,
} from './figure-catalogue.ts';
import { checkResolveHeld } from './plan-problem.ts';
import {
  type Character,
  type FigureName,
  type FigureOf,
  SCENARIO_DEFAULTS,
  type Scenario,
  type Threat,
} from './schema.ts';

/** A figure of another system's check: an outcome ("mixed") or a number ("expectedHits"). */
export type CheckFigure = string & {};

/** How a figure is found: solved exactly, or estimated by the simulator. */
export type FigureMethod = 'exact' | 'simulation';

/** The dice of a roll figure: a stated split, or the one-intent pool a rule picks for the steps. */
export type RollDice =
  | { readonly split: Split }
  | { readonly steps: number; readonly actions: number; readonly pool: PoolRule };

/** What computes a figure, every name resolved to numbers. */
export type FigureSpec =
  | {
      readonly kind: 'roll';
      readonly dice: RollDice;
      readonly challenge: number;
      readonly setup: RollSetup;
    }
  | { readonly kind: 'fight'; readonly fight: Fight; readonly rounds: number }
  | {
      readonly kind: 'cell';
      readonly analysis: string;
      readonly table: ScenarioAnalysisName;
      /** Row fields and the values they must have (splits in canonical notation). */
      readonly select: Readonly<Record<string, string | number>>;
    }
  | {
      /** A check of another system (`system: d6-pool`, …): its spec as written and as parsed. */
      readonly kind: 'check';
      readonly system: CheckSystemName;
      /** The `of` fields (grid values set), what the system's `odds --spec` would read. */
      readonly input: Readonly<Record<string, unknown>>;
      /** The same, checked, defaults filled in. */
      readonly check: unknown;
    };

/** One figure, resolved: what it is, how it is found, and the stable key it is known by. */
export interface FigureRef {
  /** A Zi'Dara figure, or (a check) an outcome's name or a number of the system's answer. */
  readonly figure: FigureName | CheckFigure;
  readonly by: FigureMethod;
  readonly unit: FigureUnit;
  /**
   * The figure as people read it and as the baseline and the seed know it, built from the names
   * in the file: "winChance of vesk.locks vs vault-lock (resolve 1)".
   */
  readonly key: string;
  readonly spec: FigureSpec;
}

/** Where each `of` field is in the file, for messages ("expectations[2].of.split"). */
export type FieldOf = (field: string) => string;

/**
 * Resolves `figure` of `of` (names of the scenario's characters, threats and analyses) into what
 * computes it, checking that the setup is possible: references exist, the split is a legal pool
 * of the steps, Aura fits under its cap, Resolve within the Titles, the fight's rounds fit. Cheap (no solve): every setup is
 * validated by building a sample roll. @throws InputError whose field is a path in the file.
 */
export function resolveFigure(
  scenario: Scenario,
  figure: FigureName,
  of: FigureOf,
  by: FigureMethod,
  fieldOf: FieldOf,
): FigureRef {
  const asked = { scenario, figure, of, by, fieldOf };
  if (of.analysis !== undefined) return resolveCell(asked);
  const info = ROLL_AND_FIGHT_FIGURES[figure];
  if (!info)
    throw invalid(
      fieldOf('analysis'),
      undefined,
      `an analysis: ${figure} is a column of an analysis' table, so \`of\` names the analysis and the row`,
    );
  if (by === 'simulation' && !info.simulated)
    throw invalid(
      fieldOf('by'),
      by,
      `exact: ${figure} has no simulated estimate (simulated figures: ${simulatedFigures().join(', ')})`,
    );
  return info.kind === 'roll' ? resolveRoll(asked) : resolveFight(asked);
}

/** What `resolveFigure` is asked, as the resolver of each kind of figure takes it. */
interface FigureAsked {
  readonly scenario: Scenario;
  readonly figure: FigureName;
  readonly of: FigureOf;
  readonly by: FigureMethod;
  readonly fieldOf: FieldOf;
}

/** The figures the simulator can estimate. */
function simulatedFigures(): FigureName[] {
  return (Object.keys(ROLL_AND_FIGHT_FIGURES) as FigureName[]).filter(
    (name) => ROLL_AND_FIGHT_FIGURES[name]!.simulated,
  );
}

/** Steps of a set action: its number, or 1 + its lines. */
function actionSteps(action: number | readonly string[]): number {
  return typeof action === 'number' ? action : 1 + action.length;
}

/** Titles as a count. */
export function titleCount(character: Character): number {
  const titles = character.titles ?? FIGHT_DEFAULTS.titles;
  return typeof titles === 'number' ? titles : titles.length;
}

/** Tags as a count. */
export function tagCount(threat: Threat): number {
  const tags = threat.tags ?? SCENARIO_DEFAULTS.tags;
  return typeof tags === 'number' ? tags : tags.length;
}

/**
 * The roll setup of the character `name`: Aura, Resolve (default: the Titles), the archetype,
 * the play. @throws InputError at `characters.<name>.aura` for Aura above its cap.
 */
export function setupOf(character: Character, name: string): RollSetup {
  const archetype = character.archetype ?? {};
  const held = character as Readonly<Record<string, unknown>>;
  const options: Record<string, unknown> = {};
  // Every rule option where the file holds it (see RULE_OPTIONS' `scenario`); Aura beside its cap.
  for (const field of RULE_OPTION_NAMES) {
    const placed = ruleOption(field).scenario;
    if (placed === 'figure') continue; // the figure's `defending`
    options[field] =
      placed === 'archetype'
        ? (archetype as Readonly<Record<string, unknown>>)[field]
        : held[field];
    if (field === 'auraMax') options.aura = character.aura;
  }
  options.resolve = character.resolve ?? titleCount(character);
  return characterSetup(
    { ...options, policy: character.policy, rerolls: character.rerolls },
    {
      aura: `characters.${name}.aura`,
      auraMax: 'auraMax',
      field: (field) => `characters.${name}.${field}`,
    },
  );
}

const ROLL_ONLY = ['split', 'pool', 'defending', 'resolve', 'policy'] as const;
const FIGHT_ONLY = ['tags', 'titles', 'rounds', 'maxRounds', 'fightPolicy'] as const;
const CELL_ONLY = ['stack', 'dice', 'round'] as const;

function resolveRoll(asked: FigureAsked): FigureRef {
  const { scenario, figure, of, fieldOf } = asked;
  refuse(
    of,
    [...FIGHT_ONLY, ...CELL_ONLY],
    fieldOf,
    `a field of a fight or an analysis row, not of a roll's ${figure}`,
  );
  const { name, character } = characterOf(scenario, of, fieldOf);
  const { challenge } = threatFaced(scenario, of, fieldOf);
  const actions = of.actions ?? SPLITS_DEFAULTS.actions;
  const steps = stepsOf(of, character, name, fieldOf, of.split === undefined);
  if (of.split !== undefined && of.pool !== undefined)
    throw invalid(
      fieldOf('pool'),
      of.pool,
      'nothing with a split (the pool rule picks a pool when no split is given)',
    );
  const setup: RollSetup = {
    ...setupOf(character, name),
    ...(of.resolve === undefined ? {} : { resolve: of.resolve }),
    ...(of.aura === undefined ? {} : { aura: of.aura }),
    ...(of.policy === undefined ? {} : { policy: of.policy }),
    ...(of.rerolls === undefined ? {} : { rerolls: of.rerolls }),
    ...(of.defending ? DEFENDING : {}),
  };
  checkSetupAura(setup, name, of.aura === undefined ? undefined : fieldOf('aura'));
  if (of.resolve !== undefined)
    checkResolveHeld(of.resolve, titleCount(character), fieldOf('resolve'));
  // Options the rules refuse together, named where the file sets them (the character's own
  // are checked with it): the figure's `defending` and a character's variant.
  checkRefusedPair(
    setup,
    (field) => (field === 'defending' ? fieldOf('defending') : `characters.${name}.${field}`),
    of.defending ? 'defending' : undefined,
  );
  let dice: RollDice;
  let sample: Split;
  if (of.split !== undefined) {
    const split = located(() => parseSplit(of.split!, fieldOf('split')));
    if (steps !== undefined) {
      const pool = split.flat().sort((a, b) => b - a);
      const legal = legalPools(steps, actions);
      if (!legal.some((p) => p.length === pool.length && p.every((n, i) => n === pool[i]))) {
        const examples = legal
          .slice(-4)
          .map((p) => formatPool(p))
          .join(', ');
        throw invalid(
          fieldOf('split'),
          of.split,
          `a legal pool of ${steps} steps and ${actions} action${actions === 1 ? '' : 's'}, such as ${examples}`,
        );
      }
    }
    dice = { split };
    sample = split;
  } else {
    const pool = of.pool ?? TUNE_DEFAULTS.pool;
    try {
      actionsOf(of.actions, pool);
    } catch (error) {
      throw fieldWithin(error, fieldOf('').replace(/\.?$/, '.'));
    }
    dice = { steps: steps!, actions, pool };
    sample = canonicalSplit([stepsToDice(steps!)]);
  }
  checkRoll(sample, challenge, setup, fieldOf);
  return rollOrFightRef(
    asked,
    name,
    ['split', 'pool', 'actions', 'resolve', 'aura', 'defending', 'policy', 'rerolls'],
    { kind: 'roll', dice, challenge, setup },
  );
}

function resolveFight(asked: FigureAsked): FigureRef {
  const { scenario, of, fieldOf } = asked;
  refuse(
    of,
    ROLL_ONLY,
    fieldOf,
    'a field of one roll, not of a fight (a fight starts with Resolve = titles and plays the optimum, splitting its pool afresh each round)',
  );
  refuse(of, CELL_ONLY, fieldOf, 'a field of an analysis row, not of a fight');
  const { name, character } = characterOf(scenario, of, fieldOf);
  const maxRounds = of.maxRounds ?? of.rounds ?? FIGHT_DEFAULTS.maxRounds;
  const rounds = of.rounds ?? maxRounds;
  if (rounds > maxRounds)
    throw invalid(fieldOf('rounds'), rounds, `at most maxRounds (${maxRounds})`);
  const { fight } = fightOf(scenario, of, character, name, maxRounds, fieldOf);
  return rollOrFightRef(
    asked,
    name,
    ['tags', 'actions', 'rounds', 'maxRounds', 'titles', 'aura', 'rerolls', 'fightPolicy'],
    { kind: 'fight', fight, rounds },
  );
}

/**
 * The fight a scenario item describes (a fight analysis, a fight figure): the character's setup,
 * the threat's Challenge and tags (or the item's own tags, Aura, Titles, rerolls and play), the
 * steps of its set action, checked by the fight's own parser.
 * @throws InputError at the item's field.
 */
export function fightOf(
  scenario: Scenario,
  item: FacedGiven &
    StepsGiven & {
      readonly tags?: number | undefined;
      readonly actions?: number | undefined;
      readonly aura?: number | undefined;
      readonly titles?: number | undefined;
      readonly rerolls?: RerollKinds | undefined;
      readonly fightPolicy?: FightPolicy | undefined;
    },
  character: Character,
  name: string,
  maxRounds: number,
  fieldOf: FieldOf,
): { fight: Fight; options: Omit<FightOptions, 'challenge' | 'tags'> } {
  const faced = threatFaced(scenario, item, fieldOf);
  const tags = item.tags ?? faced.tags;
  if (tags === undefined)
    throw missing(fieldOf('tags'), "the threat's tags (with a challenge rather than a threat)");
  const steps = stepsOf(item, character, name, fieldOf, true)!;
  const setup = setupOf(character, name);
  // The character's worths of Aura and Resolve left, which whole-fight play never reads.
  if ((item.fightPolicy ?? FIGHT_DEFAULTS.fightPolicy) === 'whole-fight')
    refuseResourceValues(
      setup,
      `fightPolicy per-roll, not whole-fight as in ${fieldOf('')}`,
      WHOLE_FIGHT_PLAY,
      (field) => `characters.${name}.${field}`,
    );
  const startAura = item.aura ?? setup.aura;
  checkSetupAura(
    { ...setup, aura: startAura },
    name,
    item.aura === undefined ? undefined : fieldOf('aura'),
  );
  const { resolve: _resolve, policy: _policy, aura: _aura, ...rest } = setup;
  const options = {
    ...rest,
    ...(item.rerolls === undefined ? {} : { rerolls: item.rerolls }),
    ...(startAura === undefined ? {} : { aura: startAura }),
    steps,
    actions: item.actions ?? FIGHT_DEFAULTS.actions,
    titles: item.titles ?? titleCount(character),
    maxRounds,
    ...(item.fightPolicy === undefined ? {} : { fightPolicy: item.fightPolicy }),
  };
  const fight = located(
    () => parseFight({ ...options, challenge: faced.challenge, tags }),
    fieldOf(''),
  );
  return { fight, options };
}

function resolveCell(asked: FigureAsked): FigureRef {
  const { scenario, figure, of, by, fieldOf } = asked;
  const analysis = named(scenario, 'analyses', of.analysis!, fieldOf('analysis'), 'analysis');
  const table = analysis.analysis;
  const unit = ANALYSIS_TABLES[table].figures[figure];
  if (unit === undefined)
    throw invalid(
      fieldOf('figure'),
      figure,
      `a column of the ${table} analysis ${of.analysis}: ${Object.keys(ANALYSIS_TABLES[table].figures).join(', ')}`,
    );
  if (by === 'simulation') throw invalid(fieldOf('by'), by, 'exact: analyses are solved exactly');
  const rowFields = rowFieldsOf(table);
  const select: Record<string, string | number> = {};
  for (const [field, value] of Object.entries(of)) {
    if (field === 'analysis' || value === undefined) continue;
    if (!rowFields.includes(field))
      throw invalid(
        fieldOf(field),
        value,
        `a row field of the ${table} analysis ${of.analysis}: ${rowFields.join(', ')}`,
      );
    if (field === 'vs') {
      if (of.challenge !== undefined)
        throw invalid(fieldOf('vs'), value, 'either vs or challenge, not both');
      select.challenge = threatOf(scenario, value as string, fieldOf('vs')).challenge;
    } else if (field === 'split' || field === 'stack') {
      const split = located(() => parseSplit(value as string, fieldOf(field)));
      if (field === 'stack' && split.length !== 1)
        throw invalid(fieldOf('stack'), value, 'dice on one intent, such as "d6+d6" (no |)');
      select[field] = formatSplit(split);
    } else select[field] = value as string | number;
  }
  const shown = Object.entries(select)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');
  return {
    figure,
    by: 'exact',
    unit,
    key: `${figure} of ${of.analysis}${shown ? ` [${shown}]` : ''}`,
    spec: { kind: 'cell', analysis: of.analysis!, table, select },
  };
}

/** The character an item names (`character`), resolved. */
export function characterOf(
  scenario: Scenario,
  of: { readonly character?: string | undefined },
  fieldOf: FieldOf,
): { name: string; character: Character } {
  if (of.character === undefined)
    throw missing(fieldOf('character'), 'the character rolling, a key of characters');
  const character = named(scenario, 'characters', of.character, fieldOf('character'), 'character');
  return { name: of.character, character };
}

/**
 * What a character or a threat is called for people: its `name`, or its key in the file.
 * @example shownName('warden', { name: 'a harbour Warden' }) // "a harbour Warden"
 */
export function shownName(key: string, item: { readonly name?: string | undefined }): string {
  return item.name ?? key;
}

/** The threat named `name`, resolved. */
export function threatOf(scenario: Scenario, name: string, field: string): Threat {
  return named(scenario, 'threats', name, field, 'threat');
}

/** The item `name` of a section of the scenario; an unknown name is refused at `field`. */
function named<S extends 'characters' | 'threats' | 'analyses'>(
  scenario: Scenario,
  section: S,
  name: string,
  field: string,
  what: string,
): NonNullable<Scenario[S]>[string] {
  const items = scenario[section] as Readonly<Record<string, NonNullable<Scenario[S]>[string]>>;
  const item = items?.[name];
  if (!item) throw unknownName(field, name, what, Object.keys(items ?? {}));
  return item;
}

/** How an item names what it faces (see `threatFaced`). */
type FacedGiven = { readonly vs?: string | undefined; readonly challenge?: number | undefined };

/** What an item faces: a threat (`vs`: its Challenge and tags) or a bare `challenge`. */
export function threatFaced(
  scenario: Scenario,
  of: FacedGiven,
  fieldOf: FieldOf,
): { challenge: number; tags: number | undefined } {
  if (of.vs !== undefined && of.challenge !== undefined)
    throw invalid(
      fieldOf('challenge'),
      of.challenge,
      'either vs (a threat) or challenge, not both',
    );
  if (of.vs !== undefined) {
    const threat = threatOf(scenario, of.vs, fieldOf('vs'));
    return { challenge: threat.challenge, tags: tagCount(threat) };
  }
  if (of.challenge !== undefined) return { challenge: of.challenge, tags: undefined };
  throw missing(fieldOf('vs'), 'the threat faced (a key of threats), or a challenge');
}

/** How an item gives its steps (see `stepsOf`). */
type StepsGiven = {
  readonly action?: string | undefined;
  readonly steps?: number | undefined;
  readonly extraSteps?: number | undefined;
};

/** Steps from `steps`, or the set action's (+ extraSteps); undefined when neither is given and not required. */
export function stepsOf(
  of: StepsGiven,
  character: Character,
  name: string,
  fieldOf: FieldOf,
  required: boolean,
): number | undefined {
  if (of.action !== undefined && of.steps !== undefined)
    throw invalid(fieldOf('steps'), of.steps, 'either action (a set action) or steps, not both');
  if (of.action !== undefined) {
    const action = character.actions[of.action];
    if (action === undefined)
      throw unknownName(
        fieldOf('action'),
        of.action,
        `set action of ${name}`,
        Object.keys(character.actions),
      );
    const steps = actionSteps(action) + (of.extraSteps ?? 0);
    if (steps > ROLL_LIMITS.steps)
      throw invalid(
        fieldOf('extraSteps'),
        of.extraSteps,
        `at most ${ROLL_LIMITS.steps - actionSteps(action)} (${ROLL_LIMITS.steps} steps in all)`,
      );
    return steps;
  }
  if (of.extraSteps !== undefined)
    throw invalid(
      fieldOf('extraSteps'),
      of.extraSteps,
      'nothing without an action (give steps instead)',
    );
  if (of.steps !== undefined) return of.steps;
  if (required)
    throw missing(
      fieldOf('action'),
      `a set action of ${name} (${Object.keys(character.actions).join(', ')}), or steps`,
    );
  return undefined;
}

/**
 * A setup's starting Aura against its cap; the problem is pointed at `field` when the Aura was
 * given there, else at the character's own `aura`.
 */
export function checkSetupAura(setup: RollSetup, name: string, field?: string): void {
  if (setup.aura === undefined) return;
  checkAura(setup.aura, setup.auraMax ?? ROLL_DEFAULTS.auraMax, field ?? `characters.${name}.aura`);
}

/** Builds the roll once, so the engine's own checks name the setup's problem before any work. */
function checkRoll(split: Split, challenge: number, setup: RollSetup, fieldOf: FieldOf): void {
  located(() => splitRoll(split, challenge, setup), fieldOf(''));
}

/** Runs `make`; an engine InputError without a scenario path is pinned to `field`. */
export function located<T>(make: () => T, field?: string): T {
  try {
    return make();
  } catch (error) {
    if (!(error instanceof InputError) || field === undefined) throw error;
    const at = field.replace(/\.$/, '');
    if (error.field?.startsWith(at)) throw error;
    throw new InputError(`${at}: ${error.message}`, at);
  }
}

function refuse(
  of: FigureOf,
  fields: readonly (keyof FigureOf)[],
  fieldOf: FieldOf,
  why: string,
): void {
  for (const field of fields) {
    if (of[field] !== undefined) throw invalid(fieldOf(field), of[field], `nothing here: ${why}`);
  }
}

/**
 * A roll's or a fight's figure, keyed for baselines by who rolls against what and the `shown`
 * fields the scenario set: "winChance of vesk.locks vs vault-lock (aura 2) [simulated]".
 */
function rollOrFightRef(
  { figure, by, of }: FigureAsked,
  name: string,
  shown: readonly (keyof FigureOf)[],
  spec: FigureRef['spec'],
): FigureRef {
  const key = `${figure} of ${who(of, name)}${options(of, shown)}${by === 'simulation' ? ' [simulated]' : ''}`;
  return { figure, by, unit: ROLL_AND_FIGHT_FIGURES[figure]!.unit, key, spec };
}

/** "vesk.locks vs vault-lock", "vesk 7 steps vs C3", "vesk.locks+1 vs wall". */
function who(of: FigureOf, name: string): string {
  const rolled =
    of.action !== undefined
      ? `${name}.${of.action}${of.extraSteps ? `+${of.extraSteps}` : ''}`
      : of.steps !== undefined
        ? `${name} ${of.steps} steps`
        : name;
  return `${rolled} vs ${of.vs ?? `C${of.challenge}`}`;
}

function options(of: FigureOf, fields: readonly (keyof FigureOf)[]): string {
  const shown = fields
    .filter((f) => of[f] !== undefined)
    .map((f) => (f === 'defending' ? (of.defending ? 'defending' : '') : `${f} ${of[f]}`))
    .filter(Boolean);
  return shown.length ? ` (${shown.join(', ')})` : '';
}

/** "…: \"vesks\" is not allowed (expected a character: vesk, bram)". */
export function unknownName(
  field: string,
  value: unknown,
  what: string,
  names: readonly string[],
): InputError {
  return invalid(
    field,
    value,
    names.length
      ? `${/^[aeiou]/.test(what) ? 'an' : 'a'} ${what}: ${names.join(', ')}`
      : `${/^[aeiou]/.test(what) ? 'an' : 'a'} ${what}, but none is defined`,
  );
}
