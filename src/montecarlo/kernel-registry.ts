import type { Kernel } from './kernel.ts';

/**
 * The project's own simulation kernels, by id: the only kernels a simulation request or a
 * partial result file can name. A partial result is data that travels between machines, so an
 * id is looked up here and never turned into a module path; anything else is refused.
 */
export const KERNELS = {
  'systems/zidara/simulate': () => import('../systems/zidara/simulate.ts'),
  'systems/zidara/fight/simulate-fight': () => import('../systems/zidara/fight/simulate-fight.ts'),
  'systems/d6-pool/simulate': () => import('../systems/d6-pool/simulate.ts'),
  'systems/tags-2d6/simulate': () => import('../systems/tags-2d6/simulate.ts'),
  'systems/d12-action/simulate': () => import('../systems/d12-action/simulate.ts'),
  'systems/ring-skill/simulate': () => import('../systems/ring-skill/simulate.ts'),
  // biome-ignore lint/suspicious/noExplicitAny: each kernel has its own spec and prepared types.
} as const satisfies Readonly<Record<string, () => Promise<{ kernel: Kernel<any, any> }>>>;

/** The id of one of the project's kernels (its module path under `src/`, without extension). */
export type KernelId = keyof typeof KERNELS;

/** Every kernel id, in the registry's order. */
export const KERNEL_IDS = Object.keys(KERNELS) as readonly KernelId[];

/**
 * Whether `value` is the id of one of the project's kernels (an own key of the registry, so
 * "constructor" or "__proto__" are not).
 * @example isKernelId('systems/d6-pool/simulate') // true
 * @example isKernelId('file:///tmp/x.mjs') // false
 */
export function isKernelId(value: unknown): value is KernelId {
  return typeof value === 'string' && Object.hasOwn(KERNELS, value);
}
