import { invalid } from '../input/input-error.ts';
import type { Kernel } from './kernel.ts';
import { isKernelId, kernelCatalogue, kernelIds } from './kernel-catalogue.ts';

/** Any kernel, as the pool sees it: specs and prepared values are opaque. */
export type AnyKernel = Kernel<unknown, unknown>;

/**
 * A kernel module outside the registry — a test's or a benchmark's — named in code by its URL.
 * It lives only in the process that made it: partial result files hold registry ids, and
 * nothing read from a file or a flag ever becomes a `LocalKernel`, so data cannot make dicelab
 * import a module.
 * @example new LocalKernel(new URL('./my-kernel.ts', import.meta.url)) // not run: needs a kernel module
 */
export class LocalKernel {
  readonly url: string;

  constructor(url: URL | string) {
    this.url = new URL(url).href;
  }

  toString(): string {
    return this.url;
  }
}

/** The id of a kernel of the registered catalogue (see kernel-catalogue.ts). */
export type KernelId = string;

/** The kernel of a simulation: one of the project's (by id) or a local one (tests, benchmarks). */
export type KernelRef = KernelId | LocalKernel;

/**
 * Checks a kernel reference handed over by code.
 * @throws InputError for anything but a registry id or a `LocalKernel` (a `file:` URL string
 * included).
 */
export function checkKernelRef(kernel: unknown): KernelRef {
  if (isKernelId(kernel) || kernel instanceof LocalKernel) return kernel;
  throw invalid('kernel', kernel, `one of dicelab's kernels: ${kernelIds().join(', ')}`);
}

/**
 * How a worker thread is told which kernel to load (a structured-clone message): an id with
 * the module that registers its catalogue, or a local kernel's URL.
 */
export type KernelSource =
  | { readonly id: KernelId; readonly catalogue: string }
  | { readonly localUrl: string };

/** The message form of a kernel reference. */
export function kernelSource(kernel: KernelRef): KernelSource {
  return kernel instanceof LocalKernel
    ? { localUrl: kernel.url }
    : { id: kernel, catalogue: kernelCatalogue().moduleUrl };
}

/**
 * The kernel reference a worker's message names (the main thread wrote it); in a fresh
 * worker, imports the module that registers the catalogue first.
 */
export async function kernelOfSource(source: KernelSource): Promise<KernelRef> {
  if ('localUrl' in source) return new LocalKernel(source.localUrl);
  await import(source.catalogue);
  return checkKernelRef(source.id);
}

/**
 * Imports a kernel — from the registry, or a local kernel's module — and checks it exports a
 * `kernel` with `prepare`, `tallySize`, `tallyShape`, `run` and `summarize`. Node caches the
 * import.
 * @throws InputError for a reference that is neither, or a module that is not a kernel.
 */
export async function loadKernel(kernel: KernelRef): Promise<AnyKernel> {
  const ref = checkKernelRef(kernel);
  const module: { kernel?: Partial<AnyKernel> } =
    ref instanceof LocalKernel ? await import(ref.url) : await kernelCatalogue().kernels[ref]!();
  const k = module.kernel;
  const methods = ['prepare', 'tallySize', 'tallyShape', 'run', 'summarize'] as const;
  if (!k || methods.some((m) => typeof k[m] !== 'function'))
    throw invalid(
      'kernel',
      String(ref),
      `a module exporting \`kernel\` with ${methods.join(', ')}`,
    );
  return k as AnyKernel;
}
