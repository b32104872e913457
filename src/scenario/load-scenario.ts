import { fieldPath } from '../input/field-path.ts';
import { isJsonPath } from '../input/input-bytes.ts';
import { InputError, invalid, showValue } from '../input/input-error.ts';
import { issueProblems, valueAt } from '../input/issue-messages.ts';
import { checkFileText } from '../input/located-text.ts';
import { type Position, yamlLocator } from '../input/yaml-locator.ts';
import { parseYaml } from '../input/yaml-source.ts';
import { CHECK_SYSTEM_NAMES, type CheckSystemName, SYSTEM_NAMES } from '../systems/systems.ts';
import { CHECK_SCENARIO_SCHEMAS, type CheckScenario } from './check-scenario-schema.ts';
import { planCheckScenario } from './plan-check-scenario.ts';
import { characterProblems, type PlanProblem } from './plan-problem.ts';
import {
  orderProblems,
  percentProblems,
  planScenario,
  reachProblems,
  referenceProblems,
  type ScenarioPlan,
} from './plan-scenario.ts';
import {
  analysisSchema,
  characterSchema,
  expectationSchema,
  type Scenario,
  scenarioSchema,
  threatSchema,
  ZIDARA_RUN_FIELDS,
} from './schema.ts';

/** One problem of a scenario file, where it is: printed `path:line:col: message`. */
export interface ScenarioProblem {
  readonly path: string;
  readonly line: number;
  readonly col: number;
  /** The field at fault ("expectations[2].of.split"; "" for a syntax error). */
  readonly field: string;
  readonly message: string;
}

/** A scenario file read, checked and resolved: ready to run. */
export interface LoadedScenario {
  /** The file's path as the user named it (also its name in the baseline). */
  readonly path: string;
  /** Zi'Dara's form (`system` absent or zidara), or another system's (`system: d6-pool`, …). */
  readonly scenario: Scenario | CheckScenario;
  readonly plan: ScenarioPlan;
  /** `path:line:col` of a field ("expectations[2].of"), for problems found while running. */
  locate(field: string): string;
}

/** Every problem of a file, or the scenario when there is none. */
export type ScenarioParse =
  | { readonly ok: true; readonly scenario: LoadedScenario }
  | { readonly ok: false; readonly problems: readonly ScenarioProblem[] };

/** What an empty scenario file is told. */
const EMPTY_FILE =
  'the file is empty (expected a scenario: a mapping with its title, scenario: …, and what to check, expectations: [ … ])';

/** What a Zi'Dara file with neither expectations nor analyses is told. */
const NOTHING_TO_RUN =
  'expectations: missing (expected a list of expectations, or analyses for dicelab report)';

/** A Zi'Dara file (a mapping; anything else the schema refuses) of none of `ZIDARA_RUN_FIELDS`. */
function holdsNothingToRun(value: unknown): boolean {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    ZIDARA_RUN_FIELDS.every((field) => valueAt(value, [field]) === undefined)
  );
}

/**
 * Reads a scenario file's text (YAML; JSON is YAML too) and checks all of it before anything
 * runs: syntax, then the schema (unknown fields, wrong types, bad values), then meaning
 * (references to missing characters, threats, actions or analyses; impossible setups such as
 * Aura above its cap, a split that is not a legal pool of the steps, rounds past maxRounds).
 * Returns every problem of the file at once, in file order, each with its line and column.
 * Pure: the caller reads the file. Cheap: nothing is solved or simulated.
 * @example parseScenario('scenario: x\nbogus: 1\n', 'a.yaml')
 * // { ok: false, problems: [{ path: 'a.yaml', line: 1, col: 1, message: 'expectations: missing (expected a list of expectations, …' }, { path: 'a.yaml', line: 2, col: 1, message: 'bogus: no such field (the fields here are scenario, …' }] }
 * @throws InputError for text that is not a string (a file read without its encoding is bytes) or no path.
 */
