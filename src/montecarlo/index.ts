// Monte Carlo: the worker pool, shards and their merge, and the intervals estimates carry.
export { type ChunkPlan, DEFAULT_CHUNK_SIZE } from './chunk-plan.ts';
export { checkConfidence, type Interval } from './interval.ts';
export type { Kernel } from './kernel.ts';
export { type AnyKernel, kernelUrl, loadKernel } from './load-kernel.ts';
export { meanInterval } from './mean-interval.ts';
export { mergePartials, type NamedPartial } from './merge-partials.ts';
export { normalQuantile } from './normal-quantile.ts';
export {
  PARTIAL_RESULT_FORMAT,
  PARTIAL_RESULT_VERSION,
  type PartialResult,
  parsePartialResult,
  toPartialResult,
} from './partial-result.ts';
export { type Shard, type SimulationRequest, type SimulationResult, simulate } from './run.ts';
export { studentTQuantile } from './student-t-quantile.ts';
export { summarizeResult } from './summarize-result.ts';
export { wilsonInterval } from './wilson-interval.ts';
