import type { z } from '#zod';
import type { KernelModule } from '../montecarlo/kernel-catalogue.ts';

/**
 * One system, declared once: its name, its simulation kernels (the systems' list makes the
 * kernel catalogue of them) and, for a system whose checks are one spec each, the check: the
 * spec as `odds --spec` takes it, the exact answer `odds --json` prints, and the figures a
 * scenario file may judge. Every surface that lists systems reads `SYSTEMS` (src/systems/systems.ts).
 */
export interface SystemDeclaration<Kernels extends string = string> {
  /** The command and scenario name: `dicelab d6-pool`, `system: d6-pool`. */
  readonly name: string;
  /** For people: "d6 pool, hits on 5 and 6". */
  readonly title: string;
  /** Its kernels by id (the module path under `src/`), each imported when first needed. */
  readonly kernels: Readonly<Record<Kernels, () => Promise<KernelModule>>>;
  /** A system whose checks are one spec each (all but Zi'Dara, whose scenarios have their own form). */
  // biome-ignore lint/suspicious/noExplicitAny: each system has its own check and answer types.
  readonly check?: CheckDeclaration<any, any, Kernels>;
}

/**
 * A system whose checks are one spec each, declared: its one kernel, `systems/<name>/simulate`,
 * is named once, for the kernel catalogue and for the check.
 */
export function checkSystem<const Name extends string, Check, Answer extends CheckAnswer>(
  name: Name,
  title: string,
  check: Omit<CheckDeclaration<Check, Answer>, 'kernel'>,
  simulate: () => Promise<KernelModule>,
) {
  const kernel: `systems/${Name}/simulate` = `systems/${name}/simulate`;
  return {
    name,
    title,
    kernels: { [kernel]: simulate } as Record<typeof kernel, () => Promise<KernelModule>>,
    check: { ...check, kernel },
  } as const satisfies SystemDeclaration<typeof kernel>;
}

/** How a figure is read: a chance (0..1) or a plain number (expected strife, tokens, …). */
export type CheckFigureUnit = 'chance' | 'number';

/** One figure of a check besides its outcomes' chances: a number its `odds --json` reports. */
export interface CheckNumber {
  readonly unit: CheckFigureUnit;
  /** One line for the docs and the schema: "expected strife kept". */
  readonly meaning: string;
}

/** A check of a system: spec, exact answer, kernel and figures. */
export interface CheckDeclaration<
  Check,
  Answer extends CheckAnswer,
  Kernels extends string = string,
> {
  /**
   * The spec's zod schema as `odds --spec` takes it (strict: an unknown field is an error), for
   * scenario files (where its fields are `of:`) and their JSON Schema.
   */
  readonly specSchema: z.ZodObject;
  /** Checks a spec and fills in its defaults; InputError naming `where` + the field. */
  readonly parse: (input: unknown, where?: string) => Check;
  /** The exact answer, what `odds --spec FILE --json` prints for the spec. */
  readonly answer: (check: Check) => Answer;
  /** The kernel that simulates one check (the same decisions the answer plays). */
  readonly kernel: Kernels;
  /** Every outcome name a check can have (a figure is the chance of one). */
  readonly outcomes: readonly string[];
  /** The numbers `odds --json` reports that a scenario may judge, by their JSON name. */
  readonly numbers: Readonly<Record<string, CheckNumber>>;
  /**
   * The figures one check has, when not every check has every figure (a d12 capacity roll has
   * pass and fail, no critical success): a scenario file's figure its check never has is then
   * refused when the file is read, at the figure. `field` and `value` say which checks ("roll",
   * "capacity": a capacity roll). Absent: every check has every figure.
   */
  readonly figuresOf?: (check: Check) => {
    readonly field: string;
    readonly value: string;
    readonly figures: readonly string[];
  };
  /** The figures (outcome names and numbers) the kernel estimates (`sampledFigures`). */
  readonly simulated: readonly string[];
  /** The spec fields a grid (`over`) may run along: its integer fields. */
  readonly axes: readonly string[];
}

/** What every check's exact answer holds: its outcomes' chances (and its numbers, by name). */
export interface CheckAnswer {
  readonly outcomes: readonly { readonly name: string; readonly p: number }[];
}

/**
 * A figure of an exact answer: an outcome's chance or a number the answer reports.
 * Undefined when this check has no such figure (a d12 capacity roll has no critical success).
 * @example checkFigure({ outcomes: [{ name: 'mixed', p: 0.5 }] }, 'mixed') // 0.5
 */
export function checkFigure(answer: CheckAnswer, figure: string): number | undefined {
  const outcome = answer.outcomes.find((o) => o.name === figure);
  if (outcome) return outcome.p;
  const value = (answer as unknown as Record<string, unknown>)[figure];
  return typeof value === 'number' ? value : undefined;
}
