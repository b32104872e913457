import { InputError, invalid } from '../input/input-error.ts';
import { CHECK_SYSTEMS, type CheckSystemName } from '../systems/systems.ts';
import type { CheckExpectation, CheckScenario } from './check-scenario-schema.ts';
import type { FigureUnit } from './figure-catalogue.ts';
import type { PlanProblem } from './plan-problem.ts';
import {
  gridOf,
  judged,
  judgementOf,
  type PlannedExpectation,
  type ScenarioPlan,
} from './plan-scenario.ts';
import { planSimulation } from './plan-simulation.ts';
import type { FigureMethod, FigureRef } from './resolve-figure.ts';

/**
 * Resolves every expectation of a (schema-valid) scenario file of a system with one-spec checks
 * (`system: d6-pool`, …) into the plan `dicelab check` runs, collecting every problem of meaning
 * (a spec its system refuses, bounds out of reach, a grid without an axis) instead of stopping
 * at the first. The forms are Zi'Dara's: bounds, `minus`, `monotone` over a grid, `by:
 * simulation` on the system's own kernel. Cheap: every spec is checked, nothing is solved.
 */
export function planCheckScenario(scenario: CheckScenario): {
  plan: ScenarioPlan;
  problems: PlanProblem[];
} {
  const { simulation, problems } = planSimulation(scenario.simulation);
  const expectations: PlannedExpectation[] = [];
  (scenario.expectations ?? []).forEach((e, index) => {
    if (e === undefined) return;
    try {
      expectations.push(planExpectation(scenario.system, e, index));
    } catch (error) {
      if (!(error instanceof InputError)) throw error;
      problems.push({ field: error.field ?? '', message: error.message });
    }
  });
  return { plan: { analyses: [], expectations, simulation }, problems };
}

type Of = Readonly<Record<string, unknown>>;

function planExpectation(
  system: CheckSystemName,
  e: CheckExpectation,
  index: number,
): PlannedExpectation {
  const at = `expectations[${index}]`;
  const base = { index, expect: e.expect, field: at };
  const by: FigureMethod = e.by ?? 'exact';
  const bound = judgementOf(e, at, by);
  const ofAt = (f: string) => `${at}.of.${f}`;
  if (!bound) return { ...base, ...monotoneGrid(system, e, at) };
  const left = resolveCheckFigure(system, e.figure, e.of, by, figureAt(at), ofAt);
  if (!e.minus) return judged(base, e, at, bound, left);
  const minusAt = `${at}.minus`;
  const changes: Of = e.minus.of ?? {};
  const rightOf = { ...e.of, ...changes };
  const right = resolveCheckFigure(
    system,
    e.minus.figure ?? e.figure,
    rightOf,
    e.minus.by ?? by,
    {
      by: `${e.minus.by === undefined ? at : minusAt}.by`,
      figure: e.minus.figure === undefined ? undefined : `${minusAt}.figure`,
    },
    (f) => (changes[f] !== undefined ? `${minusAt}.of.${f}` : ofAt(f)),
  );
  return judged(base, e, at, bound, left, right);
}

function monotoneGrid(system: CheckSystemName, e: CheckExpectation, at: string) {
  if (e.over === undefined || Object.keys(e.over).length === 0)
    throw new InputError(
      `${at}.over: missing (expected the grid, such as { ${CHECK_SYSTEMS[system].axes[0]}: [1, 2, 3] })`,
      `${at}.over`,
    );
  const over = e.over as Readonly<Record<string, readonly number[]>>;
  const { along, lines } = gridOf(over, e.along, at, (point) =>
    resolveCheckFigure(system, e.figure, { ...e.of, ...point }, 'exact', figureAt(at), (f) =>
      point[f] !== undefined ? `${at}.over.${f}` : `${at}.of.${f}`,
    ),
  );
  // Every point is the same figure of one system: one unit.
  const unit: FigureUnit = lines[0]?.points[0]?.figure.unit ?? 'number';
  return { kind: 'monotone' as const, direction: e.monotone!, along, unit, lines };
}

/** Where an expectation sets its figure and how it is found. */
interface FigureAt {
  readonly by: string;
  /** Undefined for a `minus` that takes the expectation's figure. */
  readonly figure: string | undefined;
}

function figureAt(at: string): FigureAt {
  return { by: `${at}.by`, figure: `${at}.figure` };
}

/**
 * One figure of a check, resolved: the spec checked by its system (a refusal names the field
 * where the file sets it, `fieldOf`), the figure's unit, and its key ("success of ring-skill
 * ring 3, skill 2, tn 3"; a simulated one ends in " [simulated]", as Zi'Dara's do, so the exact
 * figure of the same spec keeps its own). `figureAt` is where `figure` and `by` are set. A figure
 * the check never has (`pass` of a risky d12 roll) is refused here, when the file is read, at
 * the figure (or, for a `minus` taking the expectation's figure, at the spec field that changed
 * the check).
 * @throws InputError whose field is a path in the file.
 */
export function resolveCheckFigure(
  system: CheckSystemName,
  figure: string,
  of: Of,
  by: FigureMethod,
  figureAt: FigureAt,
  fieldOf: (field: string) => string,
): FigureRef {
  const declared = CHECK_SYSTEMS[system];
  if (by === 'simulation' && !declared.simulated.includes(figure))
    throw invalid(
      figureAt.by,
      by,
      `exact: ${figure} has no simulated estimate (simulated ${system} figures: ${declared.simulated.join(', ')})`,
    );
  let check: unknown;
  try {
    check = declared.parse(of);
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    // The system names the field in the spec ("rating", "weights.strife"): name it in the file.
    const field = error.field ?? '';
    const top = field.split(/[.[]/)[0]!;
    const where = `${fieldOf(top)}${field.slice(top.length)}`;
    const message = error.message.startsWith(`${field}:`)
      ? `${where}${error.message.slice(field.length)}`
      : `${where}: ${error.message}`;
    throw new InputError(message, where);
  }
  const own = declared.figuresOf?.(check);
  if (own && !own.figures.includes(figure)) {
    const figures = own.figures.join(', ');
    throw figureAt.figure === undefined
      ? invalid(
          fieldOf(own.field),
          own.value,
          `a ${own.field} with ${figure}, the figure minus takes from the expectation; a ${own.value} ${own.field} has ${figures}`,
        )
      : invalid(figureAt.figure, figure, `a figure of a ${own.value} ${own.field}: ${figures}`);
  }
  const number = declared.numbers[figure];
  const unit: FigureUnit = number ? number.unit : 'chance';
  const order = Object.keys(declared.specSchema.shape);
  const shown = Object.entries(of)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => order.indexOf(a) - order.indexOf(b))
    .map(([k, v]) => `${k} ${typeof v === 'object' ? JSON.stringify(v) : String(v)}`)
    .join(', ');
  return {
    figure,
    by,
    unit,
    key: [`${figure} of ${system}`, shown, by === 'simulation' ? '[simulated]' : '']
      .filter(Boolean)
      .join(' '),
    spec: { kind: 'check', system, input: of, check },
  };
}
