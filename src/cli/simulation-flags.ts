import {
  type Command,
  InvalidArgumentError,
  Option,
  type OptionValues,
} from '@commander-js/extra-typings';
import { formatCount } from '../format/format-count.ts';
import { invalid } from '../input/input-error.ts';
import {
  DEFAULT_CHUNK_SIZE,
  MAX_CHUNK_SIZE,
  MAX_THREADS,
  SIMULATION_DEFAULTS,
} from '../montecarlo/chunk-plan.ts';
import type { Shard } from '../montecarlo/run.ts';
import {
  MAX_SHARDS,
  REDIS_GIVE_UP_LIMITS,
  REDIS_GIVE_UP_SECONDS,
} from '../queue/queue-settings.ts';
import { redisUrlProblem, shownUrl } from '../queue/redis-url.ts';
import { MAX_SEED } from '../rng/index.ts';
import { countBound, fileFlag, withRange } from './flags.ts';

/**
 * A count flag: plain (1000000), with digit separators (1_000_000) or in e-notation (1e6,
 * 2.5e6), as long as the value is an integer from `min` to `max`.
 * @example countFlag(1)('1e6') // 1000000
 */
export function countFlag(min: number, max = Number.MAX_SAFE_INTEGER) {
  return withRange(min, max, (raw: string): number => {
    const text = raw.trim();
    const value = Number(text.replace(/_/g, ''));
    if (
      !/^\d+(_\d+)*(\.\d+)?([eE]\+?\d+)?$/.test(text) ||
      !Number.isSafeInteger(value) ||
      value < min ||
      value > max
    ) {
      const range = `from ${formatCount(min)} to ${countBound(max)}`;
      // The spellings of a big count, shown where a big count is allowed.
      const spellings = max >= 1e6 ? ', e.g. 1000000, 1_000_000 or 1e6' : '';
      throw new InvalidArgumentError(
        `${JSON.stringify(raw)} is not allowed (expected an integer ${range}${spellings})`,
      );
    }
    return value;
  });
}

/** `--trials`: at least 1 (1e6, 1_000_000 and 1000000 alike). */
export const trialsFlag = countFlag(1);
/** `--seed`: any whole number from 0 to MAX_SEED (2^53 − 1). */
const seedFlag = countFlag(0, MAX_SEED);
/** `--threads`: 1 to MAX_THREADS worker threads. */
export const threadsFlag = countFlag(1, MAX_THREADS);
/** `--chunk-size`: trials per chunk, 1 to MAX_CHUNK_SIZE (part of a result's identity). */
const chunkSizeFlag = countFlag(1, MAX_CHUNK_SIZE);

/** `--shards`: shard jobs of a `--queue` run, or tasks of a `--shard auto` array job. */
export const shardsFlag = countFlag(1, MAX_SHARDS);

/**
 * `--shard i/n`: run only part i of n (0-based: 0/3, 1/3 and 2/3 make a whole run; n at most
 * MAX_SHARDS, as `--shards`); `auto`
 * takes i from an array job's environment and n from `--shards` (see `shardFromScheduler`).
 * @example shardFlag('1/3') // { index: 1, count: 3 }
 * @example shardFlag('auto') // 'auto'
 */
export function shardFlag(raw: string): Shard | 'auto' {
  if (raw.trim() === 'auto') return 'auto';
  const match = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(raw);
  const index = Number(match?.[1]);
  const count = Number(match?.[2]);
  // n has the bound of --shards: one run is cut into at most MAX_SHARDS however it is cut.
  if (!match || !(count >= 1 && count <= MAX_SHARDS) || !(index < count))
    throw new InvalidArgumentError(
      `${JSON.stringify(raw)} is not allowed (expected i/n with 0 ≤ i < n ≤ ${formatCount(MAX_SHARDS)}, e.g. 0/3, 1/3 and 2/3, or auto with --shards n in an array job)`,
    );
  return { index, count };
}

/**
 * The reader of `flag`, `--queue <url>` (or the worker's `--redis <url>`): a Redis URL, checked
 * before any connection. A refusal names the flag itself and shows the URL with its password
 * hidden (commander's own wording would repeat the value as given).
 * @example redisUrlFlag('--queue')('redis://127.0.0.1:6379') // 'redis://127.0.0.1:6379'
 */
