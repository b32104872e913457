import type { Kernel } from './kernel.ts';

/** What importing a kernel module gives: its exported `kernel`, checked on load. */
// biome-ignore lint/suspicious/noExplicitAny: each kernel has its own spec and prepared types.
export type KernelModule = { readonly kernel?: Partial<Kernel<any, any>> };

/**
 * The kernels a simulation request or a partial result file may name, by id, each imported
 * when first needed. The Monte Carlo layer names no system: the systems' list
 * (`src/systems/systems.ts`) registers its catalogue when imported, and a worker thread
 * imports the same module (`moduleUrl`) to register it there. A partial result is data that
 * travels between machines, so an id is looked up here and never turned into a module path.
 */
export interface KernelCatalogue {
  /** The module that registers this catalogue when imported (a worker imports it first). */
  readonly moduleUrl: string;
  readonly kernels: Readonly<Record<string, () => Promise<KernelModule>>>;
}

let registered: KernelCatalogue | undefined;

/** Makes `catalogue` the kernels ids name (the systems' list calls it once, on import). */
export function registerKernelCatalogue(catalogue: KernelCatalogue): void {
  registered = catalogue;
}

/**
 * The registered catalogue.
 * @throws Error when none is: a caller that names kernels by id imports the systems' list.
 */
export function kernelCatalogue(): KernelCatalogue {
  if (!registered)
    throw new Error(
      "no kernel catalogue is registered: import dicelab's systems' list (src/systems/systems.ts) before naming a kernel by id",
    );
  return registered;
}

/**
 * Whether `value` is the id of a registered kernel (an own key of the catalogue, so
 * "constructor" or "__proto__" are not).
 * @example isKernelId('systems/d6-pool/simulate') // true once the systems' list is imported
 * @example isKernelId('file:///tmp/x.mjs') // false
 */
export function isKernelId(value: unknown): value is string {
  return typeof value === 'string' && Object.hasOwn(kernelCatalogue().kernels, value);
}

/** Every registered kernel id, in the catalogue's order. */
export function kernelIds(): readonly string[] {
  return Object.keys(kernelCatalogue().kernels);
}
