// Registers dicelab's kernel catalogue: a run in this process names its kernel by id.
import '../../src/systems/systems.ts';
import { createServer, type Server, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalRedis, startRedis, stopProcess } from '../../scripts/redis-server.ts';
import { runSimulation } from '../../src/cli/run-simulation.ts';
import { EXIT } from '../../src/process/exit-status.ts';
import { shardJobId } from '../../src/queue/queue-job.ts';
import { QUEUE_NAME } from '../../src/queue/queue-settings.ts';
import { fakeTerminal } from '../cli/fake-terminal.ts';
import { dicelab, startDicelab, startWorker, type WorkerProcess } from './dicelab-process.ts';

/**
 * The queue against a Redis that misbehaves (issue 22), each case with a real redis-server (or
 * a socket that never answers): never exit 0 for a run that was not done, exit 69 with one line
 * naming the URL and no stack trace, within a bounded time, and a signal that stops a process
 * with no work in flight at once.
 */

const workers: WorkerProcess[] = [];
const servers: LocalRedis[] = [];
const submitters: ReturnType<typeof startDicelab>[] = [];
afterAll(async () => {
  await Promise.all([...workers, ...submitters].map((p) => stopProcess(p.child)));
  await Promise.all(servers.map((s) => s.stop()));
});

async function redisServer(options: Parameters<typeof startRedis>[0] = {}) {
  const server = await startRedis(options);
  servers.push(server);
  return server;
}

async function worker(url: string, args: string[] = []) {
  const started = await startWorker(url, {}, args);
  workers.push(started);
  return started;
}

/** One line on stderr, ending the output; no stack trace. */
function oneLine(stderr: string): string {
  expect(stderr).not.toMatch(/\n\s+at /);
  const lines = stderr.trimEnd().split('\n');
  return lines[lines.length - 1]!;
}

/** A roll's simulation, its seed given apart (a flag of one value is refused given twice). */
const UNSEEDED = ['d6-pool', 'simulate', '--stat', '3', '--trials', '1e6'];
const ROLL = [...UNSEEDED, '--seed', '5'];
/** A run long enough to be in flight when Redis goes: 40 shards of a fight. */
const FIGHT = ['zidara', 'fight', '--vs', '4', '--tags', '3', '--steps', '8', '--no-exact'];
const LONG = [...FIGHT, ...['--trials', '4e6', '--chunk-size', '20000', '--seed', '9', '--quiet']];

