import { Redis } from 'ioredis';
import { EXIT } from '../exit-status.ts';
import { RunError } from '../run-error.ts';
import { shownUrl } from './redis-url.ts';

/** How long the first connection may take before Redis counts as out of reach (ms). */
const CONNECT_TIMEOUT_MS = 10_000;
/** Longest wait between two attempts to reconnect once connected (ms). */
const MAX_RECONNECT_DELAY_MS = 5_000;

/**
 * Connects to Redis at `url` (`redis://` or `rediss://`) for BullMQ: fails fast, with one line
 * naming `flag` and the URL (its password hidden), when Redis cannot be reached at first; once
 * connected, reconnects for ever (a Redis restart only pauses the work). BullMQ duplicates the
 * client for its blocking reads, so each queue, flow producer and worker gets this one.
 * @throws RunError (`EXIT.unavailable`) when the first connection fails.
 * @example const redis = await connectRedis('redis://127.0.0.1:6379', '--queue') // not run: needs a Redis
 */
export async function connectRedis(url: string, flag: string): Promise<Redis> {
  let connected = false;
  let lastError = '';
  const client = new Redis(url, {
    lazyConnect: true,
    connectTimeout: CONNECT_TIMEOUT_MS,
    // BullMQ's workers block on Redis: their commands must wait for a reconnection, not fail.
    maxRetriesPerRequest: null,
    retryStrategy: (times) => (connected ? Math.min(times * 200, MAX_RECONNECT_DELAY_MS) : null),
  });
  const onError = (error: Error) => {
    lastError = error.message;
  };
  client.on('error', onError);
  try {
    await client.connect();
    connected = true;
  } catch (error) {
    client.disconnect();
    const why = lastError || (error as Error).message;
    throw new RunError(
      `${flag}: cannot reach Redis at ${shownUrl(url)} (${why})`,
      EXIT.unavailable,
    );
  }
  return client;
}
