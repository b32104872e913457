import { InputError, invalid } from '../input/input-error.ts';
import { parseSpec } from '../input/issue-messages.ts';
import { ROLL_DEFAULTS } from '../systems/zidara/roll/spec.ts';
import { ANALYSIS_TABLES, type FigureUnit, ROLL_AND_FIGHT_FIGURES } from './figure-catalogue.ts';
import { type PlannedAnalysis, planAnalysis } from './plan-analysis.ts';
import {
  characterProblems,
  invalidProblem,
  type PlanProblem,
  unreadCharacterOption,
} from './plan-problem.ts';
import { planSimulation } from './plan-simulation.ts';
import {
  type FigureMethod,
  type FigureRef,
  resolveFigure,
  tagCount,
  unknownName,
} from './resolve-figure.ts';
import {
  type Expectation,
  type FigureName,
  type FigureOf,
  figureOfSchema,
  type GridAxis,
  type Scenario,
} from './schema.ts';

/** Bounds on a figure (or a difference), both included; `between` sets both. */
export interface Bound {
  readonly atLeast?: number;
  readonly atMost?: number;
}

/** How a figure must move along a grid's axis (an expectation's `monotone:` over a grid). */
export type Direction = 'nonDecreasing' | 'nonIncreasing';

/** One line of a grid: the points along the monotone axis, the other axes held at `label`. */
export interface GridLine {
  /** The fixed axes, e.g. "challenge 3" ("" when the grid has one axis). */
  readonly label: string;
  readonly points: readonly { readonly at: number; readonly figure: FigureRef }[];
}

/** An expectation of a file, resolved: what to compute and how to judge it. */
export type PlannedExpectation = {
  readonly index: number;
  readonly expect: string;
  /** Its path in the file ("expectations[3]"), for messages. */
  readonly field: string;
} & (
  | { readonly kind: 'bound'; readonly figure: FigureRef; readonly bound: Bound }
  | {
      readonly kind: 'difference';
      readonly left: FigureRef;
      readonly right: FigureRef;
      /**
       * Where the minus figure is written ("expectations[3].minus.of"): what only solving finds
       * wrong with it (no row of its analysis has what `minus.of` sets) is reported there.
       */
      readonly rightField: string;
      readonly bound: Bound;
    }
  | {
      readonly kind: 'monotone';
      readonly direction: Direction;
      readonly along: string;
      readonly unit: FigureUnit;
      readonly lines: readonly GridLine[];
    }
  | {
      readonly kind: 'monotone-cells';
      readonly direction: Direction;
      readonly along: string;
      /** The cell figure with the rows' selection (every row it matches is on the grid). */
      readonly figure: FigureRef;
    }
);

/** Everything a scenario asks for, resolved. */
export interface ScenarioPlan {
  readonly analyses: readonly PlannedAnalysis[];
  readonly expectations: readonly PlannedExpectation[];
  /** Trials of the first look at a simulated figure, and the most it may take. */
  readonly simulation: { readonly trials: number; readonly maxTrials: number };
}

/**
 * Resolves every analysis and expectation of a (schema-valid) scenario, collecting every
 * problem of meaning instead of stopping at the first. `broken` holds the keys of the items the
 * schema rejected ("characters.vesk"): references to them are not reported again.
 * Cheap: no solve, no simulation.
 */
