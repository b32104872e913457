import { invalid } from '../input-error.ts';
import type { Kernel } from './kernel.ts';

/** Any kernel, as the pool sees it: specs and prepared values are opaque. */
export type AnyKernel = Kernel<unknown, unknown>;

/**
 * The module URL of a kernel id: the module path under `src/` without extension (e.g.
 * `systems/d6-pool/simulate` → `src/systems/d6-pool/simulate.ts`, or `dist/…/simulate.js`
 * when running compiled, picked by this module's own extension). A `file:` URL is taken as
 * it is, for kernels that live outside `src/` (tests, benchmarks).
 * @throws InputError for an id that is neither (no `..`, no extension, no leading slash).
 */
export function kernelUrl(kernel: string): URL {
  if (typeof kernel === 'string' && kernel.startsWith('file:')) return new URL(kernel);
  if (typeof kernel !== 'string' || !KERNEL_ID.test(kernel))
    throw invalid(
      'kernel',
      kernel,
      'a module path under src/ without extension, e.g. systems/d6-pool/simulate',
    );
  const extension = import.meta.url.endsWith('.ts') ? '.ts' : '.js';
  return new URL(`../${kernel}${extension}`, import.meta.url);
}

const KERNEL_ID = /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*$/;

/**
 * Imports a kernel module (by id or `file:` URL) and checks it exports a `kernel` with
 * `prepare`, `tallySize`, `run` and `summarize`. Node caches the import.
 * @throws InputError when there is no such module or it is not a kernel.
 */
export async function loadKernel(kernel: string): Promise<AnyKernel> {
  const url = kernelUrl(kernel);
  let module: { kernel?: Partial<AnyKernel> };
  try {
    module = await import(url.href);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ERR_MODULE_NOT_FOUND' && String((error as Error).message).includes(url.pathname))
      throw invalid('kernel', kernel, `an existing kernel module (${url.pathname} does not exist)`);
    throw error;
  }
  const k = module.kernel;
  const methods = ['prepare', 'tallySize', 'run', 'summarize'] as const;
  if (!k || methods.some((m) => typeof k[m] !== 'function'))
    throw invalid('kernel', kernel, `a module exporting \`kernel\` with ${methods.join(', ')}`);
  return k as AnyKernel;
}