describe('a Redis database that does not exist, and databases kept apart', () => {
  let redis: LocalRedis;
  beforeAll(async () => {
    redis = await redisServer();
  });

  it('refuses /99 in one line, exit 69, for a worker and a submitter alike', async () => {
    const url = redis.url(99);
    for (const args of [
      ['queue', 'worker', '--redis', url],
      [...ROLL, '--queue', url, '--shards', '2'],
    ]) {
      const run = await dicelab(args);
      expect(run.code, run.stderr).toBe(EXIT.unavailable);
      expect(run.stdout).toBe('');
      expect(run.stderr).toMatch(
        new RegExp(
          `^dicelab: --(redis|queue): Redis at ${url} has no database 99 \\(ERR DB index is out of range\\)\\n$`,
        ),
      );
    }
  }, 60_000);

  it("never runs a database's jobs on a worker of another", async () => {
    const other = await worker(redis.url(7));
    const own = await worker(redis.url(8));
    const run = await dicelab([...ROLL, '--queue', redis.url(8), '--shards', '3', '--quiet']);
    expect(run.code, run.stderr).toBe(0);
    expect(own.log()).toMatch(/shard \d\/3 .* done/);
    expect(other.log()).not.toMatch(/shard \d|merge of run/);
    // Every job key is in database 8, none in 7 (BullMQ's own connections included).
    const keys = async (db: number) => {
      const client = new Redis(redis.url(db));
      try {
        return (await client.keys(`bull:${QUEUE_NAME}:*`)).filter((k) => /[0-9a-f]{24}/.test(k));
      } finally {
        client.disconnect();
      }
    };
    expect((await keys(8)).length).toBeGreaterThan(0);
    expect(await keys(7)).toEqual([]);
    expect(await keys(0)).toEqual([]);
  }, 120_000);

  it('tells a submitter when no worker is on its database, whatever workers other databases have', async () => {
    await worker(redis.url(10));
    const waiting = startDicelab([...ROLL, '--queue', redis.url(11), '--shards', '2']);
    try {
      // Said once the run has waited 5 s with no worker: before, a worker of database 10 hid it.
      while (!/no worker is on the queue yet/.test(waiting.stderr())) await sleep(100);
    } finally {
      waiting.child.kill('SIGINT');
    }
    const run = await waiting.done;
    expect(run.code).toBe(EXIT.interrupted);
    expect(run.stderr).toContain(
      `dicelab: no worker is on the queue yet: start some with dicelab queue worker --redis ${redis.url(11)}\n`,
    );
    // The wait ends at once: no "stopping with the chunks finished so far (Ctrl-C again …)"
    // before the line saying the run stays on the queue, which is the last.
    expect(run.stderr).not.toContain('stopping');
    expect(oneLine(run.stderr)).toMatch(
      /^dicelab: interrupted: run [0-9a-f]{24} stays on the queue \(0 of 2 shards done\)/,
    );
  }, 60_000);

  it('says it on a terminal above the progress bar, where the bar neither draws over it nor clears it', async () => {
    // Written under the bar, the line was drawn over, then cleared with the bar when it stopped.
    const terminal = fakeTerminal();
    const flags = { trials: 1e6, seed: 5, chunkSize: 65_536, shards: 2, queue: redis.url(13) };
    const run = runSimulation('systems/d6-pool/simulate', { stat: 3 }, flags, {
      stderr: terminal.stream,
    });
    const stopped = expect(run).rejects.toThrow(/interrupted: run [0-9a-f]{24} stays on the queue/);
    while (!/no worker is on the queue yet/.test(terminal.written())) await sleep(100);
    process.emit('SIGINT');
    await stopped;
    const hint = `dicelab: no worker is on the queue yet: start some with dicelab queue worker --redis ${redis.url(13)}`;
    expect(terminal.screen().filter((line) => line !== '')).toEqual([
      expect.stringMatching(/^dicelab: submitted run [0-9a-f]{24}: 2 shard jobs/),
      hint,
    ]);
  }, 60_000);

  it('says so with --quiet too, which hides the notes but not that the run may wait for ever', async () => {
    const waiting = startDicelab([...ROLL, '--queue', redis.url(12), '--shards', '2', '--quiet']);
    try {
      while (!/no worker is on the queue yet/.test(waiting.stderr())) await sleep(100);
    } finally {
      waiting.child.kill('SIGINT');
    }
    const run = await waiting.done;
    expect(run.code).toBe(EXIT.interrupted);
    expect(run.stderr).not.toContain('submitted run');
  }, 60_000);
});