export function planScenario(
  scenario: Scenario,
  broken: ReadonlySet<string> = new Set(),
): { plan: ScenarioPlan; problems: PlanProblem[] } {
  const problems: PlanProblem[] = [];
  const attempt = <T>(make: () => T): T | undefined => {
    try {
      return make();
    } catch (error) {
      const errors = error instanceof InputErrors ? error.errors : [error];
      for (const e of errors) {
        if (!(e instanceof InputError)) throw e;
        problems.push({ field: e.field ?? '', message: e.message });
      }
      return undefined;
    }
  };
  const { simulation, problems: simulationProblems } = planSimulation(scenario.simulation);
  problems.push(...simulationProblems);
  for (const [name, character] of Object.entries(scenario.characters ?? {}))
    problems.push(...characterProblems(name, character));
  // A character whose own fields are refused above: what uses it is not reported again.
  const badCharacter = (name: string) => {
    const character = scenario.characters?.[name];
    const max = character?.auraMax ?? ROLL_DEFAULTS.auraMax;
    return (
      (character?.aura !== undefined && character.aura > max) ||
      unreadCharacterOption(name, character) !== undefined
    );
  };
  const analyses: PlannedAnalysis[] = [];
  for (const [key, analysis] of Object.entries(scenario.analyses ?? {})) {
    if (refersToBroken(analysis, broken) || badCharacter(analysis.character)) continue;
    const at = (f: string) => (f ? `analyses.${key}.${f}` : `analyses.${key}`);
    const planned = attempt(() => {
      // An analysis' own `analysis` field is its kind, not a reference.
      checkReferences(scenario, { ...analysis, analysis: undefined }, at, broken);
      return planAnalysis(scenario, key, analysis, at);
    });
    if (planned) analyses.push(planned);
  }
  const expectations: PlannedExpectation[] = [];
  (scenario.expectations ?? []).forEach((expectation, index) => {
    if (expectation === undefined) return;
    const refs = [expectation.of, expectation.minus?.of ?? {}];
    if (refs.some((of) => refersToBroken(of, broken))) return;
    if (refs.some((of) => of.character !== undefined && badCharacter(of.character))) return;
    if (
      expectation.of.analysis !== undefined &&
      scenario.analyses?.[expectation.of.analysis] !== undefined &&
      !analyses.some((a) => a.key === expectation.of.analysis)
    )
      return; // the analysis itself has a problem, reported above
    const planned = attempt(() => planExpectation(scenario, expectation, index, broken));
    if (planned) expectations.push(planned);
  });
  return { plan: { analyses, expectations, simulation }, problems };
}

/**
 * The references of an expectation the schema rejected (a wrong type in its bounds, say), when
 * its `of` parts are valid on their own: a missing character is then reported with the rest.
 */
export function referenceProblems(
  scenario: Scenario,
  expectation: unknown,
  index: number,
  broken: ReadonlySet<string>,
): PlanProblem[] {
  if (!expectation || typeof expectation !== 'object') return [];
  const raw = expectation as { of?: unknown; minus?: { of?: unknown } };
  const of = figureOfSchema.safeParse(raw.of);
  if (!of.success) return [];
  const at = `expectations[${index}]`;
  const problems: PlanProblem[] = [];
  const collect = (check: () => void) => {
    try {
      check();
    } catch (error) {
      if (!(error instanceof InputErrors)) throw error;
      for (const e of error.errors) problems.push({ field: e.field ?? '', message: e.message });
    }
  };
  collect(() => checkReferences(scenario, of.data, (f) => `${at}.of.${f}`, broken));
  const minus = figureOfSchema.safeParse(raw.minus?.of);
  if (minus.success && raw.minus?.of !== undefined)
    collect(() => checkReferences(scenario, minus.data, (f) => `${at}.minus.of.${f}`, broken));
  return problems;
}

/** Several problems of one item, reported together. */
class InputErrors extends Error {
  readonly errors: readonly InputError[];
  constructor(errors: readonly InputError[]) {
    super(errors.map((e) => e.message).join('\n'));
    this.errors = errors;
  }
}

/**
 * Every name an item refers to (its character, the character's set action, its threats, its
 * analysis) checked at once, and rounds against maxRounds: the problems a designer fixes
 * together. @throws InputErrors with all of them.
 */
