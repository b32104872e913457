/** Types of ensure-redis.mjs, for the tests that import it. */
import type { DebianSystem, EnsureResult } from './ensure-debian-package.mjs';

export declare const DEBIAN_REDIS_SERVER: string;
export declare function redisServerPath(env?: Record<string, string | undefined>): string;
export declare function ensureRedis(system: DebianSystem): EnsureResult;
