/** Highest TCP port (`dicelab serve --port` takes it too, 0 there asking for any free one). */
export const MAX_PORT = 65_535;

/**
 * What is wrong with a Redis URL for `--queue` or `--redis`, or undefined when nothing is: it
 * must parse as a URL with the `redis:` (plain) or `rediss:` (TLS) scheme and a host, and a port,
 * if any, from 1 to {@link MAX_PORT}; a path, if any, is the database number; no query
 * (`?db=3`). Checked when the flag is read, before any connection.
 * @example redisUrlProblem('redis://127.0.0.1:6379') // undefined
 * @example redisUrlProblem('127.0.0.1:6379') // 'not a URL'
 * @example redisUrlProblem('redis://localhost:99999') // 'its port 99999 is not from 1 to 65535'
 */
export function redisUrlProblem(raw: string): string | undefined {
  const portProblem = (port: string) => `its port ${port} is not from 1 to ${MAX_PORT}`;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    // The parser refuses a port past the highest as it refuses any text: that one is named.
    const port = /^[^:/?#]+:\/\/(?:[^@/?#]*@)?(?:\[[^\]]*\]|[^:/?#]*):(\d+)(?:[/?#]|$)/.exec(raw);
    return port && Number(port[1]) > MAX_PORT ? portProblem(port[1]!) : 'not a URL';
  }
  if (url.port === '0') return portProblem(url.port);
  if (url.protocol !== 'redis:' && url.protocol !== 'rediss:')
    return `its scheme is ${JSON.stringify(url.protocol)}, not redis: or rediss:`;
  if (!url.hostname) return 'it names no host';
  if (!/^\/?(\d+)?$/.test(url.pathname)) return `its path ${url.pathname} is not a database number`;
  // ioredis would read ?db=3 (and other options) from the query, where dicelab's check of the
  // database and its count of the workers on it read the path only: one place says the database.
  if (url.search)
    return `it has a query, ${url.search}: a database is named by the path, as in redis://host:6379/3`;
  return undefined;
}

/**
 * A Redis URL as messages show it: the password replaced by `***`.
 * @example shownUrl('redis://:secret@cache:6379/0') // 'redis://:***@cache:6379/0'
 */
export function shownUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.href;
  } catch {
    return url;
  }
}