function checkReferences(
  scenario: Scenario,
  item: {
    character?: string | undefined;
    action?: string | undefined;
    vs?: string | readonly string[] | undefined;
    analysis?: string | undefined;
    rounds?: number | undefined;
    maxRounds?: number | undefined;
  },
  at: (field: string) => string,
  broken: ReadonlySet<string>,
): void {
  const errors: InputError[] = [];
  const names = (section: string, kept: object | undefined) => [
    ...Object.keys(kept ?? {}),
    ...[...broken]
      .filter((k) => k.startsWith(`${section}.`))
      .map((k) => k.slice(section.length + 1)),
  ];
  // A name the schema rejected is there, its own problems reported: not an unknown name.
  const known = (section: string, name: string, kept: object | undefined) =>
    Object.hasOwn(kept ?? {}, name) || broken.has(`${section}.${name}`);
  const characters = scenario.characters ?? {};
  const character = item.character === undefined ? undefined : characters[item.character];
  if (item.character !== undefined && !known('characters', item.character, characters))
    errors.push(
      unknownName(at('character'), item.character, 'character', names('characters', characters)),
    );
  if (character && item.action !== undefined && character.actions[item.action] === undefined)
    errors.push(
      unknownName(
        at('action'),
        item.action,
        `set action of ${item.character}`,
        Object.keys(character.actions),
      ),
    );
  const threats = scenario.threats ?? {};
  const vs = item.vs === undefined ? [] : typeof item.vs === 'string' ? [item.vs] : item.vs;
  vs.forEach((name, i) => {
    if (!known('threats', name, threats))
      errors.push(
        unknownName(
          at(typeof item.vs === 'string' ? 'vs' : `vs[${i}]`),
          name,
          'threat',
          names('threats', threats),
        ),
      );
  });
  if (item.analysis !== undefined && !known('analyses', item.analysis, scenario.analyses))
    errors.push(
      unknownName(at('analysis'), item.analysis, 'analysis', names('analyses', scenario.analyses)),
    );
  if (item.rounds !== undefined && item.maxRounds !== undefined && item.rounds > item.maxRounds)
    errors.push(invalid(at('rounds'), item.rounds, `at most maxRounds (${item.maxRounds})`));
  if (errors.length > 0) throw new InputErrors(errors);
}

function planExpectation(
  scenario: Scenario,
  e: Expectation,
  index: number,
  broken: ReadonlySet<string>,
): PlannedExpectation {
  const at = `expectations[${index}]`;
  // Every name at once: the expectation's own, then those its minus part sets (checked on the
  // merged `of`, so a minus action is looked up on the right character; an inherited name is
  // reported once, at the expectation's own `of`).
  const references: InputError[] = [];
  const collect = (check: () => void, keep: (error: InputError) => boolean = () => true) => {
    try {
      check();
    } catch (error) {
      if (!(error instanceof InputErrors)) throw error;
      references.push(...error.errors.filter(keep));
    }
  };
  collect(() => checkReferences(scenario, e.of, (f) => `${at}.of.${f}`, broken));
  const changes = e.minus?.of;
  if (changes) {
    const own = (error: InputError) =>
      Object.keys(changes).some((f) => error.field?.startsWith(`${at}.minus.of.${f}`));
    collect(
      () => checkReferences(scenario, merge(e.of, changes), (f) => `${at}.minus.of.${f}`, broken),
      own,
    );
  }
  if (references.length > 0) throw new InputErrors(references);
  const base = { index, expect: e.expect, field: at };
  const fieldOf = (prefix: string, figureAt: string) => (f: string) =>
    f === 'figure' || f === 'by' ? `${figureAt}.${f}` : f ? `${prefix}.${f}` : prefix;
  const by: FigureMethod = e.by ?? 'exact';
  const bound = judgementOf(e, at, by);
  if (!bound) {
    if (e.of.analysis !== undefined) return { ...base, ...monotoneCells(scenario, e, at, fieldOf) };
    return { ...base, ...monotoneGrid(scenario, e, at) };
  }
  const left = resolveFigure(scenario, e.figure, e.of, by, fieldOf(`${at}.of`, at));
  if (!e.minus) return judged(base, e, at, bound, left);
  const minusAt = `${at}.minus`;
  const rightOf = merge(e.of, e.minus.of ?? {});
  const rightFieldOf = (f: string) =>
    f === 'figure' || f === 'by'
      ? e.minus?.[f] !== undefined
        ? `${minusAt}.${f}`
        : `${at}.${f}`
      : e.minus?.of?.[f as keyof FigureOf] !== undefined
        ? `${minusAt}.of.${f}`
        : f
          ? `${at}.of.${f}`
          : `${minusAt}`;
  const right = resolveFigure(
    scenario,
    e.minus.figure ?? e.figure,
    rightOf,
    e.minus.by ?? by,
    rightFieldOf,
  );
  return judged(base, e, at, bound, left, right);
}

