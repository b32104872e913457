// Monte Carlo: the worker pool, shards and their merge, and the intervals estimates carry.
export { type ChunkPlan, DEFAULT_CHUNK_SIZE } from './chunk-plan.ts';
export { checkConfidence, type Interval } from './interval.ts';
export type { Kernel } from './kernel.ts';
export { isKernelId, KERNEL_IDS, KERNELS, type KernelId } from './kernel-registry.ts';
export { type AnyKernel, type KernelRef, LocalKernel, loadKernel } from './load-kernel.ts';
export { meanInterval } from './mean-interval.ts';
export { mergePartials } from './merge-partials.ts';
export { normalQuantile } from './normal-quantile.ts';
// Partial results travel between machines: parse and fully validate, serialize, check a set.
export {
  checkMergeable,
  MAX_CHUNK_SIZE,
  type NamedPartial,
  PARTIAL_RESULT_FORMAT,
  PARTIAL_RESULT_VERSION,
  type PartialResult,
  parsePartialResult,
  partialChecksum,
  serializePartialResult,
} from './partial-result.ts';
export { type Shard, type SimulationRequest, type SimulationResult, simulate } from './run.ts';
export { studentTQuantile } from './student-t-quantile.ts';
export { summarizeResult } from './summarize-result.ts';
export { type TallyPart, tallyProblem } from './tally-shape.ts';
export { wilsonInterval } from './wilson-interval.ts';
