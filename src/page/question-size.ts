/**
 * How big a question the page takes on, and when it asks first: the page counts a Best split
 * or What if question's splits before solving any (in its worker, without listing them), so a
 * question that would run for minutes or fill the memory is said, not started.
 */
export const QUESTION_SIZE = {
  /**
   * Most splits one question may rank on the page: past it the page says so and names the CLI
   * (which ranks any number of splits, bounding the engine's work instead: `SPLITS_LIMITS`), so the
   * page's memory stays bounded whatever is asked.
   */
  mostSplits: 50_000,
  /** Past this many seconds of estimated work, the page asks before it starts. */
  askAboveSeconds: 3,
  /**
   * A first guess of one split's cost on one core, in ms, until the page has timed its own:
   * 1,308 splits of 14 steps (3 actions, 1–4 intents) took 1.25 s in Node on the bench machine.
   */
  firstMsPerSplit: 1,
  /**
   * Fewest splits a question is shared among workers for: fewer take one worker a few
   * milliseconds, less than a second worker's first compile of the engine would cost.
   */
  fewestShared: 200,
} as const;

/** What this page has measured one split to cost, per worker, by view ("splits", "whatif"). */
const measured = new Map<string, number>();

/** Seconds `splits` will take on `workers` workers, by what this page has measured so far. */
export function estimateSeconds(view: string, splits: number, workers: number): number {
  const ms = measured.get(view) ?? QUESTION_SIZE.firstMsPerSplit;
  return (splits * ms) / Math.max(1, workers) / 1000;
}

/** Learns from an answer: `splits` took the slowest of `workers` workers `ms`. */
export function learnCost(view: string, splits: number, workers: number, ms: number): void {
  // Small answers are mostly overhead: they would make a big question look cheap.
  if (splits < 200) return;
  measured.set(view, (ms * Math.max(1, workers)) / splits);
}