/** What an expectation judges in the forms both kinds of scenario file share. */
type JudgedForm = Pick<Expectation, 'between' | 'atLeast' | 'atMost' | 'over' | 'along'> & {
  readonly figure: string;
  readonly monotone?: Direction | undefined;
  readonly minus?: { readonly of?: object | undefined } | undefined;
};

/**
 * How an expectation is judged: its bound, or none for a monotone rule (which takes no bound,
 * minus or simulation, as a bound takes no grid).
 * @throws InputError when it has neither, or a part the other form takes.
 */
export function judgementOf(e: JudgedForm, at: string, by: FigureMethod): Bound | undefined {
  const bound = boundOf(e, at);
  if (e.monotone !== undefined) {
    if (bound)
      throw invalid(
        `${at}.monotone`,
        e.monotone,
        'no bounds with it (between, atLeast, atMost judge one figure)',
      );
    if (e.minus) throw invalid(`${at}.minus`, 'minus', 'nothing with monotone');
    if (by === 'simulation')
      throw invalid(
        `${at}.by`,
        by,
        'exact: a monotonicity rule compares every neighbouring pair, and a simulated pair that is truly equal could never be decided',
      );
    return undefined;
  }
  if (e.over !== undefined) throw invalid(`${at}.over`, e.over, 'nothing without monotone');
  if (e.along !== undefined) throw invalid(`${at}.along`, e.along, 'nothing without monotone');
  if (!bound)
    throw new InputError(
      `${at}: no judgement (expected a bound: between, atLeast or atMost; or a monotone rule)`,
      at,
    );
  return bound;
}

/**
 * A bounded expectation planned: its figure, or with `right` (its `minus` figure) the
 * difference, which must be of two different figures of one kind.
 */
export function judged(
  base: { readonly index: number; readonly expect: string; readonly field: string },
  e: JudgedForm,
  at: string,
  bound: Bound,
  left: FigureRef,
  right?: FigureRef,
): PlannedExpectation {
  if (!right) return { ...base, kind: 'bound', figure: left, bound };
  const minusAt = `${at}.minus`;
  if (right.key === left.key)
    throw invalid(
      minusAt,
      e.minus,
      'another figure: minus names the same figure as the expectation',
    );
  if (unitOfDifference(left.unit) !== unitOfDifference(right.unit))
    throw invalid(
      `${minusAt}.figure`,
      right.figure,
      `a figure of the same kind as ${left.figure} (a chance minus a chance, or a number minus a number)`,
    );
  const rightField = e.minus?.of === undefined ? minusAt : `${minusAt}.of`;
  return { ...base, kind: 'difference', left, right, rightField, bound };
}

/**
 * The bounds of a planned expectation no figure of its unit can reach, a mistake in the file
 * and not a failed check: a chance lies in 0 to 100%, a difference of chances (or a gain) in
 * −100 to +100 points, a flag is 0 or 1. Each is quoted as the file wrote it (`10`, `"175%"`),
 * and a plain number whose percentage is in reach says so (`did you mean "10%"?`): the schema
 * reads 10 as 1000%. `raw` is the expectation as the file holds it.
 */