describe('a server that accepts the connection and never answers', () => {
  let server: Server;
  let url: string;
  const sockets = new Set<Socket>();
  beforeAll(async () => {
    server = createServer((socket) => {
      sockets.add(socket);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `redis://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(() => {
    for (const socket of sockets) socket.destroy();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('is given up on within seconds, in one line, exit 69', async () => {
    const runs = await Promise.all([
      dicelab(['queue', 'worker', '--redis', url]),
      dicelab([...ROLL, '--queue', url, '--shards', '2']),
    ]);
    for (const run of runs) {
      expect(run.code).toBe(EXIT.unavailable);
      expect(oneLine(run.stderr)).toMatch(
        /^dicelab: --(redis|queue): cannot reach Redis at redis:\/\/127\.0\.0\.1:\d+ \(it accepted the connection but did not answer within 10 s: is it Redis\?\)$/,
      );
    }
  }, 60_000);

  it('lets Ctrl-C stop a submitter waiting for its first answer at once (exit 130)', async () => {
    // Ctrl-C was not heard until the 10 s were up: then exit 69, "cannot reach Redis".
    for (let after = 2000; ; after *= 2) {
      const waiting = startDicelab([...ROLL, '--queue', url, '--shards', '2']);
      await sleep(after);
      waiting.child.kill('SIGINT');
      const run = await waiting.done;
      // Stopped before it listened for Ctrl-C (a loaded machine): try again, waiting longer.
      if (run.code === null && after < 8000) continue;
      expect(run.code, run.stderr).toBe(EXIT.interrupted);
      expect(oneLine(run.stderr)).toBe(
        `dicelab: interrupted: nothing submitted (Redis at ${url} had not answered yet)`,
      );
      return;
    }
  }, 60_000);
});

describe('Redis gone for good while a run is on it', () => {
  it('the submitter and the workers give up after --redis-give-up, exit 69 naming the URL', async () => {
    const redis = await redisServer();
    const url = redis.url(0);
    const busy = await worker(url, ['--redis-give-up', '3']);
    const submitter = startDicelab([
      ...LONG,
      '--queue',
      url,
      '--shards',
      '40',
      '--redis-give-up',
      '3',
    ]);
    await busy.waitFor(/shard \d+\/40 .* done/, 60_000);
    await redis.stop();
    const [run, workerExit] = await Promise.all([submitter.done, busy.exited]);
    expect(run.code, run.stderr).toBe(EXIT.unavailable);
    expect(run.stdout).toBe('');
    expect(oneLine(run.stderr)).toMatch(
      new RegExp(
        `^dicelab: --queue: Redis at ${url} has been out of reach for 3 s \\(.*\\): giving up`,
      ),
    );
    expect(workerExit).toBe(EXIT.unavailable);
    expect(oneLine(busy.log())).toMatch(
      new RegExp(`^dicelab: --redis: Redis at ${url} has been out of reach for 3 s .*: giving up`),
    );
  }, 120_000);

  it('one signal stops a worker with no shard in flight, and a waiting submitter, at once', async () => {
    const redis = await redisServer();
    const url = redis.url(0);
    const idle = await worker(url);
    // The run goes to another database, which no worker serves: the worker stays idle and the
    // submitter waits, whatever the timing (on one database the worker may be mid-merge).
    const waiting = startDicelab([
      ...UNSEEDED,
      ...['--queue', redis.url(1), '--shards', '2', '--seed', '77'],
    ]);
    while (!/submitted run/.test(waiting.stderr())) await sleep(100);
    await redis.stop();
    await sleep(1500); // both now wait for Redis to come back
    idle.child.kill('SIGTERM');
    waiting.child.kill('SIGINT');
    const timer = sleep(10_000).then(() => 'still running');
    expect(await Promise.race([idle.exited, timer])).toBe(EXIT.terminated);
    const run = await Promise.race([waiting.done, timer]);
    expect(run).toMatchObject({ code: EXIT.interrupted, stdout: '' });
    expect(idle.log()).toMatch(/SIGTERM: stopping \(no shard in flight\)/);
  }, 60_000);
});

describe('a worker stopped while it plays a shard', () => {
  /** One shard of a fight of 1e9 trials: many minutes on one thread, never done in a test. */
  const ENDLESS = [...FIGHT, '--trials', '1e9', '--seed', '4', '--quiet'];

  /** Starts a worker and a one-shard endless run on `url`; resolves once the shard has started. */
  async function playing(url: string, workerArgs: string[] = []) {
    const busy = await worker(url, workerArgs);
    const submitter = startDicelab([...ENDLESS, '--queue', url, '--shards', '1']);
    submitters.push(submitter);
    const [, run] = (await busy.waitFor(/shard 0\/1 of run (\w+) started/, 60_000)) as string[];
    return { busy, run: run! };
  }

  /** The worker's exit status, or 'still running' if it has not exited in a while. */
  const exitOf = (busy: WorkerProcess) =>
    Promise.race([busy.exited, sleep(30_000).then(() => 'still running')]);

  it('gives up on a Redis gone for good with its shard stopped unfinished: exit 69', async () => {
    // The shard went on playing to its end after the give-up line, the exit 69 only after it.
    const redis = await redisServer();
    const { busy } = await playing(redis.url(0), ['--redis-give-up', '3']);
    await redis.stop();
    expect(await exitOf(busy), busy.log()).toBe(EXIT.unavailable);
    expect(busy.log()).toMatch(/shard 0\/1 of run \w+ stopped unfinished: Redis is out of reach/);
    expect(busy.log()).not.toMatch(/ done/);
    expect(oneLine(busy.log())).toMatch(/^dicelab: --redis: Redis at .* giving up/);
  }, 120_000);

  it('stops its shard on SIGTERM while Redis is out of reach: exit 143', async () => {
    // SIGTERM said "stopping" and the worker went on: its hand-back waited for Redis.
    const redis = await redisServer();
    const { busy } = await playing(redis.url(0));
    await redis.stop();
    await busy.waitFor(/error: connect ECONNREFUSED/);
    busy.child.kill('SIGTERM');
    expect(await exitOf(busy), busy.log()).toBe(EXIT.terminated);
    expect(busy.log()).toMatch(/shard 0\/1 of run \w+ stopped unfinished: Redis is out of reach/);
    expect(busy.log()).not.toMatch(/ done/);
  }, 120_000);

  it('hands its shard back to the queue on SIGTERM, its try kept: exit 143', async () => {
    const redis = await redisServer();
    const url = redis.url(0);
    const { busy, run } = await playing(url);
    busy.child.kill('SIGTERM');
    expect(await exitOf(busy), busy.log()).toBe(EXIT.terminated);
    expect(busy.log()).toMatch(new RegExp(`shard 0/1 of run ${run} handed back`));
    const client = new Redis(url, { maxRetriesPerRequest: null });
    const queue = new Queue(QUEUE_NAME, { connection: client });
    try {
      const shard = await queue.getJob(shardJobId(run, 0));
      expect(await shard?.getState()).toBe('waiting');
      expect(shard?.attemptsMade).toBe(0);
    } finally {
      await queue.close();
      client.disconnect();
    }
  }, 120_000);
});

describe('Redis restarted empty in the middle of a run', () => {
  it('never lets a submitter exit 0: both identical submitters exit 69', async () => {
    const redis = await redisServer();
    const url = redis.url(0);
    const busy = await worker(url);
    const args = [...LONG, '--queue', url, '--shards', '40'];
    const [a, b] = [startDicelab(args), startDicelab(args)];
    await busy.waitFor(/shard \d+\/40 .* done/, 60_000);
    await redis.stop();
    await redisServer({ port: redis.port });
    const runs = await Promise.all([a.done, b.done]);
    for (const run of runs) {
      expect(run.code, run.stderr).toBe(EXIT.unavailable);
      expect(run.stdout).toBe('');
      expect(oneLine(run.stderr)).toMatch(
        /was removed from the queue while it ran; submit it again$/,
      );
    }
  }, 120_000);
});

describe('Redis out of memory', () => {
  it('says Redis is full (its maxmemory, what the run needs), exit 69, no stack trace; a worker backs off', async () => {
    const redis = await redisServer({
      args: ['--maxmemory', '2mb', '--maxmemory-policy', 'noeviction'],
    });
    const url = redis.url(0);
    const idle = await worker(url);
    const run = await dicelab([
      ...['zidara', 'simulate', 'd12', '--vs', '3', '--trials', '1e8', '--chunk-size', '1000'],
      ...['--queue', url, '--shards', '20000', '--quiet'],
    ]);
    expect(run.code).toBe(EXIT.unavailable);
    expect(run.stdout).toBe('');
    expect(oneLine(run.stderr)).toMatch(
      new RegExp(
        `^dicelab: Redis at ${url} is full: its maxmemory is 2\\.0 MB and it holds [\\d.]+ MB; this run's jobs need about \\d+ MB \\(it refused a write: .*\\); free memory in Redis or raise its maxmemory$`,
      ),
    );
    // Fill it to the brim: the worker's own writes are refused now, and it says so a few
    // times, not a hundred.
    const filler = new Redis(url);
    try {
      for (let i = 0; ; i++) await filler.set(`filler-${i}`, 'x'.repeat(10_000));
    } catch (error) {
      expect(String(error)).toMatch(/OOM/);
    } finally {
      filler.disconnect();
    }
    await sleep(5000);
    expect(idle.log().split('\n').length).toBeLessThan(20);
  }, 120_000);
});

