import { type KernelModule, registerKernelCatalogue } from '../montecarlo/kernel-catalogue.ts';
import { d6PoolSystem } from './d6-pool/system.ts';
import { d12ActionSystem } from './d12-action/system.ts';
import { ringSkillSystem } from './ring-skill/system.ts';
import type { CheckDeclaration } from './system.ts';
import { tags2d6System } from './tags-2d6/system.ts';
import { zidaraSystem } from './zidara/system.ts';

/**
 * The systems' list: every system dicelab models, each declared once in its own folder. A new
 * system is its folder and one line here. Importing this module registers the kernel catalogue
 * (every system's kernels, in this order) with the Monte Carlo layer, which names no system.
 */
export const SYSTEMS = [
  zidaraSystem,
  d6PoolSystem,
  tags2d6System,
  d12ActionSystem,
  ringSkillSystem,
] as const;

/** A system's name, `zidara` or one with a check. */
export type SystemName = (typeof SYSTEMS)[number]['name'];

/** The systems' names, in the list's order. */
export const SYSTEM_NAMES = SYSTEMS.map((s) => s.name) as readonly SystemName[];

/** The systems whose checks are one spec each (scenario files name them by `system:`). */
export type CheckSystemName = Extract<(typeof SYSTEMS)[number], { check: unknown }>['name'];

/** The check declaration of each system that has one, by name. */
export const CHECK_SYSTEMS = Object.fromEntries(
  SYSTEMS.flatMap((s) => ('check' in s ? [[s.name, s.check]] : [])),
  // biome-ignore lint/suspicious/noExplicitAny: each system has its own check and answer types.
) as unknown as Readonly<Record<CheckSystemName, CheckDeclaration<any, any>>>;

/** The names of the systems with a one-spec check, in the list's order. */
export const CHECK_SYSTEM_NAMES = Object.keys(CHECK_SYSTEMS) as readonly CheckSystemName[];

type KernelsOf<S> = S extends { kernels: infer K } ? keyof K & string : never;

/** The id of one of dicelab's kernels (its module path under `src/`, without extension). */
export type KernelId = KernelsOf<(typeof SYSTEMS)[number]>;

/** Every kernel, by id: the catalogue the Monte Carlo layer looks ids up in. */
export const KERNELS = Object.assign({}, ...SYSTEMS.map((s) => s.kernels)) as Readonly<
  Record<KernelId, () => Promise<KernelModule>>
>;

/** Every kernel id, in the list's order. */
export const KERNEL_IDS = Object.keys(KERNELS) as readonly KernelId[];

/**
 * Whether `value` is the id of one of dicelab's kernels (an own key, so "constructor" or
 * "__proto__" are not).
 * @example isKernelId('systems/d6-pool/simulate') // true
 */
export function isKernelId(value: unknown): value is KernelId {
  return typeof value === 'string' && Object.hasOwn(KERNELS, value);
}

registerKernelCatalogue({ moduleUrl: import.meta.url, kernels: KERNELS });