export function reachProblems(planned: PlannedExpectation, raw: unknown): PlanProblem[] {
  if (planned.kind !== 'bound' && planned.kind !== 'difference') return [];
  const { unit, figure } = planned.kind === 'bound' ? planned.figure : planned.left;
  if (unit !== 'chance' && unit !== 'points' && unit !== 'flag') return [];
  const low = planned.kind === 'difference' || unit === 'points' ? -1 : 0;
  const allowed =
    low === 0
      ? `a chance from 0% to 100% (${figure} is ${unit === 'flag' ? 'a yes/no flag, 0 or 1' : 'a chance'})`
      : 'a difference of chances, from -100% to +100%';
  const written = (raw && typeof raw === 'object' ? raw : {}) as {
    between?: unknown;
    atLeast?: unknown;
    atMost?: unknown;
  };
  const { atLeast, atMost } = planned.bound;
  const bounds: [string, unknown, number | undefined][] = Array.isArray(written.between)
    ? [
        ['between[0]', written.between[0], atLeast],
        ['between[1]', written.between[1], atMost],
      ]
    : [
        ['atLeast', written.atLeast, atLeast],
        ['atMost', written.atMost, atMost],
      ];
  const reached = (v: number) => v >= low && v <= 1;
  return bounds
    .filter(([, , v]) => v !== undefined && !reached(v))
    .map(([field, value, v]) => {
      const percent = typeof value === 'number' && unit !== 'flag' && reached(v! / 100);
      return invalidProblem(
        `${planned.field}.${field}`,
        value ?? v,
        percent ? `${allowed}; did you mean "${value}%"?` : allowed,
      );
    });
}

/**
 * The bounds of a planned expectation written as a percentage ("10%") on a figure that is not a
 * chance. The schema reads every "10%" as 0.1 before the figure's unit is known; for an expected
 * Aura, a rank or a yes/no flag that is never what was meant, so it is refused here, where the
 * unit is. `raw` is the expectation as the file holds it (bounds still as written).
 */
export function percentProblems(planned: PlannedExpectation, raw: unknown): PlanProblem[] {
  if (planned.kind !== 'bound' && planned.kind !== 'difference') return [];
  const flag = planned.kind === 'bound' && planned.figure.unit === 'flag';
  const unit = planned.kind === 'bound' ? planned.figure.unit : unitOfDifference(planned.left.unit);
  if (unit === 'chance' || unit === 'points' || !raw || typeof raw !== 'object') return [];
  const written = raw as { between?: unknown; atLeast?: unknown; atMost?: unknown };
  const what =
    planned.kind === 'difference'
      ? `${planned.left.figure} minus ${planned.right.figure} is a difference of numbers, not of chances`
      : `${planned.figure.figure} is ${flag ? 'a yes/no flag' : 'a number, not a chance'}`;
  const bounds: [string, unknown][] = [
    ...(Array.isArray(written.between)
      ? written.between.map((v, i): [string, unknown] => [`between[${i}]`, v])
      : []),
    ['atLeast', written.atLeast],
    ['atMost', written.atMost],
  ];
  return bounds
    .filter(([, v]) => typeof v === 'string')
    .map(([field, v]) =>
      invalidProblem(
        `${planned.field}.${field}`,
        v,
        flag
          ? `0 or 1: a percent is for chances only, and ${what}`
          : `a plain number (${v} is ${percentValue(v as string)}): a percent is for chances only, and ${what}`,
      ),
    );
}

/**
 * The plain number a percentage stands for, as the schema reads it ("55%" is 0.55), without the
 * float noise of a division (14.3 / 100 is 0.14300000000000002): what a bound written as a
 * percentage on a number would be. Not the percentage's digits (55), a bound of another scale.
 */
function percentValue(percent: string): number {
  return Number((Number.parseFloat(percent) / 100).toPrecision(12));
}

/**
 * The bounds of a planned expectation the wrong way round (the low value last), quoted as the
 * file wrote them; a plain number among percentages is said as one (`1 is 100%`). Checked after
 * {@link percentProblems}, which says what is wrong with a percent on a number first. `raw` is
 * the expectation as the file holds it.
 */