describe('held already: what is not Redis, and two identical submitters', () => {
  it('a worker against an HTTP server, a wrong password, or TLS to a plain Redis exits 69 in one line', async () => {
    const http = createServer((socket) => {
      socket.on('error', () => {});
      socket.once('data', () => socket.end('HTTP/1.1 400 Bad Request\r\n\r\n'));
    });
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    const redis = await redisServer({ args: ['--requirepass', 'right-one'] });
    try {
      const httpUrl = `redis://127.0.0.1:${(http.address() as { port: number }).port}`;
      const runs = await Promise.all(
        [
          httpUrl,
          `redis://:wrong-one@127.0.0.1:${redis.port}/0`,
          `rediss://127.0.0.1:${redis.port}/0`,
        ].map((url) => dicelab(['queue', 'worker', '--redis', url])),
      );
      for (const run of runs) {
        expect(run.code, run.stderr).toBe(EXIT.unavailable);
        expect(oneLine(run.stderr)).toMatch(
          /^dicelab: --redis: cannot reach Redis at rediss?:\/\/\S+ \(.+\)$/,
        );
        expect(run.stderr).not.toContain('wrong-one'); // the password is never shown
      }
      expect(runs[1]!.stderr).toMatch(/:\*\*\*@.*(WRONGPASS|invalid password)/);
    } finally {
      http.close();
    }
  }, 60_000);

  it('two identical submitters at once share one run, and each shard runs once', async () => {
    const redis = await redisServer();
    const url = redis.url(0);
    const one = await worker(url);
    const seeded = [...UNSEEDED, '--seed', '31'];
    const args = [...seeded, '--queue', url, '--shards', '4', '--quiet'];
    const [alone, a, b] = await Promise.all([dicelab(seeded), dicelab(args), dicelab(args)]);
    expect([a.code, a.stderr, b.code, b.stderr]).toEqual([0, '', 0, '']);
    expect(a.stdout).toBe(b.stdout);
    expect(a.stdout).toBe(alone.stdout);
    expect(
      one
        .log()
        .split('\n')
        .filter((line) => /shard \d\/4 .* done/.test(line)),
    ).toHaveLength(4);
  }, 60_000);
});