export function redisUrlFlag(flag: string): (raw: string) => string {
  return (raw) => {
    const problem = redisUrlProblem(raw);
    if (problem)
      throw invalid(
        flag,
        // As given, but for a password (shownUrl also writes the URL its parser's way).
        raw.includes('@') ? shownUrl(raw) : raw,
        `a Redis URL such as redis://127.0.0.1:6379 or rediss://:password@host:6380/0, but ${problem}`,
      );
    return raw;
  };
}

/** The options `addSimulationOptions` adds, as commander hands them to an action. */
export interface SimulationOptions {
  trials: number;
  seed: number;
  /** Unset: all cores, or this thread alone for a tiny run. */
  threads?: number | undefined;
  chunkSize: number;
  /** `auto`: from an array job's environment, with `shards` as the count. */
  shard?: Shard | 'auto' | undefined;
  /** With --queue: how many shard jobs; with --shard auto: how many array tasks. */
  shards?: number | undefined;
  /** Redis URL: run the shards on `dicelab queue worker`s instead of here. */
  queue?: string | undefined;
  /** With --queue: seconds to wait for Redis out of reach before giving up. */
  redisGiveUp?: number | undefined;
  /** Where to write the partial result file (required with --shard). */
  partial?: string | undefined;
  quiet?: true | undefined;
}

/** Defaults a command may choose for its own simulation options. */
export interface SimulationDefaults {
  /** Default `SIMULATION_DEFAULTS.trials`. */
  trials?: number;
  /** Default `SIMULATION_DEFAULTS.seed`. */
  seed?: number;
}

/**
 * Adds the simulation flags every `simulate` command shares: --trials, --seed, --threads,
 * --chunk-size, --shard i/n|auto, --shards n, --queue <url>, --partial <file> and -q/--quiet.
 * Pass the parsed options on to `runSimulation`.
 * @example addSimulationOptions(program.command('simulate')).action(async (opts) => …) // not run: builds a commander program
 */
export function addSimulationOptions<
  Args extends unknown[],
  Opts extends OptionValues,
  GlobalOpts extends OptionValues,
>(command: Command<Args, Opts, GlobalOpts>, defaults: SimulationDefaults = {}) {
  // --redis-give-up has no default value, so that one given without --queue is seen (and
  // refused, see runSimulation); the connection takes REDIS_GIVE_UP_SECONDS when none is given.
  return command
    .option(
      '--trials <n>',
      'trials in the whole run (1e6, 1_000_000)',
      trialsFlag,
      defaults.trials ?? SIMULATION_DEFAULTS.trials,
    )
    .option(
      '--seed <n>',
      'random seed: the same seed gives the same result',
      seedFlag,
      defaults.seed ?? SIMULATION_DEFAULTS.seed,
    )
    .option(
      '--threads <n>',
      `worker threads, 1 to ${MAX_THREADS} (default: all cores; tiny runs use one)`,
      threadsFlag,
    )
    .option(
      '--chunk-size <n>',
      `trials per chunk, 1 to ${formatCount(MAX_CHUNK_SIZE)} (changes the result, like the seed)`,
      chunkSizeFlag,
      DEFAULT_CHUNK_SIZE,
    )
    .option(
      '--shard <i/n>',
      'run only part i of n (0-based) and write a partial result (see merge); auto: i from an array job (Kubernetes, Slurm, AWS Batch, Cloud Run), n from --shards',
      shardFlag,
    )
    .option(
      '--shards <n>',
      `shard jobs to submit with --queue, or array tasks with --shard auto (1 to ${formatCount(MAX_SHARDS)})`,
      shardsFlag,
    )
    .addOption(
      new Option(
        '--queue <url>',
        'run the shards on dicelab queue workers over Redis (e.g. redis://127.0.0.1:6379) and print the same result',
      )
        .argParser(redisUrlFlag('--queue'))
        .conflicts(['shard', 'threads']),
    )
    .option(
      '--redis-give-up <seconds>',
      `with --queue: how long to wait for Redis out of reach before giving up (exit 69) (default: ${REDIS_GIVE_UP_SECONDS})`,
      countFlag(REDIS_GIVE_UP_LIMITS.min, REDIS_GIVE_UP_LIMITS.max),
    )
    .option(
      '--partial <file>',
      'where to write the partial result file (needed with --shard)',
      fileFlag,
    )
    .option('-q, --quiet', 'no progress bar');
}