export function orderProblems(planned: PlannedExpectation, raw: unknown): PlanProblem[] {
  if (planned.kind !== 'bound' && planned.kind !== 'difference') return [];
  const { atLeast, atMost } = planned.bound;
  if (atLeast === undefined || atMost === undefined || atLeast <= atMost) return [];
  const written = (raw && typeof raw === 'object' ? raw : {}) as {
    between?: unknown;
    atLeast?: unknown;
    atMost?: unknown;
  };
  const between = Array.isArray(written.between);
  const [low, high] = between ? (written.between as unknown[]) : [written.atLeast, written.atMost];
  // A chance written both ways: the plain number is a fraction, which a reader may not see.
  const plain = [low, high].find((v) => typeof v === 'number');
  const mixed = plain !== undefined && [low, high].some((v) => typeof v === 'string');
  const hint = mixed ? `; a plain ${plain} is ${Math.round(plain * 1e6) / 1e4}%` : '';
  return [
    between
      ? invalidProblem(
          `${planned.field}.between`,
          written.between,
          `the low value first: [low, high]${hint}`,
        )
      : invalidProblem(
          `${planned.field}.atMost`,
          high ?? atMost,
          `at least atLeast (${String(low ?? atLeast)})${hint}`,
        ),
  ];
}

export function unitOfDifference(unit: FigureUnit): FigureUnit {
  return unit === 'flag' ? 'number' : unit;
}

/** The `of` of the other figure: the first's, with the fields `changes` gives replaced. */
function merge(of: FigureOf, changes: FigureOf): FigureOf {
  const result: Record<string, unknown> = { ...of };
  const alternatives = [
    ['vs', 'challenge'],
    ['action', 'steps'],
    ['split', 'pool'],
    ['stack', 'dice'],
  ] as const;
  for (const [a, b] of alternatives) {
    if (changes[a] !== undefined) delete result[b];
    if (changes[b] !== undefined) delete result[a];
  }
  if (changes.steps !== undefined) delete result.extraSteps;
  for (const [k, v] of Object.entries(changes)) if (v !== undefined) result[k] = v;
  return result as FigureOf;
}

/**
 * The bounds an expectation sets (not both between and atLeast/atMost). Their order (low first)
 * is checked by {@link orderProblems} once the figure's unit is known: `[1, "40%"]` is a percent
 * on a number first, and high-first only on a chance.
 */
export function boundOf(
  e: Pick<Expectation, 'between' | 'atLeast' | 'atMost'>,
  at: string,
): Bound | undefined {
  if (e.between !== undefined && (e.atLeast !== undefined || e.atMost !== undefined))
    throw invalid(`${at}.between`, e.between, 'either between, or atLeast and/or atMost');
  if (e.between !== undefined) {
    const [low, high] = e.between;
    return { atLeast: low, atMost: high };
  }
  if (e.atLeast === undefined && e.atMost === undefined) return undefined;
  return {
    ...(e.atLeast === undefined ? {} : { atLeast: e.atLeast }),
    ...(e.atMost === undefined ? {} : { atMost: e.atMost }),
  };
}

const AXES_OF: Record<'roll' | 'fight', readonly GridAxis[]> = {
  roll: ['challenge', 'steps', 'extraSteps', 'resolve', 'aura', 'actions'],
  fight: ['challenge', 'steps', 'extraSteps', 'aura', 'tags', 'rounds', 'actions'],
};

function monotoneGrid(scenario: Scenario, e: Expectation, at: string) {
  const info = ROLL_AND_FIGHT_FIGURES[e.figure];
  if (!info || info.kind === 'cell')
    throw invalid(
      `${at}.of.analysis`,
      undefined,
      `an analysis: ${e.figure} is a column of an analysis' table`,
    );
  const kind = info.kind;
  if (e.over === undefined || Object.keys(e.over).length === 0)
    throw new InputError(
      `${at}.over: missing (expected the grid, such as { challenge: [1, 2, 3, 4, 5, 6] })`,
      `${at}.over`,
    );
  const axes = Object.keys(e.over) as GridAxis[];
  for (const axis of axes) {
    if (!AXES_OF[kind].includes(axis))
      throw invalid(
        `${at}.over.${axis}`,
        axis,
        `an axis of a ${kind}: ${AXES_OF[kind].join(', ')}`,
      );
  }
  const maxRounds = e.over.rounds ? Math.max(...e.over.rounds) : undefined;
  const { along, lines } = gridOf(e.over, e.along, at, (point) => {
    let of: FigureOf = e.of;
    for (const [axis, v] of Object.entries(point)) {
      // A point stands in for the field of `of`: its limits are that field's.
      parseSpec(figureOfSchema.shape[axis as GridAxis], v, `${at}.over.${axis}.`);
      of = onAxis(scenario, of, axis as GridAxis, v, kind);
    }
    if (maxRounds !== undefined && e.of.maxRounds === undefined) of = { ...of, maxRounds };
    const where = (f: string) =>
      f === 'figure' || f === 'by'
        ? `${at}.${f}`
        : axes.includes(f as GridAxis)
          ? `${at}.over.${f}`
          : f
            ? `${at}.of.${f}`
            : `${at}.of`;
    return resolveFigure(scenario, e.figure, of, 'exact', where);
  });
  return { kind: 'monotone' as const, direction: e.monotone!, along, unit: info.unit, lines };
}

