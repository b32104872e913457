import { type ChunkPlan, runChunks } from './chunk-plan.ts';
import { type AnyKernel, type KernelSource, kernelOfSource, loadKernel } from './load-kernel.ts';

/** One task for a worker thread: the shard's chunks k in [from, to) of a plan. */
export interface BatchTask {
  /** The kernel, as the main thread names it. */
  kernel: KernelSource;
  /** The spec as JSON text: parsed once per worker and the cache key of `prepare`. */
  specJson: string;
  plan: ChunkPlan;
  from: number;
  to: number;
}

/** What a task sends back: its own tally (a few numbers, never per-trial data). */
export interface BatchResult {
  tally: Float64Array;
  trials: number;
  /** Milliseconds spent playing (not loading or preparing), to size later batches. */
  ms: number;
}

const preparedBySpec = new Map<string, { kernel: AnyKernel; prepared: unknown; size: number }>();

/** The worker's entry (piscina calls the default export): plays one batch of chunks. */
export default async function runBatch(task: BatchTask): Promise<BatchResult> {
  const kernelRef = await kernelOfSource(task.kernel);
  const key = `${kernelRef}\n${task.specJson}`;
  let entry = preparedBySpec.get(key);
  if (!entry) {
    const kernel = await loadKernel(kernelRef);
    const prepared = kernel.prepare(JSON.parse(task.specJson));
    entry = { kernel, prepared, size: kernel.tallySize(prepared) };
    preparedBySpec.set(key, entry);
  }
  const tally = new Float64Array(entry.size);
  const start = performance.now();
  const trials = runChunks(entry.kernel, entry.prepared, task.plan, task.from, task.to, tally);
  return { tally, trials, ms: performance.now() - start };
}
