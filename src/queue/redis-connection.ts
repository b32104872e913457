import { Redis } from 'ioredis';
import { formatCount } from '../format/format-count.ts';
import { EXIT } from '../process/exit-status.ts';
import { RunError } from '../process/run-error.ts';
import { REDIS_GIVE_UP_SECONDS } from './queue-settings.ts';
import { shownUrl } from './redis-url.ts';

/**
 * How long the first connection may take, its first answer included, before Redis counts as
 * out of reach (ms): a server that accepts the connection but never answers is given up on too.
 */
const CONNECT_TIMEOUT_MS = 10_000;
/** Longest wait between two attempts to reconnect once connected (ms). */
const MAX_RECONNECT_DELAY_MS = 5_000;
/**
 * How long a closed connection's socket may wait for the server's side to close (ms). ioredis's
 * 2 s held the process (and a Ctrl-C) that long after a server that never answers, or one gone
 * (its socket already closed, which ioredis's timer does not notice).
 */
const DISCONNECT_TIMEOUT_MS = 100;

/** A connection to a queue's Redis, and what the caller waits on besides its work. */
export interface RedisLink {
  readonly client: Redis;
  /**
   * Settles, never rejecting, with a RunError (`EXIT.unavailable`, naming the URL) once Redis
   * has been out of reach for the give-up time: the caller stops with it.
   */
  readonly lost: Promise<RunError>;
  /** Closes the connection; never waits on a Redis that is gone. */
  close(): Promise<void>;
}

/**
 * Connects to Redis at `url` (`redis://` or `rediss://`, the path its database) for BullMQ:
 * fails fast, with one line naming `flag` and the URL (its password hidden), when Redis cannot
 * be reached at first, does not answer within 10 s, or has no database of that number; once
 * connected, reconnects while Redis comes back within `giveUpSeconds`, and after that settles
 * `lost`. Every connection BullMQ makes from it (its blocking reads duplicate this client) keeps
 * its options: the database of the URL. BullMQ's commands wait for a reconnection rather than
 * fail. An abort of `signal` (Ctrl-C) ends the first connection's wait at once.
 * @throws RunError (`EXIT.unavailable`) when the first connection fails; the signal's reason
 *   when it aborts first.
 * @example const { client } = await connectRedis('redis://127.0.0.1:6379/2', '--queue') // not run: needs a Redis
 */
export async function connectRedis(
  url: string,
  flag: string,
  giveUpSeconds = REDIS_GIVE_UP_SECONDS,
  signal?: AbortSignal,
): Promise<RedisLink> {
  const db = databaseOf(url);
  let connected = false;
  let lastError = '';
  let outSince: number | undefined;
  let giveUp: (error: RunError) => void = () => {};
  const lost = new Promise<RunError>((resolve) => {
    giveUp = resolve;
  });
  const client = new Redis(url, {
    lazyConnect: true,
    db,
    connectTimeout: CONNECT_TIMEOUT_MS,
    disconnectTimeout: DISCONNECT_TIMEOUT_MS,
    // BullMQ's workers block on Redis: their commands must wait for a reconnection, not fail.
    maxRetriesPerRequest: null,
    retryStrategy: (times) => {
      if (!connected) return null;
      outSince ??= Date.now();
      if (Date.now() - outSince < giveUpSeconds * 1000)
        return Math.min(times * 200, MAX_RECONNECT_DELAY_MS);
      giveUp(
        new RunError(
          `${flag}: Redis at ${shownUrl(url)} has been out of reach for ${giveUpSeconds} s (${lastError || 'no answer'}): giving up (--redis-give-up sets how long to wait)`,
          EXIT.unavailable,
        ),
      );
      return null;
    },
  });
  client.on('error', (error: Error) => {
    lastError = error.message;
  });
  client.on('ready', () => {
    outSince = undefined;
  });
  const unreachable = (why: string) =>
    new RunError(`${flag}: cannot reach Redis at ${shownUrl(url)} (${why})`, EXIT.unavailable);
  let timer: NodeJS.Timeout | undefined;
  const silent = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          unreachable(
            `it accepted the connection but did not answer within ${CONNECT_TIMEOUT_MS / 1000} s: is it Redis?`,
          ),
        ),
      CONNECT_TIMEOUT_MS,
    );
  });
  let onAbort: (() => void) | undefined;
  const stopped = new Promise<never>((_, reject) => {
    onAbort = () => reject(signal?.reason);
    if (signal?.aborted) onAbort();
    else signal?.addEventListener('abort', onAbort, { once: true });
  });
  try {
    await Promise.race([
      (async () => {
        await client.connect();
        await client.ping();
      })(),
      silent,
      stopped,
    ]);
  } catch (error) {
    client.disconnect();
    if (error instanceof RunError || signal?.aborted) throw error;
    throw unreachable(lastError || (error as Error).message);
  } finally {
    clearTimeout(timer);
    if (onAbort) signal?.removeEventListener('abort', onAbort);
  }
  // ioredis selects the URL's database as it connects, but goes on on database 0 when that
  // fails: ask again, and refuse a database the server does not have.
  try {
    await client.select(db);
  } catch (error) {
    client.disconnect();
    throw new RunError(
      `${flag}: Redis at ${shownUrl(url)} has no database ${db} (${(error as Error).message})`,
      EXIT.unavailable,
    );
  }
  connected = true;
  return {
    client,
    lost,
    close: async () => {
      if (client.status !== 'ready') return client.disconnect();
      await Promise.race([
        client.quit().then(
          () => undefined,
          () => client.disconnect(),
        ),
        new Promise<void>((resolve) => setTimeout(resolve, 1000).unref()),
      ]);
      client.disconnect();
    },
  };
}

/** The database a Redis URL names: its path's number, 0 by default. */
function databaseOf(url: string): number {
  const path = new URL(url).pathname.replace(/^\//, '');
  return path === '' ? 0 : Number(path);
}

/**
 * The one-line RunError for a Redis that refused a write because it is full (an `OOM` reply,
 * or a transaction it discarded for one), saying its maxmemory and what it holds, and what the
 * run needed (`neededBytes`, when known); undefined for any other error. Reads INFO memory,
 * which a full Redis still answers.
 */
export async function fullRedisError(
  error: unknown,
  client: Redis,
  url: string,
  neededBytes?: number,
): Promise<RunError | undefined> {
  const message = error instanceof Error ? error.message : String(error);
  if (!/\bOOM\b|EXECABORT/.test(message)) return undefined;
  let held = '';
  try {
    const info = await Promise.race([
      client.info('memory'),
      new Promise<string>((resolve) => setTimeout(() => resolve(''), 2000).unref()),
    ]);
    const field = (name: string) => Number(new RegExp(`^${name}:(\\d+)`, 'm').exec(info)?.[1]);
    const max = field('maxmemory');
    const used = field('used_memory');
    if (Number.isFinite(max) && Number.isFinite(used))
      held = `: its maxmemory is ${megabytes(max)} and it holds ${megabytes(used)}`;
  } catch {
    // INFO failed too: say what is known.
  }
  const need =
    neededBytes === undefined ? '' : `; this run's jobs need about ${megabytes(neededBytes)}`;
  return new RunError(
    `Redis at ${shownUrl(url)} is full${held}${need} (it refused a write: ${message.split('\n')[0]}); free memory in Redis or raise its maxmemory`,
    EXIT.unavailable,
  );
}

/** 2097152 → "2.0 MB". */
function megabytes(bytes: number): string {
  return bytes >= 1024 * 1024 * 10
    ? `${formatCount(Math.round(bytes / (1024 * 1024)))} MB`
    : `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