/**
 * A monotone rule's grid: the axis it runs along (`along`, or the grid's one axis) and a line
 * for each setting of the other axes, a point's figure `figureAt` the point. A grid point's
 * problem found at its axis (`over.ring`) is the point's own: named and located at the value
 * (`over.ring[2]`), which the file's position already says, so the message does not repeat it;
 * the grid's other bad points are counted after it, the first few named:
 * `… (and 2 more bad points: ring[4] = 9, aura[1] = 6)`.
 */
export function gridOf(
  over: Readonly<Record<string, readonly number[]>>,
  along: string | undefined,
  at: string,
  figureAt: (point: Readonly<Record<string, number>>) => FigureRef,
): { along: string; lines: GridLine[] } {
  const axes = Object.keys(over);
  const axis = along ?? (axes.length === 1 ? axes[0] : undefined);
  if (axis === undefined)
    throw new InputError(
      `${at}.along: missing (expected the axis the rule runs along: ${axes.join(' or ')})`,
      `${at}.along`,
    );
  if (!axes.includes(axis))
    throw invalid(`${at}.along`, axis, `an axis of over: ${axes.join(', ')}`);
  const fixed = axes.filter((a) => a !== axis);
  const combos = fixed.reduce<Record<string, number>[]>(
    (acc, a) => acc.flatMap((c) => over[a]!.map((v) => ({ ...c, [a]: v }))),
    [{}],
  );
  // Every point is tried, so that the first bad one is told with how many more there are;
  // a problem that is not a point's own (in `of`) is the same at every point: told at once.
  const refused = new Map<string, { error: InputError; value: number }>();
  let other: unknown;
  const lines: GridLine[] = [];
  grid: for (const combo of combos) {
    const points: GridLine['points'][number][] = [];
    for (const [index, value] of over[axis]!.entries()) {
      const point = { ...combo, [axis]: value };
      try {
        points.push({ at: value, figure: figureAt(point) });
      } catch (error) {
        const moved = atGridPoint(error, `${at}.over`, point, (a) =>
          a === axis ? index : over[a]!.indexOf(point[a]!),
        );
        if (moved === error || !(moved instanceof InputError) || moved.field === undefined) {
          other = error;
          break grid;
        }
        // A fixed axis' bad value is bad on every line: told once.
        const bad = /^.*\.over\.(\w+)\[\d+\]$/.exec(moved.field)?.[1];
        if (!refused.has(moved.field))
          refused.set(moved.field, { error: moved, value: point[bad ?? axis]! });
      }
    }
    lines.push({
      label: Object.entries(combo)
        .map(([k, v]) => `${k} ${v}`)
        .join(', '),
      points,
    });
  }
  const [first, ...more] = refused.values();
  if (!first) {
    if (other !== undefined) throw other;
    return { along: axis, lines };
  }
  if (more.length === 0) throw first.error;
  throw new InputError(
    `${first.error.message} (and ${more.length} more bad point${more.length === 1 ? '' : 's'}: ${more
      .slice(0, MORE_BAD_POINTS_SHOWN)
      .map(({ error, value }) => `${error.field!.slice(`${at}.over.`.length)} = ${value}`)
      .join(', ')}${more.length > MORE_BAD_POINTS_SHOWN ? ', …' : ''})`,
    first.error.field,
  );
}

