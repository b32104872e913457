/** Best of `runs` timings of `work`, in ms (the first run also warms the JIT and the caches). */
export function bestOf(runs: number, work: () => unknown): number {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    work();
    best = Math.min(best, performance.now() - start);
  }
  return best;
}
