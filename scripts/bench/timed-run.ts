import type { KernelRef } from '../../src/montecarlo/load-kernel.ts';
import { simulate } from '../../src/montecarlo/run.ts';

/**
 * A timed simulate run: its overall rate, its rate once started (over the last
 * four fifths of the trials: without the one-time worker start-up), its trials per CPU-second
 * over the same stretch, and when its first batch came back.
 */
export async function timedRun(run: {
  kernel: KernelRef;
  spec: unknown;
  trials: number;
  threads: number;
}) {
  const { trials } = run;
  const start = performance.now();
  const cpuStart = process.cpuUsage();
  let firstMs: number | undefined;
  // The steady window starts once a fifth of the trials are done: every worker is up by then.
  let first: { ms: number; done: number; cpu: NodeJS.CpuUsage } | undefined;
  const result = await simulate({
    ...run,
    seed: 1,
    onProgress: (done) => {
      firstMs ??= performance.now() - start;
      if (done >= trials / 5)
        first ??= { ms: performance.now() - start, done, cpu: process.cpuUsage() };
    },
  });
  const ms = performance.now() - start;
  const cpuMs = (since: NodeJS.CpuUsage) => {
    const used = process.cpuUsage(since);
    return (used.user + used.system) / 1000;
  };
  if (result.completedTrials !== trials || !first)
    throw new Error('the benchmark run did not finish');
  const steadyTrials = trials - first.done;
  return {
    rate: trials / (ms / 1000),
    steadyRate: steadyTrials / ((ms - first.ms) / 1000),
    /** Trials per CPU-second once started: what the threads get done per core they actually had. */
    perCpuSecond: steadyTrials / (cpuMs(first.cpu) / 1000),
    firstMs: firstMs ?? first.ms,
    cores: cpuMs(cpuStart) / ms,
  };
}