/** How many of a grid's bad points past the first are named: the rest are counted. */
const MORE_BAD_POINTS_SHOWN = 3;

/**
 * A problem of a grid point found at one of its axes (`over.ring`), moved to the point's value
 * (`over.ring[2]`, the index `indexOf` gives): `e.over.ring: 9 is not allowed …` becomes
 * `e.over.ring[2]: 9 is not allowed …`. Anything else as it is.
 */
function atGridPoint(
  error: unknown,
  over: string,
  point: Readonly<Record<string, number>>,
  indexOf: (axis: string) => number,
): unknown {
  if (!(error instanceof InputError) || error.field === undefined) return error;
  const axis = Object.keys(point).find((a) => error.field === `${over}.${a}`);
  if (axis === undefined) return error;
  const field = `${error.field}[${indexOf(axis)}]`;
  const message = error.message.startsWith(`${error.field}:`)
    ? `${field}${error.message.slice(error.field.length)}`
    : error.message;
  return new InputError(message, field);
}

/** `of` at a grid point: the axis' field set, the fields it stands in for removed. */
function onAxis(
  scenario: Scenario,
  of: FigureOf,
  axis: GridAxis,
  value: number,
  kind: 'roll' | 'fight',
): FigureOf {
  const next: Record<string, unknown> = { ...of, [axis]: value };
  if (axis === 'challenge' && of.vs !== undefined) {
    const threat = scenario.threats?.[of.vs];
    if (kind === 'fight' && of.tags === undefined && threat) next.tags = tagCount(threat);
    delete next.vs;
  }
  if (axis === 'steps') {
    delete next.action;
    delete next.extraSteps;
  }
  return next as FigureOf;
}

function monotoneCells(
  scenario: Scenario,
  e: Expectation,
  at: string,
  fieldOf: (prefix: string, figureAt: string) => (f: string) => string,
) {
  if (e.over !== undefined)
    throw invalid(
      `${at}.over`,
      e.over,
      'nothing with an analysis: its rows are the grid (name the column with along)',
    );
  const figure = resolveFigure(scenario, e.figure, e.of, 'exact', fieldOf(`${at}.of`, at));
  if (figure.spec.kind !== 'cell')
    throw new Error('unreachable: an analysis figure resolves to a cell');
  const table = figure.spec.table;
  const numeric = ANALYSIS_TABLES[table].keys.filter((k) => k !== 'split' && k !== 'stack');
  if (numeric.length === 0)
    throw invalid(
      `${at}.monotone`,
      e.monotone,
      `an analysis with a grid: the rows of a ${table} analysis are not ordered along an axis`,
    );
  if (e.along === undefined)
    throw new InputError(
      `${at}.along: missing (expected the column the rule runs along: ${numeric.join(' or ')})`,
      `${at}.along`,
    );
  if (!numeric.includes(e.along))
    throw invalid(
      `${at}.along`,
      e.along,
      `a column of the ${table} analysis: ${numeric.join(', ')}`,
    );
  if (figure.spec.select[e.along] !== undefined)
    throw invalid(
      `${at}.of.${e.along === 'challenge' && e.of.vs !== undefined ? 'vs' : e.along}`,
      figure.spec.select[e.along],
      `nothing: the rule runs along ${e.along}`,
    );
  return { kind: 'monotone-cells' as const, direction: e.monotone!, along: e.along, figure };
}

function refersToBroken(
  item: {
    character?: string | undefined;
    vs?: string | readonly string[] | undefined;
    analysis?: string | undefined;
  },
  broken: ReadonlySet<string>,
): boolean {
  const vs = item.vs === undefined ? [] : typeof item.vs === 'string' ? [item.vs] : item.vs;
  return (
    (item.character !== undefined && broken.has(`characters.${item.character}`)) ||
    vs.some((v) => broken.has(`threats.${v}`)) ||
    (item.analysis !== undefined && broken.has(`analyses.${item.analysis}`))
  );
}

/** The figure name type, re-exported for the runner. */
export type { FigureName };
