/**
 * The settings shared by the submitting command (`--queue URL --shards N`) and `dicelab queue
 * worker`, each one constant that flags, help text and docs read. No BullMQ here: the CLI reads
 * these while it builds its flags, and must not load BullMQ for commands that never use it.
 */

/** The BullMQ queue every dicelab submitter and worker uses, for shard and merge jobs alike. */
export const QUEUE_NAME = 'dicelab-shards';

/** How often a shard job is tried before its run fails (the first try included). */
export const SHARD_ATTEMPTS = 3;

/** The wait before a failed shard's second try, doubled before each later one (ms). */
export const RETRY_DELAY_MS = 1_000;

/**
 * How long finished shard and merge jobs stay in Redis (seconds): the same command submitted
 * again within this time reuses them instead of running them again.
 */
export const KEEP_FINISHED_SECONDS = 7 * 24 * 3600;

/** Most shard jobs one run may have (`--shards`): each is a job with its own copy of the spec. */
export const MAX_SHARDS = 100_000;

/** How often a submitter looks at its run's progress (ms). */
export const POLL_INTERVAL_MS = 200;

/**
 * A worker's defaults (`dicelab queue worker`). The lock is how long a worker may go without
 * telling Redis it still holds a shard; it renews it every half lock. When a worker dies, its
 * shard goes back to the queue once the lock has run out and another worker's stalled-job check
 * (every `stalledIntervalMs`) sees it; a shard stalled more than `maxStalledCount` times fails.
 */
export const WORKER_DEFAULTS = {
  concurrency: 1,
  lockDurationMs: 30_000,
  stalledIntervalMs: 30_000,
  maxStalledCount: 2,
} as const;

/**
 * What a worker's flags allow: shards at once (`--concurrency`), and the lock and the stalled-job
 * check's interval (`--lock-duration`, `--stalled-interval`, ms) from a second to a day.
 */
export const WORKER_LIMITS = {
  concurrency: 256,
  minIntervalMs: 1_000,
  maxIntervalMs: 86_400_000,
} as const;

/**
 * How long a submitter or a worker waits for a Redis that went out of reach after they
 * connected before giving up with exit 69 (`--redis-give-up`, seconds): long enough for a
 * restart, short enough that a CI job does not hang.
 */
export const REDIS_GIVE_UP_SECONDS = 90;

/** What `--redis-give-up` allows (seconds). */
export const REDIS_GIVE_UP_LIMITS = { min: 1, max: 86_400 } as const;