export function parseScenario(text: string, path: string): ScenarioParse {
  checkFileText(text, path);
  const yaml = parseYaml(text, isJsonPath(path));
  if (!yaml.ok)
    return { ok: false, problems: yaml.problems.map((p) => ({ path, field: '', ...p })) };
  const { doc, lines, value } = yaml;
  // Nothing but blank lines and comments: said so, not as a null the file does not show.
  if (doc.contents === null)
    return { ok: false, problems: [{ path, line: 1, col: 1, field: '', message: EMPTY_FILE }] };
  const locator = yamlLocator(doc, lines);
  const problems: ScenarioProblem[] = [];
  const add = (field: string, message: string, at: Position) =>
    problems.push({ path, line: at.line, col: at.col, field, message });

  const system = valueAt(value, ['system']);
  if (system !== undefined && system !== 'zidara') {
    if (typeof system !== 'string' || !isCheckSystem(system)) {
      const error = invalid('system', system, `one of ${SYSTEM_NAMES.join(', ')}`);
      add('system', error.message, locator(['system']));
      return { ok: false, problems };
    }
    return parseCheckScenario(value, system, path, locator, problems);
  }
  const parsed = scenarioSchema.safeParse(value);
  if (holdsNothingToRun(value))
    add('expectations', NOTHING_TO_RUN, locator(['expectations'], { key: true }));
  let scenario: Scenario;
  let broken = new Set<string>();
  if (parsed.success) scenario = parsed.data;
  else {
    for (const p of issueProblems(parsed.error.issues, scenarioSchema, value))
      add(p.field, p.message, locator(p.path, { key: p.atKey }));
    ({ scenario, broken } = salvage(value));
  }
  const { plan, problems: meaning } = planScenario(scenario, broken);
  for (const p of [
    ...meaning.map((m) => asWritten(m, scenario, value)),
    ...writtenBoundProblems(plan, value),
  ])
    add(p.field, p.message, locator(fieldPath(p.field)));
  // An expectation the schema rejected still has its references checked…
  const expectations = valueAt(value, ['expectations']);
  if (Array.isArray(expectations))
    expectations.forEach((raw, index) => {
      if (scenario.expectations?.[index] !== undefined) return;
      for (const p of referenceProblems(scenario, raw, index, broken))
        add(p.field, p.message, locator(fieldPath(p.field)));
    });
  // …and a character the schema rejected, its Aura and Resolve.
  const characters = valueAt(value, ['characters']);
  for (const key of broken) {
    const [section, name] = key.split('.');
    if (section !== 'characters' || !name || !characters || typeof characters !== 'object')
      continue;
    for (const p of characterProblems(name, (characters as Record<string, unknown>)[name]))
      add(p.field, p.message, locator(fieldPath(p.field)));
  }
  return parsedScenario(path, scenario, plan, locator, problems);
}

/**
 * The rest of {@link parseScenario} for a file of a system with one-spec checks: the system's
 * schema, then each expectation the schema accepts planned (a spec its system refuses, bounds no
 * figure reaches), every problem at once.
 */
function parseCheckScenario(
  value: unknown,
  system: CheckSystemName,
  path: string,
  locator: ReturnType<typeof yamlLocator>,
  problems: ScenarioProblem[],
): ScenarioParse {
  const add = (field: string, message: string, at: Position) =>
    problems.push({ path, line: at.line, col: at.col, field, message });
  const schemas = CHECK_SCENARIO_SCHEMAS[system];
  const parsed = schemas.scenario.safeParse(value);
  let scenario: CheckScenario;
  if (parsed.success) scenario = parsed.data as CheckScenario;
  else {
    for (const p of issueProblems(parsed.error.issues, schemas.scenario, value))
      add(p.field, p.message, locator(p.path, { key: p.atKey }));
    // The expectations the schema accepts one by one are still checked for meaning.
    const raw = valueAt(value, ['expectations']);
    const expectations = Array.isArray(raw)
      ? raw.map((item) => {
          const one = schemas.expectation.safeParse(item);
          return one.success ? one.data : undefined;
        })
      : [];
    scenario = { scenario: '', system, expectations } as unknown as CheckScenario;
  }
  const { plan, problems: meaning } = planCheckScenario(scenario);
  for (const p of [
    ...meaning.map((m) => asWritten(m, scenario, value)),
    ...writtenBoundProblems(plan, value),
  ])
    add(p.field, p.message, locator(fieldPath(p.field)));
  return parsedScenario(path, scenario, plan, locator, problems);
}

/** A parse's end: its problems, or the scenario and its plan, fields located in the file. */
function parsedScenario(
  path: string,
  scenario: LoadedScenario['scenario'],
  plan: ScenarioPlan,
  locator: ReturnType<typeof yamlLocator>,
  problems: readonly ScenarioProblem[],
): ScenarioParse {
  if (problems.length > 0) return { ok: false, problems: ordered(dedupe(problems)) };
  return {
    ok: true,
    scenario: {
      path,
      scenario,
      plan,
      locate: (field) => {
        const at = locator(fieldPath(field));
        return `${path}:${at.line}:${at.col}`;
      },
    },
  };
}

/**
 * The planned expectations' bounds as the file wrote them: a percentage on a figure that is no
 * chance, a bound no chance reaches, else bounds the wrong way round.
 */
function writtenBoundProblems(plan: ScenarioPlan, value: unknown): PlanProblem[] {
  return plan.expectations.flatMap((e) => {
    const raw = valueAt(value, ['expectations', e.index]);
    // A percent on a number, or a bound out of a chance's reach (never both: one unit each).
    const unreadable = [...percentProblems(e, raw), ...reachProblems(e, raw)];
    return unreadable.length > 0 ? unreadable : orderProblems(e, raw);
  });
}

/**
 * A problem of meaning that shows the value of its own field as the schema read it (`between:
 * ["20%", "30%"]` as [0.2,0.3]) shows it as the file writes it. O(the message).
 */
function asWritten(problem: PlanProblem, parsed: unknown, written: unknown): PlanProblem {
  const path = fieldPath(problem.field);
  const read = showValue(valueAt(parsed, path));
  const raw = valueAt(written, path);
  const head = `${problem.field}: ${read} is not allowed (`;
  if (raw === undefined || !problem.message.startsWith(head)) return problem;
  const message = `${problem.field}: ${showValue(raw)}${problem.message.slice(head.length - ' is not allowed ('.length)}`;
  return { ...problem, message };
}

function isCheckSystem(name: string): name is CheckSystemName {
  return (CHECK_SYSTEM_NAMES as readonly string[]).includes(name);
}

/**
 * `path:line:col: message`.
 * @throws InputError naming `problem` when it is not one of parseScenario's problems.
 */
export function formatProblem(problem: ScenarioProblem): string {
  const given = problem as Partial<Record<keyof ScenarioProblem, unknown>> | null;
  if (
    !given ||
    typeof given !== 'object' ||
    typeof given.path !== 'string' ||
    typeof given.message !== 'string'
  )
    throw invalid('problem', problem, "a scenario's problem, as parseScenario returns them");
  return `${problem.path}:${problem.line}:${problem.col}: ${problem.message}`;
}

/**
 * Problems that stop a check before anything is written, one `path:line:col: message` line
 * each: the files' own problems (syntax, schema, meaning), or one only running finds (an
 * analysis row that is not there). The CLI prints the message and exits with status 2.
 */
export class ScenarioError extends InputError {
  readonly problems: readonly string[];

  constructor(problems: readonly string[], consequence = 'nothing was run') {
    const files = new Set(problems.map((p) => p.replace(/:\d+:\d+: .*$/s, '')));
    // One problem is one line; several get a headline.
    super(
      problems.length === 1
        ? problems[0]!
        : `${problems.length} problems in ${files.size} scenario file${files.size === 1 ? '' : 's'}; ${consequence}:\n${problems.join('\n')}`,
    );
    this.problems = problems;
  }
}

/**
 * What of a file the schema rejected can still be checked for meaning: every character, threat,
 * analysis and expectation that is valid on its own. `broken` names the ones that are not, so a
 * reference to them is not reported a second time.
 */
function salvage(value: unknown): { scenario: Scenario; broken: Set<string> } {
  const broken = new Set<string>();
  const section = <T>(
    name: string,
    schema: { safeParse(v: unknown): { success: boolean; data?: T } },
  ) => {
    const raw = valueAt(value, [name]);
    const kept: Record<string, T> = {};
    if (raw && typeof raw === 'object' && !Array.isArray(raw)) {
      for (const [key, item] of Object.entries(raw)) {
        const result = schema.safeParse(item);
        if (result.success && /^[A-Za-z][A-Za-z0-9_-]*$/.test(key)) kept[key] = result.data as T;
        else broken.add(`${name}.${key}`);
      }
    }
    return kept;
  };
  const characters = section('characters', characterSchema);
  const threats = section('threats', threatSchema);
  const analyses = section('analyses', analysisSchema);
  const rawExpectations = valueAt(value, ['expectations']);
  const expectations = Array.isArray(rawExpectations)
    ? rawExpectations.map((item) => {
        const result = expectationSchema.safeParse(item);
        return result.success ? result.data : undefined;
      })
    : [];
  return {
    scenario: {
      scenario: '',
      characters,
      threats,
      analyses,
      expectations: expectations as Scenario['expectations'],
    } as Scenario,
    broken,
  };
}

function dedupe(problems: readonly ScenarioProblem[]): ScenarioProblem[] {
  const seen = new Set<string>();
  return problems.filter((p) => {
    const text = formatProblem(p);
    if (seen.has(text)) return false;
    seen.add(text);
    return true;
  });
}

function ordered(problems: ScenarioProblem[]): ScenarioProblem[] {
  return problems
    .map((p, i) => ({ p, i }))
    .sort((a, b) => a.p.line - b.p.line || a.p.col - b.p.col || a.i - b.i)
    .map(({ p }) => p);
}
